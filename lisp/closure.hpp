#pragma once
// User functions. The analyzer turns each (fn ...) into an fn_template: its arities, each with
// a body and the slots its locals need, plus where each captured variable comes from in the
// enclosing frame. Evaluating the fn form makes a closure_obj: the template plus the captured
// values (copied: values are immutable, so capture by value is exact).
//
// Templates are shared (shared_ptr) because closures outlive the program that made them: a
// defn persists in the agent's memory and is called in later turns.
#include <memory>
#include <string>
#include <vector>

#include "ptc/lisp/context.hpp"
#include "ptc/lisp/function.hpp"
#include "ptc/lisp/node.hpp"
#include "ptc/lisp/printer.hpp"
#include "ptc/lisp/string.hpp"

namespace ptc::lisp {

struct fn_arity {
  int fixed = 0;         ///< positional parameters
  bool variadic = false; ///< takes & rest
  int slot_count = 0;    ///< locals the body needs (parameters first, in order)
  /// The body never moves a parameter out of its slot (a parameter read once is moved at that
  /// read: local_node) and never recurs to this arity (recur writes the parameter slots): a
  /// call_loop may then lend it its arguments (see there).
  bool params_read_only = false;
  node_ptr body;         ///< destructuring prelude + the body forms
};

struct letfn_group;

struct fn_template {
  std::string name = "fn";            ///< the fn's own name, or "fn"
  const letfn_group* group = nullptr; ///< set for letfn members
  std::vector<fn_arity> arities;      ///< at most one variadic, which has the most fixed params
  struct capture_source {
    bool from_capture;  ///< true: the enclosing closure's capture `index`; false: its slot
    int index;
  };
  std::vector<capture_source> captures;
  std::string params_text;            ///< "[a b]" of the first arity, for the user/ prelude
  source_pos pos;

  const fn_arity* arity_for(std::size_t n) const;
  std::string arity_description() const;
};

/// The functions of one letfn. Members refer to each other by name; such a reference makes a
/// fresh closure of the other member from the same captured values (all members capture the
/// same list), so no closure ever holds another: no reference cycles.
struct letfn_group {
  std::vector<std::unique_ptr<fn_template>> members;
};

class closure_obj final : public function_obj {
 public:
  closure_obj(std::shared_ptr<const fn_template> t, std::vector<value> captures)
      : tmpl_(std::move(t)), captures_(std::move(captures)) {}
  value invoke(context& c, std::span<const value> args) const override;
  value invoke_owned(context& c, std::span<value> args) const override;
  std::string name() const override { return tmpl_->name; }
  const closure_obj* as_closure() const override { return this; }

  const fn_template& tmpl() const { return *tmpl_; }
  const std::shared_ptr<const fn_template>& tmpl_ptr() const { return tmpl_; }
  const std::vector<value>& captures() const { return captures_; }
  const value& capture(int i) const { return captures_[static_cast<std::size_t>(i)]; }
  /// The shape of what the most recent call returned (the user/ prelude shows its type).
  const type_shape& last_return() const { return last_return_; }
  bool called() const { return called_; }
  /// Its calls do not record what they return (forms::note_only_called: nothing can show it).
  void forget_returns() { records_returns_ = false; }

  /// Frames a call site may build itself (call_in_slots): at most this many slots.
  static constexpr std::size_t caller_frame_slots = 8;
  /// The arity a call with `n` arguments runs, when the caller may build its frame: fixed
  /// parameters (no rest) and at most caller_frame_slots slots. Null otherwise (and for a count
  /// no arity takes): such calls go through invoke.
  const fn_arity* caller_frame_arity(std::size_t n) const {
    const fn_arity* a = tmpl_->arity_for(n);
    return a && !a->variadic && static_cast<std::size_t>(a->slot_count) <= caller_frame_slots ? a : nullptr;
  }
  /// Runs arity `a` (from caller_frame_arity) over a frame the caller built: its a.fixed
  /// parameters stored in the first slots, the other slots up to a.slot_count nil. The caller
  /// evaluates the arguments straight into the frame (no argument buffer copied into a second
  /// one) and destroys the slots afterwards. Depth and step checks as in invoke.
  value call_in_slots(context& c, const fn_arity& a, value* slots) const;

