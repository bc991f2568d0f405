// The compression strategies over real runs: layouts, accumulation across turns, conditional
// collapsing of errors, the turn line, option normalization (MSG-*, CMP-*, ERR-*, TC-001/005/
// 006, API-*, SS-*).
#include <catch2/catch.hpp>

#include <variant>

#include "ptc/lisp/json.hpp"
#include "ptc/messages/compression.hpp"
#include "ptc/messages/extract.hpp"
#include "ptc/messages/loop.hpp"

namespace messages_compression_test {

using namespace ptc;
using namespace ptc::messages;

namespace {

/// An agent and its turns, built by running programs through the real interpreter.
struct conversation {
  prepared_agent agent;
  std::vector<turn_ptr> turns;

  explicit conversation(agent_spec spec) {
    auto p = prepare(std::move(spec));
    REQUIRE(std::holds_alternative<prepared_agent>(p));
    agent = std::get<prepared_agent>(std::move(p));
  }

  void respond(const std::string& response) {
    const auto ext = extract_code(response);
    if (!ext.program) {
      turns.push_back(std::make_shared<const turn>(make_no_code_turn(
          turns.size() + 1, response, ext.error, current_memory(turns), {}, {})));
      return;
    }
    lisp::run_options o;
    o.data = agent.data;
    o.mem = current_memory(turns);
    o.tools["lookup"] = [](const nlohmann::ordered_json& args) {
      return nlohmann::ordered_json{{"id", args.value("id", 0)}, {"name", "item"}};
    };
    turns.push_back(std::make_shared<const turn>(turn_after_run(
        agent, turns.size() + 1, response, *ext.program, lisp::run(*ext.program, o), {}, {})));
  }

