// The runtime: actor system, LLM, interpreters; running agents (see runtime.hpp).
#include "ptc/actors/runtime.hpp"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <stdexcept>
#include <thread>

#include <caf/io/all.hpp>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include "ptc/actors/agent_tool.hpp"
#include "ptc/actors/deadlines.hpp"
#include "ptc/actors/home_scheduler.hpp"
#include "ptc/actors/sub_agent.hpp"
#include "ptc/actors/trace.hpp"
#include "ptc/actors/tree.hpp"

namespace ptc::actors {
namespace {

/// Makes spdlog's default logger write to stderr at the configured level (quiet by default:
/// "warn"). Done once per process; a later runtime only changes the level.
void configure_logging(const std::string& level) {
  static std::once_flag once;
  std::call_once(once, [] {
    auto logger = make_redacting_stderr_logger("ptc");  // no key in any log line
    logger->set_pattern("[%H:%M:%S.%e] [%^%l%$] %v");
    spdlog::set_default_logger(logger);
  });
  spdlog::set_level(spdlog::level::from_str(level));
}

std::size_t scheduler_threads(std::size_t wanted) {
  if (wanted > 0) return wanted;
  const auto hw = std::thread::hardware_concurrency();
  return hw > 0 ? hw : 2;
}

/// `f` called by one caller at a time.
scripted_fn one_at_a_time(scripted_fn f) {
  auto serial = std::make_shared<std::mutex>();
  return [serial, f = std::move(f)](const llm_request& r) {
    std::lock_guard<std::mutex> guard(*serial);
    return f(r);
  };
}

/// The actor system's configuration: as many scheduler threads as cores (CAF's default of at
/// least 4 oversubscribes small machines), our message types, the network layer on demand.
struct system_config : caf::actor_system_config {
  explicit system_config(const runtime_options& o) {
    set("scheduler.max-threads", scheduler_threads(o.threads));
    // CAF lets an actor keep its thread while its mailbox is not empty (no limit by default): an
    // interpreter that yields a long program's slices to itself would hold a thread for the
    // program's whole run, and on a one-thread node nothing else (not even the node's host
    // learning that a client went away) would run. After 10 messages an actor goes to the back.
    set("scheduler.max-throughput", std::size_t{10});
    // Home by default (as the `ptc` commands): each actor runs on the worker its id hashes to,
    // so an agent's turn (agent, LLM answer, interpreter) stays on one core's caches; an idle
    // worker takes work queued at another, and sleeps on a condition variable woken by the
    // first message for it (home_scheduler.hpp). On 2 cores it ran the agent loop about 60%
    // faster (with a scripted LLM per home) than sharing (one queue for all workers), which was
    // itself as fast or faster than CAF's default, work stealing, whose idle workers sleep in
    // 50 µs steps before they wait: late for a message from outside CAF (an MCP answer, an
    // HTTP response). See README,
    // "Performance".
    const std::string policy = o.scheduler_policy.empty() ? "home" : o.scheduler_policy;
    if (policy == "home") {
      install_home_scheduler(*this);
    } else if (policy == "stealing" || policy == "sharing") {
      set("scheduler.policy", caf::atom_from_string(policy));
    } else {
      throw std::invalid_argument("scheduler policy \"" + policy +
                                  "\": expected home, sharing or stealing");
    }
    register_types(*this);
    if (o.network) {
      load<caf::io::middleman>();
      // No heartbeats of CAF's: the gates (gate.hpp) send and watch them from a thread of
      // their own, which a busy actor system does not starve.
    }
  }
};

}  // namespace

runtime_options runtime_options::from(config::settings s) {
  runtime_options o;
  o.settings = std::move(s);
  return o;
}

struct runtime::impl {
  runtime_options opts;
  // Before the actor system: destroyed after it, so CAF's connections close first.
  std::mutex gate_mutex;
  std::shared_ptr<gate> client_gate;
  system_config cfg;
  caf::actor_system sys;
  caf::actor llm;
  std::vector<caf::actor> llms;  ///< llm, and with a scripted LLM scheduled by home one per home
  std::vector<caf::actor> interpreters;
  std::atomic<std::size_t> next_interpreter{0};
  caf::actor trace;
  caf::actor deadlines;
  agent_defaults defaults;

