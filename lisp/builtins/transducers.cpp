// The transducer arities of the sequence functions: (map f), (filter p), (take n), ... Each
// returns a transducer built from the pieces in transduce_parts.hpp, following the definition
// of the same name in Clojure's core.clj, including where reduced is honoured or passed on.
#include <cstdint>
#include <memory>
#include <vector>

#include "ptc/lisp/builtins/transduce_parts.hpp"
#include "ptc/lisp/builtins/value_set.hpp"

namespace ptc::lisp::seq_detail {

using namespace xf;

namespace {

std::string_view stage_name(fused_stage::kind_t k) {
  return k == fused_stage::map ? "map" : k == fused_stage::filter ? "filter" : "remove";
}

/// The reducing function a map, filter or remove stage makes of `rf`.
value stage_step(const stage_transducer::stage& s, value rf) {
  if (s.kind == fused_stage::map) {
    return stepping("map", std::move(rf), [f = s.f](context& c, const value& rf, value& acc, value& x) {
      return call_step(c, rf, std::move(acc), call1(c, f, x));
    });
  }
  const bool keep_truthy = s.kind == fused_stage::filter;
  return stepping(stage_name(s.kind), std::move(rf),
                  [f = s.f, keep_truthy](context& c, const value& rf, value& acc, value& x) {
                    if (call1(c, f, x).truthy() != keep_truthy) return std::move(acc);
                    return call_step(c, rf, std::move(acc), std::move(x));
                  });
}

value make_stage_transducer(std::string_view name, std::vector<stage_transducer::stage> stages) {
  const std::size_t extra = stages.size() * sizeof(stage_transducer::stage);  // charged with the object
  return value::adopt(type::function, make_object<stage_transducer>(extra, name, std::move(stages)));
}

}  // namespace

value xf::stage_transducer::invoke(context&, args_t args) const {
  // As the generic transducers (and comp, whose last one takes the arguments) answer.
  if (args.size() != 1) errors::arity(stage_name(stages_.back().kind), args.size(), "1");
  value rf = args[0];
  for (std::size_t i = stages_.size(); i-- > 0;) rf = stage_step(stages_[i], std::move(rf));
  return rf;
}

value xf::comp_stage_transducers(std::span<const value> xs) {
  std::vector<stage_transducer::stage> all;
  for (const value& x : xs) {
    const stage_transducer* t = as_stage_transducer(x);
    if (!t) return {};
    all.insert(all.end(), t->stages().begin(), t->stages().end());
  }
  return make_stage_transducer("comp", std::move(all));
}

value xf_map(context&, args_t a) { return make_stage_transducer("map", {{fused_stage::map, a[0]}}); }

value xf_filter(context&, args_t a, bool keep_truthy) {
  const auto kind = keep_truthy ? fused_stage::filter : fused_stage::remove;
  return make_stage_transducer(stage_name(kind), {{kind, a[0]}});
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
  return stateful(
      name, [] { return std::int64_t{0}; },
      [f = a[0], keep_only](context& c, const value& rf, std::int64_t& i, value& acc, value& x) {
        value y = c.call(f, {value::integer(i++), x});
        if (keep_only && y.is_nil()) return std::move(acc);
        return call_step(c, rf, std::move(acc), std::move(y));
      });
}

value xf_take(context&, args_t a) {
  std::int64_t n = arg::walked_count("take", a, 0);
  return stateful(
      "take", [n] { return n; },
      [](context& c, const value& rf, std::int64_t& left, value& acc, value& x) {
        value r = left > 0 ? call_step(c, rf, std::move(acc), std::move(x)) : std::move(acc);
        if (--left > 0 || is_reduced(r)) return r;
        return make_reduced(std::move(r));  // Clojure's ensure-reduced
      });
}

value xf_drop(context&, args_t a) {
  std::int64_t n = arg::walked_count("drop", a, 0);
  return stateful(
      "drop", [n] { return n; },
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
  return stateful(
      "take-nth", [] { return std::int64_t{0}; },
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
  return stateful(
      "drop-while", [] { return true; },
      [f = a[0]](context& c, const value& rf, bool& dropping, value& acc, value& x) {
        if (dropping && call1(c, f, x).truthy()) return std::move(acc);
        dropping = false;
        return call_step(c, rf, std::move(acc), std::move(x));
      });
}

value xf_mapcat(context& c, args_t a) {
  // (comp (map f) cat): cat wraps rf first, map wraps the result.
  value mapping = xf_map(c, a);
  value cat = xf::cat();
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
        case 0:
          return c.call(rf, {});
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
        case 0:
          return c.call(rf, {});
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
  return stateful(
      "dedupe", [] { return state{}; },
      [](context& c, const value& rf, state& s, value& acc, value& x) {
        if (s.started && equal(s.prev, x)) return std::move(acc);
        s.started = true;
        s.prev = x;
        return call_step(c, rf, std::move(acc), std::move(x));
      });
}

value xf_distinct(context&, args_t) {
  return stateful(
      "distinct", [] { return value_set{}; },
      [](context& c, const value& rf, value_set& seen, value& acc, value& x) {
        if (!seen.insert(c.limits(), x).fresh) return std::move(acc);
        return call_step(c, rf, std::move(acc), std::move(x));
      });
}

value xf_interpose(context&, args_t a) {
  return stateful(
      "interpose", [] { return false; },
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
  return stateless("replace",
                   [smap = replace_map(a)](context& c, const value& rf, value& acc, value& x) {
                     const value* r = replacement(smap, x);
                     return call_step(c, rf, std::move(acc), r ? *r : std::move(x));
                   });
}

}  // namespace ptc::lisp::seq_detail
