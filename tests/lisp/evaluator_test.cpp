// The analyzer and evaluator: locals, captures, recursion, and the single-use move of locals
// (a local read exactly once at its own loop depth is moved out of its slot). Every program
// here would give a wrong answer, or nil, if a move happened where a value is read again.
#include <catch2/catch.hpp>

#include "tests/lisp/eval_helpers.hpp"

namespace lisp_evaluator_test {

using namespace ptc::lisp;
using namespace ptc::lisp::testing;

TEST_CASE("a local used once in a nested loop body is read on every iteration", "[evaluator]") {
  check_all({
      {"(for [x [1 2] y [10 20]] (+ x y))", "(11 21 12 22)"},
      {"(for [x [[1 2] [3]] y x] [y (count x)])", "([1 2] [2 2] [3 1])"},
      {"(let [k 5] (for [x [1 2 3]] (* k x)))", "(5 10 15)"},
      {"(let [m {:a 1}] (mapv (fn [k] (get m k)) [:a :a]))", "[1 1]"},
      {"(let [v [1 2]] (loop [i 0 acc []] (if (< i 3) (recur (inc i) (conj acc v)) acc)))", "[[1 2] [1 2] [1 2]]"},
      {"(let [s \"x\"] (dotimes [i 2] s) s)", "\"x\""},
      {"(let [xs [1 2]] (doseq [i (range 3)] (count xs)) xs)", "[1 2]"},
  });
}

TEST_CASE("a local captured by a closure is never moved", "[evaluator]") {
  check_all({
      {"(let [m {:a 1} f (fn [] m)] [(f) (f)])", "[{:a 1} {:a 1}]"},
      {"(let [m {:a 1} f (fn [k] (assoc m k 2))] [(f :b) (f :c)])", "[{:a 1, :b 2} {:a 1, :c 2}]"},
      {"(defn adder [n] (fn [x] (+ x n))) (let [add2 (adder 2)] [(add2 1) (add2 10)])", "[3 12]"},
      {"(let [acc []] (letfn [(f [x] (conj acc x))] [(f 1) (f 2)]))", "[[1] [2]]"},
  });
}

TEST_CASE("moving a single-use local keeps persistent values intact", "[evaluator]") {
  check_all({
      // The map passed in is shared by the caller; the in-place path must not touch it.
      {"(def base {:a 1}) (defn add [m k] (assoc m k 0)) [(add base :b) (add base :c) base]",
       "[{:a 1, :b 0} {:a 1, :c 0} {:a 1}]"},
      {"(def v [1]) (defn grow [x] (conj x 2)) [(grow v) v]", "[[1 2] [1]]"},
      {"(let [m {:a 1} n (assoc m :b 2)] [m n])", "[{:a 1} {:a 1, :b 2}]"},
      {"(reduce (fn [m i] (assoc m i (* i i))) {} (range 4))", "{0 0, 1 1, 2 4, 3 9}"},
      {"(count (reduce (fn [v i] (conj v i)) [] (range 1000)))", "1000"},
      {"(let [s #{1}] [(conj s 2) s])", "[#{1 2} #{1}]"},
      {"(let [m {:a 1 :b 2}] [(dissoc m :a) m])", "[{:b 2} {:a 1, :b 2}]"},
  });
}

TEST_CASE("recursion, recur and multi-arity functions", "[evaluator]") {
  check_all({
      {"(defn fact [n] (if (<= n 1) 1 (* n (fact (dec n))))) (fact 20)", "2432902008176640000"},
      {"(defn sum-to ([n] (sum-to n 0)) ([n acc] (if (zero? n) acc (recur (dec n) (+ acc n))))) (sum-to 100000)", "5000050000"},
      {"((fn count-down [n] (if (pos? n) (count-down (dec n)) :done)) 50)", ":done"},
      {"(defn f [& xs] (if (seq xs) (recur (next xs)) :empty)) (f 1 2 3)", ":empty"},
      {"(defn kw [& {:keys [a b] :or {b 2}}] [a b]) [(kw :a 1) (kw :a 1 :b 3) (kw {:a 5})]", "[[1 2] [1 3] [5 2]]"},
      {"(loop [[x & more] [1 2 3] acc 0] (if x (recur more (+ acc x)) acc))", "6"},
  });
}

TEST_CASE("top-level lets and later forms see earlier definitions", "[evaluator]") {
  check_all({
      {"(let [a 1] (def x (+ a 1))) (let [b 10] (+ x b))", "12"},
      {"(def n 3) (defn times-n [x] (* x n)) (def n 4) (times-n 2)", "8"},
      {"(defn outer [] (inner)) (defn inner [] :ok) (outer)", ":ok"},
  });
}

}  // namespace lisp_evaluator_test
