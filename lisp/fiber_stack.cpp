#include "ptc/lisp/fiber_stack.hpp"

#include <mutex>
#include <unordered_map>
#include <vector>

#include <boost/context/protected_fixedsize_stack.hpp>

namespace ptc::lisp {
namespace {

constexpr std::size_t max_pooled_per_size = 256;

struct stack_pool {
  std::mutex mu;
  std::unordered_map<std::size_t, std::vector<boost::context::stack_context>> free;
};

stack_pool& pool() {
  static stack_pool* p = new stack_pool;  // never destroyed: fibers may outlive static destruction order
  return *p;
}

}  // namespace

boost::context::stack_context pooled_stack::allocate() {
  {
    stack_pool& p = pool();
    std::lock_guard<std::mutex> lock(p.mu);
    auto& list = p.free[size_];
    if (!list.empty()) {
      boost::context::stack_context sc = list.back();
      list.pop_back();
      return sc;
    }
  }
  return boost::context::protected_fixedsize_stack(size_).allocate();
}

void pooled_stack::deallocate(boost::context::stack_context& sc) noexcept {
  {
    stack_pool& p = pool();
    std::lock_guard<std::mutex> lock(p.mu);
    auto& list = p.free[size_];
    if (list.size() < max_pooled_per_size) {
      list.push_back(sc);
      return;
    }
  }
  boost::context::protected_fixedsize_stack(size_).deallocate(sc);
}

}  // namespace ptc::lisp
