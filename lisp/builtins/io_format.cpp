// Java's Formatter, the part programs use. Floating-point conversions round HALF_UP on the
// shortest decimal digits of the double (as Java does: (format "%.2f" 1.005) is "1.01", where
// C's printf says "1.00"), so results match Clojure digit for digit.
#include "ptc/lisp/builtins/io_format.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>

#include "ptc/lisp/error.hpp"
#include "ptc/lisp/printer.hpp"
#include "ptc/lisp/string.hpp"

namespace ptc::lisp {
namespace {

struct spec {
  bool left = false, alt = false, plus = false, space = false, zero = false, group = false,
       paren = false;
  int width = -1;
  int precision = -1;
  char conv = 0;
  bool upper = false;
  std::string_view text;  // the directive as written, for messages
};

// Shortest round-trip decimal digits of |d| (d finite): value = 0.DIGITS × 10^point.
void shortest_digits(double d, std::string& digits, int& point) {
  char buf[64];
  auto r = std::to_chars(buf, buf + sizeof buf, std::fabs(d), std::chars_format::scientific);
  std::string_view s(buf, static_cast<std::size_t>(r.ptr - buf));
  std::size_t e = s.find('e');
  digits.clear();
  for (char ch : s.substr(0, e))
    if (ch != '.') digits += ch;
  int exp10 = std::atoi(std::string(s.substr(e + 1)).c_str());
  point = exp10 + 1;
  while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
}

// Adds one unit in the last place of a digit string; false when it carries out of the front.
bool increment(std::string& digits) {
  for (std::size_t i = digits.size(); i-- > 0;) {
    if (digits[i] != '9') {
      ++digits[i];
      return true;
    }
    digits[i] = '0';
  }
  return false;
}

void group_thousands(std::string& int_digits) {
  std::string out;
  int n = static_cast<int>(int_digits.size());
  for (int i = 0; i < n; ++i) {
    if (i > 0 && (n - i) % 3 == 0) out += ',';
    out += int_digits[static_cast<std::size_t>(i)];
  }
  int_digits = std::move(out);
}

// %f body (no sign) of |d| with `prec` fraction digits.
std::string fixed_body(double d, int prec, bool group) {
  std::string digits = "0";
  int point = 1;
  if (d != 0) shortest_digits(d, digits, point);
  // Lay the digits out as INT.FRAC with at least one integer digit, plus a leading zero that
  // absorbs a rounding carry (9.96 → 10.0).
  if (point <= 0) {
    digits.insert(0, static_cast<std::size_t>(1 - point), '0');
    point = 1;
  }
  digits.insert(digits.begin(), '0');
  ++point;
  std::size_t keep = static_cast<std::size_t>(point + prec);
  if (digits.size() > keep) {
    bool up = digits[keep] >= '5';  // HALF_UP
    digits.resize(keep);
    if (up) increment(digits);
  } else {
    digits.append(keep - digits.size(), '0');
  }
  std::string int_part = digits.substr(0, static_cast<std::size_t>(point));
  while (int_part.size() > 1 && int_part[0] == '0') int_part.erase(int_part.begin());
  if (group) group_thousands(int_part);
  if (prec == 0) return int_part;
  return int_part + "." + digits.substr(static_cast<std::size_t>(point));
}

// %e body (no sign) of |d| with `prec` fraction digits.
std::string sci_body(double d, int prec, bool upper) {
  std::string digits;
  int point;
  if (d == 0) {
    digits = "0";
    point = 1;
  } else {
    shortest_digits(d, digits, point);
  }
  std::size_t want = static_cast<std::size_t>(prec) + 1;
  if (digits.size() > want) {
    bool up = digits[want] >= '5';
    digits.resize(want);
    if (up && !increment(digits)) {  // 9.96 → 1.0e+01
      digits.insert(digits.begin(), '1');
      digits.pop_back();
      ++point;
    }
  }
  digits.append(want - digits.size(), '0');
  int exp10 = d == 0 ? 0 : point - 1;
  std::string out(1, digits[0]);
  if (prec > 0) out += "." + digits.substr(1);
  out += upper ? 'E' : 'e';
  out += exp10 < 0 ? '-' : '+';
  std::string e = std::to_string(std::abs(exp10));
  if (e.size() < 2) e.insert(0, "0");
  return out + e;
}

std::string general_body(double d, int prec, bool group, bool upper) {
  if (prec == 0) prec = 1;
  if (d == 0) return fixed_body(0, prec - 1, group);
  // The exponent after rounding to `prec` significant digits decides the layout.
  std::string sci = sci_body(d, prec - 1, false);
  int exp10 = std::atoi(sci.c_str() + sci.find('e') + 1);
  if (exp10 >= -4 && exp10 < prec) return fixed_body(d, prec - 1 - exp10, group);
  return sci_body(d, prec - 1, upper);
}

std::size_t text_width(std::string_view s) { return utf8_length(s); }

void pad(std::string& out, std::string body, const spec& sp) {
  std::size_t w = text_width(body);
  if (sp.width > 0 && w < static_cast<std::size_t>(sp.width)) {
    std::string fill(static_cast<std::size_t>(sp.width) - w, ' ');
    body = sp.left ? body + fill : fill + body;
  }
  out += body;
}

// Sign, zero padding and parentheses around a number's digits.
void pad_number(std::string& out, bool negative, std::string prefix, std::string digits, const spec& sp) {
  std::string lead, trail;
  if (negative) {
    if (sp.paren) lead = "(", trail = ")";
    else lead = "-";
  } else if (sp.plus) {
    lead = "+";
  } else if (sp.space) {
    lead = " ";
  }
  lead += prefix;
  if (sp.zero && sp.width > 0) {
    std::size_t used = lead.size() + digits.size() + trail.size();
    if (used < static_cast<std::size_t>(sp.width)) digits.insert(0, static_cast<std::size_t>(sp.width) - used, '0');
  }
  pad(out, lead + digits + trail, sp);
}

std::string upper_ascii(std::string s) {
  for (char& ch : s)
    if (ch >= 'a' && ch <= 'z') ch = static_cast<char>(ch - 32);
  return s;
}

[[noreturn]] void no_precision(std::string_view fn, const spec& sp) {
  raise(error_kind::type, std::string(fn) + ": " + std::string(sp.text) + " does not take a precision");
}

void format_one(std::string& out, context& c, std::string_view fn, const spec& sp, const value& v,
                std::size_t arg_pos) {
  auto needs = [&](std::string_view what) {
    errors::argument(fn, arg_pos, std::string(what) + " (for " + std::string(sp.text) + ")", v);
  };
  if (sp.conv == 'b') {
    std::string s = v.truthy() ? "true" : "false";
    if (sp.precision >= 0 && s.size() > static_cast<std::size_t>(sp.precision)) s.resize(static_cast<std::size_t>(sp.precision));
    pad(out, sp.upper ? upper_ascii(s) : s, sp);
    return;
  }
  if (v.is_nil()) {  // Java prints null for a null argument of any other conversion
    pad(out, sp.upper ? "NULL" : "null", sp);
    return;
  }
  switch (sp.conv) {
    case 's': {
      if (v.is(type::string) && sp.precision < 0 && sp.width <= 0 && !sp.upper) {
        // The common "%s" of a string: appended in place, its size checked first (no copies
        // of a large text, which a format doubling its own output would make several of).
        std::string_view text = string_text(v);
        check_string_size(c.limits().config(), out.size() + text.size(), fn);
        charge_scan(text.size());
        out.append(text);
        return;
      }
      std::string s = v.is(type::string) ? string_text(v) : str_of(v, &c);
      if (sp.precision >= 0 && utf8_length(s) > static_cast<std::size_t>(sp.precision)) {
        std::size_t pos = 0;
        for (int i = 0; i < sp.precision; ++i) decode_utf8(s, pos);
        s.resize(pos);
      }
      pad(out, sp.upper ? upper_ascii(s) : s, sp);
      return;
    }
    case 'c': {
      if (sp.precision >= 0) no_precision(fn, sp);
      char32_t ch;
      if (v.is(type::character)) ch = v.as_char();
      else if (v.is(type::integer) && v.as_int() >= 0 && v.as_int() <= 0x10FFFF) ch = static_cast<char32_t>(v.as_int());
      else needs("a character");
      std::string s;
      append_utf8(s, ch);
      pad(out, sp.upper ? upper_ascii(s) : s, sp);
      return;
    }
    case 'd': {
      if (!v.is(type::integer)) needs("an integer");
      if (sp.precision >= 0) no_precision(fn, sp);
      std::int64_t n = v.as_int();
      std::uint64_t mag = n < 0 ? 0 - static_cast<std::uint64_t>(n) : static_cast<std::uint64_t>(n);
      std::string digits = std::to_string(mag);
      if (sp.group) group_thousands(digits);
      pad_number(out, n < 0, "", digits, sp);
      return;
    }
    case 'x':
    case 'o': {
      if (!v.is(type::integer)) needs("an integer");
      if (sp.precision >= 0) no_precision(fn, sp);
      char buf[32];
      auto r = std::to_chars(buf, buf + sizeof buf, static_cast<std::uint64_t>(v.as_int()), sp.conv == 'x' ? 16 : 8);
      std::string digits(buf, r.ptr);
      std::string prefix = sp.alt ? (sp.conv == 'x' ? "0x" : "0") : "";
      spec unsigned_sp = sp;
      unsigned_sp.plus = unsigned_sp.space = false;
      std::string text;
      pad_number(text, false, prefix, digits, unsigned_sp);
      out += sp.upper ? upper_ascii(text) : text;
      return;
    }
    case 'f':
    case 'e':
    case 'g': {
      if (!v.is_number()) needs("a number");
      double d = v.as_number();
      int prec = sp.precision >= 0 ? sp.precision : 6;
      if (std::isnan(d) || std::isinf(d)) {
        std::string s = std::isnan(d) ? "NaN" : (d < 0 ? "-Infinity" : (sp.plus ? "+Infinity" : "Infinity"));
        pad(out, s, sp);
        return;
      }
      std::string body = sp.conv == 'f'   ? fixed_body(d, prec, sp.group)
                         : sp.conv == 'e' ? sci_body(d, prec, sp.upper)
                                          : general_body(d, prec, sp.group, sp.upper);
      pad_number(out, std::signbit(d), "", body, sp);
      return;
    }
  }
}

}  // namespace

std::string java_format(context& c, std::string_view fn, std::span<const value> args) {
  if (!args[0].is(type::string)) errors::argument(fn, 0, "a format string", args[0]);
  std::string_view f = string_text(args[0]);
  charge_scan(f.size());
  std::string out;
  std::size_t next_arg = 1;  // ordinary directives take the arguments in turn
  std::size_t last_arg = 0;  // for %<s
  for (std::size_t i = 0; i < f.size(); ++i) {
    if (f[i] != '%') {
      out += f[i];
      continue;
    }
    std::size_t start = i++;
    spec sp;
    std::size_t explicit_arg = 0;
    bool previous = false;
    // n$ argument index
    std::size_t j = i;
    while (j < f.size() && f[j] >= '0' && f[j] <= '9') ++j;
    if (j > i && j < f.size() && f[j] == '$') {
      explicit_arg = static_cast<std::size_t>(std::atoi(std::string(f.substr(i, j - i)).c_str()));
      i = j + 1;
    }
    for (; i < f.size(); ++i) {
      char ch = f[i];
      if (ch == '-') sp.left = true;
      else if (ch == '#') sp.alt = true;
      else if (ch == '+') sp.plus = true;
      else if (ch == ' ') sp.space = true;
      else if (ch == '0') sp.zero = true;
      else if (ch == ',') sp.group = true;
      else if (ch == '(') sp.paren = true;
      else if (ch == '<') previous = true;
      else break;
    }
    if (i < f.size() && f[i] >= '1' && f[i] <= '9') {
      sp.width = 0;
      while (i < f.size() && f[i] >= '0' && f[i] <= '9') sp.width = std::min(sp.width * 10 + (f[i++] - '0'), 1 << 30);
    }
    if (i < f.size() && f[i] == '.') {
      sp.precision = 0;
      ++i;
      while (i < f.size() && f[i] >= '0' && f[i] <= '9') sp.precision = std::min(sp.precision * 10 + (f[i++] - '0'), 1 << 30);
    }
    // A huge width or precision ("%999999999d") would build a huge string: refuse it before
    // allocating anything.
    if (sp.width > 65536 || sp.precision > 65536) {
      const auto need = static_cast<std::uint64_t>(std::max(sp.width, sp.precision));
      check_string_size(c.limits().config(), out.size() + need, fn);
      c.limits().preflight(need);
    }
    if (i >= f.size())
      raise(error_kind::type, std::string(fn) + ": the format string ends inside a directive: " +
                                  std::string(f.substr(start)));
    char conv = f[i];
    sp.text = f.substr(start, i - start + 1);
    if (conv == '%') {
      pad(out, "%", sp);
      continue;
    }
    if (conv == 'n') {
      out += '\n';
      continue;
    }
    sp.upper = conv >= 'A' && conv <= 'Z';
    sp.conv = sp.upper ? static_cast<char>(conv + 32) : conv;
    if (std::string_view("bscdxofeg").find(sp.conv) == std::string_view::npos || conv == 'D' ||
        conv == 'O' || conv == 'F')
      raise(error_kind::type, std::string(fn) + ": unknown format directive " + std::string(sp.text));
    std::size_t which = previous ? last_arg : explicit_arg ? explicit_arg : next_arg++;
    if (which == 0 || which >= args.size())
      raise(error_kind::type, std::string(fn) + ": no argument for " + std::string(sp.text) + " (" +
                                  std::to_string(args.size() - 1) + " given)");
    last_arg = which;
    format_one(out, c, fn, sp, args[which], which);
    check_string_size(c.limits().config(), out.size(), fn);
    c.tick();
  }
  return out;
}

}  // namespace ptc::lisp
