#pragma once
// An event-based actor without group subscriptions, for actors that exist by the million.
//
// caf::event_based_actor carries mixin::subscriber: an std::unordered_set of the groups the
// actor joined (56 bytes in every actor, and a cleanup pass when it quits). A sub-agent joins no
// group, and a million concurrent agents are a million actors: lean_actor is event_based_actor
// with that mixin left out (sending, requests with .then, become are the same). Spawned as
// event-based actors are: a function taking `caf::stateful_actor<State, lean_actor>*` and
// returning a caf::behavior; the handle is a caf::actor.
#include <caf/all.hpp>

namespace ptc::actors {

class lean_actor;

}  // namespace ptc::actors

namespace caf {

template <>
class behavior_type_of<ptc::actors::lean_actor> {
 public:
  using type = behavior;
};

}  // namespace caf

namespace ptc::actors {

class lean_actor
    : public caf::extend<caf::scheduled_actor, lean_actor>::with<caf::mixin::sender, caf::mixin::requester,
                                                               caf::mixin::behavior_changer>,
      public caf::dynamically_typed_actor_base {
 public:
  using signatures = caf::none_t;  ///< for spawn's type deduction, as event_based_actor's
  using behavior_type = caf::behavior;

  explicit lean_actor(caf::actor_config& cfg) : extended_base(cfg) {}

  /// As event_based_actor's: the behavior the spawning function returned becomes the first.
  void initialize() override {
    caf::local_actor::initialize();
    caf::behavior bhvr = make_behavior();
    if (bhvr) become(std::move(bhvr));
  }

 protected:
  virtual caf::behavior make_behavior() {
    caf::behavior res;
    if (initial_behavior_fac_) {
      res = initial_behavior_fac_(this);
      initial_behavior_fac_ = nullptr;
    }
    return res;
  }
};

}  // namespace ptc::actors
