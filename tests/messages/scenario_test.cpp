// The twelve scripted scenarios (examples/scenarios/*.json) played through the real interpreter
// and renderers in both layouts: golden files of every LLM call's full message array, cache
// stability of the prefix, and the outcome of each mission.
#include <catch2/catch.hpp>

#include <algorithm>
#include <utility>

#include "examples/scenarios/scenario.hpp"
#include "ptc/lisp/printer.hpp"
#include "tests/messages/golden.hpp"


namespace ptc::messages::scenario_test {
namespace {

using examples::json;
using examples::play_scenario;
using examples::scenario_run;
using testing::check_golden;

std::vector<json> scenarios() {
  static const std::vector<json> all =
      examples::load_scenarios(std::filesystem::path(PTC_SOURCE_DIR) / "examples" / "scenarios");
  return all;
}

std::string outcome_text(const scenario_run& r) {
  if (!r.result) return "unfinished after " + std::to_string(r.turns.size()) + " turns";
  if (r.result->ok()) return "returned " + lisp::pr_str(*r.result->return_value);
  return std::string("failed ") + reason_name(r.result->fail->reason) + ": " + r.result->fail->message;
}

std::string transcript(const json& sc, const scenario_run& r, bool compressed) {
  std::string out = "# scenario " + sc.value("name", "") + " (" +
                    (compressed ? "compressed" : "uncompressed") + ")\n# " + sc.value("about", "") + "\n";
  for (std::size_t k = 0; k < r.calls.size(); ++k) {
    out += "\n===== LLM call " + std::to_string(k + 1) + " (" + std::to_string(r.calls[k].size()) +
           " messages) =====\n";
    out += examples::messages_text(r.calls[k], k > 0);
    const turn& t = *r.turns[k];
    out += "===== turn " + std::to_string(t.number) + ": " + outcome_name(t.outcome);
    if (!t.error().empty()) out += " (" + t.error_kind() + ")";
    out += " =====\n";
  }
  out += "\n# outcome: " + outcome_text(r) + "\n";
  return out;
}

}  // namespace

TEST_CASE("MSG-001 CMP-001 golden message arrays of the twelve scenarios, compressed and uncompressed",
          "[messages][golden]") {
  REQUIRE(scenarios().size() >= 12);
  for (const auto& sc : scenarios()) {
    for (const bool compressed : {true, false}) {
      const std::string name = sc.value("name", "");
      INFO("scenario " << name << (compressed ? " compressed" : " uncompressed"));
      const scenario_run r = play_scenario(sc, compressed);
      CHECK(check_golden(std::filesystem::path("scenarios") /
                             (name + (compressed ? ".compressed.txt" : ".uncompressed.txt")),
                         transcript(sc, r, compressed)));
    }
  }
}

TEST_CASE("MSG-006 cache stability: static SYSTEM prompt and stable mission + tool/ + data/ prefix",
          "[messages][cache]") {
  for (const auto& sc : scenarios()) {
    for (const bool compressed : {true, false}) {
      INFO("scenario " << sc.value("name", "") << (compressed ? " compressed" : " uncompressed"));
      const scenario_run r = play_scenario(sc, compressed);
      REQUIRE_FALSE(r.calls.empty());
      const auto& first = r.calls.front();
      REQUIRE(first.size() >= 2);
      REQUIRE(first[0].role == role::system);
      REQUIRE(first[1].role == role::user);
      for (std::size_t k = 1; k < r.calls.size(); ++k) {
        INFO("LLM call " << k + 1);
        const auto& now = r.calls[k];
        const auto& before = r.calls[k - 1];
        REQUIRE(now.size() >= 2);
        CHECK(now[0].text() == first[0].text());  // byte-identical SYSTEM prompt
        // The USER message begins with the same mission + tool/ + data/ bytes as the previous
        // call's, and that prefix is the first block, marked as a cache breakpoint.
        CHECK(now[1].content.front().text == before[1].content.front().text);
        CHECK(now[1].content.front().cache_breakpoint);
        CHECK(now[1].text().starts_with(r.agent.mission().str()));
        if (!compressed) {
          // Append-only conversation: the previous call's messages are a prefix of this one's
          // (up to cache flags, which move to the newest message).
          REQUIRE(now.size() == before.size() + 2);
          for (std::size_t i = 0; i < before.size(); ++i) CHECK(now[i].text() == before[i].text());
        }
      }
    }
  }
}

TEST_CASE("CMP-001 compression figures: by call 10 the compressed non-SYSTEM bytes are a fraction of the "
          "uncompressed ones",
          "[messages][figures]") {
  // The target is 35% on the exploration and tool-heavy scenarios; exploration meets it,
  // tool-heavy does not (its compressed summary keeps 14 tool calls and 15 println calls, see the
  // README). The bounds guard the figures examples/render_bench prints against regressions.
  const auto non_system_bytes = [](const std::vector<chat_message>& ms) {
    std::size_t n = 0;
    for (const auto& m : ms)
      if (m.role != role::system) n += m.text().size();
    return n;
  };
  const std::vector<json> all = scenarios();
  for (const auto& [name, bound] : {std::pair{"exploration_no_println", 0.35}, std::pair{"tool_heavy", 0.42}}) {
    const auto sc = std::find_if(all.begin(), all.end(), [&](const json& j) { return j.value("name", "") == name; });
    REQUIRE(sc != all.end());
    const scenario_run compressed = play_scenario(*sc, true);
    const scenario_run uncompressed = play_scenario(*sc, false);
    REQUIRE(compressed.calls.size() >= 10);
    REQUIRE(uncompressed.calls.size() >= 10);
    const double ratio = static_cast<double>(non_system_bytes(compressed.calls[9])) /
                         static_cast<double>(non_system_bytes(uncompressed.calls[9]));
    INFO(name << ": " << ratio);
    CHECK(ratio <= bound);
  }
}

TEST_CASE("MSG-002 compressed layout from turn 2 on is exactly [SYSTEM, USER]", "[messages]") {
  for (const auto& sc : scenarios()) {
    const scenario_run r = play_scenario(sc, true);
    for (std::size_t k = 0; k < r.calls.size(); ++k) {
      INFO(sc.value("name", "") << " call " << k + 1);
      CHECK(r.calls[k].size() == 2);
    }
  }
}

TEST_CASE("scenario outcomes: every scripted mission ends as its script intends", "[messages]") {
  const std::map<std::string, std::string> expected = {
      {"error_then_recovery", "returned 3973.5"},
      {"explicit_println", "returned [{:customer \"alice\", :total-qty 2} {:customer \"bob\", :total-qty 4} {:customer \"carol\", :total-qty 4} {:customer \"erin\", :total-qty 5}]"},
      {"single_shot", "returned [\"Blender\" \"Chef Knife\" \"Espresso Machine\"]"},
      {"no_code_response", "returned 8"},
      {"final_turn_warning", "returned \"erin\""},
  };
  for (const auto& sc : scenarios()) {
    const std::string name = sc.value("name", "");
    for (const bool compressed : {true, false}) {
      const scenario_run r = play_scenario(sc, compressed);
      INFO(name << (compressed ? " compressed" : " uncompressed") << ": " << outcome_text(r));
      REQUIRE(r.result.has_value());
      CHECK(r.result->ok());
      if (auto it = expected.find(name); it != expected.end()) CHECK(outcome_text(r) == it->second);
      CHECK(r.result->turns.size() == r.turns.size());
    }
  }
}

}  // namespace ptc::messages::scenario_test
