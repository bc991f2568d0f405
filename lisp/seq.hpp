#pragma once
// Walking any seqable value: nil (empty), lists, vectors, maps (entries as [k v] vectors), sets,
// strings (characters) and lazy seqs. Builtins that loop over user data use seq_iter, which
// ticks the budget once per item, so no loop escapes the step and time limits.
#include <memory>
#include <string_view>
#include <vector>

#include "ptc/lisp/context.hpp"
#include "ptc/lisp/lazy_seq.hpp"
#include "ptc/lisp/value.hpp"

namespace ptc::lisp {

bool is_seqable(const value& v);

class seq_iter {
 public:
  /// Throws an argument error naming `fn` when `coll` is not seqable.
  seq_iter(context& c, const value& coll, std::string_view fn = "seq");
  ~seq_iter();
  seq_iter(const seq_iter&) = delete;
  seq_iter& operator=(const seq_iter&) = delete;
  /// The next item into `out`; false at the end.
  bool next(value& out);

 private:
  context& c_;
  value coll_;
  std::size_t index_ = 0;
  const void* cursor_ = nullptr;  // list cell or vector chunk
  std::unique_ptr<lazy_seq_obj::cursor> lazy_;
};

/// All items of a finite seqable, in order (an infinite lazy seq ends in a limit error).
std::vector<value> to_items(context& c, const value& coll, std::string_view fn = "seq");
/// The count of a seqable (O(1) for collections and strings; realises lazy seqs).
std::size_t seq_count(context& c, const value& coll, std::string_view fn = "count");
/// A [k v] vector, as map entries appear in sequences.
value make_entry(value k, value v);

/// (reduced x): the box reduce stops at. A heap object of type::reduced holding x.
value make_reduced(value x);
/// The value inside a reduced box.
const value& reduced_value(const value& r);

}  // namespace ptc::lisp
