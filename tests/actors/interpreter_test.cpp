// The interpreter actor with real tool actors: tool calls, pmap fan-out, tool failures (errors,
// timeouts, dead actors), time slicing between runs, many runs at once, and the eval codecs.
#include <catch2/catch.hpp>

#include "tests/support/actor_config.hpp"

#include <chrono>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <limits>
#include <thread>
#include <vector>

#include "ptc/actors/interpreter.hpp"
#include "ptc/actors/tools.hpp"
#include "ptc/lisp/json.hpp"
#include "ptc/lisp/printer.hpp"
#include "ptc/lisp/run.hpp"

namespace actors_interpreter_test {

using namespace ptc;
using namespace std::chrono_literals;
using json = nlohmann::ordered_json;

namespace {

/// Generous: CI is two slow cores, sometimes under ASan. Only a hang would reach it.
constexpr auto wait_limit = 60s;

using ptc::testing::test_config;

struct fixture {
  caf::actor_system sys{test_config()};
  std::vector<caf::actor> interpreters;

  /// An interpreter stopped at the end of the test. It must be: CAF 0.17 keeps an actor alive
  /// until the timeouts of its requests have passed, answered or not, so an idle interpreter
  /// would hold ~actor_system() for up to tool_timeout.
  caf::actor interpreter(actors::interpreter_options opts = {}) {
    interpreters.push_back(actors::spawn_interpreter(sys, opts));
    return interpreters.back();
  }
  ~fixture() {
    for (auto& a : interpreters) caf::anon_send_exit(a, caf::exit_reason::user_shutdown);
  }
};

actors::tool_binding bind(std::string name, caf::actor handle) {
  actors::tool_binding b;
  b.spec.name = std::move(name);
  b.handle = std::move(handle);
  return b;
}

actors::eval_request program(std::string source) {
  actors::eval_request r;
  r.source = std::move(source);
  r.limits.timeout_ms = 60'000;  // ASan is slow; the step limit still bounds every program
  return r;
}

/// Runs one program and waits for its reply (FAILs on an error or no reply).
actors::eval_reply eval(caf::actor_system& sys, const caf::actor& interp, actors::eval_request req,
                        std::vector<actors::tool_binding> tools = {}) {
  caf::scoped_actor self{sys};
  std::optional<actors::eval_reply> out;
  self->request(interp, wait_limit, actors::eval_atom::value, actors::wire<actors::eval_request>(std::move(req)),
                std::move(tools), actors::tree_context{})
      .receive([&](const actors::wire<actors::eval_reply>& r) { out = *r; },
               [&](caf::error& e) { FAIL("eval failed: " << sys.render(e)); });
  REQUIRE(out);
  return std::move(*out);
}

std::string result_text(const actors::eval_reply& r) {
  if (r.run.err) return "error: " + r.run.err->render();
  return lisp::pr_str(r.run.result);
}

caf::actor double_tool(caf::actor_system& sys) {
  return actors::spawn_function_tool(sys, [](const json& args) { return json(args.at("n").get<std::int64_t>() * 2); });
}

/// Holds every call's reply until it has seen `n` calls, then answers them all (n * 2 each):
/// a run gets its results only if its calls were all in flight together.
struct gate_state {
  std::vector<std::pair<caf::typed_response_promise<actors::tool_result>, std::int64_t>> held;
};
caf::behavior gate_tool(caf::stateful_actor<gate_state>* self, std::size_t n) {
  return {
      [self, n](actors::tool_atom, const actors::tool_call& call) {
        auto rp = self->make_response_promise<actors::tool_result>();
        self->state.held.emplace_back(rp, json::parse(call.args).at("n").get<std::int64_t>());
        if (self->state.held.size() == n) {
          for (auto& [p, v] : self->state.held) {
            actors::tool_result r;
            r.ok = true;
            r.value = std::to_string(v * 2);
            p.deliver(std::move(r));
          }
          self->state.held.clear();
        }
        return rp;
      },
  };
}

// The test actors take an argument: CAF 0.17's spawn with none binds a reference to a null
// tuple in its own header (init_fun_factory.hpp), which UBSan reports.

/// Never answers (keeps the promises so nothing is sent back).
struct silent_state {
  std::vector<caf::typed_response_promise<actors::tool_result>> held;
};
caf::behavior silent_tool(caf::stateful_actor<silent_state>* self, std::size_t expected_calls) {
  self->state.held.reserve(expected_calls);
  return {
      [self](actors::tool_atom, const actors::tool_call&) {
        auto rp = self->make_response_promise<actors::tool_result>();
        self->state.held.push_back(rp);
        return rp;
      },
  };
}

/// Takes the call, then dies without answering.
caf::behavior dying_tool(caf::event_based_actor* self, caf::exit_reason reason) {
  return {
      [self, reason](actors::tool_atom, const actors::tool_call&) {
        auto rp = self->make_response_promise<actors::tool_result>();
        self->quit(reason);
        return rp;
      },
  };
}

}  // namespace

TEST_CASE_METHOD(fixture, "interpreter runs a program without tools", "[interpreter]") {
  auto interp = interpreter();
  auto r = eval(sys, interp, program("(def x 20) (println \"hi\") (+ x 22)"));
  CHECK(r.run.kind == lisp::outcome::value);
  CHECK(result_text(r) == "42");
  CHECK(r.run.prints == std::vector<std::string>{"hi"});
  REQUIRE(r.run.mem);
  CHECK(r.run.mem->find("x") != nullptr);
  CHECK(r.children.empty());

  auto bad = eval(sys, interp, program("(inc nil)"));
  CHECK(bad.run.kind == lisp::outcome::error);
  REQUIRE(bad.run.err);
  CHECK(bad.run.err->kind == lisp::error_kind::type);
}

TEST_CASE_METHOD(fixture, "interpreter takes a program without tools in the short message (no bindings, no tree)",
                 "[interpreter]") {
  auto interp = interpreter();
  caf::scoped_actor self{sys};
  auto ask = [&](std::string source) {
    std::optional<actors::eval_reply> out;
    self->request(interp, wait_limit, actors::eval_atom::value, actors::wire<actors::eval_request>(program(std::move(source))))
        .receive([&](const actors::wire<actors::eval_reply>& r) { out = *r; },
                 [&](caf::error& e) { FAIL("eval failed: " << sys.render(e)); });
    REQUIRE(out);
    return std::move(*out);
  };
  auto r = ask("(def x 20) (println \"hi\") (+ x 22)");
  CHECK(result_text(r) == "42");
  CHECK(r.run.prints == std::vector<std::string>{"hi"});
  // A tool named in it is unknown, as with an empty binding list.
  auto t = ask("(tool/search {})");
  CHECK(t.run.kind == lisp::outcome::error);
  REQUIRE(t.run.err);
  CHECK(t.run.err->render().find("search") != std::string::npos);
  // A request with no payload is answered, not dropped.
  std::optional<actors::eval_reply> none;
  self->request(interp, wait_limit, actors::eval_atom::value, actors::wire<actors::eval_request>{})
      .receive([&](const actors::wire<actors::eval_reply>& r) { none = *r; },
               [&](caf::error& e) { FAIL("eval failed: " << sys.render(e)); });
  REQUIRE(none);
  CHECK(none->run.kind == lisp::outcome::error);
}

TEST_CASE_METHOD(fixture, "interpreter passes data and earlier memory to the run", "[interpreter]") {
  auto interp = interpreter();
  auto first = eval(sys, interp, program("(defn twice [x] (* 2 x))"));
  auto req = program("(twice (count data/items))");
  req.data = lisp::from_json(json::parse(R"({"items": [1, 2, 3]})"));
  req.mem = first.run.mem;
  CHECK(result_text(eval(sys, interp, std::move(req))) == "6");
}

TEST_CASE_METHOD(fixture, "interpreter resolves one tool call through a tool actor", "[interpreter][tools]") {
  auto interp = interpreter();
  auto r = eval(sys, interp, program("(+ 1 (tool/double {:n 20}))"), {bind("double", double_tool(sys))});
  CHECK(result_text(r) == "41");
  REQUIRE(r.run.tool_calls.size() == 1);
  CHECK(r.run.tool_calls[0].name == "double");
  CHECK(r.run.tool_calls[0].args == json{{"n", 20}});
  CHECK(r.run.tool_calls[0].result == json(40));
}

TEST_CASE_METHOD(fixture, "interpreter sends pmap's tool calls together", "[interpreter][tools]") {
  actors::interpreter_options opts;
  opts.tool_timeout = 20s;  // a serial dispatch would time out here and fail the run
  auto interp = interpreter(opts);
  auto gate = sys.spawn(gate_tool, std::size_t{3});
  auto r = eval(sys, interp, program("(vec (pmap #(tool/double {:n %}) [1 2 3]))"), {bind("double", gate)});
  CHECK(result_text(r) == "[2 4 6]");
  CHECK(r.run.tool_calls.size() == 3);
  caf::anon_send_exit(gate, caf::exit_reason::user_shutdown);
}

TEST_CASE_METHOD(fixture, "a tool error is a tool error the program can catch", "[interpreter][tools]") {
  auto interp = interpreter();
  auto boom = actors::spawn_function_tool(sys, [](const json&) -> json { throw std::runtime_error("no such city"); });
  auto caught = eval(sys, interp,
                     program("(try (tool/weather {:city \"x\"}) (catch Exception e (str \"handled: \" (ex-message e))))"),
                     {bind("weather", boom)});
  CHECK(result_text(caught) == "\"handled: tool/weather failed: no such city\"");
  REQUIRE(caught.run.tool_calls.size() == 1);
  CHECK(caught.run.tool_calls[0].error == std::optional<std::string>("no such city"));

  auto uncaught = eval(sys, interp, program("(tool/weather {})"), {bind("weather", boom)});
  REQUIRE(uncaught.run.err);
  CHECK(uncaught.run.err->kind == lisp::error_kind::tool);
  CHECK(uncaught.run.err->message == "tool/weather failed: no such city");
}

TEST_CASE_METHOD(fixture, "function tools turn bad arguments and bad results into tool errors", "[interpreter][tools]") {
  auto interp = interpreter();
  // args.at("n") on a call without n: nlohmann throws; the message must not show its prefix.
  auto r = eval(sys, interp, program("(try (tool/double {:m 1}) (catch Exception e (ex-message e)))"),
                {bind("double", double_tool(sys))});
  const std::string text = result_text(r);
  CHECK_THAT(text, Catch::Contains("tool/double failed: key 'n' not found"));
  CHECK_THAT(text, !Catch::Contains("json.exception"));

  auto nothing = actors::spawn_function_tool(sys, [](const json&) { return json(json::value_t::discarded); });
  auto d = eval(sys, interp, program("(tool/nothing {})"), {bind("nothing", nothing)});
  REQUIRE(d.run.err);
  CHECK(d.run.err->message == "tool/nothing failed: the tool returned no value");

  auto utf = actors::spawn_function_tool(sys, [](const json&) { return json(std::string("\xff\xfe")); });
  auto u = eval(sys, interp, program("(tool/utf {})"), {bind("utf", utf)});
  REQUIRE(u.run.err);
  CHECK(u.run.err->kind == lisp::error_kind::tool);
}

TEST_CASE_METHOD(fixture, "a blocking function tool runs on its own thread", "[interpreter][tools]") {
  auto interp = interpreter();
  actors::tool_options to;
  to.blocking = true;
  auto slow = actors::spawn_function_tool(sys, [](const json& a) {
    std::this_thread::sleep_for(20ms);
    return a;
  }, to);
  auto r = eval(sys, interp, program("(tool/slow {:a 1})"), {bind("slow", slow)});
  CHECK(result_text(r) == "{:a 1}");
  CHECK(r.tool_time >= 20ms);
}

TEST_CASE_METHOD(fixture, "a tool that never answers times out as a tool error", "[interpreter][tools]") {
  actors::interpreter_options opts;
  opts.tool_timeout = 200ms;
  auto interp = interpreter(opts);
  auto silent = sys.spawn(silent_tool, std::size_t{1});
  auto r = eval(sys, interp, program("(try (tool/search {:q 1}) (catch Exception e (ex-message e)))"),
                {bind("search", silent)});
  CHECK(result_text(r) == "\"tool/search failed: tool search timed out after 200 ms\"");
  caf::anon_send_exit(silent, caf::exit_reason::user_shutdown);
}

// Tool deadlines are kept by the interpreter (one timer for the earliest): a call with a short
// timeout that goes out while a call with a long one is waiting still times out on its own time,
// and a call that is answered in time is not failed later.
TEST_CASE_METHOD(fixture, "tool deadlines: a shorter timeout made later fires first", "[interpreter][tools]") {
  auto interp = interpreter();
  auto silent = sys.spawn(silent_tool, std::size_t{4});
  actors::tool_options to;
  to.blocking = true;
  auto slow = actors::spawn_function_tool(sys, [](const json& a) {
    std::this_thread::sleep_for(700ms);
    return a;
  }, to);
  auto long_wait = bind("slow", slow);
  long_wait.timeout_ms = 30'000;
  auto short_wait = bind("silent", silent);
  short_wait.timeout_ms = 200;
  const auto start = std::chrono::steady_clock::now();
  // The slow call goes out first (its deadline, 30 s, sets the timer); the silent one's 200 ms
  // must not wait for it. Both results come once the slow one answers at ~700 ms.
  auto r = eval(sys, interp,
                program("(vec (pmap (fn [k] (try (if (= k 0) (tool/slow {:a 1}) (tool/silent {})) "
                        "(catch Exception e (ex-message e)))) [0 1]))"),
                {long_wait, short_wait});
  const auto took = std::chrono::steady_clock::now() - start;
  CHECK(result_text(r) == "[{:a 1} \"tool/silent failed: tool silent timed out after 200 ms\"]");
  CHECK(took < 10s);
  // Answered calls left no deadline behind: many quick calls, then a silent one still times out.
  auto d = eval(sys, interp,
                program("(do (dotimes [i 500] (tool/slowish {})) "
                        "(try (tool/silent {}) (catch Exception e (ex-message e))))"),
                {bind("slowish", actors::spawn_function_tool(sys, [](const json&) { return json(1); })), short_wait});
  CHECK(result_text(d) == "\"tool/silent failed: tool silent timed out after 200 ms\"");
  // A binding that waits "forever" (the largest timeout) is no deadline, not an overflow.
  auto forever = bind("double", double_tool(sys));
  forever.timeout_ms = std::numeric_limits<std::int64_t>::max();
  CHECK(result_text(eval(sys, interp, program("(tool/double {:n 21})"), {forever})) == "42");
  caf::anon_send_exit(silent, caf::exit_reason::user_shutdown);
  caf::anon_send_exit(slow, caf::exit_reason::user_shutdown);
}

TEST_CASE_METHOD(fixture, "a tool actor that dies fails its call at once", "[interpreter][tools]") {
  actors::interpreter_options opts;
  opts.tool_timeout = 50s;  // far beyond the wait limit of the test if the death went unnoticed
  auto interp = interpreter(opts);
  auto dying = sys.spawn(dying_tool, caf::exit_reason::user_shutdown);
  auto r = eval(sys, interp, program("(tool/search {})"), {bind("search", dying)});
  REQUIRE(r.run.err);
  CHECK(r.run.err->message == "tool/search failed: tool search is not available (its actor is down)");
  // Now dead: the next call fails the same way.
  auto again = eval(sys, interp, program("(tool/search {})"), {bind("search", dying)});
  REQUIRE(again.run.err);
  CHECK(again.run.err->message == "tool/search failed: tool search is not available (its actor is down)");
}

TEST_CASE_METHOD(fixture, "stopping an interpreter fails its unfinished runs at once", "[interpreter]") {
  auto interp = interpreter();
  auto silent = sys.spawn(silent_tool, std::size_t{1});
  caf::scoped_actor self{sys};
  self->send(interp, actors::eval_atom::value, actors::wire<actors::eval_request>(program("(tool/search {})")),
             std::vector<actors::tool_binding>{bind("search", silent)}, actors::tree_context{});
  // Same sender, so the stats request is handled after the eval: the run is waiting by then.
  self->request(interp, wait_limit, actors::stats_atom::value)
      .receive([&](const actors::interpreter_stats& s) { CHECK(s.active == 1); },
               [&](caf::error& e) { FAIL("stats failed: " << sys.render(e)); });
  caf::anon_send_exit(interp, caf::exit_reason::user_shutdown);
  std::optional<caf::error> got;
  self->receive([&](caf::error& e) { got = e; }, caf::after(wait_limit) >> [] {});
  REQUIRE(got);
  CHECK(*got == caf::sec::request_receiver_down);
  caf::anon_send_exit(silent, caf::exit_reason::user_shutdown);
}

TEST_CASE_METHOD(fixture, "the interpreter watches a requester only while it has runs there", "[interpreter][tools]") {
  auto interp = interpreter();
  auto silent = sys.spawn(silent_tool, std::size_t{2});
  caf::scoped_actor self{sys};
  auto watched = [&] {
    std::uint64_t n = 99;
    self->request(interp, wait_limit, actors::stats_atom::value)
        .receive([&](const actors::interpreter_stats& s) { n = s.watched; },
                 [&](caf::error& e) { FAIL("stats failed: " << sys.render(e)); });
    return n;
  };
  CHECK(result_text(eval(sys, interp, program("(+ 1 2)"))) == "3");
  CHECK(watched() == 0);
  // Two runs of one requester, both waiting on a tool: one watch.
  for (int i = 0; i < 2; ++i) {
    self->send(interp, actors::eval_atom::value, actors::wire<actors::eval_request>(program("(tool/search {})")),
               std::vector<actors::tool_binding>{bind("search", silent)}, actors::tree_context{});
  }
  CHECK(watched() == 1);
  // The tool goes down: both runs end with a tool error, and the requester is no longer watched.
  caf::anon_send_exit(silent, caf::exit_reason::user_shutdown);
  for (int i = 0; i < 2; ++i) {
    bool replied = false;
    self->receive([&](const actors::wire<actors::eval_reply>& r) { replied = r->run.err.has_value(); },
                  caf::after(wait_limit) >> [] {});
    CHECK(replied);
  }
  CHECK(watched() == 0);
}

TEST_CASE_METHOD(fixture, "an unknown tool is an error naming the available tools", "[interpreter][tools]") {
  auto interp = interpreter();
  auto r = eval(sys, interp, program("(tool/serch {:q 1})"), {bind("search", double_tool(sys))});
  REQUIRE(r.run.err);
  CHECK(r.run.err->kind == lisp::error_kind::tool);
  CHECK_THAT(r.run.err->message, Catch::Contains("serch"));
  CHECK_THAT(r.run.err->hint, Catch::Contains("tool/search"));
  CHECK(r.run.tool_calls.empty());
}

TEST_CASE("a long computation does not starve a short run on the same interpreter", "[interpreter]") {
  // The testing scheduler runs actors only inside sched.run(), on this thread: both programs
  // are in the mailbox before the interpreter starts, whatever the machine's load. Without time
  // slicing the long one, first in the mailbox, would finish first.
  caf::actor_system_config cfg;
  cfg.set("scheduler.policy", caf::atom("testing"));
  auto sys = std::make_unique<caf::actor_system>(cfg);
  auto& sched = dynamic_cast<caf::scheduler::test_coordinator&>(sys->scheduler());
  std::vector<std::string> order;
  std::optional<actors::interpreter_stats> stats;
  {
    auto interp = actors::spawn_interpreter(*sys);
    caf::scoped_actor self{*sys};
    // send (not request): each reply comes back as an ordinary message, in the order delivered.
    self->send(interp, actors::eval_atom::value, actors::wire<actors::eval_request>(program("(reduce + (range 3000000))")),
               std::vector<actors::tool_binding>{}, actors::tree_context{});
    self->send(interp, actors::eval_atom::value, actors::wire<actors::eval_request>(program(":short")),
               std::vector<actors::tool_binding>{}, actors::tree_context{});
    sched.run();
    for (int i = 0; i < 2; ++i) {
      self->receive([&](const actors::wire<actors::eval_reply>& r) { order.push_back(result_text(*r)); },
                    caf::after(0s) >> [&] { order.push_back("no reply"); });
    }
    self->send(interp, actors::stats_atom::value);
    sched.run();
    self->receive([&](const actors::interpreter_stats& s) { stats = s; }, caf::after(0s) >> [] {});
    caf::anon_send_exit(interp, caf::exit_reason::user_shutdown);
  }
  sched.run();
  while (sched.trigger_timeouts() > 0) sched.run();
  sys.reset();
  CHECK(order == std::vector<std::string>{":short", "4499998500000"});
  REQUIRE(stats);
  CHECK(stats->runs == 2);
  CHECK(stats->active == 0);
  CHECK(stats->slices > 10);
}

TEST_CASE_METHOD(fixture, "200 concurrent runs on one interpreter each get their own result", "[interpreter][tools]") {
  auto interp = interpreter();
  std::vector<actors::tool_binding> tools{bind("double", double_tool(sys))};
  caf::scoped_actor self{sys};
  constexpr int n = 200;
  for (int i = 0; i < n; ++i) {
    // Tool calls and a computation long enough to be sliced, so runs really interleave.
    auto src = "[" + std::to_string(i) + " (tool/double {:n " + std::to_string(i) +
               "}) (reduce + (range 30000)) (vec (pmap #(tool/double {:n %}) [" + std::to_string(i) + " 1]))]";
    self->send(interp, actors::eval_atom::value, actors::wire<actors::eval_request>(program(src)), tools,
               actors::tree_context{});
  }
  std::vector<bool> seen(n, false);
  int ok = 0;
  for (int i = 0; i < n; ++i) {
    bool got = false;
    self->receive(
        [&](const actors::wire<actors::eval_reply>& r) {
          got = true;
          if (r->run.kind != lisp::outcome::value) return;
          auto v = lisp::to_json(r->run.result);
          const auto k = v.at(0).get<std::int64_t>();
          if (k < 0 || k >= n || seen[k]) return;
          if (v == json{k, 2 * k, 449985000, json{2 * k, 2}}) {
            seen[k] = true;
            ++ok;
          }
        },
        caf::after(wait_limit) >> [] {});
    if (!got) break;
  }
  CHECK(ok == n);
}

TEST_CASE("eval_request survives the codec round trip", "[interpreter][codec]") {
  auto first = lisp::run("(def limit 10) (defn scale [x] (* x limit))");
  actors::eval_request req;
  req.source = "(scale (count data/items))";
  req.data = lisp::from_json(json::parse(R"({"items": [1, 2], "name": "x"})"));
  req.mem = first.mem;
  req.limits.max_steps = 1234;
  req.limits.timeout_ms = 99;
  req.limits.max_depth = 77;
  req.limits.max_memory_bytes = 1 << 20;
  req.limits.max_print_chars = 55;
  req.limits.max_output_bytes = 4096;
  const std::string text = actors::codec<actors::eval_request>::encode(req);
  auto back = actors::codec<actors::eval_request>::decode(text);
  CHECK(back.source == req.source);
  CHECK(lisp::pr_str(back.data) == lisp::pr_str(req.data));
  REQUIRE(back.mem);
  REQUIRE(back.mem->defs.size() == 2);
  CHECK(back.mem->defs[1]->name == "scale");
  CHECK(back.limits.max_steps == 1234);
  CHECK(back.limits.timeout_ms == 99);
  CHECK(back.limits.max_depth == 77);
  CHECK(back.limits.max_memory_bytes == (1u << 20));
  CHECK(back.limits.max_print_chars == 55);
  CHECK(back.limits.max_output_bytes == 4096);
  CHECK(actors::codec<actors::eval_request>::encode(back) == text);

  lisp::run_options ro;
  ro.data = back.data;
  ro.mem = back.mem;
  CHECK(lisp::pr_str(lisp::run(back.source, ro).result) == "20");
}

TEST_CASE("eval_reply survives the codec round trip", "[interpreter][codec]") {
  lisp::run_options ro;
  ro.tools["t"] = [](const json& a) -> json {
    if (a.contains("bad")) throw std::runtime_error("bad input");
    return json{{"got", a}};
  };
  auto ok = lisp::run("(def k :x) (println \"p\") (try (tool/t {:bad 1}) (catch Exception e nil)) "
                      "{:r (tool/t {:a 1}) :s #{1} :k k}",
                      ro);
  auto thrown = lisp::run("(throw (ex-info \"boom\" {:code 7}))", ro);
  REQUIRE(thrown.err);

  for (const lisp::run_result* run : {&ok, &thrown}) {
    actors::eval_reply reply;
    reply.run = *run;
    reply.tool_time = 1234us;
    const std::string text = actors::codec<actors::eval_reply>::encode(reply);
    auto back = actors::codec<actors::eval_reply>::decode(text);
    CHECK(back.run.kind == run->kind);
    CHECK(lisp::pr_str(back.run.result) == lisp::pr_str(run->result));
    CHECK(back.run.prints == run->prints);
    CHECK(back.run.defined == run->defined);
    CHECK(back.run.steps == run->steps);
    CHECK(back.run.eval_time == run->eval_time);
    CHECK(back.run.peak_memory_bytes == run->peak_memory_bytes);
    CHECK(back.tool_time == 1234us);
    REQUIRE(back.run.tool_calls.size() == run->tool_calls.size());
    for (std::size_t i = 0; i < run->tool_calls.size(); ++i) {
      CHECK(back.run.tool_calls[i].name == run->tool_calls[i].name);
      CHECK(back.run.tool_calls[i].args == run->tool_calls[i].args);
      CHECK(back.run.tool_calls[i].result == run->tool_calls[i].result);
      CHECK(back.run.tool_calls[i].error == run->tool_calls[i].error);
      CHECK(back.run.tool_calls[i].duration == run->tool_calls[i].duration);
    }
    REQUIRE(back.run.err.has_value() == run->err.has_value());
    if (run->err) {
      CHECK(back.run.err->kind == run->err->kind);
      CHECK(back.run.err->message == run->err->message);
      CHECK(back.run.err->pos.line == run->err->pos.line);
      CHECK(back.run.err->pos.col == run->err->pos.col);
      CHECK(back.run.err->hint == run->err->hint);
      CHECK(lisp::pr_str(back.run.err->data) == lisp::pr_str(run->err->data));
    }
    REQUIRE(back.run.mem);
    REQUIRE(back.run.mem->defs.size() == run->mem->defs.size());
    CHECK(actors::codec<actors::eval_reply>::encode(back) == text);
  }
  CHECK(ok.tool_calls.size() == 2);
  CHECK(ok.prints == std::vector<std::string>{"p"});
  CHECK(lisp::pr_str(thrown.err->data) == "{:code 7}");
}

TEST_CASE("eval codecs reject malformed input naming the field", "[interpreter][codec]") {
  using req_codec = actors::codec<actors::eval_request>;
  using reply_codec = actors::codec<actors::eval_reply>;
  CHECK_THROWS_WITH(req_codec::decode("{"), Catch::Contains("not valid JSON"));
  CHECK_THROWS_WITH(req_codec::decode(R"({"source": 3})"), Catch::Contains("eval_request.source"));
  CHECK_THROWS_WITH(req_codec::decode(R"({"limits": {"max_steps": -1}})"), Catch::Contains("max_steps"));
  CHECK_THROWS_WITH(reply_codec::decode(R"({"children": []})"), Catch::Contains("eval_reply.run"));
  CHECK_THROWS_WITH(reply_codec::decode(R"({"run": {"kind": "done"}})"), Catch::Contains("eval_reply.run.kind"));
  CHECK_THROWS_WITH(reply_codec::decode(R"({"run": {"kind": "error", "error": {"kind": "oops"}}})"),
                    Catch::Contains("eval_reply.run.error.kind"));
}

}  // namespace actors_interpreter_test
