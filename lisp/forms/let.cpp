// let, loop, recur, and destructuring (vector with & and :as; map with :keys :strs :syms :or
// :as; nested), shared by let, loop, fn parameters, for and doseq.
#include "ptc/lisp/builtins/coll_ops.hpp"
#include "ptc/lisp/forms/forms.hpp"
#include "ptc/lisp/list.hpp"
#include "ptc/lisp/map.hpp"
#include "ptc/lisp/seq.hpp"
#include "ptc/lisp/set.hpp"
#include "ptc/lisp/string.hpp"
#include "ptc/lisp/vector.hpp"

namespace ptc::lisp {
namespace {

class let_node final : public node {
 public:
  let_node(std::vector<std::pair<int, node_ptr>> steps, node_ptr body, source_pos p)
      : node(p), steps_(std::move(steps)), body_(std::move(body)) {}
  value eval(frame& f) const override {
    for (const auto& [slot, n] : steps_) store_eval(f, slot, *n);
    return body_->eval(f);
  }
  effects effect() const override { return worst(worst_effect(steps_), body_->effect()); }

 private:
  std::vector<std::pair<int, node_ptr>> steps_;
  node_ptr body_;
};

/// Makes the values of t (raw storage) in order, by fill(made), which counts each one made in
/// `made`; when one throws, the ones made are destroyed.
template <class Fill>
[[gnu::always_inline]] inline void make_values(raw_value* t, Fill fill) {
  std::size_t made = 0;
  try {
    fill(made);
  } catch (...) {
    for (std::size_t i = 0; i < made; ++i) t[i].get().~value();
    throw;
  }
}

/// Writes a recur's N argument values into its loop's slots ((recur (inc i) (+ acc x))). Every
/// argument is evaluated before any slot changes (each may read the old values): into `t` (raw
/// storage), then moved into the slots (value::take_from_raw). Unrolled (a loop of three made 20
/// more instructions per pass).
template <std::size_t N>
[[gnu::always_inline]] inline void store_recur(frame& f, const int* slots, const node_ptr* args) {
  if constexpr (N == 1) {
    store_eval(f, slots[0], *args[0]);
  } else {
    raw_value t[N];
    make_values(t, [&](std::size_t& made) __attribute__((always_inline)) {
      [&]<std::size_t... I>(std::index_sequence<I...>) __attribute__((always_inline)) {
        ((t[I].make([&] { return args[I]->eval(f); }), ++made), ...);
      }(std::make_index_sequence<N>());
    });
    [&]<std::size_t... I>(std::index_sequence<I...>) __attribute__((always_inline)) {
      (f.slots[slots[I]].take_from_raw(t[I].get()), ...);
    }(std::make_index_sequence<N>());
  }
}

/// More than three arguments (or none), out of line: its temporaries would give the common
/// cases' caller a large frame.
[[gnu::noinline]] void store_recur_many(frame& f, const int* slots, const node_ptr* args, std::size_t n) {
  constexpr std::size_t inline_args = 8;
  if (n <= inline_args) {
    raw_value t[inline_args];
    make_values(t, [&](std::size_t& made) __attribute__((always_inline)) {
      for (; made < n; ++made) t[made].make([&] { return args[made]->eval(f); });
    });
    for (std::size_t i = 0; i < n; ++i) f.slots[slots[i]].take_from_raw(t[i].get());
    return;
  }
  std::vector<value> t;
  t.reserve(n);
  for (std::size_t i = 0; i < n; ++i) t.push_back(args[i]->eval(f));
  for (std::size_t i = 0; i < n; ++i) f.slots[slots[i]] = std::move(t[i]);
}

class recur_node final : public node {
 public:
  recur_node(std::vector<int> slots, std::vector<node_ptr> args, source_pos p)
      : node(p), slots_(std::move(slots)), args_(std::move(args)) {}
  value eval(frame& f) const override {
    store(f);
    f.recur = true;
    return {};
  }
  effects effect() const override { return worst_effect(args_); }
  std::size_t arg_count() const { return args_.size(); }
  const node& arg(std::size_t i) const { return *args_[i]; }
  int slot(std::size_t i) const { return slots_[i]; }
  /// store() for a recur of N (1 to 3) arguments.
  template <std::size_t N>
  [[gnu::always_inline]] void store_n(frame& f) const {
    store_recur<N>(f, slots_.data(), args_.data());
  }
  /// Writes the loop's slots (without marking the frame: a loop that calls this itself goes on).
  [[gnu::always_inline]] void store(frame& f) const {
    switch (args_.size()) {
      case 1: store_recur<1>(f, slots_.data(), args_.data()); break;
      case 2: store_recur<2>(f, slots_.data(), args_.data()); break;
      case 3: store_recur<3>(f, slots_.data(), args_.data()); break;
      default: store_recur_many(f, slots_.data(), args_.data(), args_.size());
    }
  }

