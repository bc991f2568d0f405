#pragma once
// Analysed code: a tree of pre-resolved nodes (the sci approach). The analyzer resolves every
// symbol once — locals to slot indexes, captured variables to capture indexes, user globals to
// global indexes, builtins to their function value — so evaluation never looks a name up.
// Every node keeps its source position so runtime errors can say line:col.
//
// Evaluation is recursive C++ over the tree. Tail `recur` does not unwind: the recur node
// writes the loop's slots and sets frame::recur, and every node between it and its loop just
// returns (recur is only allowed in tail position, checked by the analyzer).
#include <chrono>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include <nlohmann/json.hpp>

#include "ptc/lisp/context.hpp"
#include "ptc/lisp/error.hpp"
#include "ptc/lisp/run.hpp"
#include "ptc/lisp/value.hpp"

namespace ptc::lisp {

class closure_obj;

/// One function activation's locals.
struct frame {
  value* slots;
  const closure_obj* self;  ///< the running closure (captures, self-reference); null at top level
  context* ctx;
  bool recur = false;       ///< set by a tail recur; the enclosing loop or fn consumes it
};

struct return_signal;

/// What evaluating a node may do besides making its value: nothing, raise an error, or anything
/// (print, call a tool or a user function, return, define). Context: the analyzer runs chained
/// seq stages item by item instead of stage by stage only where nobody can tell the difference
/// (range_fused_node, stage_fused_node). Decision: a conservative answer per node class; a
/// class that does not say is `any`. Budget limits are not effects: a run that meets one fails
/// either way. A keyword lookup or `=` is `none`, also on a sorted collection, whose comparator
/// may raise or be a user function (that corner runs in fused order).
enum class effects : std::uint8_t { none, may_raise, any };
inline effects worst(effects a, effects b) { return a > b ? a : b; }

class node {
 public:
  explicit node(source_pos p) : pos(p) {}
  virtual ~node() = default;
  virtual value eval(frame& f) const = 0;
  /// Evaluates for a reader that only looks at the result: returns where the value lives —
  /// a constant, a local's slot, a capture, inside one of those — or `tmp` holding it. Spares
  /// the reference count traffic (atomic) of a copy. The pointer is valid while `tmp` and the
  /// frame live and until the frame's slots are next written (evaluation of sibling
  /// arguments never writes a slot a pointer can refer to: let slots are not reused, and recur
  /// is only in tail position). `tmp` is nil on entry: every caller passes a fresh temporary
  /// (value::fill).
  virtual const value* eval_ref(frame& f, value& tmp) const {
    tmp.fill(eval(f));
    return &tmp;
  }
  /// Evaluates for a test (if): whether the value is truthy. A comparison answers without
  /// making a value.
  virtual bool test(frame& f) const { return eval(f).truthy(); }
  /// For a call of `return` or `fail` only: evaluates it as eval would, but hands the value
  /// over in `out` instead of throwing return_signal (the run's top-level loop, which ends the
  /// run there: nothing is left to unwind). false: not such a call, nothing evaluated.
  virtual bool eval_return(frame& /*f*/, return_signal& /*out*/) const { return false; }
  /// What evaluating this node may do besides making its value (see effects).
  virtual effects effect() const { return effects::any; }
  /// What calling the function this node evaluates to with `nargs` arguments may do: known for
  /// a keyword, a builtin and a fn literal; `any` otherwise.
  virtual effects call_effect(std::size_t /*nargs*/) const { return effects::any; }
  /// Whether this node is long arithmetic with no effects besides its errors ((inc i), (+ acc
  /// i), (* k 3) on locals and constants), so that eval_long may be tried before eval.
  virtual bool answers_long() const { return false; }
  /// For a node that answers_long: its long value in `out`, when its operands hold longs and
  /// nothing overflows or divides by zero; false otherwise, with nothing done (the caller then
  /// evaluates the node, which answers doubles and raises the errors). A loop's recur stores
  /// such values without making them (let.cpp, loop_if_recur_node).
  virtual bool eval_long(frame& /*f*/, std::int64_t& /*out*/) const { return false; }
  source_pos pos;
};
using node_ptr = std::unique_ptr<node>;

/// f.slots[slot] = n.eval(f), the value made in place and moved into the slot without a
/// temporary's destructor (raw_value): let bindings, loop bindings, recur arguments.
[[gnu::always_inline]] inline void store_eval(frame& f, int slot, const node& n) {
  raw_value v;
  v.make([&] { return n.eval(f); });
  f.slots[slot].take_from_raw(v.get());
}

/// What evaluating all of `nodes` may do: the worst of their effects.
inline effects worst_effect(const std::vector<node_ptr>& nodes) {
  effects e = effects::none;
  for (const auto& n : nodes) e = worst(e, n->effect());
  return e;
}

/// The same of a let's or a loop's binding steps (slot, value node).
inline effects worst_effect(const std::vector<std::pair<int, node_ptr>>& steps) {
  effects e = effects::none;
  for (const auto& [slot, n] : steps) e = worst(e, n->effect());
  return e;
}

/// A user global (def) as the analyzer and the run see it.
struct global_slot {
  std::string name;
  value val;
  bool bound = false;
  bool is_function = false;
  std::string docstring;
  std::string params;
  value last_return;        ///< what its most recent call returned (for "-> type")
  bool returned = false;
  bool defined_this_run = false;
  std::string_view source;  ///< the top-level form that made it (a view into the run's source or memory)
  std::shared_ptr<const definition> origin;  ///< its definition in the memory the run started with
};

/// Everything a run's evaluation shares: globals, data, tools, the record. One per run.
struct run_state {
  budget* bud = nullptr;
  std::vector<global_slot> globals;
  value data;
  std::vector<std::string> tools;
  run_result record;
  std::uint64_t next_call_id = 1;
  std::string_view current_source;  ///< the top-level form being evaluated (def records it)
  std::chrono::steady_clock::time_point started = std::chrono::steady_clock::now();  ///< tool calls' offsets

  /// Calls a tool: suspends the calling fiber until the host replies (run.cpp).
  value call_tool(context& c, const std::string& name, nlohmann::ordered_json args);
  /// Runs n branches on fibers of their own (run.cpp).
  std::vector<value> parallel(context& c, std::size_t n,
                              const std::function<value(context&, std::size_t)>& branch);
  void* scheduler = nullptr;  ///< the run's fiber scheduler (run.cpp); null when none

  int find_global(std::string_view name) const;
  /// Appends an unbound global named `name` (not there yet) and gives its index.
  int add_global(std::string name);

 private:
  /// globals by name, once there are more than a few (a scan is quicker for the few).
  std::unordered_map<std::string, int, text_hash, std::equal_to<>> global_index_;
};

/// Raised by (return v) and (fail v): not a lisp error, so try/catch cannot swallow it.
struct return_signal {
  value v;
  bool failed = false;
};

/// What (return v) / (fail v) check before v leaves the run (builtins/runtime.cpp): its text
/// must fit the string limit. Gives the signal to raise or hand over.
return_signal checked_return(context& c, value v, bool failed);

/// Fills in `pos` on an error that does not have a position yet, then rethrows (analysis).
[[noreturn]] void rethrow_with_pos(lisp_exception& e, source_pos pos);
/// At run time, in a node evaluated in frame `f`: the position of the innermost call inside the
/// node when the error was raised (context::locate), else the node's own `pos`; then rethrows.
[[noreturn]] void rethrow_with_pos(lisp_exception& e, source_pos pos, const frame& f);

}  // namespace ptc::lisp
