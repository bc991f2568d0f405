// The sub-agent actor: the mission loop (see sub_agent.hpp).
#include "ptc/actors/sub_agent.hpp"

#include <algorithm>
#include <limits>
#include <chrono>
#include <memory>
#include <optional>
#include <span>
#include <variant>
#include <vector>

#include <spdlog/spdlog.h>

#include "ptc/actors/deadlines.hpp"
#include "ptc/actors/exception_net.hpp"
#include "ptc/actors/home_scheduler.hpp"
#include "ptc/actors/interpreter.hpp"
#include "ptc/actors/lean_actor.hpp"
#include "ptc/actors/llm.hpp"
#include "ptc/actors/trace.hpp"
#include "ptc/messages/compression.hpp"
#include "ptc/messages/extract.hpp"
#include "ptc/messages/loop.hpp"
#include "ptc/messages/serialization.hpp"

namespace ptc::actors {
namespace {

using clock_type = std::chrono::steady_clock;
using std::chrono::duration_cast;
using std::chrono::microseconds;

/// LLM work in no turn: a call that failed (all its attempts) or was abandoned at the deadline.
/// finish() adds it to the Step, so its usage counts every attempt. Rare: kept apart.
struct unturned_work {
  messages::token_usage usage;
  microseconds llm_time{0};
};

/// A local caller's callback, shared by the state and the exit hook (which calls it if finish()
/// did not), with the agent's name for the Step the hook makes: the spec is not kept.
struct local_caller {
  step_callback callback;
  std::string name;
};

/// What only some agents have: tools, a tree with a turn budget actor or a trace, a caller
/// agent, LLM work in no turn. Made when the first of them is needed; most agents of a large
/// batch (no tools, no trace) never make it.
struct agent_extras {
  std::vector<tool_binding> tools;  ///< the actors behind the spec's tools, same order
  caf::actor budget;  ///< the tree's turn budget actor (invalid: turn_budget, see tree_context)
  caf::actor trace;   ///< the tree's trace sink (invalid: no trace)
  std::uint64_t run = 0;  ///< tells apart runs of one path in a trace (trace_run_id); with trace
  caf::actor_addr caller;  ///< the tree context's: whose program started this mission
  /// The agent's compression options as the tree context carries them (JSON text), made at
  /// its first run that has tools and shared by the later ones; empty until then.
  messages::shared_text compression_json;
  std::optional<unturned_work> unturned;  ///< until some LLM work is in no turn
};

/// A million concurrent agents are a million of these, so the state keeps of its agent_job
/// only what the turns use (the path is made from the tree context's when the actor is
/// spawned; the tree's llm, interpreter and compression are for the tools' calls, which get
/// this agent's), and rare or optional parts sit behind a pointer (agent_extras).
struct sub_agent_state {
  static constexpr const char* name = "sub_agent";
  /// The job's spec (complete: tool specs listed, data, limits) until the mission is prepared;
  /// then the prepared agent, which keeps what the mission needs (its settings, shared with
  /// alike agents, and its rendered prompt parts).
  std::variant<wire<messages::agent_spec>, messages::prepared_agent> mission;
  caf::actor llm;
  caf::actor interpreter;
  std::unique_ptr<agent_extras> extras;  ///< null until one of its parts is needed
  std::vector<messages::turn_ptr> turns;
  caf::typed_response_promise<wire<messages::step>> promise;
  std::uint64_t turn_budget = 0;    ///< the tree context's, when there is no budget actor
  std::uint32_t turns_granted = 0;  ///< against turn_budget when there is no budget actor
  std::uint32_t depth = 0;          ///< the tree context's depth and max_depth (at most 2^32 - 1)
  std::uint32_t max_depth = 0;
  bool running = false;
  bool done = false;
  /// Set: the system's keeper sends deadline_atom then (deadlines.hpp); released at the end.
  deadline_watch deadline_watched;
  clock_type::time_point started;
  /// An LLM call is out since then; time_point::min() when none is.
  clock_type::time_point llm_sent = clock_type::time_point::min();
  messages::packed_text path;  ///< tree path of this agent, for traces and logs
  std::shared_ptr<local_caller> done_callback;  ///< null without a local caller

