// The "home" scheduler policy (actors/home_scheduler.hpp) on a real actor system: every job runs,
// a worker blocked by a long handler does not strand the jobs of its home, the system shuts
// down with work queued, and the runtime gives each agent the interpreter and scripted LLM of
// its home.
#include "ptc/actors/home_scheduler.hpp"

#include <atomic>
#include <caf/all.hpp>
#include <catch2/catch.hpp>
#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "ptc/actors/runtime.hpp"
#include "ptc/lisp/printer.hpp"
#include "tests/support/scripted.hpp"

namespace actors_home_scheduler_test {

using namespace ptc;
using namespace std::chrono_literals;

namespace {

struct home_config : caf::actor_system_config {
  explicit home_config(std::size_t workers) {
    set("scheduler.max-threads", workers);
    actors::install_home_scheduler(*this);
  }
};

using ping_atom = caf::atom_constant<caf::atom("ping")>;

/// Answers `n - 1` to `n` by asking `peer` until 0: a chain of requests between two actors.
caf::behavior bouncer(caf::event_based_actor* self) {
  return {[=](ping_atom, int n, caf::actor peer) -> caf::result<int> {
    if (n == 0) return 0;
    auto rp = self->make_response_promise<int>();
    self->request(peer, caf::infinite, ping_atom::value, n - 1, caf::actor_cast<caf::actor>(self))
        .then([=](int r) mutable { rp.deliver(r + 1); });
    return rp;
  }};
}

/// A one-shot gate a handler can wait at (for holding a worker busy).
struct gate {
  std::mutex m;
  std::condition_variable cv;
  bool open = false;
  void release() {
    std::lock_guard<std::mutex> g(m);
    open = true;
    cv.notify_all();
  }
  void wait() {
    std::unique_lock<std::mutex> g(m);
    cv.wait_for(g, 30s, [&] { return open; });
  }
};

}  // namespace

TEST_CASE("home scheduler: an actor's home is fixed by its id and homes spread evenly",
          "[actors][scheduler]") {
  for (std::size_t workers : {1u, 2u, 3u, 8u}) {
    std::vector<std::size_t> per_home(workers, 0);
    for (caf::actor_id id = 1; id <= 8000; ++id) {
      const std::size_t h = actors::home_worker(id, workers);
      REQUIRE(h < workers);
      CHECK(h == actors::home_worker(id, workers));
      ++per_home[h];
    }
    for (std::size_t n : per_home) CHECK(n > 8000 / workers * 8 / 10);  // within 20% of even
  }
}

TEST_CASE("home scheduler: thousands of actors exchanging requests across homes all finish",
          "[actors][scheduler]") {
  home_config cfg{2};
  caf::actor_system sys{cfg};
  REQUIRE(actors::schedules_by_home(sys));
  std::vector<caf::actor> actors;
  for (int i = 0; i < 200; ++i) actors.push_back(sys.spawn(bouncer));
  caf::scoped_actor self{sys};
  std::atomic<int> answered{0};
  for (std::size_t i = 0; i < actors.size(); ++i) {
    self->request(actors[i], 30s, ping_atom::value, 50, actors[(i + 1) % actors.size()])
        .receive([&](int r) { answered += r == 50 ? 1 : 0; }, [](caf::error&) {});
  }
  CHECK(answered == 200);
  for (auto& a : actors) caf::anon_send_exit(a, caf::exit_reason::user_shutdown);
}

TEST_CASE("home scheduler: its workers run actors without CAF's per-job logger lookup",
          "[actors][scheduler]") {
  // CAF's own worker sets the system's logger for its thread, and then every job pays a
  // dynamic_cast and a lookup in the logger's table under a spinlock all workers share. The home
  // worker sets none: an actor on it sees no current logger (and a sharing worker does, which
  // shows the check can fail).
  auto logger_seen = [](caf::actor_system& sys) {
    auto probe = sys.spawn([]() -> caf::behavior {
      return {[](ping_atom) { return caf::logger::current_logger() != nullptr; }};
    });
    caf::scoped_actor self{sys};
    bool seen = true;
    self->request(probe, 30s, ping_atom::value).receive([&](bool s) { seen = s; }, [](caf::error&) {});
    caf::anon_send_exit(probe, caf::exit_reason::user_shutdown);
    return seen;
  };
  {
    home_config cfg{2};
    caf::actor_system sys{cfg};
    CHECK_FALSE(logger_seen(sys));
  }
  {
    caf::actor_system_config cfg;
    cfg.set("scheduler.policy", caf::atom("sharing"));
    caf::actor_system sys{cfg};
    CHECK(logger_seen(sys));
  }
}

namespace {

/// How often the thread named `name` went to sleep so far (its voluntary context switches).
long sleeps_of_thread(const std::string& name) {
  for (const auto& task : std::filesystem::directory_iterator("/proc/self/task")) {
    std::ifstream comm(task.path() / "comm");
    std::string n;
    std::getline(comm, n);
    if (n != name) continue;
    std::ifstream status(task.path() / "status");
    std::string line;
    while (std::getline(status, line)) {
      if (line.rfind("voluntary_ctxt_switches:", 0) == 0) return std::stol(line.substr(24));
    }
  }
  return -1;
}

/// Spawns `n` actors one after another, each answering one request and then ending.
void spawn_and_end(caf::actor_system& sys, int n) {
  caf::scoped_actor self{sys};
  for (int i = 0; i < n; ++i) {
    auto a = sys.spawn([](caf::event_based_actor* me) -> caf::behavior {
      return {[=](ping_atom) {
        me->quit();
        return 1;
      }};
    });
    self->request(a, caf::infinite, ping_atom::value).receive([](int) {}, [](caf::error&) {});
  }
}

}  // namespace

TEST_CASE("home scheduler: actors without timeouts end without waking the clock thread, and "
          "timeouts still fire",
          "[actors][scheduler]") {
  // CAF tells its clock thread to cancel the timeouts of every actor that ends, waking it each
  // time; the home scheduler's clock skips actors that never set one.
  {
    home_config cfg{2};
    caf::actor_system sys{cfg};
    spawn_and_end(sys, 50);  // warm-up
    // The clock thread names itself once it runs, which on a busy machine may be after the
    // warm-up (a clean-clone CI read -1 here): wait for the name, up to 5 s.
    long before = sleeps_of_thread("caf.clock");
    for (int i = 0; i < 500 && before < 0; ++i) {
      std::this_thread::sleep_for(10ms);
      before = sleeps_of_thread("caf.clock");
    }
    REQUIRE(before >= 0);
    spawn_and_end(sys, 500);
    CHECK(sleeps_of_thread("caf.clock") - before < 50);

    // An actor that set a timeout still has it fire, and ends cleanly.
    auto silent = sys.spawn([]() -> caf::behavior { return {[](ping_atom) -> caf::result<int> { return caf::delegated<int>(); }}; });
    caf::scoped_actor self{sys};
    caf::error timed_out;
    self->request(silent, 50ms, ping_atom::value).receive([](int) {}, [&](caf::error& e) { timed_out = e; });
    CHECK(timed_out == caf::sec::request_timeout);
    auto asker = sys.spawn([silent](caf::event_based_actor* me) {
      me->request(silent, 20ms, ping_atom::value).then([](int) {}, [me](caf::error&) { me->quit(); });
    });
    self->wait_for(asker);
    caf::anon_send_exit(silent, caf::exit_reason::user_shutdown);
  }
  {
    caf::actor_system_config cfg;  // CAF's own scheduler wakes its clock for each: the check can fail
    cfg.set("scheduler.policy", caf::atom("sharing"));
    caf::actor_system sys{cfg};
    spawn_and_end(sys, 50);
    const long before = sleeps_of_thread("caf.clock");
    spawn_and_end(sys, 500);
    CHECK(sleeps_of_thread("caf.clock") - before >= 50);
  }
}

TEST_CASE("home scheduler: a worker held by a long handler does not strand its home's other jobs",
          "[actors][scheduler]") {
  // Several rounds: the job may be queued while its home worker is busy, or while it is idle
  // and then starts the long handler first (both must reach the idle worker).
  for (int round = 0; round < 10; ++round) {
    home_config cfg{2};
    caf::actor_system sys{cfg};
    gate held;
    // Two actors of the same home: one blocks its worker until the other has answered, which it
    // can only do if the idle worker takes the job from the blocked worker's queue.
    std::vector<caf::actor> same_home;
    std::vector<caf::actor> spare;
    while (same_home.size() < 2) {
      auto a = sys.spawn([&held](caf::event_based_actor*) -> caf::behavior {
        return {[&held](ping_atom) { held.wait(); },
                [&held](int x) {
                  held.release();
                  return x + 1;
                }};
      });
      if (same_home.empty() ||
          actors::home_worker(a.id(), 2) == actors::home_worker(same_home[0].id(), 2)) {
        same_home.push_back(a);
      } else {
        spare.push_back(a);
      }
    }
    caf::anon_send(same_home[0], ping_atom::value);  // holds its worker
    std::this_thread::sleep_for(50ms);
    caf::scoped_actor self{sys};
    int got = 0;
    std::string error;
    self->request(same_home[1], 10s, 41)
        .receive([&](int r) { got = r; }, [&](caf::error& e) { error = sys.render(e); });
    CHECK(error == "");
    CHECK(got == 42);
    held.release();
    for (auto& a : same_home) caf::anon_send_exit(a, caf::exit_reason::user_shutdown);
    for (auto& a : spare) caf::anon_send_exit(a, caf::exit_reason::user_shutdown);
  }
}

TEST_CASE("home scheduler: actors stopped with work queued end, and so does the system",
          "[actors][scheduler]") {
  std::atomic<int> handled{0};
  const auto t0 = std::chrono::steady_clock::now();
  {
    home_config cfg{2};
    caf::actor_system sys{cfg};
    std::vector<caf::actor> busy;
    for (int i = 0; i < 100; ++i) {
      busy.push_back(sys.spawn([&handled](caf::event_based_actor* self) -> caf::behavior {
        return {[&handled, self](int n) {
          ++handled;
          if (n > 0) self->send(self, n - 1);
        }};
      }));
      caf::anon_send(busy.back(), 100'000'000);  // far more than runs before the end
    }
    std::this_thread::sleep_for(20ms);
    for (auto& a : busy) caf::anon_send_exit(a, caf::exit_reason::user_shutdown);
    // ~actor_system waits for every actor: each ends on its exit message, queued or not.
  }
  CHECK(handled > 0);
  CHECK(std::chrono::steady_clock::now() - t0 < 10s);
}

TEST_CASE("home scheduler: the runtime gives each agent the interpreter of its home",
          "[actors][scheduler]") {
  auto o = testing::scripted_options(
      testing::script({{"double", {testing::code("(return (* 2 data/n))")}}}));
  o.scheduler_policy = "home";
  o.threads = 2;
  actors::runtime rt{o};
  REQUIRE(actors::schedules_by_home(rt.system()));
  // Every home has an interpreter of the pool; an agent swaps the pool's choice for its own
  // home's, and keeps an interpreter its caller chose.
  std::set<std::size_t> homes;
  std::vector<caf::actor> pool;
  for (int i = 0; i < 16; ++i) pool.push_back(rt.interpreter());
  for (const auto& i : pool) {
    for (caf::actor_id agent = 1; agent < 64; ++agent) {
      const caf::actor mine = actors::home_actor(rt.system(), actors::home_role::interpreter, agent, i);
      CHECK(actors::home_worker(mine.id(), 2) == actors::home_worker(agent, 2));
      homes.insert(actors::home_worker(mine.id(), 2));
    }
  }
  CHECK(homes.size() == 2);
  auto own = actors::spawn_interpreter(rt.system(), {});
  CHECK(actors::home_actor(rt.system(), actors::home_role::interpreter, 7, own) == own);
  caf::anon_send_exit(own, caf::exit_reason::user_shutdown);
  // The scripted LLM is one actor per home as well, the runtime's swapped for the agent's own.
  std::set<std::size_t> llm_homes;
  for (caf::actor_id agent = 1; agent < 64; ++agent) {
    const caf::actor mine = actors::home_actor(rt.system(), actors::home_role::llm, agent, rt.llm());
    CHECK(actors::home_worker(mine.id(), 2) == actors::home_worker(agent, 2));
    llm_homes.insert(actors::home_worker(mine.id(), 2));
  }
  CHECK(llm_homes.size() == 2);
  // And agents run to their results on it.
  std::vector<actors::agent> list;
  for (int i = 0; i < 500; ++i)
    list.push_back(actors::agent("a" + std::to_string(i)).mission("double").data({{"n", i}}));
  auto steps = rt.run_all(list);
  REQUIRE(steps.size() == 500);
  for (int i = 0; i < 500; ++i) {
    REQUIRE(steps[i].ok());
    CHECK(lisp::pr_str(*steps[i].return_value) == std::to_string(2 * i));
  }
}

TEST_CASE("home scheduler: a script is called by one LLM actor at a time, as with a single one",
          "[actors][scheduler]") {
  auto inside = std::make_shared<std::atomic<int>>(0);
  auto overlaps = std::make_shared<std::atomic<int>>(0);
  auto calls = std::make_shared<int>(0);  // plain: a script may keep state of its own
  auto o = testing::scripted_options([=](const actors::llm_request& r) -> std::optional<std::string> {
    if (inside->fetch_add(1) != 0) ++*overlaps;
    ++*calls;
    std::this_thread::sleep_for(std::chrono::microseconds(20));
    inside->fetch_sub(1);
    if (r.turn != 1) return std::nullopt;
    return testing::code("(return 1)");
  });
  o.threads = 2;
  actors::runtime rt{o};
  std::vector<actors::agent> list;
  for (int i = 0; i < 300; ++i) list.push_back(actors::agent("a" + std::to_string(i)).mission("one"));
  auto steps = rt.run_all(list);
  for (const auto& st : steps) CHECK(st.ok());
  CHECK(*overlaps == 0);
  CHECK(*calls == 300);
}

TEST_CASE("home scheduler: an unknown policy name is a clear error", "[actors][scheduler]") {
  auto o = testing::scripted_options(testing::script({}));
  o.scheduler_policy = "round-robin";
  CHECK_THROWS_WITH(actors::runtime{o}, Catch::Contains("expected home, sharing or stealing"));
}

}  // namespace actors_home_scheduler_test
