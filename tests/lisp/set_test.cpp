#include <catch2/catch.hpp>

#include "ptc/lisp/set.hpp"
#include "ptc/lisp/string.hpp"
#include "ptc/lisp/vector.hpp"

namespace lisp_set_test {

using namespace ptc::lisp;

namespace {
value I(std::int64_t i) { return value::integer(i); }
const set_obj& S(const value& v) { return v.as<set_obj>(); }
std::vector<std::int64_t> ints(const value& s) {
  std::vector<std::int64_t> out;
  for (const value& x : S(s).items()) out.push_back(x.as_int());
  return out;
}
}  // namespace

TEST_CASE("set: empty, conj, contains, disj keep insertion order") {
  value e = set_obj::empty();
  CHECK(e.obj() == set_obj::empty().obj());
  CHECK(S(e).size() == 0);
  value s = e;
  for (std::int64_t x : {3, 1, 2, 1, 3}) s = set_obj::conj(std::move(s), I(x));
  CHECK(ints(s) == std::vector<std::int64_t>{3, 1, 2});
  CHECK(S(s).contains(I(1)));
  CHECK_FALSE(S(s).contains(I(4)));
  CHECK_FALSE(S(s).contains(value::floating(1.0)));
  s = set_obj::disj(std::move(s), I(1));
  CHECK(ints(s) == std::vector<std::int64_t>{3, 2});
  s = set_obj::conj(std::move(s), I(1));
  CHECK(ints(s) == std::vector<std::int64_t>{3, 2, 1});
  CHECK(S(e).size() == 0);
  value none = set_obj::disj(s, I(99));
  CHECK(none.obj() == s.obj());
  value gone = set_obj::disj(set_obj::from({I(5)}), I(5));
  CHECK(gone.obj() == set_obj::empty().obj());
}

TEST_CASE("set: find returns the stored item, from dedups") {
  value s = set_obj::from({vector_obj::from({I(1), I(2)}), make_string("x"), make_string("x")});
  CHECK(S(s).size() == 2);
  const value* f = S(s).find(vector_obj::from({I(1), I(2)}));
  REQUIRE(f);
  CHECK(f->is(type::vector));
  CHECK(S(s).find(make_string("y")) == nullptr);
}

TEST_CASE("set: 100,000 items, sharing and removal") {
  value s = set_obj::empty();
  value half;
  for (int i = 0; i < 100'000; ++i) {
    s = set_obj::conj(std::move(s), I(i));
    if (i == 49'999) half = s;
  }
  CHECK(S(s).size() == 100'000);
  CHECK(S(half).size() == 50'000);
  CHECK_FALSE(S(half).contains(I(50'000)));
  for (int i = 0; i < 100'000; i += 2) s = set_obj::disj(std::move(s), I(i));
  CHECK(S(s).size() == 50'000);
  for (int i = 0; i < 100'000; ++i) REQUIRE(S(s).contains(I(i)) == (i % 2 == 1));
  CHECK(S(half).contains(I(0)));
  auto items = S(s).items();
  CHECK(items.front().as_int() == 1);
  CHECK(items.back().as_int() == 99'999);
  std::size_t seen = 0;
  CHECK_FALSE(S(s).each([&](const value&) { return ++seen < 10; }));
  CHECK(seen == 10);
}

}  // namespace lisp_set_test
