#include "ptc/lisp/builtins/number_text.hpp"

#include <cctype>
#include <charconv>
#include <cmath>
#include <limits>
#include <string>

namespace ptc::lisp {

std::optional<std::int64_t> parse_java_integer(std::string_view s, int radix, std::int64_t lo,
                                               std::int64_t hi) {
  if (radix < 2 || radix > 36 || s.empty()) return std::nullopt;
  bool neg = false;
  if (s[0] == '+' || s[0] == '-') {
    neg = s[0] == '-';
    s.remove_prefix(1);
  }
  if (s.empty()) return std::nullopt;
  // Accumulate negatively so that the smallest long parses without overflow.
  std::int64_t acc = 0;
  for (char ch : s) {
    int d;
    if (ch >= '0' && ch <= '9') d = ch - '0';
    else if (ch >= 'a' && ch <= 'z') d = ch - 'a' + 10;
    else if (ch >= 'A' && ch <= 'Z') d = ch - 'A' + 10;
    else return std::nullopt;
    if (d >= radix) return std::nullopt;
    if (__builtin_mul_overflow(acc, std::int64_t{radix}, &acc) ||
        __builtin_sub_overflow(acc, std::int64_t{d}, &acc))
      return std::nullopt;
  }
  if (!neg) {
    if (acc == std::numeric_limits<std::int64_t>::min()) return std::nullopt;
    acc = -acc;
  }
  if (acc < lo || acc > hi) return std::nullopt;
  return acc;
}

namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_hex(char c) { return std::isxdigit(static_cast<unsigned char>(c)) != 0; }

// Length of a run of characters satisfying `pred` starting at i.
template <class P>
std::size_t run(std::string_view s, std::size_t i, P pred) {
  std::size_t j = i;
  while (j < s.size() && pred(s[j])) ++j;
  return j - i;
}

}  // namespace

std::optional<double> parse_java_double(std::string_view s) {
  while (!s.empty() && static_cast<unsigned char>(s.front()) <= ' ') s.remove_prefix(1);
  while (!s.empty() && static_cast<unsigned char>(s.back()) <= ' ') s.remove_suffix(1);
  bool neg = false;
  if (!s.empty() && (s[0] == '+' || s[0] == '-')) {
    neg = s[0] == '-';
    s.remove_prefix(1);
  }
  if (s == "NaN") return std::numeric_limits<double>::quiet_NaN();
  if (s == "Infinity") return neg ? -HUGE_VAL : HUGE_VAL;
  if (!s.empty() && (s.back() == 'f' || s.back() == 'F' || s.back() == 'd' || s.back() == 'D'))
    s.remove_suffix(1);
  if (s.empty()) return std::nullopt;
  double out = 0;
  if (s.size() > 1 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
    // Hex float: 0x<hex>[.<hex>]p<exp>, the binary exponent is mandatory.
    std::string_view h = s.substr(2);
    std::size_t int_digits = run(h, 0, is_hex), i = int_digits, frac = 0;
    if (i < h.size() && h[i] == '.') frac = run(h, i + 1, is_hex), i += 1 + frac;
    if (int_digits + frac == 0) return std::nullopt;
    if (i >= h.size() || (h[i] != 'p' && h[i] != 'P')) return std::nullopt;
    std::size_t e = i + 1;
    if (e < h.size() && (h[e] == '+' || h[e] == '-')) ++e;
    if (run(h, e, is_digit) == 0 || e + run(h, e, is_digit) != h.size()) return std::nullopt;
    std::string text(h.substr(0, i));
    text += 'p';
    text += h.substr(i + 1);
    auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), out,
                                   std::chars_format::hex);
    if (p != text.data() + text.size()) return std::nullopt;
  } else {
    // Decimal: digits [. digits] or . digits, then optional exponent.
    std::size_t i = run(s, 0, is_digit);
    std::size_t int_digits = i, frac_digits = 0;
    if (i < s.size() && s[i] == '.') frac_digits = run(s, i + 1, is_digit), i += 1 + frac_digits;
    if (int_digits + frac_digits == 0) return std::nullopt;
    if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
      std::size_t e = i + 1;
      if (e < s.size() && (s[e] == '+' || s[e] == '-')) ++e;
      std::size_t n = run(s, e, is_digit);
      if (n == 0) return std::nullopt;
      i = e + n;
    }
    if (i != s.size()) return std::nullopt;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    if (ec == std::errc::result_out_of_range) {
      // from_chars leaves `out` alone on overflow/underflow; Java gives ±Infinity or 0.0.
      bool tiny = s.find_first_of("eE") != std::string_view::npos &&
                  s[s.find_first_of("eE") + 1] == '-';
      out = tiny ? 0.0 : HUGE_VAL;
    } else if (p != s.data() + s.size()) {
      return std::nullopt;
    }
  }
  return neg ? -out : out;
}

}  // namespace ptc::lisp
