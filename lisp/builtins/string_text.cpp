// Text helpers of the string family: whitespace and case mapping by code point.
#include <locale.h>
#include <wctype.h>

#include "ptc/lisp/builtins/string_parts.hpp"

namespace ptc::lisp::text {
namespace {

// Case mapping needs Unicode tables; glibc's C.UTF-8 locale has them. A private locale
// object is used so the process-wide locale is never touched.
locale_t utf8_locale() {
  static const locale_t loc = newlocale(LC_CTYPE_MASK, "C.UTF-8", static_cast<locale_t>(nullptr));
  return loc;
}

template <bool Upper>
std::string map_case(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  std::size_t i = 0;
  for (; i < s.size() && static_cast<unsigned char>(s[i]) < 0x80; ++i) {
    char ch = s[i];
    if (Upper && ch >= 'a' && ch <= 'z') ch = static_cast<char>(ch - 32);
    if (!Upper && ch >= 'A' && ch <= 'Z') ch = static_cast<char>(ch + 32);
    out += ch;
  }
  locale_t loc = utf8_locale();
  while (i < s.size()) {
    char32_t c = decode_utf8(s, i);
    if (Upper && c == U'ß') {
      out += "SS";
      continue;
    }
    if (loc) {
      c = static_cast<char32_t>(Upper ? towupper_l(static_cast<wint_t>(c), loc)
                                      : towlower_l(static_cast<wint_t>(c), loc));
    } else if (c < 0x80) {
      if (Upper && c >= 'a' && c <= 'z') c -= 32;
      if (!Upper && c >= 'A' && c <= 'Z') c += 32;
    }
    append_utf8(out, c);
  }
  return out;
}

}  // namespace

bool java_whitespace(char32_t c) {
  if (c <= 0x20) return c == ' ' || (c >= 0x09 && c <= 0x0D) || (c >= 0x1C && c <= 0x1F);
  if (c < 0x1680) return false;
  // Unicode space separators except the no-break ones, plus line/paragraph separators.
  return c == 0x1680 || (c >= 0x2000 && c <= 0x2006) || (c >= 0x2008 && c <= 0x200A) ||
         c == 0x2028 || c == 0x2029 || c == 0x205F || c == 0x3000;
}

std::string upper(std::string_view s) { return map_case<true>(s); }

char32_t upper_char(char32_t c) {
  locale_t loc = utf8_locale();
  if (loc) return static_cast<char32_t>(towupper_l(static_cast<wint_t>(c), loc));
  return c >= 'a' && c <= 'z' ? c - 32 : c;
}
char32_t lower_char(char32_t c) {
  locale_t loc = utf8_locale();
  if (loc) return static_cast<char32_t>(towlower_l(static_cast<wint_t>(c), loc));
  return c >= 'A' && c <= 'Z' ? c + 32 : c;
}
std::string lower(std::string_view s) { return map_case<false>(s); }

std::string needle(std::string_view fn, std::span<const value> a, std::size_t i) {
  if (a[i].is(type::string)) return string_text(a[i]);
  if (a[i].is(type::character)) {
    std::string s;
    append_utf8(s, a[i].as_char());
    return s;
  }
  errors::argument(fn, i, "a string or a character", a[i]);
}

}  // namespace ptc::lisp::text
