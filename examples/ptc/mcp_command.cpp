#include "examples/ptc/mcp_command.hpp"

#include <chrono>
#include <iostream>
#include <memory>
#include <mutex>
#include <string>

#include <spdlog/spdlog.h>

#include "actors/mcp.hpp"
#include "actors/mcp_server.hpp"
#include "actors/runtime.hpp"
#include "config/settings.hpp"
#include "examples/demo/demo_tools.hpp"
#include "examples/ptc/cli_common.hpp"
#include "messages/namespace.hpp"

namespace ptc::cli {
namespace {

using json = nlohmann::ordered_json;

/// A longer line from the client is answered with a parse error (and not kept).
constexpr std::size_t max_line_bytes = 64u << 20;
/// After stdin closes, how long calls in flight may take to finish before they are dropped.
constexpr std::chrono::seconds drain_limit{30};

struct mcp_flags {
  std::vector<std::string> mcp;  ///< upstream servers: --mcp NAME='command args...'
  std::vector<std::string> mcp_url;  ///< upstream servers: --mcp-url NAME=URL
  std::string tools;             ///< demo tools to offer ("" none, "all")
  std::string data_file, config_file, log_level;
  std::uint64_t timeout_ms = 0, max_steps = 0, max_memory_mb = 0;
  bool list_tools = false;
};

int mcp_command(const mcp_flags& f) {
  config::settings settings;
  try {
    std::optional<std::filesystem::path> file;
    if (!f.config_file.empty()) file = f.config_file;
    settings = config::load(file, config::environment::from_process(), [&f](config::settings& s) {
      if (!f.log_level.empty()) s.log.level = f.log_level;
      apply_mcp_flags(s, f.mcp, f.mcp_url);
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
    // Programs need no LLM here: the default provider answers nothing.
    if (settings.llm.provider == "scripted") ro.script = [](const actors::llm_request&) { return std::nullopt; };
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
    if (f.list_tools) {
      for (const auto& t : tools) std::cout << messages::render_tool_line(t.spec) << "\n";
      actors::release_owned(tools);
      return 0;
    }

    actors::mcp_server_options opts;
    opts.interpreter = rt.interpreter();
    opts.tools = tools;
    opts.limits = settings.agent.limits;
    // One writer at a time: each message is one line on stdout, flushed at once.
    auto out_mutex = std::make_shared<std::mutex>();
    auto session = actors::spawn_mcp_session(sys, std::move(opts), [out_mutex](std::string msg) {
      std::lock_guard<std::mutex> lock(*out_mutex);
      std::cout << msg << '\n' << std::flush;
    });
    spdlog::info("ptc mcp: serving run_program on stdio with {} tools", tools.size());
    std::string line;
    while (std::getline(std::cin, line)) {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (line.find_first_not_of(" \t") == std::string::npos) continue;
      if (line.size() > max_line_bytes) line = "{";  // answered as a parse error
      caf::anon_send(session, actors::mcp_in_atom::value, std::move(line));
      line.clear();
    }
    // The client closed stdin: calls in flight are answered (for a while), then the session
    // ends, and with it every run still going.
    spdlog::info("ptc mcp: stdin closed, stopping");
    caf::scoped_actor self{sys};
    self->request(session, drain_limit, actors::mcp_drain_atom::value).receive([](bool) {}, [](caf::error&) {});
    self->send_exit(session, caf::exit_reason::user_shutdown);
    self->wait_for(session);
    actors::release_owned(tools);
    return 0;
  } catch (const std::exception& e) {
    std::cerr << "Error: " << e.what() << "\n";
    return exit_usage;
  }
}

}  // namespace

void add_mcp_command(CLI::App& app, int& exit_code) {
  auto f = std::make_shared<mcp_flags>();
  CLI::App* cmd = app.add_subcommand(
      "mcp", "Serve code mode to MCP hosts on stdio: a run_program tool whose programs call the configured tools");
  cmd->add_option("--mcp", f->mcp,
                  "An upstream MCP server on stdio whose tools programs may call as tool/NAME.TOOL: "
                  "NAME='command args...' (repeatable)")
      ->allow_extra_args(false);
  cmd->add_option("--mcp-url", f->mcp_url,
                  "An upstream MCP server over Streamable HTTP whose tools programs may call as tool/NAME.TOOL: "
                  "NAME=URL (repeatable)")
      ->allow_extra_args(false);
  cmd->add_option("--tools", f->tools, "The demo's tools to offer too: comma-separated names, or all (default: none)");
  cmd->add_option("--data", f->data_file, "JSON object the demo tools work on (default: the demo data)");
  cmd->add_flag("--list-tools", f->list_tools, "Print the tools programs may call, as run_program's description lists them, and exit");
  cmd->add_option("--config", f->config_file, "Settings file (JSON; see config/README.md): tools.mcp, agent.limits");
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
