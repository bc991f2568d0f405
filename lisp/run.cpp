// The run driver: fibers, the tool-call protocol, pmap branches, time slices, the run record.
//
// Each run has a small scheduler of tasks. The main task evaluates the program; pmap/pcalls
// add one child task per branch. A task is a Boost.Context fiber: it runs until it finishes,
// waits on a tool (its request joins `pending`), waits on its children, or yields its slice.
// When no task is ready, start()/resume() return to the host with the run's status.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <optional>
#include <stdexcept>
#include <unordered_map>

#include <boost/context/fiber.hpp>
#include <boost/context/preallocated.hpp>

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/common_interface_defs.h>
#define PTC_ASAN_FIBERS 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#include <sanitizer/common_interface_defs.h>
#define PTC_ASAN_FIBERS 1
#endif
#endif

#include "ptc/lisp/analyzer.hpp"
#include "ptc/lisp/closure.hpp"
#include "ptc/lisp/fiber_stack.hpp"
#include "ptc/lisp/json.hpp"
#include "ptc/lisp/printer.hpp"
#include "ptc/lisp/reader.hpp"
#include "ptc/lisp/run.hpp"
#include "ptc/lisp/string.hpp"

namespace ctx = boost::context;

namespace ptc::lisp {

const char* outcome_name(outcome o) {
  switch (o) {
    case outcome::value: return "value";
    case outcome::returned: return "returned";
    case outcome::failed: return "failed";
    case outcome::error: return "error";
  }
  return "?";
}

void definition::set_details(details d) {
  if (d == details{}) {
    more.reset();
  } else {
    more = std::make_shared<const details>(std::move(d));
  }
}

const definition* memory::find(std::string_view name) const {
  for (const auto& d : defs)
    if (d->name == name) return d.get();
  return nullptr;
}

namespace {
constexpr std::size_t scanned_globals = 16;  // up to this many, find_global scans
}

int run_state::find_global(std::string_view name) const {
  if (globals.size() > scanned_globals) {
    auto it = global_index_.find(name);
    return it == global_index_.end() ? -1 : it->second;
  }
  for (std::size_t i = 0; i < globals.size(); ++i)
    if (globals[i].name == name) return static_cast<int>(i);
  return -1;
}

int run_state::add_global(std::string name) {
  const int i = static_cast<int>(globals.size());
  global_slot g;
  g.name = std::move(name);
  globals.push_back(std::move(g));
  if (globals.size() == scanned_globals + 1) {  // from now on by name
    for (int k = 0; k < i; ++k) global_index_.emplace(globals[static_cast<std::size_t>(k)].name, k);
  }
  if (globals.size() > scanned_globals) global_index_.emplace(globals.back().name, i);
  return i;
}

namespace {

constexpr std::size_t main_stack_bytes = 16u << 20;
constexpr std::size_t branch_stack_bytes = 4u << 20;
constexpr std::size_t max_live_branches = 1024;  // per pmap/pcalls batch (see parallel)
// Fibers for pmap/pcalls branches, per run and in the whole process. Each fiber's stack is a
// mapping of its own plus a guard page (two of Linux's ~65,000 mappings per process), so
// nested pmaps (1,024 branches each starting 1,024) would exhaust them: a stack that cannot be
// mapped, or a thread, a malloc arena or another agent's run failing for it. A branch that
// gets no fiber runs in its parent's, in order (pmap computes the same; its tool calls then go
// out one by one).
constexpr std::size_t max_branch_fibers_per_run = 2048;
std::atomic<std::size_t> live_branch_fibers{0};

/// A quarter of the mappings Linux allows a process (vm.max_map_count, 65,530 by default): the
/// branch fibers of all runs take at most half of them.
std::size_t max_branch_fibers_per_process() {
  static const std::size_t cap = [] {
    unsigned long maps = 65530;
    if (std::FILE* f = std::fopen("/proc/sys/vm/max_map_count", "r")) {
      if (std::fscanf(f, "%lu", &maps) != 1) maps = 65530;
      std::fclose(f);
    }
    return std::clamp<std::size_t>(maps / 4, 1024, std::size_t{1} << 20);
  }();
  return cap;
}

/// A branch fiber counted against max_branch_fibers_per_process while it exists.
struct branch_ticket {
  bool held = false;
  branch_ticket() = default;
  branch_ticket(const branch_ticket&) = delete;
  branch_ticket& operator=(const branch_ticket&) = delete;
  bool take() {
    if (live_branch_fibers.fetch_add(1, std::memory_order_relaxed) >= max_branch_fibers_per_process()) {
      live_branch_fibers.fetch_sub(1, std::memory_order_relaxed);
      return false;
    }
    held = true;
    return true;
  }
  ~branch_ticket() {
    if (held) live_branch_fibers.fetch_sub(1, std::memory_order_relaxed);
  }
};
#if defined(PTC_ASAN_FIBERS)
constexpr std::size_t stack_margin = 2u << 20;
#else
constexpr std::size_t stack_margin = 512u << 10;
#endif

/// Thrown at a task's suspension point when its run is destroyed or finished early: the task
/// unwinds normally (no Boost forced unwind), so sanitizers see every stack switch.
struct task_cancelled {};

struct task {
  enum class state { ready, waiting_tool, waiting_children, done };
  branch_ticket ticket;  // released after the fiber (members are destroyed in reverse order)
  ctx::fiber fib;
  ctx::fiber sink;
  bool cancelled = false;
  const char* stack_bottom = nullptr;
  std::size_t stack_size = 0;
  void* fake_stack = nullptr;  // AddressSanitizer's bookkeeping while this task is switched out
  state st = state::ready;
  std::function<value(context&)> body;
  record_cache records;       ///< cx's (emptied when the body ends, in the fiber)
  std::optional<context> cx;  ///< in the task: one allocation less a run
  const char* stack_limit = nullptr;
  std::size_t stack_bytes = main_stack_bytes;
  // waiting on a tool
  std::optional<tool_reply> reply;
  // children (pmap)
  task* parent = nullptr;
  std::size_t open_children = 0;
  // outcome
  value result;
  std::exception_ptr error;
  std::optional<return_signal> returned;  ///< (return v) / (fail v) ended it
};

/// The ready tasks, oldest first: a vector read from a moving front (one allocation for a run,
/// where std::deque takes two: most runs have one task).
class task_queue {
 public:
  bool empty() const { return head_ == items_.size(); }
  task* front() const { return items_[head_]; }
  void pop_front() {
    if (++head_ == items_.size()) clear();
  }
  void push_back(task* t) { items_.push_back(t); }
  void push_front(task* t) {
    if (head_ > 0) {
      items_[--head_] = t;
    } else {
      items_.insert(items_.begin(), t);
    }
  }
  void clear() {
    items_.clear();
    head_ = 0;
  }