 private:
  std::vector<int> slots_;
  std::vector<node_ptr> args_;
};

class loop_node : public node {
 public:
  loop_node(std::vector<std::pair<int, node_ptr>> init, std::vector<std::pair<int, node_ptr>> prelude,
            node_ptr body, source_pos p)
      : node(p), init_(std::move(init)), prelude_(std::move(prelude)), body_(std::move(body)) {}
  value eval(frame& f) const override {
    start(f);
    for (;;) {
      bind(f);
      value v = body_->eval(f);
      if (!f.recur) return v;
      f.recur = false;
      tick(f);
    }
  }
  /// A loop that never ends meets the budget's limit, which is not an effect (node.hpp).
  effects effect() const override {
    return worst(worst(worst_effect(init_), worst_effect(prelude_)), body_->effect());
  }

 protected:
  [[gnu::always_inline]] void start(frame& f) const {
    for (const auto& [slot, n] : init_) store_eval(f, slot, *n);
  }
  /// Destructuring patterns re-bound at the top of every iteration.
  [[gnu::always_inline]] void bind(frame& f) const {
    for (const auto& [slot, n] : prelude_) store_eval(f, slot, *n);
  }
  [[gnu::always_inline]] void tick(frame& f) const {
    try {
      f.ctx->tick();
    } catch (lisp_exception& e) {
      rethrow_with_pos(e, pos, f);
    }
  }

  std::vector<std::pair<int, node_ptr>> init_, prelude_;
  node_ptr body_;
};

/// The most common loop: its body is an `if` with a recur as one branch, `(loop [...] (if (<
/// i n) (recur ...) result))` or the other way round; also a fn body of that shape (its
/// parameters are the slots). The iteration tests and writes the slots itself, without
/// evaluating the if and the recur as nodes of their own. The body node is kept (it owns the
/// parts). Made for the recur's argument count N (1 to 3) when the loop re-binds no patterns,
/// else N is 0 (any count, and the patterns), and for a fn body or a loop (FnBody): the
/// iteration then has no per-pass branch on either.
template <std::size_t N, bool FnBody>
class loop_if_recur_node final : public loop_node {
 public:
  loop_if_recur_node(std::vector<std::pair<int, node_ptr>> init, std::vector<std::pair<int, node_ptr>> prelude,
                     node_ptr body, const node& test, const recur_node& recur, const node* other,
                     bool recur_when, source_pos p)
      : loop_node(std::move(init), std::move(prelude), std::move(body), p),
        test_(test), recur_(recur), other_(other), recur_when_(recur_when) {
    if constexpr (N != 0) {
      args_long_ = true;
      for (std::size_t i = 0; i < N; ++i) {
        args_long_ = args_long_ && recur.arg(i).answers_long();
        args_[i] = &recur.arg(i);
        arg_slots_[i] = recur.slot(i);
      }
    }
  }
  value eval(frame& f) const override {
    start(f);
    // In locals: the calls in the loop could change what `this` points at, for all the
    // compiler knows, so members would be loaded again on every pass.
    const node& test = test_;
    const recur_node& recur = recur_;
    const bool when = recur_when_;
    for (;;) {
      if constexpr (N == 0) bind(f);
      if (test.test(f) == when) {
        if constexpr (N == 0) {
          recur.store(f);
        } else {
          if (!args_long_ || !store_long(f, std::make_index_sequence<N>())) recur.template store_n<N>(f);
        }
      } else {
        value v = other_ ? other_->eval(f) : value();
        if (!f.recur) return v;  // the other branch may recur too, from deeper inside
        f.recur = false;
      }
      // A fn's limit errors name its call, as from closure_obj::run_body.
      if constexpr (FnBody) {
        f.ctx->tick();
      } else {
        tick(f);
      }
    }
  }

