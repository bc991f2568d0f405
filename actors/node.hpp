#pragma once
// Nodes: an agent host other processes reach through CAF's middleman.
//
// Context: one process is not always enough; users spread agents over several machines. CAF's
// io module is the network layer: a published actor is reachable as a proxy, and every
// message to it crosses through CAF's serializers (wire.hpp: agent_job, Step, tool calls).
//
// Decision: a node publishes one actor, the host. It answers
//   (hello_atom, protocol)     -> (protocol, name)     handshake with basic types only, so
//                                                      that peers of another version still
//                                                      understand it and can say so
//   (info_atom)                -> node_info           name and the tools it serves
//   (run_atom, agent_job)      -> wire<step>          runs a sub-agent here: the node's own
//                                                      interpreters, and its own LLM unless
//                                                      the job brings one (an inherited LLM)
//   (tool_atom, tool_call)     -> tool_result         one call of a tool it serves, by name
//   (stats_atom)               -> node_load
//   (put_atom, name)                                  the name, once published (local only)
// The job's tool actors, budget and trace sink stay where they were created: the sub-agent
// reaches them through proxies, so nesting across nodes works as locally (shared budget,
// depth limit, the child's Step in the parent's Turn). When the process that asked for runs
// goes away, the host stops the sub-agents it started for it.
// The client side (a link per node, placement, failures) is cluster.hpp.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <caf/all.hpp>

#include "ptc/actors/tools.hpp"
#include "ptc/actors/wire.hpp"

namespace ptc::actors {

using hello_atom = caf::atom_constant<caf::atom("hello")>;  ///< node handshake
using info_atom = caf::atom_constant<caf::atom("info")>;    ///< node: name and tools

/// The protocol nodes speak: both peers must name the same. Bump the number whenever an
/// inspected message type (wire.hpp's list) changes its fields.
std::string node_protocol();

/// What a node tells a client after the handshake.
struct node_info {
  std::string name;                 ///< "host:port" as the node was started
  std::vector<tool_binding> tools;  ///< the tools it serves (handles: the node's own actors)
};

template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, node_info& x) {
  return f(caf::meta::type_name("ptc::node_info"), x.name, x.tools);
}

/// A node's figures.
struct node_load {
  std::uint64_t running = 0;   ///< sub-agents running now
  std::uint64_t finished = 0;  ///< sub-agents that ended since the node started
  std::uint64_t tool_calls = 0;
};

template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, node_load& x) {
  return f(caf::meta::type_name("ptc::node_load"), x.running, x.finished, x.tool_calls);
}

struct node_host_options {
  std::string name;                          ///< "host:port", for messages
  std::string protocol = node_protocol();    ///< tests pretend to be another version
  caf::actor llm;                            ///< for jobs that bring none
  std::function<caf::actor()> interpreter;   ///< the next interpreter of this node
  std::vector<tool_binding> tools;           ///< served by name
  /// Limits per client process (CAF node): sub-agents running at once, and tool calls in
  /// flight. Past one, a run is refused (a Step failing with `refused`) or a call fails, with
  /// a message naming the setting (node.max_agents_per_client, node.max_tool_calls_per_client).
  std::size_t max_agents_per_client = 10'000;
  std::size_t max_tool_calls_per_client = 10'000;
};

/// Spawns the host actor (publish it with sys.middleman().publish).
caf::actor spawn_node_host(caf::actor_system& sys, node_host_options opts);

}  // namespace ptc::actors
