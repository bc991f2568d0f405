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
    for (const auto& [slot, n] : steps_) f.slots[slot] = n->eval(f);
    return body_->eval(f);
  }

 private:
  std::vector<std::pair<int, node_ptr>> steps_;
  node_ptr body_;
};

class loop_node final : public node {
 public:
  loop_node(std::vector<std::pair<int, node_ptr>> init, std::vector<std::pair<int, node_ptr>> prelude,
            node_ptr body, source_pos p)
      : node(p), init_(std::move(init)), prelude_(std::move(prelude)), body_(std::move(body)) {}
  value eval(frame& f) const override {
    for (const auto& [slot, n] : init_) f.slots[slot] = n->eval(f);
    for (;;) {
      for (const auto& [slot, n] : prelude_) f.slots[slot] = n->eval(f);
      value v = body_->eval(f);
      if (!f.recur) return v;
      f.recur = false;
      try {
        f.ctx->tick();
      } catch (lisp_exception& e) {
        rethrow_with_pos(e, pos, f);
      }
    }
  }

 private:
  std::vector<std::pair<int, node_ptr>> init_, prelude_;
  node_ptr body_;
};

class recur_node final : public node {
 public:
  recur_node(std::vector<int> slots, std::vector<node_ptr> args, source_pos p)
      : node(p), slots_(std::move(slots)), args_(std::move(args)) {}
  value eval(frame& f) const override {
    const std::size_t n = args_.size();
    if (n == 1) {
      f.slots[slots_[0]] = args_[0]->eval(f);
    } else if (n == 2) {  // the common loop: (recur (inc i) (+ acc x))
      value a = args_[0]->eval(f);
      value b = args_[1]->eval(f);
      f.slots[slots_[0]] = std::move(a);
      f.slots[slots_[1]] = std::move(b);
    } else if (n <= inline_args) {
      // Every argument is evaluated before any slot changes (they may read the old values);
      // only the n temporaries used are constructed.
      alignas(value) unsigned char buf[inline_args * sizeof(value)];
      value* t = reinterpret_cast<value*>(buf);
      std::size_t made = 0;
      try {
        for (; made < n; ++made) new (&t[made]) value(args_[made]->eval(f));
      } catch (...) {
        for (std::size_t i = 0; i < made; ++i) t[i].~value();
        throw;
      }
      for (std::size_t i = 0; i < n; ++i) {
        f.slots[slots_[i]] = std::move(t[i]);
        t[i].~value();
      }
    } else {
      std::vector<value> t;
      t.reserve(n);
      for (std::size_t i = 0; i < n; ++i) t.push_back(args_[i]->eval(f));
      for (std::size_t i = 0; i < n; ++i) f.slots[slots_[i]] = std::move(t[i]);
    }
    f.recur = true;
    return {};
  }

 private:
  static constexpr std::size_t inline_args = 8;
  std::vector<int> slots_;
  std::vector<node_ptr> args_;
};

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
  return std::make_unique<loop_node>(std::move(init), std::move(prelude), std::move(body), f.pos);
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