 private:
  /// The recur's arguments, all long arithmetic (node::answers_long), stored as longs without
  /// making their values; false: one did not answer a long (a double, an overflow), nothing
  /// stored, the nodes evaluate them.
  template <std::size_t... I>
  [[gnu::always_inline]] bool store_long(frame& f, std::index_sequence<I...>) const {
    std::int64_t v[N];
    if (!(args_[I]->eval_long(f, v[I]) && ...)) return false;
    (f.slots[arg_slots_[I]].set_integer(v[I]), ...);
    return true;
  }

  const node& test_;
  const recur_node& recur_;
  const node* other_;  ///< null: an if without else, nil
  bool recur_when_;    ///< the test's value that recurs
  bool args_long_ = false;  ///< every recur argument answers_long (N > 0)
  // The recur's arguments and slots (recur_node::arg, slot) copied here: read through recur_
  // (its vectors), the 1M loop took 3 more instructions per pass (90 -> 93).
  const node* args_[N == 0 ? 1 : N] = {};
  int arg_slots_[N == 0 ? 1 : N] = {};
};

template <bool FnBody>
node_ptr make_loop_if_recur(std::size_t n, std::vector<std::pair<int, node_ptr>>& init,
                            std::vector<std::pair<int, node_ptr>>& prelude, node_ptr& body, const node& test,
                            const recur_node& r, const node* other, bool recur_when, source_pos pos) {
  auto make = [&]<std::size_t N>() -> node_ptr {
    return std::make_unique<loop_if_recur_node<N, FnBody>>(std::move(init), std::move(prelude), std::move(body),
                                                            test, r, other, recur_when, pos);
  };
  if (!prelude.empty()) return make.template operator()<0>();
  switch (n) {
    case 1: return make.template operator()<1>();
    case 2: return make.template operator()<2>();
    case 3: return make.template operator()<3>();
    default: return make.template operator()<0>();
  }
}

/// A loop_if_recur_node when `body` has its shape, else null.
node_ptr loop_if_recur(std::vector<std::pair<int, node_ptr>>& init, std::vector<std::pair<int, node_ptr>>& prelude,
                       node_ptr& body, bool fn_body, source_pos pos) {
  const node *test = nullptr, *then = nullptr, *otherwise = nullptr;
  if (!if_parts(*body, test, then, otherwise)) return nullptr;
  const recur_node* r = dynamic_cast<const recur_node*>(then);
  const bool recur_when = r != nullptr;
  if (!r) r = dynamic_cast<const recur_node*>(otherwise);
  if (!r) return nullptr;
  const node* other = recur_when ? otherwise : then;
  return fn_body ? make_loop_if_recur<true>(r->arg_count(), init, prelude, body, *test, *r, other, recur_when, pos)
                 : make_loop_if_recur<false>(r->arg_count(), init, prelude, body, *test, *r, other, recur_when, pos);
}

node_ptr make_loop(std::vector<std::pair<int, node_ptr>> init, std::vector<std::pair<int, node_ptr>> prelude,
                   node_ptr body, source_pos pos) {
  if (node_ptr n = loop_if_recur(init, prelude, body, false, pos)) return n;
  return std::make_unique<loop_node>(std::move(init), std::move(prelude), std::move(body), pos);
}

// --- destructuring steps --------------------------------------------------------------------

/// Item i of a sequential value, or nil (nth with a nil default).
class nth_node final : public node {
 public:
  nth_node(int src, std::size_t i, source_pos p) : node(p), src_(src), i_(i) {}
  value eval(frame& f) const override {
    const value& v = f.slots[src_];
    switch (v.kind()) {
      case type::nil: return {};
      case type::vector: {
        const auto& vec = v.as<vector_obj>();
        return i_ < vec.size() ? vec.at(i_) : value();
      }
      case type::list: {
        std::size_t k = 0;
        for (const value& x : v.as<list_obj>()) {
          if (k++ == i_) return x;
        }
        return {};
      }
      case type::string: {
        const auto& s = v.as<string_obj>();
        return i_ < s.length() ? value::character(s.char_at(i_)) : value();
      }
      case type::lazy_seq: {
        seq_iter it(*f.ctx, v, "destructuring");
        value x;
        for (std::size_t k = 0; it.next(x); ++k)
          if (k == i_) return x;
        return {};
      }
      default: {
        error e;
        e.kind = error_kind::type;
        e.pos = pos;
        e.message = "cannot destructure " + errors::describe_type(v) + " as a sequence: " + errors::brief(v);
        e.hint = "Vector patterns [a b] need a vector, list or string; use {:keys [...]} for maps";
        throw lisp_exception(std::move(e));
      }
    }
  }

