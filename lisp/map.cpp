#include "ptc/lisp/map.hpp"

#include "ptc/lisp/sorted_order.hpp"
#include "ptc/lisp/string.hpp"

namespace ptc::lisp {

namespace {

// A sorted map carries its comparator; ordinary maps stay as small as they were.
struct sorted_map_obj final : map_obj {
  explicit sorted_map_obj(value c) : cmp(std::move(c)) {}
  const value cmp;  // nil: compare
};

const value& comparator_of(const map_obj& m) { return static_cast<const sorted_map_obj&>(m).cmp; }

}  // namespace

// A copy made to be changed gets room for one more entry (the usual change is an assoc).
map_obj& map_obj::own(value& m) {
  if (!m.obj()->unique()) {
    const auto& src = m.as<map_obj>();
    map_obj* c;
    if (src.sorted()) c = make_object<sorted_map_obj>(0, comparator_of(src));
    else if (std::size_t used = src.table_.flat_slots(); (used > 0 || src.size() == 0) && used + 2 <= flat_max)
      c = make_flat(std::max<std::size_t>(used + 2, 8));
    else c = make_object<map_obj>(0);
    c->table_.share_from(src.table_);
    m = value::adopt(type::map, c);
  }
  auto& self = *static_cast<map_obj*>(m.obj());
  self.hash_.reset();  // the caller is about to change it
  return self;
}

map_obj::map_obj() = default;
// The room starts right after the object: sizeof(map_obj) is a multiple of a value's alignment.
map_obj::map_obj(std::uint32_t flat_slots, value* kvs, std::size_t n)
    : table_(2, reinterpret_cast<value*>(reinterpret_cast<char*>(this) + sizeof(map_obj)), flat_slots, kvs, n) {}
map_obj::~map_obj() = default;

map_obj::map_obj(const value* keys, std::uint32_t n)
    : table_(reinterpret_cast<value*>(reinterpret_cast<char*>(this) + sizeof(map_obj)), keys, n) {}

map_obj* map_obj::make_record(const value* keys, std::size_t n) {
  return make_object_sized<map_obj>(sizeof(map_obj) + 2 * n * sizeof(value), keys, static_cast<std::uint32_t>(n));
}

map_obj* map_obj::make_flat(std::size_t slots, value* kvs, std::size_t n) {
  static_assert(sizeof(map_obj) % alignof(value) == 0);
  slots = std::min(slots, flat_max);
  return make_object_sized<map_obj>(sizeof(map_obj) + slots * sizeof(value), static_cast<std::uint32_t>(slots), kvs,
                                    n);
}

value map_obj::empty() {
  static map_obj* e = [] {
    auto* o = new map_obj();
    o->make_immortal();
    return o;
  }();
  return value::adopt(type::map, e);
}

value map_obj::from(std::vector<entry>&& entries) {
  if (entries.empty()) return empty();
  auto* m = entries.size() * 2 <= flat_max ? make_flat(entries.size() * 2) : make_object<map_obj>(0);
  value out = value::adopt(type::map, m);
  // A record's few keys (the usual case: a map literal, a row) are checked for repeats and
  // stored at once; many keys, or a repeat (the last value wins), go through put.
  constexpr std::size_t pairwise_limit = 16;
  bool distinct = entries.size() <= pairwise_limit;
  for (std::size_t i = 1; distinct && i < entries.size(); ++i)
    for (std::size_t j = 0; j < i; ++j)
      if (detail::ordered_table::same_key(entries[i].first, entries[j].first)) {
        distinct = false;
        break;
      }
  if (distinct) {
    std::vector<value> slots;
    slots.reserve(entries.size() * 2);
    for (entry& e : entries) {
      slots.push_back(std::move(e.first));
      slots.push_back(std::move(e.second));
    }
    m->table_.assign_distinct(std::move(slots));
    return out;
  }
  for (entry& e : entries) m->table_.put(std::move(e.first), std::move(e.second));
  return out;
}

value map_obj::from_distinct(std::vector<value>&& kvs) { return from_distinct(kvs.data(), kvs.size()); }

value map_obj::from_distinct(value* kvs, std::size_t n) {
  if (n < 2) return empty();
  n &= ~std::size_t{1};
  if (n <= flat_max) return value::adopt(type::map, make_flat(n, kvs, n));  // straight into the map's room
  auto* m = make_object<map_obj>(0);
  value out = value::adopt(type::map, m);
  m->table_.assign_distinct(kvs, n);
  return out;
}

value map_obj::of(value k, value v) {
  value kv[2] = {std::move(k), std::move(v)};
  return from_distinct(kv, 2);
}

value map_obj::sorted_empty(value comparator) {
  auto* m = make_object<sorted_map_obj>(0, std::move(comparator));
  m->table_.make_sorted();
  return value::adopt(type::map, m);
}

value map_obj::sorted_from(value comparator, std::vector<entry>&& entries) {
  value out = sorted_empty(comparator);
  auto& m = *static_cast<map_obj*>(out.obj());
  // Sort once (stable, so the first of equal keys leads its run), then append each run as one
  // entry: its first key with its last value, as assoc one by one would leave it.
  detail::merge_sort(entries, [&](const entry& a, const entry& b) {
    return detail::compare_with(comparator, a.first, b.first) < 0;
  });
  for (std::size_t i = 0; i < entries.size();) {
    std::size_t j = i + 1;
    while (j < entries.size() && detail::compare_with(comparator, entries[i].first, entries[j].first) == 0) ++j;
    m.table_.sorted_append(std::move(entries[i].first), std::move(entries[j - 1].second));
    i = j;
  }
  return out;
}

value map_obj::empty_like(const value& m) {
  const auto& mo = m.as<map_obj>();
  return mo.sorted() ? sorted_empty(comparator_of(mo)) : empty();
}

const value& map_obj::comparator() const {
  static const value none;
  return sorted() ? comparator_of(*this) : none;
}

int map_obj::compare_keys(const value& a, const value& b) const {
  return detail::compare_with(comparator(), a, b);
}

std::size_t map_obj::bound(const value& key, bool after) const {
  return table_.sorted_bound(comparator(), key, after);
}

std::size_t map_obj::size() const { return table_.size(); }

const value* map_obj::find_entry(const value& key) const {
  if (table_.sorted()) return table_.sorted_find(comparator_of(*this), key);
  std::size_t pos = table_.find(key);
  return pos == detail::ordered_table::npos ? nullptr : &table_.slot(pos);
}

const value* map_obj::find(const value& key) const {
  if (table_.sorted()) {
    const value* e = find_entry(key);
    return e ? e + 1 : nullptr;  // a key and its value share a 32-slot block (even positions)
  }
  std::size_t pos = table_.find(key);
  return pos == detail::ordered_table::npos ? nullptr : &table_.slot(pos + 1);
}

const value* map_obj::find_flex(const value& key) const {
  if (const value* v = find(key)) return v;
  if (table_.sorted()) return nullptr;
  if (key.is(type::keyword)) {
    const std::string& text = named(key).full();
    auto match = [](const value& k, const void* ctx) {
      return k.is(type::string) && string_text(k) == *static_cast<const std::string*>(ctx);
    };
    std::size_t pos = table_.find_hashed(hash_text(text), match, &text);
    return pos == detail::ordered_table::npos ? nullptr : &table_.slot(pos + 1);
  }
  if (key.is(type::string)) {
    // Only a keyword that already exists can be a key of this map: never intern for a lookup.
    value kw = find_keyword(string_text(key));
    if (!kw.is_nil()) return find(kw);
  }
  return nullptr;
}

value map_obj::assoc(value m, value k, value v) {
  if (m.as<map_obj>().table_.sorted()) {
    map_obj& o = own(m);
    o.table_.sorted_put(comparator_of(o), std::move(k), std::move(v));
    return m;
  }
  own(m).table_.put(std::move(k), std::move(v));
  return m;
}

value* map_obj::value_slot(value& m, const value& key) {
  const auto& mo = m.as<map_obj>();
  if (mo.table_.sorted()) return nullptr;
  std::size_t pos = mo.table_.find(key);
  if (pos == detail::ordered_table::npos) return nullptr;
  return own(m).table_.mutable_value(pos);
}

value map_obj::dissoc(value m, const value& k) {
  if (m.as<map_obj>().table_.sorted()) {
    if (!m.as<map_obj>().find(k)) return m;  // absent: no copy
    map_obj& o = own(m);
    o.table_.sorted_remove(comparator_of(o), k);
    return m;
  }
  if (!m.as<map_obj>().find(k)) return m;
  own(m).table_.remove(k);
  if (m.as<map_obj>().size() == 0) return empty();
  return m;
}

std::vector<map_obj::entry> map_obj::entries() const {
  std::vector<entry> out;
  out.reserve(size());
  each([&](const value& k, const value& v) {
    out.emplace_back(k, v);
    return true;
  });
  return out;
}

}  // namespace ptc::lisp
