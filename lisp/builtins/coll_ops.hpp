#pragma once
// Collection operations shared by several builtin families (core collections, clojure.set,
// clojure.walk and the PTC helpers): Clojure's get / get-in / contains? / conj with PTC's
// keyword↔string flex lookup (spec: deliberate difference 6), and the "key" argument of the
// PTC helpers (a keyword, a path vector or a function).
#include <span>
#include <string_view>
#include <vector>

#include "ptc/lisp/builtins/value_set.hpp"
#include "ptc/lisp/context.hpp"
#include "ptc/lisp/value.hpp"

namespace ptc::lisp::coll {

/// Clojure `get` lookup with flex keys: maps (flex), vectors and strings by integer index,
/// sets by membership; anything else has nothing. True and `out` set when the key is present.
bool lookup(const value& coll, const value& key, value& out);
/// (get coll key default).
value get(const value& coll, const value& key, const value& dflt = value());
/// (get-in root path default): flex at each level; `dflt` only when a key is absent.
value get_in(context& c, const value& root, const value& path, const value& dflt = value(),
             std::string_view fn = "get-in");

/// The key under which `m` (a map) holds `key` with flex lookup: `key` itself when present
/// exactly, else the same-named string/keyword that is present, else `key`. Writers use it
/// so that updating :a in a JSON map {"a" 1} replaces "a" instead of adding :a beside it.
value present_key(const value& m, const value& key);

/// Clojure `contains?`: map keys (flex), set members, vector and string indexes; nil is
/// empty. Other types are a type error naming `fn`.
bool contains(std::string_view fn, const value& coll, const value& key);

/// (conj coll x) for one item: vectors append, lists and nil prepend, sets add, maps take
/// [k v] pairs, maps (merged) or nil. `coll` is taken by value so a unique vector grows in
/// place.
value conj(context& c, value coll, const value& x, std::string_view fn = "conj");

/// A set of the items, the first of equal ones kept: repeats dropped in a value_set, then the
/// set made from distinct items at once (a lookup in the growing set per item cost a cache
/// miss per level of its index over a few hundred thousand items).
value set_of(context& c, std::span<const value> items);

/// A new map made by assoc or conj of entry after entry onto {} ((into {} ...), zipmap,
/// keywordize-keys, select-keys), made at once by finish(), as assoc would give it (a repeated key
/// keeps its first position and its last value), without a map grown entry by entry: up to 16
/// entries wait in one vector, searched linearly as a small map's are, and make a flat map (one
/// allocation) when at most 8; beyond, the keys go to a value_set with their latest values, and
/// the map's hash index is built once (grown key by key it was a walk from its root for each, a
/// cache miss per level once large).
class map_accumulator {
 public:
  explicit map_accumulator(context& c) : c_(c) {}
  /// Whether (into to ...) can start from an accumulator: `to` is an empty, unsorted map.
  static bool takes(const value& to);
  /// Room for `entries` entries (a hint: the count of a map being rewritten).
  void reserve(std::size_t entries);
  /// assoc of k to v.
  void put(const value& k, value v);
  /// conj of one item, with conj's errors (`fn` names the builtin).
  void conj(const value& x, std::string_view fn);
  value finish();

 private:
  static constexpr std::size_t small_entries = 16;
  context& c_;
  std::vector<value> small_;  ///< keys and values interleaved, up to small_entries
  bool big_ = false;          ///< the entries are in keys_ and vals_ instead
  value_set keys_;
  std::vector<value> vals_;  ///< by the key's position in keys_
};

/// (assoc coll k v) for one key: nil becomes a map; vectors take an index up to their count.
/// `coll` is taken by value: a unique map or vector changes in place.
value assoc1(value coll, const value& k, value v, std::string_view fn = "assoc");

/// (assoc-in m path v), (update-in m path f & extra), (update m k f & extra). `m` is taken by
/// value: when the caller hands over the only reference, every level of the path that is
/// uniquely owned is updated in place ("take, update, put back": an inner collection is moved
/// out of its parent, so it too becomes unique, then stored again). Shared levels are copied
/// as they are changed, so an old version never changes.
value assoc_in(context& c, value m, const value& path, value v);
value update_in(context& c, value m, const value& path, const value& f, std::span<const value> extra);
value update(context& c, value m, const value& k, const value& f, std::span<const value> extra);
/// The same with the path's keys given (at least one): a literal path needs no vector.
value assoc_in_keys(value m, std::span<const value> ks, value v);
value update_in_keys(context& c, value m, std::span<const value> ks, const value& f, std::span<const value> extra);

/// (select-keys m ks) with flex lookup; the result is keyed by the requested keys.
value select_keys(context& c, const value& m, const value& ks, std::string_view fn = "select-keys");

/// (merge a b): b's entries onto a (nil a → b; b may be a map, a [k v] pair or nil).
value merge2(context& c, value a, const value& b, std::string_view fn = "merge");

/// The key of `item` for the PTC helpers: a keyword, string or integer is a flex `get`, a
/// vector is a flex `get-in` path, anything else is called with the item.
value key_of(context& c, const value& keyspec, const value& item);

/// True for the key specs that only make sense on maps (keyword, string, path vector).
bool is_field_spec(const value& keyspec);

}  // namespace ptc::lisp::coll
