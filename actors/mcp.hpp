#pragma once
// MCP client: tools of any MCP server as ordinary tool bindings (`tool/SERVER.NAME`).
//
// Context: MCP (Model Context Protocol, revision 2025-11-25) servers expose tools over JSON-RPC,
// most often as a child process on stdio. Many agents in one process may use one server: they
// must share one connection (1,000 agents, one server process), and a server that crashes,
// stalls or writes garbage must become a clear tool error, never a hang.
//
// Decision: one actor per server connection. Over stdio the process lives on a thread of its
// own (mcp_process.hpp); over Streamable HTTP (spec.url) each message is a POST through an HTTP
// actor of the connection (one libcurl multi handle, no thread per request), answered with JSON
// or an event stream, with the session's Mcp-Session-Id and MCP-Protocol-Version headers; a 404
// to the session starts a new one and sends the refused calls again; closing sends DELETE.
// Events of a stream are handled when the POST's answer is complete (progress notifications
// reach the trace then, in order, before the result); ptc holds no GET stream open, so a
// server's requests and notifications outside a POST's answer are not received. It performs the handshake (initialize, version negotiation down to
// 2025-06-18 and 2025-03-26, initialized), lists the tools (following nextCursor), and answers
// (tool_atom, tool_call) -> tool_result itself: every binding of the server points at it.
// Calls carry distinct JSON-RPC ids, so calls from pmap go out concurrently. A call that does
// not answer within its timeout fails and the server is sent notifications/cancelled. When the
// process ends, its calls in flight fail at once and it is restarted with backoff, at most
// `max_restarts` times, then the server is reported down by every call.
//
// Consequences: the connection is owned by whoever connected (mcp_client below, which ends it
// on destruction; the process is killed with it, and with ptc itself by PR_SET_PDEATHSIG).
// Bindings are not `owned`: several agents share them.
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <variant>
#include <vector>

#include <caf/all.hpp>
#include <nlohmann/json.hpp>

#include "ptc/actors/tools.hpp"
#include "ptc/config/settings.hpp"

namespace ptc::actors {

/// JSON-RPC 2.0's error codes, as MCP uses them.
namespace jsonrpc {
inline constexpr int parse_error = -32700;
inline constexpr int invalid_request = -32600;
inline constexpr int method_not_found = -32601;
inline constexpr int invalid_params = -32602;
inline constexpr int internal_error = -32603;

/// The message of a parse error for a `what` ("message", "body") that was not read: not JSON,
/// or JSON nested more than lisp::max_json_depth levels deep.
std::string parse_error_text(const std::string& what, std::string_view text);
/// What nlohmann's exception says of a field of the wrong type ("type must be string, but is
/// number"), without its "[json.exception...]" prefix.
std::string json_fault_text(const std::exception& e);
}  // namespace jsonrpc

/// The progressToken in a request's params._meta (MCP: a string or an integer), or null.
inline nlohmann::ordered_json mcp_progress_token(const nlohmann::ordered_json& params) {
  if (!params.is_object()) return nullptr;
  const auto meta = params.find("_meta");
  if (meta == params.end() || !meta->is_object()) return nullptr;
  nlohmann::ordered_json token = meta->value("progressToken", nlohmann::ordered_json());
  return token.is_string() || token.is_number_integer() ? token : nlohmann::ordered_json();
}

/// (mcp_forward_atom, tool_call) -> tool_result: a call for a host of `ptc mcp` that serves the
/// server's tools as they are (spec.expose). Answered like tool_atom, except that a result is the
/// server's whole answer as JSON text, {"result": R} or {"error": E}, for the host to get as it is
/// (a failure of ptc's own, such as a timeout or a server that went down, is still a failed
/// tool_result). While it runs, the call's trace sink (context.trace) gets the server's progress
/// (tool_progress events) and its log messages (tool_log events), and is asked, as
/// (mcp_ask_atom, method, params JSON) -> answer JSON ({"result"} or {"error"}), the server's
/// requests (sampling/createMessage, elicitation/create, roots/list; the client offers sampling and
/// elicitation to an exposed server on stdio only, see send_initialize). Over stdio MCP does not say
/// which call a log message or request belongs to: it goes to the earliest forwarded call in flight.
using mcp_forward_atom = caf::atom_constant<caf::atom("mcpfwd")>;
using mcp_ask_atom = caf::atom_constant<caf::atom("mcpask")>;

/// One server: the settings' type (config/settings.hpp, `tools.mcp`), used as it is.
using mcp_server_spec = config::mcp_server;

/// The protocol revisions ptc speaks, newest first: it asks for the first.
const std::vector<std::string>& mcp_protocol_versions();

/// A tools/call result as the program sees it: structuredContent when present, else the
/// content (one item: itself; several: a list): text parsed as JSON when it is JSON, else a
/// string; image and audio as {"type", "mime_type", "bytes"} (never the base64 data); resources
/// as {"type", "uri", "mime_type", "text" or "bytes"}. `isError: true` is a failed call whose
/// error is the text content (the program sees "tool/fs.read failed: <error>").
tool_result mcp_result_to_tool_result(const nlohmann::ordered_json& result);

namespace detail {
/// The tool list of one connection: replaced by the connection's actor when the server sends
/// notifications/tools/list_changed (or comes back after a restart), read by mcp_client.
struct mcp_tool_list {
  mutable std::mutex mutex;
  std::vector<tool_binding> tools;  ///< guarded by mutex
  std::vector<nlohmann::ordered_json> entries;  ///< guarded by mutex: the server's tools/list entry of each
  std::uint64_t version = 0;        ///< guarded by mutex: 1 for the first list, +1 per new one
  std::function<void()> on_change;  ///< guarded by mutex; called after each new list
};
}  // namespace detail

/// An open connection to one server and its tool bindings.
class mcp_client {
 public:
  /// Starts the server (stdio) or a session (HTTP), waits for its handshake and tool list
  /// (spec.connect_timeout_ms). Returns the error text (naming the server) when it does not
  /// come up.
  static std::variant<std::shared_ptr<mcp_client>, std::string> connect(caf::actor_system& sys,
                                                                        mcp_server_spec spec);
  ~mcp_client();  ///< ends the connection and the server process
  mcp_client(const mcp_client&) = delete;
  mcp_client& operator=(const mcp_client&) = delete;

  /// The server's tools now (a copy). When the server announces a new list, later calls
  /// return it: take the list once per mission, so that a mission's tool/ section (its cached
  /// prompt prefix) never changes under it. A tool that left the list fails when called.
  std::vector<tool_binding> tools() const;
  /// The server's own tools/list entries of tools() (name, description, schemas as it gave
  /// them), in the same order: what a gateway serves as they are (spec.expose).
  std::vector<nlohmann::ordered_json> tool_entries() const;
  /// Whether `ptc mcp` serves the tools as they are (spec.expose).
  bool exposed() const { return exposed_; }
  /// 1 for the list at connect; +1 for each new list.
  std::uint64_t tools_version() const;
  /// `fn` is called after each new list (on the connection's actor: keep it short, e.g. send a
  /// message). Replaces any earlier callback.
  void on_tools_changed(std::function<void()> fn);

  const caf::actor& connection() const { return connection_; }
  const std::string& protocol_version() const { return protocol_version_; }

  mcp_client(caf::actor connection, std::shared_ptr<detail::mcp_tool_list> tools, std::string version, bool exposed);

 private:
  caf::actor connection_;
  std::shared_ptr<detail::mcp_tool_list> tools_;
  std::string protocol_version_;
  bool exposed_ = false;
};

}  // namespace ptc::actors
