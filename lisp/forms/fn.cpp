// fn, defn, defn-, and #(...) literals.
#include <algorithm>
#include <typeinfo>

#include "ptc/lisp/forms/forms.hpp"
#include "ptc/lisp/printer.hpp"
#include "ptc/lisp/string.hpp"

namespace ptc::lisp {
namespace {

}  // namespace

namespace {

class fn_node final : public node {
 public:
  fn_node(std::shared_ptr<const fn_template> t, source_pos p, bool self_named,
          std::optional<std::vector<node*>> param_keyword_reads)
      : node(p), tmpl_(std::move(t)), self_named_(self_named), param_keyword_reads_(std::move(param_keyword_reads)) {}
  /// See forms::one_param_fn.
  bool one_param(node*& body, const std::vector<node*>*& keyword_reads) const {
    if (self_named_ || tmpl_->arities.size() != 1) return false;
    const fn_arity& a = tmpl_->arities.front();
    if (a.variadic || a.fixed != 1) return false;
    body = a.body.get();
    keyword_reads = param_keyword_reads_ ? &*param_keyword_reads_ : nullptr;
    return true;
  }
  /// See forms::note_only_called. A fn that names itself can pass itself on.
  void only_called() { only_called_ = !self_named_; }
  value eval(frame& f) const override {
    std::vector<value> caps;
    caps.reserve(tmpl_->captures.size());
    for (const auto& c : tmpl_->captures) {
      if (!c.from_capture) caps.push_back(f.slots[c.index]);
      else if (c.index == -1) caps.push_back(value::share(type::function, const_cast<closure_obj*>(f.self)));
      else if (c.index <= -2) caps.push_back(make_letfn_member(*f.self, -2 - c.index));
      else caps.push_back(f.self->capture(c.index));
    }
    auto* clo = make_object<closure_obj>(caps.size() * sizeof(value), tmpl_, std::move(caps));
    if (only_called_) clo->forget_returns();
    return value::adopt(type::function, clo);
  }
  effects effect() const override { return effects::none; }  // making the closure; calling it is call_effect
  effects call_effect(std::size_t nargs) const override {
    if (tmpl_->arities.size() != 1) return effects::any;
    const fn_arity& a = tmpl_->arities.front();
    if (a.variadic || static_cast<std::size_t>(a.fixed) != nargs) return effects::any;
    return a.body->effect();
  }

