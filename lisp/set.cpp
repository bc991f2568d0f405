#include "ptc/lisp/set.hpp"

#include "ptc/lisp/sorted_order.hpp"

namespace ptc::lisp {

namespace {

// A sorted set carries its comparator; ordinary sets stay as small as they were.
struct sorted_set_obj final : set_obj {
  explicit sorted_set_obj(value c) : cmp(std::move(c)) {}
  const value cmp;  // nil: compare
};

const value& comparator_of(const set_obj& s) { return static_cast<const sorted_set_obj&>(s).cmp; }

}  // namespace

set_obj& set_obj::own(value& s) {
  if (!s.obj()->unique()) {
    const auto& src = s.as<set_obj>();
    auto* c = src.sorted() ? make_object<sorted_set_obj>(0, comparator_of(src)) : make_object<set_obj>(0);
    c->table_.share_from(src.table_);
    s = value::adopt(type::set, c);
  }
  auto& self = *static_cast<set_obj*>(s.obj());
  self.hash_.reset();  // the caller is about to change it
  return self;
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

value set_obj::from_distinct(std::vector<value>&& items) {
  if (items.empty()) return empty();
  auto* s = make_object<set_obj>(0);
  value out = value::adopt(type::set, s);
  s->table_.assign_distinct(std::move(items));
  return out;
}

value set_obj::sorted_empty(value comparator) {
  auto* s = make_object<sorted_set_obj>(0, std::move(comparator));
  s->table_.make_sorted();
  return value::adopt(type::set, s);
}

value set_obj::sorted_from(value comparator, std::vector<value>&& items) {
  value out = sorted_empty(comparator);
  auto& s = *static_cast<set_obj*>(out.obj());
  // Sort once (stable), then keep the first item of each run of equal ones, as conj one by
  // one would.
  detail::merge_sort(items, [&](const value& a, const value& b) {
    return detail::compare_with(comparator, a, b) < 0;
  });
  for (std::size_t i = 0; i < items.size();) {
    std::size_t j = i + 1;
    while (j < items.size() && detail::compare_with(comparator, items[i], items[j]) == 0) ++j;
    s.table_.sorted_append(std::move(items[i]), value());
    i = j;
  }
  return out;
}

value set_obj::empty_like(const value& s) {
  const auto& so = s.as<set_obj>();
  return so.sorted() ? sorted_empty(comparator_of(so)) : empty();
}

const value& set_obj::comparator() const {
  static const value none;
  return sorted() ? comparator_of(*this) : none;
}

int set_obj::compare_keys(const value& a, const value& b) const {
  return detail::compare_with(comparator(), a, b);
}

std::size_t set_obj::bound(const value& x, bool after) const {
  return table_.sorted_bound(comparator(), x, after);
}

std::size_t set_obj::size() const { return table_.size(); }

bool set_obj::contains(const value& x) const { return find(x) != nullptr; }

const value* set_obj::find(const value& x) const {
  if (table_.sorted()) return table_.sorted_find(comparator_of(*this), x);
  std::size_t pos = table_.find(x);
  return pos == detail::ordered_table::npos ? nullptr : &table_.slot(pos);
}

value set_obj::conj(value s, value x) {
  if (s.as<set_obj>().table_.sorted()) {
    if (s.as<set_obj>().find(x)) return s;  // present: no copy
    set_obj& o = own(s);
    o.table_.sorted_put(comparator_of(o), std::move(x), value());
    return s;
  }
  // A shared set that already holds x is returned as is rather than copied.
  if (!s.obj()->unique() && s.as<set_obj>().find(x)) return s;
  own(s).table_.put(std::move(x), value());
  return s;
}

value set_obj::disj(value s, const value& x) {
  if (s.as<set_obj>().table_.sorted()) {
    if (!s.as<set_obj>().find(x)) return s;  // absent: no copy
    set_obj& o = own(s);
    o.table_.sorted_remove(comparator_of(o), x);
    return s;
  }
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
