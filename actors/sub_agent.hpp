#pragma once
// The sub-agent actor: one mission, its immutable turn list, the loop.
//
// Loop (DESIGN §4): take a turn from the tree's budget → render the messages (messages/,
// pure) → ask the LLM actor → extract the program → ask the interpreter → append the Turn →
// continue or reply with the Step. Every wait is a `.then` request, so the actor never blocks
// a thread and answers nothing else meanwhile but its own replies and the mission timer.
//
// Ends (messages::failure_reason, each distinct in the Step):
//   success            (return v) valid against the signature (a mismatch is fed back and
//                      costs a turn)
//   failed             (fail v)
//   max_turns_exceeded max_turns LLM calls without a valid return (the last one saw the
//                      FINAL TURN warning)
//   mission_timeout    the spec's mission_timeout passed (the pending LLM call or run is
//                      abandoned; its late reply is dropped)
//   llm_error          the LLM actor gave up (after its retries) or did not answer
//   turn_budget_exhausted  the tree's shared turn budget ran out
//   max_depth_exceeded the agent was started deeper than tree.max_depth
//   invalid_spec       the spec cannot be prepared (bad signature, missing {{input}})
#include <functional>
#include <string>
#include <vector>

#include <caf/all.hpp>

#include "ptc/actors/tools.hpp"
#include "ptc/actors/tree.hpp"
#include "ptc/actors/wire.hpp"
#include "ptc/messages/step.hpp"
#include "ptc/messages/types.hpp"

namespace ptc::actors {

template <>
struct codec<messages::agent_spec> {
  static constexpr const char* name = "ptc::agent_spec";
  static std::string encode(const messages::agent_spec& s);
  static messages::agent_spec decode(const std::string& text);
};

/// Everything one mission needs; serializable, so a mission can be sent to another node.
struct agent_job {
  wire<messages::agent_spec> spec;  ///< complete: tool specs listed, data, limits, compression
  std::vector<tool_binding> tools;  ///< the actors behind spec.tools, same order
  caf::actor llm;
  caf::actor interpreter;
  tree_context tree;                ///< depth, budget, trace of the tree this mission is in
};

template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, agent_job& x) {
  return f(caf::meta::type_name("ptc::agent_job"), x.spec, x.tools, x.llm, x.interpreter,
           x.tree);
}

/// Called with the Step when a mission ends (on a CAF thread: do not block in it).
using step_callback = std::function<void(messages::step)>;

/// Spawns a sub-agent for one mission. Message: (run_atom) -> wire<messages::step>; the actor
/// quits after replying. The Step is always a reply (failures included), never a CAF error.
/// `done`, when set, also receives the Step, exactly once, even if the actor is killed (then
/// with failure_reason::cancelled): a local caller needs no actor of its own to wait.
caf::actor spawn_sub_agent(caf::actor_system& sys, agent_job job, step_callback done = {});

}  // namespace ptc::actors
