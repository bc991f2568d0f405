#include "ptc/lisp/analyzer.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>
#include <typeinfo>
#include <unordered_set>

#include "ptc/lisp/builtin.hpp"
#include "ptc/lisp/builtins/coll_ops.hpp"
#include "ptc/lisp/builtins/seq_support.hpp"
#include "ptc/lisp/date.hpp"
#include "ptc/lisp/forms/forms.hpp"
#include "ptc/lisp/json.hpp"
#include "ptc/lisp/keyword_lookup.hpp"
#include "ptc/lisp/list.hpp"
#include "ptc/lisp/map.hpp"
#include "ptc/lisp/ordered_table.hpp"
#include "ptc/lisp/regex.hpp"
#include "ptc/lisp/set.hpp"
#include "ptc/lisp/suggest.hpp"
#include "ptc/lisp/vector.hpp"

namespace ptc::lisp {
namespace {

/// dynamic_cast to a final class, as one comparison of type identities (the analyser asks
/// this of every operand and callee; __dynamic_cast walks the class hierarchy each time).
template <class T, class B>
T* exactly(B* p) {
  static_assert(std::is_final_v<std::remove_const_t<T>>);
  return p && typeid(*p) == typeid(T) ? static_cast<T*>(p) : nullptr;
}

class const_node final : public node {
 public:
  const_node(value v, source_pos p) : node(p), v_(std::move(v)) {}
  value eval(frame&) const override { return v_; }
  const value* eval_ref(frame&, value&) const override { return &v_; }
  effects effect() const override { return effects::none; }
  effects call_effect(std::size_t nargs) const override;
  const value& get() const { return v_; }

 private:
  value v_;
};

}  // namespace

/// Reads a local. At the only read of a local (decided by the analyzer) it moves the value out
/// of its slot, so the reader may hold the only reference and update the value in place.
class local_node final : public node {
 public:
  local_node(int slot, source_pos p) : node(p), slot_(slot) {}
  value eval(frame& f) const override {
    if (move_) return std::move(f.slots[slot_]);
    return f.slots[slot_];
  }
  const value* eval_ref(frame& f, value&) const override { return &f.slots[slot_]; }
  effects effect() const override { return effects::none; }
  /// The local's only read (analyzer::finish_locals): it takes the value out of the slot,
  /// unless the read only looks at it.
  void set_move() { move_ = !looks_only_; }
  /// Its parent only looks at the value through eval_ref (a lookup, a comparison, arithmetic)
  /// or reads the slot itself: the read never takes the value out (set before set_move).
  void set_looks_only() { looks_only_ = true; }
  bool moves() const { return move_; }
  int slot() const { return slot_; }
  /// The keyword lookup (:k local) this read is the map of, with no default; null for any
  /// other read (analyzer::keyword_reads).
  node* keyword_reader() const { return keyword_reader_; }
  void set_keyword_reader(node* n) { keyword_reader_ = n; }

 private:
  int slot_;
  bool move_ = false;
  bool looks_only_ = false;
  node* keyword_reader_ = nullptr;
};

namespace {

class capture_node final : public node {
 public:
  capture_node(int index, source_pos p) : node(p), index_(index) {}
  value eval(frame& f) const override { return f.self->capture(index_); }
  const value* eval_ref(frame& f, value&) const override { return &f.self->capture(index_); }
  effects effect() const override { return effects::none; }

 private:
  int index_;
};

class self_node final : public node {
 public:
  explicit self_node(source_pos p) : node(p) {}
  value eval(frame& f) const override { return value::share(type::function, const_cast<closure_obj*>(f.self)); }
  effects effect() const override { return effects::none; }
};

/// A letfn member referred to by name from inside the group.
class letfn_ref_node final : public node {
 public:
  letfn_ref_node(int j, source_pos p) : node(p), j_(j) {}
  value eval(frame& f) const override { return make_letfn_member(*f.self, j_); }
  effects effect() const override { return effects::none; }  // making the closure, as fn_node

 private:
  int j_;
};

/// A user global, found by name in the running program's globals. The index is cached per run
/// (closures made in one turn are called in later turns, whose runs number globals alike but
/// are different tables).
class global_node final : public node {
 public:
  global_node(std::string name, source_pos p) : node(p), name_(std::move(name)) {}
  value eval(frame& f) const override {
    run_state& st = *f.ctx->state();
    const std::uint64_t key = st.bud->id() << index_bits;
    std::uint64_t cached = cache_.load(std::memory_order_relaxed);
    int index;
    if ((cached & ~index_mask) == key && (cached & index_mask) != 0) {
      index = static_cast<int>((cached & index_mask) - 1);
    } else {
      index = st.find_global(name_);
      if (index >= 0 && static_cast<std::uint64_t>(index) + 1 < index_mask)
        cache_.store(key | static_cast<std::uint64_t>(index + 1), std::memory_order_relaxed);
    }
    if (index < 0 || !st.globals[static_cast<std::size_t>(index)].bound) {
      raise(error_kind::unbound, "Unable to resolve symbol: " + name_ + " (it is not defined yet)",
            "Define it with def or defn before using it");
    }
    return st.globals[static_cast<std::size_t>(index)].val;
  }
  /// Unbound raises. A def changing it is itself `any`, so a pipeline that could see the
  /// change is not fused.
  effects effect() const override { return effects::may_raise; }

 private:
  /// The cache: the run's budget id above the global's index + 1 (0: none). A node of an
  /// earlier turn's function runs in later runs, whose globals are numbered anew; 40 bits of
  /// the id (a trillion runs) before one run could take another's index.
  static constexpr unsigned index_bits = 24;
  static constexpr std::uint64_t index_mask = (std::uint64_t{1} << index_bits) - 1;
  std::string name_;
  mutable std::atomic<std::uint64_t> cache_{0};
};

class data_node final : public node {
 public:
  data_node(value key, source_pos p) : node(p), key_(std::move(key)) {}
  value eval(frame& f) const override {
    const value& data = f.ctx->state()->data;
    if (!data.is(type::map)) return {};
    const value* v = data.as<map_obj>().find_flex(key_);
    return v ? *v : value();
  }
  effects effect() const override { return effects::none; }  // the run's input, never changed

 private:
  value key_;
};

/// Call arguments: up to Inline of them on the stack, only the used ones constructed (kept
/// small: every nested call's frame holds one), more on the heap.
template <std::size_t Inline = 6>
class arg_buffer {
 public:
  /// n nils, to be assigned. Inline (with a self call per argument count among its callers,
  /// GCC made it a call: gen update-in 22.02M -> 22.20M instructions per run).
  [[gnu::always_inline]] explicit arg_buffer(std::size_t n) : n_(n) {
    if (n > inline_size) heap_.reset(new value[n]);
    else for (; made_ < n; ++made_) new (&raw()[made_]) value();
  }
  /// The values of the argument nodes, evaluated in order into the buffer (each constructed in
  /// place: no nil first).
  arg_buffer(const std::vector<node_ptr>& args, frame& f) : n_(args.size()) {
    if (n_ > inline_size) {
      heap_.reset(new value[n_]);
      for (std::size_t i = 0; i < n_; ++i) heap_[i] = args[i]->eval(f);
      return;
    }
    try {
      for (; made_ < n_; ++made_) new (&raw()[made_]) value(args[made_]->eval(f));
    } catch (...) {  // the destructor does not run for a constructor that throws
      for (std::size_t i = 0; i < made_; ++i) raw()[i].~value();
      throw;
    }
  }
  ~arg_buffer() {
    if (n_ <= inline_size) for (std::size_t i = 0; i < made_; ++i) raw()[i].~value();
  }
  arg_buffer(const arg_buffer&) = delete;
  arg_buffer& operator=(const arg_buffer&) = delete;
  value* data() { return n_ > inline_size ? heap_.get() : raw(); }
  std::span<const value> span() { return {data(), n_}; }
  std::span<value> owned() { return {data(), n_}; }

 private:
  static constexpr std::size_t inline_size = Inline;
  value* raw() { return reinterpret_cast<value*>(storage_); }
  std::size_t n_;
  std::size_t made_ = 0;  ///< inline values constructed so far (destroyed by the destructor)
  alignas(value) unsigned char storage_[inline_size * sizeof(value)];
  std::unique_ptr<value[]> heap_;
};

/// Calls closure `callee` (arity `a`, from caller_frame_arity) with `args` evaluated straight
/// into its frame, on this stack: no argument buffer is filled and copied into a second one.
/// The arguments' values come from arg(i), i = 0 .. n - 1, in order. N: n known when the
/// call site is made (1 to 3; 0: any n), so the arguments' stores and destructors unroll.
template <std::size_t N = 0, class Arg>
[[gnu::always_inline]] inline value call_in_frame(const closure_obj& callee, const fn_arity& a, std::size_t n,
                                                  Arg&& arg, frame& f, source_pos pos) {
  constexpr std::size_t max_slots = closure_obj::caller_frame_slots;
  static_assert(N <= max_slots);
  struct slots_guard {
    alignas(value) unsigned char buf[max_slots * sizeof(value)];
    std::size_t made = 0;
    value* slots() { return reinterpret_cast<value*>(buf); }
    ~slots_guard() {
      std::size_t i = 0;
      if constexpr (N != 0) {
        if (made >= N) [[likely]] {
          [&]<std::size_t... I>(std::index_sequence<I...>) __attribute__((always_inline)) {
            (slots()[I].~value(), ...);
          }(std::make_index_sequence<N>());
          i = N;
        }
      }
      for (; i < made; ++i) slots()[i].~value();
    }
  } fr;
  value* slots = fr.slots();
  if constexpr (N != 0) {
    [&]<std::size_t... I>(std::index_sequence<I...>) __attribute__((always_inline)) {
      ((new (&slots[I]) value(arg(I)), ++fr.made), ...);
    }(std::make_index_sequence<N>());
  } else {
    for (; fr.made < n; ++fr.made) new (&slots[fr.made]) value(arg(fr.made));
  }
  const auto count = static_cast<std::size_t>(a.slot_count);
  for (; fr.made < count; ++fr.made) new (&slots[fr.made]) value();
  call_scope scope(*f.ctx, pos);  // the error's position, without a catch (context.hpp)
  value r = callee.call_in_slots(*f.ctx, a, slots);
  scope.done();
  return r;
}
[[gnu::always_inline]] inline value call_in_frame(const closure_obj& callee, const fn_arity& a,
                                                  const std::vector<node_ptr>& args, frame& f, source_pos pos) {
  return call_in_frame(callee, a, args.size(), [&](std::size_t i) { return args[i]->eval(f); }, f, pos);
}

/// A user-function call: its value is made by Derived::call, for eval and for eval_ref alike
/// (as an operand, (+ (f x) 1), one virtual call, not eval_ref's default and then eval).
template <class Derived>
class calling_node : public node {
 public:
  using node::node;
  value eval(frame& f) const override { return static_cast<const Derived&>(*this).call(f); }
  const value* eval_ref(frame& f, value& tmp) const override {
    tmp.fill(static_cast<const Derived&>(*this).call(f));
    return &tmp;
  }
};

class call_node final : public calling_node<call_node> {
 public:
  call_node(node_ptr fn, std::vector<node_ptr> args, source_pos p)
      : calling_node(p), fn_(std::move(fn)), args_(std::move(args)) {}

 private:
  friend calling_node;
  [[gnu::always_inline]] value call(frame& f) const {
    value fn = fn_->eval(f);  // held: the callee lives through the call
    if (fn.is(type::function)) {
      if (const closure_obj* c = static_cast<const function_obj&>(*fn.obj()).as_closure()) {
        if (const fn_arity* a = c->caller_frame_arity(args_.size())) return call_in_frame(*c, *a, args_, f, pos);
      }
    }
    arg_buffer<> buf(args_, f);
    call_scope scope(*f.ctx, pos);  // the error's position, without a catch (context.hpp)
    value r = f.ctx->call_owned(fn, buf.owned());
    scope.done();
    return r;
  }

  node_ptr fn_;
  std::vector<node_ptr> args_;
};

/// What calling the builtin `name` may do besides answering (defined below).
effects builtin_effect(std::string_view name);
/// What a call of the builtin `name` with `n` argument nodes (arg(i)) may do. Context: a
/// stage's fn that itself maps, filters or reduces ((map (fn [row] (count (filter :ok (:items
/// row)))) rows)) counted as `any`, so its pipeline was not fused. Decision: a builtin whose only
/// effect is calling its function argument does what that call does, and may raise (a
/// collection it cannot walk, a key it cannot compare); the others answer builtin_effect's.
/// The argument nodes' own effects are added by the caller.
template <class Arg>
effects builtin_call_effect(std::string_view name, std::size_t n, Arg arg) {
  // (name f coll): f called with one argument per item.
  static constexpr std::string_view one_item[] = {
      "filter", "filterv", "remove", "keep", "some", "every?", "not-any?", "not-every?", "sort-by",
      "group-by", "partition-by", "take-while", "drop-while", "sum-by", "avg-by", "min-by", "max-by",
      "distinct-by", "pluck"};
  // (sort coll) and (into to from) call nothing; with a comparator or a transducer they call it.
  if ((name == "sort" && n == 1) || (name == "into" && n == 2)) return effects::may_raise;
  std::size_t nargs = 0;  // the function's argument count; 0: not a call of this kind
  if (name == "map" || name == "mapv" || name == "mapcat") nargs = n >= 2 ? n - 1 : 0;  // one per collection
  else if (name == "reduce") nargs = n == 2 || n == 3 ? 2 : 0;
  else if (n == 2 && (name == "map-indexed" || name == "keep-indexed")) nargs = 2;
  else if (n == 2)
    for (std::string_view o : one_item)
      if (o == name) nargs = 1;
  // (apply f ... xs): f with an argument count known only when it runs (a builtin's effect
  // does not depend on it; a fn literal's does, and answers `any` for this count).
  if (name == "apply" && n >= 2) nargs = static_cast<std::size_t>(-1);
  if (nargs == 0) return builtin_effect(name);
  return worst(effects::may_raise, arg(0).call_effect(nargs));
}

class builtin_call_node final : public node {
 public:
  builtin_call_node(native_fn fn, std::vector<node_ptr> args, source_pos p, std::string_view name)
      : node(p), fn_(fn), args_(std::move(args)), name_(name) {}
  value eval(frame& f) const override {
    arg_buffer<> buf(args_, f);
    try {
      return fn_(*f.ctx, buf.span());
    } catch (lisp_exception& e) {
      rethrow_with_pos(e, pos, f);
    }
  }
  effects effect() const override {
    effects e = builtin_call_effect(name_, args_.size(), [&](std::size_t i) -> const node& { return *args_[i]; });
    for (const auto& a : args_) e = worst(e, a->effect());
    return e;
  }

 private:
  native_fn fn_;
  std::vector<node_ptr> args_;
  std::string_view name_;  ///< the builtin's (it lives as long as the process)
};

/// A builtin call with 1 or 2 arguments: no buffer, no loop.
class builtin_call1_node final : public node {
 public:
  builtin_call1_node(native_fn fn, node_ptr a, source_pos p, std::string_view name)
      : node(p), fn_(fn), a_(std::move(a)), name_(name) {}
  value eval(frame& f) const override {
    value v[1] = {a_->eval(f)};
    try {
      return fn_(*f.ctx, std::span<const value>(v, 1));
    } catch (lisp_exception& e) {
      rethrow_with_pos(e, pos, f);
    }
  }
  effects effect() const override {
    return worst(builtin_call_effect(name_, 1, [&](std::size_t) -> const node& { return *a_; }), a_->effect());
  }
  // For a let joining its binding into the call (forms::join_bound_seq).
  std::string_view name() const { return name_; }
  node_ptr& arg() { return a_; }

