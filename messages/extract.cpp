// Finding the program in an LLM response (extract.hpp).
//
// The response is cleaned first (line endings, invisible characters), then searched for fences,
// then the smart quotes of the chosen code are fixed. Smart quotes are fixed with a small
// scanner rather than a blind replacement: outside ASCII string literals a curly double quote
// is a string delimiter the model mistyped (`(str “a”)`), while inside a string it is text the
// program means (`"He said “hi”"`) and must survive.
#include "ptc/messages/extract.hpp"

#include <algorithm>
#include <vector>

namespace ptc::messages {

const std::string_view no_code_message =
    "No PTC-Lisp program found in your response. Reply with exactly one ```clojure code block "
    "holding the program to run. To give your final answer, call return inside the block:\n"
    "```clojure\n"
    "(return {:answer \"...\"})\n"
    "```";

namespace {

// UTF-8 encodings of the characters the cleaning step handles.
struct replacement {
  std::string_view from;
  std::string_view to;
};
constexpr replacement invisible[] = {
    {"\xEF\xBB\xBF", ""},   // U+FEFF byte order mark / zero-width no-break space
    {"\xE2\x80\x8B", ""},   // U+200B zero-width space
    {"\xE2\x80\x8C", ""},   // U+200C zero-width non-joiner
    {"\xE2\x80\x8D", ""},   // U+200D zero-width joiner
    {"\xE2\x81\xA0", ""},   // U+2060 word joiner
    {"\xC2\xAD", ""},       // U+00AD soft hyphen
    {"\xC2\xA0", " "},      // U+00A0 no-break space
    {"\xE2\x80\xAF", " "},  // U+202F narrow no-break space
    {"\xE2\x80\x87", " "},  // U+2007 figure space
};
constexpr std::string_view left_double = "\xE2\x80\x9C";   // “
constexpr std::string_view right_double = "\xE2\x80\x9D";  // ”
constexpr std::string_view left_single = "\xE2\x80\x98";   // ‘
constexpr std::string_view right_single = "\xE2\x80\x99";  // ’

/// Whether clean_text would change anything: the usual response is plain ASCII with LF line
/// ends, and is read where it is.
bool needs_cleaning(std::string_view in) {
  return std::any_of(in.begin(), in.end(), [](char c) { return c == '\r' || static_cast<unsigned char>(c) >= 0x80; });
}

/// CRLF and lone CR become LF; invisible characters are dropped or become plain spaces.
std::string clean_text(std::string_view in) {
  std::string out;
  out.reserve(in.size());
  for (std::size_t i = 0; i < in.size();) {
    const char ch = in[i];
    if (ch == '\r') {
      out += '\n';
      i += (i + 1 < in.size() && in[i + 1] == '\n') ? 2 : 1;
      continue;
    }
    if (static_cast<unsigned char>(ch) >= 0x80) {
      bool replaced = false;
      for (const auto& r : invisible) {
        if (in.substr(i, r.from.size()) == r.from) {
          out += r.to;
          i += r.from.size();
          replaced = true;
          break;
        }
      }
      if (replaced) continue;
    }
    out += ch;
    ++i;
  }
  return out;
}

bool starts_with_at(std::string_view s, std::size_t i, std::string_view what) {
  return s.substr(i, what.size()) == what;
}

/// Smart quotes → ASCII outside string literals and comments; a string opened by a smart quote
/// is closed by the next smart (or ASCII) double quote.
std::string fix_quotes(std::string code) {
  // Every smart quote starts with the byte 0xE2: a program without one has nothing to fix.
  if (code.find('\xE2') == std::string::npos) return code;
  std::string out;
  out.reserve(code.size());
  enum class mode { code, ascii_string, smart_string, comment } m = mode::code;
  for (std::size_t i = 0; i < code.size();) {
    const char ch = code[i];
    const bool smart_double = starts_with_at(code, i, left_double) || starts_with_at(code, i, right_double);
    const bool smart_single = starts_with_at(code, i, left_single) || starts_with_at(code, i, right_single);
    switch (m) {
      case mode::code:
        if (ch == '\\' && i + 1 < code.size()) {  // a character literal such as \" or \;
          out += code.substr(i, 2);
          i += 2;
          continue;
        }
        if (ch == '"') m = mode::ascii_string;
        if (ch == ';') m = mode::comment;
        if (smart_double) {
          out += '"';
          i += 3;
          m = mode::smart_string;
          continue;
        }
        if (smart_single) {
          out += '\'';
          i += 3;
          continue;
        }
        break;
      case mode::ascii_string:
        if (ch == '\\' && i + 1 < code.size()) {
          out += code.substr(i, 2);
          i += 2;
          continue;
        }
        if (ch == '"') m = mode::code;
        break;
      case mode::smart_string:
        if (ch == '\\' && i + 1 < code.size()) {
          out += code.substr(i, 2);
          i += 2;
          continue;
        }
        if (smart_double) {
          out += '"';
          i += 3;
          m = mode::code;
          continue;
        }
        if (ch == '"') {
          // An ASCII quote inside a string the model opened with a smart quote closes it too:
          // models mix the two when they mix keyboards.
          m = mode::code;
        }
        break;
      case mode::comment:
        if (ch == '\n') m = mode::code;
        break;
    }
    out += ch;
    ++i;
  }
  return out;
}

struct fenced_block {
  std::string info;     ///< the word after the opening fence, lower case
  std::string content;  ///< the lines between the fences
};

std::string_view trim_left(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  return s;
}

/// std::isspace in the C locale, inline: space, \t, \n, \v, \f, \r.
bool blank(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

std::string_view trim(std::string_view s) {
  while (!s.empty() && blank(s.front())) s.remove_prefix(1);
  while (!s.empty() && blank(s.back())) s.remove_suffix(1);
  return s;
}

/// Every fenced block (``` or longer at the start of a line, any indentation). A block the
/// response leaves open (the model was cut off) runs to the end of the text. Lines are read
/// in place: a text ending in a newline has an empty last line, as splitting at '\n' gives.
std::vector<fenced_block> find_blocks(std::string_view text) {
  std::vector<fenced_block> blocks;
  constexpr auto npos = std::string_view::npos;
  // The line at `pos`; `pos` moves past its newline, to npos after the last line.
  auto next_line = [text](std::size_t& pos) {
    const auto nl = text.find('\n', pos);
    const auto line = text.substr(pos, (nl == npos ? text.size() : nl) - pos);
    pos = nl == npos ? npos : nl + 1;
    return line;
  };
  for (std::size_t pos = 0; pos != npos;) {
    const auto line = trim_left(next_line(pos));
    const auto ticks = line.find_first_not_of('`');
    const std::size_t fence = ticks == npos ? line.size() : ticks;
    if (fence < 3) continue;
    fenced_block b;
    const auto info = trim(line.substr(fence));
    for (char c : info.substr(0, info.find_first_of(" \t{")))
      b.info += c >= 'A' && c <= 'Z' ? static_cast<char>(c + ('a' - 'A')) : c;
    // The content: the lines up to the closing fence (or the end), each with its newline.
    const std::size_t first = pos;
    std::size_t last_end = npos;  // where the last content line ends
    while (pos != npos) {
      const std::size_t start = pos;
      const auto raw = next_line(pos);
      const auto l = trim(raw);
      if (l.size() >= fence && l.find_first_not_of('`') == npos) break;
      last_end = start + raw.size();
    }
    if (last_end != npos) {
      b.content.reserve(last_end - first + 1);
      b.content.append(text.substr(first, last_end - first));
      b.content += '\n';
    }
    blocks.push_back(std::move(b));
  }
  return blocks;
}

bool is_lisp_tag(std::string_view info) {
  return info == "clojure" || info == "lisp" || info == "clj";
}

/// True when the text, after blank lines and `;` comment lines, starts with `(`.
bool starts_with_form(std::string_view s) {
  while (true) {
    s = trim(s);
    if (s.empty()) return false;
    if (s.front() != ';') return s.front() == '(';
    const auto nl = s.find('\n');
    if (nl == std::string_view::npos) return false;
    s.remove_prefix(nl + 1);
  }
}

/// Drops leading blank lines and trailing white space, so error line numbers count from the
/// program's first line.
std::string_view tidy(std::string_view s) {
  while (!s.empty()) {
    const auto nl = s.find('\n');
    const auto first = s.substr(0, nl);
    if (!trim(first).empty() || nl == std::string_view::npos) break;
    s.remove_prefix(nl + 1);
  }
  while (!s.empty() && blank(s.back())) s.remove_suffix(1);
  return s;
}

}  // namespace

extraction extract_code(std::string_view response) {
  const bool cleaning = needs_cleaning(response);
  const std::string cleaned = cleaning ? clean_text(response) : std::string();
  const std::string_view text = cleaning ? std::string_view(cleaned) : response;
  const auto blocks = find_blocks(text);

  std::string joined;
  for (const auto& b : blocks) {
    if (!is_lisp_tag(b.info)) continue;
    const auto code = tidy(b.content);
    if (code.empty()) continue;
    if (!joined.empty()) joined += "\n\n";
    joined += code;
  }
  if (joined.empty()) {
    for (const auto& b : blocks) {
      if (starts_with_form(b.content)) {
        joined = tidy(b.content);
        break;
      }
    }
  }
  if (joined.empty() && starts_with_form(text)) joined = tidy(text);
  if (!joined.empty()) return {fix_quotes(std::move(joined)), {}};

  // Name the block the model did send, when it sent one in another language.
  for (const auto& b : blocks) {
    if (!b.info.empty() && !is_lisp_tag(b.info) && !trim(b.content).empty()) {
      return {std::nullopt, "Your response has a ```" + b.info +
                                " block, but only PTC-Lisp programs run here. " +
                                std::string(no_code_message)};
    }
  }
  return {std::nullopt, std::string(no_code_message)};
}

}  // namespace ptc::messages
