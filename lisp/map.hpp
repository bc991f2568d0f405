#pragma once
// Persistent maps that keep insertion order (Clojure's small array-maps do too; its large hash
// maps do not — a documented difference). Small maps are a flat entry array; larger ones add a
// hash index (HAMT) from key to entry position over a persistent entry vector. assoc/dissoc are
// O(log n) with structural sharing; lookup is O(1) for small maps and O(log32 n) otherwise.
//
// Sorted maps (sorted-map, sorted-map-by) are the same object with a sorted table: entries are
// kept in comparator order (in chunks, see ordered_table.hpp: a new key goes to its place,
// found by binary search), so everything that walks a map in table order sees sorted entries.
// Lookups compare keys with the comparator, as Clojure's tree maps do (so 1 finds 1.0, and an
// incomparable key is a `type` error).
#include <utility>
#include <vector>

#include "ptc/lisp/ordered_table.hpp"
#include "ptc/lisp/value.hpp"

namespace ptc::lisp {

class map_obj : public object {
 public:
  using entry = std::pair<value, value>;

  /// The empty map {} (immortal).
  static value empty();
  /// A map of these entries; a repeated key keeps its first position and its last value.
  static value from(std::vector<entry>&& entries);
  /// A map of interleaved keys and values (k0 v0 k1 v1 ...) whose keys the caller has checked
  /// are distinct (a map literal): stored at once, with no lookups.
  static value from_distinct(std::vector<value>&& kvs);
  /// The same from an array of n values (moved from).
  static value from_distinct(value* kvs, std::size_t n);
  /// A map literal whose n <= 8 keys are distinct constants ({:id i :amount a}): the keys
  /// copied from `keys`, then each value made by value_at(i), in order, straight into its slot
  /// (constructed there: the slot is nil, and value_at's result is not a temporary moved in).
  /// Should value_at throw, the partly filled map is freed.
  template <class F>
  static value record(const value* keys, std::size_t n, F&& value_at) {
    map_obj* m = make_record(keys, n);
    value out = value::adopt(type::map, m);
    for (std::size_t i = 0; i < n; ++i) ::new (&m->table_.record_value(i)) value(value_at(i));
    return out;
  }
  /// A record made by record() with n keys, held only by the caller (`m`), refilled in place:
  /// each value replaced by value_at(i), in order (record_cache). Answers whether light(v)
  /// holds for every new value. Should value_at throw, `m` is left partly refilled (the caller
  /// drops it).
  template <class F, class Light>
  static bool refill_record(value& m, std::size_t n, F&& value_at, Light&& light) {
    auto& self = *static_cast<map_obj*>(m.obj());
    self.hash_.reset();
    return refill_values(
        n, [&](std::size_t i) -> value& { return self.table_.record_value(i); }, value_at, light);
  }
  static constexpr std::size_t record_max = 8;
  /// {k v}: one entry (what assoc on nil makes).
  static value of(value k, value v);

  /// The empty sorted map ordered by `comparator`: nil means Clojure's `compare`; a function is
  /// used as Clojure uses a fn as a Comparator (a number result is the order; a boolean result
  /// means "less than"). Builtins pass it through detail::sorted_comparator (sorted_order.hpp).
  static value sorted_empty(value comparator);
  /// A sorted map of these entries; a repeated key keeps its first spelling and its last value.
  static value sorted_from(value comparator, std::vector<entry>&& entries);
  /// An empty map like `m`: a sorted one with m's comparator when m is sorted.
  static value empty_like(const value& m);
  bool sorted() const { return table_.sorted(); }
  /// The comparator of a sorted map (nil for the default `compare`); nil for other maps.
  const value& comparator() const;
  /// Orders two keys as this sorted map does: negative, zero or positive.
  int compare_keys(const value& a, const value& b) const;
  /// For a sorted map: the position (see positions()) of the first entry whose key is not
  /// before `key` (after = false) or is after it (after = true); positions() when none is.
  std::size_t bound(const value& key, bool after) const;
  /// The stored key of the entry for `key` (its value follows it), or null.
  const value* find_entry(const value& key) const;

  std::size_t size() const;
  /// Exact lookup (Clojure equality; a sorted map's comparator); null when absent.
  const value* find(const value& key) const;
  /// Flex lookup: exact first; then a keyword key tries the same-named string key and a string
  /// key tries the same-named keyword (spec: tool results and data come from JSON). A sorted map
  /// has only the exact lookup (its keys are all of one comparable kind).
  const value* find_flex(const value& key) const;

  /// A map with k set to v. A new key goes last (in a sorted map: at its place); an existing
  /// key keeps its place (and, in a sorted map, its spelling). Reuses `m`
  /// in place when it holds the only reference.
  static value assoc(value m, value k, value v);
  static value dissoc(value m, const value& k);
  /// The value slot of `key` (exact lookup) in `m`, made changeable: `m` becomes a map only
  /// the caller holds (itself when unique, else a copy sharing what it can). Null, with `m`
  /// untouched, when the key is absent or `m` is sorted. The pointer stays valid until `m`
  /// changes again. Nested updates use it to take an inner collection out (so that it becomes
  /// unique and is updated in place) and put it back.
  static value* value_slot(value& m, const value& key);

  /// Visits entries in insertion (sorted map: sorted) order; stops early when f returns false.
  template <class F>
  bool each(F&& f) const {
    return table_.each([&](const value* e) { return f(e[0], e[1]); });
  }
  /// For stack-free walkers (equality, hashing): entries sit at positions 0 .. positions()-1
  /// in insertion (sorted map: sorted) order; entry_at(p) is the key of the entry there (its value follows it), or null where an entry was removed.
  std::size_t positions() const { return table_.positions(); }
  const value* entry_at(std::size_t p) const { return table_.entry_at(p); }
  /// Entry p's key when the map is flat (ordered_table::flat_map_entry), else null.
  const value* flat_entry(std::size_t p) const { return table_.flat_map_entry(p); }
  /// Entries in insertion order.
  std::vector<entry> entries() const;
  /// The cached hash (value.cpp).
  const detail::hash_cache& cached_hash() const { return hash_; }

  map_obj();
  /// A map with room for `flat_slots` keys and values in the object itself (see
  /// ordered_table.hpp), holding the first n of them from kvs (moved from; distinct keys); made
  /// by make_flat.
  map_obj(std::uint32_t flat_slots, value* kvs, std::size_t n);
  /// A record: the n keys copied, nil values (made by make_record).
  map_obj(const value* keys, std::uint32_t n);
  ~map_obj() override;
  // Flat maps are allocated with their room after the object (make_flat).
  static void operator delete(void* p) { ::operator delete(p); }

 private:
  /// `v` itself when it holds the only reference, else a new map sharing v's table (which then
  /// copies shared nodes as it changes them).
  static map_obj& own(value& v);
  /// A new map with room for `slots` keys and values (at most flat_max) inline, holding the n
  /// <= slots at kvs (moved from; distinct keys).
  static map_obj* make_flat(std::size_t slots, value* kvs = nullptr, std::size_t n = 0);
  /// A new flat map of the n <= record_max distinct keys at `keys` (copied), values nil.
  static map_obj* make_record(const value* keys, std::size_t n);
  static constexpr std::size_t flat_max = 16;  ///< 8 entries, as Clojure's array maps

  detail::ordered_table table_{2};
  detail::hash_cache hash_;
};

}  // namespace ptc::lisp
