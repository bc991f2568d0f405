#pragma once
// Small pieces the `ptc` subcommands that run agents share (in the commands module: see
// cli_base.hpp for what `ptc eval` and `ptc repl` share with them).
#include <signal.h>

#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "examples/ptc/cli_base.hpp"
#include "ptc/actors/agent.hpp"
#include "ptc/actors/llm.hpp"
#include "ptc/actors/mcp.hpp"
#include "ptc/actors/trace.hpp"
#include "ptc/config/settings.hpp"

namespace ptc::cli {

/// SIGINT and SIGTERM, which stop the serving subcommands (`ptc node`, `ptc mcp --http`): blocked
/// in every thread before the runtime starts (its threads inherit the mask) and taken by
/// sigwait in the main thread.
sigset_t stop_signals();

/// The process's command line, as main received it (`ptc run --record` keeps it in the
/// cassette for `ptc replay`).
void set_command_line(int argc, char** argv);
const std::vector<std::string>& command_line();

/// The scheduler every command's runtime uses unless --scheduler says otherwise, as the C++
/// runtime's: home (actors/home_scheduler.hpp), which keeps each actor on one worker and wakes
/// an idle worker at once for a message from outside (a tool's reply from an MCP server, a
/// node, an HTTP request), as CAF's sharing policy does (session 21's default: it cut what ptc
/// adds to a sequential MCP call from 120-450 us to 35-50 us against work stealing). Home runs
/// the agent loop about 60% faster than sharing on 2 cores; --scheduler sharing or stealing picks
/// CAF's policies.
inline constexpr const char* default_scheduler = "home";

/// Adds --llm, --script and --replay: the LLM of `who` ("the mission", "this node's agents",
/// "the served agents"); apply_llm_flags makes them settings.
void add_llm_options(CLI::App* cmd, std::string& llm, std::string& script, std::string& replay, const std::string& who);

/// --tls-cert, --tls-key, --tls-ca: mutual TLS with nodes (settings node.tls.*).
struct tls_flags {
  std::string cert, key, ca;
};

/// Adds the TLS flags to `cmd`; `who` is the peer ("clients", "the nodes").
void add_tls_options(CLI::App* cmd, tls_flags& f, const std::string& who);

/// The TLS flags given (each non-empty one) as settings overrides.
void apply_tls_flags(config::settings& s, const tls_flags& f);

/// Adds --scheduler POLICY (home, sharing or stealing; default default_scheduler) to `cmd`.
void add_scheduler_option(CLI::App* cmd, std::string& policy);

/// Splits a command line as a POSIX shell splits words, without expansions: blanks separate
/// words; '...' keeps everything; "..." keeps everything but a backslash before " or \;
/// elsewhere a backslash keeps the next character. Throws std::invalid_argument on an open
/// quote or a trailing backslash.
std::vector<std::string> split_command(const std::string& text);

/// `--mcp NAME='command args...'`: an MCP server on stdio. Throws std::invalid_argument.
config::mcp_server parse_mcp_flag(const std::string& flag);

/// `--mcp-url NAME=URL`: an MCP server over Streamable HTTP. Throws std::invalid_argument.
config::mcp_server parse_mcp_url_flag(const std::string& flag);

/// Adds each `--mcp NAME='command args...'` and `--mcp-url NAME=URL` flag to s.tools.mcp.
/// Throws config_error naming the flag (a bad command line or URL, a name given twice).
void apply_mcp_flags(config::settings& s, const std::vector<std::string>& stdio_flags,
                     const std::vector<std::string>& url_flags);

/// The MCP servers a command connected to, and their tools.
struct mcp_connections {
  std::vector<std::shared_ptr<actors::mcp_client>> clients;  ///< each ends its server when destroyed
  std::vector<actors::tool_binding> tools;
};

/// Starts and connects every server of `servers`; their tools must not take a name in `taken`
/// or each other's. nullopt after printing "Error: ..." on stderr (the server named).
std::optional<mcp_connections> connect_mcp_servers(caf::actor_system& sys,
                                                   const std::vector<config::mcp_server>& servers,
                                                   const std::vector<std::string>& taken);

/// The trace in `file` (`ptc run --trace`), read back; nullopt after printing "Error: ..." (the
/// file cannot be read, or a line is not an event).
std::optional<actors::trace_contents> read_trace_file(const std::string& file);

/// The LLM flags as settings overrides: `--llm provider:model`, and `--replay` / `--script`
/// (non-empty: that provider), `--log-level`. Throws config_error naming the flag.
void apply_llm_flags(config::settings& s, const std::string& llm, const std::string& replay,
                     const std::string& script, const std::string& log_level);

/// "provider:model", or just "provider" when no model is set.
std::string llm_label(const config::llm_settings& llm);

/// The scripted LLM's entries: from the `--script` file, or the demo's script when `script` is
/// empty. nullopt after printing "Error: ..." on stderr.
std::optional<std::vector<actors::script_entry>> load_script(const std::string& script);

/// An agent a settings list declares (node.agents, mcp.agents: checked by config::load): its
/// name, mission, description, signature and max_turns, without tools; the tools it names
/// (its "tools", comma-separated) in `tools`. Throws std::invalid_argument when its signature
/// does not parse ("signature: ...": the caller puts the agent's place in front).
actors::agent declared_agent(const nlohmann::ordered_json& d, std::vector<std::string>& tools);

}  // namespace ptc::cli
