#pragma once
// The debug view of a Step (DBG-001..005): for each turn its full program, output, tool calls
// (-> name(args) / <- result or error) and result or error; on request the raw responses, the
// compressed view the LLM saw (re-rendered from the turns), and token usage. Plain text, no
// colours, deterministic (no timings unless show_timings).
#include <string>

#include "messages/compression.hpp"
#include "messages/step.hpp"

namespace ptc::messages {

struct debug_options {
  bool raw = false;          ///< include each turn's raw LLM response
  bool compressed = false;   ///< include the messages the LLM saw for each turn (needs agent)
  bool usage = false;        ///< token usage and compression statistics
  bool show_timings = false; ///< per-turn LLM/eval time
  bool children = true;      ///< sub-agent Steps, indented
};

/// `agent` is needed only for `compressed`.
std::string debug_view(const step& s, const debug_options& o = {},
                       const prepared_agent* agent = nullptr);

}  // namespace ptc::messages
