// PTC helpers that LLMs reach for over tool results (spec: Extensions): sum-by, avg-by,
// min-by, max-by, distinct-by, pluck. Each takes a key — a keyword or string (flex get), a path
// vector (flex get-in) or a function — and a collection; nil keys are skipped where a value is
// aggregated. where / all-of / any-of / none-of live in ptc_where.cpp.
#include <vector>

#include "ptc/lisp/builtin.hpp"
#include "ptc/lisp/builtins/coll_ops.hpp"
#include "ptc/lisp/builtins/family_parts.hpp"
#include "ptc/lisp/builtins/value_set.hpp"
#include "ptc/lisp/list.hpp"
#include "ptc/lisp/seq.hpp"

namespace ptc::lisp {
namespace {

using args_t = std::span<const value>;

// Visits (item, key) for every item of a[1]. A single map with a field key is refused with a
// hint: the helpers work on collections of maps, and a map's entries have no such field.
template <class F>
void each_keyed(context& c, args_t a, std::string_view fn, F&& f) {
  const value& key = a[0];
  const value& coll = a[1];
  if (coll.is_nil()) return;
  if (coll.is(type::map) && coll::is_field_spec(key))
    errors::argument(fn, 1, "a collection of maps (wrap a single map in a vector)", coll);
  seq_iter it(c, coll, fn);
  value item;
  while (it.next(item)) {
    value k = coll::key_of(c, key, item);
    f(item, k);
  }
}

[[noreturn]] void not_a_number(std::string_view fn, const value& key, const value& v) {
  raise(error_kind::type, std::string(fn) + ": the value of " + errors::brief(key) +
                              " must be a number, got " +
                              (v.is_nil() ? std::string("nil") : errors::describe_type(v) + " " + errors::brief(v)));
}

value b_sum_by(context& c, args_t a) {
  std::int64_t isum = 0;
  double dsum = 0;
  bool floating = false;
  each_keyed(c, a, "sum-by", [&](const value&, const value& v) {
    if (v.is_nil()) return;
    if (v.is(type::integer) && !floating) {
      if (__builtin_add_overflow(isum, v.as_int(), &isum)) errors::arithmetic("sum-by: integer overflow");
    } else if (v.is_number()) {
      if (!floating) dsum = static_cast<double>(isum);
      floating = true;
      dsum += v.as_number();
    } else {
      not_a_number("sum-by", a[0], v);
    }
  });
  return floating ? value::floating(dsum) : value::integer(isum);
}

value b_avg_by(context& c, args_t a) {
  double sum = 0;
  std::size_t n = 0;
  each_keyed(c, a, "avg-by", [&](const value&, const value& v) {
    if (v.is_nil()) return;
    if (!v.is_number()) not_a_number("avg-by", a[0], v);
    sum += v.as_number();
    ++n;
  });
  if (n == 0) return {};
  return value::floating(sum / static_cast<double>(n));
}

// min-by / max-by: the first item whose key is least (greatest), keys compared as `compare`.
value extreme_by(context& c, args_t a, int sign, std::string_view fn) {
  value best, best_key;
  bool found = false;
  each_keyed(c, a, fn, [&](const value& item, const value& k) {
    if (k.is_nil()) return;
    if (!found || sign * compare_values(k, best_key) > 0) {
      best = item;
      best_key = k;
      found = true;
    }
  });
  return best;
}
value b_min_by(context& c, args_t a) { return extreme_by(c, a, -1, "min-by"); }
value b_max_by(context& c, args_t a) { return extreme_by(c, a, 1, "max-by"); }

value b_distinct_by(context& c, args_t a) {
  value_set seen;
  std::vector<value> out;
  each_keyed(c, a, "distinct-by", [&](const value& item, const value& k) {
    if (!seen.insert(k).fresh) return;
    c.limits().preflight_growth(out.size(), value_set::bytes_per_entry + 2 * sizeof(value));
    out.push_back(item);
  });
  return list_obj::from(std::move(out));
}

value b_pluck(context& c, args_t a) {
  std::vector<value> out;
  each_keyed(c, a, "pluck", [&](const value&, const value& k) { out.push_back(k); });
  return list_obj::from(std::move(out));
}

const builtin_def ptc_table[] = {
    {"sum-by", 2, 2, b_sum_by},
    {"avg-by", 2, 2, b_avg_by},
    {"min-by", 2, 2, b_min_by},
    {"max-by", 2, 2, b_max_by},
    {"distinct-by", 2, 2, b_distinct_by},
    {"pluck", 2, 2, b_pluck},
};

}  // namespace

void register_ptc(builtin_table& t) {
  t.add("", ptc_table);
  register_ptc_where(t);
}

}  // namespace ptc::lisp
