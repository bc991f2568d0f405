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
#include <algorithm>
#include <cstdint>

#include "lisp/value.hpp"
#include "lisp/vector.hpp"

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
  ~ordered_table();
  ordered_table(const ordered_table&) = delete;
  ordered_table& operator=(const ordered_table&) = delete;

  /// Makes this table share `o`'s contents (this one must be empty).
  void share_from(const ordered_table& o);

  std::size_t size() const { return live_; }
  /// The slot position of the key equal to `key` (its value is at pos + 1), or npos.
  std::size_t find(const value& key) const;
  /// The slot position of a key whose hash is h and for which match(key, ctx) holds, or npos.
  std::size_t find_hashed(std::uint64_t h, bool (*match)(const value&, const void*),
                          const void* ctx) const;
  const value& slot(std::size_t pos) const { return slots_.as<vector_obj>().at(pos); }
  /// Entry positions, removed ones included; entry_at(p) is null for a removed entry.
  std::size_t positions() const { return total_; }
  const value* entry_at(std::size_t p) const {
    const value& k = slot(p * stride_);
    return is_tombstone(k) ? nullptr : &k;
  }

  /// Adds key (with val for maps) last, or for an existing key replaces its value in place.
  void put(value key, value val);
  /// Removes the key; false when it was absent.
  bool remove(const value& key);

  /// Calls f(const value* entry) for live entries in insertion order; stops when f is false.
  template <class F>
  bool each(F&& f) const {
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
  std::size_t find_in_index(const value& key, std::uint64_t h) const;
  void rebuild();

  value slots_;                  // a vector of stride_ * total_ values
  bool indexed() const { return total_ > 16; }  // else entries are searched linearly

  // The hash trie from keys to entry numbers, used while indexed(); null when it has no keys.
  hash_node* index_ = nullptr;   // owned
  std::uint32_t live_ = 0;
  std::uint32_t total_ = 0;      // entries including tombstones
  std::uint32_t stride_;
};

}  // namespace ptc::lisp::detail
