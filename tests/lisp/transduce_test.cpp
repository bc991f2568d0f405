// Transducers (lisp/builtins/transduce.cpp and the one-argument arities of the sequence
// functions), replace, sequence and eduction. Expected results come from Clojure 1.11 (checked
// with the real `clojure`), except where a test says it checks a limit of PTC-Lisp.
#include <catch2/catch.hpp>

#include "tests/lisp/eval_helpers.hpp"

namespace lisp_transduce_test {

using namespace ptc::lisp::testing;

TEST_CASE("transduce with and without init", "[transduce]") {
  check_all({
      {"[(transduce (map inc) + [1 2 3]) (transduce (filter odd?) + 100 [1 2 3]) "
       "(transduce (map :v) conj [] [{:v 1}])]",
       "[9 104 [1]]"},
      {"(transduce (map inc) + 10 [])", "10"},
      {"(transduce identity + [1 2 3])", "6"},
      {"(transduce (map inc) str \"\" [1 2])", "\"23\""},
      {"(transduce (map inc) (fn ([acc] (* 2 acc)) ([acc x] (+ acc x))) 0 [1 2])", "10"},
      {"(transduce (partition-all 2) conj [] [1 2 3])", "[[1 2] [3]]"},
  });
}

TEST_CASE("completing adds or replaces the completion arity", "[transduce]") {
  check_all({
      {"(transduce (map inc) (completing + str) 0 [1 2])", "\"5\""},
      {"(transduce (filter even?) (completing conj) [] (range 7))", "[0 2 4 6]"},
      {"[((completing +)) ((completing + -) 5) ((completing +) 1 2)]", "[0 -5 3]"},
  });
}

TEST_CASE("reduced stops a transduction, also over infinite inputs", "[transduce]") {
  check_all({
      {"(transduce (take 2) + (range))", "1"},
      {"(into [] (comp (map inc) (filter even?) (take 3)) (range))", "[2 4 6]"},
      {"(into [] (take-while #(< % 3)) (range))", "[0 1 2]"},
      {"(into [] (comp cat (take 3)) (repeat [1 2]))", "[1 2 1]"},
      {"(into [] (comp (partition-all 3) (take 2)) (range 100))", "[[0 1 2] [3 4 5]]"},
      {"(transduce (comp (take 2) (mapcat range)) conj [] [3 4 5])", "[0 1 2 0 1 2 3]"},
      {"(transduce (comp (partition-by odd?) (take 2)) conj [] [1 3 2 4 5 7])", "[[1 3] [2 4]]"},
      {"(into [] (comp (interpose 0) (take 4)) [1 2 3 4])", "[1 0 2 0]"},
      {"(into [] (take 0) [1 2])", "[]"},
  });
}

TEST_CASE("the transducer arities of the sequence functions", "[transduce]") {
  check_all({
      {"(into [0] (map inc) [1 2])", "[0 2 3]"},
      {"(into [] (filter odd?) [1 2 3 4])", "[1 3]"},
      {"(into [] (remove odd?) [1 2 3 4])", "[2 4]"},
      {"(into [] (keep #(when (odd? %) (* % 10))) [1 2 3])", "[10 30]"},
      {"(into [] (keep-indexed (fn [i x] (when (odd? i) x))) [:a :b :c :d])", "[:b :d]"},
      {"(into [] (map-indexed vector) [:a :b])", "[[0 :a] [1 :b]]"},
      {"(into [] (mapcat reverse) [[1 2] [3 4]])", "[2 1 4 3]"},
      {"(into [] (drop 2) [1 2 3 4])", "[3 4]"},
      {"(into [] (take-while neg?) [-1 -2 3 -4])", "[-1 -2]"},
      {"(into [] (drop-while neg?) [-1 -2 3 -4])", "[3 -4]"},
      {"(into [] (take-nth 2) (range 7))", "[0 2 4 6]"},
      {"(into [] (partition-all 3) (range 8))", "[[0 1 2] [3 4 5] [6 7]]"},
      {"(into [] (partition-by identity) [1 1 2 2 2 3])", "[[1 1] [2 2 2] [3]]"},
      {"(into [] (dedupe) [1 1 nil nil 2 1])", "[1 nil 2 1]"},
      {"(into [] (distinct) [1 2 1 3 2])", "[1 2 3]"},
      {"(into [] (interpose :s) [1 2 3])", "[1 :s 2 :s 3]"},
      {"(into [] (replace {:a 1}) [:a :b])", "[1 :b]"},
      {"(into [] cat [[1 2] [3] []])", "[1 2 3]"},
      {"(into {} (map (fn [[k v]] [k (inc v)])) {:a 1 :b 2})", "{:a 2, :b 3}"},
  });
}

TEST_CASE("user-written transducers compose, and stateful ones start fresh", "[transduce]") {
  check_all({
      {"(let [xf (fn [rf] (fn ([] (rf)) ([acc] (rf acc)) ([acc x] (rf acc (* 10 x)))))] "
       "(into [] (comp xf (take 2)) [1 2 3]))",
       "[10 20]"},
      {"(let [xf (comp (distinct) (take 2))] [(into [] xf [1 1 2 3]) (into [] xf [4 4 5 6])])",
       "[[1 2] [4 5]]"},
      {"(sequence (comp (mapcat (fn [x] [x x])) (dedupe)) [1 1 2 3 3])", "(1 2 3)"},
  });
}

TEST_CASE("sequence and eduction", "[transduce]") {
  check_all({
      {"[(sequence (map inc) [1 2]) (sequence []) (sequence [1 2]) (sequence {:a 1})]",
       "[(2 3) () (1 2) ([:a 1])]"},
      {"(sequence cat [[1 2] [3]])", "(1 2 3)"},
      {"(sequence (partition-all 2) [1 2 3])", "([1 2] [3])"},
      {"(sequence (comp (filter odd?) (map-indexed vector)) (range 10))",
       "([0 1] [1 3] [2 5] [3 7] [4 9])"},
      {"(take 3 (sequence (map inc) (range)))", "(1 2 3)"},
      {"(first (sequence (filter even?) (range 1 100000000)))", "2"},
      {"(eduction (map inc) (filter odd?) (range 6))", "(1 3 5)"},
      {"(reduce + (eduction (map inc) [1 2 3]))", "9"},
  });
}

TEST_CASE("replace keeps vectors and gives seqs otherwise", "[transduce]") {
  check_all({
      {"[(replace {1 :one 2 :two} [1 2 3 1]) (replace [:a :b :c] [0 2])]",
       "[[:one :two 3 :one] [:a :c]]"},
      {"(replace {:a :alpha} [:a :b :a])", "[:alpha :b :alpha]"},
      {"[(replace {1 :x} '(1 2 1)) (replace [10 20] [1 5 0]) (replace {\\a \\b} \"abc\")]",
       "[(:x 2 :x) [20 5 10] (\\b \\b \\c)]"},
      {"[(replace {} []) (replace {:a 1} nil) (replace [:x] (list 0 0 1))]", "[[] () (:x :x 1)]"},
      {"(take 3 (replace {0 :z} (range)))", "(:z 1 2)"},
  });
}

TEST_CASE("transducer errors and limits", "[transduce]") {
  CHECK(ev("(transduce (map inc) + 5)") ==
        "error type: transduce: argument 3 must be a collection, got an integer 5");
  CHECK(ev("(replace #{1} [1])") ==
        "error type: replace: argument 1 must be a map or vector, got a set #{1}");
  CHECK(ev("(into [] cat [1 2])") ==
        "error type: cat: argument 1 must be a collection, got an integer 1");
  CHECK(kind_of("((map inc) 1 2)") == "arity");
  CHECK(kind_of("(((map inc) conj) [] 1 2)") == "arity");
  CHECK(kind_of("(take \"a\")") == "type");
  // PTC-Lisp: an endless transduction ends in the step limit instead of running forever.
  CHECK(kind_of("(transduce (map inc) + (range))") == "limit");
  CHECK(kind_of("(count (sequence (map inc) (range)))") == "limit");
}

}  // namespace lisp_transduce_test
