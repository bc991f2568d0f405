#pragma once
// ptc's MCP server over Streamable HTTP (`ptc mcp --http`): the sessions of mcp_server.hpp behind
// one HTTP endpoint.
//
// Context: MCP hosts that do not spawn processes (web apps, remote agents, several hosts at once)
// reach a server over HTTP. A local HTTP server is also reachable from any web page the user
// opens (DNS rebinding), so it must check who is asking.
//
// Decision: an http_server (http_server.hpp) with one route, `path`. POST carries one JSON-RPC
// message: an `initialize` request opens a session (a session actor, mcp_server.hpp, and a
// random Mcp-Session-Id returned with the answer); every later message names its session in
// Mcp-Session-Id (missing: 400, unknown or ended: 404) and may carry MCP-Protocol-Version (a
// revision ptc does not speak: 400). A request is answered with the session's JSON answer to it
// (application/json), or with an event stream (text/event-stream, chunked) carrying the
// messages that belong to the request as they come (an agent's turns as notifications/progress;
// an exposed upstream tool's progress, log messages and requests of the client), its answer
// last: opened at once when the request sends a progressToken (params._meta), else with the
// first such message. The client answers a request of ptc's with a POST of its own. Notifications and responses get 202 (notifications/cancelled
// also ends the cancelled request's HTTP exchange, with 204 or the stream's end, as no
// JSON-RPC answer will come). GET gets 405 (no stream of server-initiated messages: ptc sends
// none that a client needs), DELETE ends the session and the exchanges still waiting in it.
// Every request is checked first: the Host header must be a loopback name when the server
// listens on loopback, an Origin header must be a loopback origin or one of `allowed_origins`
// (403 otherwise), and with a bearer token, `Authorization: Bearer TOKEN` must match (401).
// Listening on a non-loopback address without a token is refused at start.
//
// Consequences: a session's other notifications (tools/list_changed, log messages of no call)
// have no stream to go to and are dropped; a client learns of a new tool list from its next tools/list. Sessions
// that see no request for `session_idle_timeout` are ended when the next session opens.
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include <caf/all.hpp>

#include "ptc/actors/http_server.hpp"
#include "ptc/actors/mcp_server.hpp"

namespace ptc::actors {

struct mcp_http_options {
  http_server_options http;  ///< host (default 127.0.0.1), port, request limits
  std::string path = "/mcp";
  /// Required from clients as `Authorization: Bearer ...` when not empty; required to listen
  /// on a non-loopback address.
  std::string bearer_token;
  /// Origins allowed besides http(s)://localhost, 127.0.0.1 and [::1] (any port), e.g.
  /// "https://app.example.com".
  std::vector<std::string> allowed_origins;
  std::size_t max_sessions = 256;  ///< more at once: 503
  std::chrono::milliseconds session_idle_timeout{3'600'000};
};

namespace detail {
struct mcp_http_state;
}

class mcp_http_endpoint {
 public:
  /// Listens and serves; the error text when it cannot (an address in use, a non-loopback
  /// address without a token).
  static std::variant<std::unique_ptr<mcp_http_endpoint>, std::string> start(caf::actor_system& sys,
                                                                            mcp_server_options sessions,
                                                                            mcp_http_options opts);
  ~mcp_http_endpoint();  ///< stops listening, then ends every session and its runs
  mcp_http_endpoint(const mcp_http_endpoint&) = delete;
  mcp_http_endpoint& operator=(const mcp_http_endpoint&) = delete;

  std::uint16_t port() const;
  std::string url() const;  ///< "http://HOST:PORT/mcp"
  std::size_t sessions() const;
  /// The tools of later run_program calls, and the exposed upstream tools, in every session,
  /// open or to come.
  void set_tools(std::vector<tool_binding> tools, std::vector<mcp_exposed_tool> exposed);

  mcp_http_endpoint(std::shared_ptr<detail::mcp_http_state> state, std::unique_ptr<http_server> server);

 private:
  std::shared_ptr<detail::mcp_http_state> state_;
  std::unique_ptr<http_server> server_;
};

}  // namespace ptc::actors
