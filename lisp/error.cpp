#include "ptc/lisp/error.hpp"

#include "ptc/lisp/printer.hpp"

namespace ptc::lisp {

const char* kind_name(error_kind k) {
  switch (k) {
    case error_kind::parse: return "parse";
    case error_kind::analysis: return "analysis";
    case error_kind::unbound: return "unbound";
    case error_kind::arity: return "arity";
    case error_kind::type: return "type";
    case error_kind::index: return "index";
    case error_kind::not_callable: return "not_callable";
    case error_kind::arithmetic: return "arithmetic";
    case error_kind::tool: return "tool";
    case error_kind::limit: return "limit";
    case error_kind::exception: return "exception";
    case error_kind::unsupported: return "unsupported";
  }
  return "error";
}

std::string error::render() const {
  std::string out = kind_name(kind);
  out += ": ";
  out += message;
  if (pos.known()) {
    out += " (line " + std::to_string(pos.line) + ", col " + std::to_string(pos.col) + ")";
  }
  if (!hint.empty()) {
    out += ". ";
    out += hint;
  }
  return out;
}

void raise(error_kind kind, std::string message, std::string hint) {
  error e;
  e.kind = kind;
  e.message = std::move(message);
  e.hint = std::move(hint);
  throw lisp_exception(std::move(e));
}

namespace errors {

std::string arity_text(int min, int max) {
  if (max < 0) return std::to_string(min) + " or more";
  if (min == max) return std::to_string(min);
  if (max == min + 1) return std::to_string(min) + " or " + std::to_string(max);
  return std::to_string(min) + " to " + std::to_string(max);
}

void arity(std::string_view fn, std::size_t got, std::string_view accepts) {
  raise(error_kind::arity, "Wrong number of args (" + std::to_string(got) + ") passed to " +
                               std::string(fn) + " (it takes " + std::string(accepts) + ")");
}

std::string brief(const value& v) { return format_truncated(v, 3, 40); }

std::string describe_type(const value& v) {
  switch (v.kind()) {
    case type::nil: return "nil";
    case type::integer: return "an integer";
    case type::floating: return "a double";
    case type::boolean: return "a boolean";
    case type::character: return "a character";
    case type::date: return "a date";
    case type::string: return "a string";
    case type::keyword: return "a keyword";
    case type::symbol: return "a symbol";
    case type::list: return "a list";
    case type::vector: return "a vector";
    case type::map: return "a map";
    case type::set: return "a set";
    case type::function: return "a function";
    case type::regex: return "a regex";
    case type::lazy_seq: return "a lazy sequence";
    case type::var: return "a var";
    case type::reduced: return "a reduced value";
    case type::exception: return "an exception";
  }
  return "a value";
}

void argument(std::string_view fn, std::size_t index, std::string_view expected, const value& got) {
  std::string got_text = got.is_nil() ? "nil" : describe_type(got) + " " + brief(got);
  if (got.is_heap() && (got.is(type::function) || got.is(type::lazy_seq))) got_text = describe_type(got);
  raise(error_kind::type, std::string(fn) + ": argument " + std::to_string(index + 1) +
                              " must be " + std::string(expected) + ", got " + got_text);
}

void index(std::string_view fn, std::int64_t i, std::size_t size, std::string_view what) {
  raise(error_kind::index, std::string(fn) + ": index " + std::to_string(i) +
                               " is out of bounds for " + std::string(what) + " of " +
                               std::to_string(size) + (size == 1 ? " item" : " items"));
}

void not_callable(const value& v) {
  std::string what = describe_type(v);
  raise(error_kind::not_callable,
        "cannot call " + what + " as a function" + (v.is_nil() ? "" : ": " + brief(v)));
}

void arithmetic(std::string_view message) { raise(error_kind::arithmetic, std::string(message)); }

void unsupported(std::string_view what, std::string_view why) {
  raise(error_kind::unsupported, std::string(what) + " is not available: " + std::string(why));
}

}  // namespace errors
}  // namespace ptc::lisp
