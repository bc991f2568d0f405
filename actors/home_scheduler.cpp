// The "home" scheduler policy (home_scheduler.hpp): installing it, and the actors of a home.
#include "ptc/actors/home_scheduler.hpp"

#include <atomic>
#include <caf/actor_registry.hpp>
#include <caf/actor_system.hpp>
#include <caf/detail/set_thread_name.hpp>
#include <caf/detail/thread_safe_actor_clock.hpp>
#include <caf/execution_unit.hpp>
#include <caf/ref_counted.hpp>
#include <caf/resumable.hpp>
#include <caf/scheduled_actor.hpp>
#include <caf/scheduler/abstract_coordinator.hpp>
#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <unordered_set>

namespace ptc::actors {
namespace {

/// CAF's clock (a thread that keeps the timeouts and delayed messages), except that an actor
/// that never set a timeout ends without a word to that thread. CAF tells the clock thread to
/// cancel the timeouts of every actor that ends, which wakes it from its sleep: for a
/// three-turn agent that was as much CPU as one of its messages.
class home_clock final : public caf::detail::thread_safe_actor_clock {
  using super = caf::detail::thread_safe_actor_clock;

 public:
  void set_ordinary_timeout(time_point t, caf::abstract_actor* self, caf::atom_value type,
                            std::uint64_t id) override {
    note(self);
    super::set_ordinary_timeout(t, self, type, id);
  }
  void set_request_timeout(time_point t, caf::abstract_actor* self, caf::message_id id) override {
    note(self);
    super::set_request_timeout(t, self, id);
  }
  void set_multi_timeout(time_point t, caf::abstract_actor* self, caf::atom_value type,
                         std::uint64_t id) override {
    note(self);
    super::set_multi_timeout(t, self, type, id);
  }
  /// An actor's timeouts are set and cancelled in its own context, one after the other: when
  /// it has set one, its entry is here (and the count above zero) until it cancels them.
  void cancel_timeouts(caf::abstract_actor* self) override {
    if (timed_count_.load() == 0) return;
    {
      std::lock_guard<std::mutex> guard(timed_lock_);
      if (timed_.erase(self) == 0) return;
      timed_count_.store(timed_.size());
    }
    super::cancel_timeouts(self);
  }

 private:
  void note(caf::abstract_actor* self) {
    std::lock_guard<std::mutex> guard(timed_lock_);
    timed_.insert(self);
    timed_count_.store(timed_.size());
  }
  std::mutex timed_lock_;
  std::unordered_set<caf::abstract_actor*> timed_;  ///< actors that set a timeout
  std::atomic<std::size_t> timed_count_{0};
};

class home_coordinator;

/// One worker thread with its queue. It runs CAF's loop (take a job, resume it, requeue or
/// release it) without what CAF's own worker does before every job for its logger: a
/// dynamic_cast from resumable* to abstract_actor* across the actor's class hierarchy (about
/// 1,300 instructions) and a lookup of the thread in the logger's table under a spinlock all
/// workers share. Debian's CAF is built without logging (CAF_LOG_LEVEL_QUIET), so both were
/// only cost (a tenth of an agent's turn); with no logger set for the thread, the actor's own
/// resume skips its lookup too.
class home_unit final : public caf::execution_unit {
 public:
  home_unit(std::size_t index, home_coordinator& parent);
  home_unit(const home_unit&) = delete;
  home_unit& operator=(const home_unit&) = delete;

  void start();
  /// A job queued by the one this worker runs (this thread only): it goes to its home.
  void exec_later(caf::resumable* job) override;

  std::size_t index() const { return index_; }
  std::thread& thread() { return thread_; }

  std::mutex lock;
  std::condition_variable cv;
  std::deque<caf::resumable*> queue;
  std::atomic<std::size_t> size{0};  ///< the queue's length, read without the lock
  bool idle = false;                 ///< found nothing to run: about to sleep or sleeping
  bool poked = false;                ///< woken (or kept awake) to take work from another worker

