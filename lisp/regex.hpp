#pragma once
// Regex values (#"..." and re-pattern), run by RE2: linear time, so no pattern can hang a run.
// A pattern RE2 cannot run (backreferences, lookaround) is an error that says so.
#include <memory>
#include <string>

#include "lisp/value.hpp"

namespace re2 { class RE2; }

namespace ptc::lisp {

class regex_obj final : public object {
 public:
  /// Compiles `pattern` (Java regex syntax as far as RE2 supports it); throws a lisp error
  /// naming the problem when it cannot.
  explicit regex_obj(std::string pattern);
  ~regex_obj() override;
  const std::string& source() const { return source_; }
  const re2::RE2& re() const { return *re_; }

 private:
  std::string source_;
  std::unique_ptr<re2::RE2> re_;
};

value make_regex(std::string pattern);

}  // namespace ptc::lisp
