#include "lisp/list.hpp"

namespace ptc::lisp {

list_obj::list_obj(value first, const list_obj* rest, std::size_t count)
    : first_(std::move(first)), rest_(rest), count_(count) {}

// Releasing rest_ queues the next cell (object::destroy), so a long list frees in a loop.
list_obj::~list_obj() {
  if (rest_) rest_->release();
}

value list_obj::empty() {
  static list_obj* e = [] {
    auto* o = new list_obj(value(), nullptr, 0);
    o->make_immortal();
    return o;
  }();
  return value::adopt(type::list, e);
}

value list_obj::cons(value x, value tail) {
  const auto& t = tail.as<list_obj>();
  const list_obj* rest = nullptr;
  if (t.count_ > 0) {
    rest = &t;
    rest->retain();  // the new cell owns a reference; `tail` drops its own on return
  }
  return value::adopt(type::list, make_object<list_obj>(0, std::move(x), rest, t.count_ + 1));
}

value list_obj::rest() const {
  if (!rest_) return empty();
  return value::share(type::list, const_cast<list_obj*>(rest_));
}

value list_obj::from(std::vector<value>&& items) {
  if (items.empty()) return empty();
  const list_obj* cell = nullptr;
  std::size_t n = items.size();
  for (std::size_t i = n; i-- > 0;)
    cell = make_object<list_obj>(0, std::move(items[i]), cell, n - i);
  return value::adopt(type::list, const_cast<list_obj*>(cell));
}

value list_obj::from(const value* first, std::size_t n) {
  if (n == 0) return empty();
  const list_obj* cell = nullptr;
  for (std::size_t i = n; i-- > 0;) cell = make_object<list_obj>(0, first[i], cell, n - i);
  return value::adopt(type::list, const_cast<list_obj*>(cell));
}

}  // namespace ptc::lisp
