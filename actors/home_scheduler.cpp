// The "home" scheduler policy (home_scheduler.hpp): installing it, and the actors of a home.
#include "ptc/actors/home_scheduler.hpp"

#include <caf/actor_registry.hpp>
#include <caf/actor_system.hpp>
#include <caf/scheduler/coordinator.hpp>
#include <functional>
#include <string>

namespace ptc::actors {
namespace {

/// The registry key of a role's actor for a home: "ptcI7", "ptcL0" (CAF's atoms hold up to
/// 10 characters: homes up to 999,999).
caf::atom_value home_key(home_role role, std::size_t home) {
  return caf::atom_from_string(std::string(role == home_role::interpreter ? "ptcI" : "ptcL") +
                               std::to_string(home));
}

}  // namespace

void install_home_scheduler(caf::actor_system_config& cfg) {
  // CAF 0.17 keeps a scheduler module loaded by the configuration instead of making its own.
  cfg.module_factories.push_back([](caf::actor_system& sys) -> caf::actor_system::module* {
    return new caf::scheduler::coordinator<home_policy>(sys);
  });
}

bool schedules_by_home(caf::actor_system& sys) {
  return dynamic_cast<caf::scheduler::coordinator<home_policy>*>(&sys.scheduler()) != nullptr;
}

void add_home_actors(caf::actor_system& sys, home_role role, std::vector<caf::actor>& pool,
                     const std::function<caf::actor()>& spawn) {
  if (!schedules_by_home(sys)) return;
  const std::size_t workers = sys.scheduler().num_workers();
  std::size_t covered = 0;
  auto cover = [&](const caf::actor& a) {
    const caf::atom_value key = home_key(role, home_worker(a.id(), workers));
    if (sys.registry().get<caf::actor>(key)) return false;
    sys.registry().put(key, a);
    ++covered;
    return true;
  };
  for (const caf::actor& a : pool) cover(a);
  // An actor's home follows from its id: spawn until every home has one (a few tries: each
  // new actor lands on a given home with probability 1/workers), and end those that add none.
  for (std::size_t tries = 0; spawn && covered < workers && tries < 64 * workers; ++tries) {
    caf::actor extra = spawn();
    if (cover(extra)) {
      pool.push_back(std::move(extra));
    } else {
      caf::anon_send_exit(extra, caf::exit_reason::user_shutdown);
    }
  }
}

void forget_home_actors(caf::actor_system& sys) {
  const std::size_t workers = sys.scheduler().num_workers();
  for (std::size_t h = 0; h < workers; ++h) {
    sys.registry().erase(home_key(home_role::interpreter, h));
    sys.registry().erase(home_key(home_role::llm, h));
  }
}

caf::actor home_actor(caf::actor_system& sys, home_role role, caf::actor_id agent, caf::actor chosen) {
  if (!chosen) return chosen;
  const std::size_t workers = sys.scheduler().num_workers();
  // Only an actor of the runtime's own pool is swapped (a caller's choice stays).
  if (sys.registry().get<caf::actor>(home_key(role, home_worker(chosen.id(), workers))) != chosen)
    return chosen;
  caf::actor own = sys.registry().get<caf::actor>(home_key(role, home_worker(agent, workers)));
  return own ? own : chosen;
}

}  // namespace ptc::actors
