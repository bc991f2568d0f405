// The generators: range, iterate, repeat, cycle, repeatedly; and the lazy building blocks
// (drop, cons, concat over lazy inputs) the rest of the family uses.
//
// A finite generator of modest size is realised at once as a list (the spec's eager sequences);
// only an infinite one, or one too large to realise (over k_eager_limit items), stays lazy.
#include <cmath>

#include "ptc/lisp/builtins/seq_support.hpp"

namespace ptc::lisp {
namespace seq_detail {
namespace {

using args_t = std::span<const value>;

/// Largest finite generator realised eagerly; beyond it, a lazy seq with a known size.
constexpr std::size_t k_eager_limit = std::size_t{1} << 20;

/// Refuses to build a list of n cells past the memory limit, before building it.
void preflight_list(context& c, std::size_t n) {
  c.limits().preflight(static_cast<std::uint64_t>(n) * (sizeof(list_obj) + sizeof(value)));
}

/// Clojure's + for range stepping: integers stay integers (overflow is an error), else doubles.
value add_num(const value& a, const value& b) {
  if (a.is(type::integer) && b.is(type::integer)) {
    std::int64_t r;
    if (__builtin_add_overflow(a.as_int(), b.as_int(), &r)) errors::arithmetic("integer overflow");
    return value::integer(r);
  }
  return value::floating(a.as_number() + b.as_number());
}

/// x has not reached `end` going in the direction of `step`.
bool before_end(const value& x, const value& end, bool ascending) {
  if (x.is(type::integer) && end.is(type::integer))
    return ascending ? x.as_int() < end.as_int() : x.as_int() > end.as_int();
  return ascending ? x.as_number() < end.as_number() : x.as_number() > end.as_number();
}

value infinite_range() {
  return make_lazy([] {
    return make_cursor([i = std::int64_t{0}](context&, value& out) mutable {
      out = value::integer(i++);
      return true;
    });
  });
}

/// An integer range of n items: a list when small, otherwise lazy with a known size.
value make_int_range(context& c, std::int64_t start, std::int64_t step, std::size_t n) {
  if (n > k_eager_limit) {
    return make_lazy(
        [start, step, n] {
          return make_cursor([start, step, n, i = std::size_t{0}](context&, value& out) mutable {
            if (i >= n) return false;
            out = value::integer(start + static_cast<std::int64_t>(i++) * step);
            return true;
          });
        },
        n);
  }
  preflight_list(c, n);
  c.limits().tick(n);
  return list_obj::generate(n, [&](std::size_t i) { return value::integer(start + static_cast<std::int64_t>(i) * step); });
}

/// The number of items of the integer range from start towards end by a nonzero step (start
/// is before end in the step's direction).
std::size_t int_range_count(std::int64_t start, std::int64_t end, std::int64_t step) {
  const __int128 span = static_cast<__int128>(end) - start;
  const __int128 st = step;
  return static_cast<std::size_t>(step > 0 ? (span + st - 1) / st : (span + st + 1) / st);
}

value b_range(context& c, args_t a) {
  if (a.empty()) return infinite_range();
  for (std::size_t i = 0; i < a.size(); ++i) arg::number_value("range", a, i);
  value start = a.size() == 1 ? value::integer(0) : a[0];
  value end = a.size() == 1 ? a[0] : a[1];
  value step = a.size() == 3 ? a[2] : value::integer(1);
  double step_d = step.as_number();
  if (step_d == 0) return lazy_repeat(start);  // as Clojure: (range 1 5 0) repeats 1
  bool ascending = step_d > 0;
  if (!before_end(start, end, ascending)) return list_obj::empty();
  if (start.is(type::integer) && end.is(type::integer) && step.is(type::integer)) {
    return make_int_range(c, start.as_int(), step.as_int(), int_range_count(start.as_int(), end.as_int(), step.as_int()));
  }
  // Doubles step by successive addition, as Clojure does (so 0.1 steps accumulate error).
  double estimate = std::ceil((end.as_number() - start.as_number()) / step_d);
  if (!std::isfinite(estimate) || estimate > static_cast<double>(k_eager_limit)) {
    return make_lazy([start, end, step, ascending] {
      return make_cursor([cur = start, end, step, ascending](context&, value& out) mutable {
        if (!before_end(cur, end, ascending)) return false;
        out = cur;
        cur = add_num(cur, step);
        return true;
      });
    });
  }
  preflight_list(c, static_cast<std::size_t>(estimate) + 1);
  std::vector<value> items;
  for (value x = start; before_end(x, end, ascending); x = add_num(x, step)) {
    c.tick();
    items.push_back(x);
  }
  return list_of(std::move(items));
}

value b_iterate(context& c, args_t a) {
  const value& f = arg::function("iterate", a, 0);
  return make_lazy([f, x = a[1]] {
    return make_cursor([f, cur = x, started = false](context& c, value& out) mutable {
      if (started) cur = call1(c, f, cur);
      started = true;
      out = cur;
      return true;
    });
  });
}

/// A finite generator of n items made by `item(i)`: a list, or lazy beyond k_eager_limit.
template <class F>
value finite_gen(context& c, std::size_t n, F item) {
  if (n > k_eager_limit) {
    return make_lazy(
        [n, item] {
          return make_cursor([n, item, i = std::size_t{0}](context& c, value& out) mutable {
            if (i >= n) return false;
            out = item(c, i++);
            return true;
          });
        },
        n);
  }
  preflight_list(c, n);
  std::vector<value> items;
  items.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    c.tick();
    items.push_back(item(c, i));
  }
  return list_of(std::move(items));
}

value b_repeat(context& c, args_t a) {
  if (a.size() == 1) return lazy_repeat(a[0]);
  std::int64_t n = arg::cast_integer("repeat", a, 0);
  if (n <= 0) return list_obj::empty();
  return finite_gen(c, static_cast<std::size_t>(n), [x = a[1]](context&, std::size_t) { return x; });
}

value b_repeatedly(context& c, args_t a) {
  if (a.size() == 1) {
    const value& f = arg::function("repeatedly", a, 0);
    return make_lazy([f] {
      return make_cursor([f](context& c, value& out) {
        out = c.call(f, {});
        return true;
      });
    });
  }
  std::int64_t n = arg::walked_count("repeatedly", a, 0);
  const value& f = arg::function("repeatedly", a, 1);
  if (n <= 0) return list_obj::empty();
  return finite_gen(c, static_cast<std::size_t>(n), [f](context& c, std::size_t) { return c.call(f, {}); });
}

value b_cycle(context& c, args_t a) {
  require_seqable("cycle", a, 0);
  const value& coll = a[0];
  if (!is_lazy(coll) && seq_count(c, coll, "cycle") == 0) return list_obj::empty();
  return make_lazy([coll] {
    return make_cursor([coll, src = source(coll), any = false](context& c, value& out) mutable {
      if (src.next(c, out)) {
        any = true;
        return true;
      }
      if (!any) return false;  // an empty pass: nothing to cycle
      src = source(coll);
      any = false;
      return src.next(c, out) ? (any = true) : false;
    });
  });
}

// Clojure's realized? asks whether a pending value has been computed. PTC-Lisp's sequences are
// eager lists, which are always realised; a lazy seq here is a recipe that caches nothing (each
// traversal regenerates its items), so it never counts as realised. Like Clojure, other values
// (vectors, maps, nil, ...) are not pending things at all: a type error.
value b_realized(context&, args_t a) {
  if (a[0].is(type::list)) return value::boolean(true);
  if (a[0].is(type::lazy_seq)) return value::boolean(false);
  errors::argument("realized?", 0, "a sequence (a lazy or realised seq)", a[0]);
}

const builtin_def seq_lazy_table[] = {
    {"realized?", 1, 1, b_realized},
    {"range", 0, 3, b_range},
    {"iterate", 2, 2, b_iterate},
    {"repeat", 1, 2, b_repeat},
    {"repeatedly", 1, 2, b_repeatedly},
    {"cycle", 1, 1, b_cycle},
};

}  // namespace

std::span<const builtin_def> lazy_defs() { return seq_lazy_table; }

std::optional<int_range> eager_int_range(args_t a) {
  if (a.empty() || a.size() > 3) return std::nullopt;
  for (const value& x : a)
    if (!x.is(type::integer)) return std::nullopt;
  const std::int64_t start = a.size() == 1 ? 0 : a[0].as_int();
  const std::int64_t end = a.size() == 1 ? a[0].as_int() : a[1].as_int();
  const std::int64_t step = a.size() == 3 ? a[2].as_int() : 1;
  if (step == 0) return std::nullopt;  // (range 1 5 0) repeats: lazy
  if (step > 0 ? start >= end : start <= end) return int_range{start, step, 0};
  const std::size_t n = int_range_count(start, end, step);
  if (n > k_eager_limit) return std::nullopt;
  return int_range{start, step, n};
}

value realise(context& c, const int_range& r) { return make_int_range(c, r.start, r.step, r.n); }

value lazy_repeat(value x) {
  return make_lazy([x] {
    return make_cursor([x](context&, value& out) {
      out = x;
      return true;
    });
  });
}

value lazy_drop(value coll, std::size_t n) {
  std::optional<std::size_t> size;
  if (coll.is(type::lazy_seq))
    if (auto k = coll.as<lazy_seq_obj>().known_size()) size = *k > n ? *k - n : 0;
  return make_lazy(
      [coll, n] {
        return make_cursor([src = source(coll), n, skipped = false](context& c, value& out) mutable {
          if (!skipped) {
            skipped = true;
            for (std::size_t i = 0; i < n; ++i)
              if (!src.next(c, out)) return false;
          }
          return src.next(c, out);
        });
      },
      size);
}

value lazy_cons(value x, value coll) {
  std::optional<std::size_t> size;
  if (coll.is(type::lazy_seq))
    if (auto k = coll.as<lazy_seq_obj>().known_size()) size = *k + 1;
  return make_lazy(
      [x, coll] {
        return make_cursor([x, src = source(coll), first = true](context& c, value& out) mutable {
          if (first) {
            first = false;
            out = x;
            return true;
          }
          return src.next(c, out);
        });
      },
      size);
}

value lazy_concat(std::vector<value> colls) {
  auto shared = std::make_shared<const std::vector<value>>(std::move(colls));
  return make_lazy([shared] {
    return make_cursor([shared, i = std::size_t{0}, src = std::optional<source>()](context& c, value& out) mutable {
      for (;;) {
        if (!src) {
          if (i >= shared->size()) return false;
          src.emplace((*shared)[i++]);
        }
        if (src->next(c, out)) return true;
        src.reset();
      }
    });
  });
}

}  // namespace seq_detail
}  // namespace ptc::lisp
