// Sequence access: first, rest, next, nth, last, count, seq, cons, concat, ... and the
// registration of the whole sequence family (register_core_seq).
#include <algorithm>

#include "ptc/lisp/builtins/seq_support.hpp"
#include "ptc/lisp/map.hpp"
#include "ptc/lisp/set.hpp"
#include "ptc/lisp/string.hpp"

namespace ptc::lisp {
namespace seq_detail {
namespace {

using args_t = std::span<const value>;

/// The first item of a seqable into `out`; false when it is empty.
bool first_of(context& c, const value& coll, std::string_view fn, std::size_t argi, value& out) {
  switch (coll.kind()) {
    case type::nil:
      return false;
    case type::list:
      if (!coll.as<list_obj>().size()) return false;
      out = coll.as<list_obj>().first();
      return true;
    case type::vector:
      if (!coll.as<vector_obj>().size()) return false;
      out = coll.as<vector_obj>().at(0);
      return true;
    case type::map: {
      bool found = false;
      coll.as<map_obj>().each([&](const value& k, const value& v) {
        out = make_entry(k, v);
        found = true;
        return false;
      });
      return found;
    }
    case type::set: {
      bool found = false;
      coll.as<set_obj>().each([&](const value& x) {
        out = x;
        found = true;
        return false;
      });
      return found;
    }
    case type::string: {
      const std::string& s = string_text(coll);
      if (s.empty()) return false;
      std::size_t pos = 0;
      out = value::character(decode_utf8(s, pos));
      return true;
    }
    case type::lazy_seq:
      return coll.as<lazy_seq_obj>().start()->next(c, out);
    default:
      errors::argument(fn, argi, "a collection", coll);
  }
}

bool is_empty(context& c, const value& coll, std::string_view fn, std::size_t argi) {
  switch (coll.kind()) {
    case type::nil:
      return true;
    case type::list:
      return coll.as<list_obj>().size() == 0;
    case type::vector:
      return coll.as<vector_obj>().size() == 0;
    case type::map:
      return coll.as<map_obj>().size() == 0;
    case type::set:
      return coll.as<set_obj>().size() == 0;
    case type::string:
      return string_text(coll).empty();
    default: {
      value x;
      return !first_of(c, coll, fn, argi, x);
    }
  }
}

/// (rest coll) as a list or lazy seq; `coll` is seqable.
value rest_of(context& c, const value& coll) {
  switch (coll.kind()) {
    case type::list:
      return coll.as<list_obj>().rest();
    case type::vector: {
      const auto& v = coll.as<vector_obj>();
      if (v.size() <= 1) return list_obj::empty();
      std::vector<value> items;
      items.reserve(v.size() - 1);
      c.limits().tick(v.size());
      for (std::size_t i = 1; i < v.size(); ++i) items.push_back(v.at(i));
      return list_of(std::move(items));
    }
    case type::lazy_seq:
      return lazy_drop(coll, 1);
    default: {
      std::vector<value> items = to_items(c, coll);
      if (items.size() <= 1) return list_obj::empty();
      items.erase(items.begin());
      return list_of(std::move(items));
    }
  }
}

/// (seq coll): nil when empty; a list (or the lazy seq itself) otherwise.
value seq_of(context& c, const value& coll, std::string_view fn, std::size_t argi) {
  if (is_empty(c, coll, fn, argi)) return value::nil();
  if (coll.is(type::list) || coll.is(type::lazy_seq)) return coll;
  return list_of(to_items(c, coll, fn));
}

value next_of(context& c, const value& coll, std::string_view fn, std::size_t argi) {
  if (!is_seqable(coll)) errors::argument(fn, argi, "a collection", coll);
  if (coll.is(type::lazy_seq)) {
    auto cur = coll.as<lazy_seq_obj>().start();
    value x;
    if (!cur->next(c, x) || !cur->next(c, x)) return value::nil();
    return lazy_drop(coll, 1);
  }
  value r = rest_of(c, coll);
  return r.as<list_obj>().size() ? r : value::nil();
}

value first_or_nil(context& c, const value& coll, std::string_view fn, std::size_t argi = 0) {
  value x;
  first_of(c, coll, fn, argi, x);
  return x;
}

const char* indexed_what(const value& v) {
  switch (v.kind()) {
    case type::vector: return "a vector";
    case type::list: return "a list";
    case type::string: return "a string";
    default: return "a sequence";
  }
}

/// Item i of coll into out; false when coll has no item i. `size` gets the count seen.
bool nth_of(context& c, const value& coll, std::int64_t i, value& out, std::size_t& size) {
  switch (coll.kind()) {
    case type::nil:
      size = 0;
      return false;
    case type::vector: {
      const auto& v = coll.as<vector_obj>();
      size = v.size();
      if (i < 0 || static_cast<std::size_t>(i) >= v.size()) return false;
      out = v.at(static_cast<std::size_t>(i));
      return true;
    }
    case type::string: {
      const auto& s = coll.as<string_obj>();
      size = s.length();
      if (i < 0 || static_cast<std::size_t>(i) >= s.length()) return false;
      out = value::character(s.char_at(static_cast<std::size_t>(i)));
      return true;
    }
    case type::list:
      size = coll.as<list_obj>().size();
      [[fallthrough]];
    default: {
      if (i < 0) {
        // Counting an infinite seq would never end; a lazy seq reports what it knows.
        if (coll.is(type::lazy_seq)) size = coll.as<lazy_seq_obj>().known_size().value_or(0);
        return false;
      }
      seq_iter it(c, coll, "nth");
      std::int64_t k = 0;
      value x;
      while (it.next(x)) {
        if (k++ == i) {
          out = std::move(x);
          return true;
        }
      }
      size = static_cast<std::size_t>(k);
      return false;
    }
  }
}

value b_first(context& c, args_t a) { return first_or_nil(c, a[0], "first"); }

value b_second(context& c, args_t a) {
  require_seqable("second", a, 0);
  value x;
  std::size_t n = 0;
  nth_of(c, a[0], 1, x, n);
  return x;
}

value b_last(context& c, args_t a) {
  require_seqable("last", a, 0);
  const value& coll = a[0];
  if (coll.is(type::vector)) {
    const auto& v = coll.as<vector_obj>();
    return v.size() ? v.at(v.size() - 1) : value::nil();
  }
  value last;
  for_each_item(c, coll, "last", [&](const value& x) {
    last = x;
    return true;
  });
  return last;
}

value b_rest(context& c, args_t a) {
  require_seqable("rest", a, 0);
  if (a[0].is_nil()) return list_obj::empty();
  return rest_of(c, a[0]);
}

value b_next(context& c, args_t a) { return next_of(c, a[0], "next", 0); }

value b_ffirst(context& c, args_t a) {
  return first_or_nil(c, first_or_nil(c, a[0], "ffirst"), "ffirst");
}

value b_nfirst(context& c, args_t a) {
  return next_of(c, first_or_nil(c, a[0], "nfirst"), "nfirst", 0);
}

value b_nnext(context& c, args_t a) {
  value n = next_of(c, a[0], "nnext", 0);
  return n.is_nil() ? n : next_of(c, n, "nnext", 0);
}

value b_butlast(context& c, args_t a) {
  require_seqable("butlast", a, 0);
  std::vector<value> items = to_items(c, a[0], "butlast");
  if (items.size() <= 1) return value::nil();
  items.pop_back();
  return list_of(std::move(items));
}

value b_nth(context& c, args_t a) {
  const value& coll = a[0];
  if (coll.is(type::map) || coll.is(type::set) || !is_seqable(coll))
    errors::argument("nth", 0, "a vector, list, string or sequence", coll);
  std::int64_t i = arg::cast_integer("nth", a, 1);
  value out;
  std::size_t size = 0;
  if (nth_of(c, coll, i, out, size)) return out;
  if (a.size() == 3) return a[2];
  if (coll.is_nil()) return value::nil();  // (nth nil 5) is nil in Clojure
  if (coll.is(type::lazy_seq) && i < 0 && !coll.as<lazy_seq_obj>().known_size())
    raise(error_kind::index, "nth: index " + std::to_string(i) + " is out of bounds for a sequence");
  errors::index("nth", i, size, indexed_what(coll));
}

value b_nthnext(context& c, args_t a) {
  require_seqable("nthnext", a, 0);
  std::int64_t n = arg::walked_count("nthnext", a, 1);
  if (n <= 0) return seq_of(c, a[0], "nthnext", 0);
  if (a[0].is(type::lazy_seq)) return seq_of(c, lazy_drop(a[0], static_cast<std::size_t>(n)), "nthnext", 0);
  std::vector<value> items = to_items(c, a[0], "nthnext");
  if (static_cast<std::uint64_t>(n) >= items.size()) return value::nil();
  return list_obj::from(items.data() + n, items.size() - static_cast<std::size_t>(n));
}

value b_nthrest(context& c, args_t a) {
  require_seqable("nthrest", a, 0);
  std::int64_t n = arg::walked_count("nthrest", a, 1);
  if (n <= 0) return a[0];  // Clojure returns the collection itself
  if (a[0].is(type::lazy_seq)) return lazy_drop(a[0], static_cast<std::size_t>(n));
  std::vector<value> items = to_items(c, a[0], "nthrest");
  // Clojure steps with (seq xs): an empty collection comes back as it is, () only once
  // items were dropped.
  if (items.empty()) return a[0];
  if (static_cast<std::uint64_t>(n) >= items.size()) return list_obj::empty();
  return list_obj::from(items.data() + n, items.size() - static_cast<std::size_t>(n));
}

value b_count(context& c, args_t a) {
  if (!is_seqable(a[0])) errors::argument("count", 0, "a collection", a[0]);
  return value::integer(static_cast<std::int64_t>(seq_count(c, a[0], "count")));
}

value b_empty_p(context& c, args_t a) { return value::boolean(is_empty(c, a[0], "empty?", 0)); }

value b_not_empty(context& c, args_t a) {
  return is_empty(c, a[0], "not-empty", 0) ? value::nil() : a[0];
}

value b_seq(context& c, args_t a) { return seq_of(c, a[0], "seq", 0); }

value b_cons(context& c, args_t a) {
  require_seqable("cons", a, 1);
  const value& coll = a[1];
  if (coll.is_nil()) return list_obj::cons(a[0], list_obj::empty());
  if (coll.is(type::list)) return list_obj::cons(a[0], coll);
  if (coll.is(type::lazy_seq)) return lazy_cons(a[0], coll);
  std::vector<value> items;
  items.push_back(a[0]);
  for_each_item(c, coll, "cons", [&](const value& x) {
    items.push_back(x);
    return true;
  });
  return list_of(std::move(items));
}

value b_concat(context& c, args_t a) {
  bool lazy = false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    require_seqable("concat", a, i);
    lazy = lazy || is_lazy(a[i]);
  }
  if (lazy) return lazy_concat(std::vector<value>(a.begin(), a.end()));
  std::vector<value> items;
  for (const value& coll : a)
    for_each_item(c, coll, "concat", [&](const value& x) {
      items.push_back(x);
      return true;
    });
  return list_of(std::move(items));
}

value b_list_star(context& c, args_t a) {
  std::size_t last = a.size() - 1;
  require_seqable("list*", a, last);
  if (is_lazy(a[last])) {
    value out = a[last];
    for (std::size_t i = last; i-- > 0;) out = lazy_cons(a[i], std::move(out));
    return out;
  }
  std::vector<value> items(a.begin(), a.begin() + static_cast<std::ptrdiff_t>(last));
  for_each_item(c, a[last], "list*", [&](const value& x) {
    items.push_back(x);
    return true;
  });
  if (items.empty()) return value::nil();
  return list_of(std::move(items));
}

value b_reverse(context& c, args_t a) {
  require_seqable("reverse", a, 0);
  std::vector<value> items = to_items(c, a[0], "reverse");
  std::reverse(items.begin(), items.end());
  return list_of(std::move(items));
}

/// Walks the first n items (all when n < 0), for the side effects of a lazy recipe.
void walk_items(context& c, const value& coll, std::int64_t n, std::string_view fn) {
  for_each_item(c, coll, fn, [&n](const value&) { return n < 0 || --n >= 0; });
}

value b_doall(context& c, args_t a) {
  const value& coll = a.back();
  require_seqable("doall", a, a.size() - 1);
  if (a.size() == 2) {  // (doall n coll) realises n items and returns coll itself
    walk_items(c, coll, std::max<std::int64_t>(arg::walked_count("doall", a, 0), 0), "doall");
    return coll;
  }
  if (!is_lazy(coll)) return coll;
  return list_of(to_items(c, coll, "doall"));
}

value b_dorun(context& c, args_t a) {
  require_seqable("dorun", a, a.size() - 1);
  walk_items(c, a.back(), a.size() == 2 ? std::max<std::int64_t>(arg::walked_count("dorun", a, 0), 0) : -1, "dorun");
  return value::nil();
}

const builtin_def seq_table[] = {
    {"first", 1, 1, b_first},
    {"second", 1, 1, b_second},
    {"fnext", 1, 1, b_second},
    {"last", 1, 1, b_last},
    {"rest", 1, 1, b_rest},
    {"next", 1, 1, b_next},
    {"ffirst", 1, 1, b_ffirst},
    {"nfirst", 1, 1, b_nfirst},
    {"nnext", 1, 1, b_nnext},
    {"butlast", 1, 1, b_butlast},
    {"nth", 2, 3, b_nth},
    {"nthnext", 2, 2, b_nthnext},
    {"nthrest", 2, 2, b_nthrest},
    {"count", 1, 1, b_count},
    {"empty?", 1, 1, b_empty_p},
    {"not-empty", 1, 1, b_not_empty},
    {"seq", 1, 1, b_seq},
    {"cons", 2, 2, b_cons},
    {"concat", 0, -1, b_concat},
    {"list*", 1, -1, b_list_star},
    {"reverse", 1, 1, b_reverse},
    {"doall", 1, 2, b_doall},
    {"dorun", 1, 2, b_dorun},
};

}  // namespace

std::span<const builtin_def> access_defs() { return seq_table; }

}  // namespace seq_detail

void register_core_seq(builtin_table& t) {
  t.add("", seq_detail::access_defs());
  t.add("", seq_detail::transform_defs());
  t.add("", seq_detail::slice_defs());
  t.add("", seq_detail::sort_defs());
  t.add("", seq_detail::lazy_defs());
  t.add("", seq_detail::transduce_defs());
}

}  // namespace ptc::lisp