 private:
  native_fn fn_;
  node_ptr a_;
  std::string_view name_;  ///< the builtin's (it lives as long as the process)
};

/// (return v) / (fail v) (or with no argument), as the builtins do it: the value checked, then
/// thrown; the run's top-level loop takes it without the throw (eval_return).
class return_call_node final : public node {
 public:
  return_call_node(node_ptr a, bool failed, source_pos p) : node(p), a_(std::move(a)), failed_(failed) {}
  value eval(frame& f) const override {
    return_signal r;
    eval_return(f, r);
    throw std::move(r);
  }
  bool eval_return(frame& f, return_signal& out) const override {
    value v = a_ ? a_->eval(f) : value();
    try {
      out = checked_return(*f.ctx, std::move(v), failed_);
    } catch (lisp_exception& e) {
      rethrow_with_pos(e, pos, f);
    }
    return true;
  }

 private:
  node_ptr a_;
  bool failed_;
};

class builtin_call2_node final : public node {
 public:
  builtin_call2_node(native_fn fn, node_ptr a, node_ptr b, source_pos p, std::string_view name)
      : node(p), fn_(fn), a_(std::move(a)), b_(std::move(b)), name_(name) {}
  value eval(frame& f) const override {
    value v[2] = {a_->eval(f), b_->eval(f)};
    try {
      return fn_(*f.ctx, std::span<const value>(v, 2));
    } catch (lisp_exception& e) {
      rethrow_with_pos(e, pos, f);
    }
  }
  effects effect() const override {
    const effects e = builtin_call_effect(name_, 2, [&](std::size_t i) -> const node& { return i ? *b_ : *a_; });
    return worst(e, worst(a_->effect(), b_->effect()));
  }
  // For a pipeline taking the call apart (stage_fused_node::make).
  std::string_view name() const { return name_; }
  native_fn builtin() const { return fn_; }
  node_ptr& first_arg() { return a_; }
  node_ptr& second_arg() { return b_; }

 private:
  native_fn fn_;
  node_ptr a_, b_;
  std::string_view name_;  ///< the builtin's (it lives as long as the process)
};

/// Integer fast paths for the arithmetic and comparison builtins. Anything else (doubles,
/// overflow, wrong types) goes to the builtin itself, which computes or raises the error.
enum class int_op { add, sub, mul, lt, gt, le, ge, eq, inc, dec, mod, rem, quot, zero, pos, neg, even, odd };

/// How an arithmetic node reads an operand. Context: in (< i n) or (+ acc x) the operands are
/// almost always locals or constants, and a virtual call per operand costs as much as the
/// arithmetic. Decision: the node is a template over its operands' kinds (quickening): a local
/// is read straight from its slot, a constant from the node, anything else through eval_ref.
struct slot_operand {
  int slot;
  node_ptr keep;  ///< the local's node stays alive: the analyzer may still mark it (finish_locals)
  const value& get(frame& f, value&) const { return f.slots[slot]; }
  effects effect() const { return effects::none; }
};
struct const_operand {
  value v;
  const value& get(frame&, value&) const { return v; }
  effects effect() const { return effects::none; }
};
struct node_operand {
  node_ptr n;
  const value& get(frame& f, value& tmp) const { return *n->eval_ref(f, tmp); }
  effects effect() const { return n->effect(); }
};

/// (:kw m) and (:kw m default) with a constant keyword: the map lookup without an argument
/// list or a call through the context, and with a per-node entry position hint
/// (keyword_lookup.hpp). Anything but a map goes to coll::get, as the keyword call does.
/// A template over how it reads m (slot_operand: (:status row), the usual case, reads the
/// local's slot without a virtual call; node_operand: anything else).
template <class M>
class keyword_call_node final : public node {
 public:
  keyword_call_node(value kw, M m, node_ptr dflt, source_pos p)
      : node(p), kw_(std::move(kw)), m_(std::move(m)), dflt_(std::move(dflt)) {}
  value eval(frame& f) const override {
    value tmp;
    return *eval_ref(f, tmp);
  }
  const value* eval_ref(frame& f, value& tmp) const override { return lookup(f, tmp); }
  /// eval_ref's work, for an operator that reads this node as its operand (kw_operand).
  [[gnu::always_inline]] const value* lookup(frame& f, value& tmp) const {
    if (field_ >= 0) {
      // A lookup in the record a fused pipeline does not make (context.hpp: elided_record).
      if (const elided_record* r = f.ctx->elided(); r && r->readers[reader_] == f.self) return &r->fields[field_];
    }
    value mt;
    const value* m = &m_.get(f, mt);
    value d = dflt_ ? dflt_->eval(f) : value();  // evaluated whether needed or not, as a call does
    try {
      if (m->is(type::map)) {
        std::uint32_t h = hint_.load(std::memory_order_relaxed);
        const std::uint32_t before = h;
        const value* v = keyword_find(m->as<map_obj>(), kw_, h);
        if (h != before) hint_.store(h, std::memory_order_relaxed);
        // A value inside a map that lives elsewhere stays valid; one inside our temporary is copied.
        if (v && m != &mt) return v;
        tmp.fill(v ? value(*v) : std::move(d));
        return &tmp;
      }
      tmp.fill(coll::get(*m, kw_, d));
      return &tmp;
    } catch (lisp_exception& e) {
      rethrow_with_pos(e, pos, f);
    }
  }

  effects effect() const override { return dflt_ ? worst(m_.effect(), dflt_->effect()) : m_.effect(); }

  const value& keyword() const { return kw_; }
  const M& operand() const { return m_; }
  /// Makes this lookup read field `field` of the elided record while stage `reader` (innermost
  /// first) of its pipeline runs fused; -1: always a lookup (stage_fused_node::elide_record).
  void read_field(int field, int reader) {
    field_ = static_cast<std::int8_t>(field);
    reader_ = static_cast<std::uint8_t>(reader);
  }

 private:
  value kw_;
  M m_;
  node_ptr dflt_;
  mutable std::atomic<std::uint32_t> hint_{0};
  std::int8_t field_ = -1;
  std::uint8_t reader_ = 0;
};

/// The ops an arithmetic node answers. Context: the op was a member switched on per call (an
/// indirect jump, then a branch on the answer's kind). Decision: it is a template parameter, so
/// each node is straight-line code for its op and operand kinds (quickening).
constexpr bool compares(int_op op) {
  return op == int_op::lt || op == int_op::gt || op == int_op::le || op == int_op::ge || op == int_op::eq;
}
/// Ops with a double answer for a double operand; the others leave doubles to the builtin (=:
/// 1 and 1.0 differ; mod, rem, quot: the builtin's rules).
constexpr bool takes_doubles(int_op op) { return op != int_op::eq && op != int_op::mod && op != int_op::rem && op != int_op::quot; }

/// Long arithmetic and comparison as the builtins compute them (a comparison answers 0 or 1);
/// false leaves the case to the builtin (overflow, division by zero, min / -1: errors).
template <int_op Op>
[[gnu::always_inline]] inline bool long_answer(std::int64_t x, std::int64_t y, std::int64_t& out) {
  if constexpr (Op == int_op::add) return !__builtin_add_overflow(x, y, &out);
  else if constexpr (Op == int_op::sub) return !__builtin_sub_overflow(x, y, &out);
  else if constexpr (Op == int_op::mul) return !__builtin_mul_overflow(x, y, &out);
  else if constexpr (Op == int_op::lt) return out = x < y, true;
  else if constexpr (Op == int_op::gt) return out = x > y, true;
  else if constexpr (Op == int_op::le) return out = x <= y, true;
  else if constexpr (Op == int_op::ge) return out = x >= y, true;
  else if constexpr (Op == int_op::eq) return out = x == y, true;
  else if constexpr (Op == int_op::mod) {
    if (y == 0 || y == -1) return false;
    out = x % y;
    // Floored, as Clojure's mod: shifted by y when the remainder is not 0 and its sign differs
    // from y's. Operands of one sign (the usual case) need no shift: the branch is on them, not
    // on the remainder ((mod i 3) gives 0, 1, 2, ...: a branch on it was mispredicted about once
    // a call, 16.6 -> 12.4 ms for a 1M loop), and the other case shifts without a branch.
    if ((x ^ y) < 0) out += y & -static_cast<std::int64_t>(out != 0);
    return true;
  } else if constexpr (Op == int_op::rem) {
    if (y == 0 || y == -1) return false;
    return out = x % y, true;
  } else {
    static_assert(Op == int_op::quot);
    if (y == 0 || y == -1) return false;
    return out = x / y, true;
  }
}

/// The same with a double (a long mixed with a double is converted, as Clojure does), for the
/// ops where takes_doubles(Op); NaN compares false, as in Java.
template <int_op Op>
[[gnu::always_inline]] inline double double_answer(double x, double y) {
  if constexpr (Op == int_op::add) return x + y;
  else if constexpr (Op == int_op::sub) return x - y;
  else if constexpr (Op == int_op::mul) return x * y;
  else if constexpr (Op == int_op::lt) return x < y;
  else if constexpr (Op == int_op::gt) return x > y;
  else if constexpr (Op == int_op::le) return x <= y;
  else {
    static_assert(Op == int_op::ge);
    return x >= y;
  }
}

/// An operand read without effects (a local, a constant): an arithmetic node over such
/// operands answers_long.
template <class X>
constexpr bool quiet_operand = std::is_same_v<X, slot_operand> || std::is_same_v<X, const_operand>;

/// What an arithmetic node's fast path answered (int_op2_node::fast, int_op1_node::fast).
enum class fast_kind { long_answer, double_answer, none };

template <int_op Op, class A, class B>
class int_op2_node final : public node {
 public:
  int_op2_node(native_fn fn, A a, B b, source_pos p) : node(p), fn_(fn), a_(std::move(a)), b_(std::move(b)) {}
  value eval(frame& f) const override { return answer(f); }
  /// An operand of another arithmetic node ((mod (* i 7) 10)): the answer straight into the
  /// caller's temporary, without the default's second virtual call.
  const value* eval_ref(frame& f, value& tmp) const override {
    tmp.fill(answer(f));
    return &tmp;
  }
  /// The fast path as answer()'s, answering a bool: one shared through a value (filled, then
  /// tested) cost the 1M loop 3% more instructions.
  bool test(frame& f) const override { return truth(f); }
  /// test(), inline where the node's type is known (compare_if_node).
  [[gnu::always_inline]] bool truth(frame& f) const {
    value ta, tb;
    const value& x = a_.get(f, ta);
    const value& y = b_.get(f, tb);
    std::int64_t r;
    double d;
    switch (fast(x, y, r, d)) {
      case fast_kind::long_answer: return !compares(Op) || r != 0;  // a number is truthy
      case fast_kind::double_answer: return !compares(Op) || d != 0;
      case fast_kind::none: break;
    }
    return slow(f, x, y).truthy();
  }
  effects effect() const override { return worst(effects::may_raise, worst(a_.effect(), b_.effect())); }
  bool answers_long() const override { return !compares(Op) && quiet_operand<A> && quiet_operand<B>; }
  bool eval_long(frame& f, std::int64_t& out) const override {
    value ta, tb;
    const value& x = a_.get(f, ta);
    const value& y = b_.get(f, tb);
    double d;
    return fast(x, y, out, d) == fast_kind::long_answer;
  }
  const A& operand_a() const { return a_; }
  const B& operand_b() const { return b_; }

 private:
  /// The answer of two longs (in r) or of numbers with a double (in d), or none: the builtin's
  /// case (overflow, a zero divisor, another kind). The one test of the operands' kinds behind
  /// answer(), test() and eval_long().
  [[gnu::always_inline]] static fast_kind fast(const value& x, const value& y, std::int64_t& r, double& d) {
    if (x.is(type::integer) && y.is(type::integer)) {
      if (long_answer<Op>(x.as_int(), y.as_int(), r)) return fast_kind::long_answer;
    } else if constexpr (takes_doubles(Op)) {
      if (x.is_number() && y.is_number()) {
        d = double_answer<Op>(x.as_number(), y.as_number());
        return fast_kind::double_answer;
      }
    }
    return fast_kind::none;
  }
  [[gnu::always_inline]] value answer(frame& f) const {
    value ta, tb;
    const value& x = a_.get(f, ta);
    const value& y = b_.get(f, tb);
    std::int64_t r;
    double d;
    switch (fast(x, y, r, d)) {
      case fast_kind::long_answer: return compares(Op) ? value::boolean(r != 0) : value::integer(r);
      case fast_kind::double_answer: return compares(Op) ? value::boolean(d != 0) : value::floating(d);
      case fast_kind::none: break;
    }
    return slow(f, x, y);
  }
  [[gnu::noinline, gnu::cold]] value slow(frame& f, const value& x, const value& y) const {
    value v[2] = {x, y};
    try {
      return fn_(*f.ctx, std::span<const value>(v, 2));
    } catch (lisp_exception& e) {
      rethrow_with_pos(e, pos, f);
    }
  }

  native_fn fn_;
  A a_;
  B b_;
};

/// An int_op2_node whose operands are read as their kinds allow (see slot_operand).
node_ptr make_int_op2(int_op op, native_fn fn, node_ptr a, node_ptr b, source_pos pos);

/// inc and dec of a long, and the number predicates (zero?, pos?, neg?, even?, odd?) of one, as
/// the builtins answer them (a predicate answers 0 or 1); false leaves the case to the builtin
/// (overflow).
template <int_op Op>
[[gnu::always_inline]] inline bool long_answer1(std::int64_t i, std::int64_t& out) {
  if constexpr (Op == int_op::inc) return !__builtin_add_overflow(i, 1, &out);
  else if constexpr (Op == int_op::dec) return !__builtin_sub_overflow(i, 1, &out);
  else if constexpr (Op == int_op::zero) return out = i == 0, true;
  else if constexpr (Op == int_op::pos) return out = i > 0, true;
  else if constexpr (Op == int_op::neg) return out = i < 0, true;
  else if constexpr (Op == int_op::even) return out = i % 2 == 0, true;
  else {
    static_assert(Op == int_op::odd);
    return out = i % 2 != 0, true;
  }
}
constexpr bool predicate(int_op op) { return op != int_op::inc && op != int_op::dec; }
/// The same of a double, for all but even? and odd? (the builtin's error); NaN is none of
/// zero?, pos?, neg?.
template <int_op Op>
[[gnu::always_inline]] inline double double_answer1(double d) {
  if constexpr (Op == int_op::inc) return d + 1.0;
  else if constexpr (Op == int_op::dec) return d - 1.0;
  else if constexpr (Op == int_op::zero) return d == 0.0;
  else if constexpr (Op == int_op::pos) return d > 0.0;
  else {
    static_assert(Op == int_op::neg);
    return d < 0.0;
  }
}

template <int_op Op, class A>
class int_op1_node final : public node {
 public:
  int_op1_node(native_fn fn, A a, source_pos p) : node(p), fn_(fn), a_(std::move(a)) {}
  value eval(frame& f) const override { return answer(f); }
  const value* eval_ref(frame& f, value& tmp) const override {  // as int_op2_node's
    tmp.fill(answer(f));
    return &tmp;
  }
  bool test(frame& f) const override { return truth(f); }
  /// test(), inline where the node's type is known (compare_if_node).
  [[gnu::always_inline]] bool truth(frame& f) const {
    value tmp;
    const value& x = a_.get(f, tmp);
    std::int64_t r;
    double d;
    switch (fast(x, r, d)) {
      case fast_kind::long_answer: return !predicate(Op) || r != 0;  // a number is truthy
      case fast_kind::double_answer: return !predicate(Op) || d != 0;
      case fast_kind::none: break;
    }
    return slow(f, x).truthy();
  }
  effects effect() const override { return worst(effects::may_raise, a_.effect()); }
  bool answers_long() const override { return !predicate(Op) && quiet_operand<A>; }
  bool eval_long(frame& f, std::int64_t& out) const override {
    value tmp;
    const value& x = a_.get(f, tmp);
    double d;
    return fast(x, out, d) == fast_kind::long_answer;
  }

