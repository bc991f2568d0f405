#pragma once
// The "home" scheduler policy for CAF 0.17: every actor runs on one worker thread, its home,
// chosen by a hash of its id; a worker with nothing of its own to run takes the oldest job
// waiting at another worker.
//
// Why: on 2 cores a turn of an agent is four messages (agent -> LLM -> agent -> interpreter ->
// agent). With one shared queue (CAF's work sharing) each of them may run on either core, so the
// agent's state, the messages and the blocks the allocator hands out move between the cores'
// caches on most messages, and a block freed by the other thread takes mimalloc's slower path.
// Measured on this project's 2-core host, one worker ran a turn in about half the CPU time that
// two sharing workers did. Keeping an agent, the interpreter it uses and (with the scripted
// provider) its LLM actor on one worker keeps a turn on one core (the runtime gives each agent
// those of its home: home_actor; see runtime.cpp).
//
// The queues are FIFO (no job is starved by a pair of actors talking to each other). A worker
// that finds its queue and every other queue empty sleeps on its own condition variable; it is
// woken by a job for it, or to take a job queued at a busy worker (when the job is queued, or
// when that worker starts another job with this one still queued): a job waits for its home
// only while every worker is busy, so a long handler never holds up other actors while a core
// idles.
//
// Installed as the actor system's scheduler module (install_home_scheduler); the runtime's
// "home" policy, its default. It is a CAF coordinator of our own (home_scheduler.cpp), which also
// spares each job CAF's logger lookup and each ending actor a wake-up of the clock thread.
#include <caf/actor.hpp>
#include <caf/actor_system.hpp>
#include <caf/actor_system_config.hpp>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

namespace ptc::actors {

/// The home worker of the actor with this id, among `workers` (> 0).
inline std::size_t home_worker(caf::actor_id id, std::size_t workers) {
  // Fibonacci hashing (the product's high bits), then the high bits of a 32 x 32 product as the
  // index: ids spread evenly over the workers whatever else is spawned between them.
  const std::uint64_t mixed = (static_cast<std::uint64_t>(id) * 0x9E3779B97F4A7C15ull) >> 32;
  return static_cast<std::size_t>((mixed * workers) >> 32);
}

/// Makes `cfg`'s actor system schedule by home (as many workers as scheduler.max-threads says).
void install_home_scheduler(caf::actor_system_config& cfg);

/// Whether `sys` schedules by home.
bool schedules_by_home(caf::actor_system& sys);

/// The runtime's actors an agent talks to on every turn, of which each home has its own.
enum class home_role { interpreter, llm };

/// Registers the first actor of each home worker among `pool` as the one home_actor gives the
/// agents of that home; with `spawn`, spawns more (appended) until every home has one. Nothing
/// unless `sys` schedules by home.
void add_home_actors(caf::actor_system& sys, home_role role, std::vector<caf::actor>& pool,
                     const std::function<caf::actor()>& spawn);
void forget_home_actors(caf::actor_system& sys);

/// The actor of `role` for the agent with id `agent`: the registered one of its home when
/// `chosen` is one of the registered ones (the runtime's pool), else `chosen`.
caf::actor home_actor(caf::actor_system& sys, home_role role, caf::actor_id agent, caf::actor chosen);

}  // namespace ptc::actors
