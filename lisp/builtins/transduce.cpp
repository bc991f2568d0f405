// The consumers of transducers: transduce, completing, cat, sequence and eduction, and replace
// (whose one-argument arity is a transducer too). The transducers themselves are built in
// transducers.cpp from the pieces in transduce_parts.hpp.
#include <deque>
#include <memory>
#include <vector>

#include "ptc/lisp/builtins/transduce_parts.hpp"
#include "ptc/lisp/map.hpp"

namespace ptc::lisp::seq_detail {
namespace xf {

value reduce_into(context& c, const value& rf, value acc, const value& coll, std::string_view fn) {
  for_each_item(c, coll, fn, [&](const value& x) {
    acc = call_step(c, rf, std::move(acc), x);
    return !is_reduced(acc);
  });
  return acc;
}

value cat() {
  return stateless("cat", [](context& c, const value& rf, value& acc, value& coll) {
    if (!is_seqable(coll)) errors::argument("cat", 0, "a collection", coll);
    return reduce_into(c, rf, std::move(acc), coll, "cat");
  });
}

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

}  // namespace xf

namespace {

using namespace xf;

/// The items a transducer emits over `coll`: a lazy seq over a lazy input, a list otherwise.
/// The cursor pushes each input item through (xform rf), where rf appends to a buffer the
/// cursor then drains, so an expanding step (cat) or a flushing completion (partition-all)
/// emits several items for one input.
value transduced_seq(context& c, value xform, value coll) {
  return realise_or_lazy(c, is_lazy(coll), [xform, coll] {
    auto buffer = std::make_shared<std::deque<value>>();
    value rf = make_reducing("sequence", [buffer](context& c, owned_args a) -> value {
      if (a.size() == 2) {
        // One step may emit without end ((mapcat (fn [_] (range)))): charge the growth.
        c.limits().preflight_growth(buffer->size(), sizeof(value));
        buffer->push_back(std::move(a[1]));
      }
      return a.empty() ? value() : std::move(a[0]);
    });
    return make_cursor([xform, rf, buffer, xrf = value(), src = source(coll), started = false,
                        done = false](context& c, value& out) mutable {
      if (!started) {
        started = true;
        xrf = call1(c, xform, rf);
      }
      while (buffer->empty()) {
        if (done) return false;
        value x;
        if (!src.next(c, x)) {
          done = true;
          call1(c, xrf, value());  // completion flushes buffered state
          continue;
        }
        value r = call_step(c, xrf, value(), std::move(x));
        if (is_reduced(r)) {
          done = true;
          call1(c, xrf, reduced_value(r));
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
  // (map f), (filter p), (remove p) and comp of them run fused: the same calls in the same
  // order, a reduced answer of f ending it unwrapped, then f's completion, as below. (Applying
  // such a transducer to f does nothing else, so it may come after (f) here.)
  const stage_transducer* st = as_stage_transducer(xform);
  const std::vector<fused_stage> stages = st ? st->fused_stages() : std::vector<fused_stage>{};
  const bool fused = st && fusable(a[ci], stages, &f);
  value xrf = fused ? value() : call1(c, xform, f);
  // Clojure's 3-argument form starts from (f), the un-transformed function's init.
  value acc = a.size() == 4 ? a[2] : c.call(f, {});
  if (fused && !is_reduced(acc)) {
    acc = run_fused(c, a[ci], nullptr, stages, fused_sink::reduce, &f, true, std::move(acc));
    value done[1] = {std::move(acc)};
    return c.call_owned(f, std::span<value>(done, 1));
  }
  if (fused) xrf = call1(c, xform, f);
  acc = reduce_into(c, xrf, std::move(acc), a[ci], "transduce");
  if (is_reduced(acc)) acc = value(reduced_value(acc));
  value done[1] = {std::move(acc)};
  return c.call_owned(xrf, owned_args(done, 1));
}

value b_completing(context&, args_t a) {
  const value& f = arg::function("completing", a, 0);
  value cf = a.size() == 2 ? arg::function("completing", a, 1) : value();
  return make_reducing("completing", [f, cf](context& c, owned_args a) -> value {
    switch (a.size()) {
      case 0:
        return c.call(f, {});
      case 1:
        return cf.is_nil() ? std::move(a[0]) : c.call_owned(cf, a);
      default:
        return c.call_owned(f, a);
    }
  });
}

value b_cat(context& c, args_t a) {
  value rf = xf::cat();
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
  value xform = make_native_fn(
      "eduction", [xfs = std::vector<value>(a.begin(), a.end() - 1)](context& c, args_t r) {
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

const builtin_def transduce_table[] = {
    {"transduce", 3, 4, b_transduce},
    {"completing", 1, 2, b_completing},
    {"cat", 1, 1, b_cat},
    {"sequence", 1, 2, b_sequence},
    {"eduction", 1, -1, b_eduction},
    {"replace", 1, 2, b_replace},
};

}  // namespace

std::span<const builtin_def> transduce_defs() { return transduce_table; }

}  // namespace ptc::lisp::seq_detail