  std::vector<chat_message> messages(compression_stats* st = nullptr) const {
    return render_messages(agent, turns, st);
  }
  std::string user_text() const { return messages().at(1).text(); }
};

agent_spec spec(compression_options c = compression_options::on(), std::size_t max_turns = 5) {
  agent_spec s;
  s.mission = "Find the {{what}}.";
  s.data = nlohmann::ordered_json::parse(R"({"what": "answer", "items": [1, 2, 3]})");
  s.tools.push_back({"lookup", "Look an item up", "(id :int) -> {id :int, name :string}"});
  s.compression = c;
  s.max_turns = max_turns;
  return s;
}

std::string code(const std::string& program) { return "```clojure\n" + program + "\n```"; }

using prepared = std::variant<prepared_agent, prepare_error>;

/// `s` prepared as two agents of one batch, "first" and "second": alike but for their names and
/// the second's data.
std::pair<prepared, prepared> batch_of_two(agent_spec s, nlohmann::ordered_json second_data) {
  s.name = "first";
  prepared p1 = prepare(s);
  s.name = "second";
  s.data = std::move(second_data);
  prepared p2 = prepare(s);
  REQUIRE(std::holds_alternative<prepared_agent>(p1));
  REQUIRE(std::holds_alternative<prepared_agent>(p2));
  return {std::move(p1), std::move(p2)};
}

}  // namespace

TEST_CASE("MSG-002 MSG-003 MSG-004 MSG-006 turn 1: system, then mission first, blank line, context") {
  conversation c(spec());
  const auto ms = c.messages();
  REQUIRE(ms.size() == 2);
  CHECK(ms[0].role == role::system);
  CHECK(ms[0].content.front().cache_breakpoint);
  CHECK(ms[1].text() ==
        "Find the answer.\n\n"
        ";; === tool/ ===\n"
        "tool/lookup(id :int) -> {id :int, name :string}  ; Look an item up\n\n"
        ";; === data/ ===\n"
        "data/what  ; string, sample: \"answer\"\n"
        "data/items  ; list[3], sample: [1 2 3]\n\n"
        "Turns left: 4");
}

TEST_CASE("MSG-001 FMT-013 TC-001 TC-005 DEF-008 successful turns accumulate into one USER message") {
  conversation c(spec());
  c.respond(code("(def a (tool/lookup {:id 1}))"));
  c.respond(code("(def b (tool/lookup {:id 2}))"));
  const auto ms = c.messages();
  REQUIRE(ms.size() == 2);
  CHECK(ms[1].text().ends_with(
      ";; === user/ (your prelude) ===\n"
      "a  ; = map[2], sample: {:id 1 :name \"item\"}\n"
      "b  ; = map[2], sample: {:id 2 :name \"item\"}\n\n"
      "; Tool calls:\n"
      ";   lookup({:id 1})\n"
      ";   lookup({:id 2})\n\n"
      "Turns left: 2"));
}

TEST_CASE("MSG-005 the turn line counts down, then the final-turn warning") {
  CHECK(turn_line(1, 5) == "Turns left: 4");
  CHECK(turn_line(4, 5) == "Turns left: 1");
  CHECK(turn_line(5, 5) == "\u26a0\ufe0f FINAL TURN - you must call (return result) or (fail response) next.");
  CHECK(turn_line(1, 1).empty());
}

TEST_CASE("MSG-007 the mission is never removed, however long the history") {
  conversation c(spec(compression_options::on(), 30));
  for (int i = 0; i < 25; ++i) c.respond(code("(println " + std::to_string(i) + ")"));
  CHECK(c.user_text().starts_with("Find the answer.\n\n"));
}

TEST_CASE("CMP-002 ERR-001 ERR-003 the latest failed turn is shown in full with its error") {
  conversation c(spec());
  c.respond(code("(def ok 1)"));
  c.respond(code("(+ 1 nil)"));
  const std::string u = c.user_text();
  CHECK(u.find("---\nYour previous attempt:\n```clojure\n(+ 1 nil)\n```\n"
               "Error: type: +: argument 2 must be a number, got nil (line 1, col 1)\n---") != std::string::npos);
}

TEST_CASE("CMP-003 ERR-002 only the most recent failure while failing, collapsed after recovery") {
  conversation c(spec());
  c.respond(code("(first-bad)"));
  c.respond(code("(second-bad)"));
  compression_stats st;
  std::string u = c.messages(&st).at(1).text();
  CHECK(u.find("second-bad") != std::string::npos);
  CHECK(u.find("first-bad") == std::string::npos);
  CHECK(st.error_turns_collapsed == 1);
  c.respond(code("(def fixed 1)"));
  u = c.messages(&st).at(1).text();
  CHECK(u.find("Your previous attempt") == std::string::npos);
  CHECK(st.error_turns_collapsed == 2);
  CHECK(st.turns_compressed == 1);
}

TEST_CASE("CMP-004 compression is a render: the same turns render both ways, turns unchanged") {
  conversation c(spec());
  c.respond(code("(def a 1) (println \"a is\" a)"));
  const std::string before(c.turns[0]->raw_response());
  const auto compressed = single_user_coalesced().to_messages(c.agent, c.turns, nullptr);
  const auto full = uncompressed().to_messages(c.agent, c.turns, nullptr);
  CHECK(compressed.size() == 2);
  CHECK(full.size() == 4);
  CHECK(full[2].role == role::assistant);
  CHECK(full[2].text() == before);
  CHECK(full[3].text() == "; Output:\na is 1\n\nTurns left: 3");
  CHECK(c.turns[0]->raw_response() == before);
}

TEST_CASE("TC-006 DESIGN 6.2 println output is kept in , Output: and replaces samples") {
  conversation c(spec());
  c.respond(code("(def xs [1 2 3]) (println \"sum\" (reduce + xs))"));
  const std::string u = c.user_text();
  CHECK(u.find("xs  ; = list[3]\n") != std::string::npos);
  CHECK(u.find("; Output:\nsum 6") != std::string::npos);
}

TEST_CASE("FMT-011 sections in DESIGN 6.1's order: functions, values, tool calls, output") {
  // FMT-011 lists "Tool calls -> Functions -> Defined -> Output"; DESIGN 6.1 (the contract where
  // the spec documents clash) puts the user/ prelude (functions, then values) before them.
  conversation c(spec());
  c.respond(code("(defn twice [x] (* 2 x)) (def a (tool/lookup {:id 1})) (println \"got\" (:id a))"));
  const std::string u = c.user_text();
  const auto fn = u.find("(twice [x])");
  const auto value = u.find("\na  ; = map[2]");
  const auto calls = u.find("; Tool calls:\n;   lookup({:id 1})");
  const auto output = u.find("; Output:\ngot 1");
  REQUIRE(fn != std::string::npos);
  REQUIRE(value != std::string::npos);
  REQUIRE(calls != std::string::npos);
  REQUIRE(output != std::string::npos);
  CHECK(fn < value);
  CHECK(value < calls);
  CHECK(calls < output);
}

TEST_CASE("FMT-012 empty sections are omitted entirely") {
  conversation c(spec());
  c.respond(code("(+ 1 2)"));  // no definitions, no prints
  const std::string u = c.user_text();
  CHECK(u.find("user/") == std::string::npos);
  CHECK(u.find("; Output:") == std::string::npos);
  CHECK(u.find("; Tool calls:") == std::string::npos);
  CHECK(u.find("; No tool calls made") != std::string::npos);  // FMT-003: said, not a section
}

TEST_CASE("FMT-014 the output section is rendered as-is, without sanitization") {
  conversation c(spec());
  // Printed text that looks like the prompt's own markup reaches the LLM unchanged.
  c.respond(code("(println \";; === tool/ ===\") (println \"```clojure\\n(return 1)\\n```\") "
                 "(println \"Turns left: 0\")"));
  CHECK(c.user_text().find("; Output:\n;; === tool/ ===\n```clojure\n(return 1)\n```\nTurns left: 0\n") !=
        std::string::npos);
}

TEST_CASE("DESIGN 6.3 a response without code is a failed turn the LLM sees") {
  conversation c(spec());
  c.respond("I would filter the items and count them.");
  REQUIRE(c.turns.back()->outcome == turn_outcome::no_code);
  const std::string u = c.user_text();
  CHECK(u.find("Your previous response contained no program.") != std::string::npos);
  CHECK(u.find("```clojure") != std::string::npos);  // the no-code message says what to send
}

TEST_CASE("API-001 API-002 API-003 API-004 API-005 API-006 one option value, normalized") {
  CHECK(compression_options{}.kind == compression_options::strategy::uncompressed);  // API-003 default
  CHECK(compression_options::off() == compression_options{});
  const auto on = compression_options::on();
  CHECK(on.kind == compression_options::strategy::single_user_coalesced);
  CHECK(on.println_limit == 15);    // API-004
  CHECK(on.tool_call_limit == 20);  // API-005
  const auto custom = compression_options::with_limits(3, 4);
  CHECK(custom.println_limit == 3);
  CHECK(custom.tool_call_limit == 4);
  CHECK(&strategy_for(on) == &single_user_coalesced());
  CHECK(&strategy_for(compression_options::off()) == &uncompressed());
  CHECK(single_user_coalesced().name() == "single-user-coalesced");
}

TEST_CASE("SS-001 SS-002 max_turns 1 never compresses, max_turns defaults to 5") {
  CHECK(agent_spec{}.max_turns == 5);
  auto s = spec(compression_options::on(), 1);
  auto p = prepare(s);
  REQUIRE(std::holds_alternative<prepared_agent>(p));
  const auto& a = std::get<prepared_agent>(p);
  CHECK(a.compression().kind == compression_options::strategy::uncompressed);
  const auto ms = render_messages(a, {});
  CHECK(ms.at(1).text().find("Turns left") == std::string::npos);
}

TEST_CASE("a prepared agent's stable prefix keeps its text, not the room that joining its parts left") {
  auto s = spec();
  s.mission = std::string(300, 'm');
  auto p = prepare(s);
  REQUIRE(std::holds_alternative<prepared_agent>(p));
  const std::string& prefix = std::get<prepared_agent>(p).stable_prefix.str();
  CHECK(prefix.starts_with(s.mission + "\n\n"));
  CHECK(prefix.capacity() <= prefix.size() + prefix.size() / 8 + 16);  // kept by every agent for its mission
}

TEST_CASE("compression limits apply across turns (TRN-010, TC-007) and are reported") {
  conversation c(spec(compression_options::with_limits(2, 1)));
  c.respond(code("(println \"one\") (tool/lookup {:id 1})"));
  c.respond(code("(println \"two\") (println \"three\") (tool/lookup {:id 2})"));
  compression_stats st;
  const std::string u = c.messages(&st).at(1).text();
  CHECK(u.find("; Output:\ntwo\nthree") != std::string::npos);
  CHECK(u.find("one") == std::string::npos);
  CHECK(u.find(";   lookup({:id 2})") != std::string::npos);
  CHECK(u.find(";   lookup({:id 1})") == std::string::npos);
  CHECK(st.printlns_total == 3);
  CHECK(st.printlns_dropped == 1);
  CHECK(st.tool_calls_dropped == 1);
}

TEST_CASE("MSG-003 a prepared agent holds its mission once, shared by every request, it keeps no spec") {
  agent_spec s = spec();
  s.mission = std::string(2000, 'm');  // real missions run to thousands of characters
  auto shared = std::make_shared<const agent_spec>(s);
  std::weak_ptr<const agent_spec> watch = shared;
  auto p = prepare(*shared);
  shared.reset();
  CHECK(watch.expired());  // nothing of the prepared agent holds the spec
  REQUIRE(std::holds_alternative<prepared_agent>(p));
  const auto& a = std::get<prepared_agent>(p);
  CHECK(a.mission() == s.mission);
  CHECK(&a.mission() == &a.settings->mission);
  CHECK(a.name.view() == s.name);
  CHECK(a.settings->max_turns == s.max_turns);
  CHECK(a.settings->limits.max_steps == s.limits.max_steps);
  CHECK(a.settings->has_tools == !s.tools.empty());
  // A request carries it by reference too, and the stable prefix starts with it.
  const auto copy = a.mission();
  CHECK(&copy.str() == &a.settings->mission.str());
  CHECK(a.stable_prefix.str().rfind(s.mission, 0) == 0);

  s.mission = "Find the {{what}}.";
  auto q = prepare(s);
  REQUIRE(std::holds_alternative<prepared_agent>(q));
  const auto& b = std::get<prepared_agent>(q);
  CHECK(b.mission() == "Find the " + s.data.at("what").get<std::string>() + ".");
  CHECK(&b.mission() == &b.settings->mission);
}

TEST_CASE("MSG-003 agents with alike settings share one settings object and mission text, each its name") {
  agent_spec s = spec();
  s.mission = "Summarize the rows in data/rows.";
  auto [p1, p2] = batch_of_two(s, nlohmann::ordered_json{{"rows", {1, 2, 3}}});
  const auto& a = std::get<prepared_agent>(p1);
  const auto& b = std::get<prepared_agent>(p2);
  CHECK(a.settings.get() == b.settings.get());
  CHECK(&a.mission().str() == &b.mission().str());
  CHECK(a.name.view() == "first");
  CHECK(b.name.view() == "second");
  CHECK(a.stable_prefix.str() != b.stable_prefix.str());  // each its own data/ section

  // Any difference in what the turns read makes its own.
  agent_spec other = s;
  other.limits.max_steps = s.limits.max_steps + 1;
  auto p3 = prepare(other);
  REQUIRE(std::holds_alternative<prepared_agent>(p3));
  const auto& c = std::get<prepared_agent>(p3);
  CHECK(c.settings.get() != a.settings.get());
  CHECK(c.settings->limits.max_steps == s.limits.max_steps + 1);
  other = s;
  other.max_turns = s.max_turns + 1;
  auto p4 = prepare(other);
  REQUIRE(std::holds_alternative<prepared_agent>(p4));
  CHECK(std::get<prepared_agent>(p4).settings->max_turns == s.max_turns + 1);
  CHECK(std::get<prepared_agent>(p4).settings.get() != a.settings.get());

  // Nothing keeps settings alive once their agents are gone.
  std::weak_ptr<const mission_settings> watch = a.settings;
  p1 = prepare_error{};
  p2 = prepare_error{};
  CHECK(watch.expired());
}

TEST_CASE("MSG-003 alike agents share their system prompt, signature and compression, and each difference makes its own") {
  agent_spec s = spec();
  s.signature = "{total :float}";
  const auto [p1, p2] = batch_of_two(s, nlohmann::ordered_json{{"what", "answer"}, {"rows", {4, 5}}});
  const auto& a = std::get<prepared_agent>(p1);
  const auto& b = std::get<prepared_agent>(p2);
  REQUIRE(a.sig() != nullptr);
  CHECK(a.settings.get() == b.settings.get());
  CHECK(a.sig() == b.sig());
  CHECK(&a.system().str() == &b.system().str());
  CHECK(a.expected_output().str().find("total") != std::string::npos);
  CHECK(a.compression() == compression_options::on());

  auto differs = [&](agent_spec other) {
    auto q = prepare(other);
    REQUIRE(std::holds_alternative<prepared_agent>(q));
    const auto& c = std::get<prepared_agent>(q);
    CHECK(c.settings.get() != a.settings.get());
    return std::get<prepared_agent>(std::move(q));
  };
  agent_spec other = s;
  other.signature = "{total :int}";
  const prepared_agent c = differs(other);
  CHECK(c.expected_output().str() != a.expected_output().str());
  other = s;
  other.signature.clear();
  CHECK(differs(other).sig() == nullptr);
  other = s;
  other.compression = compression_options::with_limits(3, 4);
  CHECK(differs(other).compression().println_limit == 3);
  other = s;
  other.system_prompt.prefix = "Be brief.";
  CHECK(differs(other).system().str().starts_with("Be brief."));
}

TEST_CASE("prepare names a missing mission input and a bad signature") {
  agent_spec s = spec();
  s.data = nlohmann::ordered_json::object();
  auto p = prepare(s);
  REQUIRE(std::holds_alternative<prepare_error>(p));
  CHECK(std::get<prepare_error>(p).message.find("what") != std::string::npos);
  s = spec();
  s.signature = "{total :flot}";
  p = prepare(s);
  REQUIRE(std::holds_alternative<prepare_error>(p));
  CHECK(std::get<prepare_error>(p).message.starts_with("agent signature: "));
}

}  // namespace messages_compression_test
