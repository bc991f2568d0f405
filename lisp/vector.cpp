#include "ptc/lisp/vector.hpp"

#include <bit>

namespace ptc::lisp {

// Trie nodes are objects themselves, so vectors share them by reference count, and a node with
// count 1 belongs to exactly one vector, which may then change it in place.
struct vector_obj::node : object {};

namespace {

using vnode = vector_obj::node;
constexpr unsigned bits = 5;
constexpr std::size_t width = 32;
constexpr std::size_t mask = 31;

// A leaf holds up to 32 items; its capacity is chosen at allocation. Trie leaves are always full
// (32); the tail of a small vector gets just the room it needs (a 3-item vector's leaf is 80
// bytes, not 544) and grows by doubling, so building by conj stays amortised O(1).
struct leaf final : vnode {
  explicit leaf(std::uint32_t c) : cap(c) {
    for (std::uint32_t i = 0; i < cap; ++i) new (&v[i]) value();
  }
  ~leaf() override {
    for (std::uint32_t i = 0; i < cap; ++i) v[i].~value();
  }
  // Allocated by make_object_sized with room for `cap` items only.
  static void operator delete(void* p) { ::operator delete(p); }

  std::uint32_t cap;
  union {
    value v[width];  // only v[0..cap) exist
  };
};

struct branch final : vnode {
  vnode* k[width] = {};  // owned
  ~branch() override {
    for (vnode* c : k)
      if (c) c->release();  // queued by object::destroy: no deep recursion
  }
};

leaf* as_leaf(vnode* n) { return static_cast<leaf*>(n); }
branch* as_branch(vnode* n) { return static_cast<branch*>(n); }

// The items are the last member and fill the struct's end (no tail padding: 512 bytes, 8-aligned).
constexpr std::size_t leaf_header = sizeof(leaf) - width * sizeof(value);

leaf* new_leaf(std::size_t cap = width) {
  return make_object_sized<leaf>(leaf_header + cap * sizeof(value), static_cast<std::uint32_t>(cap));
}
branch* new_branch() { return make_object<branch>(0); }

/// The capacity for a tail that must hold `need` items: a power of two from 8, at most 32
/// (fewer steps of growth for a vector built by conj; from() sizes exactly).
std::size_t tail_cap(std::size_t need) { return need <= 8 ? 8 : std::min(width, std::bit_ceil(need)); }

branch* copy_branch(const branch* b) {
  branch* c = new_branch();
  for (std::size_t i = 0; i < width; ++i) {
    c->k[i] = b->k[i];
    if (c->k[i]) c->k[i]->retain();
  }
  return c;
}

leaf* copy_leaf(const leaf* l, std::size_t n, std::size_t cap) {
  leaf* c = new_leaf(cap);
  for (std::size_t i = 0; i < n; ++i) c->v[i] = l->v[i];
  return c;
}

// Makes *slot a leaf this vector alone owns (copying the first n items when shared).
leaf* own_leaf(vnode*& slot, std::size_t n) {
  if (!slot) {
    slot = new_leaf();
  } else if (!slot->unique()) {
    leaf* c = copy_leaf(as_leaf(slot), n, as_leaf(slot)->cap);
    slot->release();
    slot = c;
  }
  return as_leaf(slot);
}

// Makes *slot (a tail holding n items) a leaf this vector alone owns with room for `need` items.
leaf* own_tail(vnode*& slot, std::size_t n, std::size_t need) {
  if (!slot) {
    slot = new_leaf(tail_cap(need));
  } else if (!slot->unique()) {
    leaf* c = copy_leaf(as_leaf(slot), n, std::max<std::size_t>(as_leaf(slot)->cap, tail_cap(need)));
    slot->release();
    slot = c;
  } else if (as_leaf(slot)->cap < need) {
    leaf* old = as_leaf(slot);
    leaf* c = new_leaf(tail_cap(need));
    for (std::size_t i = 0; i < n; ++i) c->v[i] = std::move(old->v[i]);
    old->release();
    slot = c;
  }
  return as_leaf(slot);
}

branch* own_branch(vnode*& slot) {
  if (!slot) {
    slot = new_branch();
  } else if (!slot->unique()) {
    branch* c = copy_branch(as_branch(slot));
    slot->release();
    slot = c;
  }
  return as_branch(slot);
}

vnode* new_path(unsigned level, vnode* n) {
  while (level > 0) {
    branch* b = new_branch();
    b->k[0] = n;
    n = b;
    level -= bits;
  }
  return n;
}

}  // namespace

// Gives the static functions access to the private fields.
struct vector_access {
  // The bytes of a vector object without inline items (they are its last member and, 8-aligned,
  // leave no tail padding).
  static constexpr std::size_t header = sizeof(vector_obj) - vector_obj::inline_max * sizeof(value);
  static std::size_t tailoff(const vector_obj& v) { return v.count_ - v.tail_count_; }

