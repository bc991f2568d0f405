// The MCP client connection actor (mcp.hpp).
#include <algorithm>
#include <chrono>
#include <mutex>
#include <optional>
#include <set>
#include <string_view>
#include <tuple>
#include <unordered_map>

#include <spdlog/spdlog.h>

#include "ptc/actors/deadlines.hpp"
#include "ptc/actors/exception_net.hpp"
#include "ptc/actors/http.hpp"
#include "ptc/actors/mcp.hpp"
#include "ptc/actors/mcp_process.hpp"
#include "ptc/actors/trace.hpp"
#include "ptc/actors/wire.hpp"
#include "ptc/config/secret.hpp"
#include "ptc/lisp/json.hpp"
#include "ptc/messages/json_schema.hpp"
#include "ptc/messages/text.hpp"

namespace ptc::actors {
namespace {

// Ordered: parameters, fields and results keep the order the server wrote them in.
using json = nlohmann::ordered_json;
using ordered_json = nlohmann::ordered_json;

using mcp_line_atom = caf::atom_constant<caf::atom("mcpline")>;
using mcp_exit_atom = caf::atom_constant<caf::atom("mcpexit")>;
using mcp_tools_atom = caf::atom_constant<caf::atom("mcptools")>;
using mcp_timeout_atom = caf::atom_constant<caf::atom("mcptimeout")>;
using mcp_sweep_atom = caf::atom_constant<caf::atom("mcpsweep")>;
using mcp_restart_atom = caf::atom_constant<caf::atom("mcprestart")>;
using mcp_close_atom = caf::atom_constant<caf::atom("mcpclose")>;

constexpr std::size_t max_error_text = 2000;
/// A server may list at most this many tools, in at most this many pages.
constexpr std::size_t max_listed_tools = 10'000;

std::string cut(std::string text, std::size_t limit = max_error_text) {
  return messages::cut_utf8(std::move(text), limit);
}

/// What a server sent that cannot be read as JSON-RPC, for the fault: "wrote a line that is not
/// JSON-RPC: ..." or, when it is JSON nested too deep to be read safely, says so.
std::string not_json_rpc(const std::string& what, const std::string& text) {
  if (lisp::json_too_deep(text)) {
    return what + " that " + lisp::too_deep_text() + ": " + cut(text, 60);
  }
  return what + " that is not JSON-RPC: " + cut(text, 120);
}

std::uint64_t base64_bytes(const std::string& data) {
  std::size_t n = 0, pad = 0;
  for (char c : data) {
    if (c == '=') ++pad;
    else if (c != '\n' && c != '\r' && c != ' ') ++n;
  }
  return (n + pad) / 4 * 3 - std::min<std::size_t>(pad, 2) + (n + pad) % 4 * 3 / 4;
}

json content_item(const json& c) {
  const std::string type = c.value("type", "");
  if (type == "text") {
    const std::string text = c.value("text", "");
    json parsed = lisp::parse_outside_json<json>(text);
    return parsed.is_discarded() ? json(text) : parsed;
  }
  if (type == "image" || type == "audio") {
    return {{"type", type}, {"mime_type", c.value("mimeType", "")}, {"bytes", base64_bytes(c.value("data", ""))}};
  }
  if (type == "resource_link") {
    json out = {{"type", type}, {"uri", c.value("uri", "")}, {"name", c.value("name", "")}};
    if (c.contains("mimeType")) out["mime_type"] = c["mimeType"];
    return out;
  }
  if (type == "resource" && c.contains("resource") && c["resource"].is_object()) {
    const json& r = c["resource"];
    json out = {{"type", type}, {"uri", r.value("uri", "")}};
    if (r.contains("mimeType")) out["mime_type"] = r["mimeType"];
    if (r.contains("text")) out["text"] = r["text"];
    else out["bytes"] = base64_bytes(r.value("blob", ""));
    return out;
  }
  return {{"type", type.empty() ? "unknown" : type}};  // a kind this client does not know
}

std::string text_of(const json& result) {
  std::string out;
  if (auto c = result.find("content"); c != result.end() && c->is_array()) {
    for (const auto& item : *c) {
      if (item.value("type", "") != "text") continue;
      if (!out.empty()) out += "\n";
      out += item.value("text", "");
    }
  }
  return out;
}

}  // namespace

const std::vector<std::string>& mcp_protocol_versions() {
  static const std::vector<std::string> versions{"2025-11-25", "2025-06-18", "2025-03-26"};
  return versions;
}

std::string jsonrpc::parse_error_text(const std::string& what, std::string_view text) {
  if (lisp::json_too_deep(text)) {
    return "Parse error: the " + what + " " + lisp::too_deep_text();
  }
  return "Parse error: the " + what + " is not JSON";
}

std::string jsonrpc::json_fault_text(const std::exception& e) {
  std::string text = e.what();
  if (text.starts_with("[json.exception.")) {
    if (const auto end = text.find("] "); end != std::string::npos) text.erase(0, end + 2);
  }
  return cut(std::move(text), 300);
}

tool_result mcp_result_to_tool_result(const json& result) {
  tool_result r;
  if (!result.is_object()) {
    r.error = "the MCP server's result is not an object: " + cut(result.dump(), 200);
    return r;
  }
  if (result.value("isError", false)) {
    std::string text = text_of(result);
    if (text.empty() && result.contains("structuredContent")) text = result["structuredContent"].dump();
    r.error = cut(text.empty() ? "the tool reported an error without a message" : text);
    return r;
  }
  json value;
  if (auto s = result.find("structuredContent"); s != result.end() && !s->is_null()) {
    value = *s;
  } else if (auto c = result.find("content"); c != result.end() && c->is_array()) {
    if (c->size() == 1) {
      value = content_item(c->front());
    } else {
      value = json::array();
      for (const auto& item : *c) value.push_back(content_item(item));
      if (value.empty()) value = nullptr;
    }
  }
  r.ok = true;
  r.value = value.dump(-1, ' ', false, json::error_handler_t::replace);
  return r;
}

namespace {

struct pending_call {
  caf::response_promise rp;
  std::string tool;       ///< the server's name of the tool
  caf::actor_addr caller; ///< the agent whose program called (none: a caller outside an agent)
  caf::actor trace;       ///< its trace sink, for notifications/progress
  std::string agent;      ///< its tree path, for the trace
  json request;           ///< HTTP: the tools/call message, sent again if the session is lost
  std::uint64_t epoch = 0;  ///< HTTP: the session it was last sent in
  bool direct = false;      ///< stdio: the reader thread may answer it (direct_answers)
  bool raw = false;         ///< mcp_forward_atom: answered with the server's whole answer as JSON
  /// When it fails as timed out. Calls go out with growing ids and one timeout, so the
  /// deadlines grow with the ids: the first call in `calls` is the next to time out.
  std::chrono::steady_clock::time_point deadline{};
};

/// notifications/cancelled for the call `id`.
json cancel_message(std::int64_t id, const std::string& reason) {
  return {{"jsonrpc", "2.0"}, {"method", "notifications/cancelled"}, {"params", {{"requestId", id}, {"reason", reason}}}};
}

std::string call_timeout_text(const std::string& label, std::int64_t timeout_ms) {
  return label + " did not answer within " + std::to_string(timeout_ms) + " ms";
}

/// Stdio: calls and their answers skip the connection's actor where they can (one hop less each
/// way, on the path every call waits on). The thread that reads the server's stdout answers the
/// caller itself (answer_directly), and while the server is ready a caller's own thread writes
/// its call's line (call(): an interpreter, through tool_binding::direct). Every call out is in
/// `open`; whoever takes it out first answers it, once: the reader with the server's result, the
/// actor with a failure (the timeout of a call it sent, the server's end, the connection
/// closed), or give_up() for a caller that stops waiting. The actor learns of the reader's
/// answers to the calls it sent from `answered` (settle_answered).
class stdio_gate final : public direct_tool {
 public:
  struct entry {
    caf::strong_actor_ptr to;  ///< who asked (an interpreter)
    caf::message_id id;        ///< its request's id
    /// Taken by call(), so not in the actor's `calls`: the server's name of the tool, and the
    /// caller's trace sink and tree path (for notifications/progress; no path without a sink).
    bool by_caller = false;
    std::string tool;
    caf::actor trace;
    std::string agent;
  };

