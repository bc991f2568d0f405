// Core string builtins (str subs name namespace keyword symbol parse-long parse-double
// parse-boolean) and register_string(), which adds the clojure.string family with its
// aliases (str/, string/) and the Java String methods (.indexOf, ...).
#include <charconv>

#include "ptc/lisp/builtins/number_text.hpp"
#include "ptc/lisp/builtins/string_parts.hpp"
#include "ptc/lisp/printer.hpp"

namespace ptc::lisp {
namespace {

value str(context& c, std::span<const value> a) {
  if (a.size() == 1 && a[0].is(type::string)) return a[0];
  std::string out;
  // Strings and integers (the usual parts: (str "k" i)) have known lengths, so the result's
  // length need not be counted again.
  std::size_t length = 0;
  bool known = true;
  const limits& lim = c.limits().config();
  // Long string parts: the limits are checked before anything is copied ((str s s) of a 16 MB s
  // copied 48 MB into fresh memory before refusing it: 200 ms on a slow host), and the room is
  // made once.
  std::size_t string_bytes = 0;
  for (const value& v : a)
    if (v.is(type::string)) string_bytes += string_text(v).size();
  if (string_bytes > (1u << 16)) {
    check_string_size(lim, string_bytes, "str");
    if (string_bytes > (1u << 20)) c.limits().preflight(string_bytes);
    out.reserve(string_bytes);
  }
  for (const value& v : a) {
    if (v.is(type::string)) {
      out += string_text(v);
      length += v.as<string_obj>().length();
    } else if (v.is(type::integer)) {
      char buf[24];
      auto r = std::to_chars(buf, buf + sizeof buf, v.as_int());
      out.append(buf, r.ptr);
      length += static_cast<std::size_t>(r.ptr - buf);
    } else if (!v.is_nil()) {
      out += str_of(v, &c);
      known = false;
    }
    // (apply str (repeat n s)): stop as soon as the text passes the string limit, before
    // copying the rest.
    if (out.size() > (1u << 16)) check_string_size(lim, out.size(), "str");
  }
  // Copying is work: one unit per 64 bytes and per 8 arguments, for long texts only (the usual
  // (str "k" i) stays free).
  if (out.size() >= 4096 || a.size() > 64) {
    check_string_size(lim, out.size(), "str");
    if (out.size() > (1u << 20)) c.limits().preflight(out.size());
    c.limits().tick((out.size() >> 6) + (a.size() >> 3));
  }
  return known ? make_string(std::move(out), length) : make_string(std::move(out));
}

// (subs s start end): code point indexes with 0 <= start <= end <= length.
value subs(context&, std::span<const value> a) { return text::substring("subs", a); }

value name(context&, std::span<const value> a) {
  const value& x = a[0];
  if (x.is(type::string)) return x;
  if (x.is(type::keyword) || x.is(type::symbol)) return make_string(named(x).name());
  errors::argument("name", 0, "a string, keyword or symbol", x);
}

value namespace_(context&, std::span<const value> a) {
  const value& x = a[0];
  if (!x.is(type::keyword) && !x.is(type::symbol))
    errors::argument("namespace", 0, "a keyword or symbol", x);
  const std::string& ns = named(x).ns();
  return ns.empty() ? value::nil() : make_string(ns);
}

// (keyword x): keywords as is, strings and symbols converted, anything else nil (Clojure).
// (keyword ns name): ns may be nil.
value keyword_(context&, std::span<const value> a) {
  if (a.size() == 1) {
    const value& x = a[0];
    if (x.is(type::keyword)) return x;
    if (x.is(type::string)) return keyword(string_text(x));
    if (x.is(type::symbol)) return keyword(named(x).ns(), named(x).name());
    return value::nil();
  }
  const std::string& n = arg::string("keyword", a, 1);
  if (a[0].is_nil()) return keyword(n);
  return keyword(arg::string("keyword", a, 0), n);
}

value symbol_(context&, std::span<const value> a) {
  if (a.size() == 1) {
    const value& x = a[0];
    if (x.is(type::symbol)) return x;
    if (x.is(type::string)) return symbol(string_text(x));
    if (x.is(type::keyword)) return symbol(named(x).full());
    errors::argument("symbol", 0, "a string, symbol or keyword", x);
  }
  const std::string& n = arg::string("symbol", a, 1);
  if (a[0].is_nil()) return symbol(n);
  return symbol(arg::string("symbol", a, 0) + "/" + n);
}

// parse-long: [+-]?digits, nil otherwise (also nil when out of range).
value parse_long(context&, std::span<const value> a) {
  auto r = parse_java_integer(arg::string("parse-long", a, 0), 10, INT64_MIN, INT64_MAX);
  return r ? value::integer(*r) : value::nil();
}

value parse_double(context&, std::span<const value> a) {
  auto r = parse_java_double(arg::string("parse-double", a, 0));
  return r ? value::floating(*r) : value::nil();
}

value parse_boolean(context&, std::span<const value> a) {
  const std::string& s = arg::string("parse-boolean", a, 0);
  if (s == "true") return value::boolean(true);
  if (s == "false") return value::boolean(false);
  return value::nil();
}

constexpr builtin_def string_table[] = {
    {"str", 0, -1, str},
    {"subs", 2, 3, subs},
    {"name", 1, 1, name},
    {"namespace", 1, 1, namespace_},
    {"keyword", 1, 2, keyword_},
    {"symbol", 1, 2, symbol_},
    {"parse-long", 1, 1, parse_long},
    {"parse-double", 1, 1, parse_double},
    {"parse-boolean", 1, 1, parse_boolean},
};

}  // namespace

void register_string(builtin_table& t) {
  t.add("", string_table);
  text::register_clojure_string(t);
  text::register_split_replace(t);
  t.alias("str", "clojure.string");
  t.alias("string", "clojure.string");
  for (std::string_view n : {"split", "join", "upper-case", "lower-case", "trim", "includes?",
                             "starts-with?", "ends-with?", "blank?", "split-lines", "index-of"})
    t.also_unqualified("clojure.string", n);
  text::register_methods(t);
}

}  // namespace ptc::lisp