  /// A new empty vector object with room for n inline items.
  static vector_obj* make(std::size_t n) {
    return make_object_sized<vector_obj>(header + n * sizeof(value), static_cast<std::uint32_t>(n));
  }
  static bool inline_tail(const vector_obj& self) { return !self.tail_ && self.inline_cap_ > 0; }
  /// The tail's items (inline or in the tail leaf); null for a vector without items.
  static const value* tail_items(const vector_obj& self) {
    if (self.tail_) return as_leaf(self.tail_)->v;
    return self.inline_cap_ ? self.inline_ : nullptr;
  }

  /// The tail's items made changeable in place, with room for `need` items: inline while they
  /// fit, else in a leaf this vector alone owns (see own_tail).
  static value* own_tail_items(vector_obj& self, std::size_t need) {
    if (inline_tail(self)) {
      if (need <= self.inline_cap_) return self.inline_;
      self.tail_ = take_inline(self, tail_cap(need));
      return as_leaf(self.tail_)->v;
    }
    return own_tail(self.tail_, self.tail_count_, need)->v;
  }

  /// A leaf with room for cap items holding the inline tail's items (moved out).
  static leaf* take_inline(vector_obj& self, std::size_t cap) {
    leaf* l = new_leaf(cap);
    for (std::size_t i = 0; i < self.tail_count_; ++i) l->v[i] = std::move(self.inline_[i]);
    return l;
  }

  // A vector that the caller may change in place: `v` itself when unique, else a shallow copy
  // that shares every node (nodes are then copied on the way down as needed).
  // An inline tail cannot be shared: the copy gets its own, with room for one more item (the
  // usual change is a conj).
  static vector_obj& own(value& v) {
    if (!v.obj()->unique()) {
      const auto& src = v.as<vector_obj>();
      bool copy_inline = inline_tail(src);
      auto* c = make(copy_inline ? std::min(width, src.tail_count_ + 1) : 0);
      c->count_ = src.count_;
      c->shift_ = src.shift_;
      c->root_ = src.root_;
      if (c->root_) c->root_->retain();
      if (copy_inline) {
        for (std::size_t i = 0; i < src.tail_count_; ++i) c->inline_[i] = src.inline_[i];
      } else {
        c->tail_ = src.tail_;
        if (c->tail_) c->tail_->retain();
      }
      c->tail_count_ = src.tail_count_;
      v = value::adopt(type::vector, c);
    }
    auto& self = *static_cast<vector_obj*>(v.obj());
    self.hash_.reset();  // the caller is about to change it
    return self;
  }

  static void push_tail(vector_obj& self, unsigned level, vnode*& slot, vnode* full_tail) {
    branch* p = own_branch(slot);
    std::size_t sub = ((self.count_ - 1) >> level) & mask;
    if (level == bits) {
      p->k[sub] = full_tail;
    } else if (p->k[sub]) {
      push_tail(self, level - bits, p->k[sub], full_tail);
    } else {
      p->k[sub] = new_path(level - bits, full_tail);
    }
  }

