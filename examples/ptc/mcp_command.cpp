#include "examples/ptc/mcp_command.hpp"

#include <pthread.h>
#include <signal.h>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstdlib>
#include <functional>
#include <iostream>
#include <memory>
#include <mutex>
#include <set>
#include <string>

#include <spdlog/spdlog.h>

#include "ptc/actors/mcp.hpp"
#include "ptc/actors/mcp_http.hpp"
#include "ptc/actors/mcp_server.hpp"
#include "ptc/config/secret.hpp"
#include "ptc/actors/runtime.hpp"
#include "ptc/config/settings.hpp"
#include "examples/demo/demo_tools.hpp"
#include "examples/ptc/cli_common.hpp"
#include "ptc/messages/namespace.hpp"

namespace ptc::cli {
namespace {

using json = nlohmann::ordered_json;

/// A longer line from the client is answered with a parse error; the bytes beyond the limit
/// are skipped as they are read, not kept.
constexpr std::size_t max_line_bytes = 64u << 20;
/// After stdin closes, how long calls in flight may take to finish before they are dropped.
constexpr std::chrono::seconds drain_limit{30};

struct mcp_flags {
  std::vector<std::string> mcp;  ///< upstream servers: --mcp NAME='command args...'
  std::vector<std::string> mcp_url;  ///< upstream servers: --mcp-url NAME=URL
  std::vector<std::string> expose;   ///< upstream servers whose tools are served as they are
  std::string tools;             ///< demo tools to offer ("" none, "all")
  std::string data_file, config_file, log_level;
  std::string llm, script, replay;  ///< the LLM of the served agents (mcp.agents)
  std::string scheduler;
  std::uint64_t timeout_ms = 0, max_steps = 0, max_memory_mb = 0;
  bool list_tools = false;
  std::string http;                       ///< --http [HOST:]PORT ("" : stdio)
  std::vector<std::string> allow_origins;  ///< --allow-origin ORIGIN
  std::string token_env;                  ///< --token-env NAME
};

using publish_fn = std::function<void(std::vector<actors::tool_binding>, std::vector<actors::mcp_exposed_tool>)>;

/// The tools of the exposed servers (tools.mcp[].expose) as the session serves them: each with
/// its server's own tools/list entry.
std::vector<actors::mcp_exposed_tool> exposed_tools(const std::vector<std::shared_ptr<actors::mcp_client>>& clients) {
  std::vector<actors::mcp_exposed_tool> out;
  for (const auto& c : clients) {
    if (!c->exposed()) continue;
    const auto tools = c->tools();
    const auto entries = c->tool_entries();
    for (std::size_t i = 0; i < tools.size() && i < entries.size(); ++i)
      out.push_back(actors::expose_tool(entries[i], tools[i]));
  }
  return out;
}

/// An upstream server's new tool list reaches the next calls (`publish` gets the whole list:
/// the C++ tools, the first `own` of `base`, then every server's; and the exposed tools). A
/// name that another server or a C++ tool already has is left out, with a warning. (Weak
/// references: the clients own the callbacks.)
void on_upstream_tools_changed(const mcp_connections& mcp, const std::vector<actors::tool_binding>& own,
                               publish_fn publish) {
  std::vector<std::weak_ptr<actors::mcp_client>> weak_clients(mcp.clients.begin(), mcp.clients.end());
  for (const auto& client : mcp.clients) {
    client->on_tools_changed([weak_clients, own, publish] {
      std::vector<actors::tool_binding> now = own;
      std::vector<std::shared_ptr<actors::mcp_client>> clients;
      std::set<std::string> names;
      for (const auto& t : now) names.insert(t.spec.name);
      for (const auto& weak : weak_clients) {
        auto c = weak.lock();
        if (!c) return;  // shutting down
        clients.push_back(c);
        for (auto& t : c->tools()) {
          if (names.insert(t.spec.name).second) now.push_back(std::move(t));
          else spdlog::warn("ptc mcp: tool/{} is offered twice; the second is left out", t.spec.name);
        }
      }
      publish(std::move(now), exposed_tools(clients));
    });
  }
}

/// The exposed tools take names no other tool of the session has (run_program, the agents,
/// each other): false after printing "Error: ..." on stderr.
bool exposed_names_free(const actors::mcp_server_options& opts) {
  std::set<std::string> names{"run_program"};
  for (const auto& a : opts.agents) names.insert(a.tool.spec.name);
  for (const auto& t : opts.exposed) {
    if (!names.insert(t.name).second) {
      std::cerr << "Error: the exposed tool " << t.name << " (tool/" << t.tool.spec.name
                << ") has the name of another tool ptc mcp serves (run_program, an agent, or an exposed tool of "
                   "another server): expose one of them only\n";
      return false;
    }
  }
  return true;
}

/// The next line of `in` without its end, keeping at most `limit` bytes of it: false at the end
/// of input. `too_long` says it had more (skipped as read: a client's endless line costs no
/// more memory than the limit).
bool read_line(std::istream& in, std::string& line, std::size_t limit, bool& too_long) {
  line.clear();
  too_long = false;
  std::streambuf* buf = in.rdbuf();
  bool any = false;
  for (;;) {
    const int c = buf->sbumpc();
    if (c == std::char_traits<char>::eof()) return any;
    any = true;
    if (c == '\n') return true;
    if (line.size() < limit) line.push_back(static_cast<char>(c));
    else too_long = true;
  }
}

/// One session on stdin/stdout until stdin closes.
int serve_stdio(caf::actor_system& sys, actors::mcp_server_options opts, const mcp_connections& mcp, std::size_t own) {
  const std::vector<actors::tool_binding> own_tools(opts.tools.begin(), opts.tools.begin() + own);
  const std::size_t count = opts.tools.size(), agents = opts.agents.size();
  // One writer at a time: each message is one line on stdout, flushed at once.
  auto out_mutex = std::make_shared<std::mutex>();
  auto session = actors::spawn_mcp_session(sys, std::move(opts), [out_mutex](std::string msg, const std::string&) {
    std::lock_guard<std::mutex> lock(*out_mutex);
    std::cout << msg << '\n' << std::flush;
  });
  on_upstream_tools_changed(mcp, own_tools, [session](std::vector<actors::tool_binding> now,
                                                       std::vector<actors::mcp_exposed_tool> exposed) {
    caf::anon_send(session, actors::mcp_set_tools_atom::value, std::move(now), std::move(exposed));
  });
  spdlog::info("ptc mcp: serving run_program on stdio with {} tools and {} agents", count, agents);
  std::string line;
  bool too_long = false;
  while (read_line(std::cin, line, max_line_bytes, too_long)) {
    if (too_long) {
      spdlog::warn("ptc mcp: skipped a message over {} MiB", max_line_bytes >> 20);
      std::lock_guard<std::mutex> lock(*out_mutex);
      std::cout << json{{"jsonrpc", "2.0"},
                        {"id", nullptr},
                        {"error",
                         {{"code", actors::jsonrpc::parse_error},
                          {"message", "Parse error: the message is longer than " +
                                          std::to_string(max_line_bytes >> 20) + " MiB (ptc mcp's limit); it was skipped"}}}}
                       .dump()
                << '\n'
                << std::flush;
      continue;
    }
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.find_first_not_of(" \t") == std::string::npos) continue;
    caf::anon_send(session, actors::mcp_in_atom::value, std::move(line));
  }
  // The client closed stdin: calls in flight are answered (for a while), then the session
  // ends, and with it every run still going.
  spdlog::info("ptc mcp: stdin closed, stopping");
  caf::scoped_actor self{sys};
  self->request(session, drain_limit, actors::mcp_drain_atom::value).receive([](bool) {}, [](caf::error&) {});
  self->send_exit(session, caf::exit_reason::user_shutdown);
  self->wait_for(session);
  return 0;
}

/// Streamable HTTP until SIGINT or SIGTERM (blocked in every thread by mcp_command, taken here).
int serve_http(caf::actor_system& sys, actors::mcp_server_options opts, const mcp_connections& mcp, std::size_t own,
               const mcp_flags& f) {
  actors::mcp_http_options h;
  const std::size_t colon = f.http.rfind(':');
  std::string port_text = f.http;
  if (colon != std::string::npos) {
    h.http.host = f.http.substr(0, colon);
    if (h.http.host.starts_with('[') && h.http.host.ends_with(']')) h.http.host = h.http.host.substr(1, h.http.host.size() - 2);
    port_text = f.http.substr(colon + 1);
  }
  unsigned port = 0;
  auto [ptr, ec] = std::from_chars(port_text.data(), port_text.data() + port_text.size(), port);
  if (ec != std::errc{} || ptr != port_text.data() + port_text.size() || port > 65535 || h.http.host.empty()) {
    std::cerr << "Error: --http: expected [HOST:]PORT, got \"" << f.http << "\"\n";
    return exit_usage;
  }
  h.http.port = static_cast<std::uint16_t>(port);
  h.allowed_origins = f.allow_origins;
  if (!f.token_env.empty()) {
    const char* token = std::getenv(f.token_env.c_str());
    if (token == nullptr || *token == '\0') {
      std::cerr << "Error: --token-env: the environment variable " << f.token_env << " is not set\n";
      return exit_usage;
    }
    h.bearer_token = token;
    config::register_secret(h.bearer_token);
  }
  const std::vector<actors::tool_binding> own_tools(opts.tools.begin(), opts.tools.begin() + own);
  const std::size_t count = opts.tools.size(), agents = opts.agents.size();
  auto started = actors::mcp_http_endpoint::start(sys, std::move(opts), std::move(h));
  if (auto* problem = std::get_if<std::string>(&started)) {
    std::cerr << "Error: --http: " << *problem << "\n";
    return exit_usage;
  }
  std::shared_ptr<actors::mcp_http_endpoint> endpoint = std::move(std::get<0>(started));
  std::weak_ptr<actors::mcp_http_endpoint> weak = endpoint;
  on_upstream_tools_changed(mcp, own_tools, [weak](std::vector<actors::tool_binding> now,
                                                    std::vector<actors::mcp_exposed_tool> exposed) {
    if (auto e = weak.lock()) e->set_tools(std::move(now), std::move(exposed));
  });
  // The address on stderr, always: whoever started the server (a script, a test) reads the port.
  std::cerr << "ptc mcp: listening on " << endpoint->url() << " with " << count << " tools and " << agents
            << " agents" << std::endl;
  const sigset_t stop = stop_signals();
  int sig = 0;
  sigwait(&stop, &sig);
  spdlog::info("ptc mcp: signal {}, stopping", sig);
  endpoint.reset();
  return 0;
}

/// The agents of mcp.agents as the session's agent tools, their tools taken by name from
/// `tools`. False after printing "Error: mcp.agents[i]...." on stderr.
bool serve_agents(actors::runtime& rt, const config::settings& settings, const std::vector<actors::tool_binding>& tools,
                  actors::mcp_server_options& opts) {
  opts.llm = rt.llm();
  opts.max_depth = settings.agent.max_depth;
  opts.turn_budget = settings.agent.turn_budget;
  for (std::size_t i = 0; i < settings.mcp.agents.size(); ++i) {
    const std::string where = "mcp.agents[" + std::to_string(i) + "].";
    std::vector<std::string> wanted;
    try {
      actors::agent a = declared_agent(settings.mcp.agents[i], wanted);
      if (a.name() == "run_program") {
        std::cerr << "Error: " << where << "name: run_program is ptc mcp's own tool\n";
        return false;
      }
      for (const auto& name : wanted) {
        auto t = std::find_if(tools.begin(), tools.end(), [&](const auto& b) { return b.spec.name == name; });
        if (t == tools.end()) {
          std::string known;
          for (const auto& b : tools) known += (known.empty() ? "" : ", ") + b.spec.name;
          std::cerr << "Error: " << where << "tools: no tool named " << name << " (the tools: "
                    << (known.empty() ? "none; add --tools, --mcp or --mcp-url" : known) << ")\n";
          return false;
        }
        a.tool(*t);
      }
      const std::size_t max_turns = a.max_turns_set().value_or(settings.agent.max_turns);
      opts.agents.push_back({rt.serve_as_tool(a), max_turns});
    } catch (const std::invalid_argument& e) {
      std::cerr << "Error: " << where << e.what() << "\n";
      return false;
    }
  }
  return true;
}

int mcp_command(const mcp_flags& f) {
  if (!f.http.empty()) {
    // Before any thread starts (they inherit the mask): serve_http takes these with sigwait.
    const sigset_t stop = stop_signals();
    pthread_sigmask(SIG_BLOCK, &stop, nullptr);
  }
  config::settings settings;
  try {
    std::optional<std::filesystem::path> file;
    if (!f.config_file.empty()) file = f.config_file;
    settings = config::load(file, config::environment::from_process(), [&f](config::settings& s) {
      apply_llm_flags(s, f.llm, f.replay, f.script, f.log_level);
      apply_mcp_flags(s, f.mcp, f.mcp_url);
      for (const auto& name : f.expose) {
        auto server = std::find_if(s.tools.mcp.begin(), s.tools.mcp.end(), [&](const auto& m) { return m.name == name; });
        if (server == s.tools.mcp.end())
          throw config::config_error("--expose", "no upstream server named " + name + " (give it with --mcp, --mcp-url or tools.mcp)");
        server->expose = true;
      }
      if (f.timeout_ms) s.agent.limits.timeout_ms = f.timeout_ms;
      if (f.max_steps) s.agent.limits.max_steps = f.max_steps;
      if (f.max_memory_mb) s.agent.limits.max_memory_bytes = f.max_memory_mb << 20;
    });
  } catch (const config::config_error& e) {
    std::cerr << "Error: " << e.what() << "\n";
    return exit_usage;
  }
  std::vector<demo::demo_tool> demo_tools;
  if (!f.tools.empty()) {
    auto data = load_data(f.data_file);
    if (!data) return exit_usage;
    try {
      auto all = demo::demo_tools(std::make_shared<const json>(std::move(*data)));
      demo_tools = demo::select_tools(all, f.tools == "all" ? std::vector<std::string>{} : split_names(f.tools));
    } catch (const std::invalid_argument& e) {
      std::cerr << "Error: --tools: " << e.what() << "\n";
      return exit_usage;
    }
  }

  try {
    actors::runtime_options ro = actors::runtime_options::from(settings);
    ro.replay = f.replay;
    ro.scheduler_policy = f.scheduler;
    if (settings.llm.provider == "scripted") {
      if (settings.mcp.agents.empty()) {
        // Programs need no LLM: the default provider answers nothing.
        ro.script = [](const actors::llm_request&) { return std::nullopt; };
      } else {
        auto entries = load_script(f.script);
        if (!entries) return exit_usage;
        ro.script = actors::script_from(std::move(*entries));
      }
    }
    actors::runtime rt{std::move(ro)};
    auto& sys = rt.system();
    std::vector<actors::tool_binding> tools;
    std::vector<std::string> taken;
    for (const auto& t : demo_tools) {
      actors::tool_binding b;
      b.spec = messages::tool_spec{t.name, t.description, t.signature};
      b.handle = actors::spawn_function_tool(sys, t.fn);
      b.owned = true;
      tools.push_back(std::move(b));
      taken.push_back(t.name);
    }
    auto mcp = connect_mcp_servers(sys, settings.tools.mcp, taken);
    if (!mcp) {
      actors::release_owned(tools);
      return exit_usage;
    }
    tools.insert(tools.end(), mcp->tools.begin(), mcp->tools.end());
    actors::mcp_server_options opts;
    opts.interpreter = rt.interpreter();
    opts.tools = tools;
    opts.limits = settings.agent.limits;
    const std::size_t own = tools.size() - mcp->tools.size();
    const bool agents_ok = serve_agents(rt, settings, tools, opts);
    for (const auto& a : opts.agents) tools.push_back(a.tool);  // released with the tools
    opts.exposed = exposed_tools(mcp->clients);
    if (!agents_ok || !exposed_names_free(opts)) {
      actors::release_owned(tools);
      return exit_usage;
    }
    if (f.list_tools) {
      for (const auto& t : opts.tools) std::cout << messages::render_tool_line(t.spec) << "\n";
      for (const auto& a : opts.agents)
        std::cout << "agent " << a.tool.spec.name << " (an MCP tool beside run_program): " << a.tool.spec.signature << "\n";
      for (const auto& t : opts.exposed)
        std::cout << "exposed " << t.name << " (served as it is, from tool/"
                  << t.tool.spec.name << ")\n";
      actors::release_owned(tools);
      return 0;
    }
    const int code = f.http.empty() ? serve_stdio(sys, std::move(opts), *mcp, own) : serve_http(sys, std::move(opts), *mcp, own, f);
    actors::release_owned(tools);
    return code;
  } catch (const std::exception& e) {
    std::cerr << "Error: " << e.what() << "\n";
    return exit_usage;
  }
}

}  // namespace

