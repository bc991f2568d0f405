// JSON round trips of every messages type, values as EDN, user namespaces as definitions.
#include <catch2/catch.hpp>

#include <cmath>

#include "ptc/lisp/map.hpp"
#include "ptc/lisp/printer.hpp"
#include "ptc/lisp/run.hpp"
#include "ptc/lisp/vector.hpp"
#include "ptc/messages/serialization.hpp"

namespace messages_serialization_test {

using namespace ptc;
using namespace ptc::messages;

namespace {

lisp::run_result run(const char* src, lisp::memory_ptr mem = nullptr) {
  lisp::run_options o;
  o.mem = std::move(mem);
  o.tools["echo"] = [](const json& args) { return args; };
  return lisp::run(src, o);
}

lisp::value val(const char* src) {
  lisp::run_result r = run(src);
  REQUIRE(r.kind == lisp::outcome::value);
  return r.result;
}

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "no error";
}

turn sample_turn() {
  lisp::run_result first = run("(def rate 0.5) (defn scale \"Scales; a value\" [x] (* x rate)) (scale 2)");
  REQUIRE(first.kind == lisp::outcome::value);
  lisp::run_result r = run("(println \"looked up\") (def got (tool/echo {:q \"x\"})) (def ks #{:a :b}) (return [(scale 4) :done])",
                           first.mem);
  REQUIRE(r.kind == lisp::outcome::returned);
  return make_turn(2, "```clojure\n(return 1)\n```", "(return 1)", std::move(r), "",
                   token_usage{1000, 200, 300, 40, 1},
                   turn_timings{std::chrono::microseconds(5), std::chrono::microseconds(6), std::chrono::microseconds(7)});
}

}  // namespace

TEST_CASE("usage, messages, tool specs and compression round-trip") {
  const token_usage u{1, 2, 3, 4, 5};
  CHECK(usage_from_json(to_json(u)) == u);
  CHECK(to_json(u).dump() == R"({"input":1,"output":2,"cache_read":3,"cache_write":4,"requests":5})");

  std::vector<chat_message> ms{chat_message::of(role::system, "sys", true),
                               chat_message::of(role::user, "line 1\n\"quoted\" ünïcode"),
                               chat_message::of(role::assistant, "")};
  ms[1].content.push_back(content_block{"second block", true});
  CHECK(messages_from_json(to_json(ms)) == ms);
  CHECK(to_json(ms[0]).dump() == R"({"role":"system","content":[{"text":"sys","cache_breakpoint":true}]})");
  CHECK(message_from_json(to_json(ms[1])) == ms[1]);

  const tool_spec t{"search-reviews", "Reviews for a category", "(category :string) -> :string"};
  CHECK(tool_spec_from_json(to_json(t)) == t);

  for (const auto& c : {compression_options::on(), compression_options::off(), compression_options::with_limits(3, 7)}) {
    CHECK(compression_from_json(to_json(c)) == c);
  }
  CHECK(to_json(compression_options::on())["strategy"] == "single-user-coalesced");
}

TEST_CASE("agent_spec round-trips") {
  agent_spec a;
  a.name = "reviewer";
  a.mission = "Find {{category}} reviews";
  a.description = "one line";
  a.tools = {tool_spec{"search", "", ""}, tool_spec{"notify", "Sends", "(to :string) -> :bool"}};
  a.data = json::parse(R"({"category": "Electronics", "n": [1, 2.5, null], "z": {"b": 1, "a": 2}})");
  a.signature = "{total :float}";
  a.max_turns = 9;
  a.compression = compression_options::with_limits(4, 8);
  a.limits.max_steps = 123;
  a.limits.max_depth = 77;
  a.limits.max_output_bytes = 99;
  a.system_prompt = {"pre", "suf", ""};
  a.mission_timeout = std::chrono::milliseconds(1500);
  const agent_spec back = agent_spec_from_json(to_json(a));
  CHECK(back == a);
  CHECK(back.data.dump() == a.data.dump());  // key order kept
  CHECK(agent_spec_from_json(json::object()) == agent_spec{});
}

TEST_CASE("values are written as EDN plus JSON where possible") {
  const json j = value_to_json(val("{:a 1, \"b\" [1.5 nil]}"));
  CHECK(j.dump() == R"({"edn":"{:a 1, \"b\" [1.5 nil]}","json":{"a":1,"b":[1.5,null]}})");
  const json f = value_to_json(val("inc"));
  CHECK_FALSE(f.contains("json"));
}

