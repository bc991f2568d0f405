// Printing: println print prn pr record one output entry per call (context::print; the run
// keeps them in order and truncates each per TRN-011) and return nil. The -str variants return
// the text instead; format and printf follow Java's Formatter (io_format.cpp).
#include "lisp/builtin.hpp"
#include "lisp/builtins/io_format.hpp"
#include "lisp/printer.hpp"
#include "lisp/string.hpp"

namespace ptc::lisp {
namespace {

// The arguments' texts joined by single spaces, readably (pr) or not (print).
std::string join_args(context& c, std::span<const value> a, bool readably) {
  std::string out;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (i > 0) out += ' ';
    pr_to(out, a[i], readably, &c);
  }
  return out;
}

value println(context& c, std::span<const value> a) {
  c.print(join_args(c, a, false));
  return value::nil();
}
value prn(context& c, std::span<const value> a) {
  c.print(join_args(c, a, true));
  return value::nil();
}
value pr_str(context& c, std::span<const value> a) { return make_string(join_args(c, a, true)); }
value prn_str(context& c, std::span<const value> a) { return make_string(join_args(c, a, true) + "\n"); }
value print_str(context& c, std::span<const value> a) { return make_string(join_args(c, a, false)); }
value println_str(context& c, std::span<const value> a) {
  return make_string(join_args(c, a, false) + "\n");
}

value format(context& c, std::span<const value> a) { return make_string(java_format(c, "format", a)); }

value printf(context& c, std::span<const value> a) {
  c.print(java_format(c, "printf", a));
  return value::nil();
}

// print and pr differ from println and prn only in the newline, which an output entry does
// not carry.
constexpr builtin_def defs[] = {
    {"println", 0, -1, println},        {"print", 0, -1, println},
    {"prn", 0, -1, prn},                {"pr", 0, -1, prn},
    {"pr-str", 0, -1, pr_str},          {"prn-str", 0, -1, prn_str},
    {"print-str", 0, -1, print_str},    {"println-str", 0, -1, println_str},
    {"format", 1, -1, format},          {"printf", 1, -1, printf},
};

}  // namespace

void register_io(builtin_table& t) { t.add("", defs); }

}  // namespace ptc::lisp
