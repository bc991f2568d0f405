#pragma once
// Persistent sets, insertion-ordered for iteration (printing sorts them when their items are
// mutually comparable, see printer.hpp). Same structure and costs as map.hpp, including the
// sorted variant (sorted-set, sorted-set-by): kept and printed in comparator order.
#include <vector>

#include "ptc/lisp/ordered_table.hpp"
#include "ptc/lisp/value.hpp"

namespace ptc::lisp {

class set_obj : public object {
 public:
  static value empty();
  static value from(std::vector<value>&& items);
  /// A set of these items, which the caller knows to be distinct (no lookup per item).
  static value from_distinct(std::vector<value>&& items);
  /// The empty sorted set ordered by `comparator` (nil: `compare`; see map_obj::sorted_empty).
  static value sorted_empty(value comparator);
  /// A sorted set of these items; of items that compare equal the first is kept.
  static value sorted_from(value comparator, std::vector<value>&& items);
  /// An empty set like `s`: a sorted one with s's comparator when s is sorted.
  static value empty_like(const value& s);
  bool sorted() const { return table_.sorted(); }
  /// The comparator of a sorted set (nil for the default `compare`); nil for other sets.
  const value& comparator() const;
  /// Orders two items as this sorted set does: negative, zero or positive.
  int compare_keys(const value& a, const value& b) const;
  /// For a sorted set: the position (see positions()) of the first item not before `x` (after =
  /// false) or after it (after = true); positions() when none is.
  std::size_t bound(const value& x, bool after) const;

  std::size_t size() const;
  bool contains(const value& x) const;
  /// The stored item equal to x (sorted set: comparing as its comparator does), or null.
  const value* find(const value& x) const;
  static value conj(value s, value x);
  static value disj(value s, const value& x);

  template <class F>
  bool each(F&& f) const {
    return table_.each([&](const value* e) { return f(e[0]); });
  }
  /// For stack-free walkers (equality, hashing): entries sit at positions 0 .. positions()-1
  /// in insertion (sorted set: sorted) order; entry_at(p) is the item there, or null where an entry was removed.
  std::size_t positions() const { return table_.positions(); }
  const value* entry_at(std::size_t p) const { return table_.entry_at(p); }
  std::vector<value> items() const;
  /// The cached hash (value.cpp).
  const detail::hash_cache& cached_hash() const { return hash_; }

  set_obj();
  ~set_obj() override;

 private:
  /// `v` itself when it holds the only reference, else a new set sharing v's table (which then
  /// copies shared nodes as it changes them).
  static set_obj& own(value& v);

  detail::ordered_table table_{1};
  detail::hash_cache hash_;
};

}  // namespace ptc::lisp
