#pragma once
// Heap objects: reference counting, memory accounting and stack-safe freeing.
//
// Every heap object derives from `object`. The count is atomic because values cross threads
// (runs resume on any thread; results go to actors). Objects with `immortal` set (interned
// keywords, empty-collection singletons) ignore retain/release.
//
// Counting without a locked instruction (issue 18: the locked operations of copying a shared
// constant into 10,000 maps and dropping them were a sixth of a generated-data program's time):
// an object made by the run whose budget is active on this thread is counted with a plain load
// and store. Such an object is reached by no other thread
// while its run can be active: a budget is active only while one of its run's fibers executes
// (one thread at a time; the run moves between threads through actor messages, which order
// memory), a run hands nothing to other threads before it ends (tool calls carry JSON text),
// and once it has ended its budget is never active again (ids are 64-bit: never reused).
// Everything else (objects made outside a run or by an earlier run, e.g. input data and the
// previous turns' definitions) is counted atomically.
//
// Accounting: `make<T>(...)` charges sizeof(T) + extra to the budget active on this thread (see
// budget.hpp) and records that budget's id in the object. When the object dies on a thread
// whose active budget has the same id, the bytes are credited back, so the memory limit measures
// live bytes of the running program. Objects that outlive their run are simply freed.
//
// Freeing: releasing the last reference of a deeply nested value would recurse once per level.
// Instead, destruction goes through a per-thread queue: an object whose count drops to zero
// while another is being destroyed is queued and destroyed by the outer loop.
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <new>
#include <utility>
#include <vector>

namespace ptc::lisp {

class budget;

class object {
 public:
  object() = default;
  object(const object&) = delete;
  object& operator=(const object&) = delete;
  virtual ~object() = default;