 private:
  /// As int_op2_node::fast, of one operand.
  [[gnu::always_inline]] static fast_kind fast(const value& x, std::int64_t& r, double& d) {
    if (x.is(type::integer)) {
      if (long_answer1<Op>(x.as_int(), r)) return fast_kind::long_answer;
    } else if constexpr (Op != int_op::even && Op != int_op::odd) {
      if (x.is(type::floating)) {
        d = double_answer1<Op>(x.as_double());
        return fast_kind::double_answer;
      }
    }
    return fast_kind::none;
  }
  [[gnu::always_inline]] value answer(frame& f) const {
    value tmp;
    const value& x = a_.get(f, tmp);
    std::int64_t r;
    double d;
    switch (fast(x, r, d)) {
      case fast_kind::long_answer: return predicate(Op) ? value::boolean(r != 0) : value::integer(r);
      case fast_kind::double_answer: return predicate(Op) ? value::boolean(d != 0) : value::floating(d);
      case fast_kind::none: break;
    }
    return slow(f, x);
  }
  [[gnu::noinline, gnu::cold]] value slow(frame& f, const value& x) const {
    value v[1] = {x};
    try {
      return fn_(*f.ctx, std::span<const value>(v, 1));
    } catch (lisp_exception& e) {
      rethrow_with_pos(e, pos, f);
    }
  }

  native_fn fn_;
  A a_;
};

/// Calls make(operand) with the operand of `n`'s kind (slot_operand, const_operand or
/// node_operand).
template <class Make>
node_ptr with_operand(node_ptr n, Make make) {
  if (auto* l = exactly<local_node>(n.get())) {
    const int slot = l->slot();
    l->set_looks_only();
    return make(slot_operand{slot, std::move(n)});
  }
  if (auto* c = exactly<const_node>(n.get())) return make(const_operand{c->get()});
  return make(node_operand{std::move(n)});
}

/// (:kw m [default]) reading m as with_operand does (a local's slot, a constant, a node).
node_ptr make_keyword_call(value kw, node_ptr m, node_ptr dflt, source_pos pos) {
  return with_operand(std::move(m), [&](auto x) -> node_ptr {
    const bool plain = !dflt;
    auto n = std::make_unique<keyword_call_node<decltype(x)>>(std::move(kw), std::move(x), std::move(dflt), pos);
    if constexpr (std::is_same_v<decltype(x), slot_operand>) {
      if (plain) static_cast<local_node&>(*n->operand().keep).set_keyword_reader(n.get());
    }
    return n;
  });
}

/// (:k local) as an operand of an operator node ((= "shipped" (:status row)), (> (:ms e) 400)):
/// the keyword node's lookup inline in the operator's, without a virtual call.
struct kw_operand {
  std::unique_ptr<keyword_call_node<slot_operand>> n;
  [[gnu::always_inline]] const value& get(frame& f, value& tmp) const { return *n->lookup(f, tmp); }
  effects effect() const { return n->effect(); }
};

/// with_operand, and a kw_operand for (:k local).
template <class Make>
node_ptr with_operand_kw(node_ptr n, Make make) {
  if (auto* k = exactly<keyword_call_node<slot_operand>>(n.get())) {
    n.release();
    return make(kw_operand{std::unique_ptr<keyword_call_node<slot_operand>>(k)});
  }
  return with_operand(std::move(n), make);
}

/// (op local k) with op one of + - * mod and k a long constant, as an operand of another
/// operator node ((mod (* i 7919) 1000), (zero? (mod i 3)), (= 0 (mod i 15))): the long answer
/// computed inline, without the inner node's virtual call; any other case (a double in the
/// local, overflow, a zero divisor) is the inner node's own, through it.
struct arith_operand {
  node_ptr n;  ///< the inner node: int_op2_node<Op, slot_operand, const_operand>
  int slot;
  std::int64_t k;
  int_op op;
  [[gnu::always_inline]] const value& get(frame& f, value& tmp) const {
    std::int64_t r;
    if (answer(f, r)) {
      tmp.fill(value::integer(r));
      return tmp;
    }
    return *n->eval_ref(f, tmp);
  }
  /// The value itself (an argument: (fib (- n 1))).
  [[gnu::always_inline]] value eval(frame& f) const {
    std::int64_t r;
    if (answer(f, r)) return value::integer(r);
    return n->eval(f);
  }
  /// The long answer, when the local holds a long and the op answers one.
  [[gnu::always_inline]] bool answer(frame& f, std::int64_t& r) const {
    const value& x = f.slots[slot];
    if (!x.is(type::integer)) return false;
    switch (op) {
      case int_op::add: return long_answer<int_op::add>(x.as_int(), k, r);
      case int_op::sub: return long_answer<int_op::sub>(x.as_int(), k, r);
      case int_op::mul: return long_answer<int_op::mul>(x.as_int(), k, r);
      default: return long_answer<int_op::mod>(x.as_int(), k, r);
    }
  }
  effects effect() const { return n->effect(); }
};

/// `n` as an arith_operand when it is (op local k) (n is then taken); none otherwise.
std::optional<arith_operand> as_arith_operand(node_ptr& n) {
  std::optional<arith_operand> a;
  auto try_op = [&]<int_op Op>() {
    auto* inner = exactly<int_op2_node<Op, slot_operand, const_operand>>(n.get());
    if (!inner || !inner->operand_b().v.is(type::integer)) return false;
    a = arith_operand{nullptr, inner->operand_a().slot, inner->operand_b().v.as_int(), Op};
    return true;
  };
  if (try_op.template operator()<int_op::add>() || try_op.template operator()<int_op::sub>() ||
      try_op.template operator()<int_op::mul>() || try_op.template operator()<int_op::mod>())
    a->n = std::move(n);
  return a;
}

/// with_operand_kw, and an arith_operand for (op local k).
template <class Make>
node_ptr with_operand_ext(node_ptr n, Make make) {
  if (std::optional<arith_operand> a = as_arith_operand(n)) return make(std::move(*a));
  return with_operand_kw(std::move(n), make);
}

/// A self call whose arguments are all read through their nodes.
struct no_operand {};

/// A function calling itself by name ((defn fib [n] ... (fib (- n 1)))): the running closure
/// is the callee. It is alive for the whole call (its caller holds a reference), so no function
/// value is made: a recursive call costs no reference count traffic for the callee.
/// A template over how it reads its first argument: arith_operand when that is (op local k)
/// ((fib (- n 1)): computed here, without the argument node's virtual call), else its node;
/// and over its argument count N when that is 1 to 3 (0: any count), so the frame's set-up
/// unrolls.
template <class First, std::size_t N>
class self_call_node final : public calling_node<self_call_node<First, N>> {
 public:
  self_call_node(First first, std::vector<node_ptr> args, source_pos p)
      : calling_node<self_call_node<First, N>>(p), first_(std::move(first)), args_(std::move(args)) {}

 private:
  friend calling_node<self_call_node<First, N>>;
  [[gnu::always_inline]] value call(frame& f) const {
    const closure_obj& self = *f.self;
    // This node is in one template's body, so every call here runs the same arity: found once.
    const fn_arity* a = arity_.load(std::memory_order_relaxed);
    if (!a) {
      a = self.caller_frame_arity(args_.size());
      if (!a) return eval_through_invoke(f);
      arity_.store(a, std::memory_order_relaxed);
    }
    return call_in_frame<N>(self, *a, args_.size(),
                            [&](std::size_t i) __attribute__((always_inline)) { return arg(f, i); }, f, this->pos);
  }
  [[gnu::always_inline]] value arg(frame& f, std::size_t i) const {
    if constexpr (std::is_same_v<First, arith_operand>) {
      if (i == 0) return first_.eval(f);
    }
    return args_[i]->eval(f);
  }
  /// Rest parameters, a large frame or no arity for the count (the arity error).
  [[gnu::noinline]] value eval_through_invoke(frame& f) const {
    arg_buffer<> buf(args_.size());
    for (std::size_t i = 0; i < args_.size(); ++i) buf.data()[i] = arg(f, i);
    call_scope scope(*f.ctx, this->pos);
    value r = f.self->invoke_owned(*f.ctx, buf.owned());
    scope.done();
    return r;
  }

  First first_;  ///< the first argument's reader (arith_operand), or nothing (no_operand)
  std::vector<node_ptr> args_;  ///< the arguments' nodes; with an arith_operand the first is null
  /// The arity every call here runs, once found (caller_frame_arity); null until then, and for
  /// calls that go through invoke.
  mutable std::atomic<const fn_arity*> arity_{nullptr};
};


/// (name args...) calling the function being defined: its first argument read inline when it
/// is (op local k).
node_ptr make_self_call(std::vector<node_ptr> args, source_pos pos) {
  auto make = [&]<class First>(First first) -> node_ptr {
    auto sized = [&]<std::size_t N>() -> node_ptr {
      return std::make_unique<self_call_node<First, N>>(std::move(first), std::move(args), pos);
    };
    switch (args.size()) {
      case 1: return sized.template operator()<1>();
      case 2: return sized.template operator()<2>();
      case 3: return sized.template operator()<3>();
      default: return sized.template operator()<0>();
    }
  };
  if (!args.empty()) {
    if (std::optional<arith_operand> a = as_arith_operand(args[0])) return make(std::move(*a));
  }
  return make(no_operand{});
}

/// The operand kinds read inline beside anything (a local, a constant, a node)...
template <class X>
constexpr bool plain_kind = std::is_same_v<X, slot_operand> || std::is_same_v<X, const_operand> ||
                            std::is_same_v<X, node_operand>;
/// ...and a lookup or arithmetic operand, read inline only beside a local or a constant (and a
/// lookup beside another lookup): the node types stay few. Others are read through their node.
template <class X>
constexpr bool simple_kind = std::is_same_v<X, slot_operand> || std::is_same_v<X, const_operand>;

/// A kw_operand or arith_operand read through its node instead (node_operand); other operands
/// as they are.
template <class X>
auto plain_operand(X x) {
  if constexpr (std::is_same_v<X, kw_operand> || std::is_same_v<X, arith_operand>) return node_operand{std::move(x.n)};
  else return x;
}

/// Whether operands of kinds X and Y stay as they are in an operator node where lookups are
/// read inline when `kw` (else plain_operand demotes them).
template <class X, class Y>
constexpr bool operand_pair_kept(bool kw) {
  constexpr bool xk = std::is_same_v<X, kw_operand>, yk = std::is_same_v<Y, kw_operand>;
  if (plain_kind<X> && plain_kind<Y>) return true;
  if (!plain_kind<X> && !plain_kind<Y>) return kw && xk && yk;  // (< (:a m) (:b m))
  // one special operand (lookup or arithmetic), the other plain: kept beside a local or constant
  if (xk || yk) return kw && (simple_kind<X> || simple_kind<Y>);
  return simple_kind<X> || simple_kind<Y>;
}

/// (= a b): integers and strings compared here, other values by equal() without a call (a
/// lazy seq goes to the builtin, which realises it). A template over its operands' kinds, as
/// the arithmetic nodes: (= (:status %) "shipped") reads the constant without a virtual call.
template <class A, class B>
class equal2_node final : public node {
 public:
  equal2_node(native_fn fn, A a, B b, source_pos p) : node(p), fn_(fn), a_(std::move(a)), b_(std::move(b)) {}
  value eval(frame& f) const override { return value::boolean(test(f)); }
  bool test(frame& f) const override {
    value at, bt;
    const value& a = a_.get(f, at);
    const value& b = b_.get(f, bt);
    if (a.is(type::integer) && b.is(type::integer)) return a.as_int() == b.as_int();
    if (a.is(type::string) && b.is(type::string)) return same_text(a, b);  // no call
    return other(f, a, b);
  }
  effects effect() const override { return worst(a_.effect(), b_.effect()); }

 private:
  [[gnu::noinline]] bool other(frame& f, const value& a, const value& b) const {
    try {
      if (!a.is(type::lazy_seq) && !b.is(type::lazy_seq)) return equal(a, b);
      value v[2] = {a, b};
      return fn_(*f.ctx, std::span<const value>(v, 2)).truthy();  // = answers a boolean
    } catch (lisp_exception& e) {
      rethrow_with_pos(e, pos, f);
    }
  }

  native_fn fn_;
  A a_;
  B b_;
};

node_ptr make_equal2(native_fn fn, node_ptr a, node_ptr b, source_pos pos) {
  return with_operand_ext(std::move(a), [&](auto x) {
    return with_operand_ext(std::move(b), [&](auto y) -> node_ptr {
      using X = std::remove_cvref_t<decltype(x)>;
      using Y = std::remove_cvref_t<decltype(y)>;
      // lookups: beside anything, as before arithmetic operands existed
      if constexpr (!std::is_same_v<X, arith_operand> && !std::is_same_v<Y, arith_operand>) {
        return std::make_unique<equal2_node<X, Y>>(fn, std::move(x), std::move(y), pos);
      } else if constexpr (operand_pair_kept<X, Y>(false)) {
        return std::make_unique<equal2_node<X, Y>>(fn, std::move(x), std::move(y), pos);
      } else {
        auto px = plain_operand(std::move(x));
        auto py = plain_operand(std::move(y));
        return std::make_unique<equal2_node<decltype(px), decltype(py)>>(fn, std::move(px), std::move(py), pos);
      }
    });
  });
}

/// make.operator()<Op>() for the Op among Ops that equals `op` (a node type per op).
template <int_op... Ops, class Make>
node_ptr with_op(int_op op, Make&& make) {
  node_ptr out;
  (void)((op == Ops && (out = make.template operator()<Ops>(), true)) || ...);
  return out;
}

/// The ops whose nodes read (:k local) operands inline: the comparisons and + - * (filters on
/// a field, sums of a field). Only beside a local, a constant or another such operand: the
/// node types stay few.
constexpr bool kw_op(int_op op) {
  return op == int_op::lt || op == int_op::gt || op == int_op::le || op == int_op::ge || op == int_op::add ||
         op == int_op::sub || op == int_op::mul;
}

node_ptr make_int_op2(int_op op, native_fn fn, node_ptr a, node_ptr b, source_pos pos) {
  using o = int_op;
  return with_op<o::add, o::sub, o::mul, o::lt, o::gt, o::le, o::ge, o::eq, o::mod, o::rem, o::quot>(op, [&]<int_op Op>() {
    return with_operand_ext(std::move(a), [&](auto x) {
      return with_operand_ext(std::move(b), [&](auto y) -> node_ptr {
        using X = std::remove_cvref_t<decltype(x)>;
        using Y = std::remove_cvref_t<decltype(y)>;
        if constexpr (operand_pair_kept<X, Y>(kw_op(Op))) {
          return std::make_unique<int_op2_node<Op, X, Y>>(fn, std::move(x), std::move(y), pos);
        } else {
          auto px = plain_operand(std::move(x));
          auto py = plain_operand(std::move(y));
          return std::make_unique<int_op2_node<Op, decltype(px), decltype(py)>>(fn, std::move(px), std::move(py), pos);
        }
      });
    });
  });
}

node_ptr make_int_op1(int_op op, native_fn fn, node_ptr a, source_pos pos) {
  using o = int_op;
  return with_op<o::inc, o::dec, o::zero, o::pos, o::neg, o::even, o::odd>(op, [&]<int_op Op>() {
    return with_operand_ext(std::move(a), [&](auto x) -> node_ptr {
      auto px = [&] {  // a lookup through its node: (zero? (:n m)) is rare
        if constexpr (std::is_same_v<std::remove_cvref_t<decltype(x)>, kw_operand>) return plain_operand(std::move(x));
        else return std::move(x);
      }();
      return std::make_unique<int_op1_node<Op, decltype(px)>>(fn, std::move(px), pos);
    });
  });
}

/// An if whose test is node type Test (final): tested inline, without a virtual call (fib's
/// (if (< n 2) ...): 6 instructions less per call).
template <class Test>
class compare_if_node final : public if_base {
 public:
  using if_base::if_base;
  value eval(frame& f) const override {
    if (static_cast<const Test&>(*test_).truth(f)) return then_->eval(f);
    return else_ ? else_->eval(f) : value();
  }
};

}  // namespace

node_ptr make_compare_if(node_ptr& test, node_ptr& then, node_ptr& otherwise, source_pos pos) {
  node_ptr out;
  auto as = [&]<class T>() {
    if (!exactly<T>(test.get())) return false;
    out = std::make_unique<compare_if_node<T>>(std::move(test), std::move(then), std::move(otherwise), pos);
    return true;
  };
  auto with_operands = [&]<int_op Op>() {
    return as.template operator()<int_op2_node<Op, slot_operand, const_operand>>() ||
           as.template operator()<int_op2_node<Op, const_operand, slot_operand>>() ||
           as.template operator()<int_op2_node<Op, slot_operand, slot_operand>>();
  };
  auto with_operand1 = [&]<int_op Op>() {
    return as.template operator()<int_op1_node<Op, slot_operand>>() ||
           as.template operator()<int_op1_node<Op, arith_operand>>();
  };
  using o = int_op;
  (void)(with_operands.template operator()<o::lt>() || with_operands.template operator()<o::gt>() ||
         with_operands.template operator()<o::le>() || with_operands.template operator()<o::ge>() ||
         with_operand1.template operator()<o::zero>() || with_operand1.template operator()<o::pos>() ||
         with_operand1.template operator()<o::neg>() || with_operand1.template operator()<o::even>() ||
         with_operand1.template operator()<o::odd>());
  return out;
}

namespace {

/// assoc / conj / dissoc on a map, vector or set, handing the collection over by move: when
/// the program holds no other reference (a local at its only use), it is updated in place.
/// Every other case goes to the builtin.
enum class update_op { assoc, conj, dissoc };

class update_node final : public node {
 public:
  update_node(update_op op, native_fn fn, std::vector<node_ptr> args, source_pos p)
      : node(p), op_(op), fn_(fn), args_(std::move(args)) {}
  value eval(frame& f) const override {
    value v[3];
    for (std::size_t i = 0; i < args_.size(); ++i) v[i] = args_[i]->eval(f);
    switch (op_) {
      case update_op::assoc:
        if (v[0].is(type::map)) return map_obj::assoc(std::move(v[0]), std::move(v[1]), std::move(v[2]));
        break;
      case update_op::conj:
        if (v[0].is(type::vector)) return vector_obj::conj(std::move(v[0]), std::move(v[1]));
        if (v[0].is(type::set)) return set_obj::conj(std::move(v[0]), std::move(v[1]));
        break;
      case update_op::dissoc:
        if (v[0].is(type::map)) return map_obj::dissoc(std::move(v[0]), v[1]);
        break;
    }
    try {
      return fn_(*f.ctx, std::span<const value>(v, args_.size()));
    } catch (lisp_exception& e) {
      rethrow_with_pos(e, pos, f);
    }
  }
  /// The builtins' (a collection they cannot update raises), and the arguments'.
  effects effect() const override { return worst(effects::may_raise, worst_effect(args_)); }

