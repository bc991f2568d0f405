#include "ptc/lisp/builtins/coll_ops.hpp"

#include <optional>

#include "ptc/lisp/budget.hpp"
#include "ptc/lisp/error.hpp"
#include "ptc/lisp/list.hpp"
#include "ptc/lisp/map.hpp"
#include "ptc/lisp/seq.hpp"
#include "ptc/lisp/set.hpp"
#include "ptc/lisp/string.hpp"
#include "ptc/lisp/vector.hpp"

namespace ptc::lisp::coll {

bool lookup(const value& coll, const value& key, value& out) {
  switch (coll.kind()) {
    case type::map: {
      const value* v = coll.as<map_obj>().find_flex(key);
      if (!v) return false;
      out = *v;
      return true;
    }
    case type::vector: {
      if (!key.is(type::integer)) return false;
      const auto& vec = coll.as<vector_obj>();
      std::int64_t i = key.as_int();
      if (i < 0 || static_cast<std::uint64_t>(i) >= vec.size()) return false;
      out = vec.at(static_cast<std::size_t>(i));
      return true;
    }
    case type::string: {
      if (!key.is(type::integer)) return false;
      const auto& s = coll.as<string_obj>();
      std::int64_t i = key.as_int();
      if (i < 0 || static_cast<std::uint64_t>(i) >= s.length()) return false;
      out = value::character(s.char_at(static_cast<std::size_t>(i)));
      return true;
    }
    case type::set: {
      const value* v = coll.as<set_obj>().find(key);
      if (!v) return false;
      out = *v;
      return true;
    }
    default:
      // Clojure's get answers nil for anything that is not a lookup collection.
      return false;
  }
}

value get(const value& coll, const value& key, const value& dflt) {
  value out;
  return lookup(coll, key, out) ? out : dflt;
}

value get_in(context& c, const value& root, const value& path, const value& dflt,
             std::string_view fn) {
  value cur = root;
  seq_iter it(c, path, fn);
  value k;
  while (it.next(k)) {
    value next;
    if (!lookup(cur, k, next)) return dflt;
    cur = std::move(next);
  }
  return cur;
}

value present_key(const value& m, const value& key) {
  const auto& mo = m.as<map_obj>();
  if (mo.sorted()) {  // the stored key (1 finds 1.0 by compare); no flex spellings
    const value* e = mo.find_entry(key);
    return e ? *e : key;
  }
  if (mo.find(key)) return key;
  if (key.is(type::keyword)) {
    value s = make_string(named(key).full());
    if (mo.find(s)) return s;
  } else if (key.is(type::string)) {
    value k = find_keyword(string_text(key));  // never interns: see find_flex
    if (!k.is_nil() && mo.find(k)) return k;
  }
  return key;
}

bool contains(std::string_view fn, const value& coll, const value& key) {
  switch (coll.kind()) {
    case type::nil: return false;
    case type::map: return coll.as<map_obj>().find_flex(key) != nullptr;
    case type::set: return coll.as<set_obj>().contains(key);
    case type::vector:
    case type::string: {
      if (!key.is(type::integer)) return false;
      std::size_t n = coll.is(type::vector) ? coll.as<vector_obj>().size()
                                            : coll.as<string_obj>().length();
      return key.as_int() >= 0 && static_cast<std::uint64_t>(key.as_int()) < n;
    }
    default:
      errors::argument(fn, 0, "a map, set, vector, string or nil", coll);
  }
}

namespace {

// The entries conj of x onto a map adds, as Clojure's map conj takes them: a [k v] pair, a
// map's entries, a sequence of pairs, or none for nil. put(k, v) for each.
template <class Put>
void each_conj_entry(context& c, const value& x, std::string_view fn, Put&& put) {
  if (x.is_nil()) return;
  if (x.is(type::vector)) {
    const auto& pair = x.as<vector_obj>();
    if (pair.size() != 2)
      raise(error_kind::type, std::string(fn) + ": a vector added to a map must be a [key value] pair, got " +
                                  errors::brief(x));
    put(pair.at(0), pair.at(1));
    return;
  }
  if (x.is(type::map)) {
    x.as<map_obj>().each([&](const value& k, const value& v) {
      c.tick();
      put(k, v);
      return true;
    });
    return;
  }
  if (x.is(type::list) || x.is(type::lazy_seq)) {
    // A sequence of entries, as (conj {} (seq other-map)) gives.
    seq_iter it(c, x, fn);
    value e;
    while (it.next(e)) {
      if (!e.is(type::vector) || e.as<vector_obj>().size() != 2)
        raise(error_kind::type, std::string(fn) + ": items added to a map must be [key value] pairs, got " +
                                    errors::brief(e));
      put(e.as<vector_obj>().at(0), e.as<vector_obj>().at(1));
    }
    return;
  }
  raise(error_kind::type, std::string(fn) + ": items added to a map must be [key value] pairs or maps, got " +
                              errors::describe_type(x) + " " + errors::brief(x));
}

// Adds one [k v] pair (or the entries of a map) to a map, as Clojure's map conj does.
value map_conj(context& c, value m, const value& x, std::string_view fn) {
  each_conj_entry(c, x, fn,
                  [&](const value& k, const value& v) { m = map_obj::assoc(std::move(m), k, v); });
  return m;
}

}  // namespace

void map_accumulator::reserve(std::size_t entries) {
  if (!big_ && entries <= small_entries) small_.reserve(2 * entries);
}

void map_accumulator::put(const value& k, value v) {
  if (!big_) {
    for (std::size_t i = 0; i < small_.size(); i += 2)
      if (detail::ordered_table::same_key(small_[i], k)) {
        small_[i + 1] = std::move(v);
        return;
      }
    if (small_.size() < 2 * small_entries) {
      small_.push_back(k);
      small_.push_back(std::move(v));
      return;
    }
    big_ = true;
    for (std::size_t i = 0; i < small_.size(); i += 2) {
      keys_.insert(std::move(small_[i]));
      vals_.push_back(std::move(small_[i + 1]));
    }
    std::vector<value>().swap(small_);
  }
  const auto [pos, fresh] = keys_.insert(c_.limits(), k);
  if (!fresh) {
    vals_[pos] = std::move(v);
    return;
  }
  c_.limits().preflight_growth(vals_.size(), 2 * sizeof(value));
  vals_.push_back(std::move(v));
}

void map_accumulator::conj(const value& x, std::string_view fn) {
  each_conj_entry(c_, x, fn, [&](const value& k, const value& v) { put(k, v); });
}

value map_accumulator::finish() {
  if (!big_) return map_obj::from_distinct(std::move(small_));
  value out = keys_.take_as_map([&](std::size_t i) { return std::move(vals_[i]); });
  vals_.clear();
  return out;
}

value set_of(context& c, std::span<const value> items) {
  value_set seen;
  for (const value& x : items) seen.insert(c.limits(), x);
  return set_obj::from_distinct(seen.take_keys());
}

bool map_accumulator::takes(const value& to) {
  return to.is(type::map) && to.as<map_obj>().size() == 0 && !to.as<map_obj>().sorted();
}

value conj(context& c, value coll, const value& x, std::string_view fn) {
  switch (coll.kind()) {
    case type::nil: return list_obj::cons(x, list_obj::empty());
    case type::vector: return vector_obj::conj(std::move(coll), x);
    case type::list: return list_obj::cons(x, std::move(coll));
    case type::set: return set_obj::conj(std::move(coll), x);
    case type::map: return map_conj(c, std::move(coll), x, fn);
    case type::lazy_seq: return list_obj::cons(x, list_obj::from(to_items(c, coll, fn)));
    default: errors::argument(fn, 0, "a collection or nil", coll);
  }
}

value select_keys(context& c, const value& m, const value& ks, std::string_view fn) {
  map_accumulator out(c);
  out.reserve(4);  // a few keys, the usual case: one allocation
  seq_iter it(c, ks, fn);
  value k, v;
  while (it.next(k))
    if (lookup(m, k, v)) out.put(k, std::move(v));
  return out.finish();
}

value merge2(context& c, value a, const value& b, std::string_view fn) {
  if (b.is_nil()) return a;
  if (a.is_nil()) a = map_obj::empty();
  if (!a.is(type::map)) errors::argument(fn, 0, "a map or nil", a);
  return map_conj(c, std::move(a), b, fn);
}

value assoc1(value coll, const value& k, value v, std::string_view fn) {
  switch (coll.kind()) {
    case type::nil: return map_obj::of(k, std::move(v));
    case type::map: return map_obj::assoc(std::move(coll), k, std::move(v));
    case type::vector: {
      std::size_t n = coll.as<vector_obj>().size();
      if (!k.is(type::integer)) errors::argument(fn, 1, "an integer index for a vector", k);
      std::int64_t i = k.as_int();
      if (i < 0 || static_cast<std::uint64_t>(i) > n) errors::index(fn, i, n, "a vector");
      return vector_obj::assoc(std::move(coll), static_cast<std::size_t>(i), std::move(v));
    }
    default: errors::argument(fn, 0, "a map, vector or nil", coll);
  }
}

namespace {

// The keys of an assoc-in / update-in path. A short vector path is read in place (its items
// are contiguous); an empty path means the single key nil, as in Clojure.
class path_keys {
 public:
  path_keys(context& c, const value& path, std::string_view fn) {
    if (path.is(type::vector)) {
      // Up to 32 items share the vector's first block.
      std::size_t n = path.as<vector_obj>().size();
      if (n > 0 && n <= 32) {
        n_ = n;
        p_ = path.as<vector_obj>().chunk_for(0);
        return;
      }
    }
    store_ = to_items(c, path, fn);
    if (store_.empty()) store_.emplace_back();
    p_ = store_.data();
    n_ = store_.size();
  }
  const value* data() const { return p_; }
  std::size_t size() const { return n_; }

