// clojure.walk (also walk/): generic traversal of nested data. Each level is one native
// recursion, so levels are counted (max_walk_depth) and registered with the budget's call depth,
// which also checks the native stack: deeply nested data ends in a `limit` error, never a crash.
#include <string>
#include <vector>

#include "ptc/lisp/builtin.hpp"
#include "ptc/lisp/builtins/coll_ops.hpp"
#include "ptc/lisp/list.hpp"
#include "ptc/lisp/map.hpp"
#include "ptc/lisp/seq.hpp"
#include "ptc/lisp/set.hpp"
#include "ptc/lisp/string.hpp"
#include "ptc/lisp/vector.hpp"

namespace ptc::lisp {
namespace {

using args_t = std::span<const value>;

constexpr std::size_t max_walk_depth = 10'000;

// One level of a walk: counted, and registered with the budget (which checks the stack).
class level_guard {
 public:
  level_guard(context& c, std::size_t depth, std::string_view fn) : b_(c.limits()) {
    // Checked before the budget's own depth check so the message names the data, not a call.
    if (depth > max_walk_depth || b_.depth() >= b_.config().max_depth)
      raise(error_kind::limit, std::string(fn) + ": data nested " + std::to_string(depth) +
                                   " levels deep reaches the nesting limit (" +
                                   std::to_string(b_.config().max_depth) +
                                   " levels of data and calls together)");
    b_.enter_call();
  }
  ~level_guard() { b_.leave_call(); }
  level_guard(const level_guard&) = delete;
  level_guard& operator=(const level_guard&) = delete;