 private:
  update_op op_;
  native_fn fn_;
  std::vector<node_ptr> args_;
};

/// assoc-in / update-in / update handing the collection over by move, so that uniquely held
/// levels of the path are updated in place (coll_ops.hpp).
enum class nested_op { assoc_in, update_in, update };

class nested_update_node final : public node {
 public:
  /// `path`: the items of a literal path vector ([:stats k :n], 1 to 8 items; args[1] is then
  /// unused), evaluated into a stack buffer instead of building a vector per call.
  nested_update_node(nested_op op, std::vector<node_ptr> args, std::vector<node_ptr> path, source_pos p)
      : node(p), op_(op), args_(std::move(args)), path_(std::move(path)) {}
  value eval(frame& f) const override {
    if (!path_.empty()) return eval_literal_path(f);
    arg_buffer<> buf(args_.size());
    value* v = buf.data();
    for (std::size_t i = 0; i < args_.size(); ++i) v[i] = args_[i]->eval(f);
    try {
      std::span<const value> extra(v + 3, args_.size() - 3);
      switch (op_) {
        case nested_op::assoc_in: return coll::assoc_in(*f.ctx, std::move(v[0]), v[1], std::move(v[2]));
        case nested_op::update_in: return coll::update_in(*f.ctx, std::move(v[0]), v[1], v[2], extra);
        case nested_op::update: return coll::update(*f.ctx, std::move(v[0]), v[1], v[2], extra);
      }
      return {};
    } catch (lisp_exception& e) {
      rethrow_with_pos(e, pos, f);
    }
  }

  static constexpr std::size_t max_literal_path = 8;

  /// update and update-in call their function with the old value and the extra arguments.
  effects effect() const override {
    effects e = worst(effects::may_raise, worst(worst_effect(args_), worst_effect(path_)));
    if (op_ != nested_op::assoc_in) e = worst(e, args_[2]->call_effect(args_.size() - 2));
    return e;
  }

 private:
  value eval_literal_path(frame& f) const {
    // Arguments in source order: the collection, the path's keys, then the rest.
    value m = args_[0]->eval(f);
    value keys[max_literal_path];
    for (std::size_t i = 0; i < path_.size(); ++i) keys[i] = path_[i]->eval(f);
    arg_buffer<> buf(args_.size());
    value* v = buf.data();
    for (std::size_t i = 2; i < args_.size(); ++i) v[i] = args_[i]->eval(f);
    std::span<const value> ks(keys, path_.size());
    try {
      if (op_ == nested_op::assoc_in) return coll::assoc_in_keys(std::move(m), ks, std::move(v[2]));
      return coll::update_in_keys(*f.ctx, std::move(m), ks, v[2], std::span<const value>(v + 3, args_.size() - 3));
    } catch (lisp_exception& e) {
      rethrow_with_pos(e, pos, f);
    }
  }

  nested_op op_;
  std::vector<node_ptr> args_;
  std::vector<node_ptr> path_;
};

/// The items of `n` when it is a literal vector of 1 to `max` items ([:a b :c]), moved out;
/// empty otherwise (n untouched).
std::vector<node_ptr> take_short_vector_items(node& n, std::size_t max);

/// (reduce f init coll) handing the init over by move: a map built by an earlier let binding
/// and read only here stays unique, so (reduce (fn [m x] (assoc m ...)) m xs) updates it in
/// place instead of copying every inner level it touches while the original is still held.
class reduce3_node final : public node {
 public:
  reduce3_node(std::vector<node_ptr> args, source_pos p) : node(p), args_(std::move(args)) {}
  value eval(frame& f) const override {
    value v[3] = {args_[0]->eval(f), args_[1]->eval(f), args_[2]->eval(f)};
    value init = std::move(v[1]);
    try {
      return seq_detail::reduce_owned(*f.ctx, std::span<const value>(v, 3), std::move(init));
    } catch (lisp_exception& e) {
      rethrow_with_pos(e, pos, f);
    }
  }
  effects effect() const override {
    const effects e = builtin_call_effect("reduce", 3, [&](std::size_t i) -> const node& { return *args_[i]; });
    return worst(e, worst_effect(args_));
  }
  /// For a let joining its binding into the call (forms::join_bound_seq).
  std::vector<node_ptr>& args() { return args_; }

 private:
  std::vector<node_ptr> args_;
};

/// What calling the builtin `name` may do besides answering (see effects): a few predicates
/// and lookups answer for anything; arithmetic, comparison and the like may raise; the rest
/// (printing, tools, functions that call functions) are `any`.
effects builtin_effect(std::string_view name) {
  static constexpr std::string_view none[] = {
      "nil?", "some?", "not", "identity", "true?", "false?", "boolean?", "keyword?", "string?", "number?",
      "integer?", "int?", "double?", "map?", "vector?", "set?", "list?", "seq?", "coll?", "fn?", "=", "not=",
      "get", "vector", "list"};
  // Builtins that take no function and answer the same for the same arguments (not rand, now,
  // print, tools): whatever they do besides answering is raising an error.
  static constexpr std::string_view may_raise[] = {
      // arithmetic, comparison, numbers
      "+", "-", "*", "/", "inc", "dec", "max", "min", "mod", "rem", "quot", "<", ">", "<=", ">=", "==",
      "even?", "odd?", "zero?", "pos?", "neg?", "abs", "double", "int", "long", "float", "num", "boolean",
      "compare", "floor", "round", "rint", "pow", "parse-long", "parse-double", "parse-boolean", "nat-int?",
      "pos-int?", "neg-int?", "float?", "decimal?", "ratio?", "rational?",
      // collections
      "count", "first", "second", "last", "nth", "contains?", "empty?", "not-empty", "empty", "seq", "rest", "next",
      "ffirst", "fnext", "nfirst", "nnext", "nthnext", "nthrest", "butlast", "peek", "pop", "take", "drop",
      "take-last", "drop-last", "take-nth", "subvec", "keys", "vals", "key", "val", "find", "get-in", "select-keys",
      "assoc", "assoc-in", "dissoc", "conj", "cons", "disj", "merge", "vec", "set", "hash-map", "hash-set",
      "array-map", "list*", "concat", "distinct", "dedupe", "frequencies", "flatten", "reverse", "zipmap",
      "interleave", "interpose", "partition", "partition-all", "split-at", "repeat", "cycle", "rename-keys",
      "map-invert", "distinct?", "sorted?", "counted?", "sequential?", "associative?", "reversible?", "seqable?",
      "indexed?", "map-entry?", "ident?", "symbol?", "char?",
      // strings, names, regexes
      "str", "subs", "format", "pr-str", "print-str", "name", "namespace", "keyword", "symbol", "re-find",
      "re-matches", "re-seq", "re-pattern", "ex-info", "ex-message", "ex-data", "clojure.string/upper-case",
      "clojure.string/lower-case", "clojure.string/includes?", "clojure.string/starts-with?",
      "clojure.string/ends-with?", "clojure.string/join", "clojure.string/split", "clojure.string/split-lines",
      "clojure.string/trim", "clojure.string/triml", "clojure.string/trimr", "clojure.string/trim-newline",
      "clojure.string/capitalize", "clojure.string/blank?", "clojure.string/index-of",
      "clojure.string/last-index-of",
      // sets, walking data
      "clojure.set/union", "clojure.set/intersection", "clojure.set/difference", "clojure.set/subset?",
      "clojure.set/superset?", "clojure.set/project", "clojure.set/rename", "clojure.set/rename-keys",
      "clojure.set/map-invert", "clojure.set/index", "clojure.set/join", "clojure.walk/keywordize-keys",
      "clojure.walk/stringify-keys",
      // making a function (calling it is the caller's call_effect)
      "comp", "partial", "juxt", "complement", "constantly", "fnil", "every-pred", "some-fn"};
  for (std::string_view n : none)
    if (n == name) return effects::none;
  for (std::string_view n : may_raise)
    if (n == name) return effects::may_raise;
  return effects::any;
}

effects const_node::call_effect(std::size_t nargs) const {
  if (v_.is(type::keyword)) return nargs == 1 || nargs == 2 ? effects::none : effects::any;
  if (!v_.is(type::function)) return effects::any;
  auto* b = dynamic_cast<const builtin_fn*>(v_.obj());
  return b ? builtin_effect(b->qualified_name()) : effects::any;
}

/// (range ...) with 1 to 3 arguments: the builtin call, and for a consumer the analyzer fused
/// it into (range_fused_node) the range's description instead of its list.
class range_call_node final : public node {
 public:
  range_call_node(native_fn fn, std::vector<node_ptr> args, source_pos p) : node(p), fn_(fn), args_(std::move(args)) {}
  value eval(frame& f) const override {
    arg_buffer<3> buf(args_, f);
    return call(f, buf.span());
  }
  /// Evaluates the arguments; the range they describe when it is a realised integer list, else
  /// none with what the builtin answered (a lazy or double range) in `other`.
  std::optional<seq_detail::int_range> eval_range(frame& f, value& other) const {
    arg_buffer<3> buf(args_, f);
    if (auto r = seq_detail::eager_int_range(buf.span())) return r;
    other = call(f, buf.span());
    return std::nullopt;
  }
  effects effect() const override { return worst(effects::may_raise, worst_effect(args_)); }

 private:
  value call(frame& f, std::span<const value> a) const {
    try {
      return fn_(*f.ctx, a);
    } catch (lisp_exception& e) {
      rethrow_with_pos(e, pos, f);
    }
  }
  native_fn fn_;
  std::vector<node_ptr> args_;
};

/// (map f (range n)), mapv, filter, filterv, remove, reduce (2 or 3 arguments), vec, set and
/// (into to ...) over a range call: the items are counted out without making the range's list
/// (Clojure's reducible range).
/// Nothing can be observed between the range's making and its use, so the result, the calls
/// and any error are the builtin's over the realised range; a range that is not a realised
/// integer list (doubles, lazy, repeating) is made and handed to the builtin as before.
class range_fused_node final : public node {
 public:
  range_fused_node(seq_detail::range_use use, std::string_view name, native_fn fn, std::vector<node_ptr> args,
                   std::unique_ptr<range_call_node> range, source_pos p)
      : node(p), use_(use), name_(name), fn_(fn), args_(std::move(args)), range_(std::move(range)) {}
  value eval(frame& f) const override {
    value v[3];  // the arguments before the range, then the range when it is made
    const std::size_t n = args_.size();
    for (std::size_t i = 0; i < n; ++i) v[i] = args_[i]->eval(f);
    std::optional<seq_detail::int_range> r = range_->eval_range(f, v[n]);
    try {
      if (!r) {
        if (use_ == seq_detail::range_use::reduce && n == 2) {  // as reduce3_node: init by move
          value init = std::move(v[1]);
          return seq_detail::reduce_owned(*f.ctx, std::span<const value>(v, 3), std::move(init));
        }
        return fn_(*f.ctx, std::span<const value>(v, n + 1));
      }
      value init = n == 2 ? std::move(v[1]) : use_ == seq_detail::range_use::into ? std::move(v[0]) : value();
      return seq_detail::over_int_range(*f.ctx, use_, std::span<const value>(v, n), *r, std::move(init));
    } catch (lisp_exception& e) {
      rethrow_with_pos(e, pos, f);
    }
  }

  /// The fused node for builtin `name` called with `args`, when the last one is a range call
  /// and the call is one the fusion covers; null otherwise (args untouched).
  static node_ptr make(std::string_view name, native_fn fn, std::vector<node_ptr>& args, source_pos pos) {
    using seq_detail::range_use;
    static constexpr std::pair<std::string_view, range_use> uses[] = {
        {"map", range_use::map},       {"mapv", range_use::mapv},     {"filter", range_use::filter},
        {"filterv", range_use::filterv}, {"remove", range_use::remove}, {"reduce", range_use::reduce},
        {"vec", range_use::vec},       {"set", range_use::set},       {"into", range_use::into}};
    if (args.empty() || args.size() > 3 || !exactly<range_call_node>(args.back().get())) return nullptr;
    for (const auto& [n, use] : uses) {
      if (n != name) continue;
      // (vec xs), (set xs); (into to xs) (not into's transducer form); reduce with 2 or 3 arguments;
      // the others with 2 ((map f xs ys) is not fused)
      const std::size_t want = use == range_use::vec || use == range_use::set ? 1 : 2;
      if (use == range_use::reduce ? args.size() < 2 : args.size() != want) return nullptr;
      std::unique_ptr<range_call_node> range(static_cast<range_call_node*>(args.back().release()));
      args.pop_back();
      return std::make_unique<range_fused_node>(use, n, fn, std::move(args), std::move(range), pos);
    }
    return nullptr;
  }

  /// The builtin's call with the range as its last argument, and the arguments'.
  effects effect() const override {
    const effects e = builtin_call_effect(name_, args_.size() + 1, [&](std::size_t i) -> const node& { return *args_[i]; });
    return worst(e, worst(worst_effect(args_), range_->effect()));
  }

  // For a pipeline taking this call apart (stage_fused_node::make).
  seq_detail::range_use use() const { return use_; }
  native_fn builtin() const { return fn_; }
  node_ptr& first_arg() { return args_[0]; }
  node_ptr take_range() { return std::move(range_); }

