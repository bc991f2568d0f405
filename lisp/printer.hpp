#pragma once
// Printing values: Clojure's pr-str / print text, and the truncating prompt formatter
// (TRN-001..005) that every renderer uses for samples and tool-call arguments.
#include <cstddef>
#include <string>
#include <string_view>

#include "ptc/lisp/value.hpp"

namespace ptc::lisp {

class context;

/// Clojure's pr-str: readable text, identical to Clojure 1.11 for every supported type
/// ({:a 1, :b "x"}, [1 2], (1 2), #{1}, \c, nil, 1.0, ##NaN). Sets print sorted when their
/// items are mutually comparable. With a context, lazy seqs are realised under its budget;
/// without one, at most 10,000 items of a lazy seq are printed, then "...".
std::string pr_str(const value& v, context* c = nullptr);
/// Clojure's print text (what println writes, and str of a collection): strings and characters
/// unquoted at top level and inside collections, as Clojure does with *print-readably* false.
std::string print_str(const value& v, context* c = nullptr);
/// Clojure's (str v) for one value: nil → "", strings as is, characters as themselves,
/// collections readably (str of [1 "a"] is "[1 \"a\"]").
std::string str_of(const value& v, context* c = nullptr);
void pr_to(std::string& out, const value& v, bool readably, context* c = nullptr);
// All four stop with the string limit error (limits::max_string_bytes) as soon as the text
// passes the limit: the context's, else the active run's, else (outside any run) the default
// memory limit. Work is charged per item and per 64 bytes of string text.
/// The bytes the printers may build: the context's string limit, or as above without one.
std::size_t string_limit(context* c);

/// Prints `v` readably without keeping the text, under c's budget: a value too big to print
/// within the string limit is the string limit error naming `what`; one with too many items
/// (a DAG of shared collections) runs out of steps or time. return and fail check their value
/// so, and the run its value, so that what a run hands back can always be printed and sent.
void check_printable(const value& v, context& c, std::string_view what);

/// What parts_within counts. A collection or scalar is one part; a string one more per
/// `string_bytes_per_part` bytes (0: strings are one part); at most `items_per_collection`
/// items of each collection are followed (a printer that cuts collections).
struct part_budget {
  std::uint64_t cap = 0;
  std::size_t items_per_collection = static_cast<std::size_t>(-1);
  std::size_t string_bytes_per_part = 0;
};

/// True when writing `v` visits at most `budget.cap` parts. Shared structure counts each time
/// it is reached, as writers reach it: a 40-level DAG of shared vectors is tiny in memory and
/// 2^40 parts when written. For writers outside any run (prompt samples, traces, Steps), where
/// no budget bounds the work: iterative (deep nesting cannot overflow the stack) and stops as
/// soon as the cap is passed, so it costs at most `cap` visits.
bool parts_within(const value& v, const part_budget& budget);

/// True when `v` nests collections at most `max_depth` levels deep, counted as JSON nests
/// (a scalar: 0, [1]: 1, {:a [1]}: 2). Iterative: for writers outside any run that recurse over
/// what they write. It visits each collection every time it is reached: call it after
/// parts_within has bounded them.
bool nesting_within(const value& v, std::size_t max_depth);

/// Java's Double.toString, as Clojure prints doubles: 1.0, 0.1, 1.0E10, 1.0E-5, ##Inf, ##NaN.
std::string format_double(double d);

/// The prompt formatter: the same syntax as pr-str without map commas; collections cut after
/// `limit` items with " ... (N items, showing first M)" after the closing bracket (maps: "...}"
/// with no count), strings longer than `printable_limit` characters cut with "..." inside the
/// quotes; nested collections truncate independently (TRN-001..005). A map shares the printable
/// limit among its values: at most max(printable_limit / 30, 1) entries, each value with
/// max((printable_limit - 10 * shown) / shown, 10) characters, so samples stay short.
std::string format_truncated(const value& v, std::size_t limit, std::size_t printable_limit);

/// The sample of a value in the prompt: format_truncated of the value, except that a list,
/// vector or lazy seq of collections shows its first item: its shape is what the LLM needs, and
/// the type label beside it gives the count (DESIGN §6.1: `users ; = list[5], sample: {:name
/// "Alice" ...}`). A list of scalars shows its first items, as format_truncated does.
std::string format_sample(const value& v, std::size_t limit, std::size_t printable_limit);

/// The type vocabulary of the prompt (TYP-001..012): list[N], map[N], set[N], string, integer,
/// float, boolean, keyword, nil, #fn[...].
std::string type_label(const value& v);

/// What type_label needs of a value, without holding on to the value (a function records the
/// shape of what it returned without keeping the result alive).
struct type_shape {
  type kind = type::nil;
  std::size_t count = 0;
  bool sized = true;    ///< false for an infinite lazy seq
  std::string fn_name;  ///< for functions
};
type_shape shape_of(const value& v);
/// shape_of into an existing shape: no temporary, and fn_name keeps its buffer (hot path: every
/// closure call records what it returned).
void fill_shape(const value& v, type_shape& s);
std::string type_label(const type_shape& s);

}  // namespace ptc::lisp
