// The error text the LLM reads: one full-text check per error kind, and the hints.
#include <catch2/catch.hpp>

#include "ptc/lisp/json.hpp"
#include "ptc/lisp/run.hpp"

namespace lisp_error_messages_test {

using namespace ptc::lisp;

namespace {

std::string error_text(const std::string& program, run_options opts = {}) {
  run_result r = run(program, opts);
  if (r.kind != outcome::error) return "no error";
  return r.err->render();
}

}  // namespace

TEST_CASE("error text: parse", "[errors]") {
  CHECK(error_text("(+ 1") == "parse: unclosed ( opened at line 1, col 1 (missing )) (line 1, col 1)");
  CHECK(error_text("(let [x 1]\n  x))") == "parse: unmatched delimiter ): there is no open ( to close (line 2, col 5)");
}

TEST_CASE("error text: analysis", "[errors]") {
  CHECK(error_text("(if)") == "analysis: Too few arguments to if (line 1, col 1). Use (if test then else)");
  CHECK(error_text("(defn f [n] (+ 1 (recur n)))") ==
        "analysis: Can only recur from tail position (line 1, col 18). recur must be the last thing evaluated in its loop or fn");
}

TEST_CASE("error text: unbound, with hints", "[errors]") {
  CHECK(error_text("(fitler odd? [1])") ==
        "unbound: Unable to resolve symbol: fitler (line 1, col 2). Did you mean: filter");
  CHECK(error_text("(group_by :a [])") ==
        "unbound: Unable to resolve symbol: group_by (line 1, col 2). Use hyphens, not underscores: group-by");
  run_options o;
  o.tools["search"] = [](const nlohmann::ordered_json&) { return nlohmann::ordered_json(); };
  o.data = from_json(nlohmann::ordered_json{{"orders", nlohmann::ordered_json::array()}});
  CHECK(error_text("(search {:q 1})", o) ==
        "unbound: Unable to resolve symbol: search (line 1, col 2). Did you mean: tool/search (tools are called as (tool/search ...))");
  CHECK(error_text("(count orders)", o) ==
        "unbound: Unable to resolve symbol: orders (line 1, col 8). Did you mean: data/orders");
  CHECK(error_text("(map inc data)", o) ==
        "unbound: Unable to resolve symbol: data (line 1, col 10). Input data is read by key: data/KEY");
}

TEST_CASE("error text: arity", "[errors]") {
  CHECK(error_text("(count 1 2)") == "arity: Wrong number of args (2) passed to count (it takes 1) (line 1, col 1)");
  CHECK(error_text("(defn f ([x] x) ([x y] y)) (f)") ==
        "arity: Wrong number of args (0) passed to f (it takes 1 or 2) (line 1, col 28)");
}

TEST_CASE("error text: type", "[errors]") {
  CHECK(error_text("(inc \"a\")") == "type: inc: argument 1 must be a number, got a string \"a\" (line 1, col 1)");
}

TEST_CASE("error text: index", "[errors]") {
  CHECK(error_text("(nth [1 2] 5)") == "index: nth: index 5 is out of bounds for a vector of 2 items (line 1, col 1)");
}

TEST_CASE("error text: not_callable", "[errors]") {
  CHECK(error_text("(1 2)") == "not_callable: cannot call an integer as a function: 1 (line 1, col 1)");
  CHECK(error_text("(map 3 [1])") == "not_callable: map: argument 1 must be a function, got an integer 3 (line 1, col 1)");
}

TEST_CASE("error text: arithmetic", "[errors]") {
  CHECK(error_text("(/ 1 0)") == "arithmetic: Divide by zero (line 1, col 1)");
  CHECK(error_text("(* 9223372036854775807 2)") == "arithmetic: integer overflow (line 1, col 1)");
}

TEST_CASE("error text: tool", "[errors]") {
  CHECK(error_text("(tool/nope {})") == "tool: Unknown tool: nope (line 1, col 2). No tools are available");
}

TEST_CASE("error text: limit", "[errors]") {
  run_options o;
  o.lim.max_steps = 10'000;
  CHECK(error_text("(loop [] (recur))", o) ==
        "limit: step limit reached (10000 steps) (line 1, col 1). The program did too much work: check for an endless loop, or process less data");
}

TEST_CASE("error text: exception", "[errors]") {
  CHECK(error_text("(throw (ex-info \"order not found\" {:id 7}))") == "exception: order not found (line 1, col 1)");
}

TEST_CASE("error text: unsupported", "[errors]") {
  CHECK(error_text("(def counter (atom 0))") ==
        "unsupported: atom is not available: mutable state (atoms, refs, agents, volatiles) is not available in "
        "PTC-Lisp; use let, loop/recur or reduce, and def for values that persist across turns (line 1, col 14)");
  CHECK(error_text("#\"(a)\\1\"") ==
        "unsupported: regex feature not supported: backreferences and lookaround cannot be used (patterns run in linear time) (line 1, col 1)");
}

}  // namespace lisp_error_messages_test