void add_mcp_command(CLI::App& app, int& exit_code) {
  auto f = std::make_shared<mcp_flags>();
  CLI::App* cmd = app.add_subcommand(
      "mcp", "Serve code mode to MCP hosts (stdio, or Streamable HTTP with --http): a run_program tool whose "
             "programs call the configured tools");
  cmd->add_option("--http", f->http,
                  "Serve over Streamable HTTP at [HOST:]PORT instead of stdio (HOST default 127.0.0.1; PORT 0: any "
                  "free port; the URL is printed on stderr). A non-loopback HOST needs --token-env");
  cmd->add_option("--allow-origin", f->allow_origins,
                  "With --http: a browser Origin allowed besides loopback ones, e.g. https://app.example.com "
                  "(repeatable)")
      ->allow_extra_args(false);
  cmd->add_option("--token-env", f->token_env,
                  "With --http: the environment variable holding a bearer token every request must send");
  cmd->add_option("--mcp", f->mcp,
                  "An upstream MCP server on stdio whose tools programs may call as tool/NAME.TOOL: "
                  "NAME='command args...' (repeatable)")
      ->allow_extra_args(false);
  cmd->add_option("--mcp-url", f->mcp_url,
                  "An upstream MCP server over Streamable HTTP whose tools programs may call as tool/NAME.TOOL: "
                  "NAME=URL (repeatable)")
      ->allow_extra_args(false);
  cmd->add_option("--expose", f->expose,
                  "Serve an upstream server's tools as they are too, beside run_program (a gateway): NAME of a "
                  "--mcp, --mcp-url or tools.mcp server (repeatable; tools.mcp[].expose in a config file). Their "
                  "progress, log messages and sampling/elicitation requests pass between the server and the host")
      ->allow_extra_args(false);
  cmd->add_option("--tools", f->tools, "The demo's tools to offer too: comma-separated names, or all (default: none)");
  cmd->add_option("--data", f->data_file, "JSON object the demo tools work on (default: the demo data)");
  add_scheduler_option(cmd, f->scheduler);
  cmd->add_flag("--list-tools", f->list_tools, "Print the tools programs may call, as run_program's description lists them, and exit");
  cmd->add_option("--config", f->config_file,
                  "Settings file (JSON; see config/README.md): tools.mcp, agent.limits, and mcp.agents, the agents "
                  "served as tools beside run_program");
  add_llm_options(cmd, f->llm, f->script, f->replay, "the served agents");
  cmd->add_option("--timeout-ms", f->timeout_ms, "Evaluation time of one program in ms, tool waits excluded (default 5000)")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--max-steps", f->max_steps, "Evaluation steps of one program (default 50000000)")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--max-memory-mb", f->max_memory_mb, "Memory of one program's values in MB (default 512)")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--log-level", f->log_level, "Log level on stderr: trace, debug, info, warn (default), error, off");
  cmd->callback([f, &exit_code] { exit_code = mcp_command(*f); });
}

}  // namespace ptc::cli