 private:
  budget& b_;
};

// The same kind of collection as `form` with `inner` applied to each item (map entries are
// [k v] vectors, and whatever inner returns for one is conj'ed into the new map). Scalars come
// back unchanged.
template <class F>
value map_children(context& c, const value& form, F&& inner) {
  switch (form.kind()) {
    case type::vector: {
      std::vector<value> out;
      out.reserve(form.as<vector_obj>().size());
      form.as<vector_obj>().each([&](const value& x) {
        c.tick();
        out.push_back(inner(x));
        return true;
      });
      return vector_obj::from(std::move(out));
    }
    case type::list:
    case type::lazy_seq: {
      std::vector<value> out;
      seq_iter it(c, form, "clojure.walk/walk");
      value x;
      while (it.next(x)) out.push_back(inner(x));
      return list_obj::from(std::move(out));
    }
    case type::set: {
      std::vector<value> out;
      form.as<set_obj>().each([&](const value& x) {
        c.tick();
        out.push_back(inner(x));
        return true;
      });
      return set_obj::from(std::move(out));
    }
    case type::map: {
      value out = map_obj::empty();
      form.as<map_obj>().each([&](const value& k, const value& v) {
        c.tick();
        out = coll::conj(c, std::move(out), inner(make_entry(k, v)), "clojure.walk/walk");
        return true;
      });
      return out;
    }
    default: return form;
  }
}

template <class F>
value postwalk(context& c, const value& form, F& f, std::size_t depth, std::string_view fn) {
  level_guard g(c, depth, fn);
  value walked = map_children(c, form, [&](const value& x) { return postwalk(c, x, f, depth + 1, fn); });
  return f(walked);
}

template <class F>
value prewalk(context& c, const value& form, F& f, std::size_t depth, std::string_view fn) {
  level_guard g(c, depth, fn);
  value pre = f(form);
  return map_children(c, pre, [&](const value& x) { return prewalk(c, x, f, depth + 1, fn); });
}

value b_walk(context& c, args_t a) {
  const value& inner = arg::function("clojure.walk/walk", a, 0);
  const value& outer = arg::function("clojure.walk/walk", a, 1);
  value walked = map_children(c, a[2], [&](const value& x) { return c.call(inner, {x}); });
  return c.call(outer, {walked});
}

value b_postwalk(context& c, args_t a) {
  const value& f = arg::function("clojure.walk/postwalk", a, 0);
  auto call = [&](const value& x) { return c.call(f, {x}); };
  return postwalk(c, a[1], call, 0, "clojure.walk/postwalk");
}

value b_prewalk(context& c, args_t a) {
  const value& f = arg::function("clojure.walk/prewalk", a, 0);
  auto call = [&](const value& x) { return c.call(f, {x}); };
  return prewalk(c, a[1], call, 0, "clojure.walk/prewalk");
}

// postwalk-replace / prewalk-replace: forms that are keys of smap (exact) become its values.
value walk_replace(context& c, args_t a, bool post, std::string_view fn) {
  if (!a[0].is(type::map)) errors::argument(fn, 0, "a map", a[0]);
  const auto& smap = a[0].as<map_obj>();
  auto replace = [&](const value& x) {
    const value* r = smap.find(x);
    return r ? *r : x;
  };
  return post ? postwalk(c, a[1], replace, 0, fn) : prewalk(c, a[1], replace, 0, fn);
}
value b_postwalk_replace(context& c, args_t a) { return walk_replace(c, a, true, "clojure.walk/postwalk-replace"); }
value b_prewalk_replace(context& c, args_t a) { return walk_replace(c, a, false, "clojure.walk/prewalk-replace"); }

// keywordize-keys / stringify-keys: rewrites the keys of every map, at any depth. The result
// is what Clojure's postwalk-based definition gives, built directly: the entry vectors a
// generic postwalk would make (and discard) for every map entry are skipped.
template <class K>
value rekey(context& c, const value& form, const K& key_fn, std::size_t depth, std::string_view fn) {
  if (!form.is(type::map)) {
    if (!form.is(type::vector) && !form.is(type::list) && !form.is(type::set) && !form.is(type::lazy_seq))
      return form;
    level_guard g(c, depth, fn);
    return map_children(c, form, [&](const value& x) { return rekey(c, x, key_fn, depth + 1, fn); });
  }
  level_guard g(c, depth, fn);
  coll::map_accumulator out(c);
  out.reserve(form.as<map_obj>().size());
  form.as<map_obj>().each([&](const value& k, const value& v) {
    c.tick();
    value key = key_fn(rekey(c, k, key_fn, depth + 1, fn));
    out.put(key, rekey(c, v, key_fn, depth + 1, fn));
    return true;
  });
  return out.finish();
}

value b_keywordize_keys(context& c, args_t a) {
  auto key_fn = [](const value& k) { return k.is(type::string) ? keyword(string_text(k)) : k; };
  return rekey(c, a[0], key_fn, 0, "clojure.walk/keywordize-keys");
}

value b_stringify_keys(context& c, args_t a) {
  // Clojure uses (name k): a namespaced keyword loses its namespace.
  auto key_fn = [](const value& k) { return k.is(type::keyword) ? make_string(named(k).name()) : k; };
  return rekey(c, a[0], key_fn, 0, "clojure.walk/stringify-keys");
}

value b_macroexpand_all(context&, args_t) {
  errors::unsupported("clojure.walk/macroexpand-all", "PTC-Lisp has no macros to expand");
}

const builtin_def walk_table[] = {
    {"walk", 3, 3, b_walk},
    {"postwalk", 2, 2, b_postwalk},
    {"prewalk", 2, 2, b_prewalk},
    {"postwalk-replace", 2, 2, b_postwalk_replace},
    {"prewalk-replace", 2, 2, b_prewalk_replace},
    {"keywordize-keys", 1, 1, b_keywordize_keys},
    {"stringify-keys", 1, 1, b_stringify_keys},
    {"macroexpand-all", 1, 1, b_macroexpand_all},
};

}  // namespace

void register_walk(builtin_table& t) {
  t.add("clojure.walk", walk_table);
  t.alias("walk", "clojure.walk");
}

}  // namespace ptc::lisp
