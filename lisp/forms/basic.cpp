// quote, do, if, def, var, throw, comment, declare.
#include "ptc/lisp/exception.hpp"
#include "ptc/lisp/forms/forms.hpp"
#include "ptc/lisp/function.hpp"
#include "ptc/lisp/string.hpp"

namespace ptc::lisp {
namespace {

class do_node final : public node {
 public:
  do_node(std::vector<node_ptr> body, source_pos p) : node(p), body_(std::move(body)) {}
  value eval(frame& f) const override {
    const std::size_t last = body_.size() - 1;
    for (std::size_t i = 0; i < last; ++i) body_[i]->eval(f);
    return body_[last]->eval(f);
  }
  effects effect() const override { return worst_effect(body_); }

 private:
  std::vector<node_ptr> body_;
};

class if_node final : public if_base {
 public:
  using if_base::if_base;
  value eval(frame& f) const override {
    if (test_->test(f)) return then_->eval(f);
    return else_ ? else_->eval(f) : value();
  }
};

/// Docstrings lose their semicolons (DEF-007): the user/ prelude shows them after a ';'.
std::string clean_docstring(const std::string& s) {
  std::string out;
  out.reserve(s.size());
  for (char c : s)
    if (c != ';') out += c;
  return out;
}

class def_node final : public node {
 public:
  def_node(std::string name, std::string doc, node_ptr init, source_pos p)
      : node(p), name_(std::move(name)), doc_(std::move(doc)), init_(std::move(init)) {}
  value eval(frame& f) const override {
    value v = init_ ? init_->eval(f) : value();
    run_state& st = *f.ctx->state();
    int idx = st.find_global(name_);
    if (idx < 0) idx = st.add_global(name_);
    global_slot& g = st.globals[static_cast<std::size_t>(idx)];
    g.is_function = v.is(type::function);
    g.params.clear();
    if (auto* c = g.is_function ? dynamic_cast<const closure_obj*>(v.obj()) : nullptr) {
      g.params = c->tmpl().params_text;
    }
    g.val = std::move(v);
    g.bound = true;
    g.docstring = doc_;
    g.source = st.current_source;
    if (!g.defined_this_run) st.record.defined.push_back(name_);  // the first def of it this run
    g.defined_this_run = true;
    g.returned = false;
    g.last_return = value();
    return value::adopt(type::var, make_object<var_obj>(0, "user/" + name_));
  }

 private:
  std::string name_;
  std::string doc_;
  node_ptr init_;
};

class throw_node final : public node {
 public:
  throw_node(node_ptr ex, source_pos p) : node(p), ex_(std::move(ex)) {}
  value eval(frame& f) const override {
    value v = ex_->eval(f);
    error e;
    e.pos = pos;
    if (v.is(type::exception)) {
      const auto& x = v.as<exception_obj>();
      e.kind = x.kind();
      e.message = x.message();
      e.data = x.data();
    } else {
      e.kind = error_kind::type;
      e.message = "throw needs an exception made with ex-info, got " + errors::describe_type(v);
      e.hint = "Use (throw (ex-info \"message\" {:key value}))";
    }
    throw lisp_exception(std::move(e));
  }
  /// Raising is all it does (a fused pipeline that meets it runs again stage by stage, so the
  /// error is the one the builtins raise in their order).
  effects effect() const override { return worst(effects::may_raise, ex_->effect()); }

