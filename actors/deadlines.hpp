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
// whose deadline passed if it is still alive. An agent's registration (deadline_watch) ends with
// its mission: the keeper then drops the agent's address at once. (In CAF 0.17 a weak address
// keeps the actor's memory block, state included, allocated; kept until the deadline, the
// default of five minutes held ~1.5 KiB of every finished agent, and a process running agents
// without pause grew by that much per agent.) Systems without a keeper (one not made by
// actors::runtime) keep the per-request timeouts.
#include <chrono>
#include <utility>

#include <caf/all.hpp>

namespace ptc::actors {

using deadline_atom = caf::atom_constant<caf::atom("deadline")>;  ///< sub_agent: the mission's time is up
using deadline_done_atom = caf::atom_constant<caf::atom("dldone")>;  ///< keeper: forget this agent

/// Spawns the keeper of `sys` and registers it (the runtime does this once per system). It
/// answers `caf::get_atom` with (agents watched, entries held) as two std::uint64_t.
caf::actor spawn_deadline_keeper(caf::actor_system& sys);

/// One agent's registration with its system's keeper: ending it (release(), assignment or
/// destruction) tells the keeper to forget the agent. Empty when the system has no keeper.
class deadline_watch {
 public:
  deadline_watch() = default;
  deadline_watch(caf::actor keeper, caf::actor_id id) : keeper_(std::move(keeper)), id_(id) {}
  deadline_watch(deadline_watch&& o) noexcept : keeper_(std::move(o.keeper_)), id_(o.id_) {}
  deadline_watch& operator=(deadline_watch&& o) noexcept {
    if (this != &o) {
      release();
      keeper_ = std::move(o.keeper_);
      id_ = o.id_;
    }
    return *this;
  }
  deadline_watch(const deadline_watch&) = delete;
  deadline_watch& operator=(const deadline_watch&) = delete;
  ~deadline_watch() { release(); }

  explicit operator bool() const { return static_cast<bool>(keeper_); }
  void release();

 private:
  caf::actor keeper_;
  caf::actor_id id_ = 0;
};

/// Asks the keeper of self's system to send `deadline_atom` to self at `due`. Empty when the
/// system has none: the caller then bounds its waits itself.
deadline_watch watch_deadline(caf::local_actor* self, std::chrono::steady_clock::time_point due);

/// now + wait; time_point::max() (no deadline) for a wait beyond a century, a timeout of
/// "forever" from the C++ API (an INT64_MAX of milliseconds), which now + wait would overflow.
/// For the waits kept without CAF request timeouts (tool calls, MCP calls).
inline std::chrono::steady_clock::time_point deadline_after(std::chrono::milliseconds wait) {
  constexpr std::chrono::milliseconds century = std::chrono::hours(24 * 365 * 100);
  return wait >= century ? std::chrono::steady_clock::time_point::max() : std::chrono::steady_clock::now() + wait;
}

}  // namespace ptc::actors
