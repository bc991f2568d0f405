// Numbers and comparison builtins (lisp/builtins/math*.cpp). Expected results come from
// Clojure 1.11 unless a test says it checks a deliberate difference (spec/ptc-lisp.md).
#include <catch2/catch.hpp>

#include <string>
#include <string_view>

#include "ptc/lisp/error.hpp"
#include "ptc/lisp/printer.hpp"
#include "ptc/lisp/run.hpp"
#include "tests/lisp/eval_helpers.hpp"

namespace lisp_math_builtins_test {

namespace {

using namespace ptc::lisp;
using namespace ptc::lisp::testing;



}  // namespace

TEST_CASE("arithmetic keeps integers and spreads doubles", "[math]") {
  CHECK(ev("(+)") == "0");
  CHECK(ev("(*)") == "1");
  CHECK(ev("(+ 1 2 3)") == "6");
  CHECK(ev("(+ 1 2.5)") == "3.5");
  CHECK(ev("(- 5)") == "-5");
  CHECK(ev("(- 10 1 2)") == "7");
  CHECK(ev("(- 10.0 1)") == "9.0");
  CHECK(ev("(* 2 3.0)") == "6.0");
  CHECK(ev("(inc 1)") == "2");
  CHECK(ev("(dec 1.5)") == "0.5");
  CHECK(ev("(+' 1 2)") == "3");
}

TEST_CASE("division has no ratios", "[math]") {
  CHECK(ev("(/ 6 3)") == "2");
  CHECK(ev("(/ 1 3)") == "0.3333333333333333");
  CHECK(ev("(/ 6 4)") == "1.5");
  CHECK(ev("(/ 2)") == "0.5");
  CHECK(ev("(/ 0.5)") == "2.0");
  CHECK(ev("(/ 12 2 3)") == "2");
  // Any zero divisor is an error, as in Clojure's dynamic division (see math.cpp divide2).
  CHECK(ev("(/ 1.0 0)") == "error arithmetic: Divide by zero");
  CHECK(ev("(/ 0 0.0)") == "error arithmetic: Divide by zero");
  CHECK(ev("(/ 1 (:x {:x 0.0}))") == "error arithmetic: Divide by zero");
  CHECK(ev("(/ 1 0)") == "error arithmetic: Divide by zero");
}

TEST_CASE("integer overflow is an arithmetic error", "[math]") {
  CHECK(ev("(+ 9223372036854775807 1)") == "error arithmetic: integer overflow");
  CHECK(ev("(* 4611686018427387904 2)") == "error arithmetic: integer overflow");
  CHECK(ev("(inc 9223372036854775807)") == "error arithmetic: integer overflow");
  CHECK(ev("(dec -9223372036854775808)") == "error arithmetic: integer overflow");
  CHECK(ev("(- -9223372036854775808)") == "error arithmetic: integer overflow");
  CHECK(ev("(*' 4611686018427387904 2)") == "error arithmetic: integer overflow");
}

TEST_CASE("non-numbers are type errors naming the argument", "[math]") {
  CHECK(ev("(+ 1 \"a\")") == "error type: +: argument 2 must be a number, got a string \"a\"");
  CHECK(ev("(inc nil)") == "error type: inc: argument 1 must be a number, got nil");
  CHECK(kind_of("(< 1 :a)") == "type");
  CHECK(kind_of("(* 2 [1])") == "type");
}

TEST_CASE("quot rem mod follow Clojure's signs", "[math]") {
  CHECK(ev("(quot 7 2)") == "3");
  CHECK(ev("(quot -7 2)") == "-3");
  CHECK(ev("(quot 7.5 2)") == "3.0");
  CHECK(ev("(rem -7 2)") == "-1");
  CHECK(ev("(mod -7 2)") == "1");
  CHECK(ev("(mod 7 -2)") == "-1");
  CHECK(ev("(mod 7.5 -2)") == "-0.5");
  CHECK(ev("(mod -7 0)") == "error arithmetic: Divide by zero");
  CHECK(ev("(quot 1.0 0)") == "error arithmetic: Divide by zero");
}

TEST_CASE("max and min keep the winner's type and let NaN win", "[math]") {
  CHECK(ev("(max 1 2.0)") == "2.0");
  CHECK(ev("(max 2 1.0)") == "2");
  CHECK(ev("(min 3 1 2)") == "1");
  CHECK(ev("(max 1 ##NaN)") == "##NaN");
  CHECK(ev("(min 1 ##NaN 0)") == "##NaN");
  CHECK(ev("(abs -5)") == "5");
  CHECK(ev("(abs -1.5)") == "1.5");
}

TEST_CASE("comparison and equality", "[math]") {
  CHECK(ev("(= 1 1 1)") == "true");
  CHECK(ev("(= 1 1.0)") == "false");
  CHECK(ev("(== 1 1.0)") == "true");
  CHECK(ev("(not= 1 2)") == "true");
  CHECK(ev("(= [1 2] '(1 2))") == "true");
  CHECK(ev("(< 1 2 3)") == "true");
  CHECK(ev("(< 1 3 2)") == "false");
  CHECK(ev("(<= 1 1 2)") == "true");
  CHECK(ev("(> 3 2.5 1)") == "true");
  CHECK(ev("(>= 1 ##NaN)") == "false");
  CHECK(ev("(compare 1 2)") == "-1");
  CHECK(ev("(compare 2.0 1)") == "1");
  CHECK(kind_of("(== 1 \"a\")") == "type");
}

TEST_CASE("number tests", "[math]") {
  CHECK(ev("[(zero? 0) (zero? 0.0) (pos? 1) (neg? -1.5) (pos? 0)]") == "[true true true true false]");
  CHECK(ev("[(even? 2) (odd? 3) (odd? -3) (even? 0)]") == "[true true true true]");
  CHECK(ev("(even? 1.0)") == "error type: even?: argument 1 must be an integer, got a double 1.0");
  CHECK(ev("[(NaN? ##NaN) (NaN? 1) (infinite? ##-Inf) (infinite? 1.0)]") == "[true false true false]");
  CHECK(kind_of("(zero? \"a\")") == "type");
}

TEST_CASE("conversions", "[math]") {
  CHECK(ev("(int 3.7)") == "3");
  CHECK(ev("(long -3.7)") == "-3");
  CHECK(ev("(long \\a)") == "97");
  CHECK(ev("(double 1)") == "1.0");
  CHECK(ev("(float 1)") == "1.0");
  CHECK(ev("(num 5)") == "5");
  CHECK(ev("(int 3000000000)") == "error arithmetic: integer overflow");
  CHECK(kind_of("(long 1e20)") == "arithmetic");
  CHECK(kind_of("(int \"a\")") == "type");
}

TEST_CASE("bit operations", "[math]") {
  CHECK(ev("(bit-and 12 10)") == "8");
  CHECK(ev("(bit-or 12 10 1)") == "15");
  CHECK(ev("(bit-xor 12 10)") == "6");
  CHECK(ev("(bit-not 5)") == "-6");
  CHECK(ev("(bit-and-not 15 5)") == "10");
  CHECK(ev("(bit-shift-left 1 65)") == "2");
  CHECK(ev("(bit-shift-right -8 1)") == "-4");
  CHECK(ev("[(bit-test 5 2) (bit-set 0 63) (bit-clear 7 1) (bit-flip 5 0)]") ==
        "[true -9223372036854775808 5 4]");
  CHECK(kind_of("(bit-and 1.0 2)") == "type");
}

TEST_CASE("rand stays in range", "[math]") {
  CHECK(ev("(every? #(and (<= 0 %) (< % 10)) (repeatedly 200 #(rand-int 10)))") == "true");
  CHECK(ev("(let [r (rand)] (and (<= 0 r) (< r 1)))") == "true");
  CHECK(ev("(double? (rand 5))") == "true");
}

TEST_CASE("Math/ names follow Java's result types", "[math]") {
  CHECK(ev("(Math/round 2.5)") == "3");
  CHECK(ev("(Math/round -2.5)") == "-2");
  CHECK(ev("(Math/floor 5)") == "5.0");
  CHECK(ev("(Math/ceil 1.2)") == "2.0");
  CHECK(ev("(Math/max 1 2)") == "2");
  CHECK(ev("(Math/abs -5)") == "5");
  CHECK(ev("(Math/pow 2 10)") == "1024.0");
  CHECK(ev("(Math/sqrt 16)") == "4.0");
  CHECK(ev("(Math/signum -3.0)") == "-1.0");
  CHECK(ev("(java.lang.Math/abs -2)") == "2");
  CHECK(ev("(Math/hypot 3 4)") == "5.0");
}

TEST_CASE("Integer Long Double parsing", "[math]") {
  CHECK(ev("(Integer/parseInt \"12\")") == "12");
  CHECK(ev("(Integer/parseInt \"+5\")") == "5");
  CHECK(ev("(Integer/parseInt \"ff\" 16)") == "255");
  CHECK(kind_of("(Integer/parseInt \"3000000000\")") == "type");
  CHECK(kind_of("(Integer/parseInt \"abc\")") == "type");
  CHECK(kind_of("(Long/parseLong \" 5\")") == "type");
  CHECK(ev("(Long/parseLong \"-9223372036854775808\")") == "-9223372036854775808");
  CHECK(ev("(Integer/toString 255 16)") == "\"ff\"");
  CHECK(ev("(Long/valueOf \"7\")") == "7");
  CHECK(ev("(Double/parseDouble \" 1.5 \")") == "1.5");
  CHECK(ev("(Double/parseDouble \"1e3\")") == "1000.0");
  CHECK(ev("(Double/parseDouble \"1.5d\")") == "1.5");
  CHECK(ev("(Double/isNaN (Double/parseDouble \"NaN\"))") == "true");
  CHECK(kind_of("(Double/parseDouble \"abc\")") == "type");
}

}  // namespace lisp_math_builtins_test
