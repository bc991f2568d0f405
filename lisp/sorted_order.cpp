#include "ptc/lisp/sorted_order.hpp"

#include <cmath>
#include <limits>

#include "ptc/lisp/budget.hpp"
#include "ptc/lisp/builtin.hpp"
#include "ptc/lisp/context.hpp"
#include "ptc/lisp/error.hpp"

namespace ptc::lisp::detail {

namespace {

bool is_builtin_compare(const value& f) {
  static const object* compare_fn = [] {
    const value* f = builtins().find("compare");
    return f ? f->obj() : nullptr;
  }();
  return f.obj() == compare_fn;
}

// Java's (int) of a long: the low 32 bits.
int int_value(std::int64_t i) { return static_cast<std::int32_t>(static_cast<std::uint32_t>(i)); }

// Java's (int) of a double: NaN is 0, out-of-range values saturate, the rest truncate.
int int_value(double d) {
  if (std::isnan(d)) return 0;
  if (d >= 2147483647.0) return std::numeric_limits<std::int32_t>::max();
  if (d <= -2147483648.0) return std::numeric_limits<std::int32_t>::min();
  return static_cast<int>(d);
}

}  // namespace

value sorted_comparator(std::string_view fn, value f) {
  if (f.is_nil() || (f.is(type::function) && is_builtin_compare(f))) return {};
  if (!f.is(type::function)) errors::argument(fn, 0, "a comparator function", f);
  return f;
}

int compare_with(const value& cmp, const value& a, const value& b) {
  if (cmp.is_nil()) return compare_values(a, b);
  // Collections do not carry the run's context; a comparator needs only the budget (steps,
  // depth, memory) that is active on this thread, and has no printing or tools to record.
  budget* active = budget::active();
  thread_local budget fallback;
  context c(active ? *active : fallback, nullptr);
  // An error inside the comparator keeps the position of the call it was raised in.
  auto call = [&](const value& x, const value& y) {
    try {
      return c.call(cmp, {x, y});
    } catch (lisp_exception& e) {
      c.locate(e.err());
      throw;
    }
  };
  value r = call(a, b);
  switch (r.kind()) {
    case type::integer: return int_value(r.as_int());
    case type::floating: return int_value(r.as_double());
    case type::boolean:
      if (r.as_bool()) return -1;
      return call(b, a).truthy() ? 1 : 0;
    default:
      raise(error_kind::type, "a sorted collection's comparator must return a number or a boolean, got " +
                                  (r.is_nil() ? std::string("nil") : errors::describe_type(r) + " " + errors::brief(r)));
  }
}

}  // namespace ptc::lisp::detail
