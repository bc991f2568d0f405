#pragma once
// What a builtin sees of the running program: the budget, calling other functions, printing,
// and running branches in parallel (pmap, pcalls). One context per run; pmap branches get
// their own.
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <span>
#include <string>
#include <vector>

#include "ptc/lisp/budget.hpp"
#include "ptc/lisp/error.hpp"
#include "ptc/lisp/function.hpp"
#include "ptc/lisp/value.hpp"

namespace ptc::lisp {

struct run_state;  // the run's record and machinery (run.cpp)

/// The last record each map literal made, kept to be refilled in place once the program has
/// dropped it (record_node, analyzer.cpp). Context: (->> (range n) (map (fn [i] {:id i ...}))
/// (filter ...) (map :amount) (reduce +)) made and freed one map per item, and allocating,
/// constructing, destroying and freeing it were about a quarter of the pipeline's time.
/// Decision: a small direct-mapped table per task, by node; a slot's map is reused only when
/// the slot holds its only reference. A task's table is emptied inside its fiber when its body
/// ends, before anything of the run reaches another thread (object.hpp: run-local counts).
/// A node is named by an id of its own (never 0, never given twice: record_node), not by its
/// address: a program's top-level forms are analysed and freed one by one, and a later form's
/// map literal allocated where an earlier one's was took that one's record for its own
/// (refilled with the other keys, or past its end when it had more).
class record_cache {
 public:
  struct slot {
    std::uint64_t owner = 0;  ///< the id of the node whose record obj is (obj is set when owner is)
    value obj;
  };
  slot& for_node(std::uint64_t owner) { return slots_[(owner * 0x9E3779B97F4A7C15ull) >> 61]; }
  void clear() {
    for (slot& s : slots_) s = slot{};
  }

 private:
  slot slots_[8];
};

class closure_obj;

/// A record a fused pipeline does not make (stage_fused_node, analyzer.cpp): (->> xs (map (fn [i]
/// {:id i :amount ...})) (filter #(= "shipped" (:status %))) (map :amount) (reduce +)) reads each
/// item's record only through keyword lookups of its keys before a later stage maps it to
/// something else, so nobody can tell whether the record existed. While such a pipeline runs
/// fused, the record literal of `maker` (the map stage's closure) stores its values here instead
/// of making a map, and the keyword lookups of the reading stages' closures read them here. The
/// closures are those of this evaluation of the pipeline: anything else (the same pipeline run
/// stage by stage after an error, or evaluated again inside a stage) makes and reads maps.
struct elided_record {
  static constexpr std::size_t max_fields = 8;  ///< map_obj::record_max
  static constexpr std::size_t max_stages = 8;
  const closure_obj* maker = nullptr;
  const closure_obj* readers[max_stages] = {};  ///< by stage, innermost first; null: not a reader
  value fields[max_fields];
  bool heavy = false;  ///< some field holds a value a record cache would not keep (record_node::light_value)
  elided_record* outer = nullptr;  ///< the pipeline's this one runs inside, if any
};

class context {
 public:
  context(budget& b, run_state* state, record_cache* records = nullptr)
      : budget_(b), state_(state), records_(records) {}

  budget& limits() { return budget_; }
  void tick() { budget_.tick(); }

  /// Calls any callable value: functions, keywords and maps (lookup), sets (membership),
  /// vectors (index). Anything else is a not_callable error.
  value call(const value& f, std::span<const value> args) {
    // Functions first, inline: builtins call user functions once per item.
    if (f.is(type::function)) return static_cast<const function_obj&>(*f.obj()).invoke(*this, args);
    return call_other(f, args);
  }
  value call(const value& f, std::initializer_list<value> args) {
    return call(f, std::span<const value>(args.begin(), args.size()));
  }

  /// Like call, but the callee may move from `args` (they are the caller's temporaries).
  value call_owned(const value& f, std::span<value> args) {
    if (f.is(type::function)) return static_cast<const function_obj&>(*f.obj()).invoke_owned(*this, args);
    return call_other(f, std::span<const value>(args.data(), args.size()));
  }

  /// Records one print call's text (println/print/prn/pr), truncated per TRN-011.
  void print(std::string text);

  /// Runs n branches concurrently where they wait on tools (pmap, pcalls); results in order.
  /// The first error (by branch order) is rethrown. Without a run (plain evaluation) the
  /// branches run one after another.
  std::vector<value> parallel(std::size_t n,
                              const std::function<value(context&, std::size_t)>& branch);

  run_state* state() const { return state_; }
  /// The task's record cache; null in a context made for one call (a comparator, a printer).
  record_cache* records() const { return records_; }
  /// The innermost fused pipeline's elided record in progress, or null (elided_record).
  elided_record* elided() const { return elided_; }
  /// Makes `r` the innermost elided record for the guard's lifetime.
  class elided_scope {
   public:
    elided_scope(context& c, elided_record& r) : c_(c), r_(r) {
      r.outer = c.elided_;
      c.elided_ = &r;
    }
    ~elided_scope() { c_.elided_ = r_.outer; }
    elided_scope(const elided_scope&) = delete;
    elided_scope& operator=(const elided_scope&) = delete;

   private:
    context& c_;
    elided_record& r_;
  };

  /// Where an error gets its position. A user-function call (call_node) marks itself the
  /// innermost call in progress for its duration (a call_scope); an error raised without a
  /// position takes it where the error is caught. So calls need no catch-and-rethrow of their
  /// own: unwinding a 10,000-deep recursion after its depth error is one pass, not 10,000
  /// rethrows. `scope` is the call_scope's address: the stack grows down, so a catcher tells a
  /// call that ran inside it (an address below its own frame) from one that encloses it.
  struct call_site {
    source_pos pos;
    std::uintptr_t scope = 0;
  };
  const call_site& innermost_call() const { return where_; }
  /// Forgets calls that ended by an error the program caught (try, see forms/try.cpp).
  void restore_innermost_call(const call_site& s) { where_ = s; }
  /// Gives `e` (without a position yet) the position of the innermost call in progress when it
  /// was raised, if that call ran below `catcher` (an address in the catching frame; the
  /// default: any call of this context).
  void locate(error& e, const void* catcher = nullptr) const {
    if (e.pos.known() || !where_.pos.known()) return;
    if (!catcher || where_.scope < reinterpret_cast<std::uintptr_t>(catcher)) e.pos = where_.pos;
  }

 private:
  friend class call_scope;
  /// Calling a keyword, map, set or vector (or a non-callable: the error).
  value call_other(const value& f, std::span<const value> args);

  budget& budget_;
  run_state* state_;
  record_cache* records_;
  elided_record* elided_ = nullptr;
  call_site where_;
  /// Entry position hints for keyword calls on maps (keyword_lookup.hpp), a small direct-mapped
  /// table indexed by the keyword's address: (group-by :region rows) finds :region at the
  /// same position in every row.
  std::uint32_t keyword_hints_[8] = {};
};

/// A user-function call in progress (see context::innermost_call). On a normal return, done()
/// hands the position back to the enclosing call; when an error unwinds the call, its
/// position stays for the catcher. No destructor: nothing to do while unwinding.
class call_scope {
 public:
  call_scope(context& c, source_pos pos) : c_(c), saved_(c.where_) {
    c.where_ = {pos, reinterpret_cast<std::uintptr_t>(this)};
  }
  call_scope(const call_scope&) = delete;
  call_scope& operator=(const call_scope&) = delete;
  void done() { c_.where_ = saved_; }

 private:
  context& c_;
  context::call_site saved_;
};

}  // namespace ptc::lisp
