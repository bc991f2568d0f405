#include <catch2/catch.hpp>

#include "tests/lisp/eval_helpers.hpp"

namespace lisp_nested_update_test {

using namespace ptc::lisp::testing;

// assoc-in / update-in / update change uniquely held levels in place ("take, update, put
// back"); these check that every older version, shared or not, keeps its contents.
// Expected texts were printed by Clojure 1.11.
TEST_CASE("nested updates keep old versions unchanged") {
  check_all({
      {"(let [m {:a {:b {:c 1}}} m2 (update-in m [:a :b :c] inc)] [m m2])",
       "[{:a {:b {:c 1}}} {:a {:b {:c 2}}}]"},
      {"(let [m {:a {:b [1 2 3]}} m2 (assoc-in m [:a :b 1] :x) m3 (update-in m2 [:a :b 2] str)] [m m2 m3])",
       "[{:a {:b [1 2 3]}} {:a {:b [1 :x 3]}} {:a {:b [1 :x \"3\"]}}]"},
      {"(let [m (reduce (fn [m i] (assoc-in m [:s (str \"k\" i) :n] i)) {} (range 40)) old m "
       "m2 (reduce (fn [m i] (update-in m [:s (str \"k\" i) :n] inc)) m (range 40))] "
       "[(reduce + (map :n (vals (:s old)))) (reduce + (map :n (vals (:s m2))))])",
       "[780 820]"},
      {"(let [v [{:a 1} {:a 2}] v2 (update v 1 update :a + 10 1)] [v v2])", "[[{:a 1} {:a 2}] [{:a 1} {:a 13}]]"},
      {"(let [inner {:x 1} m {:a inner} m2 (update-in m [:a :x] inc)] [inner m m2])",
       "[{:x 1} {:a {:x 1}} {:a {:x 2}}]"},
  });
}

TEST_CASE("nested updates of absent keys, empty paths and extra arguments") {
  check_all({
      {"(update-in {:a 1} [:b :c] (fnil inc 0))", "{:a 1, :b {:c 1}}"},
      {"(update-in {} [] (fnil inc 0))", "{nil 1}"},
      {"(assoc-in {} [] 1)", "{nil 1}"},
      {"(assoc-in [1 2] [2] 3)", "[1 2 3]"},
      {"(update-in {:a [1 2]} [:a 0] + 1 2 3 4 5)", "{:a [16 2]}"},
  });
}

// A literal path of 1 to 8 keys is evaluated without building a vector; longer and computed
// paths take the general route. Both must agree.
TEST_CASE("nested updates: literal, long and computed paths agree") {
  check_all({
      {"(let [p [:a :b]] [(assoc-in {} p 1) (assoc-in {} [:a :b] 1)])", "[{:a {:b 1}} {:a {:b 1}}]"},
      {"(assoc-in {} [1 2 3 4 5 6 7 8 9] :x)", "{1 {2 {3 {4 {5 {6 {7 {8 {9 :x}}}}}}}}}"},
      {"(assoc-in {} [1 2 3 4 5 6 7 8] :x)", "{1 {2 {3 {4 {5 {6 {7 {8 :x}}}}}}}}"},
      {"(let [k :b] (update-in {:a {:b 1}} [:a k] + 10))", "{:a {:b 11}}"},
      {"(update-in {:a [0 1]} (list :a 1) inc)", "{:a [0 2]}"},
      {"(let [m {:a {}}] [(assoc-in m [:a (keyword (str \"k\" 1))] 1) m])", "[{:a {:k1 1}} {:a {}}]"},
  });
}

// Spec difference 6: a level read with flex lookup is written back under the key present.
TEST_CASE("nested updates write back under the flex key that is present") {
  check_all({
      {"(update-in {\"a\" {\"b\" 1}} [:a :b] inc)", "{\"a\" {\"b\" 2}}"},
      {"(let [m {\"a\" {:b 1}} m2 (assoc-in m [:a :b] 5)] [m m2])", "[{\"a\" {:b 1}} {\"a\" {:b 5}}]"},
  });
}

TEST_CASE("sort-by with the < > compare builtins orders numbers stably") {
  check_all({
      {"(sort-by :v > [{:v 1 :i 0} {:v 3 :i 1} {:v 1 :i 2} {:v 3 :i 3}])",
       "({:v 3, :i 1} {:v 3, :i 3} {:v 1, :i 0} {:v 1, :i 2})"},
      {"(sort-by :v < [{:v 1.5 :i 0} {:v 0.5 :i 1} {:v 1.5 :i 2}])", "({:v 0.5, :i 1} {:v 1.5, :i 0} {:v 1.5, :i 2})"},
      {"(sort-by :v compare [{:v 2 :i 0} {:v 1 :i 1} {:v 2 :i 2}])", "({:v 1, :i 1} {:v 2, :i 0} {:v 2, :i 2})"},
      {"(sort > [3 1 2 3])", "(3 3 2 1)"},
      {"(sort-by :v > [{:v 1 :i 0} {:v 2.5 :i 1}])", "({:v 2.5, :i 1} {:v 1, :i 0})"},
  });
}

}  // namespace lisp_nested_update_test