 private:
  seq_detail::range_use use_;
  std::string_view name_;  ///< the consumer builtin's (a literal of make's table)
  native_fn fn_;  ///< the consumer builtin, for a range that is not fused
  std::vector<node_ptr> args_;
  std::unique_ptr<range_call_node> range_;
};

/// The stage kind of a seq builtin, when it is one a pipeline can fuse.
std::optional<seq_detail::fused_stage::kind_t> stage_kind(std::string_view name) {
  if (name == "map" || name == "mapv") return seq_detail::fused_stage::map;
  if (name == "filter" || name == "filterv") return seq_detail::fused_stage::filter;
  if (name == "remove") return seq_detail::fused_stage::remove;
  return std::nullopt;
}

/// (map f xs), (filter f xs) or (remove f xs) as analysed: a stage a consumer's pipeline can
/// take over; null for anything else.
builtin_call2_node* stage_call(node* n) {
  auto* c = exactly<builtin_call2_node>(n);
  if (!c || c->name() == "mapv" || c->name() == "filterv" || !stage_kind(c->name())) return nullptr;
  return c;
}

/// The stage kind of (map f (range ...)) and kin fused over a range (their seq, list or vector,
/// is a pipeline's first stage over the range's items); none for a reduce.
std::optional<seq_detail::fused_stage::kind_t> range_stage_kind(const range_fused_node& n) {
  switch (n.use()) {
    case seq_detail::range_use::map:
    case seq_detail::range_use::mapv: return seq_detail::fused_stage::map;
    case seq_detail::range_use::filter:
    case seq_detail::range_use::filterv: return seq_detail::fused_stage::filter;
    case seq_detail::range_use::remove: return seq_detail::fused_stage::remove;
    case seq_detail::range_use::reduce:
    case seq_detail::range_use::vec:
    case seq_detail::range_use::set:
    case seq_detail::range_use::into: return std::nullopt;
  }
  return std::nullopt;
}

/// `n` as a seq-making call over a fused range, whose items and function a consumer's pipeline
/// can take over; null otherwise.
range_fused_node* range_stage(node* n) {
  auto* r = exactly<range_fused_node>(n);
  return r && range_stage_kind(*r) ? r : nullptr;
}

/// A consumer of chained seq stages, (reduce g (map f (filter p xs))) and the like (also written
/// with ->>), run item by item: each item goes through every stage and into the consumer, and no
/// seq is made between them (a transducer chosen at analysis). Context: PTC-Lisp's seqs are
/// eager, so the builtins run a stage over all items before the next stage starts; run item by
/// item, the calls happen in another order. Decision: fuse only where that order cannot be
/// seen (the `effects` of the functions, known at analysis):
/// - the stages' functions do nothing but answer (keywords, predicates and lookups, fn
///   literals made of them): the consumer's calls, effects and errors are the same in either
///   order, and so are a reduce that stops early (`reduced`);
/// - or the stages may raise but nothing else, and so may the consumer: the pipeline runs fused,
///   and should anything raise, it is run again stage by stage, which raises the error the
///   builtins raise (nothing the first attempt did can be seen).
/// The innermost stage may be one over a range call ((map f (range n)), fused into
/// range_fused_node first): its items are then counted out, the range never made. A collection
/// that is not a list, vector or nil (or such a range), or a function value that is not one,
/// goes stage by stage from the start.
class stage_fused_node final : public node {
 public:
  struct stage {
    seq_detail::fused_stage::kind_t kind;
    native_fn fn;
    node_ptr f;
    source_pos pos;
  };

  /// `consumer_args` are the consumer's arguments before the collection (reduce: f [init]; into: to;
  /// map, filter, ...: f; count, vec, set: none); `stages` outermost first, as the calls are
  /// nested; `consumer_stage` the kind of a consumer that is itself a stage (map, mapv,
  /// filter, filterv, remove: its function is the last stage).
  stage_fused_node(seq_detail::fused_sink sink, native_fn consumer, std::vector<node_ptr> consumer_args,
                   std::optional<seq_detail::fused_stage::kind_t> consumer_stage, std::vector<stage> stages,
                   node_ptr source, bool rerun_on_error, source_pos p)
      : node(p), sink_(sink), consumer_(consumer), consumer_args_(std::move(consumer_args)),
        consumer_stage_(consumer_stage), stages_(std::move(stages)), source_(std::move(source)),
        rerun_on_error_(rerun_on_error) {}

  value eval(frame& fr) const override {
    // Evaluated in the order of the nested calls: the consumer's arguments, each stage's
    // function from the outermost in, the collection.
    value cv[2];
    for (std::size_t i = 0; i < consumer_args_.size(); ++i) cv[i] = consumer_args_[i]->eval(fr);
    arg_buffer<4> fns(stages_.size());
    for (std::size_t i = 0; i < stages_.size(); ++i) fns.data()[i] = stages_[i].f->eval(fr);
    value coll;  // the collection, or its range (not made) in r
    const std::optional<seq_detail::int_range> r = forms::eval_iterable(*source_, fr, coll);
    return run(fr, cv, fns.data(), coll, r ? &*r : nullptr);
  }

  /// The stages' calls and the consumer's, fused or not (the same calls), and evaluating the
  /// functions, the consumer's arguments and the collection; a collection that cannot be walked raises.
  effects effect() const override {
    effects e = worst(effects::may_raise, worst(stage_effects(), sink_effects(sink_, consumer_args_.empty() ? nullptr : consumer_args_[0].get())));
    for (const stage& s : stages_) e = worst(e, s.f->effect());
    return worst(e, worst(worst_effect(consumer_args_), source_->effect()));
  }

  /// The fused node for a call of `name` with `args` whose collection is a chain of stage calls
  /// that may be fused (see the class comment); null otherwise (args untouched).
  static node_ptr make(std::string_view name, native_fn fn, std::vector<node_ptr>& args, source_pos pos);

  /// (let [... xs (map f ys)] (reduce + (filter p xs))): when `read`, the let's one read of the
  /// local bound last to `bound`, is this pipeline's collection, takes bound's stages and source
  /// over as if written in place (`bound` is then empty), where nobody can tell: what this node
  /// evaluates before its collection (the consumer's arguments, the stages' functions) neither
  /// raises nor acts, and the joined stages pass the class comment's rule. False otherwise
  /// (nothing changed).
  bool join_bound(const node* read, node_ptr& bound);
  /// Whether a pipeline over `n` would take stages over from it (n is a stage call, a
  /// seq-making pipeline or a seq-making call over a range).
  static bool takes_stages_from(node* n);

 private:
  static constexpr std::size_t max_stages = 6;
  struct chain_view;
  /// The stages, the consumer's own included when it is one.
  std::size_t stage_count() const;
  /// The worst effect of calling the stages' functions (the consumer's when it is a stage).
  effects stage_effects() const;
  /// Whether a pipeline whose stages' calls have effect `stages` and whose reduce function's
  /// has effect `consumer` is fused, and then whether it runs again stage by stage on an error
  /// (the class comment's rule); none when it is not fused.
  static std::optional<bool> rerun_rule(effects stages, effects consumer);
  /// What the consumer itself may do with the items (`first_arg`: its first argument, a
  /// reduce's function).
  static effects sink_effects(seq_detail::fused_sink sink, node* first_arg);

  /// A reduce with an initial value (its accumulator is handed over).
  bool has_init() const { return sink_ == seq_detail::fused_sink::reduce && consumer_args_.size() == 2; }

  /// The stages' kinds and function nodes, innermost first (as run() orders them), the
  /// consumer's own last when it is a stage.
  std::vector<std::pair<seq_detail::fused_stage::kind_t, node*>> stage_order() const;
  /// Finds a record this pipeline need not make when it runs fused (context.hpp:
  /// elided_record): a map stage whose function is a fn literal that answers a map literal
  /// with keyword keys ((fn [i] {:id i :amount ...})), followed by stages that use the item only
  /// through lookups of those keys, as keywords ((filter :ok), (map :amount)) or fn literals
  /// whose parameter is read only by such lookups ((filter #(= "shipped" (:status %)))), up to
  /// the first of them that maps (the record is gone after it) or a count (it does not look at
  /// its items). Marks the record literal and the lookups (forgetting any earlier marks: a
  /// pipeline that takes another's stages over finds again), or nothing when there is none.
  void elide_record();
  /// Fills `r` with the closures of this evaluation's maker and reading stages (`st`, the `n`
  /// stages as run() orders them) and points the keyword stages that read a field at it; false,
  /// with nothing changed, when a stage function is not a closure.
  bool elide_in(elided_record& r, seq_detail::fused_stage* st, std::size_t n) const;

  value run(frame& fr, value* cv, value* fns, const value& coll, const seq_detail::int_range* range) const {
    context& c = *fr.ctx;
    // Innermost stage first; a consumer that is a stage comes last.
    const std::size_t n = stages_.size() + (consumer_stage_ ? 1 : 0);
    std::unique_ptr<seq_detail::fused_stage[]> st(new seq_detail::fused_stage[n]);
    for (std::size_t i = 0; i < stages_.size(); ++i) {
      const std::size_t j = stages_.size() - 1 - i;
      st[i] = {stages_[j].kind, &fns[j]};
    }
    if (consumer_stage_) st[n - 1] = {*consumer_stage_, &cv[0]};
    const std::span<const seq_detail::fused_stage> stages(st.get(), n);
    const value* reduce_fn = sink_ == seq_detail::fused_sink::reduce ? &cv[0] : nullptr;
    // Handed over to the pipeline: a reduce's initial value, into's target.
    value* handed = has_init() ? &cv[1] : sink_ == seq_detail::fused_sink::into ? &cv[0] : nullptr;
    if (seq_detail::fusable(coll, stages, reduce_fn)) {
      value kept = handed && rerun_on_error_ ? *handed : value();  // for a second, staged run
      try {
        elided_record record;
        std::optional<context::elided_scope> elided;
        if (elided_maker_ >= 0 && elide_in(record, st.get(), n)) elided.emplace(c, record);
        return seq_detail::run_fused(c, coll, range, stages, sink_, reduce_fn, handed != nullptr,
                                     handed ? std::move(*handed) : value());
      } catch (lisp_exception& e) {
        if (!rerun_on_error_ || e.err().kind == error_kind::limit) rethrow_with_pos(e, pos, fr);
        if (handed) *handed = std::move(kept);
      }
    }
    return staged(fr, cv, fns, range ? seq_detail::realise(c, *range) : coll);
  }

  /// The builtins, stage by stage (the calls as written).
  value staged(frame& fr, value* cv, value* fns, const value& coll) const {
    context& c = *fr.ctx;
    value v = coll;
    for (std::size_t i = stages_.size(); i-- > 0;) {
      value a[2] = {fns[i], std::move(v)};
      try {
        v = stages_[i].fn(c, std::span<const value>(a, 2));
      } catch (lisp_exception& e) {
        rethrow_with_pos(e, stages_[i].pos, fr);
      }
    }
    try {
      if (has_init()) {
        value a[3] = {cv[0], value(), std::move(v)};
        return seq_detail::reduce_owned(c, std::span<const value>(a, 3), std::move(cv[1]));
      }
      const std::size_t k = consumer_args_.size();
      value a[2];
      for (std::size_t i = 0; i < k; ++i) a[i] = cv[i];
      a[k] = std::move(v);
      return consumer_(c, std::span<const value>(a, k + 1));
    } catch (lisp_exception& e) {
      rethrow_with_pos(e, pos, fr);
    }
  }

  /// `n` as a fused pipeline that makes a list or vector (an inner consumer, fused first as
  /// analysis goes inside out), whose items an outer consumer can take over; null otherwise (a
  /// set drops repeated items).
  static stage_fused_node* seq_pipeline(node* n) {
    auto* p = exactly<stage_fused_node>(n);
    return p && (p->sink_ == seq_detail::fused_sink::list || p->sink_ == seq_detail::fused_sink::vector) ? p : nullptr;
  }

  seq_detail::fused_sink sink_;
  native_fn consumer_;
  std::vector<node_ptr> consumer_args_;
  std::optional<seq_detail::fused_stage::kind_t> consumer_stage_;
  std::vector<stage> stages_;
  node_ptr source_;
  bool rerun_on_error_;
  /// elide_record's finding: the maker stage (innermost first; -1: none), the stages whose fn
  /// literals read the record's fields, and the field each keyword stage reads (-1: none).
  int elided_maker_ = -1;
  std::uint32_t elided_readers_ = 0;
  std::int8_t keyword_field_[max_stages + 1] = {-1, -1, -1, -1, -1, -1, -1};
};

/// The stages a pipeline can take over from its collection argument `head`: stage calls
/// (outermost first), ending in an inner seq-making pipeline or a seq-making call over a range
/// (their stages and source are taken too) or in any other collection. Found and weighed first;
/// taken (moved out of the nodes, which are then husks) only once the pipeline is made.
struct stage_fused_node::chain_view {
  std::vector<builtin_call2_node*> calls;
  stage_fused_node* inner = nullptr;
  range_fused_node* ranged = nullptr;

