// Sorted collections (lisp/builtins/sorted.cpp over map_obj / set_obj with a sorted table).
// Expectations from Clojure 1.11; the conformance table (programs/sorted.clj) holds more.
#include <catch2/catch.hpp>

#include <map>
#include <random>
#include <set>
#include <string>

#include "ptc/lisp/map.hpp"
#include "ptc/lisp/printer.hpp"
#include "ptc/lisp/set.hpp"
#include "tests/lisp/eval_helpers.hpp"

namespace lisp_sorted_test {

using namespace ptc::lisp;
using namespace ptc::lisp::testing;

namespace {
value I(std::int64_t i) { return value::integer(i); }

std::vector<std::int64_t> map_keys(const value& m) {
  std::vector<std::int64_t> out;
  m.as<map_obj>().each([&](const value& k, const value&) {
    out.push_back(k.as_int());
    return true;
  });
  return out;
}
}  // namespace

TEST_CASE("sorted map: random assoc/dissoc agree with std::map, old versions unchanged", "[sorted]") {
  std::mt19937 rng(42);
  std::map<std::int64_t, std::int64_t> ref;
  value m = map_obj::sorted_empty(value());
  value snapshot;
  std::map<std::int64_t, std::int64_t> snapshot_ref;
  for (int i = 0; i < 3000; ++i) {
    std::int64_t k = static_cast<std::int64_t>(rng() % 500);
    if (rng() % 3 == 0) {
      m = map_obj::dissoc(std::move(m), I(k));
      ref.erase(k);
    } else {
      m = map_obj::assoc(std::move(m), I(k), I(i));
      ref[k] = i;
    }
    if (i == 1500) {
      snapshot = m;  // shared from here on: later changes must copy
      snapshot_ref = ref;
    }
  }
  const auto& mo = m.as<map_obj>();
  REQUIRE(mo.size() == ref.size());
  std::vector<std::int64_t> want;
  for (auto& [k, v] : ref) {
    want.push_back(k);
    const value* got = mo.find(I(k));
    REQUIRE(got);
    CHECK(got->as_int() == v);
  }
  CHECK(map_keys(m) == want);
  std::vector<std::int64_t> want_snapshot;
  for (auto& [k, v] : snapshot_ref) want_snapshot.push_back(k);
  CHECK(map_keys(snapshot) == want_snapshot);
  CHECK(mo.sorted());
  CHECK(snapshot.as<map_obj>().sorted());
}

TEST_CASE("sorted set: random conj/disj agree with std::set, bound positions", "[sorted]") {
  std::mt19937 rng(7);
  std::set<std::int64_t> ref;
  value s = set_obj::sorted_empty(value());
  for (int i = 0; i < 3000; ++i) {
    std::int64_t x = static_cast<std::int64_t>(rng() % 400);
    if (rng() % 4 == 0) {
      s = set_obj::disj(std::move(s), I(x));
      ref.erase(x);
    } else {
      s = set_obj::conj(std::move(s), I(x));
      ref.insert(x);
    }
  }
  const auto& so = s.as<set_obj>();
  std::vector<std::int64_t> got, want(ref.begin(), ref.end());
  for (const value& x : so.items()) got.push_back(x.as_int());
  CHECK(got == want);
  // bound gives a position (see positions()); the entry there is the first not before / after.
  CHECK(so.entry_at(so.bound(I(200), false))->as_int() == *ref.lower_bound(200));
  CHECK(so.entry_at(so.bound(I(200), true))->as_int() == *ref.upper_bound(200));
  CHECK(so.entry_at(so.bound(I(-5), false))->as_int() == *ref.begin());
  CHECK(so.bound(I(1000), true) == so.positions());
  std::size_t live = 0;
  for (std::size_t p = 0; p < so.positions(); ++p) live += so.entry_at(p) != nullptr;
  CHECK(live == so.size());
}

TEST_CASE("sorted collections are equal to and hash like ordinary ones", "[sorted]") {
  value sm = map_obj::sorted_from(value(), {{I(3), I(30)}, {I(1), I(10)}});
  value hm = map_obj::from({{I(1), I(10)}, {I(3), I(30)}});
  CHECK(equal(sm, hm));
  CHECK(equal(hm, sm));
  CHECK(hash(sm) == hash(hm));
  value ss = set_obj::sorted_from(value(), {I(2), I(1)});
  value hs = set_obj::from({I(1), I(2)});
  CHECK(equal(ss, hs));
  CHECK(hash(ss) == hash(hs));
  CHECK(pr_str(sm) == "{1 10, 3 30}");
  CHECK(pr_str(map_obj::empty_like(sm)) == "{}");
  CHECK(map_obj::empty_like(sm).as<map_obj>().sorted());
  CHECK_FALSE(map_obj::empty_like(hm).as<map_obj>().sorted());
}

TEST_CASE("sorted-map and sorted-set print and behave in comparator order", "[sorted]") {
  check_all({
      {"(sorted-map :c 3 :a 1 :b 2)", "{:a 1, :b 2, :c 3}"},
      {"(sorted-map-by > 1 :a 3 :c 2 :b)", "{3 :c, 2 :b, 1 :a}"},
      {"(sorted-set-by #(compare %2 %1) \"a\" \"c\" \"b\")", "#{\"c\" \"b\" \"a\"}"},
      {"(conj (empty (sorted-set-by > 1 2)) 3 5 4)", "#{5 4 3}"},
      {"(into (sorted-map) {:b 1 :a 2})", "{:a 2, :b 1}"},
      {"(pr-str (sorted-map :b {:z 1 :a 2} :a (sorted-map :y 1 :x 2)))",
       "\"{:a {:x 2, :y 1}, :b {:z 1, :a 2}}\""},
      {"(subseq (sorted-set 1 2 3 4 5) >= 2 < 4)", "(2 3)"},
      {"(rsubseq (sorted-set 1 2 3 4 5) > 2 <= 4)", "(4 3)"},
      {"[(subseq (sorted-set 1 2 3) < 0) (subseq (sorted-set 1 2 3) > 5)]", "[() nil]"},
      {"(rseq (sorted-map :a 1 :b 2))", "([:b 2] [:a 1])"},
      {"[(sorted? (sorted-map)) (sorted? {}) (reversible? (sorted-set))]", "[true false true]"},
      {"(find (sorted-map 1 :a) 1.0)", "[1 :a]"},
      {"(update (sorted-map :b 1) :a (fnil inc 0))", "{:a 1, :b 1}"},
      // A comparator closure sees the program's values; a boolean predicate works as in Clojure.
      {"(let [rank {:lo 0 :mid 1 :hi 2}] (sorted-set-by #(< (rank %1) (rank %2)) :hi :lo :mid))",
       "#{:lo :mid :hi}"},
  });
}

TEST_CASE("sorted collection errors read well", "[sorted]") {
  CHECK(ev("(sorted-set 1 \"a\")").rfind("error type:", 0) == 0);
  CHECK(ev("(sorted-map :a)") == "error type: sorted-map: no value supplied for key :a");
  CHECK(ev("(sorted-set-by :k 1 2)") ==
        "error type: sorted-set-by: argument 1 must be a comparator function, got a keyword :k");
  CHECK(ev("(sorted-set-by (fn [a b] nil) 1 2)") ==
        "error type: a sorted collection's comparator must return a number or a boolean, got nil");
  CHECK(ev("(subseq [1 2] < 1)") ==
        "error type: subseq: argument 1 must be a sorted map or sorted set, got a vector [1 2]");
  CHECK(ev("(rseq '(1 2))") ==
        "error type: rseq: argument 1 must be a vector, sorted map or sorted set, got a list (1 2)");
  CHECK(kind_of("(subseq (sorted-set 1) < 1 <)") == "arity");
  CHECK(kind_of("(get (sorted-map 1 :a) \"x\")") == "type");
}

TEST_CASE("a comparator that loops forever is stopped by the step limit", "[sorted]") {
  CHECK(kind_of("(sorted-set-by (fn [a b] (loop [] (recur))) 1 2)") == "limit");
}

TEST_CASE("building a large sorted set from shuffled items stays fast", "[sorted]") {
  // Bulk construction sorts once; into goes item by item (moving the tail on each insert).
  CHECK(ev("(count (apply sorted-set (map #(mod (* % 7919) 20000) (range 20000))))") == "20000");
  CHECK(ev("(let [s (into (sorted-set) (map #(mod (* % 7919) 5000) (range 5000)))] [(count s) (first s) (last s)])") ==
        "[5000 0 4999]");
}

}  // namespace lisp_sorted_test
