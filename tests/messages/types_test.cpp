// The plain data types: usage sums, names, chat message helpers, agent_spec equality.
#include <catch2/catch.hpp>

#include "ptc/messages/step.hpp"
#include "ptc/messages/turn.hpp"
#include "ptc/messages/types.hpp"

namespace messages_types_test {

using namespace ptc::messages;

TEST_CASE("token_usage adds up every counter") {
  token_usage a{10, 5, 3, 2, 1};
  const token_usage b{1, 2, 3, 4, 5};
  a += b;
  CHECK(a == token_usage{11, 7, 6, 6, 6});
  CHECK(a.total() == 18);
  token_usage zero;
  zero += zero;
  CHECK(zero == token_usage{});
}

TEST_CASE("role, strategy, outcome and reason names") {
  CHECK(std::string(role_name(role::system)) == "system");
  CHECK(std::string(role_name(role::user)) == "user");
  CHECK(std::string(role_name(role::assistant)) == "assistant");
  CHECK(std::string(strategy_name(compression_options::strategy::uncompressed)) == "uncompressed");
  CHECK(std::string(strategy_name(compression_options::strategy::single_user_coalesced)) == "single-user-coalesced");
  CHECK(std::string(outcome_name(turn_outcome::invalid_return)) == "invalid_return");
  CHECK(std::string(outcome_name(turn_outcome::no_code)) == "no_code");
  CHECK(std::string(reason_name(failure_reason::max_turns_exceeded)) == "max_turns_exceeded");
  CHECK(std::string(reason_name(failure_reason::turn_budget_exhausted)) == "turn_budget_exhausted");
  CHECK(std::string(reason_name(failure_reason::node_lost)) == "node_lost");
  CHECK(std::string(reason_name(failure_reason::refused)) == "refused");
}

TEST_CASE("chat_message::text joins blocks without separators") {
  chat_message m = chat_message::of(role::user, "first\n", true);
  REQUIRE(m.content.size() == 1);
  CHECK(m.content[0].cache_breakpoint);
  m.content.push_back(content_block{"second", false});
  CHECK(m.text() == "first\nsecond");
  CHECK(chat_message{}.text().empty());
  CHECK(m.role == role::user);
}

TEST_CASE("API-001..003 compression options") {
  CHECK(compression_options::on() == compression_options{compression_options::strategy::single_user_coalesced, 15, 20});
  CHECK(compression_options::with_limits(3, 4).println_limit == 3);
  CHECK(compression_options::off().kind == compression_options::strategy::uncompressed);
  CHECK(compression_options{} == compression_options::off());
}

TEST_CASE("SS-002 agent_spec defaults and equality compare every field") {
  agent_spec a;
  CHECK(a.max_turns == 5);
  agent_spec b = a;
  CHECK(a == b);
  b.limits.max_print_chars = 10;
  CHECK_FALSE(a == b);
  b = a;
  b.data["x"] = 1;
  CHECK_FALSE(a == b);
  b = a;
  b.mission_timeout = std::chrono::milliseconds(5);
  CHECK_FALSE(a == b);
  b = a;
  b.tools.push_back(tool_spec{"t", "", ""});
  CHECK_FALSE(a == b);
  b = a;
  b.system_prompt.suffix = "s";
  CHECK_FALSE(a == b);
}

}  // namespace messages_types_test

TEST_CASE("NODE-SEC: a Step bound for another node leaves memory behind and cuts large tool JSON", "[step]") {
  using namespace ptc::messages;
  turn t;
  t.number = 1;
  t.memory = std::make_shared<const ptc::lisp::memory>();
  auto big = std::make_shared<ptc::lisp::definition>();
  big->name = "big";
  t.definitions = {std::make_shared<const definition_info>(definition_info{big, "string", "\"xxx...\""})};
  ptc::lisp::tool_call_record small{"f", {{"a", 1}}, nlohmann::ordered_json{{"ok", true}}, std::nullopt, {}};
  ptc::lisp::tool_call_record large{"g", {{"q", std::string(10'000, 'q')}}, nlohmann::ordered_json(std::string(20'000, 'r')),
                                    std::nullopt, {}};
  t.tool_calls = {small, large};
  step s;
  s.turns.push_back(std::make_shared<const turn>(t));
  const step b = bounded_for_peer(s, 4096);
  REQUIRE(b.turns.size() == 1);
  CHECK_FALSE(b.turns[0]->memory);
  CHECK(b.turns[0]->definitions == t.definitions);
  CHECK(b.turns[0]->tool_calls[0].args == small.args);
  CHECK(*b.turns[0]->tool_calls[0].result == *small.result);
  const auto cut_args = b.turns[0]->tool_calls[1].args.get<std::string>();
  CHECK(cut_args.size() < 4200);
  CHECK_THAT(cut_args, Catch::EndsWith("(10008 bytes of JSON; cut on the way between nodes)"));
  CHECK_THAT(b.turns[0]->tool_calls[1].result->get<std::string>(),
             Catch::EndsWith("(20002 bytes of JSON; cut on the way between nodes)"));
  CHECK(s.turns[0]->memory);  // the original is untouched
}