 private:
  std::vector<task*> items_;
  std::size_t head_ = 0;
};

}  // namespace

struct program_run::impl {
  program_input input;
  budget bud;
  run_state st;
  status state = status::ready;
  // The calls out, in issue order (ids grow). An answered call leaves `waiting` at once and
  // `pending` at the next compact(): erasing each from the middle as it was answered made a
  // pmap of a thousand calls cost a thousand moves per answer. Every call in `pending` is in
  // `waiting` until it is answered, so the answered ones are the difference in size.
  std::vector<tool_request> pending;
  std::uint64_t max_answered_id = 0;  ///< the largest id answered since the last compact() (0: none)
  std::unordered_map<std::uint64_t, task*> waiting;
  task_queue ready;
  std::vector<std::unique_ptr<task>> tasks;
  task* current = nullptr;
  task* main = nullptr;
  bool yield_requested = false;
  // The driver's stack, as seen from inside a task (it changes when resumed on another thread).
  const void* driver_bottom = nullptr;
  std::size_t driver_size = 0;
  std::unordered_map<std::uint64_t, std::pair<std::size_t, std::chrono::steady_clock::time_point>> call_records;
  // What a limit error's unwinding set aside (object.hpp, parking): freed when the run is
  // destroyed, after its result has been reported.
  std::vector<const object*> parked;

  explicit impl(program_input in) : input(std::move(in)), bud(input.lim) {
    bud.park_frees_on_limit();
    st.bud = &bud;
    st.data = input.data;
    st.tools = input.tools;
    st.scheduler = this;
    if (input.mem) {
      st.globals.reserve(input.mem->defs.size() + 8);  // the memory's and a few new: no regrowth
      for (const auto& d : input.mem->defs) {
        global_slot& g = st.globals[static_cast<std::size_t>(st.add_global(d->name))];
        g.val = d->val;
        g.bound = true;
        g.is_function = d->is_function;
        g.docstring = d->docstring();
        g.params = d->params();
        g.source = d->source();  // input.mem outlives the run
        g.origin = d;
      }
    }
    if (input.slice_steps) {
      bud.set_slice(input.slice_steps, [this] { yield_current(); });
    }
  }

