#include "lisp/map.hpp"

#include "lisp/string.hpp"

namespace ptc::lisp {

map_obj& map_obj::own(value& m) {
  if (!m.obj()->unique()) {
    auto* c = make_object<map_obj>(0);
    c->table_.share_from(m.as<map_obj>().table_);
    m = value::adopt(type::map, c);
  }
  return *static_cast<map_obj*>(m.obj());
}

map_obj::map_obj() = default;
map_obj::~map_obj() = default;

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
  auto* m = make_object<map_obj>(0);
  value out = value::adopt(type::map, m);
  for (entry& e : entries) m->table_.put(std::move(e.first), std::move(e.second));
  return out;
}

std::size_t map_obj::size() const { return table_.size(); }

const value* map_obj::find(const value& key) const {
  std::size_t pos = table_.find(key);
  return pos == detail::ordered_table::npos ? nullptr : &table_.slot(pos + 1);
}

const value* map_obj::find_flex(const value& key) const {
  if (const value* v = find(key)) return v;
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
  own(m).table_.put(std::move(k), std::move(v));
  return m;
}

value map_obj::dissoc(value m, const value& k) {
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
