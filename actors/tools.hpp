#pragma once
// Tools as actors: what a program's (tool/NAME {...}) call reaches.
//
// Context: a tool may be a C++ function (JSON in, JSON out), another sub-agent, or (issue:
// nodes) an actor on another machine. The interpreter must not care which.
//
// Decision: every tool is an actor answering (tool_atom, tool_call) -> tool_result. A C++
// callable runs inside its tool actor; a callable that blocks (I/O, sleeps) should be spawned
// `blocking`, which gives the actor a thread of its own (CAF detached) so it cannot stall the
// scheduler. Exceptions and error returns become tool errors, never a dead actor.
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <caf/all.hpp>
#include <nlohmann/json.hpp>

#include "ptc/actors/tree.hpp"
#include "ptc/actors/wire.hpp"
#include "ptc/lisp/run.hpp"
#include "ptc/messages/step.hpp"
#include "ptc/messages/types.hpp"

namespace ptc::messages {
// Found by argument-dependent lookup, so it lives beside tool_spec (messages/ itself has no CAF).
template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, tool_spec& x) {
  return f(caf::meta::type_name("ptc::tool_spec"), x.name, x.description, x.signature);
}
}  // namespace ptc::messages

namespace ptc::actors {

template <>
struct codec<messages::step> {
  static constexpr const char* name = "ptc::step";
  static std::string encode(const messages::step& s);
  static messages::step decode(const std::string& text);
};

struct tool_call {
  std::string name;       ///< without the tool/ prefix
  std::string args;       ///< a JSON object as text
  tree_context context;   ///< the calling agent's tree (sub-agent tools need it)
};

template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, tool_call& x) {
  return f(caf::meta::type_name("ptc::tool_call"), x.name, x.args, x.context);
}

struct tool_result {
  bool ok = false;
  std::string value;  ///< ok: the result as JSON text
  std::string error;  ///< not ok: the message the program's error shows
  /// Steps of sub-agents this call ran (a sub-agent tool: exactly one, success or not).
  std::vector<wire<messages::step>> children;
};

template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, tool_result& x) {
  return f(caf::meta::type_name("ptc::tool_result"), x.ok, x.value, x.error, x.children);
}

/// A tool that can take a call on the caller's own thread, one actor hop less than a message
/// to its actor (MCP over stdio: the call's line is written to the server's stdin from there,
/// and the thread reading the server's stdout answers the caller).
///
/// Contract: a call taken by call() is answered exactly once, in the caller's mailbox, as the
/// response to `request` (a tool_result): by the tool, by its failure (the server's end, the
/// connection closed), or by give_up(). The caller gives up every call it stops waiting for
/// (its deadline passed, its run ended), so no call stays open and no response handler waits
/// for ever. Process-local: a binding sent to another node arrives without it.
class direct_tool {
 public:
  virtual ~direct_tool() = default;
  /// How long the caller waits before it gives a call up as timed out.
  virtual std::chrono::milliseconds timeout() const = 0;
  /// Sends `call` now: its ticket for give_up(), or nullopt when it cannot be taken here (the
  /// connection is restarting, the name is not offered, ...): then it goes to the tool's actor.
  virtual std::optional<std::int64_t> call(const tool_call& call, const caf::strong_actor_ptr& caller,
                                           caf::message_id request) = 0;
  /// The caller stops waiting for `ticket`: unless its answer is on the way already, the tool
  /// is told (the server gets notifications/cancelled) and the call is answered with `why`, or
  /// with the tool's timeout text when `why` is empty.
  virtual void give_up(std::int64_t ticket, const std::string& why) = 0;
};

/// A tool's name with the actor that serves it.
struct tool_binding {
  messages::tool_spec spec;
  caf::actor handle;
  /// How long the interpreter waits for one call; 0: the interpreter's tool_timeout. Sub-agent
  /// tools set their child's mission timeout (a child's LLM calls take longer than a function).
  std::int64_t timeout_ms = 0;
  /// The actor was spawned for this binding (a function or sub-agent tool) and ends with its
  /// owner; false: the caller's own actor (an actor tool, a node's tool), never stopped by us.
  bool owned = false;
  /// Set when calls can skip the actor (see direct_tool). Not serialized.
  std::shared_ptr<direct_tool> direct;
};

template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, tool_binding& x) {
  return f(caf::meta::type_name("ptc::tool_binding"), x.spec, x.handle, x.timeout_ms, x.owned);
}

/// Stops the owned actors among `tools`. Needed once they were sent to another node: a peer's
/// reference keeps an actor registered, hence alive, in CAF 0.17 until it is stopped (and
/// ~actor_system waits for it).
void release_owned(const std::vector<tool_binding>& tools);

struct tool_options {
  bool blocking = false;  ///< the callable may block: give the actor its own thread
};

/// Spawns a tool actor for a C++ callable (lisp::tool_fn: JSON object in, JSON out; throwing
/// std::exception fails the call with what()). Messages: (tool_atom, tool_call) -> tool_result.
caf::actor spawn_function_tool(caf::actor_system& sys, lisp::tool_fn fn, tool_options opts = {});

}  // namespace ptc::actors
