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
// "home" policy, its default. Its workers are CAF's loop without the per-job logger lookup
// (home_scheduler.cpp).
#include <atomic>
#include <caf/actor.hpp>
#include <caf/actor_system.hpp>
#include <caf/actor_system_config.hpp>
#include <caf/policy/unprofiled.hpp>
#include <caf/resumable.hpp>
#include <caf/scheduled_actor.hpp>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <vector>

namespace ptc::actors {

/// The home worker of the actor with this id, among `workers` (> 0).
inline std::size_t home_worker(caf::actor_id id, std::size_t workers) {
  // Fibonacci hashing (the product's high bits), then the high bits of a 32 x 32 product as the
  // index: ids spread evenly over the workers whatever else is spawned between them.
  const std::uint64_t mixed = (static_cast<std::uint64_t>(id) * 0x9E3779B97F4A7C15ull) >> 32;
  return static_cast<std::size_t>((mixed * workers) >> 32);
}

class home_policy : public caf::policy::unprofiled {
 public:
  struct coordinator_data {
    explicit coordinator_data(caf::scheduler::abstract_coordinator*) {}
    std::atomic<std::size_t> sleepers{0};
  };

  struct worker_data {
    explicit worker_data(caf::scheduler::abstract_coordinator*) {}
    worker_data(const worker_data&) {}  // each worker gets a fresh queue and lock
    std::mutex lock;
    std::condition_variable cv;
    std::deque<caf::resumable*> queue;
    std::atomic<std::size_t> size{0};  ///< the queue's length, read without the lock
    bool idle = false;                 ///< found nothing to run: about to sleep or sleeping
    bool poked = false;                ///< woken (or kept awake) to take work from another worker
  };

  template <class Coordinator>
  void central_enqueue(Coordinator* self, caf::resumable* job) {
    push(self, self->worker_by_id(home_of(job, self->num_workers())), job);
  }

  /// A job for this worker in particular (CAF's shutdown sends one to each worker this way).
  template <class Worker>
  void external_enqueue(Worker* self, caf::resumable* job) {
    push(self->parent(), self, job);
  }

  template <class Worker>
  void internal_enqueue(Worker* self, caf::resumable* job) {
    central_enqueue(self->parent(), job);
  }

  template <class Worker>
  void resume_job_later(Worker* self, caf::resumable* job) {
    central_enqueue(self->parent(), job);
  }

  template <class Worker>
  caf::resumable* dequeue(Worker* self) {
    auto& own = d(self);
    auto* parent = self->parent();
    for (;;) {
      if (auto* job = pop(own)) return started(self, job);
      if (auto* job = take_from_others(self)) return job;
      // Announce the sleep before looking once more: a worker that queues a job after this
      // either sees the sleeper and pokes it, or was seen by the look (both sequentially
      // consistent), so no job waits at a busy worker while this one sleeps. The poke may come
      // before the wait: it is a flag the wait checks, not only a notification.
      {
        std::lock_guard<std::mutex> guard(own.lock);
        own.idle = true;
      }
      d(parent).sleepers.fetch_add(1);
      if (!any_backlog(self)) {
        std::unique_lock<std::mutex> guard(own.lock);
        own.cv.wait(guard, [&] { return !own.queue.empty() || own.poked; });
      }
      std::unique_lock<std::mutex> guard(own.lock);
      own.idle = false;
      own.poked = false;
      d(parent).sleepers.fetch_sub(1);
      if (!own.queue.empty()) {
        caf::resumable* job = take_front(own);
        guard.unlock();
        return started(self, job);
      }
    }
  }

  template <class Worker, class UnaryFunction>
  void foreach_resumable(Worker* self, UnaryFunction f) {
    auto& own = d(self);
    std::unique_lock<std::mutex> guard(own.lock);
    while (!own.queue.empty()) f(take_front(own));
  }

  template <class Coordinator, class UnaryFunction>
  void foreach_central_resumable(Coordinator*, UnaryFunction) {
    // every job is in a worker's queue
  }

 private:
  static std::size_t home_of(caf::resumable* job, std::size_t workers) {
    if (job->subtype() == caf::resumable::scheduled_actor)
      return home_worker(static_cast<caf::scheduled_actor*>(job)->id(), workers);
    return 0;  // CAF's own jobs (its shutdown helper)
  }

  /// A worker about to run `job` from its own queue while more wait there wakes an idle worker
  /// to take them: they were queued when this one was idle (or about to run something else),
  /// and whatever it runs now may take long.
  template <class Worker>
  static caf::resumable* started(Worker* self, caf::resumable* job) {
    if (d(self).size.load() > 0 && d(self->parent()).sleepers.load() > 0)
      poke_one(self->parent(), self);
    return job;
  }

  static caf::resumable* take_front(worker_data& w) {
    caf::resumable* job = w.queue.front();
    w.queue.pop_front();
    w.size.store(w.queue.size());
    return job;
  }

  static caf::resumable* pop(worker_data& w) {
    if (w.size.load(std::memory_order_relaxed) == 0) return nullptr;
    std::lock_guard<std::mutex> guard(w.lock);
    return w.queue.empty() ? nullptr : take_front(w);
  }

  template <class Coordinator, class Worker>
  static void push(Coordinator* parent, Worker* target, caf::resumable* job) {
    auto& w = d(target);
    bool wake = false;
    {
      std::lock_guard<std::mutex> guard(w.lock);
      w.queue.push_back(job);
      w.size.store(w.queue.size());
      wake = w.idle;
    }
    if (wake) {
      w.cv.notify_one();
    } else if (d(parent).sleepers.load() > 0) {
      // The target is busy and another worker idles: the job must not wait for whatever the
      // target runs now (a handler may take long). Only when every worker is busy does a job
      // wait for its home.
      poke_one(parent, target);
    }
  }

  /// Wakes a sleeping worker other than `busy` to take work.
  template <class Coordinator, class Worker>
  static void poke_one(Coordinator* parent, Worker* busy) {
    const std::size_t n = parent->num_workers();
    for (std::size_t i = 0; i < n; ++i) {
      auto* other = parent->worker_by_id(i);
      if (other == busy) continue;
      auto& w = d(other);
      {
        std::lock_guard<std::mutex> guard(w.lock);
        if (!w.idle || w.poked) continue;
        w.poked = true;
      }
      w.cv.notify_one();
      return;
    }
  }

  template <class Worker>
  static bool any_backlog(Worker* self) {
    auto* parent = self->parent();
    const std::size_t n = parent->num_workers();
    for (std::size_t i = 0; i < n; ++i) {
      auto* other = parent->worker_by_id(i);
      if (other != self && d(other).size.load() > 0) return true;
    }
    return false;
  }

  /// The oldest job of the first other worker that has one.
  template <class Worker>
  static caf::resumable* take_from_others(Worker* self) {
    auto* parent = self->parent();
    const std::size_t n = parent->num_workers();
    for (std::size_t k = 1; k < n; ++k) {
      auto* other = parent->worker_by_id((self->id() + k) % n);
      if (auto* job = pop(d(other))) return job;
    }
    return nullptr;
  }
};

/// Makes `cfg`'s actor system schedule with home_policy (as many workers as
/// scheduler.max-threads says).
void install_home_scheduler(caf::actor_system_config& cfg);

/// Whether `sys` schedules with home_policy.
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
