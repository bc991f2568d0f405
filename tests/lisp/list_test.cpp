#include <catch2/catch.hpp>

#include "ptc/lisp/list.hpp"

namespace lisp_list_test {

using namespace ptc::lisp;

namespace {
value I(std::int64_t i) { return value::integer(i); }
const list_obj& L(const value& v) { return v.as<list_obj>(); }
}  // namespace

TEST_CASE("list: empty is an immortal singleton") {
  value e = list_obj::empty();
  CHECK(e.obj() == list_obj::empty().obj());
  CHECK(e.obj()->immortal());
  CHECK(L(e).size() == 0);
  CHECK(L(e).first().is_nil());
  CHECK(L(e).rest().obj() == e.obj());
  CHECK_FALSE(L(e).begin() != L(e).end());
  CHECK(list_obj::from({}).obj() == e.obj());
}

TEST_CASE("list: cons, first, rest and iteration") {
  value l = list_obj::cons(I(1), list_obj::cons(I(2), list_obj::cons(I(3), list_obj::empty())));
  REQUIRE(L(l).size() == 3);
  CHECK(L(l).first().as_int() == 1);
  value r = L(l).rest();
  CHECK(L(r).size() == 2);
  CHECK(L(r).first().as_int() == 2);
  CHECK(L(L(L(r).rest()).rest()).size() == 0);
  std::vector<std::int64_t> seen;
  for (const value& x : L(l)) seen.push_back(x.as_int());
  CHECK(seen == std::vector<std::int64_t>{1, 2, 3});
  // The tail is shared, not copied.
  value l2 = list_obj::cons(I(0), l);
  CHECK(L(l2).next_cell() == &L(l));
  CHECK(L(l2).size() == 4);
}

TEST_CASE("list: from a vector of values and from a pointer range") {
  std::vector<value> items{I(1), I(2), I(3), I(4)};
  value a = list_obj::from(items.data(), items.size());
  value b = list_obj::from(std::move(items));
  for (const value* v : {&a, &b}) {
    REQUIRE(L(*v).size() == 4);
    std::int64_t expect = 1;
    std::size_t count = 4;
    for (const list_obj* c = &L(*v); c; c = c->next_cell()) {
      CHECK(c->first().as_int() == expect++);
      CHECK(c->size() == count--);
    }
  }
}

TEST_CASE("list: a million-item list is freed without deep recursion") {
  value l = list_obj::empty();
  for (int i = 0; i < 1'000'000; ++i) l = list_obj::cons(I(i), std::move(l));
  CHECK(L(l).size() == 1'000'000);
  l = value();  // must not overflow the stack
  SUCCEED();
}

TEST_CASE("list: a list nested a million levels deep is freed") {
  value l = list_obj::empty();
  for (int i = 0; i < 1'000'000; ++i) l = list_obj::from({l});
  l = value();
  SUCCEED();
}

}  // namespace lisp_list_test
