#pragma once
// The analyzer: forms → nodes. Special forms and macros are resolved once here (one table maps
// a symbol to its analyzer, one file per family under lisp/forms/); everything else is a call.
// Locals become slot indexes in the enclosing function's frame; variables of enclosing
// functions become captures; user globals, data/ keys, tool/ names and builtins are resolved
// now, so evaluation never looks a name up.
#include <algorithm>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "ptc/lisp/closure.hpp"
#include "ptc/lisp/form.hpp"
#include "ptc/lisp/node.hpp"

namespace ptc::lisp {

class analyzer;
class builtin_fn;
using form_analyzer = node_ptr (*)(analyzer& a, const form& f, bool tail);

/// What the analyzer knows about the program's surroundings.
struct analysis_env {
  run_state* state = nullptr;                 ///< globals (from memory and earlier forms)
  /// Names def'd somewhere in this program, sorted and unique: views of interned symbols'
  /// names, which live as long as the process (no set with a node per name for each run).
  std::vector<std::string_view> forward;
  bool defined_later(std::string_view name) const {
    return std::binary_search(forward.begin(), forward.end(), name);
  }
};

class analyzer {
 public:
  explicit analyzer(analysis_env& env);

  /// Analyses one top-level form.
  node_ptr analyze_top(const form& f);
  node_ptr analyze(const form& f, bool tail);
  /// Analyses forms as an implicit do; empty → nil.
  node_ptr analyze_body(const std::vector<form>& forms, std::size_t from, bool tail,
                        source_pos pos);

  // --- scopes --------------------------------------------------------------------------
  /// A new local in the current function; returns its slot.
  int declare_local(const std::string& name);
  /// A slot with no name (temporaries of destructuring and macros).
  int temp_slot();
  std::size_t scope_mark() const;
  void pop_scope(std::size_t mark);

  struct fn_scope;
  /// Starts analysing a function body (fn, top level). Returns the previous scope.
  fn_scope* enter_fn(fn_scope& s);
  void leave_fn(fn_scope* previous);
  fn_scope& current_fn() { return *fn_; }

  /// Where recur jumps: the slots it writes. Set by loop and fn arities.
  struct recur_target {
    std::vector<int> slots;
    bool variadic = false;  ///< a fn arity with & rest: recur passes the rest as one seq
    bool used = false;      ///< a recur to this target was analysed
  };
  recur_target* recur() const { return recur_; }
  recur_target* set_recur(recur_target* t) {
    auto* old = recur_;
    recur_ = t;
    return old;
  }

  /// Binds `pattern` (symbol, vector or map destructuring) to the value in `source_slot`,
  /// appending the binding steps to `steps`. Declares the pattern's locals.
  void destructure(const form& pattern, int source_slot, std::vector<std::pair<int, node_ptr>>& steps);

  /// Resolves a symbol form to a node (local, capture, global, builtin, data/, constant).
  node_ptr analyze_symbol(const form& f);

  /// A name no program can write, for macro temporaries.
  std::string gensym(std::string_view base);

  analysis_env& env() { return env_; }

  /// The table of special forms and macros.
  static const std::unordered_map<std::string, form_analyzer>& special_forms();
  static bool is_special(std::string_view name);

  [[noreturn]] static void fail(const form& f, std::string message, std::string hint = {});

 private:
  /// A named local. Its uses are tracked so that a local read exactly once, at the loop depth
  /// where it was bound and never captured, can be moved out of its slot at that read: then
  /// (reduce (fn [m x] (assoc m x 1)) {} xs) updates the map in place (see local_node).
  struct local {
    std::string name;
    int slot;
    int loop_depth = 0;
    bool captured = false;
    std::vector<std::pair<class local_node*, int>> uses;  ///< (node, loop depth of the use)
  };

 public:
  struct fn_scope {
    std::vector<local> locals;  ///< visible locals, innermost last
    int next_slot = 0;
    int max_slots = 0;
    std::vector<fn_template::capture_source> captures;
    std::vector<std::string> capture_names;
    fn_scope* parent = nullptr;
    std::string self_name;  ///< (fn name [..]) can call itself by name
    std::vector<std::string> letfn_names;  ///< letfn members visible by name
    int loop_depth = 0;  ///< how many enclosing constructs may run the code being analysed again
    /// For a fn of one arity with one plain parameter that never recurs: the keyword lookups
    /// that are all its parameter's reads (analyzer::keyword_reads), as its last arity set it.
    std::optional<std::vector<node*>> param_keyword_reads;
  };

