#pragma once
// Signatures: what a mission takes and returns, e.g.
//   (query :string, limit :int) -> {total :float, items [{id :int, name :string}]}
//   {count :int}                         (output only: same as () -> {count :int})
// Types: :string :int :float :bool :keyword :map :any, `?` suffix = optional (may be nil or
// missing), [T] = list of T, {field T, ...} = map with those fields (others allowed), {} = any
// map. Parsed once, rendered for the prompt, and used to validate a returned value with errors
// that name the path (`items[2].id: expected :int, got "7"`).
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "ptc/lisp/value.hpp"

namespace ptc::messages {

struct sig_type {
  enum class kind : std::uint8_t { string, int_, float_, bool_, keyword, map_any, any, list, map };
  kind k = kind::any;
  bool optional = false;
  std::vector<sig_type> items;                           ///< list: one element type
  std::vector<std::pair<std::string, sig_type>> fields;  ///< map: in written order
  bool operator==(const sig_type&) const = default;
};

struct sig_param {
  std::string name;
  sig_type type;
  bool operator==(const sig_param&) const = default;
};

struct signature {
  std::vector<sig_param> params;
  sig_type output;
  bool operator==(const signature&) const = default;
};

struct signature_error {
  std::string message;  ///< "signature: expected a type after 'limit' at column 17"
};

std::variant<signature, signature_error> parse_signature(std::string_view text);

/// The type as written in a signature: `{total :float, items [{id :int}]}`.
std::string render_type(const sig_type& t);
/// "(query :string, limit :int) -> {...}" (params omitted when there are none).
std::string render_signature(const signature& s);
/// A value that satisfies the type, for the prompt's example `(return ...)` call:
/// {:total 3.14, :items [{:id 1}]}.
std::string example_value(const sig_type& t);
/// The prompt section (only with a signature):
///   # Expected output
///   Your final answer must match this format: `{total :float}`
///   Call `(return {:total 3.14})` when complete.
std::string render_expected_output(const signature& s);

/// Checks a returned value against the output type: empty when it matches. Each error is
/// "<path>: expected <type>, got <truncated pr-str>" (`items[2].id: expected :int, got "7"`,
/// root path `value`); a missing required field is "<path>: missing required field". Strict:
/// an integer does not satisfy :float, nor a double :int. Keyword or string map keys both match
/// a field name. :any and an absent signature accept everything. At most 20 errors are
/// reported (a list of 10,000 wrong items needs no 10,000 lines).
std::vector<std::string> validate(const sig_type& t, const lisp::value& v);

/// The feedback an invalid return gives the LLM (it costs a turn):
///   Return value does not match the signature.
///   Expected: {total :float}
///   Got: {:total 3}
///   Errors:
///   - total: expected :float, got 3
///   Fix the value and call (return ...) again.
std::string validation_message(const signature& s, const lisp::value& got,
                               const std::vector<std::string>& errors);

}  // namespace ptc::messages
