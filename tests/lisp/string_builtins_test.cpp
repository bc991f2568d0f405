// String builtins (lisp/builtins/string*.cpp): str, subs, name/keyword, parse-*, clojure.string
// and the Java String methods. Expectations from Clojure 1.11.
#include <catch2/catch.hpp>

#include <cstdio>
#include <string>
#include <string_view>

#include "ptc/lisp/error.hpp"
#include "ptc/lisp/printer.hpp"
#include "ptc/lisp/run.hpp"
#include "tests/lisp/eval_helpers.hpp"

namespace lisp_string_builtins_test {

namespace {

using namespace ptc::lisp;
using namespace ptc::lisp::testing;



}  // namespace

TEST_CASE("str concatenates str of each argument", "[string]") {
  CHECK(ev("(str)") == "\"\"");
  CHECK(ev("(str nil)") == "\"\"");
  CHECK(ev("(str 1 nil :a \"b\" \\c 1.0 [1 \"a\"] '(1 2) {:a \"x\"})") ==
        R"("1:abc1.0[1 \"a\"](1 2){:a \"x\"}")");
}

TEST_CASE("subs counts code points", "[string]") {
  CHECK(ev("(subs \"hello\" 1 3)") == "\"el\"");
  CHECK(ev("(subs \"hello\" 2)") == "\"llo\"");
  CHECK(ev("(subs \"héllo\" 1 2)") == "\"é\"");
  CHECK(kind_of("(subs \"hello\" 3 2)") == "index");
  CHECK(kind_of("(subs \"hello\" 6)") == "index");
}

TEST_CASE("name namespace keyword symbol", "[string]") {
  CHECK(ev("[(name :a/b) (namespace :a/b) (namespace :a) (name \"s\") (name 'x)]") ==
        "[\"b\" \"a\" nil \"s\" \"x\"]");
  CHECK(ev("[(keyword \"a/b\") (keyword \"a\" \"b\") (keyword 1) (keyword nil) (keyword nil \"b\")]") ==
        "[:a/b :a/b nil nil :b]");
  CHECK(ev("[(symbol :a/b) (symbol \"x\" \"y\") (symbol \"z\")]") == "[a/b x/y z]");
  CHECK(kind_of("(name 1)") == "type");
}

TEST_CASE("parse-long parse-double parse-boolean", "[string]") {
  CHECK(ev("[(parse-long \"12\") (parse-long \"+12\") (parse-long \" 12\") (parse-long \"1.5\")]") ==
        "[12 12 nil nil]");
  CHECK(ev("(parse-long \"99999999999999999999\")") == "nil");
  CHECK(ev("[(parse-double \"1.5\") (parse-double \" 1.5\") (parse-double \"1e3\") (parse-double \".5\") (parse-double \"1.\")]") ==
        "[1.5 1.5 1000.0 0.5 1.0]");
  CHECK(ev("[(parse-double \"Infinity\") (parse-double \"abc\") (parse-double \"0x10\")]") ==
        "[##Inf nil nil]");
  CHECK(ev("[(parse-boolean \"true\") (parse-boolean \"false\") (parse-boolean \"TRUE\")]") ==
        "[true false nil]");
  CHECK(ev("(parse-long nil)") == "error type: parse-long: argument 1 must be a string, got nil");
}

TEST_CASE("clojure.string basics under every alias", "[string]") {
  CHECK(ev("(clojure.string/upper-case \"abc\")") == "\"ABC\"");
  CHECK(ev("(str/lower-case \"ÀB\")") == "\"àb\"");
  CHECK(ev("(string/upper-case \"straße é\")") == "\"STRASSE É\"");
  CHECK(ev("(upper-case \"x\")") == "\"X\"");
  CHECK(ev("(str/capitalize \"hELLO\")") == "\"Hello\"");
  CHECK(ev("(str/capitalize \"\")") == "\"\"");
  CHECK(ev("[(str/blank? nil) (str/blank? \" \\n\") (blank? \"a\")]") == "[true true false]");
  CHECK(ev("[(str/includes? \"abc\" \"bc\") (starts-with? \"abc\" \"ab\") (ends-with? \"abc\" \"bc\")]") ==
        "[true true true]");
  CHECK(kind_of("(str/upper-case nil)") == "type");
}

TEST_CASE("upper-case and lower-case map every ASCII byte, at every length", "[string]") {
  // The ASCII case mapping works eight bytes at a time with a byte loop for the rest: every
  // code 0..127, and every length 0..19 of a text that puts each letter-range edge ('@' 'A'
  // 'Z' '[' '`' 'a' 'z' '{') in both parts.
  std::string all = "\"", codes_up, codes_down;
  for (int ch = 0; ch < 128; ++ch) {
    char escaped[8];
    std::snprintf(escaped, sizeof escaped, "\\u%04x", ch);
    all += ch >= 32 && ch < 127 && ch != '"' && ch != '\\' ? std::string(1, static_cast<char>(ch)) : escaped;
    const int up = ch >= 'a' && ch <= 'z' ? ch - 32 : ch, down = ch >= 'A' && ch <= 'Z' ? ch + 32 : ch;
    codes_up += (ch ? " " : "") + std::to_string(up);
    codes_down += (ch ? " " : "") + std::to_string(down);
  }
  all += "\"";
  CHECK(ev("(map int (str/upper-case " + all + "))") == "(" + codes_up + ")");
  CHECK(ev("(map int (str/lower-case " + all + "))") == "(" + codes_down + ")");
  const std::string edges = "@AZ[`az{z`[ZA@azAZ{";
  for (std::size_t n = 0; n <= edges.size(); ++n) {
    std::string up, down;
    for (char ch : edges.substr(0, n)) {
      up += ch >= 'a' && ch <= 'z' ? static_cast<char>(ch - 32) : ch;
      down += ch >= 'A' && ch <= 'Z' ? static_cast<char>(ch + 32) : ch;
    }
    const std::string arg = "\"" + edges.substr(0, n) + "\"";
    CHECK(ev("(str/upper-case " + arg + ")") == "\"" + up + "\"");
    CHECK(ev("(str/lower-case " + arg + ")") == "\"" + down + "\"");
  }
}

TEST_CASE("clojure.string takes any value where Clojure calls toString on it", "[string]") {
  CHECK(ev("(str/upper-case 42)") == "\"42\"");
  CHECK(ev("(str/upper-case :a)") == "\":A\"");
  CHECK(ev("(str/starts-with? :abc \":a\")") == "true");
  CHECK(ev("(str/replace 123 \"2\" \"x\")") == "\"1x3\"");
  CHECK(ev("(str/index-of 12345 \"3\")") == "2");
  CHECK(kind_of("(str/trim 5)") == "type");
  CHECK(kind_of("(str/includes? \"abc\" \\b)") == "type");
}

TEST_CASE("index-of and last-index-of", "[string]") {
  CHECK(ev("(str/index-of \"abcb\" \"b\")") == "1");
  CHECK(ev("(str/index-of \"abcb\" \\b 2)") == "3");
  CHECK(ev("(str/index-of \"abc\" \"z\")") == "nil");
  CHECK(ev("(str/index-of \"abc\" \"\" 10)") == "3");
  CHECK(ev("(str/last-index-of \"abcb\" \"b\")") == "3");
  CHECK(ev("(str/last-index-of \"abcb\" \"b\" 2)") == "1");
  CHECK(ev("(index-of \"héllo\" \"l\")") == "2");
}

TEST_CASE("join reverse escape trim", "[string]") {
  CHECK(ev("(str/join \", \" [1 nil \"a\" :k])") == "\"1, , a, :k\"");
  CHECK(ev("(str/join [1 2])") == "\"12\"");
  CHECK(ev("(join \\- (range 3))") == "\"0-1-2\"");
  CHECK(ev("(str/reverse \"abé\")") == "\"éba\"");
  CHECK(ev("(str/escape \"a<b>\" {\\< \"&lt;\" \\> \"&gt;\"})") == "\"a&lt;b&gt;\"");
  CHECK(ev("(str/trim \" \\u2003a\\t \")") == "\"a\"");
  CHECK(ev("(str/triml \"  a \")") == "\"a \"");
  CHECK(ev("(str/trimr \"  a \")") == "\"  a\"");
  CHECK(ev("(str/trim-newline \"a\\r\\n\\n\")") == "\"a\"");
}

TEST_CASE("split follows Java's Pattern.split", "[string]") {
  CHECK(ev("(str/split \"a,b,,c,,\" #\",\")") == "[\"a\" \"b\" \"\" \"c\"]");
  CHECK(ev("(str/split \"a,b,,c,,\" \",\")") == "[\"a\" \"b\" \"\" \"c\"]");
  CHECK(ev("(str/split \"\" #\",\")") == "[\"\"]");
  CHECK(ev("(str/split \",\" #\",\")") == "[]");
  CHECK(ev("(str/split \"abc\" #\"\")") == "[\"a\" \"b\" \"c\"]");
  CHECK(ev("(str/split \"a,b,c\" #\",\" 2)") == "[\"a\" \"b,c\"]");
  CHECK(ev("(str/split \"a,b,,,\" #\",\" -1)") == "[\"a\" \"b\" \"\" \"\" \"\"]");
  CHECK(ev("(split \" a b\" #\"\\s+\")") == "[\"\" \"a\" \"b\"]");
  CHECK(ev("(str/split-lines \"a\\nb\\r\\nc\\n\\n\")") == "[\"a\" \"b\" \"c\"]");
  CHECK(ev("(split-lines \"\")") == "[\"\"]");
}

TEST_CASE("replace with strings, characters, regexes and functions", "[string]") {
  CHECK(ev("(str/replace \"a1b22\" #\"\\d+\" \"<$0>\")") == "\"a<1>b<22>\"");
  CHECK(ev("(str/replace \"a1b22\" #\"(\\d)(\\d)?\" \"[$1|$2]\")") == "\"a[1|]b[2|2]\"");
  CHECK(ev("(str/replace \"abc\" #\"x*\" \"-\")") == "\"-a-b-c-\"");
  CHECK(ev("(str/replace \"a.b\" \".\" \"!\")") == "\"a!b\"");
  CHECK(ev("(str/replace \"aXbX\" \\X \\y)") == "\"ayby\"");
  CHECK(ev("(str/replace \"ab\" #\"b\" \"\\\\$1\")") == "\"a$1\"");
  CHECK(kind_of("(str/replace \"ab\" #\"b\" \"$\")") == "type");
  CHECK(ev("(str/replace \"a1b2\" #\"\\d\" (fn [m] (str (* 2 (parse-long m)))))") == "\"a2b4\"");
  CHECK(ev("(str/replace \"a1b2\" #\"(\\d)\" (fn [m] (pr-str m)))") ==
        R"("a[\"1\" \"1\"]b[\"2\" \"2\"]")");
  CHECK(ev("(str/replace-first \"a1b2\" #\"\\d\" \"X\")") == "\"aXb2\"");
  CHECK(ev("(str/replace-first \"aaa\" \"a\" \"b\")") == "\"baa\"");
}

TEST_CASE("Java String methods", "[string]") {
  CHECK(ev("(.indexOf \"abc\" \"c\")") == "2");
  CHECK(ev("(.indexOf \"abc\" \"z\")") == "-1");
  CHECK(ev("(.charAt \"abc\" 1)") == "\\b");
  CHECK(ev("(.substring \"hello\" 1 3)") == "\"el\"");
  CHECK(ev("(.substring \"hello\" 1)") == "\"ello\"");
  CHECK(ev("(.length \"héllo\")") == "5");
  CHECK(ev("[(.contains \"abc\" \"b\") (.isEmpty \"\") (.equalsIgnoreCase \"aB\" \"Ab\")]") ==
        "[true true true]");
  CHECK(ev("[(.startsWith \"abc\" \"a\") (.endsWith \"abc\" \"c\") (.lastIndexOf \"abcb\" \"b\")]") ==
        "[true true 3]");
  CHECK(ev("[(.toUpperCase \"ab\") (.toLowerCase \"AB\") (.trim \" a \")]") == "[\"AB\" \"ab\" \"a\"]");
  CHECK(kind_of("(.charAt \"abc\" 5)") == "index");
}

}  // namespace lisp_string_builtins_test
