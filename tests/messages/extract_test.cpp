// Finding the program in an LLM response: tagged blocks first, then any block that holds a
// form, then a bare s-expression; then cleaning (line endings, smart quotes, invisible
// characters). A response without code is a no_code turn whose text says what to send.
#include <catch2/catch.hpp>

#include "ptc/messages/extract.hpp"

namespace messages_extract_test {

using namespace ptc::messages;

namespace {

std::string program_of(std::string_view response) {
  const auto e = extract_code(response);
  INFO("error: " << e.error);
  REQUIRE(e.program.has_value());
  CHECK(e.error.empty());
  return *e.program;
}

}  // namespace

TEST_CASE("extract: one clojure block, prose around it ignored") {
  CHECK(program_of("Let me look.\n```clojure\n(println (count data/items))\n```\nDone.") ==
        "(println (count data/items))");
}

TEST_CASE("extract: lisp and clj tags, any case, longer and indented fences") {
  CHECK(program_of("```lisp\n(+ 1 2)\n```") == "(+ 1 2)");
  CHECK(program_of("```clj\n(+ 1 2)\n```") == "(+ 1 2)");
  CHECK(program_of("```Clojure\n(+ 1 2)\n```") == "(+ 1 2)");
  CHECK(program_of("````clojure\n(str \"```\")\n````") == "(str \"```\")");
  CHECK(program_of("1. Step one:\n   ```clojure\n   (+ 1 2)\n   ```") == "   (+ 1 2)");
}

TEST_CASE("extract: several clojure blocks are joined in order with a blank line") {
  const char* r = "First:\n```clojure\n(def a 1)\n```\nThen:\n```lisp\n(println a)\n```\n";
  CHECK(program_of(r) == "(def a 1)\n\n(println a)");
}

TEST_CASE("extract: tagged blocks win over other blocks") {
  const char* r = "```\n(println \"untagged\")\n```\n```clojure\n(println \"tagged\")\n```";
  CHECK(program_of(r) == "(println \"tagged\")");
}

TEST_CASE("extract: an untagged or other-tagged block whose content starts with a form") {
  CHECK(program_of("```\n(+ 1 2)\n```") == "(+ 1 2)");
  CHECK(program_of("```scheme\n;; sum\n(+ 1 2)\n```") == ";; sum\n(+ 1 2)");
  // An empty clojure block does not hide a usable one.
  CHECK(program_of("```clojure\n\n```\n```\n(+ 1 2)\n```") == "(+ 1 2)");
}

TEST_CASE("extract: a bare s-expression is the program") {
  CHECK(program_of("(return {:total 3})") == "(return {:total 3})");
  CHECK(program_of("\n  (def x 1)\n(println x)\n") == "  (def x 1)\n(println x)");
}

TEST_CASE("extract: prose, a bare map or another language is no code") {
  for (const char* r : {"The answer is 42.", "{:total 3}", "", "Here: (+ 1 2)"}) {
    INFO(r);
    const auto e = extract_code(r);
    CHECK_FALSE(e.program.has_value());
    CHECK(e.error == no_code_message);
  }
  const auto py = extract_code("```python\nprint(1)\n```");
  CHECK_FALSE(py.program.has_value());
  CHECK(py.error.find("```python") != std::string::npos);
  CHECK(py.error.find(no_code_message) != std::string::npos);
}

TEST_CASE("extract: the no-code message tells the LLM exactly what to send") {
  const std::string m(no_code_message);
  CHECK(m.find("exactly one ```clojure code block") != std::string::npos);
  CHECK(m.find("(return") != std::string::npos);
  // The message is itself a valid example: its block extracts to a program.
  const auto e = extract_code(m);
  REQUIRE(e.program.has_value());
  CHECK(*e.program == "(return {:answer \"...\"})");
}

TEST_CASE("extract: CRLF and lone CR become LF") {
  CHECK(program_of("```clojure\r\n(def a 1)\r\n(println a)\r\n```\r\n") == "(def a 1)\n(println a)");
  CHECK(program_of("```clojure\r(+ 1 2)\r```") == "(+ 1 2)");
}

TEST_CASE("extract: smart quotes become ASCII outside strings, stay inside them") {
  CHECK(program_of("```clojure\n(str \xE2\x80\x9C" "abc\xE2\x80\x9D)\n```") == "(str \"abc\")");
  CHECK(program_of("```clojure\n(println \"He said \xE2\x80\x9Chi\xE2\x80\x9D\")\n```") ==
        "(println \"He said \xE2\x80\x9Chi\xE2\x80\x9D\")");
  CHECK(program_of("```clojure\n(first \xE2\x80\x98(1 2))\n```") == "(first '(1 2))");
  // A comment is left alone, and an escaped quote does not end a string.
  CHECK(program_of("```clojure\n(str \"a\\\"\xE2\x80\x9C\") ; don\xE2\x80\x99t\n```") ==
        "(str \"a\\\"\xE2\x80\x9C\") ; don\xE2\x80\x99t");
}

TEST_CASE("extract: invisible characters are removed, no-break spaces become spaces") {
  // BOM, zero-width space, zero-width joiner, word joiner, soft hyphen; NBSP.
  const std::string r = "\xEF\xBB\xBF```clojure\n(+\xC2\xA0" "1\xE2\x80\x8B 2\xE2\x80\x8D\xE2\x81\xA0\xC2\xAD)\n```";
  CHECK(program_of(r) == "(+ 1 2)");
  CHECK(program_of("\xEF\xBB\xBF(+ 1 2)") == "(+ 1 2)");
}

TEST_CASE("extract: a block the response leaves open runs to the end") {
  CHECK(program_of("```clojure\n(def a 1)\n(println a)") == "(def a 1)\n(println a)");
}

}  // namespace messages_extract_test
