#pragma once
// The client side of nodes: a link actor per node, and a cluster of them with placement.
//
//   ptc::actors::runtime rt{opts};                          // opts.network = true
//   ptc::actors::cluster nodes{rt, ptc::actors::parse_node_list("127.0.0.1:4001,127.0.0.1:4002")};
//   messages::step s = rt.run(agent.on(nodes.node(0)));     // a run on node 0
//   auto steps = nodes.run_all(agents);                     // spread (round robin / least loaded)
//   boss.tool(researcher.on(nodes.node(1)));                // a remote sub-agent as a tool
//   boss.tool(nodes.tool(2, "find-orders"));                // a node's tool as a tool
//
// A link is a local actor standing for one node. It takes the same messages as a node's host
// ((run_atom, agent_job) -> wire<step>, (tool_atom, tool_call) -> tool_result), so a remote
// sub-agent or tool is just an actor to the rest of the runtime. It connects (and after a loss
// reconnects) on its own, checks the peer's protocol, and watches the node: when the node goes
// away (killed, or silent past the heartbeat timeout) every pending run becomes a Step failing
// with node_lost and every pending tool call a tool error, both saying "node HOST:PORT lost".
// A node restarted on the same port is used again by the next request.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <caf/all.hpp>

#include "ptc/actors/agent.hpp"
#include "ptc/actors/gate.hpp"
#include "ptc/actors/node.hpp"
#include "ptc/actors/runtime.hpp"
#include "ptc/messages/step.hpp"

namespace ptc::actors {

struct node_address {
  std::string host;
  std::uint16_t port = 0;
  std::string label() const { return host + ":" + std::to_string(port); }
};

/// "h1:p1,h2:p2" (spaces allowed). Throws std::invalid_argument naming the bad entry.
std::vector<node_address> parse_node_list(std::string_view csv);

/// A node could not be used: unreachable, not a ptc node, or another protocol version.
class node_error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Figures of one link, shared with the cluster without a round trip.
struct link_counters {
  std::atomic<std::uint64_t> pending{0};  ///< runs and tool calls waiting for the node
  std::atomic<std::uint64_t> sent{0};     ///< runs and tool calls sent since the start
  std::atomic<std::uint64_t> failed{0};   ///< failed: the node was unreachable or went away
};

struct link_options {
  /// How long connecting and the handshake may take.
  std::chrono::milliseconds connect_timeout{2'000};
  /// The gate the connection goes through (TLS, limits, the BASP guard; cluster uses the
  /// runtime's client_gate()). None: CAF connects directly, unguarded.
  std::shared_ptr<class gate> through;
};

/// Spawns the link to `addr`. It connects on first use; (connect_atom) connects now and
/// answers node_info, or a CAF error whose context names the node and the reason.
caf::actor spawn_node_link(caf::actor_system& sys, node_address addr,
                           std::shared_ptr<link_counters> counters, link_options opts = {});

enum class placement { round_robin, least_loaded };

/// "round-robin" or "least-loaded"; throws std::invalid_argument.
placement parse_placement(std::string_view text);

class cluster {
 public:
  /// Connects to every node now; throws node_error naming the first node that cannot be used.
  /// `rt` must have been made with runtime_options::network and outlive the cluster.
  cluster(runtime& rt, std::vector<node_address> nodes, placement p = placement::round_robin,
          link_options opts = {});
  ~cluster();
  cluster(const cluster&) = delete;
  cluster& operator=(const cluster&) = delete;

  std::size_t size() const { return links_.size(); }
  const node_address& address(std::size_t i) const { return links_.at(i).addr; }
  /// The link to node i: give it to agent::on() to run that agent there.
  caf::actor node(std::size_t i) const { return links_.at(i).handle; }
  /// The node the placement picks next (round robin, or the fewest pending requests).
  std::size_t pick();
  /// Tools node i serves, bound to its link (use with agent::tool(spec, handle)).
  const std::vector<tool_binding>& tools(std::size_t i) const { return links_.at(i).tools; }
  /// One of them by name; throws node_error when node i does not serve it.
  tool_binding tool(std::size_t i, const std::string& name) const;
  /// Runs each agent on the node pick() gives (agents already placed with on() stay there).
  std::vector<messages::step> run_all(std::span<const agent> agents);
  const link_counters& counters(std::size_t i) const { return *links_.at(i).counters; }

 private:
  struct link {
    node_address addr;
    caf::actor handle;
    std::shared_ptr<link_counters> counters;
    std::vector<tool_binding> tools;
  };
  runtime& rt_;
  placement placement_;
  std::vector<link> links_;
  std::atomic<std::size_t> next_{0};
};

}  // namespace ptc::actors
