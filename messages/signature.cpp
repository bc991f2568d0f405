// Signatures: parsing, rendering for the prompt, and validating a returned value.
//
// The grammar (signature.hpp):
//   signature := params "->" type | type
//   params    := "(" [param {sep param}] ")"        param := name type
//   type      := (":"prim | "[" type "]" | "{" [field {sep field}] "}") ["?"]
//   field     := name type                           sep := "," or whitespace
// Commas separate like whitespace does (as in Clojure), but a comma must be followed by another
// parameter or field. Errors name the column (1-based, in characters) of the problem.
#include "ptc/messages/signature.hpp"

#include <algorithm>

#include "ptc/lisp/error.hpp"
#include "ptc/lisp/map.hpp"
#include "ptc/lisp/printer.hpp"
#include "ptc/lisp/string.hpp"
#include "ptc/lisp/vector.hpp"
#include "ptc/lisp/list.hpp"

namespace ptc::messages {
namespace {

using kind = sig_type::kind;

struct primitive {
  std::string_view name;
  kind k;
};
constexpr primitive primitives[] = {
    {"string", kind::string}, {"int", kind::int_},      {"float", kind::float_}, {"bool", kind::bool_},
    {"keyword", kind::keyword}, {"map", kind::map_any}, {"any", kind::any},
};

std::string_view primitive_name(kind k) {
  for (const auto& p : primitives)
    if (p.k == k) return p.name;
  return "any";
}

bool name_start(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
bool name_char(char c) {
  return name_start(c) || (c >= '0' && c <= '9') || c == '-' || c == '?' || c == '!' || c == '*';
}

/// Thrown inside the parser only; parse_signature turns it into a signature_error.
struct parse_failure {
  std::string message;
};

class parser {
 public:
  explicit parser(std::string_view s) : s_(s) {}

  signature parse() {
    signature sig;
    skip_ws();
    if (peek() == '(') {
      sig.params = params();
      skip_ws();
      if (!(peek() == '-' && peek(1) == '>')) fail("expected -> after the parameters", i_);
      i_ += 2;
      skip_ws();
      if (eof()) fail("expected a type after ->", i_);
      sig.output = type();
    } else {
      if (eof()) fail("expected a type", i_);
      sig.output = type();
    }
    skip_ws();
    if (!eof()) fail(std::string("unexpected '") + peek() + "'", i_);
    return sig;
  }

 private:
  bool eof() const { return i_ >= s_.size(); }
  char peek(std::size_t k = 0) const { return i_ + k < s_.size() ? s_[i_ + k] : '\0'; }

  void skip_ws() {
    while (!eof() && (peek() == ' ' || peek() == '\t' || peek() == '\n' || peek() == '\r')) ++i_;
  }

  /// Skips whitespace and at most one comma; true when a comma was seen.
  bool separator() {
    skip_ws();
    if (peek() != ',') return false;
    ++i_;
    skip_ws();
    return true;
  }

  /// The 1-based column of byte `at`, counting UTF-8 code points.
  std::size_t column(std::size_t at) const {
    std::size_t col = 1;
    for (std::size_t j = 0; j < at && j < s_.size(); ++j)
      if ((static_cast<unsigned char>(s_[j]) & 0xC0) != 0x80) ++col;
    return col;
  }

  [[noreturn]] void fail(const std::string& what, std::size_t at) const {
    throw parse_failure{"signature: " + what + " at column " + std::to_string(column(at))};
  }

  std::string name(const char* what) {
    if (!name_start(peek())) {
      if (eof()) fail(std::string("expected a ") + what + " name", i_);
      fail(std::string("expected a ") + what + " name, found '" + peek() + "'", i_);
    }
    const std::size_t start = i_;
    while (!eof() && name_char(peek())) ++i_;
    return std::string(s_.substr(start, i_ - start));
  }

  /// A name followed by its type: used for parameters and map fields.
  template <class Out>
  void named_entries(Out& out, char closer, const char* what, std::size_t open_at) {
    skip_ws();
    if (peek() == closer) {
      ++i_;
      return;
    }
    for (;;) {
      const std::size_t at = i_;
      std::string n = name(what);
      for (const auto& e : out)
        if (e.first == n) fail(std::string("duplicate ") + what + " '" + n + "'", at);
      skip_ws();
      if (!type_start(peek())) fail("expected a type after '" + n + "'", at);
      out.emplace_back(std::move(n), type());
      const bool comma = separator();
      if (!comma && peek() == closer) {
        ++i_;
        return;
      }
      if (eof()) fail(std::string("missing ") + closer + " to close this " + s_[open_at], open_at);
      if (!comma && !name_start(peek()))
        fail(std::string("expected , or ") + closer + ", found '" + peek() + "'", i_);
    }
  }

  std::vector<sig_param> params() {
    const std::size_t open_at = i_++;
    std::vector<std::pair<std::string, sig_type>> entries;
    named_entries(entries, ')', "parameter", open_at);
    std::vector<sig_param> out;
    out.reserve(entries.size());
    for (auto& [n, t] : entries) out.push_back(sig_param{std::move(n), std::move(t)});
    return out;
  }

  static bool type_start(char c) { return c == ':' || c == '[' || c == '{'; }

  sig_type type() {
    sig_type t;
    const std::size_t at = i_;
    const char c = peek();
    if (c == ':') {
      ++i_;
      const std::size_t start = i_;
      while (!eof() && ((peek() >= 'a' && peek() <= 'z') || peek() == '_' || peek() == '-')) ++i_;
      const std::string_view word = s_.substr(start, i_ - start);
      bool known = false;
      for (const auto& p : primitives) {
        if (p.name == word) {
          t.k = p.k;
          known = true;
        }
      }
      if (!known) {
        fail("unknown type :" + std::string(word) +
                 " (use :string, :int, :float, :bool, :keyword, :map, :any, [type] or {field type})",
             at);
      }
    } else if (c == '[') {
      ++i_;
      skip_ws();
      if (!type_start(peek())) fail("expected a type inside [ ]", i_);
      t.k = kind::list;
      t.items.push_back(type());
      skip_ws();
      if (eof()) fail("missing ] to close this [", at);
      if (peek() != ']') fail(std::string("expected ], found '") + peek() + "'", i_);
      ++i_;
    } else if (c == '{') {
      ++i_;
      named_entries(t.fields, '}', "field", at);
      t.k = t.fields.empty() ? kind::map_any : kind::map;
    } else if (eof()) {
      fail("expected a type", i_);
    } else {
      fail(std::string("expected a type, found '") + c + "'", i_);
    }
    if (peek() == '?') {
      ++i_;
      t.optional = true;
    }
    return t;
  }

  std::string_view s_;
  std::size_t i_ = 0;
};

/// `{name T, ...}` (render) or `{:name v, ...}` (example): the fields of a map type, each key
/// with `key_prefix` and its type written by `each`.
void fields_to(std::string& out, const sig_type& t, std::string_view key_prefix,
               void (*each)(std::string&, const sig_type&)) {
  out += '{';
  bool first = true;
  for (const auto& [n, ft] : t.fields) {
    if (!first) out += ", ";
    first = false;
    out += key_prefix;
    out += n;
    out += ' ';
    each(out, ft);
  }
  out += '}';
}

void render_to(std::string& out, const sig_type& t) {
  switch (t.k) {
    case kind::list:
      out += '[';
      if (!t.items.empty()) render_to(out, t.items[0]);
      out += ']';
      break;
    case kind::map:
      fields_to(out, t, "", render_to);
      break;
    default:
      out += ':';
      out += primitive_name(t.k);
  }
  if (t.optional) out += '?';
}

void example_to(std::string& out, const sig_type& t) {
  switch (t.k) {
    case kind::string: out += "\"result\""; break;
    case kind::int_: out += "1"; break;
    case kind::float_: out += "3.14"; break;
    case kind::bool_: out += "true"; break;
    case kind::keyword: out += ":done"; break;
    case kind::map_any: out += "{}"; break;
    case kind::any: out += "\"result\""; break;
    case kind::list:
      out += '[';
      if (!t.items.empty()) example_to(out, t.items[0]);
      out += ']';
      break;
    case kind::map:
      fields_to(out, t, ":", example_to);
      break;
  }
}

/// At most this many errors are reported: a list of 10,000 wrong items needs no 10,000 lines.
constexpr std::size_t max_errors = 20;

class validator {
 public:
  std::vector<std::string> errors;

  void check(const sig_type& t, const lisp::value& v, const std::string& path) {
    if (errors.size() >= max_errors) return;
    if (t.k == kind::any || (t.optional && v.is_nil())) return;
    switch (t.k) {
      case kind::string: expect(v.is(lisp::type::string), t, v, path); return;
      case kind::int_: expect(v.is(lisp::type::integer), t, v, path); return;
      case kind::float_: expect(v.is(lisp::type::floating), t, v, path); return;
      case kind::bool_: expect(v.is(lisp::type::boolean), t, v, path); return;
      case kind::keyword: expect(v.is(lisp::type::keyword), t, v, path); return;
      case kind::map_any: expect(v.is(lisp::type::map), t, v, path); return;
      case kind::any: return;
      case kind::list: {
        if (!expect(v.is(lisp::type::vector) || v.is(lisp::type::list), t, v, path)) return;
        if (t.items.empty()) return;
        const std::string base = path.empty() ? "value" : path;
        std::size_t i = 0;
        auto each = [&](const lisp::value& item) {
          check(t.items[0], item, base + "[" + std::to_string(i++) + "]");
          return errors.size() < max_errors;
        };
        if (v.is(lisp::type::vector)) {
          v.as<lisp::vector_obj>().each(each);
        } else {
          for (const auto& item : v.as<lisp::list_obj>())
            if (!each(item)) break;
        }
        return;
      }
      case kind::map: {
        if (!expect(v.is(lisp::type::map), t, v, path)) return;
        const auto& m = v.as<lisp::map_obj>();
        for (const auto& [n, ft] : t.fields) {
          if (errors.size() >= max_errors) return;
          const std::string field_path = path.empty() ? n : path + "." + n;
          // find_flex: the keyword :n, or the string "n" (values that came from JSON).
          const lisp::value* fv = m.find_flex(lisp::keyword(n));
          if (!fv) {
            if (!ft.optional) errors.push_back(field_path + ": missing required field");
            continue;
          }
          check(ft, *fv, field_path);
        }
        return;
      }
    }
  }

 private:
  bool expect(bool ok, const sig_type& t, const lisp::value& v, const std::string& path) {
    if (ok) return true;
    sig_type shown = t;
    shown.optional = false;  // nil was acceptable; what is wanted is the type itself
    errors.push_back((path.empty() ? std::string("value") : path) + ": expected " +
                     render_type(shown) + ", got " + lisp::errors::brief(v));
    return false;
  }
};

}  // namespace

std::variant<signature, signature_error> parse_signature(std::string_view text) {
  try {
    return parser(text).parse();
  } catch (parse_failure& f) {
    return signature_error{std::move(f.message)};
  }
}

std::string render_type(const sig_type& t) {
  std::string out;
  render_to(out, t);
  return out;
}

std::string render_signature(const signature& s) {
  std::string out;
  if (!s.params.empty()) {
    out += '(';
    for (std::size_t i = 0; i < s.params.size(); ++i) {
      if (i) out += ", ";
      out += s.params[i].name;
      out += ' ';
      render_to(out, s.params[i].type);
    }
    out += ") -> ";
  }
  render_to(out, s.output);
  return out;
}

std::string example_value(const sig_type& t) {
  std::string out;
  example_to(out, t);
  return out;
}

std::string render_expected_output(const signature& s) {
  return "# Expected output\nYour final answer must match this format: `" + render_type(s.output) +
         "`\nCall `(return " + example_value(s.output) + ")` when complete.";
}

std::vector<std::string> validate(const sig_type& t, const lisp::value& v) {
  validator check;
  check.check(t, v, "");
  return std::move(check.errors);
}

std::string validation_message(const signature& s, const lisp::value& got,
                               const std::vector<std::string>& errors) {
  std::string out = "Return value does not match the signature.\nExpected: ";
  out += render_type(s.output);
  out += "\nGot: ";
  out += lisp::format_truncated(got, 3, 80);
  out += "\nErrors:\n";
  for (const auto& e : errors) {
    out += "- ";
    out += e;
    out += '\n';
  }
  out += "Fix the value and call (return ...) again.";
  return out;
}

}  // namespace ptc::messages