 private:
  const value* p_ = nullptr;
  std::size_t n_ = 0;
  std::vector<value> store_;
};

// The slot holding key k of `coll` when coll is a map where k is present (flex) or a vector
// where k is an index: `coll` is then made a collection only the caller holds (see
// map_obj::value_slot). Null, with coll untouched, otherwise; `absent` is then set when coll is
// an unsorted map known not to hold k (flex lookup included), so the caller need not look again.
value* slot_for(value& coll, const value& k, bool& absent) {
  if (coll.is(type::map)) {
    if (value* s = map_obj::value_slot(coll, k)) return s;
    if (coll.as<map_obj>().sorted()) return nullptr;  // value_slot does not serve sorted maps
    if ((!k.is(type::keyword) && !k.is(type::string)) || !coll.as<map_obj>().find_flex(k)) {
      absent = true;
      return nullptr;
    }
    return map_obj::value_slot(coll, present_key(coll, k));
  }
  if (coll.is(type::vector) && k.is(type::integer)) {
    std::int64_t i = k.as_int();
    if (i < 0 || static_cast<std::uint64_t>(i) >= coll.as<vector_obj>().size()) return nullptr;
    return vector_obj::mutable_at(coll, static_cast<std::size_t>(i));
  }
  return nullptr;
}

// The key to write back under after reading `k` from `coll` with flex lookup.
value write_key(const value& coll, const value& k) {
  return coll.is(type::map) ? present_key(coll, k) : k;
}

// Calls f with `old` followed by `extra`, handing `old` over (a closure may then change it in
// place).
value call_update(context& c, const value& f, value old, std::span<const value> extra) {
  constexpr std::size_t inline_args = 4;
  if (extra.size() < inline_args) {
    value buf[inline_args];
    buf[0] = std::move(old);
    for (std::size_t i = 0; i < extra.size(); ++i) buf[i + 1] = extra[i];
    return c.call_owned(f, std::span<value>(buf, 1 + extra.size()));
  }
  std::vector<value> buf;
  buf.reserve(1 + extra.size());
  buf.push_back(std::move(old));
  buf.insert(buf.end(), extra.begin(), extra.end());
  return c.call_owned(f, std::span<value>(buf));
}

// change_in recurses once per key: on paths longer than this, each level counts as a nested
// call of the run (depth limit and native-stack guard), so a path of 100,000 keys is a limit
// error instead of a stack overflow. Short paths, the common case, pay nothing.
constexpr std::size_t guarded_path_levels = 64;

class path_level_guard {
 public:
  path_level_guard() : b_(budget::active()) {
    if (b_) b_->enter_call();
  }
  ~path_level_guard() {
    if (b_) b_->leave_call();
  }
  path_level_guard(const path_level_guard&) = delete;
  path_level_guard& operator=(const path_level_guard&) = delete;

