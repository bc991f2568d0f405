#include <catch2/catch.hpp>

#include <string>
#include <string_view>

#include "ptc/lisp/error.hpp"
#include "ptc/lisp/printer.hpp"
#include "ptc/lisp/run.hpp"
#include "tests/lisp/eval_helpers.hpp"

namespace lisp_fn_builtins_test {

using namespace ptc::lisp;
using namespace ptc::lisp::testing;

namespace {



}  // namespace

// Expected texts were printed by Clojure 1.11.
TEST_CASE("fn builtins agree with Clojure 1.11") {
  check_all({
    {R"~(((some-fn even?) 1))~", R"~(false)~"},
    {R"~(((some-fn even?) 1 3 5 7))~", R"~(nil)~"},
    {R"~(((some-fn even? neg?) 1))~", R"~(false)~"},
    {R"~(((some-fn even? neg?) 1 -3))~", R"~(true)~"},
    {R"~(((some-fn :a :b) {:b 2}))~", R"~(2)~"},
    {R"~(((every-pred odd?) 1 3))~", R"~(true)~"},
    {R"~(((every-pred odd? pos?) 1 3 -5))~", R"~(false)~"},
    {R"~(((every-pred odd?)))~", R"~(true)~"},
    {R"~(((comp) 5))~", R"~(5)~"},
    {R"~(((comp inc +) 1 2))~", R"~(4)~"},
    {R"~(((comp str inc inc) 1))~", R"~("3")~"},
    {R"~(((comp :b :a) {:a {:b 7}}))~", R"~(7)~"},
    {R"~(((partial + 1) 2 3))~", R"~(6)~"},
    {R"~(((partial +)))~", R"~(0)~"},
    {R"~(((partial str "a" "b") "c"))~", R"~("abc")~"},
    {R"~(((complement nil?) 1))~", R"~(true)~"},
    {R"~(((complement even?) 2))~", R"~(false)~"},
    {R"~(((constantly 7) 1 2 3))~", R"~(7)~"},
    {R"~(((constantly nil)))~", R"~(nil)~"},
    {R"~(((juxt :a :b) {:a 1}))~", R"~([1 nil])~"},
    {R"~(((juxt inc dec str) 5))~", R"~([6 4 "5"])~"},
    {R"~(((fnil + 0 10) nil nil 5))~", R"~(15)~"},
    {R"~(((fnil inc 0) nil))~", R"~(1)~"},
    {R"~(((fnil inc 0) 4))~", R"~(5)~"},
    {R"~(((fnil str "x" "y" "z") nil nil nil))~", R"~("xyz")~"},
    {R"~((apply + 1 2 [3 4]))~", R"~(10)~"},
    {R"~((apply + nil))~", R"~(0)~"},
    {R"~((apply str "ab"))~", R"~("ab")~"},
    {R"~((apply max [3 1 2]))~", R"~(3)~"},
    {R"~((apply + 1 '(2 3)))~", R"~(6)~"},
    {R"~((apply hash-map [:a 1 :b 2]))~", R"~({:a 1, :b 2})~"},
    {R"~(((memoize +) 1 2))~", R"~(3)~"},
    {R"~((let [f (memoize (fn [x] (* x x)))] [(f 3) (f 3) (f 4)]))~", R"~([9 9 16])~"},
    {R"~(((comparator <) 1 2))~", R"~(-1)~"},
    {R"~(((comparator <) 2 1))~", R"~(1)~"},
    {R"~(((comparator <) 1 1))~", R"~(0)~"},
    {R"~((sort (comparator >) [1 3 2]))~", R"~((3 2 1))~"},
    {R"~((identity 5))~", R"~(5)~"},
    {R"~((map (juxt identity inc) [1 2]))~", R"~(([1 2] [2 3]))~"},
    {R"~((filter (every-pred odd? pos?) [-3 -2 1 2 3]))~", R"~((1 3))~"},
    {R"~((map (fnil inc 0) [1 nil 3]))~", R"~((2 1 4))~"},
  });
}

TEST_CASE("fn builtins: memoize calls the function once per distinct arguments") {
  run_result r = run("(def f (memoize (fn [x] (println \"call\" x) (* x 10)))) [(f 1) (f 1) (f 2) (f 1)]");
  REQUIRE_FALSE(r.err);
  CHECK(pr_str(r.result) == "[10 10 20 10]");
  CHECK(r.prints.size() == 2);
}

TEST_CASE("fn builtins: some-fn and every-pred stop at the first decisive answer") {
  run_result r = run("((some-fn (fn [x] (println \"p\" x) (even? x))) 1 2 3)");
  REQUIRE_FALSE(r.err);
  CHECK(pr_str(r.result) == "true");
  CHECK(r.prints.size() == 2);
  run_result e = run("((every-pred (fn [x] (println \"p\" x) (odd? x))) 1 2 3)");
  REQUIRE_FALSE(e.err);
  CHECK(pr_str(e.result) == "false");
  CHECK(e.prints.size() == 2);
}

TEST_CASE("fn builtins: errors") {
  check_all({
      {"(apply + 1)", "error type: apply: argument 2 must be a collection, got an integer 1"},
      {"(comp 5)", "error not_callable: comp: argument 1 must be a function, got an integer 5"},
      {"(partial 5)", "error not_callable: partial: argument 1 must be a function, got an integer 5"},
  });
  CHECK(ev("(juxt)").rfind("error arity: ", 0) == 0);
  CHECK(ev("(every-pred)").rfind("error arity: ", 0) == 0);
  CHECK(ev("(fnil inc)").rfind("error arity: ", 0) == 0);
  CHECK(ev("((comparator <) 1)").rfind("error arity: ", 0) == 0);
}

}  // namespace lisp_fn_builtins_test
