// The deadline keeper (see deadlines.hpp).
#include "ptc/actors/deadlines.hpp"

#include <algorithm>
#include <cstdint>
#include <unordered_map>
#include <vector>

namespace ptc::actors {
namespace {

using keeper_clock = std::chrono::steady_clock;
using keeper_check_atom = caf::atom_constant<caf::atom("dlcheck")>;
constexpr caf::atom_value keeper_name = caf::atom("deadlines");

struct watched {
  std::int64_t due_ns;  ///< keeper_clock's time since its epoch
  caf::actor_id who;
  bool operator>(const watched& o) const { return due_ns > o.due_ns; }
};

struct keeper_state {
  static constexpr const char* name = "deadline_keeper";
  /// A min-heap on due_ns (std::push_heap/pop_heap with std::greater); an entry whose agent
  /// is no longer in `agents` is skipped when it comes up.
  std::vector<watched> heap;
  /// The agents still watched. A released agent leaves at once (its weak address would hold
  /// its memory); its heap entry lapses, or goes at the next compaction.
  std::unordered_map<caf::actor_id, caf::actor_addr> agents;
  std::int64_t armed_ns = -1;  ///< when the pending check fires; -1: none pending
};

using keeper_ptr = caf::stateful_actor<keeper_state>*;

std::int64_t now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(keeper_clock::now().time_since_epoch()).count();
}

/// Drops the entries of released agents once they are most of the heap: memory stays
/// proportional to the agents watched, at O(1) amortised per release.
void compact(keeper_state& st) {
  if (st.heap.size() < 64 || st.heap.size() < 2 * st.agents.size()) return;
  std::erase_if(st.heap, [&](const watched& w) { return !st.agents.contains(w.who); });
  std::make_heap(st.heap.begin(), st.heap.end(), std::greater<>{});
}

/// One timer, for the earliest deadline, unless one already fires by then.
void arm(keeper_ptr self) {
  auto& st = self->state;
  if (st.heap.empty()) return;
  const std::int64_t due = st.heap.front().due_ns;
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
        auto& st = self->state;
        st.agents.insert_or_assign(who.id(), who);
        st.heap.push_back({due_ns, who.id()});
        std::push_heap(st.heap.begin(), st.heap.end(), std::greater<>{});
        arm(self);
      },
      [=](deadline_done_atom, caf::actor_id who) {
        auto& st = self->state;
        st.agents.erase(who);
        compact(st);
      },
      [=](keeper_check_atom) {
        auto& st = self->state;
        st.armed_ns = -1;
        const std::int64_t now = now_ns();
        while (!st.heap.empty() && st.heap.front().due_ns <= now) {
          if (auto it = st.agents.find(st.heap.front().who); it != st.agents.end()) {
            // An agent that already finished is gone: its address no longer makes a handle.
            if (auto a = caf::actor_cast<caf::actor>(it->second)) caf::anon_send(a, deadline_atom::value);
            st.agents.erase(it);
          }
          std::pop_heap(st.heap.begin(), st.heap.end(), std::greater<>{});
          st.heap.pop_back();
        }
        arm(self);
      },
      [=](caf::get_atom) {
        return caf::make_message(static_cast<std::uint64_t>(self->state.agents.size()),
                                 static_cast<std::uint64_t>(self->state.heap.size()));
      },
  };
}

}  // namespace

caf::actor spawn_deadline_keeper(caf::actor_system& sys) {
  auto k = sys.spawn(keeper, keeper_name);
  sys.registry().put(keeper_name, k);
  return k;
}

void deadline_watch::release() {
  if (!keeper_) return;
  caf::anon_send(keeper_, deadline_done_atom::value, id_);
  keeper_ = caf::actor{};
}

deadline_watch watch_deadline(caf::local_actor* self, std::chrono::steady_clock::time_point due) {
  auto k = self->system().registry().get<caf::actor>(keeper_name);
  if (!k) return {};
  const std::int64_t due_ns = std::chrono::duration_cast<std::chrono::nanoseconds>(due.time_since_epoch()).count();
  caf::anon_send(k, deadline_atom::value, due_ns, self->address());
  return {std::move(k), self->id()};
}

}  // namespace ptc::actors