  explicit chain_view(node* head) {
    for (auto* s = stage_call(head); s; s = stage_call(s->second_arg().get())) calls.push_back(s);
    node* end = calls.empty() ? head : calls.back()->second_arg().get();
    inner = seq_pipeline(end);
    if (!inner) ranged = range_stage(end);
  }
  /// Whether there is anything to take over.
  bool any() const { return !calls.empty() || inner || ranged; }
  std::size_t stage_count() const {
    return calls.size() + (inner ? inner->stage_count() : 0) + (ranged ? 1 : 0);
  }
  /// The worst effect of calling the stages' functions.
  effects stage_effects() const {
    effects e = inner ? inner->stage_effects() : effects::none;
    for (auto* s : calls) e = worst(e, s->first_arg()->call_effect(1));
    if (ranged) e = worst(e, ranged->first_arg()->call_effect(1));
    return e;
  }
  /// Moves the stages (outermost first) onto `stages` and the collection into `source`.
  void take(std::vector<stage>& stages, node_ptr& source) {
    for (auto* s : calls) stages.push_back({*stage_kind(s->name()), s->builtin(), std::move(s->first_arg()), s->pos});
    if (inner) {
      if (inner->consumer_stage_) {
        stages.push_back({*inner->consumer_stage_, inner->consumer_, std::move(inner->consumer_args_[0]), inner->pos});
      }
      for (stage& s : inner->stages_) stages.push_back(std::move(s));
      source = std::move(inner->source_);
    } else if (ranged) {
      stages.push_back({*range_stage_kind(*ranged), ranged->builtin(), std::move(ranged->first_arg()), ranged->pos});
      source = ranged->take_range();
    } else {
      source = std::move(calls.back()->second_arg());
    }
  }
};

std::size_t stage_fused_node::stage_count() const { return stages_.size() + (consumer_stage_ ? 1 : 0); }

effects stage_fused_node::stage_effects() const {
  effects e = consumer_stage_ ? consumer_args_[0]->call_effect(1) : effects::none;
  for (const stage& s : stages_) e = worst(e, s.f->call_effect(1));
  return e;
}

effects stage_fused_node::sink_effects(seq_detail::fused_sink sink, node* first_arg) {
  switch (sink) {
    case seq_detail::fused_sink::reduce: return first_arg->call_effect(2);  // the reducing function's
    case seq_detail::fused_sink::into: return effects::may_raise;  // a target or item conj refuses
    default: return effects::none;
  }
}

std::optional<bool> stage_fused_node::rerun_rule(effects stages, effects consumer) {
  if (stages == effects::none) return false;
  if (stages == effects::may_raise && consumer != effects::any) return true;
  return std::nullopt;
}

node_ptr stage_fused_node::make(std::string_view name, native_fn fn, std::vector<node_ptr>& args, source_pos pos) {
  using seq_detail::fused_sink;
  if (args.empty()) return nullptr;
  chain_view chain(args.back().get());
  if (!chain.any()) return nullptr;
  fused_sink sink;
  std::size_t own_args;  // the consumer's arguments before the collection
  if (name == "reduce" && (args.size() == 2 || args.size() == 3)) {
    sink = fused_sink::reduce;
    own_args = args.size() - 1;
  } else if (name == "count" && args.size() == 1) {
    sink = fused_sink::count;
    own_args = 0;
  } else if (stage_kind(name) && args.size() == 2) {
    sink = name == "mapv" || name == "filterv" ? fused_sink::vector : fused_sink::list;
    own_args = 1;
  } else if ((name == "vec" || name == "set") && args.size() == 1) {
    sink = name == "vec" ? fused_sink::vector : fused_sink::set;
    own_args = 0;
  } else if (name == "into" && args.size() == 2) {
    sink = fused_sink::into;
    own_args = 1;
  } else {
    return nullptr;
  }
  const auto consumer_stage = sink == fused_sink::reduce || sink == fused_sink::into ? std::nullopt : stage_kind(name);
  if (chain.stage_count() + (consumer_stage ? 1 : 0) > max_stages) return nullptr;
  effects stage_effects = worst(consumer_stage ? args[0]->call_effect(1) : effects::none, chain.stage_effects());
  const effects consumer_effects = sink_effects(sink, args[0].get());
  const std::optional<bool> rerun_on_error = rerun_rule(stage_effects, consumer_effects);
  if (!rerun_on_error) return nullptr;

  std::vector<stage> stages;
  node_ptr source;
  chain.take(stages, source);
  std::vector<node_ptr> own;
  for (std::size_t i = 0; i < own_args; ++i) own.push_back(std::move(args[i]));
  args.clear();  // the chain's nodes were taken apart; what is left of them goes with args
  auto made = std::make_unique<stage_fused_node>(sink, fn, std::move(own), consumer_stage, std::move(stages),
                                                 std::move(source), *rerun_on_error, pos);
  made->elide_record();
  return made;
}

bool stage_fused_node::takes_stages_from(node* n) { return chain_view(n).any(); }

bool stage_fused_node::join_bound(const node* read, node_ptr& bound) {
  if (source_.get() != read) return false;
  // Evaluated before the collection: they must neither raise nor act, so that evaluating the
  // bound seq after them instead of before cannot be seen.
  for (const node_ptr& a : consumer_args_)
    if (a->effect() != effects::none) return false;
  for (const stage& s : stages_)
    if (s.f->effect() != effects::none) return false;
  chain_view chain(bound.get());
  if (!chain.any() || stage_count() + chain.stage_count() > max_stages) return false;
  const effects consumer_effects = sink_effects(sink_, consumer_args_.empty() ? nullptr : consumer_args_[0].get());
  const std::optional<bool> rerun_on_error = rerun_rule(worst(stage_effects(), chain.stage_effects()), consumer_effects);
  if (!rerun_on_error) return false;
  chain.take(stages_, source_);
  rerun_on_error_ = *rerun_on_error;
  bound.reset();  // what is left of the chain's nodes
  elide_record();
  return true;
}

}  // namespace

std::optional<seq_detail::int_range> forms::eval_iterable(const node& n, frame& f, value& other) {
  if (auto* r = exactly<const range_call_node>(&n)) return r->eval_range(f, other);
  other = n.eval(f);
  return std::nullopt;
}

namespace {

/// The call node of a builtin with no case of its own: by argument count.
node_ptr make_plain_builtin_node(native_fn fn, std::vector<node_ptr> args, source_pos pos, std::string_view name) {
  if (args.size() == 2) return std::make_unique<builtin_call2_node>(fn, std::move(args[0]), std::move(args[1]), pos, name);
  if (args.size() == 1) return std::make_unique<builtin_call1_node>(fn, std::move(args[0]), pos, name);
  return std::make_unique<builtin_call_node>(fn, std::move(args), pos, name);
}

/// The builtins that only call the function in their place `fn` (the closure is never stored
/// where a program could reach it, nor returned): a fn literal there records no return types.
constexpr std::pair<std::string_view, std::size_t> fn_places[] = {
    {"map", 0},         {"mapv", 0},        {"filter", 0},     {"filterv", 0},     {"remove", 0},
    {"reduce", 0},      {"keep", 0},        {"keep-indexed", 0}, {"map-indexed", 0}, {"mapcat", 0},
    {"some", 0},        {"every?", 0},      {"not-any?", 0},   {"not-every?", 0},  {"sort-by", 0},
    {"group-by", 0},    {"partition-by", 0}, {"take-while", 0}, {"drop-while", 0}, {"run!", 0},
    {"max-key", 0},     {"min-key", 0},     {"update", 2},     {"update-in", 2}};
/// The arithmetic and comparison builtins with nodes of their own, by argument count.
constexpr std::pair<std::string_view, int_op> ops2[] = {
    {"+", int_op::add}, {"-", int_op::sub}, {"*", int_op::mul}, {"<", int_op::lt}, {">", int_op::gt},
    {"<=", int_op::le}, {">=", int_op::ge}, {"=", int_op::eq}, {"==", int_op::eq},
    {"mod", int_op::mod}, {"rem", int_op::rem}, {"quot", int_op::quot}};
constexpr std::pair<std::string_view, int_op> ops1[] = {
    {"inc", int_op::inc}, {"dec", int_op::dec},   {"zero?", int_op::zero}, {"pos?", int_op::pos},
    {"neg?", int_op::neg}, {"even?", int_op::even}, {"odd?", int_op::odd}};
/// The other names make_builtin_node tests one by one, with those range_fused_node::make and
/// stage_fused_node::make (stage_kind's among them) take: keep in step with them.
constexpr std::string_view tested_names[] = {
    "range", "return", "fail", "reduce", "assoc-in", "update-in", "update", "assoc", "conj", "dissoc", "=",
    "map", "mapv", "filter", "filterv", "remove", "vec", "set", "into", "count"};

/// Whether make_builtin_node may make more than the plain call node of builtin `name`: one
/// lookup instead of the fifty name compares of its cases, for the builtins none of them names
/// (str, get, println, keys, ...).
bool named_by_a_case(std::string_view name) {
  static const std::unordered_set<std::string_view> names = [] {
    std::unordered_set<std::string_view> out;
    for (const auto& [n, place] : fn_places) out.insert(n);
    for (const auto& [n, op] : ops2) out.insert(n);
    for (const auto& [n, op] : ops1) out.insert(n);
    for (std::string_view n : tested_names) out.insert(n);
    return out;
  }();
  return names.contains(name);
}

void note_only_called_fns(std::string_view name, std::vector<node_ptr>& args) {
  for (const auto& [builtin, place] : fn_places) {
    if (builtin != name) continue;
    if (place < args.size() && args[place]) forms::note_only_called(*args[place]);
    return;
  }
}

node_ptr make_builtin_node(const builtin_fn& b, std::vector<node_ptr> args, source_pos pos) {
  const std::string_view name = b.qualified_name();
  if (!named_by_a_case(name)) return make_plain_builtin_node(b.def().fn, std::move(args), pos, name);
  note_only_called_fns(name, args);
  if (name == "range" && !args.empty() && args.size() <= 3) {
    return std::make_unique<range_call_node>(b.def().fn, std::move(args), pos);
  }
  if (node_ptr fused = range_fused_node::make(name, b.def().fn, args, pos)) return fused;
  if (node_ptr fused = stage_fused_node::make(name, b.def().fn, args, pos)) return fused;
  if ((name == "return" || name == "fail") && args.size() <= 1) {
    return std::make_unique<return_call_node>(args.empty() ? nullptr : std::move(args[0]), name == "fail", pos);
  }
  if (name == "reduce" && args.size() == 3) return std::make_unique<reduce3_node>(std::move(args), pos);
  if ((name == "assoc-in" && args.size() == 3) || ((name == "update-in" || name == "update") && args.size() >= 3)) {
    nested_op op = name == "assoc-in" ? nested_op::assoc_in : name == "update-in" ? nested_op::update_in : nested_op::update;
    std::vector<node_ptr> path;
    if (op != nested_op::update) path = take_short_vector_items(*args[1], nested_update_node::max_literal_path);
    return std::make_unique<nested_update_node>(op, std::move(args), std::move(path), pos);
  }
  if ((name == "assoc" && args.size() == 3) || (name == "conj" && args.size() == 2) ||
      (name == "dissoc" && args.size() == 2)) {
    update_op op = name == "assoc" ? update_op::assoc : name == "conj" ? update_op::conj : update_op::dissoc;
    return std::make_unique<update_node>(op, b.def().fn, std::move(args), pos);
  }
  native_fn fn = b.def().fn;
  if (args.size() == 2 && name == "=") {
    return make_equal2(fn, std::move(args[0]), std::move(args[1]), pos);
  }
  if (args.size() == 2) {
    for (const auto& [op_name, op] : ops2)
      if (op_name == name) return make_int_op2(op, fn, std::move(args[0]), std::move(args[1]), pos);
  }
  if (args.size() == 1) {
    for (const auto& [op_name, op] : ops1)
      if (op_name == name) return make_int_op1(op, fn, std::move(args[0]), pos);
  }
  return make_plain_builtin_node(fn, std::move(args), pos, name);
}

/// A call of a seq consumer the fusion covers ((reduce f [init] xs), (count xs), (vec xs),
/// (set xs), (map f xs), (mapv f xs), (filter f xs), (filterv f xs), (remove f xs)) as
/// analysed: the builtin's name and the call's argument slots, the collection last; none for
/// other nodes.
struct consumer_call {
  std::string_view name;
  std::vector<node_ptr*> args;
};
std::optional<consumer_call> consumer_call_of(node& n) {
  if (auto* c = exactly<builtin_call1_node>(&n)) {
    if (c->name() != "count" && c->name() != "vec" && c->name() != "set") return std::nullopt;
    return consumer_call{c->name(), {&c->arg()}};
  }
  if (auto* c2 = exactly<builtin_call2_node>(&n)) {
    if (c2->name() != "reduce" && !stage_kind(c2->name())) return std::nullopt;
    return consumer_call{c2->name(), {&c2->first_arg(), &c2->second_arg()}};
  }
  if (auto* r = exactly<reduce3_node>(&n)) {
    consumer_call out{"reduce", {}};
    for (node_ptr& a : r->args()) out.args.push_back(&a);
    return out;
  }
  return std::nullopt;
}

}  // namespace

bool forms::join_bound_seq(node_ptr& body, const node* read, node_ptr& bound) {
  if (auto* p = exactly<stage_fused_node>(body.get())) return p->join_bound(read, bound);
  // A consumer called on the seq, (reduce + xs): called on its making instead, as if written
  // in place, and analysed again (the fusion then takes its stages over). What the call
  // evaluates before it must neither raise nor act; then evaluating the seq after them instead
  // of before cannot be seen, fused or not.
  if (!stage_fused_node::takes_stages_from(bound.get())) return false;
  std::optional<consumer_call> call = consumer_call_of(*body);
  if (!call || call->args.back()->get() != read) return false;
  for (std::size_t i = 0; i + 1 < call->args.size(); ++i)
    if ((*call->args[i])->effect() != effects::none) return false;
  std::vector<node_ptr> args;
  for (node_ptr* a : call->args) args.push_back(std::move(*a));  // body is a husk from here
  args.back() = std::move(bound);
  const value* b = builtins().find("", call->name);
  body = make_builtin_node(static_cast<const builtin_fn&>(*b->obj()), std::move(args), body->pos);
  return true;
}

namespace {

enum class coll_kind { vector, map, set };

/// Whether a map literal's items (k v k v ...) have constant keys, no two the same key.
bool constant_distinct_keys(const std::vector<node_ptr>& items) {
  if (items.size() % 2 != 0) return false;
  for (std::size_t i = 0; i < items.size(); i += 2) {
    auto* c = exactly<const_node>(items[i].get());
    if (!c) return false;
    for (std::size_t j = 0; j < i; j += 2)
      if (detail::ordered_table::same_key(static_cast<const_node&>(*items[j]).get(), c->get())) return false;
  }
  return true;
}

class coll_node final : public node {
 public:
  coll_node(coll_kind k, std::vector<node_ptr> items, source_pos p)
      : node(p), kind_(k), items_(std::move(items)),
        // {:id x :name y}: constant keys, distinct, are checked once here rather than per map made.
        constant_distinct_keys_(kind_ == coll_kind::map && constant_distinct_keys(items_)) {}
  value eval(frame& f) const override {
    if (kind_ == coll_kind::vector && items_.size() <= inline_items) {
      // A short vector literal ([k v], a path): items on the stack, then an exact-size vector.
      arg_buffer<inline_items> buf(items_, f);
      return vector_obj::from_moved(buf.data(), items_.size());
    }
    std::vector<value> vals;
    vals.reserve(items_.size());
    for (const auto& n : items_) vals.push_back(n->eval(f));
    switch (kind_) {
      case coll_kind::vector: return vector_obj::from(std::move(vals));
      case coll_kind::set: {
        value s = set_obj::empty();
        for (auto& v : vals) {
          if (s.as<set_obj>().contains(v)) {
            raise(error_kind::type, "Duplicate key: " + errors::brief(v), "Set literals cannot repeat an item");
          }
          s = set_obj::conj(std::move(s), std::move(v));
        }
        return s;
      }
      case coll_kind::map: {
        vals.resize(vals.size() / 2 * 2);
        for (std::size_t i = 2; !constant_distinct_keys_ && i < vals.size(); i += 2) {
          for (std::size_t j = 0; j < i; j += 2) {
            if (detail::ordered_table::same_key(vals[j], vals[i])) {
              raise(error_kind::type, "Duplicate key: " + errors::brief(vals[i]), "Map literals cannot repeat a key");
            }
          }
        }
        return map_obj::from_distinct(std::move(vals));  // k v k v ... as evaluated
      }
    }
    return {};
  }

 public:
  effects effect() const override {
    // A set or a map without constant distinct keys raises on a repeated item or key.
    effects e = kind_ == coll_kind::vector || constant_distinct_keys_ ? effects::none : effects::may_raise;
    for (const auto& n : items_) e = worst(e, n->effect());
    return e;
  }
  /// A vector literal's 1 to `max` items, moved out (this node is then spent); else none.
  std::vector<node_ptr> take_vector_items(std::size_t max) {
    if (kind_ != coll_kind::vector || items_.empty() || items_.size() > max) return {};
    std::vector<node_ptr> out = std::move(items_);
    items_.clear();
    return out;
  }

 private:
  static constexpr std::size_t inline_items = 8;
  coll_kind kind_;
  std::vector<node_ptr> items_;
  bool constant_distinct_keys_ = false;  ///< a map literal whose keys are distinct constants
};

/// A map literal whose 1 to 8 keys are distinct constants ({:id i :amount a}): the keys copied
/// from here, each value evaluated straight into its slot (map_obj::record). Its own node, so
/// that the most frequent literal of data programs runs without the general literal's frame.
class record_node final : public node {
 public:
  record_node(std::vector<node_ptr> items, source_pos p) : node(p) {
    for (std::size_t i = 0; i + 1 < items.size(); i += 2) {
      keys_.push_back(static_cast<const_node&>(*items[i]).get());
      values_.push_back(std::move(items[i + 1]));
    }
  }
  value eval(frame& f) const override {
    if (elided_) {
      if (elided_record* r = f.ctx->elided(); r && r->maker == f.self) {
        // Its values, in order, where the reading stages' lookups find them; no map is made.
        // The last item's are replaced one by one as a refilled record's are, or, when one of
        // them is not light, all dropped first, as such a record is (a large value is not
        // held twice).
        const std::size_t n = values_.size();
        if (r->heavy) {
          for (std::size_t i = 0; i < n; ++i) r->fields[i] = value();
          r->heavy = false;
        }
        // r->heavy is set as the values come, so a value that throws leaves it true when an
        // earlier one was heavy.
        refill_values(
            n, [&](std::size_t i) -> value& { return r->fields[i]; },
            [&](std::size_t i) { return values_[i]->eval(f); },
            [&](const value& v) {
              const bool light = light_value(v);
              if (!light) r->heavy = true;
              return light;
            });
        return value();
      }
    }
    auto value_at = [&](std::size_t i) { return values_[i]->eval(f); };
    record_cache::slot* s = nullptr;
    if (record_cache* rc = f.ctx->records(); rc && misses_.load(std::memory_order_relaxed) < max_misses) {
      s = &rc->for_node(id_);
      if (s->owner == id_ && s->obj.obj()->unique()) {
        // The program dropped the last one: refilled in place. m's reference makes it held
        // while the values are evaluated, so one that evaluates this node again makes its own.
        value m = s->obj;
        const bool kept_light = map_obj::refill_record(m, keys_.size(), value_at, light_value);
        if (!kept_light && s->obj.obj() == m.obj()) *s = record_cache::slot{};
        if (misses_.load(std::memory_order_relaxed) != 0) misses_.store(0, std::memory_order_relaxed);
        return m;
      }
    }
    value m = map_obj::record(keys_.data(), keys_.size(), value_at);
    if (s) keep(*s, m);
    return m;
  }
  effects effect() const override { return worst_effect(values_); }

