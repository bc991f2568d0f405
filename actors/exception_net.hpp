#pragma once
// The last line of defence of an actor that many others wait on (the interpreter, the LLM
// actor, an MCP connection, a node and its links); not part of the actors' contract.
//
// In CAF 0.17 an exception escaping a message handler ends the actor. The request being handled
// is answered with an error, but every response promise the actor kept in its state for later
// (a run waiting for a tool, an LLM call waiting for its latency) is dropped unanswered: a
// sub-agent waiting without a timeout would wait until its mission's deadline, a caller without
// one forever. Handlers catch what they expect; this net answers everyone else when something
// unexpected (memory running out, a bug) gets through.
#include <exception>
#include <string>
#include <utility>

#include <caf/scheduled_actor.hpp>
#include <caf/sec.hpp>
#include <spdlog/spdlog.h>

namespace ptc::actors::detail {

/// The text of a caught exception: its what(), or a note that it was not a std::exception.
inline std::string exception_text(const std::exception_ptr& eptr) {
  try {
    std::rethrow_exception(eptr);
  } catch (const std::exception& e) {
    return e.what();
  } catch (...) {
    return "an exception of unknown type";
  }
}

/// Installs the net on `self`: when a handler throws, `fail_pending(message)` answers every
/// request the actor holds, where `message` is "WHO stopped on an internal error: WHAT"; the
/// actor then ends with that message (its later requesters hear request_receiver_down at once).
/// An exception from `fail_pending` itself (failing needs memory too) is swallowed.
template <class Self, class FailPending>
void install_exception_net(Self* self, std::string who, FailPending fail_pending) {
  self->set_exception_handler(
      [who = std::move(who), fail_pending = std::move(fail_pending)](caf::scheduled_actor*,
                                                                    std::exception_ptr& eptr) mutable {
        std::string message = who + " stopped on an internal error: " + exception_text(eptr);
        try {
          spdlog::error("{}", message);
          fail_pending(message);
        } catch (...) {
        }
        return caf::make_error(caf::sec::runtime_error, std::move(message));
      });
}

}  // namespace ptc::actors::detail
