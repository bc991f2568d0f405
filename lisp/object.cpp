#include "ptc/lisp/object.hpp"

#include <vector>

#include "ptc/lisp/budget.hpp"

namespace ptc::lisp {

namespace {

// Objects whose count reached zero while this thread was already destroying another object.
// Destructors release their children, which would otherwise recurse once per nesting level;
// queuing them makes freeing a million-deep value a loop instead. The flag and the count are
// plain thread-locals (no guard on each access, unlike the vector's): the list is touched only
// when something is queued, and most objects free nothing that dies with them.
constinit thread_local bool tls_draining = false;
constinit thread_local std::size_t tls_queued = 0;  ///< tls_pending.size()
thread_local std::vector<const object*> tls_pending;
// Set by park_frees: tls_draining is then held true by no destroy loop, so every object whose
// count reaches zero stays queued in tls_pending until take_parked.
constinit thread_local bool tls_parking = false;

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

namespace {

[[gnu::noinline]] void queue_for_destroy(const object* o) noexcept {
  tls_pending.push_back(o);
  ++tls_queued;
}

}  // namespace

void object::destroy(const object* o) noexcept {
  if (tls_draining) {
    queue_for_destroy(o);
    return;
  }
  tls_draining = true;
  // The active budget only changes between runs, never inside a destructor, so it is read once.
  budget* b = budget::active();
  free_charged(o, b);
  if (tls_queued) drain_queued(b);
  tls_draining = false;
}

void object::drain_queued(budget* b) noexcept {
  while (tls_queued) {
    const object* next = tls_pending.back();
    tls_pending.pop_back();
    --tls_queued;
    free_charged(next, b);
  }
}

void object::park_frees() noexcept {
  if (tls_draining) return;  // already parking (or inside a destructor, which raises nothing)
  tls_draining = true;
  tls_parking = true;
}

void object::take_parked(std::vector<const object*>& out) {
  if (!tls_parking) return;
  if (out.empty()) {
    out.swap(tls_pending);
  } else {
    out.insert(out.end(), tls_pending.begin(), tls_pending.end());
    tls_pending.clear();
  }
  tls_queued = 0;
  tls_parking = false;
  tls_draining = false;
}

bool object::parking() noexcept { return tls_parking; }

void object::free_parked(std::vector<const object*>& objs) noexcept {
  for (const object* o : objs) destroy(o);
  objs.clear();
}

}  // namespace ptc::lisp
