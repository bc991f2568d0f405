// The debug view of a Step (DBG-001..005): the full trace per turn — program, tool calls,
// output, definitions, result or error — with raw responses, the compressed view the LLM saw,
// usage and timings on request. Turns are made by the real interpreter (make_turn).
#include <catch2/catch.hpp>

#include "ptc/lisp/reader.hpp"
#include "ptc/lisp/run.hpp"
#include "ptc/messages/debug_view.hpp"
#include "tests/messages/golden.hpp"

namespace messages_debug_view_test {

using namespace ptc;
using namespace ptc::messages;

namespace {

using json = nlohmann::ordered_json;

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

lisp::run_options tool_options(lisp::memory_ptr mem) {
  lisp::run_options o;
  o.mem = std::move(mem);
  o.tools["search"] = [](const json& args) {
    return json::array({{{"id", 1}, {"name", "Laptop"}, {"price", 1200}},
                        {{"id", 2}, {"name", "Phone"}, {"price", 800}}});
  };
  o.tools["boom"] = [](const json&) -> json { throw std::runtime_error("kaboom"); };
  o.tools["ping"] = [](const json&) { return json("pong"); };
  return o;
}

turn_ptr run_turn(std::size_t n, const std::string& program, lisp::memory_ptr mem,
                  std::string raw = {}) {
  if (raw.empty()) raw = "Here is my program.\n```clojure\n" + program + "\n```";
  auto r = lisp::run(program, tool_options(std::move(mem)));
  return std::make_shared<const turn>(make_turn(n, raw, program, std::move(r), {},
                                                token_usage{1000 * n, 50 * n, 0, 0, 1},
                                                turn_timings{std::chrono::microseconds(1500),
                                                             std::chrono::microseconds(250),
                                                             std::chrono::microseconds(100)}));
}

/// A three-turn mission: explore (tool calls, prints, defs), an error, then return.
step sample_step() {
  step s;
  s.agent_name = "shopper";
  auto t1 = run_turn(1,
                     "(def products (tool/search {:query \"laptop\"}))\n"
                     "(tool/ping)\n"
                     "(println \"found\" (count products))\n"
                     "(prn (first products))",
                     nullptr);
  auto t2 = run_turn(2, "(def cheapest (min-by :price products))\n(tool/boom {:x 1})", t1->memory);
  auto t3 = run_turn(3, "(return {:name (:name (min-by :price products))})", t2->memory);
  s.turns = {t1, t2, t3};
  s.return_value = t3->result;
  for (const auto& t : s.turns) s.usage += t->usage;
  s.llm_time = std::chrono::microseconds(4500);
  s.eval_time = std::chrono::microseconds(750);
  s.duration = std::chrono::microseconds(6000);
  s.compression.enabled = false;
  s.compression.strategy = "uncompressed";
  return s;
}

}  // namespace

TEST_CASE("DBG-001 DBG-005 the debug view shows every turn's full program") {
  const step s = sample_step();
  const std::string v = debug_view(s);
  CHECK(has(v, "Step: returned {:name \"Phone\"}"));
  CHECK(has(v, "Agent: shopper"));
  CHECK(has(v, "Turns: 3"));
  CHECK(has(v, "--- Turn 1 (value) ---"));
  CHECK(has(v, "--- Turn 2 (error) ---"));
  CHECK(has(v, "--- Turn 3 (returned) ---"));
  // Every line of every program, indented under "Program:".
  CHECK(has(v, "Program:\n  (def products (tool/search {:query \"laptop\"}))\n  (tool/ping)\n"
               "  (println \"found\" (count products))\n  (prn (first products))\n"));
  CHECK(has(v, "  (def cheapest (min-by :price products))\n  (tool/boom {:x 1})\n"));
}

TEST_CASE("DBG-002 the debug view shows tool calls, output, definitions and results") {
  const std::string v = debug_view(sample_step());
  CHECK(has(v, "Tool calls:\n  -> search({:query \"laptop\"})\n"
               "  <- [{:id 1, :name \"Laptop\", :price 1200} {:id 2, :name \"Phone\", :price 800}]\n"
               "  -> ping()\n  <- \"pong\"\n"));
  CHECK(has(v, "  -> boom({:x 1})\n  <- error: kaboom\n"));
  CHECK(has(v, "Output:\n  found 2\n  {:id 1, :name \"Laptop\", :price 1200}\n"));
  CHECK(has(v, "Defined: products\n"));
  CHECK(has(v, "Value: nil\n"));  // turn 1 ends with prn
  CHECK(has(v, "Error: tool: "));
  CHECK(has(v, "Returned: {:name \"Phone\"}\n"));
}

TEST_CASE("DBG-005 the debug view keeps everything the prompt would drop") {
  // 30 prints: more than println_limit (15); the debug view shows them all.
  step s;
  std::string program = "(doseq [i (range 30)] (println \"line\" i))";
  s.turns = {run_turn(1, program, nullptr)};
  const std::string v = debug_view(s);
  CHECK(has(v, "  line 0\n"));
  CHECK(has(v, "  line 29\n"));
  CHECK(has(v, "Step: unfinished"));
}

TEST_CASE("debug view options: raw responses, usage and timings only on request") {
  const step s = sample_step();
  const std::string plain = debug_view(s);
  CHECK_FALSE(has(plain, "Raw response:"));
  CHECK_FALSE(has(plain, "Usage:"));
  CHECK_FALSE(has(plain, " ms"));

  debug_options o;
  o.raw = true;
  o.usage = true;
  o.show_timings = true;
  const std::string full = debug_view(s, o);
  CHECK(has(full, "Raw response:\n  Here is my program.\n  ```clojure\n"));
  CHECK(has(full, "Usage: input 1000, output 50, total 1050, requests 1\n"));
  CHECK(has(full, "\nUsage: input 6000, output 300, total 6300, requests 3\n"));
  CHECK(has(full, "Compression: off (uncompressed)\n"));
  CHECK(has(full, "Time: llm 1.5 ms, eval 0.2 ms, tools 0.1 ms\n"));
  CHECK(has(full, "Time: llm 4.5 ms, eval 0.8 ms, total 6.0 ms\n"));
}

TEST_CASE("debug view: failed steps, fail details, no-code turns and multi-line errors") {
  step s;
  s.turns = {std::make_shared<const turn>(make_no_code_turn(1, "I think the answer is 4.", "No program found.",
                                                            nullptr, {}, {})),
             run_turn(2, "(fail {:reason \"no data\"})", nullptr)};
  s.fail = failure{failure_reason::failed, "the program called fail", s.turns[1]->result};
  const std::string v = debug_view(s);
  CHECK(has(v, "Step: failed (failed): the program called fail\nDetails: {:reason \"no data\"}\n"));
  CHECK(has(v, "--- Turn 1 (no_code) ---\nProgram:\n  (no code found)\nError: No program found.\n"));
  CHECK(has(v, "Failed: {:reason \"no data\"}\n"));

  auto r = lisp::run("(return {:total 3})", {});
  step inv;
  inv.turns = {std::make_shared<const turn>(make_turn(1, "", "(return {:total 3})", std::move(r),
                                                      "Return value does not match the signature.\nExpected: {total :float}",
                                                      {}, {}))};
  const std::string iv = debug_view(inv);
  CHECK(has(iv, "--- Turn 1 (invalid_return) ---"));
  CHECK(has(iv, "Error:\n  Return value does not match the signature.\n  Expected: {total :float}\n"));
}

TEST_CASE("debug view: large values are truncated, programs never") {
  step s;
  s.turns = {run_turn(1, "(range 5000)", nullptr)};
  const std::string v = debug_view(s);
  CHECK(has(v, "Value: (0 1 2 3 4 5 6 7 8 9 ..."));
  CHECK(has(v, "(5000 items, showing first 10)"));
  CHECK(v.size() < 2000);
}

TEST_CASE("debug view: sub-agent steps are indented under their turn, unless children is off") {
  auto child = std::make_shared<step>();
  child->agent_name = "researcher";
  child->turns = {run_turn(1, "(return 42)", nullptr)};
  child->return_value = lisp::value::integer(42);
  turn parent_turn = *run_turn(1, "(println \"asked\")", nullptr);
  parent_turn.children = {child};
  step s;
  s.turns = {std::make_shared<const turn>(std::move(parent_turn))};
  const std::string v = debug_view(s);
  CHECK(has(v, "Sub-agent researcher:\n    Step: returned 42\n    Agent: researcher\n    Turns: 1\n\n"
               "    --- Turn 1 (returned) ---\n    Program:\n      (return 42)\n"));
  debug_options o;
  o.children = false;
  CHECK_FALSE(has(debug_view(s, o), "Sub-agent"));
}

TEST_CASE("DBG-004 the compressed view re-renders the messages the LLM saw for each turn") {
  agent_spec spec;
  spec.mission = "Find the cheapest {{kind}}.";
  spec.data = json{{"kind", "laptop"}};
  spec.tools = {tool_spec{"search", "Searches products", ""}, tool_spec{"ping", "", ""},
                tool_spec{"boom", "", ""}};
  spec.max_turns = 5;
  auto prepared = prepare(spec);
  REQUIRE(std::holds_alternative<prepared_agent>(prepared));
  const auto& agent = std::get<prepared_agent>(prepared);

  const step s = sample_step();
  debug_options o;
  o.compressed = true;
  const std::string v = debug_view(s, o, &agent);
  CHECK(has(v, "LLM saw (2 messages):\n  [system] static system prompt, " +
                   std::to_string(agent.system().size()) + " bytes\n  [user]\n    Find the cheapest laptop.\n"));
  // Turn 3 saw the two earlier turns: uncompressed, they are assistant/user pairs.
  CHECK(has(v, "LLM saw (6 messages):"));
  CHECK(has(v, "  [assistant]\n    Here is my program.\n"));
  // Without the agent the view says why the compressed part is missing.
  CHECK(has(debug_view(s, o), "(the compressed view needs the prepared agent)"));
  // Or the messages come from elsewhere (a trace's llm_request events), by turn number.
  const std::vector<std::vector<chat_message>> seen{render_messages(agent, {}),
                                                    {chat_message::of(role::user, "turn two's request")}};
  o.seen = &seen;
  const std::string from_trace = debug_view(s, o);
  CHECK_FALSE(has(from_trace, "needs the prepared agent"));
  CHECK(has(from_trace, "--- Turn 2 ("));
  CHECK(has(from_trace, "LLM saw (1 messages):\n  [user]\n    turn two's request\n"));
  CHECK(has(from_trace, "LLM saw (2 messages):\n  [system] static system prompt"));
}

TEST_CASE("debug view is deterministic and matches its golden file") {
  const step s = sample_step();
  CHECK(debug_view(s) == debug_view(s));
  debug_options o;
  o.raw = true;
  o.usage = true;
  CHECK(testing::check_golden("debug_view/three_turns.txt", debug_view(s, o)));
}

}  // namespace messages_debug_view_test
