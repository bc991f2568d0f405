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
// Consequences: a session never blocks on a program; a cancelled call is not answered (as the
// protocol asks); the session ends with its owner (exit message) and takes its workers along.
#include <functional>
#include <string>
#include <vector>

#include <caf/all.hpp>
#include <nlohmann/json.hpp>

#include "actors/tools.hpp"
#include "lisp/budget.hpp"

namespace ptc::actors {

using mcp_in_atom = caf::atom_constant<caf::atom("mcpin")>;        ///< session: one JSON-RPC message
using mcp_drain_atom = caf::atom_constant<caf::atom("mcpdrain")>;  ///< session: wait for calls in flight
using mcp_set_tools_atom = caf::atom_constant<caf::atom("mcpsettool")>;  ///< session: the tools changed

struct mcp_server_options {
  std::string name = "ptc";
  std::string version = "0.1";
  caf::actor interpreter;           ///< where programs run (required)
  std::vector<tool_binding> tools;  ///< what run_program's programs may call
  lisp::limits limits;              ///< per program run
  /// The run_program tool's description: how to write a program and the tools it may call.
  /// Empty: mcp_run_program_description(tools).
  std::string run_program_description;
};

/// The description of run_program: PTC-Lisp in brief, then the tool/ section of `tools`.
std::string mcp_run_program_description(const std::vector<tool_binding>& tools);

/// What one session writes: one JSON-RPC message (a response or a notification) as text,
/// without a newline. Called from the session's actor, one message at a time.
using mcp_send_fn = std::function<void(std::string)>;

/// Spawns a session. Feed it (mcp_in_atom, std::string message); it answers through `send`.
/// (mcp_set_tools_atom, std::vector<tool_binding>) replaces the tools of later calls (an
/// upstream server's list changed): runs already going keep theirs, run_program's description
/// is made again (unless the options gave one), and an initialized client is sent
/// notifications/tools/list_changed.
/// (mcp_drain_atom) -> bool is answered once no call is in flight (its answer written): a
/// transport whose client closed its side asks this before ending the session.
caf::actor spawn_mcp_session(caf::actor_system& sys, mcp_server_options opts, mcp_send_fn send);

}  // namespace ptc::actors