  /// The prepared mission; null until start() has prepared it.
  const messages::prepared_agent* agent() const { return std::get_if<messages::prepared_agent>(&mission); }
  /// The spec; null once the mission is prepared.
  const messages::agent_spec* spec() const {
    const auto* w = std::get_if<wire<messages::agent_spec>>(&mission);
    return w ? w->ptr.get() : nullptr;
  }
  /// The spec's mission_timeout from the start; time_point::max() when it has none (or the
  /// mission is not prepared yet).
  clock_type::time_point deadline() const {
    const messages::prepared_agent* a = agent();
    return a && a->settings->mission_timeout.count() > 0 ? started + a->settings->mission_timeout
                                                          : clock_type::time_point::max();
  }
  bool has_deadline() const { return deadline() != clock_type::time_point::max(); }
  /// The spec's name: from the prepared mission once there is one, else from the spec.
  std::string_view agent_name() const {
    const messages::prepared_agent* a = agent();
    return a ? a->name.view() : std::string_view(spec()->name);
  }
  std::string path_text() const { return std::string(path.view()); }
  bool llm_out() const { return llm_sent != clock_type::time_point::min(); }
  agent_extras& extras_part() {
    if (!extras) extras = std::make_unique<agent_extras>();
    return *extras;
  }
  unturned_work& unturned_part() {
    auto& u = extras_part().unturned;
    if (!u) u.emplace();
    return *u;
  }
  /// The tools, the budget and trace actors: empty or invalid without extras.
  std::span<const tool_binding> tools() const {
    return extras ? std::span<const tool_binding>(extras->tools) : std::span<const tool_binding>();
  }
  const caf::actor& budget() const { return extras ? extras->budget : no_actor(); }
  const caf::actor& trace() const { return extras ? extras->trace : no_actor(); }

