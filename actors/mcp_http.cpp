// ptc's MCP server over Streamable HTTP (mcp_http.hpp).
#include "ptc/actors/mcp_http.hpp"

#include <algorithm>
#include <map>
#include <mutex>
#include <random>

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "ptc/actors/mcp.hpp"
#include "ptc/lisp/json.hpp"

namespace ptc::actors {

namespace detail {

/// A request in flight: its answer goes back as JSON, or as the last event of an event stream
/// that carries the messages belonging to the request first (its progress, an upstream
/// server's log messages and requests). The stream is opened at once when the request sends a
/// progressToken, else with the first such message.
struct mcp_http_waiting {
  http_reply reply;
  bool stream = false;  ///< the answer is an event stream, opened
  std::string token;    ///< the request's progressToken as JSON text, empty without one
};

struct mcp_http_session {
  caf::actor actor;
  std::map<std::string, mcp_http_waiting> waiting;  ///< requests in flight, by their id's JSON text
  std::chrono::steady_clock::time_point last_used;
};

/// Shared by the HTTP thread (requests) and the session actors (answers).
struct mcp_http_state {
  caf::actor_system* sys = nullptr;
  mcp_http_options opts;
  bool loopback = true;  ///< listening on a loopback address
  mutable std::mutex mutex;
  mcp_server_options session_opts;                  ///< guarded by mutex (tools change)
  std::map<std::string, mcp_http_session> sessions;  ///< guarded by mutex
};

}  // namespace detail

namespace {

using json = nlohmann::ordered_json;
using state_ptr = std::shared_ptr<detail::mcp_http_state>;


http_server_response json_response(int status, const json& body) {
  http_server_response r;
  r.status = status;
  r.body = body.dump(-1, ' ', false, json::error_handler_t::replace);
  return r;
}

/// A JSON-RPC error as the HTTP answer (the transport refused the message).
http_server_response rpc_error(int status, int code, const std::string& message, json id = nullptr) {
  return json_response(status, {{"jsonrpc", "2.0"}, {"id", std::move(id)}, {"error", {{"code", code}, {"message", message}}}});
}

std::string new_session_id() {
  static thread_local std::random_device rd;
  std::uniform_int_distribution<unsigned> byte(0, 255);
  static const char* hex = "0123456789abcdef";
  std::string id;
  for (int i = 0; i < 16; ++i) {
    const unsigned b = byte(rd);
    id += hex[b >> 4];
    id += hex[b & 15];
  }
  return id;
}

/// The host of a Host header value ("localhost:8080" -> "localhost", "[::1]:80" -> "[::1]").
std::string host_of(std::string_view value) {
  if (value.starts_with('[')) {
    const auto close = value.find(']');
    return std::string(value.substr(0, close == std::string_view::npos ? value.size() : close + 1));
  }
  return std::string(value.substr(0, value.find(':')));
}

bool origin_allowed(const mcp_http_options& opts, const std::string& origin) {
  if (std::find(opts.allowed_origins.begin(), opts.allowed_origins.end(), origin) != opts.allowed_origins.end())
    return true;
  for (std::string_view scheme : {"http://", "https://"}) {
    if (origin.starts_with(scheme)) return is_loopback_host(host_of(std::string_view(origin).substr(scheme.size())));
  }
  return false;
}

/// Equal texts, compared in time independent of where they differ (only the length shows).
bool same_secret(std::string_view given, std::string_view token) {
  if (given.size() != token.size()) return false;
  unsigned char diff = 0;
  for (std::size_t i = 0; i < given.size(); ++i) diff |= static_cast<unsigned char>(given[i] ^ token[i]);
  return diff == 0;
}

/// The check every request passes first: DNS rebinding (Host, Origin), then the token.
std::optional<http_server_response> refuse(const detail::mcp_http_state& st, const http_server_request& req) {
  if (st.loopback) {
    const std::string host = host_of(req.header("host"));
    if (!is_loopback_host(host))
      return rpc_error(403, jsonrpc::invalid_request, "Forbidden: Host \"" + req.header("host") + "\" is not this local server");
  }
  if (const std::string origin = req.header("origin"); !origin.empty() && !origin_allowed(st.opts, origin))
    return rpc_error(403, jsonrpc::invalid_request, "Forbidden: Origin \"" + origin + "\" is not allowed");
  if (!st.opts.bearer_token.empty()) {
    const std::string auth = req.header("authorization");
    if (!auth.starts_with("Bearer ") || !same_secret(std::string_view(auth).substr(7), st.opts.bearer_token)) {
      auto r = rpc_error(401, jsonrpc::invalid_request, "Unauthorized: send Authorization: Bearer <token>");
      r.headers.emplace_back("WWW-Authenticate", "Bearer");
      return r;
    }
  }
  return std::nullopt;
}

/// One server-sent event carrying a JSON-RPC message.
std::string sse_event(const std::string& text) { return "event: message\ndata: " + text + "\n\n"; }

/// The head of an event stream answering a request of the session `session_id`.
http_server_response stream_head(const std::string& session_id) {
  http_server_response head;
  head.content_type = "text/event-stream";
  head.headers.emplace_back("Mcp-Session-Id", session_id);
  head.headers.emplace_back("Cache-Control", "no-cache");
  return head;
}

/// Ends an HTTP exchange whose request will get no JSON-RPC answer: a stream just ends, a JSON
/// request gets `status` (a 204 for a cancelled request, an error for an ended session).
void end_unanswered(detail::mcp_http_session& s, const std::string& key, http_server_response status) {
  auto w = s.waiting.find(key);
  if (w == s.waiting.end()) return;
  if (w->second.stream) {
    w->second.reply.end();
  } else {
    w->second.reply.send(std::move(status));
  }
  s.waiting.erase(w);
}

/// What a session writes: an answer goes to the HTTP request waiting for it; a message that
/// belongs to a request (`related`: progress, an upstream server's log messages and requests)
/// to that request's event stream, opened now if it is not yet; anything else has no stream to
/// go to (see mcp_http.hpp).
void on_session_message(const std::weak_ptr<detail::mcp_http_state>& weak, const std::string& session_id,
                        std::string text, const std::string& related) {
  auto st = weak.lock();
  if (!st) return;
  json msg = lisp::parse_outside_json<json>(text);
  const bool answer = msg.is_object() && msg.contains("id") && (msg.contains("result") || msg.contains("error")) &&
                      !msg.contains("method");
  std::lock_guard lock(st->mutex);
  auto s = st->sessions.find(session_id);
  if (s == st->sessions.end()) return;
  if (!answer) {
    if (auto w = s->second.waiting.find(related); !related.empty() && w != s->second.waiting.end()) {
      if (!w->second.stream) {
        w->second.reply.start(stream_head(session_id));
        w->second.stream = true;
      }
      w->second.reply.write(sse_event(text));
      return;
    }
    spdlog::debug("ptc mcp http: session {} sent {} with no stream open: dropped", session_id,
                  msg.is_object() ? msg.value("method", "a message") : "a message");
    return;
  }
  auto w = s->second.waiting.find(msg["id"].dump());
  if (w == s->second.waiting.end()) return;
  if (w->second.stream) {
    w->second.reply.end(sse_event(text));
  } else {
    http_server_response r;
    r.body = std::move(text);
    r.headers.emplace_back("Mcp-Session-Id", session_id);
    w->second.reply.send(std::move(r));
  }
  s->second.waiting.erase(w);
}

/// Ends sessions nobody has used for the idle timeout (called with the mutex held).
void end_idle_sessions(detail::mcp_http_state& st) {
  const auto now = std::chrono::steady_clock::now();
  for (auto it = st.sessions.begin(); it != st.sessions.end();) {
    if (it->second.waiting.empty() && now - it->second.last_used > st.opts.session_idle_timeout) {
      spdlog::info("ptc mcp http: session {} idle, ended", it->first);
      caf::anon_send_exit(it->second.actor, caf::exit_reason::user_shutdown);
      it = st.sessions.erase(it);
    } else {
      ++it;
    }
  }
}

void handle_post(const state_ptr& st, const http_server_request& req, const http_reply& reply) {
  const std::string accept = req.header("accept");
  if (accept.find("application/json") == std::string::npos || accept.find("text/event-stream") == std::string::npos)
    return reply.send(rpc_error(406, jsonrpc::invalid_request, "Not Acceptable: Accept must list application/json and text/event-stream"));
  if (!req.header("content-type").starts_with("application/json"))
    return reply.send(rpc_error(415, jsonrpc::invalid_request, "Unsupported Media Type: the body must be application/json"));
  json msg = lisp::parse_outside_json<json>(req.body);
  if (msg.is_discarded()) return reply.send(rpc_error(400, jsonrpc::parse_error, jsonrpc::parse_error_text("body", req.body)));
  if (msg.is_array()) return reply.send(rpc_error(400, jsonrpc::invalid_request, "Invalid Request: batches are not supported"));
  if (!msg.is_object()) return reply.send(rpc_error(400, jsonrpc::invalid_request, "Invalid Request: not a JSON-RPC object"));
  const bool has_id = msg.contains("id");
  if (has_id && !msg["id"].is_string() && !msg["id"].is_number_integer())
    return reply.send(rpc_error(400, jsonrpc::invalid_request, "Invalid Request: id must be a string or an integer"));
  if (msg.contains("method") && !msg["method"].is_string())
    return reply.send(rpc_error(400, jsonrpc::invalid_request, "Invalid Request: method must be a string", has_id ? msg["id"] : json()));
  const bool is_request = has_id && msg.contains("method");
  const std::string session_id = req.header("mcp-session-id");

  std::lock_guard lock(st->mutex);
  if (is_request && msg["method"] == "initialize") {
    if (!session_id.empty())
      return reply.send(rpc_error(400, jsonrpc::invalid_request, "Invalid Request: initialize opens a session; send it without Mcp-Session-Id", msg["id"]));
    end_idle_sessions(*st);
    if (st->sessions.size() >= st->opts.max_sessions)
      return reply.send(rpc_error(503, jsonrpc::invalid_request, "Service Unavailable: " + std::to_string(st->opts.max_sessions) + " sessions are open"));
    const std::string id = new_session_id();
    std::weak_ptr<detail::mcp_http_state> weak = st;
    caf::actor actor = spawn_mcp_session(*st->sys, st->session_opts,
                                         [weak, id](std::string text, const std::string& related) {
                                           on_session_message(weak, id, std::move(text), related);
                                         });
    auto& s = st->sessions[id];
    s.actor = actor;
    s.last_used = std::chrono::steady_clock::now();
    s.waiting.emplace(msg["id"].dump(), detail::mcp_http_waiting{reply, false, {}});
    spdlog::info("ptc mcp http: session {} opened", id);
    caf::anon_send(actor, mcp_in_atom::value, req.body);
    return;
  }
  if (session_id.empty())
    return reply.send(rpc_error(400, jsonrpc::invalid_request, "Bad Request: Mcp-Session-Id header is required", has_id ? msg["id"] : json()));
  auto s = st->sessions.find(session_id);
  if (s == st->sessions.end())
    return reply.send(rpc_error(404, jsonrpc::invalid_request, "Session not found: initialize a new session", has_id ? msg["id"] : json()));
  if (const std::string v = req.header("mcp-protocol-version"); !v.empty()) {
    const auto& known = mcp_protocol_versions();
    if (std::find(known.begin(), known.end(), v) == known.end())
      return reply.send(rpc_error(400, jsonrpc::invalid_request, "Bad Request: unsupported MCP-Protocol-Version " + v, has_id ? msg["id"] : json()));
  }
  s->second.last_used = std::chrono::steady_clock::now();
  if (is_request) {
    const std::string key = msg["id"].dump();
    if (s->second.waiting.count(key))
      return reply.send(rpc_error(400, jsonrpc::invalid_request, "Invalid Request: request id " + key + " is already in use", msg["id"]));
    // With a progressToken the answer is an event stream, opened now: the progress
    // notifications of the request go out as they come, its answer last.
    // MCP asks a progressToken to be unique among the active requests: a second one would
    // make the host's progress ambiguous. A token is in use while its request waits.
    const json token = msg.contains("params") ? mcp_progress_token(msg["params"]) : json();
    std::string token_text = token.is_null() ? std::string() : token.dump();
    if (!token_text.empty())
      for (const auto& [other, w] : s->second.waiting)
        if (w.token == token_text)
          return reply.send(rpc_error(400, jsonrpc::invalid_request,
                                      "Invalid Request: progressToken " + token_text + " is already in use by request " + other,
                                      msg["id"]));
    const bool stream = !token_text.empty();
    if (stream) reply.start(stream_head(session_id));
    s->second.waiting.emplace(key, detail::mcp_http_waiting{reply, stream, std::move(token_text)});
    caf::anon_send(s->second.actor, mcp_in_atom::value, req.body);
    return;
  }
  // A notification (or a response to us): accepted, nothing to answer. A cancelled request
  // gets no JSON-RPC answer (the session drops its run), so its HTTP request, if the client
  // still holds it open, is ended with 204 No Content instead of waiting forever.
  if (msg.value("method", "") == "notifications/cancelled" && msg.contains("params") && msg["params"].is_object() &&
      msg["params"].contains("requestId")) {
    http_server_response none;
    none.status = 204;
    none.content_type.clear();
    end_unanswered(s->second, msg["params"]["requestId"].dump(), std::move(none));
  }
  caf::anon_send(s->second.actor, mcp_in_atom::value, req.body);
  http_server_response accepted;
  accepted.status = 202;
  accepted.content_type.clear();
  reply.send(std::move(accepted));
}

void handle(const state_ptr& st, const http_server_request& req, const http_reply& reply) {
  const std::string path = req.target.substr(0, req.target.find('?'));
  if (path != st->opts.path) return reply.send(rpc_error(404, jsonrpc::invalid_request, "Not Found: the MCP endpoint is " + st->opts.path));
  if (auto refused = refuse(*st, req)) return reply.send(std::move(*refused));
  if (req.method == "POST") return handle_post(st, req, reply);
  if (req.method == "DELETE") {
    const std::string session_id = req.header("mcp-session-id");
    std::lock_guard lock(st->mutex);
    auto s = st->sessions.find(session_id);
    if (session_id.empty() || s == st->sessions.end())
      return reply.send(rpc_error(session_id.empty() ? 400 : 404, jsonrpc::invalid_request, "Session not found"));
    caf::anon_send_exit(s->second.actor, caf::exit_reason::user_shutdown);
    // Requests still waiting get no answer now: end their exchanges rather than leave them open.
    while (!s->second.waiting.empty()) {
      const std::string key = s->second.waiting.begin()->first;
      end_unanswered(s->second, key,
                     rpc_error(404, jsonrpc::invalid_request, "Session not found: the session was ended before the answer", json::parse(key)));
    }
    st->sessions.erase(s);
    spdlog::info("ptc mcp http: session {} ended by the client", session_id);
    http_server_response ok;
    ok.content_type.clear();
    return reply.send(std::move(ok));
  }
  auto r = rpc_error(405, jsonrpc::invalid_request, "Method Not Allowed: POST a JSON-RPC message, or DELETE the session");
  r.headers.emplace_back("Allow", "POST, DELETE");
  reply.send(std::move(r));
}

}  // namespace

std::variant<std::unique_ptr<mcp_http_endpoint>, std::string> mcp_http_endpoint::start(caf::actor_system& sys,
                                                                                      mcp_server_options sessions,
                                                                                      mcp_http_options opts) {
  auto st = std::make_shared<detail::mcp_http_state>();
  st->sys = &sys;
  st->loopback = is_loopback_host(opts.http.host);
  if (!st->loopback && opts.bearer_token.empty())
    return "refusing to listen on " + opts.http.host + " without a bearer token: anyone who can reach it could "
           "run programs with your tools (give a token, or listen on 127.0.0.1)";
  st->opts = std::move(opts);
  st->session_opts = std::move(sessions);
  auto started = http_server::start(st->opts.http, [st](http_server_request req, http_reply reply) {
    handle(st, req, reply);
  });
  if (auto* problem = std::get_if<std::string>(&started)) return *problem;
  return std::make_unique<mcp_http_endpoint>(st, std::move(std::get<0>(started)));
}

mcp_http_endpoint::mcp_http_endpoint(std::shared_ptr<detail::mcp_http_state> state, std::unique_ptr<http_server> server)
    : state_(std::move(state)), server_(std::move(server)) {}

mcp_http_endpoint::~mcp_http_endpoint() {
  server_.reset();  // no more requests; the handler's reference to the state is gone with it
  std::lock_guard lock(state_->mutex);
  for (auto& [id, s] : state_->sessions) caf::anon_send_exit(s.actor, caf::exit_reason::user_shutdown);
  state_->sessions.clear();
}

std::uint16_t mcp_http_endpoint::port() const { return server_->port(); }

std::string mcp_http_endpoint::url() const {
  const std::string& host = state_->opts.http.host;
  const bool v6 = host.find(':') != std::string::npos;
  return "http://" + (v6 ? "[" + host + "]" : host) + ":" + std::to_string(port()) + state_->opts.path;
}

std::size_t mcp_http_endpoint::sessions() const {
  std::lock_guard lock(state_->mutex);
  return state_->sessions.size();
}

void mcp_http_endpoint::set_tools(std::vector<tool_binding> tools, std::vector<mcp_exposed_tool> exposed) {
  std::lock_guard lock(state_->mutex);
  for (auto& [id, s] : state_->sessions) caf::anon_send(s.actor, mcp_set_tools_atom::value, tools, exposed);
  state_->session_opts.tools = std::move(tools);
  state_->session_opts.exposed = std::move(exposed);
}

}  // namespace ptc::actors
