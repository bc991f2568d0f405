// pr-str, print and str: thin entry points over the print engine (print_engine.cpp).
#include "ptc/lisp/printer.hpp"

#include <cmath>
#include <vector>

#include "ptc/lisp/context.hpp"
#include "ptc/lisp/date.hpp"
#include "ptc/lisp/function.hpp"
#include "ptc/lisp/list.hpp"
#include "ptc/lisp/map.hpp"
#include "ptc/lisp/print_engine.hpp"
#include "ptc/lisp/regex.hpp"
#include "ptc/lisp/set.hpp"
#include "ptc/lisp/string.hpp"
#include "ptc/lisp/vector.hpp"

namespace ptc::lisp {

std::size_t string_limit(context* c) {
  return static_cast<std::size_t>(c ? c->limits().config().max_string_bytes : active_string_limit());
}

void pr_to(std::string& out, const value& v, bool readably, context* c) {
  print_options o;
  o.readably = readably;
  o.max_bytes = string_limit(c);
  print_value(out, v, o, c);
}

void check_printable(const value& v, context& c, std::string_view what) {
  switch (v.kind()) {  // the usual results: nothing to walk
    case type::nil: case type::boolean: case type::integer: case type::floating:
    case type::character: case type::keyword: case type::symbol: case type::date:
      return;
    case type::string:
      if (string_text(v).size() < 4096) return;
      break;
    default: break;
  }
  print_options o;
  o.discard = true;
  o.max_bytes = string_limit(&c);
  o.what = what;
  std::string scratch;
  print_value(scratch, v, o, &c);
}

std::string pr_str(const value& v, context* c) {
  std::string out;
  pr_to(out, v, true, c);
  return out;
}

std::string print_str(const value& v, context* c) {
  std::string out;
  pr_to(out, v, false, c);
  return out;
}

std::string str_of(const value& v, context* c) {
  switch (v.kind()) {
    case type::nil: return {};
    case type::string: return string_text(v);
    case type::character: {
      std::string out;
      append_utf8(out, v.as_char());
      return out;
    }
    case type::floating: {
      // Java's Double.toString at top level: (str ##Inf) is "Infinity", not "##Inf".
      double d = v.as_double();
      if (std::isnan(d)) return "NaN";
      if (std::isinf(d)) return d > 0 ? "Infinity" : "-Infinity";
      return format_double(d);
    }
    case type::regex: return v.as<regex_obj>().source();
    case type::date: return date::iso_text(v.as_epoch_day());
    default:
      // Collections print readably, as Clojure's toString of a collection does. Clojure's
      // (str lazy-seq) is "clojure.lang.LazySeq@hash"; we print the items instead.
      print_options o;
      o.max_bytes = string_limit(c);
      o.what = "str";
      std::string out;
      print_value(out, v, o, c);
      return out;
  }
}

bool parts_within(const value& root, const part_budget& budget) {
  std::uint64_t parts = 0;
  std::vector<value> todo{root};
  while (!todo.empty()) {
    value v = std::move(todo.back());
    todo.pop_back();
    if (++parts > budget.cap) return false;
    std::size_t taken = 0;
    auto push = [&](const value& x) {
      todo.push_back(x);
      // Each pending value is at least one more part: stop before building a huge todo list.
      return ++taken < budget.items_per_collection && parts + todo.size() <= budget.cap;
    };
    switch (v.kind()) {
      case type::string:
        if (budget.string_bytes_per_part != 0)
          parts += v.as<string_obj>().text().size() / budget.string_bytes_per_part;
        break;
      case type::vector: v.as<vector_obj>().each(push); break;
      case type::list:
        for (const auto& x : v.as<list_obj>())
          if (!push(x)) break;
        break;
      case type::map:
        v.as<map_obj>().each([&](const value& k, const value& x) {
          todo.push_back(k);
          return push(x);
        });
        break;
      case type::set: v.as<set_obj>().each(push); break;
      default: break;
    }
    if (parts + todo.size() > budget.cap) return false;
  }
  return true;
}

bool nesting_within(const value& root, std::size_t max_depth) {
  auto collection = [](const value& x) {
    return x.is(type::vector) || x.is(type::list) || x.is(type::map) || x.is(type::set);
  };
  if (!collection(root)) return true;
  std::vector<std::pair<value, std::size_t>> todo{{root, 1}};
  while (!todo.empty()) {
    auto [v, depth] = std::move(todo.back());
    todo.pop_back();
    if (depth > max_depth) return false;
    auto push = [&](const value& x) {
      if (collection(x)) todo.emplace_back(x, depth + 1);
      return true;
    };
    switch (v.kind()) {
      case type::vector: v.as<vector_obj>().each(push); break;
      case type::list:
        for (const auto& x : v.as<list_obj>()) push(x);
        break;
      case type::map: v.as<map_obj>().each([&](const value& k, const value& x) { return push(k) && push(x); }); break;
      case type::set: v.as<set_obj>().each(push); break;
      default: break;
    }
  }
  return true;
}

}  // namespace ptc::lisp
