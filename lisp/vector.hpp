#pragma once
// Persistent vectors: a 32-way trie with a tail, as in Clojure. conj, assoc and pop are
// O(log32 n) and share structure; nth is O(log32 n) (effectively constant).
//
// A vector made whole at once with up to 32 items (a literal, mapv, a map's slots) keeps them
// in the vector object itself: one allocation instead of the object and a tail leaf. Growing
// past that room, or a copy-on-write copy, moves the tail into a leaf as usual.
#include <algorithm>
#include <memory>
#include <vector>

#include "ptc/lisp/value.hpp"

namespace ptc::lisp {

class vector_obj final : public object {
 public:
  /// The empty vector [] (immortal).
  static value empty();
  static value from(std::vector<value>&& items);
  static value from(const value* first, std::size_t n);
  /// The same, moving the items out of [first, first + n).
  static value from_moved(value* first, std::size_t n);

  std::size_t size() const { return count_; }
  /// Item i; the caller checked i < size().
  const value& at(std::size_t i) const;

  /// A vector with x appended. Reuses `v`'s storage in place when `v` holds the only reference.
  static value conj(value v, value x);
  /// A vector with item i replaced (i < size) or appended (i == size).
  static value assoc(value v, std::size_t i, value x);
  /// A vector without its last item; the caller checked size() > 0.
  static value pop(value v);
  /// Item i (i < size) of `v` made changeable: `v` becomes a vector only the caller holds
  /// (itself when unique, else a copy sharing what it can) and the nodes on the way to item i
  /// are owned by it. The pointer stays valid until `v` changes again. For "take, update,
  /// put back" updates of nested collections.
  static value* mutable_at(value& v, std::size_t i);

  /// Visits items in order; stops early when f returns false.
  template <class F>
  bool each(F&& f) const {
    for (std::size_t i = 0; i < count_;) {
      const value* chunk = chunk_for(i);
      std::size_t n = std::min<std::size_t>(32 - (i & 31), count_ - i);
      for (std::size_t j = 0; j < n; ++j)
        if (!f(chunk[j])) return false;
      i += n;
    }
    return true;
  }
  /// Items in order as a plain vector.
  std::vector<value> items() const;
  /// The cached hash (value.cpp).
  const detail::hash_cache& cached_hash() const { return hash_; }

  struct node;
  vector_obj();
  /// An empty vector object with room for inline_cap items (see the file comment).
  explicit vector_obj(std::uint32_t inline_cap);
  ~vector_obj() override;
  // Allocated by make_object_sized with room for inline_cap_ items only (vector.cpp).
  static void operator delete(void* p) { ::operator delete(p); }

  /// A pointer to item i (i < size()); the items up to the end of its aligned block of 32
  /// (index i | 31, or size() - 1) follow it contiguously.
  const value* chunk_for(std::size_t i) const;

 private:
  friend struct vector_access;
  static constexpr std::size_t inline_max = 32;

  std::size_t count_ = 0;
  unsigned shift_ = 5;
  std::uint32_t inline_cap_ = 0;  // items this object has room for (see the file comment)
  node* root_ = nullptr;   // owned
  node* tail_ = nullptr;   // owned; null while the tail is inline_ (when inline_cap_ > 0)
  std::size_t tail_count_ = 0;
  detail::hash_cache hash_;
  union {
    value inline_[inline_max];  // only inline_[0 .. inline_cap_) exist; the last member
  };
};

}  // namespace ptc::lisp
