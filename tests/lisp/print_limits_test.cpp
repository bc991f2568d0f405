// Printing, JSON conversion, string building and regex charge the budget for their work and
// honour the deadline, and a string bigger than max_string_bytes is a `limit` error where it
// is made (issue 14: limits that hold everywhere).
#include <catch2/catch.hpp>

#include <chrono>
#include <string>

#include <nlohmann/json.hpp>

#include "ptc/lisp/budget.hpp"
#include "ptc/lisp/error.hpp"
#include "ptc/lisp/json.hpp"
#include "ptc/lisp/printer.hpp"
#include "ptc/lisp/run.hpp"
#include "ptc/lisp/string.hpp"
#include "ptc/lisp/vector.hpp"

namespace lisp_print_limits_test {

using namespace ptc::lisp;
using namespace std::chrono;

namespace {

/// A 40-level DAG of shared vectors: a few objects, 2^40 leaves when walked.
const std::string dag = "(reduce (fn [a _] [a a]) [] (range 40))";

struct timed_result {
  run_result r;
  milliseconds took;
};

timed_result timed_run(const std::string& program, const limits& lim, run_options o = {}) {
  o.lim = lim;
  auto t0 = steady_clock::now();
  run_result r = run(program, o);
  return {std::move(r), duration_cast<milliseconds>(steady_clock::now() - t0)};
}

/// Limits where only the clock can stop a DAG walk: steps are plentiful.
limits time_only(std::uint64_t ms) {
  limits l;
  l.max_steps = UINT64_MAX;
  l.timeout_ms = ms;
  return l;
}

/// The run ended with a `limit` error whose message holds `which`, within twice the time limit.
void require_limit_in_time(const std::string& program, const limits& lim, const std::string& which,
                           run_options o = {}) {
  INFO(program);
  timed_result t = timed_run(program, lim, std::move(o));
  INFO((t.r.err ? t.r.err->render() : "no error, value " + pr_str(t.r.result)));
  REQUIRE(t.r.kind == outcome::error);
  CHECK(t.r.err->kind == error_kind::limit);
  CHECK(t.r.err->message.find(which) != std::string::npos);
  CHECK(t.took.count() < static_cast<long long>(2 * lim.timeout_ms));
}

limits string_limit(std::uint64_t bytes) {
  limits l;
  l.max_string_bytes = bytes;
  return l;
}

void require_string_limit(const std::string& program, const limits& lim) {
  INFO(program);
  run_options o;
  o.lim = lim;
  run_result r = run(program, o);
  INFO((r.err ? r.err->render() : "no error, value " + pr_str(r.result)));
  REQUIRE(r.kind == outcome::error);
  CHECK(r.err->kind == error_kind::limit);
  CHECK(r.err->message.find("string limit reached") != std::string::npos);
  CHECK(r.err->message.find("max_string_bytes") != std::string::npos);
  CHECK_FALSE(r.err->hint.empty());
}

value make_dag(int levels) {
  value v = vector_obj::from(std::vector<value>{});
  for (int i = 0; i < levels; ++i) v = vector_obj::from(std::vector<value>{v, v});
  return v;
}

}  // namespace

TEST_CASE("every printer of a value-walking builtin stops at the time limit on a DAG", "[limits][print]") {
  const limits l = time_only(300);
  for (const char* printer : {"pr-str", "prn-str", "print-str", "println-str", "str"}) {
    require_limit_in_time(std::string("(count (") + printer + " " + dag + "))", l, "limit");
  }
  require_limit_in_time("(count (format \"%s\" " + dag + "))", l, "limit");
  require_limit_in_time("(count (clojure.string/join \",\" [1 " + dag + "]))", l, "limit");
  require_limit_in_time("(count (clojure.string/upper-case " + dag + "))", l, "limit");
}

TEST_CASE("a DAG too big to print ends at the step limit when time is plentiful", "[limits][print]") {
  limits l;
  l.max_steps = 2'000'000;
  l.timeout_ms = 60'000;
  require_limit_in_time("(count (pr-str " + dag + "))", l, "step limit");
}

TEST_CASE("println of a huge value prints its first characters without building the rest (TRN-011)",
          "[limits][print]") {
  for (const char* printer : {"println", "print", "prn", "pr"}) {
    INFO(printer);
    timed_result t = timed_run(std::string("(") + printer + " " + dag + ") :done", time_only(2'000));
    REQUIRE(t.r.kind == outcome::value);
    REQUIRE(t.r.prints.size() == 1);
    CHECK(t.r.prints[0].size() == limits{}.max_print_chars + 3);
    CHECK(t.r.prints[0].ends_with("..."));
    CHECK(t.took.count() < 1'000);
  }
  // The same truncation as before for an ordinary long value.
  run_result r = run("(println (vec (range 5000)))");
  REQUIRE(r.prints.size() == 1);
  CHECK(r.prints[0].starts_with("[0 1 2 3"));
  CHECK(r.prints[0].size() == 2003);
}

TEST_CASE("the total output limit stops a print loop", "[limits][print]") {
  limits l;
  l.max_output_bytes = 10'000;
  require_limit_in_time("(dotimes [i 100000] (println (range 100)))", l, "output limit");
}

TEST_CASE("return, fail and the program's value must be printable within the limits", "[limits][print][json]") {
  const limits l = time_only(300);
  require_limit_in_time("(return " + dag + ")", l, "limit");
  require_limit_in_time("(fail " + dag + ")", l, "limit");
  require_limit_in_time(dag, l, "limit");
  // Too much text: the string limit, before anything leaves the run.
  limits small = string_limit(100'000);
  require_string_limit("(return (vec (range 100000)))", small);
  require_string_limit("(fail (apply str (repeat 20 (apply str (repeat 9000 \"x\")))))", small);
  require_string_limit("(vec (range 100000))", small);
  // Small values pass unchanged; an infinite lazy seq still returns (printed as its first items).
  CHECK(run("(return {:a [1 2]})").kind == outcome::returned);
  CHECK(run("(fail \"no data\")").kind == outcome::failed);
  CHECK(run("(range)").kind == outcome::value);
}

TEST_CASE("tool arguments converted to JSON are charged and bounded", "[limits][json]") {
  run_options o;
  o.tools["echo"] = [](const nlohmann::ordered_json& args) { return args; };
  require_limit_in_time("(tool/echo {:x " + dag + "})", time_only(300), "limit", o);
  run_options o2;
  o2.tools["echo"] = [](const nlohmann::ordered_json& args) { return args; };
  o2.lim = string_limit(100'000);
  run_result r = run("(tool/echo {:x (vec (range 100000))})", o2);
  REQUIRE(r.err);
  CHECK(r.err->kind == error_kind::limit);
  CHECK(r.err->message.find("converting a value to JSON") != std::string::npos);
}

TEST_CASE("JSON conversion charges the active budget per node", "[limits][json]") {
  limits l;
  l.max_steps = 100'000;
  budget b(l);
  b.activate();
  // value -> JSON over a DAG of 2^30 nodes stops at the step limit.
  CHECK_THROWS_AS(to_json(make_dag(30)), lisp_exception);
  // JSON -> value (data/, tool results) of 1,000,000 numbers is 1,000,000 nodes of work.
  nlohmann::ordered_json big = nlohmann::ordered_json::array();
  for (int i = 0; i < 1'000'000; ++i) big.push_back(i);
  budget b2(l);
  b2.activate();
  CHECK_THROWS_AS(from_json(big), lisp_exception);
  b2.deactivate();
  // Without a budget both still work (conversions outside runs).
  CHECK(from_json(big).is(type::vector));
}

TEST_CASE("the printers stop on a DAG outside runs too", "[limits][print]") {
  value v = make_dag(40);
  // The prompt formatter is bounded by itself (renderers call it outside runs).
  auto t0 = steady_clock::now();
  std::string sample = format_truncated(v, 3, 80);
  std::string shown = format_sample(v, 3, 80);
  CHECK(steady_clock::now() - t0 < 2s);
  CHECK(sample.size() <= (16u << 10) + 64);
  CHECK(sample.ends_with("..."));
  CHECK(shown.size() <= (16u << 10) + 64);
  // pr-str under an active budget (a builtin calling it without a context) is charged.
  limits l;
  l.max_steps = 100'000;
  budget b(l);
  b.activate();
  CHECK_THROWS_AS(pr_str(v), lisp_exception);
}

TEST_CASE("format refuses a huge width before allocating it", "[limits][string]") {
  require_string_limit("(count (format \"%99999999d\" 1))", limits{});
  require_string_limit("(count (format \"%.99999999f\" 1.5))", limits{});
  require_string_limit("(count (format \"%s%s\" (apply str (repeat 600000 \"x\")) (apply str (repeat 600000 \"x\"))))",
                       string_limit(1'000'000));
  CHECK(run("(count (format \"%70000d\" 1))").result.as_int() == 70000);
}

TEST_CASE("string builders stop at max_string_bytes where the string is made", "[limits][string]") {
  const limits l = string_limit(1'000'000);
  require_string_limit("(count (apply str (repeat 2000000 \"x\")))", l);
  require_string_limit("(count (str (apply str (repeat 600000 \"x\")) (apply str (repeat 600000 \"y\"))))", l);
  require_string_limit("(count (clojure.string/join (repeat 2000000 \"x\")))", l);
  require_string_limit("(count (clojure.string/join \",\" (vec (repeat 600000 \"x\"))))", l);
  require_string_limit("(count (clojure.string/join \",\" (list* (repeat 600000 \"x\"))))", l);
  require_string_limit("(count (clojure.string/replace (apply str (repeat 200000 \"x\")) \"x\" \"xxxxxx\"))", l);
  require_string_limit("(count (clojure.string/replace (apply str (repeat 200000 \"x\")) #\"x\" \"xxxxxx\"))", l);
  require_string_limit("(count (clojure.string/escape (apply str (repeat 200000 \"x\")) {\\x \"xxxxxx\"}))", l);
  require_string_limit("(count (pr-str (vec (range 300000))))", l);
  require_string_limit("(count (str (vec (range 300000))))", l);
  require_string_limit("(count (prn-str (vec (range 300000))))", l);
  require_string_limit("(loop [s \"x\"] (recur (str s s)))", l);
  // Just below the limit works.
  run_options o;
  o.lim = l;
  CHECK(run("(count (apply str (repeat 999999 \"x\")))", o).result.as_int() == 999999);
  CHECK(run("(count (clojure.string/join (repeat 999999 \"x\")))", o).result.as_int() == 999999);
}

TEST_CASE("regex builtins charge the text they scan", "[limits][regex]") {
  // Each call scans 1 MB; without charging, a million steps would allow a million scans.
  limits l;
  l.max_steps = 1'000'000;
  l.timeout_ms = 60'000;
  const std::string text = "(def s (format \"%01000000d\" 0))";  // 1 MB of 0s in one step
  for (const char* call : {"(re-find #\"b\" s)", "(re-find #\"0+b\" s)", "(re-matches #\"0*b\" s)",
                           "(re-seq #\"b\" s)", "(clojure.string/replace s #\"b\" \"c\")",
                           "(clojure.string/replace s \"b\" \"c\")", "(clojure.string/split s #\"b+\")"}) {
    auto t = timed_run(text + "(loop [i 0] " + call + " (recur (inc i)))", l);
    INFO(call);
    INFO((t.r.err ? t.r.err->render() : "no error"));
    REQUIRE(t.r.err);
    CHECK(t.r.err->message.find("step limit") != std::string::npos);
    CHECK(t.took.count() < 5'000);
  }
  // re-seq pays per match as well as per byte.
  limits few;
  few.max_steps = 200'000;
  require_limit_in_time("(count (re-seq #\"0\" (format \"%01000000d\" 0)))", few, "step limit");
}

TEST_CASE("a catastrophic-backtracking pattern runs in linear time (RE2)", "[limits][regex]") {
  // (a+)+b over "aaa...c" takes exponential time in a backtracking engine.
  auto t = timed_run(
      "(let [s (str (apply str (repeat 100000 \"a\")) \"c\")]"
      "  [(re-find #\"(a+)+b\" s) (re-matches #\"(a|aa)+b\" s) (count (re-seq #\"(a*)*b\" s))])",
      limits{});
  INFO((t.r.err ? t.r.err->render() : ""));
  REQUIRE(t.r.kind == outcome::value);
  CHECK(pr_str(t.r.result) == "[nil nil 0]");
  CHECK(t.took.count() < 2'000);
}

TEST_CASE("the string limit error names the builtin and the limit", "[limits][string]") {
  try {
    string_limit_error("str", 16u << 20);
    FAIL("no error");
  } catch (const lisp_exception& e) {
    CHECK(e.err().kind == error_kind::limit);
    CHECK(e.err().message == "string limit reached: str would make a string longer than 16 MB (max_string_bytes)");
  }
  CHECK(limits{}.max_string_bytes == 16u << 20);
}

}  // namespace lisp_print_limits_test
