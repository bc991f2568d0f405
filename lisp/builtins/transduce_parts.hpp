#pragma once
// Building blocks of transducers (transduce.cpp, transducers.cpp). A transducer is a function
// of a reducing function rf returning a reducing function with arities 0 (init), 1 (completion)
// and 2 (step), exactly as in Clojure, so user-written transducers and (comp xf1 xf2) compose
// with the builtin ones: every piece is an ordinary function value.
//
// Stateful transducers (take, drop, partition-all, dedupe, distinct, ...) create their state
// when applied to rf, in a shared_ptr the returned reducing function captures: each
// transduce / into / sequence call applies the transducer afresh, so runs never share state.
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ptc/lisp/builtins/seq_support.hpp"
#include "ptc/lisp/function.hpp"

namespace ptc::lisp::seq_detail::xf {

using args_t = std::span<const value>;
using owned_args = std::span<value>;

/// A reducing function: `f(c, args)` receives 0, 1 or 2 arguments it may move from, so the
/// accumulator passes down a chain of reducing functions with a single owner (a vector built
/// by conj then grows in place).
template <class F>
class reducing_fn final : public function_obj {
 public:
  reducing_fn(std::string_view name, F f) : name_(name), f_(std::move(f)) {}
  value invoke(context& c, args_t args) const override {
    if (args.size() > 2) errors::arity(name_, args.size(), "0 to 2");
    value copy[2];
    for (std::size_t i = 0; i < args.size(); ++i) copy[i] = args[i];
    return f_(c, owned_args(copy, args.size()));
  }
  value invoke_owned(context& c, owned_args args) const override {
    if (args.size() > 2) errors::arity(name_, args.size(), "0 to 2");
    return f_(c, args);
  }
  std::string name() const override { return std::string(name_); }

 private:
  std::string_view name_;  // always a string literal
  F f_;
};

template <class F>
value make_reducing(std::string_view name, F f) {
  return value::adopt(type::function, make_object<reducing_fn<F>>(0, name, std::move(f)));
}

/// (rf acc x), moving both into the call.
inline value call_step(context& c, const value& rf, value acc, value x) {
  value args[2] = {std::move(acc), std::move(x)};
  return c.call_owned(rf, owned_args(args, 2));
}

/// A reducing function whose init and completion pass through to `rf` and whose step is
/// `step(c, rf, acc, x)` (acc and x are the caller's temporaries: the step may move them).
template <class Step>
value stepping(std::string_view name, value rf, Step step) {
  return make_reducing(
      name, [rf = std::move(rf), step = std::move(step)](context& c, owned_args a) -> value {
        if (a.size() < 2) return c.call_owned(rf, a);
        return step(c, rf, a[0], a[1]);
      });
}

/// A transducer: a function of one reducing function, `make(rf)` building the new one.
template <class Make>
value transducer(std::string_view name, Make make) {
  return make_native_fn(std::string(name),
                        [name, make = std::move(make)](context&, args_t a) -> value {
                          if (a.size() != 1) errors::arity(name, a.size(), "1");
                          return make(a[0]);
                        });
}

/// A transducer with a stateless step(c, rf, acc, x).
template <class Step>
value stateless(std::string_view name, Step step) {
  return transducer(name, [name, step](const value& rf) { return stepping(name, rf, step); });
}

/// A transducer whose step keeps state: `fresh()` makes the state for each application.
template <class State, class Step>
value stateful(std::string_view name, State fresh, Step step) {
  return transducer(name, [name, fresh, step](const value& rf) {
    return stepping(name, rf,
                    [state = std::make_shared<decltype(fresh())>(fresh()), step](
                        context& c, const value& rf, value& acc, value& x) {
                      return step(c, rf, *state, acc, x);
                    });
  });
}

inline bool is_reduced(const value& v) { return v.is(type::reduced); }

/// (map f), (filter p), (remove p), and comp of them: a transducer that also tells its stages,
/// so that into and transduce can run them as a fused pipeline (run_fused: a call loop per
/// stage and no reducing-function chain per item), which makes the same calls in the same
/// order. Applied to a reducing function, it makes the chain the generic transducers make.
class stage_transducer final : public function_obj {
 public:
  struct stage {
    fused_stage::kind_t kind;
    value f;
  };
  /// `stages` in the order items pass through them; `name` "map", "filter", "remove" or "comp".
  stage_transducer(std::string_view name, std::vector<stage> stages) : name_(name), stages_(std::move(stages)) {}
  value invoke(context& c, args_t args) const override;
  std::string name() const override { return std::string(name_); }
  const std::vector<stage>& stages() const { return stages_; }
  /// The stages as run_fused takes them (pointing into this transducer: it must outlive them).
  std::vector<fused_stage> fused_stages() const {
    std::vector<fused_stage> out;
    out.reserve(stages_.size());
    for (const stage& s : stages_) out.push_back({s.kind, &s.f});
    return out;
  }

 private:
  std::string_view name_;  // always a string literal
  std::vector<stage> stages_;
};

/// v as a stage transducer, or null.
inline const stage_transducer* as_stage_transducer(const value& v) {
  return v.is(type::function) ? dynamic_cast<const stage_transducer*>(&static_cast<const function_obj&>(*v.obj()))
                              : nullptr;
}

/// (comp xs...) when every one is a stage transducer (their stages, first to last), else nil.
value comp_stage_transducers(std::span<const value> xs);

/// Feeds every item of `coll` through `rf` from `acc`, stopping at a reduced result, which is
/// returned still boxed (cat needs to see it; transduce unboxes it).
value reduce_into(context& c, const value& rf, value acc, const value& coll, std::string_view fn);
/// The cat transducer: each input is a collection whose items go through rf in turn.
value cat();
/// (find smap x) for replace: the replacement of x, or null when smap has none.
const value* replacement(const value& smap, const value& x);
/// a[0] checked to be a replace map: a map, a vector (indices) or nil.
const value& replace_map(args_t a);

}  // namespace ptc::lisp::seq_detail::xf