  /// The position of keyword `kw` among the keys, or -1 (also when some key is not a keyword:
  /// a lookup by keyword may then find a string key of the same name).
  int field_of(const value& kw) const {
    int found = -1;
    for (std::size_t i = 0; i < keys_.size(); ++i) {
      if (!keys_[i].is(type::keyword)) return -1;
      if (keys_[i].raw_bits() == kw.raw_bits()) found = static_cast<int>(i);
    }
    return found;
  }
  /// Whether evaluating it in the maker stage of a pipeline's elided record stores the values
  /// there (stage_fused_node::elide_record).
  void set_elided(bool on) { elided_ = on; }

 private:
  /// Records found still held, in a row, after which this node's are no longer kept (the
  /// program keeps them all: in a vector, a group). Shared by the runs evaluating this node: a
  /// hint, as keyword_call_node's.
  static constexpr std::uint8_t max_misses = 8;

  /// A new record m in the slot, taken over from another node or replacing this node's
  /// previous one, which the program still held (a miss).
  [[gnu::noinline]] void keep(record_cache::slot& s, const value& m) const {
    if (s.owner == id_) misses_.store(misses_.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
    if (light(m)) s = {id_, m};
    else if (s.owner == id_) s = record_cache::slot{};
  }
  /// Whether keeping record `m` in the cache holds little memory the program may think it
  /// freed: its values are inline, immortal or short strings (not collections: large, maybe).
  bool light(const value& m) const {
    const value* e = m.as<map_obj>().flat_entry(0);
    const std::size_t n = keys_.size();
    for (std::size_t i = 0; i < n; ++i)
      if (!light_value(e[2 * i + 1])) return false;
    return true;
  }
  static bool light_value(const value& v) {
    return !v.is_heap() || v.obj()->immortal() || (v.is(type::string) && v.obj()->charged_bytes() <= 256);
  }

  std::vector<value> keys_;
  std::vector<node_ptr> values_;
  const std::uint64_t id_ = next_id_.fetch_add(1, std::memory_order_relaxed);  ///< its records' owner
  static inline std::atomic<std::uint64_t> next_id_{1};
  mutable std::atomic<std::uint8_t> misses_{0};
  bool elided_ = false;
};

std::vector<std::pair<seq_detail::fused_stage::kind_t, node*>> stage_fused_node::stage_order() const {
  std::vector<std::pair<seq_detail::fused_stage::kind_t, node*>> order;
  for (std::size_t i = stages_.size(); i-- > 0;) order.emplace_back(stages_[i].kind, stages_[i].f.get());
  if (consumer_stage_) order.emplace_back(*consumer_stage_, consumer_args_[0].get());
  return order;
}

namespace {
using plain_keyword_call = keyword_call_node<slot_operand>;

/// The record literal a one-parameter fn literal `f` answers, and in `reads` its parameter's
/// lookups (null when it is read otherwise too); null when f is not such a fn.
record_node* answered_record(const node& f, const std::vector<node*>*& reads) {
  node* body = nullptr;
  if (!forms::one_param_fn(f, body, reads)) return nullptr;
  return exactly<record_node>(body);
}
}  // namespace

void stage_fused_node::elide_record() {
  using seq_detail::fused_stage;
  const auto order = stage_order();
  const std::size_t n = order.size();
  for (const auto& [kind, f] : order) {
    const std::vector<node*>* reads = nullptr;
    if (record_node* r = answered_record(*f, reads)) r->set_elided(false);
    if (reads)
      for (node* k : *reads) static_cast<plain_keyword_call*>(k)->read_field(-1, 0);
  }
  elided_maker_ = -1;
  elided_readers_ = 0;
  std::fill(std::begin(keyword_field_), std::end(keyword_field_), std::int8_t{-1});

  for (std::size_t k = 0; k + 1 < n || (k < n && sink_ == seq_detail::fused_sink::count); ++k) {
    const std::vector<node*>* ignored = nullptr;
    record_node* rec = order[k].first == fused_stage::map ? answered_record(*order[k].second, ignored) : nullptr;
    if (!rec) continue;
    // The stages after the maker, up to the first that maps: each reads known fields only.
    std::size_t j = k + 1;
    bool fits = true;
    for (; j < n; ++j) {
      node* f = order[j].second;
      node* body = nullptr;
      const std::vector<node*>* reads = nullptr;
      if (auto* c = exactly<const_node>(f); c && c->get().is(type::keyword)) {
        fits = rec->field_of(c->get()) >= 0;
      } else if (forms::one_param_fn(*f, body, reads) && reads) {
        for (node* r : *reads) fits = fits && rec->field_of(static_cast<plain_keyword_call*>(r)->keyword()) >= 0;
      } else {
        fits = false;
      }
      if (!fits || order[j].first == fused_stage::map) break;
    }
    // The record is gone after a mapping stage; a count sink never looks at it.
    if (!fits || (j == n && sink_ != seq_detail::fused_sink::count)) continue;
    const std::size_t last = std::min(j, n - 1);
    for (std::size_t i = k + 1; i <= last; ++i) {
      node* f = order[i].second;
      node* body = nullptr;
      const std::vector<node*>* reads = nullptr;
      if (auto* c = exactly<const_node>(f)) {
        keyword_field_[i] = static_cast<std::int8_t>(rec->field_of(c->get()));
      } else if (forms::one_param_fn(*f, body, reads) && reads) {
        elided_readers_ |= 1u << i;
        for (node* r : *reads) {
          auto* kc = static_cast<plain_keyword_call*>(r);
          kc->read_field(rec->field_of(kc->keyword()), static_cast<int>(i));
        }
      }
    }
    rec->set_elided(true);
    elided_maker_ = static_cast<int>(k);
    return;
  }
}

bool stage_fused_node::elide_in(elided_record& r, seq_detail::fused_stage* st, std::size_t n) const {
  auto closure = [](const value* f) -> const closure_obj* {
    return f->is(type::function) ? static_cast<const function_obj&>(*f->obj()).as_closure() : nullptr;
  };
  r.maker = closure(st[elided_maker_].fn);
  if (!r.maker) return false;
  for (std::size_t i = 0; i < n; ++i) {
    if (!(elided_readers_ >> i & 1u)) continue;
    r.readers[i] = closure(st[i].fn);
    if (!r.readers[i]) return false;
  }
  for (std::size_t i = 0; i < n; ++i)
    if (keyword_field_[i] >= 0) st[i].field = &r.fields[keyword_field_[i]];
  return true;
}

std::vector<node_ptr> take_short_vector_items(node& n, std::size_t max) {
  auto* c = exactly<coll_node>(&n);
  if (!c) return {};
  return c->take_vector_items(max);
}

/// :k1 v1 :k2 v2 ... (an even number of items, a keyword in every even place).
bool keyword_pairs(const std::vector<value>& vals) {
  if (vals.empty() || vals.size() % 2 != 0) return false;
  for (std::size_t i = 0; i < vals.size(); i += 2)
    if (!vals[i].is(type::keyword)) return false;
  return true;
}

/// (tool/name args...): arguments become one JSON object (spec: tool calls).
class tool_call_node final : public node {
 public:
  tool_call_node(std::string name, std::vector<node_ptr> args, source_pos p)
      : node(p), name_(std::move(name)), args_(std::move(args)) {}
  value eval(frame& f) const override {
    std::vector<value> vals;
    vals.reserve(args_.size());
    for (const auto& n : args_) vals.push_back(n->eval(f));
    try {
      nlohmann::ordered_json j = nlohmann::ordered_json::object();
      if (vals.size() == 1 && vals[0].is(type::map)) {
        j = to_json(vals[0]);
      } else if (keyword_pairs(vals)) {
        for (std::size_t i = 0; i < vals.size(); i += 2) j[named(vals[i]).full()] = to_json(vals[i + 1]);
      } else if (!vals.empty()) {
        nlohmann::ordered_json arr = nlohmann::ordered_json::array();
        for (const auto& v : vals) arr.push_back(to_json(v));
        j["args"] = std::move(arr);
      }
      return f.ctx->state()->call_tool(*f.ctx, name_, std::move(j));
    } catch (lisp_exception& e) {
      rethrow_with_pos(e, pos, f);
    }
  }

