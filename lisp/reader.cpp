// The reader: source text → forms, each with its line:col.
//
// A recursive-descent reader over a byte cursor. Recursion depth is bounded by the nesting
// limit (512), so no input can overflow the stack; every error carries the position of the
// form or delimiter at fault. Features PTC-Lisp leaves out are parse errors that name the
// feature, so the LLM learns what to write instead.
#include "ptc/lisp/reader.hpp"

#include <limits>
#include <string>
#include <unordered_map>
#include <unordered_set>

#include "ptc/lisp/printer.hpp"
#include "ptc/lisp/reader_scan.hpp"
#include "ptc/lisp/string.hpp"

namespace ptc::lisp {
namespace {

using reader_detail::cursor;
using reader_detail::parse_fail;

constexpr int max_nesting = 512;

std::string where(source_pos p) {
  return "line " + std::to_string(p.line) + ", col " + std::to_string(p.col);
}

bool is_closer(unsigned char c) { return c == ')' || c == ']' || c == '}'; }

const char* opener_of(unsigned char closer) {
  return closer == ')' ? "(" : closer == ']' ? "[" : "{";
}

class reader {
 public:
  explicit reader(std::string_view src) : cur_(src), src_(src) {}

  /// Every top-level form; with `texts`, also each one's source text.
  std::vector<form> program(std::vector<std::string_view>* texts = nullptr) {
    std::vector<form> forms;
    forms.reserve(4);  // a program is a few top-level forms: no regrowth for most
    if (texts) texts->reserve(4);
    for (;;) {
      skip_blank();
      if (cur_.eof()) break;
      if (is_closer(cur_.peek()))
        parse_fail(cur_.pos(), std::string("unmatched delimiter ") + char(cur_.peek()) +
                                   ": there is no open " + opener_of(cur_.peek()) + " to close");
      const std::size_t start = cur_.offset();
      if (!read_form(forms.emplace_back(), 1)) forms.pop_back();
      else if (texts) texts->push_back(src_.substr(start, cur_.offset() - start));
    }
    return forms;
  }

 private:
  /// Skips whitespace, commas, ; comments and #! comments.
  void skip_blank() {
    for (;;) {
      if (cur_.eof()) return;
      if (std::size_t n = cur_.whitespace_len()) {
        for (std::size_t i = 0; i < n; ++i) cur_.advance();
        continue;
      }
      unsigned char c = cur_.peek();
      if (c == ';' || (c == '#' && cur_.peek(1) == '!')) {
        while (!cur_.eof() && cur_.peek() != '\n') cur_.advance();
        continue;
      }
      return;
    }
  }

  std::string_view read_token() {
    std::size_t start = cur_.offset();
    cur_.advance();  // the first byte whatever it is (a character literal's may be a delimiter)
    cur_.skip_token_rest();
    return cur_.slice(start);
  }

  /// Reads one form at the cursor (not blank, not at the end). False when the form was
  /// discarded (#_), so there is nothing to add.
  bool read_form(form& out, int depth) {
    source_pos pos = cur_.pos();
    if (depth > max_nesting)
      parse_fail(pos, "forms are nested more than " + std::to_string(max_nesting) + " levels deep");
    unsigned char c = cur_.peek();
    switch (c) {
      case '(': return read_coll(out, form_kind::list, ')', 1, depth);
      case '[': return read_coll(out, form_kind::vector, ']', 1, depth);
      case '{': return read_coll(out, form_kind::map, '}', 1, depth);
      case ')': case ']': case '}':
        parse_fail(pos, std::string("unmatched delimiter ") + char(c));
      case '"': read_string(out); return true;
      case '\\': read_char(out); return true;
      case '\'': {
        cur_.advance();
        form quoted;
        read_required(quoted, depth, pos, "'");
        out = form{form_kind::list, pos, {}, {}};
        out.items.reserve(2);
        out.items.push_back(form{form_kind::symbol, pos, symbol("quote"), {}});
        out.items.push_back(std::move(quoted));
        return true;
      }
      case '`':
        parse_fail(pos, "syntax quote (`) is not supported: there are no macros; use 'x or (quote x) for data");
      case '~':
        parse_fail(pos, "unquote (~, ~@) is not supported: there is no syntax quote");
      case '@':
        parse_fail(pos, "deref (@x) is not supported: atoms and refs are not available");
      case '^':
        parse_fail(pos, "metadata (^) is not supported");
      case '#': return read_dispatch(out, depth);
      default: break;
    }
    std::string_view tok = read_token();
    bool numeric = (c >= '0' && c <= '9') ||
                   ((c == '+' || c == '-') && tok.size() > 1 && tok[1] >= '0' && tok[1] <= '9');
    // Filled in place (a form is not made and moved for every token).
    out.pos = pos;
    out.items.clear();
    if (numeric) {
      out.kind = form_kind::literal;
      out.atom = reader_detail::parse_number(tok, pos);
    } else {
      reader_detail::parse_symbolic(tok, pos, out);
    }
    return true;
  }

