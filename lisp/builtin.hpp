#pragma once
// Builtin functions: one family per file under lisp/builtins/, each ending in a table of
// {name, min_arity, max_arity, fn} and a register_<family>() that adds it, with the family's
// namespace aliases (clojure.string/ → str/, string/). Arity is checked before the body runs;
// argument checks go through the arg:: helpers so every message reads the same.
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "ptc/lisp/context.hpp"
#include "ptc/lisp/error.hpp"
#include "ptc/lisp/function.hpp"
#include "ptc/lisp/value.hpp"

namespace ptc::lisp {

using native_fn = value (*)(context& c, std::span<const value> args);
/// A builtin called with arguments the caller gives up (context::call_owned): it may move from
/// them. Context: (reduce conj [] xs) handed its accumulator to conj, which copied it out of the
/// argument list, so every conj found the vector shared and copied its tail (87 ns a conj, 5.5x
/// Clojure). Decision: builtins that return their first argument changed (conj, assoc, into,
/// update, ...) have an owned entry too, which takes that argument over; a collection no one
/// else holds is then changed in place, as Clojure's transients would be.
using native_owned_fn = value (*)(context& c, std::span<value> args);

struct builtin_def {
  std::string_view name;
  int min_arity;
  int max_arity;  ///< -1: any number from min_arity up
  native_fn fn;
  native_owned_fn owned = nullptr;  ///< fn, free to move from its arguments; null: fn is used
};

/// The first argument of a builtin's argument list, moved out when the caller gave the list up
/// (the owned entry), copied otherwise.
inline value take_first(std::span<value> a) { return std::move(a[0]); }
inline value take_first(std::span<const value> a) { return a[0]; }

/// A builtin as a function value.
class builtin_fn final : public function_obj {
 public:
  builtin_fn(const builtin_def& def, std::string qualified_name)
      : def_(def), name_(std::move(qualified_name)) {}
  value invoke(context& c, std::span<const value> args) const override;
  value invoke_owned(context& c, std::span<value> args) const override;
  std::string name() const override { return name_; }
  /// name() without the copy.
  const std::string& qualified_name() const { return name_; }
  const builtin_def& def() const { return def_; }
  /// Whether the builtin takes n arguments.
  bool takes(std::size_t n) const {
    const auto k = static_cast<int>(n);
    return k >= def_.min_arity && (def_.max_arity < 0 || k <= def_.max_arity);
  }
  /// The entry to call with n arguments, null when n is outside the builtin's arity (a call
  /// must then raise the arity error: use invoke).
  native_fn entry_for(std::size_t n) const { return takes(n) ? def_.fn : nullptr; }

 private:
  builtin_def def_;
  std::string name_;
};

/// All builtins by name. Built once, read-only afterwards (shared by every run and thread).
class builtin_table {
 public:
  /// Adds defs under namespace `ns` ("" for clojure.core names, which are unqualified).
  void add(std::string_view ns, std::span<const builtin_def> defs);
  /// Makes `alias/x` find `ns/x` for every name of `ns` (e.g. "str" → "clojure.string").
  void alias(std::string_view alias, std::string_view ns);
  /// Makes the unqualified `name` find `ns/name` too (clojure.string/split → split).
  void also_unqualified(std::string_view ns, std::string_view name);
  /// The function for `ns/name` (ns may be an alias) or unqualified `name`; null if none.
  const value* find(std::string_view ns, std::string_view name) const;
  const value* find(std::string_view qualified_or_plain) const;
  /// Every name a program can write (qualified names with their canonical namespace).
  std::vector<std::string> names() const;
  bool has_namespace(std::string_view ns) const;

 private:
  std::unordered_map<std::string, value, text_hash, std::equal_to<>> by_name_;  // "name" or "ns/name"
  std::unordered_map<std::string, std::string, text_hash, std::equal_to<>> aliases_;
};

/// The table with every family registered (built on first use, thread-safe).
const builtin_table& builtins();

// Family registration; each is defined in its lisp/builtins/<family>.cpp.
void register_core_seq(builtin_table& t);   // builtins/seq.cpp: sequence functions
void register_core_coll(builtin_table& t);  // builtins/coll.cpp: collections and maps
void register_core_fn(builtin_table& t);    // builtins/fn.cpp: higher-order and control
void register_core_math(builtin_table& t);  // builtins/math.cpp: numbers and comparison
void register_core_pred(builtin_table& t);  // builtins/pred.cpp: type predicates
void register_string(builtin_table& t);     // builtins/string.cpp: clojure.string + str
void register_regex(builtin_table& t);      // builtins/regex.cpp
void register_set(builtin_table& t);        // builtins/set.cpp: clojure.set
void register_walk(builtin_table& t);       // builtins/walk.cpp: clojure.walk
void register_io(builtin_table& t);         // builtins/io.cpp: println, pr-str, format, ...
void register_ptc(builtin_table& t);        // builtins/ptc.cpp: sum-by, pluck, where, ...
void register_runtime(builtin_table& t);    // builtins/runtime.cpp: return, fail, pmap, ...
void register_date(builtin_table& t);       // builtins/date.cpp: LocalDate/, DateTimeFormatter/, .plusDays, ...

/// Argument checks. `i` is the 0-based argument index; errors name it 1-based.
namespace arg {
std::int64_t integer(std::string_view fn, std::span<const value> a, std::size_t i);
/// A count Clojure walks down one step at a time ((pos? n), then (dec n): take, drop, nthrest,
/// split-at, repeatedly, ...). Context: PTC-Lisp has no ratios, so (take (/ n 2) xs) passes a
/// double where Clojure passes 5/2; Clojure takes 3 items then. Decision: an integer as it is;
/// a double as its ceiling, 0 when not positive (NaN included), the largest integer beyond
/// them (##Inf takes everything, as in Clojure).
std::int64_t walked_count(std::string_view fn, std::span<const value> a, std::size_t i);
/// An index or count Clojure casts to a long (nth, subs, subvec, repeat): an integer as it is;
/// a double truncated toward zero (NaN: 0, as Java's cast); a double beyond the 64-bit
/// integers is an error, as Clojure's "Value out of range for long".
std::int64_t cast_integer(std::string_view fn, std::span<const value> a, std::size_t i);
double number(std::string_view fn, std::span<const value> a, std::size_t i);
const value& number_value(std::string_view fn, std::span<const value> a, std::size_t i);
const std::string& string(std::string_view fn, std::span<const value> a, std::size_t i);
const value& function(std::string_view fn, std::span<const value> a, std::size_t i);  // callable
const value& map(std::string_view fn, std::span<const value> a, std::size_t i);       // map (not nil)
const value& map_or_nil(std::string_view fn, std::span<const value> a, std::size_t i);
}  // namespace arg

}  // namespace ptc::lisp