 private:
  std::shared_ptr<const fn_template> tmpl_;
  bool self_named_;
  bool only_called_ = false;
  std::optional<std::vector<node*>> param_keyword_reads_;
};

}  // namespace

node_ptr forms::make_fn_node(std::shared_ptr<const fn_template> t, source_pos pos, bool self_named,
                             std::optional<std::vector<node*>> param_keyword_reads) {
  return std::make_unique<fn_node>(std::move(t), pos, self_named, std::move(param_keyword_reads));
}

void forms::note_only_called(node& n) {
  if (typeid(n) == typeid(fn_node)) static_cast<fn_node&>(n).only_called();
}

bool forms::one_param_fn(const node& n, node*& body, const std::vector<node*>*& keyword_reads) {
  return typeid(n) == typeid(fn_node) && static_cast<const fn_node&>(n).one_param(body, keyword_reads);
}

namespace {

std::string params_text(const form& params) {
  std::string out = "[";
  for (std::size_t i = 0; i < params.items.size(); ++i) {
    if (i) out += ' ';
    out += pr_str(form_to_value(params.items[i]));
  }
  return out + "]";
}

void analyze_arity(analyzer& a, analyzer::fn_scope& scope, const form& params,
                   const std::vector<form>& body, std::size_t body_from, source_pos pos,
                   fn_template& tmpl) {
  if (params.kind != form_kind::vector) {
    analyzer::fail(params, "fn parameters must be a vector", "Use (fn [a b] body)");
  }
  scope.locals.clear();
  scope.next_slot = 0;
  scope.max_slots = 0;
  fn_arity arity;
  std::vector<const form*> patterns;  // per slot, null for plain names
  std::vector<int> slots;
  const form* rest = nullptr;
  for (std::size_t i = 0; i < params.items.size(); ++i) {
    const form& p = params.items[i];
    if (p.is_symbol("&")) {
      if (i + 2 != params.items.size()) analyzer::fail(p, "& must be followed by exactly one parameter");
      rest = &params.items[i + 1];
      break;
    }
    ++arity.fixed;
    if (p.is_symbol()) {
      if (!named(p.atom).ns().empty()) analyzer::fail(p, "parameters cannot be qualified names");
      slots.push_back(a.declare_local(named(p.atom).name()));
      patterns.push_back(nullptr);
    } else {
      slots.push_back(a.temp_slot());
      patterns.push_back(&p);
    }
  }
  if (rest) {
    arity.variadic = true;
    if (rest->is_symbol()) {
      slots.push_back(a.declare_local(named(rest->atom).name()));
      patterns.push_back(nullptr);
    } else {
      slots.push_back(a.temp_slot());
      patterns.push_back(rest);
    }
  }
  std::vector<std::pair<int, node_ptr>> prelude;
  for (std::size_t i = 0; i < patterns.size(); ++i) {
    if (!patterns[i]) continue;
    // A map pattern after & takes keyword arguments: the rest seq becomes a map.
    a.destructure(*patterns[i], slots[i], prelude);
  }
  analyzer::recur_target target;
  target.slots = slots;
  target.variadic = arity.variadic;
  auto* old = a.set_recur(&target);
  node_ptr b = a.analyze_body(body, body_from, true, pos);
  a.set_recur(old);
  arity.body = make_fn_body(std::move(prelude), std::move(b), target.used, pos);
  a.finish_locals(0);
  scope.param_keyword_reads.reset();
  if (slots.size() == 1 && !patterns[0] && !arity.variadic && !target.used) scope.param_keyword_reads = a.keyword_reads(slots[0]);
  arity.params_read_only = !target.used && std::all_of(slots.begin(), slots.end(), [&](int s) { return a.never_moved(s); });
  arity.slot_count = scope.max_slots;
  if (tmpl.params_text.empty()) tmpl.params_text = params_text(params);
  tmpl.arities.push_back(std::move(arity));
}

node_ptr analyze_fn(analyzer& a, const form& f, bool) {
  std::size_t from = 1;
  std::string name;
  if (f.items.size() > 1 && f.items[1].is_symbol()) {
    name = named(f.items[1].atom).name();
    from = 2;
  }
  return forms::analyze_fn_parts(a, f, from, name, !name.empty());
}

/// (defn name "doc"? {attrs}? [params] body...) ≡ (def name "doc" (fn name [params] body...))
node_ptr analyze_defn(analyzer& a, const form& f, bool tail) {
  if (f.items.size() < 3 || !f.items[1].is_symbol()) {
    analyzer::fail(f, "defn needs a name and a parameter vector", "Use (defn name \"doc\" [params] body)");
  }
  std::size_t from = 2;
  form doc;
  bool has_doc = false;
  if (f.items[from].kind == form_kind::literal && f.items[from].atom.is(type::string) && f.items.size() > from + 1) {
    doc = f.items[from];
    has_doc = true;
    ++from;
  }
  if (f.items.size() > from + 1 && f.items[from].kind == form_kind::map) ++from;  // attribute map
  if (from >= f.items.size()) analyzer::fail(f, "defn needs a parameter vector", "Use (defn name [params] body)");
  form fn_form;
  fn_form.kind = form_kind::list;
  fn_form.pos = f.pos;
  fn_form.items.push_back(make_symbol_form("fn", f.pos));
  fn_form.items.push_back(f.items[1]);
  for (std::size_t i = from; i < f.items.size(); ++i) fn_form.items.push_back(f.items[i]);
  form def_form;
  def_form.kind = form_kind::list;
  def_form.pos = f.pos;
  def_form.items.push_back(make_symbol_form("def", f.pos));
  def_form.items.push_back(f.items[1]);
  if (has_doc) def_form.items.push_back(doc);
  def_form.items.push_back(std::move(fn_form));
  return a.analyze(def_form, tail);
}

/// The N of a %N placeholder (0 when `n` is not one); too large a number is an analysis error.
int placeholder_index(const form& f, const std::string& n) {
  if (n.size() < 2 || n[0] != '%' || !std::all_of(n.begin() + 1, n.end(), ::isdigit)) return 0;
  if (n.size() > 3 || std::stoi(n.substr(1)) > 20 || std::stoi(n.substr(1)) == 0) {
    analyzer::fail(f, "invalid argument " + n + " in #()", "Use % or %1 to %20 for arguments, %& for the rest");
  }
  return std::stoi(n.substr(1));
}

/// Finds the highest %N and whether %& is used, skipping quoted forms.
void scan_placeholders(const form& f, int& max_n, bool& rest) {
  if (f.is_symbol()) {
    const std::string& n = named(f.atom).full();
    if (n == "%") max_n = std::max(max_n, 1);
    else if (n == "%&") rest = true;
    else max_n = std::max(max_n, placeholder_index(f, n));
    return;
  }
  if (f.kind == form_kind::list && !f.items.empty() && f.items[0].is_symbol("quote")) return;
  for (const auto& x : f.items) scan_placeholders(x, max_n, rest);
}

form replace_placeholders(const form& f, const std::vector<std::string>& names, const std::string& rest_name) {
  if (f.is_symbol()) {
    const std::string& n = named(f.atom).full();
    if (n == "%") return make_symbol_form(names[0], f.pos);
    if (n == "%&") return make_symbol_form(rest_name, f.pos);
    if (int i = placeholder_index(f, n); i > 0) return make_symbol_form(names[static_cast<std::size_t>(i - 1)], f.pos);
    return f;
  }
  if (f.kind == form_kind::list && !f.items.empty() && f.items[0].is_symbol("quote")) return f;
  form out = f;
  for (auto& x : out.items) x = replace_placeholders(x, names, rest_name);
  return out;
}

node_ptr analyze_fn_literal(analyzer& a, const form& f, bool tail) {
  int max_n = 0;
  bool rest = false;
  for (const auto& x : f.items) scan_placeholders(x, max_n, rest);
  std::vector<std::string> names;
  std::vector<form> params;
  for (int i = 1; i <= std::max(max_n, 1); ++i) {
    names.push_back(a.gensym("p" + std::to_string(i)));
  }
  for (int i = 0; i < max_n; ++i) params.push_back(make_symbol_form(names[static_cast<std::size_t>(i)], f.pos));
  std::string rest_name = a.gensym("rest");
  if (rest) {
    params.push_back(make_symbol_form("&", f.pos));
    params.push_back(make_symbol_form(rest_name, f.pos));
  }
  form body;
  body.kind = form_kind::list;
  body.pos = f.pos;
  for (const auto& x : f.items) body.items.push_back(replace_placeholders(x, names, rest_name));
  form fn_form = make_list_form({make_symbol_form("fn", f.pos), make_vector_form(std::move(params), f.pos), std::move(body)}, f.pos);
  return a.analyze(fn_form, tail);
}


/// Makes the letfn members' closures from the enclosing frame, binds them, runs the body.
class letfn_node final : public node {
 public:
  letfn_node(std::shared_ptr<letfn_group> g, std::vector<fn_template::capture_source> sources,
             std::vector<int> slots, node_ptr body, source_pos p)
      : node(p), group_(std::move(g)), sources_(std::move(sources)), slots_(std::move(slots)), body_(std::move(body)) {}
  value eval(frame& f) const override {
    std::vector<value> caps;
    caps.reserve(sources_.size());
    for (const auto& c : sources_) {
      if (!c.from_capture) caps.push_back(f.slots[c.index]);
      else if (c.index == -1) caps.push_back(value::share(type::function, const_cast<closure_obj*>(f.self)));
      else if (c.index <= -2) caps.push_back(make_letfn_member(*f.self, -2 - c.index));
      else caps.push_back(f.self->capture(c.index));
    }
    for (std::size_t j = 0; j < slots_.size(); ++j) {
      std::shared_ptr<const fn_template> t(group_, group_->members[j].get());
      f.slots[slots_[j]] = value::adopt(type::function, make_object<closure_obj>(caps.size() * sizeof(value), std::move(t), caps));
    }
    return body_->eval(f);
  }