  /// A task on a fiber of its own, queued to run. A branch (a parent given) may get none: null
  /// when this run or the process has as many branch fibers as it may, or no stack can be
  /// mapped; the caller then runs the branch itself.
  task* spawn(std::function<value(context&)> body, std::size_t stack_bytes, task* parent) {
    if (parent && tasks.size() > max_branch_fibers_per_run) return nullptr;
    auto t = std::make_unique<task>();
    if (parent && !t->ticket.take()) return nullptr;
    pooled_stack salloc(stack_bytes, parent != nullptr);
    ctx::stack_context sctx;
    try {
      sctx = salloc.allocate();
    } catch (const std::bad_alloc&) {
      if (parent) return nullptr;
      // Not the program's memory (its limit is checked elsewhere): the process's.
      throw std::runtime_error(
          "no stack could be mapped for the program: the process is out of memory or of memory "
          "mappings (each program waiting on tools holds one " +
          std::to_string(stack_bytes >> 20) + " MB stack mapping)");
    }
    t->body = std::move(body);
    t->cx.emplace(bud, &st, &t->records);
    t->parent = parent;
    t->stack_bytes = stack_bytes;
    task* raw = t.get();
    t->stack_bottom = static_cast<const char*>(sctx.sp) - sctx.size;
    t->stack_size = sctx.size;
    t->stack_limit = t->stack_bottom + stack_margin;
    t->fib = ctx::fiber(std::allocator_arg, ctx::preallocated(sctx.sp, sctx.size, sctx), salloc,
                        [this, raw](ctx::fiber&& sink) { return run_task(raw, std::move(sink)); });
    tasks.push_back(std::move(t));
    ready.push_back(raw);
    return raw;
  }

  ctx::fiber run_task(task* t, ctx::fiber&& sink) {
#if defined(PTC_ASAN_FIBERS)
    __sanitizer_finish_switch_fiber(nullptr, &driver_bottom, &driver_size);
#endif
    t->sink = std::move(sink);
    budget::set_stack_limit(t->stack_limit);
    try {
      if (t->cancelled) throw task_cancelled{};
      t->result = t->body(*t->cx);
    } catch (const task_cancelled&) {
      // the run is being torn down
    } catch (return_signal& s) {
      t->returned = std::move(s);  // kept as it is: rethrowing an exception_ptr unwinds again
    } catch (lisp_exception& e) {
      t->cx->locate(e.err());  // raised inside a call of this task's (context.hpp)
      t->error = std::current_exception();
    } catch (...) {
      t->error = std::current_exception();
    }
    t->records.clear();  // while the run's counts are plain (record_cache)
    object::take_parked(parked);  // the task is over: nothing more of it unwinds
    t->st = task::state::done;
#if defined(PTC_ASAN_FIBERS)
    __sanitizer_start_switch_fiber(nullptr, driver_bottom, driver_size);
#endif
    return std::move(t->sink);
  }

  /// Driver → task: runs it until it suspends or finishes.
  void switch_to(task* t) {
#if defined(PTC_ASAN_FIBERS)
    void* driver_fake = nullptr;
    __sanitizer_start_switch_fiber(&driver_fake, t->stack_bottom, t->stack_size);
#endif
    t->fib = std::move(t->fib).resume();
#if defined(PTC_ASAN_FIBERS)
    __sanitizer_finish_switch_fiber(driver_fake, nullptr, nullptr);
#endif
  }

  /// Task → driver. Returns when the driver switches back; throws if the run was cancelled.
  void suspend(task* t) {
    if (t->cancelled) throw task_cancelled{};  // e.g. a finally block calling a tool while unwinding
    object::take_parked(parked);  // a finally block calling a tool: other tasks free as usual
    budget::set_stack_limit(nullptr);
#if defined(PTC_ASAN_FIBERS)
    __sanitizer_start_switch_fiber(&t->fake_stack, driver_bottom, driver_size);
#endif
    t->sink = std::move(t->sink).resume();
#if defined(PTC_ASAN_FIBERS)
    __sanitizer_finish_switch_fiber(t->fake_stack, &driver_bottom, &driver_size);
#endif
    budget::set_stack_limit(t->stack_limit);
    if (t->cancelled) throw task_cancelled{};
  }

