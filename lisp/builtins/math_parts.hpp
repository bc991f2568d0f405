#pragma once
// Private to the math family: the parts register_core_math() assembles, and the number checks
// they share. Not part of the lisp/ contract.
#include <cstdint>
#include <span>
#include <string_view>

#include "ptc/lisp/builtin.hpp"

namespace ptc::lisp::math {

void register_compare(builtin_table& t);  // math_compare.cpp
void register_convert(builtin_table& t);  // math_convert.cpp: int, double, bit ops, rand
void register_java(builtin_table& t);     // math_java.cpp: Math/, Integer/, Long/, Double/

/// A uniformly distributed double in [0, 1) (rand, Math/random); not deterministic.
double random_unit();

/// Clojure throws ArithmeticException on long overflow; so do we (spec difference 4).
[[noreturn]] inline void overflow() { errors::arithmetic("integer overflow"); }

/// Argument i as a number value (integer or double), or a type error naming `fn`.
inline const value& num(std::string_view fn, std::span<const value> a, std::size_t i) {
  if (!a[i].is_number()) errors::argument(fn, i, "a number", a[i]);
  return a[i];
}
/// Argument i as a 64-bit integer (doubles are refused, as Clojure's bit ops and even? do).
inline std::int64_t integer(std::string_view fn, std::span<const value> a, std::size_t i) {
  if (!a[i].is(type::integer)) errors::argument(fn, i, "an integer", a[i]);
  return a[i].as_int();
}

}  // namespace ptc::lisp::math
