#include "ptc/lisp/regex.hpp"

#include <re2/re2.h>

#include <algorithm>
#include <cctype>
#include <string_view>

#include "ptc/lisp/budget.hpp"
#include "ptc/lisp/error.hpp"

namespace ptc::lisp {
namespace {

// Java's POSIX-style \p{...} classes, which RE2 spells [:name:].
std::string_view posix_class(std::string_view java_name) {
  static constexpr std::pair<std::string_view, std::string_view> table[] = {
      {"Lower", "lower"}, {"Upper", "upper"}, {"ASCII", "ascii"}, {"Alpha", "alpha"},
      {"Digit", "digit"}, {"Alnum", "alnum"}, {"Punct", "punct"}, {"Graph", "graph"},
      {"Print", "print"}, {"Blank", "blank"}, {"Cntrl", "cntrl"}, {"XDigit", "xdigit"},
      {"Space", "space"}};
  for (auto& [java, re2] : table)
    if (java == java_name) return re2;
  return {};
}

// Rewrites the few Java spellings RE2 reads differently: named groups (?<name>...), the
// POSIX classes \p{Alpha} and \uXXXX escapes. Everything else is passed through; RE2 reports
// what it rejects.
std::string translate(std::string_view p) {
  std::string out;
  out.reserve(p.size() + 8);
  bool in_class = false;
  for (std::size_t i = 0; i < p.size(); ++i) {
    char ch = p[i];
    if (ch == '\\' && i + 1 < p.size()) {
      char next = p[i + 1];
      if ((next == 'p' || next == 'P') && i + 2 < p.size() && p[i + 2] == '{') {
        std::size_t close = p.find('}', i + 3);
        if (close != std::string_view::npos) {
          std::string_view cls = posix_class(p.substr(i + 3, close - i - 3));
          if (!cls.empty()) {
            std::string neg = next == 'P' ? "^" : "";
            std::string body = "[:" + neg + std::string(cls) + ":]";
            out += in_class ? body : "[" + body + "]";
            i = close;
            continue;
          }
        }
      }
      if (next == 'u' && i + 6 <= p.size() &&
          std::all_of(p.begin() + i + 2, p.begin() + i + 6,
                      [](char h) { return std::isxdigit(static_cast<unsigned char>(h)) != 0; })) {
        out += "\\x{";  // Java's \uXXXX is RE2's \x{XXXX}
        out.append(p.substr(i + 2, 4));
        out += '}';
        i += 5;
        continue;
      }
      if (next == 'Q') {  // \Q...\E quotes literally; copy it whole so nothing inside is rewritten
        std::size_t end = p.find("\\E", i + 2);
        std::size_t stop = end == std::string_view::npos ? p.size() : end + 2;
        out.append(p.substr(i, stop - i));
        i = stop - 1;
        continue;
      }
      out += ch;
      out += next;
      ++i;
      continue;
    }
    if (in_class) {
      if (ch == ']') in_class = false;
      out += ch;
      continue;
    }
    if (ch == '[') {
      in_class = true;
      out += ch;
      // A ']' right after '[' or '[^' is a literal member, not the end of the class.
      if (i + 1 < p.size() && p[i + 1] == '^') out += p[++i];
      if (i + 1 < p.size() && p[i + 1] == ']') out += p[++i];
      continue;
    }
    if (ch == '(' && p.substr(i, 3) == "(?<" && i + 3 < p.size() &&
        std::isalpha(static_cast<unsigned char>(p[i + 3]))) {
      out += "(?P<";
      i += 2;
      continue;
    }
    out += ch;
  }
  return out;
}

bool is_lookaround_or_backref(const re2::RE2& re) {
  const std::string& a = re.error_arg();
  if (re.error_code() == re2::RE2::ErrorBadEscape)
    return a.size() >= 2 && a[0] == '\\' && a[1] >= '1' && a[1] <= '9';
  if (re.error_code() == re2::RE2::ErrorBadPerlOp)
    return a.rfind("(?=", 0) == 0 || a.rfind("(?!", 0) == 0 || a.rfind("(?<", 0) == 0;
  return false;
}

// The leading plain ASCII text of a pattern: printable characters that are not
// metacharacters, and \ before ASCII punctuation (which quotes it; before a letter or digit
// it is a class, an escape or a backreference). `rest` is where that text stops.
std::string leading_text(std::string_view p, std::size_t& rest) {
  static constexpr std::string_view meta = "\\^$.|?*+()[]{}";
  std::string out;
  std::size_t i = 0;
  for (; i < p.size(); ++i) {
    char ch = p[i];
    if (ch < 0x20 || ch > 0x7E) break;
    if (ch == '\\') {
      if (i + 1 >= p.size()) break;
      char next = p[i + 1];
      if (next < 0x20 || next > 0x7E || std::isalnum(static_cast<unsigned char>(next))) break;
      out += next;
      ++i;
      continue;
    }
    if (meta.find(ch) != std::string_view::npos) break;
    out += ch;
  }
  rest = i;
  return out;
}

// The text a pattern matches when it is all plain text, else "" (see regex_obj::literal).
std::string literal_text(std::string_view p) {
  std::size_t rest = 0;
  std::string text = leading_text(p, rest);
  return rest == p.size() ? text : std::string();
}

// Plain text every match starts with, else "" (see regex_obj::prefix). Conservative: any |
// (even inside a class or group) gives none, and a quantifier after the leading text takes
// its last character away.
std::string prefix_text(std::string_view p) {
  if (p.find('|') != std::string_view::npos) return {};
  std::size_t rest = 0;
  std::string text = leading_text(p, rest);
  if (rest < p.size() && !text.empty()) {
    char ch = p[rest];
    if (ch == '?' || ch == '*' || ch == '+' || ch == '{') text.pop_back();
  }
  return text;
}

}  // namespace

regex_obj::regex_obj(std::string pattern) : source_(std::move(pattern)) {
  // Compiling is native work proportional to the pattern; a pattern built from data (re-pattern
  // of a megabyte string) is refused before RE2 spends seconds on it.
  if (source_.size() > max_pattern_bytes)
    raise(error_kind::limit,
          "regex pattern too long (" + std::to_string(source_.size()) + " bytes; at most " +
              std::to_string(max_pattern_bytes) + ")",
          "Match a shorter pattern, or search for the text with str/includes? or str/index-of");
  charge_work(source_.size() / 32 + 1);
  re2::RE2::Options opts;
  opts.set_log_errors(false);
  re_ = std::make_unique<re2::RE2>(translate(source_), opts);
  if (re_->ok()) {
    literal_ = literal_text(source_);
    prefix_ = prefix_text(source_);
    return;
  }
  if (is_lookaround_or_backref(*re_))
    raise(error_kind::unsupported,
          "regex feature not supported: backreferences and lookaround cannot be used (patterns "
          "run in linear time)");
  raise(error_kind::type, "invalid regex #\"" + source_ + "\": " + re_->error());
}

regex_obj::~regex_obj() = default;

value make_regex(std::string pattern) {
  std::size_t extra = pattern.size() * 4;  // the compiled program, roughly
  return value::adopt(type::regex, make_object<regex_obj>(extra, std::move(pattern)));
}

}  // namespace ptc::lisp
