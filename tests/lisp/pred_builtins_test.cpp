// Type predicates (lisp/builtins/pred.cpp); expectations from Clojure 1.11, with PTC's value
// model: realised sequences are lists, map entries are 2-item vectors.
#include <catch2/catch.hpp>

#include <string>
#include <string_view>

#include "ptc/lisp/error.hpp"
#include "ptc/lisp/printer.hpp"
#include "ptc/lisp/run.hpp"
#include "tests/lisp/eval_helpers.hpp"

namespace lisp_pred_builtins_test {

namespace {

using namespace ptc::lisp;
using namespace ptc::lisp::testing;


}  // namespace

TEST_CASE("nil, boolean and truthiness predicates", "[pred]") {
  CHECK(ev("[(nil? nil) (nil? false) (some? false) (some? nil)]") == "[true false true false]");
  CHECK(ev("[(true? true) (true? 1) (false? false) (false? nil)]") == "[true false true false]");
  CHECK(ev("[(not nil) (not 0) (boolean 0) (boolean nil) (boolean? false)]") ==
        "[true false true false true]");
  CHECK(ev("(any? nil)") == "true");
  CHECK(ev("[(delay? 1) (record? {:a 1})]") == "[false false]");
}

TEST_CASE("number predicates", "[pred]") {
  CHECK(ev("[(number? 1) (number? 1.5) (number? \"1\")]") == "[true true false]");
  CHECK(ev("[(integer? 1) (integer? 1.0) (int? 1) (double? 1.0) (float? 1) (decimal? 1.0)]") ==
        "[true false true true false false]");
  CHECK(ev("[(ratio? 1) (rational? 1) (rational? 1.5)]") == "[false true false]");
  CHECK(ev("[(nat-int? 0) (nat-int? -1) (pos-int? 1) (pos-int? 1.0) (neg-int? -1)]") ==
        "[true false true false true]");
}

TEST_CASE("collection predicates", "[pred]") {
  CHECK(ev("[(map? {}) (vector? []) (list? '()) (set? #{}) (coll? nil) (coll? \"s\")]") ==
        "[true true true true false false]");
  CHECK(ev("[(list? (map inc [1])) (seq? (map inc [1])) (seq? [1]) (list? [1])]") ==
        "[true true false false]");
  CHECK(ev("[(sequential? [1]) (sequential? '(1)) (sequential? #{1}) (sequential? {})]") ==
        "[true true false false]");
  CHECK(ev("[(seq? (range)) (sequential? (range)) (coll? (range))]") == "[true true true]");
  CHECK(ev("[(associative? {}) (associative? []) (associative? '())]") == "[true true false]");
  CHECK(ev("[(counted? [1]) (counted? {}) (indexed? [1]) (indexed? '(1)) (reversible? [])]") ==
        "[true true true false true]");
  CHECK(ev("[(seqable? nil) (seqable? \"a\") (seqable? 1) (sorted? [])]") ==
        "[true true false false]");
  CHECK(ev("[(map-entry? (first {:a 1})) (map-entry? [1 2 3])]") == "[true false]");
}

TEST_CASE("function, string and name predicates", "[pred]") {
  CHECK(ev("[(fn? inc) (fn? :a) (ifn? :a) (ifn? {}) (ifn? 1)]") == "[true false true true false]");
  CHECK(ev("[(string? \"a\") (char? \\a) (char? \"a\") (keyword? :a) (symbol? 'a)]") ==
        "[true true false true true]");
  CHECK(ev("[(simple-keyword? :a) (qualified-keyword? :a/b) (simple-symbol? 'a/b) (qualified-symbol? 'a/b)]") ==
        "[true true false true]");
  CHECK(ev("[(qualified-ident? :a/b) (qualified-ident? :a) (qualified-ident? \"a/b\")]") ==
        "[true false false]");
}

TEST_CASE("predicates take exactly one argument", "[pred]") {
  CHECK(ev("(nil?)").rfind("error arity", 0) == 0);
  CHECK(ev("(string? 1 2)").rfind("error arity", 0) == 0);
}

}  // namespace lisp_pred_builtins_test
