// Number conversions (int long double float num), bit operations and random numbers.
// `int` keeps Clojure's 32-bit range check; there is no separate float type, so `float` gives
// a double (Clojure would print the float 0.1 as 0.1 too).
#include <cmath>
#include <memory>
#include <random>

#include "ptc/lisp/builtins/math_parts.hpp"
#include "ptc/lisp/printer.hpp"

namespace ptc::lisp {
namespace {

using math::num;

// (long x) / (int x): doubles truncate toward zero (NaN gives 0, as Java's cast does);
// characters give their code; anything outside [lo, hi] is an error.
value to_integer(std::string_view fn, const value& x, std::int64_t lo, std::int64_t hi) {
  std::int64_t r;
  if (x.is(type::integer)) {
    r = x.as_int();
    if (r < lo || r > hi) math::overflow();
  } else if (x.is(type::floating)) {
    double d = x.as_double();
    if (std::isnan(d)) return value::integer(0);
    double t = std::trunc(d);
    // Clojure compares in doubles, where the largest long rounds up to 2^63; that value is
    // accepted and saturates, as Java's cast does.
    if (t < static_cast<double>(lo) || t > static_cast<double>(hi))
      errors::arithmetic(std::string(fn) + ": value out of range: " + format_double(d));
    r = t >= 9223372036854775807.0 ? INT64_MAX : static_cast<std::int64_t>(t);
  } else if (x.is(type::character)) {
    r = static_cast<std::int64_t>(x.as_char());
  } else {
    errors::argument(fn, 0, "a number", x);
  }
  return value::integer(r);
}

value to_long(context&, std::span<const value> a) {
  return to_integer("long", a[0], INT64_MIN, INT64_MAX);
}
value to_int(context&, std::span<const value> a) {
  return to_integer("int", a[0], INT32_MIN, INT32_MAX);
}
value to_double(context&, std::span<const value> a) {
  return value::floating(num("double", a, 0).as_number());
}
value to_float(context&, std::span<const value> a) {
  return value::floating(num("float", a, 0).as_number());
}
value to_num(context&, std::span<const value> a) { return num("num", a, 0); }

template <class Op>
value bit_fold(std::string_view fn, std::span<const value> a, Op op) {
  std::int64_t acc = math::integer(fn, a, 0);
  for (std::size_t i = 1; i < a.size(); ++i) acc = op(acc, math::integer(fn, a, i));
  return value::integer(acc);
}

value bit_and(context&, std::span<const value> a) {
  return bit_fold("bit-and", a, [](std::int64_t x, std::int64_t y) { return x & y; });
}
value bit_or(context&, std::span<const value> a) {
  return bit_fold("bit-or", a, [](std::int64_t x, std::int64_t y) { return x | y; });
}
value bit_xor(context&, std::span<const value> a) {
  return bit_fold("bit-xor", a, [](std::int64_t x, std::int64_t y) { return x ^ y; });
}
value bit_and_not(context&, std::span<const value> a) {
  return bit_fold("bit-and-not", a, [](std::int64_t x, std::int64_t y) { return x & ~y; });
}
value bit_not(context&, std::span<const value> a) {
  return value::integer(~math::integer("bit-not", a, 0));
}

// Java masks shift counts and bit indexes to 6 bits: (bit-shift-left 1 65) is 2.
std::uint64_t bit(std::string_view fn, std::span<const value> a) {
  return std::uint64_t{1} << (math::integer(fn, a, 1) & 63);
}
std::uint64_t ubits(std::string_view fn, std::span<const value> a) {
  return static_cast<std::uint64_t>(math::integer(fn, a, 0));
}

value shift_left(context&, std::span<const value> a) {
  std::uint64_t x = ubits("bit-shift-left", a);
  return value::integer(static_cast<std::int64_t>(x << (math::integer("bit-shift-left", a, 1) & 63)));
}
value shift_right(context&, std::span<const value> a) {
  std::int64_t x = math::integer("bit-shift-right", a, 0);
  return value::integer(x >> (math::integer("bit-shift-right", a, 1) & 63));  // arithmetic
}
value unsigned_shift_right(context&, std::span<const value> a) {
  std::uint64_t x = ubits("unsigned-bit-shift-right", a);
  return value::integer(
      static_cast<std::int64_t>(x >> (math::integer("unsigned-bit-shift-right", a, 1) & 63)));
}
value bit_test(context&, std::span<const value> a) {
  return value::boolean((ubits("bit-test", a) & bit("bit-test", a)) != 0);
}
value bit_set(context&, std::span<const value> a) {
  return value::integer(static_cast<std::int64_t>(ubits("bit-set", a) | bit("bit-set", a)));
}
value bit_clear(context&, std::span<const value> a) {
  return value::integer(static_cast<std::int64_t>(ubits("bit-clear", a) & ~bit("bit-clear", a)));
}
value bit_flip(context&, std::span<const value> a) {
  return value::integer(static_cast<std::int64_t>(ubits("bit-flip", a) ^ bit("bit-flip", a)));
}

}  // namespace

double math::random_unit() {
  // On the heap: 2.5 KB of generator state would take most of the library's static TLS
  // (CMakeLists.txt: initial-exec).
  thread_local std::unique_ptr<std::mt19937_64> gen;
  if (!gen) gen = std::make_unique<std::mt19937_64>(std::random_device{}());
  return std::uniform_real_distribution<double>(0.0, 1.0)(*gen);
}

namespace {

value rand(context&, std::span<const value> a) {
  double r = math::random_unit();
  if (a.empty()) return value::floating(r);
  return value::floating(r * num("rand", a, 0).as_number());
}

// (rand-int n) is (int (rand n)): 0 <= r < n, or n < r <= 0 for negative n.
value rand_int(context&, std::span<const value> a) {
  double r = std::trunc(math::random_unit() * num("rand-int", a, 0).as_number());
  if (std::isnan(r)) return value::integer(0);
  if (r >= 9223372036854775807.0) return value::integer(INT64_MAX);  // saturate as Java's cast
  if (r <= -9223372036854775808.0) return value::integer(INT64_MIN);
  return value::integer(static_cast<std::int64_t>(r));
}

constexpr builtin_def math_convert_table[] = {
    {"long", 1, 1, to_long},
    {"int", 1, 1, to_int},
    {"double", 1, 1, to_double},
    {"float", 1, 1, to_float},
    {"num", 1, 1, to_num},
    {"bit-and", 2, -1, bit_and},
    {"bit-or", 2, -1, bit_or},
    {"bit-xor", 2, -1, bit_xor},
    {"bit-and-not", 2, -1, bit_and_not},
    {"bit-not", 1, 1, bit_not},
    {"bit-shift-left", 2, 2, shift_left},
    {"bit-shift-right", 2, 2, shift_right},
    {"unsigned-bit-shift-right", 2, 2, unsigned_shift_right},
    {"bit-test", 2, 2, bit_test},
    {"bit-set", 2, 2, bit_set},
    {"bit-clear", 2, 2, bit_clear},
    {"bit-flip", 2, 2, bit_flip},
    {"rand", 0, 1, rand},
    {"rand-int", 1, 1, rand_int},
};

}  // namespace

void math::register_convert(builtin_table& t) { t.add("", math_convert_table); }

}  // namespace ptc::lisp
