// Every message type that crosses actors survives CAF's binary serializer: what another node
// would receive is a whole, equal value, never a dangling pointer.
#include <catch2/catch.hpp>

#include <caf/binary_deserializer.hpp>
#include <caf/binary_serializer.hpp>

#include "ptc/actors/interpreter.hpp"
#include "ptc/actors/llm.hpp"
#include "ptc/actors/sub_agent.hpp"
#include "ptc/actors/tools.hpp"
#include "ptc/lisp/run.hpp"
#include "ptc/messages/loop.hpp"
#include "ptc/messages/serialization.hpp"
#include "tests/support/actor_config.hpp"

namespace actors_wire_test {

using namespace ptc;
using json = nlohmann::ordered_json;

namespace {

template <class T>
T round_trip(caf::actor_system& sys, T x) {
  std::vector<char> buf;
  caf::binary_serializer sink{sys, buf};
  REQUIRE(sink(x) == caf::none);
  T y;
  caf::binary_deserializer source{sys, buf};
  REQUIRE(source(y) == caf::none);
  return y;
}

messages::step sample_step() {
  messages::agent_spec spec;
  spec.name = "w";
  spec.mission = "m";
  auto prepared = std::get<messages::prepared_agent>(messages::prepare(spec));
  lisp::run_options opts;
  opts.tools["t"] = [](const json& a) { return json{{"echo", a}}; };
  auto run = lisp::run("(def x (tool/t {:a 1}))\n(println \"hi\")\n(return {:k [1 2.5 \"s\" :kw]})", opts);
  auto t = messages::turn_after_run(prepared, 1, "```clojure\n...\n```", "(return ...)", run,
                                    messages::token_usage{10, 5, 2, 1, 1}, {});
  std::vector<messages::turn_ptr> turns{std::make_shared<const messages::turn>(std::move(t))};
  return *messages::finished_step(prepared, turns);
}

}  // namespace

TEST_CASE("wire: a Step crosses the serializer whole and equal", "[actors][wire]") {
  caf::actor_system sys{testing::test_config()};
  const auto s = sample_step();
  auto back = round_trip(sys, actors::wire<messages::step>{s});
  REQUIRE(back);
  CHECK(messages::to_json(*back) == messages::to_json(s));
  CHECK(back.ptr.get() != nullptr);
}

TEST_CASE("wire: an agent job with tool bindings and tree context crosses the serializer",
          "[actors][wire]") {
  caf::actor_system sys{testing::test_config()};
  actors::agent_job job;
  messages::agent_spec spec;
  spec.name = "remote";
  spec.mission = "do {{x}}";
  spec.data = json{{"x", 1}};
  spec.tools.push_back({"t", "a tool", "(a :int) -> :int"});
  job.spec = actors::wire<messages::agent_spec>{spec};
  auto tool = actors::spawn_function_tool(sys, [](const json& a) { return a; });
  job.tools.push_back({spec.tools[0], tool, 1234, false, nullptr});
  job.tree.depth = 2;
  job.tree.turn_budget = 7;
  job.tree.path = "a/b";
  auto back = round_trip(sys, job);
  CHECK(*back.spec == spec);
  REQUIRE(back.tools.size() == 1);
  CHECK(back.tools[0].spec == spec.tools[0]);
  CHECK(back.tools[0].handle == tool);
  CHECK(back.tools[0].timeout_ms == 1234);
  CHECK(back.tree.depth == 2);
  CHECK(back.tree.turn_budget == 7);
  CHECK(back.tree.path == "a/b");
  caf::anon_send_exit(tool, caf::exit_reason::user_shutdown);
}

TEST_CASE("wire: tool calls, tool results, LLM requests and responses cross the serializer",
          "[actors][wire]") {
  caf::actor_system sys{testing::test_config()};
  actors::tool_result r{true, "{\"a\":1}", "", {actors::wire<messages::step>{sample_step()}}};
  auto r2 = round_trip(sys, r);
  CHECK(r2.ok);
  CHECK(r2.value == r.value);
  REQUIRE(r2.children.size() == 1);
  CHECK(messages::to_json(*r2.children[0]) == messages::to_json(*r.children[0]));

  actors::tool_call c{"t", "{\"q\":2}", {}};
  auto c2 = round_trip(sys, c);
  CHECK(c2.name == "t");
  CHECK(c2.args == c.args);

  actors::llm_request q;
  q.messages.push_back(messages::chat_message::of(messages::role::system, "sys", true));
  q.messages.push_back(messages::chat_message::of(messages::role::user, "hello"));
  q.agent = "a";
  q.turn = 3;
  auto q2 = round_trip(sys, actors::wire<actors::llm_request>{q});
  CHECK(q2->messages == q.messages);
  CHECK(q2->turn == 3);

  actors::llm_response res;
  res.ok = true;
  res.text = "(return 1)";
  res.usage.input = 12;
  auto res2 = round_trip(sys, actors::wire<actors::llm_response>{res});
  CHECK(res2->text == res.text);
  CHECK(res2->usage == res.usage);
}

TEST_CASE("wire: a malformed payload is a deserialization error, not a crash", "[actors][wire]") {
  caf::actor_system sys{testing::test_config()};
  std::vector<char> buf;
  caf::binary_serializer sink{sys, buf};
  std::string garbage = "{not json";
  REQUIRE(sink(garbage) == caf::none);
  actors::wire<messages::step> y;
  caf::binary_deserializer source{sys, buf};
  CHECK(source(y) != caf::none);
}

}  // namespace actors_wire_test