 private:
  void run();

  std::size_t index_;
  home_coordinator& parent_;
  std::thread thread_;
};

/// The scheduler: one home_unit per worker and the clock.
class home_coordinator final : public caf::scheduler::abstract_coordinator {
  using super = caf::scheduler::abstract_coordinator;

 public:
  explicit home_coordinator(caf::actor_system& sys) : super(sys) {}

  void enqueue(caf::resumable* job) override { push(*units_[home_of(job)], job); }
  caf::actor_clock& clock() noexcept override { return clock_; }

  /// The next job for `self`: its own oldest, else another worker's oldest, else it sleeps
  /// until one comes.
  caf::resumable* dequeue(home_unit& self);

 protected:
  void start() override;
  void stop() override;

 private:
  std::size_t home_of(caf::resumable* job) const {
    if (job->subtype() == caf::resumable::scheduled_actor)
      return home_worker(static_cast<caf::scheduled_actor*>(job)->id(), units_.size());
    return 0;  // CAF's own jobs
  }

  /// A worker about to run `job` from its own queue while more wait there wakes an idle worker
  /// to take them: they were queued when this one was idle (or about to run something else),
  /// and whatever it runs now may take long.
  caf::resumable* started(home_unit& self, caf::resumable* job) {
    if (self.size.load() > 0 && sleepers_.load() > 0) poke_one(self);
    return job;
  }

  static caf::resumable* take_front(home_unit& w) {
    caf::resumable* job = w.queue.front();
    w.queue.pop_front();
    w.size.store(w.queue.size());
    return job;
  }

  static caf::resumable* pop(home_unit& w) {
    if (w.size.load(std::memory_order_relaxed) == 0) return nullptr;
    std::lock_guard<std::mutex> guard(w.lock);
    return w.queue.empty() ? nullptr : take_front(w);
  }

  void push(home_unit& target, caf::resumable* job) {
    bool wake = false;
    {
      std::lock_guard<std::mutex> guard(target.lock);
      target.queue.push_back(job);
      target.size.store(target.queue.size());
      wake = target.idle;
    }
    if (wake) {
      target.cv.notify_one();
    } else if (sleepers_.load() > 0) {
      // The target is busy and another worker idles: the job must not wait for whatever the
      // target runs now (a handler may take long). Only when every worker is busy does a job
      // wait for its home.
      poke_one(target);
    }
  }

  /// Wakes a sleeping worker other than `busy` to take work.
  void poke_one(home_unit& busy) {
    for (auto& unit : units_) {
      home_unit& w = *unit;
      if (&w == &busy) continue;
      {
        std::lock_guard<std::mutex> guard(w.lock);
        if (!w.idle || w.poked) continue;
        w.poked = true;
      }
      w.cv.notify_one();
      return;
    }
  }

  bool any_backlog(const home_unit& self) const {
    for (const auto& unit : units_)
      if (unit.get() != &self && unit->size.load() > 0) return true;
    return false;
  }

  /// The oldest job of the first other worker that has one.
  caf::resumable* take_from_others(home_unit& self) {
    const std::size_t n = units_.size();
    for (std::size_t k = 1; k < n; ++k) {
      if (auto* job = pop(*units_[(self.index() + k) % n])) return job;
    }
    return nullptr;
  }