  static void push(vector_obj& self, value x) {
    if (self.tail_count_ < width) {
      own_tail_items(self, self.tail_count_ + 1)[self.tail_count_] = std::move(x);
      ++self.tail_count_;
      ++self.count_;
      return;
    }
    tail_into_trie(self);
    leaf* t = new_leaf(width);  // the vector has 32+ items: a full-size tail from the start
    t->v[0] = std::move(x);
    self.tail_ = t;
    self.tail_count_ = 1;
    ++self.count_;
  }

  // Moves the full tail into the trie; the caller sets a new tail.
  static void tail_into_trie(vector_obj& self) {
    vnode* full_tail = inline_tail(self) ? take_inline(self, width) : self.tail_;
    self.tail_ = nullptr;
    if ((self.count_ >> bits) > (std::size_t{1} << self.shift_)) {
      branch* root = new_branch();
      root->k[0] = self.root_;
      root->k[1] = new_path(self.shift_, full_tail);
      self.root_ = root;
      self.shift_ += bits;
    } else {
      push_tail(self, self.shift_, self.root_, full_tail);
    }
  }

  // Fills a new, empty vector (no inline room) with get(0) .. get(n - 1), n > 32, a leaf of 32 at
  // a time: no per-item capacity or ownership checks.
  template <class Get>
  static void fill_blocks(vector_obj& self, std::size_t n, Get& get) {
    for (std::size_t i = 0; i < n;) {
      if (self.tail_count_ == width) tail_into_trie(self);
      const std::size_t m = std::min(width, n - i);
      leaf* t = new_leaf(width);
      for (std::size_t j = 0; j < m; ++j) t->v[j] = get(i + j);  // copying or moving a value never throws
      self.tail_ = t;
      self.tail_count_ = m;
      self.count_ += m;
      i += m;
    }
  }

  static value* slot_of(vector_obj& self, std::size_t i) {
    if (i >= tailoff(self)) return &own_tail_items(self, self.tail_count_)[i - tailoff(self)];
    vnode** slot = &self.root_;
    for (unsigned level = self.shift_; level > 0; level -= bits)
      slot = &own_branch(*slot)->k[(i >> level) & mask];
    return &own_leaf(*slot, width)->v[i & mask];
  }

  static void set(vector_obj& self, std::size_t i, value x) { *slot_of(self, i) = std::move(x); }

  // Fills the tail of a new, empty vector made with room for n <= 32 inline items with get(0) ..
  // get(n - 1).
  template <class Get>
  static void fill_tail(vector_obj& self, std::size_t n, Get& get) {
    for (std::size_t i = 0; i < n; ++i) self.inline_[i] = get(i);  // copying or moving a value never throws
    self.tail_count_ = n;
    self.count_ = n;
  }

  // Removes the last leaf of the trie (the one holding item count_-2's block); false when the
  // node at `slot` became empty and was released.
  static bool pop_tail(vector_obj& self, unsigned level, vnode*& slot) {
    branch* b = own_branch(slot);
    std::size_t sub = ((self.count_ - 2) >> level) & mask;
    if (level > bits) {
      if (pop_tail(self, level - bits, b->k[sub])) return true;
    } else {
      b->k[sub]->release();
      b->k[sub] = nullptr;
    }
    if (sub == 0) {
      slot->release();
      slot = nullptr;
      return false;
    }
    return true;
  }

  static void pop(vector_obj& self) {
    if (self.tail_count_ > 1) {
      own_tail_items(self, self.tail_count_)[self.tail_count_ - 1] = value();
      --self.tail_count_;
      --self.count_;
      return;
    }
    // The tail empties: the trie's last leaf becomes the tail.
    vnode* new_tail = leaf_for(self, self.count_ - 2);
    new_tail->retain();
    if (self.tail_) self.tail_->release();
    else self.inline_[0] = value();
    self.tail_ = new_tail;
    self.tail_count_ = width;
    if (!pop_tail(self, self.shift_, self.root_)) {
      self.root_ = nullptr;
    } else if (self.shift_ > bits && !as_branch(self.root_)->k[1]) {
      vnode* child = as_branch(self.root_)->k[0];
      child->retain();
      self.root_->release();
      self.root_ = child;
      self.shift_ -= bits;
    }
    --self.count_;
  }

