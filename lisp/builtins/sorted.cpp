// Sorted collections: sorted-map, sorted-map-by, sorted-set, sorted-set-by, sorted?, subseq,
// rsubseq, rseq (and reversible?, which sorted collections now satisfy). The collections
// themselves are map_obj / set_obj with a sorted table (map.hpp, set.hpp): every other
// collection function works on them unchanged and sees their entries in order.
#include "ptc/lisp/builtin.hpp"
#include "ptc/lisp/builtins/family_parts.hpp"
#include "ptc/lisp/list.hpp"
#include "ptc/lisp/map.hpp"
#include "ptc/lisp/seq.hpp"
#include "ptc/lisp/set.hpp"
#include "ptc/lisp/sorted_order.hpp"
#include "ptc/lisp/vector.hpp"

namespace ptc::lisp {
namespace {

using args_t = std::span<const value>;

std::vector<map_obj::entry> key_values(context& c, args_t a, std::string_view fn) {
  if (a.size() % 2 != 0)
    raise(error_kind::type, std::string(fn) + ": no value supplied for key " + errors::brief(a.back()));
  c.limits().tick(a.size());
  std::vector<map_obj::entry> entries;
  entries.reserve(a.size() / 2);
  for (std::size_t i = 0; i < a.size(); i += 2) entries.emplace_back(a[i], a[i + 1]);
  return entries;
}

value b_sorted_map(context& c, args_t a) {
  return map_obj::sorted_from(value(), key_values(c, a, "sorted-map"));
}

value b_sorted_map_by(context& c, args_t a) {
  value cmp = detail::sorted_comparator("sorted-map-by", a[0]);
  return map_obj::sorted_from(std::move(cmp), key_values(c, a.subspan(1), "sorted-map-by"));
}

value b_sorted_set(context& c, args_t a) {
  c.limits().tick(a.size());
  return set_obj::sorted_from(value(), std::vector<value>(a.begin(), a.end()));
}

value b_sorted_set_by(context& c, args_t a) {
  value cmp = detail::sorted_comparator("sorted-set-by", a[0]);
  c.limits().tick(a.size());
  return set_obj::sorted_from(std::move(cmp), std::vector<value>(a.begin() + 1, a.end()));
}

bool is_sorted(const value& v) {
  return (v.is(type::map) && v.as<map_obj>().sorted()) || (v.is(type::set) && v.as<set_obj>().sorted());
}

value b_sorted_p(context&, args_t a) { return value::boolean(is_sorted(a[0])); }

value b_reversible_p(context&, args_t a) { return value::boolean(a[0].is(type::vector) || is_sorted(a[0])); }

// A sorted collection seen through its positions (map.hpp: entries sit at positions
// 0 .. end-1 in order, some positions empty): the key at a position (what the comparator sees)
// and the item a seq of it yields (a [k v] entry for maps).
struct sorted_view {
  const map_obj* m = nullptr;
  const set_obj* s = nullptr;

