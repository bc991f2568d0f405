// The interpreter actor: many program runs at once on one event-based actor.
//
// Each run is driven in steps: start or resume its program_run, then look at where it stopped.
// `pending_tools`: every call not yet sent goes out now (pmap's calls together); each reply is
// handed in as it arrives. `yielded`: a resume message to ourselves puts the run behind every
// message already queued, so a long loop takes turns with other runs. `finished`: the reply
// goes out. The actor handles one message at a time, so a run is never resumed twice at once.
#include "ptc/actors/interpreter.hpp"

#include <algorithm>
#include <exception>
#include <map>
#include <new>
#include <set>
#include <string>
#include <unordered_map>
#include <utility>

#include <spdlog/spdlog.h>

#include "ptc/actors/deadlines.hpp"
#include "ptc/actors/exception_net.hpp"
#include "ptc/lisp/json.hpp"

namespace ptc::actors {

namespace {

using steady = std::chrono::steady_clock;

/// A tool call that went out and has not been answered.
struct call_in_flight {
  std::string name;
  caf::actor_addr tool;
  /// A call the tool took on this thread (tool_binding::direct), with its ticket: given up
  /// when the run stops waiting for it other than by its answer.
  std::shared_ptr<direct_tool> direct;
  std::int64_t ticket = 0;
};

/// A run's calls still out, by call id. A run that ends with direct calls out (finished by an
/// error in another pmap branch, its requester gone, the interpreter stopping) gives them up:
/// the server hears they are cancelled and their answers, which the run no longer wants, do
/// not leave response handlers behind.
struct calls_in_flight : std::map<std::uint64_t, call_in_flight> {
  calls_in_flight() = default;
  calls_in_flight(calls_in_flight&& other) noexcept : map(std::move(other)) { other.clear(); }
  calls_in_flight& operator=(calls_in_flight&& other) noexcept {
    give_up_all();
    map::operator=(std::move(other));
    other.clear();
    return *this;
  }
  ~calls_in_flight() { give_up_all(); }