TEST_CASE("a value nested deeper than 511 levels is written as a string saying so, never a stack overflow") {
  lisp::value v = val("{}");
  for (int i = 0; i < 100'000; ++i) v = lisp::map_obj::from(std::vector<lisp::map_obj::entry>{{val(":a"), v}});
  const json j = value_to_json(v);
  CHECK(j.value("too_deep", false));
  CHECK(lisp::pr_str(value_from_json(j)) ==
        "\"#<value too deep to write: collections nested more than 511 levels deep>\"");
  // As deep as the reader reads back (it counts the 1 as a level too), and one more.
  lisp::value ok = val("1");
  for (int i = 0; i < 511; ++i) ok = lisp::vector_obj::from(std::vector<lisp::value>{ok});
  CHECK(lisp::equal(value_from_json(value_to_json(ok)), ok));
  CHECK(value_to_json(lisp::vector_obj::from(std::vector<lisp::value>{ok})).value("too_deep", false));
}

TEST_CASE("DBG-003 values round-trip exactly through JSON") {
  for (const char* src : {"nil", "true", "-5", "0.1", "##Inf", "\"s \\\"q\\\" \\n\"", "\\c", ":ns/k", "'sym",
                          "'(1 (2) [3])", "{:a #{1 2} \"k\" {[1 2] :v}}", "[\\space \\newline 1.0E10]",
                          "(range 4)"}) {
    INFO(src);
    const lisp::value v = val(src);
    const lisp::value back = value_from_json(value_to_json(v));
    CHECK(lisp::equal(back, v));
    CHECK(lisp::pr_str(back) == lisp::pr_str(v));
  }
  const lisp::value nan = value_from_json(value_to_json(val("##NaN")));
  CHECK(std::isnan(nan.as_double()));
}

TEST_CASE("functions inside values come back as their printed name in a string") {
  const lisp::value v = val("{:f inc, :xs [1 inc]}");
  const lisp::value back = value_from_json(value_to_json(v));
  CHECK(lisp::pr_str(back) == "{:f \"" + lisp::pr_str(val("inc")) + "\", :xs [1 \"" + lisp::pr_str(val("inc")) + "\"]}");
}

TEST_CASE("value_from_json errors name the field") {
  CHECK(error_of([] { value_from_json(json{{"edn", "[1 2"}}); }).rfind("value.edn: not readable: parse: unclosed [", 0) == 0);
  CHECK(error_of([] { value_from_json(json{{"edn", 3}}); }) == "value.edn: expected a string");
  CHECK(error_of([] { value_from_json(json::object()); }) == "value.edn: missing");
  CHECK(error_of([] { value_from_json(json(3)); }) == "value: expected an object with \"edn\"");
  CHECK(lisp::pr_str(value_from_json(json{{"json", {1, "a"}}})) == "[1 \"a\"]");
}

TEST_CASE("a user namespace round-trips: values as EDN, functions rebuilt from their source") {
  lisp::run_result r = run(
      "(def base 10)\n"
      "(defn add-base \"Adds; the base\" [x] (+ x base))\n"
      "(do (def tags #{:a}) (defn tagged? [t] (contains? tags t)))\n"
      "(def result (tool/echo {:k [1 2]}))\n"
      "(add-base 1)");
  REQUIRE(r.kind == lisp::outcome::value);
  const json j = memory_to_json(*r.mem);
  CHECK(j["definitions"][1]["source"] == "(defn add-base \"Adds; the base\" [x] (+ x base))");
  CHECK_FALSE(j["definitions"][1].contains("value"));
  CHECK(j["definitions"][0]["value"]["edn"] == "10");

  const lisp::memory_ptr back = memory_from_json(j);
  REQUIRE(back->defs.size() == r.mem->defs.size());
  for (std::size_t i = 0; i < back->defs.size(); ++i) {
    const auto& a = *r.mem->defs[i];
    const auto& b = *back->defs[i];
    INFO(a.name);
    CHECK(b.name == a.name);
    CHECK(b.docstring() == a.docstring());
    CHECK(b.is_function == a.is_function);
    CHECK(b.params() == a.params());
    CHECK(b.return_type() == a.return_type());
    CHECK(b.source() == a.source());
    if (!a.is_function) CHECK(lisp::equal(b.val, a.val));
  }
  CHECK(back->find("add-base")->return_type() == "integer");
  // The rebuilt functions work, against the restored values.
  lisp::run_result again = run("[(add-base 5) (tagged? :a) result]", back);
  REQUIRE(again.kind == lisp::outcome::value);
  CHECK(lisp::pr_str(again.result) == "[15 true {:k [1 2]}]");
  CHECK(memory_to_json(*back) == j);
}

TEST_CASE("a function whose source refers to a later definition is still rebuilt") {
  lisp::run_result first = run("(defn f [] 1) (defn g [] 2)");
  lisp::run_result second = run("(def f (let [h g] (fn [] (+ 40 (h)))))", first.mem);
  REQUIRE(second.kind == lisp::outcome::value);
  const lisp::memory_ptr back = memory_from_json(memory_to_json(*second.mem));
  lisp::run_result r = run("(f)", back);
  CHECK(lisp::pr_str(r.result) == "42");
}

TEST_CASE("a function whose source fails to evaluate is an error naming it") {
  json j = memory_to_json(*run("(defn f [] 1)").mem);
  j["definitions"][0]["source"] = "(defn f [] (";
  CHECK(error_of([&] { memory_from_json(j); })
            .rfind("memory.definitions[0].source: function f could not be rebuilt: parse:", 0) == 0);
  j["definitions"][0]["source"] = "(def other 1)";
  CHECK(error_of([&] { memory_from_json(j); }) ==
        "memory.definitions[0].source: function f could not be rebuilt: its source does not define it");
  j["definitions"][0]["source"] = "";
  CHECK(error_of([&] { memory_from_json(j); }) ==
        "memory.definitions[0].source: function f has no source to rebuild it from");
  CHECK(error_of([] { memory_from_json(json{{"definitions", json::array({json{{"docstring", ""}}})}}); }) ==
        "memory.definitions[0].name: missing");
}

TEST_CASE("a turn read from JSON keeps a program that is not part of its response, a number past 32 bits is an error") {
  json j = to_json(sample_turn());
  j["raw_response"] = "no fence here";
  j["program"] = "(+ 1 2)";
  const turn back = turn_from_json(j);
  CHECK(back.raw_response() == "no fence here");
  CHECK(back.program() == "(+ 1 2)");
  CHECK(to_json(back)["program"] == "(+ 1 2)");
  j["number"] = 4294967296ull;
  CHECK(error_of([&] { turn_from_json(j); }) == "turn.number: a turn number past 4294967295: 4294967296");
}

TEST_CASE("DBG-001 DBG-002 DBG-003 turn round-trips through JSON with program, output and definitions") {
  const turn t = sample_turn();
  const json j = to_json(t);
  CHECK(j["program"] == "(return 1)");
  CHECK(j["outcome"] == "returned");
  CHECK(j["prints"] == json::array({"looked up"}));
  CHECK(j["definitions"].size() == 4);

  const turn back = turn_from_json(j);
  CHECK(back.number == t.number);
  CHECK(back.raw_response() == t.raw_response());
  CHECK(back.program() == t.program());
  CHECK(back.outcome == t.outcome);
  CHECK(lisp::equal(back.result, t.result));
  CHECK(back.prints == t.prints);
  REQUIRE(back.tool_calls.size() == 1);
  CHECK(back.tool_calls[0].name == "echo");
  CHECK(back.tool_calls[0].args == t.tool_calls[0].args);
  CHECK(back.tool_calls[0].result == t.tool_calls[0].result);
  CHECK(back.tool_calls[0].duration == t.tool_calls[0].duration);
  REQUIRE(back.definitions.size() == t.definitions.size());
  for (std::size_t i = 0; i < t.definitions.size(); ++i) CHECK(*back.definitions[i] == *t.definitions[i]);
  CHECK(back.defined == t.defined);
  CHECK(back.usage == t.usage);
  CHECK(back.timings == t.timings);
  REQUIRE(back.memory);
  CHECK(back.memory->defs.size() == t.memory->defs.size());
  CHECK(to_json(back) == j);
}

TEST_CASE("error and no_code turns round-trip") {
  turn e = make_turn(1, "raw", "(+ 1 :a)", run("(+ 1 :a)"), "", {}, {});
  lisp::tool_call_record failed_call;
  failed_call.name = "boom";
  failed_call.args = json{{"x", 1}};
  failed_call.error = "kaboom";
  e.tool_calls = {failed_call};
  const turn eb = turn_from_json(to_json(e));
  CHECK(eb.outcome == turn_outcome::error);
  CHECK(eb.error() == e.error());
  CHECK(eb.error_kind() == "type");
  REQUIRE(eb.tool_calls.size() == 1);
  CHECK(eb.tool_calls[0].error == std::optional<std::string>("kaboom"));
  CHECK_FALSE(eb.tool_calls[0].result);
  CHECK(to_json(eb) == to_json(e));

  const turn n = make_no_code_turn(2, "just prose", "No code found", nullptr, {}, {});
  CHECK(to_json(turn_from_json(to_json(n))) == to_json(n));

  turn bare;  // memory never set
  CHECK(to_json(bare)["memory"].is_null());
  CHECK(turn_from_json(to_json(bare)).memory == nullptr);
}

TEST_CASE("step round-trips with children, failure and compression stats") {
  step child;
  child.agent_name = "child";
  child.fail = failure{failure_reason::max_turns_exceeded, "no (return ...) within max_turns 2", lisp::value()};
  turn t = sample_turn();
  t.children = {std::make_shared<const step>(child)};

  step s;
  s.agent_name = "parent";
  s.return_value = val("{:total 3.5}");
  s.turns.push_back(std::make_shared<const turn>(std::move(t)));
  s.usage = token_usage{1, 2, 3, 4, 5};
  s.llm_time = std::chrono::microseconds(11);
  s.eval_time = std::chrono::microseconds(12);
  s.duration = std::chrono::microseconds(13);
  s.compression = compression_stats{true, "single-user-coalesced", 1, 5, 4, 1, 3, 3, 0, 2};
  const json j = to_json(s);
  const step back = step_from_json(j);
  CHECK(back.ok());
  CHECK(lisp::pr_str(*back.return_value) == "{:total 3.5}");
  CHECK(back.compression == s.compression);
  CHECK(back.usage == s.usage);
  CHECK(back.duration == s.duration);
  REQUIRE(back.turns.size() == 1);
  REQUIRE(back.turns[0]->children.size() == 1);
  CHECK(back.turns[0]->children[0]->fail->reason == failure_reason::max_turns_exceeded);
  CHECK(to_json(back) == j);
  CHECK(compression_stats_from_json(to_json(s.compression)) == s.compression);

  step failed;
  failed.fail = failure{failure_reason::failed, "{:reason \"x\"}", val("{:reason \"x\"}")};
  const step fb = step_from_json(to_json(failed));
  CHECK_FALSE(fb.ok());
  CHECK(lisp::pr_str(fb.fail->details) == "{:reason \"x\"}");
}

TEST_CASE("from_json errors name the field") {
  CHECK(error_of([] { usage_from_json(json{{"input", -1}}); }) == "usage.input: expected a non-negative integer, got -1");
  CHECK(error_of([] { usage_from_json(json::array()); }) == "usage: expected an object, got array");
  CHECK(error_of([] { message_from_json(json{{"role", "robot"}, {"content", json::array()}}); }) ==
        "message.role: expected one of system, user, assistant, got \"robot\"");
  CHECK(error_of([] { message_from_json(json{{"role", "user"}}); }) == "message.content: missing");
  CHECK(error_of([] { messages_from_json(json::array({json{{"role", "user"}, {"content", json::array({json{{"text", 1}}})}}})); }) ==
        "messages[0].content[0].text: expected a string, got number");
  CHECK(error_of([] { tool_spec_from_json(json{{"description", "x"}}); }) == "tool.name: missing");
  CHECK(error_of([] { compression_from_json(json{{"strategy", "zip"}}); }) ==
        "compression.strategy: expected one of uncompressed, single-user-coalesced, got \"zip\"");
  CHECK(error_of([] { agent_spec_from_json(json{{"tools", json::array({json::object()})}}); }) == "agent.tools[0].name: missing");
  CHECK(error_of([] { agent_spec_from_json(json{{"limits", json{{"max_steps", "many"}}}}); }) ==
        "agent.limits.max_steps: expected a non-negative integer, got \"many\"");
  CHECK(error_of([] { turn_from_json(json{{"number", 1}}); }) == "turn.outcome: missing");
  CHECK(error_of([] { turn_from_json(json{{"number", 1}, {"outcome", "value"}, {"result", json{{"edn", "("}}}}); })
            .rfind("turn.result.edn: not readable", 0) == 0);
  CHECK(error_of([] { turn_from_json(json{{"number", 1}, {"outcome", "value"}, {"prints", json::array({1})}}); }) ==
        "turn.prints[0]: expected a string");
  CHECK(error_of([] {
          step_from_json(json{{"turns", json::array({json{{"number", 1}, {"outcome", "value"}, {"tool_calls", json::array({json::object()})}}})}});
        }) == "step.turns[0].tool_calls[0].name: missing");
  CHECK(error_of([] { step_from_json(json{{"return", json{{"edn", "1"}}}, {"fail", json{{"reason", "failed"}}}}); }) ==
        "step: both return and fail are set");
  CHECK(error_of([] { step_from_json(json{{"fail", json{{"reason", "oops"}}}}); }).rfind("step.fail.reason: expected one of failed,", 0) == 0);
}

}  // namespace messages_serialization_test
