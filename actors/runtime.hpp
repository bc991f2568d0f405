#pragma once
// The runtime: an actor system with an LLM actor, interpreters and the settings, and the calls
// that run agents on it.
//
//   ptc::actors::runtime rt{ptc::actors::runtime_options::from(config::load(...))};
//   messages::step s = rt.run(agent);                  // blocking convenience
//   std::future<messages::step> f = rt.submit(agent);  // async
//   auto steps = rt.run_all(agents);                   // many at once, results in order
//   auto steps = rt.run_all(n, [](std::size_t i) { return agent(...); });  // made as they start
//
// Each run gets its own turn budget (settings.agent.turn_budget, shared by the agent's whole
// tree of sub-agents) and depth limit (settings.agent.max_depth).
#include <chrono>
#include <cstddef>
#include <filesystem>
#include <functional>
#include <future>
#include <memory>
#include <span>
#include <vector>

#include <caf/all.hpp>

#include "ptc/actors/agent.hpp"
#include "ptc/actors/interpreter.hpp"
#include "ptc/actors/gate.hpp"
#include "ptc/actors/llm.hpp"
#include "ptc/actors/sub_agent.hpp"
#include "ptc/config/settings.hpp"
#include "ptc/messages/step.hpp"

namespace ptc::actors {

struct materialized_agent;  // actors/agent_tool.hpp

struct runtime_options {
  config::settings settings;    ///< LLM provider, agent defaults, log level
  scripted_fn script;           ///< provider "scripted": the responses
  std::chrono::milliseconds scripted_latency{0};
  std::filesystem::path replay;  ///< provider "replay": the cassette
  std::filesystem::path record;  ///< write a cassette of live exchanges ("" = off)
  std::filesystem::path trace;   ///< JSONL trace of every run ("" = off)
  std::size_t threads = 0;       ///< scheduler threads; 0: the machine's cores
  /// The scheduler policy: "home" (the default when ""; home_scheduler.hpp: each actor runs on
  /// the worker its id hashes to, an idle worker takes queued work from another), "sharing"
  /// (CAF's one queue for all workers, woken at once by a message) or "stealing" (CAF's own
  /// default; its idle workers poll in 50 µs steps before they sleep). Home ran the agent loop
  /// about 60% faster than sharing on 2 cores: a turn stays in one core's caches.
  std::string scheduler_policy;
  /// Interpreter actors; 0: one per scheduler thread (scheduled by home: one per home worker,
  /// each agent using its own home's).
  std::size_t interpreters = 0;
  interpreter_options interpreter;
  /// Load CAF's network layer (needed to reach or serve other nodes).
  bool network = false;

  static runtime_options from(config::settings s);
};

class runtime {
 public:
  explicit runtime(runtime_options opts = {});
  ~runtime();  ///< waits for running agents, then stops the actor system
  runtime(const runtime&) = delete;
  runtime& operator=(const runtime&) = delete;

  /// Runs a mission to its Step (blocking the calling thread, not a CAF thread).
  messages::step run(const agent& a);
  /// Starts a mission; `done` gets the Step.
  void run_async(const agent& a, step_callback done);
  /// The same, taking `a`: its mission and data move into the mission instead of being copied.
  void run_async(agent&& a, step_callback done);
  std::future<messages::step> submit(const agent& a);
  /// Runs all at once; the Steps in the agents' order.
  std::vector<messages::step> run_all(std::span<const agent> agents);
  /// The same, taking the agents: each mission takes its agent's mission text and data (no
  /// copy), and the rest is freed once every mission has started, so a batch of a million does
  /// not hold its descriptions while it runs.
  std::vector<messages::step> run_all(std::vector<agent>&& agents);
  /// Runs `n` agents, agent i made by `make(i)` just before it starts: a batch of a million
  /// needs no million descriptions up front (each is freed once its mission has started).
  /// The Steps in index order. An exception from `make` ends the call (the missions already
  /// started run to their end).
  std::vector<messages::step> run_all(std::size_t n, const std::function<agent(std::size_t)>& make);

  /// The job a mission runs as: tool actors spawned, options resolved, a fresh budget. For
  /// callers that spawn sub-agents themselves (another node, a benchmark).
  agent_job make_job(const agent& a);
  agent_job make_job(agent&& a);  ///< the same, taking a's mission and data
  /// `a` as a tool served by an actor of this runtime (its options resolved with the
  /// runtime's settings): for serving it to others, e.g. a node's declared agents.
  tool_binding serve_as_tool(const agent& a);
  /// Stops the actors make_job spawned for `job` (its tools and budget). A job run here needs
  /// nothing (they end with it); a job sent to another node must be released once its Step is
  /// back, or a peer's reference keeps them alive (see release_owned).
  void release(const agent_job& job);

  /// The gate every connection to a node goes through (network runtimes only): TLS and
  /// limits from settings.node. Made on first use; throws tls_error for bad TLS files.
  std::shared_ptr<gate> client_gate();

  caf::actor_system& system();
  const runtime_options& options() const;
  caf::actor llm() const;          ///< the default LLM actor
  caf::actor interpreter();        ///< the next interpreter (round robin)
  /// Another LLM actor (a different provider or model) for agents that set their own.
  caf::actor make_llm(llm_options o);
  /// Flushes the trace file (also done by the destructor).
  void flush_trace();

  struct impl;

 private:
  /// run_all's work: `start(i, done)` starts mission i of n; `all_started` runs once every
  /// mission is under way.
  std::vector<messages::step> run_batch(std::size_t n, const std::function<void(std::size_t, step_callback)>& start,
                                        const std::function<void()>& all_started);
  agent_job job_of(materialized_agent m, const agent& a);
  void check_placement(const agent& a) const;  ///< throws for a node without a network layer
  void launch(const agent& a, agent_job job, step_callback done);

  std::unique_ptr<impl> impl_;
};

}  // namespace ptc::actors