  explicit impl(runtime_options o) : opts(std::move(o)), cfg(opts), sys(cfg) {
    configure_logging(opts.settings.log.level);
    llm_options lo;
    lo.settings = opts.settings.llm;
    lo.script = opts.script;
    lo.scripted_latency = opts.scripted_latency;
    lo.replay = opts.replay;
    lo.record = opts.record;
    // Scheduled by home, a scripted LLM (not recording) is one actor per home, so that a
    // turn's LLM request and answer stay on the agent's core too; the script is called by one
    // of them at a time, as by a single actor.
    const bool by_home = schedules_by_home(sys);
    const bool llm_per_home =
        by_home && lo.settings.provider == "scripted" && lo.script && lo.record.empty();
    if (llm_per_home) lo.script = one_at_a_time(std::move(lo.script));
    llm = spawn_llm(sys, lo);
    llms.push_back(llm);
    if (llm_per_home)
      add_home_actors(sys, home_role::llm, llms, [&] { return spawn_llm(sys, lo); });
    deadlines = spawn_deadline_keeper(sys);
    const std::size_t n =
        opts.interpreters > 0 ? opts.interpreters : scheduler_threads(opts.threads);
    // Scheduled by home, the pool is one interpreter per home (each agent uses its own home's)
    // unless a number was asked for: then that many, the first of each home used by its agents.
    if (opts.interpreters > 0 || !by_home) {
      for (std::size_t i = 0; i < n; ++i)
        interpreters.push_back(spawn_interpreter(sys, opts.interpreter));
      add_home_actors(sys, home_role::interpreter, interpreters, {});
    } else {
      add_home_actors(sys, home_role::interpreter, interpreters,
                      [this] { return spawn_interpreter(sys, opts.interpreter); });
    }
    if (!opts.trace.empty()) trace = spawn_trace_sink(sys, opts.trace);
    const auto& a = opts.settings.agent;
    defaults.max_turns = a.max_turns;
    defaults.compression = a.compress ? messages::compression_options::with_limits(
                                            a.println_limit, a.tool_call_limit)
                                      : messages::compression_options::off();
    defaults.limits = a.limits;
    defaults.mission_timeout = a.mission_timeout;
  }

  ~impl() {
    flush();
    forget_home_actors(sys);
    for (auto& i : interpreters) caf::anon_send_exit(i, caf::exit_reason::user_shutdown);
    for (auto& l : llms) caf::anon_send_exit(l, caf::exit_reason::user_shutdown);
    if (trace) caf::anon_send_exit(trace, caf::exit_reason::user_shutdown);
    caf::anon_send_exit(deadlines, caf::exit_reason::user_shutdown);
  }

  void flush() {
    if (!trace) return;
    caf::scoped_actor self{sys};
    self->request(trace, std::chrono::seconds(30), flush_atom::value)
        .receive([](bool) {}, [](caf::error&) {});
  }

