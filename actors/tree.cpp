// The turn budget shared by a tree of nested agents (see tree.hpp).
#include "ptc/actors/tree.hpp"

namespace ptc::actors {
namespace {

struct budget_state {
  static constexpr const char* name = "turn_budget";
  std::uint64_t left = 0;
};

caf::behavior budget_actor(caf::stateful_actor<budget_state>* self, std::uint64_t turns) {
  self->state.left = turns;
  return {
      [=](take_atom) {
        if (self->state.left == 0) return false;
        --self->state.left;
        return true;
      },
      [=](stats_atom) { return self->state.left; },
  };
}

}  // namespace

caf::actor spawn_budget(caf::actor_system& sys, std::size_t turns) {
  return sys.spawn(budget_actor, static_cast<std::uint64_t>(turns));
}

}  // namespace ptc::actors
