// clojure.string/split, split-lines, replace, replace-first. The separator or match may be a
// regex or a literal string (Clojure's split wants a regex; a literal string is accepted as
// the obvious extension). Both follow Java's Pattern.split / Matcher.replaceAll exactly:
// empty matches, trailing empty strings dropped when no limit is given, $1 group references.
#include <utility>

#include "ptc/lisp/builtins/regex_match.hpp"
#include "ptc/lisp/builtins/string_parts.hpp"
#include "ptc/lisp/printer.hpp"
#include "ptc/lisp/vector.hpp"

namespace ptc::lisp {
namespace {

// A literal needle with regex_finder's interface and Java's find() stepping.
class literal_finder {
 public:
  literal_finder(std::string_view text, std::string_view needle) : text_(text), needle_(needle) {}
  bool next() {
    if (from_ > text_.size()) return false;
    std::size_t pos = text_.find(needle_, from_);
    scanned_ += (pos == std::string_view::npos ? text_.size() : pos) - from_;
    if (scanned_ >= 4096) charge_scan(std::exchange(scanned_, 0));  // long texts only
    if (pos == std::string_view::npos) return false;
    begin_ = pos;
    from_ = needle_.empty() ? next_char_boundary(text_, pos) : pos + needle_.size();
    return true;
  }
  std::size_t begin() const { return begin_; }
  std::size_t end() const { return begin_ + needle_.size(); }

 private:
  std::string_view text_, needle_;
  std::size_t from_ = 0, begin_ = 0;
  std::size_t scanned_ = 0;  // bytes searched and not charged yet
};

// Java's Pattern.split(input, limit). The pieces go straight into the result vector; with no
// limit, empty pieces wait until a non-empty one follows, since trailing ones are dropped.
template <class Finder>
value java_split(context& c, const value& input, Finder& f, std::int64_t limit) {
  const string_obj& str = input.as<string_obj>();
  std::string_view s = str.text();
  // The pieces of an ASCII text are ASCII: their lengths are their sizes.
  auto piece = [ascii = str.ascii()](std::string_view p) {
    return ascii ? make_string_copy(p, p.size()) : make_string(std::string(p));
  };
  // The first pieces wait on the stack, so a short split makes its vector at the exact size.
  constexpr std::size_t inline_pieces = 16;
  value first[inline_pieces];
  std::size_t n = 0;
  std::vector<value> more;
  auto push = [&](value x) {
    if (n < inline_pieces) first[n++] = std::move(x);
    else more.push_back(std::move(x));
  };
  std::int64_t count = 0;    // pieces so far, waiting ones included
  std::size_t waiting = 0;   // empty pieces not appended yet
  auto add = [&](std::string_view p) {
    ++count;
    if (p.empty() && limit == 0) {
      ++waiting;
      return;
    }
    for (; waiting > 0; --waiting) push(piece({}));
    push(piece(p));
  };
  auto result = [&] {
    if (more.empty()) return vector_obj::from_moved(first, n);
    more.insert(more.begin(), std::make_move_iterator(first), std::make_move_iterator(first + n));
    return vector_obj::from(std::move(more));
  };
  std::size_t index = 0;
  bool limited = limit > 0;
  bool any = false;
  while (f.next()) {
    c.tick();
    if (!limited || count < limit - 1) {
      if (index == 0 && f.begin() == 0 && f.end() == 0) continue;  // no empty leading piece
      add(s.substr(index, f.begin() - index));
      index = f.end();
      any = true;
    } else {
      break;
    }
  }
  if (!any) return vector_obj::from(&input, 1);
  add(s.substr(index));
  return result();
}

value split(context& c, std::span<const value> a) {
  constexpr std::string_view fn = "clojure.string/split";
  text::str(fn, a, 0);
  std::int64_t limit = a.size() > 2 ? arg::integer(fn, a, 2) : 0;
  std::string_view s = string_text(a[0]);
  if (a[1].is(type::regex)) {
    const regex_obj& re = a[1].as<regex_obj>();
    if (!re.literal().empty()) {  // #" ", #"," ...: a byte search finds the same matches
      literal_finder f(s, re.literal());
      return java_split(c, a[0], f, limit);
    }
    regex_finder f(re, s);
    return java_split(c, a[0], f, limit);
  }
  if (!a[1].is(type::string) && !a[1].is(type::character))
    errors::argument(fn, 1, "a regex or a string", a[1]);
  std::string sep = text::needle(fn, a, 1);
  literal_finder f(s, sep);
  return java_split(c, a[0], f, limit);
}

// \r?\n, as a finder.
class line_finder {
 public:
  explicit line_finder(std::string_view text) : text_(text) {}
  bool next() {
    std::size_t pos = text_.find('\n', from_);
    if (from_ > text_.size() || pos == std::string_view::npos) return false;
    begin_ = pos > from_ && text_[pos - 1] == '\r' ? pos - 1 : pos;
    end_ = pos + 1;
    from_ = end_;
    return true;
  }
  std::size_t begin() const { return begin_; }
  std::size_t end() const { return end_; }

