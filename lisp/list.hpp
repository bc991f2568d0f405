#pragma once
// Lists: what realised sequences are (map, filter, for, ... return them; they print as (a b)).
// A persistent singly linked list with a count in every cell: cons and rest are O(1), count is
// O(1), nth is O(n). Freeing a long list is iterative.
#include <vector>

#include "ptc/lisp/value.hpp"

namespace ptc::lisp {

class list_obj final : public object {
 public:
  /// The empty list () (immortal).
  static value empty();
  /// (cons x tail) where `tail` is a list value.
  static value cons(value x, value tail);
  /// A list with these items, in order.
  static value from(std::vector<value>&& items);
  static value from(const value* first, std::size_t n);
  /// The list item_at(0) .. item_at(n - 1), built last cell first with no intermediate buffer
  /// (item_at must not throw).
  template <class F>
  static value generate(std::size_t n, F&& item_at) {
    if (n == 0) return empty();
    const list_obj* cell = nullptr;
    for (std::size_t i = n; i-- > 0;) cell = make_object<list_obj>(0, item_at(i), cell, n - i);
    return value::adopt(type::list, const_cast<list_obj*>(cell));
  }

  std::size_t size() const { return count_; }
  /// First item; nil for the empty list.
  const value& first() const { return first_; }
  /// The rest as a list value (the empty list when size() <= 1).
  value rest() const;
  const list_obj* next_cell() const { return rest_; }
  /// The cached hash of the list starting at this cell (value.cpp).
  const detail::hash_cache& cached_hash() const { return hash_; }

  class iterator {
   public:
    explicit iterator(const list_obj* c) : c_(c) {}
    const value& operator*() const { return c_->first_; }
    iterator& operator++() { c_ = c_->rest_; return *this; }
    bool operator!=(const iterator& o) const { return c_ != o.c_; }
   private:
    const list_obj* c_;
  };
  iterator begin() const { return iterator(count_ ? this : nullptr); }
  iterator end() const { return iterator(nullptr); }

  list_obj(value first, const list_obj* rest, std::size_t count);
  ~list_obj() override;

  // Cells come from a per-thread free list: eager seqs make and free them by the thousand,
  // and a general-purpose malloc/free pair costs more than the rest of a cell's life.
  static void* operator new(std::size_t n);
  static void operator delete(void* p, std::size_t n) noexcept;

 private:
  friend class list_builder;
  value first_;
  const list_obj* rest_;  // owned reference, or null at the end
  std::size_t count_;
  detail::hash_cache hash_;
};

/// Builds a list front to back when its length is not known in advance (filter, map over a
/// list, ...), with no intermediate buffer: a large temporary array costs an allocation, a copy
/// per item and, when freed, a malloc consolidation. Cells are linked as they come; finish()
/// writes their counts. An abandoned builder (an error mid-way) frees what it built.
class list_builder {
 public:
  list_builder() = default;
  list_builder(const list_builder&) = delete;
  list_builder& operator=(const list_builder&) = delete;
  ~list_builder() {
    if (head_) head_->release();
  }
  void push(value x) {
    auto* cell = make_object<list_obj>(0, std::move(x), nullptr, 0);
    if (tail_) tail_->rest_ = cell;
    else head_ = cell;
    tail_ = cell;
    ++n_;
  }
  std::size_t size() const { return n_; }
  /// The list of the pushed items; the builder is empty afterwards.
  value finish();

 private:
  list_obj* head_ = nullptr;
  list_obj* tail_ = nullptr;
  std::size_t n_ = 0;
};

}  // namespace ptc::lisp