 private:
  budget* b_;
};

// Changes the value under ks[0..n) in coll. `leaf` makes the new value from the old one at the
// last key; the last key of assoc-in is written as given (exact), like assoc.
template <class Leaf>
value change_in(value coll, const value* ks, std::size_t n, bool exact_last, Leaf& leaf,
                std::string_view fn) {
  std::optional<path_level_guard> guard;
  if (n > guarded_path_levels) guard.emplace();
  const value& k = ks[0];
  if (n == 1 && exact_last) return assoc1(std::move(coll), k, leaf(value()), fn);
  bool absent = false;
  if (value* s = slot_for(coll, k, absent)) {
    // Take the old value out (so a unique inner collection stays unique), change it, put it
    // back. Nothing else can reach `coll` now, so the slot stays where it is meanwhile.
    value old = std::move(*s);
    *s = n == 1 ? leaf(std::move(old)) : change_in(std::move(old), ks + 1, n - 1, exact_last, leaf, fn);
    return coll;
  }
  // Absent key, or not a map or vector: read, change, then assoc (which raises type errors,
  // innermost level first, as before). A key known absent is written as given over nil.
  value wk = absent ? k : write_key(coll, k);
  value old = absent ? value() : get(coll, k);
  value nv = n == 1 ? leaf(std::move(old)) : change_in(std::move(old), ks + 1, n - 1, exact_last, leaf, fn);
  return assoc1(std::move(coll), wk, std::move(nv), fn);
}

}  // namespace

value assoc_in(context& c, value m, const value& path, value v) {
  path_keys ks(c, path, "assoc-in");
  return assoc_in_keys(std::move(m), std::span<const value>(ks.data(), ks.size()), std::move(v));
}

value assoc_in_keys(value m, std::span<const value> ks, value v) {
  auto leaf = [&](value) { return std::move(v); };
  return change_in(std::move(m), ks.data(), ks.size(), true, leaf, "assoc-in");
}

value update_in(context& c, value m, const value& path, const value& f, std::span<const value> extra) {
  path_keys ks(c, path, "update-in");
  return update_in_keys(c, std::move(m), std::span<const value>(ks.data(), ks.size()), f, extra);
}

value update_in_keys(context& c, value m, std::span<const value> ks, const value& f, std::span<const value> extra) {
  auto leaf = [&](value old) { return call_update(c, f, std::move(old), extra); };
  return change_in(std::move(m), ks.data(), ks.size(), false, leaf, "update-in");
}

value update(context& c, value m, const value& k, const value& f, std::span<const value> extra) {
  if (!m.is_nil() && !m.is(type::map) && !m.is(type::vector))
    errors::argument("update", 0, "a map, vector or nil", m);
  auto leaf = [&](value old) { return call_update(c, f, std::move(old), extra); };
  return change_in(std::move(m), &k, 1, false, leaf, "update");
}

bool is_field_spec(const value& keyspec) {
  return keyspec.is(type::keyword) || keyspec.is(type::string) || keyspec.is(type::vector);
}

value key_of(context& c, const value& keyspec, const value& item) {
  switch (keyspec.kind()) {
    case type::keyword:
    case type::string:
    case type::integer: return get(item, keyspec);
    case type::vector: {
      value cur = item;
      bool present = true;
      keyspec.as<vector_obj>().each([&](const value& k) {
        c.tick();
        value next;
        present = lookup(cur, k, next);
        cur = std::move(next);
        return present;
      });
      return present ? cur : value();
    }
    default: return c.call(keyspec, {item});
  }
}

}  // namespace ptc::lisp::coll
