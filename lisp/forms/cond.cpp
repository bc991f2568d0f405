// when, when-not, if-not, cond, condp, case, and, or, if-let, when-let, if-some, when-some,
// when-first. Most are rewritten into if/let forms; and, or and case are nodes.
#include <unordered_map>

#include "ptc/lisp/forms/forms.hpp"
#include "ptc/lisp/string.hpp"

namespace ptc::lisp {
namespace {

form list(std::vector<form> items, source_pos pos) { return make_list_form(std::move(items), pos); }

/// (do body...) from items[from..].
form do_form(const std::vector<form>& items, std::size_t from, source_pos pos) {
  std::vector<form> out{make_symbol_form("do", pos)};
  for (std::size_t i = from; i < items.size(); ++i) out.push_back(items[i]);
  return list(std::move(out), pos);
}

class and_node final : public node {
 public:
  and_node(std::vector<node_ptr> parts, source_pos p) : node(p), parts_(std::move(parts)) {}
  value eval(frame& f) const override {
    value v = value::boolean(true);
    for (const auto& n : parts_) {
      v = n->eval(f);
      if (!v.truthy()) return v;
    }
    return v;
  }
  effects effect() const override { return worst_effect(parts_); }

 private:
  std::vector<node_ptr> parts_;
};

class or_node final : public node {
 public:
  or_node(std::vector<node_ptr> parts, source_pos p) : node(p), parts_(std::move(parts)) {}
  value eval(frame& f) const override {
    value v;
    for (const auto& n : parts_) {
      v = n->eval(f);
      if (v.truthy()) return v;
    }
    return v;
  }
  effects effect() const override { return worst_effect(parts_); }

 private:
  std::vector<node_ptr> parts_;
};

class case_node final : public node {
 public:
  case_node(node_ptr expr, std::vector<std::pair<value, std::size_t>> keys, std::vector<node_ptr> results,
            node_ptr fallback, source_pos p)
      : node(p), expr_(std::move(expr)), keys_(std::move(keys)), results_(std::move(results)),
        fallback_(std::move(fallback)) {}
  value eval(frame& f) const override {
    value v = expr_->eval(f);
    for (const auto& [k, i] : keys_)
      if (equal(k, v)) return results_[i]->eval(f);
    if (fallback_) return fallback_->eval(f);
    error e;
    e.kind = error_kind::type;
    e.pos = pos;
    e.message = "No matching clause: " + errors::brief(v);
    e.hint = "Add a default result as the last form of case";
    throw lisp_exception(std::move(e));
  }
  effects effect() const override {
    effects e = worst(expr_->effect(), worst_effect(results_));
    return fallback_ ? worst(e, fallback_->effect()) : worst(e, effects::may_raise);  // no clause matches
  }

