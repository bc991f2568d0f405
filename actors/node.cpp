// The node host: runs sub-agents and serves tools for other processes (see node.hpp).
#include "ptc/actors/node.hpp"

#include <map>
#include <set>

#include <spdlog/spdlog.h>

#include "ptc/actors/exception_net.hpp"
#include "ptc/actors/sub_agent.hpp"

namespace ptc::actors {

std::string node_protocol() { return "ptc-node/2"; }

namespace {

/// A run in progress: whom to answer.
struct running_job {
  caf::typed_response_promise<wire<messages::step>> promise;
  caf::actor_addr requester;  ///< invalid: a local requester
  caf::actor_addr sub;
  caf::node_id peer;          ///< the requester's process
};

struct host_state {
  static constexpr const char* name = "node_host";
  node_host_options opts;
  std::map<std::uint64_t, running_job> runs;
  std::uint64_t next_run = 0;
  std::map<std::string, tool_binding> tools;
  node_load load;
  /// Remote requesters being monitored: their runs stop when they go away.
  std::set<caf::actor_addr> watched;
  /// Per client process: runs going, tool calls in flight.
  std::map<caf::node_id, std::size_t> runs_of, calls_of;
};

/// Takes one of `count` for the sender's process unless `limit` are taken; false when full.
bool take_slot(std::map<caf::node_id, std::size_t>& count, const caf::node_id& peer, std::size_t limit) {
  auto& n = count[peer];
  if (n >= limit) return false;
  ++n;
  return true;
}

void give_slot(std::map<caf::node_id, std::size_t>& count, const caf::node_id& peer) {
  auto it = count.find(peer);
  if (it != count.end() && --it->second == 0) count.erase(it);
}

using host_ptr = caf::stateful_actor<host_state>*;

std::string tool_names(const host_state& st) {
  std::string out;
  for (const auto& [name, _] : st.tools) out += (out.empty() ? "" : ", ") + name;
  return out.empty() ? "none" : out;
}

caf::behavior node_host(host_ptr self, std::shared_ptr<node_host_options> opts) {
  auto& st = self->state;
  st.opts = std::move(*opts);
  for (const auto& t : st.opts.tools) st.tools.emplace(t.spec.name, t);
  self->set_down_handler([self](const caf::down_msg& dm) {
    auto& st = self->state;
    if (st.watched.erase(dm.source) == 0) return;
    std::size_t stopped = 0;
    for (const auto& [_, run] : st.runs) {
      if (run.requester != dm.source) continue;
      self->send_exit(run.sub, caf::exit_reason::user_shutdown);
      ++stopped;
    }
    spdlog::info("node {}: a client went away; stopping its {} sub-agent(s)", st.opts.name, stopped);
  });
  // A handler that throws ends the node: its runs stop, and their requesters hear why now.
  detail::install_exception_net(self, "node " + st.opts.name, [self](const std::string& message) {
    auto runs = std::move(self->state.runs);
    for (auto& [_, run] : runs) {
      self->send_exit(run.sub, caf::exit_reason::user_shutdown);
      run.promise.deliver(wire<messages::step>{
          messages::failed_before_turns("", messages::failure_reason::node_lost, message)});
    }
  });
  // Stopping the node stops what runs on it (the requesters see the node go: node_lost).
  self->set_exit_handler([self](const caf::exit_msg& em) {
    for (const auto& [_, run] : self->state.runs) self->send_exit(run.sub, em.reason);
    self->quit(em.reason);
  });
  return {
      [=](hello_atom, const std::string&) -> caf::result<std::string, std::string> {
        return {self->state.opts.protocol, self->state.opts.name};
      },
      [=](info_atom) -> node_info {
        node_info info;
        info.name = self->state.opts.name;
        for (const auto& [_, t] : self->state.tools) info.tools.push_back(t);
        return info;
      },
      [=](run_atom, agent_job& job) -> caf::result<wire<messages::step>> {
        auto& st = self->state;
        const auto sender = self->current_sender();
        const caf::node_id peer = sender ? sender->node() : caf::node_id{};
        if (!take_slot(st.runs_of, peer, st.opts.max_agents_per_client))
          return wire<messages::step>{messages::failed_before_turns(
              job.spec ? job.spec->name : std::string(), messages::failure_reason::refused,
              "node " + st.opts.name + " refused the run: this client already runs " +
                  std::to_string(st.opts.max_agents_per_client) +
                  " agents there (its node.max_agents_per_client)")};
        if (!job.llm) job.llm = st.opts.llm;
        job.interpreter = st.opts.interpreter();
        const auto id = st.next_run++;
        // The Step comes back through the done callback, which also answers when the
        // sub-agent is stopped (a request to it would never be answered then).
        auto sub = spawn_sub_agent(self->system(), std::move(job),
                                   [host = caf::actor_cast<caf::actor>(self), id](messages::step s) {
                                     caf::anon_send(host, caf::ok_atom::value, id, wire<messages::step>{std::move(s)});
                                   });
        // A requester on another node is watched: its runs stop when it goes away.
        caf::actor_addr requester;
        if (sender && peer != self->node()) {
          requester = caf::actor_cast<caf::actor_addr>(sender);
          if (st.watched.insert(requester).second) self->monitor(sender);
        }
        ++st.load.running;
        auto rp = self->make_response_promise<wire<messages::step>>();
        st.runs.emplace(id, running_job{rp, requester, sub.address(), peer});
        caf::anon_send(sub, run_atom::value);
        return rp;
      },
      [=](caf::ok_atom, std::uint64_t id, wire<messages::step>& s) {
        auto& st = self->state;
        auto it = st.runs.find(id);
        if (it == st.runs.end()) return;
        --st.load.running;
        ++st.load.finished;
        give_slot(st.runs_of, it->second.peer);
        // To another process goes what the caller needs, not every value its program defined.
        if (it->second.requester) s = wire<messages::step>{messages::bounded_for_peer(*s)};
        it->second.promise.deliver(std::move(s));
        st.runs.erase(it);
      },
      [=](tool_atom, tool_call& call) -> caf::result<tool_result> {
        auto& st = self->state;
        auto it = st.tools.find(call.name);
        if (it == st.tools.end()) {
          return tool_result{false, "",
                             "node " + st.opts.name + " serves no tool " + call.name +
                                 " (it serves: " + tool_names(st) + ")",
                             {}};
        }
        const auto caller = self->current_sender();
        const caf::node_id peer = caller ? caller->node() : caf::node_id{};
        if (!take_slot(st.calls_of, peer, st.opts.max_tool_calls_per_client))
          return tool_result{false, "",
                             "node " + st.opts.name + " refused the call: this client already has " +
                                 std::to_string(st.opts.max_tool_calls_per_client) +
                                 " tool calls in flight there (its node.max_tool_calls_per_client)",
                             {}};
        ++st.load.tool_calls;
        // A sub-agent tool of this node runs here: with this node's interpreter and LLM (the
        // caller's tree still gives its budget, depth and trace).
        call.context.interpreter = st.opts.interpreter();
        call.context.llm = st.opts.llm;
        auto rp = self->make_response_promise<tool_result>();
        const std::string name = call.name;
        const bool remote = caller && caller->node() != self->node();
        // Tool actors always answer (a function tool catches what its callable throws).
        self->request(it->second.handle, caf::infinite, tool_atom::value, std::move(call))
            .then([=](tool_result& r) mutable {
                    give_slot(self->state.calls_of, peer);
                    try {
                      if (remote)
                        for (auto& child : r.children)
                          if (child) child = wire<messages::step>{messages::bounded_for_peer(*child)};
                    } catch (const std::exception& e) {
                      // The promise lives in this handler only: an exception would drop it.
                      r.children.clear();
                      spdlog::warn("node {}: the sub-agent Steps of a {} call were dropped: {}",
                                   self->state.opts.name, name, e.what());
                    }
                    rp.deliver(std::move(r));
                  },
                  [=](caf::error& err) mutable {
                    give_slot(self->state.calls_of, peer);
                    rp.deliver(tool_result{false, "",
                                           "tool " + name + " on node " + self->state.opts.name +
                                               " failed: " + self->system().render(err),
                                           {}});
                  });
        return rp;
      },
      [=](stats_atom) { return self->state.load; },
      [=](caf::put_atom, const std::string& name) {
        // The publisher names the host after the port it got; a peer that identifies itself
        // cannot rename it.
        if (self->current_sender() && self->current_sender()->node() != self->node()) return;
        self->state.opts.name = name;
      },
  };
}

}  // namespace

caf::actor spawn_node_host(caf::actor_system& sys, node_host_options opts) {
  return sys.spawn(node_host, std::make_shared<node_host_options>(std::move(opts)));
}

}  // namespace ptc::actors
