#pragma once
// `ptc run`'s progress on stderr: one line per turn while the mission runs, then a summary; on a
// terminal also a live status line per running agent.
//
// Context: the runtime reports turns as trace events (actors/trace.hpp) sent to the tree's
// trace sink. Decision: the command puts an actor of its own in the sink's place (the job's
// tree_context.trace); it prints a line for every "turn" event and forwards every event to the
// real sink when there is one (`--trace`). Consequence: progress is live, needs no hook in the
// runtime, and covers nested sub-agents too (their lines carry the agent's path).
#include <cstddef>
#include <iosfwd>
#include <string>

#include <caf/all.hpp>
#include <nlohmann/json.hpp>

#include "ptc/messages/step.hpp"

namespace ptc::cli {

struct progress_options {
  std::size_t max_turns = 0;  ///< of the top-level agent ("turn 2/5"); 0: not shown
  bool show_turns = false;    ///< also print each turn's response, output and error
  /// stderr is a terminal: below the turn lines, a status line per running agent (turn n/N,
  /// what it waits for, tokens, tool calls, elapsed), redrawn as events come and every 250 ms.
  bool live = false;
};

/// Spawns the progress actor. Messages: (trace_atom, line) prints and forwards to `sink`
/// (invalid: none); (flush_atom) -> bool answers once every event received before it is printed
/// and forwarded, and the sink has flushed; (stats_atom) -> std::uint64_t the top-level agent's
/// turns seen so far.
caf::actor spawn_progress(caf::actor_system& sys, caf::actor sink, progress_options opts);

}  // namespace ptc::cli