 private:
  node_ptr expr_;
  std::vector<std::pair<value, std::size_t>> keys_;
  std::vector<node_ptr> results_;
  node_ptr fallback_;
};

node_ptr analyze_and(analyzer& a, const form& f, bool tail) {
  if (f.items.size() == 1) return make_const(value::boolean(true), f.pos);
  if (f.items.size() == 2) return a.analyze(f.items[1], tail);
  std::vector<node_ptr> parts;
  for (std::size_t i = 1; i < f.items.size(); ++i) parts.push_back(a.analyze(f.items[i], tail && i + 1 == f.items.size()));
  return std::make_unique<and_node>(std::move(parts), f.pos);
}

node_ptr analyze_or(analyzer& a, const form& f, bool tail) {
  if (f.items.size() == 1) return make_const({}, f.pos);
  if (f.items.size() == 2) return a.analyze(f.items[1], tail);
  std::vector<node_ptr> parts;
  for (std::size_t i = 1; i < f.items.size(); ++i) parts.push_back(a.analyze(f.items[i], tail && i + 1 == f.items.size()));
  return std::make_unique<or_node>(std::move(parts), f.pos);
}

node_ptr analyze_when(analyzer& a, const form& f, bool tail) {
  forms::check_count(f, 1, -1, "(when test body...)");
  return make_if(a.analyze(f.items[1], false), a.analyze_body(f.items, 2, tail, f.pos), nullptr, f.pos);
}

node_ptr analyze_when_not(analyzer& a, const form& f, bool tail) {
  forms::check_count(f, 1, -1, "(when-not test body...)");
  return make_if(a.analyze(f.items[1], false), make_const({}, f.pos), a.analyze_body(f.items, 2, tail, f.pos), f.pos);
}

node_ptr analyze_if_not(analyzer& a, const form& f, bool tail) {
  forms::check_count(f, 2, 3, "(if-not test then else)");
  node_ptr otherwise = f.items.size() == 4 ? a.analyze(f.items[3], tail) : make_const({}, f.pos);
  return make_if(a.analyze(f.items[1], false), std::move(otherwise), a.analyze(f.items[2], tail), f.pos);
}

node_ptr analyze_cond(analyzer& a, const form& f, bool tail) {
  if ((f.items.size() - 1) % 2 != 0) {
    analyzer::fail(f, "cond requires an even number of forms", "Use (cond test1 result1 test2 result2 :else default)");
  }
  node_ptr result = nullptr;
  for (std::size_t i = f.items.size(); i > 1; i -= 2) {
    const form& test = f.items[i - 2];
    node_ptr then = a.analyze(f.items[i - 1], tail);
    if ((test.is_keyword()) || (test.kind == form_kind::literal && test.atom.truthy() && !test.atom.is(type::string))) {
      result = std::move(then);  // :else and other constant truthy tests
    } else {
      result = make_if(a.analyze(test, false), std::move(then), std::move(result), test.pos);
    }
  }
  return result ? std::move(result) : make_const({}, f.pos);
}

node_ptr analyze_condp(analyzer& a, const form& f, bool tail) {
  forms::check_count(f, 2, -1, "(condp pred expr test1 result1 ... default)");
  std::string p = a.gensym("pred"), e = a.gensym("expr");
  std::vector<form> clauses(f.items.begin() + 3, f.items.end());
  // Without a default, no match is Clojure's IllegalArgumentException: a `type` error.
  form body = list({make_symbol_form(" condp-no-match", f.pos), make_symbol_form(e, f.pos)}, f.pos);
  std::size_t i = 0;
  std::vector<std::tuple<std::size_t, std::size_t, bool>> tests;
  while (i < clauses.size()) {
    if (i + 1 >= clauses.size()) {
      body = clauses[i];  // the default
      break;
    }
    const bool arrow = clauses[i + 1].is_keyword() && named(clauses[i + 1].atom).full() == ">>";
    if (arrow) {
      if (i + 2 >= clauses.size()) analyzer::fail(clauses[i + 1], ":>> must be followed by a function");
      tests.emplace_back(i, i + 2, true);
      i += 3;
    } else {
      tests.emplace_back(i, i + 1, false);
      i += 2;
    }
  }
  for (auto it = tests.rbegin(); it != tests.rend(); ++it) {
    const auto [ti, ri, arrow] = *it;
    const form& test = clauses[ti];
    form call = list({make_symbol_form(p, test.pos), test, make_symbol_form(e, test.pos)}, test.pos);
    if (arrow) {
      std::string r = a.gensym("match");
      body = list({make_symbol_form("if-let", test.pos), make_vector_form({make_symbol_form(r, test.pos), call}, test.pos),
                   list({clauses[ri], make_symbol_form(r, test.pos)}, test.pos), body}, test.pos);
    } else {
      body = list({make_symbol_form("if", test.pos), call, clauses[ri], body}, test.pos);
    }
  }
  form let = list({make_symbol_form("let", f.pos), make_vector_form({make_symbol_form(p, f.pos), f.items[1], make_symbol_form(e, f.pos), f.items[2]}, f.pos), body}, f.pos);
  return a.analyze(let, tail);
}

node_ptr analyze_case(analyzer& a, const form& f, bool tail) {
  forms::check_count(f, 1, -1, "(case expr key1 result1 ... default)");
  node_ptr expr = a.analyze(f.items[1], false);
  std::vector<std::pair<value, std::size_t>> keys;
  std::vector<node_ptr> results;
  std::size_t n = f.items.size() - 2;
  for (std::size_t i = 2; i + 1 < f.items.size(); i += 2) {
    const form& k = f.items[i];
    std::size_t idx = results.size();
    if (k.kind == form_kind::list) {
      for (const auto& x : k.items) keys.emplace_back(form_to_value(x), idx);
    } else {
      keys.emplace_back(form_to_value(k), idx);
    }
    results.push_back(a.analyze(f.items[i + 1], tail));
  }
  for (std::size_t i = 0; i < keys.size(); ++i)
    for (std::size_t j = 0; j < i; ++j)
      if (equal(keys[i].first, keys[j].first)) analyzer::fail(f, "Duplicate case test constant: " + errors::brief(keys[i].first));
  node_ptr fallback = n % 2 == 1 ? a.analyze(f.items.back(), tail) : nullptr;
  return std::make_unique<case_node>(std::move(expr), std::move(keys), std::move(results), std::move(fallback), f.pos);
}

/// if-let / if-some / when-let / when-some / when-first share one shape.
node_ptr analyze_binding_test(analyzer& a, const form& f, bool tail, const char* name, bool some, bool when) {
  if (f.items.size() < 3 || f.items[1].kind != form_kind::vector || f.items[1].items.size() != 2) {
    analyzer::fail(f, std::string(name) + " needs exactly one binding: [name expr]",
                   std::string("Use (") + name + " [x expr] " + (when ? "body...)" : "then else)"));
  }
  if (!when && f.items.size() > 4) analyzer::fail(f, std::string("Too many arguments to ") + name);
  std::string tmp = a.gensym("test");
  const form& pattern = f.items[1].items[0];
  form then = when ? do_form(f.items, 2, f.pos) : f.items[2];
  form otherwise = (!when && f.items.size() == 4) ? f.items[3] : form{};
  form test = some ? list({make_symbol_form("some?", f.pos), make_symbol_form(tmp, f.pos)}, f.pos) : make_symbol_form(tmp, f.pos);
  form inner = list({make_symbol_form("let", f.pos), make_vector_form({pattern, make_symbol_form(tmp, f.pos)}, f.pos), then}, f.pos);
  std::vector<form> if_items{make_symbol_form("if", f.pos), test, inner};
  if (!when && f.items.size() == 4) if_items.push_back(otherwise);
  form let = list({make_symbol_form("let", f.pos), make_vector_form({make_symbol_form(tmp, f.pos), f.items[1].items[1]}, f.pos),
                   list(std::move(if_items), f.pos)}, f.pos);
  return a.analyze(let, tail);
}

node_ptr analyze_if_let(analyzer& a, const form& f, bool tail) { return analyze_binding_test(a, f, tail, "if-let", false, false); }
node_ptr analyze_if_some(analyzer& a, const form& f, bool tail) { return analyze_binding_test(a, f, tail, "if-some", true, false); }
node_ptr analyze_when_let(analyzer& a, const form& f, bool tail) { return analyze_binding_test(a, f, tail, "when-let", false, true); }
node_ptr analyze_when_some(analyzer& a, const form& f, bool tail) { return analyze_binding_test(a, f, tail, "when-some", true, true); }

node_ptr analyze_when_first(analyzer& a, const form& f, bool tail) {
  if (f.items.size() < 2 || f.items[1].kind != form_kind::vector || f.items[1].items.size() != 2) {
    analyzer::fail(f, "when-first needs exactly one binding: [x coll]");
  }
  std::string s = a.gensym("seq");
  form inner = list({make_symbol_form("let", f.pos), make_vector_form({f.items[1].items[0], list({make_symbol_form("first", f.pos), make_symbol_form(s, f.pos)}, f.pos)}, f.pos),
                     do_form(f.items, 2, f.pos)}, f.pos);
  form w = list({make_symbol_form("when-let", f.pos), make_vector_form({make_symbol_form(s, f.pos), list({make_symbol_form("seq", f.pos), f.items[1].items[1]}, f.pos)}, f.pos), inner}, f.pos);
  return a.analyze(w, tail);
}

}  // namespace

namespace forms {

void add_cond(table& t) {
  t["and"] = analyze_and;
  t["or"] = analyze_or;
  t["when"] = analyze_when;
  t["when-not"] = analyze_when_not;
  t["if-not"] = analyze_if_not;
  t["cond"] = analyze_cond;
  t["condp"] = analyze_condp;
  t["case"] = analyze_case;
  t["if-let"] = analyze_if_let;
  t["if-some"] = analyze_if_some;
  t["when-let"] = analyze_when_let;
  t["when-some"] = analyze_when_some;
  t["when-first"] = analyze_when_first;
}

}  // namespace forms
}  // namespace ptc::lisp
