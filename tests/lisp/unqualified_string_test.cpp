// PTC-only extensions of clojure.string that real Clojure cannot run, so they live here rather
// than in the conformance table:
// - the clojure.string names that do not clash with clojure.core (split, join, upper-case,
//   lower-case, trim, includes?, starts-with?, ends-with?, blank?, split-lines, index-of) also
//   work unqualified, exactly like their qualified forms;
// - str/split accepts a plain string separator (matched literally) as well as a regex.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "eval_helpers.hpp"

namespace lisp_unqualified_string_test {

using ptc::lisp::testing::ev;

namespace {

/// One call shape: the name, and the argument text that follows it.
struct call {
  const char* name;
  const char* args;
  const char* want;  ///< the qualified call's value (pr-str), or "error <kind>..." prefix
};

std::string with_prefix(const std::string& prefix, const call& c) {
  return "(" + prefix + c.name + " " + c.args + ")";
}

/// The unqualified call gives exactly what str/, string/ and clojure.string/ give, and that is
/// the expected value (so two equally broken forms cannot pass).
void check_same(const call& c) {
  const std::string bare = ev(with_prefix("", c));
  INFO("unqualified: " << with_prefix("", c));
  CHECK(bare == ev(with_prefix("str/", c)));
  CHECK(bare == ev(with_prefix("string/", c)));
  CHECK(bare == ev(with_prefix("clojure.string/", c)));
  const std::string want = c.want;
  if (want.rfind("error ", 0) == 0) {
    CHECK(bare.rfind(want, 0) == 0);
  } else {
    CHECK(bare == want);
  }
}

}  // namespace

TEST_CASE("unqualified split is clojure.string/split", "[string][unqualified]") {
  for (const call& c : std::vector<call>{
           {"split", R"("a,b,c" #",")", R"(["a" "b" "c"])"},
           {"split", R"("a,b,,c,," #",")", R"(["a" "b" "" "c"])"},
           {"split", R"("" #",")", R"([""])"},
           {"split", R"("k=v=w" #"=" 2)", R"(["k" "v=w"])"},
           {"split", R"("a b  c" #"\s+")", R"(["a" "b" "c"])"},
           {"split", R"("héllo wörld" #" ")", R"(["héllo" "wörld"])"},
           {"split", R"("a,b" ",")", R"(["a" "b"])"},
           {"split", R"(nil #",")", "error type"},
       }) {
    check_same(c);
  }
}

TEST_CASE("unqualified join is clojure.string/join", "[string][unqualified]") {
  for (const call& c : std::vector<call>{
           {"join", R"(["a" "b"])", R"("ab")"},
           {"join", R"(", " [1 :k nil "s"])", R"("1, :k, , s")"},
           {"join", R"("," [])", R"("")"},
           {"join", R"("-" nil)", R"("")"},
           {"join", R"("/" '("é" "€"))", R"("é/€")"},
           {"join", R"("," 5)", "error type"},
       }) {
    check_same(c);
  }
}

TEST_CASE("unqualified upper-case and lower-case are the clojure.string ones", "[string][unqualified]") {
  for (const call& c : std::vector<call>{
           {"upper-case", R"("MiXed 1")", R"("MIXED 1")"},
           {"upper-case", R"("")", R"("")"},
           {"upper-case", R"("àéî")", R"("ÀÉÎ")"},
           {"upper-case", R"(nil)", "error type"},
           {"lower-case", R"("MiXed 1")", R"("mixed 1")"},
           {"lower-case", R"("ÀÉÎ")", R"("àéî")"},
           {"lower-case", R"("")", R"("")"},
           {"lower-case", R"(nil)", "error type"},
       }) {
    check_same(c);
  }
}

TEST_CASE("unqualified trim and blank? are the clojure.string ones", "[string][unqualified]") {
  for (const call& c : std::vector<call>{
           {"trim", R"("  a b  ")", R"("a b")"},
           {"trim", R"("\t\n x \r")", R"("x")"},
           {"trim", R"("")", R"("")"},
           {"trim", R"(nil)", "error type"},
           {"blank?", R"("")", "true"},
           {"blank?", R"("  \t\n")", "true"},
           {"blank?", R"(nil)", "true"},
           {"blank?", R"(" x ")", "false"},
       }) {
    check_same(c);
  }
}

TEST_CASE("unqualified includes?, starts-with? and ends-with? are the clojure.string ones",
          "[string][unqualified]") {
  for (const call& c : std::vector<call>{
           {"includes?", R"("hello" "ell")", "true"},
           {"includes?", R"("hello" "")", "true"},
           {"includes?", R"("café" "fé")", "true"},
           {"includes?", R"("abc" "ABC")", "false"},
           {"includes?", R"(nil "a")", "error type"},
           {"starts-with?", R"("hello" "he")", "true"},
           {"starts-with?", R"("" "a")", "false"},
           {"starts-with?", R"("héllo" "hé")", "true"},
           {"ends-with?", R"("hello" "lo")", "true"},
           {"ends-with?", R"("a" "ba")", "false"},
           {"ends-with?", R"("naïve" "ïve")", "true"},
       }) {
    check_same(c);
  }
}

TEST_CASE("unqualified split-lines and index-of are the clojure.string ones", "[string][unqualified]") {
  for (const call& c : std::vector<call>{
           {"split-lines", R"("one\ntwo\r\nthree")", R"(["one" "two" "three"])"},
           {"split-lines", R"("")", R"([""])"},
           {"split-lines", R"("a\n\nb\n")", R"(["a" "" "b"])"},
           {"split-lines", R"(nil)", "error type"},
           {"index-of", R"("hello" "l")", "2"},
           {"index-of", R"("hello" "z")", "nil"},
           {"index-of", R"("hello" "l" 3)", "3"},
           {"index-of", R"("héllo" "l")", "2"},
           {"index-of", R"("" "a")", "nil"},
       }) {
    check_same(c);
  }
}

TEST_CASE("unqualified string names work as values and in pipelines", "[string][unqualified]") {
  CHECK(ev(R"((map upper-case ["a" "b"]))") == R"(("A" "B"))");
  CHECK(ev(R"((filter blank? ["" "x" "  " nil]))") == R"(("" "  " nil))");
  CHECK(ev(R"((->> "  Alpha, beta ,GAMMA " trim lower-case (#(split % #"\s*,\s*"))))") ==
        R"(["alpha" "beta" "gamma"])");
  CHECK(ev(R"((join ", " (map trim (split-lines " a \n b "))))") == R"("a, b")");
  CHECK(ev(R"((some #(when (includes? % "x") (index-of % "x")) ["abc" "wxy"]))") == "1");
  CHECK(ev(R"((filter #(starts-with? % "a") ["ab" "ba" "ac"]))") == R"(("ab" "ac"))");
}

TEST_CASE("unqualified string names give the qualified arity errors", "[string][unqualified]") {
  CHECK(ev("(split \"a b\")").rfind("error arity", 0) == 0);
  CHECK(ev("(upper-case)").rfind("error arity", 0) == 0);
  CHECK(ev("(index-of \"a\")").rfind("error arity", 0) == 0);
  CHECK(ev("(blank? \"a\" \"b\")").rfind("error arity", 0) == 0);
}

TEST_CASE("a local binding shadows an unqualified string name", "[string][unqualified]") {
  CHECK(ev("(let [split 1 join 2] (+ split join))") == "3");
  CHECK(ev("(let [trim (fn [s] :mine)] (trim \" a \"))") == ":mine");
  CHECK(ev("((fn [upper-case] upper-case) 5)") == "5");
  CHECK(ev("(let [lower-case 1] (str/lower-case \"AB\"))") == R"("ab")");
}

TEST_CASE("str/split accepts a plain string separator, matched literally", "[string][split]") {
  using ptc::lisp::testing::check_all;
  check_all({
      // Regex metacharacters in a string separator are literal text.
      {R"((str/split "a.b.c" "."))", R"(["a" "b" "c"])"},
      {R"((str/split "a|b" "|"))", R"(["a" "b"])"},
      {R"((str/split "1+2+3" "+"))", R"(["1" "2" "3"])"},
      {R"((str/split "a\\b" "\\"))", R"(["a" "b"])"},
      // Multi-character separators, unicode, and no match.
      {R"((str/split "a, b, c" ", "))", R"(["a" "b" "c"])"},
      {R"((str/split "x→y→z" "→"))", R"(["x" "y" "z"])"},
      {R"((str/split "abc" ","))", R"(["abc"])"},
      {R"((str/split "" ","))", R"([""])"},
      // Java's split rules, as with a regex: trailing empty strings dropped, leading kept,
      // a limit keeps them and stops early.
      {R"((str/split "a,b,,c,," ","))", R"(["a" "b" "" "c"])"},
      {R"((str/split ",a" ","))", R"(["" "a"])"},
      {R"((str/split "a,b,," "," -1))", R"(["a" "b" "" ""])"},
      {R"((str/split "k=v=w" "=" 2))", R"(["k" "v=w"])"},
      // The empty separator splits into characters, as #"" does.
      {R"((str/split "abc" ""))", R"(["a" "b" "c"])"},
      {R"((str/split "hé" ""))", R"(["h" "é"])"},
      // A character separator is accepted too.
      {R"((str/split "a;b" \;))", R"(["a" "b"])"},
  });
}

TEST_CASE("a string separator gives what the escaped regex gives", "[string][split]") {
  const std::vector<std::pair<std::string, std::string>> seps = {
      {"\",\"", R"(#",")"}, {"\".\"", R"(#"\.")"}, {"\"||\"", R"(#"\|\|")"}, {"\" \"", R"(#" ")"}};
  const std::vector<std::string> inputs = {R"("")", R"("a")", R"("a,b.c||d e")", R"(",,..|| ")",
                                           R"("x.||, y")"};
  for (const auto& [plain, regex] : seps) {
    for (const auto& in : inputs) {
      const std::string a = "(str/split " + in + " " + plain + ")";
      const std::string b = "(str/split " + in + " " + regex + ")";
      INFO(a << " vs " << b);
      const std::string got = ev(a);
      CHECK(got.rfind("error", 0) != 0);
      CHECK(got == ev(b));
    }
  }
}

TEST_CASE("unqualified split accepts a string separator too", "[string][split][unqualified]") {
  CHECK(ev(R"((split "a.b" "."))") == R"(["a" "b"])");
  CHECK(ev(R"((split "a.b" "."))") == ev(R"((str/split "a.b" "."))"));
}

TEST_CASE("str/split rejects a separator that is neither regex nor string", "[string][split]") {
  CHECK(ev("(str/split \"a1b\" 1)").rfind("error type", 0) == 0);
  CHECK(ev("(str/split \"a b\" nil)").rfind("error type", 0) == 0);
  CHECK(ev("(str/split \"a b\" :x)").rfind("error type", 0) == 0);
}

}  // namespace lisp_unqualified_string_test
