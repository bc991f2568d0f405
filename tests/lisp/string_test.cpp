#include <catch2/catch.hpp>

#include "ptc/lisp/string.hpp"

namespace lisp_string_test {

using namespace ptc::lisp;

TEST_CASE("string: length and indexes count code points") {
  value s = make_string("héllo😀!");
  const auto& o = s.as<string_obj>();
  CHECK(o.length() == 7);
  CHECK_FALSE(o.ascii());
  CHECK(o.char_at(1) == U'é');
  CHECK(o.char_at(5) == U'😀');
  CHECK(o.char_at(6) == U'!');
  CHECK(o.byte_offset(0) == 0);
  CHECK(o.byte_offset(2) == 3);
  CHECK(o.byte_offset(6) == 10);
  CHECK(o.byte_offset(7) == 11);
  value a = make_string("abc");
  CHECK(a.as<string_obj>().ascii());
  CHECK(a.as<string_obj>().byte_offset(2) == 2);
  CHECK(a.as<string_obj>().char_at(2) == U'c');
  CHECK(make_string("").as<string_obj>().length() == 0);
  CHECK(string_text(a) == "abc");
}

TEST_CASE("string: UTF-8 encode, decode and invalid bytes") {
  std::string out;
  for (char32_t c : {U'a', U'é', U'€', U'😀'}) append_utf8(out, c);
  CHECK(out == "aé€😀");
  CHECK(utf8_length(out) == 4);
  std::size_t pos = 0;
  CHECK(decode_utf8(out, pos) == U'a');
  CHECK(decode_utf8(out, pos) == U'é');
  CHECK(decode_utf8(out, pos) == U'€');
  CHECK(decode_utf8(out, pos) == U'😀');
  CHECK(pos == out.size());
  std::string bad = "a\xff" "b\xe2\x82";  // stray byte, then a truncated sequence
  pos = 0;
  CHECK(decode_utf8(bad, pos) == U'a');
  CHECK(decode_utf8(bad, pos) == 0xFFFD);
  CHECK(decode_utf8(bad, pos) == U'b');
  CHECK(decode_utf8(bad, pos) == 0xFFFD);
  CHECK(pos == bad.size());
  CHECK(utf8_length(bad) == 4);
  std::string overlong = "\xc0\xaf";
  pos = 0;
  CHECK(decode_utf8(overlong, pos) == 0xFFFD);
}

TEST_CASE("string: keywords are interned and split at the first slash") {
  value a = keyword("a"), a2 = keyword("a");
  CHECK(a.obj() == a2.obj());
  CHECK(a.obj()->immortal());
  value ab = keyword("a/b");
  CHECK(named(ab).ns() == "a");
  CHECK(named(ab).name() == "b");
  CHECK(named(ab).full() == "a/b");
  CHECK(keyword("a", "b").obj() == ab.obj());
  CHECK(named(a).ns().empty());
  CHECK(named(a).full() == "a");
  value abc = keyword("a/b/c");
  CHECK(named(abc).ns() == "a");
  CHECK(named(abc).name() == "b/c");
  value slash = symbol("/");
  CHECK(named(slash).ns().empty());
  CHECK(named(slash).name() == "/");
  CHECK(named(symbol("clojure.string/join")).ns() == "clojure.string");
  // Keywords and symbols with the same text are different objects.
  CHECK(symbol("a").obj() != a.obj());
  CHECK(symbol("a").obj() == symbol("a").obj());
  CHECK(symbol("a").kind() == type::symbol);
  CHECK(a.kind() == type::keyword);
}

TEST_CASE("string: find_keyword never interns") {
  CHECK(find_keyword("h1-string-test-unseen").is_nil());
  CHECK(find_keyword("h1-string-test-unseen").is_nil());
  value k = keyword("h1-string-test-seen");
  CHECK(find_keyword("h1-string-test-seen").obj() == k.obj());
  value q = keyword("h1ns/x");
  CHECK(find_keyword("h1ns/x").obj() == q.obj());
}

TEST_CASE("string: the text hash is cached and matches hash_text") {
  value s = make_string("some text");
  CHECK(s.as<string_obj>().hash() == hash_text("some text"));
  CHECK(s.as<string_obj>().hash() == s.as<string_obj>().hash());
  CHECK(hash_text("a") != hash_text("b"));
}

}  // namespace lisp_string_test
