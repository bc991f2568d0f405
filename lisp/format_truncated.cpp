// The prompt formatter (TRN-001..005) and the type vocabulary of the prompt (TYP-001..012).
#include <algorithm>
#include <string>

#include "ptc/lisp/budget.hpp"
#include "ptc/lisp/context.hpp"
#include "ptc/lisp/function.hpp"
#include "ptc/lisp/lazy_seq.hpp"
#include "ptc/lisp/list.hpp"
#include "ptc/lisp/map.hpp"
#include "ptc/lisp/print_engine.hpp"
#include "ptc/lisp/printer.hpp"
#include "ptc/lisp/set.hpp"
#include "ptc/lisp/vector.hpp"

namespace ptc::lisp {

std::string format_truncated(const value& v, std::size_t limit, std::size_t printable_limit) {
  print_options o;
  o.map_commas = false;
  o.limit = limit;
  o.printable_limit = printable_limit;
  // Nested collections truncate independently, so the text can still grow as limit^depth (a
  // DAG of shared vectors): renderers call this outside runs, with no budget to stop them, so
  // the text itself is bounded. A sample longer than this is no use in a prompt anyway.
  constexpr std::size_t floor = 16 << 10, ceiling = 1 << 20;
  std::size_t cap = ceiling;
  if (limit < ceiling && printable_limit < ceiling) cap = std::min(limit * printable_limit * 4, ceiling);
  o.max_bytes = std::max(cap, floor);
  o.stop_at_max = true;
  std::string out;
  print_value(out, v, o, nullptr);
  return out;
}

std::string format_sample(const value& v, std::size_t limit, std::size_t printable_limit) {
  value first;
  bool has_first = false;
  switch (v.kind()) {
    case type::vector:
      if (v.as<vector_obj>().size() > 0) {
        first = v.as<vector_obj>().at(0);
        has_first = true;
      }
      break;
    case type::list:
      if (v.as<list_obj>().size() > 0) {
        first = v.as<list_obj>().first();
        has_first = true;
      }
      break;
    case type::lazy_seq: {
      // As the printer does for a lazy seq printed without a context: the run's budget, or a
      // small private one outside a run.
      budget detached(detached_limits());
      budget* active = budget::active();
      context c(active ? *active : detached, nullptr);
      has_first = v.as<lazy_seq_obj>().start()->next(c, first);
      break;
    }
    default: break;
  }
  const bool item_is_collection =
      has_first && (first.is(type::map) || first.is(type::vector) || first.is(type::list) ||
                    first.is(type::set) || first.is(type::lazy_seq));
  return format_truncated(item_is_collection ? first : v, limit, printable_limit);
}

namespace {
std::string sized(const char* name, std::size_t n) {
  return std::string(name) + "[" + std::to_string(n) + "]";
}
}  // namespace

void fill_shape(const value& v, type_shape& s) {
  s.kind = v.kind();
  s.count = 0;
  s.sized = true;
  switch (v.kind()) {
    case type::list: s.count = v.as<list_obj>().size(); break;
    case type::vector: s.count = v.as<vector_obj>().size(); break;
    case type::map: s.count = v.as<map_obj>().size(); break;
    case type::set: s.count = v.as<set_obj>().size(); break;
    case type::lazy_seq: {
      auto n = v.as<lazy_seq_obj>().known_size();
      s.sized = n.has_value();
      s.count = n.value_or(0);
      break;
    }
    case type::function: s.fn_name = v.as<function_obj>().name(); break;
    default: break;
  }
}

type_shape shape_of(const value& v) {
  type_shape s;
  fill_shape(v, s);
  return s;
}

std::string type_label(const type_shape& s) {
  switch (s.kind) {
    case type::nil: return "nil";
    case type::boolean: return "boolean";
    case type::integer: return "integer";
    case type::floating: return "float";
    case type::character: return "character";
    case type::date: return "date";
    case type::string: return "string";
    case type::keyword: return "keyword";
    case type::symbol: return "symbol";
    case type::list:
    case type::vector: return sized("list", s.count);
    case type::map: return sized("map", s.count);
    case type::set: return sized("set", s.count);
    case type::lazy_seq: return s.sized ? sized("list", s.count) : "lazy seq";
    case type::function: return "#fn[" + s.fn_name + "]";
    case type::regex: return "regex";
    case type::var: return "var";
    case type::reduced: return "reduced";
    case type::exception: return "exception";
  }
  return "value";
}

std::string type_label(const value& v) { return type_label(shape_of(v)); }

}  // namespace ptc::lisp
