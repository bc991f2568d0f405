#pragma once
// Strings, keywords and symbols. Strings are UTF-8; lengths and indexes count code points
// (Clojure counts UTF-16 units: the two agree for every character outside the astral planes).
#include <atomic>
#include <cstring>
#include <string>
#include <string_view>

#include "ptc/lisp/budget.hpp"
#include "ptc/lisp/value.hpp"

namespace ptc::lisp {

/// The string `limit` error: `what` (a builtin's name, or a phrase like "the returned value")
/// would make a string of more than `limit` bytes (limits::max_string_bytes).
[[noreturn]] void string_limit_error(std::string_view what, std::uint64_t limit);
/// Throws the string limit error when a string of `bytes` bytes is more than `l` allows. For
/// string builders: call it with the size a result will have before allocating it, or with the
/// size so far while appending.
inline void check_string_size(const limits& l, std::uint64_t bytes, std::string_view what) {
  if (bytes > l.max_string_bytes) string_limit_error(what, l.max_string_bytes);
}
/// The string limit of the run active on this thread; outside a run, the default limit's
/// memory bound (nothing made outside a run can be bigger than a run's memory).
std::uint64_t active_string_limit();
/// Charges a scan over `bytes` bytes of text (regex and substring searches) to the active
/// run's budget: one unit per 32 bytes. Callers add up small scans and charge them together.
void charge_scan(std::uint64_t bytes);

/// How make_string_copy maps ASCII letters.
enum class ascii_case : std::uint8_t { keep, upper, lower };

class string_obj final : public object {
 public:
  explicit string_obj(std::string s);
  /// For a caller that already knows the text's code point count: `length` must equal
  /// utf8_length(s) (a substring of an ASCII string, a case-mapped ASCII string, ...).
  string_obj(std::string s, std::size_t length);
  /// The same, copying the text from `s` (no intermediate std::string), with ASCII letters
  /// case-mapped as `mapping` says (for ASCII text: the others are left as they are).
  string_obj(std::string_view s, std::size_t length, ascii_case mapping = ascii_case::keep);
  const std::string& text() const { return text_; }
  /// Number of code points.
  std::size_t length() const { return length_; }
  bool ascii() const { return length_ == text_.size(); }
  /// Byte offset of code point `i` (i <= length()).
  std::size_t byte_offset(std::size_t i) const;
  /// The code point at index i (i < length()).
  char32_t char_at(std::size_t i) const;
  /// hash_text(text()), computed once.
  std::uint64_t hash() const;

  // Strings are made and dropped by the hundred thousand (split pieces, case-mapped words):
  // a small per-thread list of freed blocks makes that cheaper than the general allocator.
  static void* operator new(std::size_t size);
  static void operator delete(void* p, std::size_t size) noexcept;

 private:
  std::string text_;
  std::size_t length_;
  mutable std::atomic<std::uint64_t> hash_{0};  // 0: not computed yet
};

value make_string(std::string s);
/// make_string when the code point count is known already (it must equal utf8_length(s)):
/// saves the scan over the text.
value make_string(std::string s, std::size_t length);
/// make_string(std::string(s), length) with one copy of the text instead of two (split pieces).
value make_string_copy(std::string_view s, std::size_t length, ascii_case mapping = ascii_case::keep);
inline const std::string& string_text(const value& v) { return v.as<string_obj>().text(); }
/// Whether two string values have the same text: the same object, or equal sizes and bytes (the
/// first byte compared inline, so most unequal words never reach memcmp).
inline bool same_text(const value& a, const value& b) {
  if (a.obj() == b.obj()) return true;
  const std::string& x = string_text(a);
  const std::string& y = string_text(b);
  return x.size() == y.size() && (x.empty() || (x[0] == y[0] && std::memcmp(x.data(), y.data(), x.size()) == 0));
}

/// A keyword or symbol name: optional namespace and name. Both kinds are interned and immortal,
/// so two keywords are equal exactly when their objects are the same.
class named_obj final : public object {
 public:
  named_obj(std::string ns, std::string name);
  const std::string& ns() const { return ns_; }
  const std::string& name() const { return name_; }
  /// "ns/name" or "name".
  const std::string& full() const { return full_; }
  std::uint64_t hash() const { return hash_; }
  /// What this name finds in table `i` of tables that never change once built (the analyser's:
  /// builtins, special forms), kept with the name so that each lookup hashes it once: 0 when
  /// not looked up yet. Any thread may fill a slot; all would store the same.
  std::atomic<std::uintptr_t>& lookup_slot(std::size_t i) const { return lookups_[i]; }
  static constexpr std::size_t lookup_slots = 2;

 private:
  std::string ns_, name_, full_;
  std::uint64_t hash_;
  mutable std::atomic<std::uintptr_t> lookups_[lookup_slots] = {};
};

/// The keyword for `text` (without the leading colon; "a/b" has namespace "a").
value keyword(std::string_view text);
value keyword(std::string_view ns, std::string_view name);
/// The symbol for `text` ("a/b" has namespace "a"; "/" alone is the symbol /).
value symbol(std::string_view text);
inline const named_obj& named(const value& v) { return v.as<named_obj>(); }

/// The keyword for `text` if it was ever interned, nil otherwise. Never interns: flex lookups
/// use it so that probing a map with arbitrary strings cannot grow the keyword table.
value find_keyword(std::string_view text);

/// The hash of a string's text (what hash() gives for a string value with this text).
std::uint64_t hash_text(std::string_view s);

/// Appends the UTF-8 encoding of `c` to `out`.
void append_utf8(std::string& out, char32_t c);
/// Decodes one code point at `pos` and advances it; invalid bytes decode as U+FFFD.
char32_t decode_utf8(std::string_view s, std::size_t& pos);
/// Number of code points in `s`.
std::size_t utf8_length(std::string_view s);

}  // namespace ptc::lisp
