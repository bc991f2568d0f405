// Higher-order builtins: identity, constantly, comp, partial, complement, juxt, fnil,
// every-pred, some-fn, apply, memoize, comparator. The functions they return are native
// closures holding their inputs by value (values are immutable, so copies are cheap shares).
#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

#include "ptc/lisp/builtin.hpp"
#include "ptc/lisp/builtins/transduce_parts.hpp"
#include "ptc/lisp/seq.hpp"
#include "ptc/lisp/vector.hpp"

namespace ptc::lisp {
namespace {

using args_t = std::span<const value>;

value b_identity(context&, args_t a) { return a[0]; }

value b_constantly(context&, args_t a) {
  return make_native_fn("constantly", [x = a[0]](context&, args_t) { return x; });
}

value b_comp(context&, args_t a) {
  if (a.empty())
    return make_native_fn("identity", [](context&, args_t xs) -> value {
      if (xs.size() != 1) errors::arity("identity", xs.size(), "1");
      return xs[0];
    });
  for (std::size_t i = 0; i < a.size(); ++i) arg::function("comp", a, i);
  if (a.size() == 1) return a[0];
  // Transducers (map f), (filter p), (remove p) compose into one that into and transduce can
  // run as a fused pipeline (transduce_parts.hpp); called, it does what the comp below does.
  if (value stages = seq_detail::xf::comp_stage_transducers(a); !stages.is_nil()) return stages;
  // The rightmost function takes all the arguments; each one to its left takes the result.
  return make_native_fn("comp", [fs = std::vector<value>(a.begin(), a.end())](context& c, args_t xs) {
    value r = c.call(fs.back(), xs);
    for (std::size_t i = fs.size() - 1; i-- > 0;) r = c.call(fs[i], {r});
    return r;
  });
}

value b_partial(context&, args_t a) {
  arg::function("partial", a, 0);
  if (a.size() == 1) return a[0];
  return make_native_fn("partial", [f = a[0], fixed = std::vector<value>(a.begin() + 1, a.end())](
                                       context& c, args_t xs) {
    std::vector<value> all = fixed;
    all.insert(all.end(), xs.begin(), xs.end());
    return c.call(f, std::span<const value>(all));
  });
}

value b_complement(context&, args_t a) {
  arg::function("complement", a, 0);
  return make_native_fn("complement", [f = a[0]](context& c, args_t xs) {
    return value::boolean(!c.call(f, xs).truthy());
  });
}

value b_juxt(context&, args_t a) {
  for (std::size_t i = 0; i < a.size(); ++i) arg::function("juxt", a, i);
  return make_native_fn("juxt", [fs = std::vector<value>(a.begin(), a.end())](context& c, args_t xs) {
    std::vector<value> out;
    out.reserve(fs.size());
    for (const value& f : fs) out.push_back(c.call(f, xs));
    return vector_obj::from(std::move(out));
  });
}

value b_fnil(context&, args_t a) {
  arg::function("fnil", a, 0);
  return make_native_fn("fnil", [f = a[0], defaults = std::vector<value>(a.begin() + 1, a.end())](
                                    context& c, args_t xs) {
    if (xs.empty()) errors::arity("fnil", 0, "1 or more");
    std::vector<value> all(xs.begin(), xs.end());
    for (std::size_t i = 0; i < defaults.size() && i < all.size(); ++i)
      if (all[i].is_nil()) all[i] = defaults[i];
    return c.call(f, std::span<const value>(all));
  });
}

// Calls (p x) for every predicate and argument in the order Clojure's every-pred and some-fn
// do, until `visit` returns false: predicates over the first three arguments, then the other
// arguments one by one with every predicate (when there are at most three predicates) or
// every predicate over the remaining arguments (when there are more).
template <class F>
void visit_preds(context& c, const std::vector<value>& ps, args_t xs, F&& visit) {
  std::size_t head = std::min<std::size_t>(3, xs.size());
  for (const value& p : ps)
    for (std::size_t i = 0; i < head; ++i)
      if (!visit(c.call(p, {xs[i]}))) return;
  if (ps.size() <= 3) {
    for (std::size_t i = head; i < xs.size(); ++i)
      for (const value& p : ps)
        if (!visit(c.call(p, {xs[i]}))) return;
  } else {
    for (const value& p : ps)
      for (std::size_t i = head; i < xs.size(); ++i)
        if (!visit(c.call(p, {xs[i]}))) return;
  }
}

value b_every_pred(context&, args_t a) {
  for (std::size_t i = 0; i < a.size(); ++i) arg::function("every-pred", a, i);
  return make_native_fn("every-pred", [ps = std::vector<value>(a.begin(), a.end())](context& c, args_t xs) {
    bool all = true;
    visit_preds(c, ps, xs, [&](const value& r) { return all = r.truthy(); });
    return value::boolean(all);
  });
}

value b_some_fn(context&, args_t a) {
  for (std::size_t i = 0; i < a.size(); ++i) arg::function("some-fn", a, i);
  return make_native_fn("some-fn", [ps = std::vector<value>(a.begin(), a.end())](context& c, args_t xs) {
    value last;
    bool found = false;
    visit_preds(c, ps, xs, [&](const value& r) {
      last = r;
      found = r.truthy();
      return !found;
    });
    // Like Clojure's (or ...) chains, a miss answers the last falsy result (false or nil)
    // where Clojure spells the chain out, and nil where it falls back to `some`.
    if (found || (ps.size() <= 3 && !xs.empty() && xs.size() <= 3)) return last;
    return value();
  });
}

value b_apply(context& c, args_t a) {
  const value& f = a[0];
  std::vector<value> all(a.begin() + 1, a.end() - 1);
  const value& tail = a.back();
  if (!tail.is_nil()) {
    if (!is_seqable(tail)) errors::argument("apply", a.size() - 1, "a collection", tail);
    seq_iter it(c, tail, "apply");
    value x;
    while (it.next(x)) all.push_back(std::move(x));
  }
  return c.call(f, std::span<const value>(all));
}

struct args_hash {
  std::size_t operator()(const std::vector<value>& xs) const {
    std::uint64_t h = 1469598103934665603ull;
    for (const value& x : xs) h = (h ^ hash(x)) * 1099511628211ull;
    return static_cast<std::size_t>(h);
  }
};
struct args_equal {
  bool operator()(const std::vector<value>& a, const std::vector<value>& b) const {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
      if (!equal(a[i], b[i])) return false;
    return true;
  }
};

// One memoized function's cache. pmap branches may share the function, hence the lock; it is
// never held while the wrapped function runs.
struct memo_cache {
  std::mutex lock;
  std::unordered_map<std::vector<value>, value, args_hash, args_equal> results;
};

value b_memoize(context&, args_t a) {
  arg::function("memoize", a, 0);
  return make_native_fn("memoize", [f = a[0], cache = std::make_shared<memo_cache>()](context& c, args_t xs) {
    std::vector<value> key(xs.begin(), xs.end());
    {
      std::lock_guard<std::mutex> g(cache->lock);
      auto it = cache->results.find(key);
      if (it != cache->results.end()) return it->second;
    }
    value r = c.call(f, xs);
    std::lock_guard<std::mutex> g(cache->lock);
    cache->results.emplace(std::move(key), r);
    return r;
  });
}

value b_comparator(context&, args_t a) {
  arg::function("comparator", a, 0);
  return make_native_fn("comparator", [pred = a[0]](context& c, args_t xs) {
    if (xs.size() != 2) errors::arity("comparator", xs.size(), "2");
    if (c.call(pred, {xs[0], xs[1]}).truthy()) return value::integer(-1);
    if (c.call(pred, {xs[1], xs[0]}).truthy()) return value::integer(1);
    return value::integer(0);
  });
}

const builtin_def fn_table[] = {
    {"identity", 1, 1, b_identity},
    {"constantly", 1, 1, b_constantly},
    {"comp", 0, -1, b_comp},
    {"partial", 1, -1, b_partial},
    {"complement", 1, 1, b_complement},
    {"juxt", 1, -1, b_juxt},
    {"fnil", 2, 4, b_fnil},
    {"every-pred", 1, -1, b_every_pred},
    {"some-fn", 1, -1, b_some_fn},
    {"apply", 2, -1, b_apply},
    {"memoize", 1, 1, b_memoize},
    {"comparator", 1, 1, b_comparator},
};

}  // namespace

void register_core_fn(builtin_table& t) { t.add("", fn_table); }

}  // namespace ptc::lisp
