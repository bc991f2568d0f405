// Building and reshaping collections: conj, into, the constructors (vector, list, hash-map,
// set, ...), empty, disj, and the stack operations peek / pop / subvec.
#include <vector>

#include "ptc/lisp/builtin.hpp"
#include "ptc/lisp/builtins/coll_ops.hpp"
#include "ptc/lisp/builtins/family_parts.hpp"
#include "ptc/lisp/builtins/transduce_parts.hpp"
#include "ptc/lisp/list.hpp"
#include "ptc/lisp/map.hpp"
#include "ptc/lisp/printer.hpp"
#include "ptc/lisp/seq.hpp"
#include "ptc/lisp/set.hpp"
#include "ptc/lisp/vector.hpp"

namespace ptc::lisp {
namespace {

using args_t = std::span<const value>;

template <class Args>
value conj_all(context& c, Args a) {
  if (a.empty()) return vector_obj::empty();
  value out = take_first(a);
  for (std::size_t i = 1; i < a.size(); ++i) out = coll::conj(c, std::move(out), a[i]);
  return out;
}
value b_conj(context& c, args_t a) { return conj_all(c, a); }
value b_conj_owned(context& c, std::span<value> a) { return conj_all(c, a); }

// (into to from): every item of `from` conj'ed onto `to`. Maps pour in entry by entry, and a
// vector target grows in place once the copy of `to` is ours alone.
value into2(context& c, value to, const value& from) {
  if (from.is_nil()) return to;
  if (to.is(type::map) && from.is(type::map)) return coll::merge2(c, std::move(to), from, "into");
  if (to.is(type::vector) && from.is(type::vector)) {
    const auto& src = from.as<vector_obj>();
    c.limits().tick(src.size());
    src.each([&](const value& x) {
      to = vector_obj::conj(std::move(to), x);
      return true;
    });
    return to;
  }
  // A target conj refuses is an error at the first item, as in Clojure: (into 5 []) is 5.
  seq_iter it(c, from, "into");
  value x;
  if (coll::map_accumulator::takes(to)) {
    coll::map_accumulator out(c);
    while (it.next(x)) out.conj(x, "into");
    return out.finish();
  }
  while (it.next(x)) to = coll::conj(c, std::move(to), x, "into");
  return to;
}

// (into to xform from): `xform` is a transducer (a function of a reducing function). The
// accumulator is handed down the chain (a reducing function's owned arguments), so the target
// grows in place once it is ours alone.
value into_transduced(context& c, value to, const value& xform, const value& from) {
  using namespace seq_detail::xf;
  if (const stage_transducer* st = as_stage_transducer(xform)) {
    // (map f), (filter p), (remove p) and comp of them: the same calls in the same order, fused
    // (a target conj refuses is an error at the first item either way).
    const std::vector<seq_detail::fused_stage> stages = st->fused_stages();
    if (seq_detail::fusable(from, stages, nullptr)) {
      return seq_detail::run_fused(c, from, nullptr, stages, seq_detail::fused_sink::into, nullptr, true, std::move(to));
    }
  }
  value rf = make_reducing("into", [](context& c, owned_args a) -> value {
    if (a.empty()) return vector_obj::empty();
    if (a.size() == 1) return std::move(a[0]);
    return coll::conj(c, std::move(a[0]), a[1], "into");
  });
  value xf = c.call(xform, {rf});
  value acc = std::move(to);
  seq_iter it(c, from, "into");
  value x;
  while (it.next(x)) {
    acc = call_step(c, xf, std::move(acc), x);
    if (acc.is(type::reduced)) {
      acc = reduced_value(acc);
      break;
    }
  }
  value done[1] = {std::move(acc)};
  return c.call_owned(xf, owned_args(done, 1));
}

template <class Args>
value into_any(context& c, Args a) {
  if (a.empty()) return vector_obj::empty();
  if (a.size() == 1) return take_first(a);
  if (a.size() == 2) return into2(c, take_first(a), a[1]);
  const value& xform = arg::function("into", std::span<const value>(a.data(), a.size()), 1);
  return into_transduced(c, take_first(a), xform, a[2]);
}
value b_into(context& c, args_t a) { return into_any(c, a); }
value b_into_owned(context& c, std::span<value> a) { return into_any(c, a); }

value b_empty(context&, args_t a) {
  switch (a[0].kind()) {
    case type::vector: return vector_obj::empty();
    case type::map: return map_obj::empty_like(a[0]);  // a sorted map keeps its comparator
    case type::set: return set_obj::empty_like(a[0]);
    case type::list:
    case type::lazy_seq: return list_obj::empty();
    default: return {};
  }
}

value b_vec(context& c, args_t a) {
  if (a[0].is(type::vector)) return a[0];
  if (a[0].is_nil()) return vector_obj::empty();
  return vector_obj::from(to_items(c, a[0], "vec"));
}

value b_vector(context& c, args_t a) {
  c.limits().tick(a.size());
  return vector_obj::from(a.data(), a.size());
}

value b_list(context& c, args_t a) {
  c.limits().tick(a.size());
  return list_obj::from(a.data(), a.size());
}

value make_map(context& c, args_t a, std::string_view fn) {
  // Clojure: IllegalArgumentException "No value supplied for key" (a type error here).
  if (a.size() % 2 != 0) {
    raise(error_kind::type, std::string(fn) + ": no value supplied for key " + pr_str(a[a.size() - 1]));
  }
  c.limits().tick(a.size());
  std::vector<map_obj::entry> entries;
  entries.reserve(a.size() / 2);
  for (std::size_t i = 0; i < a.size(); i += 2) entries.emplace_back(a[i], a[i + 1]);
  return map_obj::from(std::move(entries));
}
value b_hash_map(context& c, args_t a) { return make_map(c, a, "hash-map"); }
value b_array_map(context& c, args_t a) { return make_map(c, a, "array-map"); }

value b_hash_set(context& c, args_t a) {
  c.limits().tick(a.size());
  return coll::set_of(c, a);
}

value b_set(context& c, args_t a) {
  if (a[0].is(type::set)) return a[0];
  if (a[0].is_nil()) return set_obj::empty();
  return coll::set_of(c, to_items(c, a[0], "set"));
}

template <class Args>
value disj_all(context& c, Args a) {
  if (a[0].is_nil()) return {};
  if (!a[0].is(type::set)) errors::argument("disj", 0, "a set or nil", a[0]);
  value out = take_first(a);
  for (std::size_t i = 1; i < a.size(); ++i) {
    c.tick();
    out = set_obj::disj(std::move(out), a[i]);
  }
  return out;
}
value b_disj(context& c, args_t a) { return disj_all(c, a); }
value b_disj_owned(context& c, std::span<value> a) { return disj_all(c, a); }

value b_peek(context&, args_t a) {
  const value& s = a[0];
  if (s.is_nil()) return {};
  if (s.is(type::vector)) {
    const auto& v = s.as<vector_obj>();
    return v.size() ? v.at(v.size() - 1) : value();
  }
  if (s.is(type::list)) return s.as<list_obj>().first();
  errors::argument("peek", 0, "a vector, list or nil", s);
}

value b_pop(context&, args_t a) {
  const value& s = a[0];
  if (s.is_nil()) return {};
  if (s.is(type::vector)) {
    if (s.as<vector_obj>().size() == 0) raise(error_kind::index, "pop: cannot pop an empty vector");
    return vector_obj::pop(s);
  }
  if (s.is(type::list)) {
    if (s.as<list_obj>().size() == 0) raise(error_kind::index, "pop: cannot pop an empty list");
    return s.as<list_obj>().rest();
  }
  errors::argument("pop", 0, "a vector, list or nil", s);
}

value b_subvec(context& c, args_t a) {
  if (!a[0].is(type::vector)) errors::argument("subvec", 0, "a vector", a[0]);
  const auto& v = a[0].as<vector_obj>();
  std::int64_t n = static_cast<std::int64_t>(v.size());
  std::int64_t start = arg::cast_integer("subvec", a, 1);
  std::int64_t end = a.size() > 2 ? arg::cast_integer("subvec", a, 2) : n;
  if (start < 0 || start > n) errors::index("subvec", start, v.size(), "a vector");
  if (end < 0 || end > n) errors::index("subvec", end, v.size(), "a vector");
  if (start > end)
    raise(error_kind::index, "subvec: start " + std::to_string(start) + " is after end " +
                                 std::to_string(end));
  if (start == 0 && end == n) return a[0];
  c.limits().tick(static_cast<std::uint64_t>(end - start));
  std::vector<value> items;
  items.reserve(static_cast<std::size_t>(end - start));
  for (std::int64_t i = start; i < end; ++i) items.push_back(v.at(static_cast<std::size_t>(i)));
  return vector_obj::from(std::move(items));
}

const builtin_def coll_build_table[] = {
    {"conj", 0, -1, b_conj, b_conj_owned},
    {"into", 0, 3, b_into, b_into_owned},
    {"empty", 1, 1, b_empty},
    {"vec", 1, 1, b_vec},
    {"vector", 0, -1, b_vector},
    {"list", 0, -1, b_list},
    {"hash-map", 0, -1, b_hash_map},
    {"array-map", 0, -1, b_array_map},
    {"hash-set", 0, -1, b_hash_set},
    {"set", 1, 1, b_set},
    {"disj", 1, -1, b_disj, b_disj_owned},
    {"peek", 1, 1, b_peek},
    {"pop", 1, 1, b_pop},
    {"subvec", 2, 3, b_subvec},
};

}  // namespace

void register_core_coll_build(builtin_table& t) { t.add("", coll_build_table); }

}  // namespace ptc::lisp
