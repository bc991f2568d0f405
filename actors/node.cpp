// The node host: runs sub-agents and serves tools for other processes (see node.hpp).
#include "actors/node.hpp"

#include <map>
#include <set>

#include <spdlog/spdlog.h>

#include "actors/sub_agent.hpp"

namespace ptc::actors {

std::string node_protocol() { return "ptc-node/1"; }

namespace {

struct host_state {
  static constexpr const char* name = "node_host";
  node_host_options opts;
  std::map<std::string, tool_binding> tools;
  node_load load;
  /// Sub-agents running for each remote requester, stopped when it goes away.
  std::map<caf::actor_addr, std::set<caf::actor_addr>> runs_of;
};

using host_ptr = caf::stateful_actor<host_state>*;

messages::step stopped_step(const std::string& agent, const std::string& node, const caf::error& err,
                            caf::actor_system& sys) {
  messages::step s;
  s.agent_name = agent;
  s.fail = messages::failure{messages::failure_reason::cancelled,
                             "the sub-agent on node " + node + " stopped without a result (" +
                                 sys.render(err) + ")",
                             {}};
  return s;
}

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
    auto it = self->state.runs_of.find(dm.source);
    if (it == self->state.runs_of.end()) return;
    spdlog::info("node {}: a client went away; stopping its {} sub-agent(s)", self->state.opts.name,
                 it->second.size());
    for (const auto& sub : it->second) self->send_exit(sub, caf::exit_reason::user_shutdown);
    self->state.runs_of.erase(it);
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
        if (!job.llm) job.llm = st.opts.llm;
        job.interpreter = st.opts.interpreter();
        const std::string agent = job.spec ? job.spec->name : std::string{};
        auto sub = spawn_sub_agent(self->system(), std::move(job));
        // A requester on another node is watched: its runs stop when it goes away.
        caf::actor_addr requester;
        if (auto sender = self->current_sender(); sender && sender->node() != self->node()) {
          requester = caf::actor_cast<caf::actor_addr>(sender);
          auto [it, fresh] = st.runs_of.try_emplace(requester);
          if (fresh) self->monitor(sender);
          it->second.insert(sub.address());
        }
        ++st.load.running;
        auto rp = self->make_response_promise<wire<messages::step>>();
        auto settle = [self, requester, done = sub.address()] {
          auto& s = self->state;
          --s.load.running;
          ++s.load.finished;
          if (auto it = s.runs_of.find(requester); it != s.runs_of.end()) it->second.erase(done);
        };
        // The sub-agent always answers (its own timeouts end every wait; a killed one answers
        // with an error at once), so the request needs no timer.
        self->request(sub, caf::infinite, run_atom::value)
            .then(
                [=](wire<messages::step>& s) mutable {
                  settle();
                  rp.deliver(std::move(s));
                },
                [=](caf::error& err) mutable {
                  settle();
                  rp.deliver(wire<messages::step>{
                      stopped_step(agent, self->state.opts.name, err, self->system())});
                });
        return rp;
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
        ++st.load.tool_calls;
        auto rp = self->make_response_promise<tool_result>();
        const std::string name = call.name;
        // Tool actors always answer (a function tool catches what its callable throws).
        self->request(it->second.handle, caf::infinite, tool_atom::value, std::move(call))
            .then([=](tool_result& r) mutable { rp.deliver(std::move(r)); },
                  [=](caf::error& err) mutable {
                    rp.deliver(tool_result{false, "",
                                           "tool " + name + " on node " + self->state.opts.name +
                                               " failed: " + self->system().render(err),
                                           {}});
                  });
        return rp;
      },
      [=](stats_atom) { return self->state.load; },
      [=](caf::put_atom, const std::string& name) {
        // Only from this process: the publisher names the host after the port it got.
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