  /// Unwinds every unfinished task (children first is not needed: each unwinds on its own).
  void cancel_all() {
    for (auto& t : tasks) {
      if (t->st == task::state::done || !t->fib) continue;
      t->cancelled = true;
      current = t.get();
      switch_to(t.get());
      current = nullptr;
    }
    budget::set_stack_limit(nullptr);
    tasks.clear();
  }

  void yield_current() {
    if (!current) return;
    yield_requested = true;
    ready.push_front(current);
    suspend(current);
  }

  /// Runs ready tasks until none is ready; returns the resulting status.
  status drive() {
    while (!ready.empty()) {
      task* t = ready.front();
      ready.pop_front();
      current = t;
      bud.activate();
      bud.resume_clock();
      switch_to(t);
      bud.pause_clock();
      bud.deactivate();
      budget::set_stack_limit(nullptr);
      current = nullptr;
      if (t->st == task::state::done && t->parent) {
        task* p = t->parent;
        if (--p->open_children == 0) {
          p->st = task::state::ready;
          ready.push_back(p);
        }
      }
      if (main->st == task::state::done) return finish();
      if (yield_requested) {
        yield_requested = false;
        return status::yielded;
      }
    }
    return waiting.empty() ? finish_stuck() : status::pending_tools;
  }

  /// Entries of `pending` already answered (not yet dropped).
  std::size_t answered() const { return pending.size() - waiting.size(); }

  /// Drops the answered calls from `pending` (one pass, order kept).
  void compact() {
    if (answered() == 0) return;
    pending.erase(std::remove_if(pending.begin(), pending.end(),
                                 [&](const tool_request& q) { return !waiting.contains(q.id); }),
                  pending.end());
    max_answered_id = 0;
  }

  status finish_stuck() {
    // Cannot happen with a correct scheduler: every non-ready task waits on a tool or a child.
    error e;
    e.kind = error_kind::limit;
    e.message = "the run stopped with nothing to wait for";
    st.record.kind = outcome::error;
    st.record.err = e;
    st.record.mem = input.mem;
    return status::finished;
  }

  status finish() {
    run_result& r = st.record;
    r.steps = bud.steps();
    r.eval_time = bud.elapsed();
    r.peak_memory_bytes = std::max(bud.peak_bytes(), bud.live_bytes());
    bool ok = true;
    if (main->returned) {
      r.kind = main->returned->failed ? outcome::failed : outcome::returned;
      r.result = std::move(main->returned->v);
    } else if (main->error) {
      try {
        std::rethrow_exception(main->error);
      } catch (lisp_exception& e) {
        r.kind = outcome::error;
        r.err = e.err();
        ok = false;
      } catch (const std::bad_alloc&) {
        r.kind = outcome::error;
        r.err = error{error_kind::limit, "memory limit reached (allocation failed)", {}, {}, {}};
        ok = false;
      } catch (const std::exception& e) {
        r.kind = outcome::error;
        r.err = error{error_kind::type, std::string("internal error: ") + e.what(), {}, {}, {}};
        ok = false;
      }
    } else {
      r.kind = outcome::value;
      r.result = std::move(main->result);
    }
    r.mem = ok ? build_memory() : (input.mem ? input.mem : std::make_shared<const memory>());
    if (!ok) r.defined.clear();
    // Unfinished branches (an error in a sibling) are unwound now, while the run is alive.
    cancel_all();
    ready.clear();
    waiting.clear();
    pending.clear();
    max_answered_id = 0;
    return status::finished;
  }

  memory_ptr build_memory() {
    auto m = std::make_shared<memory>();
    m->defs.reserve(st.globals.size());
    for (const auto& g : st.globals) {
      if (!g.bound) continue;
      // A definition the run did not redefine is the one it came in with, unless a call gave a
      // function another return type.
      std::string return_type;
      if (auto* c = g.is_function ? dynamic_cast<const closure_obj*>(g.val.obj()) : nullptr; c && c->called()) {
        return_type = type_label(c->last_return());
      } else if (!g.defined_this_run && g.origin) {
        return_type = g.origin->return_type();
      }
      if (g.origin && !g.defined_this_run && return_type == g.origin->return_type()) {
        m->defs.push_back(g.origin);
        continue;
      }
      definition d;
      d.name = g.name;
      d.is_function = g.is_function;
      d.val = g.val;
      d.set_details({g.docstring, g.params, std::move(return_type),
                     g.is_function ? std::string(g.source) : std::string()});
      m->defs.push_back(std::make_shared<const definition>(std::move(d)));
    }
    return m;
  }

