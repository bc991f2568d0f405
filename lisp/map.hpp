#pragma once
// Persistent maps that keep insertion order (Clojure's small array-maps do too; its large hash
// maps do not — a documented difference). Small maps are a flat entry array; larger ones add a
// hash index (HAMT) from key to entry position over a persistent entry vector. assoc/dissoc are
// O(log n) with structural sharing; lookup is O(1) for small maps and O(log32 n) otherwise.
#include <utility>
#include <vector>

#include "lisp/ordered_table.hpp"
#include "lisp/value.hpp"

namespace ptc::lisp {

class map_obj final : public object {
 public:
  using entry = std::pair<value, value>;

  /// The empty map {} (immortal).
  static value empty();
  /// A map of these entries; a repeated key keeps its first position and its last value.
  static value from(std::vector<entry>&& entries);

  std::size_t size() const;
  /// Exact lookup (Clojure equality); null when absent.
  const value* find(const value& key) const;
  /// Flex lookup: exact first; then a keyword key tries the same-named string key and a string
  /// key tries the same-named keyword (spec: tool results and data come from JSON).
  const value* find_flex(const value& key) const;

  /// A map with k set to v. A new key goes last; an existing key keeps its place. Reuses `m`
  /// in place when it holds the only reference.
  static value assoc(value m, value k, value v);
  static value dissoc(value m, const value& k);

  /// Visits entries in insertion order; stops early when f returns false.
  template <class F>
  bool each(F&& f) const {
    return table_.each([&](const value* e) { return f(e[0], e[1]); });
  }
  /// For stack-free walkers (equality, hashing): entries sit at positions 0 .. positions()-1
  /// in insertion order; entry_at(p) is the key of the entry there (its value follows it), or null where an entry was removed.
  std::size_t positions() const { return table_.positions(); }
  const value* entry_at(std::size_t p) const { return table_.entry_at(p); }
  /// Entries in insertion order.
  std::vector<entry> entries() const;

  map_obj();
  ~map_obj() override;

 private:
  /// `v` itself when it holds the only reference, else a new map sharing v's table (which then
  /// copies shared nodes as it changes them).
  static map_obj& own(value& v);

  detail::ordered_table table_{2};
};

}  // namespace ptc::lisp
