#pragma once
// Internal to the printer files: the one printing engine behind pr_str, print_str, str_of and
// format_truncated. It walks values with an explicit stack (no recursion), so printing a value
// nested a million levels deep cannot overflow the native stack.
#include <cstddef>
#include <limits>
#include <string>

#include "lisp/value.hpp"

namespace ptc::lisp {

class context;

struct print_options {
  static constexpr std::size_t unlimited = std::numeric_limits<std::size_t>::max();
  bool readably = true;      ///< pr (quoted strings, \c characters) vs print (raw text)
  bool map_commas = true;    ///< "{:a 1, :b 2}" vs the prompt formatter's "{:a 1 :b 2}"
  std::size_t limit = unlimited;            ///< items shown per collection (TRN-004)
  std::size_t printable_limit = unlimited;  ///< characters shown per string (TRN-005)
};

/// Appends the text of `v` to `out`. With a context, every item ticks its budget and lazy seqs
/// are realised fully under it; without one, lazy seqs stop after 10,000 items with "...".
void print_value(std::string& out, const value& v, const print_options& o, context* c);

/// Appends `s` in double quotes with Clojure's string escapes (\" \\ \n \t \r \b \f).
void append_quoted(std::string& out, std::string_view s);

}  // namespace ptc::lisp
