#pragma once
// MCP server: ptc's code mode as an MCP tool, for any MCP host (an IDE, a chat app, another
// agent framework).
//
// Context: an MCP host's model calls tools one at a time and reads every result. Given one
// `run_program` tool instead, it writes a short PTC-Lisp program that calls many tools (C++
// ones and other MCP servers' ones, in parallel with pmap) and gets back only the value it
// returns. The transport (stdio lines, Streamable HTTP requests) is not the session's business.
//
// Decision: one session actor per client connection. It is fed JSON-RPC messages as text
// (mcp_in_atom) and writes its answers through a `send` callback (a line on stdout, an HTTP
// response). It speaks revision 2025-11-25 and answers 2025-06-18 and 2025-03-26 clients in
// their own revision. Each tools/call runs in a worker actor of its own (calls run
// concurrently); notifications/cancelled ends that worker, and the interpreter, which watches
// its requester, drops the run. Programs run on the interpreter given in the options, with the
// tools given there and under the limits given there.
//
// Sub-agents are served too, one MCP tool each (named after the agent; inputSchema and
// outputSchema from its signature, messages/json_schema.hpp). A call runs the agent as a tool
// of the host: the host counts as the calling agent (depth 0), the agent runs one level below
// it with a fresh turn budget, and its worker is the "caller" the agent watches, so a
// cancelled call (or a session that ends) stops the agent and, through their callers, its
// sub-agents. The worker also receives the tree's trace events: with a progressToken in the
// call's _meta, each turn of the agent is sent as notifications/progress (progress = the turn's
// number, total = max_turns, message = the turn's progress line).
//
// Upstream MCP servers configured with `expose` are served as they are too (a gateway): each of
// their tools under its own name, with the server's own description and schemas, and a call's
// answer is the server's answer as it is (content of every kind, structuredContent, isError, a
// JSON-RPC error). While such a call runs, the server's progress (under the host's
// progressToken), its log messages (notifications/message, at the level the host set) and its
// requests of the client (sampling/createMessage, elicitation/create, roots/list: asked of the
// host when it offered them in initialize, refused otherwise) pass between the host and the
// server; each such message is written with the id of the host's request it belongs to, so the
// HTTP transport sends it on that request's event stream.
//
// Consequences: a session never blocks on a program; a cancelled call is not answered (as the
// protocol asks); the session ends with its owner (exit message) and takes its workers along.
#include <functional>
#include <string>
#include <vector>

#include <caf/all.hpp>
#include <nlohmann/json.hpp>

#include "ptc/actors/tools.hpp"
#include "ptc/lisp/budget.hpp"

namespace ptc::actors {

using mcp_in_atom = caf::atom_constant<caf::atom("mcpin")>;        ///< session: one JSON-RPC message
using mcp_drain_atom = caf::atom_constant<caf::atom("mcpdrain")>;  ///< session: wait for calls in flight
using mcp_set_tools_atom = caf::atom_constant<caf::atom("mcpsettool")>;  ///< session: the tools changed

/// An upstream MCP server's tool served as it is (tools.mcp[].expose).
struct mcp_exposed_tool {
  std::string name;   ///< the name it is served under: its server's own (empty: none, left out)
  std::string entry;  ///< its tools/list entry as the server gave it (JSON text)
  tool_binding tool;  ///< its binding: the connection, asked with mcp_forward_atom (mcp.hpp)
};

template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, mcp_exposed_tool& x) {
  return f(caf::meta::type_name("ptc::mcp_exposed_tool"), x.name, x.entry, x.tool);
}

/// An upstream tool served as it is: its server's tools/list entry (mcp_client::tool_entries)
/// and its binding.
inline mcp_exposed_tool expose_tool(const nlohmann::ordered_json& entry, tool_binding tool) {
  const auto name = entry.find("name");
  return {name != entry.end() && name->is_string() ? name->get<std::string>() : std::string(),
          entry.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace), std::move(tool)};
}

/// A sub-agent served as an MCP tool.
struct mcp_agent {
  tool_binding tool;          ///< runtime::serve_as_tool(a); its spec (a.as_tool_spec()) names and types the tool
  std::size_t max_turns = 0;  ///< the total of its progress notifications (0: none given)
};

struct mcp_server_options {
  std::string name = "ptc";
  std::string version = "0.1";
  caf::actor interpreter;           ///< where programs run (required)
  std::vector<tool_binding> tools;  ///< what run_program's programs may call
  lisp::limits limits;              ///< per program run
  /// The run_program tool's description: how to write a program and the tools it may call.
  /// Empty: mcp_run_program_description(tools).
  std::string run_program_description;
  std::vector<mcp_agent> agents;  ///< served as tools beside run_program (names unique, not run_program)
  /// Upstream tools served as they are (names unique among all the session's tools).
  std::vector<mcp_exposed_tool> exposed;
  caf::actor llm;                 ///< the agents' LLM (unless they set their own)
  std::size_t max_depth = 3;      ///< how deep an agent's own sub-agents may nest (settings.agent.max_depth)
  std::size_t turn_budget = 50;   ///< LLM calls of one agent call, its sub-agents included
  caf::actor trace;               ///< the agents' trace events go here too (invalid: nowhere)
};

/// The tools/list entry of a served agent: name, description, inputSchema from the signature's
/// parameters, outputSchema from its return type (an object type as it is; any other type, or
/// none, as {"result": T}, since MCP's structured content is an object).
nlohmann::ordered_json mcp_agent_tool_entry(const messages::tool_spec& spec);

/// The description of run_program: PTC-Lisp in brief, then the tool/ section of `tools`.
std::string mcp_run_program_description(const std::vector<tool_binding>& tools);

/// What one session writes: one JSON-RPC message (a response, a notification or a request of
/// the client) as text, without a newline, and the id (as JSON text) of the client's request it
/// belongs to ("" for none; a response names its own). Called from the session's actor, one
/// message at a time.
using mcp_send_fn = std::function<void(std::string message, const std::string& related)>;

/// Spawns a session. Feed it (mcp_in_atom, std::string message); it answers through `send`.
/// (mcp_set_tools_atom, std::vector<tool_binding>, std::vector<mcp_exposed_tool>) replaces the
/// tools of later calls and the exposed tools (an upstream server's list changed): runs already
/// going keep theirs, run_program's description is made again (unless the options gave one),
/// and an initialized client is sent notifications/tools/list_changed.
/// (mcp_drain_atom) -> bool is answered once no call is in flight (its answer written): a
/// transport whose client closed its side asks this before ending the session.
caf::actor spawn_mcp_session(caf::actor_system& sys, mcp_server_options opts, mcp_send_fn send);

}  // namespace ptc::actors