 private:
  static const caf::actor& no_actor() {
    static const caf::actor none;
    return none;
  }
};

using sub_agent_actor = caf::stateful_actor<sub_agent_state, lean_actor>;
using self_ptr = sub_agent_actor*;

// A million concurrent agents are a million of these: the actor with its state (CAF's part is
// 1,032 bytes with its control block, lean_actor.hpp) stays within mimalloc's 1,280-byte size
// class (a field added must replace one or sit behind a pointer); the next is 1,536.
static_assert(sizeof(caf::actor_storage<sub_agent_actor>) <= 1280,
              "a sub-agent actor outgrew its allocator size class: keep rare state behind a pointer");

std::string agent_path(const tree_context& tree, const messages::agent_spec& spec) {
  const std::string own = spec.name.empty() ? "agent" : spec.name;
  return tree.path.empty() ? own : tree.path + "/" + own;
}

/// An event of this agent's run in the trace, with "run" (a sub-agent called twice at once by
/// pmap has one path and two runs).
/// An agent on another process than the trace sink (a node) says which: "node", its host and
/// process id.
void trace_agent(self_ptr self, const char* event, nlohmann::ordered_json fields) {
  const auto& st = self->state;
  nlohmann::ordered_json with_run{{"run", trace_run_id(st.extras ? st.extras->run : 0)}};
  if (st.trace().node() != self->node()) with_run["node"] = trace_node_label();
  with_run.update(fields);
  trace_event(st.trace(), event, st.path_text(), std::move(with_run));
}

/// Ends the mission: the Step goes to the requester and the actor quits. Late replies of
/// abandoned requests are dropped with the actor.
void finish(self_ptr self, messages::step s) {
  auto& st = self->state;
  if (st.done) return;
  st.done = true;
  st.deadline_watched.release();  // the keeper forgets this agent now
  const auto now = clock_type::now();
  if (st.llm_out()) {
    // Abandoned (the deadline passed, or the mission was cancelled): at least one attempt
    // went out and its time counts.
    st.unturned_part().usage.requests += 1;
    st.unturned_part().llm_time += duration_cast<microseconds>(now - st.llm_sent);
    st.llm_sent = clock_type::time_point::min();
  }
  if (st.extras && st.extras->unturned) {
    s.usage += st.extras->unturned->usage;
    s.llm_time += st.extras->unturned->llm_time;
  }
  s.duration = duration_cast<microseconds>(now - st.started);
  if (s.agent_name.empty()) s.agent_name = st.agent_name();
  if (st.trace()) {
    // A trace sink on another node gets what a caller there would (no memory in full).
    const bool remote = st.trace().node() != self->node();
    trace_agent(self, "step",
                {{"step", messages::to_json(remote ? messages::bounded_for_peer(s) : s)}});
  }
  spdlog::debug("agent {}: finished ({})", st.path.view(),
                s.ok() ? "returned" : messages::reason_name(s.fail->reason));
  // A local caller's mission (anon_send: no requester waits on the promise) hands its Step to
  // the callback whole; with a requester, the callback gets a copy and the requester the Step.
  const bool requester = st.promise.pending();
  if (st.done_callback && st.done_callback->callback) {
    auto cb = std::exchange(st.done_callback->callback, step_callback{});
    if (requester) cb(s);
    else cb(std::move(s));
  }
  if (requester) st.promise.deliver(wire<messages::step>{std::move(s)});
  self->quit();
}

void fail(self_ptr self, messages::failure_reason reason, std::string message);

/// How long the next wait may take: unbounded, or the time left before the deadline.
/// The mission deadline is enforced by the system's deadline keeper (deadlines.hpp), which
/// sends deadline_atom when it passes; the waits are then unbounded. Without a keeper it is
/// enforced by the timeouts of the sub-agent's own requests (budget, LLM, interpreter), since
/// every wait is one of them. Unbounded waits end: all three always answer (their own timeouts
/// and retries end every request), and an actor that dies answers at once with
/// request_receiver_down.
caf::duration wait_limit(self_ptr self) {
  const auto& st = self->state;
  if (!st.has_deadline() || st.deadline_watched) return caf::infinite;
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(st.deadline() - clock_type::now());
  return caf::duration{std::max(left, std::chrono::milliseconds(1))};
}

void fail_timeout(self_ptr self) {
  auto& st = self->state;
  if (!st.agent()) {  // a deadline is set only once the mission is prepared
    fail(self, messages::failure_reason::mission_timeout, "mission timed out before it started");
    return;
  }
  const messages::mission_settings& m = *st.agent()->settings;
  fail(self, messages::failure_reason::mission_timeout,
       "mission timed out after " + std::to_string(m.mission_timeout.count()) + " ms (" +
           std::to_string(st.turns.size()) + " of " + std::to_string(m.max_turns) + " turns done)");
}

/// A failed wait: the deadline passing, or the actor asked being gone.
void fail_wait(self_ptr self, const caf::error& err, messages::failure_reason reason,
               const std::string& what) {
  if (self->state.done) return;
  if (err == caf::sec::request_timeout && self->state.has_deadline()) {
    fail_timeout(self);
    return;
  }
  fail(self, reason, what + ": " + self->system().render(err));
}

void fail(self_ptr self, messages::failure_reason reason, std::string message) {
  auto& st = self->state;
  if (const messages::prepared_agent* agent = st.agent()) {
    finish(self, messages::failed_step(*agent, st.turns, reason, std::move(message)));
    return;
  }
  // The spec never became a prepared agent (invalid spec, too deep): a Step with no turns.
  finish(self, messages::failed_before_turns(std::string(st.agent_name()), reason, std::move(message)));
}

void next_turn(self_ptr self);

/// Appends a finished turn and either ends the mission or starts the next LLM call.
void append_turn(self_ptr self, messages::turn t) {
  auto& st = self->state;
  auto ptr = std::make_shared<const messages::turn>(std::move(t));
  if (st.trace()) {
    const bool remote = st.trace().node() != self->node();
    trace_agent(self, "turn",
                {{"turn", messages::to_json(remote ? messages::bounded_for_peer(*ptr) : *ptr)}});
  }
  spdlog::debug("agent {}: turn {} {}", st.path.view(), ptr->number, messages::outcome_name(ptr->outcome));
  st.turns.push_back(std::move(ptr));
  if (auto s = messages::finished_step(*st.agent(), st.turns)) {
    finish(self, std::move(*s));
    return;
  }
  next_turn(self);
}

/// The tree as the program's tools see it: sub-agent tools start one level below this agent
/// and inherit its LLM and compression (API-007). Without tools nobody reads it: an empty one
/// is sent (no per-agent copy of the compression options and path until the agent has tools).
tree_context tree_for_tools(self_ptr self) {
  auto& st = self->state;
  if (st.tools().empty()) return {};
  agent_extras& x = *st.extras;
  tree_context t;
  t.depth = st.depth;
  t.max_depth = st.max_depth;
  t.budget = x.budget;
  t.turn_budget = st.turn_budget;
  t.llm = st.llm;
  t.interpreter = st.interpreter;
  t.trace = x.trace;
  if (x.compression_json.empty()) x.compression_json = messages::to_json(st.agent()->compression()).dump();
  t.compression = x.compression_json;
  t.path = st.path_text();
  t.caller = self->address();
  return t;
}

void run_program(self_ptr self, std::string_view raw, std::string program, const messages::token_usage& usage,
                 microseconds llm_time) {
  auto& st = self->state;
  eval_request req;
  req.source = std::move(program);
  const messages::prepared_agent& agent = *st.agent();
  req.data = agent.data;
  req.mem = messages::current_memory(st.turns);
  req.limits = agent.settings->limits;
  // The handler reads the program back from the request (held once while the run waits), and
  // keeps the response and counts packed: a million agents waiting on their runs hold a
  // million handlers. Behind one pointer: CAF copies a handler several times as it files it
  // (five copies a turn, each a copy of the response).
  const wire<eval_request> sent{std::move(req)};
  struct llm_part {
    messages::packed_text response;
    messages::turn_tokens tokens;
  };
  const auto llm = std::make_shared<const llm_part>(llm_part{messages::packed_text(raw), usage});
  auto handle = st.tools().empty()
                    ? self->request(st.interpreter, wait_limit(self), eval_atom::value, sent)
                    : self->request(st.interpreter, wait_limit(self), eval_atom::value, sent, st.extras->tools,
                                    tree_for_tools(self));
  handle.then(
      [=](const wire<eval_reply>& reply) {
        auto& st = self->state;
        if (st.done) return;
        messages::turn_timings timings{llm_time, reply->run.eval_time, reply->tool_time};
        auto t = messages::turn_after_run(*st.agent(), st.turns.size() + 1, llm->response.view(),
                                          sent->source, reply->run, llm->tokens, timings,
                                          messages::last_turn(st.turns));
        if (!reply->children.empty()) {
          std::vector<std::shared_ptr<const messages::step>> children;
          for (const auto& child : reply->children) children.push_back(child.ptr);
          t.children = std::move(children);
        }
        append_turn(self, std::move(t));
      },
      [=](caf::error& err) {
        fail_wait(self, err, messages::failure_reason::cancelled,
                  "the interpreter did not run the program");
      });
}

std::size_t message_chars(const std::vector<messages::chat_message>& ms) {
  std::size_t n = 0;
  for (const auto& m : ms) n += m.text().size();
  return n;
}

/// The llm_request trace event: the messages sent, their size ("chars"), and what the other
/// history layout would have sent (a trace viewer charts both and shows the full history):
/// with compression on, "uncompressed_chars" and "uncompressed_tail" (the assistant message and
/// the feedback the uncompressed history adds for the previous turn, so the full history of
/// turn k is turn k-1's plus its tail: linear in the turns); with it off, "compressed_chars".
void trace_request(self_ptr self, const llm_request& req) {
  const auto& st = self->state;
  const messages::prepared_agent& agent = *st.agent();
  const std::span<const messages::turn_ptr> turns(st.turns);
  nlohmann::ordered_json fields{{"turn", req.turn}, {"messages", messages::to_json(req.messages)},
                                {"chars", message_chars(req.messages)}};
  if (agent.compression().kind != messages::compression_options::strategy::uncompressed) {
    const auto full = messages::uncompressed().to_messages(agent, turns, nullptr);
    fields["uncompressed_chars"] = message_chars(full);
    if (!turns.empty() && full.size() >= 2) {
      fields["uncompressed_tail"] =
          messages::to_json(std::vector<messages::chat_message>(full.end() - 2, full.end()));
    }
  } else {
    fields["compressed_chars"] = message_chars(messages::single_user_coalesced().to_messages(agent, turns, nullptr));
  }
  trace_agent(self, "llm_request", std::move(fields));
}

void ask_llm(self_ptr self) {
  auto& st = self->state;
  llm_request req;
  const messages::prepared_agent& agent = *st.agent();
  req.messages = messages::render_messages(agent, st.turns);
  req.agent = st.path_text();
  req.mission = agent.mission();
  req.turn = st.turns.size() + 1;
  if (st.trace()) trace_request(self, req);
  const auto sent = clock_type::now();
  st.llm_sent = sent;
  self->request(st.llm, wait_limit(self), llm_atom::value,
                wire<llm_request>{std::move(req)})
      .then(
          [=](const wire<llm_response>& res) {
            auto& st = self->state;
            if (st.done) return;
            st.llm_sent = clock_type::time_point::min();
            const std::size_t number = st.turns.size() + 1;
            if (st.trace()) {
              trace_agent(self, "llm_response",
                          {{"turn", number}, {"response", to_json(*res)}});
            }
            if (!res->ok) {
              // Every attempt of the failed call counts (usage.requests = attempts).
              messages::token_usage spent = res->usage;
              spent.requests = std::max<std::uint64_t>(spent.requests, 1);
              st.unturned_part().usage += spent;
              st.unturned_part().llm_time += duration_cast<microseconds>(clock_type::now() - sent);
              fail(self, messages::failure_reason::llm_error,
                   "LLM call for turn " + std::to_string(number) + " failed: " + res->error);
              return;
            }
            const auto llm_time = duration_cast<microseconds>(clock_type::now() - sent);
            auto code = messages::extract_code(res->text);
            if (!code.program) {
              append_turn(self, messages::make_no_code_turn(
                                    number, res->text, std::move(code.error),
                                    messages::current_memory(st.turns), res->usage,
                                    messages::turn_timings{llm_time, {}, {}},
                                    messages::last_turn(st.turns)));
              return;
            }
            run_program(self, res->text, std::move(*code.program), res->usage, llm_time);
          },
          [=](caf::error& err) {
            fail_wait(self, err, messages::failure_reason::llm_error, "the LLM did not answer");
          });
}

void next_turn(self_ptr self) {
  auto& st = self->state;
  if (st.has_deadline() && clock_type::now() >= st.deadline()) {
    fail_timeout(self);
    return;
  }
  if (!st.budget()) {
    if (st.turn_budget > 0 && st.turns_granted >= st.turn_budget) {
      fail(self, messages::failure_reason::turn_budget_exhausted,
           "the turn budget of " + std::to_string(st.turn_budget) +
               " turns is used up (" + st.path_text() + ")");
      return;
    }
    ++st.turns_granted;
    ask_llm(self);
    return;
  }
  self->request(st.budget(), wait_limit(self), take_atom::value)
      .then(
          [=](bool granted) {
            if (self->state.done) return;
            if (!granted) {
              fail(self, messages::failure_reason::turn_budget_exhausted,
                   "the turn budget shared by this agent tree is used up (after " +
                       std::to_string(self->state.turns.size()) + " turns of " +
                       self->state.path_text() + ")");
              return;
            }
            ask_llm(self);
          },
          [=](caf::error& err) {
            fail_wait(self, err, messages::failure_reason::cancelled,
                      "the turn budget did not answer");
          });
}

void start(self_ptr self) {
  auto& st = self->state;
  st.started = clock_type::now();
  if (st.depth > st.max_depth) {
    fail(self, messages::failure_reason::max_depth_exceeded,
         "sub-agent " + st.path_text() + " was not started: it would be nested " +
             std::to_string(st.depth) + " levels deep (max_depth " + std::to_string(st.max_depth) + ")");
    return;
  }
  if (!st.llm) {
    fail(self, messages::failure_reason::invalid_spec, "agent " + st.path_text() + " has no LLM");
    return;
  }
  if (!st.interpreter) {
    fail(self, messages::failure_reason::invalid_spec, "agent " + st.path_text() + " has no interpreter");
    return;
  }
  auto prepared = messages::prepare(*st.spec());
  if (auto* e = std::get_if<messages::prepare_error>(&prepared)) {
    fail(self, messages::failure_reason::invalid_spec, e->message);
    return;
  }
  // The spec goes: its data, texts and tool specs are rendered; the rest is in the settings.
  st.mission = std::move(std::get<messages::prepared_agent>(prepared));
  const messages::mission_settings& settings = *st.agent()->settings;
  if (st.has_deadline()) st.deadline_watched = watch_deadline(self, st.deadline());
  // Started by another agent's tool call: when that agent goes down (its mission ended), no
  // one waits for this one, which stops now (its own run is then dropped by the interpreter).
  if (st.extras && st.extras->caller) {
    const caf::actor_addr caller = std::exchange(st.extras->caller, caf::actor_addr{});
    self->set_down_handler([self, caller](caf::down_msg& dm) {
      if (dm.source != caller || self->state.done) return;
      fail(self, messages::failure_reason::cancelled,
           "cancelled: the agent that called " + self->state.path_text() + " ended before it finished");
    });
    auto handle = caf::actor_cast<caf::actor>(caller);
    if (!handle) {
      fail(self, messages::failure_reason::cancelled,
           "cancelled: the agent that called " + st.path_text() + " ended before it started");
      return;
    }
    self->monitor(handle);
  }
  spdlog::debug("agent {}: started, max_turns {}", st.path.view(), settings.max_turns);
  next_turn(self);
}

/// The job arrives in a holder and is moved out: CAF keeps spawn arguments as long as the actor
/// object lives, and a job holds tool actors (sub-agent tools) that must end with the mission.
caf::behavior sub_agent(self_ptr self, std::shared_ptr<agent_job> job,
                        std::shared_ptr<local_caller> done) {
  {
    auto& st = self->state;
    st.mission = std::move(job->spec);
    // The runtime's LLM and interpreter are swapped for those of the agent's home worker (one
    // core for the whole turn, home_scheduler.hpp); an LLM or interpreter of its own stays.
    st.llm = home_actor(self->system(), home_role::llm, self->id(), std::move(job->llm));
    st.interpreter =
        home_actor(self->system(), home_role::interpreter, self->id(), std::move(job->interpreter));
    tree_context& tree = job->tree;
    if (!job->tools.empty() || tree.budget || tree.trace || tree.caller) {
      agent_extras& x = st.extras_part();
      x.tools = std::move(job->tools);
      x.budget = std::move(tree.budget);
      x.trace = std::move(tree.trace);
      if (x.trace) x.run = new_trace_run();
      x.caller = std::move(tree.caller);
    }
    st.turn_budget = tree.turn_budget;
    constexpr std::size_t depth_cap = std::numeric_limits<std::uint32_t>::max();
    st.depth = static_cast<std::uint32_t>(std::min(tree.depth, depth_cap));
    st.max_depth = static_cast<std::uint32_t>(std::min(tree.max_depth, depth_cap));
    st.path = messages::packed_text(agent_path(tree, *st.spec()));
  }
  // A handler that throws (memory running out, or a bug) ends the actor, and CAF 0.17 leaves a
  // pending response promise unanswered: whoever requested the mission would wait forever (an
  // agent tool and ptc mcp wait without a timeout, since a mission always answers). The
  // mission fails with the exception's text instead.
  self->set_exception_handler([](caf::scheduled_actor* actor, std::exception_ptr& eptr) -> caf::error {
    std::string what = detail::exception_text(eptr);
    auto* self = static_cast<self_ptr>(actor);
    auto& st = self->state;
    const std::string message = "agent " + st.path_text() + " stopped on an internal error: " + what;
    try {
      if (!st.done) {
        fail(self, messages::failure_reason::cancelled, message);
      } else if (st.promise.pending()) {  // it threw while finishing (in the local callback)
        st.promise.deliver(wire<messages::step>{
            messages::failed_before_turns(std::string(st.agent_name()), messages::failure_reason::cancelled, message)});
      }
    } catch (...) {
      // Failing needs memory too; the exit hook still answers a local caller.
    }
    return caf::make_error(caf::sec::runtime_error, std::move(what));
  });
  if (done && done->callback) {
    done->name = self->state.spec()->name;
    self->state.done_callback = done;
    // The caller must hear back even if the actor dies without finishing (killed, or an
    // exception in a handler): the exit hook answers for it.
    self->attach_functor([done](const caf::error& reason) {
      if (!done->callback) return;
      auto cb = std::exchange(done->callback, step_callback{});
      cb(messages::failed_before_turns(done->name, messages::failure_reason::cancelled,
                                       "the agent stopped without a result (" + to_string(reason) + ")"));
    });
  }
  return {
      [=](run_atom) -> caf::result<wire<messages::step>> {
        auto& st = self->state;
        if (st.running) return caf::make_error(caf::sec::invalid_argument);
        st.running = true;
        st.promise = self->make_response_promise<wire<messages::step>>();
        start(self);
        return st.promise;
      },
      [=](deadline_atom) {
        if (self->state.running && !self->state.done) fail_timeout(self);
      },
  };
}

}  // namespace

caf::actor spawn_sub_agent(caf::actor_system& sys, agent_job job, step_callback done) {
  return sys.spawn(sub_agent, std::make_shared<agent_job>(std::move(job)),
                   std::make_shared<local_caller>(local_caller{std::move(done), {}}));
}

}  // namespace ptc::actors
