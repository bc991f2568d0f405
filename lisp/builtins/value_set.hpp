#pragma once
// The distinct values a builtin has seen, in the order it saw them: what frequencies,
// group-by, distinct, distinct-by, distinct? and the distinct transducer keep.
//
// Context: these builtins kept a std::unordered_set or map keyed by values: a node allocated
// per key, a pointer chased per probe (over a few hundred thousand keys, a cache miss or two
// each), and every node visited again to free it. (frequencies (range 400000)) took 456 ms,
// 2.5 times Clojure's 183. Decision: the keys in one vector, in insertion order (a key's
// position is what the callers index their counts and groups by), and an open-addressing
// table of (hash bits, position) pairs, probed linearly and at most half full: one cache line
// per probe, and a key is compared only when 32 bits of its hash match.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "ptc/lisp/budget.hpp"
#include "ptc/lisp/map.hpp"
#include "ptc/lisp/value.hpp"

namespace ptc::lisp {

class value_set {
 public:
  /// Bytes an entry takes at most: its key (the key vector at least half full) and its share
  /// of the table (at least a quarter full). For budget::preflight_growth.
  static constexpr std::size_t bytes_per_entry = 2 * sizeof(value) + 4 * sizeof(std::uint64_t);

  struct added {
    std::size_t pos;  ///< the key's position: the number of distinct keys added before it
    bool fresh;       ///< whether this call added it
  };
  /// Adds x unless an equal key is there.
  added insert(const value& x);
  added insert(value&& x);
  /// insert, and a new key's memory asked of the budget (at each doubling: preflight_growth).
  added insert(const budget& limits, value x) {
    const added a = insert(std::move(x));
    if (a.fresh) limits.preflight_growth(size(), bytes_per_entry);
    return a;
  }
  std::size_t size() const { return keys_.size(); }
  /// The keys in insertion order, taken (the set is empty after).
  std::vector<value> take_keys() {
    slots_.clear();
    return std::move(keys_);
  }
  /// The map of each key, in insertion order, to value_at(its position), made at once (the
  /// keys are distinct: no lookups); takes the keys.
  template <class F>
  value take_as_map(F&& value_at) {
    std::vector<value> kvs;
    kvs.reserve(2 * keys_.size());
    for (std::size_t i = 0; i < keys_.size(); ++i) {
      kvs.push_back(std::move(keys_[i]));
      kvs.push_back(value_at(i));
    }
    keys_.clear();
    slots_.clear();
    return map_obj::from_distinct(std::move(kvs));
  }

 private:
  void grow();
  /// The empty slot where a key of hash h goes (the key is known to be absent).
  std::size_t free_slot(std::uint64_t h) const;
  /// x's position, or npos with `slot` set to where x goes (after growing, if it had to).
  std::size_t find(const value& x, std::uint64_t& slot_value, std::size_t& slot);
  static constexpr std::size_t npos = static_cast<std::size_t>(-1);
  /// insert's body: x copied or moved in when new.
  template <class V>
  added add(V&& x);

  std::vector<value> keys_;
  /// 0: empty; else the hash's high 32 bits over (position + 1). Low hash bits pick the slot.
  std::vector<std::uint64_t> slots_;
};

}  // namespace ptc::lisp
