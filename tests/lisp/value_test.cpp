#include <catch2/catch.hpp>

#include <cmath>

#include "ptc/lisp/budget.hpp"
#include "ptc/lisp/error.hpp"
#include "ptc/lisp/list.hpp"
#include "ptc/lisp/map.hpp"
#include "ptc/lisp/set.hpp"
#include "ptc/lisp/string.hpp"
#include "ptc/lisp/vector.hpp"

namespace lisp_value_test {

using namespace ptc::lisp;

namespace {

value I(std::int64_t i) { return value::integer(i); }
value D(double d) { return value::floating(d); }
value S(const char* s) { return make_string(s); }
value K(const char* s) { return keyword(s); }
value vec(std::vector<value> xs) { return vector_obj::from(std::move(xs)); }
value lst(std::vector<value> xs) { return list_obj::from(std::move(xs)); }
value hmap(std::vector<map_obj::entry> es) { return map_obj::from(std::move(es)); }

error_kind kind_of_failure(const value& a, const value& b) {
  try {
    compare_values(a, b);
  } catch (const lisp_exception& e) {
    return e.err().kind;
  }
  FAIL("no error");
  return error_kind::parse;
}

std::string compare_message(const value& a, const value& b) {
  try {
    compare_values(a, b);
  } catch (const lisp_exception& e) {
    return e.err().message;
  }
  return "";
}

int sign(int x) { return (x > 0) - (x < 0); }

}  // namespace

TEST_CASE("value: type names") {
  CHECK(std::string(type_name(type::integer)) == "integer");
  CHECK(std::string(type_name(type::floating)) == "double");
  CHECK(std::string(type_name(type::map)) == "map");
  CHECK(std::string(type_name(type::nil)) == "nil");
  CHECK(std::string(type_name(type::lazy_seq)) == "lazy sequence");
}

TEST_CASE("value: equality follows Clojure =") {
  CHECK(equal(I(1), I(1)));
  CHECK_FALSE(equal(I(1), D(1.0)));                     // (= 1 1.0) => false
  CHECK(equal(D(0.0), D(-0.0)));                        // (= 0.0 -0.0) => true
  CHECK_FALSE(equal(D(NAN), D(NAN)));                   // (= ##NaN ##NaN) => false
  CHECK(equal(value(), value()));
  CHECK_FALSE(equal(value(), value::boolean(false)));
  CHECK(equal(S("abc"), S("abc")));
  CHECK_FALSE(equal(S("abc"), S("abd")));
  CHECK_FALSE(equal(value::character(U'a'), S("a")));  // (= \a "a") => false
  CHECK_FALSE(equal(symbol("a"), K("a")));              // (= 'a :a) => false
  CHECK(equal(K("a"), K("a")));
  CHECK(equal(vec({I(1), I(2)}), lst({I(1), I(2)})));   // (= [1 2] '(1 2)) => true
  CHECK(equal(vector_obj::empty(), list_obj::empty())); // (= [] '()) => true
  CHECK_FALSE(equal(vector_obj::empty(), map_obj::empty()));
  CHECK_FALSE(equal(vec({D(1.0)}), vec({I(1)})));
  CHECK_FALSE(equal(vec({I(1), I(2)}), vec({I(1)})));
  CHECK(equal(hmap({{K("a"), I(1)}, {K("b"), I(2)}}), hmap({{K("b"), I(2)}, {K("a"), I(1)}})));
  CHECK_FALSE(equal(hmap({{K("a"), I(1)}}), hmap({{K("a"), I(2)}})));
  CHECK_FALSE(equal(hmap({{K("a"), I(1)}}), hmap({{K("b"), I(1)}})));
  CHECK(equal(set_obj::from({I(1), I(2)}), set_obj::from({I(2), I(1)})));
  CHECK_FALSE(equal(set_obj::from({I(1)}), set_obj::from({I(2)})));
  CHECK_FALSE(equal(set_obj::from({I(1)}), vec({I(1)})));
  // Nested: a map whose values are a list and a vector.
  value m1 = hmap({{vec({I(1)}), lst({S("x")})}});
  value m2 = hmap({{lst({I(1)}), vec({S("x")})}});
  CHECK(equal(m1, m2));
}

TEST_CASE("value: numeric == mixes integers and doubles") {
  CHECK(numeric_equal(I(1), D(1.0)));
  CHECK_FALSE(numeric_equal(I(1), D(1.5)));
  CHECK(numeric_equal(I(3), I(3)));
  CHECK_FALSE(numeric_equal(D(NAN), D(NAN)));
}

TEST_CASE("value: hash is consistent with equality") {
  CHECK(hash(vec({I(1), I(2)})) == hash(lst({I(1), I(2)})));
  CHECK(hash(vector_obj::empty()) == hash(list_obj::empty()));
  CHECK(hash(D(0.0)) == hash(D(-0.0)));
  CHECK(hash(S("abc")) == hash(S("abc")));
  CHECK(hash(S("abc")) == hash_text("abc"));
  CHECK(hash(hmap({{K("a"), I(1)}, {K("b"), I(2)}})) == hash(hmap({{K("b"), I(2)}, {K("a"), I(1)}})));
  CHECK(hash(set_obj::from({I(1), I(2), I(3)})) == hash(set_obj::from({I(3), I(1), I(2)})));
  CHECK(hash(vec({I(1), I(2)})) != hash(vec({I(2), I(1)})));
  CHECK(hash(hmap({{K("a"), I(1)}})) != hash(hmap({{K("a"), I(2)}})));
  // Values usable as map keys across list/vector.
  value m = map_obj::assoc(map_obj::empty(), vec({I(1), I(2)}), S("v"));
  for (int i = 0; i < 20; ++i) m = map_obj::assoc(std::move(m), I(i), I(i));  // indexed map
  REQUIRE(m.as<map_obj>().find(lst({I(1), I(2)})));
  CHECK(string_text(*m.as<map_obj>().find(lst({I(1), I(2)}))) == "v");
  m = map_obj::assoc(std::move(m), D(-0.0), S("zero"));
  CHECK(m.as<map_obj>().find(D(0.0)) != nullptr);
  CHECK(m.as<map_obj>().find(D(1.0)) == nullptr);
  CHECK(m.as<map_obj>().find(I(3)) != nullptr);
  CHECK(m.as<map_obj>().find(D(3.0)) == nullptr);
}

TEST_CASE("value: compare matches Clojure") {
  // Expected results produced by Clojure 1.11 (compare a b).
  CHECK(compare_values(I(1), D(1.0)) == 0);
  CHECK(compare_values(I(1), D(2.5)) == -1);
  CHECK(compare_values(D(3.5), I(1)) == 1);
  CHECK(compare_values(I(5), I(3)) == 1);
  CHECK(compare_values(value(), I(1)) == -1);
  CHECK(compare_values(I(1), value()) == 1);
  CHECK(compare_values(value(), value()) == 0);
  CHECK(compare_values(value::boolean(false), value::boolean(true)) == -1);
  CHECK(compare_values(value::boolean(true), value::boolean(false)) == 1);
  CHECK(compare_values(S("a"), S("b")) == -1);
  CHECK(compare_values(S("abc"), S("b")) == -1);
  CHECK(compare_values(S("a"), S("abc")) == -2);
  CHECK(compare_values(S("b"), S("a")) == 1);
  CHECK(compare_values(S("ab"), S("a")) == 1);
  CHECK(compare_values(S("é"), S("z")) == 111);
  CHECK(compare_values(S("😀"), S("\uFFFF")) == -10178);  // UTF-16 units, as Java
  // Past a common prefix of a word or more (compared a word at a time): the same answers.
  CHECK(compare_values(S("prefix-shared-é"), S("prefix-shared-z")) == 111);
  CHECK(compare_values(S("prefix-shared-😀"), S("prefix-shared-\uFFFF")) == -10178);
  CHECK(compare_values(S("prefix-shared-éa"), S("prefix-shared-éb")) == -1);
  CHECK(compare_values(S("prefix-shared-ü"), S("prefix-shared-é")) == 19);  // same lead byte
  CHECK(compare_values(S("prefix-shared-"), S("prefix-shared-😀😀")) == -4);
  CHECK(compare_values(S("prefix-shared-😀é"), S("prefix-shared-")) == 3);
  CHECK(compare_values(S("HOST12_EXAMPLE_COM"), S("HOST12_EXAMPLE_COM")) == 0);
  CHECK(compare_values(S("HOST12_EXAMPLE_COM"), S("HOST13_EXAMPLE_COM")) == -1);
  CHECK(compare_values(S("0123456789abcdefX"), S("0123456789abcdefY")) == -1);
  CHECK(compare_values(K("a"), K("b")) == -1);
  CHECK(compare_values(K("a/b"), K("b")) == 1);
  CHECK(compare_values(K("b"), K("a/b")) == -1);
  CHECK(compare_values(K("a/z"), K("b/a")) == -1);
  CHECK(compare_values(symbol("a"), symbol("b")) == -1);
  CHECK(compare_values(symbol("a/b"), symbol("a")) == 1);
  CHECK(compare_values(vec({I(1), I(2)}), vec({I(1), I(3)})) == -1);
  CHECK(compare_values(vec({I(1), I(2), I(3)}), vec({I(2)})) == 1);
  CHECK(compare_values(vector_obj::empty(), vector_obj::empty()) == 0);
  CHECK(compare_values(vec({value()}), vec({I(1)})) == -1);
  CHECK(compare_values(value::character(U'a'), value::character(U'b')) == -1);
  CHECK(compare_values(value::character(U'a'), value::character(U'c')) == -2);
  CHECK(compare_values(D(NAN), I(1)) == 0);
  CHECK(compare_values(I(1), D(NAN)) == 0);
  CHECK(compare_values(D(0.0), D(-0.0)) == 0);
  CHECK(compare_values(I(9223372036854775807LL), D(9.223372036854775807E18)) == 0);
  CHECK(compare_values(map_obj::empty(), map_obj::empty()) == 0);  // identical objects
  CHECK(sign(compare_values(I(-5), I(7))) == -1);
}

TEST_CASE("value: incomparable values are type errors") {
  CHECK(kind_of_failure(I(1), S("a")) == error_kind::type);
  CHECK(kind_of_failure(S("a"), I(1)) == error_kind::type);
  CHECK(kind_of_failure(K("a"), S("a")) == error_kind::type);
  CHECK(kind_of_failure(lst({I(1)}), lst({I(2)})) == error_kind::type);
  CHECK(kind_of_failure(value::boolean(true), I(1)) == error_kind::type);
  CHECK(kind_of_failure(value::character(U'a'), I(1)) == error_kind::type);
  CHECK(kind_of_failure(vec({I(1)}), lst({I(1)})) == error_kind::type);
  CHECK(kind_of_failure(vec({I(1), S("a")}), vec({I(1), I(2)})) == error_kind::type);
  CHECK(kind_of_failure(symbol("a"), K("a")) == error_kind::type);
  CHECK(kind_of_failure(hmap({{K("a"), I(1)}}), hmap({{K("a"), I(1)}})) == error_kind::type);
  CHECK(compare_message(S("a"), I(1)) == "cannot compare a string with an integer");
  CHECK(compare_message(lst({I(1)}), lst({I(2)})).rfind("cannot compare lists", 0) == 0);
}

TEST_CASE("value: a value nested a million levels deep is freed without a crash") {
  value v = vector_obj::empty();
  for (int i = 0; i < 1'000'000; ++i) v = vector_obj::from({v});
  value m = map_obj::empty();
  for (int i = 0; i < 1'000'000; ++i) m = map_obj::assoc(map_obj::empty(), K("k"), std::move(m));
  v = value();
  m = value();
  SUCCEED();
}

TEST_CASE("value: equality, hash and compare use no native stack per level, 10,000 at most") {
  auto nest = [](int depth) {
    value v = vector_obj::empty();
    for (int i = 0; i < depth; ++i) v = vector_obj::from({v});
    return v;
  };
  auto nest_map = [](int depth) {
    value m = map_obj::empty();
    for (int i = 0; i < depth; ++i) m = map_obj::assoc(map_obj::empty(), K("k"), m);
    return m;
  };
  auto limit_error = [](auto f) {
    try {
      f();
    } catch (const lisp_exception& e) {
      return e.err().kind == error_kind::limit;
    }
    return false;
  };
  value a = nest(9000), b = nest(9000);
  CHECK(equal(a, b));
  CHECK(hash(a) == hash(b));
  CHECK(compare_values(a, b) == 0);
  CHECK_FALSE(equal(a, nest(8999)));
  CHECK(compare_values(a, nest(8999)) == 1);  // [[...]] vs [[...]]: innermost [] vs [[]] differ in length
  CHECK(equal(nest_map(9000), nest_map(9000)));
  CHECK(hash(nest_map(9000)) == hash(nest_map(9000)));
  value c = nest(10'500), d = nest(10'500);
  CHECK(limit_error([&] { equal(c, d); }));
  CHECK(limit_error([&] { hash(c); }));
  CHECK(limit_error([&] { compare_values(c, d); }));
  value e = nest_map(10'500), f = nest_map(10'500);
  CHECK(limit_error([&] { equal(e, f); }));
  CHECK(limit_error([&] { hash(e); }));
  // Sets nested in sets go through membership tests: bounded separately.
  auto nest_set = [](int depth) {
    value s = set_obj::empty();
    for (int i = 0; i < depth; ++i) s = set_obj::from({s});
    return s;
  };
  CHECK(equal(nest_set(50), nest_set(50)));
  CHECK(limit_error([&] { equal(nest_set(500), nest_set(500)); }));
}

TEST_CASE("value: heap objects are charged to the active budget and credited when freed") {
  budget b;
  b.activate();
  std::uint64_t base = b.live_bytes();
  {
    value v = vector_obj::empty();
    for (int i = 0; i < 10'000; ++i) v = vector_obj::conj(std::move(v), make_string(std::string(100, 'x')));
    CHECK(b.live_bytes() > base + 10'000 * 100);
    value m = map_obj::empty();
    for (int i = 0; i < 1'000; ++i) m = map_obj::assoc(std::move(m), I(i), v);
    CHECK(b.live_bytes() > base + 10'000 * 100);
  }
  CHECK(b.live_bytes() == base);
  // An object made during the run but freed after it ended is simply freed.
  value survivor = make_string(std::string(1000, 'y'));
  b.deactivate();
  survivor = value();
  CHECK(b.live_bytes() > base);
}

}  // namespace lisp_value_test