 private:
  friend class call_loop;
  template <class Args>
  value call(context& c, Args args, bool owned) const;
  /// Evaluates arity `a`'s body over `slots` (its parameters already stored): again after each
  /// tail recur, with a step tick between, then records the result as the most recent call's.
  /// The whole of a call once its frame is set up (call(), call_loop); inline, below.
  value run_body(const fn_arity& a, value* slots, context& c) const;
  /// The loop of run_body and test_body: answer(frame) again after each tail recur, with a
  /// step tick between; the last answer returned.
  template <class Answer>
  auto repeat_body(value* slots, context& c, Answer answer) const;
  /// run_body as a condition ((filter p xs)): the body answers through node::test, so a
  /// comparison's boolean is never made, unless the call's value is recorded (returned()).
  bool test_body(const fn_arity& a, value* slots, context& c) const;
  /// Records r as the most recent call's return, for the definition's description. A value
  /// without a size is recorded here, inline in every call site (whether the linker inlined an
  /// out-of-line recorder moved fib 22 by 5%); a collection's shape out of line.
  void returned(const value& r) const {
    if (!records_returns_) return;
    if (r.is_heap() && !r.is(type::string) && !r.is(type::keyword)) {
      note_return(r);
      return;
    }
    last_return_.kind = r.kind();  // fill_shape's answer for a value without a size
    last_return_.count = 0;
    last_return_.sized = true;
    called_ = true;
  }
  /// returned() of a collection (or another sized value): its shape.
  void note_return(const value& r) const;

  std::shared_ptr<const fn_template> tmpl_;
  std::vector<value> captures_;
  // Only ever touched by the run evaluating this closure (one thread at a time).
  mutable type_shape last_return_;
  mutable bool called_ = false;
  bool records_returns_ = true;
};

/// Calls one function many times from a builtin's eager loop ((filter p rows), (map f rows),
/// (reduce f init rows)). Context: such a loop calls the same closure once per item, and
/// setting up a call (arity, depth and stack checks, constructing and destroying the frame)
/// costs as much as a small body. Decision: when f is a closure with an arity for the loop's
/// argument count (1 or 2) and a small frame, the frame is set up once, for the loop's
/// lifetime; each call stores the arguments and evaluates the body (step ticks and recur as in
/// a call). Locals keep their previous call's values until rebound (every local is bound before
/// it is read). Anything else goes through context::call. The loop counts as one call level
/// while it lasts; it must not outlive the builtin call that made it (a lazy sequence keeps
/// using context::call).
/// An item argument is lent, not copied, when the arity only reads its parameters
/// (fn_arity::params_read_only): its bits are put in the slot for the call and taken away
/// after it, with no reference counted. The caller holds the item through the call, and
/// anything in the body that keeps it copies it from the slot; so an item in a collection
/// shared with other threads costs no atomic count per call.
class call_loop {
 public:
  /// Whether f is a user closure (the only kind a call_loop speeds up; for others a loop
  /// should keep calling context::call directly).
  static bool helps(const value& f) {
    return f.is(type::function) && static_cast<const function_obj&>(*f.obj()).as_closure();
  }

  call_loop(context& c, const value& f, std::size_t nargs);
  ~call_loop();
  call_loop(const call_loop&) = delete;
  call_loop& operator=(const call_loop&) = delete;

  /// (f x), for a loop made with nargs 1.
  value operator()(const value& x);
  /// (f x) as a condition, for a loop made with nargs 1 ((filter p xs), (remove p xs)): the
  /// same call, its value only tested (closure_obj::test_body).
  bool test(const value& x);
  /// (f acc x), for a loop made with nargs 2; acc is handed over (an assoc in f can then
  /// update it in place, as with context::call_owned).
  value operator()(value acc, const value& x);