  // The trie leaf holding item i < tailoff.
  static vnode* leaf_for(const vector_obj& self, std::size_t i) {
    vnode* n = self.root_;
    for (unsigned level = self.shift_; level > 0; level -= bits) n = as_branch(n)->k[(i >> level) & mask];
    return n;
  }
};

vector_obj::vector_obj() {}

vector_obj::vector_obj(std::uint32_t inline_cap) : inline_cap_(inline_cap) {
  for (std::uint32_t i = 0; i < inline_cap_; ++i) new (&inline_[i]) value();
}

vector_obj::~vector_obj() {
  if (root_) root_->release();
  if (tail_) tail_->release();
  for (std::uint32_t i = 0; i < inline_cap_; ++i) inline_[i].~value();
}

value vector_obj::empty() {
  static vector_obj* e = [] {
    auto* o = new vector_obj();
    o->make_immortal();
    return o;
  }();
  return value::adopt(type::vector, e);
}

// Up to 32 items fill the tail directly: no per-item ownership or capacity checks.
template <class Get>
value small_vector(std::size_t n, Get&& get) {
  value out = value::adopt(type::vector, vector_access::make(n));
  auto& self = *static_cast<vector_obj*>(out.obj());
  vector_access::fill_tail(self, n, get);
  return out;
}

// More than 32 items: whole leaves at a time.
template <class Get>
value large_vector(std::size_t n, Get&& get) {
  value out = value::adopt(type::vector, vector_access::make(0));
  vector_access::fill_blocks(*static_cast<vector_obj*>(out.obj()), n, get);
  return out;
}

value vector_obj::from(std::vector<value>&& items) {
  if (items.empty()) return empty();
  if (items.size() <= width) return small_vector(items.size(), [&](std::size_t i) { return std::move(items[i]); });
  return large_vector(items.size(), [&](std::size_t i) { return std::move(items[i]); });
}

value vector_obj::from(const value* first, std::size_t n) {
  if (n == 0) return empty();
  if (n <= width) return small_vector(n, [&](std::size_t i) { return first[i]; });
  return large_vector(n, [&](std::size_t i) { return first[i]; });
}

value vector_obj::from_moved(value* first, std::size_t n) {
  if (n == 0) return empty();
  if (n <= width) return small_vector(n, [&](std::size_t i) { return std::move(first[i]); });
  return large_vector(n, [&](std::size_t i) { return std::move(first[i]); });
}

// A tail starts at a multiple of 32, so i & mask is also an index into the tail's items.
const value& vector_obj::at(std::size_t i) const { return *chunk_for(i); }

const value* vector_obj::chunk_for(std::size_t i) const {
  if (i >= vector_access::tailoff(*this)) return &vector_access::tail_items(*this)[i & mask];
  return &as_leaf(vector_access::leaf_for(*this, i))->v[i & mask];
}

value vector_obj::conj(value v, value x) {
  vector_access::push(vector_access::own(v), std::move(x));
  return v;
}

value vector_obj::assoc(value v, std::size_t i, value x) {
  if (i == v.as<vector_obj>().count_) return conj(std::move(v), std::move(x));
  vector_access::set(vector_access::own(v), i, std::move(x));
  return v;
}

value* vector_obj::mutable_at(value& v, std::size_t i) {
  return vector_access::slot_of(vector_access::own(v), i);
}

value vector_obj::pop(value v) {
  if (v.as<vector_obj>().count_ <= 1) return empty();
  vector_access::pop(vector_access::own(v));
  return v;
}

std::vector<value> vector_obj::items() const {
  std::vector<value> out;
  out.reserve(count_);
  each([&](const value& x) {
    out.push_back(x);
    return true;
  });
  return out;
}

}  // namespace ptc::lisp