  home_clock clock_;
  std::vector<std::unique_ptr<home_unit>> units_;
  std::atomic<std::size_t> sleepers_{0};
  std::thread clock_thread_;
};

home_unit::home_unit(std::size_t index, home_coordinator& parent)
    : caf::execution_unit(&parent.system()), index_(index), parent_(parent) {}

void home_unit::start() {
  thread_ = std::thread{[this] {
    caf::detail::set_thread_name("ptc.worker");
    system().thread_started();
    run();
    system().thread_terminates();
  }};
}

void home_unit::exec_later(caf::resumable* job) { parent_.enqueue(job); }

void home_unit::run() {
  for (;;) {
    caf::resumable* job = parent_.dequeue(*this);
    switch (job->resume(this, parent_.max_throughput())) {
      case caf::resumable::resume_later:
        parent_.enqueue(job);  // still referenced: it stays in the loop
        break;
      case caf::resumable::done:
      case caf::resumable::awaiting_message:  // a message queues it again, with a new reference
        caf::intrusive_ptr_release(job);
        break;
      case caf::resumable::shutdown_execution_unit:
        return;
    }
  }
}

caf::resumable* home_coordinator::dequeue(home_unit& self) {
  for (;;) {
    if (auto* job = pop(self)) return started(self, job);
    if (auto* job = take_from_others(self)) return job;
    // Announce the sleep before looking once more: a worker that queues a job after this either
    // sees the sleeper and pokes it, or was seen by the look (both sequentially consistent), so
    // no job waits at a busy worker while this one sleeps. The poke may come before the wait:
    // it is a flag the wait checks, not only a notification.
    {
      std::lock_guard<std::mutex> guard(self.lock);
      self.idle = true;
    }
    sleepers_.fetch_add(1);
    if (!any_backlog(self)) {
      std::unique_lock<std::mutex> guard(self.lock);
      self.cv.wait(guard, [&] { return !self.queue.empty() || self.poked; });
    }
    std::unique_lock<std::mutex> guard(self.lock);
    self.idle = false;
    self.poked = false;
    sleepers_.fetch_sub(1);
    if (!self.queue.empty()) {
      caf::resumable* job = take_front(self);
      guard.unlock();
      return started(self, job);
    }
  }
}

void home_coordinator::start() {
  units_.reserve(num_workers());
  for (std::size_t i = 0; i < num_workers(); ++i) units_.push_back(std::make_unique<home_unit>(i, *this));
  for (auto& unit : units_) unit->start();
  clock_thread_ = std::thread{[this] {
    caf::detail::set_thread_name("caf.clock");
    system().thread_started();
    clock_.run_dispatch_loop();
    system().thread_terminates();
  }};
  super::start();  // CAF's utility actors
}

void home_coordinator::stop() {
  // A job that ends the worker running it. Any worker may take it from another's queue, so
  // each round waits to see which one did, until every worker has ended.
  class stop_job final : public caf::resumable, public caf::ref_counted {
   public:
    resume_result resume(caf::execution_unit* unit, std::size_t) override {
      std::lock_guard<std::mutex> guard(mutex);
      ended = unit;
      cv.notify_all();
      return resumable::shutdown_execution_unit;
    }
    void intrusive_ptr_add_ref_impl() override { ref(); }
    void intrusive_ptr_release_impl() override { deref(); }
    std::mutex mutex;
    std::condition_variable cv;
    caf::execution_unit* ended = nullptr;
  };
  stop_job job;
  job.ref();  // on the stack: never freed through its count
  std::set<home_unit*> running;
  for (auto& unit : units_) running.insert(unit.get());
  while (!running.empty()) {
    push(**running.begin(), &job);
    std::unique_lock<std::mutex> guard(job.mutex);
    job.cv.wait(guard, [&] { return job.ended != nullptr; });
    running.erase(static_cast<home_unit*>(job.ended));
    job.ended = nullptr;
  }
  stop_actors();
  for (auto& unit : units_) unit->thread().join();
  for (auto& unit : units_) {
    std::lock_guard<std::mutex> guard(unit->lock);
    while (!unit->queue.empty()) cleanup_and_release(take_front(*unit));
  }
  clock_.cancel_dispatch_loop();
  clock_thread_.join();
}

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
    return new home_coordinator(sys);
  });
}

bool schedules_by_home(caf::actor_system& sys) {
  return dynamic_cast<home_coordinator*>(&sys.scheduler()) != nullptr;
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
