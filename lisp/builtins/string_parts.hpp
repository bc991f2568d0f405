#pragma once
// Private to the string family: the parts register_string() assembles and the text helpers
// they share (Java's notion of whitespace, Unicode case mapping, code point indexes).
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "ptc/lisp/builtin.hpp"
#include "ptc/lisp/printer.hpp"
#include "ptc/lisp/string.hpp"

namespace ptc::lisp::text {

void register_clojure_string(builtin_table& t);  // string_ns.cpp
void register_split_replace(builtin_table& t);   // string_split.cpp
void register_methods(builtin_table& t);         // string_methods.cpp: .indexOf, ...

/// Java's Character.isWhitespace (what clojure.string/trim and blank? use).
bool java_whitespace(char32_t c);
/// Unicode upper/lower case of every character (ß upper-cases to SS, as Java does).
std::string upper(std::string_view s);
std::string lower(std::string_view s);
/// One character's simple case mapping (Java's Character.toUpperCase/toLowerCase: ß stays ß).
char32_t upper_char(char32_t c);
char32_t lower_char(char32_t c);

/// True when every byte of `s` is below 0x80 (string_obj::ascii() also holds for some
/// invalid UTF-8, whose bytes decode one by one as U+FFFD).
inline bool all_ascii(std::string_view s) {
  std::size_t i = 0;
  for (; i + 8 <= s.size(); i += 8) {
    std::uint64_t w;
    std::memcpy(&w, s.data() + i, 8);
    if (w & 0x8080808080808080ull) return false;
  }
  for (; i < s.size(); ++i)
    if (static_cast<unsigned char>(s[i]) >= 0x80) return false;
  return true;
}

/// Argument i as a string object (for code point lengths and offsets).
inline const string_obj& str(std::string_view fn, std::span<const value> a, std::size_t i) {
  if (!a[i].is(type::string)) errors::argument(fn, i, "a string", a[i]);
  return a[i].as<string_obj>();
}
/// (subs s start end?) and (.substring s begin end?): code point indexes, Clojure's bounds.
/// A double index is cast to an integer, as Clojure does for both.
inline value substring(std::string_view fn, std::span<const value> a) {
  const string_obj& s = str(fn, a, 0);
  const auto len = static_cast<std::int64_t>(s.length());
  const std::int64_t start = arg::cast_integer(fn, a, 1);
  const std::int64_t end = a.size() > 2 ? arg::cast_integer(fn, a, 2) : len;
  if (start < 0 || end > len || start > end) {
    raise(error_kind::index, std::string(fn) + ": start " + std::to_string(start) + " and end " +
                                 std::to_string(end) + " are out of bounds for a string of length " +
                                 std::to_string(len));
  }
  if (start == 0 && end == len) return a[0];
  const std::size_t b = s.byte_offset(static_cast<std::size_t>(start));
  const std::size_t e = s.byte_offset(static_cast<std::size_t>(end));
  return make_string(s.text().substr(b, e - b), static_cast<std::size_t>(end - start));
}

/// Argument i as Java's (.toString x) sees it, which many clojure.string functions apply to
/// their first argument: a string as is, any other value as str shows it ((upper-case 42) is
/// "42"); nil is an error, as in Clojure.
inline value to_text(context& c, std::string_view fn, std::span<const value> a, std::size_t i) {
  if (a[i].is(type::string)) return a[i];
  if (a[i].is_nil()) errors::argument(fn, i, "a string", a[i]);
  return make_string(str_of(a[i], &c));
}
/// The code point index of byte offset `byte` in `s`.
inline std::size_t char_index(const string_obj& s, std::size_t byte) {
  if (s.ascii()) return byte;
  return utf8_length(std::string_view(s.text()).substr(0, byte));
}
/// Java's indexOf/lastIndexOf needle: a string or a character, as UTF-8 text.
std::string needle(std::string_view fn, std::span<const value> a, std::size_t i);

}  // namespace ptc::lisp::text
