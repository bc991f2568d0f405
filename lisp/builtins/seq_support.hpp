#pragma once
// Shared machinery of the sequence builtins (builtins/seq*.cpp): fast item loops, argument
// checks, and the small lazy-seq building blocks the transforms over infinite inputs use.
//
// Context: the spec makes sequence functions eager, yet (first (filter even? (range))) must
// work. Decision: a transform over a lazy input returns a lazy seq wrapping the input's cursor;
// over any finite input (at least one finite input, for map/interleave) it returns a realised
// list. Lazy inputs are only ever the generators and transforms of them, so "lazy" means "too
// big or infinite to realise".
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include "ptc/lisp/builtin.hpp"
#include "ptc/lisp/context.hpp"
#include "ptc/lisp/keyword_lookup.hpp"
#include "ptc/lisp/lazy_seq.hpp"
#include "ptc/lisp/list.hpp"
#include "ptc/lisp/seq.hpp"
#include "ptc/lisp/value.hpp"
#include "ptc/lisp/vector.hpp"

namespace ptc::lisp::seq_detail {

/// Raises "<fn>: argument i+1 must be a collection, got ..." unless a[i] is seqable.
void require_seqable(std::string_view fn, std::span<const value> a, std::size_t i);

/// Calls f(item) for each item of a seqable, ticking once per item; stops when f returns false.
/// Vectors and lists are walked directly (no per-item indirection); the rest via seq_iter.
template <class F>
void for_each_item(context& c, const value& coll, std::string_view fn, F&& f) {
  switch (coll.kind()) {
    case type::nil:
      return;
    case type::vector:
      coll.as<vector_obj>().each([&](const value& x) {
        c.tick();
        return static_cast<bool>(f(x));
      });
      return;
    case type::list:
      for (const value& x : coll.as<list_obj>()) {
        c.tick();
        if (!f(x)) return;
      }
      return;
    default: {
      seq_iter it(c, coll, fn);
      value x;
      while (it.next(x))
        if (!f(static_cast<const value&>(x))) return;
    }
  }
}

/// An integer range (range a), (range a b) or (range a b step) that would be realised as a
/// list, described instead of made: start, start + step, ... (n items).
struct int_range {
  std::int64_t start = 0;
  std::int64_t step = 1;
  std::size_t n = 0;
};

/// The range (range ...) makes of these arguments when it is a realised list of integers
/// (integer arguments, a nonzero step, at most the eager limit of items); none otherwise (the
/// range builtin then answers: doubles, a lazy or repeating range, or an argument error).
std::optional<int_range> eager_int_range(std::span<const value> a);

/// The items of an integer range, ticking once per item as for a collection.
template <class F>
void for_each_item(context& c, const int_range& r, std::string_view /*fn*/, F&& f) {
  for (std::size_t i = 0; i < r.n; ++i) {
    c.tick();
    if (!f(value::integer(r.start + static_cast<std::int64_t>(i) * r.step))) return;
  }
}

/// The items of `range` when it is given (a range the analyzer fused into its consumer: never
/// made), else of `coll`.
template <class F>
void for_each_item(context& c, const value& coll, const int_range* range, std::string_view fn, F&& f) {
  if (range) for_each_item(c, *range, fn, f);
  else for_each_item(c, coll, fn, f);
}

/// What consumes a range the analyzer fused into its consumer ((map f (range n)) and kin).
enum class range_use : std::uint8_t { map, mapv, filter, filterv, remove, reduce, vec, set, into };

/// (use f... (range ...)) as the builtin would compute it over the realised range, without
/// making its list. `a` holds the arguments before the collection: (f) for map, mapv, filter,
/// filterv, remove and a two-argument reduce, (f init) for a three-argument reduce, whose
/// accumulator is handed over as `init` (a[1] may be moved-from); nothing for vec and set; for
/// a two-argument into, its target, handed over as `init` (a[0] may be moved-from).
value over_int_range(context& c, range_use use, std::span<const value> a, const int_range& r, value init = {});

/// The list (range ...) makes for `r` (for a pipeline that must run stage by stage after all).
value realise(context& c, const int_range& r);

/// A stage of a pipeline the analyzer fused (stage_fused_node): (map f xs), (filter f xs) or
/// (remove f xs) with `fn` the value of f.
struct fused_stage {
  enum kind_t : std::uint8_t { map, filter, remove } kind;
  const value* fn;
  /// Set for a keyword stage that reads a field of a record the pipeline does not make
  /// (context.hpp: elided_record): the stage's answer for every item, instead of calling fn.
  const value* field = nullptr;
};
/// What takes the items a fused pipeline lets through: reduce, count, a realised list (map,
/// filter, remove), vector (mapv, filterv, vec) or set (set) of them, or into: conj'ed onto the
/// target given as run_fused's `acc` (handed over: it grows in place once no one else holds it).
enum class fused_sink : std::uint8_t { reduce, count, list, vector, set, into };

/// Whether run_fused runs these: `coll` a list, a vector or nil; each stage's function a keyword
/// or a function; a reduce's function a function. Otherwise the builtins run stage by stage.
bool fusable(const value& coll, std::span<const fused_stage> stages, const value* reduce_fn);

/// Each item of `coll` (or, when `range` is given, of that integer range, which is not made)
/// through the stages (innermost first) in turn, then into the sink, with no seq made between
/// the stages: what the builtins answer stage by stage when the stages' calls cannot be told
/// apart from those (the analyzer's effect analysis decides). A reduce sink has `reduce_fn`
/// and, when `have`, the initial accumulator `acc` (handed over: in place updates).
value run_fused(context& c, const value& coll, const int_range* range, std::span<const fused_stage> stages,
                fused_sink sink, const value* reduce_fn, bool have, value acc);

/// (f x) without copying x into an argument list (a copy is two atomic refcount operations,
/// a visible cost in map/filter over 10,000 items).
inline value call1(context& c, const value& f, const value& x) {
  return c.call(f, std::span<const value>(&x, 1));
}

/// (kw x) for a keyword kw, as call1 answers it, with a map looked up directly; `hint` is the
/// loop's entry position hint (keyword_lookup.hpp).
inline value call1_keyword(context& c, const value& kw, const value& x, std::uint32_t& hint) {
  if (!x.is(type::map)) return call1(c, kw, x);
  const value* v = keyword_find(x.as<map_obj>(), kw, hint);
  return v ? *v : value();
}

/// True for a lazy seq (a generator or a transform of one): consumers must not realise it.
inline bool is_lazy(const value& v) { return v.is(type::lazy_seq); }

/// A list value from items.
inline value list_of(std::vector<value>&& items) { return list_obj::from(std::move(items)); }

/// Pulls items of any seqable one at a time with the context given at each step (lazy cursors
/// receive their context per call, so they cannot hold a seq_iter). Ticks once per item.
class source {
 public:
  explicit source(value coll) : coll_(std::move(coll)) {}
  bool next(context& c, value& out);

