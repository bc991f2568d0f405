// Transducers as Clojure defines them: a transducer is a function of a reducing function rf
// returning a reducing function with arities 0 (init), 1 (completion) and 2 (step). The
// one-argument arities of map, filter, take, ... (declared in seq_support.hpp) build them here,
// and transduce, completing, cat, sequence, eduction and replace consume or complete them.
// User-written transducers and (comp xf1 xf2) compose with these because every piece is an
// ordinary function value.
//
// Stateful transducers (take, drop, partition-all, dedupe, distinct, ...) create their state
// when applied to rf, in a shared_ptr the returned reducing function captures: each
// transduce / into / sequence call applies the transducer afresh, so runs never share state.
#include <deque>
#include <memory>
#include <unordered_set>

#include "lisp/builtins/seq_support.hpp"
#include "lisp/map.hpp"

namespace ptc::lisp {
namespace seq_detail {
namespace {

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
value call_step(context& c, const value& rf, value acc, value x) {
  value args[2] = {std::move(acc), std::move(x)};
  return c.call_owned(rf, owned_args(args, 2));
}

/// A reducing function whose init and completion pass through to `rf` and whose step is
/// `step(c, rf, acc, x)` (acc and x are the caller's temporaries: the step may move them).
template <class Step>
value stepping(std::string_view name, value rf, Step step) {
  return make_reducing(name, [rf = std::move(rf), step = std::move(step)](context& c, owned_args a) -> value {
    if (a.size() < 2) return c.call_owned(rf, a);
    return step(c, rf, a[0], a[1]);
  });
}

/// A transducer: a function of one reducing function, `make(rf)` building the new one.
template <class Make>
value transducer(std::string_view name, Make make) {
  return make_native_fn(std::string(name), [name, make = std::move(make)](context&, args_t a) -> value {
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
    return stepping(name, rf, [state = std::make_shared<decltype(fresh())>(fresh()), step](
                                  context& c, const value& rf, value& acc, value& x) {
      return step(c, rf, *state, acc, x);
    });
  });
}

bool is_reduced(const value& v) { return v.is(type::reduced); }

/// Feeds every item of `coll` through `rf` from `acc`, stopping at a reduced result, which is
/// returned still boxed (cat needs to see it; transduce unboxes it).
value reduce_into(context& c, const value& rf, value acc, const value& coll, std::string_view fn) {
  for_each_item(c, coll, fn, [&](const value& x) {
    acc = call_step(c, rf, std::move(acc), x);
    return !is_reduced(acc);
  });
  return acc;
}

value cat_xf() {
  return stateless("cat", [](context& c, const value& rf, value& acc, value& coll) {
    if (!is_seqable(coll)) errors::argument("cat", 0, "a collection", coll);
    return reduce_into(c, rf, std::move(acc), coll, "cat");
  });
}

/// (find smap x) for replace: the replacement of x, or null when smap has none.
const value* replacement(const value& smap, const value& x) {
  if (smap.is(type::map)) return smap.as<map_obj>().find(x);
  if (smap.is(type::vector) && x.is(type::integer)) {
    const auto& v = smap.as<vector_obj>();
    if (x.as_int() >= 0 && static_cast<std::size_t>(x.as_int()) < v.size())
      return &v.at(static_cast<std::size_t>(x.as_int()));
  }
  return nullptr;
}

const value& replace_map(args_t a) {
  if (!a[0].is_nil() && !a[0].is(type::map) && !a[0].is(type::vector))
    errors::argument("replace", 0, "a map or vector", a[0]);
  return a[0];
}

/// The items a transducer emits over `coll`: a lazy seq over a lazy input, a list otherwise.
/// The cursor pushes each input item through (xform rf), where rf appends to a buffer the
/// cursor then drains, so an expanding step (cat) or a flushing completion (partition-all)
/// emits several items for one input.
value transduced_seq(context& c, value xform, value coll) {
  return realise_or_lazy(c, is_lazy(coll), [xform, coll] {
    auto buffer = std::make_shared<std::deque<value>>();
    value rf = make_reducing("sequence", [buffer](context&, owned_args a) -> value {
      if (a.size() == 2) buffer->push_back(std::move(a[1]));
      return a.empty() ? value() : std::move(a[0]);
    });
    return make_cursor([xform, rf, buffer, xf = value(), src = source(coll), started = false,
                        done = false](context& c, value& out) mutable {
      if (!started) {
        started = true;
        xf = call1(c, xform, rf);
      }
      while (buffer->empty()) {
        if (done) return false;
        value x;
        if (!src.next(c, x)) {
          done = true;
          call1(c, xf, value());  // completion flushes buffered state
          continue;
        }
        value r = call_step(c, xf, value(), std::move(x));
        if (is_reduced(r)) {
          done = true;
          call1(c, xf, reduced_value(r));
        }
      }
      out = std::move(buffer->front());
      buffer->pop_front();
      return true;
    });
  });
}

value b_transduce(context& c, args_t a) {
  const value& xform = arg::function("transduce", a, 0);
  const value& f = arg::function("transduce", a, 1);
  std::size_t ci = a.size() - 1;
  require_seqable("transduce", a, ci);
  value xf = call1(c, xform, f);
  // Clojure's 3-argument form starts from (f), the un-transformed function's init.
  value acc = a.size() == 4 ? a[2] : c.call(f, {});
  acc = reduce_into(c, xf, std::move(acc), a[ci], "transduce");
  if (is_reduced(acc)) acc = value(reduced_value(acc));
  value done[1] = {std::move(acc)};
  return c.call_owned(xf, owned_args(done, 1));
}

value b_completing(context&, args_t a) {
  const value& f = arg::function("completing", a, 0);
  value cf = a.size() == 2 ? arg::function("completing", a, 1) : value();
  return make_reducing("completing", [f, cf](context& c, owned_args a) -> value {
    switch (a.size()) {
      case 0: return c.call(f, {});
      case 1: return cf.is_nil() ? std::move(a[0]) : c.call_owned(cf, a);
      default: return c.call_owned(f, a);
    }
  });
}

value b_cat(context& c, args_t a) {
  value rf = cat_xf();
  return call1(c, rf, a[0]);
}

value b_sequence(context& c, args_t a) {
  if (a.size() == 1) {
    require_seqable("sequence", a, 0);
    if (is_lazy(a[0]) || a[0].is(type::list)) return a[0];
    return list_of(to_items(c, a[0], "sequence"));
  }
  const value& xform = arg::function("sequence", a, 0);
  require_seqable("sequence", a, 1);
  return transduced_seq(c, xform, a[1]);
}

value b_eduction(context& c, args_t a) {
  for (std::size_t i = 0; i + 1 < a.size(); ++i) arg::function("eduction", a, i);
  require_seqable("eduction", a, a.size() - 1);
  // (eduction xf1 xf2 coll) transforms as (comp xf1 xf2): xf2 wraps rf first.
  value xform = make_native_fn("eduction", [xfs = std::vector<value>(a.begin(), a.end() - 1)](context& c, args_t r) {
    if (r.size() != 1) errors::arity("eduction", r.size(), "1");
    value rf = r[0];
    for (std::size_t i = xfs.size(); i-- > 0;) rf = call1(c, xfs[i], rf);
    return rf;
  });
  return transduced_seq(c, std::move(xform), a.back());
}

value b_replace(context& c, args_t a) {
  if (a.size() == 1) return xf_replace(c, a);
  const value& smap = replace_map(a);
  require_seqable("replace", a, 1);
  const value& coll = a[1];
  if (coll.is(type::vector)) {  // vectors stay vectors, as in Clojure
    std::vector<value> out;
    out.reserve(coll.as<vector_obj>().size());
    for_each_item(c, coll, "replace", [&](const value& x) {
      const value* r = replacement(smap, x);
      out.push_back(r ? *r : x);
      return true;
    });
    return vector_obj::from(std::move(out));
  }
  return realise_or_lazy(c, is_lazy(coll), [smap, coll] {
    return make_cursor([smap, src = source(coll)](context& c, value& out) mutable {
      if (!src.next(c, out)) return false;
      if (const value* r = replacement(smap, out)) out = *r;
      return true;
    });
  });
}

const builtin_def defs[] = {
    {"transduce", 3, 4, b_transduce},
    {"completing", 1, 2, b_completing},
    {"cat", 1, 1, b_cat},
    {"sequence", 1, 2, b_sequence},
    {"eduction", 1, -1, b_eduction},
    {"replace", 1, 2, b_replace},
};

}  // namespace

value xf_map(context&, args_t a) {
  return stateless("map", [f = a[0]](context& c, const value& rf, value& acc, value& x) {
    return call_step(c, rf, std::move(acc), call1(c, f, x));
  });
}

value xf_filter(context&, args_t a, bool keep_truthy) {
  return stateless(keep_truthy ? "filter" : "remove",
                   [f = a[0], keep_truthy](context& c, const value& rf, value& acc, value& x) {
                     if (call1(c, f, x).truthy() != keep_truthy) return std::move(acc);
                     return call_step(c, rf, std::move(acc), std::move(x));
                   });
}

value xf_keep(context&, args_t a) {
  return stateless("keep", [f = a[0]](context& c, const value& rf, value& acc, value& x) {
    value y = call1(c, f, x);
    if (y.is_nil()) return std::move(acc);
    return call_step(c, rf, std::move(acc), std::move(y));
  });
}

value xf_map_indexed(context&, args_t a, bool keep_only) {
  std::string_view name = keep_only ? "keep-indexed" : "map-indexed";
  return stateful(name, [] { return std::int64_t{0}; },
                  [f = a[0], keep_only](context& c, const value& rf, std::int64_t& i, value& acc, value& x) {
                    value y = c.call(f, {value::integer(i++), x});
                    if (keep_only && y.is_nil()) return std::move(acc);
                    return call_step(c, rf, std::move(acc), std::move(y));
                  });
}

value xf_take(context&, args_t a) {
  std::int64_t n = arg::integer("take", a, 0);
  return stateful("take", [n] { return n; },
                  [](context& c, const value& rf, std::int64_t& left, value& acc, value& x) {
                    value r = left > 0 ? call_step(c, rf, std::move(acc), std::move(x)) : std::move(acc);
                    if (--left > 0 || is_reduced(r)) return r;
                    return make_reduced(std::move(r));  // Clojure's ensure-reduced
                  });
}

value xf_drop(context&, args_t a) {
  std::int64_t n = arg::integer("drop", a, 0);
  return stateful("drop", [n] { return n; },
                  [](context& c, const value& rf, std::int64_t& left, value& acc, value& x) {
                    if (left > 0) {
                      --left;
                      return std::move(acc);
                    }
                    return call_step(c, rf, std::move(acc), std::move(x));
                  });
}

value xf_take_nth(context&, args_t a) {
  std::int64_t n = arg::integer("take-nth", a, 0);
  return stateful("take-nth", [] { return std::int64_t{0}; },
                  [n](context& c, const value& rf, std::int64_t& i, value& acc, value& x) {
                    // Clojure: (zero? (rem i n)); n <= 0 keeps only the first item (rem by 0
                    // throws there; here every later item is dropped).
                    bool keep = n > 0 ? i % n == 0 : i == 0;
                    ++i;
                    return keep ? call_step(c, rf, std::move(acc), std::move(x)) : std::move(acc);
                  });
}

value xf_take_while(context&, args_t a) {
  return stateless("take-while", [f = a[0]](context& c, const value& rf, value& acc, value& x) {
    if (!call1(c, f, x).truthy()) return make_reduced(std::move(acc));
    return call_step(c, rf, std::move(acc), std::move(x));
  });
}

value xf_drop_while(context&, args_t a) {
  return stateful("drop-while", [] { return true; },
                  [f = a[0]](context& c, const value& rf, bool& dropping, value& acc, value& x) {
                    if (dropping && call1(c, f, x).truthy()) return std::move(acc);
                    dropping = false;
                    return call_step(c, rf, std::move(acc), std::move(x));
                  });
}

value xf_mapcat(context& c, args_t a) {
  // (comp (map f) cat): cat wraps rf first, map wraps the result.
  value mapping = xf_map(c, a);
  value cat = cat_xf();
  return make_native_fn("mapcat", [mapping, cat](context& c, args_t r) {
    if (r.size() != 1) errors::arity("mapcat", r.size(), "1");
    return call1(c, mapping, call1(c, cat, r[0]));
  });
}

value xf_partition_all(context&, args_t a) {
  std::int64_t n = arg::integer("partition-all", a, 0);
  return transducer("partition-all", [n](const value& rf) {
    auto part = std::make_shared<std::vector<value>>();
    return make_reducing("partition-all", [rf, part, n](context& c, owned_args a) -> value {
      switch (a.size()) {
        case 0: return c.call(rf, {});
        case 1: {
          value acc = std::move(a[0]);
          if (!part->empty()) {  // the last, short partition
            value chunk = vector_obj::from(std::move(*part));
            part->clear();
            acc = call_step(c, rf, std::move(acc), std::move(chunk));
            if (is_reduced(acc)) acc = value(reduced_value(acc));
          }
          return call1(c, rf, acc);
        }
        default: {
          push_checked(c, *part, std::move(a[1]));
          if (static_cast<std::int64_t>(part->size()) < n) return std::move(a[0]);
          value chunk = vector_obj::from(std::move(*part));
          part->clear();
          return call_step(c, rf, std::move(a[0]), std::move(chunk));
        }
      }
    });
  });
}

value xf_partition_by(context&, args_t a) {
  return transducer("partition-by", [f = a[0]](const value& rf) {
    struct state {
      std::vector<value> part;
      value key;
    };
    auto st = std::make_shared<state>();
    return make_reducing("partition-by", [rf, f, st](context& c, owned_args a) -> value {
      switch (a.size()) {
        case 0: return c.call(rf, {});
        case 1: {
          value acc = std::move(a[0]);
          if (!st->part.empty()) {
            value chunk = vector_obj::from(std::move(st->part));
            st->part.clear();
            acc = call_step(c, rf, std::move(acc), std::move(chunk));
            if (is_reduced(acc)) acc = value(reduced_value(acc));
          }
          return call1(c, rf, acc);
        }
        default: {
          value k = call1(c, f, a[1]);
          if (st->part.empty() || equal(k, st->key)) {
            st->key = std::move(k);
            push_checked(c, st->part, std::move(a[1]));
            return std::move(a[0]);
          }
          value chunk = vector_obj::from(std::move(st->part));
          st->part.clear();
          value r = call_step(c, rf, std::move(a[0]), std::move(chunk));
          if (!is_reduced(r)) {  // as Clojure: the new partition starts only if rf goes on
            st->key = std::move(k);
            st->part.push_back(std::move(a[1]));
          }
          return r;
        }
      }
    });
  });
}

value xf_dedupe(context&, args_t) {
  struct state {
    bool started = false;
    value prev;
  };
  return stateful("dedupe", [] { return state{}; },
                  [](context& c, const value& rf, state& s, value& acc, value& x) {
                    if (s.started && equal(s.prev, x)) return std::move(acc);
                    s.started = true;
                    s.prev = x;
                    return call_step(c, rf, std::move(acc), std::move(x));
                  });
}

value xf_distinct(context&, args_t) {
  using seen_set = std::unordered_set<value, value_hash, value_equal>;
  return stateful("distinct", [] { return seen_set{}; },
                  [](context& c, const value& rf, seen_set& seen, value& acc, value& x) {
                    if (!seen.insert(x).second) return std::move(acc);
                    return call_step(c, rf, std::move(acc), std::move(x));
                  });
}

value xf_interpose(context&, args_t a) {
  return stateful("interpose", [] { return false; },
                  [sep = a[0]](context& c, const value& rf, bool& started, value& acc, value& x) {
                    if (started) {
                      value r = call_step(c, rf, std::move(acc), sep);
                      if (is_reduced(r)) return r;
                      return call_step(c, rf, std::move(r), std::move(x));
                    }
                    started = true;
                    return call_step(c, rf, std::move(acc), std::move(x));
                  });
}

value xf_replace(context&, args_t a) {
  return stateless("replace", [smap = replace_map(a)](context& c, const value& rf, value& acc, value& x) {
    const value* r = replacement(smap, x);
    return call_step(c, rf, std::move(acc), r ? *r : std::move(x));
  });
}

std::span<const builtin_def> transduce_defs() { return defs; }

}  // namespace seq_detail
}  // namespace ptc::lisp