  stdio_gate(std::string label, std::string prefix, std::int64_t timeout_ms)
      : label_(std::move(label)), prefix_(std::move(prefix)), timeout_ms_(timeout_ms) {}

  std::chrono::milliseconds timeout() const override { return std::chrono::milliseconds(timeout_ms_); }

  std::optional<std::int64_t> call(const tool_call& c, const caf::strong_actor_ptr& caller,
                                   caf::message_id request) override {
    // What the actor answers with an error (arguments that are not a map, ...) goes to it.
    std::string_view name = c.name;
    if (!caller || !name.starts_with(prefix_) || !c.args.starts_with('{')) return std::nullopt;
    name.remove_prefix(prefix_.size());
    std::shared_ptr<detail::mcp_process> proc;
    std::int64_t id = 0;
    {
      std::lock_guard lock(mutex);
      if (!proc_ || !offered_.contains(name)) return std::nullopt;
      proc = proc_;
      id = next_id_++;
      open.emplace(id, entry{caller, request, true, std::string(name), c.context.trace,
                             c.context.trace ? c.context.path : std::string()});
    }
    // The line dispatch_call would send (the id doubles as the progress token), with the
    // arguments as the interpreter wrote them: a JSON object.
    std::string line = R"({"jsonrpc":"2.0","id":)" + std::to_string(id) + R"(,"method":"tools/call","params":{"name":)" +
                       json(name).dump(-1, ' ', false, json::error_handler_t::replace) + R"(,"arguments":)" + c.args +
                       R"(,"_meta":{"progressToken":)" + std::to_string(id) + "}}}";
    if (proc->send(std::move(line))) return id;
    // The process is ending: the actor takes the call, unless that ending answered it already.
    std::lock_guard lock(mutex);
    if (open.erase(id) == 1) return std::nullopt;
    return id;
  }

  void give_up(std::int64_t ticket, const std::string& why) override {
    const bool timed_out = why.empty();
    finish(ticket, timed_out ? call_timeout_text(label_, timeout_ms_) : why, timed_out ? "timed out" : why);
  }

  /// The connection's next JSON-RPC id: the actor's requests and the calls taken here share them.
  std::int64_t next_id() {
    std::lock_guard lock(mutex);
    return next_id_++;
  }

  /// The server is ready: callers may write calls of the tools it offers (server names).
  void open_to_callers(std::shared_ptr<detail::mcp_process> proc, const std::set<std::string>& offered) {
    std::lock_guard lock(mutex);
    proc_ = std::move(proc);
    offered_ = std::set<std::string, std::less<>>(offered.begin(), offered.end());
  }

  /// The server cannot take calls now (it ended, or the connection is closing): calls go to the
  /// actor, and every call taken here fails with `why` (the server is told when `tell_server`).
  void shut(const std::string& why, bool tell_server) {
    std::vector<std::pair<std::int64_t, entry>> gone;
    std::shared_ptr<detail::mcp_process> proc;
    {
      std::lock_guard lock(mutex);
      proc = std::move(proc_);
      offered_.clear();
      for (auto it = open.begin(); it != open.end();) {
        if (!it->second.by_caller) {
          ++it;
          continue;
        }
        gone.emplace_back(it->first, std::move(it->second));
        it = open.erase(it);
      }
    }
    for (auto& [id, e] : gone) end_call(proc, id, e, why, tell_server ? why : std::string());
  }

  /// Fails the call `id` taken here with `why`; false when it is not one (or is answered).
  bool fail(std::int64_t id, const std::string& why) { return finish(id, why, ""); }

  /// Where notifications/progress for the call `id` taken here go: its trace sink, tree path and
  /// the server's name of the tool; nullopt when it is not one, or its caller has no trace.
  std::optional<std::tuple<caf::actor, std::string, std::string>> progress_target(std::int64_t id) {
    std::lock_guard lock(mutex);
    auto it = open.find(id);
    if (it == open.end() || !it->second.by_caller || !it->second.trace) return std::nullopt;
    return std::make_tuple(it->second.trace, it->second.agent, it->second.tool);
  }

  std::mutex mutex;
  std::unordered_map<std::int64_t, entry> open;
  std::vector<std::int64_t> answered;  ///< the actor's calls the reader answered

 private:
  /// Takes the call `id` taken here out of `open` and ends it (end_call).
  bool finish(std::int64_t id, const std::string& why, const std::string& cancel_reason) {
    entry e;
    std::shared_ptr<detail::mcp_process> proc;
    {
      std::lock_guard lock(mutex);
      auto it = open.find(id);
      if (it == open.end() || !it->second.by_caller) return false;  // answered, or the actor's
      e = std::move(it->second);
      open.erase(it);
      proc = proc_;
    }
    end_call(proc, id, e, why, cancel_reason);
    return true;
  }

  /// Ends a call taken out of `open`: the server hears it is cancelled (unless `cancel_reason`
  /// is empty, or there is no process), and the caller gets `why` as the call's error.
  static void end_call(const std::shared_ptr<detail::mcp_process>& proc, std::int64_t id, const entry& e,
                       const std::string& why, const std::string& cancel_reason) {
    if (proc && !cancel_reason.empty())
      proc->send(cancel_message(id, cancel_reason).dump(-1, ' ', false, json::error_handler_t::replace));
    e.to->enqueue(nullptr, e.id.response_id(), caf::make_message(tool_result{false, "", why, {}}), nullptr);
  }

  const std::string label_;
  const std::string prefix_;
  const std::int64_t timeout_ms_;
  std::int64_t next_id_ = 1;                        ///< guarded by mutex
  std::shared_ptr<detail::mcp_process> proc_;       ///< guarded by mutex; null: calls go to the actor
  std::set<std::string, std::less<>> offered_;      ///< guarded by mutex
};

enum class phase { starting, ready, restarting, down };

/// What a server sends to ptc's log (its stderr, its notifications/message), at most
/// `per_second` lines a second, so that a server that floods them does not flood the log. What
/// is left out is counted and said when the next second's first line comes, or at the end.
/// Shared by the actor and the thread that reads the server's stderr.
class log_gate {
 public:
  static constexpr std::size_t per_second = 100;
  /// `done`: what happens to an admitted line, for the report of those left out ("logged").
  explicit log_gate(std::string server, std::string done = "logged") : server_(std::move(server)), done_(std::move(done)) {}
  log_gate(const log_gate&) = delete;
  log_gate& operator=(const log_gate&) = delete;
  ~log_gate() { report(); }

  /// True when one more line may be logged now.
  bool admit() {
    std::lock_guard lock(mutex_);
    const auto now = std::chrono::steady_clock::now();
    if (now - window_ >= std::chrono::seconds(1)) {
      report_locked();
      window_ = now;
      used_ = 0;
    }
    if (used_ < per_second) {
      ++used_;
      return true;
    }
    ++dropped_;
    return false;
  }

 private:
  void report() {
    std::lock_guard lock(mutex_);
    report_locked();
  }
  void report_locked() {
    if (dropped_ == 0) return;
    spdlog::warn("mcp {}: {} more log lines within a second were not {} (at most {} a second are)", server_,
                 dropped_, done_, per_second);
    dropped_ = 0;
  }