  /// A pattern that does not fit raises; a lazy seq is walked as `nth` walks it.
  effects effect() const override { return effects::may_raise; }

 private:
  int src_;
  std::size_t i_;
};

/// The items after the first i, as a seq (nil when none): what & binds.
class nthnext_node final : public node {
 public:
  nthnext_node(int src, std::size_t i, source_pos p) : node(p), src_(src), i_(i) {}
  value eval(frame& f) const override {
    const value& v = f.slots[src_];
    if (v.is_nil()) return {};
    if (v.is(type::list)) {
      const list_obj* c = &v.as<list_obj>();
      for (std::size_t k = 0; k < i_ && c && c->size(); ++k) c = c->next_cell();
      if (!c || c->size() == 0) return {};
      return value::share(type::list, const_cast<list_obj*>(c));
    }
    if (!is_seqable(v) || v.is(type::map) || v.is(type::set)) {
      error e;
      e.kind = error_kind::type;
      e.pos = pos;
      e.message = "cannot destructure " + errors::describe_type(v) + " as a sequence: " + errors::brief(v);
      throw lisp_exception(std::move(e));
    }
    list_builder rest;  // cell by cell: no intermediate array
    if (v.is(type::vector)) {
      const auto& vec = v.as<vector_obj>();
      for (std::size_t k = i_; k < vec.size(); ++k) {
        f.ctx->tick();
        rest.push(vec.at(k));
      }
    } else {
      seq_iter it(*f.ctx, v, "destructuring");
      value x;
      for (std::size_t k = 0; it.next(x); ++k)
        if (k >= i_) rest.push(std::move(x));
    }
    if (rest.size() == 0) return {};
    return rest.finish();
  }

  /// A pattern that does not fit raises; a lazy seq is walked as `nth` walks it.
  effects effect() const override { return effects::may_raise; }

 private:
  int src_;
  std::size_t i_;
};

/// A seq of key/value pairs becomes a map (keyword arguments: [& {:keys [a]}]).
class as_map_node final : public node {
 public:
  as_map_node(int src, source_pos p) : node(p), src_(src) {}
  value eval(frame& f) const override {
    const value& v = f.slots[src_];
    if (!v.is(type::list) && !v.is(type::lazy_seq)) return v;
    std::vector<value> items = to_items(*f.ctx, v, "destructuring");
    if (items.size() == 1) return items[0];
    value m = map_obj::empty();
    for (std::size_t i = 0; i + 1 < items.size(); i += 2) m = map_obj::assoc(std::move(m), items[i], items[i + 1]);
    return m;
  }
  effects effect() const override { return effects::may_raise; }

 private:
  int src_;
};

/// (get m key default) with flex keys; the default is evaluated only when the key is absent.
class get_node final : public node {
 public:
  get_node(int src, value key, node_ptr fallback, source_pos p)
      : node(p), src_(src), key_(std::move(key)), fallback_(std::move(fallback)) {}
  value eval(frame& f) const override {
    value found;
    if (coll::lookup(f.slots[src_], key_, found)) return found;
    return fallback_ ? fallback_->eval(f) : value();
  }
  /// A lookup, as the builtin get (effects::none), then the default's node.
  effects effect() const override { return fallback_ ? fallback_->effect() : effects::none; }