  void give_up_all() noexcept {
    for (auto& [call_id, call] : *this) {
      if (!call.direct) continue;
      try {
        call.direct->give_up(call.ticket, "the program that made the call ended");
      } catch (const std::exception& e) {
        spdlog::warn("the interpreter could not give up a call of tool {}: {}", call.name, e.what());
      }
    }
    clear();
  }
};

struct run_entry {
  std::unique_ptr<lisp::program_run> run;
  caf::typed_response_promise<wire<eval_reply>> promise;
  std::vector<tool_binding> bindings;
  tree_context tree;
  lisp::memory_ptr start_mem;  ///< the memory an internal failure reports
  calls_in_flight in_flight;
  std::uint64_t next_call = 0;  ///< calls with a smaller id went out (or were answered at once)
  std::vector<lisp::tool_reply> replies;              ///< answered, not yet handed in
  /// Sub-agent Steps by call id, so they come out in call order whatever order replies took.
  std::map<std::uint64_t, std::vector<wire<messages::step>>> children;
  bool started = false;
  bool resume_queued = false;  ///< a resume_atom for this run is in our mailbox
  steady::time_point waiting_since{};
  std::chrono::microseconds tool_time{0};
  /// Who asked for the run (a sub-agent): when it goes down, nobody waits for the result, so
  /// the run is dropped (invalid: an anonymous request, the run ends on its own).
  caf::actor_addr owner;
  /// The owner is counted in `owners` (and watched) for this run: only a run that outlives the
  /// handler that started it is (most finish in their first slice, and watching them cost a
  /// monitor and a demonitor, each an allocation and a lock of the agent, per turn).
  bool watched = false;
};

/// When a tool call gives up, by the id of the answer it waits for (see tool_deadlines).
struct tool_deadline {
  caf::message_id answer_id;
  std::shared_ptr<direct_tool> direct;  ///< with its ticket, for a direct call
  std::int64_t ticket = 0;
};

struct interpreter_state {
  static constexpr const char* name = "interpreter";
  interpreter_options opts;
  std::unordered_map<std::uint64_t, run_entry> runs;
  std::uint64_t next_run = 1;
  std::set<caf::actor_addr> monitored;  ///< tool actors whose death we watch
  /// Requesters with runs here, whose death we watch, and how many runs each has. A requester
  /// is watched only while it has runs that outlived the handler starting them (run_entry::
  /// watched): a million agents waiting for their LLM hold no monitor here (80 bytes each:
  /// this entry and the monitor in the agent), and a run finished in its first slice took none.
  std::unordered_map<caf::actor_addr, std::uint32_t> owners;
  interpreter_stats stats;
  /// When each tool call out gives up, by the id of the answer it waits for. The calls go out
  /// without a CAF request timeout: each such timeout is two events for CAF's clock thread (set,
  /// then cancelled by the answer), each waking it, which on two cores made a 15 us call 20 us
  /// and an MCP call 30% slower. One timer (tool_sweep_atom) fires at the earliest deadline
  /// instead and answers what is late with the timeout error CAF would have sent.
  /// A direct call (tool_binding::direct) is given up instead: the tool answers it.
  std::multimap<steady::time_point, tool_deadline> tool_deadlines;
  /// When the sweep timer fires next; max(): none is set.
  steady::time_point sweep_at = steady::time_point::max();
};

using interpreter_actor = caf::stateful_actor<interpreter_state>;
using tool_sweep_atom = caf::atom_constant<caf::atom("toolsweep")>;

/// Sets the sweep timer for the earliest tool deadline, unless one fires by then.
void arm_tool_sweep(interpreter_actor* self) {
  auto& st = self->state;
  if (st.tool_deadlines.empty()) return;
  const auto first = st.tool_deadlines.begin()->first;
  if (first >= st.sweep_at) return;
  st.sweep_at = first;
  const auto wait = std::chrono::duration_cast<std::chrono::microseconds>(first - steady::now());
  self->delayed_send(self, std::max(wait, std::chrono::microseconds(0)), tool_sweep_atom::value);
}

/// The call waiting for `answer_id` was answered (or failed): its deadline goes.
void forget_tool_deadline(interpreter_actor* self, steady::time_point deadline, caf::message_id answer_id) {
  auto& deadlines = self->state.tool_deadlines;
  auto [from, to] = deadlines.equal_range(deadline);
  for (auto it = from; it != to; ++it) {
    if (it->second.answer_id == answer_id) {
      deadlines.erase(it);
      return;
    }
  }
}

/// The calls past their deadline are answered with CAF's own request timeout (their handlers
/// make the error the program sees; an answer that still comes later finds no handler and is
/// dropped, as with a CAF timeout).
void sweep_tool_deadlines(interpreter_actor* self) {
  auto& st = self->state;
  st.sweep_at = steady::time_point::max();
  const auto now = steady::now();
  while (!st.tool_deadlines.empty() && st.tool_deadlines.begin()->first <= now) {
    const tool_deadline late = std::move(st.tool_deadlines.begin()->second);
    st.tool_deadlines.erase(st.tool_deadlines.begin());
    if (late.direct) {
      late.direct->give_up(late.ticket, "");  // answered by the tool, with its timeout text
    } else {
      self->ctrl()->enqueue(nullptr, late.answer_id, caf::make_message(caf::make_error(caf::sec::request_timeout)),
                            self->context());
    }
  }
  arm_tool_sweep(self);
}

std::string join_tool_names(const std::vector<tool_binding>& bindings) {
  std::string out;
  for (const auto& b : bindings) {
    if (!out.empty()) out += ", ";
    out += "tool/" + b.spec.name;
  }
  return out;
}

std::string call_error_text(const std::string& tool, const caf::error& err,
                            std::chrono::milliseconds timeout, caf::actor_system& sys) {
  if (err == caf::sec::request_timeout) {
    return "tool " + tool + " timed out after " + std::to_string(timeout.count()) + " ms";
  }
  if (err == caf::sec::request_receiver_down) {
    return "tool " + tool + " is not available (its actor is down)";
  }
  if (err == caf::sec::unexpected_message || err == caf::sec::unexpected_response) {
    return "tool " + tool + " did not understand the call";
  }
  return "tool " + tool + " failed: " + sys.render(err);
}

/// The record of a run that could not be driven (an internal failure, not the program's).
lisp::run_result internal_failure(const std::string& what, lisp::memory_ptr mem,
                                  lisp::error_kind kind = lisp::error_kind::type) {
  lisp::run_result r;
  r.kind = lisp::outcome::error;
  lisp::error e;
  e.kind = kind;
  e.message = what;
  r.err = std::move(e);
  r.mem = mem ? std::move(mem) : std::make_shared<const lisp::memory>();
  return r;
}

void drive(interpreter_actor* self, std::uint64_t id);
void finish(interpreter_actor* self, std::uint64_t id, run_entry& e, lisp::run_result result);
void collect(interpreter_actor* self, run_entry& e, std::uint64_t call_id, lisp::tool_reply reply,
             std::vector<wire<messages::step>> children);

/// Hands in one answer for call `call_id` of run `id` (ignored when the call was answered
/// already, e.g. its tool died before the timeout fired, or the run has ended).
void answer(interpreter_actor* self, std::uint64_t id, std::uint64_t call_id, lisp::tool_reply reply,
            std::vector<wire<messages::step>> children) {
  auto it = self->state.runs.find(id);
  if (it == self->state.runs.end()) return;
  run_entry& e = it->second;
  if (e.in_flight.count(call_id) == 0) return;
  try {
    collect(self, e, call_id, std::move(reply), std::move(children));
  } catch (const std::exception& ex) {
    // An exception must not escape a handler (it would kill the actor and every run on it).
    finish(self, id, e, internal_failure(std::string("the interpreter failed: ") + ex.what(), e.start_mem));
    return;
  }
  // A run waiting for its next slice takes the reply with that slice.
  if (!e.resume_queued) drive(self, id);
}

void collect(interpreter_actor* self, run_entry& e, std::uint64_t call_id, lisp::tool_reply reply,
             std::vector<wire<messages::step>> children) {
  e.in_flight.erase(call_id);
  if (!reply.result) ++self->state.stats.tool_errors;
  if (!children.empty()) {
    auto& dest = e.children[call_id];
    std::move(children.begin(), children.end(), std::back_inserter(dest));
  }
  e.replies.push_back(std::move(reply));
  if (e.in_flight.empty()) {
    e.tool_time += std::chrono::duration_cast<std::chrono::microseconds>(steady::now() - e.waiting_since);
  }
}

lisp::tool_reply error_reply(std::uint64_t call_id, std::string message) {
  lisp::tool_reply r;
  r.id = call_id;
  r.error = std::move(message);
  return r;
}

/// Sends every pending call of run `id` that has not gone out yet. Calls that fail before
/// they can be sent (no such binding) are answered at once into `e.replies`.
void send_calls(interpreter_actor* self, std::uint64_t id, run_entry& e) {
  // Each call is handed out once: only those made since the last time are looked at (a pmap
  // with a thousand calls out gets one answer at a time, and each answer runs this again).
  const auto fresh = e.run->requests_from(e.next_call);
  if (fresh.empty()) return;
  e.next_call = fresh.back().id + 1;
  for (const lisp::tool_request& q : fresh) {
    ++self->state.stats.tool_calls;
    auto b = std::find_if(e.bindings.begin(), e.bindings.end(),
                          [&](const tool_binding& tb) { return tb.spec.name == q.name; });
    if (b == e.bindings.end()) {
      // The analyzer rejects tool names the run was not given; this guards against a binding
      // list that changed shape on the way.
      ++self->state.stats.tool_errors;
      std::string available = join_tool_names(e.bindings);
      e.replies.push_back(error_reply(
          q.id, "Unknown tool: " + q.name + (available.empty() ? ". No tools are available" : ". Available tools: " + available)));
      continue;
    }
    if (!b->handle) {
      ++self->state.stats.tool_errors;
      e.replies.push_back(error_reply(q.id, "tool " + q.name + " is not available (its actor is down)"));
      continue;
    }
    // A binding may set its own wait (a sub-agent tool waits for the child's whole mission).
    const auto timeout = b->timeout_ms > 0 ? std::chrono::milliseconds(b->timeout_ms)
                                           : self->state.opts.tool_timeout;
    if (e.in_flight.empty()) e.waiting_since = steady::now();
    auto& flight = e.in_flight.emplace(q.id, call_in_flight{q.name, b->handle.address(), nullptr, 0}).first->second;
    if (self->state.monitored.insert(b->handle.address()).second) self->monitor(b->handle);
    tool_call call{q.name, q.args.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace), e.tree};
    const std::uint64_t call_id = q.id;
    const std::string name = q.name;
    // A tool that takes calls on this thread gets it so (one actor hop less); else its actor
    // does. No CAF timeout either way (see interpreter_state::tool_deadlines).
    caf::message_id answer_id;
    tool_deadline limit;
    if (b->direct) {
      const caf::message_id request = self->new_request_id(caf::message_priority::normal);
      if (auto ticket = b->direct->call(call, caf::strong_actor_ptr{self->ctrl()}, request)) {
        answer_id = request.response_id();
        flight.direct = limit.direct = b->direct;
        flight.ticket = limit.ticket = *ticket;
        ++self->state.stats.direct_calls;
      }
    }
    if (!flight.direct) answer_id = self->request(b->handle, caf::infinite, tool_atom::value, std::move(call)).id();
    const auto deadline = deadline_after(flight.direct ? flight.direct->timeout() : timeout);
    limit.answer_id = answer_id;
    self->state.tool_deadlines.emplace(deadline, std::move(limit));
    arm_tool_sweep(self);
    self->add_multiplexed_response_handler(answer_id, caf::behavior{
            [self, id, call_id, name, deadline, answer_id](tool_result& res) {
              forget_tool_deadline(self, deadline, answer_id);
              lisp::tool_reply reply;
              reply.id = call_id;
              if (res.ok) {
                auto parsed = lisp::parse_outside_json<nlohmann::ordered_json>(res.value);
                if (!parsed.is_discarded()) {
                  reply.result = std::move(parsed);
                } else {
                  reply.error = "tool " + name + " returned a result that " +
                                (lisp::json_too_deep(res.value) ? lisp::too_deep_text() : std::string("is not valid JSON"));
                }
              } else {
                reply.error = std::move(res.error);
              }
              answer(self, id, call_id, std::move(reply), std::move(res.children));
            },
            [self, id, call_id, name, timeout, deadline, answer_id](caf::error& err) {
              forget_tool_deadline(self, deadline, answer_id);
              answer(self, id, call_id,
                     error_reply(call_id, call_error_text(name, err, timeout, self->system())), {});
            }});
  }
}

void finish(interpreter_actor* self, std::uint64_t id, run_entry& e, lisp::run_result result) {
  eval_reply reply;
  reply.run = std::move(result);
  for (auto& [call_id, steps] : e.children) {
    std::move(steps.begin(), steps.end(), std::back_inserter(reply.children));
  }
  reply.tool_time = e.tool_time;
  if (!e.in_flight.empty()) {
    // Finished with calls still out (an error in another pmap branch): their wait counts too.
    reply.tool_time += std::chrono::duration_cast<std::chrono::microseconds>(steady::now() - e.waiting_since);
  }
  e.promise.deliver(wire<eval_reply>(std::move(reply)));
  const caf::actor_addr owner = e.watched ? e.owner : caf::actor_addr{};
  // Destroying the run unwinds any fibers it still has (none once finished).
  self->state.runs.erase(id);
  self->state.stats.active = self->state.runs.size();
  if (owner) {
    auto it = self->state.owners.find(owner);
    if (it != self->state.owners.end() && --it->second == 0) {
      self->state.owners.erase(it);
      self->demonitor(owner);
    }
  }
}

/// Runs `id` until it finishes, waits for tools with nothing left to hand in, or yields.
void drive(interpreter_actor* self, std::uint64_t id) {
  auto it = self->state.runs.find(id);
  if (it == self->state.runs.end()) return;
  run_entry& e = it->second;
  try {
    for (;;) {
      lisp::program_run::status s;
      if (!e.started) {
        e.started = true;
        s = e.run->start();
      } else {
        s = e.run->resume(std::exchange(e.replies, {}));
      }
      switch (s) {
        case lisp::program_run::status::finished:
          finish(self, id, e, e.run->take_result());
          return;
        case lisp::program_run::status::yielded:
          ++self->state.stats.slices;
          e.resume_queued = true;
          self->send(self, resume_atom::value, id);
          // Calls started in the slice go out now rather than after the next one.
          send_calls(self, id, e);
          return;
        case lisp::program_run::status::pending_tools:
          send_calls(self, id, e);
          if (e.replies.empty()) return;  // wait for answers
          break;                          // some calls failed at once: hand them in
        case lisp::program_run::status::ready:
          return;  // not reachable after start()
      }
    }
  } catch (const std::bad_alloc&) {
    finish(self, id, e, internal_failure("memory limit reached (allocation failed)", e.start_mem, lisp::error_kind::limit));
  } catch (const std::exception& ex) {
    finish(self, id, e, internal_failure(std::string("the interpreter failed: ") + ex.what(), e.start_mem));
  } catch (...) {
    finish(self, id, e, internal_failure("the interpreter failed", e.start_mem));
  }
}

/// A tool actor died: its calls in flight fail now instead of at their timeout.
void tool_down(interpreter_actor* self, const caf::actor_addr& tool) {
  self->state.monitored.erase(tool);
  std::vector<std::pair<std::uint64_t, std::pair<std::uint64_t, std::string>>> lost;
  for (auto& [id, e] : self->state.runs) {
    for (auto& [call_id, call] : e.in_flight) {
      if (call.tool != tool) continue;
      // A direct call is answered through the tool, once: unless it is already, with this.
      if (call.direct) call.direct->give_up(call.ticket, "tool " + call.name + " is not available (its actor is down)");
      else lost.push_back({id, {call_id, call.name}});
    }
  }
  for (auto& [id, call] : lost) {
    answer(self, id, call.first,
           error_reply(call.first, "tool " + call.second + " is not available (its actor is down)"), {});
  }
}

/// The requester of some runs is gone (its mission ended: timeout, cancel, its parent
/// failing, shutdown): nobody waits for their results, so they stop now. Destroying a
/// program_run unwinds its fiber and frees its memory; replies to its tool calls still in
/// flight are ignored when they come (a sub-agent called as a tool watches its caller and ends
/// with it, see tree_context::caller).
void owner_down(interpreter_actor* self, const caf::actor_addr& owner) {
  auto& st = self->state;
  if (st.owners.erase(owner) == 0) return;
  for (auto it = st.runs.begin(); it != st.runs.end();) {
    if (it->second.owner != owner) {
      ++it;
      continue;
    }
    it->second.promise.deliver(caf::make_error(caf::sec::request_receiver_down));
    it = st.runs.erase(it);
    ++st.stats.cancelled;
  }
  st.stats.active = st.runs.size();
}

/// Every unfinished run's caller hears `err` now rather than at its own timeout; the runs (and
/// their fibers) go.
void fail_all_runs(interpreter_actor* self, const caf::error& err) {
  for (auto& [id, e] : self->state.runs) e.promise.deliver(err);
  self->state.runs.clear();
}

/// Starts a run for an eval request; its promise is answered when the run ends.
caf::typed_response_promise<wire<eval_reply>> start_eval(interpreter_actor* self, const wire<eval_request>& req,
                                                         const std::vector<tool_binding>& bindings,
                                                         const tree_context& tree) {
  // Taken before make_response_promise, which moves the sender into the promise.
  const caf::strong_actor_ptr requester = self->current_sender();
  auto promise = self->make_response_promise<wire<eval_reply>>();
  auto& st = self->state;
  const std::uint64_t id = st.next_run++;
  ++st.stats.runs;
  try {
    if (!req) {
      eval_reply reply;
      reply.run = internal_failure("the interpreter received no program", nullptr);
      promise.deliver(wire<eval_reply>(std::move(reply)));
      return promise;
    }
    lisp::program_input in;
    in.source = req->source;
    in.data = req->data;
    in.mem = req->mem;
    in.lim = req->limits;
    in.slice_steps = st.opts.slice_steps;
    in.tools.reserve(bindings.size());
    for (const auto& b : bindings) in.tools.push_back(b.spec.name);
    run_entry e;
    e.run = std::make_unique<lisp::program_run>(std::move(in));
    e.promise = promise;
    e.bindings = bindings;
    e.tree = tree;
    // Sub-agents called as tools run their programs here unless told otherwise.
    if (!e.tree.interpreter) e.tree.interpreter = caf::actor_cast<caf::actor>(self);
    e.start_mem = req->mem;
    if (requester) e.owner = caf::actor_cast<caf::actor_addr>(requester);
    st.runs.emplace(id, std::move(e));
    st.stats.active = st.runs.size();
  } catch (const std::exception& ex) {
    eval_reply reply;
    reply.run = internal_failure(std::string("the interpreter failed: ") + ex.what(), req ? req->mem : nullptr);
    promise.deliver(wire<eval_reply>(std::move(reply)));
    return promise;
  }
  drive(self, id);
  // Still running (waiting for tools, or yielded): its requester is watched from now on. The
  // requester cannot have gone down unseen meanwhile: monitoring an actor that is already down
  // sends the down message at once.
  if (auto it = st.runs.find(id); it != st.runs.end() && it->second.owner && !it->second.watched) {
    it->second.watched = true;
    if (st.owners[it->second.owner]++ == 0) self->monitor(caf::actor_cast<caf::actor>(requester));
  }
  return promise;
}

caf::behavior interpreter(interpreter_actor* self, interpreter_options opts) {
  self->state.opts = opts;
  detail::install_exception_net(self, "the interpreter", [self](const std::string& message) {
    fail_all_runs(self, caf::make_error(caf::sec::runtime_error, message));
  });
  self->set_down_handler([self](caf::down_msg& dm) {
    try {
      owner_down(self, dm.source);
      tool_down(self, dm.source);
    } catch (const std::exception&) {
      // answer() drives runs, which catch their own failures; nothing is expected here.
    }
  });
  self->set_exit_handler([self](caf::exit_msg& msg) {
    fail_all_runs(self, caf::make_error(caf::sec::request_receiver_down));
    self->quit(msg.reason);
  });
  return {
      [self](eval_atom, const wire<eval_request>& req, const std::vector<tool_binding>& bindings,
             const tree_context& tree) { return start_eval(self, req, bindings, tree); },
      // A program without tools: its message carries no bindings and no tree (a queued
      // request of a million agents' is a million of these).
      [self](eval_atom, const wire<eval_request>& req) { return start_eval(self, req, {}, tree_context{}); },
      [self](tool_sweep_atom) { sweep_tool_deadlines(self); },
      [self](resume_atom, std::uint64_t id) {
        auto it = self->state.runs.find(id);
        if (it == self->state.runs.end()) return;
        it->second.resume_queued = false;
        drive(self, id);
      },
      [self](stats_atom) -> interpreter_stats {
        interpreter_stats s = self->state.stats;
        s.active = self->state.runs.size();
        s.watched = self->state.owners.size();
        return s;
      },
  };
}

}  // namespace

caf::actor spawn_interpreter(caf::actor_system& sys, interpreter_options opts) {
  return sys.spawn(interpreter, opts);
}

}  // namespace ptc::actors