  caf::actor interpreter() {
    return interpreters[next_interpreter.fetch_add(1, std::memory_order_relaxed) %
                        interpreters.size()];
  }
};

runtime::runtime(runtime_options opts) : impl_(std::make_unique<impl>(std::move(opts))) {}

runtime::~runtime() = default;

agent_job runtime::make_job(const agent& a) { return job_of(materialize(impl_->sys, a, impl_->defaults), a); }

agent_job runtime::make_job(agent&& a) {
  materialized_agent m = materialize(impl_->sys, std::move(a), impl_->defaults);
  return job_of(std::move(m), a);  // a keeps its tools, LLM and node: job_of reads them
}

agent_job runtime::job_of(materialized_agent m, const agent& a) {
  agent_job job;
  job.spec = wire<messages::agent_spec>{std::move(m.spec)};
  job.tools = std::move(m.tools);
  // On a node, an agent without an LLM of its own uses the node's.
  job.llm = m.llm ? m.llm : a.node() ? caf::actor{} : impl_->llm;
  job.interpreter = impl_->interpreter();
  job.tree.depth = 0;
  job.tree.max_depth = impl_->opts.settings.agent.max_depth;
  // A tree of one agent counts its turns itself; nested agents share a budget actor.
  const auto budget = impl_->opts.settings.agent.turn_budget;
  const bool nested = std::any_of(a.tools().begin(), a.tools().end(),
                                  [](const tool_entry& e) { return e.child != nullptr; });
  if (nested) {
    job.tree.budget = spawn_budget(impl_->sys, budget);
  } else {
    job.tree.turn_budget = budget;
  }
  job.tree.trace = impl_->trace;
  return job;
}

namespace {

void release_job_actors(const std::vector<tool_binding>& tools, const caf::actor& budget) {
  release_owned(tools);
  if (budget) caf::anon_send_exit(budget, caf::exit_reason::user_shutdown);
}

/// Waits for a run on another node (a link always answers; see cluster.hpp).
caf::behavior remote_run(caf::event_based_actor* self, caf::actor link, std::shared_ptr<agent_job> job,
                         std::shared_ptr<step_callback> done) {
  const std::string name = job->spec ? job->spec->name : std::string{};
  self->request(link, caf::infinite, run_atom::value, std::move(*job))
      .then(
          [=](const wire<messages::step>& s) {
            (*done)(*s);
            self->quit();
          },
          [=](caf::error& err) {
            (*done)(messages::failed_before_turns(
                name, messages::failure_reason::node_lost,
                "the node link did not answer (" + self->system().render(err) + ")"));
            self->quit();
          });
  return {};
}

}  // namespace

void runtime::release(const agent_job& job) { release_job_actors(job.tools, job.tree.budget); }

tool_binding runtime::serve_as_tool(const agent& a) {
  // Materialized as the only tool of a holder agent, so that it gets the binding (handle and
  // timeout) a sub-agent tool gets.
  auto m = materialize(impl_->sys, agent("holder").tool(a), impl_->defaults);
  return m.tools.at(0);
}

void runtime::check_placement(const agent& a) const {
  if (a.node() && !impl_->sys.has_middleman())
    throw std::logic_error("agent " + a.name() +
                           " is placed on a node, but the runtime has no network layer (runtime_options::network)");
}

void runtime::run_async(const agent& a, step_callback done) {
  check_placement(a);
  launch(a, make_job(a), std::move(done));
}

void runtime::run_async(agent&& a, step_callback done) {
  check_placement(a);
  agent_job job = make_job(std::move(a));
  launch(a, std::move(job), std::move(done));
}

void runtime::launch(const agent& a, agent_job job, step_callback done) {
  // Once the Step is in, the tree's own actors stop: its tools and budget may have been sent
  // to other nodes, whose references would keep them alive (release_owned).
  // Only those two are kept (not a whole agent_job: its size, per agent, in a million of them),
  // and a mission with neither keeps the caller's callback as it is (the wrapper is 64 bytes
  // of heap per agent).
  step_callback finish = std::move(done);
  if (!job.tools.empty() || job.tree.budget) {
    finish = [tools = job.tools, budget = job.tree.budget, done = std::move(finish)](messages::step s) {
      release_job_actors(tools, budget);
      done(std::move(s));
    };
  }
  if (a.node()) {
    impl_->sys.spawn(remote_run, a.node(), std::make_shared<agent_job>(std::move(job)),
                     std::make_shared<step_callback>(std::move(finish)));
    return;
  }
  auto sub = spawn_sub_agent(impl_->sys, std::move(job), std::move(finish));
  caf::anon_send(sub, run_atom::value);
}

std::future<messages::step> runtime::submit(const agent& a) {
  auto promise = std::make_shared<std::promise<messages::step>>();
  auto fut = promise->get_future();
  run_async(a, [promise](messages::step s) { promise->set_value(std::move(s)); });
  return fut;
}

messages::step runtime::run(const agent& a) { return submit(a).get(); }

// Each Step goes straight to its place in one shared vector, and the last one in wakes the caller:
// one promise for the batch, not one promise, future and shared state per agent (a million
// agents in one call). The places are pointers until the end: a Step is allocated when its agent
// finishes, not for every agent up front (a Step is 300-odd bytes; most agents of a big batch
// are still running at its peak).
std::vector<messages::step> runtime::run_all(std::span<const agent> agents) {
  return run_batch(agents.size(), [&](std::size_t i, step_callback done) { run_async(agents[i], std::move(done)); },
                   [] {});
}

std::vector<messages::step> runtime::run_all(std::vector<agent>&& agents) {
  std::vector<agent> taken = std::move(agents);
  return run_batch(
      taken.size(),
      [&](std::size_t i, step_callback done) {
        agent a = std::move(taken[i]);  // what the mission does not take is freed now
        run_async(std::move(a), std::move(done));
      },
      [&taken] { std::vector<agent>().swap(taken); });
}

std::vector<messages::step> runtime::run_all(std::size_t n, const std::function<agent(std::size_t)>& make) {
  return run_batch(n, [&](std::size_t i, step_callback done) { run_async(make(i), std::move(done)); }, [] {});
}

std::vector<messages::step> runtime::run_batch(std::size_t n,
                                               const std::function<void(std::size_t, step_callback)>& start,
                                               const std::function<void()>& all_started) {
  if (n == 0) return {};
  struct batch {
    std::vector<std::unique_ptr<messages::step>> out;
    std::atomic<std::size_t> left;
    std::promise<void> done;
  };
  auto b = std::make_shared<batch>();
  b->out.resize(n);
  b->left.store(n, std::memory_order_relaxed);
  auto all_in = b->done.get_future();
  for (std::size_t i = 0; i < n; ++i) {
    start(i, [b, i](messages::step s) {
      b->out[i] = std::make_unique<messages::step>(std::move(s));
      if (b->left.fetch_sub(1, std::memory_order_acq_rel) == 1) b->done.set_value();
    });
  }
  all_started();  // run_async copied or took what each mission needs
  all_in.get();
  std::vector<messages::step> steps;
  steps.reserve(b->out.size());
  for (auto& s : b->out) {
    steps.push_back(std::move(*s));
    s.reset();
  }
  return steps;
}

caf::actor_system& runtime::system() { return impl_->sys; }

std::shared_ptr<gate> runtime::client_gate() {
  if (!impl_->opts.network) throw std::logic_error("runtime::client_gate: the runtime was made without network");
  std::lock_guard lock{impl_->gate_mutex};
  if (!impl_->client_gate) impl_->client_gate = gate::outbound(gate_options_from(impl_->opts.settings.node));
  return impl_->client_gate;
}
const runtime_options& runtime::options() const { return impl_->opts; }
caf::actor runtime::llm() const { return impl_->llm; }
caf::actor runtime::interpreter() { return impl_->interpreter(); }

caf::actor runtime::make_llm(llm_options o) { return spawn_llm(impl_->sys, std::move(o)); }

void runtime::flush_trace() { impl_->flush(); }

}  // namespace ptc::actors