 private:
  /// x in slots_[i] (lent or copied) for one call of `body`, with the call's step tick.
  template <class Body>
  auto with_item(std::size_t i, const value& x, Body body);
  static constexpr std::size_t max_slots = 8;
  context& c_;
  const value& f_;
  const closure_obj* closure_ = nullptr;  ///< null: calls go through context::call, or native_
  /// A builtin f, its arity checked once: each call goes straight to its entry ((filter even?
  /// xs), (map inc xs), (reduce max xs): no virtual call and arity check per item), or to its
  /// owned entry in a two-argument loop when it has one ((reduce conj [] xs): builtin.hpp).
  value (*native_)(context&, std::span<const value>) = nullptr;
  value (*native_owned_)(context&, std::span<value>) = nullptr;
  const fn_arity* arity_ = nullptr;
  bool lend_ = false;  ///< the item argument is lent (arity_->params_read_only)
  value slots_[max_slots];
};

// Inline, in the loops of the builtins that use them (a fused pipeline calls a stage's closure
// per item): calls, their returns and the values passed through memory between them were about
// a tenth of a pipeline's time when these were out of line.
template <class Answer>
[[gnu::always_inline]] inline auto closure_obj::repeat_body(value* slots, context& c, Answer answer) const {
  frame f{slots, this, &c};
  for (;;) {
    auto r = answer(f);
    if (!f.recur) return r;
    f.recur = false;
    c.limits().tick();
  }
}

[[gnu::always_inline]] inline value closure_obj::run_body(const fn_arity& a, value* slots, context& c) const {
  value r = repeat_body(slots, c, [&a](frame& f) __attribute__((always_inline)) { return a.body->eval(f); });
  returned(r);
  return r;
}

[[gnu::always_inline]] inline bool closure_obj::test_body(const fn_arity& a, value* slots, context& c) const {
  if (records_returns_) return run_body(a, slots, c).truthy();
  return repeat_body(slots, c, [&a](frame& f) __attribute__((always_inline)) { return a.body->test(f); });
}


namespace detail {
/// One call level on the budget (depth and stack checks) for the guard's lifetime.
struct depth_guard {
  budget& b;
  explicit depth_guard(budget& x) : b(x) { b.enter_call(); }
  ~depth_guard() { b.leave_call(); }
  depth_guard(const depth_guard&) = delete;
  depth_guard& operator=(const depth_guard&) = delete;
};
}  // namespace detail

// Inline in the call sites that build the frame (analyzer.cpp, call_in_frame): a recursive
// function's every call goes through here.
[[gnu::always_inline]] inline value closure_obj::call_in_slots(context& c, const fn_arity& a, value* slots) const {
  budget& b = c.limits();
  detail::depth_guard guard(b);
  b.tick();
  return run_body(a, slots, c);
}

namespace detail {
/// x's bits in `slot` (nil, or left nil by the last loan) for one call, taken away when the
/// call ends or throws: no reference is counted (call_loop's comment says why that is safe).
class loan {
 public:
  loan(value& slot, const value& x) : slot_(slot) { new (&slot_) value(value::borrowed(x)); }
  ~loan() { new (&slot_) value(); }
  loan(const loan&) = delete;
  loan& operator=(const loan&) = delete;

 private:
  value& slot_;
};
}  // namespace detail

template <class Body>
[[gnu::always_inline]] inline auto call_loop::with_item(std::size_t i, const value& x, Body body) {
  if (lend_) {
    detail::loan l(slots_[i], x);
    c_.limits().tick();
    return body();
  }
  slots_[i] = x;
  c_.limits().tick();
  return body();
}

inline value call_loop::operator()(const value& x) {
  if (!closure_) return native_ ? native_(c_, std::span<const value>(&x, 1)) : c_.call(f_, std::span<const value>(&x, 1));
  return with_item(0, x, [this]() __attribute__((always_inline)) { return closure_->run_body(*arity_, slots_, c_); });
}

inline bool call_loop::test(const value& x) {
  if (!closure_) return (*this)(x).truthy();
  return with_item(0, x, [this]() __attribute__((always_inline)) { return closure_->test_body(*arity_, slots_, c_); });
}

inline value call_loop::operator()(value acc, const value& x) {
  if (!closure_) {
    value args[2] = {std::move(acc), x};
    if (native_owned_) return native_owned_(c_, std::span<value>(args, 2));
    if (native_) return native_(c_, std::span<const value>(args, 2));
    return c_.call_owned(f_, std::span<value>(args, 2));
  }
  slots_[0] = std::move(acc);
  return with_item(1, x, [this]() __attribute__((always_inline)) { return closure_->run_body(*arity_, slots_, c_); });
}

/// Member j of the letfn group that `self` belongs to, closed over self's captures.
value make_letfn_member(const closure_obj& self, int j);

}  // namespace ptc::lisp