  value evaluate_program(context& c) {
    std::vector<std::string_view> texts;
    std::vector<form> forms = read_program(input.source, texts);
    analysis_env env;
    env.state = &st;
    collect_forward_names(forms, env.forward);
    std::sort(env.forward.begin(), env.forward.end());
    env.forward.erase(std::unique(env.forward.begin(), env.forward.end()), env.forward.end());
    analyzer a(env);
    std::vector<value> top_slots;
    value last;
    for (std::size_t i = 0; i < forms.size(); ++i) {
      const form& f = forms[i];
      st.current_source = texts[i];
      node_ptr n = a.analyze_top(f);
      const auto need = static_cast<std::size_t>(a.current_fn().max_slots);
      if (top_slots.size() < need) top_slots.resize(need);
      frame fr{top_slots.data(), nullptr, &c};
      // A top-level (return v) ends the run here, as its throw would, without the unwinding.
      if (return_signal r; n->eval_return(fr, r)) {
        main->returned = std::move(r);
        return value();
      }
      last = n->eval(fr);
      c.limits().check_time();
    }
    // As return does (builtins/runtime.cpp): the value must be printable within the limits.
    check_printable(last, c, "the program's value (its text)");
    return last;
  }

  static void collect_forward_names(const std::vector<form>& forms, std::vector<std::string_view>& out) {
    for (const form& f : forms) {
      if (f.kind == form_kind::list && f.items.size() >= 2 && f.items[0].is_symbol() && f.items[1].is_symbol()) {
        const std::string& head = named(f.items[0].atom).full();
        if (head == "def" || head == "defn" || head == "defn-" || head == "defonce") {
          out.push_back(named(f.items[1].atom).name());  // interned: lives as long as the process
        }
      }
      if (!f.items.empty()) collect_forward_names(f.items, out);
    }
  }
};

// --- run_state hooks that need the scheduler -------------------------------------------------

value run_state::call_tool(context& c, const std::string& name, nlohmann::ordered_json args) {
  auto* run = static_cast<program_run::impl*>(scheduler);
  task* t = run->current;
  const std::uint64_t id = next_call_id++;
  tool_call_record rec;
  rec.name = name;
  rec.args = args;
  record.tool_calls.push_back(std::move(rec));
  const std::size_t rec_index = record.tool_calls.size() - 1;
  const auto started = std::chrono::steady_clock::now();
  record.tool_calls.back().started = std::chrono::duration_cast<std::chrono::microseconds>(started - this->started);
  run->pending.push_back(tool_request{id, name, std::move(args)});
  run->waiting[id] = t;
  t->st = task::state::waiting_tool;
  run->suspend(t);

  tool_reply reply = std::move(*t->reply);
  t->reply.reset();
  tool_call_record& r = record.tool_calls[rec_index];
  r.duration = std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - started);
  if (reply.result) {
    r.result = *reply.result;
    return from_json(*reply.result);
  }
  r.error = reply.error.empty() ? std::string("the tool failed without a message") : reply.error;
  raise(error_kind::tool, "tool/" + name + " failed: " + *r.error);
}