 private:
  node_ptr ex_;
};

node_ptr analyze_quote(analyzer&, const form& f, bool) {
  forms::check_count(f, 1, 1, "(quote form)");
  return make_const(form_to_value(f.items[1]), f.pos);
}

node_ptr analyze_do(analyzer& a, const form& f, bool tail) {
  return a.analyze_body(f.items, 1, tail, f.pos);
}

node_ptr analyze_if(analyzer& a, const form& f, bool tail) {
  if (f.items.size() < 3) analyzer::fail(f, "Too few arguments to if", "Use (if test then else)");
  if (f.items.size() > 4) analyzer::fail(f, "Too many arguments to if", "Use (if test then else); wrap several forms in (do ...)");
  node_ptr test = a.analyze(f.items[1], false);
  node_ptr then = a.analyze(f.items[2], tail);
  node_ptr otherwise = f.items.size() == 4 ? a.analyze(f.items[3], tail) : nullptr;
  return make_if(std::move(test), std::move(then), std::move(otherwise), f.pos);
}

node_ptr analyze_def(analyzer& a, const form& f, bool) {
  if (f.items.size() < 2 || !f.items[1].is_symbol()) {
    analyzer::fail(f, "def needs a name", "Use (def name value) or (def name \"doc\" value)");
  }
  const named_obj& sym = named(f.items[1].atom);
  if (!sym.ns().empty()) analyzer::fail(f.items[1], "def names cannot have a namespace: " + sym.full());
  if (f.items.size() > 4) analyzer::fail(f, "Too many arguments to def", "Use (def name \"doc\" value)");
  std::string doc;
  std::size_t init_at = 2;
  if (f.items.size() == 4) {
    if (!(f.items[2].kind == form_kind::literal && f.items[2].atom.is(type::string))) {
      analyzer::fail(f.items[2], "def's docstring must be a string", "Use (def name \"doc\" value)");
    }
    doc = clean_docstring(string_text(f.items[2].atom));
    init_at = 3;
  }
  // Declared before the value is analysed, so a fn value can refer to itself.
  run_state& st = *a.env().state;
  if (st.find_global(sym.name()) < 0) st.add_global(sym.name());
  node_ptr init = init_at < f.items.size() ? a.analyze(f.items[init_at], false) : nullptr;
  return std::make_unique<def_node>(sym.name(), std::move(doc), std::move(init), f.pos);
}

node_ptr analyze_defonce(analyzer& a, const form& f, bool tail) {
  if (f.items.size() >= 2 && f.items[1].is_symbol()) {
    const run_state& st = *a.env().state;
    int idx = st.find_global(named(f.items[1].atom).name());
    if (idx >= 0 && st.globals[static_cast<std::size_t>(idx)].bound) {
      return make_const(value::adopt(type::var, make_object<var_obj>(0, "user/" + named(f.items[1].atom).name())), f.pos);
    }
  }
  return analyze_def(a, f, tail);
}

node_ptr analyze_var(analyzer& a, const form& f, bool) {
  forms::check_count(f, 1, 1, "(var name)");
  if (!f.items[1].is_symbol()) analyzer::fail(f, "var needs a symbol");
  const std::string& name = named(f.items[1].atom).name();
  if (a.env().state->find_global(name) < 0) {
    error e;
    e.kind = error_kind::unbound;
    e.pos = f.items[1].pos;
    e.message = "Unable to resolve var: " + name;
    throw lisp_exception(std::move(e));
  }
  return make_const(value::adopt(type::var, make_object<var_obj>(0, "user/" + name)), f.pos);
}

node_ptr analyze_throw(analyzer& a, const form& f, bool) {
  forms::check_count(f, 1, 1, "(throw (ex-info \"message\" {...}))");
  return std::make_unique<throw_node>(a.analyze(f.items[1], false), f.pos);
}

node_ptr analyze_comment(analyzer&, const form& f, bool) { return make_const({}, f.pos); }

node_ptr analyze_declare(analyzer& a, const form& f, bool) {
  for (std::size_t i = 1; i < f.items.size(); ++i) {
    if (!f.items[i].is_symbol()) analyzer::fail(f.items[i], "declare takes names");
    const std::string& name = named(f.items[i].atom).name();
    if (a.env().state->find_global(name) < 0) a.env().state->add_global(name);
  }
  return make_const({}, f.pos);
}

}  // namespace

node_ptr make_do(std::vector<node_ptr> body, source_pos pos) {
  if (body.empty()) return make_const({}, pos);
  if (body.size() == 1) return std::move(body[0]);
  return std::make_unique<do_node>(std::move(body), pos);
}

node_ptr make_if(node_ptr test, node_ptr then, node_ptr otherwise, source_pos pos) {
  if (node_ptr n = make_compare_if(test, then, otherwise, pos)) return n;
  return std::make_unique<if_node>(std::move(test), std::move(then), std::move(otherwise), pos);
}

bool if_parts(const node& n, const node*& test, const node*& then, const node*& otherwise) {
  const auto* i = dynamic_cast<const if_base*>(&n);
  if (!i) return false;
  test = &i->test_part();
  then = &i->then_part();
  otherwise = i->else_part();
  return true;
}

namespace forms {

void check_count(const form& f, std::size_t min, long max, const char* usage) {
  const std::size_t n = f.items.size() - 1;
  const std::string head = f.items.empty() || !f.items[0].is_symbol() ? "form" : named(f.items[0].atom).full();
  if (n < min) analyzer::fail(f, "Too few arguments to " + head, std::string("Use ") + usage);
  if (max >= 0 && n > static_cast<std::size_t>(max)) {
    analyzer::fail(f, "Too many arguments to " + head, std::string("Use ") + usage);
  }
}

void add_basic(table& t) {
  t["quote"] = analyze_quote;
  t["do"] = analyze_do;
  t["if"] = analyze_if;
  t["def"] = analyze_def;
  t["defonce"] = analyze_defonce;
  t["var"] = analyze_var;
  t["throw"] = analyze_throw;
  t["comment"] = analyze_comment;
  t["declare"] = analyze_declare;
}

}  // namespace forms
}  // namespace ptc::lisp
