#include "ptc/lisp/object.hpp"

#include <vector>

#include "ptc/lisp/budget.hpp"

namespace ptc::lisp {

namespace {

// Objects whose count reached zero while this thread was already destroying another object.
// Destructors release their children, which would otherwise recurse once per nesting level;
// queuing them makes freeing a million-deep value a loop instead.
struct destroy_queue {
  bool draining = false;
  std::vector<const object*> pending;
};
thread_local destroy_queue tls_queue;

}  // namespace

constinit thread_local std::uint64_t object::running_budget_id = object::no_budget_running;

std::uint64_t charge_active_budget(std::size_t bytes) noexcept {
  budget* b = budget::active();
  if (!b) return 0;
  b->charge(bytes);
  return b->id();
}

void object::free_charged(const object* o, budget* active) noexcept {
  if (active && o->budget_id_ != 0 && o->budget_id_ == active->id()) active->credit(o->charged_bytes());
  delete o;
}

void object::dispose(const object* o) noexcept { free_charged(o, budget::active()); }

void object::release_shared() const noexcept {
  // Holding the only reference, no other thread can reach the object to change the count: it
  // dies without the atomic read-modify-write (the common fate of a temporary). The acquire
  // load pairs with other threads' earlier releases, as the fetch_sub would.
  if (refs_.load(std::memory_order_acquire) == 1 || refs_.fetch_sub(1, std::memory_order_acq_rel) == 1) destroy(this);
}

void object::destroy(const object* o) noexcept {
  destroy_queue& q = tls_queue;
  if (q.draining) {
    q.pending.push_back(o);
    return;
  }
  q.draining = true;
  budget* b = budget::active();
  const object* next = o;
  for (;;) {
    // The active budget only changes between runs, never inside a destructor, so it is read once.
    free_charged(next, b);
    if (q.pending.empty()) break;
    next = q.pending.back();
    q.pending.pop_back();
  }
  q.draining = false;
}

}  // namespace ptc::lisp
