#include <catch2/catch.hpp>

#include <random>

#include "ptc/lisp/vector.hpp"

namespace lisp_vector_test {

using namespace ptc::lisp;

namespace {

value I(std::int64_t i) { return value::integer(i); }

value range_vector(std::int64_t n) {
  value v = vector_obj::empty();
  for (std::int64_t i = 0; i < n; ++i) v = vector_obj::conj(std::move(v), I(i));
  return v;
}

const vector_obj& V(const value& v) { return v.as<vector_obj>(); }

void check_range(const value& v, std::int64_t n, std::int64_t offset = 0) {
  REQUIRE(V(v).size() == static_cast<std::size_t>(n));
  for (std::int64_t i = 0; i < n; ++i)
    if (V(v).at(i).as_int() != i + offset) FAIL("item " << i << " is " << V(v).at(i).as_int());
}

}  // namespace

TEST_CASE("vector: empty is an immortal singleton") {
  value a = vector_obj::empty(), b = vector_obj::empty();
  CHECK(a.obj() == b.obj());
  CHECK(a.obj()->immortal());
  CHECK(V(a).size() == 0);
  CHECK(V(vector_obj::from({})).size() == 0);
}

TEST_CASE("vector: 100,000 conj, at, each and items") {
  value v = range_vector(100'000);
  check_range(v, 100'000);
  std::int64_t expect = 0;
  bool all = V(v).each([&](const value& x) { return x.as_int() == expect++; });
  CHECK(all);
  CHECK(expect == 100'000);
  auto items = V(v).items();
  REQUIRE(items.size() == 100'000);
  CHECK(items[99'999].as_int() == 99'999);
  // each stops early
  int seen = 0;
  CHECK_FALSE(V(v).each([&](const value&) { return ++seen < 40; }));
  CHECK(seen == 40);
}

TEST_CASE("vector: chunk_for points at item i") {
  value v = range_vector(100);
  CHECK(V(v).chunk_for(0)->as_int() == 0);
  CHECK(V(v).chunk_for(37)->as_int() == 37);
  CHECK(V(v).chunk_for(37)[26].as_int() == 63);
  CHECK(V(v).chunk_for(99)->as_int() == 99);
}

TEST_CASE("vector: conj reuses a unique vector in place") {
  value v = range_vector(10);
  object* before = v.obj();
  for (int i = 10; i < 5000; ++i) v = vector_obj::conj(std::move(v), I(i));
  CHECK(v.obj() == before);
  v = vector_obj::assoc(std::move(v), 3, I(-3));
  CHECK(v.obj() == before);
  v = vector_obj::pop(std::move(v));
  CHECK(v.obj() == before);
  CHECK(V(v).size() == 4999);
  CHECK(V(v).at(3).as_int() == -3);
}

TEST_CASE("vector: old versions are unchanged after conj, assoc and pop on a shared value") {
  for (std::int64_t n : {0, 1, 31, 32, 33, 1023, 1024, 1025, 1056, 1057, 32768, 32800, 40000}) {
    value base = range_vector(n);
    value grown = vector_obj::conj(base, I(-1));
    check_range(base, n);
    REQUIRE(V(grown).size() == static_cast<std::size_t>(n + 1));
    CHECK(V(grown).at(n).as_int() == -1);
    if (n > 0) {
      for (std::int64_t i : {std::int64_t{0}, n / 2, n - 1}) {
        value changed = vector_obj::assoc(base, i, I(-7));
        CHECK(V(changed).at(i).as_int() == -7);
        check_range(base, n);
      }
      value popped = vector_obj::pop(base);
      check_range(popped, n - 1);
      check_range(base, n);
    }
    // Appending through assoc at size().
    value appended = vector_obj::assoc(base, n, I(n));
    check_range(appended, n + 1);
    check_range(base, n);
  }
}

TEST_CASE("vector: pop through every size from 1057 down to 0") {
  value v = range_vector(1057);
  for (std::int64_t n = 1057; n > 0; --n) {
    REQUIRE(V(v).size() == static_cast<std::size_t>(n));
    REQUIRE(V(v).at(n - 1).as_int() == n - 1);
    REQUIRE(V(v).at(0).as_int() == 0);
    v = vector_obj::pop(std::move(v));
  }
  CHECK(V(v).size() == 0);
  CHECK(v.obj() == vector_obj::empty().obj());
  // Grows again after shrinking.
  for (int i = 0; i < 2000; ++i) v = vector_obj::conj(std::move(v), I(i));
  check_range(v, 2000);
}

TEST_CASE("vector: from copies and moves") {
  std::vector<value> items;
  for (int i = 0; i < 3000; ++i) items.push_back(I(i));
  value a = vector_obj::from(items.data(), items.size());
  check_range(a, 3000);
  value b = vector_obj::from(std::move(items));
  check_range(b, 3000);
}

TEST_CASE("vector: random operations with shared snapshots match a model") {
  std::mt19937 rng(42);
  value v = vector_obj::empty();
  std::vector<std::int64_t> model;
  std::vector<std::pair<value, std::vector<std::int64_t>>> snapshots;
  for (int step = 0; step < 60'000; ++step) {
    int op = rng() % 10;
    if (op < 6 || model.empty()) {
      v = vector_obj::conj(std::move(v), I(step));
      model.push_back(step);
    } else if (op < 8) {
      std::size_t i = rng() % model.size();
      v = vector_obj::assoc(std::move(v), i, I(-step));
      model[i] = -step;
    } else {
      v = vector_obj::pop(std::move(v));
      model.pop_back();
    }
    if (step % 997 == 0) snapshots.emplace_back(v, model);  // shares v: the next op copies
  }
  auto same = [](const value& x, const std::vector<std::int64_t>& m) {
    if (V(x).size() != m.size()) return false;
    for (std::size_t i = 0; i < m.size(); ++i)
      if (V(x).at(i).as_int() != m[i]) return false;
    return true;
  };
  CHECK(same(v, model));
  for (auto& [snap, m] : snapshots) CHECK(same(snap, m));
}

TEST_CASE("PERF vector made whole (up to 32 items inline, more a leaf at a time): every operation "
          "and every shared version stays right through growth past the inline room and back") {
  // Vectors of 1..32 items made at once hold them in the vector object (one allocation), larger
  // ones are filled leaf by leaf; conj, assoc, pop and mutable_at on them and on shared copies
  // must behave as on any vector.
  auto same = [](const value& x, const std::vector<std::int64_t>& m) {
    if (V(x).size() != m.size()) return false;
    for (std::size_t i = 0; i < m.size(); ++i)
      if (V(x).at(i).as_int() != m[i] || V(x).chunk_for(i)->as_int() != m[i]) return false;
    return true;
  };
  std::mt19937 rng(7);
  for (std::size_t n : {1, 2, 5, 8, 9, 31, 32, 33, 64, 65, 1024, 1057}) {
    std::vector<value> items;
    std::vector<std::int64_t> model;
    for (std::size_t i = 0; i < n; ++i) {
      items.push_back(I(static_cast<std::int64_t>(i)));
      model.push_back(static_cast<std::int64_t>(i));
    }
    value v = vector_obj::from_moved(items.data(), n);
    REQUIRE(same(v, model));
    std::vector<std::pair<value, std::vector<std::int64_t>>> snapshots{{v, model}};
    for (int step = 0; step < 3'000; ++step) {
      int op = rng() % 10;
      if (op < 5 || model.empty()) {
        v = vector_obj::conj(std::move(v), I(step));
        model.push_back(step);
      } else if (op < 7) {
        std::size_t i = rng() % model.size();
        v = vector_obj::assoc(std::move(v), i, I(-step));
        model[i] = -step;
      } else if (op < 8) {
        std::size_t i = rng() % model.size();
        *vector_obj::mutable_at(v, i) = I(step * 10);
        model[i] = step * 10;
      } else {
        v = vector_obj::pop(std::move(v));
        model.pop_back();
      }
      if (step % 7 == 0) snapshots.emplace_back(v, model);  // shares v: the next op copies
      if (!same(v, model)) FAIL("n " << n << " step " << step);
    }
    for (auto& [snap, m] : snapshots)
      if (!same(snap, m)) FAIL("a shared version changed (n " << n << ")");
  }
  // A conj on a shared inline vector leaves the original as it was.
  value kv[3] = {I(1), I(2), I(3)};
  value a = vector_obj::from_moved(kv, 3);
  value b = vector_obj::conj(a, I(4));
  CHECK(V(a).size() == 3);
  CHECK(V(b).size() == 4);
  CHECK(V(b).at(3).as_int() == 4);
  CHECK(a.obj() != b.obj());
}

}  // namespace lisp_vector_test
