#pragma once
// Internal to the reader files: the source cursor (byte position plus 1-based line:col counted
// in code points) and the token-level parsers (numbers, symbols, keywords, characters).
#include <cstdint>
#include <string>
#include <string_view>

#include "ptc/lisp/error.hpp"
#include "ptc/lisp/form.hpp"

namespace ptc::lisp::reader_detail {

/// Throws a parse error at `pos`.
[[noreturn]] void parse_fail(source_pos pos, std::string message);

/// Walks the source one byte at a time. Columns count code points: a UTF-8 continuation byte
/// does not start a new column, so invalid UTF-8 can never push positions out of step.
class cursor {
 public:
  explicit cursor(std::string_view s) : s_(s) {}
  bool eof() const { return i_ >= s_.size(); }
  /// The byte `k` ahead, or 0 past the end.
  unsigned char peek(std::size_t k = 0) const {
    return i_ + k < s_.size() ? static_cast<unsigned char>(s_[i_ + k]) : 0;
  }
  bool has(std::size_t k) const { return i_ + k < s_.size(); }
  void advance() {
    unsigned char b = peek();
    ++i_;
    if (b == '\n') {
      ++line_;
      col_ = 1;
    } else if (i_ >= s_.size() || (static_cast<unsigned char>(s_[i_]) & 0xC0) != 0x80) {
      ++col_;
    }
  }
  source_pos pos() const { return {line_, col_}; }
  std::size_t offset() const { return i_; }
  std::string_view slice(std::size_t from) const { return s_.substr(from, i_ - from); }
  /// Length in bytes of a whitespace character at the cursor (0 when there is none): Java's
  /// Character.isWhitespace, as Clojure's reader uses, plus the comma.
  std::size_t whitespace_len() const;
  /// True when the byte at the cursor ends a token: whitespace or a terminating macro character.
  bool at_token_end() const;

 private:
  std::string_view s_;
  std::size_t i_ = 0;
  std::uint32_t line_ = 1, col_ = 1;
};

/// A token that starts with a digit (or a sign then a digit): an integer or double literal.
value parse_number(std::string_view token, source_pos pos);
/// nil, true, false, a keyword (":a", ":a/b") or a symbol.
form parse_symbolic(std::string_view token, source_pos pos);
/// The text after a backslash: "a", "newline", "u00e9", "o101".
char32_t parse_character(std::string_view token, source_pos pos);

}  // namespace ptc::lisp::reader_detail