  void retain() const noexcept {
    if (immortal()) return;
    if (run_local()) refs_.store(refs_.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
    else refs_.fetch_add(1, std::memory_order_relaxed);
  }
  /// Inline for the run's own objects (a load, a compare, a store or the destroy call); the
  /// atomic count of shared objects is out of line.
  [[gnu::always_inline]] void release() const noexcept {
    if (immortal()) return;
    if (!run_local()) {
      release_shared();
      return;
    }
    const std::uint32_t n = refs_.load(std::memory_order_relaxed);
    if (n == 1) {
      destroy(this);
    } else {
      refs_.store(n - 1, std::memory_order_relaxed);
    }
  }
  /// True when the caller holds the only reference (safe to reuse in place).
  bool unique() const noexcept { return !immortal() && refs_.load(std::memory_order_acquire) == 1; }
  void make_immortal() noexcept { charged_ |= immortal_bit; }
  bool immortal() const noexcept { return (charged_ & immortal_bit) != 0; }
  /// Made by the run whose budget is active on this thread (see the top of this file).
  bool run_local() const noexcept { return budget_id_ == running_budget_id; }

  /// Bytes charged for this object (set by make<T>).
  std::uint32_t charged_bytes() const { return charged_ & ~immortal_bit; }

  /// The id of the budget active on this thread (budget::activate), no_budget_running when none:
  /// never an object's budget id (0 when made outside a run). Defined in object.cpp: one
  /// definition, in ptc_lisp, which reads its thread-locals at a fixed offset; a library using
  /// this header gets no initial-exec thread-local of its own (that would keep it from being
  /// loaded with dlopen).
  static constexpr std::uint64_t no_budget_running = ~std::uint64_t{0};
  static constinit thread_local std::uint64_t running_budget_id;

  /// Parking, for a run that stops at a limit. From park_frees() on, an object whose count
  /// reaches zero on this thread is set aside rather than freed (its children with it, as they
  /// are only released by its destructor): unwinding then does not first free what the program
  /// built, which for a few hundred MB of small values takes longer than the time limit itself,
  /// and the caller gets the error on time. The run takes what was parked (take_parked, which
  /// ends parking) before anything else runs on the thread, and frees it after it has reported
  /// (free_parked).
  static void park_frees() noexcept;
  static void take_parked(std::vector<const object*>& out);
  static void free_parked(std::vector<const object*>& objs) noexcept;
  /// Whether this thread is parking (between park_frees and take_parked).
  static bool parking() noexcept;

 protected:
  /// For a destructor that frees a chain of objects it owns (a list's cells) in a loop: whether
  /// the caller holds the only reference to `o`, which it may then free with dispose.
  static bool sole_owner(const object* o) noexcept {
    return !o->immortal() && o->refs_.load(std::memory_order_acquire) == 1;
  }
  /// Frees an object whose only reference the caller held, as destroy does, without the
  /// queue (its own children still go through release).
  static void dispose(const object* o) noexcept;

 private:
  template <class T, class... A>
  friend T* make_object(std::size_t extra, A&&... args);
  template <class T, class... A>
  friend T* make_object_sized(std::size_t bytes, A&&... args);
  static void destroy(const object* o) noexcept;
  /// Frees what destructors queued while destroy ran (object.cpp), out of destroy's fast path.
  [[gnu::noinline]] static void drain_queued(budget* active) noexcept;
  /// release() of an object another run or thread may hold: the atomic count.
  void release_shared() const noexcept;
  /// Credits o's bytes to `active` (the active budget, read once by the caller) when it was
  /// charged there, then deletes o.
  static void free_charged(const object* o, budget* active) noexcept;

  static constexpr std::uint32_t immortal_bit = 0x80000000u;
  /// Bytes charged for this object (at most 2^31 - 1 recorded); bit 31 is the immortal flag.
  static std::uint32_t charge_field(std::size_t bytes) {
    return bytes >= immortal_bit ? immortal_bit - 1 : static_cast<std::uint32_t>(bytes);
  }

  mutable std::atomic<std::uint32_t> refs_{1};
  std::uint32_t charged_ = 0;
  std::uint64_t budget_id_ = 0;
};

static_assert(sizeof(object) == 24, "every value's object carries this header: keep it small");

/// Charges `bytes` to the budget active on this thread (if any) and returns its id (0 if none).
std::uint64_t charge_active_budget(std::size_t bytes) noexcept;

/// Allocates a T with count 1, charging sizeof(T) + extra bytes (for out-of-line storage the
/// object owns, such as a string's characters) to the active budget.
template <class T, class... A>
T* make_object(std::size_t extra, A&&... args) {
  T* p = new T(std::forward<A>(args)...);
  std::size_t bytes = sizeof(T) + extra;
  p->charged_ = object::charge_field(bytes);
  p->budget_id_ = charge_active_budget(bytes);
  return p;
}

/// make_object for an object whose size is not sizeof(T): a trailing array used only in part (a
/// small vector's leaf: fewer bytes) or room the object keeps after itself (a flat map: more).
/// Allocates just `bytes` and charges that. T's constructor and destructor
/// must not touch storage past `bytes`, and T declares `static void operator delete(void* p)`
/// freeing with the unsized ::operator delete (its size is not sizeof(T)).
template <class T, class... A>
T* make_object_sized(std::size_t bytes, A&&... args) {
  void* mem = ::operator new(bytes);
  T* p;
  try {
    p = ::new (mem) T(std::forward<A>(args)...);
  } catch (...) {
    ::operator delete(mem);
    throw;
  }
  p->charged_ = object::charge_field(bytes);
  p->budget_id_ = charge_active_budget(bytes);
  return p;
}

/// Intrusive owning pointer for heap objects used inside collections (trie nodes and the like).
template <class T>
class ref {
 public:
  ref() = default;
  /// Adopts one reference.
  explicit ref(T* p) : p_(p) {}
  static ref share(T* p) {
    if (p) p->retain();
    return ref(p);
  }
  ref(const ref& o) : p_(o.p_) {
    if (p_) p_->retain();
  }
  ref(ref&& o) noexcept : p_(std::exchange(o.p_, nullptr)) {}
  ref& operator=(ref o) noexcept {
    std::swap(p_, o.p_);
    return *this;
  }
  ~ref() {
    if (p_) p_->release();
  }
  T* get() const { return p_; }
  T* operator->() const { return p_; }
  T& operator*() const { return *p_; }
  explicit operator bool() const { return p_ != nullptr; }
  /// Gives up ownership without releasing.
  T* leak() { return std::exchange(p_, nullptr); }

 private:
  T* p_ = nullptr;
};

}  // namespace ptc::lisp