 private:
  int src_;
  value key_;
  node_ptr fallback_;
};

const form* find_or_default(const form* or_map, const std::string& name) {
  if (!or_map) return nullptr;
  for (std::size_t i = 0; i + 1 < or_map->items.size(); i += 2) {
    const form& k = or_map->items[i];
    if (k.is_symbol() && named(k.atom).name() == name) return &or_map->items[i + 1];
  }
  return nullptr;
}

std::vector<std::pair<int, node_ptr>> bind_pairs(analyzer& a, const form& bindings, const char* what) {
  if (bindings.kind != form_kind::vector) {
    analyzer::fail(bindings, std::string(what) + " bindings must be a vector", std::string("Use (") + what + " [name value ...] body)");
  }
  if (bindings.items.size() % 2 != 0) {
    analyzer::fail(bindings, std::string(what) + " bindings need an even number of forms (name value pairs)");
  }
  std::vector<std::pair<int, node_ptr>> steps;
  for (std::size_t i = 0; i < bindings.items.size(); i += 2) {
    node_ptr init = a.analyze(bindings.items[i + 1], false);
    const form& pat = bindings.items[i];
    if (pat.is_symbol()) {
      if (!named(pat.atom).ns().empty()) analyzer::fail(pat, "cannot bind a qualified name: " + named(pat.atom).full());
      int slot = a.declare_local(named(pat.atom).name());
      steps.emplace_back(slot, std::move(init));
    } else {
      int tmp = a.temp_slot();
      steps.emplace_back(tmp, std::move(init));
      a.destructure(pat, tmp, steps);
    }
  }
  return steps;
}

/// (let [... xs (map f (range n))] (->> xs (filter p) (map g) (reduce +))): a seq bound last
/// and read once, as the collection of the fused pipeline or the seq consumer's call that is
/// the whole body, joins it as if written in place (its stages run item by item, no list
/// made), while nothing can tell (forms::join_bound_seq); then the binding before it may join
/// in turn.
void join_last_bindings(analyzer& a, std::vector<std::pair<int, node_ptr>>& steps, node_ptr& body) {
  while (!steps.empty()) {
    const int slot = steps.back().first;
    const node* read = a.sole_read(slot);
    if (!read || !forms::join_bound_seq(body, read, steps.back().second)) return;
    a.forget_reads(slot);
    steps.pop_back();
  }
}

node_ptr analyze_let(analyzer& a, const form& f, bool tail) {
  if (f.items.size() < 2) analyzer::fail(f, "let needs a binding vector", "Use (let [name value ...] body)");
  auto mark = a.scope_mark();
  auto steps = bind_pairs(a, f.items[1], "let");
  node_ptr body = a.analyze_body(f.items, 2, tail, f.pos);
  join_last_bindings(a, steps, body);
  a.pop_scope(mark);
  return make_let(std::move(steps), std::move(body), f.pos);
}

node_ptr analyze_loop(analyzer& a, const form& f, bool) {
  if (f.items.size() < 2) analyzer::fail(f, "loop needs a binding vector", "Use (loop [name init ...] body)");
  const form& bindings = f.items[1];
  if (bindings.kind != form_kind::vector) analyzer::fail(bindings, "loop bindings must be a vector");
  if (bindings.items.size() % 2 != 0) analyzer::fail(bindings, "loop bindings need an even number of forms (name value pairs)");
  auto mark = a.scope_mark();
  std::vector<std::pair<int, node_ptr>> init, prelude;
  analyzer::recur_target target;
  // Each binding's value lives in a source slot that recur writes; patterns re-destructure it
  // at the top of every iteration.
  for (std::size_t i = 0; i < bindings.items.size(); i += 2) {
    node_ptr n = a.analyze(bindings.items[i + 1], false);
    const form& pat = bindings.items[i];
    if (pat.is_symbol()) {
      int slot = a.declare_local(named(pat.atom).name());
      init.emplace_back(slot, std::move(n));
      target.slots.push_back(slot);
    } else {
      int src = a.temp_slot();
      init.emplace_back(src, std::move(n));
      target.slots.push_back(src);
      a.destructure(pat, src, prelude);
    }
  }
  auto* old = a.set_recur(&target);
  // The body runs once per iteration; the loop's own bindings are re-bound each time, so they
  // count as bound inside it.
  a.enter_loop();
  for (auto& l : a.current_fn().locals) if (l.slot >= 0 && std::find(target.slots.begin(), target.slots.end(), l.slot) != target.slots.end()) ++l.loop_depth;
  node_ptr body = a.analyze_body(f.items, 2, true, f.pos);
  a.leave_loop();
  a.set_recur(old);
  a.pop_scope(mark);
  return make_loop(std::move(init), std::move(prelude), std::move(body), f.pos);
}

node_ptr analyze_recur(analyzer& a, const form& f, bool tail) {
  analyzer::recur_target* t = a.recur();
  if (!t) analyzer::fail(f, "recur is only allowed inside loop or fn", "Use (loop [i 0] ... (recur (inc i)))");
  if (!tail) {
    analyzer::fail(f, "Can only recur from tail position",
                   "recur must be the last thing evaluated in its loop or fn");
  }
  std::vector<node_ptr> args;
  for (std::size_t i = 1; i < f.items.size(); ++i) args.push_back(a.analyze(f.items[i], false));
  if (args.size() != t->slots.size()) {
    error e;
    e.kind = error_kind::analysis;
    e.pos = f.pos;
    e.message = "Mismatched argument count to recur, expected: " + std::to_string(t->slots.size()) +
                " args, got: " + std::to_string(args.size());
    throw lisp_exception(std::move(e));
  }
  t->used = true;
  return std::make_unique<recur_node>(t->slots, std::move(args), f.pos);
}

}  // namespace

node_ptr make_let(std::vector<std::pair<int, node_ptr>> steps, node_ptr body, source_pos pos) {
  if (steps.empty()) return body;
  return std::make_unique<let_node>(std::move(steps), std::move(body), pos);
}

node_ptr make_fn_body(std::vector<std::pair<int, node_ptr>> prelude, node_ptr body, bool recurs, source_pos pos) {
  if (recurs) {
    std::vector<std::pair<int, node_ptr>> none;
    if (node_ptr n = loop_if_recur(none, prelude, body, true, pos)) return n;
  }
  return make_let(std::move(prelude), std::move(body), pos);
}

void analyzer::destructure(const form& pat, int src, std::vector<std::pair<int, node_ptr>>& steps) {
  const source_pos pos = pat.pos;
  if (pat.is_symbol()) {
    const named_obj& s = named(pat.atom);
    if (!s.ns().empty()) fail(pat, "cannot bind a qualified name: " + s.full());
    int slot = declare_local(s.name());
    steps.emplace_back(slot, make_local(src, pos));
    return;
  }
  if (pat.kind == form_kind::vector) {
    std::size_t index = 0;
    for (std::size_t i = 0; i < pat.items.size(); ++i) {
      const form& item = pat.items[i];
      if (item.is_symbol("&")) {
        if (i + 1 >= pat.items.size()) fail(item, "& must be followed by a pattern for the rest");
        const form& rest = pat.items[i + 1];
        int tmp = temp_slot();
        steps.emplace_back(tmp, std::make_unique<nthnext_node>(src, index, item.pos));
        if (rest.kind == form_kind::map) {
          int m = temp_slot();
          steps.emplace_back(m, std::make_unique<as_map_node>(tmp, rest.pos));
          destructure(rest, m, steps);
        } else {
          destructure(rest, tmp, steps);
        }
        ++i;
        if (i + 1 < pat.items.size() && !pat.items[i + 1].is_keyword()) {
          fail(pat.items[i + 1], "only one pattern may follow &");
        }
        continue;
      }
      if (item.is_keyword() && named(item.atom).full() == "as") {
        if (i + 1 >= pat.items.size() || !pat.items[i + 1].is_symbol()) fail(item, ":as must be followed by a name");
        int slot = declare_local(named(pat.items[i + 1].atom).name());
        steps.emplace_back(slot, make_local(src, item.pos));
        ++i;
        continue;
      }
      if (item.is_symbol()) {
        if (!named(item.atom).ns().empty()) fail(item, "cannot bind a qualified name: " + named(item.atom).full());
        int slot = declare_local(named(item.atom).name());
        steps.emplace_back(slot, std::make_unique<nth_node>(src, index, item.pos));
      } else {
        int tmp = temp_slot();
        steps.emplace_back(tmp, std::make_unique<nth_node>(src, index, item.pos));
        destructure(item, tmp, steps);
      }
      ++index;
    }
    return;
  }
  if (pat.kind == form_kind::map) {
    int m = temp_slot();
    steps.emplace_back(m, std::make_unique<as_map_node>(src, pos));
    const form* or_map = nullptr;
    for (std::size_t i = 0; i + 1 < pat.items.size(); i += 2) {
      if (pat.items[i].is_keyword() && named(pat.items[i].atom).full() == "or") {
        or_map = &pat.items[i + 1];
        if (or_map->kind != form_kind::map) fail(*or_map, ":or must be a map of defaults");
      }
    }
    // :as first, as Clojure does.
    for (std::size_t i = 0; i + 1 < pat.items.size(); i += 2) {
      if (pat.items[i].is_keyword() && named(pat.items[i].atom).full() == "as") {
        if (!pat.items[i + 1].is_symbol()) fail(pat.items[i + 1], ":as must be followed by a name");
        int slot = declare_local(named(pat.items[i + 1].atom).name());
        steps.emplace_back(slot, make_local(m, pos));
      }
    }
    auto default_node = [&](const std::string& name) -> node_ptr {
      const form* d = find_or_default(or_map, name);
      return d ? analyze(*d, false) : nullptr;
    };
    for (std::size_t i = 0; i + 1 < pat.items.size(); i += 2) {
      const form& k = pat.items[i];
      const form& v = pat.items[i + 1];
      if (k.is_keyword()) {
        const std::string& kw = named(k.atom).name();
        const std::string& kw_ns = named(k.atom).ns();
        if (kw == "or" || kw == "as") continue;
        if (kw == "keys" || kw == "strs" || kw == "syms") {
          if (v.kind != form_kind::vector) fail(v, ":" + kw + " must be followed by a vector of names");
          for (const form& name_form : v.items) {
            if (!name_form.is_symbol() && !name_form.is_keyword()) fail(name_form, ":" + kw + " takes names");
            const named_obj& n = named(name_form.atom);
            const std::string ns = !n.ns().empty() ? n.ns() : kw_ns;
            value key = kw == "keys" ? keyword(ns, n.name())
                        : kw == "strs" ? make_string(n.name())
                                       : symbol(ns.empty() ? n.name() : ns + "/" + n.name());
            node_ptr dflt = default_node(n.name());
            int slot = declare_local(n.name());
            steps.emplace_back(slot, std::make_unique<get_node>(m, std::move(key), std::move(dflt), name_form.pos));
          }
          continue;
        }
        fail(k, "unknown map destructuring option :" + kw, "Use :keys, :strs, :syms, :or or :as");
      }
      // {local-pattern key}
      value key = form_to_value(v);
      if (k.is_symbol()) {
        node_ptr dflt = default_node(named(k.atom).name());
        int slot = declare_local(named(k.atom).name());
        steps.emplace_back(slot, std::make_unique<get_node>(m, std::move(key), std::move(dflt), k.pos));
      } else {
        int tmp = temp_slot();
        steps.emplace_back(tmp, std::make_unique<get_node>(m, std::move(key), nullptr, k.pos));
        destructure(k, tmp, steps);
      }
    }
    return;
  }
  fail(pat, "cannot bind to " + std::string(pat.kind == form_kind::literal ? "a literal" : "this form"),
       "Binding patterns are names, [vector patterns] or {map patterns}");
}

namespace forms {

std::vector<std::pair<int, node_ptr>> analyze_bindings(analyzer& a, const form& bindings, const char* what) {
  return bind_pairs(a, bindings, what);
}

void add_let(table& t) {
  t["let"] = analyze_let;
  t["let*"] = analyze_let;
  t["loop"] = analyze_loop;
  t["loop*"] = analyze_loop;
  t["recur"] = analyze_recur;
}

}  // namespace forms
}  // namespace ptc::lisp
