// Every limit ends the run with a `limit` error naming the limit, and the process stays healthy.
#include <catch2/catch.hpp>

#include "ptc/lisp/run.hpp"

namespace lisp_limits_test {

using namespace ptc::lisp;

namespace {

run_result run_with(const std::string& program, limits lim = {}) {
  run_options o;
  o.lim = lim;
  return run(program, o);
}

void require_limit(const run_result& r, const std::string& which) {
  INFO((r.err ? r.err->render() : std::string("no error")));
  REQUIRE(r.kind == outcome::error);
  CHECK(r.err->kind == error_kind::limit);
  CHECK(r.err->message.find(which) != std::string::npos);
}

}  // namespace

TEST_CASE("an endless loop ends at the step limit", "[limits]") {
  limits l;
  l.max_steps = 1'000'000;
  require_limit(run_with("(loop [] (recur))", l), "step limit");
}

TEST_CASE("an endless loop ends at the time limit when steps are plentiful", "[limits]") {
  limits l;
  l.max_steps = UINT64_MAX;
  l.timeout_ms = 100;
  require_limit(run_with("(loop [i 0] (recur (inc i)))", l), "time limit");
}

TEST_CASE("deep non-tail recursion is a depth error, not a stack overflow", "[limits]") {
  require_limit(run_with("(defn f [n] (+ 1 (f n))) (f 1)"), "recursion depth");
  // 100,000 deep is refused; a modest depth works.
  require_limit(run_with("(defn g [n] (if (zero? n) 0 (+ 1 (g (dec n))))) (g 100000)"), "recursion depth");
  CHECK(run_with("(defn g [n] (if (zero? n) 0 (+ 1 (g (dec n))))) (g 1000)").kind == outcome::value);
}

TEST_CASE("a huge range is refused before it is built", "[limits]") {
  require_limit(run_with("(count (vec (range 1000000000)))"), "memory limit");
}

TEST_CASE("realising an infinite sequence ends at a limit", "[limits]") {
  limits l;
  l.max_steps = 2'000'000;
  require_limit(run_with("(last (range))", l), "limit");
  require_limit(run_with("(apply str (repeat 100000000 \"x\"))", l), "limit");
}

TEST_CASE("a doubling string ends at the memory limit", "[limits]") {
  limits l;
  l.max_memory_bytes = 64u << 20;
  l.max_string_bytes = UINT64_MAX;  // else the string limit (16 MB) comes first
  require_limit(run_with("(loop [s \"x\"] (recur (str s s)))", l), "memory limit");
}

TEST_CASE("printing too much ends at the output limit", "[limits]") {
  limits l;
  l.max_output_bytes = 10'000;
  require_limit(run_with("(dotimes [i 10000] (println \"line\" i))", l), "output limit");
}

TEST_CASE("limits cannot be caught by try", "[limits]") {
  limits l;
  l.max_steps = 100'000;
  require_limit(run_with("(try (loop [] (recur)) (catch Exception e :escaped))", l), "step limit");
}

TEST_CASE("after a limit error the next run works normally", "[limits]") {
  limits l;
  l.max_steps = 10'000;
  require_limit(run_with("(loop [] (recur))", l), "step limit");
  run_result ok = run_with("(reduce + (range 100))");
  REQUIRE(ok.kind == outcome::value);
}

}  // namespace lisp_limits_test
