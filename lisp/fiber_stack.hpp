#pragma once
// Fiber stacks for runs, reused across runs. Allocating a guarded stack costs mmap + mprotect +
// page faults on first touch, and munmap at the end: several microseconds, more than a small
// program takes to run. Freed stacks go to a process-wide pool (bounded per size) instead.
#include <cstddef>

#include <boost/context/stack_context.hpp>

namespace ptc::lisp {

class pooled_stack {
 public:
  explicit pooled_stack(std::size_t size) : size_(size) {}
  boost::context::stack_context allocate();
  void deallocate(boost::context::stack_context& sc) noexcept;

 private:
  std::size_t size_;
};

}  // namespace ptc::lisp
