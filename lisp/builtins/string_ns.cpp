// clojure.string: everything but split/replace (string_split.cpp). Indexes count code points;
// whitespace is Java's Character.isWhitespace, as Clojure's trim and blank? use.
#include <algorithm>

#include "ptc/lisp/builtins/string_parts.hpp"
#include "ptc/lisp/printer.hpp"
#include "ptc/lisp/seq.hpp"
#include "ptc/lisp/vector.hpp"
#include "ptc/lisp/list.hpp"

namespace ptc::lisp {
namespace {

using text::str;

const std::string& s_arg(std::string_view fn, std::span<const value> a, std::size_t i) {
  return str(fn, a, i).text();
}

value blank_p(context&, std::span<const value> a) {
  if (a[0].is_nil()) return value::boolean(true);
  std::string_view s = s_arg("clojure.string/blank?", a, 0);
  for (std::size_t i = 0; i < s.size();)
    if (!text::java_whitespace(decode_utf8(s, i))) return value::boolean(false);
  return value::boolean(true);
}

value capitalize(context& c, std::span<const value> a) {
  value v = text::to_text(c, "clojure.string/capitalize", a, 0);
  const string_obj& s = v.as<string_obj>();
  if (s.length() == 0) return v;
  std::size_t first_end = s.byte_offset(1);
  std::string_view t = s.text();
  return make_string(text::upper(t.substr(0, first_end)) + text::lower(t.substr(first_end)));
}

// An ASCII text (its length in code points is its size in bytes, known without a scan) maps byte
// by byte and keeps its length, so no scan of the result is needed either.
template <bool Upper>
value map_case(context& c, std::string_view fn, std::span<const value> a) {
  value v = text::to_text(c, fn, a, 0);
  const string_obj& s = v.as<string_obj>();
  if (s.ascii()) return make_string_copy(s.text(), s.length(), Upper ? ascii_case::upper : ascii_case::lower);
  return make_string(Upper ? text::upper(s.text()) : text::lower(s.text()));
}
value upper_case(context& c, std::span<const value> a) {
  return map_case<true>(c, "clojure.string/upper-case", a);
}
value lower_case(context& c, std::span<const value> a) {
  return map_case<false>(c, "clojure.string/lower-case", a);
}

value starts_with(context& c, std::span<const value> a) {
  value s = text::to_text(c, "clojure.string/starts-with?", a, 0);
  return value::boolean(std::string_view(string_text(s)).starts_with(s_arg("clojure.string/starts-with?", a, 1)));
}
value ends_with(context& c, std::span<const value> a) {
  value s = text::to_text(c, "clojure.string/ends-with?", a, 0);
  return value::boolean(std::string_view(string_text(s)).ends_with(s_arg("clojure.string/ends-with?", a, 1)));
}
value includes(context& c, std::span<const value> a) {
  value s = text::to_text(c, "clojure.string/includes?", a, 0);
  return value::boolean(string_text(s).find(s_arg("clojure.string/includes?", a, 1)) != std::string::npos);
}

value index_of(context& c, std::span<const value> a) {
  constexpr std::string_view fn = "clojure.string/index-of";
  value v = text::to_text(c, fn, a, 0);
  const string_obj& s = v.as<string_obj>();
  std::string n = text::needle(fn, a, 1);
  std::int64_t from = a.size() > 2 ? arg::integer(fn, a, 2) : 0;
  from = std::clamp<std::int64_t>(from, 0, static_cast<std::int64_t>(s.length()));
  std::size_t pos = s.text().find(n, s.byte_offset(static_cast<std::size_t>(from)));
  if (pos == std::string::npos) return value::nil();
  return value::integer(static_cast<std::int64_t>(text::char_index(s, pos)));
}

value last_index_of(context& c, std::span<const value> a) {
  constexpr std::string_view fn = "clojure.string/last-index-of";
  value v = text::to_text(c, fn, a, 0);
  const string_obj& s = v.as<string_obj>();
  std::string n = text::needle(fn, a, 1);
  std::int64_t from = a.size() > 2 ? arg::integer(fn, a, 2) : static_cast<std::int64_t>(s.length());
  if (from < 0) return value::nil();
  from = std::min<std::int64_t>(from, static_cast<std::int64_t>(s.length()));
  std::size_t pos = s.text().rfind(n, s.byte_offset(static_cast<std::size_t>(from)));
  if (pos == std::string::npos) return value::nil();
  return value::integer(static_cast<std::int64_t>(text::char_index(s, pos)));
}

void append_str(std::string& out, const value& v, context& c) {
  if (v.is(type::string)) out += string_text(v);
  else if (!v.is_nil()) out += str_of(v, &c);
}

// (join coll) or (join separator coll); items and separator as str shows them.
// join over a vector or list of strings (the usual case: split pieces, mapped words): the exact
// size is known before copying, and the length is the sum of the lengths. False, having done
// nothing, when some item is not a string.
template <class Each>
bool join_strings(context& c, Each&& each, const std::string& sep, std::size_t sep_length, value& result) {
  std::size_t bytes = 0, length = 0, n = 0;
  bool strings = each([&](const value& x) {
    if (!x.is(type::string)) return false;
    bytes += string_text(x).size();
    length += x.as<string_obj>().length();
    ++n;
    return true;
  });
  if (!strings) return false;
  if (n > 1) {
    bytes += (n - 1) * sep.size();
    length += (n - 1) * sep_length;
  }
  c.limits().tick(n + (bytes >> 6));
  check_string_size(c.limits().config(), bytes, "clojure.string/join");  // before allocating
  if (bytes > (1u << 20)) c.limits().preflight(bytes);
  std::string out;
  out.reserve(bytes);
  bool first = true;
  each([&](const value& x) {
    if (!first) out += sep;
    first = false;
    out += string_text(x);
    return true;
  });
  result = make_string(std::move(out), length);
  return true;
}

value join(context& c, std::span<const value> a) {
  std::string sep;
  if (a.size() == 2) append_str(sep, a[0], c);
  const value& coll = a.back();
  if (coll.is(type::vector) || coll.is(type::list)) {
    value result;
    const std::size_t sep_length = utf8_length(sep);
    if (coll.is(type::vector)) {
      const auto& v = coll.as<vector_obj>();
      if (join_strings(c, [&](auto&& f) { return v.each(f); }, sep, sep_length, result)) return result;
    } else {
      const list_obj* l = &coll.as<list_obj>();
      auto each = [l](auto&& f) {
        for (const list_obj* p = l; p && p->size() > 0; p = p->next_cell())
          if (!f(p->first())) return false;
        return true;
      };
      if (join_strings(c, each, sep, sep_length, result)) return result;
    }
  }
  seq_iter it(c, coll, "clojure.string/join");
  std::string out;
  value item;
  bool first = true;
  while (it.next(item)) {
    if (!first) out += sep;
    first = false;
    append_str(out, item, c);
    if (out.size() > (1u << 16)) {
      check_string_size(c.limits().config(), out.size(), "clojure.string/join");
      if (out.size() > (1u << 20)) c.limits().preflight(out.size());
    }
  }
  check_string_size(c.limits().config(), out.size(), "clojure.string/join");
  c.limits().tick(out.size() >> 6);
  return make_string(std::move(out));
}

value reverse(context&, std::span<const value> a) {
  std::string_view s = s_arg("clojure.string/reverse", a, 0);
  std::string out;
  out.reserve(s.size());
  for (std::size_t end = s.size(); end > 0;) {
    std::size_t start = end - 1;
    while (start > 0 && (static_cast<unsigned char>(s[start]) & 0xC0) == 0x80) --start;
    out.append(s.substr(start, end - start));
    end = start;
  }
  return make_string(std::move(out));
}

// Byte bounds of s without leading and/or trailing Java whitespace.
std::size_t trim_start(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size()) {
    std::size_t next = i;
    if (!text::java_whitespace(decode_utf8(s, next))) break;
    i = next;
  }
  return i;
}
std::size_t trim_end(std::string_view s, std::size_t floor) {
  std::size_t end = s.size();
  while (end > floor) {
    std::size_t start = end - 1;
    while (start > floor && (static_cast<unsigned char>(s[start]) & 0xC0) == 0x80) --start;
    std::size_t p = start;
    if (!text::java_whitespace(decode_utf8(s, p))) break;
    end = start;
  }
  return end;
}

value trimmed(const value& orig, std::string_view s, std::size_t b, std::size_t e) {
  if (b == 0 && e == s.size()) return orig;
  return make_string(std::string(s.substr(b, e - b)));
}

value trim(context&, std::span<const value> a) {
  std::string_view s = s_arg("clojure.string/trim", a, 0);
  std::size_t b = trim_start(s);
  return trimmed(a[0], s, b, trim_end(s, b));
}
value triml(context&, std::span<const value> a) {
  std::string_view s = s_arg("clojure.string/triml", a, 0);
  return trimmed(a[0], s, trim_start(s), s.size());
}
value trimr(context&, std::span<const value> a) {
  std::string_view s = s_arg("clojure.string/trimr", a, 0);
  return trimmed(a[0], s, 0, trim_end(s, 0));
}
value trim_newline(context&, std::span<const value> a) {
  std::string_view s = s_arg("clojure.string/trim-newline", a, 0);
  std::size_t e = s.size();
  while (e > 0 && (s[e - 1] == '\n' || s[e - 1] == '\r')) --e;
  return trimmed(a[0], s, 0, e);
}

// (escape s cmap): each character c becomes (str (cmap c)) unless that is nil.
value escape(context& c, std::span<const value> a) {
  std::string_view s = s_arg("clojure.string/escape", a, 0);
  const value& cmap = a[1];
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size();) {
    std::size_t start = i;
    value ch = value::character(decode_utf8(s, i));
    c.tick();
    value r = c.call(cmap, {ch});
    if (r.is_nil()) out.append(s.substr(start, i - start));
    else append_str(out, r, c);
    if (out.size() > (1u << 16)) check_string_size(c.limits().config(), out.size(), "clojure.string/escape");
  }
  check_string_size(c.limits().config(), out.size(), "clojure.string/escape");
  return make_string(std::move(out));
}

constexpr builtin_def string_ns_table[] = {
    {"blank?", 1, 1, blank_p},
    {"capitalize", 1, 1, capitalize},
    {"upper-case", 1, 1, upper_case},
    {"lower-case", 1, 1, lower_case},
    {"starts-with?", 2, 2, starts_with},
    {"ends-with?", 2, 2, ends_with},
    {"includes?", 2, 2, includes},
    {"index-of", 2, 3, index_of},
    {"last-index-of", 2, 3, last_index_of},
    {"join", 1, 2, join},
    {"reverse", 1, 1, reverse},
    {"trim", 1, 1, trim},
    {"triml", 1, 1, triml},
    {"trimr", 1, 1, trimr},
    {"trim-newline", 1, 1, trim_newline},
    {"escape", 2, 2, escape},
};

}  // namespace

void text::register_clojure_string(builtin_table& t) { t.add("clojure.string", string_ns_table); }

}  // namespace ptc::lisp
