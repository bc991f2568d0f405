#include "examples/ptc/node_command.hpp"

#include <csignal>
#include <iostream>
#include <memory>
#include <string>

#include <caf/io/all.hpp>

#include "ptc/actors/gate.hpp"
#include "ptc/actors/http_server.hpp"
#include "ptc/actors/node.hpp"
#include "ptc/actors/runtime.hpp"
#include "ptc/config/settings.hpp"
#include "examples/demo/demo_tools.hpp"
#include "examples/ptc/cli_common.hpp"

namespace ptc::cli {
namespace {

using json = nlohmann::ordered_json;


struct node_flags {
  int port = -1;
  std::string host = "127.0.0.1";
  std::string config_file, llm, script, replay, data_file, tools, log_level, protocol, scheduler;
  std::size_t threads = 0;
  bool insecure_plaintext = false;  ///< a non-loopback address without TLS, knowingly
  tls_flags tls;
};

config::settings load_settings(const node_flags& f) {
  std::optional<std::filesystem::path> file;
  if (!f.config_file.empty()) file = f.config_file;
  return config::load(file, config::environment::from_process(), [&f](config::settings& s) {
    apply_llm_flags(s, f.llm, f.replay, f.script, f.log_level);
    apply_tls_flags(s, f.tls);
  });
}

int node_command(const node_flags& f) {
  if (f.port < 0 || f.port > 65535) {
    std::cerr << "Error: --port: expected 0 (any free port) to 65535\n";
    return exit_usage;
  }
  config::settings settings;
  try {
    settings = load_settings(f);
  } catch (const config::config_error& e) {
    std::cerr << "Error: " << e.what() << "\n";
    return exit_usage;
  }
  // Without TLS a node serves anyone who reaches it, in plaintext: only on loopback, unless
  // asked for knowingly, and then said on every start.
  const bool tls = !settings.node.tls.cert.empty() || !settings.node.tls.key.empty() || !settings.node.tls.ca.empty();
  if (!tls && !actors::is_loopback_host(f.host)) {
    if (!f.insecure_plaintext) {
      std::cerr << "Error: --host " << f.host
                << ": a node on a non-loopback address needs TLS (--tls-cert, --tls-key, --tls-ca; `ptc certs init "
                   "DIR` makes them), else it serves anyone who reaches it, unauthenticated and in plaintext. Pass "
                   "--insecure-plaintext to do that anyway on a network you trust\n";
      return exit_usage;
    }
    std::cerr << "ptc node: WARNING: listening on " << f.host
              << " in plaintext without authentication (--insecure-plaintext): anyone who reaches the port can "
                 "run agents with this node's LLM key and call its tools\n";
  }
  auto loaded = load_data(f.data_file);
  if (!loaded) return exit_usage;
  json data = std::move(*loaded);
  // The registry's tools: --tools, else the settings' node.tools, else all; the declared
  // agents may use any of them.
  const auto registry = demo::demo_tools(std::make_shared<const json>(std::move(data)));
  std::vector<demo::demo_tool> tools;
  try {
    tools = demo::select_tools(registry, split_names(f.tools.empty() ? settings.node.tools : f.tools));
  } catch (const std::invalid_argument& e) {
    std::cerr << "Error: " << (f.tools.empty() ? "node.tools" : "--tools") << ": " << e.what() << "\n";
    return exit_usage;
  }
  std::vector<actors::agent> declared;
  for (std::size_t i = 0; i < settings.node.agents.size(); ++i) {
    const std::string where = "node.agents[" + std::to_string(i) + "].";
    std::vector<std::string> wanted;
    try {
      declared.push_back(declared_agent(settings.node.agents[i], wanted));
      // Only the tools it names (none when it names none).
      for (const auto& t : wanted.empty() ? std::vector<demo::demo_tool>{} : demo::select_tools(registry, wanted))
        declared.back().tool(t.name, t.description, t.signature, t.fn);
    } catch (const std::invalid_argument& e) {
      const bool tools_problem = declared.size() == i + 1;  // the agent was made: its tools were the problem
      std::cerr << "Error: " << where << (tools_problem ? "tools: " : "") << e.what() << "\n";
      return exit_usage;
    }
  }

  actors::runtime_options opts = actors::runtime_options::from(settings);
  opts.network = true;
  opts.threads = f.threads;
  opts.scheduler_policy = f.scheduler;
  opts.replay = f.replay;
  if (settings.llm.provider == "scripted") {
    auto entries = load_script(f.script);
    if (!entries) return exit_usage;
    opts.script = actors::script_from(std::move(*entries));
  }

  const sigset_t signals = stop_signals();
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);
  try {
    actors::runtime rt{std::move(opts)};
    auto& sys = rt.system();
    actors::node_host_options host;
    host.llm = rt.llm();
    host.interpreter = [&rt] { return rt.interpreter(); };
    if (!f.protocol.empty()) host.protocol = f.protocol;
    host.max_agents_per_client = settings.node.max_agents_per_client;
    host.max_tool_calls_per_client = settings.node.max_tool_calls_per_client;
    std::vector<caf::actor> tool_actors;
    std::string names;
    for (const auto& t : tools) {
      actors::tool_binding b;
      b.spec = messages::tool_spec{t.name, t.description, t.signature};
      b.handle = actors::spawn_function_tool(sys, t.fn);
      tool_actors.push_back(b.handle);
      host.tools.push_back(std::move(b));
      names += (names.empty() ? "" : ", ") + t.name;
    }
    for (const auto& a : declared) {
      host.tools.push_back(rt.serve_as_tool(a));
      tool_actors.push_back(host.tools.back().handle);
      names += (names.empty() ? "" : ", ") + a.name() + " (agent)";
    }
    host.name = f.host + ":" + std::to_string(f.port);
    auto handle = actors::spawn_node_host(sys, host);
    // The middleman listens on loopback only; peers reach it through the gate, which admits
    // them (TLS, the handshake timeout, connection limits) and guards every byte.
    auto inner = sys.middleman().publish(handle, 0, "127.0.0.1", true);
    auto stop = [&] {
      caf::anon_send_exit(handle, caf::exit_reason::user_shutdown);
      for (auto& t : tool_actors) caf::anon_send_exit(t, caf::exit_reason::user_shutdown);
    };
    if (!inner) {
      std::cerr << "Error: cannot publish the node on 127.0.0.1 (" << sys.render(inner.error()) << ")\n";
      stop();
      return exit_usage;
    }
    std::shared_ptr<actors::gate> gate;
    try {
      gate = actors::gate::inbound(f.host, static_cast<std::uint16_t>(f.port), *inner,
                                   actors::gate_options_from(settings.node));
    } catch (const std::exception& e) {
      std::cerr << "Error: " << e.what() << "\n";
      sys.middleman().unpublish(handle, *inner);
      stop();
      return exit_usage;
    }
    const auto port = std::make_optional<std::uint16_t>(gate->port());
    // With --port 0 the system chose the port: the host names itself by the real one (before
    // any client can know the port, so before any client message).
    host.name = f.host + ":" + std::to_string(*port);
    caf::anon_send(handle, caf::put_atom::value, host.name);
    std::cout << "ptc node listening on " << f.host << ":" << *port << " (" << (tls ? "TLS" : "plaintext")
              << "; protocol " << host.protocol
              << "; llm " << llm_label(settings.llm) << "; tools: "
              << (names.empty() ? "none" : names) << ")" << std::endl;
    int sig = 0;
    sigwait(&signals, &sig);
    std::cerr << "ptc node " << host.name << ": stopping (signal " << sig << ")\n";
    gate.reset();  // no new peers; the connections close
    sys.middleman().unpublish(handle, *inner);
    stop();
    return 0;
  } catch (const std::exception& e) {
    std::cerr << "Error: " << e.what() << "\n";
    return exit_usage;
  }
}

}  // namespace

