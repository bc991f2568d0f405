// Signatures: parse, render, example, expected-output section, validation and its message.
#include <catch2/catch.hpp>

#include "ptc/lisp/printer.hpp"
#include "ptc/lisp/run.hpp"
#include "ptc/messages/signature.hpp"

namespace messages_signature_test {

using namespace ptc;
using namespace ptc::messages;

namespace {

signature parse(std::string_view text) {
  auto r = parse_signature(text);
  if (auto* e = std::get_if<signature_error>(&r)) FAIL("unexpected error: " << e->message);
  return std::get<signature>(r);
}

std::string error_of(std::string_view text) {
  auto r = parse_signature(text);
  if (auto* e = std::get_if<signature_error>(&r)) return e->message;
  return "parsed: " + render_signature(std::get<signature>(r));
}

lisp::value val(const char* src) {
  lisp::run_result r = lisp::run(src);
  REQUIRE(r.kind == lisp::outcome::value);
  return r.result;
}

std::vector<std::string> check(const char* sig, const char* src) {
  return validate(parse(sig).output, val(src));
}

using strings = std::vector<std::string>;

}  // namespace

TEST_CASE("signature with params and a nested output") {
  signature s = parse("(query :string, limit :int) -> {total :float, items [{id :int, name :string}]}");
  REQUIRE(s.params.size() == 2);
  CHECK(s.params[0].name == "query");
  CHECK(s.params[0].type.k == sig_type::kind::string);
  CHECK(s.params[1].type.k == sig_type::kind::int_);
  CHECK(s.output.k == sig_type::kind::map);
  REQUIRE(s.output.fields.size() == 2);
  CHECK(s.output.fields[1].first == "items");
  CHECK(s.output.fields[1].second.k == sig_type::kind::list);
  CHECK(s.output.fields[1].second.items[0].fields[0].first == "id");
  CHECK(render_signature(s) == "(query :string, limit :int) -> {total :float, items [{id :int, name :string}]}");
}

TEST_CASE("output-only signature and every primitive") {
  signature s = parse("{a :string, b :int, c :float, d :bool, e :keyword, f :map, g :any}");
  CHECK(s.params.empty());
  CHECK(render_signature(s) == "{a :string, b :int, c :float, d :bool, e :keyword, f :map, g :any}");
  CHECK(parse("() -> :int") == parse(":int"));
  CHECK(render_signature(parse("() -> :int")) == ":int");
}

TEST_CASE("optional types, {} as any map, commas as whitespace") {
  signature s = parse("  ( a :int?  b [:string]? )->{x {}?, y-z_1 :bool}  ");
  CHECK(s.params[0].type.optional);
  CHECK(s.params[1].type.optional);
  CHECK(s.params[1].type.k == sig_type::kind::list);
  CHECK(s.output.fields[0].second.k == sig_type::kind::map_any);
  CHECK(s.output.fields[0].second.optional);
  CHECK(render_signature(s) == "(a :int?, b [:string]?) -> {x :map?, y-z_1 :bool}");
  CHECK(parse("{}").output.k == sig_type::kind::map_any);
}

TEST_CASE("render and parse round trip") {
  for (const char* text : {"(a :int) -> [[:int]]", "{items [{id :int, tags [:keyword]?}]?}", ":any",
                           "(x :map, y :bool?) -> :float?"}) {
    INFO(text);
    const signature s = parse(text);
    CHECK(render_signature(s) == text);
    CHECK(parse(render_signature(s)) == s);
  }
}

TEST_CASE("signature parse errors name the column") {
  CHECK(error_of("(query :string, limit) -> {total :float}") ==
        "signature: expected a type after 'limit' at column 17");
  CHECK(error_of("") == "signature: expected a type at column 1");
  CHECK(error_of("[]") == "signature: expected a type inside [ ] at column 2");
  CHECK(error_of(":integer") ==
        "signature: unknown type :integer (use :string, :int, :float, :bool, :keyword, :map, :any, "
        "[type] or {field type}) at column 1");
  CHECK(error_of("(a :int)") == "signature: expected -> after the parameters at column 9");
  CHECK(error_of("(a :int) ->") == "signature: expected a type after -> at column 12");
  CHECK(error_of("(a :int, a :int) -> :int") == "signature: duplicate parameter 'a' at column 10");
  CHECK(error_of("{a :int, a :int}") == "signature: duplicate field 'a' at column 10");
  CHECK(error_of("{a :int,}") == "signature: expected a field name, found '}' at column 9");
  CHECK(error_of("[:int") == "signature: missing ] to close this [ at column 1");
  CHECK(error_of("[:int :int]") == "signature: expected ], found ':' at column 7");
  CHECK(error_of("x {a :int") == "signature: expected a type, found 'x' at column 1");
  CHECK(error_of(" {a :int") == "signature: missing } to close this { at column 2");
  CHECK(error_of("(a :int -> :int") == "signature: expected , or ), found '-' at column 9");
  CHECK(error_of(":int extra") == "signature: unexpected 'e' at column 6");
  CHECK(error_of("(:a :int) -> :int") == "signature: expected a parameter name, found ':' at column 2");
  CHECK(error_of("{a :int b}") == "signature: expected a type after 'b' at column 9");
  CHECK(error_of("{é :int}") == "signature: expected a field name, found '\xC3' at column 2");
  CHECK(error_of("(a :int) -> x") == "signature: expected a type, found 'x' at column 13");
}

TEST_CASE("example values and the expected output section") {
  CHECK(example_value(parse("{total :float, items [{id :int}]}").output) == "{:total 3.14, :items [{:id 1}]}");
  CHECK(example_value(parse(":string").output) == "\"result\"");
  CHECK(example_value(parse("[:bool]").output) == "[true]");
  CHECK(example_value(parse(":keyword").output) == ":done");
  CHECK(example_value(parse(":map").output) == "{}");
  CHECK(render_expected_output(parse("(q :string) -> {total :float}")) ==
        "# Expected output\n"
        "Your final answer must match this format: `{total :float}`\n"
        "Call `(return {:total 3.14})` when complete.");
}

TEST_CASE("an example value satisfies its own type") {
  for (const char* text : {"{total :float, items [{id :int, name :string?}], ok :bool, k :keyword, m :map}",
                           "[[:int]]", ":any"}) {
    INFO(text);
    const signature s = parse(text);
    CHECK(validate(s.output, val(("'" + example_value(s.output)).c_str())).empty());
  }
}

TEST_CASE("validation is strict: int is not float and float is not int") {
  CHECK(check(":float", "1") == strings{"value: expected :float, got 1"});
  CHECK(check(":int", "1.0") == strings{"value: expected :int, got 1.0"});
  CHECK(check(":int", "1").empty());
  CHECK(check(":float", "1.5").empty());
  CHECK(check(":string", ":a") == strings{"value: expected :string, got :a"});
  CHECK(check(":keyword", "\"a\"") == strings{"value: expected :keyword, got \"a\""});
  CHECK(check(":bool", "nil") == strings{"value: expected :bool, got nil"});
  CHECK(check(":map", "[]") == strings{"value: expected :map, got []"});
  CHECK(check(":any", "nil").empty());
  CHECK(check("[:int]", "#{1}") == strings{"value: expected [:int], got #{1}"});
  CHECK(check("[:int]", "'(1 2)").empty());
}

TEST_CASE("validation paths name fields and indexes") {
  CHECK(check("{items [{id :int}]}", "{:items [{:id 1} {:id 2} {:id \"7\"}]}") ==
        strings{"items[2].id: expected :int, got \"7\""});
  CHECK(check("[:int]", "[1 :a]") == strings{"value[1]: expected :int, got :a"});
  CHECK(check("{total :float, n :int}", "{:total 3}") ==
        strings{"total: expected :float, got 3", "n: missing required field"});
  CHECK(check("{a {b :int}}", "{:a {:b nil}}") == strings{"a.b: expected :int, got nil"});
}

TEST_CASE("optional accepts nil or missing, extra keys and string keys are fine") {
  CHECK(check("{a :int?, b [:int]?}", "{}").empty());
  CHECK(check("{a :int?}", "{:a nil}").empty());
  CHECK(check("{a :int?}", "{:a \"x\"}") == strings{"a: expected :int, got \"x\""});
  CHECK(check(":int?", "nil").empty());
  CHECK(check("{a :int}", "{\"a\" 1, :extra 2}").empty());
  CHECK(check("{}", "{:anything 1}").empty());
}

TEST_CASE("validation reports at most 20 errors") {
  CHECK(check("[:int]", "(vec (repeat 100 :x))").size() == 20);
}

TEST_CASE("validation message the LLM reads") {
  const signature s = parse("{total :float}");
  const lisp::value got = val("{:total 3}");
  CHECK(validation_message(s, got, validate(s.output, got)) ==
        "Return value does not match the signature.\n"
        "Expected: {total :float}\n"
        "Got: {:total 3}\n"
        "Errors:\n"
        "- total: expected :float, got 3\n"
        "Fix the value and call (return ...) again.");
}

}  // namespace messages_signature_test
