// The runtime: actor system, LLM, interpreters; running agents (see runtime.hpp).
#include "actors/runtime.hpp"

#include <algorithm>
#include <atomic>
#include <thread>

#include <caf/io/all.hpp>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include "actors/agent_tool.hpp"
#include "actors/sub_agent.hpp"
#include "actors/trace.hpp"
#include "actors/tree.hpp"

namespace ptc::actors {
namespace {

/// Makes spdlog's default logger write to stderr at the configured level (quiet by default:
/// "warn"). Done once per process; a later runtime only changes the level.
void configure_logging(const std::string& level) {
  static std::once_flag once;
  std::call_once(once, [] {
    auto logger = spdlog::stderr_color_mt("ptc");
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

/// The actor system's configuration: as many scheduler threads as cores (CAF's default of at
/// least 4 oversubscribes small machines), our message types, the network layer on demand.
struct system_config : caf::actor_system_config {
  explicit system_config(const runtime_options& o) {
    set("scheduler.max-threads", scheduler_threads(o.threads));
    register_types(*this);
    if (o.network) load<caf::io::middleman>();
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
  system_config cfg;
  caf::actor_system sys;
  caf::actor llm;
  std::vector<caf::actor> interpreters;
  std::atomic<std::size_t> next_interpreter{0};
  caf::actor trace;
  agent_defaults defaults;

  explicit impl(runtime_options o) : opts(std::move(o)), cfg(opts), sys(cfg) {
    configure_logging(opts.settings.log.level);
    llm_options lo;
    lo.settings = opts.settings.llm;
    lo.script = opts.script;
    lo.scripted_latency = opts.scripted_latency;
    lo.replay = opts.replay;
    lo.record = opts.record;
    llm = spawn_llm(sys, std::move(lo));
    const std::size_t n =
        opts.interpreters > 0 ? opts.interpreters : scheduler_threads(opts.threads);
    for (std::size_t i = 0; i < n; ++i) interpreters.push_back(spawn_interpreter(sys, opts.interpreter));
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
    for (auto& i : interpreters) caf::anon_send_exit(i, caf::exit_reason::user_shutdown);
    if (llm) caf::anon_send_exit(llm, caf::exit_reason::user_shutdown);
    if (trace) caf::anon_send_exit(trace, caf::exit_reason::user_shutdown);
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

agent_job runtime::make_job(const agent& a) {
  auto m = materialize(impl_->sys, a, impl_->defaults);
  agent_job job;
  job.spec = wire<messages::agent_spec>{std::move(m.spec)};
  job.tools = std::move(m.tools);
  job.llm = m.llm ? m.llm : impl_->llm;
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

void runtime::run_async(const agent& a, step_callback done) {
  auto sub = spawn_sub_agent(impl_->sys, make_job(a), std::move(done));
  caf::anon_send(sub, run_atom::value);
}

std::future<messages::step> runtime::submit(const agent& a) {
  auto promise = std::make_shared<std::promise<messages::step>>();
  auto fut = promise->get_future();
  run_async(a, [promise](messages::step s) { promise->set_value(std::move(s)); });
  return fut;
}

messages::step runtime::run(const agent& a) { return submit(a).get(); }

std::vector<messages::step> runtime::run_all(std::span<const agent> agents) {
  std::vector<std::future<messages::step>> futures;
  futures.reserve(agents.size());
  for (const auto& a : agents) futures.push_back(submit(a));
  std::vector<messages::step> out;
  out.reserve(agents.size());
  for (auto& f : futures) out.push_back(f.get());
  return out;
}

caf::actor_system& runtime::system() { return impl_->sys; }
const runtime_options& runtime::options() const { return impl_->opts; }
caf::actor runtime::llm() const { return impl_->llm; }
caf::actor runtime::interpreter() { return impl_->interpreter(); }

caf::actor runtime::make_llm(llm_options o) { return spawn_llm(impl_->sys, std::move(o)); }

void runtime::flush_trace() { impl_->flush(); }

}  // namespace ptc::actors
