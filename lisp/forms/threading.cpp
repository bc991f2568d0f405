// -> ->> as-> some-> some->> cond-> cond->> doto: rewritten into calls and lets.
#include "ptc/lisp/forms/forms.hpp"
#include "ptc/lisp/string.hpp"

namespace ptc::lisp {
namespace {


/// Threads x into step: first argument (->) or last (->>).
form thread_step(const form& x, const form& step, bool last) {
  if (step.kind == form_kind::list && !step.items.empty()) {
    form out = step;
    if (last) out.items.push_back(x);
    else out.items.insert(out.items.begin() + 1, x);
    return out;
  }
  return make_list_form({step, x}, step.pos);
}

form thread_all(const form& f, bool last) {
  if (f.items.size() < 2) analyzer::fail(f, "threading needs a starting value", "Use (-> x (f a) g)");
  form acc = f.items[1];
  for (std::size_t i = 2; i < f.items.size(); ++i) acc = thread_step(acc, f.items[i], last);
  return acc;
}

node_ptr analyze_thread_first(analyzer& a, const form& f, bool tail) { return a.analyze(thread_all(f, false), tail); }
node_ptr analyze_thread_last(analyzer& a, const form& f, bool tail) { return a.analyze(thread_all(f, true), tail); }

node_ptr analyze_as_thread(analyzer& a, const form& f, bool tail) {
  forms::check_count(f, 2, -1, "(as-> expr name form...)");
  if (!f.items[2].is_symbol()) analyzer::fail(f.items[2], "as-> needs a name to bind", "Use (as-> expr x (f x) (g 1 x))");
  std::vector<form> bindings{f.items[2], f.items[1]};
  for (std::size_t i = 3; i < f.items.size(); ++i) {
    bindings.push_back(f.items[2]);
    bindings.push_back(f.items[i]);
  }
  form let = make_list_form({make_symbol_form("let", f.pos), make_vector_form(std::move(bindings), f.pos), f.items[2]}, f.pos);
  return a.analyze(let, tail);
}

/// some->: stops at the first nil.
node_ptr analyze_some_thread(analyzer& a, const form& f, bool tail, bool last) {
  forms::check_count(f, 1, -1, "(some-> x step...)");
  std::string g = a.gensym("some");
  form body = make_symbol_form(g, f.pos);
  for (std::size_t i = f.items.size(); i > 2; --i) {
    // (if (nil? g) nil (let [g (step g)] body))
    form step = thread_step(make_symbol_form(g, f.pos), f.items[i - 1], last);
    form let = make_list_form({make_symbol_form("let", f.pos), make_vector_form({make_symbol_form(g, f.pos), step}, f.pos), body}, f.pos);
    body = make_list_form({make_symbol_form("if", f.pos), make_list_form({make_symbol_form("nil?", f.pos), make_symbol_form(g, f.pos)}, f.pos), form{}, let}, f.pos);
    body.items[2].pos = f.pos;  // the literal nil
  }
  form out = make_list_form({make_symbol_form("let", f.pos), make_vector_form({make_symbol_form(g, f.pos), f.items[1]}, f.pos), body}, f.pos);
  return a.analyze(out, tail);
}

node_ptr analyze_some_first(analyzer& a, const form& f, bool tail) { return analyze_some_thread(a, f, tail, false); }
node_ptr analyze_some_last(analyzer& a, const form& f, bool tail) { return analyze_some_thread(a, f, tail, true); }

/// cond->: applies each step whose test is truthy.
node_ptr analyze_cond_thread(analyzer& a, const form& f, bool tail, bool last) {
  forms::check_count(f, 1, -1, "(cond-> x test step ...)");
  if ((f.items.size() - 2) % 2 != 0) analyzer::fail(f, "cond-> needs test/step pairs after the value");
  std::string g = a.gensym("cond");
  std::vector<form> bindings{make_symbol_form(g, f.pos), f.items[1]};
  for (std::size_t i = 2; i + 1 < f.items.size(); i += 2) {
    form step = thread_step(make_symbol_form(g, f.pos), f.items[i + 1], last);
    bindings.push_back(make_symbol_form(g, f.pos));
    bindings.push_back(make_list_form({make_symbol_form("if", f.pos), f.items[i], step, make_symbol_form(g, f.pos)}, f.pos));
  }
  form let = make_list_form({make_symbol_form("let", f.pos), make_vector_form(std::move(bindings), f.pos), make_symbol_form(g, f.pos)}, f.pos);
  return a.analyze(let, tail);
}

node_ptr analyze_cond_first(analyzer& a, const form& f, bool tail) { return analyze_cond_thread(a, f, tail, false); }
node_ptr analyze_cond_last(analyzer& a, const form& f, bool tail) { return analyze_cond_thread(a, f, tail, true); }

/// doto: calls each step with x first, returns x (only useful for side effects like println).
node_ptr analyze_doto(analyzer& a, const form& f, bool tail) {
  forms::check_count(f, 1, -1, "(doto x (f a) ...)");
  std::string g = a.gensym("doto");
  std::vector<form> body{make_symbol_form("let", f.pos), make_vector_form({make_symbol_form(g, f.pos), f.items[1]}, f.pos)};
  for (std::size_t i = 2; i < f.items.size(); ++i) body.push_back(thread_step(make_symbol_form(g, f.pos), f.items[i], false));
  body.push_back(make_symbol_form(g, f.pos));
  return a.analyze(make_list_form(std::move(body), f.pos), tail);
}

}  // namespace

namespace forms {

void add_threading(table& t) {
  t["->"] = analyze_thread_first;
  t["->>"] = analyze_thread_last;
  t["as->"] = analyze_as_thread;
  t["some->"] = analyze_some_first;
  t["some->>"] = analyze_some_last;
  t["cond->"] = analyze_cond_first;
  t["cond->>"] = analyze_cond_last;
  t["doto"] = analyze_doto;
}

}  // namespace forms
}  // namespace ptc::lisp
