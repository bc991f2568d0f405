#pragma once
// Fiber stacks for runs, reused across runs. Allocating a guarded stack costs mmap + mprotect +
// page faults on first touch, and munmap at the end: several microseconds, more than a small
// program takes to run. Freed stacks go to a process-wide pool (bounded per size) instead; each
// thread first keeps up to four it freed, lock-free and still warm in its core's cache, and hands
// them to the pool when it ends.
#include <cstddef>

#include <boost/context/stack_context.hpp>

namespace ptc::lisp {

class pooled_stack {
 public:
  /// `branch`: a pmap/pcalls branch's stack. Up to 1,024 of those are pooled (a pmap batch
  /// starts that many at once), and a pooled one keeps at most its top 64 KB resident (its
  /// deeper pages go back to the system if its program went that deep), which costs each such
  /// stack in use one page more. Other stacks (a run's main stack, held while the run waits
  /// for tools) pool up to 256 and keep what their programs touched.
  explicit pooled_stack(std::size_t size, bool branch = false) : size_(size), branch_(branch) {}
  boost::context::stack_context allocate();
  void deallocate(boost::context::stack_context& sc) noexcept;

 private:
  std::size_t size_;
  bool branch_;
};

}  // namespace ptc::lisp
