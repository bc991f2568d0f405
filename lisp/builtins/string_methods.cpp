// The java.lang.String methods PTC-Lisp offers, as builtins named with their leading dot: the
// analyzer turns (.indexOf s "x") into a call of ".indexOf" with the string first. Results are
// Java's: .indexOf gives -1 (not nil) when absent; indexes count code points.
#include <algorithm>

#include "ptc/lisp/builtins/string_parts.hpp"

namespace ptc::lisp {
namespace {

using text::str;

// .indexOf/.lastIndexOf also take a character code, as Java's indexOf(int) does.
std::string method_needle(std::string_view fn, std::span<const value> a) {
  if (a[1].is(type::integer)) {
    if (a[1].as_int() < 0 || a[1].as_int() > 0x10FFFF) return std::string("\xFF");  // never in UTF-8 text
    std::string s;
    append_utf8(s, static_cast<char32_t>(a[1].as_int()));
    return s;
  }
  return text::needle(fn, a, 1);
}

value java_index_of(context&, std::span<const value> a) {
  const string_obj& s = str(".indexOf", a, 0);
  std::string n = method_needle(".indexOf", a);
  std::int64_t from = a.size() > 2 ? arg::integer(".indexOf", a, 2) : 0;
  from = std::clamp<std::int64_t>(from, 0, static_cast<std::int64_t>(s.length()));
  std::size_t pos = s.text().find(n, s.byte_offset(static_cast<std::size_t>(from)));
  return value::integer(pos == std::string::npos ? -1 : static_cast<std::int64_t>(text::char_index(s, pos)));
}

value java_last_index_of(context&, std::span<const value> a) {
  const string_obj& s = str(".lastIndexOf", a, 0);
  std::string n = method_needle(".lastIndexOf", a);
  std::int64_t from = a.size() > 2 ? arg::integer(".lastIndexOf", a, 2) : static_cast<std::int64_t>(s.length());
  if (from < 0) return value::integer(-1);
  from = std::min<std::int64_t>(from, static_cast<std::int64_t>(s.length()));
  std::size_t pos = s.text().rfind(n, s.byte_offset(static_cast<std::size_t>(from)));
  return value::integer(pos == std::string::npos ? -1 : static_cast<std::int64_t>(text::char_index(s, pos)));
}

value char_at(context&, std::span<const value> a) {
  const string_obj& s = str(".charAt", a, 0);
  std::int64_t i = arg::integer(".charAt", a, 1);
  if (i < 0 || static_cast<std::size_t>(i) >= s.length())
    raise(error_kind::index, ".charAt: index " + std::to_string(i) +
                                 " is out of bounds for a string of length " + std::to_string(s.length()));
  return value::character(s.char_at(static_cast<std::size_t>(i)));
}

value substring(context&, std::span<const value> a) { return text::substring(".substring", a); }

value contains(context&, std::span<const value> a) {
  const std::string& s = str(".contains", a, 0).text();
  return value::boolean(s.find(str(".contains", a, 1).text()) != std::string::npos);
}
value java_starts_with(context&, std::span<const value> a) {
  std::string_view s = str(".startsWith", a, 0).text();
  return value::boolean(s.starts_with(str(".startsWith", a, 1).text()));
}
value java_ends_with(context&, std::span<const value> a) {
  std::string_view s = str(".endsWith", a, 0).text();
  return value::boolean(s.ends_with(str(".endsWith", a, 1).text()));
}
value equals_ignore_case(context&, std::span<const value> a) {
  const std::string& s = str(".equalsIgnoreCase", a, 0).text();
  if (!a[1].is(type::string)) return value::boolean(false);
  // Java compares character by character (so "straße" and "STRASSE" differ).
  std::string_view t = string_text(a[1]);
  std::size_t i = 0, j = 0;
  while (i < s.size() && j < t.size()) {
    char32_t x = decode_utf8(s, i), y = decode_utf8(t, j);
    if (x == y) continue;
    char32_t ux = text::upper_char(x), uy = text::upper_char(y);
    if (ux != uy && text::lower_char(ux) != text::lower_char(uy)) return value::boolean(false);
  }
  return value::boolean(i == s.size() && j == t.size());
}
value is_empty(context&, std::span<const value> a) {
  return value::boolean(str(".isEmpty", a, 0).text().empty());
}
value length(context&, std::span<const value> a) {
  return value::integer(static_cast<std::int64_t>(str(".length", a, 0).length()));
}
value to_lower(context&, std::span<const value> a) {
  return make_string(text::lower(str(".toLowerCase", a, 0).text()));
}
value to_upper(context&, std::span<const value> a) {
  return make_string(text::upper(str(".toUpperCase", a, 0).text()));
}

// Java's String.trim strips characters <= U+0020 only (unlike clojure.string/trim).
value java_trim(context&, std::span<const value> a) {
  std::string_view s = str(".trim", a, 0).text();
  std::size_t b = 0, e = s.size();
  while (b < e && static_cast<unsigned char>(s[b]) <= ' ') ++b;
  while (e > b && static_cast<unsigned char>(s[e - 1]) <= ' ') --e;
  if (b == 0 && e == s.size()) return a[0];
  return make_string(std::string(s.substr(b, e - b)));
}

constexpr builtin_def string_methods_table[] = {
    {".charAt", 2, 2, char_at},
    {".contains", 2, 2, contains},
    {".endsWith", 2, 2, java_ends_with},
    {".equalsIgnoreCase", 2, 2, equals_ignore_case},
    {".indexOf", 2, 3, java_index_of},
    {".isEmpty", 1, 1, is_empty},
    {".lastIndexOf", 2, 3, java_last_index_of},
    {".length", 1, 1, length},
    {".startsWith", 2, 2, java_starts_with},
    {".substring", 2, 3, substring},
    {".toLowerCase", 1, 1, to_lower},
    {".toUpperCase", 1, 1, to_upper},
    {".trim", 1, 1, java_trim},
};

}  // namespace

void text::register_methods(builtin_table& t) { t.add("", string_methods_table); }

}  // namespace ptc::lisp