  std::ptrdiff_t end() const { return static_cast<std::ptrdiff_t>(m ? m->positions() : s->positions()); }
  const value* at(std::ptrdiff_t p) const {
    return m ? m->entry_at(static_cast<std::size_t>(p)) : s->entry_at(static_cast<std::size_t>(p));
  }
  value item(std::ptrdiff_t p) const {
    const value* e = at(p);
    return m ? make_entry(e[0], e[1]) : *e;
  }
  // The first entry at or after p (end() when none), or at or before p (-1 when none).
  std::ptrdiff_t forward(std::ptrdiff_t p) const {
    while (p < end() && !at(p)) ++p;
    return p;
  }
  std::ptrdiff_t backward(std::ptrdiff_t p) const {
    while (p >= 0 && !at(p)) --p;
    return p;
  }
  int compare(const value& a, const value& b) const {
    return m ? m->compare_keys(a, b) : s->compare_keys(a, b);
  }
  std::ptrdiff_t bound(const value& k, bool after) const {
    return static_cast<std::ptrdiff_t>(m ? m->bound(k, after) : s->bound(k, after));
  }
};

sorted_view view_of(std::string_view fn, const value& sc) {
  if (!is_sorted(sc)) errors::argument(fn, 0, "a sorted map or sorted set", sc);
  sorted_view v;
  if (sc.is(type::map)) {
    v.m = &sc.as<map_obj>();
  } else {
    v.s = &sc.as<set_obj>();
  }
  return v;
}

// Clojure's subseq/rsubseq bound test: (test (compare (key e) k) 0) with the collection's order.
bool passes(context& c, const sorted_view& v, std::ptrdiff_t p, const value& test, const value& k) {
  int r = v.compare(*v.at(p), k);
  return c.call(test, {value::integer(r), value::integer(0)}).truthy();
}

bool is_builtin(const value& f, const char* name) {
  const value* b = builtins().find(name);
  return f.is(type::function) && b && f.obj() == b->obj();
}

// The items from the entry at or next to `first` onwards (forward) or backwards, while `keep`
// holds; an empty result is the empty list, as Clojure's take-while gives ().
template <class Keep>
value collect(context& c, const sorted_view& v, std::ptrdiff_t first, bool forward, Keep keep) {
  std::vector<value> out;
  for (std::ptrdiff_t p = forward ? v.forward(first) : v.backward(first); p >= 0 && p < v.end();
       p = forward ? v.forward(p + 1) : v.backward(p - 1)) {
    c.tick();
    if (!keep(p)) break;
    out.push_back(v.item(p));
  }
  return list_obj::from(std::move(out));
}

value b_subseq(context& c, args_t a) {
  if (a.size() != 3 && a.size() != 5) errors::arity("subseq", a.size(), "3 or 5");
  sorted_view v = view_of("subseq", a[0]);
  auto all = [](std::ptrdiff_t) { return true; };
  if (a.size() == 3) {
    const value& test = a[1];
    const value& k = a[2];
    if (is_builtin(test, ">") || is_builtin(test, ">=")) {
      // From the first key not before k; that one only if it passes; then everything after.
      std::ptrdiff_t start = v.bound(k, false);
      if (start == v.end()) return {};
      if (!passes(c, v, start, test, k)) start = v.forward(start + 1);
      if (start == v.end()) return {};
      return collect(c, v, start, true, all);
    }
    return collect(c, v, 0, true, [&](std::ptrdiff_t p) { return passes(c, v, p, test, k); });
  }
  std::ptrdiff_t start = v.bound(a[2], false);
  if (start == v.end()) return {};
  if (!passes(c, v, start, a[1], a[2])) start = v.forward(start + 1);
  return collect(c, v, start, true, [&](std::ptrdiff_t p) { return passes(c, v, p, a[3], a[4]); });
}

value b_rsubseq(context& c, args_t a) {
  if (a.size() != 3 && a.size() != 5) errors::arity("rsubseq", a.size(), "3 or 5");
  sorted_view v = view_of("rsubseq", a[0]);
  auto all = [](std::ptrdiff_t) { return true; };
  if (a.size() == 3) {
    const value& test = a[1];
    const value& k = a[2];
    if (is_builtin(test, "<") || is_builtin(test, "<=")) {
      // From the last key not after k, downwards; that one only if it passes.
      std::ptrdiff_t start = v.backward(v.bound(k, true) - 1);
      if (start < 0) return {};
      if (!passes(c, v, start, test, k)) start = v.backward(start - 1);
      if (start < 0) return {};
      return collect(c, v, start, false, all);
    }
    return collect(c, v, v.end() - 1, false, [&](std::ptrdiff_t p) { return passes(c, v, p, test, k); });
  }
  std::ptrdiff_t start = v.backward(v.bound(a[4], true) - 1);
  if (start < 0) return {};
  if (!passes(c, v, start, a[3], a[4])) start = v.backward(start - 1);
  return collect(c, v, start, false, [&](std::ptrdiff_t p) { return passes(c, v, p, a[1], a[2]); });
}

// (rseq x): the items of a vector or sorted collection last to first; nil when empty.
value b_rseq(context& c, args_t a) {
  const value& x = a[0];
  if (x.is(type::vector)) {
    const auto& vec = x.as<vector_obj>();
    if (vec.size() == 0) return {};
    c.limits().tick(vec.size());
    std::vector<value> out;
    out.reserve(vec.size());
    for (std::size_t i = vec.size(); i-- > 0;) out.push_back(vec.at(i));
    return list_obj::from(std::move(out));
  }
  if (!is_sorted(x)) errors::argument("rseq", 0, "a vector, sorted map or sorted set", x);
  sorted_view v = view_of("rseq", x);
  if (v.backward(v.end() - 1) < 0) return {};
  return collect(c, v, v.end() - 1, false, [](std::ptrdiff_t) { return true; });
}

constexpr builtin_def sorted_table[] = {
    {"sorted-map", 0, -1, b_sorted_map},
    {"sorted-map-by", 1, -1, b_sorted_map_by},
    {"sorted-set", 0, -1, b_sorted_set},
    {"sorted-set-by", 1, -1, b_sorted_set_by},
    // These two replace pred.cpp's definitions, made before sorted collections existed.
    {"sorted?", 1, 1, b_sorted_p},
    {"reversible?", 1, 1, b_reversible_p},
    {"subseq", 3, 5, b_subseq},
    {"rsubseq", 3, 5, b_rsubseq},
    {"rseq", 1, 1, b_rseq},
};

}  // namespace

void register_core_sorted(builtin_table& t) { t.add("", sorted_table); }

}  // namespace ptc::lisp
