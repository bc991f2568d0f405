#include "ptc/lisp/fiber_stack.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <array>
#include <cstdint>
#include <mutex>
#include <unordered_map>
#include <vector>

#include <boost/context/protected_fixedsize_stack.hpp>

namespace ptc::lisp {
namespace {

// A pmap batch starts up to 1,024 branch fibers at once: a pool smaller than that mapped,
// faulted in and unmapped most of their stacks again for every batch (a fifth of the CPU of
// pmap over a fast tool went to page tables).
constexpr std::size_t max_pooled_branch_stacks = 1024;
constexpr std::size_t max_pooled_main_stacks = 256;
// What a pooled branch stack keeps resident: its top (where a program's frames are). Below,
// pages a deep recursion touched go back to the system when the stack is pooled, so idle
// branch stacks hold at most this much memory each whatever their programs did.
constexpr std::size_t kept_resident_bytes = 64u << 10;

struct stack_pool {
  std::mutex mu;
  std::unordered_map<std::size_t, std::vector<boost::context::stack_context>> free;
};

stack_pool& pool() {
  static stack_pool* p = new stack_pool;  // never destroyed: fibers may outlive static destruction order
  return *p;
}

/// Into the process-wide pool (under the size it was asked for), or back to the system when that
/// holds enough of its kind.
void pool_or_free(std::size_t size, boost::context::stack_context& sc, bool branch) noexcept {
  {
    stack_pool& p = pool();
    std::lock_guard<std::mutex> lock(p.mu);
    auto& list = p.free[size];
    if (list.size() < (branch ? max_pooled_branch_stacks : max_pooled_main_stacks)) {
      list.push_back(sc);
      return;
    }
  }
  boost::context::protected_fixedsize_stack(sc.size).deallocate(sc);
}

/// A few stacks kept by the thread that freed them, taken first by its next runs: no lock, and
/// a stack whose top frames are still in this core's cache (a home worker's next run takes the
/// stack its last one left, instead of one another core used last). What a thread holds when it
/// ends goes to the process-wide pool.
struct thread_stacks {
  static constexpr std::size_t capacity = 4;
  struct kept {
    std::size_t size;  ///< as asked for (the stack's own size adds its guard page)
    boost::context::stack_context sc;
    bool branch;  ///< which of the pool's bounds it falls under when the thread ends
  };
  std::array<kept, capacity> items{};
  std::size_t count = 0;

  bool take(std::size_t size, boost::context::stack_context& out) noexcept {
    for (std::size_t i = count; i-- > 0;) {
      if (items[i].size != size) continue;
      out = items[i].sc;
      items[i] = items[--count];
      return true;
    }
    return false;
  }
  bool keep(std::size_t size, const boost::context::stack_context& sc, bool branch) noexcept {
    if (count == capacity) return false;
    items[count++] = {size, sc, branch};
    return true;
  }
  ~thread_stacks() {
    while (count > 0) {
      --count;
      pool_or_free(items[count].size, items[count].sc, items[count].branch);
    }
  }
};
thread_local thread_stacks local_stacks;

// Whether a stack's program went deeper than kept_resident_bytes is seen by canaries: words at
// that depth, written when the stack is handed out. A program that went below them has written
// over them (frames are written densely; eight words 32 bytes apart) and its stack's deep pages
// go back to the system when it is pooled. A program that did not (nearly all) costs no system
// call: dropping pages that are not there costs more than a small program takes to run.
constexpr std::size_t canary_count = 8;
constexpr std::size_t canary_spacing = 32;
constexpr std::uint64_t canary = 0x214b415453435450;  // "PTCSTAK!"

bool has_deep_part(const boost::context::stack_context& sc) {
  return sc.size > kept_resident_bytes + 2 * canary_count * canary_spacing;
}

std::uint64_t* canary_at(const boost::context::stack_context& sc, std::size_t i) {
  return reinterpret_cast<std::uint64_t*>(static_cast<char*>(sc.sp) - kept_resident_bytes + i * canary_spacing);
}

// (Not instrumented: the words lie in an earlier fiber's frames, which ASan may still hold as
// poisoned.)
__attribute__((no_sanitize_address)) void set_canaries(const boost::context::stack_context& sc) {
  if (!has_deep_part(sc)) return;
  for (std::size_t i = 0; i < canary_count; ++i) *canary_at(sc, i) = canary;
}

__attribute__((no_sanitize_address)) bool went_deep(const boost::context::stack_context& sc) {
  if (!has_deep_part(sc)) return false;
  for (std::size_t i = 0; i < canary_count; ++i) {
    if (*canary_at(sc, i) != canary) return true;
  }
  return false;
}

/// The stack's pages below its top kept_resident_bytes are dropped (they read as zero pages if
/// touched again) when its program went that deep. The stack grows down from sc.sp; its lowest
/// page is the guard page.
void release_deep_pages(const boost::context::stack_context& sc) noexcept {
  if (!went_deep(sc)) return;
  char* bottom = static_cast<char*>(sc.sp) - sc.size;
  [[maybe_unused]] const int rc = ::madvise(bottom, sc.size - kept_resident_bytes, MADV_DONTNEED);
}

}  // namespace

boost::context::stack_context pooled_stack::allocate() {
  boost::context::stack_context sc;
  bool pooled = local_stacks.take(size_, sc);
  if (!pooled) {
    stack_pool& p = pool();
    std::lock_guard<std::mutex> lock(p.mu);
    auto& list = p.free[size_];
    if (!list.empty()) {
      sc = list.back();
      list.pop_back();
      pooled = true;
    }
  }
  if (!pooled) sc = boost::context::protected_fixedsize_stack(size_).allocate();
  if (branch_) set_canaries(sc);
  return sc;
}

void pooled_stack::deallocate(boost::context::stack_context& sc) noexcept {
  // Before it is pooled: once in the pool another thread may take it.
  if (branch_) release_deep_pages(sc);
  if (!local_stacks.keep(size_, sc, branch_)) pool_or_free(size_, sc, branch_);
}

}  // namespace ptc::lisp
