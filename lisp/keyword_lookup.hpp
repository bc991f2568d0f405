#pragma once
// (:kw m) on a map, the most frequent call in data programs ((:status %), (map :amount ...)).
//
// Context: rows of the same data set are maps with the same keys in the same insertion order,
// so a keyword is found at the same entry position in every row. Decision: callers keep a
// position hint (the entry where this keyword was found last); a hit is one identity compare.
// On a miss a small map is scanned once for the identical keyword (which refreshes the hint);
// everything else goes to find_flex. The answer is exactly find_flex's: in an unordered map a
// keyword key equals only the identical keyword, and keys are unique. Sorted maps always use
// find_flex (their comparator decides what a key matches).
#include <cstdint>

#include "ptc/lisp/map.hpp"

namespace ptc::lisp {

/// Hints from here up mean "a recent scan found no identical key": the next lookups go to
/// find_flex directly (data with string keys, where every scan would fail), counting down to a
/// fresh scan so that a node which met one odd map recovers.
inline constexpr std::uint32_t keyword_hint_skip = 0xFFFFFFF0u;

/// keyword_find past a hit of the hint in a flat map: out of line.
[[gnu::noinline]] inline const value* keyword_find_rest(const map_obj& m, const value& kw, std::uint32_t& hint) {
  if (!m.sorted()) {
    const std::size_t n = m.positions();
    if (hint < n) {
      const value* e = m.entry_at(hint);
      if (e && e->raw_bits() == kw.raw_bits() && e->is(type::keyword)) return e + 1;
    }
    if (hint >= keyword_hint_skip) {
      hint = hint == keyword_hint_skip ? 0 : hint - 1;
    } else if (n <= 16) {
      for (std::size_t p = 0; p < n; ++p) {
        const value* e = m.entry_at(p);
        if (e && e->raw_bits() == kw.raw_bits() && e->is(type::keyword)) {
          hint = static_cast<std::uint32_t>(p);
          return e + 1;
        }
      }
      hint = 0xFFFFFFFFu;
    }
  }
  return m.find_flex(kw);
}

/// The value stored under keyword `kw` in `m` (flex lookup), or null. `hint` is read and updated.
/// A hit of the hint in a flat map (a record: the usual case) is inline, in the caller.
[[gnu::always_inline]] inline const value* keyword_find(const map_obj& m, const value& kw, std::uint32_t& hint) {
  const value* e = m.flat_entry(hint);
  if (e && e->raw_bits() == kw.raw_bits() && e->is(type::keyword)) return e + 1;
  return keyword_find_rest(m, kw, hint);
}

}  // namespace ptc::lisp
