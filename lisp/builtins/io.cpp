// Printing: println print prn pr record one output entry per call (context::print; the run
// keeps them in order and truncates each per TRN-011) and return nil. The -str variants return
// the text instead; format and printf follow Java's Formatter (io_format.cpp).
#include "ptc/lisp/builtin.hpp"
#include "ptc/lisp/builtins/io_format.hpp"
#include "ptc/lisp/print_engine.hpp"
#include "ptc/lisp/printer.hpp"
#include "ptc/lisp/string.hpp"

namespace ptc::lisp {
namespace {

// The arguments' texts joined by single spaces, readably (pr) or not (print). A -str variant
// (`fn` names it) stops with the string limit error once the text passes max_string_bytes.
std::string join_args(context& c, std::span<const value> a, bool readably, std::string_view fn) {
  print_options o;
  o.readably = readably;
  o.max_bytes = string_limit(&c);
  o.what = fn;
  std::string out;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (i > 0) out += ' ';
    print_value(out, a[i], o, &c);
  }
  return out;
}

// The text of one print call. context::print keeps its first max_print_chars characters
// (TRN-011), so printing stops a little past that many bytes (a character is at most 4):
// println of a huge value costs what is shown, not the whole value's text.
std::string print_args(context& c, std::span<const value> a, bool readably) {
  print_options o;
  o.readably = readably;
  const std::size_t chars = c.limits().config().max_print_chars;
  o.max_bytes = chars < (std::size_t{1} << 40) ? 4 * chars + 4 : print_options::unlimited;
  o.stop_at_max = true;
  std::string out;
  for (std::size_t i = 0; i < a.size() && out.size() <= o.max_bytes; ++i) {
    if (i > 0) out += ' ';
    print_value(out, a[i], o, &c);
  }
  return out;
}

value println(context& c, std::span<const value> a) {
  c.print(print_args(c, a, false));
  return value::nil();
}
value prn(context& c, std::span<const value> a) {
  c.print(print_args(c, a, true));
  return value::nil();
}
value pr_str(context& c, std::span<const value> a) { return make_string(join_args(c, a, true, "pr-str")); }
// The text and its newline, within the string limit.
value with_newline(context& c, std::string text, std::string_view fn) {
  text += '\n';
  check_string_size(c.limits().config(), text.size(), fn);
  return make_string(std::move(text));
}
value prn_str(context& c, std::span<const value> a) {
  return with_newline(c, join_args(c, a, true, "prn-str"), "prn-str");
}
value print_str(context& c, std::span<const value> a) {
  return make_string(join_args(c, a, false, "print-str"));
}
value println_str(context& c, std::span<const value> a) {
  return with_newline(c, join_args(c, a, false, "println-str"), "println-str");
}

value format(context& c, std::span<const value> a) { return make_string(java_format(c, "format", a)); }

value printf(context& c, std::span<const value> a) {
  c.print(java_format(c, "printf", a));
  return value::nil();
}

// print and pr differ from println and prn only in the newline, which an output entry does
// not carry.
constexpr builtin_def io_table[] = {
    {"println", 0, -1, println},        {"print", 0, -1, println},
    {"prn", 0, -1, prn},                {"pr", 0, -1, prn},
    {"pr-str", 0, -1, pr_str},          {"prn-str", 0, -1, prn_str},
    {"print-str", 0, -1, print_str},    {"println-str", 0, -1, println_str},
    {"format", 1, -1, format},          {"printf", 1, -1, printf},
};

}  // namespace

void register_io(builtin_table& t) { t.add("", io_table); }

}  // namespace ptc::lisp
