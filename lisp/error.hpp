#pragma once
// Errors: what the LLM reads when a program fails. Kinds are declared once, here; messages are
// built by the factories in `errors::`, never ad hoc, so every message of a kind reads the same.
// Inside lisp/ an error unwinds as `lisp_exception`; it is caught in exactly one place (the run
// driver), which turns it into a result. Nothing throws past the lisp/ API.
#include <cstdint>
#include <exception>
#include <string>
#include <string_view>

#include "ptc/lisp/value.hpp"

namespace ptc::lisp {

enum class error_kind : std::uint8_t {
  parse,         ///< the reader could not read the program
  analysis,      ///< a form is malformed (bad let bindings, recur not in tail position, ...)
  unbound,       ///< unknown name
  arity,         ///< wrong number of arguments
  type,          ///< an argument of the wrong type
  index,         ///< index out of bounds
  not_callable,  ///< calling something that is not a function
  arithmetic,    ///< division by zero, integer overflow
  tool,          ///< a tool failed or does not exist
  limit,         ///< a resource limit (steps, time, depth, memory, output) was reached
  exception,     ///< an uncaught (throw (ex-info ...))
  unsupported,   ///< a Clojure feature that the sandbox does not offer
};
const char* kind_name(error_kind k);

struct source_pos {
  std::uint32_t line = 0;  ///< 1-based; 0 when unknown
  std::uint32_t col = 0;   ///< 1-based
  bool known() const { return line != 0; }
};

struct error {
  error_kind kind = error_kind::type;
  std::string message;
  source_pos pos;
  std::string hint;  ///< e.g. "Did you mean: filter"; empty when none
  value data;        ///< ex-data of a thrown ex-info; nil otherwise

  /// "<kind>: <message> (line L, col C). <hint>" — the text the CLI prints after "Error: ".
  std::string render() const;
};

/// The one exception type used inside lisp/ for program errors.
class lisp_exception : public std::exception {
 public:
  explicit lisp_exception(error e) : err_(std::move(e)) {}
  const char* what() const noexcept override { return err_.message.c_str(); }
  error& err() { return err_; }
  const error& err() const { return err_; }

 private:
  error err_;
};

[[noreturn]] void raise(error_kind kind, std::string message, std::string hint = {});

/// Message factories. Each throws a lisp_exception.
namespace errors {
/// "Wrong number of args (3) passed to: inc (accepts 1)"
[[noreturn]] void arity(std::string_view fn, std::size_t got, std::string_view accepts);
/// Accepted-arity text for [min, max] (max < 0: variadic): "1", "1 or 2", "2 to 4", "1 or more".
std::string arity_text(int min, int max);
/// "inc: argument 1 must be a number, got nil" (index is 0-based; printed 1-based).
[[noreturn]] void argument(std::string_view fn, std::size_t index, std::string_view expected,
                           const value& got);
/// "nth: index 5 is out of bounds for a vector of 3 items"
[[noreturn]] void index(std::string_view fn, std::int64_t i, std::size_t size,
                        std::string_view what = "a collection");
/// "cannot call a vector as a function: [1 2]"
[[noreturn]] void not_callable(const value& v);
[[noreturn]] void arithmetic(std::string_view message);
[[noreturn]] void unsupported(std::string_view what, std::string_view why);
/// A short, truncated rendering of a value for messages (never more than ~60 characters).
std::string brief(const value& v);
/// The user-facing name of a value's type, with detail: "a vector", "nil", "the keyword :a".
std::string describe_type(const value& v);
}  // namespace errors

}  // namespace ptc::lisp
