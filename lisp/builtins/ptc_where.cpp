// where and the predicate combinators (PTC extensions).
//
// (where field) tests a field for truthiness; (where field op value) compares it. `field` is a
// keyword or string (flex get), a path vector (flex get-in) or a function. Because `where` is
// an ordinary function here, `op` arrives evaluated: either a comparison builtin (=, not=, <,
// >, <=, >=, includes?, contains?) or its name as a keyword/string/symbol (:>, "in",
// :includes); any other function is called as (op field-value value).
//
// The comparisons are forgiving the way data from JSON needs: = treats a keyword and a string
// of the same name as equal and compares numbers by value (1 = 1.0); ordering is false when
// either side is nil or the two cannot be ordered, instead of an error.
#include <optional>
#include <string>
#include <vector>

#include "ptc/lisp/builtin.hpp"
#include "ptc/lisp/builtins/coll_ops.hpp"
#include "ptc/lisp/builtins/family_parts.hpp"
#include "ptc/lisp/map.hpp"
#include "ptc/lisp/seq.hpp"
#include "ptc/lisp/set.hpp"
#include "ptc/lisp/string.hpp"

namespace ptc::lisp {
namespace {

using args_t = std::span<const value>;

enum class where_op { eq, neq, gt, lt, ge, le, includes, in, not_in, call };

// The text of a keyword or string, for comparing the two kinds with each other.
const std::string* name_text(const value& v) {
  if (v.is(type::string)) return &string_text(v);
  if (v.is(type::keyword)) return &named(v).full();
  return nullptr;
}

bool loose_equal(const value& a, const value& b) {
  if (a.is_number() && b.is_number()) return numeric_equal(a, b);
  if (equal(a, b)) return true;
  const std::string* x = name_text(a);
  const std::string* y = name_text(b);
  return x && y && *x == *y;
}

// Ordering of two values when they can be ordered: numbers, strings and keywords (by text),
// characters, booleans. nullopt otherwise.
std::optional<int> loose_compare(const value& a, const value& b) {
  if (a.is_number() && b.is_number()) {
    double x = a.as_number(), y = b.as_number();
    if (a.is(type::integer) && b.is(type::integer)) return a.as_int() < b.as_int() ? -1 : a.as_int() > b.as_int();
    if (x < y) return -1;
    if (x > y) return 1;
    if (x == y) return 0;
    return std::nullopt;  // NaN
  }
  const std::string* x = name_text(a);
  const std::string* y = name_text(b);
  if (x && y) return x->compare(*y) < 0 ? -1 : x->compare(*y) > 0;
  if (a.kind() == b.kind() && (a.is(type::character) || a.is(type::boolean))) return compare_values(a, b);
  return std::nullopt;
}

// Does `coll` include `x`? Strings: substring; sets and sequences: a loosely equal item; maps:
// the key (flex).
bool includes(context& c, const value& coll, const value& x) {
  switch (coll.kind()) {
    case type::string: {
      if (x.is(type::character)) {
        std::string s;
        append_utf8(s, x.as_char());
        return string_text(coll).find(s) != std::string::npos;
      }
      const std::string* needle = name_text(x);
      return needle && string_text(coll).find(*needle) != std::string::npos;
    }
    case type::map: return coll.as<map_obj>().find_flex(x) != nullptr;
    case type::set:
      if (coll.as<set_obj>().contains(x)) return true;
      [[fallthrough]];
    case type::vector:
    case type::list:
    case type::lazy_seq: {
      seq_iter it(c, coll, "where");
      value item;
      while (it.next(item))
        if (loose_equal(item, x)) return true;
      return false;
    }
    default: return false;
  }
}

std::optional<where_op> op_named(std::string_view n) {
  if (n == "=" || n == "==") return where_op::eq;
  if (n == "not=" || n == "!=") return where_op::neq;
  if (n == ">") return where_op::gt;
  if (n == "<") return where_op::lt;
  if (n == ">=") return where_op::ge;
  if (n == "<=") return where_op::le;
  if (n == "includes" || n == "includes?" || n == "contains" || n == "contains?") return where_op::includes;
  if (n == "in") return where_op::in;
  if (n == "not-in") return where_op::not_in;
  return std::nullopt;
}

where_op resolve_op(const value& op) {
  if (op.is(type::keyword) || op.is(type::symbol) || op.is(type::string)) {
    std::string_view n = op.is(type::string) ? std::string_view(string_text(op)) : std::string_view(named(op).name());
    if (auto k = op_named(n)) return *k;
    raise(error_kind::type, "where: unknown operator " + errors::brief(op),
          "Use one of = not= > < >= <= includes in not-in, or a function");
  }
  if (op.is(type::function)) {
    if (auto* b = dynamic_cast<const builtin_fn*>(op.obj()))
      if (auto k = op_named(b->def().name)) return *k;
    return where_op::call;
  }
  errors::argument("where", 1, "an operator (= not= > < >= <= includes in) or a function", op);
}

bool test(context& c, where_op op, const value& fn, const value& v, const value& target) {
  switch (op) {
    case where_op::eq: return loose_equal(v, target);
    case where_op::neq: return !loose_equal(v, target);
    case where_op::includes: return includes(c, v, target);
    case where_op::in: return includes(c, target, v);
    case where_op::not_in: return !includes(c, target, v);
    case where_op::call: return c.call(fn, {v, target}).truthy();
    default: break;
  }
  if (v.is_nil() || target.is_nil()) return false;
  std::optional<int> r = loose_compare(v, target);
  if (!r) return false;
  switch (op) {
    case where_op::gt: return *r > 0;
    case where_op::lt: return *r < 0;
    case where_op::ge: return *r >= 0;
    case where_op::le: return *r <= 0;
    default: return false;
  }
}

value b_where(context&, args_t a) {
  const value& field = a[0];
  if (a.size() == 2) errors::arity("where", 2, "1 or 3");
  if (a.size() == 1)
    return make_native_fn("where", [field](context& c, args_t xs) {
      if (xs.size() != 1) errors::arity("where", xs.size(), "1");
      return value::boolean(coll::key_of(c, field, xs[0]).truthy());
    });
  where_op op = resolve_op(a[1]);
  return make_native_fn("where", [field, op, fn = a[1], target = a[2]](context& c, args_t xs) {
    if (xs.size() != 1) errors::arity("where", xs.size(), "1");
    return value::boolean(test(c, op, fn, coll::key_of(c, field, xs[0]), target));
  });
}

// all-of / any-of / none-of: predicates of any callable kind (functions, keywords, sets, ...).
enum class combine { all, any, none };

value combinator(args_t a, combine how, const char* name) {
  for (std::size_t i = 0; i < a.size(); ++i) arg::function(name, a, i);
  return make_native_fn(name, [ps = std::vector<value>(a.begin(), a.end()), how](context& c, args_t xs) {
    for (const value& p : ps) {
      bool hit = c.call(p, xs).truthy();
      if (how == combine::all && !hit) return value::boolean(false);
      if (how == combine::any && hit) return value::boolean(true);
      if (how == combine::none && hit) return value::boolean(false);
    }
    return value::boolean(how != combine::any);
  });
}
value b_all_of(context&, args_t a) { return combinator(a, combine::all, "all-of"); }
value b_any_of(context&, args_t a) { return combinator(a, combine::any, "any-of"); }
value b_none_of(context&, args_t a) { return combinator(a, combine::none, "none-of"); }

const builtin_def ptc_where_table[] = {
    {"where", 1, 3, b_where},
    {"all-of", 0, -1, b_all_of},
    {"any-of", 0, -1, b_any_of},
    {"none-of", 0, -1, b_none_of},
};

}  // namespace

void register_ptc_where(builtin_table& t) { t.add("", ptc_where_table); }

}  // namespace ptc::lisp
