// clojure.set (also set/): set algebra and the relational helpers over collections of maps.
// Set arguments may be nil (the empty set, kept as nil where Clojure keeps it) or any other
// collection, which is taken as the set of its items: (union #{1} [2]) → #{1 2}.
#include <vector>

#include "ptc/lisp/builtin.hpp"
#include "ptc/lisp/builtins/coll_ops.hpp"
#include "ptc/lisp/map.hpp"
#include "ptc/lisp/seq.hpp"
#include "ptc/lisp/set.hpp"
#include "ptc/lisp/vector.hpp"

namespace ptc::lisp {
namespace {

using args_t = std::span<const value>;

// Argument i as a set (nil stays nil).
value set_arg(context& c, std::string_view fn, args_t a, std::size_t i) {
  const value& v = a[i];
  if (v.is_nil() || v.is(type::set)) return v;
  if (!is_seqable(v) || v.is(type::string)) errors::argument(fn, i, "a set", v);
  return coll::set_of(c, to_items(c, v, fn));
}

bool set_has(const value& s, const value& x) { return s.is(type::set) && s.as<set_obj>().contains(x); }
std::size_t set_size(const value& s) { return s.is(type::set) ? s.as<set_obj>().size() : 0; }

value b_union(context& c, args_t a) {
  if (a.empty()) return set_obj::empty();
  value out;
  for (std::size_t i = 0; i < a.size(); ++i) {
    value s = set_arg(c, "clojure.set/union", a, i);
    if (s.is_nil()) continue;
    if (out.is_nil()) {
      out = std::move(s);
      continue;
    }
    s.as<set_obj>().each([&](const value& x) {
      c.tick();
      out = set_obj::conj(std::move(out), x);
      return true;
    });
  }
  return out;
}

value b_intersection(context& c, args_t a) {
  std::vector<value> sets;
  for (std::size_t i = 0; i < a.size(); ++i) {
    sets.push_back(set_arg(c, "clojure.set/intersection", a, i));
    if (sets.back().is_nil()) return {};
  }
  value out = sets[0];
  sets[0].as<set_obj>().each([&](const value& x) {
    c.tick();
    for (std::size_t i = 1; i < sets.size(); ++i)
      if (!set_has(sets[i], x)) {
        out = set_obj::disj(std::move(out), x);
        break;
      }
    return true;
  });
  return out;
}

value b_difference(context& c, args_t a) {
  value out = set_arg(c, "clojure.set/difference", a, 0);
  if (out.is_nil()) return {};
  for (std::size_t i = 1; i < a.size(); ++i) {
    value s = set_arg(c, "clojure.set/difference", a, i);
    if (s.is_nil()) continue;
    s.as<set_obj>().each([&](const value& x) {
      c.tick();
      out = set_obj::disj(std::move(out), x);
      return true;
    });
  }
  return out;
}

value b_select(context& c, args_t a) {
  const value& pred = arg::function("clojure.set/select", a, 0);
  value s = set_arg(c, "clojure.set/select", a, 1);
  if (s.is_nil()) return {};
  value out = s;
  s.as<set_obj>().each([&](const value& x) {
    c.tick();
    if (!c.call(pred, {x}).truthy()) out = set_obj::disj(std::move(out), x);
    return true;
  });
  return out;
}

bool subset(context& c, const value& small, const value& big) {
  if (set_size(small) > set_size(big)) return false;
  if (small.is_nil()) return true;
  return small.as<set_obj>().each([&](const value& x) {
    c.tick();
    return set_has(big, x);
  });
}
value b_subset(context& c, args_t a) {
  return value::boolean(subset(c, set_arg(c, "clojure.set/subset?", a, 0), set_arg(c, "clojure.set/subset?", a, 1)));
}
value b_superset(context& c, args_t a) {
  return value::boolean(subset(c, set_arg(c, "clojure.set/superset?", a, 1), set_arg(c, "clojure.set/superset?", a, 0)));
}

value b_project(context& c, args_t a) {
  value out = set_obj::empty();
  seq_iter it(c, a[0], "clojure.set/project");
  value x;
  while (it.next(x)) out = set_obj::conj(std::move(out), coll::select_keys(c, x, a[1], "clojure.set/project"));
  return out;
}

// (rename-keys m kmap): each old key of kmap present in m (flex) moves to its new key.
value rename_keys(context& c, const value& m, const value& kmap, std::string_view fn) {
  if (m.is_nil()) return {};
  if (!m.is(type::map)) errors::argument(fn, 0, "a map", m);
  if (kmap.is_nil()) return m;
  if (!kmap.is(type::map)) errors::argument(fn, 1, "a map", kmap);
  value out = m;
  kmap.as<map_obj>().each([&](const value& old_key, const value&) {
    c.tick();
    out = map_obj::dissoc(std::move(out), coll::present_key(m, old_key));
    return true;
  });
  kmap.as<map_obj>().each([&](const value& old_key, const value& new_key) {
    c.tick();
    if (const value* v = m.as<map_obj>().find_flex(old_key)) out = map_obj::assoc(std::move(out), new_key, *v);
    return true;
  });
  return out;
}
value b_rename_keys(context& c, args_t a) { return rename_keys(c, a[0], a[1], "clojure.set/rename-keys"); }

value b_rename(context& c, args_t a) {
  value out = set_obj::empty();
  seq_iter it(c, a[0], "clojure.set/rename");
  value x;
  while (it.next(x)) out = set_obj::conj(std::move(out), rename_keys(c, x, a[1], "clojure.set/rename"));
  return out;
}

// (index xrel ks): map from each distinct (select-keys x ks) to the set of those x.
value index_rel(context& c, const value& xrel, const value& ks, std::string_view fn) {
  value out = map_obj::empty();
  seq_iter it(c, xrel, fn);
  value x;
  while (it.next(x)) {
    value k = coll::select_keys(c, x, ks, fn);
    const value* group = out.as<map_obj>().find(k);
    value g = group ? *group : set_obj::empty();
    out = map_obj::assoc(std::move(out), k, set_obj::conj(std::move(g), x));
  }
  return out;
}
value b_index(context& c, args_t a) { return index_rel(c, a[0], a[1], "clojure.set/index"); }

value b_map_invert(context& c, args_t a) {
  if (a[0].is_nil()) return map_obj::empty();
  if (!a[0].is(type::map)) errors::argument("clojure.set/map-invert", 0, "a map", a[0]);
  coll::map_accumulator out(c);
  out.reserve(a[0].as<map_obj>().size());
  a[0].as<map_obj>().each([&](const value& k, const value& v) {
    c.tick();
    out.put(v, k);
    return true;
  });
  return out.finish();
}

value keys_of(const value& m) {
  std::vector<value> ks;
  if (m.is(type::map)) m.as<map_obj>().each([&](const value& k, const value&) {
    ks.push_back(k);
    return true;
  });
  return vector_obj::from(std::move(ks));
}

// The join loop: for each x of s, every r in idx[key(x)] merged with x.
template <class KeyOf>
value join_loop(context& c, const std::vector<value>& s, const value& idx, KeyOf key_of) {
  value out = set_obj::empty();
  for (const value& x : s) {
    c.tick();
    const value* found = idx.as<map_obj>().find(key_of(x));
    if (!found) continue;
    found->as<set_obj>().each([&](const value& r) {
      c.tick();
      out = set_obj::conj(std::move(out), coll::merge2(c, r, x, "clojure.set/join"));
      return true;
    });
  }
  return out;
}

value b_join(context& c, args_t a) {
  std::vector<value> xrel = to_items(c, a[0], "clojure.set/join");
  std::vector<value> yrel = to_items(c, a[1], "clojure.set/join");
  bool x_smaller = xrel.size() <= yrel.size();
  const std::vector<value>& r = x_smaller ? xrel : yrel;
  const std::vector<value>& s = x_smaller ? yrel : xrel;
  if (a.size() == 2) {
    // Natural join on the keys the first rows of both relations share.
    if (xrel.empty() || yrel.empty()) return set_obj::empty();
    std::vector<value> shared;
    if (xrel[0].is(type::map) && yrel[0].is(type::map))
      xrel[0].as<map_obj>().each([&](const value& k, const value&) {
        if (yrel[0].as<map_obj>().find(k)) shared.push_back(k);
        return true;
      });
    value ks = vector_obj::from(std::move(shared));
    value idx = index_rel(c, vector_obj::from(std::vector<value>(r)), ks, "clojure.set/join");
    return join_loop(c, s, idx, [&](const value& x) { return coll::select_keys(c, x, ks, "clojure.set/join"); });
  }
  // Explicit key mapping {xkey ykey}; inverted when y is the indexed side.
  const value& km = a[2];
  if (!km.is(type::map)) errors::argument("clojure.set/join", 2, "a map", km);
  value k = x_smaller ? b_map_invert(c, a.subspan(2, 1)) : km;
  std::vector<value> idx_keys;
  k.as<map_obj>().each([&](const value&, const value& v) {
    idx_keys.push_back(v);
    return true;
  });
  value idx = index_rel(c, vector_obj::from(std::vector<value>(r)), vector_obj::from(std::move(idx_keys)), "clojure.set/join");
  value from_keys = keys_of(k);
  return join_loop(c, s, idx, [&](const value& x) {
    return rename_keys(c, coll::select_keys(c, x, from_keys, "clojure.set/join"), k, "clojure.set/join");
  });
}

const builtin_def set_table[] = {
    {"union", 0, -1, b_union},
    {"intersection", 1, -1, b_intersection},
    {"difference", 1, -1, b_difference},
    {"select", 2, 2, b_select},
    {"project", 2, 2, b_project},
    {"rename", 2, 2, b_rename},
    {"rename-keys", 2, 2, b_rename_keys},
    {"index", 2, 2, b_index},
    {"map-invert", 1, 1, b_map_invert},
    {"join", 2, 3, b_join},
    {"subset?", 2, 2, b_subset},
    {"superset?", 2, 2, b_superset},
};

}  // namespace

void register_set(builtin_table& t) {
  t.add("clojure.set", set_table);
  t.alias("set", "clojure.set");
}

}  // namespace ptc::lisp
