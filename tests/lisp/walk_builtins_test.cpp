#include <catch2/catch.hpp>

#include <string>
#include <string_view>

#include "ptc/lisp/error.hpp"
#include "ptc/lisp/printer.hpp"
#include "ptc/lisp/run.hpp"
#include "tests/lisp/eval_helpers.hpp"

namespace lisp_walk_builtins_test {

using namespace ptc::lisp;
using namespace ptc::lisp::testing;

namespace {



}  // namespace

// Expected texts were printed by Clojure 1.11.
TEST_CASE("clojure.walk builtins agree with Clojure 1.11") {
  check_all({
    {R"~((clojure.walk/walk inc reverse [1 2 3]))~", R"~((4 3 2))~"},
    {R"~((clojure.walk/walk identity identity {:a 1}))~", R"~({:a 1})~"},
    {R"~((clojure.walk/postwalk (fn [x] (if (number? x) (inc x) x)) {:a [1 '(2 3) #{4}]}))~", R"~({:a [2 (3 4) #{5}]})~"},
    {R"~((clojure.walk/prewalk (fn [x] (if (map? x) (dissoc x :b) x)) {:a {:b 1 :c 2} :b 3}))~", R"~({:a {:c 2}})~"},
    {R"~((clojure.walk/keywordize-keys {"a" {"b" 1} "c" [{"e" 2}]}))~", R"~({:a {:b 1}, :c [{:e 2}]})~"},
    {R"~((clojure.walk/stringify-keys {:a {:ns/b 1} 1 2}))~", R"~({"a" {"b" 1}, 1 2})~"},
    {R"~((clojure.walk/postwalk-replace {:a :b} [:a {:a 1}]))~", R"~([:b {:b 1}])~"},
    {R"~((clojure.walk/prewalk-replace {[1 2] :x} [[1 2] 3]))~", R"~([:x 3])~"},
    {R"~((clojure.walk/walk inc identity nil))~", R"~(nil)~"},
    {R"~((clojure.walk/postwalk identity "abc"))~", R"~("abc")~"},
    {R"~((clojure.walk/postwalk (fn [x] (if (vector? x) (vec (reverse x)) x)) [1 [2 3]]))~", R"~([[3 2] 1])~"},
  });
}

TEST_CASE("clojure.walk builtins: walk/ alias, keys at any depth") {
  check_all({
      {"(walk/postwalk (fn [x] (if (vector? x) (vec (reverse x)) x)) [1 [2 3]])", "[[3 2] 1]"},
      {R"~((walk/keywordize-keys [{"a" 1 "b" {"c" 2}} "x"]))~", R"~([{:a 1, :b {:c 2}} "x"])~"},
      {R"~((walk/stringify-keys {:a 1 "b" 2}))~", R"~({"a" 1, "b" 2})~"},
      {R"~((walk/keywordize-keys {"a" #{{"b" 1}} "c" (list {"d" 2})}))~", "{:a #{{:b 1}}, :c ({:d 2})}"},
      {"(walk/prewalk-replace {1 2} [1 [1]])", "[2 [2]]"},
  });
}

TEST_CASE("clojure.walk builtins: deep data is a limit error, macroexpand-all is unsupported") {
  std::string deep = ev("(walk/postwalk identity (reduce (fn [acc _] [acc]) [] (range 20000)))");
  // walk's own depth check or the native stack guard (bigger frames under sanitizers) ends it.
  CHECK(deep.rfind("error limit: ", 0) == 0);
  CHECK(ev("(walk/prewalk identity (reduce (fn [acc _] [acc]) [] (range 20000)))").rfind("error limit: ", 0) == 0);
  CHECK(ev("(count (walk/postwalk identity (reduce (fn [acc _] [acc]) [] (range 500))))") == "1");
  CHECK(ev("(walk/keywordize-keys (reduce (fn [acc _] [acc]) [] (range 20000)))").rfind("error limit: ", 0) == 0);
  CHECK(ev("(walk/macroexpand-all '(when 1 2))") ==
        "error unsupported: clojure.walk/macroexpand-all is not available: PTC-Lisp has no macros to expand");
}

}  // namespace lisp_walk_builtins_test
