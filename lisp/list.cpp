#include "ptc/lisp/list.hpp"

namespace ptc::lisp {
namespace {

// A free list of cell-sized blocks per thread (a cell freed on another thread than made it
// simply joins that thread's list). Bounded, so a burst of garbage returns to malloc.
constexpr std::size_t cell_pool_cap = std::size_t{1} << 16;

thread_local bool cell_pool_gone = false;  // trivially destructible: readable during thread exit

struct cell_pool {
  void* head = nullptr;
  std::size_t count = 0;
  ~cell_pool() {
    cell_pool_gone = true;
    while (head) {
      void* next = *static_cast<void**>(head);
      ::operator delete(head);
      head = next;
    }
  }
};
thread_local cell_pool tls_cells;

}  // namespace

void* list_obj::operator new(std::size_t n) {
  if (n == sizeof(list_obj) && !cell_pool_gone) {
    cell_pool& p = tls_cells;
    if (void* r = p.head) {
      p.head = *static_cast<void**>(r);
      --p.count;
      return r;
    }
  }
  return ::operator new(n);
}

void list_obj::operator delete(void* ptr, std::size_t n) noexcept {
  if (n == sizeof(list_obj) && !cell_pool_gone) {
    cell_pool& p = tls_cells;
    if (p.count < cell_pool_cap) {
      *static_cast<void**>(ptr) = p.head;
      p.head = ptr;
      ++p.count;
      return;
    }
  }
  ::operator delete(ptr);
}

list_obj::list_obj(value first, const list_obj* rest, std::size_t count)
    : first_(std::move(first)), rest_(rest), count_(count) {}

// The cells after this one that only this list holds are freed here, in a loop; the first
// shared one is released (object::destroy queues it), so a long list never frees recursively.
list_obj::~list_obj() {
  const list_obj* r = rest_;
  while (r && sole_owner(r)) {
    const list_obj* next = r->rest_;
    const_cast<list_obj*>(r)->rest_ = nullptr;
    dispose(r);
    r = next;
  }
  if (r) r->release();
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
  return generate(items.size(), [&items](std::size_t i) { return std::move(items[i]); });
}

value list_obj::from(const value* first, std::size_t n) {
  return generate(n, [first](std::size_t i) { return first[i]; });
}

value list_builder::finish() {
  if (!head_) return list_obj::empty();
  std::size_t left = n_;
  for (list_obj* c = head_; c; c = const_cast<list_obj*>(c->rest_)) c->count_ = left--;
  list_obj* h = head_;
  head_ = tail_ = nullptr;
  n_ = 0;
  return value::adopt(type::list, h);
}

}  // namespace ptc::lisp