  std::string server_;
  std::string done_;
  std::mutex mutex_;
  std::chrono::steady_clock::time_point window_{};
  std::size_t used_ = 0;
  std::size_t dropped_ = 0;
};

struct mcp_state {
  static constexpr const char* name = "mcp_connection";
  mcp_server_spec spec;
  std::string label;  ///< "MCP server NAME"
  std::shared_ptr<log_gate> log;  ///< the server's lines to ptc's log
  /// Its log messages to the host of an exposed call: bounded too, so that a server that floods
  /// them cannot fill a slow host's stream (and ptc's memory) without end.
  std::shared_ptr<log_gate> forward_log;
  std::shared_ptr<detail::mcp_process> proc;
  std::uint64_t generation = 0;
  phase ph = phase::starting;
  bool ever_ready = false;
  std::string fault;         ///< a protocol fault that ended the current process
  std::string down_reason;   ///< phase::down: why every call fails
  int restarts = 0;
  std::int64_t next_id = 1;
  std::int64_t init_id = 0, list_id = 0;
  /// The initialize request whose timer bounds the whole handshake (initialize and every page
  /// of tools/list), so a server that answers initialize and then stalls is still timed out.
  std::int64_t handshake_timer = 0;
  std::size_t list_pages = 0;           ///< pages of the list in progress
  std::set<std::size_t> cursors_seen;   ///< hashes of its cursors: a cursor seen twice is a loop
  std::string protocol_version;
  ordered_json listed = ordered_json::array();
  std::map<std::int64_t, pending_call> calls;
  std::shared_ptr<stdio_gate> direct;  ///< stdio only (null over HTTP)
  /// The call timer is set: one timer for the first call's deadline, not one per call (each
  /// timer is work and a wake-up for CAF's clock thread, on the path of every call).
  bool sweep_armed = false;
  std::set<std::string> offered_names;  ///< the server's names of the tools bound (after the prefix)
  std::vector<tool_binding> tools;
  std::vector<json> entries;  ///< the server's tools/list entry of each of `tools`
  std::shared_ptr<detail::mcp_tool_list> published;  ///< `tools` as mcp_client sees it
  bool relisting = false;     ///< the list in progress replaces the current one
  bool relist_wanted = false; ///< list_changed came during a handshake: list again after it
  std::vector<caf::response_promise> waiting;  ///< for the tool list
  /// Calls during a restart: the call, its promise, whether it is forwarded (raw).
  std::vector<std::tuple<tool_call, caf::response_promise, bool>> queued;
  std::vector<caf::response_promise> closing;  ///< answered once the process has been reaped
  /// Agents with calls in flight, watched so that their calls are cancelled when they end.
  std::map<caf::actor_addr, std::size_t> watched;

  // Streamable HTTP (spec.url set): no process; each message is a POST through an HTTP actor
  // (one libcurl multi handle), answered with JSON or an event stream.
  caf::actor http;
  std::string session_id;  ///< Mcp-Session-Id from the initialize answer ("" if none)
  std::string bearer;      ///< the token from spec.bearer_token_env (registered as a secret)
  std::uint64_t epoch = 0; ///< counts initialize requests: answers from a lost session are stale
  std::vector<std::int64_t> resend;  ///< calls refused with the lost session, sent again once ready

  bool is_http() const { return !spec.url.empty(); }

