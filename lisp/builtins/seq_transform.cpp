// Item-wise transforms and folds: map, filter, remove, keep, mapcat, reduce, reductions,
// some, every?, max-key, ... Over a lazy input the transforms return lazy seqs (so
// (first (filter even? (range))) ends); over finite inputs, realised lists or vectors.
#include "ptc/lisp/builtins/coll_ops.hpp"
#include "ptc/lisp/builtins/seq_support.hpp"
#include "ptc/lisp/builtins/value_set.hpp"
#include "ptc/lisp/closure.hpp"
#include "ptc/lisp/map.hpp"
#include "ptc/lisp/set.hpp"
#include "ptc/lisp/string.hpp"

namespace ptc::lisp {
namespace seq_detail {
namespace {

using args_t = std::span<const value>;

/// The item count when known in O(1), for reserving result storage; 0 otherwise.
std::size_t size_hint(const value& coll) {
  switch (coll.kind()) {
    case type::list: return coll.as<list_obj>().size();
    case type::vector: return coll.as<vector_obj>().size();
    case type::map: return coll.as<map_obj>().size();
    case type::set: return coll.as<set_obj>().size();
    case type::string: return coll.as<string_obj>().length();
    default: return 0;
  }
}

bool is_reduced(const value& v) { return v.is(type::reduced); }

/// A lazy seq of the items of `coll` passed through `step(c, x, out, index)`, which returns
/// 1 to emit out, 0 to skip x, -1 to end.
template <class Step>
value lazy_filter_map(const value& coll, Step step) {
  return make_lazy([coll, step] {
    return make_cursor([src = source(coll), step, i = std::int64_t{0}](context& c, value& out) mutable {
      value x;
      while (src.next(c, x)) {
        int r = step(c, x, out, i++);
        if (r > 0) return true;
        if (r < 0) return false;
      }
      return false;
    });
  });
}

/// The eager counterpart: passes the emitted items of a finite `coll` (a value or an int_range)
/// to `emit`.
template <class Coll, class Step, class Emit>
void collect(context& c, const Coll& coll, std::string_view fn, Step& step, Emit emit) {
  std::int64_t i = 0;
  value y;
  for_each_item(c, coll, fn, [&](const value& x) {
    int r = step(c, x, y, i++);
    if (r > 0) emit(std::move(y));
    return r >= 0;
  });
}

/// Whether transform over these arguments walks the collection now (a vector result, or an
/// input that is not lazy) rather than returning a lazy sequence that calls `step` later.
bool runs_eagerly(args_t a, bool as_vector) { return as_vector || !is_lazy(a.back()); }

std::size_t size_hint(const int_range& r) { return r.n; }

/// The realised result: a list, or a vector when `as_vector`.
template <class Coll, class Step>
value transform_eager(context& c, const Coll& coll, std::string_view fn, bool as_vector, Step& step) {
  if (!as_vector) {
    list_builder out;  // no intermediate array (list.hpp)
    collect(c, coll, fn, step, [&](value&& y) { out.push(std::move(y)); });
    return out.finish();
  }
  std::vector<value> items;
  items.reserve(size_hint(coll));
  collect(c, coll, fn, step, [&](value&& y) { items.push_back(std::move(y)); });
  return vector_obj::from(std::move(items));
}

/// Lists for finite inputs, lazy seqs for lazy ones; `as_vector` forces a realised vector.
/// With `range` (a range fused into this call by the analyzer) its items are the input and
/// `a` holds only the arguments before it.
template <class Step>
value transform(context& c, args_t a, std::string_view fn, bool as_vector, Step step, const int_range* range = nullptr) {
  if (range) return transform_eager(c, *range, fn, as_vector, step);
  const value& coll = a.back();
  require_seqable(fn, a, a.size() - 1);
  if (!runs_eagerly(a, as_vector)) return lazy_filter_map(coll, step);
  return transform_eager(c, coll, fn, as_vector, step);
}

/// map over several collections in lockstep, stopping at the shortest.
value map_many(context& c, args_t a, std::string_view fn, bool as_vector) {
  const value& f = a[0];
  bool all_lazy = true;
  for (std::size_t i = 1; i < a.size(); ++i) {
    require_seqable(fn, a, i);
    all_lazy = all_lazy && is_lazy(a[i]);
  }
  std::vector<value> colls(a.begin() + 1, a.end());
  auto step = [f](context& c, std::vector<source>& srcs, std::vector<value>& xs, value& out) {
    for (std::size_t i = 0; i < srcs.size(); ++i)
      if (!srcs[i].next(c, xs[i])) return false;
    out = c.call(f, std::span<const value>(xs));
    return true;
  };
  auto start_sources = [](const std::vector<value>& cs) {
    std::vector<source> srcs;
    srcs.reserve(cs.size());
    for (const value& x : cs) srcs.emplace_back(x);
    return srcs;
  };
  if (all_lazy && !as_vector) {
    return make_lazy([colls, step, start_sources] {
      return make_cursor([srcs = start_sources(colls), xs = std::vector<value>(colls.size()), step](
                             context& c, value& out) mutable { return step(c, srcs, xs, out); });
    });
  }
  // At least one input is finite, so the lockstep walk ends.
  std::vector<source> srcs = start_sources(colls);
  std::vector<value> xs(colls.size());
  std::vector<value> out;
  value y;
  while (step(c, srcs, xs, y)) out.push_back(std::move(y));
  return as_vector ? vector_obj::from(std::move(out)) : list_of(std::move(out));
}

value map_impl(context& c, args_t a, std::string_view fn, bool as_vector, const int_range* range = nullptr) {
  const value& f = arg::function(fn, a, 0);
  if (!range && a.size() > 2) return map_many(c, a, fn, as_vector);
  const bool eager = range || runs_eagerly(a, as_vector);
  if (f.is(type::keyword)) {  // (map :k rows): the lookup without a call
    return transform(c, a, fn, as_vector, [f, hint = std::uint32_t{0}](context& c, const value& x, value& out, std::int64_t) mutable {
      out = call1_keyword(c, f, x, hint);
      return 1;
    }, range);
  }
  if (eager && call_loop::helps(f)) {  // eager: one frame for every call (closure.hpp)
    call_loop call(c, f, 1);
    return transform(c, a, fn, as_vector, [&call](context&, const value& x, value& out, std::int64_t) {
      out = call(x);
      return 1;
    }, range);
  }
  return transform(c, a, fn, as_vector, [f](context& c, const value& x, value& out, std::int64_t) {
    out = call1(c, f, x);
    return 1;
  }, range);
}

value b_map(context& c, args_t a) { return a.size() == 1 ? xf_map(c, a) : map_impl(c, a, "map", false); }
value b_mapv(context& c, args_t a) { return map_impl(c, a, "mapv", true); }

value filter_impl(context& c, args_t a, std::string_view fn, bool keep_truthy, bool as_vector,
                  const int_range* range = nullptr) {
  const value& f = arg::function(fn, a, 0);
  const bool eager = range || runs_eagerly(a, as_vector);
  if (f.is(type::keyword)) {  // (filter :active rows)
    return transform(c, a, fn, as_vector, [f, keep_truthy, hint = std::uint32_t{0}](context& c, const value& x, value& out, std::int64_t) mutable {
      if (call1_keyword(c, f, x, hint).truthy() != keep_truthy) return 0;
      out = x;
      return 1;
    }, range);
  }
  if (eager && call_loop::helps(f)) {  // eager: one frame for every call (closure.hpp)
    call_loop call(c, f, 1);
    return transform(c, a, fn, as_vector, [&call, keep_truthy](context&, const value& x, value& out, std::int64_t) {
      if (call.test(x) != keep_truthy) return 0;
      out = x;
      return 1;
    }, range);
  }
  return transform(c, a, fn, as_vector, [f, keep_truthy](context& c, const value& x, value& out, std::int64_t) {
    if (call1(c, f, x).truthy() != keep_truthy) return 0;
    out = x;
    return 1;
  }, range);
}

value b_filter(context& c, args_t a) {
  return a.size() == 1 ? xf_filter(c, a, true) : filter_impl(c, a, "filter", true, false);
}
value b_filterv(context& c, args_t a) { return filter_impl(c, a, "filterv", true, true); }
value b_remove(context& c, args_t a) {
  return a.size() == 1 ? xf_filter(c, a, false) : filter_impl(c, a, "remove", false, false);
}

value b_keep(context& c, args_t a) {
  if (a.size() == 1) return xf_keep(c, a);
  const value& f = arg::function("keep", a, 0);
  return transform(c, a, "keep", false, [f](context& c, const value& x, value& out, std::int64_t) {
    out = call1(c, f, x);
    return out.is_nil() ? 0 : 1;
  });
}

value b_keep_indexed(context& c, args_t a) {
  if (a.size() == 1) return xf_map_indexed(c, a, true);
  const value& f = arg::function("keep-indexed", a, 0);
  return transform(c, a, "keep-indexed", false, [f](context& c, const value& x, value& out, std::int64_t i) {
    out = c.call(f, {value::integer(i), x});
    return out.is_nil() ? 0 : 1;
  });
}

value b_map_indexed(context& c, args_t a) {
  if (a.size() == 1) return xf_map_indexed(c, a, false);
  const value& f = arg::function("map-indexed", a, 0);
  return transform(c, a, "map-indexed", false, [f](context& c, const value& x, value& out, std::int64_t i) {
    out = c.call(f, {value::integer(i), x});
    return 1;
  });
}

value b_mapcat(context& c, args_t a) {
  if (a.size() == 1) return xf_mapcat(c, a);
  value mapped = map_impl(c, a, "mapcat", false);
  if (is_lazy(mapped)) {
    // Flatten one level lazily: each mapped item is walked in turn.
    return make_lazy([mapped] {
      return make_cursor([outer = source(mapped), inner = std::optional<source>()](context& c, value& out) mutable {
        for (;;) {
          if (inner && inner->next(c, out)) return true;
          value coll;
          if (!outer.next(c, coll)) return false;
          if (!is_seqable(coll)) errors::argument("mapcat", 0, "a function returning collections", coll);
          inner.emplace(std::move(coll));
        }
      });
    });
  }
  std::vector<value> out;
  for (const value& coll : mapped.as<list_obj>()) {
    if (!is_seqable(coll)) errors::argument("mapcat", 0, "a function returning collections", coll);
    for_each_item(c, coll, "mapcat", [&](const value& x) {
      out.push_back(x);
      return true;
    });
  }
  return list_of(std::move(out));
}

/// acc + x as the `+` builtin computes it, for the common number cases; false for anything
/// else (overflow, non-numbers), which the builtin itself then answers or reports.
bool add_in_place(value& acc, const value& x) {
  if (acc.is(type::integer)) {
    if (x.is(type::integer)) {
      std::int64_t r;
      if (__builtin_add_overflow(acc.as_int(), x.as_int(), &r)) return false;
      acc = value::integer(r);
      return true;
    }
    if (x.is(type::floating)) {
      acc = value::floating(static_cast<double>(acc.as_int()) + x.as_double());
      return true;
    }
    return false;
  }
  if (acc.is(type::floating) && x.is_number()) {
    // The builtin's fold starts a double sum from 0.0 (which turns -0.0 into 0.0): same here.
    acc = value::floating((0.0 + acc.as_double()) + x.as_number());
    return true;
  }
  return false;
}

/// The `+` builtin (reduce + xs) is summed without a call per item.
bool is_plus_builtin(const value& f) {
  static const object* const plus = [] {
    const value* p = builtins().find("+");
    return p ? p->obj() : nullptr;
  }();
  return f.is(type::function) && f.obj() == plus;
}

/// (reduce f coll) when !have, (reduce f init coll) with init given as `acc`: moved in, so an
/// accumulator nothing else holds stays unique and the calls can update it in place.
/// One reduce in progress: the accumulator, and how an item goes into it. `+` is summed in
/// place; any other function is called through one frame for every item (closure.hpp), the
/// accumulator moved into the call so that an assoc in f can reuse it in place.
class reduction {
 public:
  reduction(context& c, const value& f, bool have, value acc)
      : c_(c), f_(f), plus_(is_plus_builtin(f)), have_(have), acc_(std::move(acc)) {
    if (!plus_) call_.emplace(c, f, 2);
  }
  /// Takes the next item; false once f answered a reduced value (the reduce ends).
  bool take(const value& x) {
    if (!have_) {
      acc_ = x;
      have_ = true;
      return true;
    }
    if (plus_) {
      if (!add_in_place(acc_, x)) {
        value args[2] = {std::move(acc_), x};
        acc_ = c_.call_owned(f_, std::span<value>(args, 2));  // + never returns a reduced
      }
      return true;
    }
    acc_ = (*call_)(std::move(acc_), x);
    if (!is_reduced(acc_)) return true;
    acc_ = value(reduced_value(acc_));
    return false;
  }
  /// The result: the accumulator, or (f) when there was no item and no initial value.
  value finish() { return have_ ? std::move(acc_) : c_.call(f_, {}); }