  /// The form after ' or #_: skips blanks and discarded forms; the end or a closing
  /// delimiter is an error naming `what`.
  void read_required(form& out, int depth, source_pos at, const char* what) {
    for (;;) {
      skip_blank();
      if (cur_.eof() || is_closer(cur_.peek()))
        parse_fail(at, std::string(what) + " must be followed by a form");
      if (read_form(out, depth + 1)) return;
    }
  }

  /// Reads a delimited collection whose opener is `open_len` bytes at the cursor.
  bool read_coll(form& out, form_kind kind, unsigned char closer, int open_len, int depth) {
    source_pos open_pos = cur_.pos();
    const std::size_t open_at = cur_.offset();
    for (int i = 0; i < open_len; ++i) cur_.advance();
    const std::string_view opener = src_.substr(open_at, static_cast<std::size_t>(open_len));
    out.kind = kind;
    out.pos = open_pos;
    out.atom = value();
    out.items.clear();
    out.items.reserve(4);  // most forms are short calls: no regrowth for them
    for (;;) {
      skip_blank();
      if (cur_.eof())
        parse_fail(open_pos, "unclosed " + std::string(opener) + " opened at " + where(open_pos) +
                                 " (missing " + char(closer) + ")");
      unsigned char c = cur_.peek();
      if (c == closer) {
        cur_.advance();
        break;
      }
      if (is_closer(c))
        parse_fail(cur_.pos(), std::string("unmatched delimiter ") + char(c) + ": expected " +
                                   char(closer) + " to close " + std::string(opener) + " opened at " +
                                   where(open_pos));
      // Read in its place; taken off again when it was discarded (#_).
      if (!read_form(out.items.emplace_back(), depth + 1)) out.items.pop_back();
    }
    if (kind == form_kind::map && out.items.size() % 2 != 0)
      parse_fail(open_pos, "map literal must contain an even number of forms, got " +
                               std::to_string(out.items.size()));
    if (kind == form_kind::map || kind == form_kind::set) check_duplicates(out);
    return true;
  }

  /// Clojure rejects repeated keys in map and set literals ("Duplicate key: :a").
  static void check_duplicates(const form& f) {
    std::size_t step = f.kind == form_kind::map ? 2 : 1;
    std::size_t n = f.items.size() / step;
    if (n < 2) return;
    // Keys are nearly always literals or symbols: compare their atoms without building values.
    auto key_of = [&](std::size_t i) -> value {
      const form& k = f.items[i * step];
      return (k.kind == form_kind::literal || k.kind == form_kind::symbol) ? k.atom
                                                                            : form_to_value(k);
    };
    auto fail = [&](std::size_t i, const value& k) {
      parse_fail(f.items[i * step].pos, "Duplicate key: " + pr_str(k) + " in " +
                                            (step == 2 ? "map" : "set") + " literal");
    };
    auto comparable = [&](std::size_t i) {
      form_kind k = f.items[i * step].kind;
      return k != form_kind::regex && k != form_kind::fn_literal;  // never equal to anything
    };
    if (n <= 16) {
      std::vector<value> keys;
      keys.reserve(n);
      for (std::size_t i = 0; i < n; ++i) {
        keys.push_back(comparable(i) ? key_of(i) : value());
        if (!comparable(i)) continue;
        for (std::size_t j = 0; j < i; ++j)
          if (comparable(j) && equal(keys[j], keys[i])) fail(i, keys[i]);
      }
      return;
    }
    std::unordered_set<value, value_hash, value_equal> seen;
    for (std::size_t i = 0; i < n; ++i) {
      if (!comparable(i)) continue;
      value k = key_of(i);
      if (!seen.insert(k).second) fail(i, k);
    }
  }

