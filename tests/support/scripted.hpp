#pragma once
// A scripted LLM for agent tests: responses chosen by the agent's mission, in turn order, and
// a runtime using it.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "ptc/actors/llm.hpp"
#include "ptc/actors/runtime.hpp"
#include "ptc/config/settings.hpp"

namespace ptc::testing {

/// An LLM response with one code block.
inline std::string code(const std::string& program) {
  return "Let me do that.\n```clojure\n" + program + "\n```";
}

/// Agents whose mission contains a key get that key's responses, turn k the k-th; nothing
/// (an LLM error) past the end or for an unknown mission.
inline actors::scripted_fn script(std::map<std::string, std::vector<std::string>> by_mission) {
  return [by_mission = std::move(by_mission)](const actors::llm_request& r) -> std::optional<std::string> {
    for (const auto& [key, responses] : by_mission) {
      if (r.mission.find(key) == std::string::npos) continue;
      if (r.turn == 0 || r.turn > responses.size()) return std::nullopt;
      return responses[r.turn - 1];
    }
    return std::nullopt;
  };
}

/// A runtime answering from `fn`, with the default settings and two scheduler threads (like
/// CI's machine).
inline actors::runtime_options scripted_options(actors::scripted_fn fn) {
  actors::runtime_options o;
  o.settings = config::defaults();
  o.script = std::move(fn);
  o.threads = 2;
  return o;
}

}  // namespace ptc::testing
