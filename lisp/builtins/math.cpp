// Arithmetic: + - * / inc dec quot rem mod max min abs, with Clojure's contagion rules (any
// double makes the result a double) and no ratios (spec difference 2: `/` gives an integer
// when exact, a double otherwise). Integer overflow is an arithmetic error, never a wrap.
#include <cmath>

#include "ptc/lisp/builtins/math_parts.hpp"

namespace ptc::lisp {
namespace {

using math::num;
using math::overflow;

[[noreturn]] void divide_by_zero() { errors::arithmetic("Divide by zero"); }

// Folds integers with `int_op` until the first double, then continues in doubles. The
// integer loop is the hot path of (reduce + xs).
template <class IntOp, class DblOp>
value fold(std::string_view fn, std::span<const value> a, std::int64_t acc, std::size_t i,
           IntOp int_op, DblOp dbl_op) {
  for (; i < a.size(); ++i) {
    const value& x = a[i];
    if (x.is(type::integer)) {
      if (int_op(acc, x.as_int(), &acc)) overflow();
    } else if (x.is(type::floating)) {
      break;
    } else {
      errors::argument(fn, i, "a number", x);
    }
  }
  if (i == a.size()) return value::integer(acc);
  double d = static_cast<double>(acc);
  for (; i < a.size(); ++i) d = dbl_op(d, num(fn, a, i).as_number());
  return value::floating(d);
}

value plus(context&, std::span<const value> a) {
  return fold("+", a, 0, 0, [](auto x, auto y, auto* r) { return __builtin_add_overflow(x, y, r); },
              [](double x, double y) { return x + y; });
}

value times(context&, std::span<const value> a) {
  return fold("*", a, 1, 0, [](auto x, auto y, auto* r) { return __builtin_mul_overflow(x, y, r); },
              [](double x, double y) { return x * y; });
}

value negate(const value& x) {
  if (x.is(type::floating)) return value::floating(-x.as_double());
  std::int64_t r;
  if (__builtin_sub_overflow(std::int64_t{0}, x.as_int(), &r)) overflow();
  return value::integer(r);
}

value minus(context&, std::span<const value> a) {
  const value& first = num("-", a, 0);
  if (a.size() == 1) return negate(first);
  auto sub = [](auto x, auto y, auto* r) { return __builtin_sub_overflow(x, y, r); };
  auto dsub = [](double x, double y) { return x - y; };
  if (first.is(type::floating)) {
    double d = first.as_double();
    for (std::size_t i = 1; i < a.size(); ++i) d -= num("-", a, i).as_number();
    return value::floating(d);
  }
  return fold("-", a, first.as_int(), 1, sub, dsub);
}

// x / y for two numbers: integers stay integers when the division is exact.
value divide2(const value& x, const value& y) {
  if (x.is(type::integer) && y.is(type::integer)) {
    std::int64_t n = x.as_int(), d = y.as_int();
    if (d == 0) divide_by_zero();
    if (d == -1) return negate(x);
    if (n % d == 0) return value::integer(n / d);
    return value::floating(static_cast<double>(n) / static_cast<double>(d));
  }
  // Clojure's dynamic division (Numbers.divide on boxed values, the path of every value that
  // comes from a collection or a local) throws on any zero divisor; only compile-time double
  // literals give ##Inf there. One rule here: a zero divisor is an error (known divergence for
  // the literal case, tests/conformance/known_divergences.tsv).
  if (y.as_number() == 0) divide_by_zero();
  return value::floating(x.as_number() / y.as_number());
}

value divide(context&, std::span<const value> a) {
  const value& first = num("/", a, 0);
  if (a.size() == 1) return divide2(value::integer(1), first);
  value acc = first;
  for (std::size_t i = 1; i < a.size(); ++i) acc = divide2(acc, num("/", a, i));
  return acc;
}

value inc(context&, std::span<const value> a) {
  const value& x = num("inc", a, 0);
  if (x.is(type::floating)) return value::floating(x.as_double() + 1);
  std::int64_t r;
  if (__builtin_add_overflow(x.as_int(), std::int64_t{1}, &r)) overflow();
  return value::integer(r);
}

value dec(context&, std::span<const value> a) {
  const value& x = num("dec", a, 0);
  if (x.is(type::floating)) return value::floating(x.as_double() - 1);
  std::int64_t r;
  if (__builtin_sub_overflow(x.as_int(), std::int64_t{1}, &r)) overflow();
  return value::integer(r);
}

// Clojure's quot/rem on doubles: q = n/d truncated; rem = n - q*d (not fmod, to match digits).
value quot(context&, std::span<const value> a) {
  const value& n = num("quot", a, 0);
  const value& d = num("quot", a, 1);
  if (n.is(type::integer) && d.is(type::integer)) {
    if (d.as_int() == 0) divide_by_zero();
    if (d.as_int() == -1) return negate(n);
    return value::integer(n.as_int() / d.as_int());
  }
  if (d.as_number() == 0) divide_by_zero();
  return value::floating(std::trunc(n.as_number() / d.as_number()));
}

value rem2(std::string_view fn, std::span<const value> a) {
  const value& n = num(fn, a, 0);
  const value& d = num(fn, a, 1);
  if (n.is(type::integer) && d.is(type::integer)) {
    if (d.as_int() == 0) divide_by_zero();
    if (d.as_int() == -1) return value::integer(0);
    return value::integer(n.as_int() % d.as_int());
  }
  double dn = n.as_number(), dd = d.as_number();
  if (dd == 0) divide_by_zero();
  return value::floating(dn - std::trunc(dn / dd) * dd);
}

value rem(context&, std::span<const value> a) { return rem2("rem", a); }

// (mod n d) has the sign of d: rem, shifted by d when the signs differ.
value mod(context&, std::span<const value> a) {
  value m = rem2("mod", a);
  bool n_pos = a[0].as_number() > 0, d_pos = a[1].as_number() > 0;
  if (m.as_number() == 0 || n_pos == d_pos) return m;
  if (m.is(type::integer)) return value::integer(m.as_int() + a[1].as_int());
  return value::floating(m.as_double() + a[1].as_number());
}

// Clojure's Numbers.max/min: NaN wins; otherwise the winning argument keeps its own type, and
// a tie goes to the later argument.
template <bool Max>
value extreme(std::string_view fn, std::span<const value> a) {
  const value* best = &num(fn, a, 0);
  for (std::size_t i = 1; i < a.size(); ++i) {
    const value& y = num(fn, a, i);
    const value& x = *best;
    if (x.is(type::floating) && std::isnan(x.as_double())) continue;
    if (y.is(type::floating) && std::isnan(y.as_double())) { best = &y; continue; }
    bool keep_x;
    if (x.is(type::integer) && y.is(type::integer))
      keep_x = Max ? x.as_int() > y.as_int() : x.as_int() < y.as_int();
    else
      keep_x = Max ? x.as_number() > y.as_number() : x.as_number() < y.as_number();
    if (!keep_x) best = &y;
  }
  return *best;
}

value max(context&, std::span<const value> a) { return extreme<true>("max", a); }
value min(context&, std::span<const value> a) { return extreme<false>("min", a); }

value abs(context&, std::span<const value> a) {
  const value& x = num("abs", a, 0);
  if (x.is(type::floating)) return value::floating(std::fabs(x.as_double()));
  if (x.as_int() >= 0) return x;
  return negate(x);  // abs of the smallest long overflows: an error rather than Java's wrap
}

constexpr builtin_def math_table[] = {
    {"+", 0, -1, plus},   {"+'", 0, -1, plus},   {"*", 0, -1, times}, {"*'", 0, -1, times},
    {"-", 1, -1, minus},  {"-'", 1, -1, minus},  {"/", 1, -1, divide}, {"inc", 1, 1, inc},
    {"inc'", 1, 1, inc},  {"dec", 1, 1, dec},    {"dec'", 1, 1, dec},  {"quot", 2, 2, quot},
    {"rem", 2, 2, rem},   {"mod", 2, 2, mod},    {"max", 1, -1, max},  {"min", 1, -1, min},
    {"abs", 1, 1, abs},
};

}  // namespace

void register_core_math(builtin_table& t) {
  t.add("", math_table);
  math::register_compare(t);
  math::register_convert(t);
  math::register_java(t);
}

}  // namespace ptc::lisp
