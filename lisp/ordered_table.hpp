#pragma once
// The storage shared by map_obj and set_obj: an insertion-ordered, persistent hash table.
//
// Context: maps must keep insertion order (spec difference 3) and make `assoc` in a loop cheap.
// Decision: entries live in a persistent vector of slots (`stride` values per entry: key, or
// key and value), in insertion order; removed entries become tombstones, and the slots are
// compacted when more than half are dead. Up to 16 entries are searched linearly; beyond that a
// hash trie maps each key's hash to its entry number. Every node is reference counted: a table whose
// nodes are unique is changed in place, shared nodes are copied on the way down, so old versions
// never change.
//
// Small maps are flat (as Clojure's array maps): a map made with room for its entries keeps them
// in the map object itself (`flat`: no slot vector, no tombstones; one allocation for the whole
// map). A table that outgrows that room moves its entries into a slot vector for good.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "ptc/lisp/value.hpp"
#include "ptc/lisp/vector.hpp"

namespace ptc::lisp::detail {

struct hash_node;

/// The marker in the key slot of a removed entry (a private object no program can reach).
const object* tombstone_object();
inline bool is_tombstone(const value& k) {
  return k.is(type::reduced) && k.obj() == tombstone_object();
}

class ordered_table {
 public:
  static constexpr std::size_t npos = static_cast<std::size_t>(-1);

  /// stride 1: a set (slots hold items); stride 2: a map (key, value).
  explicit ordered_table(unsigned stride);
  /// A table that keeps up to `cap` > 0 slots in `storage` (room its owner allocated after
  /// itself; this table constructs and destroys the values there) until it outgrows them, filled
  /// with the n <= cap slots at `init` (moved from; distinct keys, as assign_distinct).
  ordered_table(unsigned stride, value* storage, std::uint32_t cap, value* init = nullptr, std::size_t n = 0);
  /// A map's flat table of n entries in `storage` (room for exactly 2n slots): keys copied
  /// from `keys` (distinct), values nil until set through record_value (a map literal's record).
  ordered_table(value* storage, const value* keys, std::uint32_t n);
  ~ordered_table();
  ordered_table(const ordered_table&) = delete;
  ordered_table& operator=(const ordered_table&) = delete;

  /// Entry i's value in a table made by the record constructor.
  value& record_value(std::size_t i) { return inline_[2 * i + 1]; }
  /// Makes this table share `o`'s contents (this one must be empty). A flat table's entries
  /// are copied (into this table's room when they fit).
  void share_from(const ordered_table& o);
  /// Slots in use when flat (for sizing a copy's room), else 0.
  std::size_t flat_slots() const { return flat_ ? std::size_t{total_} * stride_ : 0; }

  std::size_t size() const { return live_; }
  /// The slot position of the key equal to `key` (its value is at pos + 1), or npos.
  std::size_t find(const value& key) const;
  /// The slot position of a key whose hash is h and for which match(key, ctx) holds, or npos.
  std::size_t find_hashed(std::uint64_t h, bool (*match)(const value&, const void*),
                          const void* ctx) const;
  const value& slot(std::size_t pos) const { return flat_ ? inline_[pos] : slots_.as<vector_obj>().at(pos); }
  /// Entry positions, removed ones included; entry_at(p) is null for a removed entry.
  std::size_t positions() const { return total_; }
  const value* entry_at(std::size_t p) const {
    if (sorted()) return sorted_entry_at(p);
    const value& k = slot(p * stride_);
    return is_tombstone(k) ? nullptr : &k;
  }
  /// A map's entry p when the table is flat (no tombstones, never sorted) and has one there;
  /// else null. What a keyword lookup's position hint tries first (keyword_lookup.hpp).
  const value* flat_map_entry(std::size_t p) const { return flat_ && p < total_ ? inline_ + 2 * p : nullptr; }

  /// Maps: the value slot at key position `pos` (from find), made changeable in place (the slot
  /// vector's path to it is copied when shared). Valid until the table changes again.
  value* mutable_value(std::size_t pos) { return flat_ ? &inline_[pos + 1] : vector_obj::mutable_at(slots_, pos + 1); }

  /// Adds key (with val for maps) last, or for an existing key replaces its value in place.
  void put(value key, value val);
  /// Removes the key; false when it was absent.
  bool remove(const value& key);
  /// Fills this empty, unsorted table at once: `slots` holds stride values per entry (key, or
  /// key and value), and the caller knows no two keys are equal. One exact-size slot vector
  /// instead of growing it entry by entry.
  void assign_distinct(std::vector<value>&& slots);
  void assign_distinct(value* slots, std::size_t count);  ///< the same, moved from an array
  /// Whether a and b are equal keys, with put/find's fast comparison for keys compared by
  /// identity.
  static bool same_key(const value& a, const value& b);