  /// Code analysed between enter_loop and leave_loop may run many times (loop, for, doseq).
  void enter_loop() { ++fn_->loop_depth; }
  void leave_loop() { --fn_->loop_depth; }
  /// Marks single-use locals of the current function from `from` on as movable.
  void finish_locals(std::size_t from);
  /// The node of the one read of the current function's local in `slot`, when it is read
  /// exactly once, where it was bound (not from code a loop runs again) and never captured by a
  /// closure; null otherwise.
  const node* sole_read(int slot) const;
  /// Forgets the reads of the local in `slot`: their nodes are going (its binding was joined
  /// into its read).
  void forget_reads(int slot);
  /// Whether no read of the current function's local in `slot` takes its value out of the
  /// slot (after finish_locals).
  bool never_moved(int slot) const;
  /// The keyword lookups (:k x) with no default that are all the reads of the current
  /// function's local x in `slot` (empty when it is never read); none when it is captured or
  /// some read is anything else.
  std::optional<std::vector<node*>> keyword_reads(int slot) const;

  /// Where the current function finds `name` when a closure made here captures it (adding
  /// captures to enclosing functions as needed); nullopt when it is not a local anywhere.
  std::optional<fn_template::capture_source> resolve_capture(const std::string& name);

 private:
  /// Finds `name` as a local of `s` or its parents, adding captures on the way; -1 if none.
  /// Returns {is_capture, index}.
  std::pair<bool, int> lookup_local(fn_scope& s, const std::string& name, bool& found);
  /// Whether `name` is bound by the current function or an enclosing one (a local, a letfn
  /// member, a capture, a fn's own name), without adding captures.
  bool names_local(const std::string& name) const;
  /// The builtin a call's head names, when analysing the head as a symbol would give it as a
  /// constant (not a local, a def, data/ or tool/, or a namespace constant); else null.
  const builtin_fn* call_head_builtin(const form& head) const;
  /// The current function's named local in `slot` (the innermost, were a slot shared); null
  /// for a temporary slot.
  local* local_in(int slot) const;

  analysis_env& env_;
  fn_scope top_;
  fn_scope* fn_;
  recur_target* recur_ = nullptr;
  int gensym_counter_ = 0;
  int depth_ = 0;
};

// Node constructors the form families share (lisp/forms/*.cpp).
node_ptr make_const(value v, source_pos pos);
node_ptr make_local(int slot, source_pos pos);
node_ptr make_do(std::vector<node_ptr> body, source_pos pos);
node_ptr make_if(node_ptr test, node_ptr then, node_ptr otherwise, source_pos pos);
/// Whether `n` is an if made by make_if, and its parts (`otherwise` null without an else).
bool if_parts(const node& n, const node*& test, const node*& then, const node*& otherwise);
/// The parts of an if (`else_` null without an else); the nodes make_if makes derive
/// from it, each with its own eval.
class if_base : public node {
 public:
  if_base(node_ptr test, node_ptr then, node_ptr otherwise, source_pos p)
      : node(p), test_(std::move(test)), then_(std::move(then)), else_(std::move(otherwise)) {}
  effects effect() const override {
    effects e = worst(test_->effect(), then_->effect());
    return else_ ? worst(e, else_->effect()) : e;
  }
  const node& test_part() const { return *test_; }
  const node& then_part() const { return *then_; }
  const node* else_part() const { return else_.get(); }

 protected:
  node_ptr test_, then_, else_;
};
/// An if whose test is a comparison or number predicate of locals and constants ((< n 2),
/// (zero? i), (even? (mod i 3))), tested inline; null (nothing taken) for any other test.
node_ptr make_compare_if(node_ptr& test, node_ptr& then, node_ptr& otherwise, source_pos pos);
node_ptr make_let(std::vector<std::pair<int, node_ptr>> steps, node_ptr body, source_pos pos);
/// A fn arity's body: its parameter patterns' destructuring, then `body`. When `recurs` and the
/// body is an if with a recur branch, the arity's recur loop runs inside the body (as a loop's),
/// not through closure_obj::run_body.
node_ptr make_fn_body(std::vector<std::pair<int, node_ptr>> prelude, node_ptr body, bool recurs, source_pos pos);
/// A call of the builtin `name` (must exist) with these argument nodes.
node_ptr make_builtin_call(std::string_view name, std::vector<node_ptr> args, source_pos pos);
node_ptr make_call(node_ptr fn, std::vector<node_ptr> args, source_pos pos);

// Helpers for building forms in macros.
form make_symbol_form(std::string_view name, source_pos pos);
form make_list_form(std::vector<form> items, source_pos pos);
form make_vector_form(std::vector<form> items, source_pos pos);

}  // namespace ptc::lisp
