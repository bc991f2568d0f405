#include <catch2/catch.hpp>

#include <string>
#include <string_view>

#include "ptc/lisp/error.hpp"
#include "ptc/lisp/printer.hpp"
#include "ptc/lisp/run.hpp"
#include "tests/lisp/eval_helpers.hpp"

namespace lisp_set_builtins_test {

using namespace ptc::lisp;
using namespace ptc::lisp::testing;

namespace {



}  // namespace

// Expected texts were printed by Clojure 1.11, except that sets of comparable items print
// sorted (spec difference 3) and sets of maps in insertion order.
TEST_CASE("clojure.set builtins agree with Clojure 1.11") {
  check_all({
    {R"~((clojure.set/union))~", R"~(#{})~"},
    {R"~((clojure.set/union nil nil))~", R"~(nil)~"},
    {R"~((clojure.set/union nil #{1}))~", R"~(#{1})~"},
    {R"~((clojure.set/union #{1 2} #{2 3} #{4}))~", R"~(#{1 2 3 4})~"},
    {R"~((clojure.set/intersection #{1 2} nil))~", R"~(nil)~"},
    {R"~((clojure.set/intersection #{1 2} #{2 3} #{2}))~", R"~(#{2})~"},
    {R"~((clojure.set/intersection #{1 2}))~", R"~(#{1 2})~"},
    {R"~((clojure.set/difference #{1 2} #{2}))~", R"~(#{1})~"},
    {R"~((clojure.set/difference #{1 2 3} #{2} #{3}))~", R"~(#{1})~"},
    {R"~((clojure.set/difference nil #{2}))~", R"~(nil)~"},
    {R"~((clojure.set/select odd? #{1 2 3}))~", R"~(#{1 3})~"},
    {R"~((clojure.set/project [{:a 1 :b 2}] [:a]))~", R"~(#{{:a 1}})~"},
    {R"~((clojure.set/project #{{:a 1 :b 2} {:a 1 :b 3}} [:a]))~", R"~(#{{:a 1}})~"},
    {R"~((clojure.set/rename-keys {:a 1 :b 2} {:a :b}))~", R"~({:b 1})~"},
    {R"~((clojure.set/rename-keys {:a 1 :b 2} {:a :b :b :a}))~", R"~({:b 1, :a 2})~"},
    {R"~((clojure.set/rename-keys {:a 1} {:x :y}))~", R"~({:a 1})~"},
    {R"~((clojure.set/rename #{{:a 1}} {:a :x}))~", R"~(#{{:x 1}})~"},
    {R"~((clojure.set/index #{{:a 1 :b 2} {:a 1 :b 3}} [:a]))~", R"~({{:a 1} #{{:a 1, :b 2} {:a 1, :b 3}}})~"},
    {R"~((clojure.set/map-invert {:a 1 :b 2}))~", R"~({1 :a, 2 :b})~"},
    {R"~((clojure.set/join #{{:a 1 :b 2}} #{{:a 1 :c 3}}))~", R"~(#{{:a 1, :b 2, :c 3}})~"},
    {R"~((clojure.set/join #{{:a 1 :b 2} {:a 2 :b 5}} #{{:a 1 :c 3} {:a 1 :c 4}}))~", R"~(#{{:a 1, :b 2, :c 3} {:a 1, :b 2, :c 4}})~"},
    {R"~((clojure.set/join #{{:a 1 :b 2}} #{{:x 1 :c 3}} {:a :x}))~", R"~(#{{:a 1, :b 2, :x 1, :c 3}})~"},
    {R"~((clojure.set/join [{:a 1}] []))~", R"~(#{})~"},
    {R"~((clojure.set/subset? #{1} #{1 2}))~", R"~(true)~"},
    {R"~((clojure.set/subset? #{1 3} #{1 2}))~", R"~(false)~"},
    {R"~((clojure.set/superset? #{1} #{1 2}))~", R"~(false)~"},
    {R"~((clojure.set/superset? #{1 2} #{2}))~", R"~(true)~"},
    {R"~((clojure.set/subset? nil #{1}))~", R"~(true)~"},
    {R"~((clojure.set/union #{1} #{2}))~", R"~(#{1 2})~"},
  });
}

TEST_CASE("clojure.set builtins: set/ alias and lenient collection arguments") {
  check_all({
      {"(set/union #{1} #{2})", "#{1 2}"},
      {"(set/union #{1} [2 3])", "#{1 2 3}"},
      {"(set/intersection #{1 2} [2])", "#{2}"},
      {"(set/subset? [1] #{1})", "true"},
      {R"~((set/rename-keys {"a" 1} {:a :x}))~", "{:x 1}"},
      {R"~((set/union "ab"))~", R"~(error type: clojure.set/union: argument 1 must be a set, got a string "ab")~"},
      {"(set/map-invert 5)", "error type: clojure.set/map-invert: argument 1 must be a map, got an integer 5"},
  });
}

}  // namespace lisp_set_builtins_test
