#pragma once
// The debug view of a Step (DBG-001..005): for each turn its full program, output, tool calls
// (-> name(args) / <- result or error) and result or error; on request the raw responses, the
// compressed view the LLM saw (re-rendered from the turns), and token usage. Plain text, no
// colours, deterministic (no timings unless show_timings).
#include <cstddef>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "ptc/messages/compression.hpp"
#include "ptc/messages/step.hpp"

namespace ptc::messages {

struct debug_options {
  bool raw = false;          ///< include each turn's raw LLM response
  bool compressed = false;   ///< include the messages the LLM saw for each turn (needs agent)
  bool usage = false;        ///< token usage and compression statistics
  bool show_timings = false; ///< per-turn LLM/eval time
  bool children = true;      ///< sub-agent Steps, indented
  /// The messages the LLM got for each turn (index: turn number - 1), e.g. read from a trace:
  /// `compressed` shows these when no prepared agent is given (not for sub-agents).
  const std::vector<std::vector<chat_message>>* seen = nullptr;
};

/// `agent` is needed only for `compressed`.
std::string debug_view(const step& s, const debug_options& o = {},
                       const prepared_agent* agent = nullptr);

/// The one-line progress of a turn from its trace event's "turn" object (to_json(turn)), e.g.
/// "turn 2/5: error (type), 0 printlns, 0 tool calls, prompt 10412 chars, tokens 2630 in /
/// 96 out, 812 ms" (`ptc run`'s progress, `ptc mcp`'s progress notifications).
/// `max_turns` 0: not shown; `prompt_chars`: the text sent to the LLM for it (0: not shown).
std::string turn_progress_line(const nlohmann::ordered_json& turn, std::size_t max_turns,
                               std::size_t prompt_chars = 0);

/// The closing line of a mission: "done: returned after 4 turns, tokens ..., 35 ms" or
/// "failed: max_turns_exceeded after 5 turns: ...". `turns_ran`: turns known to have run when
/// the Step lists fewer (a lost node's Step has none).
std::string step_summary_line(const step& s, std::size_t turns_ran = 0);

}  // namespace ptc::messages
