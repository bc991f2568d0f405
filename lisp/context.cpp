#include "ptc/lisp/context.hpp"

#include "ptc/lisp/builtins/coll_ops.hpp"

#include "ptc/lisp/error.hpp"
#include "ptc/lisp/function.hpp"
#include "ptc/lisp/keyword_lookup.hpp"
#include "ptc/lisp/map.hpp"
#include "ptc/lisp/node.hpp"
#include "ptc/lisp/set.hpp"
#include "ptc/lisp/string.hpp"
#include "ptc/lisp/vector.hpp"

namespace ptc::lisp {
namespace {

[[noreturn]] void lookup_arity_error(const std::string& what, std::size_t n) { errors::arity(what, n, "1 or 2"); }

}  // namespace

value context::call_other(const value& f, std::span<const value> args) {
  switch (f.kind()) {
    case type::function:
      return f.as<function_obj>().invoke(*this, args);
    case type::keyword:
      if (args.size() < 1 || args.size() > 2) lookup_arity_error(":" + named(f).full(), args.size());
      if (args[0].is(type::map)) {
        std::uint32_t& hint = keyword_hints_[(f.raw_bits() >> 4) & 7];
        const value* v = keyword_find(args[0].as<map_obj>(), f, hint);
        if (v) return *v;
        return args.size() == 2 ? args[1] : value();
      }
      return coll::get(args[0], f, args.size() == 2 ? args[1] : value());
    case type::map:
      if (args.size() < 1 || args.size() > 2) lookup_arity_error("a map", args.size());
      return coll::get(f, args[0], args.size() == 2 ? args[1] : value());
    case type::set:
      if (args.size() != 1) errors::arity("a set", args.size(), "1");
      return coll::get(f, args[0]);
    case type::vector: {
      if (args.size() != 1) errors::arity("a vector", args.size(), "1");
      if (!args[0].is(type::integer)) errors::argument("vector lookup", 0, "an integer index", args[0]);
      const auto& v = f.as<vector_obj>();
      const std::int64_t i = args[0].as_int();
      if (i < 0 || static_cast<std::size_t>(i) >= v.size()) errors::index("vector lookup", i, v.size(), "a vector");
      return v.at(static_cast<std::size_t>(i));
    }
    default:
      errors::not_callable(f);
  }
}

void context::print(std::string text) {
  const std::size_t max_chars = budget_.config().max_print_chars;
  if (text.size() > max_chars) {
    // Cut at a code point boundary after max_chars characters (TRN-011).
    std::size_t pos = 0, chars = 0;
    while (pos < text.size() && chars < max_chars) {
      decode_utf8(text, pos);
      ++chars;
    }
    if (pos < text.size()) {
      text.resize(pos);
      text += "...";
    }
  }
  budget_.charge_output(text.size());
  if (state_) state_->record.prints.push_back(std::move(text));
}

std::vector<value> context::parallel(std::size_t n,
                                     const std::function<value(context&, std::size_t)>& branch) {
  if (state_ && state_->scheduler) return state_->parallel(*this, n, branch);
  std::vector<value> out;
  out.reserve(n);
  for (std::size_t i = 0; i < n; ++i) out.push_back(branch(*this, i));
  return out;
}

}  // namespace ptc::lisp
