#pragma once
// Finding the program in an LLM response.
// Order: every ```clojure / ```lisp / ```clj block (several are joined in order with a blank
// line, each its own top-level forms); else any fenced block whose content starts with `(`;
// else the whole text when it starts with `(` (a bare s-expression). Then cleaned: CRLF → LF,
// smart quotes → ASCII quotes, invisible Unicode (BOM, zero-width spaces and joiners, NBSP,
// word joiner, soft hyphen) removed or turned into plain spaces.
#include <optional>
#include <string>
#include <string_view>

namespace ptc::messages {

struct extraction {
  std::optional<std::string> program;  ///< set when code was found
  std::string error;                   ///< otherwise: what to tell the LLM (a no_code turn)
};

extraction extract_code(std::string_view response);

/// The no-code feedback text (also used by make_no_code_turn callers).
extern const std::string_view no_code_message;

}  // namespace ptc::messages
