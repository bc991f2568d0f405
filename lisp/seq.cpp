#include "ptc/lisp/seq.hpp"

#include "ptc/lisp/builtins/seq_support.hpp"
#include "ptc/lisp/error.hpp"
#include "ptc/lisp/list.hpp"
#include "ptc/lisp/map.hpp"
#include "ptc/lisp/set.hpp"
#include "ptc/lisp/string.hpp"
#include "ptc/lisp/vector.hpp"

namespace ptc::lisp {

namespace {

/// The box (reduced x) makes; reduce checks for type::reduced and unwraps it.
class reduced_obj final : public object {
 public:
  explicit reduced_obj(value v) : v_(std::move(v)) {}
  const value& get() const { return v_; }

 private:
  value v_;
};

// seq_iter and seq_detail::source walk collections the same way; they differ only in where the
// context comes from. The walk state is spread over their fields: `index` (vector position; map
// and set entry position, see map_obj::positions; string byte offset), `cursor` (current list
// cell or vector chunk) and `lazy` (a lazy seq's cursor). Maps and sets are read in place (the
// walk holds the collection, which never changes): taking the first item of a large map costs
// one step, not a copy of all its entries.
void start_walk(const value& coll, const void*& cursor, std::unique_ptr<lazy_seq_obj::cursor>& lazy) {
  switch (coll.kind()) {
    case type::list:
      cursor = coll.as<list_obj>().size() ? &coll.as<list_obj>() : nullptr;
      break;
    case type::lazy_seq:
      lazy = coll.as<lazy_seq_obj>().start();
      break;
    default:
      break;
  }
}

bool step_walk(context& c, const value& coll, std::size_t& index, const void*& cursor,
               std::unique_ptr<lazy_seq_obj::cursor>& lazy, value& out) {
  switch (coll.kind()) {
    case type::list: {
      if (!cursor) return false;
      const auto* cell = static_cast<const list_obj*>(cursor);
      out = cell->first();
      cursor = cell->next_cell();
      return true;
    }
    case type::vector: {
      const auto& v = coll.as<vector_obj>();
      if (index >= v.size()) return false;
      // A chunk is fetched at each 32-aligned index and holds the next (up to) 32 items.
      if ((index & 31) == 0 || !cursor) cursor = v.chunk_for(index & ~std::size_t{31});
      out = static_cast<const value*>(cursor)[index & 31];
      ++index;
      return true;
    }
    // Removed entries between live ones are skipped: a table is compacted before they outnumber
    // the live ones, so this costs O(1) per item on average.
    case type::map: {
      const auto& m = coll.as<map_obj>();
      for (std::size_t n = m.positions(); index < n;)
        if (const value* e = m.entry_at(index++)) {
          out = make_entry(e[0], e[1]);
          return true;
        }
      return false;
    }
    case type::set: {
      const auto& s = coll.as<set_obj>();
      for (std::size_t n = s.positions(); index < n;)
        if (const value* e = s.entry_at(index++)) {
          out = *e;
          return true;
        }
      return false;
    }
    case type::string: {
      const std::string& s = string_text(coll);
      if (index >= s.size()) return false;
      out = value::character(decode_utf8(s, index));
      return true;
    }
    case type::lazy_seq:
      return lazy->next(c, out);
    default:
      return false;
  }
}

}  // namespace

bool is_seqable(const value& v) {
  switch (v.kind()) {
    case type::nil:
    case type::list:
    case type::vector:
    case type::map:
    case type::set:
    case type::string:
    case type::lazy_seq:
      return true;
    default:
      return false;
  }
}

seq_iter::seq_iter(context& c, const value& coll, std::string_view fn) : c_(c), coll_(coll) {
  if (!is_seqable(coll)) errors::argument(fn, 0, "a collection", coll);
  start_walk(coll_, cursor_, lazy_);
}

seq_iter::~seq_iter() = default;

bool seq_iter::next(value& out) {
  c_.tick();
  return step_walk(c_, coll_, index_, cursor_, lazy_, out);
}

namespace seq_detail {

bool source::next(context& c, value& out) {
  if (!started_) {
    started_ = true;
    start_walk(coll_, cursor_, lazy_);
  }
  c.tick();
  return step_walk(c, coll_, index_, cursor_, lazy_, out);
}

void require_seqable(std::string_view fn, std::span<const value> a, std::size_t i) {
  if (!is_seqable(a[i])) errors::argument(fn, i, "a collection", a[i]);
}

}  // namespace seq_detail

std::vector<value> to_items(context& c, const value& coll, std::string_view fn) {
  std::vector<value> out;
  switch (coll.kind()) {
    case type::nil:
      return out;
    case type::vector:
      c.limits().tick(coll.as<vector_obj>().size());
      return coll.as<vector_obj>().items();
    case type::list:
      out.reserve(coll.as<list_obj>().size());
      c.limits().tick(coll.as<list_obj>().size());
      for (const value& x : coll.as<list_obj>()) out.push_back(x);
      return out;
    case type::lazy_seq:
      if (auto n = coll.as<lazy_seq_obj>().known_size()) {
        c.limits().preflight(static_cast<std::uint64_t>(*n) * sizeof(value));
        out.reserve(*n);
      }
      break;
    default:
      break;
  }
  seq_iter it(c, coll, fn);
  value x;
  while (it.next(x)) {
    // A lazy seq of unknown length grows this buffer without the budget seeing it; refuse to
    // grow past the memory limit instead of exhausting the machine before the step limit.
    if (out.size() == out.capacity()) c.limits().preflight((out.size() * 2 + 16) * sizeof(value));
    out.push_back(std::move(x));
  }
  return out;
}

std::size_t seq_count(context& c, const value& coll, std::string_view fn) {
  switch (coll.kind()) {
    case type::nil:
      return 0;
    case type::list:
      return coll.as<list_obj>().size();
    case type::vector:
      return coll.as<vector_obj>().size();
    case type::map:
      return coll.as<map_obj>().size();
    case type::set:
      return coll.as<set_obj>().size();
    case type::string:
      return coll.as<string_obj>().length();
    case type::lazy_seq: {
      if (auto n = coll.as<lazy_seq_obj>().known_size()) return *n;
      seq_iter it(c, coll, fn);
      std::size_t n = 0;
      value x;
      while (it.next(x)) ++n;
      return n;
    }
    default:
      errors::argument(fn, 0, "a collection", coll);
  }
}

value make_entry(value k, value v) {
  value kv[2] = {std::move(k), std::move(v)};
  return vector_obj::from(kv, 2);
}

value make_reduced(value x) {
  return value::adopt(type::reduced, make_object<reduced_obj>(0, std::move(x)));
}

const value& reduced_value(const value& r) { return r.as<reduced_obj>().get(); }

}  // namespace ptc::lisp
