#pragma once
// Internal to the reader files: the source cursor (byte position plus 1-based line:col counted
// in code points) and the token-level parsers (numbers, symbols, keywords, characters).
#include <array>
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
  std::size_t whitespace_len() const {
    if (eof()) return 0;
    const unsigned char b = static_cast<unsigned char>(s_[i_]);
    if (b < 0x80) return ascii_class(b) & ascii_space ? 1 : 0;
    return unicode_whitespace_len();
  }
  /// True when the byte at the cursor ends a token: whitespace or a terminating macro character.
  bool at_token_end() const {
    if (eof()) return true;
    const unsigned char b = static_cast<unsigned char>(s_[i_]);
    if (b < 0x80) return ascii_class(b) != 0;
    return unicode_whitespace_len() > 0;
  }
  /// Moves to the end of the token the cursor is in (at_token_end() then holds). A token holds
  /// no newline (a newline is blank), so only the column moves: one per code point, as advance().
  void skip_token_rest() {
    const std::size_t n = s_.size();
    while (i_ < n) {
      const unsigned char b = static_cast<unsigned char>(s_[i_]);
      if (b < 0x80) {
        if (ascii_class(b) != 0) return;
        ++i_;
        if (i_ >= n || (static_cast<unsigned char>(s_[i_]) & 0xC0) != 0x80) ++col_;
      } else {
        if (unicode_whitespace_len() > 0) return;
        advance();
      }
    }
  }

 private:
  static constexpr std::uint8_t ascii_space = 1;       ///< whitespace (and the comma)
  static constexpr std::uint8_t ascii_terminator = 2;  ///< ends a token without being blank
  /// What each ASCII byte is to the reader: 0 (part of a token), space or terminator.
  static constexpr std::array<std::uint8_t, 128> ascii_classes = [] {
    std::array<std::uint8_t, 128> t{};
    for (unsigned b = '\t'; b <= '\r'; ++b) t[b] = ascii_space;
    for (unsigned b = 0x1C; b <= 0x1F; ++b) t[b] = ascii_space;
    t[' '] = t[','] = ascii_space;
    for (unsigned char b : {'"', ';', '@', '^', '`', '~', '(', ')', '[', ']', '{', '}', '\\'})
      t[b] = ascii_terminator;
    return t;
  }();
  /// What an ASCII byte is to the reader (inline: the reader asks for every byte it reads).
  static std::uint8_t ascii_class(unsigned char b) { return ascii_classes[b]; }
  /// whitespace_len for a byte >= 0x80: a Unicode space, or 0.
  std::size_t unicode_whitespace_len() const;

  std::string_view s_;
  std::size_t i_ = 0;
  std::uint32_t line_ = 1, col_ = 1;
};

/// A token that starts with a digit (or a sign then a digit): an integer or double literal.
value parse_number(std::string_view token, source_pos pos);
/// nil, true, false, a keyword (":a", ":a/b") or a symbol, into `out` (its kind and atom; the
/// caller sets its position).
void parse_symbolic(std::string_view token, source_pos pos, form& out);
/// The text after a backslash: "a", "newline", "u00e9", "o101".
char32_t parse_character(std::string_view token, source_pos pos);

}  // namespace ptc::lisp::reader_detail
