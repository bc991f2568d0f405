// read_value (EDN data text → value, nothing evaluated) and the source text that definitions
// keep (lisp::definition::source), both used to write a user namespace out and read it back.
#include <catch2/catch.hpp>

#include <cmath>

#include "ptc/lisp/error.hpp"
#include "ptc/lisp/printer.hpp"
#include "ptc/lisp/reader.hpp"
#include "ptc/lisp/run.hpp"

namespace lisp_read_value_test {

using namespace ptc::lisp;

namespace {

/// The value a program computes, printed, read back and printed again.
void round_trips(const char* program) {
  INFO(program);
  run_result r = run(program);
  REQUIRE(r.kind == outcome::value);
  const std::string text = pr_str(r.result);
  const value back = read_value(text);
  CHECK(pr_str(back) == text);
  CHECK(equal(back, r.result));
}

std::string parse_error(std::string_view edn) {
  try {
    read_value(edn);
  } catch (const lisp_exception& e) {
    return e.err().render();
  }
  return "no error";
}

}  // namespace

TEST_CASE("read_value reads scalars as data") {
  CHECK(read_value("nil").is_nil());
  CHECK(read_value("true").as_bool());
  CHECK_FALSE(read_value("false").as_bool());
  CHECK(read_value("-42").as_int() == -42);
  CHECK(read_value("9223372036854775807").as_int() == INT64_MAX);
  CHECK(read_value("1.5").as_double() == 1.5);
  CHECK(read_value("-0.0").as_double() == 0.0);
  CHECK(std::signbit(read_value("-0.0").as_double()));
  CHECK(std::isinf(read_value("##Inf").as_double()));
  CHECK(read_value("##-Inf").as_double() < 0);
  CHECK(std::isnan(read_value("##NaN").as_double()));
  CHECK(read_value("\\a").as_char() == U'a');
  CHECK(read_value("\\newline").as_char() == U'\n');
  CHECK(pr_str(read_value(":ns/kw")) == ":ns/kw");
  CHECK(read_value("a-symbol").is(type::symbol));
}

TEST_CASE("read_value does not evaluate: lists and symbols stay data") {
  const value v = read_value("(+ 1 2)");
  REQUIRE(v.is(type::list));
  CHECK(pr_str(v) == "(+ 1 2)");
  CHECK(pr_str(read_value("(quote x)")) == "(quote x)");
  CHECK(pr_str(read_value("[a (b c) {:k d}]")) == "[a (b c) {:k d}]");
}

TEST_CASE("read_value round-trips what pr_str prints for data") {
  round_trips("[nil true false 0 -7 9223372036854775807 -9223372036854775808]");
  round_trips("[1.0 -0.0 0.1 1.0E10 1.0E-5 3.141592653589793 (/ 1.0 3) ##Inf ##-Inf]");
  round_trips("\"tab\\there \\\"quoted\\\" back\\\\slash\\nnew line \\u00e9 \\u0001\"");
  round_trips("[\\a \\space \\newline \\tab \\return \\backspace \\formfeed \\\" \\\\ \\u00e9 \\(]");
  round_trips("[:a :ns/b 'sym 'ns/sym]");
  round_trips("'(1 (2 3) [4 #{5}] {:a (6)})");
  round_trips("{:a 1, \"b\" [2 3], 4 #{:x :y}, [1 2] {:nested {:deep nil}}, nil false}");
  round_trips("#{1 2 3 \"s\" :k [1]}");
  round_trips("[[] {} #{} ()]");
  round_trips("(range 5)");
}

TEST_CASE("read_value keeps map insertion order") {
  const value v = read_value("{:z 1, :a 2, :m 3}");
  CHECK(pr_str(v) == "{:z 1, :a 2, :m 3}");
}

TEST_CASE("read_value reads NaN back as NaN") {
  const value v = read_value("[##NaN]");
  CHECK(pr_str(v) == "[##NaN]");
}

TEST_CASE("read_value rejects anything but exactly one form") {
  CHECK(parse_error("") == "parse: expected a value, found none (line 1, col 1)");
  CHECK(parse_error("1 2") == "parse: expected one value, found 2 forms (line 1, col 3)");
  CHECK(parse_error("[1 2") .find("parse: unclosed [") == 0);
  CHECK(parse_error("#function[inc]").find("parse:") == 0);
}

TEST_CASE("function definitions keep the source text of the top-level form that made them, values none") {
  const char* program =
      "(def x 1)\n"
      "; a comment\n"
      "(defn  f \"doc\" [a]\n  (+ a x))   (do (def y 2) (defn g [] y))";
  run_result r = run(program);
  REQUIRE(r.kind == outcome::value);
  REQUIRE(r.mem);
  CHECK(r.mem->find("x")->source().empty());  // a value travels as itself
  CHECK(r.mem->find("f")->source() == "(defn  f \"doc\" [a]\n  (+ a x))");
  CHECK(r.mem->find("y")->source().empty());
  CHECK(r.mem->find("g")->source() == "(do (def y 2) (defn g [] y))");

  // Carried into the next run's memory, and replaced by a redefinition.
  run_options next;
  next.mem = r.mem;
  run_result r2 = run("(defn f [a] (* a 2)) (f 3)", next);
  REQUIRE(r2.kind == outcome::value);
  CHECK(r2.mem->find("x")->source().empty());
  CHECK(r2.mem->find("f")->source() == "(defn f [a] (* a 2))");
}

TEST_CASE("read_program can give each top-level form's text") {
  std::vector<std::string_view> texts;
  const auto forms = read_program("  (a 1) #_(skipped) [b]\n'c ;; end", texts);
  REQUIRE(forms.size() == 3);
  REQUIRE(texts.size() == 3);
  CHECK(texts[0] == "(a 1)");
  CHECK(texts[1] == "[b]");
  CHECK(texts[2] == "'c");
}

}  // namespace lisp_read_value_test
