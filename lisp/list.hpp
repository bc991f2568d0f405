#pragma once
// Lists: what realised sequences are (map, filter, for, ... return them; they print as (a b)).
// A persistent singly linked list with a count in every cell: cons and rest are O(1), count is
// O(1), nth is O(n). Freeing a long list is iterative.
#include <vector>

#include "lisp/value.hpp"

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

  std::size_t size() const { return count_; }
  /// First item; nil for the empty list.
  const value& first() const { return first_; }
  /// The rest as a list value (the empty list when size() <= 1).
  value rest() const;
  const list_obj* next_cell() const { return rest_; }

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

 private:
  value first_;
  const list_obj* rest_;  // owned reference, or null at the end
  std::size_t count_;
};

}  // namespace ptc::lisp
