// The fiber stack pool: stacks are reused, and a pooled branch stack keeps resident only its
// top (a deep recursion's pages go back to the system; a shallow program's stack costs no call).
#include <catch2/catch.hpp>

#include <sys/mman.h>
#include <unistd.h>

#include <cstddef>
#include <cstring>
#include <vector>

#include "ptc/lisp/fiber_stack.hpp"

using ptc::lisp::pooled_stack;

namespace {

// A size no run uses, so that this test's stacks have a pool list of their own.
constexpr std::size_t test_stack_bytes = (2u << 20) + (12u << 12);
constexpr std::size_t kept = 64u << 10;  // fiber_stack.cpp's kept_resident_bytes

/// Pages of [from, from + bytes) that are resident.
std::size_t resident_pages(const char* from, std::size_t bytes) {
  const std::size_t page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
  std::vector<unsigned char> v(bytes / page);
  REQUIRE(::mincore(const_cast<char*>(from), bytes, v.data()) == 0);
  std::size_t n = 0;
  for (unsigned char c : v) n += c & 1u;
  return n;
}

}  // namespace

TEST_CASE("fiber stacks: a pooled branch stack drops the pages a deep program touched, keeps its top",
          "[run][limits][stack]") {
  pooled_stack alloc(test_stack_bytes, true);
  auto sc = alloc.allocate();
  char* top = static_cast<char*>(sc.sp);
  const std::size_t deep = 1u << 20;  // a recursion 1 MB deep
  std::memset(top - deep, 0x5a, deep);
  REQUIRE(resident_pages(top - deep, deep - kept) >= (deep - kept) / 4096 - 1);
  alloc.deallocate(sc);
  CHECK(resident_pages(top - deep, deep - kept) == 0);  // given back
  CHECK(resident_pages(top - kept, kept) == kept / 4096);  // the top stays

  // The same stack comes back from the pool, and a shallow program leaves its pages alone.
  auto again = alloc.allocate();
  CHECK(static_cast<char*>(again.sp) == top);
  std::memset(top - 16 * 1024, 0x11, 16 * 1024);
  alloc.deallocate(again);
  CHECK(resident_pages(top - 16 * 1024, 16 * 1024) == 4);

  // A deep program on a reused stack is seen too (the canaries are set again).
  auto third = alloc.allocate();
  CHECK(static_cast<char*>(third.sp) == top);
  std::memset(top - deep, 0x22, deep);
  alloc.deallocate(third);
  CHECK(resident_pages(top - deep, deep - kept) == 0);
}

TEST_CASE("fiber stacks: a main stack is pooled as it is (no system call, no extra page)", "[run][stack]") {
  pooled_stack alloc(test_stack_bytes + (4u << 12));
  auto sc = alloc.allocate();
  char* top = static_cast<char*>(sc.sp);
  CHECK(resident_pages(top - kept, kept) == 0);  // nothing written for it
  std::memset(top - (256u << 10), 0x33, 256u << 10);
  alloc.deallocate(sc);
  auto again = alloc.allocate();
  CHECK(static_cast<char*>(again.sp) == top);
  CHECK(resident_pages(top - (256u << 10), 256u << 10) == 64);
  alloc.deallocate(again);
}
