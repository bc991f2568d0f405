#pragma once
// Settings of the runtime, with documented defaults, read from a JSON file and the environment.
//
// Precedence, lowest first: the defaults below < the JSON file < `PTC_*` environment variables
// < the caller's overrides (command-line flags). The API key comes from PTC_API_KEY, else the
// provider's usual variable (OPENAI_API_KEY, ANTHROPIC_API_KEY, OPENROUTER_API_KEY), else the
// file. config/README.md has the full table: setting, default, variable.
//
// The file mirrors these structs: {"llm": {...}, "agent": {"limits": {...}}, "node": {...},
// "log": {...}}.
// Durations are integers of milliseconds and their keys end in `_ms` (`request_timeout_ms`).
// An unknown key is an error naming its path, so a typo cannot pass silently; a value of the
// wrong type is an error naming the path and the expected type. No message shows a key.
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "ptc/config/environment.hpp"
#include "ptc/config/error.hpp"
#include "ptc/config/provider.hpp"
#include "ptc/config/secret.hpp"
#include "ptc/lisp/budget.hpp"

namespace ptc::config {

/// Which LLM answers, and how requests to it behave.
struct llm_settings {
  /// Default "scripted" (offline, clearly labelled): the demo works without a key.
  /// One of providers(). Env: PTC_LLM=provider[:model].
  std::string provider = "scripted";
  /// Default "" (required by every network provider except llamacpp). Env: PTC_LLM.
  std::string model;
  /// Default "": load() fills in the provider's default_base_url (openai
  /// https://api.openai.com/v1, anthropic https://api.anthropic.com, openrouter
  /// https://openrouter.ai/api/v1, ollama http://127.0.0.1:11434/v1); vllm and llamacpp need
  /// one. Env: PTC_BASE_URL.
  std::string base_url;
  /// Default none. Env: PTC_API_KEY, else the provider's variable (OPENAI_API_KEY, ...).
  /// Never printed: see secret.hpp.
  secret api_key;
  /// Default 60000 ms: one HTTP request, including reading the whole response.
  /// Env: PTC_REQUEST_TIMEOUT_MS.
  std::chrono::milliseconds request_timeout{60'000};
  /// Default 4: retries after a 429, a 5xx or a timeout (so at most 5 attempts).
  /// Env: PTC_MAX_RETRIES.
  int max_retries = 4;
  /// Default 500 ms: first retry delay; doubles per retry, with jitter. Env: PTC_BACKOFF_BASE_MS.
  std::chrono::milliseconds backoff_base{500};
  /// Default 20000 ms: the longest retry delay (a Retry-After header may ask for more).
  /// Env: PTC_BACKOFF_MAX_MS.
  std::chrono::milliseconds backoff_max{20'000};
  /// Default 4096: max_tokens of one completion. Env: PTC_MAX_TOKENS.
  int max_tokens = 4096;
  /// Default 0 (deterministic as far as the provider allows), 0..2. Env: PTC_TEMPERATURE.
  double temperature = 0;
  /// Default 256: requests in flight per HTTP actor; more wait in its queue.
  /// Env: PTC_MAX_IN_FLIGHT.
  std::size_t max_in_flight = 256;
  /// Default 2: HTTP actors in the LLM pool. Env: PTC_POOL_SIZE.
  int pool_size = 2;
  /// Default 16777216 (16 MiB): the largest response body accepted from a provider; a larger
  /// one is stopped while it arrives and fails the call (llm_error, not retried).
  /// Env: PTC_MAX_RESPONSE_BYTES.
  std::size_t max_response_bytes = 16 * 1024 * 1024;
};

/// How a sub-agent's mission runs.
struct agent_settings {
  /// Default 5 (SS-002): LLM calls per mission. Env: PTC_MAX_TURNS.
  std::size_t max_turns = 5;
  /// Default false (uncompressed history, DESIGN §6.4). Env: PTC_COMPRESS=1|0|P,T.
  bool compress = false;
  /// Default 15: println calls kept in the compressed history (API-001..006).
  /// Env: PTC_COMPRESS=P,T sets it (and turns compression on).
  std::size_t println_limit = 15;
  /// Default 20: tool calls kept in the compressed history. Env: PTC_COMPRESS=P,T.
  std::size_t tool_call_limit = 20;
  /// Default 300000 ms (5 min): wall time of one whole mission. Env: PTC_MISSION_TIMEOUT_MS.
  std::chrono::milliseconds mission_timeout{300'000};
  /// Default 3: how deep sub-agents may nest (an agent used as a tool is one level).
  /// Env: PTC_MAX_DEPTH.
  std::size_t max_depth = 3;
  /// Default 50: LLM calls shared by a whole tree of nested agents. Env: PTC_TURN_BUDGET.
  std::size_t turn_budget = 50;
  /// Limits of each program run; defaults are lisp::limits' own (lisp/budget.hpp):
  /// max_steps 50000000 (PTC_MAX_STEPS), timeout_ms 5000 (PTC_EVAL_TIMEOUT_MS),
  /// max_depth 10000 nested calls (PTC_MAX_CALL_DEPTH), max_memory_bytes 536870912
  /// (PTC_MAX_MEMORY_BYTES), max_print_chars 2000 (PTC_MAX_PRINT_CHARS), max_output_bytes
  /// 1048576 (PTC_MAX_OUTPUT_BYTES), max_string_bytes 16777216 (PTC_MAX_STRING_BYTES).
  lisp::limits limits;
};

/// Nodes (other processes running agents; actors/cluster.hpp).
struct node_settings {
  /// Default 2000 ms: a node that stops answering (its connection closed, or no heartbeat for
  /// this long) is reported lost, and each run or tool call pending on it fails with
  /// "node HOST:PORT lost". Heartbeats go every quarter of it. Env: PTC_NODE_TIMEOUT_MS.
  std::chrono::milliseconds timeout{2'000};
  /// Default "" (all of them): the example registry's tools a `ptc node` serves, by name,
  /// comma-separated ("find-orders,get-product"). Env: PTC_NODE_TOOLS.
  std::string tools;
  /// Default []: sub-agents a `ptc node` serves as tools, each an object with "name" and
  /// "mission" (required; {{key}} placeholders become the tool's parameters), "description",
  /// "signature", "tools" (registry names, comma-separated) and "max_turns". They run on the
  /// node with its LLM and interpreters. Not settable from the environment.
  nlohmann::ordered_json agents = nlohmann::ordered_json::array();
  /// Mutual TLS between nodes and their clients (actors/gate.hpp): PEM files of this side's
  /// certificate and key and of the CA both sides trust (`ptc certs init DIR` makes a set).
  /// All three or none. Env: PTC_TLS_CERT, PTC_TLS_KEY, PTC_TLS_CA; flags --tls-cert, ...
  struct tls_files {
    std::string cert, key, ca;
  } tls;
  /// Default 1024: connections a node (or a client's gate) keeps at once; more are refused at
  /// accept. Env: PTC_NODE_MAX_CONNECTIONS.
  std::size_t max_connections = 1024;
  /// Default 67108864 (64 MiB): the largest message a peer may send, checked on its header
  /// before anything is allocated; a larger one closes the connection with that reason.
  /// Env: PTC_NODE_MAX_MESSAGE_BYTES.
  std::size_t max_message_bytes = 64u << 20;
  /// Default 1500 ms: a connection must finish TCP, TLS and its peer's handshake within it.
  /// Env: PTC_NODE_HANDSHAKE_TIMEOUT_MS.
  std::chrono::milliseconds handshake_timeout{1'500};
  /// Default 10000: sub-agents one client process may have running on a node at once; past
  /// that a run fails at once with reason `refused`. Env: PTC_NODE_MAX_AGENTS_PER_CLIENT.
  std::size_t max_agents_per_client = 10'000;
  /// Default 10000: tool calls one client process may have in flight on a node; past that a
  /// call fails with a tool error. Env: PTC_NODE_MAX_TOOL_CALLS_PER_CLIENT.
  std::size_t max_tool_calls_per_client = 10'000;
};

/// One MCP server whose tools agents use (actors/mcp.hpp). In a config file, an element of
/// `tools.mcp`: {"name": "fs", "command": "npx", "args": [...], "env": {...}, "cwd": "...",
/// "prefix", "call_timeout_ms", "connect_timeout_ms", "allow": [...], "deny": [...],
/// "max_restarts", "max_line_bytes"}; only name and command are required. Over Streamable
/// HTTP: {"name", "url", "headers": {...}, "bearer_token_env", ...} instead of command, args,
/// env and cwd.
struct mcp_server {
  std::string name;  ///< the SERVER of tool/SERVER.NAME, and the name in every error
  // Exactly one transport: `command` (stdio) or `url` (Streamable HTTP).
  std::string command;  ///< stdio transport: the program (PATH is searched) and its arguments
  std::vector<std::string> args;
  std::map<std::string, std::string> env;  ///< added to ptc's environment for the server
  std::string cwd;                         ///< default: ptc's
  std::string url;  ///< Streamable HTTP transport: the MCP endpoint (http:// or https://)
  std::map<std::string, std::string> headers;  ///< extra request headers (HTTP)
  /// HTTP: the name of an environment variable holding a bearer token, sent as
  /// `Authorization: Bearer ...`; the token is registered as a secret (never logged or traced).
  std::string bearer_token_env;
  std::string prefix;                      ///< of the tool names; default: name + "."
  /// `ptc mcp` serves the server's tools as they are (its own names, schemas and results),
  /// beside run_program: a gateway. The client then offers the server sampling and
  /// elicitation, which it passes on to the host of the call that asks.
  bool expose = false;
  std::int64_t call_timeout_ms = 60'000;   ///< one tools/call
  std::int64_t connect_timeout_ms = 30'000;  ///< start + initialize + tools/list
  /// Tool names as the server spells them: only these (empty: all), never these.
  std::vector<std::string> allow, deny;
  int max_restarts = 3;  ///< restarts after the server process ends, then it is down
  std::size_t max_line_bytes = 16 << 20;  ///< a longer JSON-RPC line is a protocol fault
};

/// Tools from outside the process.
struct tools_settings {
  /// Default []: MCP servers (see mcp_server). Not settable from the environment; `ptc run
  /// --mcp NAME='command args'` adds one.
  std::vector<mcp_server> mcp;
};

/// What `ptc mcp` serves besides run_program.
struct mcp_settings {
  /// Default []: sub-agents `ptc mcp` serves as MCP tools, one tool each, in the layout of
  /// node.agents: objects with "name" and "mission" (required; {{key}} placeholders become the
  /// tool's parameters unless a "signature" gives them), "description", "signature", "tools"
  /// (the names programs call them by, e.g. "fs.read_file,search", comma-separated) and
  /// "max_turns". They run with the LLM settings. Not settable from the environment.
  nlohmann::ordered_json agents = nlohmann::ordered_json::array();
};

/// Logging.
struct log_settings {
  /// Default "warn" (quiet): one of trace, debug, info, warn, error, critical, off (spdlog's
  /// names). Env: PTC_LOG_LEVEL.
  std::string level = "warn";
};

/// Every setting.
struct settings {
  llm_settings llm;
  agent_settings agent;
  node_settings node;
  tools_settings tools;
  mcp_settings mcp;
  log_settings log;
};

/// The documented defaults (the member initialisers above).
settings defaults();

/// Caller overrides (command-line flags), applied after the environment and before keys and
/// URLs are resolved and the result is checked.
using overrides = std::function<void(settings&)>;

/// Loads settings: defaults < `file` (or PTC_CONFIG's file when `file` is nullopt; none when
/// neither) < PTC_* variables of `env` < `apply`. Then resolves the API key (PTC_API_KEY, else
/// the provider's variable, else the file's key if the file named the same provider), fills in
/// the provider's default base URL and validates. Throws config_error.
settings load(const std::optional<std::filesystem::path>& file, const environment& env,
              const overrides& apply = {});

/// Checks ranges and the provider's needs (model, key, base URL). Throws config_error.
void validate(const settings& s);

/// The settings as JSON in the file's layout, for traces and `ptc config`: the key is
/// "<redacted>" (null when unset). load() of a file holding this JSON gives the same settings,
/// except the key, which comes from the environment again ("<redacted>" in a file means none).
nlohmann::ordered_json to_json(const settings& s);

}  // namespace ptc::config
