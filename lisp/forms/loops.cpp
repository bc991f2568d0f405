// for (with :let :when :while), doseq, dotimes, while.
#include "ptc/lisp/forms/forms.hpp"
#include "ptc/lisp/list.hpp"
#include "ptc/lisp/string.hpp"

namespace ptc::lisp {
namespace {

struct modifier {
  enum kind_t { let, when, while_ } kind;
  std::vector<std::pair<int, node_ptr>> steps;
  node_ptr test;
};

struct binding_clause {
  int item_slot;
  node_ptr coll;
  std::vector<std::pair<int, node_ptr>> bind;
  std::vector<modifier> mods;
};

/// The nested iteration of for and doseq: one level per binding clause, outermost first.
class comprehension_node final : public node {
 public:
  comprehension_node(std::vector<binding_clause> clauses, node_ptr body, bool collect, source_pos p)
      : node(p), clauses_(std::move(clauses)), body_(std::move(body)), collect_(collect) {}
  value eval(frame& f) const override {
    list_builder out;  // no intermediate array (list.hpp)
    run(f, 0, out);
    if (!collect_) return {};
    return out.finish();
  }
  /// The collections', bindings', modifiers' and body's; a collection that cannot be walked raises.
  effects effect() const override {
    effects e = worst(effects::may_raise, body_->effect());
    for (const binding_clause& c : clauses_) {
      e = worst(e, worst(c.coll->effect(), worst_effect(c.bind)));
      for (const modifier& m : c.mods) e = worst(e, m.kind == modifier::let ? worst_effect(m.steps) : m.test->effect());
    }
    return e;
  }

 private:
  void run(frame& f, std::size_t ci, list_builder& out) const {
    if (ci == clauses_.size()) {
      value v = body_->eval(f);
      if (collect_) out.push(std::move(v));
      return;
    }
    const binding_clause& c = clauses_[ci];
    // One item: bind it, apply the modifiers, go a level deeper; false ends the clause (:while).
    auto visit = [&](const value& x) {
      f.slots[c.item_slot] = x;
      for (const auto& [slot, n] : c.bind) store_eval(f, slot, *n);
      for (const auto& m : c.mods) {
        if (m.kind == modifier::let) {
          for (const auto& [slot, n] : m.steps) store_eval(f, slot, *n);
        } else if (!m.test->eval(f).truthy()) {
          return m.kind != modifier::while_;  // :when skips the item, :while ends the clause
        }
      }
      run(f, ci + 1, out);
      return true;
    };
    value coll;
    const char* name = collect_ ? "for" : "doseq";
    // (for [i (range n)] ...): the range's items are counted out, its list is never made.
    if (auto r = forms::eval_iterable(*c.coll, f, coll)) seq_detail::for_each_item(*f.ctx, *r, name, visit);
    else seq_detail::for_each_item(*f.ctx, coll, name, visit);
  }

  std::vector<binding_clause> clauses_;
  node_ptr body_;
  bool collect_;
};

node_ptr analyze_comprehension(analyzer& a, const form& f, bool collect) {
  const char* name = collect ? "for" : "doseq";
  if (f.items.size() < 3 || f.items[1].kind != form_kind::vector) {
    analyzer::fail(f, std::string(name) + " needs a binding vector and a body",
                   std::string("Use (") + name + " [x xs :when (odd? x)] body)");
  }
  const form& b = f.items[1];
  if (b.items.size() % 2 != 0) analyzer::fail(b, std::string(name) + " bindings need an even number of forms");
  auto mark = a.scope_mark();
  std::vector<binding_clause> clauses;
  for (std::size_t i = 0; i < b.items.size(); i += 2) {
    const form& k = b.items[i];
    const form& v = b.items[i + 1];
    if (k.is_keyword()) {
      if (clauses.empty()) analyzer::fail(k, "a binding must come before :" + named(k.atom).name());
      const std::string& kw = named(k.atom).name();
      modifier m;
      if (kw == "let") {
        m.kind = modifier::let;
        m.steps = forms::analyze_bindings(a, v, ":let");
      } else if (kw == "when" || kw == "while") {
        m.kind = kw == "when" ? modifier::when : modifier::while_;
        m.test = a.analyze(v, false);
      } else {
        analyzer::fail(k, "unknown " + std::string(name) + " modifier :" + kw, "Use :let, :when or :while");
      }
      clauses.back().mods.push_back(std::move(m));
      continue;
    }
    binding_clause c;
    c.coll = a.analyze(v, false);
    // What follows a binding runs once per item: one loop level per clause.
    a.enter_loop();
    c.item_slot = a.temp_slot();
    a.destructure(k, c.item_slot, c.bind);
    clauses.push_back(std::move(c));
  }
  if (clauses.empty()) analyzer::fail(b, std::string(name) + " needs at least one binding");
  auto* old = a.set_recur(nullptr);
  node_ptr body = a.analyze_body(f.items, 2, false, f.pos);
  a.set_recur(old);
  a.pop_scope(mark);
  for (std::size_t i = 0; i < clauses.size(); ++i) a.leave_loop();
  return std::make_unique<comprehension_node>(std::move(clauses), std::move(body), collect, f.pos);
}

node_ptr analyze_for(analyzer& a, const form& f, bool) { return analyze_comprehension(a, f, true); }
node_ptr analyze_doseq(analyzer& a, const form& f, bool) { return analyze_comprehension(a, f, false); }


node_ptr analyze_dotimes(analyzer& a, const form& f, bool tail) {
  if (f.items.size() < 2 || f.items[1].kind != form_kind::vector || f.items[1].items.size() != 2 ||
      !f.items[1].items[0].is_symbol()) {
    analyzer::fail(f, "dotimes needs [name count]", "Use (dotimes [i 3] body)");
  }
  std::string n = a.gensym("n");
  const form& i = f.items[1].items[0];
  std::vector<form> when{make_symbol_form("when", f.pos), make_list_form({make_symbol_form("<", f.pos), i, make_symbol_form(n, f.pos)}, f.pos)};
  for (std::size_t k = 2; k < f.items.size(); ++k) when.push_back(f.items[k]);
  when.push_back(make_list_form({make_symbol_form("recur", f.pos), make_list_form({make_symbol_form("inc", f.pos), i}, f.pos)}, f.pos));
  form zero;
  zero.pos = f.pos;
  zero.atom = value::integer(0);
  form loop = make_list_form({make_symbol_form("loop", f.pos), make_vector_form({i, zero}, f.pos), make_list_form(std::move(when), f.pos)}, f.pos);
  form let = make_list_form({make_symbol_form("let", f.pos), make_vector_form({make_symbol_form(n, f.pos), f.items[1].items[1]}, f.pos), loop}, f.pos);
  return a.analyze(let, tail);
}

node_ptr analyze_while(analyzer& a, const form& f, bool tail) {
  forms::check_count(f, 1, -1, "(while test body...)");
  std::vector<form> when{make_symbol_form("when", f.pos), f.items[1]};
  for (std::size_t k = 2; k < f.items.size(); ++k) when.push_back(f.items[k]);
  when.push_back(make_list_form({make_symbol_form("recur", f.pos)}, f.pos));
  form loop = make_list_form({make_symbol_form("loop", f.pos), make_vector_form({}, f.pos), make_list_form(std::move(when), f.pos)}, f.pos);
  return a.analyze(loop, tail);
}

}  // namespace

namespace forms {

void add_loops(table& t) {
  t["for"] = analyze_for;
  t["doseq"] = analyze_doseq;
  t["dotimes"] = analyze_dotimes;
  t["while"] = analyze_while;
}

}  // namespace forms
}  // namespace ptc::lisp
