#include "ptc/lisp/budget.hpp"

#include <atomic>

#include "ptc/lisp/error.hpp"
#include "ptc/lisp/object.hpp"

namespace ptc::lisp {
namespace {

thread_local budget* tls_active = nullptr;
// 64-bit: an id is never reused (object.hpp counts a run's own objects without a locked
// instruction by comparing ids). Never 0, which means "no budget" in objects.
std::atomic<std::uint64_t> next_budget_id{1};

std::string mib(std::uint64_t bytes) {
  return std::to_string((bytes + (1 << 20) - 1) >> 20) + " MB";
}

}  // namespace

budget::budget(const limits& l) : limits_(l), id_(next_budget_id.fetch_add(1)) {}

budget::~budget() { deactivate(); }

void budget::activate() {
  tls_active = this;
  object::running_budget_id = id_;
}
void budget::deactivate() {
  if (tls_active != this) return;
  tls_active = nullptr;
  object::running_budget_id = object::no_budget_running;
}
budget* budget::active() { return tls_active; }

limits detached_limits() {
  limits l;
  l.max_steps = 1'000'000;
  return l;
}

void charge_work(std::uint64_t units) {
  if (budget* b = tls_active) b->tick(units);
}

void budget::limit_reached(std::string message, std::string hint) const {
  if (park_on_limit_) object::park_frees();
  raise(error_kind::limit, std::move(message), std::move(hint));
}

void budget::set_stack_limit(const char* limit) { stack_limit_ = limit; }

void budget::depth_exceeded() const {
  --const_cast<budget*>(this)->depth_;
  limit_reached(
      "recursion depth limit reached (" + std::to_string(limits_.max_depth) + " nested calls)",
      "Use loop/recur or reduce instead of deep recursion");
}

void budget::preflight(std::uint64_t bytes) const {
  if (bytes > limits_.max_memory_bytes || live_bytes_ + bytes > limits_.max_memory_bytes) {
    limit_reached("memory limit reached: this would need about " + mib(bytes) + " (limit " +
                      mib(limits_.max_memory_bytes) + ")",
                  "Work on smaller pieces of the data, or use take to bound sequences");
  }
}

void budget::check_memory() const {
  if (live_bytes_ > limits_.max_memory_bytes) {
    limit_reached("memory limit reached (" + mib(limits_.max_memory_bytes) + ")",
                  "Work on smaller pieces of the data, or use take to bound sequences");
  }
}

void budget::check_time() const {
  if (clock_running_ &&
      elapsed() > std::chrono::milliseconds(static_cast<std::int64_t>(limits_.timeout_ms))) {
    limit_reached("time limit reached (" + std::to_string(limits_.timeout_ms) + " ms)",
                  "The program ran too long: check for an endless loop, or process less data");
  }
}

void budget::charge_output(std::size_t bytes) {
  output_bytes_ += bytes;
  if (output_bytes_ > limits_.max_output_bytes) {
    limit_reached(
        "output limit reached (" + std::to_string(limits_.max_output_bytes) + " bytes printed)",
        "Print less: summarise, or print counts and samples");
  }
}

void budget::resume_clock() {
  if (!clock_running_) {
    running_since_ = std::chrono::steady_clock::now();
    clock_running_ = true;
  }
}

void budget::pause_clock() {
  if (clock_running_) {
    elapsed_before_ += std::chrono::steady_clock::now() - running_since_;
    clock_running_ = false;
  }
}

std::chrono::microseconds budget::elapsed() const {
  auto total = elapsed_before_;
  if (clock_running_) total += std::chrono::steady_clock::now() - running_since_;
  return std::chrono::duration_cast<std::chrono::microseconds>(total);
}

void budget::set_slice(std::uint64_t slice_steps, std::function<void()> hook) {
  slice_steps_ = slice_steps;
  next_slice_ = steps_ + slice_steps;
  slice_hook_ = std::move(hook);
}

void budget::slow_tick() {
  next_check_ = steps_ + 1024;
  if (live_bytes_ > peak_bytes_) peak_bytes_ = live_bytes_;
  if (steps_ > limits_.max_steps) {
    // A bulk charge (tick(n): a builtin charging a long string's scan before doing it) may
    // pass the limit by far more than one step; the work past the limit is refused, not done,
    // so the run counts as having used the limit and one step more. Every later tick (a
    // pmap branch still to finish, a finally block) fails at once.
    steps_ = limits_.max_steps + 1;
    next_check_ = steps_;
    limit_reached("step limit reached (" + std::to_string(limits_.max_steps) + " steps)",
                  "The program did too much work: check for an endless loop, or process less data");
  }
  check_memory();
  check_time();
  if (slice_steps_ && steps_ >= next_slice_ && slice_hook_) {
    next_slice_ = steps_ + slice_steps_;
    slice_hook_();
  }
}

}  // namespace ptc::lisp
