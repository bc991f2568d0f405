// The "home" scheduler policy (home_scheduler.hpp): installing it, and the actors of a home.
#include "ptc/actors/home_scheduler.hpp"

#include <caf/actor_registry.hpp>
#include <caf/actor_system.hpp>
#include <caf/detail/set_thread_name.hpp>
#include <caf/scheduler/worker.hpp>
#include <functional>
#include <string>
#include <thread>

// CAF's worker for home_policy, declared before coordinator.hpp instantiates it. CAF's own
// worker<Policy> looks up the running actor for its logger before every job: a dynamic_cast
// from resumable* to abstract_actor* across the actor's class hierarchy (about 1,300
// instructions), and a lookup of the thread in the logger's table under a spinlock shared by all
// workers (its cache line moves between cores on every job). Debian's CAF is built without
// logging (CAF_LOG_LEVEL_QUIET), so both are only cost: about a tenth of an agent's turn. This
// worker is CAF's loop without them; with no logger set for the thread, the actor's own resume
// skips its lookup too.
template <>
class caf::scheduler::worker<ptc::actors::home_policy> : public caf::execution_unit {
 public:
  using job_ptr = caf::resumable*;
  using coordinator_ptr = caf::scheduler::coordinator<ptc::actors::home_policy>*;
  using policy_data = ptc::actors::home_policy::worker_data;

  worker(std::size_t worker_id, coordinator_ptr parent, const policy_data& init, std::size_t throughput);

  worker(const worker&) = delete;
  worker& operator=(const worker&) = delete;

  void start() {
    thread_ = std::thread{[this] {
      caf::detail::set_thread_name("caf.multiplexer");
      system().thread_started();
      run();
      system().thread_terminates();
    }};
  }

  /// A job for this worker from any thread.
  void external_enqueue(job_ptr job) { policy_.external_enqueue(this, job); }

  /// A job from the one this worker runs (this thread only).
  void exec_later(job_ptr job) override { policy_.internal_enqueue(this, job); }

  coordinator_ptr parent() { return parent_; }
  std::size_t id() const { return id_; }
  std::thread& get_thread() { return thread_; }
  policy_data& data() { return data_; }
  std::size_t max_throughput() { return max_throughput_; }

 private:
  void run() {
    for (;;) {
      job_ptr job = policy_.dequeue(this);
      switch (job->resume(this, max_throughput_)) {
        case caf::resumable::resume_later:
          policy_.resume_job_later(this, job);  // still referenced: it stays in the loop
          break;
        case caf::resumable::done:
          caf::intrusive_ptr_release(job);
          break;
        case caf::resumable::awaiting_message:
          caf::intrusive_ptr_release(job);  // enqueued again (with a new reference) on a message
          break;
        case caf::resumable::shutdown_execution_unit:
          return;
      }
    }
  }

  std::size_t max_throughput_;
  std::thread thread_;
  std::size_t id_;
  coordinator_ptr parent_;
  policy_data data_;
  ptc::actors::home_policy policy_;
};

#include <caf/scheduler/coordinator.hpp>

caf::scheduler::worker<ptc::actors::home_policy>::worker(std::size_t worker_id, coordinator_ptr parent,
                                                         const policy_data& init, std::size_t throughput)
    : caf::execution_unit(&parent->system()),
      max_throughput_(throughput),
      id_(worker_id),
      parent_(parent),
      data_(init) {}

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