  ~mcp_state() {
    if (direct) direct->shut(label + ": the connection was closed", false);
    if (proc) proc->stop();
    if (http) caf::anon_send_exit(http, caf::exit_reason::user_shutdown);
  }
};

using mcp_actor = caf::stateful_actor<mcp_state>;

void post(mcp_actor* self, const json& msg);

void send_json(mcp_actor* self, const json& msg) {
  auto& st = self->state;
  if (st.is_http()) return post(self, msg);
  if (st.proc) st.proc->send(msg.dump(-1, ' ', false, json::error_handler_t::replace));
}

json request_message(std::int64_t id, const std::string& method, json params) {
  json msg = {{"jsonrpc", "2.0"}, {"id", id}, {"method", method}};
  if (!params.is_null()) msg["params"] = std::move(params);
  return msg;
}

/// The next JSON-RPC id (over stdio the gate's: calls taken there use the same ids).
std::int64_t next_request_id(mcp_state& st) { return st.direct ? st.direct->next_id() : st.next_id++; }

std::int64_t request(mcp_actor* self, const std::string& method, json params) {
  auto& st = self->state;
  const std::int64_t id = next_request_id(st);
  send_json(self, request_message(id, method, std::move(params)));
  return id;
}

/// Tells the server that the call `id` will not be waited for (notifications/cancelled).
void cancel_at_server(mcp_actor* self, std::int64_t id, const std::string& reason) {
  send_json(self, cancel_message(id, reason));
}

/// One call of `caller` is over: stop watching the agent once it has none in flight.
void release_caller(mcp_actor* self, const caf::actor_addr& caller) {
  auto& st = self->state;
  auto it = caller ? st.watched.find(caller) : st.watched.end();
  if (it == st.watched.end()) return;
  if (--it->second == 0) {
    self->demonitor(caller);
    st.watched.erase(it);
  }
}

/// Takes the call `id` out of the reader thread's reach (direct_answers): true when the actor
/// is to answer it, false when the reader already has.
bool claim(mcp_actor* self, const pending_call& c, std::int64_t id) {
  if (!c.direct) return true;
  auto& d = *self->state.direct;
  std::lock_guard lock(d.mutex);
  return d.open.erase(id) == 1;
}

/// The calls the reader thread answered are over: out of `calls`, their callers released.
void settle_answered(mcp_actor* self) {
  auto& st = self->state;
  if (!st.direct) return;
  std::vector<std::int64_t> done;
  {
    std::lock_guard lock(st.direct->mutex);
    if (st.direct->answered.empty()) return;
    done.swap(st.direct->answered);
  }
  for (const std::int64_t id : done) {
    auto it = st.calls.find(id);
    if (it == st.calls.end()) continue;
    release_caller(self, it->second.caller);
    st.calls.erase(it);
  }
}

/// Every call is over (answered or failed): no agent is watched any more.
void release_all_callers(mcp_actor* self) {
  auto& st = self->state;
  for (const auto& [caller, n] : st.watched) self->demonitor(caller);
  st.watched.clear();
}

/// Answers whoever waits for the tool list or for a restart: `why`.
void fail_waiting(mcp_actor* self, const std::string& why) {
  auto& st = self->state;
  for (auto& rp : st.waiting) rp.deliver(caf::make_error(caf::sec::runtime_error, why));
  st.waiting.clear();
  for (auto& [call, rp, raw] : st.queued) {
    tool_result r;
    r.error = why;
    rp.deliver(std::move(r));
  }
  st.queued.clear();
}

/// Every call in flight fails with `why` (the server is told first when `tell_server`).
void fail_calls(mcp_actor* self, const std::string& why, bool tell_server) {
  auto& st = self->state;
  settle_answered(self);
  for (auto& [id, c] : st.calls) {
    if (!claim(self, c, id)) continue;  // the reader answered it meanwhile
    if (tell_server) cancel_at_server(self, id, why);
    c.rp.deliver(tool_result{false, "", why, {}});
  }
  st.calls.clear();
  release_all_callers(self);
  if (st.direct) st.direct->shut(why, tell_server);
}

/// The connection is being closed: every call and waiter gets `why`, and so does every later call.
void fail_everything(mcp_actor* self, const std::string& why) {
  auto& st = self->state;
  // Calls still out will not be waited for: the server is told so before it is stopped.
  fail_calls(self, why, true);
  st.ph = phase::down;
  st.down_reason = why;
  fail_waiting(self, why);
}

void go_down(mcp_actor* self, const std::string& why) {
  auto& st = self->state;
  st.ph = phase::down;
  st.down_reason = why;
  spdlog::warn("{}", why);
  fail_waiting(self, why);
  if (st.proc) st.proc->stop();
}

void send_initialize(mcp_actor* self) {
  auto& st = self->state;
  // Exposed through `ptc mcp`: the server's requests are passed on to the host of the call.
  // Not over HTTP: ptc reads a call's event stream when it ends, so a request made inside it
  // would wait for the call's timeout; unoffered, the server is told at once by its own SDK.
  const json capabilities = st.spec.expose && !st.is_http()
                                ? json{{"sampling", json::object()}, {"elicitation", json::object()}}
                                : json::object();
  st.init_id = request(self, "initialize",
                       {{"protocolVersion", mcp_protocol_versions().front()},
                        {"capabilities", capabilities},
                        {"clientInfo", {{"name", "ptc"}, {"version", "0.1"}}}});
  st.handshake_timer = st.init_id;
  self->delayed_send(self, std::chrono::milliseconds(st.spec.connect_timeout_ms), mcp_timeout_atom::value,
                     st.init_id, st.generation);
}

/// A re-listing (after notifications/tools/list_changed) that failed: the list in use stays.
void relist_failed(mcp_actor* self, const std::string& why) {
  auto& st = self->state;
  st.relisting = false;
  spdlog::warn("{} could not list its new tools: {}; the previous list stays in use", st.label, why);
}

/// Asks for the first page of the tool list.
void list_tools(mcp_actor* self) {
  auto& st = self->state;
  st.listed = ordered_json::array();
  st.list_pages = 0;
  st.cursors_seen.clear();
  st.list_id = request(self, "tools/list", nullptr);
}

/// Streamable HTTP: a new session (the first, or after the server lost one).
void start_session(mcp_actor* self) {
  auto& st = self->state;
  ++st.epoch;
  st.relisting = st.ever_ready;  // a new session may offer other tools
  st.session_id.clear();
  st.protocol_version.clear();
  st.listed = ordered_json::array();
  send_initialize(self);
}

/// Streamable HTTP: the token (if any), the HTTP actor, the first session.
void start_http(mcp_actor* self) {
  auto& st = self->state;
  if (!st.spec.bearer_token_env.empty()) {
    const char* token = std::getenv(st.spec.bearer_token_env.c_str());
    if (token == nullptr || *token == '\0') {
      return go_down(self, st.label + " could not start: the environment variable " + st.spec.bearer_token_env +
                               " (its bearer_token_env) is not set");
    }
    st.bearer = token;
    config::register_secret(st.bearer);
  }
  http_options opts;
  opts.max_in_flight = 1024;
  st.http = spawn_http_client(self->system(), opts);
  start_session(self);
}

bool answer_directly(stdio_gate& d, const std::string& line);

void start_process(mcp_actor* self) {
  auto& st = self->state;
  const std::uint64_t gen = ++st.generation;
  st.relisting = st.ever_ready;  // a restarted server may offer other tools
  st.fault.clear();
  st.listed = ordered_json::array();
  caf::weak_actor_ptr weak = caf::actor_cast<caf::weak_actor_ptr>(self->ctrl());
  auto to_self = [weak](auto... xs) {
    if (auto strong = caf::actor_cast<caf::actor>(weak)) caf::anon_send(strong, xs...);
  };
  detail::process_spec ps{st.spec.command, st.spec.args, st.spec.env, st.spec.cwd, st.spec.max_line_bytes};
  const std::string server = st.spec.name;
  detail::process_callbacks cb{
      [to_self, gen, direct = st.direct](std::string line) {
        if (!answer_directly(*direct, line)) to_self(mcp_line_atom::value, gen, std::move(line));
      },
      [server, log = st.log](std::string line) {
        if (log->admit()) spdlog::info("mcp {} stderr: {}", server, line);
      },
      [to_self, gen](std::string why) { to_self(mcp_exit_atom::value, gen, std::move(why)); }};
  st.proc = detail::mcp_process::start(std::move(ps), std::move(cb));
  send_initialize(self);
}

void fail_call(mcp_actor* self, std::int64_t id, const std::string& why) {
  auto& st = self->state;
  auto it = st.calls.find(id);
  if (it == st.calls.end()) return;
  if (claim(self, it->second, id)) {
    tool_result r;
    r.error = why;
    it->second.rp.deliver(std::move(r));
  }
  release_caller(self, it->second.caller);
  st.calls.erase(it);
}

/// Sets the call timer for the first call's deadline, unless it is set.
void arm_call_sweep(mcp_actor* self) {
  auto& st = self->state;
  if (st.sweep_armed || st.calls.empty()) return;
  const auto first = st.calls.begin()->second.deadline;
  if (first == std::chrono::steady_clock::time_point::max()) return;  // no deadline
  const auto wait = first - std::chrono::steady_clock::now();
  st.sweep_armed = true;
  self->delayed_send(self, std::max(std::chrono::duration_cast<std::chrono::microseconds>(wait), std::chrono::microseconds(0)),
                     mcp_sweep_atom::value);
}

/// The calls past their deadline fail as timed out (the server is told), then the timer is
/// set for the next.
void sweep_calls(mcp_actor* self) {
  auto& st = self->state;
  st.sweep_armed = false;
  settle_answered(self);
  const auto now = std::chrono::steady_clock::now();
  while (!st.calls.empty() && st.calls.begin()->second.deadline <= now) {
    const std::int64_t id = st.calls.begin()->first;
    cancel_at_server(self, id, "timed out");
    fail_call(self, id, call_timeout_text(st.label, st.spec.call_timeout_ms));
  }
  arm_call_sweep(self);
}

void dispatch_call(mcp_actor* self, tool_call call, caf::response_promise rp, bool raw) {
  auto& st = self->state;
  settle_answered(self);
  if (!st.offered_names.count(call.name)) {
    tool_result r;
    r.error = st.label + " has no tool " + call.name;
    rp.deliver(std::move(r));
    return;
  }
  json args = call.args.empty() ? json::object() : json::parse(call.args, nullptr, false);
  if (args.is_discarded() || !args.is_object()) {
    tool_result r;
    r.error = "the arguments must be a map";
    rp.deliver(std::move(r));
    return;
  }
  // The id doubles as the progress token: the server's notifications/progress go to the trace.
  const std::int64_t id = next_request_id(st);
  json msg = request_message(id, "tools/call",
                             {{"name", call.name}, {"arguments", std::move(args)}, {"_meta", {{"progressToken", id}}}});
  const caf::actor_addr caller = call.context.caller;
  if (caller) {
    // Its mission may end while the call is out: then the call is cancelled (see the down handler).
    if (st.watched[caller]++ == 0) {
      if (auto handle = caf::actor_cast<caf::actor>(caller)) self->monitor(handle);
    }
  }
  // Over stdio the reader thread answers the caller itself (a plain request: no forwarding
  // stages), so the call is open to it before its line goes out.
  const bool direct = !raw && st.direct && rp.stages().empty() && rp.source();
  if (direct) {
    std::lock_guard lock(st.direct->mutex);
    st.direct->open.emplace(id, stdio_gate::entry{rp.source(), rp.id(), false, {}, {}, {}});
  }
  auto& pending = st.calls.emplace(id, pending_call{std::move(rp), call.name, caller, call.context.trace,
                                                   call.context.path, json(), st.epoch, direct}).first->second;
  if (st.is_http()) pending.request = msg;
  pending.raw = raw;
  pending.deadline = deadline_after(std::chrono::milliseconds(st.spec.call_timeout_ms));
  send_json(self, msg);
  arm_call_sweep(self);
}

bool offered(const mcp_server_spec& spec, const std::string& name) {
  auto has = [&](const std::vector<std::string>& v) { return std::find(v.begin(), v.end(), name) != v.end(); };
  if (has(spec.deny)) return false;
  return spec.allow.empty() || has(spec.allow);
}

/// Bindings for the listed tools: those the allow/deny lists offer, each under the prefix.
/// An error when the list names a tool twice or lacks a tool that `allow` names.
std::optional<std::string> bind_listed(mcp_actor* self, std::vector<tool_binding>& tools, std::vector<json>& entries,
                                       std::set<std::string>& names) {
  auto& st = self->state;
  std::set<std::string> seen;
  for (const auto& t : st.listed) {
    if (!t.is_object() || !t.contains("name") || !t["name"].is_string()) continue;
    const std::string name = t["name"].get<std::string>();
    if (!seen.insert(name).second) return st.label + " lists the tool " + name + " twice";
    if (!offered(st.spec, name)) continue;
    const auto rendered = messages::render_tool_schema(t.value("inputSchema", ordered_json()),
                                                       t.value("outputSchema", ordered_json()));
    std::string description = cut(t.value("description", std::string()), 1000);
    for (const auto& n : rendered.notes) description += "\n" + n;
    tool_binding b;
    b.spec = messages::tool_spec{st.spec.prefix + name, std::move(description), rendered.signature};
    b.handle = caf::actor_cast<caf::actor>(self);
    // The connection's own timeout answers first, with a message naming the server.
    b.timeout_ms = st.spec.call_timeout_ms + 1000;
    b.direct = st.direct;  // over stdio, calls skip the actor while the server is ready
    names.insert(name);
    tools.push_back(std::move(b));
    entries.push_back(t);
  }
  for (const auto& a : st.spec.allow) {
    if (!seen.count(a)) return st.label + ": tools.mcp allow names " + a + ", which the server does not offer";
  }
  return std::nullopt;
}

void relist(mcp_actor* self);

/// The tool list is complete: bindings (the first time, or a new list), then whoever waited,
/// then queued calls.
void ready(mcp_actor* self) {
  auto& st = self->state;
  if (!st.ever_ready || st.relisting) {
    st.relisting = false;
    std::vector<tool_binding> tools;
    std::vector<json> entries;
    std::set<std::string> names;
    auto same_specs = [](const std::vector<tool_binding>& a, const std::vector<tool_binding>& b) {
      return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                        [](const tool_binding& x, const tool_binding& y) { return x.spec == y.spec; });
    };
    if (auto problem = bind_listed(self, tools, entries, names)) {
      if (!st.ever_ready) return go_down(self, *problem);
      spdlog::warn("{}; the previous tool list stays in use", *problem);
    } else if (!st.ever_ready || !same_specs(st.tools, tools) || st.entries != entries) {  // (a restart may list the same again)
      const bool changed = st.ever_ready;
      st.tools = std::move(tools);
      st.entries = std::move(entries);
      st.offered_names = std::move(names);
      std::function<void()> notify;
      {
        std::lock_guard lock(st.published->mutex);
        st.published->tools = st.tools;
        st.published->entries = st.entries;
        ++st.published->version;
        if (changed) notify = st.published->on_change;
      }
      if (changed) spdlog::info("{}: a new tool list, {} tools", st.label, st.tools.size());
      if (notify) notify();
    }
    if (!st.ever_ready) {
      st.ever_ready = true;
      spdlog::info("{}: {} tools, protocol {}", st.label, st.tools.size(), st.protocol_version);
    }
  }
  st.ph = phase::ready;
  if (st.direct && st.proc) st.direct->open_to_callers(st.proc, st.offered_names);
  for (auto& rp : st.waiting) rp.deliver(st.tools, st.protocol_version);
  st.waiting.clear();
  auto queued = std::move(st.queued);
  st.queued.clear();
  for (auto& [call, rp, raw] : queued) dispatch_call(self, std::move(call), std::move(rp), raw);
  // Streamable HTTP: the calls the lost session refused go out again, same ids, new session.
  auto resend = std::move(st.resend);
  st.resend.clear();
  for (std::int64_t id : resend) {
    auto it = st.calls.find(id);
    if (it == st.calls.end()) continue;
    it->second.epoch = st.epoch;
    send_json(self, it->second.request);
  }
  if (st.relist_wanted) {
    st.relist_wanted = false;
    relist(self);
  }
}

/// The server announced a new tool list (notifications/tools/list_changed): it is listed again
/// and published for the next missions (mcp_client::tools). Calls go on meanwhile. No timeout:
/// a list that never comes leaves the current one in use.
void relist(mcp_actor* self) {
  auto& st = self->state;
  if (st.ph != phase::ready || st.list_id != 0) {
    st.relist_wanted = true;
    return;
  }
  st.relisting = true;
  list_tools(self);
}

/// A JSON-RPC error object as the program's error shows it.
std::string rpc_error_text(const json& error) {
  std::string text = error.is_object() ? error.value("message", std::string("error")) : error.dump();
  if (error.is_object() && error.contains("code")) text += " (JSON-RPC error " + error.at("code").dump() + ")";
  return cut(text);
}

/// The reader thread's part of stdio_gate: a line that answers a call still open goes from here
/// to its caller. False for every other line (the actor reads those), and for an answer ptc
/// cannot read (the actor fails its call with the reason).
bool answer_directly(stdio_gate& d, const std::string& line) {
  {
    std::lock_guard lock(d.mutex);
    if (d.open.empty()) return false;
  }
  std::int64_t id = 0;
  tool_result r;
  try {
    const json msg = lisp::parse_outside_json<json>(line);
    if (msg.is_discarded() || !msg.is_object() || msg.contains("method")) return false;
    const auto id_at = msg.find("id");
    if (id_at == msg.end() || !id_at->is_number_integer()) return false;
    id = id_at->get<std::int64_t>();
    if (auto error = msg.find("error"); error != msg.end()) r = tool_result{false, "", rpc_error_text(*error), {}};
    else if (auto result = msg.find("result"); result != msg.end()) r = mcp_result_to_tool_result(*result);
    else return false;
  } catch (const json::exception&) {
    return false;
  }
  stdio_gate::entry to;
  {
    std::lock_guard lock(d.mutex);
    auto it = d.open.find(id);
    if (it == d.open.end()) return false;  // failed meanwhile (a timeout, ...)
    to = std::move(it->second);
    d.open.erase(it);
    if (!to.by_caller) d.answered.push_back(id);
  }
  to.to->enqueue(nullptr, to.id.response_id(), caf::make_message(std::move(r)), nullptr);
  return true;
}

void on_response(mcp_actor* self, const json& msg) {
  auto& st = self->state;
  const json& id_field = msg["id"];
  if (!id_field.is_number_integer()) return;  // not one of ours (ids are integers here)
  const std::int64_t id = id_field.get<std::int64_t>();
  const json* error = msg.contains("error") ? &msg["error"] : nullptr;
  auto error_text = [&] { return rpc_error_text(*error); };
  if (id == st.init_id) {
    st.init_id = 0;
    if (error) return go_down(self, st.label + " refused to initialize: " + error_text());
    const json& result = msg.value("result", json::object());
    const std::string version = result.value("protocolVersion", "");
    const auto& known = mcp_protocol_versions();
    if (std::find(known.begin(), known.end(), version) == known.end()) {
      return go_down(self, st.label + " speaks protocol version \"" + version + "\"; ptc speaks 2025-11-25, 2025-06-18 and 2025-03-26");
    }
    st.protocol_version = version;
    send_json(self, {{"jsonrpc", "2.0"}, {"method", "notifications/initialized"}});
    list_tools(self);
    return;
  }
  if (id == st.list_id) {
    st.list_id = 0;
    auto list_failed = [&](const std::string& why) {
      if (st.relisting && st.ever_ready) return relist_failed(self, why);
      go_down(self, st.label + " could not list its tools: " + why);
    };
    if (error) return list_failed(error_text());
    const json result = msg.value("result", json::object());
    if (auto tools = result.find("tools"); tools != result.end() && tools->is_array()) {
      for (const auto& t : *tools) st.listed.push_back(t);
    }
    ++st.list_pages;
    if (auto cursor = result.find("nextCursor"); cursor != result.end() && cursor->is_string()) {
      // A server's paging must end: a bound on tools and pages, and no cursor twice.
      if (st.listed.size() > max_listed_tools) {
        return list_failed("it lists more than " + std::to_string(max_listed_tools) + " tools");
      }
      if (st.list_pages >= max_listed_tools) {
        return list_failed("its list goes on for more than " + std::to_string(max_listed_tools) + " pages");
      }
      const std::string& next = cursor->get_ref<const std::string&>();
      if (!st.cursors_seen.insert(std::hash<std::string>{}(next)).second) {
        return list_failed("its pages loop: tools/list page " + std::to_string(st.list_pages) +
                           " gave the cursor " + cut(json(next).dump(), 80) + " a second time");
      }
      st.list_id = request(self, "tools/list", {{"cursor", next}});
      return;
    }
    return ready(self);
  }
  auto it = st.calls.find(id);
  if (it == st.calls.end()) return;  // answered after its timeout, or cancelled
  tool_result r;
  if (it->second.raw) {
    // Forwarded: the server's answer as it is, for the host of `ptc mcp`.
    r.ok = true;
    r.value = (error ? json{{"error", *error}} : json{{"result", msg.value("result", json())}})
                  .dump(-1, ' ', false, json::error_handler_t::replace);
  } else {
    r = error ? tool_result{false, "", error_text(), {}} : mcp_result_to_tool_result(msg.value("result", json()));
  }
  if (claim(self, it->second, id)) it->second.rp.deliver(std::move(r));
  release_caller(self, it->second.caller);
  st.calls.erase(it);
}

/// The earliest forwarded call in flight (mcp_forward_atom) whose host can be reached: where the
/// server's log messages and requests go (over stdio MCP does not say which call they belong to).
const pending_call* forwarded_call(const mcp_state& st) {
  for (const auto& [id, c] : st.calls)
    if (c.raw && c.trace) return &c;
  return nullptr;
}

/// A request from the server: ping is answered here; sampling, elicitation and roots are asked
/// of the host of a forwarded call (exposed servers only), and its answer goes back as it is.
void on_server_request(mcp_actor* self, const json& id, const std::string& method, const json& params) {
  auto& st = self->state;
  auto answer = [self, id](json body) {
    body["jsonrpc"] = "2.0";
    body["id"] = id;
    send_json(self, body);
  };
  if (method == "ping") return answer({{"result", json::object()}});
  const pending_call* call = st.spec.expose ? forwarded_call(st) : nullptr;
  if (!call) {
    return answer({{"error", {{"code", jsonrpc::method_not_found},
                              {"message", st.spec.expose ? "ptc has no call in flight whose host it could ask " + method
                                                         : "ptc does not offer " + method}}}});
  }
  self->request(call->trace, std::chrono::milliseconds(st.spec.call_timeout_ms), mcp_ask_atom::value, method,
                params.dump(-1, ' ', false, json::error_handler_t::replace))
      .then(
          [answer](const std::string& text) {
            json body = lisp::parse_outside_json<json>(text);
            if (body.is_discarded() || !body.is_object() || (!body.contains("result") && !body.contains("error")))
              body = {{"error", {{"code", jsonrpc::internal_error}, {"message", "the host's answer could not be read"}}}};
            answer(std::move(body));
          },
          [self, answer, method](caf::error& e) {
            answer({{"error", {{"code", jsonrpc::internal_error},
                               {"message", "the host did not answer " + method + ": " + self->system().render(e)}}}});
          });
}

/// One JSON-RPC message from the server (an object).
void on_message(mcp_actor* self, const json& msg) {
  auto& st = self->state;
  if (msg.contains("id") && (msg.contains("result") || msg.contains("error")) && !msg.contains("method")) {
    return on_response(self, msg);
  }
  const std::string method = msg.value("method", "");
  if (msg.contains("id")) return on_server_request(self, msg["id"], method, msg.value("params", json::object()));
  if (method == "notifications/message") {
    const json params = msg.value("params", json::object());
    const std::string level = params.value("level", "info");
    const json data = params.value("data", json());
    const pending_call* call = st.spec.expose ? forwarded_call(st) : nullptr;
    if (call && st.forward_log->admit()) {
      json fields = {{"server", st.spec.name}, {"level", level}, {"data", data}};
      if (params.contains("logger")) fields["logger"] = params["logger"];
      trace_event(call->trace, "tool_log", call->agent, std::move(fields));
    }
    if (!st.log->admit()) return;
    const std::string text = cut(data.is_string() ? data.get<std::string>() : data.dump(), 4000);
    if (level == "debug") spdlog::debug("mcp {}: {}", st.spec.name, text);
    else if (level == "info" || level == "notice") spdlog::info("mcp {}: {}", st.spec.name, text);
    else if (level == "warning") spdlog::warn("mcp {}: {}", st.spec.name, text);
    else spdlog::error("mcp {}: {}", st.spec.name, text);
    return;
  }
  if (method == "notifications/progress") {
    // To the trace of the agent whose call it is: {"event":"tool_progress", ...}.
    const json params = msg.value("params", json::object());
    const json token = params.value("progressToken", json());
    if (!token.is_number_integer()) return;
    const std::int64_t call_id = token.get<std::int64_t>();
    std::optional<std::tuple<caf::actor, std::string, std::string>> to;
    if (auto it = st.calls.find(call_id); it != st.calls.end()) {
      if (it->second.trace) to.emplace(it->second.trace, it->second.agent, it->second.tool);
    } else if (st.direct) {
      to = st.direct->progress_target(call_id);
    }
    if (!to) return;
    auto& [trace, agent, tool] = *to;
    json fields = {{"server", st.spec.name}, {"tool", st.spec.prefix + tool}, {"progress", params.value("progress", json())}};
    if (params.contains("total")) fields["total"] = params["total"];
    if (params.contains("message")) fields["message"] = cut(params["message"].is_string() ? params["message"].get<std::string>() : params["message"].dump(), 1000);
    trace_event(trace, "tool_progress", agent, std::move(fields));
  }
  if (method == "notifications/tools/list_changed") return relist(self);
  // Other notifications (cancelled, resources, prompts) are not used: ignored.
}

void handshake_failed(mcp_actor* self, const std::string& why);

/// on_message for a message whose fields may have other types than MCP says (a number for a
/// level, a string for params): nlohmann's exception ended the connection's actor, and with it
/// every agent's calls to the server. A response ptc cannot read fails its call (or the
/// handshake); a notification or request is dropped with a warning.
void on_message_checked(mcp_actor* self, const json& msg) {
  auto& st = self->state;
  const auto id_at = msg.find("id");
  const std::int64_t id = id_at != msg.end() && id_at->is_number_integer() ? id_at->get<std::int64_t>() : 0;
  const bool handshake = id != 0 && (id == st.init_id || id == st.list_id);
  try {
    on_message(self, msg);
  } catch (const json::exception& e) {
    const std::string why = "a message ptc could not read (" + jsonrpc::json_fault_text(e) + "): " + cut(msg.dump(), 200);
    if (handshake) {
      if (st.relisting && st.ph == phase::ready) {
        st.list_id = 0;
        relist_failed(self, "it sent " + why);
      } else {
        handshake_failed(self, "it answered the handshake with " + why);
      }
    } else if (id != 0 && st.calls.count(id)) {
      fail_call(self, id, st.label + " answered the call with " + why);
    } else if (id != 0 && st.direct && st.direct->fail(id, st.label + " answered the call with " + why)) {
      // a call taken by its caller's thread (stdio_gate::call)
    } else if (st.log->admit()) {  // (a server could send such messages without end)
      spdlog::warn("{} sent {}; dropped", st.label, why);
    }
  }
}

void on_line(mcp_actor* self, const std::string& line) {
  auto& st = self->state;
  json msg = lisp::parse_outside_json<json>(line);
  if (msg.is_discarded() || !msg.is_object()) {
    // Not JSON-RPC: the stream cannot be trusted any more. The process is restarted.
    if (st.fault.empty()) st.fault = not_json_rpc("wrote a line", line);
    if (st.proc) st.proc->stop();
    return;
  }
  on_message_checked(self, msg);
}

// ---- Streamable HTTP -------------------------------------------------------------------------

/// The data of each event of a text/event-stream body: `data:` lines joined by newlines, an
/// event ending at a blank line. Events without data (a server's priming event) are skipped;
/// other fields (event, id, retry) and comments are not needed for answers to a POST.
std::vector<std::string> sse_event_data(std::string_view body) {
  std::vector<std::string> out;
  std::string data;
  bool has_data = false;
  std::size_t pos = 0;
  while (pos < body.size()) {
    const std::size_t nl = body.find('\n', pos);
    std::string_view line = body.substr(pos, nl == std::string_view::npos ? std::string_view::npos : nl - pos);
    pos = nl == std::string_view::npos ? body.size() : nl + 1;
    if (line.ends_with('\r')) line.remove_suffix(1);
    if (line.empty()) {
      if (has_data && !data.empty()) out.push_back(std::move(data));
      data.clear();
      has_data = false;
    } else if (line.starts_with("data:")) {
      line.remove_prefix(5);
      if (line.starts_with(' ')) line.remove_prefix(1);
      if (has_data) data += '\n';
      data += line;
      has_data = true;
    }
  }
  if (has_data && !data.empty()) out.push_back(std::move(data));
  return out;
}

/// A request to the server's endpoint with the session's headers (POST: one message; DELETE:
/// the end of the session).
http_request server_request(const mcp_state& st, std::string method, std::string body, std::int64_t timeout_ms) {
  http_request req;
  req.method = std::move(method);
  req.url = st.spec.url;
  req.body = std::move(body);
  req.timeout_ms = timeout_ms;
  req.connect_timeout_ms = std::min<std::int64_t>(st.spec.connect_timeout_ms, 10'000);
  req.max_body_bytes = static_cast<std::int64_t>(st.spec.max_line_bytes);
  req.headers = {"Content-Type: application/json", "Accept: application/json, text/event-stream"};
  if (!st.protocol_version.empty()) req.headers.push_back("MCP-Protocol-Version: " + st.protocol_version);
  if (!st.session_id.empty()) req.headers.push_back("Mcp-Session-Id: " + st.session_id);
  if (!st.bearer.empty()) req.headers.push_back("Authorization: Bearer " + st.bearer);
  for (const auto& [name, value] : st.spec.headers) req.headers.push_back(name + ": " + value);
  return req;
}

/// A handshake request (initialize, tools/list) failed: before the first success the server
/// cannot be used; after it (a session lost and not regained) it is down.
void handshake_failed(mcp_actor* self, const std::string& why) {
  auto& st = self->state;
  st.init_id = st.list_id = 0;
  const std::string text = st.ever_ready ? st.label + " is down: a new session failed: " + why
                                         : st.label + " could not start: " + why;
  fail_calls(self, text, false);  // the server has no session to cancel them in
  st.resend.clear();
  go_down(self, text);
}

void on_http_answer(mcp_actor* self, std::uint64_t epoch, std::int64_t id, http_response& r);

/// Sends one message as a POST; its answer (JSON, an event stream, or 202 for a notification)
/// comes back to on_http_answer.
void post(mcp_actor* self, const json& msg) {
  auto& st = self->state;
  if (!st.http) return;
  const bool is_request = msg.contains("method") && msg.contains("id") && msg["id"].is_number_integer();
  const std::int64_t id = is_request ? msg["id"].get<std::int64_t>() : 0;
  const bool handshake = id != 0 && (id == st.init_id || id == st.list_id);
  const std::int64_t timeout_ms = handshake ? st.spec.connect_timeout_ms
                                  : id != 0 ? st.spec.call_timeout_ms + 1000
                                            : 10'000;
  const std::uint64_t epoch = st.epoch;
  self->request(st.http, caf::infinite, http_atom::value,
                server_request(st, "POST", msg.dump(-1, ' ', false, json::error_handler_t::replace), timeout_ms))
      .then([=](http_response& r) { on_http_answer(self, epoch, id, r); },
            [=](caf::error& e) {
              http_response r;
              r.error = "the HTTP actor failed: " + self->system().render(e);
              on_http_answer(self, epoch, id, r);
            });
}

/// The server lost the session (404 to a request carrying its id): a new one is initialised,
/// and the calls it refused are sent again once it is ready.
void session_lost(mcp_actor* self, std::int64_t id) {
  auto& st = self->state;
  if (id != 0 && st.calls.count(id)) st.resend.push_back(id);
  if (st.ph != phase::ready) return;  // a new session is being set up already
  spdlog::warn("{} lost the session {}; starting a new one", st.label, st.session_id);
  st.ph = phase::restarting;
  start_session(self);
}

void on_http_answer(mcp_actor* self, std::uint64_t epoch, std::int64_t id, http_response& r) {
  auto& st = self->state;
  if (st.ph == phase::down) return;
  const bool handshake = id != 0 && (id == st.init_id || id == st.list_id);
  if (id != 0 && !handshake) {
    auto it = st.calls.find(id);
    if (it == st.calls.end() || it->second.epoch != epoch) return;  // answered, failed or resent
  } else if (epoch != st.epoch) {
    return;  // a notification of a lost session
  }
  auto fail = [&](const std::string& why) {
    const std::string text = config::redact(why);
    if (handshake) return handshake_failed(self, text);
    if (id != 0) return fail_call(self, id, st.label + ": " + text);
    spdlog::warn("{}: a notification failed: {}", st.label, text);
  };
  if (!r.error.empty()) return fail(r.error + " (" + st.spec.url + ")");
  if (r.status == 404 && !st.session_id.empty() && !handshake) return session_lost(self, id);
  if (r.status < 200 || r.status >= 300) {
    std::string detail = r.body;
    json body = lisp::parse_outside_json<json>(r.body);
    if (!body.is_discarded() && body.is_object() && body.contains("error") && body["error"].is_object())
      detail = body["error"].value("message", detail);
    return fail("answered HTTP " + std::to_string(r.status) + (detail.empty() ? "" : ": " + cut(detail, 300)));
  }
  if (id != 0 && id == st.init_id) st.session_id = r.header("mcp-session-id");
  if (r.status == 200 && !r.body.empty()) {
    std::string type = r.header("content-type");
    std::transform(type.begin(), type.end(), type.begin(), [](unsigned char c) { return std::tolower(c); });
    std::vector<std::string> bodies;
    if (type.starts_with("text/event-stream")) bodies = sse_event_data(r.body);
    else bodies.push_back(std::move(r.body));
    for (const auto& b : bodies) {
      json msg = lisp::parse_outside_json<json>(b);
      if (msg.is_discarded() || !(msg.is_object() || msg.is_array()))
        return fail(not_json_rpc("answered with a body", b));
      if (msg.is_object()) on_message_checked(self, msg);
      else for (const auto& m : msg) if (m.is_object()) on_message_checked(self, m);
      if (st.ph == phase::down) return;
    }
  }
  // A request whose answer was not in the response (202, an empty body, a stream that ended
  // early): nothing else will answer it, since ptc does not hold a GET stream open.
  const bool unanswered = id != 0 && (id == st.init_id || id == st.list_id ||
                                      (st.calls.count(id) && st.calls.at(id).epoch == epoch));
  if (unanswered) fail("answered HTTP " + std::to_string(r.status) + " without a result for the request");
}

void on_exit(mcp_actor* self, const std::string& why_raw) {
  auto& st = self->state;
  st.proc.reset();
  const std::string why = st.fault.empty() ? why_raw : st.fault;
  fail_calls(self, st.label + " " + why + " during the call", false);  // the process is gone
  if (!st.closing.empty()) {
    for (auto& rp : st.closing) rp.deliver(caf::unit);
    st.closing.clear();
    self->quit(caf::exit_reason::user_shutdown);
    return;
  }
  if (st.ph == phase::down) return;
  if (!st.ever_ready) {
    return go_down(self, st.label + (why.starts_with("could not start") ? " " + why : " could not start: it " + why));
  }
  if (st.restarts >= st.spec.max_restarts) {
    return go_down(self, st.label + " is down: it ended " + std::to_string(st.restarts + 1) +
                             " times (the last: it " + why + ")");
  }
  ++st.restarts;
  st.ph = phase::restarting;
  spdlog::warn("{} {}; restart {} of {}", st.label, why, st.restarts, st.spec.max_restarts);
  const auto backoff = std::chrono::milliseconds(100 << std::min(st.restarts - 1, 5));
  self->delayed_send(self, backoff, mcp_restart_atom::value, st.generation);
}

caf::behavior mcp_connection(mcp_actor* self, mcp_server_spec spec,
                             std::shared_ptr<detail::mcp_tool_list> published) {
  auto& st = self->state;
  st.published = std::move(published);
  if (spec.prefix.empty()) spec.prefix = spec.name + ".";
  st.label = "MCP server " + spec.name;
  st.log = std::make_shared<log_gate>(spec.name);
  st.forward_log = std::make_shared<log_gate>(spec.name, "passed on to the host");
  st.spec = std::move(spec);
  // Ended by its owner (or its system shutting down): end the server now and answer everyone
  // waiting. Timers hold a reference to the actor, so its state may outlive this by a timeout.
  auto end_connection = [self](const std::string& why) {
    auto& st = self->state;
    fail_everything(self, why);
    if (st.proc) st.proc->stop();
    st.proc.reset();
    for (auto& rp : st.closing) rp.deliver(caf::unit);
    st.closing.clear();
  };
  self->set_exit_handler([=](const caf::exit_msg& msg) {
    end_connection(self->state.label + ": the connection was closed");
    self->quit(msg.reason);
  });
  detail::install_exception_net(self, st.label, end_connection);
  // An agent with calls in flight ended (its mission is over): the server is told to stop
  // them, and their answers, if they still come, are dropped.
  self->set_down_handler([=](caf::down_msg& dm) {
    auto& st = self->state;
    settle_answered(self);
    st.watched.erase(dm.source);
    for (auto it = st.calls.begin(); it != st.calls.end();) {
      if (it->second.caller != dm.source) {
        ++it;
        continue;
      }
      if (claim(self, it->second, it->first)) {
        cancel_at_server(self, it->first, "the mission that made the call ended");
        it->second.rp.deliver(tool_result{false, "", st.label + ": the mission that made the call ended", {}});
      }
      it = st.calls.erase(it);
    }
  });
  // A call (forwarded: raw) now, or once the server is ready.
  auto take_call = [self](tool_call& call, bool raw) -> caf::result<tool_result> {
    auto& st = self->state;
    // The binding's name carries the prefix; the map is keyed by the server's name.
    if (call.name.starts_with(st.spec.prefix)) call.name.erase(0, st.spec.prefix.size());
    switch (st.ph) {
      case phase::down: return tool_result{false, "", st.down_reason, {}};
      case phase::ready: break;
      case phase::starting:
      case phase::restarting: {
        auto rp = self->make_response_promise();
        st.queued.emplace_back(std::move(call), rp, raw);
        return rp;
      }
    }
    auto rp = self->make_response_promise();
    dispatch_call(self, std::move(call), rp, raw);
    return rp;
  };
  if (st.is_http()) {
    start_http(self);
  } else {
    st.direct = std::make_shared<stdio_gate>(st.label, st.spec.prefix, st.spec.call_timeout_ms);
    start_process(self);
  }
  return {
      [=](mcp_line_atom, std::uint64_t gen, const std::string& line) {
        if (gen == self->state.generation) on_line(self, line);
      },
      [=](mcp_exit_atom, std::uint64_t gen, const std::string& why) {
        if (gen == self->state.generation) on_exit(self, why);
      },
      [=](mcp_restart_atom, std::uint64_t gen) {
        if (gen == self->state.generation && self->state.ph == phase::restarting) start_process(self);
      },
      [=](mcp_timeout_atom, std::int64_t id, std::uint64_t gen) {
        auto& st = self->state;
        if (gen != st.generation) return;
        // The handshake's one timer: initialize and every page of tools/list within it.
        const bool handshaking = st.ph != phase::ready && st.ph != phase::down && (st.init_id != 0 || st.list_id != 0);
        if (id == st.handshake_timer && handshaking) {
          st.fault = "did not complete the handshake within " + std::to_string(st.spec.connect_timeout_ms) + " ms" +
                     (st.init_id != 0 ? " (no answer to initialize)"
                                      : " (it answered initialize; no answer to tools/list page " +
                                            std::to_string(st.list_pages + 1) + ")");
          if (st.is_http()) handshake_failed(self, "it " + st.fault);
          else if (!st.ever_ready) go_down(self, st.label + " could not start: it " + st.fault);
          else if (st.proc) st.proc->stop();
        }
      },
      [=](mcp_sweep_atom) { sweep_calls(self); },
      // Ends the connection; answers once the server process has ended and been reaped.
      [=](mcp_close_atom) -> caf::result<void> {
        auto& st = self->state;
        fail_everything(self, st.label + ": the connection was closed");
        if (st.is_http() && st.http && !st.session_id.empty()) {
          // The session ends with a DELETE (a server may refuse it with 405: nothing to do).
          auto rp = self->make_response_promise();
          self->request(st.http, caf::infinite, http_atom::value, server_request(st, "DELETE", "", 2000))
              .then([=](http_response&) mutable { rp.deliver(caf::unit); self->quit(caf::exit_reason::user_shutdown); },
                    [=](caf::error&) mutable { rp.deliver(caf::unit); self->quit(caf::exit_reason::user_shutdown); });
          return rp;
        }
        if (!st.proc) {
          self->quit(caf::exit_reason::user_shutdown);
          return caf::unit;
        }
        st.proc->stop();
        auto rp = self->make_response_promise();
        st.closing.push_back(rp);
        return rp;
      },
      [=](mcp_tools_atom) -> caf::result<std::vector<tool_binding>, std::string> {
        auto& st = self->state;
        if (st.ph == phase::down) return caf::make_error(caf::sec::runtime_error, st.down_reason);
        if (st.ever_ready) return caf::result<std::vector<tool_binding>, std::string>(st.tools, st.protocol_version);
        auto rp = self->make_response_promise();
        st.waiting.push_back(rp);
        return rp;
      },
      [=](tool_atom, tool_call& call) { return take_call(call, false); },
      [=](mcp_forward_atom, tool_call& call) { return take_call(call, true); },
  };
}

}  // namespace

mcp_client::mcp_client(caf::actor connection, std::shared_ptr<detail::mcp_tool_list> tools, std::string version,
                       bool exposed)
    : connection_(std::move(connection)), tools_(std::move(tools)), protocol_version_(std::move(version)),
      exposed_(exposed) {}

std::vector<nlohmann::ordered_json> mcp_client::tool_entries() const {
  std::lock_guard lock(tools_->mutex);
  return tools_->entries;
}

std::vector<tool_binding> mcp_client::tools() const {
  std::lock_guard lock(tools_->mutex);
  return tools_->tools;
}

std::uint64_t mcp_client::tools_version() const {
  std::lock_guard lock(tools_->mutex);
  return tools_->version;
}

void mcp_client::on_tools_changed(std::function<void()> fn) {
  std::lock_guard lock(tools_->mutex);
  tools_->on_change = std::move(fn);
}

mcp_client::~mcp_client() {
  if (!connection_) return;
  // Waits (bounded: stdin closed, then SIGTERM, then SIGKILL take under a second) until the
  // server has been reaped, so a process that ends right after leaves no server behind.
  caf::scoped_actor self{connection_->home_system()};
  self->request(connection_, std::chrono::seconds(3), mcp_close_atom::value)
      .receive([] {}, [](const caf::error&) {});
  caf::anon_send_exit(connection_, caf::exit_reason::user_shutdown);
}

std::variant<std::shared_ptr<mcp_client>, std::string> mcp_client::connect(caf::actor_system& sys,
                                                                           mcp_server_spec spec) {
  const auto timeout = std::chrono::milliseconds(spec.connect_timeout_ms + 2000);
  const std::string label = "MCP server " + spec.name;
  const std::int64_t connect_ms = spec.connect_timeout_ms;
  const bool exposed = spec.expose;
  auto published = std::make_shared<detail::mcp_tool_list>();
  auto conn = sys.spawn(mcp_connection, std::move(spec), published);
  caf::scoped_actor self{sys};
  std::variant<std::shared_ptr<mcp_client>, std::string> out = label + " did not answer";
  self->request(conn, timeout, mcp_tools_atom::value)
      .receive(
          [&](std::vector<tool_binding>&, std::string& version) {
            out = std::make_shared<mcp_client>(conn, published, std::move(version), exposed);
          },
          [&](const caf::error& err) {
            const auto& ctx = err.context();
            if (ctx.match_elements<std::string>()) out = ctx.get_as<std::string>(0);
            else if (err == caf::sec::request_timeout)  // (the connection's own timer answers first)
              out = label + " could not start: it did not complete the handshake within " + std::to_string(connect_ms) + " ms";
            else out = label + ": " + sys.render(err);
          });
  if (std::holds_alternative<std::string>(out)) caf::anon_send_exit(conn, caf::exit_reason::user_shutdown);
  return out;
}

}  // namespace ptc::actors
