#pragma once
// One budget object holds every resource limit of a run (the Monty resource-tracker idea).
//
// - tick(): one unit of work (an evaluation step, or one item a builtin loops over). Every
//   1,024 ticks it checks the wall-time deadline, memory, and the time-slice hook.
// - enter_call()/leave_call(): call depth, plus a native-stack check so that deep non-tail
//   recursion is a `limit` error and never a stack overflow.
// - charge()/credit(): live bytes of heap objects the program made (object.hpp charges
//   automatically while a budget is active on the thread). charge() never throws; the next
//   tick() or check_memory() does. preflight(n) refuses a large allocation before it happens.
// - Wall time counts only while the program runs: the run driver pauses the clock while the
//   program waits for tools.
#include <chrono>
#include <cstdint>
#include <functional>
#include <string>

namespace ptc::lisp {

/// Limits of one run. Defaults suit an LLM-written program over a few MB of data.
struct limits {
  std::uint64_t max_steps = 50'000'000;          ///< evaluation steps (fuel)
  std::uint64_t timeout_ms = 5'000;              ///< wall time of evaluation, tool waits excluded
  std::uint32_t max_depth = 10'000;              ///< nested (non-tail) calls
  std::uint64_t max_memory_bytes = 512ull << 20; ///< live bytes of values the program made
  std::size_t max_print_chars = 2'000;           ///< per println call (TRN-011)
  std::size_t max_output_bytes = 1 << 20;        ///< all printed output of one run
  /// Bytes of one string a program builds (str, format, pr-str, str/join, str/replace, ...) and
  /// of the text of a returned value. 16 MB: ten times a large tool result or data file, so
  /// real work never meets it, yet a runaway builder stops long before the memory limit (512
  /// MB) and a tool or the LLM never gets a string it cannot use.
  std::uint64_t max_string_bytes = 16ull << 20;
  bool operator==(const limits&) const = default;
};

class budget {
 public:
  explicit budget(const limits& l = {});
  ~budget();
  budget(const budget&) = delete;
  budget& operator=(const budget&) = delete;

  const limits& config() const { return limits_; }

  void tick() {
    if (++steps_ >= next_check_) slow_tick();
  }
  /// n units of work at once (a builtin that processes n items in one go), charged before the
  /// work where its size is known: passing the limit refuses it (steps() = max_steps + 1).
  void tick(std::uint64_t n) {
    steps_ += n;
    if (steps_ >= next_check_) slow_tick();
  }
  void enter_call() {
    if (++depth_ > limits_.max_depth || below_stack_limit()) depth_exceeded();
  }
  void leave_call() { --depth_; }
  std::uint32_t depth() const { return depth_; }

  void charge(std::size_t bytes) noexcept {
    live_bytes_ += bytes;
    if (live_bytes_ > limits_.max_memory_bytes) next_check_ = steps_;  // next tick reports it
  }
  void credit(std::size_t bytes) noexcept { live_bytes_ -= bytes < live_bytes_ ? bytes : live_bytes_; }
  /// Throws a memory `limit` error if allocating `bytes` more would exceed the limit.
  void preflight(std::uint64_t bytes) const;
  /// For a native container a builtin grows one entry at a time (a hash table of keys seen, a
  /// vector of items), which the budget does not see: at each doubling from 1,024 entries on,
  /// refuses the next doubling if it would not fit (preflight), so the memory limit holds for
  /// it as for the values it holds.
  void preflight_growth(std::size_t entries, std::size_t bytes_per_entry) const {
    if (entries >= 1024 && (entries & (entries - 1)) == 0) preflight(2 * std::uint64_t{entries} * bytes_per_entry);
  }
  /// Throws a memory `limit` error if the limit is already exceeded.
  void check_memory() const;
  /// Throws a time `limit` error if the program's clock has passed the time limit. The run
  /// driver checks it after each top-level form: work no tick sees (freeing a large value, a
  /// builtin's last native pass) cannot carry a program past its limit to a value.
  void check_time() const;
  /// Throws an output `limit` error when total printed bytes would exceed the limit.
  void charge_output(std::size_t bytes);

  std::uint64_t steps() const { return steps_; }
  std::uint64_t live_bytes() const { return live_bytes_; }
  std::uint64_t peak_bytes() const { return peak_bytes_; }
  std::uint64_t id() const { return id_; }

  /// Clock control for the run driver: time counts only between resume_clock and pause_clock.
  void resume_clock();
  void pause_clock();
  std::chrono::microseconds elapsed() const;

  /// Called from slow_tick() every `slice_steps` steps when set (used to yield the fiber so one
  /// program cannot starve others on the same thread).
  void set_slice(std::uint64_t slice_steps, std::function<void()> hook);

  /// Makes this budget the one that object allocations on this thread are charged to.
  void activate();
  /// Clears the thread's active budget (if it is this one).
  void deactivate();
  static budget* active();

  /// For a run's own budget: when a limit is reached, the objects freed while the error
  /// unwinds the program are parked for the run to free after it reports (object.hpp).
  void park_frees_on_limit() { park_on_limit_ = true; }

  /// The lowest usable stack address of the current stack (fiber or thread); enter_call() fails
  /// with a depth error below it. Set by the run driver for each fiber.
  static void set_stack_limit(const char* limit);

 private:
  void slow_tick();
  [[noreturn]] void depth_exceeded() const;
  [[noreturn]] void limit_reached(std::string message, std::string hint) const;
  static bool below_stack_limit() {
    const char* limit = stack_limit_;
    if (!limit) return false;
    char probe;
    return &probe < limit;
  }
  static inline thread_local const char* stack_limit_ = nullptr;  // set_stack_limit

  limits limits_;
  std::uint64_t steps_ = 0;
  std::uint64_t next_check_ = 1024;
  std::uint32_t depth_ = 0;
  std::uint64_t live_bytes_ = 0;
  std::uint64_t peak_bytes_ = 0;
  std::uint64_t output_bytes_ = 0;
  std::uint64_t id_;
  std::chrono::steady_clock::time_point running_since_{};
  bool clock_running_ = false;
  std::chrono::nanoseconds elapsed_before_{0};
  std::uint64_t slice_steps_ = 0;
  std::uint64_t next_slice_ = 0;
  std::function<void()> slice_hook_;
  bool park_on_limit_ = false;
};

/// The limits of a private budget for work on values outside any run (realising a lazy seq to
/// print it in a prompt sample or convert it to JSON after its run): 1,000,000 steps, so such
/// work stays cheap whatever the value.
limits detached_limits();

/// Charges `units` of native work (items compared, hashed, printed, copied, scanned) to the
/// budget active on this thread, if any: the step limit, the deadline and the time slice then
/// hold inside builtins that walk values natively. May throw a `limit` error, so callers must
/// not be noexcept. Without an active budget (values used outside a run) it does nothing.
/// Out of line on purpose: the active budget is thread-local and a run's fiber may move between
/// threads, so its address must never be cached across a suspension. Hot loops count locally
/// and charge in batches.
void charge_work(std::uint64_t units = 1);

}  // namespace ptc::lisp