 private:
  std::shared_ptr<letfn_group> group_;
  std::vector<fn_template::capture_source> sources_;
  std::vector<int> slots_;
  node_ptr body_;
};

node_ptr analyze_letfn(analyzer& a, const form& f, bool tail) {
  if (f.items.size() < 2 || f.items[1].kind != form_kind::vector) {
    analyzer::fail(f, "letfn needs a vector of functions", "Use (letfn [(f [x] ...) (g [y] ...)] body)");
  }
  std::vector<std::string> names;
  for (const form& m : f.items[1].items) {
    if (m.kind != form_kind::list || m.items.size() < 2 || !m.items[0].is_symbol()) {
      analyzer::fail(m, "each letfn function is (name [params] body...)");
    }
    names.push_back(named(m.items[0].atom).name());
  }
  // All members capture the same list (the union of what any of them uses), so a member can
  // rebuild any other from its own captures. Two passes find the union.
  auto group = std::make_shared<letfn_group>();
  std::vector<std::string> shared_names;
  std::vector<fn_template::capture_source> sources;
  for (int pass = 0; pass < 3; ++pass) {
    group->members.clear();
    std::vector<std::string> extra;
    for (std::size_t j = 0; j < names.size(); ++j) {
      analyzer::fn_scope scope;
      scope.letfn_names = names;
      scope.capture_names = shared_names;
      scope.captures = sources;
      auto t = forms::analyze_fn_template(a, f.items[1].items[j], 1, names[j], scope);
      for (std::size_t k = shared_names.size(); k < scope.capture_names.size(); ++k) {
        if (std::find(extra.begin(), extra.end(), scope.capture_names[k]) == extra.end()) extra.push_back(scope.capture_names[k]);
      }
      t->group = group.get();
      group->members.push_back(std::move(t));
    }
    if (extra.empty()) break;
    for (const auto& n : extra) {
      shared_names.push_back(n);
      sources.push_back(*a.resolve_capture(n));
    }
  }
  auto mark = a.scope_mark();
  std::vector<int> slots;
  for (const auto& n : names) slots.push_back(a.declare_local(n));
  node_ptr body = a.analyze_body(f.items, 2, tail, f.pos);
  a.pop_scope(mark);
  return std::make_unique<letfn_node>(std::move(group), std::move(sources), std::move(slots), std::move(body), f.pos);
}
}  // namespace

namespace forms {

std::unique_ptr<fn_template> analyze_fn_template(analyzer& a, const form& f, std::size_t from,
                                                 const std::string& name, analyzer::fn_scope& scope) {
  if (from >= f.items.size()) analyzer::fail(f, "fn needs a parameter vector", "Use (fn [params] body)");
  auto tmpl = std::make_unique<fn_template>();
  tmpl->name = name.empty() ? "fn" : name;
  tmpl->pos = f.pos;
  auto* prev = a.enter_fn(scope);
  try {
    if (f.items[from].kind == form_kind::vector) {
      analyze_arity(a, scope, f.items[from], f.items, from + 1, f.pos, *tmpl);
    } else {
      for (std::size_t i = from; i < f.items.size(); ++i) {
        const form& ar = f.items[i];
        if (ar.kind != form_kind::list || ar.items.empty()) {
          analyzer::fail(ar, "fn parameters must be a vector", "Use (fn [params] body) or (fn ([a] ...) ([a b] ...))");
        }
        analyze_arity(a, scope, ar.items[0], ar.items, 1, ar.pos, *tmpl);
      }
    }
  } catch (...) {
    a.leave_fn(prev);
    throw;
  }
  a.leave_fn(prev);
  // Arities: fixed ones must differ; at most one variadic, with at least as many fixed params.
  int variadics = 0;
  for (std::size_t i = 0; i < tmpl->arities.size(); ++i) {
    const auto& ai = tmpl->arities[i];
    if (ai.variadic) ++variadics;
    for (std::size_t j = 0; j < i; ++j) {
      if (!ai.variadic && !tmpl->arities[j].variadic && ai.fixed == tmpl->arities[j].fixed) {
        analyzer::fail(f, "Can't have 2 overloads with same arity");
      }
    }
  }
  if (variadics > 1) analyzer::fail(f, "Can't have more than 1 variadic overload");
  tmpl->captures = scope.captures;
  return tmpl;
}

node_ptr analyze_fn_parts(analyzer& a, const form& f, std::size_t from, const std::string& name,
                          bool self_named) {
  analyzer::fn_scope scope;
  if (self_named) scope.self_name = name;
  std::shared_ptr<const fn_template> tmpl = analyze_fn_template(a, f, from, name, scope);
  return make_fn_node(std::move(tmpl), f.pos, self_named, std::move(scope.param_keyword_reads));
}

void add_fn(table& t) {
  t["fn"] = analyze_fn;
  t["fn*"] = analyze_fn;
  t["defn"] = analyze_defn;
  t["defn-"] = analyze_defn;
  t[" fn-literal"] = analyze_fn_literal;
  t["letfn"] = analyze_letfn;
}

}  // namespace forms
}  // namespace ptc::lisp
