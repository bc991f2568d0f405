// The MCP server session (mcp_server.hpp).
#include "ptc/actors/mcp_server.hpp"

#include <algorithm>
#include <chrono>
#include <map>
#include <optional>

#include <spdlog/spdlog.h>

#include "ptc/actors/interpreter.hpp"
#include "ptc/actors/mcp.hpp"
#include "ptc/actors/trace.hpp"
#include "ptc/actors/tree.hpp"
#include "ptc/actors/wire.hpp"
#include "ptc/lisp/json.hpp"
#include "ptc/lisp/printer.hpp"
#include "ptc/messages/debug_view.hpp"
#include "ptc/messages/json_schema.hpp"
#include "ptc/messages/namespace.hpp"
#include "ptc/messages/serialization.hpp"
#include "ptc/messages/text.hpp"

namespace ptc::actors {
namespace {

using json = nlohmann::ordered_json;
using mcp_done_atom = caf::atom_constant<caf::atom("mcpdone")>;
using mcp_late_atom = caf::atom_constant<caf::atom("mcplate")>;
using mcp_note_atom = caf::atom_constant<caf::atom("mcpnote")>;

constexpr const char* run_program_name = "run_program";


json run_program_input_schema() {
  return {{"type", "object"},
          {"properties",
           {{"program", {{"type", "string"}, {"description", "PTC-Lisp source: one or more forms"}}},
            {"data",
             {{"type", "object"},
              {"description", "JSON object; the program reads its keys as data/KEY"}}}}},
          {"required", json::array({"program"})}};
}

json run_program_output_schema() {
  return {{"type", "object"},
          {"properties",
           {{"result", {{"description", "The program's value: what it returned, or its last form's value"}}}}},
          {"required", json::array({"result"})}};
}

json text_content(std::string text) { return {{"type", "text"}, {"text", std::move(text)}}; }

std::string printed(const lisp::run_result& run) {
  std::string out;
  for (const auto& p : run.prints) out += p + "\n";
  return out;
}

/// A finished run as a tools/call result.
json call_result(const eval_reply& reply) {
  const lisp::run_result& run = reply.run;
  json content = json::array();
  const std::string out = printed(run);
  if (run.kind == lisp::outcome::value || run.kind == lisp::outcome::returned) {
    json structured = {{"result", messages::value_as_plain_json(run.result)}};
    content.push_back(text_content(structured["result"].dump(-1, ' ', false, json::error_handler_t::replace)));
    if (!out.empty()) content.push_back(text_content("printed:\n" + out));
    return {{"content", std::move(content)}, {"structuredContent", std::move(structured)}, {"isError", false}};
  }
  std::string why;
  if (run.kind == lisp::outcome::failed) why = "the program failed: " + lisp::pr_str(run.result);
  else if (run.err) why = run.err->render();
  else why = "the program failed";
  content.push_back(text_content(messages::cut_utf8(why, 64 * 1024)));
  if (!out.empty()) content.push_back(text_content("printed:\n" + out));
  return {{"content", std::move(content)}, {"isError", true}};
}

json tool_error(const std::string& text) {
  return {{"content", json::array({text_content(text)})}, {"isError", true}};
}

/// An agent's result is an object as its signature says it is, or wrapped as {"result": v}.
bool output_wrapped(const messages::tool_spec& spec) {
  const auto parsed = messages::parse_signature(spec.signature);
  const auto* sig = std::get_if<messages::signature>(&parsed);
  if (!sig || sig->output.optional) return true;
  return sig->output.k != messages::sig_type::kind::map && sig->output.k != messages::sig_type::kind::map_any;
}

/// A finished agent call (the agent tool's answer) as a tools/call result.
json agent_call_result(const tool_result& r, bool wrapped) {
  if (!r.ok) return tool_error(r.error);
  json value = lisp::parse_outside_json<json>(r.value);
  if (value.is_discarded()) return tool_error("the agent's value is not JSON");
  const std::string text = value.dump(-1, ' ', false, json::error_handler_t::replace);
  json structured = wrapped || !value.is_object() ? json{{"result", std::move(value)}} : std::move(value);
  return {{"content", json::array({text_content(text)})}, {"structuredContent", std::move(structured)}, {"isError", false}};
}

/// An agent served as a tool: what a call needs.
struct served_agent {
  mcp_agent agent;
  bool wrapped = true;
};

/// A request of the client's, made for an upstream server (mcp_ask_atom): answered when the
/// client's response comes.
struct pending_ask {
  caf::response_promise rp;
  std::string call;  ///< the id (JSON text) of the forwarded call it belongs to
};

struct session_state {
  static constexpr const char* name = "mcp_session";
  mcp_server_options opts;
  mcp_send_fn send;
  bool initialized = false;
  std::string protocol_version;
  std::string log_level = "info";
  json client_capabilities = json::object();  ///< from initialize
  std::map<std::string, mcp_exposed_tool> exposed;  ///< by tool name
  std::int64_t next_ask = 1;
  std::map<std::string, pending_ask> asks;  ///< by the id (JSON text) ptc gave the request
  json tools_list;
  bool own_description = false;  ///< the options gave run_program's description: keep it
  std::map<std::string, served_agent> agents;  ///< by tool name
  std::map<std::string, caf::actor> running;  ///< tools/call in flight, by the request id's JSON text
  std::vector<caf::response_promise> draining;  ///< answered when `running` is empty
};

using session_actor = caf::stateful_actor<session_state>;

void write(session_actor* self, const json& msg, const std::string& related = {}) {
  self->state.send(msg.dump(-1, ' ', false, json::error_handler_t::replace), related);
}

void reply(session_actor* self, const json& id, json result) {
  write(self, {{"jsonrpc", "2.0"}, {"id", id}, {"result", std::move(result)}});
}

void reply_error(session_actor* self, const json& id, int code, const std::string& message) {
  write(self, {{"jsonrpc", "2.0"}, {"id", id}, {"error", {{"code", code}, {"message", message}}}});
}

json initialize_result(session_actor* self, const json& params) {
  auto& st = self->state;
  const auto& known = mcp_protocol_versions();
  const std::string asked = params.is_object() ? params.value("protocolVersion", "") : "";
  // A revision we speak is answered in kind; any other gets our newest (the client decides).
  st.protocol_version = std::find(known.begin(), known.end(), asked) != known.end() ? asked : known.front();
  st.initialized = true;
  if (params.is_object() && params.contains("capabilities") && params["capabilities"].is_object())
    st.client_capabilities = params["capabilities"];
  return {{"protocolVersion", st.protocol_version},
          {"capabilities", {{"tools", {{"listChanged", true}}}, {"logging", json::object()}}},
          {"serverInfo", {{"name", st.opts.name}, {"version", st.opts.version}}},
          {"instructions",
           "Use run_program to call many tools in one step: write a short PTC-Lisp (Clojure) program "
           "that calls them, in parallel with pmap where useful, and returns only the result you need."}};
}

void start_run(session_actor* self, const json& id, const json& args) {
  auto& st = self->state;
  if (!args.is_object() || !args.contains("program") || !args["program"].is_string()) {
    return reply(self, id, tool_error("run_program needs \"program\": the PTC-Lisp source as a string"));
  }
  eval_request req;
  req.source = args["program"].get<std::string>();
  req.limits = st.opts.limits;
  if (auto d = args.find("data"); d != args.end() && !d->is_null()) {
    if (!d->is_object()) {
      return reply(self, id, tool_error("run_program's \"data\" must be a JSON object (its keys are read as data/KEY)"));
    }
    req.data = lisp::from_json(*d);
  }
  const std::string key = id.dump();
  if (st.running.count(key)) return reply_error(self, id, jsonrpc::invalid_request, "request id " + key + " is already in use");
  caf::actor session = caf::actor_cast<caf::actor>(self);
  caf::actor interp = st.opts.interpreter;
  std::vector<tool_binding> tools = st.opts.tools;
  // Linked: the worker ends with the session. Its requests end with it: the interpreter
  // watches its requester and drops the run.
  // (An argument besides the actor: CAF 0.17 trips UBSan on spawns of functions without one.)
  auto run = [=](caf::event_based_actor* w, const std::string& call_key) mutable -> caf::behavior {
    w->request(interp, caf::infinite, eval_atom::value, wire<eval_request>(std::move(req)), std::move(tools),
               tree_context{})
        .then(
            [=](const wire<eval_reply>& r) {
              w->send(session, mcp_done_atom::value, call_key, json{{"result", call_result(*r)}}.dump());
              w->quit();
            },
            [=](caf::error& e) {
              w->send(session, mcp_done_atom::value, call_key,
                      json{{"result", tool_error("the interpreter did not run the program: " + w->system().render(e))}}.dump());
              w->quit();
            });
    return {[](mcp_late_atom) {}};
  };
  st.running.emplace(key, self->spawn<caf::linked>(run, key));
}

/// The rank of an MCP log level (debug 0 ... emergency 7); -1 for none of them.
int log_rank(const std::string& level) {
  static const std::vector<std::string> levels{"debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"};
  const auto it = std::find(levels.begin(), levels.end(), level);
  return it == levels.end() ? -1 : static_cast<int>(it - levels.begin());
}

/// The rank a note for the host (mcp_note_atom) carries when it is not a log message: sent
/// whatever level the host set.
constexpr int not_a_log_message = 8;

/// The rank of a note's log level: not_a_log_message unless it is a notifications/message, -1
/// (never sent) for a level MCP does not name.
int note_rank(const json& note) {
  if (note.value("method", "") != "notifications/message") return not_a_log_message;
  const json& level = note["params"]["level"];
  return level.is_string() ? log_rank(level.get<std::string>()) : -1;
}

/// A notifications/progress for one turn of an agent (its trace event's "turn").
json turn_progress(const json& token, const json& turn, std::size_t max_turns) {
  json params = {{"progressToken", token}, {"progress", turn.value("number", 0)}};
  if (max_turns > 0) params["total"] = max_turns;
  params["message"] = messages::turn_progress_line(turn, max_turns);
  return {{"jsonrpc", "2.0"}, {"method", "notifications/progress"}, {"params", std::move(params)}};
}

/// The call of the tool `name` that the request `id` asks for; nothing when the request has been
/// answered instead (arguments that are not an object, an id already in use).
std::optional<tool_call> call_of(session_actor* self, const json& id, const std::string& name, const json& args) {
  if (!args.is_object()) {
    reply(self, id, tool_error(name + " takes a JSON object of arguments"));
    return std::nullopt;
  }
  if (const std::string key = id.dump(); self->state.running.count(key)) {
    reply_error(self, id, jsonrpc::invalid_request, "request id " + key + " is already in use");
    return std::nullopt;
  }
  tool_call call;
  call.name = name;
  call.args = args.dump(-1, ' ', false, json::error_handler_t::replace);
  return call;
}

void start_agent(session_actor* self, const json& id, const served_agent& served, const json& args,
                 const json& progress_token) {
  auto& st = self->state;
  const std::string name = served.agent.tool.spec.name;
  std::optional<tool_call> asked = call_of(self, id, name, args);
  if (!asked) return;
  tool_call call = std::move(*asked);
  const std::string key = id.dump();
  caf::actor session = caf::actor_cast<caf::actor>(self);
  call.context.max_depth = st.opts.max_depth;
  call.context.llm = st.opts.llm;
  call.context.interpreter = st.opts.interpreter;
  const caf::actor handle = served.agent.tool.handle;
  const caf::actor sink = st.opts.trace;
  const std::size_t max_turns = served.agent.max_turns;
  const std::size_t turn_budget = st.opts.turn_budget;
  const bool wrapped = served.wrapped;
  // The worker is the caller the agent watches (it ends: the agent is cancelled, and its
  // sub-agents with it) and the tree's trace sink (progress). Linked: it ends with the session.
  auto run = [=](caf::event_based_actor* w, const std::string& call_key) mutable -> caf::behavior {
    call.context.caller = w->address();
    call.context.trace = caf::actor_cast<caf::actor>(w);
    call.context.budget = spawn_budget(w->system(), turn_budget);
    w->attach_functor([budget = call.context.budget] { caf::anon_send_exit(budget, caf::exit_reason::user_shutdown); });
    w->request(handle, caf::infinite, tool_atom::value, std::move(call))
        .then(
            [=](const tool_result& r) {
              w->send(session, mcp_done_atom::value, call_key, json{{"result", agent_call_result(r, wrapped)}}.dump());
              w->quit();
            },
            [=](caf::error& e) {
              w->send(session, mcp_done_atom::value, call_key,
                      json{{"result", tool_error("the agent " + name + " did not run: " + w->system().render(e))}}.dump());
              w->quit();
            });
    return {
        [=](trace_atom, const std::string& line) {
          if (sink) w->send(sink, trace_atom::value, line);
          // Progress: the turns of the agent itself (its sub-agents' paths are "name/...").
          if (progress_token.is_null() || !is_trace_event(line, "turn")) return;
          const json event = lisp::parse_outside_json<json>(line);
          if (event.is_discarded() || event.value("agent", "") != name || !event.contains("turn")) return;
          w->send(session, mcp_note_atom::value, call_key, turn_progress(progress_token, event["turn"], max_turns).dump(),
                  not_a_log_message);
        },
    };
  };
  st.running.emplace(key, self->spawn<caf::linked>(run, key));
}

/// A notifications/progress or notifications/message for the host, from an upstream server's
/// trace event (tool_progress, tool_log) of a forwarded call; null when it has none to send.
json upstream_note(const std::string& line, const json& progress_token) {
  if (is_trace_event(line, "tool_progress")) {
    if (progress_token.is_null()) return nullptr;
    const json event = lisp::parse_outside_json<json>(line);
    if (event.is_discarded() || !event.is_object()) return nullptr;
    json params = {{"progressToken", progress_token}, {"progress", event.value("progress", json(0))}};
    if (event.contains("total")) params["total"] = event["total"];
    if (event.contains("message")) params["message"] = event["message"];
    return {{"jsonrpc", "2.0"}, {"method", "notifications/progress"}, {"params", std::move(params)}};
  }
  if (is_trace_event(line, "tool_log")) {
    const json event = lisp::parse_outside_json<json>(line);
    if (event.is_discarded() || !event.is_object()) return nullptr;
    json params = {{"level", event.value("level", json("info"))}};
    if (event.contains("logger")) params["logger"] = event["logger"];
    params["data"] = event.value("data", json());
    return {{"jsonrpc", "2.0"}, {"method", "notifications/message"}, {"params", std::move(params)}};
  }
  return nullptr;
}

/// A call of an exposed upstream tool: the server's answer goes back as it is. The worker is the
/// call's caller (it ends: the connection cancels the call at the server) and its trace sink
/// (the server's progress and log messages), and takes the server's requests to the host.
void start_forward(session_actor* self, const json& id, const mcp_exposed_tool& tool, const json& args,
                   const json& progress_token) {
  auto& st = self->state;
  const std::string name = tool.tool.spec.name;
  std::optional<tool_call> asked = call_of(self, id, name, args);
  if (!asked) return;
  tool_call call = std::move(*asked);
  const std::string key = id.dump();
  caf::actor session = caf::actor_cast<caf::actor>(self);
  const caf::actor handle = tool.tool.handle;
  const caf::actor sink = st.opts.trace;
  auto run = [=](caf::event_based_actor* w, const std::string& call_key) mutable -> caf::behavior {
    call.context.caller = w->address();
    call.context.trace = caf::actor_cast<caf::actor>(w);
    w->request(handle, caf::infinite, mcp_forward_atom::value, std::move(call))
        .then(
            [=](const tool_result& r) {
              json answer = r.ok ? lisp::parse_outside_json<json>(r.value) : json{{"result", tool_error(r.error)}};
              if (answer.is_discarded() || !answer.is_object())
                answer = {{"result", tool_error("the answer of " + name + " could not be read")}};
              w->send(session, mcp_done_atom::value, call_key, answer.dump(-1, ' ', false, json::error_handler_t::replace));
              w->quit();
            },
            [=](caf::error& e) {
              w->send(session, mcp_done_atom::value, call_key,
                      json{{"result", tool_error(name + " could not be called: " + w->system().render(e))}}.dump());
              w->quit();
            });
    return {
        [=](trace_atom, const std::string& line) {
          if (sink) w->send(sink, trace_atom::value, line);  // the server's progress and logs, traced too
          json note = upstream_note(line, progress_token);
          if (!note.is_null())
            w->send(session, mcp_note_atom::value, call_key, note.dump(-1, ' ', false, json::error_handler_t::replace),
                    note_rank(note));
        },
        [=](mcp_ask_atom, const std::string& method, const std::string& params) -> caf::result<std::string> {
          auto rp = w->make_response_promise<std::string>();
          w->request(session, caf::infinite, mcp_ask_atom::value, call_key, method, params)
              .then([rp](std::string& answer) mutable { rp.deliver(std::move(answer)); },
                    [rp](caf::error& e) mutable { rp.deliver(std::move(e)); });
          return rp;
        },
    };
  };
  st.running.emplace(key, self->spawn<caf::linked>(run, key));
}

/// An upstream server's request of the client, for the host of the forwarded call `key`: sent
/// to the host under an id of ptc's when the host offered the capability, refused otherwise.
caf::result<std::string> ask_host(session_actor* self, const std::string& key, const std::string& method,
                                  const std::string& params_text) {
  auto& st = self->state;
  auto refuse = [](const std::string& why) {
    return json{{"error", {{"code", jsonrpc::method_not_found}, {"message", why}}}}.dump();
  };
  if (!st.running.count(key)) return refuse("the call that made the request is over");
  const std::string capability = method == "sampling/createMessage" ? "sampling"
                                 : method == "elicitation/create"  ? "elicitation"
                                 : method == "roots/list"          ? "roots"
                                                                   : "";
  if (capability.empty()) return refuse("ptc does not pass " + method + " on to the host");
  if (!st.client_capabilities.contains(capability)) return refuse("the MCP host did not offer " + capability);
  json params = lisp::parse_outside_json<json>(params_text);
  if (params.is_discarded()) params = json::object();
  const json id = "ptc-" + std::to_string(st.next_ask++);
  write(self, {{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", std::move(params)}}, key);
  auto rp = self->make_response_promise<std::string>();
  st.asks.emplace(id.dump(), pending_ask{rp, key});
  return rp;
}

/// The requests made for the call `key` will not be answered by the host any more.
void drop_asks(session_actor* self, const std::string& key) {
  auto& st = self->state;
  for (auto it = st.asks.begin(); it != st.asks.end();) {
    if (it->second.call != key) {
      ++it;
      continue;
    }
    it->second.rp.deliver(json{{"error", {{"code", jsonrpc::internal_error}, {"message", "the call ended"}}}}.dump());
    it = st.asks.erase(it);
  }
}

void on_request(session_actor* self, const json& id, const std::string& method, const json& params) {
  auto& st = self->state;
  if (method == "initialize") return reply(self, id, initialize_result(self, params));
  if (method == "ping") return reply(self, id, json::object());
  if (method == "tools/list") return reply(self, id, {{"tools", st.tools_list}});
  if (method == "logging/setLevel") {
    const std::string level = params.is_object() ? params.value("level", "") : "";
    if (log_rank(level) < 0) {
      return reply_error(self, id, jsonrpc::invalid_params, "unknown log level \"" + level + "\"");
    }
    st.log_level = level;
    return reply(self, id, json::object());
  }
  if (method == "tools/call") {
    if (!params.is_object() || !params.contains("name") || !params["name"].is_string()) {
      return reply_error(self, id, jsonrpc::invalid_params, "tools/call needs params.name");
    }
    const std::string name = params["name"].get<std::string>();
    if (name == run_program_name) return start_run(self, id, params.value("arguments", json::object()));
    if (auto e = st.exposed.find(name); e != st.exposed.end())
      return start_forward(self, id, e->second, params.value("arguments", json::object()), mcp_progress_token(params));
    auto agent = st.agents.find(name);
    if (agent == st.agents.end()) return reply_error(self, id, jsonrpc::invalid_params, "Unknown tool: " + name);
    return start_agent(self, id, agent->second, params.value("arguments", json::object()),
                       mcp_progress_token(params));
  }
  reply_error(self, id, jsonrpc::method_not_found, "Method not found: " + method);
}

void on_notification(session_actor* self, const std::string& method, const json& params) {
  auto& st = self->state;
  if (method == "notifications/cancelled" && params.is_object() && params.contains("requestId")) {
    auto it = st.running.find(params["requestId"].dump());
    if (it == st.running.end()) return;  // finished already, or never ours
    self->send_exit(it->second, caf::exit_reason::user_shutdown);
    st.running.erase(it);
    drop_asks(self, params["requestId"].dump());
    spdlog::info("mcp session: request {} cancelled", params["requestId"].dump());
  }
  // notifications/initialized and the rest need nothing from us.
}

void on_message(session_actor* self, const std::string& text) {
  json msg = lisp::parse_outside_json<json>(text);
  if (msg.is_discarded()) return reply_error(self, nullptr, jsonrpc::parse_error, jsonrpc::parse_error_text("message", text));
  if (msg.is_array()) return reply_error(self, nullptr, jsonrpc::invalid_request, "Invalid Request: batches are not supported");
  if (!msg.is_object()) return reply_error(self, nullptr, jsonrpc::invalid_request, "Invalid Request: not a JSON-RPC object");
  const bool has_id = msg.contains("id");
  if (auto m = msg.find("method"); m != msg.end()) {
    if (!m->is_string()) return reply_error(self, has_id ? msg["id"] : json(), jsonrpc::invalid_request, "Invalid Request: method must be a string");
    const json params = msg.value("params", json::object());
    if (has_id) {
      const json& id = msg["id"];
      if (!id.is_string() && !id.is_number_integer()) {
        return reply_error(self, nullptr, jsonrpc::invalid_request, "Invalid Request: id must be a string or an integer");
      }
      // A field of another type than MCP's (a number for a name, a string for params, ...):
      // the request is answered as invalid, and the session goes on (the exception ended it).
      try {
        return on_request(self, id, m->get<std::string>(), params);
      } catch (const json::exception& e) {
        return reply_error(self, id, jsonrpc::invalid_params, "Invalid params: " + jsonrpc::json_fault_text(e));
      } catch (const std::exception& e) {
        // Anything else (memory running out, a bug): this request fails, the session goes on.
        spdlog::error("mcp: {} failed: {}", m->get<std::string>(), e.what());
        return reply_error(self, id, jsonrpc::internal_error, std::string("Internal error: ") + e.what());
      }
    }
    try {
      return on_notification(self, m->get<std::string>(), params);
    } catch (const json::exception& e) {
      spdlog::warn("mcp: a {} notification ptc could not read was dropped: {}", m->get<std::string>(), jsonrpc::json_fault_text(e));
    } catch (const std::exception& e) {
      spdlog::error("mcp: the {} notification failed: {}", m->get<std::string>(), e.what());
    }
    return;
  }
  if (has_id && (msg.contains("result") || msg.contains("error"))) {
    // The answer to a request ptc made of the client for an upstream server (others: dropped).
    auto ask = self->state.asks.find(msg["id"].dump());
    if (ask == self->state.asks.end()) return;
    json answer = msg.contains("error") ? json{{"error", msg["error"]}} : json{{"result", msg["result"]}};
    ask->second.rp.deliver(answer.dump(-1, ' ', false, json::error_handler_t::replace));
    self->state.asks.erase(ask);
    return;
  }
  reply_error(self, has_id ? msg["id"] : json(), jsonrpc::invalid_request, "Invalid Request: no method");
}

/// run_program as tools/list shows it, with the description of the current tools.
void describe_tools(session_actor* self) {
  auto& st = self->state;
  const std::string description = st.own_description ? st.opts.run_program_description
                                                     : mcp_run_program_description(st.opts.tools);
  st.tools_list = json::array({{{"name", run_program_name},
                                {"title", "Run a PTC-Lisp program"},
                                {"description", description},
                                {"inputSchema", run_program_input_schema()},
                                {"outputSchema", run_program_output_schema()}}});
  for (const auto& [name, served] : st.agents) st.tools_list.push_back(mcp_agent_tool_entry(served.agent.tool.spec));
  for (const auto& [name, tool] : st.exposed) {
    json entry = lisp::parse_outside_json<json>(tool.entry);
    if (entry.is_discarded() || !entry.is_object()) continue;
    entry["name"] = name;
    st.tools_list.push_back(std::move(entry));
  }
}

/// The exposed tools by the names they are served under (their server's own names).
void set_exposed(session_actor* self, std::vector<mcp_exposed_tool> exposed) {
  auto& st = self->state;
  st.exposed.clear();
  for (auto& t : exposed) {
    if (t.name.empty()) continue;
    const std::string name = t.name;
    if (name == run_program_name || st.agents.count(name) || st.exposed.count(name)) {
      spdlog::warn("ptc mcp: the exposed tool {} has the name of another tool; it is left out", name);
      continue;
    }
    st.exposed.emplace(name, std::move(t));
  }
}

caf::behavior mcp_session(session_actor* self, mcp_server_options opts, mcp_send_fn send) {
  auto& st = self->state;
  st.send = std::move(send);
  st.own_description = !opts.run_program_description.empty();
  st.opts = std::move(opts);
  for (const auto& a : st.opts.agents) st.agents[a.tool.spec.name] = served_agent{a, output_wrapped(a.tool.spec)};
  set_exposed(self, std::move(st.opts.exposed));
  st.opts.exposed.clear();
  describe_tools(self);
  return {
      [=](mcp_set_tools_atom, std::vector<tool_binding>& tools, std::vector<mcp_exposed_tool>& exposed) {
        auto& st = self->state;
        st.opts.tools = std::move(tools);
        set_exposed(self, std::move(exposed));
        describe_tools(self);
        if (st.initialized) write(self, {{"jsonrpc", "2.0"}, {"method", "notifications/tools/list_changed"}});
      },
      [=](mcp_in_atom, const std::string& text) { on_message(self, text); },
      [=](mcp_note_atom, const std::string& key, const std::string& note, int rank) {
        auto& st = self->state;
        if (!st.running.count(key)) return;  // not after the answer or a cancel
        if (rank < log_rank(st.log_level)) return;  // a log message below the level the host set
        st.send(note, key);
      },
      [=](mcp_ask_atom, const std::string& key, const std::string& method, const std::string& params) {
        return ask_host(self, key, method, params);
      },
      [=](mcp_done_atom, const std::string& key, const std::string& answer) {
        auto& st = self->state;
        auto it = st.running.find(key);
        if (it == st.running.end()) return;  // cancelled: not answered
        st.running.erase(it);
        drop_asks(self, key);
        // {"result": R} or (an upstream server's JSON-RPC error, passed on) {"error": E}
        json a = json::parse(answer);
        if (a.contains("error")) write(self, {{"jsonrpc", "2.0"}, {"id", json::parse(key)}, {"error", std::move(a["error"])}});
        else reply(self, json::parse(key), std::move(a["result"]));
        if (st.running.empty()) {
          for (auto& rp : st.draining) rp.deliver(true);
          st.draining.clear();
        }
      },
      [=](mcp_drain_atom) -> caf::result<bool> {
        auto& st = self->state;
        if (st.running.empty()) return true;
        auto rp = self->make_response_promise();
        st.draining.push_back(rp);
        return rp;
      },
  };
}

}  // namespace

std::string mcp_run_program_description(const std::vector<tool_binding>& tools) {
  std::string d =
      "Runs a PTC-Lisp program (a safe subset of Clojure) and returns its value. Use it to call the tools "
      "below many times in one step (in loops, or in parallel with pmap) and get back only the result you "
      "need instead of every intermediate result.\n"
      "- Call a tool: (tool/NAME {:key value}). Its result is Clojure data; JSON object keys become keywords.\n"
      "- Input: pass a JSON object as `data` and read its keys as data/KEY.\n"
      "- The value: (return v) anywhere, or the last form's value. (fail \"why\") fails the call.\n"
      "- (println ...) output comes back as text beside the value: use it to look at data.\n"
      "- Available: def, defn, fn, let, if, when, cond, case, loop/recur, doseq, for, ->, ->>, map, filter, "
      "remove, reduce, group-by, sort-by, frequencies, distinct, pmap, pcalls, get-in, assoc, update, "
      "merge, select-keys, str, format, clojure.string (as str/split, str/join, ...), regular expressions, "
      "try/catch. No Java interop, files, network or threads beyond the tools.\n"
      "- A tool error is an exception: (try (tool/x {...}) (catch Exception e (ex-message e))).\n"
      "- Example: (let [orders (tool/find-orders {:status \"open\"})] (return (count orders)))\n";
  if (tools.empty()) return d + "No tools are configured: programs compute on `data` only.";
  std::vector<messages::tool_spec> specs;
  for (const auto& t : tools) specs.push_back(t.spec);
  return d + "\n" + messages::render_tool_section(specs);
}

json mcp_agent_tool_entry(const messages::tool_spec& spec) {
  const auto parsed = messages::parse_signature(spec.signature);
  json input = {{"type", "object"}};
  json output = {{"type", "object"}, {"properties", {{"result", json::object()}}}, {"required", json::array({"result"})}};
  if (const auto* sig = std::get_if<messages::signature>(&parsed)) {
    input = messages::input_schema_of(*sig);
    if (output_wrapped(spec)) output["properties"]["result"] = messages::schema_of(sig->output);
    else output = messages::schema_of(sig->output);
  }
  std::string description = spec.description.empty() ? "Runs the ptc agent " + spec.name : spec.description;
  description += "\nA ptc agent: it works on the task with its own LLM and tools over several steps, then returns "
                 "a value of the output schema.";
  return {{"name", spec.name}, {"description", std::move(description)}, {"inputSchema", std::move(input)},
          {"outputSchema", std::move(output)}};
}

caf::actor spawn_mcp_session(caf::actor_system& sys, mcp_server_options opts, mcp_send_fn send) {
  return sys.spawn(mcp_session, std::move(opts), std::move(send));
}

}  // namespace ptc::actors
