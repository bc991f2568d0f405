#include "ptc/lisp/builtins/regex_match.hpp"

#include "ptc/lisp/error.hpp"
#include "ptc/lisp/string.hpp"
#include "ptc/lisp/vector.hpp"

namespace ptc::lisp {

std::size_t next_char_boundary(std::string_view s, std::size_t pos) {
  ++pos;
  while (pos < s.size() && (static_cast<unsigned char>(s[pos]) & 0xC0) == 0x80) ++pos;
  return pos;
}

regex_finder::regex_finder(const regex_obj& re, std::string_view text)
    : re_(re.re()), prefix_(re.prefix()), text_(text), count_(re.re().NumberOfCapturingGroups() + 1) {
  if (count_ <= static_cast<int>(std::size(small_))) {
    groups_ = small_;
  } else {
    large_.resize(static_cast<std::size_t>(count_));
    groups_ = large_.data();
  }
}

// The leftmost match starting at or after `from`, into groups_.
bool regex_finder::search(std::size_t from) {
  if (!prefix_.empty()) {
    // Every match starts with the prefix, so a match can only start where it occurs: none
    // left means no match, and trying the first few occurrences anchored (RE2 then runs its
    // cheap one-pass or bit-state engine on the match alone) finds the leftmost one, exactly
    // as the unanchored search would. After a few misses the ordinary search takes over, so
    // a text full of near misses still costs linear time.
    for (int tries = 0;; ++tries) {
      std::size_t pos = text_.find(prefix_, from);
      if (pos == std::string_view::npos) return false;
      from = pos;
      if (tries == 4) break;
      if (re_.Match(text_, pos, text_.size(), re2::RE2::ANCHOR_START, groups_, count_)) return true;
      ++from;  // the prefix starts with an ASCII character: the next one is a character start
    }
  }
  return re_.Match(text_, from, text_.size(), re2::RE2::UNANCHORED, groups_, count_);
}

bool regex_finder::next() {
  if (done_ || search_from_ > text_.size()) return false;
  if (!search(search_from_)) {
    scanned(text_.size() - search_from_);
    done_ = true;
    return false;
  }
  scanned(end() - search_from_);
  // Java resumes at the end of the match, or one character on after an empty match.
  search_from_ = groups_[0].empty() ? next_char_boundary(text_, end()) : end();
  if (groups_[0].empty() && end() >= text_.size()) search_from_ = text_.size() + 1;
  return true;
}

bool regex_finder::match_all() {
  done_ = true;
  scanned(text_.size());
  return re_.Match(text_, 0, text_.size(), re2::RE2::ANCHOR_BOTH, groups_, count_);
}

value match_value(const regex_finder& f) {
  if (f.group_count() == 0) return make_string(std::string(f.group(0)));
  auto item = [&](int g) { return f.matched(g) ? make_string(std::string(f.group(g))) : value::nil(); };
  if (f.group_count() < 4) {  // the common case, without a temporary heap vector
    value items[4];
    for (int g = 0; g <= f.group_count(); ++g) items[g] = item(g);
    return vector_obj::from(items, static_cast<std::size_t>(f.group_count()) + 1);
  }
  std::vector<value> items;
  items.reserve(static_cast<std::size_t>(f.group_count()) + 1);
  for (int g = 0; g <= f.group_count(); ++g) items.push_back(item(g));
  return vector_obj::from(std::move(items));
}

void append_replacement(std::string& out, const regex_finder& f, std::string_view r,
                        std::string_view fn) {
  auto bad = [&](std::string_view why) {
    raise(error_kind::type, std::string(fn) + ": " + std::string(why) + " in the replacement \"" +
                                std::string(r) + "\" (write \\$ for a literal $)");
  };
  for (std::size_t i = 0; i < r.size(); ++i) {
    char ch = r[i];
    if (ch == '\\') {
      if (++i >= r.size()) bad("a backslash with nothing to escape");
      out += r[i];
      continue;
    }
    if (ch != '$') {
      out += ch;
      continue;
    }
    if (++i >= r.size()) bad("a $ without a group number");
    int group = -1;
    if (r[i] == '{') {
      std::size_t close = r.find('}', i);
      if (close == std::string_view::npos) bad("an unclosed ${name}");
      std::string name(r.substr(i + 1, close - i - 1));
      auto& names = f.re().NamedCapturingGroups();
      auto it = names.find(name);
      if (it == names.end()) bad("no group named " + name);
      group = it->second;
      i = close;
    } else {
      if (r[i] < '0' || r[i] > '9') bad("a $ without a group number");
      group = r[i] - '0';
      if (group > f.group_count()) bad("no group " + std::to_string(group));
      // Java takes more digits only while they still name an existing group.
      while (i + 1 < r.size() && r[i + 1] >= '0' && r[i + 1] <= '9') {
        int longer = group * 10 + (r[i + 1] - '0');
        if (longer > f.group_count()) break;
        group = longer;
        ++i;
      }
    }
    if (f.matched(group)) out += f.group(group);
  }
}

}  // namespace ptc::lisp
