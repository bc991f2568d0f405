#pragma once
// What a builtin sees of the running program: the budget, calling other functions, printing,
// and running branches in parallel (pmap, pcalls). One context per run; pmap branches get
// their own.
#include <functional>
#include <initializer_list>
#include <span>
#include <string>
#include <vector>

#include "lisp/budget.hpp"
#include "lisp/function.hpp"
#include "lisp/value.hpp"

namespace ptc::lisp {

struct run_state;  // the run's record and machinery (run.cpp)

class context {
 public:
  context(budget& b, run_state* state) : budget_(b), state_(state) {}

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

 private:
  /// Calling a keyword, map, set or vector (or a non-callable: the error).
  value call_other(const value& f, std::span<const value> args);

  budget& budget_;
  run_state* state_;
  /// Entry position hints for keyword calls on maps (keyword_lookup.hpp), a small direct-mapped
  /// table indexed by the keyword's address: (group-by :region rows) finds :region at the
  /// same position in every row.
  std::uint32_t keyword_hints_[8] = {};
};

}  // namespace ptc::lisp
