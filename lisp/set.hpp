#pragma once
// Persistent sets, insertion-ordered for iteration (printing sorts them when their items are
// mutually comparable, see printer.hpp). Same structure and costs as map.hpp.
#include <vector>

#include "lisp/ordered_table.hpp"
#include "lisp/value.hpp"

namespace ptc::lisp {

class set_obj final : public object {
 public:
  static value empty();
  static value from(std::vector<value>&& items);

  std::size_t size() const;
  bool contains(const value& x) const;
  /// The stored item equal to x, or null.
  const value* find(const value& x) const;
  static value conj(value s, value x);
  static value disj(value s, const value& x);

  template <class F>
  bool each(F&& f) const {
    return table_.each([&](const value* e) { return f(e[0]); });
  }
  /// For stack-free walkers (equality, hashing): entries sit at positions 0 .. positions()-1
  /// in insertion order; entry_at(p) is the item there, or null where an entry was removed.
  std::size_t positions() const { return table_.positions(); }
  const value* entry_at(std::size_t p) const { return table_.entry_at(p); }
  std::vector<value> items() const;

  set_obj();
  ~set_obj() override;

 private:
  /// `v` itself when it holds the only reference, else a new set sharing v's table (which then
  /// copies shared nodes as it changes them).
  static set_obj& own(value& v);

  detail::ordered_table table_{1};
};

}  // namespace ptc::lisp
