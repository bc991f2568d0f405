#pragma once
// Step: the outcome of a mission — the returned value or the failure, every turn (append-only,
// full programs kept: DBG-001..003), usage totals and compression statistics.
#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "ptc/lisp/value.hpp"
#include "ptc/messages/turn.hpp"
#include "ptc/messages/types.hpp"

namespace ptc::messages {

/// Why a mission failed. Each is distinct and documented (README, actors issue).
enum class failure_reason : std::uint8_t {
  failed,              ///< the program called (fail v)
  max_turns_exceeded,  ///< max_turns used without a valid (return v)
  mission_timeout,     ///< the mission's deadline passed
  llm_error,           ///< the LLM call failed after retries
  turn_budget_exhausted,  ///< the turn budget shared by an agent tree ran out
  max_depth_exceeded,  ///< sub-agents nested deeper than allowed
  invalid_spec,        ///< the agent spec is unusable (bad signature, missing {{input}}, ...)
  cancelled,           ///< the run was stopped from outside
  node_lost,           ///< the node running it went away
  refused,             ///< the node would not start it (a limit per client; the message says which)
};
const char* reason_name(failure_reason r);  ///< "failed", "max_turns_exceeded", ...

struct failure {
  failure_reason reason = failure_reason::failed;
  std::string message;  ///< one line a human (or a parent agent) can act on
  lisp::value details;  ///< the value given to (fail v); nil otherwise
};

/// What compression did on the latest render (the shape of v0.5.0's usage.compression).
struct compression_stats {
  bool enabled = false;
  std::string strategy;  ///< strategy_name(...)
  std::size_t turns_compressed = 0;       ///< successful turns folded into the summary
  std::size_t tool_calls_total = 0, tool_calls_shown = 0, tool_calls_dropped = 0;
  std::size_t printlns_total = 0, printlns_shown = 0, printlns_dropped = 0;
  std::size_t error_turns_collapsed = 0;  ///< failed turns hidden because a later turn succeeded
  bool operator==(const compression_stats&) const = default;
};

struct step {
  std::optional<lisp::value> return_value;  ///< set on success
  std::optional<messages::failure> fail;    ///< set on failure (exactly one of the two is set)
  std::vector<turn_ptr> turns;
  token_usage usage;                        ///< all turns, sub-agents included
  std::chrono::microseconds llm_time{0};
  std::chrono::microseconds eval_time{0};
  std::chrono::microseconds duration{0};
  compression_stats compression;
  std::string agent_name;

  bool ok() const { return return_value.has_value(); }
};

/// A Step that failed before any turn (or whose turns are elsewhere): agent name, reason and
/// message only.
step failed_before_turns(std::string agent_name, failure_reason reason, std::string message);

/// The Step as it goes back to a caller on another node: what the caller, its renderers and
/// its trace read, bounded. Each turn's memory (every def'd value in full, the bulk of a Step)
/// is left out, its definitions (name, type, sample) stay; a tool call's arguments or result
/// over `max_tool_json_bytes` of JSON become a string: their start and their full size. The
/// same for the Steps of sub-agents inside. The return value is kept whole (it is the answer;
/// agent.limits bound it).
step bounded_for_peer(const step& s, std::size_t max_tool_json_bytes = 4096);
/// One turn bounded the same way (for trace events that go to another node).
turn bounded_for_peer(const turn& t, std::size_t max_tool_json_bytes = 4096);

}  // namespace ptc::messages
