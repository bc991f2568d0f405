#pragma once
// The interpreter actor: runs programs for sub-agents, resolving tool calls through tool actors.
//
// Context: a program may call tools (replies arrive later), run pmap over tool calls (several
// calls pending at once) or compute for a long time; thousands of agents share two cores.
//
// Decision: one interpreter actor serves many runs at once. Each run is a lisp::program_run
// (its own fiber): started with a step slice (`slice_steps`); when it stops with pending tool
// calls, every pending call goes out at once as a request (tool_atom, tool_call) to the tool's
// actor with a timeout, and the run resumes as replies come in; when it stops as `yielded`, the
// actor sends itself a resume message, so other runs' messages are handled in between (time
// slicing). A tool that times out, is unknown, or replies with an error becomes a tool error
// inside the program (the program can catch it); a tool actor that dies fails its call at once.
//
// Consequences: the reply carries the whole run record plus the Steps of sub-agents that the
// program's tool calls ran (for the parent's trace, Turn.children) and the time spent waiting
// on tools.
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <caf/all.hpp>

#include "ptc/actors/tools.hpp"
#include "ptc/actors/tree.hpp"
#include "ptc/actors/wire.hpp"
#include "ptc/lisp/budget.hpp"
#include "ptc/lisp/run.hpp"
#include "ptc/lisp/value.hpp"
#include "ptc/messages/step.hpp"

namespace ptc::actors {

/// One program to run.
struct eval_request {
  std::string source;
  lisp::value data;       ///< what data/KEY reads (nil: no data)
  lisp::memory_ptr mem;   ///< user definitions from earlier turns (null: none)
  lisp::limits limits;
};

/// What the run did.
struct eval_reply {
  lisp::run_result run;
  std::vector<wire<messages::step>> children;  ///< Steps of sub-agents called as tools, in order
  std::chrono::microseconds tool_time{0};      ///< wall time with tool calls pending
};

template <>
struct codec<eval_request> {
  static constexpr const char* name = "ptc::eval_request";
  static std::string encode(const eval_request& r);
  static eval_request decode(const std::string& text);
};
template <>
struct codec<eval_reply> {
  static constexpr const char* name = "ptc::eval_reply";
  static std::string encode(const eval_reply& r);
  static eval_reply decode(const std::string& text);
};

struct interpreter_options {
  std::uint64_t slice_steps = 20'000;  ///< steps per time slice before yielding to others
  std::chrono::milliseconds tool_timeout{60'000};  ///< per tool call
};

/// Figures of an interpreter (reply to `stats_atom`).
struct interpreter_stats {
  std::uint64_t runs = 0, active = 0, tool_calls = 0, tool_errors = 0, slices = 0;
  std::uint64_t cancelled = 0;  ///< runs dropped because their requester went down
  std::uint64_t watched = 0;    ///< requesters monitored now: those with runs here
  std::uint64_t direct_calls = 0;  ///< tool calls a tool took on this thread (tool_binding::direct)
};
template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, interpreter_stats& x) {
  return f(caf::meta::type_name("ptc::interpreter_stats"), x.runs, x.active, x.tool_calls,
           x.tool_errors, x.slices, x.cancelled, x.watched, x.direct_calls);
}

/// Spawns an interpreter. Messages:
///   (eval_atom, wire<eval_request>, std::vector<tool_binding>, tree_context) -> wire<eval_reply>
///   (eval_atom, wire<eval_request>) -> wire<eval_reply>: a program without tools
///   (stats_atom) -> interpreter_stats
/// A tool the program calls that is not among the bindings is an error inside the program
/// naming the available tools (the analyzer already rejects tool names it was not given).
/// The interpreter monitors the requester of each eval while it has runs here: when it goes
/// down (its mission ended for any reason) its runs are dropped at the next slice boundary,
/// their fibers unwound.
caf::actor spawn_interpreter(caf::actor_system& sys, interpreter_options opts = {});

}  // namespace ptc::actors