 private:
  value coll_;
  bool started_ = false;
  std::size_t index_ = 0;
  const void* cursor_ = nullptr;
  std::unique_ptr<lazy_seq_obj::cursor> lazy_;
};

/// A cursor whose step is a callable bool(context&, value&) holding its own mutable state.
template <class F>
class fn_cursor final : public lazy_seq_obj::cursor {
 public:
  explicit fn_cursor(F f) : f_(std::move(f)) {}
  bool next(context& c, value& out) override { return f_(c, out); }

 private:
  F f_;
};

template <class F>
std::unique_ptr<lazy_seq_obj::cursor> make_cursor(F f) {
  return std::make_unique<fn_cursor<F>>(std::move(f));
}

/// A lazy seq whose recipe is a callable returning a fresh cursor (it captures its inputs).
template <class S>
class fn_seq final : public lazy_seq_obj {
 public:
  fn_seq(S start, std::optional<std::size_t> size) : start_(std::move(start)), size_(size) {}
  std::unique_ptr<cursor> start() const override { return start_(); }
  std::optional<std::size_t> known_size() const override { return size_; }

 private:
  S start_;
  std::optional<std::size_t> size_;
};

template <class S>
value make_lazy(S start, std::optional<std::size_t> size = std::nullopt) {
  return value::adopt(type::lazy_seq, make_object<fn_seq<S>>(0, std::move(start), size));
}

/// Appends x to a result buffer whose final size is not known in advance (items pulled from a
/// lazy seq), refusing to grow it past the memory limit: std::vector storage is not charged to
/// the budget, so an infinite input would otherwise exhaust the machine before the step limit.
inline void push_checked(context& c, std::vector<value>& out, value x) {
  if (out.size() == out.capacity()) c.limits().preflight((out.size() * 2 + 16) * sizeof(value));
  out.push_back(std::move(x));
}

/// One implementation for both shapes: `start()` returns a cursor over the result. Over a lazy
/// input the result is a lazy seq of that recipe; otherwise the cursor is run to the end now
/// and its items become a list.
template <class Start>
value realise_or_lazy(context& c, bool lazy, Start start) {
  if (lazy) return make_lazy(std::move(start));
  auto cur = start();
  std::vector<value> out;
  value x;
  while (cur->next(c, x)) {
    c.tick();  // a cursor may emit without pulling input (a zero partition step)
    push_checked(c, out, std::move(x));
  }
  return list_of(std::move(out));
}

/// A lazy seq of the items of `coll` (any seqable) after the first n.
value lazy_drop(value coll, std::size_t n);
/// (cons x coll) over a lazy coll.
value lazy_cons(value x, value coll);
/// Items of each of `colls` in turn, lazily.
value lazy_concat(std::vector<value> colls);
/// (repeat x) without end.
value lazy_repeat(value x);

/// The builtin tables of each file of the family; register_core_seq adds them all.
std::span<const builtin_def> access_defs();     // seq.cpp: first, rest, nth, count, seq, ...
std::span<const builtin_def> transform_defs();  // seq_transform.cpp: map, filter, reduce, ...

/// (reduce f init coll) with `a` = (f init coll) and the accumulator handed over as `init`
/// (a[1] may be moved-from): when nothing else holds it, the calls update it in place. The
/// analyzer calls it for a 3-argument reduce, whose argument temporaries it owns.
value reduce_owned(context& c, std::span<const value> a, value init);
std::span<const builtin_def> slice_defs();      // seq_slice.cpp: take, drop, partition, ...
std::span<const builtin_def> sort_defs();       // seq_sort.cpp: sort, distinct, group-by, ...
std::span<const builtin_def> lazy_defs();       // seq_lazy.cpp: range, iterate, repeat, ...
std::span<const builtin_def> transduce_defs();  // transduce.cpp: transduce, completing, cat, ...

/// The transducer arities of the sequence functions (transduce.cpp): (map f), (filter p), ...
/// Each returns a function of a reducing function, as in Clojure. `a` holds the arguments
/// before the missing collection.
value xf_map(context& c, std::span<const value> a);
value xf_filter(context& c, std::span<const value> a, bool keep_truthy);  // filter / remove
value xf_keep(context& c, std::span<const value> a);
value xf_map_indexed(context& c, std::span<const value> a, bool keep_only);  // / keep-indexed
value xf_mapcat(context& c, std::span<const value> a);
value xf_take(context& c, std::span<const value> a);
value xf_drop(context& c, std::span<const value> a);
value xf_take_nth(context& c, std::span<const value> a);
value xf_take_while(context& c, std::span<const value> a);
value xf_drop_while(context& c, std::span<const value> a);
value xf_partition_all(context& c, std::span<const value> a);
value xf_partition_by(context& c, std::span<const value> a);
value xf_dedupe(context& c, std::span<const value> a);
value xf_distinct(context& c, std::span<const value> a);
value xf_interpose(context& c, std::span<const value> a);
value xf_replace(context& c, std::span<const value> a);

}  // namespace ptc::lisp::seq_detail
