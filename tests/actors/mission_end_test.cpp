// Limits that hold on the actor side (issue 14): a mission that ends for any reason stops its
// program, a limit hit is a failed turn the agent goes on from, the Step counts every LLM
// attempt, and values outside a run are never walked without bound.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <filesystem>
#include <fstream>
#include <future>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "ptc/actors/interpreter.hpp"
#include "ptc/actors/llm.hpp"
#include "ptc/actors/sub_agent.hpp"
#include "ptc/actors/runtime.hpp"
#include "ptc/actors/tools.hpp"
#include "ptc/lisp/printer.hpp"
#include "ptc/lisp/vector.hpp"
#include "ptc/messages/serialization.hpp"
#include "tests/support/actor_config.hpp"
#include "tests/support/scripted.hpp"

namespace actors_mission_end_test {

using namespace ptc;
using namespace std::chrono_literals;
using actors::agent;
using testing::code;
using testing::script;
using testing::scripted_options;

namespace {

using clock_type = std::chrono::steady_clock;

/// Limits a program cannot reach in these tests: only the mission can stop it.
lisp::limits endless_limits() {
  lisp::limits l;
  l.max_steps = 1'000'000'000'000ull;
  l.timeout_ms = 600'000;
  return l;
}

constexpr const char* endless = "(loop [i 0] (recur (inc i)))";

actors::interpreter_stats stats_of(caf::actor_system& sys, const caf::actor& interp) {
  caf::scoped_actor self{sys};
  actors::interpreter_stats out;
  self->request(interp, 10s, actors::stats_atom::value)
      .receive([&](const actors::interpreter_stats& s) { out = s; },
               [&](caf::error& e) { FAIL(sys.render(e)); });
  return out;
}

/// How long after now the interpreter first reports no active run (polled), or `limit`.
std::chrono::milliseconds until_idle(caf::actor_system& sys, const caf::actor& interp,
                                     std::chrono::milliseconds limit = 5'000ms) {
  const auto start = clock_type::now();
  while (clock_type::now() - start < limit) {
    if (stats_of(sys, interp).active == 0)
      return std::chrono::duration_cast<std::chrono::milliseconds>(clock_type::now() - start);
    std::this_thread::sleep_for(2ms);
  }
  return limit;
}

/// One interpreter, so that the test can ask it for its figures.
actors::runtime_options one_interpreter(actors::scripted_fn fn) {
  auto o = scripted_options(std::move(fn));
  o.interpreters = 1;
  return o;
}

}  // namespace

TEST_CASE("mission end: mission_timeout stops an endless program and frees its run within 100 ms",
          "[actors][limits][cancel]") {
  actors::runtime rt{one_interpreter(script({{"spin", {code(endless)}}}))};
  auto a = agent("spinner").mission("spin").limits(endless_limits()).timeout(300ms);
  const auto start = clock_type::now();
  auto s = rt.run(a);
  const auto took = clock_type::now() - start;
  REQUIRE(s.fail.has_value());
  CHECK(s.fail->reason == messages::failure_reason::mission_timeout);
  CHECK(took < 600ms);  // on time: within 2x the limit
  const auto idle = until_idle(rt.system(), rt.interpreter());
  CHECK(idle <= 100ms);
  const auto st = stats_of(rt.system(), rt.interpreter());
  CHECK(st.active == 0);
  CHECK(st.cancelled == 1);
}

// The runtime's deadline keeper (actors/deadlines.hpp) holds every mission's deadline and arms
// one timer for the earliest: a later-registered, earlier deadline must re-arm it.
TEST_CASE("PERF mission end: one keeper ends each mission at its own deadline, the earliest first",
          "[actors][limits][cancel]") {
  actors::runtime rt{one_interpreter(script({{"spin", {code(endless)}}}))};
  struct ended {
    std::mutex m;
    std::condition_variable cv;
    std::vector<std::pair<std::string, std::chrono::milliseconds>> order;
    int timed_out = 0;
  } e;
  const auto start = clock_type::now();
  auto record = [&](std::string name) {
    return [&, name](messages::step s) {
      std::lock_guard<std::mutex> lock(e.m);  // on a CAF thread: checked by the test's thread
      if (s.fail && s.fail->reason == messages::failure_reason::mission_timeout) ++e.timed_out;
      e.order.emplace_back(name, std::chrono::duration_cast<std::chrono::milliseconds>(clock_type::now() - start));
      e.cv.notify_all();
    };
  };
  rt.run_async(agent("late").mission("spin").limits(endless_limits()).timeout(900ms), record("late"));
  rt.run_async(agent("early").mission("spin").limits(endless_limits()).timeout(150ms), record("early"));
  std::unique_lock<std::mutex> lock(e.m);
  REQUIRE(e.cv.wait_for(lock, 10s, [&] { return e.order.size() == 2; }));
  CHECK(e.timed_out == 2);
  CHECK(e.order[0].first == "early");
  CHECK(e.order[0].second < 600ms);   // not held back until the first-registered deadline
  CHECK(e.order[1].second >= 900ms);  // and never early
}

/// (agents watched, entries held) of the runtime's deadline keeper.
std::pair<std::uint64_t, std::uint64_t> keeper_counts(caf::actor_system& sys) {
  auto keeper = sys.registry().get<caf::actor>(caf::atom("deadlines"));
  REQUIRE(keeper);
  caf::scoped_actor self{sys};
  std::pair<std::uint64_t, std::uint64_t> out{~0ull, ~0ull};
  self->request(keeper, 10s, caf::get_atom::value)
      .receive([&](std::uint64_t agents, std::uint64_t entries) { out = {agents, entries}; },
               [&](caf::error& e) { FAIL(sys.render(e)); });
  return out;
}

// A weak address keeps a CAF 0.17 actor's memory block (its state included) allocated: held by
// the keeper until the deadline (five minutes by default), every finished agent kept ~1.5 KiB
// and a process running agents without pause grew without bound.
TEST_CASE("PERF mission end: a finished mission leaves the deadline keeper at once and a running one stays in it",
          "[actors][limits][memory]") {
  actors::runtime rt{one_interpreter(script({{"quick", {code("(return 1)")}}, {"spin", {code(endless)}}}))};
  std::vector<agent> batch;
  for (int i = 0; i < 1000; ++i) batch.push_back(agent("a" + std::to_string(i)).mission("quick"));
  for (const auto& s : rt.run_all(batch)) REQUIRE(s.ok());
  // Each agent's release went to the keeper before its Step went out, so before this question.
  auto [agents, entries] = keeper_counts(rt.system());
  CHECK(agents == 0);
  CHECK(entries < 64);  // the lapsed entries are compacted away, not kept for five minutes

  std::promise<messages::step> spun;
  rt.run_async(agent("spinner").mission("spin").limits(endless_limits()).timeout(400ms),
               [&](messages::step s) { spun.set_value(std::move(s)); });
  const auto start = clock_type::now();
  while (keeper_counts(rt.system()).first != 1 && clock_type::now() - start < 5s) std::this_thread::sleep_for(2ms);
  CHECK(keeper_counts(rt.system()).first == 1);
  auto done = spun.get_future();
  REQUIRE(done.wait_for(10s) == std::future_status::ready);
  const auto s = done.get();
  REQUIRE(s.fail.has_value());
  CHECK(s.fail->reason == messages::failure_reason::mission_timeout);
  CHECK(keeper_counts(rt.system()).first == 0);
}

TEST_CASE("mission end: a nested sub-agent whose parent fails is cancelled and its run freed",
          "[actors][limits][cancel][nesting]") {
  actors::runtime rt{one_interpreter(script({
      {"parent waits", {code("(return (tool/worker {:n 1}))")}},
      {"worker spins", {code(endless)}},
  }))};
  // The child has no deadline of its own (only the parent's); the parent gives up at 300 ms.
  auto worker = agent("worker").mission("worker spins on {{n}}").limits(endless_limits())
                    .timeout(600'000ms);
  auto parent = agent("boss").mission("parent waits").tool(worker).timeout(300ms);
  const auto start = clock_type::now();
  auto s = rt.run(parent);
  const auto took = clock_type::now() - start;
  REQUIRE(s.fail.has_value());
  CHECK(s.fail->reason == messages::failure_reason::mission_timeout);
  CHECK(took < 600ms);
  // The parent's run (waiting on the tool) and the child's endless run both end.
  CHECK(until_idle(rt.system(), rt.interpreter()) <= 100ms);
  const auto st = stats_of(rt.system(), rt.interpreter());
  CHECK(st.active == 0);
  // The child's endless run is cancelled; the parent's is cancelled too, or (when the child's
  // cancellation reaches it first as a tool error) ends on its own: either way it is freed.
  CHECK(st.cancelled >= 1);
  CHECK(st.cancelled <= 2);
}

TEST_CASE("mission end: an endless program in a pmap branch stops with its mission",
          "[actors][limits][cancel]") {
  actors::runtime rt{one_interpreter(script({
      {"parallel", {code("(return (pmap (fn [n] (if (= n 2) (loop [i 0] (recur (inc i))) n)) [1 2 3]))")}},
  }))};
  auto s = rt.run(agent("p").mission("parallel").limits(endless_limits()).timeout(300ms));
  REQUIRE(s.fail.has_value());
  CHECK(s.fail->reason == messages::failure_reason::mission_timeout);
  CHECK(until_idle(rt.system(), rt.interpreter()) <= 100ms);
}

TEST_CASE("mission end: a program that hits a limit is a failed turn, and the agent goes on",
          "[actors][limits][loop]") {
  actors::runtime rt{scripted_options(script({
      {"steps", {code(endless), code("(return 1)")}},
      {"clock", {code(endless), code("(return 2)")}},
  }))};
  lisp::limits few_steps;
  few_steps.max_steps = 100'000;
  auto s = rt.run(agent("a").mission("steps").limits(few_steps));
  REQUIRE(s.ok());
  CHECK(lisp::pr_str(*s.return_value) == "1");
  REQUIRE(s.turns.size() == 2);
  CHECK(s.turns[0]->outcome == messages::turn_outcome::error);
  CHECK(s.turns[0]->error_kind() == "limit");

  lisp::limits short_time;
  short_time.timeout_ms = 100;
  const auto start = clock_type::now();
  auto t = rt.run(agent("b").mission("clock").limits(short_time));
  REQUIRE(t.ok());
  CHECK(lisp::pr_str(*t.return_value) == "2");
  REQUIRE(t.turns.size() == 2);
  CHECK(t.turns[0]->error_kind() == "limit");
  CHECK(clock_type::now() - start < 2s);
}

TEST_CASE("mission end: an LLM call that fails counts its attempts and time in the Step",
          "[actors][limits][usage]") {
  // The scripted LLM has no second response: the call of turn 2 fails (one attempt).
  auto o = scripted_options(script({{"once", {code("(println 1)")}}}));
  o.scripted_latency = 20ms;
  actors::runtime rt{o};
  auto s = rt.run(agent("u").mission("once"));
  REQUIRE(s.fail.has_value());
  CHECK(s.fail->reason == messages::failure_reason::llm_error);
  REQUIRE(s.turns.size() == 1);
  CHECK(s.usage.requests == 2);    // turn 1's call and the failed one
  CHECK(s.llm_time >= 40ms);       // both waited out their latency
}

TEST_CASE("mission end: an LLM call abandoned at the deadline counts too", "[actors][limits][usage]") {
  auto o = scripted_options(script({{"slow", {code("(return 1)")}}}));
  o.scripted_latency = 500ms;
  actors::runtime rt{o};
  auto s = rt.run(agent("u").mission("slow").timeout(100ms));
  REQUIRE(s.fail.has_value());
  CHECK(s.fail->reason == messages::failure_reason::mission_timeout);
  CHECK(s.usage.requests == 1);
  CHECK(s.llm_time >= 90ms);
}

TEST_CASE("mission end: an exception in a mission's handler answers its requester with a failed Step, never a hang",
          "[actors][limits]") {
  // CAF 0.17 ends an actor whose handler throws without answering the request it was
  // working on: an agent tool and ptc mcp, which wait for a mission without a timeout, waited
  // forever. The local callback that throws here stands for any exception in the handlers.
  caf::actor_system sys{testing::test_config()};
  actors::llm_options lo;
  lo.settings = config::defaults().llm;
  lo.settings.provider = "scripted";
  lo.script = script({{"answer", {code("(return 42)")}}});
  auto llm = actors::spawn_llm(sys, lo);
  auto interp = actors::spawn_interpreter(sys, {});
  messages::agent_spec spec;
  spec.name = "thrower";
  spec.mission = "answer";
  spec.max_turns = 2;
  spec.data = nlohmann::ordered_json::object();
  actors::agent_job job;
  job.spec = actors::wire<messages::agent_spec>{std::move(spec)};
  job.llm = llm;
  job.interpreter = interp;
  job.tree.max_depth = 3;
  auto sub = actors::spawn_sub_agent(sys, std::move(job), [](messages::step) { throw std::runtime_error("callback broke"); });
  caf::scoped_actor self{sys};
  std::optional<messages::step> got;
  self->request(sub, 20s, actors::run_atom::value)
      .receive([&](const actors::wire<messages::step>& s) { got = *s; },
               [&](caf::error& e) { FAIL("no Step: " << sys.render(e)); });
  REQUIRE(got);
  REQUIRE(got->fail);
  CHECK(got->fail->reason == messages::failure_reason::cancelled);
  CHECK(got->fail->message == "agent thrower stopped on an internal error: callback broke");
  caf::anon_send_exit(llm, caf::exit_reason::user_shutdown);
  caf::anon_send_exit(interp, caf::exit_reason::user_shutdown);
}

TEST_CASE("values outside a run: a def'd DAG of shared vectors is never walked whole",
          "[actors][limits][values]") {
  // 40 levels of [a a]: 40 vectors in memory, 2^40 parts when walked.
  lisp::value dag = lisp::vector_obj::empty();
  for (int i = 0; i < 40; ++i) dag = lisp::vector_obj::from(std::vector<lisp::value>{dag, dag});
  const auto started = clock_type::now();
  const auto j = messages::value_to_json(dag);
  CHECK(j.value("too_large", false));
  CHECK(j["edn"].get<std::string>().find("value too large to write") != std::string::npos);
  CHECK_FALSE(j.contains("json"));
  // An ordinary value is written as before.
  const auto small = messages::value_to_json(lisp::vector_obj::from(std::vector<lisp::value>{lisp::vector_obj::empty()}));
  CHECK_FALSE(small.contains("too_large"));

  // An agent whose turn 1 defines it and turn 2 returns: with a trace (every turn written with
  // its memory), the Step written for another node, and the memory in the next prompt.
  const auto trace = std::filesystem::temp_directory_path() /
                     ("ptc_mission_end_dag_" + std::to_string(::getpid()) + ".jsonl");
  std::filesystem::remove(trace);
  {
    auto o = scripted_options(script({{"keep a dag",
                                       {code("(def x (reduce (fn [a _] [a a]) [] (range 40)))"),
                                        code("(return 1)")}}}));
    o.trace = trace;
    actors::runtime rt{o};
    auto s = rt.run(agent("d").mission("keep a dag").timeout(20'000ms));
    REQUIRE(s.ok());
    CHECK(lisp::pr_str(*s.return_value) == "1");
    REQUIRE(s.turns.size() == 2);
    const std::string wire = actors::codec<messages::step>::encode(s);
    CHECK(wire.find("value too large to write") != std::string::npos);
    const auto back = actors::codec<messages::step>::decode(wire);
    CHECK(back.turns.size() == 2);
  }
  std::ifstream in(trace);
  std::stringstream text;
  text << in.rdbuf();
  CHECK(text.str().find("value too large to write") != std::string::npos);
  std::filesystem::remove(trace);
  CHECK(clock_type::now() - started < 20s);
}

}  // namespace actors_mission_end_test
