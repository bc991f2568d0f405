#include "ptc/lisp/builtin.hpp"

#include <cmath>
#include <limits>

#include "ptc/lisp/builtins/family_parts.hpp"
#include "ptc/lisp/string.hpp"

namespace ptc::lisp {

value builtin_fn::invoke(context& c, std::span<const value> args) const {
  if (!takes(args.size())) errors::arity(name_, args.size(), errors::arity_text(def_.min_arity, def_.max_arity));
  return def_.fn(c, args);
}

value builtin_fn::invoke_owned(context& c, std::span<value> args) const {
  if (!def_.owned) return invoke(c, std::span<const value>(args.data(), args.size()));
  if (!takes(args.size())) errors::arity(name_, args.size(), errors::arity_text(def_.min_arity, def_.max_arity));
  return def_.owned(c, args);
}

void builtin_table::add(std::string_view ns, std::span<const builtin_def> defs) {
  for (const builtin_def& d : defs) {
    std::string key = ns.empty() ? std::string(d.name) : std::string(ns) + "/" + std::string(d.name);
    auto* f = make_object<builtin_fn>(0, d, key);
    f->make_immortal();
    by_name_[key] = value::adopt(type::function, f);
  }
}

void builtin_table::alias(std::string_view alias, std::string_view ns) {
  aliases_[std::string(alias)] = std::string(ns);
}

void builtin_table::also_unqualified(std::string_view ns, std::string_view name) {
  if (const value* f = find(ns, name)) by_name_[std::string(name)] = *f;
}

const value* builtin_table::find(std::string_view ns, std::string_view name) const {
  if (ns.empty()) {
    auto it = by_name_.find(name);
    return it == by_name_.end() ? nullptr : &it->second;
  }
  auto a = aliases_.find(ns);
  std::string key(a != aliases_.end() ? std::string_view(a->second) : ns);
  key += '/';
  key += name;
  auto it = by_name_.find(key);
  if (it == by_name_.end() && (ns == "clojure.core" || ns == "core")) it = by_name_.find(name);
  return it == by_name_.end() ? nullptr : &it->second;
}

const value* builtin_table::find(std::string_view qualified_or_plain) const {
  auto slash = qualified_or_plain.find('/');
  if (slash == std::string_view::npos || qualified_or_plain.size() == 1) {
    return find("", qualified_or_plain);
  }
  return find(qualified_or_plain.substr(0, slash), qualified_or_plain.substr(slash + 1));
}

std::vector<std::string> builtin_table::names() const {
  std::vector<std::string> out;
  out.reserve(by_name_.size());
  for (const auto& [k, v] : by_name_) out.push_back(k);
  return out;
}

bool builtin_table::has_namespace(std::string_view ns) const {
  if (aliases_.contains(ns)) return true;
  std::string prefix = std::string(ns) + "/";
  for (const auto& [k, v] : by_name_)
    if (k.size() > prefix.size() && k.compare(0, prefix.size(), prefix) == 0) return true;
  return false;
}

const builtin_table& builtins() {
  // Never destroyed: builtins are immortal values shared by every run, possibly still in use by
  // other threads' static destructors at exit.
  static const builtin_table& table = *new builtin_table([] {
    builtin_table t;
    register_core_seq(t);
    register_core_coll(t);
    register_core_fn(t);
    register_core_math(t);
    register_core_pred(t);
    register_core_sorted(t);  // after pred: replaces its sorted? and reversible?
    register_string(t);
    register_regex(t);
    register_set(t);
    register_walk(t);
    register_io(t);
    register_ptc(t);
    register_runtime(t);
    register_date(t);
    return t;
  }());
  return table;
}

namespace arg {

std::int64_t integer(std::string_view fn, std::span<const value> a, std::size_t i) {
  if (!a[i].is(type::integer)) errors::argument(fn, i, "an integer", a[i]);
  return a[i].as_int();
}

namespace {
constexpr double two_pow_63 = 9223372036854775808.0;  // the first double beyond int64
}  // namespace

std::int64_t walked_count(std::string_view fn, std::span<const value> a, std::size_t i) {
  if (a[i].is(type::integer)) return a[i].as_int();
  if (!a[i].is(type::floating)) errors::argument(fn, i, "an integer", a[i]);
  const double d = a[i].as_double();
  if (!(d > 0)) return 0;
  if (d >= two_pow_63) return std::numeric_limits<std::int64_t>::max();
  return static_cast<std::int64_t>(std::ceil(d));
}

std::int64_t cast_integer(std::string_view fn, std::span<const value> a, std::size_t i) {
  if (a[i].is(type::integer)) return a[i].as_int();
  if (!a[i].is(type::floating)) errors::argument(fn, i, "an integer", a[i]);
  const double d = a[i].as_double();
  if (std::isnan(d)) return 0;
  if (!(d >= -two_pow_63 && d < two_pow_63))
    errors::argument(fn, i, "an integer (or a double within the 64-bit integers)", a[i]);
  return static_cast<std::int64_t>(d);
}

double number(std::string_view fn, std::span<const value> a, std::size_t i) {
  if (!a[i].is_number()) errors::argument(fn, i, "a number", a[i]);
  return a[i].as_number();
}

const value& number_value(std::string_view fn, std::span<const value> a, std::size_t i) {
  if (!a[i].is_number()) errors::argument(fn, i, "a number", a[i]);
  return a[i];
}

const std::string& string(std::string_view fn, std::span<const value> a, std::size_t i) {
  if (!a[i].is(type::string)) errors::argument(fn, i, "a string", a[i]);
  return string_text(a[i]);
}

const value& function(std::string_view fn, std::span<const value> a, std::size_t i) {
  switch (a[i].kind()) {
    case type::function:
    case type::keyword:
    case type::map:
    case type::set:
    case type::vector:
    case type::var:
      return a[i];
    default:
      try {
        errors::argument(fn, i, "a function", a[i]);
      } catch (lisp_exception& e) {
        // As Clojure: the value cannot be called. A limit hit while describing the value (a
        // lazy seq realised under the run's budget) stays a limit error.
        if (e.err().kind != error_kind::limit) e.err().kind = error_kind::not_callable;
        throw;
      }
  }
}

const value& map(std::string_view fn, std::span<const value> a, std::size_t i) {
  if (!a[i].is(type::map)) errors::argument(fn, i, "a map", a[i]);
  return a[i];
}

const value& map_or_nil(std::string_view fn, std::span<const value> a, std::size_t i) {
  if (!a[i].is(type::map) && !a[i].is_nil()) errors::argument(fn, i, "a map or nil", a[i]);
  return a[i];
}

}  // namespace arg
}  // namespace ptc::lisp
