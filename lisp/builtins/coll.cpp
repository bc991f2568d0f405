// Associative builtins: get, assoc, update and friends over maps and vectors, plus map-only
// helpers (keys, vals, merge, select-keys, zipmap, ...). Lookups are flex (keyword ↔ string,
// spec difference 6); writers that first read a key (update, update-in, the inner levels of
// assoc-in) write back under the key that is present, so a JSON map {"a" 1} updated
// with :a stays {"a" 2} instead of gaining a second key.
#include <vector>

#include "ptc/lisp/builtin.hpp"
#include "ptc/lisp/builtins/coll_ops.hpp"
#include "ptc/lisp/builtins/family_parts.hpp"
#include "ptc/lisp/list.hpp"
#include "ptc/lisp/map.hpp"
#include "ptc/lisp/seq.hpp"
#include "ptc/lisp/vector.hpp"

namespace ptc::lisp {
namespace {

using args_t = std::span<const value>;

value assoc_one(value coll, const value& k, const value& v, std::string_view fn) {
  return coll::assoc1(std::move(coll), k, v, fn);
}

value b_get(context&, args_t a) { return coll::get(a[0], a[1], a.size() > 2 ? a[2] : value()); }

value b_get_in(context& c, args_t a) {
  return coll::get_in(c, a[0], a[1], a.size() > 2 ? a[2] : value());
}

value b_contains(context&, args_t a) { return value::boolean(coll::contains("contains?", a[0], a[1])); }

value b_find(context&, args_t a) {
  const value& m = a[0];
  if (m.is_nil()) return {};
  if (m.is(type::map)) {
    const value* v = m.as<map_obj>().find_flex(a[1]);
    return v ? make_entry(coll::present_key(m, a[1]), *v) : value();
  }
  if (m.is(type::vector)) {
    value v;
    return coll::lookup(m, a[1], v) ? make_entry(a[1], v) : value();
  }
  errors::argument("find", 0, "a map, vector or nil", m);
}

// keys / vals: of a map, or of a sequence of [k v] entries (what filter over a map returns).
value entry_part(context& c, const value& m, std::size_t part, std::string_view fn) {
  if (m.is_nil()) return {};
  std::vector<value> out;
  if (m.is(type::map)) {
    const auto& mo = m.as<map_obj>();
    out.reserve(mo.size());
    mo.each([&](const value& k, const value& v) {
      c.tick();
      out.push_back(part == 0 ? k : v);
      return true;
    });
  } else {
    if (m.is(type::string) || m.is(type::set) || !is_seqable(m))
      errors::argument(fn, 0, "a map", m);
    seq_iter it(c, m, fn);
    value e;
    while (it.next(e)) {
      if (!e.is(type::vector) || e.as<vector_obj>().size() != 2)
        errors::argument(fn, 0, "a map or a sequence of [key value] entries", m);
      out.push_back(e.as<vector_obj>().at(part));
    }
  }
  if (out.empty()) return {};
  return list_obj::from(std::move(out));
}

value b_keys(context& c, args_t a) { return entry_part(c, a[0], 0, "keys"); }
value b_vals(context& c, args_t a) { return entry_part(c, a[0], 1, "vals"); }

const value& entry_item(args_t a, std::size_t part, std::string_view fn) {
  if (!a[0].is(type::vector) || a[0].as<vector_obj>().size() != 2)
    errors::argument(fn, 0, "a map entry", a[0]);
  return a[0].as<vector_obj>().at(part);
}
value b_key(context&, args_t a) { return entry_item(a, 0, "key"); }
value b_val(context&, args_t a) { return entry_item(a, 1, "val"); }

// Each of these returns its first argument changed: the owned entry (builtin.hpp) takes it
// over, so a collection no one else holds is changed in place; the plain entry copies it (the
// caller keeps its reference), and every level is then copied as it changes.
template <class Args>
value assoc_all(Args a) {
  // Clojure: IllegalArgumentException (a type error here), not an arity error.
  if ((a.size() - 1) % 2 != 0) {
    raise(error_kind::type, "assoc expects an even number of arguments after the map or vector (key value pairs), found an odd number");
  }
  value out = take_first(a);
  for (std::size_t i = 1; i + 1 < a.size(); i += 2) out = assoc_one(std::move(out), a[i], a[i + 1], "assoc");
  return out;
}
value b_assoc(context&, args_t a) { return assoc_all(a); }
value b_assoc_owned(context&, std::span<value> a) { return assoc_all(a); }

value b_assoc_in(context& c, args_t a) { return coll::assoc_in(c, a[0], a[1], a[2]); }
value b_assoc_in_owned(context& c, std::span<value> a) { return coll::assoc_in(c, std::move(a[0]), a[1], a[2]); }

template <class Args>
value dissoc_all(context& c, Args a) {
  if (a[0].is_nil()) return {};
  if (!a[0].is(type::map)) errors::argument("dissoc", 0, "a map or nil", a[0]);
  value out = take_first(a);
  for (std::size_t i = 1; i < a.size(); ++i) {
    c.tick();
    out = map_obj::dissoc(std::move(out), a[i]);  // exact, as Clojure (and the analyzer's fast path)
  }
  return out;
}
value b_dissoc(context& c, args_t a) { return dissoc_all(c, a); }
value b_dissoc_owned(context& c, std::span<value> a) { return dissoc_all(c, a); }

value b_update(context& c, args_t a) { return coll::update(c, a[0], a[1], a[2], a.subspan(3)); }
value b_update_owned(context& c, std::span<value> a) {
  return coll::update(c, std::move(a[0]), a[1], a[2], std::span<const value>(a.subspan(3)));
}

value b_update_in(context& c, args_t a) { return coll::update_in(c, a[0], a[1], a[2], a.subspan(3)); }
value b_update_in_owned(context& c, std::span<value> a) {
  return coll::update_in(c, std::move(a[0]), a[1], a[2], std::span<const value>(a.subspan(3)));
}

template <class Args>
value merge_all(context& c, Args a) {
  bool any = false;
  for (const value& m : a) any = any || m.truthy();
  if (!any) return {};
  value out = take_first(a);
  for (std::size_t i = 1; i < a.size(); ++i) out = coll::merge2(c, std::move(out), a[i], "merge");
  return out;
}
value b_merge(context& c, args_t a) { return merge_all(c, a); }
value b_merge_owned(context& c, std::span<value> a) { return merge_all(c, a); }

value b_merge_with(context& c, args_t a) {
  const value& f = arg::function("merge-with", a, 0);
  bool any = false;
  for (std::size_t i = 1; i < a.size(); ++i) any = any || a[i].truthy();
  if (!any) return {};
  value out;
  for (std::size_t i = 1; i < a.size(); ++i) {
    const value& m = a[i];
    if (m.is_nil()) continue;
    if (!m.is(type::map)) errors::argument("merge-with", i, "a map or nil", m);
    if (out.is_nil()) {
      out = m;
      continue;
    }
    m.as<map_obj>().each([&](const value& k, const value& v) {
      c.tick();
      const value* old = out.as<map_obj>().find(k);
      value nv = old ? c.call(f, {*old, v}) : v;
      out = map_obj::assoc(std::move(out), k, std::move(nv));
      return true;
    });
  }
  return out;
}

value b_select_keys(context& c, args_t a) { return coll::select_keys(c, a[0], a[1]); }

value b_zipmap(context& c, args_t a) {
  coll::map_accumulator out(c);
  seq_iter ks(c, a[0], "zipmap");
  seq_iter vs(c, a[1], "zipmap");
  value k, v;
  while (ks.next(k) && vs.next(v)) out.put(k, std::move(v));
  return out.finish();
}

// update-keys / update-vals: f applied to every key (value) of a map; nil is the empty map.
value map_transform(context& c, args_t a, bool on_keys, std::string_view fn) {
  const value& f = arg::function(fn, a, 1);
  if (a[0].is_nil()) return map_obj::empty();
  if (!a[0].is(type::map)) errors::argument(fn, 0, "a map or nil", a[0]);
  coll::map_accumulator out(c);
  a[0].as<map_obj>().each([&](const value& k, const value& v) {
    c.tick();
    if (on_keys)
      out.put(c.call(f, {k}), v);
    else
      out.put(k, c.call(f, {v}));
    return true;
  });
  return out.finish();
}
value b_update_keys(context& c, args_t a) { return map_transform(c, a, true, "update-keys"); }
value b_update_vals(context& c, args_t a) { return map_transform(c, a, false, "update-vals"); }

const builtin_def coll_table[] = {
    {"get", 2, 3, b_get},
    {"get-in", 2, 3, b_get_in},
    {"contains?", 2, 2, b_contains},
    {"find", 2, 2, b_find},
    {"keys", 1, 1, b_keys},
    {"vals", 1, 1, b_vals},
    {"key", 1, 1, b_key},
    {"val", 1, 1, b_val},
    {"assoc", 3, -1, b_assoc, b_assoc_owned},
    {"assoc-in", 3, 3, b_assoc_in, b_assoc_in_owned},
    {"dissoc", 1, -1, b_dissoc, b_dissoc_owned},
    {"update", 3, -1, b_update, b_update_owned},
    {"update-in", 3, -1, b_update_in, b_update_in_owned},
    {"merge", 0, -1, b_merge, b_merge_owned},
    {"merge-with", 1, -1, b_merge_with},
    {"select-keys", 2, 2, b_select_keys},
    {"zipmap", 2, 2, b_zipmap},
    {"update-keys", 2, 2, b_update_keys},
    {"update-vals", 2, 2, b_update_vals},
};

}  // namespace

void register_core_coll(builtin_table& t) {
  t.add("", coll_table);
  register_core_coll_build(t);
}

}  // namespace ptc::lisp