  // Sorted tables (sorted-map, sorted-set). Context: Clojure's tree collections insert
  // anywhere in O(log n); a flat slot vector would move the whole tail on every insert.
  // Decision: slots_ holds chunks (vectors of up to `chunk_cap` entries, in order), found by
  // binary search on their first keys; an insert rebuilds one chunk and splits it when full.
  // Positions are chunk * chunk_cap + offset: positions() and entry_at() keep working for
  // walkers (the unused tail of a chunk reads as removed entries), and the table has no hash
  // index. Keys are ordered by a comparator (sorted_order.hpp: nil is Clojure's compare).
  static constexpr std::size_t chunk_cap = 32;

  /// Makes this (empty) table a sorted one.
  void make_sorted() {
    if (flat_) slots_ = vector_obj::empty();
    flat_ = false;
    index_limit_ = ~std::uint32_t{0};
  }
  bool sorted() const { return index_limit_ == ~std::uint32_t{0}; }
  /// Sorted tables: the stored key comparing equal to `key` (its value follows it), or null.
  const value* sorted_find(const value& cmp, const value& key) const;
  /// Sorted tables: the position of the first entry whose key is not before `key` (after =
  /// false) or is after it (after = true); positions() when there is none.
  std::size_t sorted_bound(const value& cmp, const value& key, bool after) const;
  /// Sorted tables: adds key at its place, or for an existing key replaces its value (maps;
  /// the stored key stays).
  void sorted_put(const value& cmp, value key, value val);
  /// Sorted tables: adds an entry after all others (the caller knows it sorts last).
  void sorted_append(value key, value val);
  /// Sorted tables: removes the entry for key; false when there is none.
  bool sorted_remove(const value& cmp, const value& key);

  /// Calls f(const value* entry) for live entries in order (insertion, or sorted); stops when
  /// f is false.
  template <class F>
  bool each(F&& f) const {
    if (sorted()) {
      return slots_.as<vector_obj>().each([&](const value& chunk) {
        const auto& c = chunk.as<vector_obj>();
        for (std::size_t i = 0; i < c.size(); i += stride_)
          if (!f(&c.at(i))) return false;  // a key and its value share a 32-item block
        return true;
      });
    }
    if (flat_) {
      for (std::size_t i = 0, n = std::size_t{total_} * stride_; i < n; i += stride_)
        if (!f(inline_ + i)) return false;
      return true;
    }
    const auto& v = slots_.as<vector_obj>();
    std::size_t n = v.size();
    for (std::size_t i = 0; i < n;) {
      const value* c = v.chunk_for(i);
      std::size_t m = std::min<std::size_t>(32 - (i & 31), n - i);
      for (std::size_t j = 0; j < m; j += stride_)
        if (!is_tombstone(c[j]) && !f(c + j)) return false;
      i += m;
    }
    return true;
  }

 private:
  /// Builds the hash index over slots assigned at once (when the table is large enough).
  void index_distinct();
  const value* sorted_entry_at(std::size_t p) const;
  // For sorted_find / sorted_put / sorted_remove: the chunk and offset of key's entry (found)
  // or of where it would be inserted.
  void sorted_locate(const value& cmp, const value& key, std::size_t& chunk, std::size_t& off,
                     bool& found) const;
  void sorted_replace_chunk(std::size_t chunk, std::vector<value>&& items);
  std::size_t find_in_index(const value& key, std::uint64_t h) const;
  void rebuild();
  /// Moves a flat table's entries into the slot vector, for good.
  void unflatten();

  value slots_;                  // a vector of stride_ * total_ values (sorted: of chunks)
  // Else entries are searched linearly. Sorted tables are never indexed (their limit is the
  // largest count), which costs ordinary tables nothing over comparing with a constant.
  bool indexed() const { return total_ > index_limit_; }

  // The hash trie from keys to entry numbers, used while indexed(); null when it has no keys.
  hash_node* index_ = nullptr;   // owned
  std::uint32_t live_ = 0;
  std::uint32_t total_ = 0;      // entries including tombstones (sorted: chunks * chunk_cap)
  std::uint32_t stride_;
  std::uint32_t index_limit_ = 16;  // small_limit; the maximum for sorted tables
  std::uint32_t inline_cap_ = 0;    // slots of room in inline_
  bool flat_ = false;               // entries are in inline_ (slots_ is empty and unused)
  value* inline_ = nullptr;         // the owner's room (null: none)
};

}  // namespace ptc::lisp::detail
