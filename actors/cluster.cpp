// Links to nodes and the cluster (see cluster.hpp).
#include "ptc/actors/cluster.hpp"

#include <algorithm>
#include <charconv>
#include <functional>
#include <limits>
#include <map>
#include <set>

#include <caf/io/all.hpp>
#include <spdlog/spdlog.h>

#include "ptc/actors/exception_net.hpp"

namespace ptc::actors {
namespace {

/// Called once the link knows whether it has a node: `host` valid, or `problem` says why not.
using host_waiter = std::function<void(const caf::actor& host, const std::string& problem)>;

struct link_state {
  static constexpr const char* name = "node_link";
  node_address addr;
  std::string label;
  link_options opts;
  std::shared_ptr<link_counters> counters;
  caf::actor host;     ///< invalid: not connected
  node_info info;      ///< what the node said at the last handshake
  bool connecting = false;
  std::vector<host_waiter> waiting;
  /// Requests sent to the node and not answered: how to fail each when the node is lost.
  std::map<std::uint64_t, std::function<void(const std::string&)>> pending;
  std::uint64_t next_id = 0;
};

using link_ptr = caf::stateful_actor<link_state>*;

/// The text of an error made by this file (a string in its context), else CAF's rendering.
std::string error_text(caf::actor_system& sys, const caf::error& err) {
  const auto& ctx = err.context();
  if (ctx.match_elements<std::string>()) return ctx.get_as<std::string>(0);
  return sys.render(err);
}

/// Why a connection failed: the gate's reason when it has one (CAF only saw its local
/// connection close), else CAF's.
std::string gate_reason(link_ptr self, const caf::error& err) {
  const auto& st = self->state;
  if (st.opts.through)
    if (auto why = st.opts.through->last_failure(st.addr.host, st.addr.port); !why.empty()) return why;
  return self->system().render(err);
}

void connected(link_ptr self, caf::actor host, node_info info, const std::string& problem) {
  auto& st = self->state;
  st.connecting = false;
  st.host = host;
  if (host) {
    st.info = std::move(info);
    spdlog::info("node link {}: connected ({} tools)", st.label, st.info.tools.size());
  } else {
    spdlog::info("node link {}: {}", st.label, problem);  // the caller gets it as an error
  }
  auto waiting = std::move(st.waiting);
  st.waiting.clear();
  for (auto& w : waiting) w(host, problem);
}

/// Connects: the middleman opens the connection, then the handshake checks the protocol with
/// basic types only (a peer of another version still understands it), then the node's info.
void connect(link_ptr self) {
  auto& st = self->state;
  st.connecting = true;
  const auto timeout = st.opts.connect_timeout;
  const std::string label = st.label;
  // Through the gate: CAF dials its local port for the node, the gate dials the node.
  std::string host = st.addr.host;
  std::uint16_t port = st.addr.port;
  if (st.opts.through) {
    try {
      port = st.opts.through->route(host, port);
      host = "127.0.0.1";
    } catch (const std::exception& e) {
      connected(self, {}, {}, "node " + label + " unreachable (" + e.what() + ")");
      return;
    }
  }
  auto mm = self->system().middleman().actor_handle();
  self->request(mm, timeout, caf::connect_atom::value, host, port)
      .then(
          [=](const caf::node_id&, caf::strong_actor_ptr& ptr, const std::set<std::string>&) {
            if (!ptr) {
              connected(self, {}, {}, "node " + label + " publishes no actor: not a ptc node");
              return;
            }
            auto host = caf::actor_cast<caf::actor>(ptr);
            self->request(host, timeout, hello_atom::value, node_protocol())
                .then(
                    [=](std::string& protocol, std::string&) {
                      if (protocol != node_protocol()) {
                        connected(self, {}, {},
                                  "node " + label + " speaks protocol \"" + protocol +
                                      "\", this process \"" + node_protocol() +
                                      "\": run the same ptc version on every node");
                        return;
                      }
                      self->request(host, timeout, info_atom::value)
                          .then(
                              [=](node_info& info) {
                                self->monitor(host);
                                connected(self, host, std::move(info), "");
                              },
                              [=](caf::error& err) {
                                connected(self, {}, {},
                                          "node " + label + " did not describe itself (" +
                                              self->system().render(err) + ")");
                              });
                    },
                    [=](caf::error& err) {
                      connected(self, {}, {},
                                "node " + label + " did not answer the ptc handshake (" +
                                    self->system().render(err) +
                                    "): not a ptc node, or a different ptc version");
                    });
          },
          [=](caf::error& err) {
            connected(self, {}, {}, "node " + label + " unreachable (" + gate_reason(self, err) + ")");
          });
}

/// Runs `w` with the node: now when connected, else once (re)connecting ends.
void with_host(link_ptr self, host_waiter w) {
  auto& st = self->state;
  if (st.host) {
    w(st.host, "");
    return;
  }
  st.waiting.push_back(std::move(w));
  if (!st.connecting) connect(self);
}

/// Fails every pending request: the node went away (or the link is closing).
void fail_pending(link_ptr self, const std::string& why) {
  auto& st = self->state;
  auto pending = std::move(st.pending);
  st.pending.clear();
  st.counters->pending -= pending.size();
  st.counters->failed += pending.size();
  for (auto& [_, fail] : pending) fail(why);
}

/// Ends pending request `id`; false when it was already failed (the node was lost first).
bool settle(link_ptr self, std::uint64_t id) {
  if (self->state.pending.erase(id) == 0) return false;
  --self->state.counters->pending;
  return true;
}

/// Sends (Atom, payload) to the node and answers with its reply, or with `failed(why)` when
/// the node cannot be reached or goes away first. `prepare` adapts the payload to the node.
template <class Reply, class Atom, class Payload>
caf::result<Reply> forward(link_ptr self, Payload payload,
                           std::function<Reply(const std::string&)> failed,
                           std::function<void(Payload&, const caf::actor& host)> prepare = {}) {
  auto rp = self->make_response_promise<Reply>();
  ++self->state.counters->pending;
  ++self->state.counters->sent;
  with_host(self, [=, payload = std::move(payload)](const caf::actor& host,
                                                    const std::string& problem) mutable {
    auto& st = self->state;
    if (!host) {
      --st.counters->pending;
      ++st.counters->failed;
      rp.deliver(failed(problem));
      return;
    }
    const auto id = st.next_id++;
    st.pending.emplace(id, [rp, failed](const std::string& why) mutable { rp.deliver(failed(why)); });
    if (prepare) prepare(payload, host);
    // No timer: the node answers every request, and when it goes away the down message (a
    // closed connection, or silence past the heartbeat timeout) fails this one.
    self->request(host, caf::infinite, Atom::value, std::move(payload))
        .then(
            [=](Reply& r) mutable {
              if (settle(self, id)) rp.deliver(std::move(r));
            },
            [=](caf::error& err) mutable {
              if (settle(self, id))
                rp.deliver(failed("node " + self->state.label + " failed the request (" +
                                  self->system().render(err) + ")"));
            });
  });
  return rp;
}

caf::behavior node_link(link_ptr self, std::shared_ptr<node_address> addr,
                        std::shared_ptr<link_counters> counters, link_options opts) {
  auto& st = self->state;
  st.addr = *addr;
  st.label = addr->label();
  st.opts = opts;
  st.counters = std::move(counters);
  self->set_down_handler([self](const caf::down_msg& dm) {
    auto& st = self->state;
    if (!st.host || dm.source != st.host.address()) return;
    st.host = nullptr;
    const std::string why = "node " + st.label + " lost (" + gate_reason(self, dm.reason) + ")";
    spdlog::warn("{}; failing {} pending request(s)", why, st.pending.size());
    fail_pending(self, why);
  });
  // Closing the link answers whatever still waits, so no caller waits forever.
  auto fail_everyone = [self](const std::string& why) {
    fail_pending(self, why);
    auto waiting = std::move(self->state.waiting);
    for (auto& w : waiting) w(nullptr, why);
  };
  self->set_exit_handler([self, fail_everyone](const caf::exit_msg& em) {
    fail_everyone("the link to node " + self->state.label + " was closed");
    self->quit(em.reason);
  });
  detail::install_exception_net(self, "the link to node " + st.label, fail_everyone);
  return {
      [=](caf::connect_atom) -> caf::result<node_info> {
        auto rp = self->make_response_promise<node_info>();
        with_host(self, [=](const caf::actor& host, const std::string& problem) mutable {
          if (host) rp.deliver(self->state.info);
          else rp.deliver(caf::make_error(caf::sec::runtime_error, problem));
        });
        return rp;
      },
      [=](run_atom, agent_job& job) -> caf::result<wire<messages::step>> {
        const std::string agent = job.spec ? job.spec->name : std::string{};
        const caf::actor me = caf::actor_cast<caf::actor>(self);
        return forward<wire<messages::step>, run_atom, agent_job>(
            self, std::move(job),
            [agent](const std::string& why) {
              return wire<messages::step>{
                  messages::failed_before_turns(agent, messages::failure_reason::node_lost, why)};
            },
            // This node's tools given to an agent that runs on it are called there, through
            // its host, not through this link and back.
            [me](agent_job& j, const caf::actor& host) {
              for (auto& b : j.tools)
                if (b.handle == me) b.handle = host;
            });
      },
      [=](tool_atom, tool_call& call) -> caf::result<tool_result> {
        return forward<tool_result, tool_atom, tool_call>(
            self, std::move(call),
            [](const std::string& why) { return tool_result{false, "", why, {}}; });
      },
  };
}

}  // namespace

std::vector<node_address> parse_node_list(std::string_view csv) {
  std::vector<node_address> out;
  std::string entry;
  auto add = [&] {
    if (entry.empty()) return;
    const auto colon = entry.rfind(':');
    if (colon == std::string::npos || colon == 0 || colon + 1 == entry.size())
      throw std::invalid_argument("\"" + entry + "\" is not HOST:PORT");
    unsigned port = 0;
    const char* first = entry.data() + colon + 1;
    const char* last = entry.data() + entry.size();
    auto [end, ec] = std::from_chars(first, last, port);
    if (ec != std::errc{} || end != last || port == 0 || port > std::numeric_limits<std::uint16_t>::max())
      throw std::invalid_argument("\"" + entry + "\": the port must be a number from 1 to 65535");
    out.push_back(node_address{entry.substr(0, colon), static_cast<std::uint16_t>(port)});
    entry.clear();
  };
  for (char c : csv) {
    if (c == ',') add();
    else if (c != ' ') entry += c;
  }
  add();
  if (out.empty()) throw std::invalid_argument("no nodes given (expected HOST:PORT,HOST:PORT,...)");
  return out;
}

placement parse_placement(std::string_view text) {
  if (text == "round-robin") return placement::round_robin;
  if (text == "least-loaded") return placement::least_loaded;
  throw std::invalid_argument("placement \"" + std::string(text) +
                              "\": expected round-robin or least-loaded");
}

caf::actor spawn_node_link(caf::actor_system& sys, node_address addr,
                           std::shared_ptr<link_counters> counters, link_options opts) {
  return sys.spawn(node_link, std::make_shared<node_address>(std::move(addr)), std::move(counters), opts);
}

cluster::cluster(runtime& rt, std::vector<node_address> nodes, placement p, link_options opts)
    : rt_(rt), placement_(p) {
  auto& sys = rt_.system();
  if (!sys.has_middleman())
    throw node_error("the runtime was made without the network layer (runtime_options::network)");
  if (!opts.through) opts.through = rt.client_gate();
  std::string problem;
  for (auto& addr : nodes) {
    link l;
    l.addr = addr;
    l.counters = std::make_shared<link_counters>();
    l.handle = spawn_node_link(sys, addr, l.counters, opts);
    caf::scoped_actor self{sys};
    self->request(l.handle, opts.connect_timeout * 3, caf::connect_atom::value)
        .receive(
            [&](node_info& info) {
              l.tools = std::move(info.tools);
              for (auto& t : l.tools) t.handle = l.handle;
            },
            [&](caf::error& err) { problem = error_text(sys, err); });
    links_.push_back(std::move(l));
    if (!problem.empty()) break;
  }
  if (!problem.empty()) {
    for (auto& l : links_) caf::anon_send_exit(l.handle, caf::exit_reason::user_shutdown);
    throw node_error(problem);
  }
}

cluster::~cluster() {
  for (auto& l : links_) caf::anon_send_exit(l.handle, caf::exit_reason::user_shutdown);
}

std::size_t cluster::pick() {
  const std::size_t start = next_.fetch_add(1, std::memory_order_relaxed) % links_.size();
  if (placement_ == placement::round_robin) return start;
  // Least loaded: the fewest requests pending from this process; ties go round robin.
  std::size_t best = start;
  for (std::size_t k = 1; k < links_.size(); ++k) {
    const std::size_t i = (start + k) % links_.size();
    if (links_[i].counters->pending.load() < links_[best].counters->pending.load()) best = i;
  }
  return best;
}

tool_binding cluster::tool(std::size_t i, const std::string& name) const {
  for (const auto& t : links_.at(i).tools)
    if (t.spec.name == name) return t;
  std::string known;
  for (const auto& t : links_.at(i).tools) known += (known.empty() ? "" : ", ") + t.spec.name;
  throw node_error("node " + links_.at(i).addr.label() + " serves no tool " + name + " (it serves: " +
                   (known.empty() ? "none" : known) + ")");
}

std::vector<messages::step> cluster::run_all(std::span<const agent> agents) {
  std::vector<agent> placed(agents.begin(), agents.end());
  for (auto& a : placed)
    if (!a.node()) a.on(node(pick()));
  return rt_.run_all(placed);
}

}  // namespace ptc::actors
