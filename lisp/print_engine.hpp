#pragma once
// Internal to the printer files: the one printing engine behind pr_str, print_str, str_of and
// format_truncated. It walks values with an explicit stack (no recursion), so printing a value
// nested a million levels deep cannot overflow the native stack.
#include <cstddef>
#include <limits>
#include <string>

#include "ptc/lisp/value.hpp"

namespace ptc::lisp {

class context;

struct print_options {
  static constexpr std::size_t unlimited = std::numeric_limits<std::size_t>::max();
  bool readably = true;      ///< pr (quoted strings, \c characters) vs print (raw text)
  bool map_commas = true;    ///< "{:a 1, :b 2}" vs the prompt formatter's "{:a 1 :b 2}"
  std::size_t limit = unlimited;            ///< items shown per collection (TRN-004)
  std::size_t printable_limit = unlimited;  ///< characters shown per string (TRN-005)
  /// Bytes `out` may hold (with what it held before). Checked after every item, so printing
  /// stops soon after it is passed, without building the rest of the text.
  std::size_t max_bytes = unlimited;
  /// What passing max_bytes does: the string limit error naming `what` (a string a program
  /// builds), or a quiet stop with "..." appended (a print truncated anyway, a prompt sample).
  bool stop_at_max = false;
  std::string_view what = "printing a value";
  /// Measure only: the text is dropped as it is made (out never grows beyond a few KB), but
  /// max_bytes still counts all of it. Lazy seqs stop after 10,000 items, as without a context.
  bool discard = false;
};

/// Appends the text of `v` to `out`. With a context, every item and every 64 bytes of string
/// text tick its budget and lazy seqs are realised fully under it; without one, the work is
/// charged in batches to the thread's active budget (if any) and lazy seqs stop after 10,000
/// items with "...".
void print_value(std::string& out, const value& v, const print_options& o, context* c);

/// Appends `s` in double quotes with Clojure's string escapes (\" \\ \n \t \r \b \f).
void append_quoted(std::string& out, std::string_view s);

}  // namespace ptc::lisp