 private:
  std::string_view text_;
  std::size_t from_ = 0, begin_ = 0, end_ = 0;
};

value split_lines(context& c, std::span<const value> a) {
  text::str("clojure.string/split-lines", a, 0);
  line_finder f(string_text(a[0]));
  return java_split(c, a[0], f, 0);
}

// Rebuilds s with each match (all, or the first only) replaced by `emit(out, finder)`.
template <class Finder, class Emit>
value replace_matches(context& c, const value& input, Finder& f, bool first_only, std::string_view fn,
                      Emit emit) {
  std::string_view s = string_text(input);
  std::string out;
  std::size_t last = 0;
  bool any = false;
  while (f.next()) {
    c.tick();
    any = true;
    out.append(s.substr(last, f.begin() - last));
    emit(out, f);
    last = f.end();
    if (first_only) break;
    if (out.size() > (1u << 16)) {
      check_string_size(c.limits().config(), out.size(), fn);
      if (out.size() > (1u << 20)) c.limits().preflight(out.size());
    }
  }
  if (!any) return input;
  check_string_size(c.limits().config(), out.size() + (s.size() - last), fn);
  out.append(s.substr(last));
  c.limits().tick(out.size() >> 6);
  return make_string(std::move(out));
}

value replace_impl(context& c, std::span<const value> a, bool first_only) {
  std::string_view fn = first_only ? "clojure.string/replace-first" : "clojure.string/replace";
  value input = text::to_text(c, fn, a, 0);
  std::string_view s = string_text(input);
  const value& match = a[1];
  const value& rep = a[2];
  if (match.is(type::regex)) {
    regex_finder f(match.as<regex_obj>(), s);
    if (rep.is(type::string)) {
      std::string_view r = string_text(rep);
      return replace_matches(c, input, f, first_only, fn, [&](std::string& out, const regex_finder& m) {
        append_replacement(out, m, r, fn);
      });
    }
    if (rep.is(type::function) || rep.is(type::keyword) || rep.is(type::map)) {
      return replace_matches(c, input, f, first_only, fn, [&](std::string& out, const regex_finder& m) {
        value r = c.call(rep, {match_value(m)});
        if (r.is(type::string)) out += string_text(r);
        else if (!r.is_nil()) out += str_of(r, &c);
      });
    }
    errors::argument(fn, 2, "a string or a function", rep);
  }
  if (match.is(type::string)) {
    if (!rep.is(type::string)) errors::argument(fn, 2, "a string (to replace a string)", rep);
    std::string_view r = string_text(rep);
    literal_finder f(s, string_text(match));
    return replace_matches(c, input, f, first_only, fn,
                           [&](std::string& out, const literal_finder&) { out += r; });
  }
  if (match.is(type::character)) {
    if (!rep.is(type::character)) errors::argument(fn, 2, "a character (to replace a character)", rep);
    std::string m, r;
    append_utf8(m, match.as_char());
    append_utf8(r, rep.as_char());
    literal_finder f(s, m);
    return replace_matches(c, input, f, first_only, fn,
                           [&](std::string& out, const literal_finder&) { out += r; });
  }
  errors::argument(fn, 1, "a string, character or regex", match);
}

value replace(context& c, std::span<const value> a) { return replace_impl(c, a, false); }
value replace_first(context& c, std::span<const value> a) { return replace_impl(c, a, true); }

constexpr builtin_def string_split_table[] = {
    {"split", 2, 3, split},
    {"split-lines", 1, 1, split_lines},
    {"replace", 3, 3, replace},
    {"replace-first", 3, 3, replace_first},
};

}  // namespace

void text::register_split_replace(builtin_table& t) { t.add("clojure.string", string_split_table); }

}  // namespace ptc::lisp
