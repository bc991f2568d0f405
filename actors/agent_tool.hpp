#pragma once
// From an `agent` value to what runs: tool actors spawned, options resolved.
//
// A sub-agent used as a tool becomes an actor that, for each call, fills the child's mission
// from the call's arguments, starts a sub-agent one level deeper in the caller's tree (same
// budget, same trace, the caller's LLM and compression unless the child sets its own: API-007)
// and answers with the child's return value, or a tool error naming the child's failure. The
// child's Step goes back with the answer, for the parent's trace (Turn.children).
#include <chrono>
#include <memory>
#include <optional>
#include <vector>

#include <caf/all.hpp>

#include "ptc/actors/agent.hpp"
#include "ptc/actors/tools.hpp"
#include "ptc/messages/types.hpp"

namespace ptc::actors {

/// What the runtime's settings give an agent that sets nothing.
struct agent_defaults {
  std::size_t max_turns = 5;
  messages::compression_options compression;  ///< for top-level agents
  lisp::limits limits;
  std::chrono::milliseconds mission_timeout{0};
};

/// An agent with its tools spawned.
struct materialized_agent {
  messages::agent_spec spec;        ///< options resolved (compression: see compression_set)
  std::vector<tool_binding> tools;  ///< same order as spec.tools
  caf::actor llm;                   ///< the agent's own LLM; invalid: inherited / runtime's
  bool compression_set = false;     ///< false: a sub-agent inherits its caller's compression
  caf::actor node;                  ///< where it runs (a node's link); invalid: here
};

/// Spawns the tool actors of `a` (recursively for sub-agent tools) and resolves its options.
materialized_agent materialize(caf::actor_system& sys, const agent& a, const agent_defaults& d);
/// The same, taking `a`'s spec (its mission and data) instead of copying it.
materialized_agent materialize(caf::actor_system& sys, agent&& a, const agent_defaults& d);

/// Spawns the actor serving a sub-agent as a tool: (tool_atom, tool_call) -> tool_result.
caf::actor spawn_agent_tool(caf::actor_system& sys,
                            std::shared_ptr<const materialized_agent> child);

}  // namespace ptc::actors