 private:
  context& c_;
  const value& f_;
  bool plus_;
  bool have_;
  value acc_;
  std::optional<call_loop> call_;
};

/// With `range` (fused by the analyzer) its items are the collection and `a` holds only the
/// arguments before it.
value reduce_impl(context& c, args_t a, bool have, value acc, const int_range* range = nullptr) {
  const value& f = arg::function("reduce", a, 0);
  const std::size_t ci = a.size() - 1;
  if (!range) require_seqable("reduce", a, ci);
  if (have && is_reduced(acc)) return reduced_value(acc);
  reduction r(c, f, have, std::move(acc));
  for_each_item(c, range ? value() : a[ci], range, "reduce", [&](const value& x) { return r.take(x); });
  return r.finish();
}

value b_reduce(context& c, args_t a) {
  const bool have = a.size() == 3;
  return reduce_impl(c, a, have, have ? a[1] : value());
}

value b_reduce_kv(context& c, args_t a) {
  const value& f = arg::function("reduce-kv", a, 0);
  value acc = a[1];
  const value& coll = a[2];
  auto step = [&](value k, const value& v) {
    c.tick();
    value args[3] = {std::move(acc), std::move(k), v};
    acc = c.call_owned(f, std::span<value>(args, 3));
    if (!is_reduced(acc)) return true;
    acc = value(reduced_value(acc));
    return false;
  };
  if (coll.is(type::map)) {
    coll.as<map_obj>().each([&](const value& k, const value& v) { return step(k, v); });
  } else if (coll.is(type::vector)) {
    std::int64_t i = 0;
    coll.as<vector_obj>().each([&](const value& v) { return step(value::integer(i++), v); });
  } else if (!coll.is_nil()) {
    errors::argument("reduce-kv", 2, "a map or vector", coll);
  }
  return acc;
}

value b_reductions(context& c, args_t a) {
  const value& f = arg::function("reductions", a, 0);
  std::size_t ci = a.size() - 1;
  require_seqable("reductions", a, ci);
  const value& coll = a[ci];
  bool has_init = a.size() == 3;
  value init = has_init ? a[1] : value();
  if (has_init && is_reduced(init)) return list_obj::cons(reduced_value(init), list_obj::empty());
  // state: whether the accumulator exists yet, the accumulator, and whether it ended reduced.
  auto step = [f](context& c, source& src, bool& have, value& acc, bool& done, value& out) {
    if (done) return false;
    value x;
    if (!have) {
      have = true;
      if (!src.next(c, x)) {
        acc = c.call(f, {});
        done = true;
      } else {
        acc = x;
      }
      out = acc;
      return true;
    }
    if (!src.next(c, x)) return false;
    acc = c.call(f, {acc, x});
    if (is_reduced(acc)) {
      acc = value(reduced_value(acc));
      done = true;
    }
    out = acc;
    return true;
  };
  if (is_lazy(coll)) {
    return make_lazy([coll, has_init, init, step] {
      return make_cursor([src = source(coll), have = has_init, acc = init, done = false, first = has_init,
                          step](context& c, value& out) mutable {
        if (first) {  // the initial value comes first
          first = false;
          out = acc;
          return true;
        }
        return step(c, src, have, acc, done, out);
      });
    });
  }
  std::vector<value> out;
  if (has_init) out.push_back(init);
  source src(coll);
  bool have = has_init, done = false;
  value acc = init, y;
  while (step(c, src, have, acc, done, y)) out.push_back(std::move(y));
  return list_of(std::move(out));
}

value b_reduced(context&, args_t a) { return make_reduced(a[0]); }
value b_reduced_p(context&, args_t a) { return value::boolean(is_reduced(a[0])); }
value b_unreduced(context&, args_t a) { return is_reduced(a[0]) ? reduced_value(a[0]) : a[0]; }
value b_ensure_reduced(context&, args_t a) { return is_reduced(a[0]) ? a[0] : make_reduced(a[0]); }

/// The first truthy (pred x), as (some pred coll) does; nil when none.
value first_truthy(context& c, args_t a, std::string_view fn) {
  const value& f = arg::function(fn, a, 0);
  require_seqable(fn, a, 1);
  value found;
  for_each_item(c, a[1], fn, [&](const value& x) {
    value r = call1(c, f, x);
    if (!r.truthy()) return true;
    found = std::move(r);
    return false;
  });
  return found;
}

/// Whether (pred x) is truthy for every x.
bool all_truthy(context& c, args_t a, std::string_view fn) {
  const value& f = arg::function(fn, a, 0);
  require_seqable(fn, a, 1);
  bool all = true;
  for_each_item(c, a[1], fn, [&](const value& x) { return all = call1(c, f, x).truthy(); });
  return all;
}

value b_some(context& c, args_t a) { return first_truthy(c, a, "some"); }
value b_not_any(context& c, args_t a) { return value::boolean(!first_truthy(c, a, "not-any?").truthy()); }
value b_every(context& c, args_t a) { return value::boolean(all_truthy(c, a, "every?")); }
value b_not_every(context& c, args_t a) { return value::boolean(!all_truthy(c, a, "not-every?")); }

/// max-key / min-key as Clojure 1.11 defines them: on ties the later argument wins.
value extreme_key(context& c, args_t a, std::string_view fn, bool want_max) {
  const value& k = arg::function(fn, a, 0);
  auto key_of = [&](const value& x) {
    value r = call1(c, k, x);
    if (!r.is_number()) errors::argument(fn, 0, "a function returning numbers", r);
    return r;
  };
  if (a.size() == 2) return a[1];
  value best = a[1], best_key = key_of(a[1]);
  for (std::size_t i = 2; i < a.size(); ++i) {
    value kx = key_of(a[i]);
    int cmp = compare_values(kx, best_key);
    if (want_max ? cmp >= 0 : cmp <= 0) {
      best = a[i];
      best_key = std::move(kx);
    }
  }
  return best;
}

value b_max_key(context& c, args_t a) { return extreme_key(c, a, "max-key", true); }
value b_min_key(context& c, args_t a) { return extreme_key(c, a, "min-key", false); }

const builtin_def seq_transform_table[] = {
    {"map", 1, -1, b_map},
    {"mapv", 2, -1, b_mapv},
    {"filter", 1, 2, b_filter},
    {"filterv", 2, 2, b_filterv},
    {"remove", 1, 2, b_remove},
    {"keep", 1, 2, b_keep},
    {"keep-indexed", 1, 2, b_keep_indexed},
    {"map-indexed", 1, 2, b_map_indexed},
    {"mapcat", 1, -1, b_mapcat},
    {"reduce", 2, 3, b_reduce},
    {"reduce-kv", 3, 3, b_reduce_kv},
    {"reductions", 2, 3, b_reductions},
    {"reduced", 1, 1, b_reduced},
    {"reduced?", 1, 1, b_reduced_p},
    {"unreduced", 1, 1, b_unreduced},
    {"ensure-reduced", 1, 1, b_ensure_reduced},
    {"some", 2, 2, b_some},
    {"every?", 2, 2, b_every},
    {"not-any?", 2, 2, b_not_any},
    {"not-every?", 2, 2, b_not_every},
    {"max-key", 2, -1, b_max_key},
    {"min-key", 2, -1, b_min_key},
};

}  // namespace

std::span<const builtin_def> transform_defs() { return seq_transform_table; }

value reduce_owned(context& c, std::span<const value> a, value init) {
  return reduce_impl(c, a, true, std::move(init));
}

bool fusable(const value& coll, std::span<const fused_stage> stages, const value* reduce_fn) {
  if (!coll.is_nil() && !coll.is(type::list) && !coll.is(type::vector)) return false;
  for (const fused_stage& s : stages)
    if (!s.fn->is(type::keyword) && !s.fn->is(type::function)) return false;
  return !reduce_fn || reduce_fn->is(type::function);
}

value run_fused(context& c, const value& coll, const int_range* range, std::span<const fused_stage> stages,
                fused_sink sink, const value* reduce_fn, bool have, value acc) {
  // One caller per stage: a keyword looks up with a position hint, a function calls through one
  // frame for every item (call_loop).
  struct caller {
    const value* fn = nullptr;
    const value* field = nullptr;
    std::uint32_t hint = 0;
    std::optional<call_loop> loop;
  };
  std::unique_ptr<caller[]> calls(new caller[stages.size()]);
  for (std::size_t i = 0; i < stages.size(); ++i) {
    calls[i].fn = stages[i].fn;
    calls[i].field = stages[i].field;
    if (!stages[i].fn->is(type::keyword)) calls[i].loop.emplace(c, *stages[i].fn, 1);
  }
  // A keyword stage reading an elided record's field answers the field (fused_stage::field).
  auto call = [&](caller& k, const value& x) {
    return k.loop ? (*k.loop)(x) : k.field ? *k.field : call1_keyword(c, *k.fn, x, k.hint);
  };
  auto test = [&](caller& k, const value& x) {
    return k.loop ? k.loop->test(x) : k.field ? k.field->truthy() : call1_keyword(c, *k.fn, x, k.hint).truthy();
  };
  // The item after the stages, or null when a filter dropped it; `held` keeps a mapped item.
  auto through = [&](const value& x, value& held) -> const value* {
    const value* cur = &x;
    for (std::size_t i = 0; i < stages.size(); ++i) {
      if (stages[i].kind == fused_stage::map) {
        // The last item's value goes first: a record a map stage makes can then be refilled.
        if (cur != &held) held = value();
        value y = call(calls[i], *cur);
        held = std::move(y);
        cur = &held;
      } else if (test(calls[i], *cur) != (stages[i].kind == fused_stage::filter)) {
        held = value();  // dropped now: a record the map made can be refilled for the next item
        return nullptr;
      }
    }
    return cur;
  };
  value held;
  switch (sink) {
    case fused_sink::count: {
      std::int64_t n = 0;
      for_each_item(c, coll, range, "count", [&](const value& x) {
        if (through(x, held)) ++n;
        return true;
      });
      return value::integer(n);
    }
    case fused_sink::list: {
      list_builder out;
      for_each_item(c, coll, range, "map", [&](const value& x) {
        if (const value* y = through(x, held)) out.push(*y);
        return true;
      });
      return out.finish();
    }
    case fused_sink::vector: {
      // The items wait in a buffer the budget does not see: each time it grows, the memory it
      // will take is asked of the budget first (preflight), and the vector made of it is
      // checked, so a vector over the memory limit is refused even when nothing ticks after it.
      std::vector<value> items;
      for_each_item(c, coll, range, "mapv", [&](const value& x) {
        if (const value* y = through(x, held)) {
          if (items.size() == items.capacity()) c.limits().preflight(2 * (items.size() + 1) * sizeof(value));
          items.push_back(*y);
        }
        return true;
      });
      value out = vector_obj::from(std::move(items));
      c.limits().check_memory();
      return out;
    }
    case fused_sink::set: {  // repeats dropped as they come, the set made at once (as set_of)
      value_set seen;
      for_each_item(c, coll, range, "set", [&](const value& x) {
        if (const value* y = through(x, held)) seen.insert(c.limits(), *y);
        return true;
      });
      return set_obj::from_distinct(seen.take_keys());
    }
    case fused_sink::into: {  // as into2 over the seq the stages make
      if (coll::map_accumulator::takes(acc)) {
        coll::map_accumulator out(c);
        for_each_item(c, coll, range, "into", [&](const value& x) {
          if (const value* y = through(x, held)) out.conj(*y, "into");
          return true;
        });
        return out.finish();
      }
      value out = std::move(acc);
      for_each_item(c, coll, range, "into", [&](const value& x) {
        if (const value* y = through(x, held)) out = coll::conj(c, std::move(out), *y, "into");
        return true;
      });
      return out;
    }
    case fused_sink::reduce: break;
  }
  // reduce, as reduce_impl over the items the stages let through
  if (have && is_reduced(acc)) return reduced_value(acc);
  reduction r(c, *reduce_fn, have, std::move(acc));
  for_each_item(c, coll, range, "reduce", [&](const value& x) {
    const value* y = through(x, held);
    return !y || r.take(*y);
  });
  return r.finish();
}

value over_int_range(context& c, range_use use, std::span<const value> a, const int_range& r, value init) {
  switch (use) {
    case range_use::map: return map_impl(c, a, "map", false, &r);
    case range_use::mapv: return map_impl(c, a, "mapv", true, &r);
    case range_use::filter: return filter_impl(c, a, "filter", true, false, &r);
    case range_use::filterv: return filter_impl(c, a, "filterv", true, true, &r);
    case range_use::remove: return filter_impl(c, a, "remove", false, false, &r);
    case range_use::reduce: return reduce_impl(c, a, a.size() == 2, std::move(init), &r);
    case range_use::vec: return run_fused(c, value(), &r, {}, fused_sink::vector, nullptr, false, value());
    case range_use::set: return run_fused(c, value(), &r, {}, fused_sink::set, nullptr, false, value());
    case range_use::into: return run_fused(c, value(), &r, {}, fused_sink::into, nullptr, true, std::move(init));
  }
  return {};
}

}  // namespace seq_detail
}  // namespace ptc::lisp
