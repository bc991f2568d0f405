// Tokens of the reader: numbers, symbols, keywords and characters, following the patterns of
// Clojure's LispReader (matchNumber, matchSymbol, CharacterReader). PTC-Lisp numbers are 64-bit
// integers and doubles, so ratios, N and M literals and integers that do not fit are errors.
#include <charconv>
#include <cmath>
#include <limits>

#include "ptc/lisp/reader_scan.hpp"
#include "ptc/lisp/string.hpp"

namespace ptc::lisp::reader_detail {

void parse_fail(source_pos pos, std::string message) {
  error e;
  e.kind = error_kind::parse;
  e.message = std::move(message);
  e.pos = pos;
  throw lisp_exception(std::move(e));
}

namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

int digit_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'z') return c - 'a' + 10;
  if (c >= 'A' && c <= 'Z') return c - 'A' + 10;
  return 99;
}

/// Decodes one code point at byte i (without consuming); 0xFFFD and length 1 when invalid.
char32_t peek_utf8(std::string_view s, std::size_t i, std::size_t& len) {
  std::size_t p = i;
  char32_t c = decode_utf8(s, p);
  len = p > i ? p - i : 1;
  return c;
}

bool all_digits(std::string_view s, int radix) {
  if (s.empty()) return false;
  for (char c : s)
    if (digit_value(c) >= radix) return false;
  return true;
}

/// The magnitude in `digits` (already validated for `radix`) with `negative` applied, or a parse
/// error when it does not fit in 64 bits.
std::int64_t to_int64(std::string_view digits, int radix, bool negative, std::string_view token,
                      source_pos pos) {
  unsigned __int128 mag = 0;
  const unsigned __int128 cap = static_cast<unsigned __int128>(1) << 63;  // |INT64_MIN|
  for (char c : digits) {
    mag = mag * static_cast<unsigned>(radix) + static_cast<unsigned>(digit_value(c));
    if (mag > cap) break;
  }
  if (mag > cap || (!negative && mag == cap))
    parse_fail(pos, "integer literal " + std::string(token) +
                        " does not fit in 64 bits (PTC-Lisp has no big integers; the range is "
                        "-9223372036854775808 to 9223372036854775807)");
  if (negative) return mag == cap ? std::numeric_limits<std::int64_t>::min()
                                  : -static_cast<std::int64_t>(mag);
  return static_cast<std::int64_t>(mag);
}

/// Clojure's floatPat without the M suffix: [0-9]+ (\.[0-9]*)? ([eE][-+]?[0-9]+)?, with at
/// least a point or an exponent (an integer is matched before).
bool is_float_text(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size() && is_digit(s[i])) ++i;
  if (i == 0) return false;
  bool point = false, exp = false;
  if (i < s.size() && s[i] == '.') {
    point = true;
    ++i;
    while (i < s.size() && is_digit(s[i])) ++i;
  }
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    exp = true;
    ++i;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    std::size_t start = i;
    while (i < s.size() && is_digit(s[i])) ++i;
    if (i == start) return false;
  }
  return i == s.size() && (point || exp);
}

double to_double(std::string_view body, bool negative) {
  double d = 0;
  auto r = std::from_chars(body.data(), body.data() + body.size(), d);
  if (r.ec == std::errc::result_out_of_range) {
    // Java's parseDouble: too large is Infinity, too small is 0.0.
    std::size_t e = body.find_first_of("eE");
    bool big = e != std::string_view::npos && body[e + 1] != '-';
    d = big ? std::numeric_limits<double>::infinity() : 0.0;
  }
  return negative ? -d : d;
}

bool is_integer_text(std::string_view body) {
  // Any of Clojure's integer shapes (decimal, hex, octal, radix): used to word N/M errors.
  if (all_digits(body, 10)) return true;
  if (body.size() > 2 && body[0] == '0' && (body[1] == 'x' || body[1] == 'X'))
    return all_digits(body.substr(2), 16);
  return false;
}

}  // namespace

std::size_t cursor::unicode_whitespace_len() const {
  std::size_t len;
  char32_t c = peek_utf8(s_, i_, len);
  bool ws = c == 0x1680 || (c >= 0x2000 && c <= 0x200A && c != 0x2007) || c == 0x2028 ||
            c == 0x2029 || c == 0x205F || c == 0x3000;
  return ws ? len : 0;
}

