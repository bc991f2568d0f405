#pragma once
// The actor system configuration of the actor tests: two scheduler threads, like CI's machine.
#include <caf/all.hpp>

namespace ptc::testing {

/// One configuration for every test's actor system (CAF reads it at construction).
inline caf::actor_system_config& test_config() {
  static caf::actor_system_config cfg = [] {
    caf::actor_system_config c;
    c.set("scheduler.max-threads", 2);
    return c;
  }();
  return cfg;
}

}  // namespace ptc::testing
