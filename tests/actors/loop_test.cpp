// The sub-agent loop end to end on real actors: scripted LLM, real interpreter, real tools.
#include <catch2/catch.hpp>

#include <atomic>
#include <numeric>
#include <stdexcept>
#include <future>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "ptc/actors/runtime.hpp"
#include "ptc/lisp/json.hpp"
#include "ptc/lisp/printer.hpp"
#include "tests/support/scripted.hpp"

namespace actors_loop_test {

using namespace ptc;
using actors::agent;
using json = nlohmann::ordered_json;
using testing::code;
using testing::script;
using testing::scripted_options;

namespace {

std::string returned(const messages::step& s) {
  REQUIRE(s.return_value.has_value());
  return lisp::pr_str(*s.return_value);
}

}  // namespace

TEST_CASE("loop: multi-turn success keeps every turn's full program (DBG-001)", "[actors][loop]") {
  actors::runtime rt{scripted_options(script({{"sum the numbers",
                                      {code("(def xs (:numbers data/input))\n(println (count xs))"),
                                       code("(return (reduce + xs))")}}}))};
  for (bool compressed : {false, true}) {
    auto a = agent("adder").mission("sum the numbers").data({{"input", {{"numbers", {1, 2, 3, 4}}}}});
    a.compress(compressed);
    auto s = rt.run(a);
    CHECK(returned(s) == "10");
    REQUIRE(s.turns.size() == 2);
    CHECK(s.turns[0]->program() == "(def xs (:numbers data/input))\n(println (count xs))");
    CHECK(s.turns[0]->prints.strings() == std::vector<std::string>{"4"});
    CHECK(s.turns[1]->program() == "(return (reduce + xs))");
    CHECK(s.turns[1]->raw_response() == code("(return (reduce + xs))"));
    CHECK(s.usage.requests == 2);
    CHECK(s.compression.enabled == compressed);
  }
}

TEST_CASE("loop: an error then recovery, the failed turn is in the Step", "[actors][loop]") {
  actors::runtime rt{scripted_options(script({{"recover", {code("(/ 1 0)"), code("(return 42)")}}}))};
  for (bool compressed : {false, true}) {
    auto s = rt.run(agent("r").mission("recover").compress(compressed));
    CHECK(returned(s) == "42");
    REQUIRE(s.turns.size() == 2);
    CHECK(s.turns[0]->outcome == messages::turn_outcome::error);
    CHECK(s.turns[0]->error_kind() == "arithmetic");
    CHECK(s.compression.enabled == compressed);
  }
}

TEST_CASE("loop: a response without code is a failed turn, then the mission goes on",
          "[actors][loop]") {
  actors::runtime rt{scripted_options(script({{"no code", {"I think the answer is 7.", code("(return 7)")}}}))};
  for (bool compressed : {false, true}) {
    auto s = rt.run(agent("n").mission("no code").compress(compressed));
    CHECK(returned(s) == "7");
    REQUIRE(s.turns.size() == 2);
    CHECK(s.turns[0]->outcome == messages::turn_outcome::no_code);
    CHECK_FALSE(s.turns[0]->error().empty());
  }
}

TEST_CASE("loop: a return that misses the signature costs a turn and is fed back",
          "[actors][loop]") {
  std::vector<std::string> seen;
  std::mutex m;
  auto fn = [&](const actors::llm_request& r) -> std::optional<std::string> {
    std::lock_guard lock(m);
    std::string all;
    for (const auto& msg : r.messages) all += msg.text();
    seen.push_back(all);
    if (r.turn == 1) return code("(return {:total \"7\"})");
    if (r.turn == 2) return code("(return {:total 7.0})");
    return std::nullopt;
  };
  actors::runtime rt{scripted_options(fn)};
  for (bool compressed : {false, true}) {
    seen.clear();
    auto s = rt.run(agent("sig").mission("total").signature("{total :float}").compress(compressed));
    CHECK(returned(s) == "{:total 7.0}");
    REQUIRE(s.turns.size() == 2);
    CHECK(s.turns[0]->outcome == messages::turn_outcome::invalid_return);
    REQUIRE(seen.size() == 2);
    CHECK(seen[1].find("total: expected :float") != std::string::npos);
  }
}

TEST_CASE("loop: (fail v) ends the mission as failed with the value", "[actors][loop]") {
  actors::runtime rt{scripted_options(script({{"give up", {code("(fail {:reason \"no data\"})")}}}))};
  for (bool compressed : {false, true}) {
    auto s = rt.run(agent("f").mission("give up").compress(compressed));
    REQUIRE(s.fail.has_value());
    CHECK(s.fail->reason == messages::failure_reason::failed);
    CHECK(s.fail->message == "{:reason \"no data\"}");
  }
}

TEST_CASE("loop: max_turns exhausted after the final-turn warning (MSG-005)", "[actors][loop]") {
  std::atomic<int> warned{0};
  auto fn = [&](const actors::llm_request& r) -> std::optional<std::string> {
    if (r.messages.back().text().find("FINAL TURN") != std::string::npos) ++warned;
    return code("(println \"still looking\")");
  };
  actors::runtime rt{scripted_options(fn)};
  for (bool compressed : {false, true}) {
    warned = 0;
    auto s = rt.run(agent("m").mission("never returns").max_turns(3).compress(compressed));
    REQUIRE(s.fail.has_value());
    CHECK(s.fail->reason == messages::failure_reason::max_turns_exceeded);
    CHECK(s.turns.size() == 3);
    CHECK(warned == 1);
  }
}

TEST_CASE("loop: the mission timeout ends a slow mission with its own reason", "[actors][loop]") {
  auto o = scripted_options(script({{"slow", {code("(println 1)"), code("(println 2)"), code("(return 3)")}}}));
  o.scripted_latency = std::chrono::milliseconds(300);
  actors::runtime rt{o};
  for (bool compressed : {false, true}) {
    auto s = rt.run(agent("slow").mission("slow").timeout(std::chrono::milliseconds(100)).compress(compressed));
    REQUIRE(s.fail.has_value());
    CHECK(s.fail->reason == messages::failure_reason::mission_timeout);
    CHECK(s.fail->message.find("mission timed out after 100 ms") != std::string::npos);
  }
}

TEST_CASE("loop: an LLM that has no answer ends the Step with llm_error", "[actors][loop]") {
  actors::runtime rt{scripted_options(script({}))};
  auto s = rt.run(agent("x").mission("unknown mission"));
  REQUIRE(s.fail.has_value());
  CHECK(s.fail->reason == messages::failure_reason::llm_error);
  CHECK(s.turns.empty());
}

TEST_CASE("loop: an invalid spec fails before any LLM call", "[actors][loop]") {
  actors::runtime rt{scripted_options(script({{"", {code("(return 1)")}}}))};
  auto s = rt.run(agent("bad").mission("hello {{who}}"));
  REQUIRE(s.fail.has_value());
  CHECK(s.fail->reason == messages::failure_reason::invalid_spec);
  CHECK(s.fail->message.find("who") != std::string::npos);
  CHECK(s.usage.requests == 0);
  // Data nested past the 512-level limit (converting it threw in the actor's handler, before).
  json deep = json::array();
  for (int i = 0; i < 600; ++i) deep = json::array({deep});
  auto d = rt.run(agent("deep").mission("hello").data({{"x", deep}}));
  REQUIRE(d.fail.has_value());
  CHECK(d.fail->reason == messages::failure_reason::invalid_spec);
  CHECK(d.fail->message == "agent data: JSON nested more than 512 levels deep");
}

TEST_CASE("loop: C++ function tools are called with JSON and their errors reach the program",
          "[actors][loop][tools]") {
  actors::runtime rt{scripted_options(script({{"prices", {
      code("(def p (tool/price {:item \"apple\"}))\n"
           "(def e (try (tool/price {:item \"durian\"}) (catch Exception ex (ex-message ex))))\n"
           "(println e)"),
      code("(return p)")}}}))};
  auto a = agent("shop").mission("prices").tool(
      "price", "Price of an item", "(item :string) -> :float", [](const json& args) -> json {
        if (args.at("item") == "apple") return 1.25;
        throw std::runtime_error("no price for " + args.at("item").get<std::string>());
      });
  auto s = rt.run(a);
  CHECK(returned(s) == "1.25");
  REQUIRE(s.turns.size() == 2);
  REQUIRE(s.turns[0]->tool_calls.size() == 2);
  CHECK(s.turns[0]->tool_calls[0].name == "price");
  CHECK(s.turns[0]->tool_calls[1].error.has_value());
  REQUIRE(s.turns[0]->prints.size() == 1);
  CHECK(s.turns[0]->prints[0].find("no price for durian") != std::string::npos);
}

TEST_CASE("loop: nesting three levels deep, children's Steps kept in the parent's turns",
          "[actors][loop][nesting]") {
  actors::runtime rt{scripted_options(script({
      {"level one", {code("(return (+ 1 (:v (tool/two {:n 1}))))")}},
      {"level two", {code("(return {:v (+ 10 (:v (tool/three {:n 2})))})")}},
      {"level three", {code("(return {:v (* 100 data/n)})")}},
  }))};
  auto three = agent("three").mission("level three for {{n}}").signature("{v :int}");
  auto two = agent("two").mission("level two for {{n}}").signature("{v :int}").tool(three);
  auto one = agent("one").mission("level one").tool(two);
  auto s = rt.run(one);
  CHECK(returned(s) == "211");
  REQUIRE(s.turns.size() == 1);
  REQUIRE(s.turns[0]->children.size() == 1);
  const auto& child = *s.turns[0]->children[0];
  CHECK(child.agent_name == "two");
  REQUIRE(child.turns.size() == 1);
  REQUIRE(child.turns[0]->children.size() == 1);
  CHECK(child.turns[0]->children[0]->agent_name == "three");
  CHECK(s.usage.requests == 3);  // the children's LLM calls are counted in the parent's usage
}

TEST_CASE("loop: a failing child is a tool error the parent can react to", "[actors][loop][nesting]") {
  actors::runtime rt{scripted_options(script({
      {"parent", {code("(return (try (tool/child {:q 1}) (catch Exception e (str \"child said: \" (ex-message e)))))")}},
      {"child mission", {code("(fail \"cannot\")")}},
  }))};
  auto child = agent("child").mission("child mission {{q}}");
  auto s = rt.run(agent("p").mission("parent").tool(child));
  const auto v = returned(s);
  CHECK(v.find("child said: ") != std::string::npos);
  CHECK(v.find("sub-agent child failed (failed)") != std::string::npos);
  REQUIRE(s.turns[0]->children.size() == 1);
  CHECK_FALSE(s.turns[0]->children[0]->ok());
}

TEST_CASE("loop: a child whose value cannot be sent as JSON is a tool error, not a call that never ends",
          "[actors][loop][nesting]") {
  // The conversion threw in the agent tool's response handler: the tool's actor died and its
  // caller waited for an answer until its own timeout (ptc mcp, which has none, forever).
  actors::runtime rt{scripted_options(script({
      {"parent", {code("(return [(try (tool/fnchild {}) (catch Exception e (ex-message e)))"
                       " (try (tool/deepchild {}) (catch Exception e (ex-message e)))])")}},
      {"give a function", {code("(return inc)")}},
      {"give depth", {code("(return (reduce (fn [a _] [a]) [] (range 600)))")}},
  }))};
  auto fn_child = agent("fnchild").mission("give a function");
  auto deep_child = agent("deepchild").mission("give depth");
  auto s = rt.run(agent("p").mission("parent").tool(fn_child).tool(deep_child));
  const auto v = returned(s);
  CHECK(v.find("sub-agent fnchild returned a value that cannot be sent as JSON: cannot convert a function") !=
        std::string::npos);
  CHECK(v.find("sub-agent deepchild returned a value that cannot be sent as JSON: JSON nested more than 512 levels deep") !=
        std::string::npos);
  REQUIRE(s.turns[0]->children.size() == 2);
  CHECK(s.turns[0]->children[0]->ok());
}

TEST_CASE("loop: children inherit the parent's compression unless they set their own (API-007)",
          "[actors][loop][nesting]") {
  actors::runtime rt{scripted_options(script({
      {"outer", {code("(return [(tool/inherits {:x 1}) (tool/own {:x 1})])")}},
      {"inner", {code("(println 1)"), code("(return 1)")}},
  }))};
  auto inherits = agent("inherits").mission("inner {{x}}");
  auto own = agent("own").mission("inner {{x}} own").compress(false);
  auto s = rt.run(agent("outer").mission("outer").compress(true).tool(inherits).tool(own));
  CHECK(returned(s) == "[1 1]");
  REQUIRE(s.turns[0]->children.size() == 2);
  CHECK(s.turns[0]->children[0]->compression.enabled);
  CHECK_FALSE(s.turns[0]->children[1]->compression.enabled);
}

TEST_CASE("loop: the turn budget is shared by the whole tree", "[actors][loop][nesting]") {
  auto o = scripted_options(script({
      {"spender", {code("(return (try (tool/worker {:k 1}) (catch Exception e (ex-message e))))")}},
      {"worker", {code("(println 1)"), code("(println 2)"), code("(println 3)"), code("(return 4)")}},
  }));
  o.settings.agent.turn_budget = 3;
  actors::runtime rt{o};
  auto worker = agent("worker").mission("worker {{k}}").max_turns(5);
  auto s = rt.run(agent("spender").mission("spender").max_turns(1).tool(worker));
  const auto v = returned(s);
  CHECK(v.find("turn_budget_exhausted") != std::string::npos);
  REQUIRE(s.turns[0]->children.size() == 1);
  CHECK(s.turns[0]->children[0]->fail->reason == messages::failure_reason::turn_budget_exhausted);
  CHECK(s.turns[0]->children[0]->turns.size() == 2);  // 3 turns in all: 1 parent + 2 child
}

TEST_CASE("loop: the depth limit stops nesting that goes too deep", "[actors][loop][nesting]") {
  auto o = scripted_options(script({
      {"deep", {code("(return (try (tool/deeper {:n 1}) (catch Exception e (ex-message e))))")}},
      {"deeper", {code("(return 1)")}},
  }));
  o.settings.agent.max_depth = 0;
  actors::runtime rt{o};
  auto s = rt.run(agent("deep").mission("deep").tool(agent("deeper").mission("deeper {{n}}")));
  CHECK(returned(s).find("max_depth_exceeded") != std::string::npos);
  REQUIRE(s.turns[0]->children.size() == 1);
  CHECK(s.turns[0]->children[0]->fail->reason == messages::failure_reason::max_depth_exceeded);
}

TEST_CASE("loop: 1,000 concurrent agents finish with correct, independent results",
          "[actors][loop][scale]") {
  auto fn = [](const actors::llm_request& r) -> std::optional<std::string> {
    if (r.turn == 1) return code("(def x (* data/n data/n))\n(println x)");
    if (r.turn == 2) return code("(return (+ x data/n))");
    return std::nullopt;
  };
  actors::runtime rt{scripted_options(fn)};
  std::vector<agent> agents;
  for (int i = 0; i < 1000; ++i) {
    agents.push_back(agent("a" + std::to_string(i)).mission("square").data({{"n", i}}).compress(i % 2 == 0));
  }
  auto count_correct = [](const std::vector<messages::step>& steps) {
    int correct = 0;
    for (int i = 0; i < 1000; ++i) {
      if (steps[i].ok() && lisp::pr_str(*steps[i].return_value) == std::to_string(i * i + i) &&
          steps[i].agent_name == "a" + std::to_string(i) && steps[i].turns.size() == 2) {
        ++correct;
      }
    }
    return correct;
  };
  auto steps = rt.run_all(agents);
  REQUIRE(steps.size() == 1000);
  CHECK(count_correct(steps) == 1000);
  // Handing the agents over (they are freed once all have started): the same results, in order.
  auto taken = rt.run_all(std::move(agents));
  CHECK(agents.empty());
  REQUIRE(taken.size() == 1000);
  CHECK(count_correct(taken) == 1000);
  // Made one at a time as they start (no list up front): each made once, in order.
  std::vector<std::size_t> made;
  auto generated = rt.run_all(1000, [&made](std::size_t i) {
    made.push_back(i);
    return agent("a" + std::to_string(i)).mission("square").data({{"n", i}}).compress(i % 2 == 0);
  });
  REQUIRE(generated.size() == 1000);
  CHECK(count_correct(generated) == 1000);
  std::vector<std::size_t> in_order(1000);
  std::iota(in_order.begin(), in_order.end(), std::size_t{0});
  CHECK(made == in_order);
  CHECK(rt.run_all(0, [](std::size_t) -> agent { throw std::logic_error("not called"); }).empty());
}

TEST_CASE("loop: agents handed over keep their tools, sub-agents and settings, their missions are taken, not copied",
          "[actors][loop]") {
  auto fn = [](const actors::llm_request& r) -> std::optional<std::string> {
    if (r.mission.find("Double") != std::string::npos) return code("(return (* 2 data/n))");
    if (r.turn == 1) return code("(return (+ (tool/double {:n data/n}) (tool/offset {})))");
    return std::nullopt;
  };
  actors::runtime rt{scripted_options(fn)};
  const agent doubler = agent("double").mission("Double {{n}}").signature("(n :int) -> :int");
  auto make = [&](int i) {
    return agent("a" + std::to_string(i))
        .mission("Add " + std::string(300, '.'))
        .data({{"n", i}})
        .max_turns(2)
        .tool(doubler)
        .tool("offset", "a constant", "() -> :int", [](const nlohmann::ordered_json&) { return nlohmann::ordered_json(7); });
  };
  // run_async taking one agent: the job takes its spec (mission, data), the rest is still read.
  agent one = make(5);
  const char* text = one.spec().mission.data();
  const actors::agent_job job = rt.make_job(std::move(one));
  CHECK(job.spec->mission.size() == 304);
  CHECK(job.spec->mission.data() == text);  // the same characters: moved, not copied
  CHECK(job.spec->data.at("n") == 5);
  CHECK(job.tools.size() == 2);
  rt.release(job);
  std::vector<agent> agents;
  for (int i = 0; i < 50; ++i) agents.push_back(make(i));
  const auto steps = rt.run_all(std::move(agents));
  REQUIRE(steps.size() == 50);
  int correct = 0;
  for (int i = 0; i < 50; ++i)
    if (steps[i].ok() && lisp::pr_str(*steps[i].return_value) == std::to_string(2 * i + 7) &&
        steps[i].agent_name == "a" + std::to_string(i) && steps[i].turns.at(0)->children.size() == 1)
      ++correct;
  CHECK(correct == 50);
  std::promise<messages::step> p;
  rt.run_async(make(20), [&p](messages::step s) { p.set_value(std::move(s)); });
  const auto s = p.get_future().get();
  REQUIRE(s.ok());
  CHECK(lisp::pr_str(*s.return_value) == "47");
}

}  // namespace actors_loop_test
