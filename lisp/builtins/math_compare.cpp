// Comparison and number tests: compare = == not= < > <= >= zero? pos? neg? even? odd? NaN?
// infinite?. `=` is structural equality (value.hpp); the ordering operators take numbers only,
// as Clojure's do, and mix integers and doubles numerically.
#include <cmath>

#include "ptc/lisp/builtins/math_parts.hpp"
#include "ptc/lisp/list.hpp"
#include "ptc/lisp/seq.hpp"

namespace ptc::lisp {
namespace {

using math::num;

value compare(context&, std::span<const value> a) {
  return value::integer(compare_values(a[0], a[1]));
}

/// A lazy seq is a recipe: realise it (under the budget) so it compares as the list it makes.
value realised(context& c, const value& v) {
  if (!v.is(type::lazy_seq)) return v;
  return list_obj::from(to_items(c, v, "="));
}

value eq(context& c, std::span<const value> a) {
  for (std::size_t i = 1; i < a.size(); ++i) {
    if (a[i - 1].is(type::lazy_seq) || a[i].is(type::lazy_seq)) {
      if (!equal(realised(c, a[i - 1]), realised(c, a[i]))) return value::boolean(false);
    } else if (!equal(a[i - 1], a[i])) {
      return value::boolean(false);
    }
  }
  return value::boolean(true);
}

value not_eq_(context& c, std::span<const value> a) { return value::boolean(!eq(c, a).as_bool()); }

value num_eq(context&, std::span<const value> a) {
  for (std::size_t i = 0; i < a.size(); ++i) num("==", a, i);
  for (std::size_t i = 1; i < a.size(); ++i)
    if (!numeric_equal(a[i - 1], a[i])) return value::boolean(false);
  return value::boolean(true);
}

// Every argument is checked even after the answer is known, so (< 1 0 "a") is still an error.
template <class Cmp>
value chain(std::string_view fn, std::span<const value> a, Cmp cmp) {
  for (std::size_t i = 0; i < a.size(); ++i) num(fn, a, i);
  bool ok = true;
  for (std::size_t i = 1; i < a.size() && ok; ++i) {
    const value& x = a[i - 1];
    const value& y = a[i];
    if (x.is(type::integer) && y.is(type::integer))
      ok = cmp(x.as_int(), y.as_int());
    else
      ok = cmp(x.as_number(), y.as_number());  // NaN compares false, as in Java
  }
  return value::boolean(ok);
}

value lt(context&, std::span<const value> a) { return chain("<", a, [](auto x, auto y) { return x < y; }); }
value gt(context&, std::span<const value> a) { return chain(">", a, [](auto x, auto y) { return x > y; }); }
value le(context&, std::span<const value> a) { return chain("<=", a, [](auto x, auto y) { return x <= y; }); }
value ge(context&, std::span<const value> a) { return chain(">=", a, [](auto x, auto y) { return x >= y; }); }

value zero_p(context&, std::span<const value> a) { return value::boolean(num("zero?", a, 0).as_number() == 0); }
value pos_p(context&, std::span<const value> a) { return value::boolean(num("pos?", a, 0).as_number() > 0); }
value neg_p(context&, std::span<const value> a) { return value::boolean(num("neg?", a, 0).as_number() < 0); }
value even_p(context&, std::span<const value> a) { return value::boolean(math::integer("even?", a, 0) % 2 == 0); }
value odd_p(context&, std::span<const value> a) { return value::boolean(math::integer("odd?", a, 0) % 2 != 0); }

value nan_p(context&, std::span<const value> a) {
  const value& x = num("NaN?", a, 0);
  return value::boolean(x.is(type::floating) && std::isnan(x.as_double()));
}

value infinite_p(context&, std::span<const value> a) {
  const value& x = num("infinite?", a, 0);
  return value::boolean(x.is(type::floating) && std::isinf(x.as_double()));
}

constexpr builtin_def math_compare_table[] = {
    {"compare", 2, 2, compare}, {"=", 1, -1, eq},         {"not=", 1, -1, not_eq_},
    {"==", 1, -1, num_eq},      {"<", 1, -1, lt},         {">", 1, -1, gt},
    {"<=", 1, -1, le},          {">=", 1, -1, ge},        {"zero?", 1, 1, zero_p},
    {"pos?", 1, 1, pos_p},      {"neg?", 1, 1, neg_p},    {"even?", 1, 1, even_p},
    {"odd?", 1, 1, odd_p},      {"NaN?", 1, 1, nan_p},    {"infinite?", 1, 1, infinite_p},
};

}  // namespace

void math::register_compare(builtin_table& t) { t.add("", math_compare_table); }

}  // namespace ptc::lisp
