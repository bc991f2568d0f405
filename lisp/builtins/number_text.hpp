#pragma once
// Private to the math and string families: reading numbers from text the way Java does
// (Long/parseLong, Double/parseDouble), shared by parse-long, parse-double and the
// Integer/Long/Double builtins.
#include <cstdint>
#include <optional>
#include <string_view>

namespace ptc::lisp {

/// Java's Long.parseLong(s, radix): optional sign, then digits of the radix, nothing else
/// (no spaces); nullopt when malformed or outside [lo, hi].
std::optional<std::int64_t> parse_java_integer(std::string_view s, int radix, std::int64_t lo,
                                               std::int64_t hi);
/// Java's Double.parseDouble: surrounding control/space characters ignored, optional sign,
/// NaN, Infinity, decimal with optional exponent, hex floats (0x1.8p3), optional f/F/d/D suffix.
std::optional<double> parse_java_double(std::string_view s);

}  // namespace ptc::lisp