 private:
  std::string name_;
  std::vector<node_ptr> args_;
};

/// Values of Java static fields that programs commonly use.
bool static_constant(std::string_view ns, std::string_view name, value& out) {
  const double inf = std::numeric_limits<double>::infinity();
  if (ns == "Double" || ns == "java.lang.Double") {
    if (name == "NaN") return out = value::floating(std::nan("")), true;
    if (name == "POSITIVE_INFINITY") return out = value::floating(inf), true;
    if (name == "NEGATIVE_INFINITY") return out = value::floating(-inf), true;
    if (name == "MAX_VALUE") return out = value::floating(std::numeric_limits<double>::max()), true;
    if (name == "MIN_VALUE") return out = value::floating(std::numeric_limits<double>::denorm_min()), true;
  }
  if (ns == "Math" || ns == "java.lang.Math") {
    if (name == "PI") return out = value::floating(M_PI), true;
    if (name == "E") return out = value::floating(M_E), true;
  }
  if (ns == "Long" || ns == "java.lang.Long") {
    if (name == "MAX_VALUE") return out = value::integer(std::numeric_limits<std::int64_t>::max()), true;
    if (name == "MIN_VALUE") return out = value::integer(std::numeric_limits<std::int64_t>::min()), true;
  }
  if (ns == "Integer" || ns == "java.lang.Integer") {
    if (name == "MAX_VALUE") return out = value::integer(std::numeric_limits<std::int32_t>::max()), true;
    if (name == "MIN_VALUE") return out = value::integer(std::numeric_limits<std::int32_t>::min()), true;
  }
  return date::static_field(ns, name, out);  // DateTimeFormatter/ISO_LOCAL_DATE, ChronoUnit/DAYS, ...
}

std::vector<std::string> data_keys(const run_state& st) {
  std::vector<std::string> keys;
  if (st.data.is(type::map)) {
    st.data.as<map_obj>().each([&](const value& k, const value&) {
      if (k.is(type::keyword)) keys.push_back(named(k).full());
      else if (k.is(type::string)) keys.push_back(string_text(k));
      return true;
    });
  }
  return keys;
}

/// Whether the input data has the key `name` (as data_keys names it), without listing them.
bool has_data_key(const run_state& st, std::string_view name) {
  bool found = false;
  if (st.data.is(type::map)) {
    st.data.as<map_obj>().each([&](const value& k, const value&) {
      if (k.is(type::keyword)) found = named(k).full() == name;
      else if (k.is(type::string)) found = string_text(k) == name;
      return !found;
    });
  }
  return found;
}

std::string join_names(const std::vector<std::string>& names, std::string_view prefix) {
  std::string out;
  for (const auto& n : names) {
    if (!out.empty()) out += ", ";
    out += prefix;
    out += n;
  }
  return out;
}

}  // namespace

node_ptr make_const(value v, source_pos pos) { return std::make_unique<const_node>(std::move(v), pos); }
node_ptr make_local(int slot, source_pos pos) { return std::make_unique<local_node>(slot, pos); }

/// A call of builtin b: its arity checked here, at analysis.
node_ptr make_builtin_fn_call(const builtin_fn& b, std::vector<node_ptr> args, source_pos pos) {
  const builtin_def& d = b.def();
  const auto n = static_cast<int>(args.size());
  if (n < d.min_arity || (d.max_arity >= 0 && n > d.max_arity)) {
    try {
      errors::arity(b.name(), args.size(), errors::arity_text(d.min_arity, d.max_arity));
    } catch (lisp_exception& e) {
      rethrow_with_pos(e, pos);
    }
  }
  return make_builtin_node(b, std::move(args), pos);
}

node_ptr make_call(node_ptr fn, std::vector<node_ptr> args, source_pos pos) {
  if (auto* c = exactly<const_node>(fn.get()); c && c->get().is(type::function)) {
    if (auto* b = exactly<const builtin_fn>(c->get().obj())) return make_builtin_fn_call(*b, std::move(args), pos);
  }
  if (auto* c = exactly<const_node>(fn.get());
      c && c->get().is(type::keyword) && (args.size() == 1 || args.size() == 2)) {
    value kw = c->get();
    node_ptr dflt = args.size() == 2 ? std::move(args[1]) : nullptr;
    return make_keyword_call(std::move(kw), std::move(args[0]), std::move(dflt), pos);
  }
  if (exactly<self_node>(fn.get())) return make_self_call(std::move(args), pos);
  return std::make_unique<call_node>(std::move(fn), std::move(args), pos);
}

node_ptr make_builtin_call(std::string_view name, std::vector<node_ptr> args, source_pos pos) {
  const value* f = builtins().find(name);
  if (!f) raise(error_kind::analysis, "internal: missing builtin " + std::string(name));
  return make_call(make_const(*f, pos), std::move(args), pos);
}

form make_symbol_form(std::string_view name, source_pos pos) {
  form f;
  f.kind = form_kind::symbol;
  f.pos = pos;
  f.atom = symbol(name);
  return f;
}

form make_list_form(std::vector<form> items, source_pos pos) {
  form f;
  f.kind = form_kind::list;
  f.pos = pos;
  f.items = std::move(items);
  return f;
}

form make_vector_form(std::vector<form> items, source_pos pos) {
  form f = make_list_form(std::move(items), pos);
  f.kind = form_kind::vector;
  return f;
}

void rethrow_with_pos(lisp_exception& e, source_pos pos) {
  if (!e.err().pos.known()) e.err().pos = pos;
  throw;
}

void rethrow_with_pos(lisp_exception& e, source_pos pos, const frame& f) {
  f.ctx->locate(e.err(), &f);  // the frame of the closure (or top level) the node runs in
  if (!e.err().pos.known()) e.err().pos = pos;
  throw;
}

// --- analyzer -----------------------------------------------------------------------------

analyzer::analyzer(analysis_env& env) : env_(env), fn_(&top_) {}

void analyzer::fail(const form& f, std::string message, std::string hint) {
  error e;
  e.kind = error_kind::analysis;
  e.message = std::move(message);
  e.hint = std::move(hint);
  e.pos = f.pos;
  throw lisp_exception(std::move(e));
}

const std::unordered_map<std::string, form_analyzer>& analyzer::special_forms() {
  static const forms::table table = [] {
    forms::table t;
    forms::add_basic(t);
    forms::add_let(t);
    forms::add_fn(t);
    forms::add_cond(t);
    forms::add_threading(t);
    forms::add_loops(t);
    forms::add_try(t);
    return t;
  }();
  return table;
}

namespace {

/// find(sym) kept in the symbol's lookup slot `slot` (named_obj::lookup_slot): a table that never
/// changes gives the same answer for a name every time. 1 stands for "not there" (no entry is at
/// an odd address). Release and acquire: a thread that reads a kept entry sees the table built
/// (on x86 both are plain moves).
template <class T, class Find>
const T* remembered(const named_obj& sym, std::size_t slot, Find find) {
  std::atomic<std::uintptr_t>& kept = sym.lookup_slot(slot);
  std::uintptr_t bits = kept.load(std::memory_order_acquire);
  if (bits == 0) {
    const T* found = find();
    bits = found ? reinterpret_cast<std::uintptr_t>(found) : 1;
    kept.store(bits, std::memory_order_release);
  }
  return bits == 1 ? nullptr : reinterpret_cast<const T*>(bits);
}

/// The builtin the symbol names (builtins().find of its namespace and name), or null.
const value* builtin_named(const named_obj& sym) {
  return remembered<value>(sym, 0, [&] { return builtins().find(sym.ns(), sym.name()); });
}

/// The analyser of the special form the symbol's name names (its namespace is not asked), or null.
const form_analyzer* special_named(const named_obj& sym) {
  return remembered<form_analyzer>(sym, 1, [&]() -> const form_analyzer* {
    auto it = analyzer::special_forms().find(sym.name());
    return it == analyzer::special_forms().end() ? nullptr : &it->second;
  });
}

}  // namespace

bool analyzer::is_special(std::string_view name) {
  return special_forms().count(std::string(name)) != 0;
}

std::string analyzer::gensym(std::string_view base) {
  // A space cannot appear in a symbol the reader produces.
  return std::string(base) + " " + std::to_string(++gensym_counter_);
}

int analyzer::declare_local(const std::string& name) {
  int slot = temp_slot();
  local l;
  l.name = name;
  l.slot = slot;
  l.loop_depth = fn_->loop_depth;
  fn_->locals.push_back(std::move(l));
  return slot;
}

void analyzer::finish_locals(std::size_t from) {
  for (std::size_t i = from; i < fn_->locals.size(); ++i) {
    local& l = fn_->locals[i];
    if (!l.captured && l.uses.size() == 1 && l.uses[0].second == l.loop_depth) l.uses[0].first->set_move();
  }
}

analyzer::local* analyzer::local_in(int slot) const {
  for (auto it = fn_->locals.rbegin(); it != fn_->locals.rend(); ++it)
    if (it->slot == slot) return &*it;
  return nullptr;
}

bool analyzer::never_moved(int slot) const {
  if (const local* l = local_in(slot))
    for (const auto& [n, depth] : l->uses)
      if (n->moves()) return false;
  return true;
}

std::optional<std::vector<node*>> analyzer::keyword_reads(int slot) const {
  const local* l = local_in(slot);
  if (!l || l->captured) return std::nullopt;
  std::vector<node*> out;
  for (const auto& [n, depth] : l->uses) {
    if (!n->keyword_reader()) return std::nullopt;
    out.push_back(n->keyword_reader());
  }
  return out;
}

const node* analyzer::sole_read(int slot) const {
  const local* l = local_in(slot);
  if (!l || l->captured || l->uses.size() != 1 || l->uses[0].second != l->loop_depth) return nullptr;
  return l->uses[0].first;
}

void analyzer::forget_reads(int slot) {
  if (local* l = local_in(slot)) l->uses.clear();
}

int analyzer::temp_slot() {
  int slot = fn_->next_slot++;
  fn_->max_slots = std::max(fn_->max_slots, fn_->next_slot);
  return slot;
}

std::size_t analyzer::scope_mark() const {
  return (fn_->locals.size() << 32) | static_cast<std::size_t>(fn_->next_slot);
}

void analyzer::pop_scope(std::size_t mark) {
  finish_locals(mark >> 32);
  fn_->locals.resize(mark >> 32);
  // Slots are not reused after the scope ends: a closure created inside may still be reading
  // a value copied from them, but copies make that safe; reuse would only save frame size.
}

analyzer::fn_scope* analyzer::enter_fn(fn_scope& s) {
  s.parent = fn_;
  fn_scope* prev = fn_;
  fn_ = &s;
  return prev;
}

void analyzer::leave_fn(fn_scope* previous) { fn_ = previous; }

std::pair<bool, int> analyzer::lookup_local(fn_scope& s, const std::string& name, bool& found) {
  for (auto it = s.locals.rbegin(); it != s.locals.rend(); ++it) {
    if (it->name == name) {
      found = true;
      return {false, it->slot};
    }
  }
  for (std::size_t j = 0; j < s.letfn_names.size(); ++j) {
    if (s.letfn_names[j] == name) {
      found = true;
      return {true, -2 - static_cast<int>(j)};
    }
  }
  for (std::size_t i = 0; i < s.capture_names.size(); ++i) {
    if (s.capture_names[i] == name) {
      found = true;
      return {true, static_cast<int>(i)};
    }
  }
  if (!s.self_name.empty() && s.self_name == name) {
    found = true;
    return {true, -1};  // the closure itself
  }
  if (!s.parent) {
    found = false;
    return {false, -1};
  }
  auto [is_cap, idx] = lookup_local(*s.parent, name, found);
  if (!found) return {false, -1};
  if (!is_cap) {
    for (auto it = s.parent->locals.rbegin(); it != s.parent->locals.rend(); ++it) {
      if (it->slot == idx) {
        it->captured = true;
        break;
      }
    }
  }
  // {true, -1} means the parent's own closure (its self name); fn nodes capture it as such.
  s.captures.push_back({is_cap, idx});
  s.capture_names.push_back(name);
  return {true, static_cast<int>(s.captures.size() - 1)};
}

bool analyzer::names_local(const std::string& name) const {
  for (const fn_scope* s = fn_; s; s = s->parent) {
    for (const auto& l : s->locals)
      if (l.name == name) return true;
    for (const auto& n : s->letfn_names)
      if (n == name) return true;
    for (const auto& n : s->capture_names)
      if (n == name) return true;
    if (s->self_name == name) return true;
  }
  return false;
}

const builtin_fn* analyzer::call_head_builtin(const form& head) const {
  if (!head.is_symbol()) return nullptr;
  const named_obj& sym = named(head.atom);
  if (sym.ns().empty()) {
    // analyze_symbol's order: a local, then a def (which shadows a builtin), then the builtin.
    if (names_local(sym.name()) || env_.state->find_global(sym.name()) >= 0) return nullptr;
  } else {
    if (sym.ns() == "data" || sym.ns() == "tool") return nullptr;
    value constant;
    if (static_constant(sym.ns(), sym.name(), constant)) return nullptr;
  }
  const value* b = builtin_named(sym);
  if (!b || !b->is(type::function)) return nullptr;
  return exactly<const builtin_fn>(b->obj());
}

std::optional<fn_template::capture_source> analyzer::resolve_capture(const std::string& name) {
  bool found = false;
  auto [is_cap, idx] = lookup_local(*fn_, name, found);
  if (!found) return std::nullopt;
  return fn_template::capture_source{is_cap, idx};
}

node_ptr analyzer::analyze_symbol(const form& f) {
  const named_obj& sym = named(f.atom);
  const std::string& ns = sym.ns();
  const std::string& name = sym.name();
  run_state& st = *env_.state;

  if (!ns.empty()) {
    if (ns == "data") {
      if (!has_data_key(st, name)) {
        const auto keys = data_keys(st);
        error e;
        e.kind = error_kind::unbound;
        e.pos = f.pos;
        e.message = "data/" + name + " is not in the input data";
        e.hint = keys.empty() ? "This mission has no input data"
                              : "Available: " + join_names(keys, "data/");
        throw lisp_exception(std::move(e));
      }
      value key = valid_keyword_text(name) ? keyword(name) : make_string(name);
      return std::make_unique<data_node>(std::move(key), f.pos);
    }
    if (ns == "tool") {
      fail(f, "tool/" + name + " can only be called, not used as a value",
           "Call it: (tool/" + name + " {...})");
    }
    value constant;
    if (static_constant(ns, name, constant)) return make_const(std::move(constant), f.pos);
    if (const value* b = builtin_named(sym)) return make_const(*b, f.pos);
    error e;
    e.kind = error_kind::unbound;
    e.pos = f.pos;
    e.message = "Unable to resolve symbol: " + sym.full();
    e.hint = builtins().has_namespace(ns) ? suggest_hint(sym.full(), {})
                                          : "Unknown namespace " + ns + "/. Use tool/ for tools and data/ for input data";
    throw lisp_exception(std::move(e));
  }

  bool found = false;
  auto [is_cap, idx] = lookup_local(*fn_, name, found);
  if (found) {
    if (is_cap && idx == -1) return std::make_unique<self_node>(f.pos);
    if (is_cap && idx <= -2) return std::make_unique<letfn_ref_node>(-2 - idx, f.pos);
    if (is_cap) return std::make_unique<capture_node>(idx, f.pos);
    auto n = std::make_unique<local_node>(idx, f.pos);
    for (auto it = fn_->locals.rbegin(); it != fn_->locals.rend(); ++it) {
      if (it->name == name) {
        it->uses.emplace_back(n.get(), fn_->loop_depth);
        break;
      }
    }
    return n;
  }
  const value* b = builtin_named(sym);
  const bool global_known = st.find_global(name) >= 0;
  if (global_known || (!b && env_.defined_later(name))) {
    return std::make_unique<global_node>(name, f.pos);
  }
  if (b) return make_const(*b, f.pos);
  if (is_special(name)) {
    fail(f, name + " is a special form and cannot be used as a value",
         "Use it in call position: (" + name + " ...)");
  }

  error e;
  e.kind = error_kind::unbound;
  e.pos = f.pos;
  e.message = "Unable to resolve symbol: " + name;
  if (std::find(st.tools.begin(), st.tools.end(), name) != st.tools.end()) {
    e.hint = "Did you mean: tool/" + name + " (tools are called as (tool/" + name + " ...))";
  } else if (name == "data" || name == "tool") {
    e.hint = name == "data" ? "Input data is read by key: data/KEY" : "Tools are called by name: (tool/NAME {...})";
  } else if (auto keys = data_keys(st); std::find(keys.begin(), keys.end(), name) != keys.end()) {
    e.hint = "Did you mean: data/" + name;
  } else {
    std::vector<std::string> extra;
    for (const auto& g : st.globals) extra.push_back(g.name);
    for (fn_scope* s = fn_; s; s = s->parent)
      for (const auto& l : s->locals) extra.push_back(l.name);
    e.hint = suggest_hint(name, extra);
  }
  throw lisp_exception(std::move(e));
}

node_ptr analyzer::analyze_top(const form& f) { return analyze(f, false); }

node_ptr analyzer::analyze_body(const std::vector<form>& body, std::size_t from, bool tail,
                                source_pos pos) {
  if (from >= body.size()) return make_const({}, pos);
  if (from + 1 == body.size()) return analyze(body[from], tail);
  std::vector<node_ptr> nodes;
  for (std::size_t i = from; i < body.size(); ++i) nodes.push_back(analyze(body[i], tail && i + 1 == body.size()));
  return make_do(std::move(nodes), pos);
}

node_ptr analyzer::analyze(const form& f, bool tail) {
  struct depth_guard {
    int& d;
    explicit depth_guard(int& x) : d(x) { ++d; }
    ~depth_guard() { --d; }
  } guard(depth_);
  if (depth_ > 2000) fail(f, "the program is nested too deeply to analyse");

  switch (f.kind) {
    case form_kind::literal: return make_const(f.atom, f.pos);
    case form_kind::regex:
      try {
        return make_const(make_regex(string_text(f.atom)), f.pos);
      } catch (lisp_exception& e) {
        rethrow_with_pos(e, f.pos);
      }
    case form_kind::symbol: return analyze_symbol(f);
    case form_kind::vector:
    case form_kind::set:
    case form_kind::map: {
      std::vector<node_ptr> items;
      bool all_const = true;
      for (const auto& item : f.items) {
        items.push_back(analyze(item, false));
        if (!exactly<const_node>(items.back().get())) all_const = false;
      }
      coll_kind k = f.kind == form_kind::vector ? coll_kind::vector
                    : f.kind == form_kind::set  ? coll_kind::set
                                                : coll_kind::map;
      if (!all_const && k == coll_kind::map && !items.empty() && items.size() <= 2 * map_obj::record_max &&
          constant_distinct_keys(items))
        return std::make_unique<record_node>(std::move(items), f.pos);
      auto n = std::make_unique<coll_node>(k, std::move(items), f.pos);
      if (all_const) {
        // Fold constant collections once (errors such as duplicate keys surface here).
        frame fr{nullptr, nullptr, nullptr};
        try {
          return make_const(n->eval(fr), f.pos);
        } catch (lisp_exception& e) {
          rethrow_with_pos(e, f.pos);
        }
      }
      return n;
    }
    case form_kind::fn_literal: {
      auto it = special_forms().find(" fn-literal");
      return it->second(*this, f, tail);
    }
    case form_kind::list: break;
  }

  if (f.items.empty()) return make_const(list_obj::empty(), f.pos);
  const form& head = f.items[0];
  if (head.is_symbol()) {
    const named_obj& sym = named(head.atom);
    bool local_shadow = false;
    if (sym.ns().empty()) {
      bool found = false;
      for (fn_scope* s = fn_; s && !found; s = s->parent) {
        for (const auto& l : s->locals) if (l.name == sym.name()) { found = true; break; }
        for (const auto& c : s->capture_names) if (c == sym.name()) { found = true; break; }
      }
      local_shadow = found;
    }
    if (!local_shadow && (sym.ns().empty() || sym.ns() == "clojure.core")) {
      if (const form_analyzer* special = special_named(sym)) return (*special)(*this, f, tail);
    }
    if (sym.ns() == "tool") {
      const auto& tools = env_.state->tools;
      if (std::find(tools.begin(), tools.end(), sym.name()) == tools.end()) {
        error e;
        e.kind = error_kind::tool;
        e.pos = head.pos;
        e.message = "Unknown tool: " + sym.name();
        e.hint = tools.empty() ? "No tools are available" : "Available tools: " + join_names(tools, "tool/");
        throw lisp_exception(std::move(e));
      }
      std::vector<node_ptr> args;
      for (std::size_t i = 1; i < f.items.size(); ++i) args.push_back(analyze(f.items[i], false));
      return std::make_unique<tool_call_node>(sym.name(), std::move(args), f.pos);
    }
    if (sym.ns().empty() && sym.name().size() > 1 && sym.name()[0] == '.' && sym.name() != "..") {
      const value* m = builtins().find("", sym.name());
      if (!m) {
        error e;
        e.kind = error_kind::unsupported;
        e.pos = head.pos;
        e.message = "the interop method " + sym.name() + " is not available";
        e.hint = "Use the clojure.string functions (str/includes?, str/index-of, subs, count, ...)";
        throw lisp_exception(std::move(e));
      }
      std::vector<node_ptr> args;
      for (std::size_t i = 1; i < f.items.size(); ++i) args.push_back(analyze(f.items[i], false));
      return make_call(make_const(*m, head.pos), std::move(args), f.pos);
    }
    if (sym.ns().empty() && sym.name().size() > 1 && sym.name().back() == '.') {
      error e;
      e.kind = error_kind::unsupported;
      e.pos = head.pos;
      e.message = "constructing Java objects (" + sym.name() + ") is not available";
      throw lisp_exception(std::move(e));
    }
  }
  // (where :status in ["a" "b"]): the operator words that are not functions are read as names.
  if (head.is_symbol("where") && f.items.size() == 4 && f.items[2].is_symbol() &&
      named(f.items[2].atom).ns().empty()) {
    static const std::unordered_set<std::string> words = {"in", "not-in", "includes", "contains"};
    const std::string& op = named(f.items[2].atom).name();
    bool is_local = false;
    for (fn_scope* s = fn_; s && !is_local; s = s->parent)
      for (const auto& l : s->locals) is_local = is_local || l.name == op;
    if (words.count(op) && !is_local) {
      form quoted = f;
      quoted.items[2].kind = form_kind::literal;
      return analyze(quoted, tail);
    }
  }
  // A builtin's name in call position is not made into a constant node first (analysis is
  // about a quarter of an agent turn's program run; most calls are of builtins).
  const builtin_fn* builtin = call_head_builtin(head);
  node_ptr fn = builtin ? nullptr : analyze(head, false);
  std::vector<node_ptr> args;
  args.reserve(f.items.size() - 1);
  for (std::size_t i = 1; i < f.items.size(); ++i) args.push_back(analyze(f.items[i], false));
  if (builtin) return make_builtin_fn_call(*builtin, std::move(args), f.pos);
  return make_call(std::move(fn), std::move(args), f.pos);
}

}  // namespace ptc::lisp