value parse_number(std::string_view token, source_pos pos) {
  std::string_view body = token;
  bool negative = false;
  if (!body.empty() && (body[0] == '+' || body[0] == '-')) {
    negative = body[0] == '-';
    body.remove_prefix(1);
  }
  // Most literals are short decimal integers: read without the general checks (18 digits
  // cannot overflow).
  if (!body.empty() && body.size() <= 18 && (body.size() == 1 || body[0] != '0') && all_digits(body, 10)) {
    std::int64_t n = 0;
    for (char ch : body) n = n * 10 + (ch - '0');
    return value::integer(negative ? -n : n);
  }
  const std::string tok(token);  // for the messages below

  if (all_digits(body, 10)) {
    if (body.size() > 1 && body[0] == '0') {
      // Clojure reads a leading zero as octal: 017 is 15.
      if (!all_digits(body.substr(1), 8)) parse_fail(pos, "Invalid number: " + tok);
      return value::integer(to_int64(body.substr(1), 8, negative, token, pos));
    }
    return value::integer(to_int64(body, 10, negative, token, pos));
  }
  if (body.size() > 2 && body[0] == '0' && (body[1] == 'x' || body[1] == 'X') &&
      all_digits(body.substr(2), 16))
    return value::integer(to_int64(body.substr(2), 16, negative, token, pos));
  if (std::size_t r = body.find_first_of("rR"); r == 1 || r == 2) {
    std::string_view radix_text = body.substr(0, r);
    if (all_digits(radix_text, 10) && radix_text[0] != '0') {
      int radix = 0;
      for (char c : radix_text) radix = radix * 10 + (c - '0');
      if (radix < 2 || radix > 36) parse_fail(pos, "Radix out of range: " + tok);
      if (!all_digits(body.substr(r + 1), radix)) parse_fail(pos, "Invalid number: " + tok);
      return value::integer(to_int64(body.substr(r + 1), radix, negative, token, pos));
    }
  }
  if (is_float_text(body)) return value::floating(to_double(body, negative));

  if (std::size_t slash = body.find('/'); slash != std::string_view::npos &&
                                          all_digits(body.substr(0, slash), 10) &&
                                          all_digits(body.substr(slash + 1), 10))
    parse_fail(pos, "ratios are not supported: " + tok +
                        " (write (/ n d), which gives an integer when exact, else a double)");
  if (!body.empty() && (body.back() == 'N' || body.back() == 'M')) {
    std::string_view base = body.substr(0, body.size() - 1);
    if (is_integer_text(base) || is_float_text(base))
      parse_fail(pos, "arbitrary-precision literals (" + tok +
                          ") are not supported: numbers are 64-bit integers and doubles");
  }
  parse_fail(pos, "Invalid number: " + tok);
}

namespace {

bool valid_symbol_text(std::string_view t) {
  if (t.empty()) return false;
  if (t == "/") return true;
  if (is_digit(t[0])) return false;
  if (t.back() == ':') return false;
  // One pass for "::" and the first slash (symbols are short; no library scans).
  std::size_t slash = std::string_view::npos;
  for (std::size_t i = 0; i < t.size(); ++i) {
    if (t[i] == ':' && i + 1 < t.size() && t[i + 1] == ':') return false;
    if (t[i] == '/' && slash == std::string_view::npos) slash = i;
  }
  if (slash == std::string_view::npos) return true;
  std::string_view ns = t.substr(0, slash), name = t.substr(slash + 1);
  if (ns.empty() || ns.back() == ':') return false;
  if (name == "/") return true;  // clojure.core// names the division function
  return !name.empty() && name.find('/') == std::string_view::npos && !is_digit(name[0]);
}

}  // namespace

void parse_symbolic(std::string_view token, source_pos pos, form& out) {
  out.kind = form_kind::literal;
  if (token == "nil") {
    out.atom = value();
    return;
  }
  if (token == "true" || token == "false") {
    out.atom = value::boolean(token == "true");
    return;
  }
  if (token[0] == ':') {
    if (token.size() > 1 && token[1] == ':')
      parse_fail(pos, "auto-resolved keywords (" + std::string(token) +
                          ") are not supported: there are no namespaces; write :" +
                          std::string(token.substr(2)) + " or :ns/" +
                          std::string(token.substr(2)));
    std::string_view text = token.substr(1);
    // Clojure accepts keywords that start with a digit (:1); the name must still be valid.
    if (text.empty() || text == "/" ||
        !(valid_symbol_text(text) || (is_digit(text[0]) && valid_symbol_text("a" + std::string(text)))))
      parse_fail(pos, "Invalid token: " + std::string(token));
    out.atom = keyword(text);
    return;
  }
  if (!valid_symbol_text(token)) parse_fail(pos, "Invalid token: " + std::string(token));
  out.kind = form_kind::symbol;
  out.atom = symbol(token);
}

char32_t parse_character(std::string_view token, source_pos pos) {
  std::size_t len;
  char32_t first = peek_utf8(token, 0, len);
  if (len == token.size()) return first;
  if (token == "newline") return '\n';
  if (token == "space") return ' ';
  if (token == "tab") return '\t';
  if (token == "return") return '\r';
  if (token == "backspace") return '\b';
  if (token == "formfeed") return '\f';
  std::string tok(token);
  if (token[0] == 'u' && token.size() == 5) {
    if (!all_digits(token.substr(1), 16)) parse_fail(pos, "Invalid unicode character: \\" + tok);
    char32_t c = 0;
    for (char ch : token.substr(1)) c = c * 16 + static_cast<char32_t>(digit_value(ch));
    if (c >= 0xD800 && c <= 0xDFFF) parse_fail(pos, "Invalid character constant: \\" + tok);
    return c;
  }
  if (token[0] == 'o' && token.size() <= 4) {
    if (!all_digits(token.substr(1), 8)) parse_fail(pos, "Invalid octal escape sequence: \\" + tok);
    char32_t c = 0;
    for (char ch : token.substr(1)) c = c * 8 + static_cast<char32_t>(ch - '0');
    if (c > 0377) parse_fail(pos, "Octal escape sequence must be in range [0, 377]");
    return c;
  }
  parse_fail(pos, "Unsupported character: \\" + tok);
}

}  // namespace ptc::lisp::reader_detail
