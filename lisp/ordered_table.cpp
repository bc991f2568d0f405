#include "lisp/ordered_table.hpp"

#include <cstring>
#include <vector>

namespace ptc::lisp::detail {

namespace {

constexpr std::uint32_t small_limit = 8;  // entries searched linearly, without an index

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

// The index is a hash trie of 16-way branches over leaf buckets of up to 32 (hash, entry
// number) pairs. Leaves are plain data, so copying one is a memcpy; only branches hold counted
// children. Narrow branches keep the path copy of a shared table cheap: each copied branch
// retains its 16 children (atomic increments dominate the persistent assoc).
struct hash_node : object {
  explicit hash_node(bool leaf) : is_leaf(leaf) {}
  const bool is_leaf;
};

namespace {

constexpr unsigned fan_bits = 4;
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

struct hleaf final : hash_node {
  hleaf() : hash_node(true) {}
  std::uint32_t n = 0;
  ipair pairs[leaf_cap];
  // Only used once all 64 hash bits are spent (keys whose full hashes collide).
  std::vector<ipair> overflow;
};

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

hleaf* own_leaf(hash_node*& ref) {
  if (!ref) {
    ref = make_object<hleaf>(0);
  } else if (!ref->unique()) {
    auto* src = static_cast<hleaf*>(ref);
    auto* c = make_object<hleaf>(src->overflow.size() * sizeof(ipair));
    c->n = src->n;
    std::memcpy(c->pairs, src->pairs, src->n * sizeof(ipair));
    c->overflow = src->overflow;
    ref->release();
    ref = c;
  }
  return static_cast<hleaf*>(ref);
}

void insert(hash_node*& ref, unsigned shift, const ipair& p) {
  if (ref && !ref->is_leaf) {
    hbranch* b = own_branch(ref);
    insert(b->kids[chunk(p.hash, shift)], shift + fan_bits, p);
    return;
  }
  if (!ref || static_cast<hleaf*>(ref)->n < leaf_cap || shift >= 64) {
    hleaf* l = own_leaf(ref);
    if (l->n < leaf_cap) {
      l->pairs[l->n++] = p;
    } else {
      l->overflow.push_back(p);
    }
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
      if (!l->overflow.empty()) {  // refill from the overflow so the array stays dense
        l->pairs[l->n] = l->overflow.back();
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

ordered_table::~ordered_table() {
  if (index_) index_->release();
}

void ordered_table::share_from(const ordered_table& o) {
  slots_ = o.slots_;
  index_ = o.index_;
  if (index_) index_->retain();
  live_ = o.live_;
  total_ = o.total_;
}

namespace {

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

// The entry number of the pair for which pred holds, or npos.
template <class P>
std::size_t index_find(const hash_node* n, std::uint64_t h, P&& pred) {
  for (unsigned shift = 0; !n->is_leaf; shift += fan_bits) {
    n = static_cast<const hbranch*>(n)->kids[chunk(h, shift)];
    if (!n) return ordered_table::npos;
  }
  const auto* l = static_cast<const hleaf*>(n);
  for (std::uint32_t i = 0; i < l->n; ++i)
    if (l->pairs[i].hash == h && pred(l->pairs[i])) return l->pairs[i].entry;
  for (const ipair& p : l->overflow)
    if (p.hash == h && pred(p)) return p.entry;
  return ordered_table::npos;
}

}  // namespace

std::size_t ordered_table::find_hashed(std::uint64_t h, bool (*match)(const value&, const void*),
                                       const void* ctx) const {
  if (live_ == 0) return npos;
  const auto& v = slots_.as<vector_obj>();
  if (!index_) {
    for (std::size_t pos = 0, end = std::size_t{total_} * stride_; pos < end; pos += stride_) {
      const value& k = v.at(pos);
      if (!is_tombstone(k) && match(k, ctx)) return pos;
    }
    return npos;
  }
  std::size_t e = index_find(index_, h, [&](const ipair& p) {
    return match(v.at(std::size_t{p.entry} * stride_), ctx);
  });
  return e == npos ? npos : e * stride_;
}

std::size_t ordered_table::find(const value& key) const {
  if (live_ == 0) return npos;
  if (!index_) {
    const auto& v = slots_.as<vector_obj>();
    bool identity = by_identity(key.kind());
    // At most small_limit entries: they all sit in the vector's first 32-item block.
    const value* c = v.chunk_for(0);
    std::size_t end = std::size_t{total_} * stride_;
    if (identity) {
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
    e = index_find(index_, h, [&](const ipair& p) { return p.tag == kind && p.bits == bits; });
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
  std::uint64_t h = index_ ? hash(key) : 0;
  std::size_t pos = index_ ? (live_ ? find_in_index(key, h) : npos) : find(key);
  if (pos != npos) {
    if (stride_ == 2) slots_ = vector_obj::assoc(std::move(slots_), pos + 1, std::move(val));
    return;
  }
  std::uint32_t entry = total_;
  ipair p{};
  if (index_) p = make_pair_for(key, h, entry);
  slots_ = vector_obj::conj(std::move(slots_), std::move(key));
  if (stride_ == 2) slots_ = vector_obj::conj(std::move(slots_), std::move(val));
  ++total_;
  ++live_;
  if (index_) {
    insert(index_, 0, p);
  } else if (total_ > small_limit) {
    rebuild();
  }
}

bool ordered_table::remove(const value& key) {
  std::size_t pos = find(key);
  if (pos == npos) return false;
  if (index_) erase(index_, 0, hash(key), static_cast<std::uint32_t>(pos / stride_));
  slots_ = vector_obj::assoc(std::move(slots_), pos, tombstone());
  if (stride_ == 2) slots_ = vector_obj::assoc(std::move(slots_), pos + 1, value());
  --live_;
  std::uint32_t dead = total_ - live_;
  // Trailing tombstones are simply dropped; otherwise compact once most slots are dead.
  if (pos / stride_ + 1 == total_) {
    while (total_ > 0 && is_tombstone(slot(std::size_t{total_ - 1} * stride_))) {
      for (unsigned i = 0; i < stride_; ++i) slots_ = vector_obj::pop(std::move(slots_));
      --total_;
    }
    if (total_ <= small_limit && index_) {
      index_->release();
      index_ = nullptr;
    }
  } else if (dead > live_ && dead > small_limit / 2) {
    rebuild();
  }
  return true;
}

// Re-lays out the live entries densely and rebuilds the index (or drops it when small).
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
  if (total_ <= small_limit) return;
  const auto& v = slots_.as<vector_obj>();
  for (std::uint32_t e = 0; e < total_; ++e) {
    const value& k = v.at(std::size_t{e} * stride_);
    insert(index_, 0, make_pair_for(k, hash(k), e));
  }
}

}  // namespace ptc::lisp::detail
