#include "ptc/lisp/ordered_table.hpp"

#include <bit>
#include <cstring>
#include <vector>

#include "ptc/lisp/sorted_order.hpp"

namespace ptc::lisp::detail {

namespace {

constexpr std::uint32_t small_limit = 16;  // entries searched linearly, without an index

// The tombstone's payload: never reachable by a program, never freed.
struct tombstone_marker final : object {};

const value& tombstone() {
  static const value t = [] {
    auto* o = new tombstone_marker();
    o->make_immortal();
    return value::adopt(type::reduced, o);
  }();
  return t;
}

}  // namespace

const object* tombstone_object() {
  static const object* o = tombstone().obj();
  return o;
}

// The index is a hash trie of 4-way branches over leaf buckets of up to 32 (hash, entry)
// pairs. Leaves are plain data, so copying one is a memcpy; only branches hold counted children.
// On the persistent path (a shared map) every copied branch retains each child and the old copy
// later releases them: those atomic operations on cold nodes dominate, so branches are narrow
// (measured: 4-way beat 16-way and 8-way for 100,000 shared assocs; a buffer of recent
// additions did not help). Leaves were 128 pairs; every lookup scans its leaf, so 32 (with the
// hashes in an array of their own) made lookups in a 1,000-key map 3 times cheaper, and
// assoc of 100,000 keys 10% cheaper too (instruction counts), at one more branch level.
struct hash_node : object {
  explicit hash_node(bool leaf) : is_leaf(leaf) {}
  const bool is_leaf;
};

namespace {

constexpr unsigned fan_bits = 2;
constexpr unsigned fan = 1u << fan_bits;
constexpr std::uint32_t leaf_cap = 32;

struct hbranch final : hash_node {
  hbranch() : hash_node(false) {}
  hash_node* kids[fan] = {};  // owned
  ~hbranch() override {
    for (hash_node* k : kids)
      if (k) k->release();
  }
};

// One key of the index. For keys compared by identity (integers, keywords, ...) `tag` and
// `bits` are the key itself, so a lookup never needs to fetch it from the slots; `bits` is a
// plain copy, not a reference (the slots hold the key).
struct ipair {
  std::uint64_t hash;
  std::uint64_t bits;
  std::uint32_t entry;
  type tag;
};

// A leaf's pairs live in the object itself; leaves come in capacity classes (leaf_class<N>) so
// that the index of a 10-key record is small, and a leaf grows by moving to the next class.
// Each pair's hash also has a one-byte fingerprint (its top 8 bits, which branches read only
// 28 levels down) in an array of its own, fps[i] for pairs[i]: a lookup compares eight of them
// at a time in one 64-bit word (leaf_find) and reads a pair only on a fingerprint match.
// Scanning the pairs' full hashes one by one was half of a lookup in a 1,000-key map.
struct hleaf : hash_node {
  explicit hleaf(ipair* storage, std::uint8_t* fp_storage, std::uint32_t capacity)
      : hash_node(true), pairs(storage), fps(fp_storage), cap(capacity) {}
  ipair* const pairs;
  std::uint8_t* const fps;  ///< room for cap, a multiple of 8 (leaf_find reads whole words)
  const std::uint32_t cap;
  std::uint32_t n = 0;
  // Only used once all 64 hash bits are spent (keys whose full hashes collide).
  std::vector<ipair> overflow;
};

template <std::uint32_t N>
struct leaf_class final : hleaf {
  static_assert(N % 8 == 0, "leaf_find reads the fingerprints eight at a time");
  leaf_class() : hleaf(storage, fp_storage, N) {}
  ipair storage[N];
  std::uint8_t fp_storage[N] = {};
};

// A new empty leaf with room for at least `need` pairs (at most leaf_cap).
hleaf* new_leaf(std::uint32_t need) {
  if (need <= 8) return make_object<leaf_class<8>>(0);
  if (need <= 32) return make_object<leaf_class<32>>(0);
  return make_object<leaf_class<leaf_cap>>(0);
}

// A pair's fingerprint in its leaf: the hash's top byte (branches read the hash from bit 0 up).
std::uint8_t fingerprint(std::uint64_t h) { return static_cast<std::uint8_t>(h >> 56); }

unsigned chunk(std::uint64_t h, unsigned shift) {
  return static_cast<unsigned>(h >> shift) & (fan - 1);
}

hbranch* own_branch(hash_node*& ref) {
  if (!ref->unique()) {
    auto* src = static_cast<hbranch*>(ref);
    auto* c = make_object<hbranch>(0);
    for (unsigned i = 0; i < fan; ++i) {
      c->kids[i] = src->kids[i];
      if (c->kids[i]) c->kids[i]->retain();
    }
    ref->release();
    ref = c;
  }
  return static_cast<hbranch*>(ref);
}

// Makes *ref a leaf this table alone owns with room for `room` more pairs (as far as leaf_cap
// allows), copying or growing it as needed.
hleaf* own_leaf(hash_node*& ref, std::uint32_t room = 0) {
  if (!ref) {
    ref = new_leaf(room);
    return static_cast<hleaf*>(ref);
  }
  auto* src = static_cast<hleaf*>(ref);
  std::uint32_t need = std::min(src->n + room, leaf_cap);
  if (src->unique() && need <= src->cap) return src;
  hleaf* c = new_leaf(need);
  c->n = src->n;
  std::memcpy(c->pairs, src->pairs, src->n * sizeof(ipair));
  std::memcpy(c->fps, src->fps, src->n);
  c->overflow = src->overflow;
  ref->release();
  ref = c;
  return c;
}

// Adds p to a leaf with room for it in its array or, once all hash bits are spent, beyond.
void leaf_add(hleaf* l, const ipair& p) {
  if (l->n < l->cap) {
    l->fps[l->n] = fingerprint(p.hash);
    l->pairs[l->n++] = p;
  } else {
    l->overflow.push_back(p);
  }
}

void insert(hash_node*& ref, unsigned shift, const ipair& p) {
  if (ref && !ref->is_leaf) {
    hbranch* b = own_branch(ref);
    insert(b->kids[chunk(p.hash, shift)], shift + fan_bits, p);
    return;
  }
  if (!ref || static_cast<hleaf*>(ref)->n < leaf_cap || shift >= 64) {
    leaf_add(own_leaf(ref, 1), p);
    return;
  }
  // A full leaf splits into a branch on the next hash bits.
  auto* full = static_cast<hleaf*>(ref);
  hash_node* b = make_object<hbranch>(0);
  for (std::uint32_t i = 0; i < full->n; ++i) insert(b, shift, full->pairs[i]);
  insert(b, shift, p);
  full->release();
  ref = b;
}

// Removes `entry`'s pair; a node left empty is released and ref becomes null.
void erase(hash_node*& ref, unsigned shift, std::uint64_t h, std::uint32_t entry) {
  if (!ref->is_leaf) {
    hbranch* b = own_branch(ref);
    hash_node*& kid = b->kids[chunk(h, shift)];
    erase(kid, shift + fan_bits, h, entry);
    if (kid) return;
    for (hash_node* k : b->kids)
      if (k) return;
    b->release();
    ref = nullptr;
    return;
  }
  hleaf* l = own_leaf(ref);
  bool done = false;
  for (std::uint32_t i = 0; i < l->n; ++i)
    if (l->pairs[i].entry == entry) {
      --l->n;
      l->pairs[i] = l->pairs[l->n];
      l->fps[i] = l->fps[l->n];
      if (!l->overflow.empty()) {  // refill from the overflow so the array stays dense
        l->pairs[l->n] = l->overflow.back();
        l->fps[l->n] = fingerprint(l->pairs[l->n].hash);
        l->overflow.pop_back();
        ++l->n;
      }
      done = true;
      break;
    }
  if (!done)
    for (auto it = l->overflow.begin(); it != l->overflow.end(); ++it)
      if (it->entry == entry) {
        l->overflow.erase(it);
        break;
      }
  if (l->n == 0) {
    l->release();
    ref = nullptr;
  }
}

}  // namespace

ordered_table::ordered_table(unsigned stride) : slots_(vector_obj::empty()), stride_(stride) {}

// A flat table's slots_ stays nil until unflatten (or share_from, assign_distinct) sets it.
ordered_table::ordered_table(unsigned stride, value* storage, std::uint32_t cap, value* init, std::size_t n)
    : live_(static_cast<std::uint32_t>(n / stride)), total_(live_), stride_(stride),
      inline_cap_(cap), flat_(true), inline_(storage) {
  // (Locals, as in the record constructor below.)
  value* slot = storage;
  for (value* from = init; from != init + n; ++from) new (slot++) value(std::move(*from));
  for (value* end = storage + cap; slot != end; ++slot) new (slot) value();
}

ordered_table::ordered_table(value* storage, const value* keys, std::uint32_t n)
    : live_(n), total_(n), stride_(2), inline_cap_(2 * n), flat_(true), inline_(storage) {
  // Locals, not members: a store through a value* could alias them, and they would be loaded
  // again on every iteration.
  value* slot = storage;
  for (const value* k = keys; k != keys + n; ++k) {
    new (slot++) value(*k);
    new (slot++) value();
  }
}

ordered_table::~ordered_table() {
  if (index_) index_->release();
  // (Locals: releasing a value calls out, after which members would be loaded again.)
  for (value *s = inline_, *end = inline_ + inline_cap_; s != end; ++s) s->~value();
}

void ordered_table::unflatten() {
  if (!flat_) return;
  slots_ = vector_obj::from_moved(inline_, std::size_t{total_} * stride_);
  flat_ = false;
}

void ordered_table::share_from(const ordered_table& o) {
  if (o.flat_) {
    const std::size_t n = std::size_t{o.total_} * stride_;
    if (flat_ && n <= inline_cap_) {
      for (std::size_t i = 0; i < n; ++i) inline_[i] = o.inline_[i];
    } else {
      flat_ = false;
      slots_ = vector_obj::from(o.inline_, n);
    }
    live_ = o.live_;
    total_ = o.total_;
    index_limit_ = o.index_limit_;
    return;
  }
  flat_ = false;
  slots_ = o.slots_;
  index_ = o.index_;
  if (index_) index_->retain();
  live_ = o.live_;
  total_ = o.total_;
  index_limit_ = o.index_limit_;
}

namespace {

static_assert(small_limit == 16, "ordered_table::index_limit_ starts at the same limit");

// Keys whose equality is identity of tag and payload bits: no need to look at the stored key.
bool by_identity(type t) {
  switch (t) {
    case type::floating:  // -0.0 equals 0.0 and NaN equals nothing
    case type::string:
    case type::list:
    case type::vector:
    case type::map:
    case type::set: return false;
    default: return true;
  }
}

ipair make_pair_for(const value& key, std::uint64_t h, std::uint32_t entry) {
  return {h, key.raw_bits(), entry, key.kind()};
}

template <class P>
std::size_t leaf_find(const hleaf* l, std::uint64_t h, P& pred) {
  constexpr std::uint64_t ones = 0x0101010101010101ull;
  const std::uint64_t pattern = ones * fingerprint(h);
  const std::uint32_t n = l->n;
  for (std::uint32_t base = 0; base < n; base += 8) {
    std::uint64_t w;
    std::memcpy(&w, l->fps + base, 8);
    if constexpr (std::endian::native == std::endian::big) w = __builtin_bswap64(w);
    const std::uint64_t x = w ^ pattern;  // a zero byte where the fingerprint matches
    // The high bit of every zero byte of x (and maybe of a byte above one: a false candidate
    // the full hash turns away; a match is never missed).
    std::uint64_t m = (x - ones) & ~x & (ones << 7);
    for (; m; m &= m - 1) {
      const std::uint32_t i = base + static_cast<std::uint32_t>(std::countr_zero(m) >> 3);
      if (i >= n) break;
      if (l->pairs[i].hash == h && pred(l->pairs[i])) return l->pairs[i].entry;
    }
  }
  for (const ipair& p : l->overflow)
    if (p.hash == h && pred(p)) return p.entry;
  return ordered_table::npos;
}

// The trie that inserting the pairs one by one would make (a subtree of more than leaf_cap
// pairs is a branch, of fewer a leaf), built in one pass per level instead of one walk from the
// root per key: the pairs are partitioned on each level's hash bits in turn, as chunk() reads
// them, and each node is made once, full. Over a few hundred thousand keys the walks were a
// cache miss per level per key. Leaves keep their pairs in any order.
hash_node* build_index(ipair* first, ipair* last, unsigned shift) {
  const auto n = static_cast<std::size_t>(last - first);
  if (n == 0) return nullptr;
  if (n <= leaf_cap || shift >= 64) {
    hleaf* l = new_leaf(static_cast<std::uint32_t>(std::min<std::size_t>(n, leaf_cap)));
    for (ipair* p = first; p != last; ++p) leaf_add(l, *p);
    return l;
  }
  static_assert(fan == 4, "two partitions split a level");
  auto bit = [shift](unsigned b) {
    return [=](const ipair& p) { return !((chunk(p.hash, shift) >> b) & 1u); };
  };
  ipair* mid = std::partition(first, last, bit(1));
  ipair* bounds[fan + 1] = {first, std::partition(first, mid, bit(0)), mid,
                            std::partition(mid, last, bit(0)), last};
  auto* b = make_object<hbranch>(0);
  for (unsigned i = 0; i < fan; ++i)
    b->kids[i] = build_index(bounds[i], bounds[i + 1], shift + fan_bits);
  return b;
}

// The entry number of the pair with hash h for which pred holds, or npos.
template <class P>
std::size_t index_find(const hash_node* n, std::uint64_t h, P&& pred) {
  if (!n) return ordered_table::npos;
  for (unsigned shift = 0; !n->is_leaf; shift += fan_bits) {
    n = static_cast<const hbranch*>(n)->kids[chunk(h, shift)];
    if (!n) return ordered_table::npos;
  }
  return leaf_find(static_cast<const hleaf*>(n), h, pred);
}

}  // namespace

std::size_t ordered_table::find_hashed(std::uint64_t h, bool (*match)(const value&, const void*),
                                       const void* ctx) const {
  if (live_ == 0) return npos;
  if (!indexed()) {
    for (std::size_t pos = 0, end = std::size_t{total_} * stride_; pos < end; pos += stride_) {
      const value& k = slot(pos);
      if (!is_tombstone(k) && match(k, ctx)) return pos;
    }
    return npos;
  }
  const auto& v = slots_.as<vector_obj>();
  std::size_t e = index_find(index_, h, [&](const ipair& p) {
    return match(v.at(std::size_t{p.entry} * stride_), ctx);
  });
  return e == npos ? npos : e * stride_;
}

std::size_t ordered_table::find(const value& key) const {
  if (live_ == 0) return npos;
  if (!indexed()) {
    // At most small_limit entries: they all sit in the vector's first 32-item block.
    const value* c = flat_ ? inline_ : slots_.as<vector_obj>().chunk_for(0);
    std::size_t end = std::size_t{total_} * stride_;
    if (by_identity(key.kind())) {
      for (std::size_t pos = 0; pos < end; pos += stride_)
        if (c[pos].kind() == key.kind() && c[pos].raw_bits() == key.raw_bits()) return pos;
    } else {
      for (std::size_t pos = 0; pos < end; pos += stride_)
        if (equal(c[pos], key)) return pos;  // a tombstone equals no key
    }
    return npos;
  }
  return find_in_index(key, hash(key));
}

std::size_t ordered_table::find_in_index(const value& key, std::uint64_t h) const {
  const auto& v = slots_.as<vector_obj>();
  type kind = key.kind();
  std::size_t e;
  if (by_identity(kind)) {
    std::uint64_t bits = key.raw_bits();
    e = index_find(index_, h,
                   [&](const ipair& p) { return p.tag == kind && p.bits == bits; });
  } else {
    auto seq = [](type t) { return t == type::list || t == type::vector; };
    e = index_find(index_, h, [&](const ipair& p) {
      return (p.tag == kind || (seq(p.tag) && seq(kind))) &&
             equal(v.at(std::size_t{p.entry} * stride_), key);
    });
  }
  return e == npos ? npos : e * stride_;
}

void ordered_table::put(value key, value val) {
  bool was_indexed = indexed();
  std::uint64_t h = was_indexed ? hash(key) : 0;
  std::size_t pos = was_indexed ? (live_ ? find_in_index(key, h) : npos) : find(key);
  if (pos != npos) {
    if (stride_ == 2) {
      if (flat_) inline_[pos + 1] = std::move(val);
      else slots_ = vector_obj::assoc(std::move(slots_), pos + 1, std::move(val));
    }
    return;
  }
  if (flat_) {
    const std::size_t at = std::size_t{total_} * stride_;
    if (at + stride_ <= inline_cap_) {  // never indexed: the room is below the index limit
      inline_[at] = std::move(key);
      if (stride_ == 2) inline_[at + 1] = std::move(val);
      ++total_;
      ++live_;
      return;
    }
    unflatten();
  }
  std::uint32_t entry = total_;
  ipair p = make_pair_for(key, h, entry);
  slots_ = vector_obj::conj(std::move(slots_), std::move(key));
  if (stride_ == 2) slots_ = vector_obj::conj(std::move(slots_), std::move(val));
  ++total_;
  ++live_;
  if (!was_indexed) {
    if (indexed()) rebuild();
    return;
  }
  insert(index_, 0, p);
}

void ordered_table::assign_distinct(std::vector<value>&& slots) {
  assign_distinct(slots.data(), slots.size());
}

void ordered_table::assign_distinct(value* slots, std::size_t count) {
  const auto n = static_cast<std::uint32_t>(count / stride_);
  if (n == 0) return;
  const std::size_t used = std::size_t{n} * stride_;
  total_ = live_ = n;
  if (flat_ && used <= inline_cap_) {
    for (std::size_t i = 0; i < used; ++i) inline_[i] = std::move(slots[i]);
    return;
  }
  flat_ = false;
  slots_ = vector_obj::from_moved(slots, used);
  index_distinct();
}

void ordered_table::index_distinct() {
  if (!indexed()) return;
  const auto& v = slots_.as<vector_obj>();
  std::vector<ipair> pairs;
  pairs.reserve(total_);
  for (std::uint32_t e = 0; e < total_; ++e) {
    const value& k = v.at(std::size_t{e} * stride_);
    pairs.push_back(make_pair_for(k, hash(k), e));
  }
  if (index_) index_->release();
  index_ = build_index(pairs.data(), pairs.data() + pairs.size(), 0);
}

bool ordered_table::same_key(const value& a, const value& b) {
  if (by_identity(a.kind())) return a.kind() == b.kind() && a.raw_bits() == b.raw_bits();
  return equal(a, b);
}

bool ordered_table::remove(const value& key) {
  std::size_t pos = find(key);
  if (pos == npos) return false;
  if (flat_) {  // close the gap: a flat table keeps no tombstones
    const std::size_t end = std::size_t{total_} * stride_;
    for (std::size_t i = pos; i + stride_ < end; ++i) inline_[i] = std::move(inline_[i + stride_]);
    for (std::size_t i = end - stride_; i < end; ++i) inline_[i] = value();
    --total_;
    --live_;
    return true;
  }
  if (indexed()) {
    erase(index_, 0, hash(key), static_cast<std::uint32_t>(pos / stride_));
  }
  slots_ = vector_obj::assoc(std::move(slots_), pos, tombstone());
  if (stride_ == 2) slots_ = vector_obj::assoc(std::move(slots_), pos + 1, value());
  --live_;
  std::uint32_t dead = total_ - live_;
  if (pos / stride_ + 1 == total_) {
    // Trailing tombstones are simply dropped.
    while (total_ > 0 && is_tombstone(slot(std::size_t{total_ - 1} * stride_))) {
      for (unsigned i = 0; i < stride_; ++i) slots_ = vector_obj::pop(std::move(slots_));
      --total_;
    }
    if (!indexed()) {
      if (index_) index_->release();
      index_ = nullptr;
    }
  } else if (dead > live_ && dead > small_limit / 2) {
    rebuild();  // most slots are dead: compact
  }
  return true;
}

const value* ordered_table::sorted_entry_at(std::size_t p) const {
  const auto& c = slots_.as<vector_obj>().at(p / chunk_cap).as<vector_obj>();
  std::size_t i = (p % chunk_cap) * stride_;
  return i < c.size() ? &c.at(i) : nullptr;
}

void ordered_table::sorted_locate(const value& cmp, const value& key, std::size_t& chunk,
                                  std::size_t& off, bool& found) const {
  const auto& outer = slots_.as<vector_obj>();
  found = false;
  chunk = 0;
  off = 0;
  // The chunks whose first key is before `key`: key belongs in the last of them.
  std::size_t lo = 0, hi = outer.size();
  while (lo < hi) {
    std::size_t mid = lo + (hi - lo) / 2;
    int r = compare_with(cmp, outer.at(mid).as<vector_obj>().at(0), key);
    if (r == 0) {
      chunk = mid;
      found = true;
      return;
    }
    if (r < 0) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  if (lo == 0) return;  // before every key (or the table is empty): first place of chunk 0
  chunk = lo - 1;
  const auto& c = outer.at(chunk).as<vector_obj>();
  std::size_t a = 1, b = c.size() / stride_;
  while (a < b) {
    std::size_t mid = a + (b - a) / 2;
    int r = compare_with(cmp, c.at(mid * stride_), key);
    if (r == 0) {
      off = mid;
      found = true;
      return;
    }
    if (r < 0) {
      a = mid + 1;
    } else {
      b = mid;
    }
  }
  off = a;
}

const value* ordered_table::sorted_find(const value& cmp, const value& key) const {
  std::size_t chunk, off;
  bool found;
  sorted_locate(cmp, key, chunk, off, found);
  return found ? &slots_.as<vector_obj>().at(chunk).as<vector_obj>().at(off * stride_) : nullptr;
}

std::size_t ordered_table::sorted_bound(const value& cmp, const value& key, bool after) const {
  const auto& outer = slots_.as<vector_obj>();
  auto before = [&](const value& k) {
    int r = compare_with(cmp, k, key);
    return r < 0 || (after && r == 0);
  };
  std::size_t lo = 0, hi = outer.size();
  while (lo < hi) {
    std::size_t mid = lo + (hi - lo) / 2;
    if (before(outer.at(mid).as<vector_obj>().at(0))) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  if (lo == 0) return 0;  // the first entry (or positions() == 0 when empty)
  std::size_t chunk = lo - 1;
  const auto& c = outer.at(chunk).as<vector_obj>();
  std::size_t a = 1, b = c.size() / stride_;
  while (a < b) {
    std::size_t mid = a + (b - a) / 2;
    if (before(c.at(mid * stride_))) {
      a = mid + 1;
    } else {
      b = mid;
    }
  }
  // Past the chunk's last entry: the next chunk's first (or the end).
  return a == c.size() / stride_ ? (chunk + 1) * chunk_cap : chunk * chunk_cap + a;
}

// Puts `items` (a chunk's slots) in place of chunk number `chunk`: split in two when over
// capacity, dropped when empty. The outer vector is only rebuilt when chunks come or go.
void ordered_table::sorted_replace_chunk(std::size_t chunk, std::vector<value>&& items) {
  const std::size_t cap = chunk_cap * stride_;
  if (!items.empty() && items.size() <= cap) {
    slots_ = vector_obj::assoc(std::move(slots_), chunk, vector_obj::from(std::move(items)));
    return;
  }
  std::vector<value> outer = slots_.as<vector_obj>().items();
  if (items.empty()) {
    outer.erase(outer.begin() + static_cast<std::ptrdiff_t>(chunk));
  } else {
    std::size_t half = (items.size() / stride_ / 2) * stride_;
    std::vector<value> right(std::make_move_iterator(items.begin() + static_cast<std::ptrdiff_t>(half)),
                             std::make_move_iterator(items.end()));
    items.resize(half);
    outer[chunk] = vector_obj::from(std::move(items));
    outer.insert(outer.begin() + static_cast<std::ptrdiff_t>(chunk) + 1, vector_obj::from(std::move(right)));
  }
  total_ = static_cast<std::uint32_t>(outer.size() * chunk_cap);
  slots_ = vector_obj::from(std::move(outer));
}

void ordered_table::sorted_put(const value& cmp, value key, value val) {
  std::size_t chunk, off;
  bool found;
  sorted_locate(cmp, key, chunk, off, found);
  if (found) {
    if (stride_ == 1) return;
    value c = vector_obj::assoc(slots_.as<vector_obj>().at(chunk), off * stride_ + 1, std::move(val));
    slots_ = vector_obj::assoc(std::move(slots_), chunk, std::move(c));
    return;
  }
  if (slots_.as<vector_obj>().size() == 0) {
    sorted_append(std::move(key), std::move(val));
    return;
  }
  const value& cv = slots_.as<vector_obj>().at(chunk);
  const std::size_t n = cv.as<vector_obj>().size();
  if (off * stride_ == n) {
    // After the chunk's last entry (keys arriving in order): append instead of rebuilding; a
    // full last chunk is followed by a new one rather than split.
    if (n < chunk_cap * stride_) {
      value c = vector_obj::conj(cv, std::move(key));
      if (stride_ == 2) c = vector_obj::conj(std::move(c), std::move(val));
      slots_ = vector_obj::assoc(std::move(slots_), chunk, std::move(c));
      ++live_;
      return;
    }
    if (chunk + 1 == slots_.as<vector_obj>().size()) {
      sorted_append(std::move(key), std::move(val));
      return;
    }
  }
  ++live_;
  std::vector<value> items = cv.as<vector_obj>().items();
  auto at = items.begin() + static_cast<std::ptrdiff_t>(off * stride_);
  if (stride_ == 2) at = items.insert(at, std::move(val));
  items.insert(at, std::move(key));
  sorted_replace_chunk(chunk, std::move(items));
}

void ordered_table::sorted_append(value key, value val) {
  const auto& outer = slots_.as<vector_obj>();
  std::size_t n = outer.size();
  ++live_;
  if (n > 0 && outer.at(n - 1).as<vector_obj>().size() < chunk_cap * stride_) {
    value last = vector_obj::conj(outer.at(n - 1), std::move(key));
    if (stride_ == 2) last = vector_obj::conj(std::move(last), std::move(val));
    slots_ = vector_obj::assoc(std::move(slots_), n - 1, std::move(last));
    return;
  }
  value kv[2] = {std::move(key), std::move(val)};
  slots_ = vector_obj::conj(std::move(slots_), vector_obj::from(kv, stride_));
  total_ = static_cast<std::uint32_t>((n + 1) * chunk_cap);
}

bool ordered_table::sorted_remove(const value& cmp, const value& key) {
  std::size_t chunk, off;
  bool found;
  sorted_locate(cmp, key, chunk, off, found);
  if (!found) return false;
  std::vector<value> items = slots_.as<vector_obj>().at(chunk).as<vector_obj>().items();
  auto at = items.begin() + static_cast<std::ptrdiff_t>(off * stride_);
  items.erase(at, at + stride_);
  --live_;
  sorted_replace_chunk(chunk, std::move(items));
  return true;
}

// Re-lays out the live entries densely and rebuilds the index (none when small).
void ordered_table::rebuild() {
  const auto& old = slots_.as<vector_obj>();
  std::vector<value> items;
  items.reserve(std::size_t{live_} * stride_);
  if (live_ == total_) {
    items = old.items();
  } else {
    each([&](const value* e) {
      for (unsigned i = 0; i < stride_; ++i) items.push_back(e[i]);
      return true;
    });
  }
  slots_ = vector_obj::from(std::move(items));
  total_ = live_;
  if (index_) index_->release();
  index_ = nullptr;
  index_distinct();
}

}  // namespace ptc::lisp::detail
