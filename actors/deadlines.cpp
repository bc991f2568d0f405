// The deadline keeper (see deadlines.hpp).
#include "ptc/actors/deadlines.hpp"

#include <algorithm>
#include <cstdint>
#include <queue>
#include <vector>

namespace ptc::actors {
namespace {

using keeper_clock = std::chrono::steady_clock;
using keeper_check_atom = caf::atom_constant<caf::atom("dlcheck")>;
constexpr caf::atom_value keeper_name = caf::atom("deadlines");

struct watched {
  std::int64_t due_ns;  ///< keeper_clock's time since its epoch
  caf::actor_addr who;
  bool operator>(const watched& o) const { return due_ns > o.due_ns; }
};

struct keeper_state {
  static constexpr const char* name = "deadline_keeper";
  std::priority_queue<watched, std::vector<watched>, std::greater<>> heap;
  std::int64_t armed_ns = -1;  ///< when the pending check fires; -1: none pending
};

using keeper_ptr = caf::stateful_actor<keeper_state>*;

std::int64_t now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(keeper_clock::now().time_since_epoch()).count();
}

/// One timer, for the earliest deadline, unless one already fires by then.
void arm(keeper_ptr self) {
  auto& st = self->state;
  if (st.heap.empty()) return;
  const std::int64_t due = st.heap.top().due_ns;
  if (st.armed_ns >= 0 && st.armed_ns <= due) return;
  st.armed_ns = due;
  const auto wait = std::chrono::nanoseconds(std::max<std::int64_t>(0, due - now_ns()));
  self->delayed_send(self, std::chrono::duration_cast<std::chrono::microseconds>(wait) + std::chrono::microseconds(1),
                     keeper_check_atom::value);
}

/// `name` is the registry key; unused, but a function actor spawned without arguments makes
/// CAF 0.17 dereference a null argument tuple (UBSan reports it).
caf::behavior keeper(keeper_ptr self, caf::atom_value /*name*/) {
  return {
      [=](deadline_atom, std::int64_t due_ns, const caf::actor_addr& who) {
        self->state.heap.push({due_ns, who});
        arm(self);
      },
      [=](keeper_check_atom) {
        auto& st = self->state;
        st.armed_ns = -1;
        const std::int64_t now = now_ns();
        while (!st.heap.empty() && st.heap.top().due_ns <= now) {
          // An agent that already finished is gone: its address no longer makes a handle.
          if (auto a = caf::actor_cast<caf::actor>(st.heap.top().who)) caf::anon_send(a, deadline_atom::value);
          st.heap.pop();
        }
        arm(self);
      },
  };
}

}  // namespace

caf::actor spawn_deadline_keeper(caf::actor_system& sys) {
  auto k = sys.spawn(keeper, keeper_name);
  sys.registry().put(keeper_name, k);
  return k;
}

bool watch_deadline(caf::local_actor* self, std::chrono::steady_clock::time_point due) {
  auto k = self->system().registry().get<caf::actor>(keeper_name);
  if (!k) return false;
  const std::int64_t due_ns = std::chrono::duration_cast<std::chrono::nanoseconds>(due.time_since_epoch()).count();
  caf::anon_send(k, deadline_atom::value, due_ns, self->address());
  return true;
}

}  // namespace ptc::actors
