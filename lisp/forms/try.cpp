// try / catch / finally. Program errors (lisp_exception) are catchable except resource limits,
// so (try (loop [] (recur)) (catch Exception e ...)) cannot escape the step limit. return/fail
// are not errors and pass through; finally runs on every exit.
#include <boost/context/fiber.hpp>

#include "ptc/lisp/exception.hpp"
#include "ptc/lisp/forms/forms.hpp"
#include "ptc/lisp/string.hpp"

namespace ptc::lisp {
namespace {

/// Which error kinds a catch class matches; empty: all catchable kinds.
bool class_kinds(const std::string& cls, std::vector<error_kind>& kinds) {
  auto base = cls.substr(cls.rfind('.') == std::string::npos ? 0 : cls.rfind('.') + 1);
  if (base == "Exception" || base == "Throwable" || base == "RuntimeException" || base == "Error" ||
      cls == ":default") {
    kinds.clear();
    return true;
  }
  if (base == "ExceptionInfo") kinds = {error_kind::exception};
  else if (base == "ArithmeticException") kinds = {error_kind::arithmetic};
  else if (base == "IndexOutOfBoundsException" || base == "ArrayIndexOutOfBoundsException" ||
           base == "StringIndexOutOfBoundsException")
    kinds = {error_kind::index};
  else if (base == "ClassCastException") kinds = {error_kind::type, error_kind::not_callable};
  else if (base == "IllegalArgumentException" || base == "NullPointerException" ||
           base == "NumberFormatException" || base == "IllegalStateException")
    kinds = {error_kind::type, error_kind::arity};
  else if (base == "UnsupportedOperationException") kinds = {error_kind::unsupported};
  else if (base == "DateTimeException" || base == "DateTimeParseException") kinds = {error_kind::type};
  else return false;
  return true;
}

struct catch_clause {
  std::vector<error_kind> kinds;  // empty: any catchable
  int slot;
  node_ptr body;
};

class try_node final : public node {
 public:
  try_node(node_ptr body, std::vector<catch_clause> catches, node_ptr finally, source_pos p)
      : node(p), body_(std::move(body)), catches_(std::move(catches)), finally_(std::move(finally)) {}

  value eval(frame& f) const override {
    value result;
    try {
      result = eval_catching(f);
    } catch (const boost::context::detail::forced_unwind&) {
      throw;  // a run being destroyed: no user code may run
    } catch (...) {
      if (finally_) finally_->eval(f);
      throw;
    }
    if (finally_) finally_->eval(f);
    return result;
  }
  /// What its parts do (a caught error is still counted as the body's: conservative).
  effects effect() const override {
    effects e = body_->effect();
    for (const catch_clause& c : catches_) e = worst(e, c.body->effect());
    return finally_ ? worst(e, finally_->effect()) : e;
  }

 private:
  value eval_catching(frame& f) const {
    const context::call_site outside = f.ctx->innermost_call();
    try {
      return body_->eval(f);
    } catch (lisp_exception& ex) {
      const error& e = ex.err();
      if (e.kind == error_kind::limit || e.kind == error_kind::parse || e.kind == error_kind::analysis) throw;
      for (const auto& c : catches_) {
        if (!c.kinds.empty() && std::find(c.kinds.begin(), c.kinds.end(), e.kind) == c.kinds.end()) continue;
        f.ctx->restore_innermost_call(outside);  // the calls the error ended are over
        f.slots[c.slot] = make_exception(e.message, e.data, e.kind);
        return c.body->eval(f);
      }
      throw;
    }
  }

  node_ptr body_;
  std::vector<catch_clause> catches_;
  node_ptr finally_;
};

node_ptr analyze_try(analyzer& a, const form& f, bool) {
  std::vector<form> body;
  std::vector<catch_clause> catches;
  node_ptr finally;
  auto* old = a.set_recur(nullptr);  // Clojure: cannot recur across try
  for (std::size_t i = 1; i < f.items.size(); ++i) {
    const form& x = f.items[i];
    const bool is_catch = x.kind == form_kind::list && !x.items.empty() && x.items[0].is_symbol("catch");
    const bool is_finally = x.kind == form_kind::list && !x.items.empty() && x.items[0].is_symbol("finally");
    if (is_catch) {
      if (x.items.size() < 3 || !x.items[2].is_symbol()) {
        analyzer::fail(x, "catch needs a class and a name", "Use (catch Exception e (ex-message e))");
      }
      std::string cls = x.items[1].is_symbol() ? named(x.items[1].atom).full()
                        : x.items[1].is_keyword() ? ":" + named(x.items[1].atom).full()
                                                  : "";
      catch_clause c;
      if (!class_kinds(cls, c.kinds)) {
        analyzer::fail(x.items[1], "unknown exception class " + cls, "Catch Exception, ExceptionInfo, ArithmeticException, ...");
      }
      auto mark = a.scope_mark();
      c.slot = a.declare_local(named(x.items[2].atom).name());
      c.body = a.analyze_body(x.items, 3, false, x.pos);
      a.pop_scope(mark);
      catches.push_back(std::move(c));
    } else if (is_finally) {
      if (i + 1 != f.items.size()) analyzer::fail(x, "finally must be the last clause of try");
      finally = a.analyze_body(x.items, 1, false, x.pos);
    } else {
      if (!catches.empty()) analyzer::fail(x, "only catch and finally clauses may follow catch in try");
      body.push_back(x);
    }
  }
  node_ptr b = a.analyze_body(body, 0, false, f.pos);
  a.set_recur(old);
  if (catches.empty() && !finally) return b;
  return std::make_unique<try_node>(std::move(b), std::move(catches), std::move(finally), f.pos);
}

node_ptr analyze_stray(analyzer&, const form& f, bool) {
  analyzer::fail(f, named(f.items[0].atom).name() + " is only allowed inside try");
}

}  // namespace

namespace forms {

void add_try(table& t) {
  t["try"] = analyze_try;
  t["catch"] = analyze_stray;
  t["finally"] = analyze_stray;
}

}  // namespace forms
}  // namespace ptc::lisp
