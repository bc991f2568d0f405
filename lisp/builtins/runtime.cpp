// return, fail, pmap, pcalls, exceptions, type, and the names the sandbox deliberately leaves out.
#include "ptc/lisp/builtin.hpp"
#include "ptc/lisp/closure.hpp"
#include "ptc/lisp/exception.hpp"
#include "ptc/lisp/list.hpp"
#include "ptc/lisp/map.hpp"
#include "ptc/lisp/node.hpp"
#include "ptc/lisp/printer.hpp"
#include "ptc/lisp/seq.hpp"
#include "ptc/lisp/set.hpp"
#include "ptc/lisp/string.hpp"

namespace ptc::lisp {

return_signal checked_return(context& c, value v, bool failed) {
  check_printable(v, c, failed ? "fail (the failure value's text)" : "return (the returned value's text)");
  return return_signal{std::move(v), failed};
}

namespace {

// The value leaves the run (printed, sent as JSON, shown to the LLM) where no budget holds:
// check here, under the run's budget, that its text fits the string limit, so a DAG of shared
// collections or a giant value is a limit error at the return and not a hang after the run.
value do_return(context& c, std::span<const value> a) {
  throw checked_return(c, a.empty() ? value() : a[0], false);
}
value do_fail(context& c, std::span<const value> a) {
  throw checked_return(c, a.empty() ? value() : a[0], true);
}

value pmap(context& c, std::span<const value> a) {
  const value& f = arg::function("pmap", a, 0);
  if (a.size() == 2) {
    std::vector<value> items = to_items(c, a[1], "pmap");
    return list_obj::from(c.parallel(items.size(), [&](context& cx, std::size_t i) { return cx.call(f, {items[i]}); }));
  }
  // (pmap f c1 c2 ...): zip to the shortest.
  std::vector<std::vector<value>> colls;
  std::size_t n = SIZE_MAX;
  for (std::size_t i = 1; i < a.size(); ++i) {
    colls.push_back(to_items(c, a[i], "pmap"));
    n = std::min(n, colls.back().size());
  }
  return list_obj::from(c.parallel(n, [&](context& cx, std::size_t i) {
    std::vector<value> args;
    for (const auto& col : colls) args.push_back(col[i]);
    return cx.call(f, args);
  }));
}

value pcalls(context& c, std::span<const value> a) {
  for (std::size_t i = 0; i < a.size(); ++i) arg::function("pcalls", a, i);
  std::vector<value> fns(a.begin(), a.end());
  return list_obj::from(c.parallel(fns.size(), [&](context& cx, std::size_t i) { return cx.call(fns[i], {}); }));
}

value ex_info(context&, std::span<const value> a) {
  const std::string& msg = arg::string("ex-info", a, 0);
  if (!a[1].is(type::map) && !a[1].is_nil()) errors::argument("ex-info", 1, "a map", a[1]);
  return make_exception(msg, a[1].is_nil() ? map_obj::empty() : a[1]);
}

value ex_message(context&, std::span<const value> a) {
  if (!a[0].is(type::exception)) return {};
  return make_string(a[0].as<exception_obj>().message());
}

value ex_data(context&, std::span<const value> a) {
  if (!a[0].is(type::exception)) return {};
  const auto& e = a[0].as<exception_obj>();
  return e.kind() == error_kind::exception ? e.data() : value();
}

value ex_cause(context&, std::span<const value>) { return {}; }

/// The Java method most programs use on a caught exception.
value get_message(context& c, std::span<const value> a) {
  if (!a[0].is(type::exception)) errors::argument(".getMessage", 0, "an exception", a[0]);
  return ex_message(c, a);
}

/// What condp raises when no clause matches and there is no default (internal name).
value condp_no_match(context&, std::span<const value> a) {
  raise(error_kind::type, "No matching clause: " + errors::brief(a[0]), "Add a default result as the last form of condp");
}

/// Clojure's munge: how a function name becomes part of its Java class name (foo-bar? →
/// foo_bar_QMARK_).
std::string munge(std::string_view name) {
  static constexpr std::pair<char, const char*> k_map[] = {
      {'-', "_"},        {':', "_COLON_"},   {'+', "_PLUS_"},   {'>', "_GT_"},
      {'<', "_LT_"},     {'=', "_EQ_"},      {'~', "_TILDE_"},  {'!', "_BANG_"},
      {'@', "_CIRCA_"},  {'#', "_SHARP_"},   {'\'', "_SINGLEQUOTE_"},
      {'"', "_DOUBLEQUOTE_"}, {'%', "_PERCENT_"}, {'^', "_CARET_"}, {'&', "_AMPERSAND_"},
      {'*', "_STAR_"},   {'|', "_BAR_"},     {'{', "_LBRACE_"}, {'}', "_RBRACE_"},
      {'[', "_LBRACK_"}, {']', "_RBRACK_"},  {'/', "_SLASH_"},  {'\\', "_BSLASH_"},
      {'?', "_QMARK_"}};
  std::string out;
  for (char ch : name) {
    const char* rep = nullptr;
    for (const auto& [from, to] : k_map) {
      if (from == ch) rep = to;
    }
    if (rep) out += rep;
    else out += ch;
  }
  return out;
}

/// The Java class Clojure reports for a function: clojure.core$inc for builtins, user$name
/// for user functions (Clojure adds eval/fn counters to anonymous ones; they read user$fn).
std::string function_class(const value& f) {
  const auto* fn = dynamic_cast<const function_obj*>(&f.as<object>());
  const auto* builtin = dynamic_cast<const builtin_fn*>(fn);
  if (builtin) {
    const std::string full = builtin->name();
    const auto slash = full.find('/');
    if (slash == std::string::npos || full.size() == 1) return "clojure.core$" + munge(full);
    return full.substr(0, slash) + "$" + munge(full.substr(slash + 1));
  }
  const std::string name = fn ? fn->name() : std::string();
  return "user$" + munge(name.empty() ? "fn" : name);
}

/// The Java class Clojure's (type x) reports for an error of this kind once caught.
const char* exception_class(error_kind k) {
  switch (k) {
    case error_kind::exception: return "clojure.lang.ExceptionInfo";
    case error_kind::arity: return "clojure.lang.ArityException";
    case error_kind::arithmetic: return "java.lang.ArithmeticException";
    case error_kind::index: return "java.lang.IndexOutOfBoundsException";
    case error_kind::type: return "java.lang.IllegalArgumentException";
    case error_kind::not_callable: return "java.lang.ClassCastException";
    case error_kind::unsupported: return "java.lang.UnsupportedOperationException";
    default: return "java.lang.RuntimeException";
  }
}

/// (type x): the name of the Java class Clojure would report, as a symbol, so that it prints
/// (pr-str, println, inside collections) and compares (=, as a map key) as Clojure's class
/// does. nil for nil. Differences: (str (type x)) lacks Clojure's "class " prefix, and
/// (symbol? (type x)) is true.
value type_of(context&, std::span<const value> a) {
  const value& x = a[0];
  switch (x.kind()) {
    case type::nil: return {};
    case type::boolean: return symbol("java.lang.Boolean");
    case type::integer: return symbol("java.lang.Long");
    case type::floating: return symbol("java.lang.Double");
    case type::character: return symbol("java.lang.Character");
    case type::date: return symbol("java.time.LocalDate");
    case type::string: return symbol("java.lang.String");
    case type::keyword: return symbol("clojure.lang.Keyword");
    case type::symbol: return symbol("clojure.lang.Symbol");
    case type::list:
      return symbol(x.as<list_obj>().size() == 0 ? "clojure.lang.PersistentList$EmptyList"
                                                 : "clojure.lang.PersistentList");
    case type::vector: return symbol("clojure.lang.PersistentVector");
    // Clojure's literal and assoc-built maps stay array maps up to 8 entries.
    case type::map: {
      const auto& m = x.as<map_obj>();
      if (m.sorted()) return symbol("clojure.lang.PersistentTreeMap");
      return symbol(m.size() <= 8 ? "clojure.lang.PersistentArrayMap" : "clojure.lang.PersistentHashMap");
    }
    case type::set:
      return symbol(x.as<set_obj>().sorted() ? "clojure.lang.PersistentTreeSet" : "clojure.lang.PersistentHashSet");
    case type::function: return symbol(function_class(x));
    case type::regex: return symbol("java.util.regex.Pattern");
    case type::lazy_seq: return symbol("clojure.lang.LazySeq");
    case type::var: return symbol("clojure.lang.Var");
    case type::reduced: return symbol("clojure.lang.Reduced");
    case type::exception: return symbol(exception_class(x.as<exception_obj>().kind()));
  }
  return symbol("java.lang.Object");
}

template <const char* Name, const char* Why>
value not_available(context&, std::span<const value>) {
  errors::unsupported(Name, Why);
}

constexpr char k_state[] = "mutable state (atoms, refs, agents, volatiles) is not available in PTC-Lisp; "
                           "use let, loop/recur or reduce, and def for values that persist across turns";
constexpr char k_eval[] = "evaluating code at run time is not available";
constexpr char k_io[] = "files, network and the environment are not available; use tool/ functions";
constexpr char k_threads[] = "threads are not available; use pmap or pcalls for parallel tool calls";
constexpr char k_meta[] = "metadata is not supported";
constexpr char k_transient[] = "transients are not needed: collections are updated efficiently already";
constexpr char k_ratio[] = "PTC-Lisp has no ratios; (/ 1 3) is the double 0.3333333333333333";
constexpr char k_struct[] = "structs are not available; use maps with keyword keys";
constexpr char k_hierarchy[] = "hierarchies (derive, isa?, parents) are not available; use a :type key and sets";
constexpr char k_dynamic[] = "dynamic vars are not available; pass values as arguments or use let";
constexpr char k_multi[] = "multimethods and protocols are not available; use cond or case on a :type key";

#define PTC_NOT_AVAILABLE(name, why)                    \
  {name, 0, -1, [](context& c, std::span<const value> a) -> value { \
     static constexpr char n[] = name;                   \
     return not_available<n, why>(c, a);                 \
   }}

const builtin_def runtime_table[] = {
    {"return", 0, 1, do_return},
    {"fail", 0, 1, do_fail},
    {"pmap", 2, -1, pmap},
    {"pcalls", 0, -1, pcalls},
    {"ex-info", 2, 3, ex_info},
    {"ex-message", 1, 1, ex_message},
    {"ex-data", 1, 1, ex_data},
    {"ex-cause", 1, 1, ex_cause},
    {".getMessage", 1, 1, get_message},
    {" condp-no-match", 1, 1, condp_no_match},
    {"type", 1, 1, type_of},
    {"class", 1, 1, type_of},
    PTC_NOT_AVAILABLE("atom", k_state),
    PTC_NOT_AVAILABLE("swap!", k_state),
    PTC_NOT_AVAILABLE("reset!", k_state),
    PTC_NOT_AVAILABLE("deref", k_state),
    PTC_NOT_AVAILABLE("ref", k_state),
    PTC_NOT_AVAILABLE("dosync", k_state),
    PTC_NOT_AVAILABLE("alter", k_state),
    PTC_NOT_AVAILABLE("agent", k_state),
    PTC_NOT_AVAILABLE("send", k_state),
    PTC_NOT_AVAILABLE("volatile!", k_state),
    PTC_NOT_AVAILABLE("vswap!", k_state),
    PTC_NOT_AVAILABLE("eval", k_eval),
    PTC_NOT_AVAILABLE("load-string", k_eval),
    PTC_NOT_AVAILABLE("read-string", k_eval),
    PTC_NOT_AVAILABLE("macroexpand", k_eval),
    PTC_NOT_AVAILABLE("slurp", k_io),
    PTC_NOT_AVAILABLE("spit", k_io),
    PTC_NOT_AVAILABLE("future", k_threads),
    PTC_NOT_AVAILABLE("promise", k_threads),
    PTC_NOT_AVAILABLE("deliver", k_threads),
    PTC_NOT_AVAILABLE("shutdown-agents", k_threads),
    PTC_NOT_AVAILABLE("meta", k_meta),
    PTC_NOT_AVAILABLE("with-meta", k_meta),
    PTC_NOT_AVAILABLE("vary-meta", k_meta),
    PTC_NOT_AVAILABLE("alter-meta!", k_meta),
    PTC_NOT_AVAILABLE("transient", k_transient),
    PTC_NOT_AVAILABLE("persistent!", k_transient),
    PTC_NOT_AVAILABLE("conj!", k_transient),
    PTC_NOT_AVAILABLE("assoc!", k_transient),
    PTC_NOT_AVAILABLE("pop!", k_transient),
    PTC_NOT_AVAILABLE("get-method", k_multi),
    PTC_NOT_AVAILABLE("prefer-method", k_multi),
    PTC_NOT_AVAILABLE("prefers", k_multi),
    PTC_NOT_AVAILABLE("numerator", k_ratio),
    PTC_NOT_AVAILABLE("denominator", k_ratio),
    PTC_NOT_AVAILABLE("rationalize", k_ratio),
    PTC_NOT_AVAILABLE("accessor", k_struct),
    PTC_NOT_AVAILABLE("parents", k_hierarchy),
    PTC_NOT_AVAILABLE("with-bindings", k_dynamic),
    PTC_NOT_AVAILABLE("with-redefs", k_dynamic),
};

}  // namespace

void register_runtime(builtin_table& t) { t.add("", runtime_table); }

}  // namespace ptc::lisp
