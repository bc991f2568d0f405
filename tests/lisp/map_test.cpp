#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <random>

#include "ptc/lisp/budget.hpp"
#include "ptc/lisp/map.hpp"
#include "ptc/lisp/string.hpp"
#include "ptc/lisp/vector.hpp"

namespace lisp_map_test {

using namespace ptc::lisp;

namespace {

value I(std::int64_t i) { return value::integer(i); }
const map_obj& M(const value& m) { return m.as<map_obj>(); }

std::vector<std::int64_t> keys_of(const value& m) {
  std::vector<std::int64_t> out;
  M(m).each([&](const value& k, const value&) {
    out.push_back(k.as_int());
    return true;
  });
  return out;
}

using model_t = std::vector<std::pair<std::int64_t, std::int64_t>>;

/// The map holds exactly the model's entries, in its order, and finds each of them.
bool matches_model(const value& x, const model_t& md) {
  auto es = M(x).entries();
  if (es.size() != md.size() || M(x).size() != md.size()) return false;
  for (std::size_t i = 0; i < md.size(); ++i) {
    if (es[i].first.as_int() != md[i].first || es[i].second.as_int() != md[i].second) return false;
    const value* f = M(x).find(I(md[i].first));
    if (!f || f->as_int() != md[i].second) return false;
  }
  return true;
}

}  // namespace

TEST_CASE("map: empty is an immortal singleton") {
  CHECK(map_obj::empty().obj() == map_obj::empty().obj());
  CHECK(M(map_obj::empty()).size() == 0);
  CHECK(M(map_obj::empty()).find(I(1)) == nullptr);
  value m = map_obj::assoc(map_obj::empty(), I(1), I(2));
  CHECK(M(m).size() == 1);
  CHECK(M(map_obj::empty()).size() == 0);
  CHECK(map_obj::dissoc(m, I(1)).obj() == map_obj::empty().obj());
}

TEST_CASE("map: insertion order, an existing key keeps its place") {
  value m = map_obj::empty();
  for (std::int64_t k : {5, 3, 9, 1}) m = map_obj::assoc(std::move(m), I(k), I(k * 10));
  CHECK(keys_of(m) == std::vector<std::int64_t>{5, 3, 9, 1});
  m = map_obj::assoc(std::move(m), I(3), I(-1));
  CHECK(keys_of(m) == std::vector<std::int64_t>{5, 3, 9, 1});
  CHECK(M(m).find(I(3))->as_int() == -1);
  m = map_obj::dissoc(std::move(m), I(3));
  CHECK(keys_of(m) == std::vector<std::int64_t>{5, 9, 1});
  CHECK(M(m).find(I(3)) == nullptr);
  m = map_obj::assoc(std::move(m), I(3), I(33));
  CHECK(keys_of(m) == std::vector<std::int64_t>{5, 9, 1, 3});
  auto entries = M(m).entries();
  REQUIRE(entries.size() == 4);
  CHECK(entries[3].second.as_int() == 33);
}

TEST_CASE("map: dissoc then re-assoc moves the key last in a large map") {
  value m = map_obj::empty();
  for (int i = 0; i < 100; ++i) m = map_obj::assoc(std::move(m), I(i), I(i));
  m = map_obj::dissoc(std::move(m), I(10));
  m = map_obj::assoc(std::move(m), I(10), I(-10));
  auto ks = keys_of(m);
  REQUIRE(ks.size() == 100);
  CHECK(ks.back() == 10);
  CHECK(ks[10] == 11);
  CHECK(M(m).find(I(10))->as_int() == -10);
  // dissoc of an absent key returns the same map.
  value same = map_obj::dissoc(m, I(1000));
  CHECK(same.obj() == m.obj());
}

TEST_CASE("map: from keeps the first position and the last value of a repeated key") {
  std::vector<map_obj::entry> es;
  es.emplace_back(keyword("a"), I(1));
  es.emplace_back(keyword("b"), I(2));
  es.emplace_back(keyword("a"), I(3));
  value m = map_obj::from(std::move(es));
  auto entries = M(m).entries();
  REQUIRE(entries.size() == 2);
  CHECK(entries[0].first.obj() == keyword("a").obj());
  CHECK(entries[0].second.as_int() == 3);
  CHECK(entries[1].second.as_int() == 2);
}

TEST_CASE("map: 100,000 keys in place, lookups and order") {
  value m = map_obj::empty();
  for (int i = 0; i < 100'000; ++i) m = map_obj::assoc(std::move(m), I(i), I(i * 2));
  object* before = m.obj();
  m = map_obj::assoc(std::move(m), I(-1), I(0));
  CHECK(m.obj() == before);  // unique: changed in place
  REQUIRE(M(m).size() == 100'001);
  for (int i = 0; i < 100'000; ++i)
    if (!M(m).find(I(i)) || M(m).find(I(i))->as_int() != i * 2) FAIL("key " << i);
  CHECK(M(m).find(I(100'000)) == nullptr);
  auto ks = keys_of(m);
  CHECK(ks.front() == 0);
  CHECK(ks[99'999] == 99'999);
  CHECK(ks.back() == -1);
}

TEST_CASE("map: string and vector keys in a large map") {
  value m = map_obj::empty();
  for (int i = 0; i < 5000; ++i) {
    m = map_obj::assoc(std::move(m), make_string("k" + std::to_string(i)), I(i));
    m = map_obj::assoc(std::move(m), vector_obj::from({I(i), I(i + 1)}), I(-i));
  }
  CHECK(M(m).size() == 10'000);
  CHECK(M(m).find(make_string("k4321"))->as_int() == 4321);
  CHECK(M(m).find(vector_obj::from({I(17), I(18)}))->as_int() == -17);
  CHECK(M(m).find(vector_obj::from({I(17), I(19)})) == nullptr);
}

TEST_CASE("map: shared versions are unchanged (persistent path)") {
  value m = map_obj::empty();
  std::vector<value> snaps;
  for (int i = 0; i < 20'000; ++i) {
    m = map_obj::assoc(m, I(i), I(i));  // copy of m passed: never unique
    if (i % 1000 == 0) snaps.push_back(m);
  }
  for (std::size_t s = 0; s < snaps.size(); ++s) {
    std::size_t n = s * 1000 + 1;
    REQUIRE(M(snaps[s]).size() == n);
    CHECK(M(snaps[s]).find(I(n)) == nullptr);
    CHECK(M(snaps[s]).find(I(n - 1))->as_int() == static_cast<std::int64_t>(n - 1));
  }
  value big = snaps.back();
  value changed = map_obj::assoc(big, I(5), I(-5));
  value removed = map_obj::dissoc(big, I(7));
  CHECK(M(big).find(I(5))->as_int() == 5);
  CHECK(M(big).find(I(7))->as_int() == 7);
  CHECK(M(changed).find(I(5))->as_int() == -5);
  CHECK(M(removed).find(I(7)) == nullptr);
  CHECK(M(removed).size() == M(big).size() - 1);
}

TEST_CASE("map: dissoc most keys compacts and keeps order") {
  value m = map_obj::empty();
  for (int i = 0; i < 10'000; ++i) m = map_obj::assoc(std::move(m), I(i), I(i));
  value keep = m;
  for (int i = 0; i < 10'000; ++i)
    if (i % 7 != 0) m = map_obj::dissoc(std::move(m), I(i));
  auto ks = keys_of(m);
  REQUIRE(ks.size() == 1429);
  for (std::size_t j = 0; j < ks.size(); ++j) REQUIRE(ks[j] == static_cast<std::int64_t>(j * 7));
  for (int i = 0; i < 10'000; ++i) REQUIRE((M(m).find(I(i)) != nullptr) == (i % 7 == 0));
  CHECK(M(keep).size() == 10'000);
  for (int i = 0; i < 10'000; i += 7) m = map_obj::dissoc(std::move(m), I(i));
  CHECK(M(m).size() == 0);
}

TEST_CASE("map: random operations with snapshots match a model") {
  std::mt19937 rng(7);
  value m = map_obj::empty();
  model_t model;
  std::vector<std::pair<value, decltype(model)>> snaps;
  auto pos_of = [&](std::int64_t k) {
    for (std::size_t i = 0; i < model.size(); ++i)
      if (model[i].first == k) return static_cast<std::ptrdiff_t>(i);
    return std::ptrdiff_t{-1};
  };
  for (int step = 0; step < 20'000; ++step) {
    std::int64_t k = rng() % 300;
    if (rng() % 3) {
      m = map_obj::assoc(std::move(m), I(k), I(step));
      auto p = pos_of(k);
      if (p < 0) model.emplace_back(k, step);
      else model[p].second = step;
    } else {
      m = map_obj::dissoc(std::move(m), I(k));
      auto p = pos_of(k);
      if (p >= 0) model.erase(model.begin() + p);
    }
    if (step % 503 == 0) snaps.emplace_back(m, model);
  }
  auto same = matches_model;
  CHECK(same(m, model));
  for (auto& [s, md] : snaps) CHECK(same(s, md));
}

TEST_CASE("map: find_flex matches keyword and string keys both ways") {
  value m = map_obj::empty();
  m = map_obj::assoc(std::move(m), make_string("name"), I(1));
  m = map_obj::assoc(std::move(m), keyword("age"), I(2));
  m = map_obj::assoc(std::move(m), keyword("user/id"), I(3));
  CHECK(M(m).find(keyword("name")) == nullptr);
  CHECK(M(m).find_flex(keyword("name"))->as_int() == 1);
  CHECK(M(m).find_flex(make_string("age"))->as_int() == 2);
  CHECK(M(m).find_flex(make_string("user/id"))->as_int() == 3);
  CHECK(M(m).find_flex(make_string("missing")) == nullptr);
  // A flex lookup with a string never interns a keyword.
  CHECK(M(m).find_flex(make_string("h1-never-interned-key")) == nullptr);
  CHECK(find_keyword("h1-never-interned-key").is_nil());
  // Also through the hash index of a large map.
  for (int i = 0; i < 100; ++i) m = map_obj::assoc(std::move(m), make_string("s" + std::to_string(i)), I(i));
  CHECK(M(m).find_flex(keyword("s77"))->as_int() == 77);
  CHECK(M(m).find_flex(keyword("name"))->as_int() == 1);
  // Exact match wins over flex.
  m = map_obj::assoc(std::move(m), keyword("s5"), I(-5));
  CHECK(M(m).find_flex(keyword("s5"))->as_int() == -5);
  CHECK(M(m).find_flex(make_string("s5"))->as_int() == 5);
}

TEST_CASE("map: 100,000 assocs, unique (in place) and shared (persistent)") {
  // Speed is measured by examples/bench, never here; this checks both paths build the same map.
  value m = map_obj::empty();
  for (int i = 0; i < 100'000; ++i) m = map_obj::assoc(std::move(m), I(i), I(i));
  value p = map_obj::empty();
  std::vector<value> versions;
  for (int i = 0; i < 100'000; ++i) {
    value keep = p;  // a second reference forces the persistent path
    p = map_obj::assoc(keep, I(i), I(i));
    if (i % 10'000 == 0) versions.push_back(p);
  }
  CHECK(M(m).size() == 100'000);
  CHECK(M(p).size() == 100'000);
  CHECK(equal(m, p));
  for (std::size_t k = 0; k < versions.size(); ++k) CHECK(M(versions[k]).size() == k * 10'000 + 1);
}

TEST_CASE("map: a 12-key record stays small (the index grows with the map)") {
  std::vector<value> keys;
  for (int i = 0; i < 13; ++i) keys.push_back(keyword("field" + std::to_string(i)));
  budget b;
  b.activate();
  std::uint64_t base = b.live_bytes();
  value m = map_obj::empty();
  for (int i = 0; i < 12; ++i) m = map_obj::assoc(std::move(m), keys[i], I(i));
  std::uint64_t used = b.live_bytes() - base;
  CHECK(used < 2500);
  value bigger = map_obj::assoc(m, keys[12], I(1));  // shared: copies, never mutates m
  CHECK(M(m).size() == 12);
  CHECK(M(bigger).size() == 13);
  CHECK(M(bigger).find(keyword("field3"))->as_int() == 3);
  m = value();
  bigger = value();
  CHECK(b.live_bytes() == base);
  b.deactivate();
}

TEST_CASE("PERF small maps are flat (up to 8 entries in the map object): assoc, dissoc, update in "
          "place and every shared version match a model across the flat limit") {
  // Keys from a small range keep the maps around 8 entries, so they grow past the flat room,
  // shrink, and are copied (snapshots) in both forms; maps made at once (from_distinct, from)
  // start flat. Equality and hashes do not depend on the form.
  std::mt19937 rng(11);
  auto same = [](const value& x, const model_t& md) { return matches_model(x, md) && !M(x).find(I(1000)); };
  auto built = [](const model_t& md) {  // the same entries made at once
    std::vector<map_obj::entry> es;
    for (auto& [k, v] : md) es.emplace_back(I(k), I(v));
    return map_obj::from(std::move(es));
  };
  for (int round = 0; round < 4; ++round) {
    std::vector<value> kvs;
    model_t model;
    for (std::int64_t k = 0; k < round * 2 + 1; ++k) {
      kvs.push_back(I(k));
      kvs.push_back(I(k * 10));
      model.emplace_back(k, k * 10);
    }
    value m = map_obj::from_distinct(kvs.data(), kvs.size());
    REQUIRE(same(m, model));
    std::vector<std::pair<value, model_t>> snaps{{m, model}};
    for (int step = 0; step < 4'000; ++step) {
      std::int64_t k = rng() % 12;
      auto p = std::find_if(model.begin(), model.end(), [&](auto& e) { return e.first == k; });
      int op = rng() % 8;
      if (op < 4) {
        m = map_obj::assoc(std::move(m), I(k), I(step));
        if (p == model.end()) model.emplace_back(k, step);
        else p->second = step;
      } else if (op < 6) {
        m = map_obj::dissoc(std::move(m), I(k));
        if (p != model.end()) model.erase(p);
      } else if (value* slot = map_obj::value_slot(m, I(k))) {
        REQUIRE(p != model.end());
        *slot = I(-step);
        p->second = -step;
      } else {
        REQUIRE(p == model.end());
      }
      if (step % 5 == 0) snaps.emplace_back(m, model);  // shares m: the next change copies
      if (!same(m, model)) FAIL("round " << round << " step " << step);
      if (step % 50 == 0) {
        value other = built(model);
        if (!equal(m, other) || hash(m) != hash(other)) FAIL("a map made at once differs, step " << step);
      }
    }
    for (auto& [snap, md] : snaps)
      if (!same(snap, md)) FAIL("a shared version changed (round " << round << ")");
  }
}

}  // namespace lisp_map_test
