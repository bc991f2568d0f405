// Resumable runs, the tool-call protocol, the run record, memory across runs.
#include <catch2/catch.hpp>

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <vector>
#include <thread>

#include "ptc/lisp/json.hpp"
#include "ptc/lisp/object.hpp"
#include "ptc/lisp/printer.hpp"
#include "ptc/lisp/run.hpp"

namespace lisp_run_test {

using namespace ptc::lisp;
using json = nlohmann::ordered_json;

namespace {

program_input input(std::string source, std::vector<std::string> tools = {}) {
  program_input in;
  in.source = std::move(source);
  in.tools = std::move(tools);
  return in;
}

std::string value_of(const run_result& r) {
  if (r.kind == outcome::error) return "error: " + r.err->render();
  return pr_str(r.result);
}

run_options with_tools() {
  run_options o;
  o.tools["echo"] = [](const json& args) { return args; };
  o.tools["double"] = [](const json& args) { return json(args.at("n").get<int>() * 2); };
  o.tools["boom"] = [](const json&) -> json { throw std::runtime_error("service unavailable"); };
  return o;
}

}  // namespace

TEST_CASE("a run stops with a pending tool call and resumes with its result", "[run]") {
  program_run r(input("(+ 1 (:n (tool/lookup {:id 7})))", {"lookup"}));
  REQUIRE(r.start() == program_run::status::pending_tools);
  REQUIRE(r.pending().size() == 1);
  CHECK(r.pending()[0].name == "lookup");
  CHECK(r.pending()[0].args == json{{"id", 7}});
  const auto id = r.pending()[0].id;
  REQUIRE(r.resume({tool_reply{id, json{{"n", 41}}, ""}}) == program_run::status::finished);
  CHECK(value_of(r.result()) == "42");
  REQUIRE(r.result().tool_calls.size() == 1);
  CHECK(r.result().tool_calls[0].result == json{{"n", 41}});
}

TEST_CASE("pmap over tool calls produces several pending calls at once", "[run]") {
  program_run r(input("(pmap #(tool/double {:n %}) [1 2 3])", {"double"}));
  REQUIRE(r.start() == program_run::status::pending_tools);
  REQUIRE(r.pending().size() == 3);
  std::vector<tool_reply> replies;
  // Answer out of order: results still keep the input order.
  for (auto it = r.pending().rbegin(); it != r.pending().rend(); ++it) {
    replies.push_back({it->id, json(it->args.at("n").get<int>() * 2), ""});
  }
  REQUIRE(r.resume(replies) == program_run::status::finished);
  CHECK(value_of(r.result()) == "(2 4 6)");
  CHECK(r.result().tool_calls.size() == 3);
}

TEST_CASE("pcalls branches wait on tools together and a branch error is the program's error", "[run]") {
  program_run r(input("(pcalls #(tool/a {}) #(tool/b {}))", {"a", "b"}));
  REQUIRE(r.start() == program_run::status::pending_tools);
  REQUIRE(r.pending().size() == 2);
  auto a = r.pending()[0].id, b = r.pending()[1].id;
  REQUIRE(r.resume({tool_reply{a, json(1), ""}, tool_reply{b, std::nullopt, "no such record"}}) ==
          program_run::status::finished);
  REQUIRE(r.result().kind == outcome::error);
  CHECK(r.result().err->kind == error_kind::tool);
  CHECK(r.result().err->message == "tool/b failed: no such record");
}

TEST_CASE("requests_from hands out each call once, answered one at a time, new calls after old ones",
          "[run]") {
  // Each branch calls twice in a row: the second call is made only when the first is answered,
  // so calls made later sit after calls still out, and answered ones leave the list.
  program_run r(input("(vec (pmap (fn [i] (+ (tool/t {:i i}) (tool/t {:i (* 10 i)}))) (range 40)))", {"t"}));
  REQUIRE(r.start() == program_run::status::pending_tools);
  std::uint64_t next = 0;
  std::vector<tool_request> out;  // handed out, not answered yet
  std::size_t handed = 0;
  auto take = [&] {
    const auto fresh = r.requests_from(next);
    for (const auto& q : fresh) {
      CHECK(q.id >= next);
      out.push_back(q);
    }
    handed += fresh.size();
    if (!fresh.empty()) next = fresh.back().id + 1;
    CHECK(r.requests_from(next).empty());
  };
  take();
  CHECK(out.size() == 40);
  program_run::status s = program_run::status::pending_tools;
  while (s == program_run::status::pending_tools) {
    REQUIRE(!out.empty());
    // Answer the oldest one alone: the rest stay out, in the order they were made.
    tool_request q = out.front();
    out.erase(out.begin());
    s = r.resume({tool_reply{q.id, json(q.args.at("i").get<int>()), ""}});
    if (s != program_run::status::pending_tools) break;
    take();
    REQUIRE(r.pending().size() == out.size());
    for (std::size_t k = 0; k < out.size(); ++k) CHECK(r.pending()[k].id == out[k].id);
  }
  REQUIRE(s == program_run::status::finished);
  CHECK(handed == 80);
  std::string want = "[";
  for (int i = 0; i < 40; ++i) want += (i ? " " : "") + std::to_string(11 * i);
  CHECK(value_of(r.result()) == want + "]");
  CHECK(r.result().tool_calls.size() == 80);
}

TEST_CASE("nested pmaps run within a bounded number of fibers and compute the same (limits: branch fibers)",
          "[run][limits]") {
  // 256 x 256 branches, each a fiber with its own stack mapping, exhausted the process's
  // mappings (about 65,000) and crashed it; branches beyond the run's fibers run in their parent.
  program_run r(input("(reduce + (pmap (fn [x] (reduce + (pmap (fn [y] (* x y)) (range 256)))) (range 256)))"));
  REQUIRE(r.start() == program_run::status::finished);
  CHECK(value_of(r.result()) == std::to_string(std::int64_t{32640} * 32640));  // (0+...+255)^2
}

TEST_CASE("nested pmaps over tool calls keep at most the run's branch fibers waiting, and every call is made "
          "(limits: branch fibers)", "[run][limits]") {
  program_run r(input("(reduce + (flatten (pmap (fn [x] (pmap (fn [y] (tool/t {:v (+ (* 10 x) y)})) (range 4))) (range 1024))))",
                      {"t"}));
  auto s = r.start();
  std::size_t most = 0, calls = 0;
  while (s == program_run::status::pending_tools) {
    most = std::max(most, r.pending().size());
    std::vector<tool_reply> replies;
    for (const auto& q : r.pending()) replies.push_back({q.id, q.args.at("v"), ""});
    calls += replies.size();
    s = r.resume(std::move(replies));
  }
  REQUIRE(s == program_run::status::finished);
  CHECK(calls == 4096);
  CHECK(most > 1024);    // the inner pmaps that got fibers called at once
  CHECK(most <= 2049);   // not all 4,096: the fibers beyond the run's 2,048 are not made
  std::int64_t want = 0;
  for (int x = 0; x < 1024; ++x) for (int y = 0; y < 4; ++y) want += 10 * x + y;
  CHECK(value_of(r.result()) == std::to_string(want));
}

TEST_CASE("a limit reached while a nested pmap starts its branches never runs the branches it made (limits)",
          "[run][limits]") {
  // The branches made before the error refer to the pmap's frame, which the error unwinds.
  for (std::uint64_t steps : {1'100u, 1'500u, 2'100u, 2'600u, 3'000u}) {
    program_input in = input("(pmap (fn [x] (count (pmap inc (range 1000)))) (range 3))");
    in.lim.max_steps = steps;
    program_run r(std::move(in));
    REQUIRE(r.start() == program_run::status::finished);
    REQUIRE(r.result().kind == outcome::error);
    CHECK(r.result().err->kind == error_kind::limit);
  }
}

#if !defined(__SANITIZE_ADDRESS__)  // AddressSanitizer reserves more address space than the limit
TEST_CASE("a run whose stack cannot be mapped says so (not the program's memory limit)", "[run][limits]") {
  // In a child process whose address space is nearly used up, the run's 16 MB stack cannot be
  // mapped: start() throws a clear error instead of a bad_alloc read as the program's memory.
  const pid_t child = fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    // Runs waiting on a tool hold their stacks: these take every stack pooled by earlier runs
    // (at most 256 per size), so the next run must map one.
    std::vector<std::unique_ptr<program_run>> waiting;
    for (int i = 0; i < 300; ++i) {
      waiting.push_back(std::make_unique<program_run>(input("(tool/t {})", {"t"})));
      if (waiting.back()->start() != program_run::status::pending_tools) _exit(2);
    }
    std::size_t used = 0;  // the address space this process has mapped now
    if (std::FILE* f = std::fopen("/proc/self/statm", "r")) {
      unsigned long pages = 0;
      if (std::fscanf(f, "%lu", &pages) == 1) used = pages * static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
      std::fclose(f);
    }
    rlimit lim{used + (8u << 20), used + (8u << 20)};
    if (used == 0 || setrlimit(RLIMIT_AS, &lim) != 0) _exit(3);
    try {
      program_run r(input("(+ 1 2)"));
      r.start();
      _exit(4);  // it ran: the stack was mapped after all
    } catch (const std::runtime_error& e) {
      _exit(std::string(e.what()).find("no stack could be mapped for the program") == 0 ? 0 : 5);
    } catch (...) {
      _exit(6);
    }
  }
  int status = 0;
  REQUIRE(waitpid(child, &status, 0) == child);
  REQUIRE(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
}
#endif

TEST_CASE("a run can be resumed from another thread", "[run]") {
  program_run r(input("(let [x (tool/get {})] (reduce + (map inc x)))", {"get"}));
  REQUIRE(r.start() == program_run::status::pending_tools);
  const auto id = r.pending()[0].id;
  program_run::status s{};
  std::thread t([&] { s = r.resume({tool_reply{id, json::array({1, 2, 3}), ""}}); });
  t.join();
  CHECK(s == program_run::status::finished);
  CHECK(value_of(r.result()) == "9");
}

TEST_CASE("a run can be partly resumed, pending calls stay pending", "[run]") {
  program_run r(input("(vec (pmap (fn [i] (tool/t {:i i})) [1 2]))", {"t"}));
  REQUIRE(r.start() == program_run::status::pending_tools);
  auto first = r.pending()[0].id;
  REQUIRE(r.resume({tool_reply{first, json("a"), ""}}) == program_run::status::pending_tools);
  REQUIRE(r.pending().size() == 1);
  REQUIRE(r.resume({tool_reply{r.pending()[0].id, json("b"), ""}}) == program_run::status::finished);
  CHECK(value_of(r.result()) == "[\"a\" \"b\"]");
}

TEST_CASE("destroying an unfinished run is clean", "[run]") {
  auto r = std::make_unique<program_run>(input("(let [big (vec (range 1000))] (tool/wait {}) (count big))", {"wait"}));
  REQUIRE(r->start() == program_run::status::pending_tools);
  r.reset();  // unwinds the suspended fiber; ASan checks nothing leaks
  SUCCEED();
}

namespace {

// A program that builds a list of pairs until its step limit: the list is what unwinding drops.
program_input building_until_limit(std::string source, std::vector<std::string> tools = {}) {
  program_input in = input(std::move(source), std::move(tools));
  in.lim.max_steps = 200'000;
  return in;
}

bool limit_error(const run_result& r) { return r.kind == outcome::error && r.err->kind == error_kind::limit; }

}  // namespace

TEST_CASE("a run stopped by a limit sets aside what it built and frees it after reporting", "[run][limits]") {
  SECTION("the partial result is parked, not freed while the error unwinds") {
    program_run r(building_until_limit("(count (for [i (range) j (range)] [i j]))"));
    REQUIRE(r.start() == program_run::status::finished);
    CHECK(limit_error(r.result()));
    CHECK(r.parked_objects() > 0);
    CHECK_FALSE(object::parking());  // the thread frees as usual once the run has stopped
  }
  SECTION("a run that ends with a value or another error parks nothing") {
    for (const char* src : {"(count (for [i (range 100) j (range 100)] [i j]))",
                            "(let [xs (vec (for [i (range 100)] [i]))] (/ 1 (- (count xs) 100)))"}) {
      program_run r(building_until_limit(src));
      REQUIRE(r.start() == program_run::status::finished);
      CHECK(r.parked_objects() == 0);
      CHECK_FALSE(object::parking());
    }
  }
  SECTION("a pmap branch at the limit: the other branches and the parent unwind as usual") {
    program_run r(building_until_limit("(pmap (fn [n] (count (for [i (range) j (range n)] [i j]))) [5 6 7])"));
    REQUIRE(r.start() == program_run::status::finished);
    CHECK(limit_error(r.result()));
    CHECK_FALSE(object::parking());
  }
  SECTION("a finally block that calls a tool while the limit unwinds: other work frees as usual") {
    // After a step, time or memory limit every later step fails at once (the parked values are
    // still charged), so the finally block can only run after the depth limit.
    program_input in = input("(defn f [n acc] (cons n (f (inc n) (conj acc [n]))))"
                             "(try (f 0 []) (finally (tool/echo {:x 1})))", {"echo"});
    in.lim.max_depth = 300;
    program_run r(std::move(in));
    REQUIRE(r.start() == program_run::status::pending_tools);
    CHECK_FALSE(object::parking());  // taken before the task suspended
    const std::size_t parked = r.parked_objects();
    CHECK(parked > 0);
    REQUIRE(r.resume({{r.pending().at(0).id, json{{"x", 1}}, {}}}) == program_run::status::finished);
    CHECK(limit_error(r.result()));
    CHECK(r.parked_objects() >= parked);
    CHECK_FALSE(object::parking());
  }
  SECTION("a later run on the same thread, while the stopped one is kept, frees its values") {
    program_run stopped(building_until_limit("(count (for [i (range) j (range)] [i j]))"));
    REQUIRE(stopped.start() == program_run::status::finished);
    // 100,000 vectors of 10 made and dropped: parked, they would hold about 20 MB at the end.
    program_run next(input("(loop [i 0] (if (< i 100000) (do (vec (range 10)) (recur (inc i))) i))"));
    REQUIRE(next.start() == program_run::status::finished);
    CHECK(pr_str(next.result().result) == "100000");
    CHECK(next.parked_objects() == 0);
    CHECK(next.result().peak_memory_bytes < 1'000'000);
  }
}

TEST_CASE("wall time excludes the time spent waiting for tools", "[run][limits]") {
  program_input in = input("(tool/slow {}) :done", {"slow"});
  in.lim.timeout_ms = 50;
  program_run r(std::move(in));
  REQUIRE(r.start() == program_run::status::pending_tools);
  std::this_thread::sleep_for(std::chrono::milliseconds(120));
  REQUIRE(r.resume({tool_reply{r.pending()[0].id, json(nullptr), ""}}) == program_run::status::finished);
  CHECK(value_of(r.result()) == ":done");
}

TEST_CASE("a time slice makes a long computation yield", "[run]") {
  program_input in = input("(loop [i 0] (if (< i 200000) (recur (inc i)) i))");
  in.slice_steps = 10000;
  program_run r(std::move(in));
  int yields = 0;
  auto s = r.start();
  while (s == program_run::status::yielded) {
    ++yields;
    s = r.resume({});
  }
  CHECK(s == program_run::status::finished);
  CHECK(yields >= 10);
  CHECK(value_of(r.result()) == "200000");
}

TEST_CASE("tool arguments become one JSON object", "[run][tools]") {
  auto opts = with_tools();
  CHECK(value_of(run("(tool/echo {:a 1 :b [1 2]})", opts)) == "{:a 1, :b [1 2]}");
  CHECK(value_of(run("(tool/echo :a 1 :b \"x\")", opts)) == "{:a 1, :b \"x\"}");
  CHECK(value_of(run("(tool/echo)", opts)) == "{}");
  CHECK(value_of(run("(tool/echo 1 2)", opts)) == "{:args [1 2]}");
  CHECK(value_of(run("(tool/echo \"q\")", opts)) == "{:args [\"q\"]}");
}

TEST_CASE("tool calls are recorded in execution order wherever they happen", "[run][tools]") {
  auto opts = with_tools();
  const char* program = R"(
    (defn twice [n] (tool/double {:n n}))
    (def a (map twice [1 2]))
    (doseq [i [3]] (tool/double {:n i}))
    (loop [i 4] (when (< i 6) (tool/double {:n i}) (recur (inc i))))
    (def b (vec (pmap twice [6 7])))
    (concat a b))";
  run_result r = run(program, opts);
  REQUIRE(r.kind == outcome::value);
  CHECK(value_of(r) == "(2 4 12 14)");
  std::vector<int> ns;
  for (const auto& c : r.tool_calls) ns.push_back(c.args.at("n").get<int>());
  CHECK(ns == std::vector<int>{1, 2, 3, 4, 5, 6, 7});
  CHECK(r.tool_calls[0].name == "double");
  CHECK(r.tool_calls[0].result == json(2));
}

TEST_CASE("a failing tool is a tool error naming it, and try can catch it", "[run][tools]") {
  auto opts = with_tools();
  run_result r = run("(tool/boom {})", opts);
  REQUIRE(r.kind == outcome::error);
  CHECK(r.err->kind == error_kind::tool);
  CHECK(r.err->render() == "tool: tool/boom failed: service unavailable (line 1, col 1)");
  REQUIRE(r.tool_calls.size() == 1);
  CHECK(r.tool_calls[0].error == std::string("service unavailable"));
  CHECK(value_of(run("(try (tool/boom {}) (catch Exception e (str \"handled: \" (ex-message e))))", opts)) ==
        "\"handled: tool/boom failed: service unavailable\"");
}

TEST_CASE("an unknown tool is an error that lists the available tools", "[run][tools]") {
  run_result r = run("(tool/nope {})", with_tools());
  REQUIRE(r.kind == outcome::error);
  CHECK(r.err->kind == error_kind::tool);
  CHECK(r.err->render() ==
        "tool: Unknown tool: nope (line 1, col 2). Available tools: tool/boom, tool/double, tool/echo");
}

TEST_CASE("TRN-008 TRN-009 each print call is one entry, multi-line text included", "[run][record]") {
  run_result r = run(R"((println "a" 1) (print "b\nc") (prn "q" :k) (pr [1]) (println))");
  CHECK(r.prints == std::vector<std::string>{"a 1", "b\nc", "\"q\" :k", "[1]", ""});
}

TEST_CASE("TRN-011 a print call is cut after max_print_chars characters", "[run][record]") {
  run_options o;
  o.lim.max_print_chars = 10;
  run_result r = run(R"((println (apply str (repeat 25 "é"))) (println "short"))", o);
  REQUIRE(r.prints.size() == 2);
  CHECK(r.prints[0] == "éééééééééé...");
  CHECK(r.prints[1] == "short");
}

TEST_CASE("return and fail end the program at once, even inside try", "[run]") {
  run_result r = run("(def x 1) (try (return {:ok x}) (catch Exception e :caught)) :not-reached");
  CHECK(r.kind == outcome::returned);
  CHECK(value_of(r) == "{:ok 1}");
  CHECK(r.mem->find("x") != nullptr);  // defs made before return are kept
  run_result f = run("(map (fn [x] (when (= x 2) (fail \"two\"))) [1 2 3])");
  CHECK(f.kind == outcome::failed);
  CHECK(value_of(f) == "\"two\"");
}

TEST_CASE("a top-level return or fail ends the run without unwinding, as a nested one does", "[run]") {
  // Top-level calls are taken by the run's loop (no throw); nested ones throw: the same results.
  run_result r = run("(def x 1) (return (+ x 1)) (println \"not reached\") (def y 2)");
  CHECK(r.kind == outcome::returned);
  CHECK(value_of(r) == "2");
  CHECK(r.prints.empty());
  CHECK(r.mem->find("x") != nullptr);
  CHECK(r.mem->find("y") == nullptr);
  CHECK(run("(return)").kind == outcome::returned);
  CHECK(value_of(run("(return)")) == "nil");
  run_result f = run("(fail)");
  CHECK(f.kind == outcome::failed);
  CHECK(value_of(f) == "nil");
  CHECK(value_of(run("(fail {:why \"x\"}) 1")) == "{:why \"x\"}");
  // From a pmap branch and from inside a function: the whole run ends with that value.
  run_result p = run("(pmap (fn [x] (when (= x 3) (return [:three x]))) (range 5)) :not-reached");
  CHECK(p.kind == outcome::returned);
  CHECK(value_of(p) == "[:three 3]");
  run_result g = run("(defn f [x] (if (> x 2) (fail x) x)) (mapv f (range 10)) :not-reached");
  CHECK(g.kind == outcome::failed);
  CHECK(value_of(g) == "3");
  // An error in the argument, or in the check of the value, carries the call's position.
  run_result e = run("(def a 1)\n  (return (/ 1 0))");
  REQUIRE(e.err);
  CHECK(e.err->pos.line == 2);
  CHECK(run("(return 1 2)").kind == outcome::error);  // arity, as before
}

TEST_CASE("DEF-007 DEF-009 definitions keep order and docstrings without semicolons", "[run][defs]") {
  run_result r = run(R"(
    (def users "Active users; from the API" [{:name "a"}])
    (defn fetch "Fetches; by id" [id] id)
    (def total 3))");
  REQUIRE(r.kind == outcome::value);
  REQUIRE(r.mem->defs.size() == 3);
  CHECK(r.mem->defs[0]->name == "users");
  CHECK(r.mem->defs[0]->docstring() == "Active users from the API");
  CHECK_FALSE(r.mem->defs[0]->is_function);
  CHECK(r.mem->defs[1]->name == "fetch");
  CHECK(r.mem->defs[1]->docstring() == "Fetches by id");
  CHECK(r.mem->defs[1]->is_function);
  CHECK(r.mem->defs[1]->params() == "[id]");
  CHECK(r.defined == std::vector<std::string>{"users", "fetch", "total"});
}

TEST_CASE("DEF-001 DEF-002 redefinition: the latest value wins, in its first place", "[run][defs]") {
  run_result r1 = run("(def a 1) (def b 2) (def a 3)");
  CHECK(r1.defined == std::vector<std::string>{"a", "b"});  // each name once, first def's order
  REQUIRE(r1.mem->defs.size() == 2);
  CHECK(r1.mem->defs[0]->name == "a");
  CHECK(pr_str(r1.mem->defs[0]->val) == "3");
  run_options o;
  o.mem = r1.mem;
  run_result r2 = run("(def b \"new\" 20) (+ a b)", o);
  CHECK(value_of(r2) == "23");
  CHECK(r2.mem->find("b")->docstring() == "new");
}

TEST_CASE("a function's most recent return type is recorded for the prelude", "[run][defs]") {
  run_result r = run("(defn users [n] (vec (range n))) (users 2) (users 5) (defn unused [] 1)");
  CHECK(r.mem->find("users")->return_type() == "list[5]");
  CHECK(r.mem->find("unused")->return_type().empty());
}

TEST_CASE("a function a definition can hold records its return type wherever it is called", "[run][defs]") {
  // Called by the builtins that skip recording for a fn literal in their function place.
  run_result r = run("(defn pair [x] [x x]) (doall (map pair [1])) (defn three [x] [x x x]) (filterv three [1])");
  CHECK(r.mem->find("pair")->return_type() == "list[2]");
  CHECK(r.mem->find("three")->return_type() == "list[3]");
  // A fn literal outside the function place (reduce's init, returned as the result) can be
  // defined: its calls record.
  r = run("(def h (reduce (fn [acc x] acc) (fn [y] [y y]) [1 2])) (h 1)");
  CHECK(r.mem->find("h")->return_type() == "list[2]");
  // A named fn literal in the function place can hand itself out, and be defined.
  r = run("(def me (first (map (fn me [x] (if (= x 0) me [x])) [0]))) (me 4)");
  CHECK(r.mem->find("me")->return_type() == "list[1]");
  r = run("(def g (update {:f 1} :f (fn [_] (fn [y] {:y y})))) ((:f g) 1) (def gf (:f g)) (gf 2)");
  CHECK(r.mem->find("gf")->return_type() == "map[1]");
}

TEST_CASE("memory persists across runs and a failed run returns the memory it started with", "[run][defs]") {
  run_result r1 = run("(defn add-tax \"Adds VAT\" [x] (* x 1.2)) (def base 100)");
  REQUIRE(r1.kind == outcome::value);
  run_options o;
  o.mem = r1.mem;
  CHECK(value_of(run("(add-tax base)", o)) == "120.0");
  run_result bad = run("(def base 5) (def extra 1) (/ 1 0)", o);
  REQUIRE(bad.kind == outcome::error);
  CHECK(bad.mem == r1.mem);
  CHECK(bad.defined.empty());
  o.mem = bad.mem;
  CHECK(value_of(run("base", o)) == "100");
}

TEST_CASE("functions can call functions defined later in the program", "[run][defs]") {
  CHECK(value_of(run("(defn a [x] (b x)) (defn b [x] (* 2 x)) (a 4)")) == "8");
  run_result r = run("(defn a [x] (c x)) (a 1) (defn c [x] x)");
  REQUIRE(r.kind == outcome::error);
  CHECK(r.err->kind == error_kind::unbound);
}

TEST_CASE("data/ reads the input data with JSON keys", "[run][data]") {
  run_options o;
  o.data = from_json(json{{"orders", json::array({json{{"id", 1}, {"total", 9.5}}, json{{"id", 2}, {"total", 0.5}}})},
                          {"first name", "Ann"}});
  CHECK(value_of(run("(reduce + (map :total data/orders))", o)) == "10.0");
  run_result missing = run("data/customers", o);
  REQUIRE(missing.kind == outcome::error);
  CHECK(missing.err->render() == "unbound: data/customers is not in the input data (line 1, col 1). Available: data/orders, data/first name");
}

TEST_CASE("the run counts steps, evaluation time and memory", "[run]") {
  // 10,000 calls and 10,000 small vectors kept until the end (a bare (vec (range n)) makes no
  // list any more, and a count of a pipeline makes no vector)
  run_result r = run("(let [v (mapv (fn [i] [i]) (range 10000))] (count (nth v 9999)))");
  CHECK(value_of(r) == "1");
  CHECK(r.steps > 10000);
  CHECK(r.peak_memory_bytes > 10000 * 16);
}

}  // namespace lisp_run_test
