#pragma once
// Lazy sequences: the generators (range without end or with a huge one, iterate, repeat, cycle,
// repeatedly). Every other sequence function is eager (spec: deliberate difference 1). A lazy
// seq is an immutable recipe: each traversal starts a fresh cursor. Consumers (take, first, nth,
// some, reduce, ...) pull items one at a time and tick the budget, so realising an infinite one
// ends in a step, time or memory limit error rather than a hang.
#include <memory>
#include <optional>

#include "ptc/lisp/value.hpp"

namespace ptc::lisp {

class context;

class lazy_seq_obj : public object {
 public:
  class cursor {
   public:
    virtual ~cursor() = default;
    /// Produces the next item into `out`; false at the end.
    virtual bool next(context& c, value& out) = 0;
  };
  virtual std::unique_ptr<cursor> start() const = 0;
  /// The number of items when finite and known without realising; nullopt otherwise.
  virtual std::optional<std::size_t> known_size() const { return std::nullopt; }
};

}  // namespace ptc::lisp
