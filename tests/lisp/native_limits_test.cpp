// Builtins that walk values natively (equality, hashing, comparison, set and map building,
// sorting, flattening, walking) pay the step budget for the work they do, so a value with
// shared structure cannot escape the step or time limit; and collection hashes are cached, so
// hashing shared structure stays cheap (issue 14).
#include <catch2/catch.hpp>

#include <chrono>
#include <string>

#include "ptc/lisp/budget.hpp"
#include "ptc/lisp/map.hpp"
#include "ptc/lisp/printer.hpp"
#include "ptc/lisp/run.hpp"
#include "ptc/lisp/set.hpp"
#include "ptc/lisp/vector.hpp"

namespace lisp_native_limits_test {

using namespace ptc::lisp;

namespace {

// x and y: two equal but separately built 40-level DAGs of shared vectors (2^40 nodes when
// walked); z: the same shape with a different leaf. The setup itself takes a few hundred steps.
const std::string dag_setup =
    "(defn dag [n leaf] (reduce (fn [a _] [a a]) leaf (range n)))\n"
    "(def x (dag 40 []))\n"
    "(def y (dag 40 []))\n"
    "(def z (dag 40 [1]))\n";

limits step_limit(std::uint64_t steps) {
  limits l;
  l.max_steps = steps;
  return l;
}

run_result run_with(const std::string& program, const limits& lim) {
  run_options o;
  o.lim = lim;
  return run(program, o);
}

void require_limit(const std::string& program, const limits& lim, const std::string& which) {
  run_result r = run_with(program, lim);
  INFO(program);
  INFO((r.err ? r.err->render() : "no error, value " + pr_str(r.result)));
  REQUIRE(r.kind == outcome::error);
  CHECK(r.err->kind == error_kind::limit);
  CHECK(r.err->message.find(which) != std::string::npos);
}

std::string value_of(const std::string& program, const limits& lim = {}) {
  run_result r = run_with(program, lim);
  INFO(program);
  INFO((r.err ? r.err->render() : std::string()));
  REQUIRE(r.kind == outcome::value);
  return pr_str(r.result);
}

}  // namespace

TEST_CASE("native limits: the DAG setup itself is cheap", "[limits][native]") {
  CHECK(value_of(dag_setup + "(count x)", step_limit(10'000)) == "2");
}

TEST_CASE("native limits: equality and comparison of DAG values end at the step limit", "[limits][native]") {
  const limits l = step_limit(2'000'000);
  for (const char* op : {"(= x y)", "(not= x y)", "(compare x y)", "(= [x] (list y))",
                         "(= {:k x} {:k y})", "(= #{x} #{y})", "(= (list x x) [y y])"}) {
    require_limit(dag_setup + op, l, "step limit");
  }
}

TEST_CASE("native limits: sets, maps and grouping keyed by DAG values end at the step limit", "[limits][native]") {
  const limits l = step_limit(2'000'000);
  for (const char* op : {"(set [x y])", "(hash-set x y)", "(count (distinct [x y]))", "(distinct? x y)",
                         "(frequencies [x y])", "(group-by identity [x y])", "(get {x 1} y)",
                         "(contains? {x 1} y)", "(contains? #{x} y)", "(into #{} [x y])",
                         "(merge {x 1} {y 2})", "(assoc {x 1} y 2)", "(conj #{x} y)", "(dedupe [x y])",
                         "(zipmap [x y] [1 2])"}) {
    require_limit(dag_setup + op, l, "step limit");
  }
}

TEST_CASE("native limits: sorting DAG values ends at the step limit", "[limits][native]") {
  const limits l = step_limit(2'000'000);
  for (const char* op : {"(sort [y x])", "(sort-by identity [y x])", "(sort-by identity compare [y x])",
                         "(sort compare [y x])", "(sorted-set x y)", "(sorted-map x 1 y 2)"}) {
    require_limit(dag_setup + op, l, "step limit");
  }
}

TEST_CASE("native limits: walking DAG values ends at the step limit", "[limits][native]") {
  const limits l = step_limit(2'000'000);
  for (const char* op : {"(count (flatten x))", "(count (tree-seq vector? seq x))",
                         "(clojure.walk/postwalk identity x)", "(clojure.walk/prewalk identity x)",
                         "(clojure.walk/postwalk-replace {1 2} x)", "(clojure.walk/keywordize-keys x)"}) {
    require_limit(dag_setup + op, l, "step limit");
  }
}

TEST_CASE("native limits: the deadline holds inside a native walk", "[limits][native]") {
  limits l;
  l.max_steps = UINT64_MAX;
  l.timeout_ms = 300;
  for (const char* op : {"(= x y)", "(compare x y)", "(set [x y])"}) {
    auto t0 = std::chrono::steady_clock::now();
    require_limit(dag_setup + op, l, "time limit");
    auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0);
    INFO(op << " took " << ms.count() << " ms");
    CHECK(ms.count() < 2 * 300);  // within 2x its limit
  }
}

TEST_CASE("native limits: large inputs charge per item in into, merge, concat and walk", "[limits][native]") {
  // Each setup alone stays under the limit; the operation on top of it must not.
  const limits l = step_limit(1'500'000);
  const std::string v = "(def v (vec (range 400000)))\n";
  const std::string m = "(def m (zipmap (range 100000) (range 100000)))\n";
  CHECK(value_of(v + "(count v)", l) == "400000");
  CHECK(value_of(m + "(count m)", l) == "100000");
  require_limit(v + "(count (into [] (concat v v v v)))", l, "step limit");
  require_limit(v + "(count (reduce into [] [v v v v v]))", l, "step limit");
  require_limit(m + "(count (reduce merge {} (repeat 20 m)))", l, "step limit");
  require_limit(v + "(count (clojure.walk/walk identity identity (into v v)))", l, "step limit");
  require_limit(v + "(count (distinct (concat v v v)))", l, "step limit");
}

TEST_CASE("native limits: native tables of keys seen and of grouped items count against the memory limit",
          "[limits][native]") {
  // Before, these grew native hash tables the budget did not see: (frequencies (range 30000000))
  // held 1.2 GB for a 512 MB limit when its 20 s time limit stopped it.
  limits lim;
  lim.max_steps = 1'000'000'000'000;
  lim.timeout_ms = 20'000;
  lim.max_memory_bytes = 64ull << 20;
  for (const char* program : {"(count (frequencies (range)))", "(count (group-by identity (range)))",
                              "(count (group-by even? (range)))", "(count (distinct (range)))",
                              "(count (distinct-by identity (range)))", "(count (into [] (distinct) (range)))",
                              "(count (sequence (mapcat (fn [_] (range))) [1]))"}) {
    require_limit(program, lim, "memory limit");
  }
  // Under the limit they work as before.
  CHECK(value_of("(count (frequencies (range 100000)))") == "100000");
  CHECK(value_of("(count (group-by even? (range 100000)))") == "2");
  CHECK(value_of("(count (distinct-by #(mod % 7) (range 100000)))") == "7");
  CHECK(value_of("(count (into [] (distinct) (range 100000)))") == "100000");
}

TEST_CASE("native limits: cached hashes make shared structure cheap to hash", "[limits][native]") {
  // 20,000 steps cannot pay for walking 2^40 nodes: these succeed only because each distinct
  // vector is hashed once (sets and maps past 16 entries hash their keys) and identical values
  // are equal without a walk.
  const limits l = step_limit(20'000);
  CHECK(value_of(dag_setup + "(count (set [x]))", l) == "1");
  CHECK(value_of(dag_setup + "(count (set [x x]))", l) == "1");
  CHECK(value_of(dag_setup + "(count (hash-set x z))", l) == "2");
  CHECK(value_of(dag_setup + "(get (frequencies [x x x]) x)", l) == "3");
  CHECK(value_of(dag_setup + "(get {x 1} x)", l) == "1");
  CHECK(value_of(dag_setup + "(contains? #{x} x)", l) == "true");
  CHECK(value_of(dag_setup + "(count (distinct [x x z]))", l) == "2");
  CHECK(value_of(dag_setup + "(count (group-by identity [x z x]))", l) == "2");
  CHECK(value_of(dag_setup + "(get (merge {x 1} {x 2}) x)", l) == "2");
  CHECK(value_of(dag_setup + "(= x z)", l) == "false");
  // Many keys holding the DAG: every key is hashed, x's hash is computed once.
  const std::string keys = "(def ks (map (fn [i] [(mod i 3) x]) (range 300)))\n";
  CHECK(value_of(dag_setup + keys + "(count (frequencies ks))", l) == "3");
  CHECK(value_of(dag_setup + keys + "(count (distinct ks))", l) == "3");
  CHECK(value_of(dag_setup + keys + "(count (group-by identity ks))", l) == "3");
  CHECK(value_of(dag_setup + keys + "(count (set ks))", l) == "3");
  CHECK(value_of(dag_setup + "(let [s (into #{} (map (fn [i] [i x]) (range 100)))] [(contains? s [5 x]) (contains? s [500 x])])",
                 l) == "[true false]");
  CHECK(value_of(dag_setup + "(let [m (zipmap (map (fn [i] [i y]) (range 100)) (range))] [(get m [7 y]) (get m [7 z])])",
                 l) == "[7 nil]");
}

TEST_CASE("native limits: hashing a DAG through the C++ API is cheap under a budget", "[limits][native]") {
  // Without the cache this would run into the budget's step limit (2^40 nodes).
  limits lim;
  lim.max_steps = 100'000;
  budget b(lim);
  b.activate();
  value x = vector_obj::empty();
  value y = vector_obj::empty();
  for (int i = 0; i < 40; ++i) {
    x = vector_obj::from(std::vector<value>{x, x});
    y = vector_obj::from(std::vector<value>{y, y});
  }
  CHECK(hash(x) == hash(y));
  CHECK(hash(x) == hash(x));
  CHECK(b.steps() < 1'000);
  CHECK_THROWS_WITH(equal(x, y), Catch::Contains("step limit"));
  b.deactivate();
}

// `probe` is a set large enough to be hash-indexed: (contains? probe v) hashes v (and caches it).
const std::string probe = "(def probe (set (range 20)))\n(defn h! [v] (contains? probe v) v)\n";

TEST_CASE("native limits: different cached hashes prove inequality only without sorted collections", "[native]") {
  // A sorted set looks items up with compare, so 1.0 is in (sorted-set 1): these are equal
  // although their hashes differ, before and after the hashes are cached.
  CHECK(value_of(probe + "(let [a [(sorted-set 1)] b [#{1.0}]] [(= a b) (h! a) (h! b) (= a b)])") ==
        value_of(probe + "(let [a [(sorted-set 1)] b [#{1.0}]] [(= a b) a b true])"));
  CHECK(value_of(probe + "(let [a [(sorted-set 1)] b [#{1.0}]] (h! a) (h! b) (= a b))") == "true");
  CHECK(value_of(probe + "(let [a [(sorted-map 1 :x)] b [{1.0 :x}]] (h! a) (h! b) (= b a))") ==
        value_of(probe + "(let [a [(sorted-map 1 :x)] b [{1.0 :x}]] (= b a))"));
  CHECK(value_of(probe + "(let [a [1 [2 3]] b (list 1 [2 3])] (h! a) (h! b) [(= a b) (contains? (conj probe a) b)])") ==
        "[true true]");
  CHECK(value_of(probe + "(let [a {:a [1]} b {:a [2]}] (h! a) (h! b) (= a b))") == "false");
}

TEST_CASE("native limits: a collection changed in place does not keep a stale hash", "[native]") {
  // Accumulators owned by reduce are updated in place; hashing them on the way must not leave
  // the hash of an earlier state behind: the result must be found in a hashed set holding the
  // expected value.
  auto found = [](const std::string& built, const std::string& expected) {
    return value_of(probe + "(contains? (conj probe " + expected + ") " + built + ")");
  };
  CHECK(found("(reduce (fn [acc i] (conj (h! acc) i)) [] (range 100))", "(vec (range 100))") == "true");
  CHECK(found("(reduce (fn [m i] (assoc (h! m) i i)) {} (range 50))", "(zipmap (range 50) (range 50))") == "true");
  CHECK(found("(reduce (fn [s i] (conj (h! s) i)) #{} (range 50))", "(set (range 50))") == "true");
  CHECK(found("(reduce (fn [m i] (update (h! m) :a conj i)) {:a []} (range 40))", "{:a (vec (range 40))}") == "true");
  CHECK(found("(reduce (fn [m i] (update-in (h! m) [:a :b] conj i)) {:a {:b []}} (range 40))",
              "{:a {:b (vec (range 40))}}") == "true");
  CHECK(found("(reduce (fn [m i] (dissoc (h! m) i)) (zipmap (range 40) (range 40)) (range 20))",
              "(zipmap (range 20 40) (range 20 40))") == "true");
  CHECK(found("(reduce (fn [v i] (pop (h! v))) (vec (range 50)) (range 10))", "(vec (range 40))") == "true");

  // The same through the C++ API: a unique vector changed in place after being hashed.
  value v = vector_obj::from(std::vector<value>{value::integer(1), value::integer(2)});
  std::uint64_t h12 = hash(v);
  v = vector_obj::conj(std::move(v), value::integer(3));
  value fresh = vector_obj::from(std::vector<value>{value::integer(1), value::integer(2), value::integer(3)});
  CHECK(hash(v) == hash(fresh));
  CHECK(hash(v) != h12);
  v = vector_obj::assoc(std::move(v), 0, value::integer(7));
  *vector_obj::mutable_at(v, 1) = value::integer(8);
  CHECK(hash(v) == hash(vector_obj::from(std::vector<value>{value::integer(7), value::integer(8), value::integer(3)})));
  value m = map_obj::of(value::integer(1), value::integer(2));
  std::uint64_t hm = hash(m);
  *map_obj::value_slot(m, value::integer(1)) = value::integer(5);
  CHECK(hash(m) != hm);
  CHECK(hash(m) == hash(map_obj::of(value::integer(1), value::integer(5))));
  value s = set_obj::from(std::vector<value>{value::integer(1)});
  std::uint64_t hs = hash(s);
  s = set_obj::conj(std::move(s), value::integer(2));
  CHECK(hash(s) != hs);
  CHECK(hash(s) == hash(set_obj::from(std::vector<value>{value::integer(2), value::integer(1)})));
}

TEST_CASE("native limits: an exception from a sort comparator propagates cleanly", "[native]") {
  CHECK(value_of("(let [v [3 1 2]] [(try (sort (fn [a b] (throw (ex-info \"no\" {}))) v) (catch Exception e (ex-message e))) v])") ==
        "[\"no\" [3 1 2]]");
  CHECK(value_of("(let [v [3 1 2]] [(try (sort-by - (fn [a b] (throw (ex-info \"no\" {}))) v) (catch Exception e :caught)) v])") ==
        "[:caught [3 1 2]]");
  // A comparator that contradicts itself gives some order of the same items, never a crash.
  CHECK(value_of("(let [s (sort (fn [a b] true) (range 200))] [(count s) (= (set s) (set (range 200)))])") ==
        "[200 true]");
  CHECK(value_of("(let [s (sort (fn [a b] (odd? (+ a b))) (range 200))] [(count s) (= (set s) (set (range 200)))])") ==
        "[200 true]");
}

TEST_CASE("native limits: equality of deeply nested sets stays bounded, never a stack overflow", "[limits][native]") {
  // Each level of sets is a nested membership test (native recursion): the run's depth and
  // stack checks bound it.
  run_result r = run_with("(let [a (reduce (fn [s _] #{s}) #{} (range 100000)) b (reduce (fn [s _] #{s}) #{} (range 100000))] (= a b))",
                          limits{});
  INFO((r.err ? r.err->render() : pr_str(r.result)));
  if (r.kind == outcome::error) CHECK(r.err->kind == error_kind::limit);
  else CHECK(pr_str(r.result) == "true");
}

TEST_CASE("native limits: a 100,000-key assoc-in/update-in path is a limit error, not a stack overflow", "[limits][native]") {
  require_limit("(assoc-in {} (vec (range 100000)) 1)", limits{}, "recursion depth");
  require_limit("(update-in {} (vec (range 100000)) (fnil inc 0))", limits{}, "recursion depth");
  // Paths within the depth limit still work.
  CHECK(value_of("(get-in (assoc-in {} (vec (range 100)) 1) (vec (range 100)))") == "1");
}

TEST_CASE("native limits: a regex pattern built from megabytes of text is refused before compiling", "[limits][native]") {
  require_limit("(re-pattern (apply str (repeat 100000 \"a\")))", limits{}, "regex pattern too long");
  CHECK(value_of("(re-find (re-pattern (apply str (repeat 1000 \"a\"))) (apply str (repeat 1000 \"a\")))").size() == 1002);
}

TEST_CASE("native limits: a bulk charge past the step limit refuses the work: steps end at the limit + 1",
          "[limits][native]") {
  // Scanning an 8 MB string is charged at once (one unit per 32 bytes, 262,144 units) before
  // the scan; with 100,000 steps left it is refused, and the run reports the limit + 1.
  const std::string big = "(let [s (loop [s \"ab\" i 0] (if (< i 22) (recur (str s s) (inc i)) s))] ";
  limits lim = step_limit(100'000);
  lim.max_string_bytes = 64 << 20;
  for (const char* use : {"(format \"%s\" s))", "(re-find #\"zz\" s))"}) {
    run_result r = run_with(big + use, lim);
    INFO(use);
    REQUIRE(r.kind == outcome::error);
    CHECK(r.err->kind == error_kind::limit);
    CHECK(r.steps == lim.max_steps + 1);
  }
}

}  // namespace lisp_native_limits_test
