#pragma once
// What a whole tree of nested agents shares: depth, the turn budget, the inherited LLM and
// compression, the trace sink. It travels with every program run and every tool call, so a
// sub-agent used as a tool knows where it stands (API-007: llm and compression inherited
// unless the child sets its own).
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include <caf/all.hpp>

#include "ptc/actors/wire.hpp"
#include "ptc/messages/types.hpp"

namespace ptc::actors {

struct tree_context {
  std::size_t depth = 0;      ///< 0: the top-level agent; its sub-agents are depth 1, ...
  std::size_t max_depth = 3;  ///< a sub-agent deeper than this fails with max_depth_exceeded
  caf::actor budget;          ///< turn budget actor shared by the tree (invalid: see below)
  /// Without a budget actor: the turns this agent alone may use (0: unlimited). A tree with no
  /// sub-agent tools is one agent, so its budget needs no actor and no round trip per turn.
  std::uint64_t turn_budget = 0;
  caf::actor llm;             ///< the parent's LLM, inherited by children that set none
  caf::actor interpreter;     ///< where the parent's programs run; children use it too
  caf::actor trace;           ///< trace sink (invalid: no trace)
  /// The parent's compression as JSON text (messages::to_json); "" when not inherited.
  std::string compression;
  std::string path;  ///< "boss/researcher": names from the root, for traces and errors
  /// The agent whose program called the tool (set by the sub-agent for its tools' calls). A
  /// sub-agent started by that call watches it and ends as `cancelled` when it goes down, so
  /// a mission that ends for any reason stops the children its program was waiting for.
  caf::actor_addr caller;
};

template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, tree_context& x) {
  return f(caf::meta::type_name("ptc::tree_context"), x.depth, x.max_depth, x.budget, x.turn_budget, x.llm,
           x.interpreter, x.trace, x.compression, x.path, x.caller);
}

/// A turn budget actor: (take_atom) -> bool (true: a turn was granted; false: none left).
/// Also (stats_atom) -> std::uint64_t turns left.
caf::actor spawn_budget(caf::actor_system& sys, std::size_t turns);

}  // namespace ptc::actors