std::vector<value> run_state::parallel(context& c, std::size_t n,
                                       const std::function<value(context&, std::size_t)>& branch) {
  auto* run = static_cast<program_run::impl*>(scheduler);
  task* parent = run->current;
  if (n == 0) return {};
  // Branches run in batches of at most max_live_branches: each branch is a fiber with its own
  // stack, and (pmap f (range 200000)) must not map 200,000 stacks before the first check of
  // the budget. Spawning ticks the budget, so the deadline and the step limit hold while a
  // batch is set up; a failed batch ends the pmap without starting the next. A branch that
  // gets no fiber (see max_branch_fibers_per_run) runs here, in this task.
  std::vector<value> out;
  out.reserve(n);
  std::vector<task*> children;
  std::size_t start = 0;
  while (start < n) {
    const std::size_t end = std::min(n, start + max_live_branches);
    children.clear();
    try {
      for (std::size_t i = start; i < end; ++i) {
        c.limits().tick();
        task* ch = run->spawn([&branch, i](context& cx) { return branch(cx, i); }, branch_stack_bytes, parent);
        if (!ch) break;
        children.push_back(ch);
      }
    } catch (...) {
      // The branches made so far must never start: they refer to `branch`, which this
      // unwinding ends. They are unwound as cancelled when the driver comes to them.
      for (task* ch : children) {
        ch->cancelled = true;
        ch->parent = nullptr;
      }
      throw;
    }
    if (children.empty()) {
      out.push_back(branch(c, start));  // no fiber to spare: this branch runs here
      ++start;
      continue;
    }
    start += children.size();
    parent->open_children = children.size();
    parent->st = task::state::waiting_children;
    run->suspend(parent);
    std::exception_ptr failed;
    std::optional<return_signal> returned;  // a branch's (return v) ends the whole run
    for (task* ch : children) {
      if (ch->error || ch->returned) {
        failed = ch->error;
        returned = std::move(ch->returned);
        break;
      }
      out.push_back(std::move(ch->result));
    }
    // The children are done; free their fibers now rather than at the end of the run.
    std::sort(children.begin(), children.end());
    auto& ts = run->tasks;
    ts.erase(std::remove_if(ts.begin(), ts.end(),
                            [&](const std::unique_ptr<task>& t) {
                              return std::binary_search(children.begin(), children.end(), t.get());
                            }),
             ts.end());
    if (failed) std::rethrow_exception(failed);
    if (returned) throw std::move(*returned);
  }
  return out;
}

// --- program_run ----------------------------------------------------------------------------

program_run::program_run(program_input in) : impl_(std::make_unique<impl>(std::move(in))) {}

program_run::~program_run() {
  if (impl_) {
    // Unwind unfinished fibers with the budget inactive (objects they free are not charged).
    impl_->cancel_all();
    object::free_parked(impl_->parked);
  }
}

program_run::status program_run::start() {
  if (impl_->state != status::ready) return impl_->state;
  impl_->main = impl_->spawn([this](context& c) { return impl_->evaluate_program(c); }, main_stack_bytes, nullptr);
  impl_->state = impl_->drive();
  return impl_->state;
}

program_run::status program_run::resume(std::vector<tool_reply> replies) {
  impl& r = *impl_;
  if (r.state == status::ready) return start();
  if (r.state == status::finished) return r.state;
  for (auto& rep : replies) {
    auto it = r.waiting.find(rep.id);
    if (it == r.waiting.end()) continue;
    task* t = it->second;
    r.waiting.erase(it);
    r.max_answered_id = std::max(r.max_answered_id, rep.id);
    t->reply = std::move(rep);
    t->st = task::state::ready;
    r.ready.push_back(t);
  }
  // Compacted once half of `pending` is answered: each call is moved a bounded number of times.
  if (r.answered() * 2 > r.pending.size()) r.compact();
  r.state = r.drive();
  return r.state;
}

program_run::status program_run::state() const { return impl_->state; }
const std::vector<tool_request>& program_run::pending() const {
  impl_->compact();
  return impl_->pending;
}

std::span<const tool_request> program_run::requests_from(std::uint64_t first_id) const {
  impl& r = *impl_;
  if (r.answered() > 0 && r.max_answered_id >= first_id) r.compact();  // not for a driver that hands calls out once
  auto from = std::lower_bound(r.pending.begin(), r.pending.end(), first_id,
                               [](const tool_request& q, std::uint64_t id) { return q.id < id; });
  return {r.pending.data() + (from - r.pending.begin()), static_cast<std::size_t>(r.pending.end() - from)};
}
const run_result& program_run::result() const { return impl_->st.record; }
run_result program_run::take_result() { return std::move(impl_->st.record); }
std::size_t program_run::parked_objects() const { return impl_->parked.size(); }

run_result run(std::string_view source, const run_options& opts) {
  program_input in;
  in.source = std::string(source);
  in.data = opts.data;
  for (const auto& [name, fn] : opts.tools) in.tools.push_back(name);
  in.mem = opts.mem;
  in.lim = opts.lim;
  program_run r(std::move(in));
  auto s = r.start();
  while (s != program_run::status::finished) {
    std::vector<tool_reply> replies;
    for (const tool_request& q : r.pending()) {
      tool_reply rep;
      rep.id = q.id;
      auto it = opts.tools.find(q.name);
      try {
        rep.result = it->second(q.args);
      } catch (const std::exception& e) {
        rep.error = e.what();
      } catch (...) {
        rep.error = "the tool failed";
      }
      replies.push_back(std::move(rep));
    }
    s = r.resume(std::move(replies));
  }
  return r.take_result();
}

}  // namespace ptc::lisp
