// The full text the LLM reads when a program hits a resource limit (kind `limit`): one case per
// limit (steps, time, recursion depth, memory — refused up front and grown step by step —
// and printed output), plus the per-call print truncation (TRN-011). Real Clojure has no such
// limits, so these cannot live in the conformance table. Every assertion is on the whole
// rendered error, so a change of wording, position or hint shows up here.
#include <catch2/catch.hpp>

#include <string>

#include "ptc/lisp/run.hpp"

namespace lisp_limits_error_text_test {

using namespace ptc::lisp;

namespace {

run_result run_limited(const std::string& program, const limits& lim) {
  run_options o;
  o.lim = lim;
  return run(program, o);
}

/// The rendered error, or a marker that makes the comparison fail readably.
std::string error_text(const std::string& program, const limits& lim) {
  const run_result r = run_limited(program, lim);
  if (r.kind != outcome::error || !r.err) return "no error";
  return r.err->render();
}

limits steps(std::uint64_t n) {
  limits l;
  l.max_steps = n;
  return l;
}

/// Only a time limit of `ms` (steps unlimited).
limits time_only(std::uint64_t ms) {
  limits l;
  l.max_steps = UINT64_MAX;
  l.timeout_ms = ms;
  return l;
}

const char* const time_50ms_text =
    "limit: time limit reached (50 ms) (line 1, col 1). The program ran too long: check for an "
    "endless loop, or process less data";

}  // namespace

TEST_CASE("limit text: steps, endless loop", "[limits][errors]") {
  CHECK(error_text("(loop [i 0]\n  (recur (inc i)))", steps(5'000)) ==
        "limit: step limit reached (5000 steps) (line 1, col 1). The program did too much work: "
        "check for an endless loop, or process less data");
}

// A loop whose body is an if with a recur branch runs without evaluating the if and the recur
// as nodes (forms/let.cpp, loop_if_recur_node): its endless forms still end at the limits, with
// the loop's position.
TEST_CASE("limit text: steps and time in a loop or fn body of an if with a recur branch", "[limits][errors]") {
  const std::string steps_text =
      "limit: step limit reached (5000 steps) (line 2, col 3). The program did too much work: "
      "check for an endless loop, or process less data";
  CHECK(error_text("(def n 1)\n  (loop [i 0] (if (< i 10) (recur (- i 1)) i))", steps(5'000)) == steps_text);
  CHECK(error_text("(def n 1)\n  (loop [i 0] (if (neg? i) i (recur (inc i))))", steps(5'000)) == steps_text);
  CHECK(error_text("(def n 1)\n  (loop [i 0] (if true (recur (inc i))))", steps(5'000)) == steps_text);
  CHECK(error_text("(def n 1)\n  (loop [] (if (pos? n) (recur) 0))", steps(5'000)) == steps_text);
  CHECK(error_text("(def n 1)\n  (loop [i 0 j 0 k 0 l 0] (if (pos? n) (recur i j k l) 0))", steps(5'000)) == steps_text);
  // the other branch recurring from inside itself
  CHECK(error_text("(def n 1)\n  (loop [i 0] (if (neg? i) (recur (dec i)) (let [j (inc i)] (recur j))))", steps(5'000)) ==
        steps_text);
  // a fn body of that shape: the error names the call, as for any fn that recurs
  CHECK(error_text("(defn f [n]\n  (if (pos? n) (recur (inc n)) n))\n(f 1)", steps(5'000)) ==
        "limit: step limit reached (5000 steps) (line 3, col 1). The program did too much work: "
        "check for an endless loop, or process less data");
  CHECK(error_text("(defn f [n]\n  (if (neg? n) n (recur (inc n))))\n(map f [1])", steps(5'000)) ==
        "limit: step limit reached (5000 steps) (line 3, col 1). The program did too much work: "
        "check for an endless loop, or process less data");
  CHECK(error_text("(loop [i 0] (if (>= i 0) (recur (inc i)) i))", time_only(50)) == time_50ms_text);
}

TEST_CASE("limit text: steps, too much work in a builtin", "[limits][errors]") {
  CHECK(error_text("(reduce + (range 10000000))", steps(20'000)) ==
        "limit: step limit reached (20000 steps) (line 1, col 1). The program did too much work: "
        "check for an endless loop, or process less data");
}

TEST_CASE("limit text: steps are not caught by try", "[limits][errors]") {
  CHECK(error_text("(try (loop [] (recur)) (catch Exception e :caught))", steps(5'000)) ==
        "limit: step limit reached (5000 steps) (line 1, col 6). The program did too much work: "
        "check for an endless loop, or process less data");
}

TEST_CASE("limit text: time", "[limits][errors]") {
  CHECK(error_text("(loop [i 0] (recur (inc i)))", time_only(50)) == time_50ms_text);
}

TEST_CASE("limit text: recursion depth", "[limits][errors]") {
  limits l;
  l.max_depth = 200;
  CHECK(error_text("(defn walk [n]\n  (+ 1 (walk n)))\n(walk 1)", l) ==
        "limit: recursion depth limit reached (200 nested calls) (line 2, col 8). Use loop/recur or "
        "reduce instead of deep recursion");
}

TEST_CASE("limit text: memory refused before a huge collection is built", "[limits][errors]") {
  limits l;
  l.max_memory_bytes = 8u << 20;
  CHECK(error_text("(count (vec (range 100000000)))", l) ==
        "limit: memory limit reached: this would need about 1526 MB (limit 8 MB) (line 1, col 8). "
        "Work on smaller pieces of the data, or use take to bound sequences");
}

TEST_CASE("limit text: memory, a doubling string is refused before it is built", "[limits][errors]") {
  limits l;
  l.max_memory_bytes = 16u << 20;
  CHECK(error_text("(loop [s \"x\"]\n  (recur (str s s)))", l) ==
        "limit: memory limit reached: this would need about 16 MB (limit 16 MB) (line 2, col 10). "
        "Work on smaller pieces of the data, or use take to bound sequences");
}

TEST_CASE("limit text: memory grown item by item", "[limits][errors]") {
  limits l;
  l.max_memory_bytes = 16u << 20;
  l.max_steps = UINT64_MAX;
  l.timeout_ms = 60'000;
  CHECK(error_text("(loop [acc [] i 0]\n  (recur (conj acc {:i i :s (str \"row\" i)}) (inc i)))", l) ==
        "limit: memory limit reached (16 MB) (line 1, col 1). Work on smaller pieces of the data, "
        "or use take to bound sequences");
}

TEST_CASE("limit text: printed output", "[limits][errors]") {
  limits l;
  l.max_output_bytes = 100;
  CHECK(error_text("(doseq [i (range 100)]\n  (println \"line\" i))", l) ==
        "limit: output limit reached (100 bytes printed) (line 2, col 3). Print less: summarise, or "
        "print counts and samples");
}

TEST_CASE("TRN-011 one long print is cut, not an error", "[limits][print]") {
  limits l;
  l.max_print_chars = 10;
  const run_result r = run_limited("(println (apply str (repeat 30 \"é\"))) :done", l);
  REQUIRE(r.kind == outcome::value);
  REQUIRE(r.prints.size() == 1);
  CHECK(r.prints[0] == "éééééééééé...");
}

}  // namespace lisp_limits_error_text_test
