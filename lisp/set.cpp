#include "lisp/set.hpp"

namespace ptc::lisp {

set_obj& set_obj::own(value& s) {
  if (!s.obj()->unique()) {
    auto* c = make_object<set_obj>(0);
    c->table_.share_from(s.as<set_obj>().table_);
    s = value::adopt(type::set, c);
  }
  return *static_cast<set_obj*>(s.obj());
}

set_obj::set_obj() = default;
set_obj::~set_obj() = default;

value set_obj::empty() {
  static set_obj* e = [] {
    auto* o = new set_obj();
    o->make_immortal();
    return o;
  }();
  return value::adopt(type::set, e);
}

value set_obj::from(std::vector<value>&& items) {
  if (items.empty()) return empty();
  auto* s = make_object<set_obj>(0);
  value out = value::adopt(type::set, s);
  for (value& x : items) s->table_.put(std::move(x), value());
  return out;
}

std::size_t set_obj::size() const { return table_.size(); }

bool set_obj::contains(const value& x) const { return find(x) != nullptr; }

const value* set_obj::find(const value& x) const {
  std::size_t pos = table_.find(x);
  return pos == detail::ordered_table::npos ? nullptr : &table_.slot(pos);
}

value set_obj::conj(value s, value x) {
  // A shared set that already holds x is returned as is rather than copied.
  if (!s.obj()->unique() && s.as<set_obj>().find(x)) return s;
  own(s).table_.put(std::move(x), value());
  return s;
}

value set_obj::disj(value s, const value& x) {
  if (!s.as<set_obj>().find(x)) return s;
  own(s).table_.remove(x);
  if (s.as<set_obj>().size() == 0) return empty();
  return s;
}

std::vector<value> set_obj::items() const {
  std::vector<value> out;
  out.reserve(size());
  each([&](const value& x) {
    out.push_back(x);
    return true;
  });
  return out;
}

}  // namespace ptc::lisp