  void read_string(form& out) {
    source_pos pos = cur_.pos();
    cur_.advance();
    std::string text;
    for (;;) {
      if (cur_.eof()) parse_fail(pos, "unterminated string starting at " + where(pos));
      unsigned char c = cur_.peek();
      if (c == '"') {
        cur_.advance();
        break;
      }
      if (c != '\\') {
        text += char(c);
        cur_.advance();
        continue;
      }
      source_pos esc = cur_.pos();
      cur_.advance();
      if (cur_.eof()) parse_fail(pos, "unterminated string starting at " + where(pos));
      unsigned char e = cur_.peek();
      cur_.advance();
      switch (e) {
        case 'n': text += '\n'; break;
        case 't': text += '\t'; break;
        case 'r': text += '\r'; break;
        case 'b': text += '\b'; break;
        case 'f': text += '\f'; break;
        case '"': text += '"'; break;
        case '\\': text += '\\'; break;
        case 'u': append_utf8(text, read_unicode_escape(esc)); break;
        default:
          if (e >= '0' && e <= '7') {
            unsigned code = e - '0';
            for (int i = 0; i < 2 && cur_.peek() >= '0' && cur_.peek() <= '7'; ++i) {
              code = code * 8 + (cur_.peek() - '0');
              cur_.advance();
            }
            if (code > 0377) parse_fail(esc, "Octal escape sequence must be in range [0, 377]");
            append_utf8(text, static_cast<char32_t>(code));
          } else {
            std::string shown;
            if (e < 0x80) shown = std::string(1, char(e)); else shown = "(non-ASCII)";
            parse_fail(esc, "Unsupported escape character: \\" + shown);
          }
      }
    }
    out = form{form_kind::literal, pos, literal_string(std::move(text)), {}};
  }

  /// A string literal's value: one object per text in a program, as the JVM interns literals
  /// (Clojure's (identical? "a" "a") is true), so (= "shipped" (:status row)) against a value
  /// from another "shipped" of the program is a pointer compare. Long texts are not kept.
  value literal_string(std::string text) {
    constexpr std::size_t kept_max = 256;
    if (text.size() > kept_max) return make_string(std::move(text));
    // The first needs no table (most programs have one or two literals).
    if (!first_string_.is(type::string)) return first_string_ = make_string(std::move(text));
    if (string_text(first_string_) == text) return first_string_;
    auto [it, added] = strings_.try_emplace(text);
    if (added) it->second = make_string(std::move(text));
    return it->second;
  }

  /// After "\u": four hex digits; a surrogate pair written as two escapes becomes one code
  /// point, a lone surrogate becomes U+FFFD (UTF-8 cannot hold it).
  char32_t read_unicode_escape(source_pos esc) {
    char32_t c = read_hex4(esc);
    if (c >= 0xD800 && c <= 0xDBFF && cur_.peek() == '\\' && cur_.peek(1) == 'u') {
      cur_.advance();
      cur_.advance();
      char32_t low = read_hex4(esc);
      if (low >= 0xDC00 && low <= 0xDFFF) return 0x10000 + ((c - 0xD800) << 10) + (low - 0xDC00);
      return 0xFFFD;  // both halves unpaired; the second is dropped with the first
    }
    if (c >= 0xD800 && c <= 0xDFFF) return 0xFFFD;
    return c;
  }

  char32_t read_hex4(source_pos esc) {
    char32_t c = 0;
    for (int i = 0; i < 4; ++i) {
      unsigned char h = cur_.peek();
      int d = (h >= '0' && h <= '9') ? h - '0'
              : (h >= 'a' && h <= 'f') ? h - 'a' + 10
              : (h >= 'A' && h <= 'F') ? h - 'A' + 10
                                       : -1;
      if (cur_.eof() || d < 0)
        parse_fail(esc, "Invalid unicode escape: \\u must be followed by 4 hex digits");
      c = c * 16 + static_cast<char32_t>(d);
      cur_.advance();
    }
    return c;
  }

