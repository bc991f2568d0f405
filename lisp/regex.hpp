#pragma once
// Regex values (#"..." and re-pattern), run by RE2: linear time, so no pattern can hang a run.
// A pattern RE2 cannot run (backreferences, lookaround) is an error that says so.
#include <memory>
#include <string>

#include "ptc/lisp/value.hpp"

namespace re2 { class RE2; }

namespace ptc::lisp {

class regex_obj final : public object {
 public:
  /// Compiles `pattern` (Java regex syntax as far as RE2 supports it); throws a lisp error
  /// naming the problem when it cannot.
  explicit regex_obj(std::string pattern);
  /// Longest pattern compiled (a `limit` error beyond): programs write short patterns.
  static constexpr std::size_t max_pattern_bytes = 64 * 1024;
  ~regex_obj() override;
  const std::string& source() const { return source_; }
  const re2::RE2& re() const { return *re_; }
  /// When the pattern is plain printable ASCII text (no metacharacters; \\ before punctuation
  /// quotes it), the text it matches; else empty. A byte search for it finds exactly the
  /// matches the regex finds, so split and re-find can skip the regex engine.
  const std::string& literal() const { return literal_; }
  /// Plain text every match starts with (the pattern's leading literal characters when it has
  /// no alternation), else empty. A search can skip to where this text occurs.
  const std::string& prefix() const { return prefix_; }

 private:
  std::string source_;
  std::string literal_;
  std::string prefix_;
  std::unique_ptr<re2::RE2> re_;
};

value make_regex(std::string pattern);

}  // namespace ptc::lisp
