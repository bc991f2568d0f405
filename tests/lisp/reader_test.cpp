// The reader: every syntax of spec/ptc-lisp.md "Reader", positions, and the parse errors for
// what PTC-Lisp leaves out. Expected values were checked against Clojure 1.11's reader.
#include <catch2/catch.hpp>

#include <cmath>
#include <random>
#include <string>

#include "ptc/lisp/error.hpp"
#include "ptc/lisp/printer.hpp"
#include "ptc/lisp/reader.hpp"
#include "ptc/lisp/string.hpp"

namespace lisp_reader_test {

using namespace ptc::lisp;

namespace {

form read_one(std::string_view src) {
  auto forms = read_program(src);
  REQUIRE(forms.size() == 1);
  return std::move(forms[0]);
}

/// pr-str of what the single form in `src` denotes as data.
std::string data(std::string_view src) { return pr_str(form_to_value(read_one(src))); }

error parse_error(std::string_view src) {
  try {
    read_program(src);
  } catch (const lisp_exception& e) {
    CHECK(e.err().kind == error_kind::parse);
    return e.err();
  }
  FAIL("expected a parse error for: " << src);
  return {};
}

bool error_mentions(std::string_view src, std::string_view text) {
  error e = parse_error(src);
  INFO("message: " << e.message);
  return e.message.find(text) != std::string::npos;
}

}  // namespace

TEST_CASE("reader: integers are 64-bit, with Clojure's hex, octal and radix forms") {
  CHECK(read_one("42").atom.as_int() == 42);
  CHECK(read_one("-7").atom.as_int() == -7);
  CHECK(read_one("+5").atom.as_int() == 5);
  CHECK(read_one("0").atom.as_int() == 0);
  CHECK(read_one("0x1F").atom.as_int() == 31);
  CHECK(read_one("-0x10").atom.as_int() == -16);
  CHECK(read_one("2r101").atom.as_int() == 5);
  CHECK(read_one("36rZZ").atom.as_int() == 1295);
  CHECK(read_one("017").atom.as_int() == 15);
  CHECK(read_one("9223372036854775807").atom.as_int() == INT64_MAX);
  CHECK(read_one("-9223372036854775808").atom.as_int() == INT64_MIN);
  CHECK(read_one("0x7FFFFFFFFFFFFFFF").atom.as_int() == INT64_MAX);
  CHECK(read_one("42").atom.is(type::integer));
}

TEST_CASE("reader: integer literals that do not fit are parse errors") {
  CHECK(error_mentions("9223372036854775808", "does not fit in 64 bits"));
  CHECK(error_mentions("-9223372036854775809", "does not fit in 64 bits"));
  CHECK(error_mentions("(+ 1 99999999999999999999999)", "99999999999999999999999"));
  CHECK(error_mentions("0x10000000000000000", "does not fit"));
  CHECK(parse_error("(+ 1 99999999999999999999999)").pos.col == 6);
}

TEST_CASE("reader: doubles, exponents and symbolic values") {
  CHECK(read_one("1.5").atom.as_double() == 1.5);
  CHECK(read_one("1e3").atom.as_double() == 1000.0);
  CHECK(read_one("1e3").atom.is(type::floating));
  CHECK(read_one("2.5E-2").atom.as_double() == 0.025);
  CHECK(read_one("1.").atom.as_double() == 1.0);
  CHECK(read_one("+1.5").atom.as_double() == 1.5);
  CHECK(std::signbit(read_one("-0.0").atom.as_double()));
  CHECK(std::isinf(read_one("1e400").atom.as_double()));
  CHECK(read_one("1e-400").atom.as_double() == 0.0);
  CHECK(read_one("##Inf").atom.as_double() == INFINITY);
  CHECK(read_one("##-Inf").atom.as_double() == -INFINITY);
  CHECK(std::isnan(read_one("##NaN").atom.as_double()));
  CHECK(data("[##Inf ##-Inf ##NaN]") == "[##Inf ##-Inf ##NaN]");
  CHECK(error_mentions("##Foo", "Unknown symbolic value"));
}

TEST_CASE("reader: ratios, N and M literals and malformed numbers are parse errors") {
  CHECK(error_mentions("1/2", "ratios are not supported"));
  CHECK(error_mentions("1N", "not supported"));
  CHECK(error_mentions("1.5M", "not supported"));
  CHECK(error_mentions("1abc", "Invalid number: 1abc"));
  CHECK(error_mentions("08", "Invalid number"));
  CHECK(error_mentions("1.2.3", "Invalid number"));
  CHECK(error_mentions("99r1", "Radix out of range"));
}

TEST_CASE("reader: strings with Clojure escapes") {
  CHECK(string_text(read_one(R"("a\nb\tc\rd\"e\\f\bg\fh")").atom) == "a\nb\tc\rd\"e\\f\bg\fh");
  CHECK(string_text(read_one(R"("\u00e9\u0041")").atom) == "\xC3\xA9" "A");
  CHECK(string_text(read_one(R"("\ud83d\ude00")").atom) == "\xF0\x9F\x98\x80");
  CHECK(string_text(read_one(R"("\101\0\7")").atom) == std::string("A\0\7", 3));
  CHECK(string_text(read_one("\"two\nlines\"").atom) == "two\nlines");
  CHECK(string_text(read_one("\"caf\xC3\xA9\"").atom) == "caf\xC3\xA9");
  CHECK(error_mentions(R"("\q")", "Unsupported escape character: \\q"));
  CHECK(error_mentions(R"("\u12")", "4 hex digits"));
  CHECK(error_mentions(R"("\400")", "Octal escape"));
}

TEST_CASE("reader: characters") {
  auto ch = [](std::string_view s) { return read_one(s).atom.as_char(); };
  CHECK(ch("\\a") == U'a');
  CHECK(ch("\\newline") == U'\n');
  CHECK(ch("\\space") == U' ');
  CHECK(ch("\\tab") == U'\t');
  CHECK(ch("\\return") == U'\r');
  CHECK(ch("\\backspace") == U'\b');
  CHECK(ch("\\formfeed") == U'\f');
  CHECK(ch("\\u00e9") == U'\u00e9');
  CHECK(ch("\\o101") == U'A');
  CHECK(ch("\\(") == U'(');
  CHECK(ch("\\\\") == U'\\');
  CHECK(ch("\\\xC3\xA9") == U'\u00e9');
  CHECK(ch("\\u") == U'u');
  CHECK(data("[\\a\\b]") == "[\\a \\b]");
  CHECK(data("(\\a)") == "(\\a)");
  CHECK(error_mentions("\\abc", "Unsupported character: \\abc"));
  CHECK(error_mentions("\\ud800", "Invalid character constant"));
  CHECK(error_mentions("\\", "EOF while reading character"));
}

TEST_CASE("reader: keywords and symbols") {
  CHECK(data(":a") == ":a");
  CHECK(data(":a/b") == ":a/b");
  CHECK(named(read_one(":a/b").atom).ns() == "a");
  CHECK(data(":1") == ":1");
  CHECK(read_one("ns/name").is_symbol());
  CHECK(named(read_one("ns/name").atom).ns() == "ns");
  CHECK(read_one("/").is_symbol("/"));
  CHECK(read_one(".method").is_symbol(".method"));
  CHECK(named(read_one("Math/abs").atom).name() == "abs");
  CHECK(read_one("a.b").is_symbol("a.b"));
  CHECK(read_one("clojure.core//").is_symbol() );
  CHECK(read_one("->").is_symbol("->"));
  CHECK(read_one("%1").is_symbol("%1"));
  CHECK(read_one("+").is_symbol("+"));
  CHECK(read_one("-").is_symbol("-"));
  CHECK(read_one("nil?").is_symbol("nil?"));
  CHECK(read_one("a'b").is_symbol("a'b"));
  CHECK(read_one("nil").atom.is_nil());
  CHECK(read_one("nil").kind == form_kind::literal);
  CHECK(read_one("true").atom.as_bool());
  CHECK_FALSE(read_one("false").atom.as_bool());
  CHECK(error_mentions("::a", "auto-resolved keywords"));
  CHECK(error_mentions(":", "Invalid token"));
  CHECK(error_mentions("a:", "Invalid token"));
  CHECK(error_mentions("a/", "Invalid token"));
}

TEST_CASE("reader: collections, quote and fn literals") {
  CHECK(data("(1 2 3)") == "(1 2 3)");
  CHECK(data("[1 [2 []] ()]") == "[1 [2 []] ()]");
  CHECK(data("{:a 1, :b \"x\"}") == "{:a 1, :b \"x\"}");
  CHECK(data("#{3 1 2}") == "#{1 2 3}");
  CHECK(data("'x") == "(quote x)");
  CHECK(data("''x") == "(quote (quote x))");
  CHECK(data("'(a b)") == "(quote (a b))");
  CHECK(read_one("{:a 1}").kind == form_kind::map);
  CHECK(read_one("#{}").kind == form_kind::set);
  form fn = read_one("#(+ % 1)");
  CHECK(fn.kind == form_kind::fn_literal);
  REQUIRE(fn.items.size() == 3);
  CHECK(fn.items[1].is_symbol("%"));
  CHECK(data("#(+ %1 %2)") == "(fn* [%1 %2] (+ %1 %2))");
  CHECK(error_mentions("#(+ #(inc %) 1)", "nested #() are not allowed"));
  CHECK(error_mentions("{:a 1 :b}", "even number of forms, got 3"));
  CHECK(error_mentions("{:a 1 :a 2}", "Duplicate key: :a"));
  CHECK(error_mentions("#{1 2 1}", "Duplicate key: 1"));
  CHECK(parse_error("{:a 1 :a 2}").pos.col == 7);
}

TEST_CASE("reader: regex literals keep the pattern exactly as written") {
  form r = read_one(R"(#"\d+")");
  CHECK(r.kind == form_kind::regex);
  CHECK(string_text(r.atom) == "\\d+");
  CHECK(string_text(read_one(R"(#"a\"b")").atom) == "a\\\"b");
  CHECK(error_mentions(R"(#"abc)", "unterminated regex"));
}

TEST_CASE("reader: comments, commas, #_ and #!") {
  CHECK(read_program("; only a comment").empty());
  CHECK(read_program("").empty());
  CHECK(data("[1, 2,,3]") == "[1 2 3]");
  CHECK(data("[1 #_2 3]") == "[1 3]");
  CHECK(data("[1 #_ #_ 2 3 4]") == "[1 4]");
  CHECK(data("[1 #_(a (b)) 3]") == "[1 3]");
  CHECK(read_program("#_1").empty());
  CHECK(read_program("#!/usr/bin/env bb\n1 ; trailing\n2").size() == 2);
  CHECK(data("[1 ; comment ]\n 2]") == "[1 2]");
  CHECK(read_program("(a)(b)").size() == 2);
  CHECK(error_mentions("[1 #_]", "#_ must be followed by a form"));
  CHECK(error_mentions("'", "' must be followed by a form"));
}

TEST_CASE("reader: features PTC-Lisp leaves out are named in the error") {
  CHECK(error_mentions("`(a ~b)", "syntax quote"));
  CHECK(error_mentions("~x", "unquote"));
  CHECK(error_mentions("~@x", "unquote"));
  CHECK(error_mentions("@x", "atoms and refs are not available"));
  CHECK(error_mentions("^:private x", "metadata"));
  CHECK(error_mentions("#?(:clj 1)", "reader conditionals"));
  CHECK(error_mentions("#inst \"2020-01-01\"", "tagged literals (#inst)"));
  CHECK(error_mentions("#'x", "var quote"));
  CHECK(error_mentions("#:a{:b 1}", "namespaced maps"));
  CHECK(error_mentions("# x", "must be followed"));
}

TEST_CASE("reader: unbalanced delimiters point at the opening or the stray closer") {
  error e = parse_error("(+ 1\n   (* 2 3)");
  CHECK(e.message == "unclosed ( opened at line 1, col 1 (missing ))");
  CHECK(e.pos.line == 1);
  CHECK(e.pos.col == 1);
  e = parse_error("(let [x 1]\n  [x")  ;
  CHECK(e.message.find("unclosed [ opened at line 2, col 3") == 0);
  e = parse_error("(+ 1 2))");
  CHECK(e.message.find("unmatched delimiter )") == 0);
  CHECK(e.pos.col == 8);
  e = parse_error("(foo]");
  CHECK(e.message == "unmatched delimiter ]: expected ) to close ( opened at line 1, col 1");
  CHECK(e.pos.col == 5);
  e = parse_error("x \"abc");
  CHECK(e.message == "unterminated string starting at line 1, col 3");
  CHECK(e.pos.col == 3);
  CHECK(error_mentions("#{1", "unclosed #{"));
  CHECK(error_mentions("#(inc", "unclosed #("));
}

TEST_CASE("reader: every form carries 1-based line:col, columns count code points") {
  auto forms = read_program("(foo\n  bar)\n\"\xC3\xA9\xC3\xA9\" x");
  REQUIRE(forms.size() == 3);
  CHECK(forms[0].pos.line == 1);
  CHECK(forms[0].pos.col == 1);
  CHECK(forms[0].items[1].pos.line == 2);
  CHECK(forms[0].items[1].pos.col == 3);
  CHECK(forms[2].pos.line == 3);
  CHECK(forms[2].pos.col == 6);
  // Invalid UTF-8 inside a string keeps positions in step: each bad byte is one column.
  auto bad = read_program("\"\xFF\xFE\" x");
  REQUIRE(bad.size() == 2);
  CHECK(bad[1].pos.col == 6);
  auto crlf = read_program("(a\r\n b)");
  CHECK(crlf[0].items[1].pos.line == 2);
  CHECK(crlf[0].items[1].pos.col == 2);
  CHECK(read_one("'x").pos.col == 1);
  CHECK(read_one("'x").items[1].pos.col == 2);
  error e = parse_error("\n\n   (a b");
  CHECK(e.pos.line == 3);
  CHECK(e.pos.col == 4);
  CHECK(e.render().find("line 3") != std::string::npos);
}

TEST_CASE("reader: positions stay in step over multibyte tokens and discards (random programs)") {
  // The column of the form at byte `off`: 1 + the bytes after the line's first that are not a
  // UTF-8 continuation byte, up to and with `off` (the cursor's rule: a continuation byte does
  // not start a new column).
  auto expected = [](std::string_view src, std::size_t off) {
    source_pos p{1, 1};
    std::size_t line_start = 0;
    for (std::size_t i = 0; i < off; ++i)
      if (src[i] == '\n') {
        ++p.line;
        line_start = i + 1;
      }
    for (std::size_t m = line_start + 1; m <= off && m < src.size(); ++m)
      if ((static_cast<unsigned char>(src[m]) & 0xC0) != 0x80) ++p.col;
    return p;
  };
  const std::vector<std::string> atoms = {
      "x", "na\xC3\xAFve", "\xE6\x97\xA5\xE6\x9C\xAC", "a\x80\x80" "b", "ab\x80" "c", "12", "-3", "1.5", ":k", ":ns/k\xC3\xA9",
      "\"\xC3\xA9t\xC3\xA9\"", "\\(", "\\\xC3\xA9", "\\newline", "#_x", "#_(a \xC3\xA9)", "nil", "true", "x/y"};
  const std::vector<std::string> blanks = {" ", "\n", ",", "\r\n", "\t", "\xE2\x80\x83", " ; \xC3\xA9 comment\n"};
  std::mt19937 rng(2026);
  auto pick = [&](const std::vector<std::string>& v) { return v[rng() % v.size()]; };
  for (int round = 0; round < 2'000; ++round) {
    std::string src;
    const int n = 1 + static_cast<int>(rng() % 6);
    for (int i = 0; i < n; ++i) {
      if (rng() % 3 == 0) {
        src += rng() % 2 ? "(" : "[";
        const char closer = src.back() == '(' ? ')' : ']';
        for (int k = static_cast<int>(rng() % 4); k > 0; --k) src += pick(atoms) + pick(blanks);
        src += closer;
      } else {
        src += pick(atoms);
      }
      src += pick(blanks);
    }
    std::vector<std::string_view> texts;
    std::vector<form> forms = read_program(src, texts);
    REQUIRE(forms.size() == texts.size());
    for (std::size_t i = 0; i < forms.size(); ++i) {
      const source_pos want = expected(src, static_cast<std::size_t>(texts[i].data() - src.data()));
      INFO(src);
      CHECK(forms[i].pos.line == want.line);
      CHECK(forms[i].pos.col == want.col);
    }
  }
  // A character literal takes a delimiter; a discarded form leaves no item behind.
  auto f = read_one("[\\( #_x \\) #_#_a b c]");
  REQUIRE(f.items.size() == 3);
  CHECK(pr_str(f.items[0].atom) == "\\(");
  CHECK(pr_str(f.items[1].atom) == "\\)");
  CHECK(f.items[2].pos.col == 20);
  CHECK(read_program("#_a").empty());
}

TEST_CASE("reader: nesting deeper than 512 levels is a parse error, never a crash") {
  auto nest = [](int n) { return std::string(n, '(') + std::string(n, ')'); };
  CHECK(read_program(nest(512)).size() == 1);
  CHECK(error_mentions(nest(513), "nested more than 512"));
  CHECK(error_mentions(std::string(1'000'000, '['), "nested more than 512"));
  CHECK(error_mentions(std::string(100'000, '\''), "nested more than 512"));
  CHECK(error_mentions(std::string(100'000, '#') , "#"));
}

TEST_CASE("reader: random bytes never crash the reader") {
  std::mt19937 rng(12345);
  const std::string alphabet = "()[]{}#\"\\'`~@^;:,. \n\t%&_-+/0123456789aexNMr\xC3\xA9\xFF!?";
  for (int round = 0; round < 20'000; ++round) {
    std::string s;
    std::size_t n = rng() % 40;
    for (std::size_t i = 0; i < n; ++i)
      s += (rng() % 4 == 0) ? char(rng() % 256) : alphabet[rng() % alphabet.size()];
    try {
      auto forms = read_program(s);
      for (const form& f : forms) (void)form_to_value(f);
    } catch (const lisp_exception& e) {
      // Invalid regex patterns are reported by make_regex when a quoted regex is converted.
      CHECK((e.err().kind == error_kind::parse || e.err().pos.line == 0));
      if (e.err().kind == error_kind::parse) CHECK(e.err().pos.known());
    }
  }
}

}  // namespace lisp_reader_test