void add_node_command(CLI::App& app, int& exit_code) {
  auto f = std::make_shared<node_flags>();
  CLI::App* cmd = app.add_subcommand("node", "Run agents and serve tools for other ptc processes");
  cmd->add_option("--port", f->port, "TCP port to listen on (0: any free port, printed)")->required();
  cmd->add_option("--host", f->host,
                  "Address to listen on (default 127.0.0.1; another address needs TLS or --insecure-plaintext)");
  add_tls_options(cmd, f->tls, "clients");
  cmd->add_flag("--insecure-plaintext", f->insecure_plaintext,
                "Allow a non-loopback --host without TLS: no authentication, no encryption (a warning is printed "
                "on every start)");
  cmd->add_option("--config", f->config_file, "Settings file (JSON; see config/README.md)");
  add_llm_options(cmd, f->llm, f->script, f->replay, "this node's agents");
  cmd->add_option("--data", f->data_file, "JSON object the tools work on (default: the demo data)");
  cmd->add_option("--tools", f->tools, "Comma-separated tools to serve (default: all of `ptc run --list-tools`)");
  cmd->add_option("--threads", f->threads, "Scheduler threads (default: the machine's cores)");
  add_scheduler_option(cmd, f->scheduler);
  cmd->add_option("--log-level", f->log_level, "trace, debug, info, warn (default), error, critical, off");
  // Tests use it to stand for a peer of another ptc version.
  cmd->add_option("--protocol", f->protocol, "Protocol name to announce (for tests)")->group("");
  cmd->callback([f, &exit_code] { exit_code = node_command(*f); });
}

}  // namespace ptc::cli
