#pragma once
// Mission deadlines, kept by one actor per actor system.
//
// Context: a mission's deadline (agent.mission_timeout) used to bound every wait of the
// sub-agent as the timeout of its request (LLM, interpreter, turn budget). In CAF 0.17 each such
// timeout is an entry in the system clock's table, set and cancelled under the clock's mutex
// with a wake-up of the clock thread: about seven per three-turn mission, and a third of the
// agent loop's CPU (issue 18).
// Decision: a sub-agent registers its deadline once with the system's keeper, which holds the
// deadlines in a heap, arms one timer for the earliest, and sends `deadline_atom` to an agent
// whose deadline passed if it is still alive. It holds only weak addresses, so a finished agent
// is freed at once; an entry lapses when its time comes. Systems without a keeper (one not made
// by actors::runtime) keep the per-request timeouts.
#include <chrono>

#include <caf/all.hpp>

namespace ptc::actors {

using deadline_atom = caf::atom_constant<caf::atom("deadline")>;  ///< sub_agent: the mission's time is up

/// Spawns the keeper of `sys` and registers it (the runtime does this once per system).
caf::actor spawn_deadline_keeper(caf::actor_system& sys);

/// Asks the keeper of self's system to send `deadline_atom` to self at `due`. False when the
/// system has none: the caller then bounds its waits itself.
bool watch_deadline(caf::local_actor* self, std::chrono::steady_clock::time_point due);

/// now + wait; time_point::max() (no deadline) for a wait beyond a century, a timeout of
/// "forever" from the C++ API (an INT64_MAX of milliseconds), which now + wait would overflow.
/// For the waits kept without CAF request timeouts (tool calls, MCP calls).
inline std::chrono::steady_clock::time_point deadline_after(std::chrono::milliseconds wait) {
  constexpr std::chrono::milliseconds century = std::chrono::hours(24 * 365 * 100);
  return wait >= century ? std::chrono::steady_clock::time_point::max() : std::chrono::steady_clock::now() + wait;
}

}  // namespace ptc::actors