  void read_char(form& out) {
    source_pos pos = cur_.pos();
    cur_.advance();
    if (cur_.eof()) parse_fail(pos, "EOF while reading character");
    std::string_view tok = read_token();  // the first character is taken whatever it is
    out = form{form_kind::literal, pos, value::character(reader_detail::parse_character(tok, pos)), {}};
  }

  bool read_dispatch(form& out, int depth) {
    source_pos pos = cur_.pos();
    unsigned char c = cur_.peek(1);
    switch (c) {
      case '{': return read_coll(out, form_kind::set, '}', 2, depth);
      case '(': {
        if (in_fn_literal_) parse_fail(pos, "nested #() are not allowed: use (fn [x] ...) for the inner function");
        in_fn_literal_ = true;
        read_coll(out, form_kind::fn_literal, ')', 2, depth);
        in_fn_literal_ = false;
        return true;
      }
      case '"': read_regex(out); return true;
      case '_': {
        cur_.advance();
        cur_.advance();
        form dropped;
        read_required(dropped, depth, pos, "#_");
        return false;
      }
      case '#': {
        cur_.advance();
        cur_.advance();
        std::string_view tok = cur_.at_token_end() ? std::string_view() : read_token();
        double d;
        if (tok == "Inf") d = std::numeric_limits<double>::infinity();
        else if (tok == "-Inf") d = -std::numeric_limits<double>::infinity();
        else if (tok == "NaN") d = std::numeric_limits<double>::quiet_NaN();
        else parse_fail(pos, "Unknown symbolic value: ##" + std::string(tok) + " (use ##Inf, ##-Inf or ##NaN)");
        out = form{form_kind::literal, pos, value::floating(d), {}};
        return true;
      }
      case '\'': parse_fail(pos, "var quote (#'x) is not supported: refer to the name directly");
      case '?': parse_fail(pos, "reader conditionals (#?) are not supported");
      case ':': parse_fail(pos, "namespaced maps (#:ns{...}) are not supported: write the keys in full, {:ns/a 1}");
      case '^': parse_fail(pos, "metadata (#^) is not supported");
      case '=': parse_fail(pos, "read-eval (#=) is not supported");
      case '<': parse_fail(pos, "unreadable form (#<...>)");
      default: break;
    }
    if (cur_.has(1) && c != '#') {
      cur_.advance();
      if (!cur_.at_token_end()) {
        std::string tag(read_token());
        parse_fail(pos, "tagged literals (#" + tag + ") are not supported");
      }
    }
    parse_fail(pos, "a # must be followed by {, (, \", _ or ## here");
  }

  /// #"...": the pattern is kept exactly as written; a backslash protects the next character
  /// (so \" does not end it) and stays in the pattern.
  void read_regex(form& out) {
    source_pos pos = cur_.pos();
    cur_.advance();
    cur_.advance();
    std::size_t start = cur_.offset();
    for (;;) {
      if (cur_.eof()) parse_fail(pos, "unterminated regex literal starting at " + where(pos));
      unsigned char c = cur_.peek();
      if (c == '"') break;
      cur_.advance();
      if (c == '\\') {
        if (cur_.eof()) parse_fail(pos, "unterminated regex literal starting at " + where(pos));
        cur_.advance();
      }
    }
    std::string pattern(cur_.slice(start));
    cur_.advance();
    out = form{form_kind::regex, pos, make_string(std::move(pattern)), {}};
  }

  cursor cur_;
  std::string_view src_;
  bool in_fn_literal_ = false;
  value first_string_;                              ///< literal_string's first
  std::unordered_map<std::string, value> strings_;  ///< literal_string's others
};

}  // namespace

std::vector<form> read_program(std::string_view source) { return reader(source).program(); }

std::vector<form> read_program(std::string_view source, std::vector<std::string_view>& texts) {
  texts.clear();
  return reader(source).program(&texts);
}

value read_value(std::string_view edn) {
  reader r(edn);
  std::vector<form> forms = r.program();
  if (forms.size() != 1) {
    parse_fail(forms.empty() ? source_pos{1, 1} : forms[1].pos,
               forms.empty() ? "expected a value, found none"
                             : "expected one value, found " + std::to_string(forms.size()) + " forms");
  }
  return form_to_value(forms[0]);
}

}  // namespace ptc::lisp
