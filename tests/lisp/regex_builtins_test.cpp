// Regex values and builtins (lisp/regex.cpp, lisp/builtins/regex.cpp): RE2 underneath, Clojure's
// return shapes on top.
#include <catch2/catch.hpp>

#include <string>
#include <string_view>

#include "ptc/lisp/error.hpp"
#include "ptc/lisp/printer.hpp"
#include "ptc/lisp/run.hpp"
#include "tests/lisp/eval_helpers.hpp"

namespace lisp_regex_builtins_test {

namespace {

using namespace ptc::lisp;
using namespace ptc::lisp::testing;



}  // namespace

TEST_CASE("re-find returns a string, or a vector with groups", "[regex]") {
  CHECK(ev("(re-find #\"\\d+\" \"ab12c3\")") == "\"12\"");
  CHECK(ev("(re-find #\"(\\d)(x)?\" \"a1\")") == "[\"1\" \"1\" nil]");
  CHECK(ev("(re-find #\"z\" \"ab\")") == "nil");
  CHECK(ev("(re-find (re-pattern \"(?i)AB\") \"xab\")") == "\"ab\"");
}

TEST_CASE("re-matches needs the whole string", "[regex]") {
  CHECK(ev("(re-matches #\"\\d+\" \"12a\")") == "nil");
  CHECK(ev("(re-matches #\"\\d+\" \"12\")") == "\"12\"");
  CHECK(ev("(re-matches #\"(\\d)+\" \"123\")") == "[\"123\" \"3\"]");
}

TEST_CASE("re-seq steps over empty matches as Java does", "[regex]") {
  CHECK(ev("(re-seq #\"\\d*\" \"a1\")") == "(\"\" \"1\" \"\")");
  CHECK(ev("(re-seq #\"z\" \"a\")") == "nil");
  CHECK(ev("(re-seq #\"(a)(b)?\" \"aab\")") == "([\"a\" \"a\" nil] [\"ab\" \"a\" \"b\"])");
  CHECK(ev("(re-seq #\"\\w+\" \"héllo wörld\")") == "(\"h\" \"llo\" \"w\" \"rld\")");  // \w: ASCII only, as in Java
}

TEST_CASE("re-pattern and regex?", "[regex]") {
  CHECK(ev("(regex? (re-pattern \"a\"))") == "true");
  CHECK(ev("(regex? \"a\")") == "false");
  CHECK(ev("(str (re-pattern \"\\\\d+\"))") == "\"\\\\d+\"");
  CHECK(ev("(re-find #\"\\p{Alpha}+\" \"12ab3\")") == "\"ab\"");
  CHECK(ev("(re-find #\"(?<year>\\d{4})\" \"in 2024\")") == "[\"2024\" \"2024\"]");
  CHECK(ev("(re-find #\"\\u0041+\" \"xAAy\")") == "\"AA\"");
  CHECK(ev("(re-seq #\"[\\p{Digit}]+\" \"a12b3\")") == "(\"12\" \"3\")");
  CHECK(ev("(str/replace \"John Smith\" #\"(?<first>\\w+) (?<last>\\w+)\" \"${last}, ${first}\")") ==
        "\"Smith, John\"");
  CHECK(kind_of("(re-pattern \"a(\")") == "type");
  CHECK(kind_of("(re-find \"a\" \"a\")") == "type");
}

TEST_CASE("backreferences and lookaround are refused with a clear error", "[regex]") {
  const std::string msg =
      "error unsupported: regex feature not supported: backreferences and lookaround cannot be "
      "used (patterns run in linear time)";
  CHECK(ev("(re-pattern \"a(?=b)\")") == msg);
  CHECK(ev("(re-pattern \"(a)\\\\1\")") == msg);
  CHECK(ev("(re-pattern \"(?<!a)b\")") == msg);
}

}  // namespace lisp_regex_builtins_test
