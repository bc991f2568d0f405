#pragma once
// Private to the regex and string families: Java's Matcher.find() loop over RE2, and the
// values re-find / re-seq / str/replace build from a match.
#include <re2/re2.h>

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "ptc/lisp/regex.hpp"
#include "ptc/lisp/string.hpp"
#include "ptc/lisp/value.hpp"

namespace ptc::lisp {

/// Successive matches of a regex in a text, as Java's Matcher.find() produces them: the search
/// resumes where the last match ended, one character further after an empty match.
class regex_finder {
 public:
  regex_finder(const regex_obj& re, std::string_view text);
  regex_finder(const regex_finder&) = delete;  // groups_ may point into the finder itself
  regex_finder& operator=(const regex_finder&) = delete;
  /// Finds the next match; false when there is none.
  bool next();
  /// The whole text must match (re-matches); fills the groups like next().
  bool match_all();
  std::size_t begin() const { return groups_[0].data() - text_.data(); }
  std::size_t end() const { return begin() + groups_[0].size(); }
  /// Number of capturing groups.
  int group_count() const { return count_ - 1; }
  bool matched(int g) const { return groups_[g].data() != nullptr; }
  std::string_view group(int g) const { return {groups_[g].data(), groups_[g].size()}; }
  const re2::RE2& re() const { return re_; }
  std::string_view text() const { return text_; }

 private:
  bool search(std::size_t from);

  /// Charges the bytes searched so far once they add up to 4 KB: long texts only, so a
  /// search over a short string costs no out-of-line call.
  void scanned(std::size_t bytes) {
    scanned_ += bytes;
    if (scanned_ >= 4096) {
      charge_scan(scanned_);
      scanned_ = 0;
    }
  }

  const re2::RE2& re_;
  std::string_view prefix_;  // regex_obj::prefix()
  std::string_view text_;
  std::size_t search_from_ = 0;
  bool done_ = false;
  int count_;                       // groups_ entries: the whole match and each group
  std::size_t scanned_ = 0;         // bytes searched and not charged yet
  re2::StringPiece* groups_;        // small_ for few groups, else large_
  re2::StringPiece small_[4];
  std::vector<re2::StringPiece> large_;
};

/// The current match as Clojure's re-groups shows it: the matched string when the regex has
/// no groups, else [whole g1 g2 ...] with nil for groups that did not take part.
value match_value(const regex_finder& f);

/// Appends Java's replacement text for the current match: $n and ${name} insert groups,
/// backslash escapes the next character. Errors name `fn`.
void append_replacement(std::string& out, const regex_finder& f, std::string_view replacement,
                        std::string_view fn);

/// Index of the first byte of the code point after the one starting at `pos`.
std::size_t next_char_boundary(std::string_view s, std::size_t pos);

}  // namespace ptc::lisp
