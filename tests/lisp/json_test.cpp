// The JSON ↔ value mapping at the host boundary (data/, tool arguments and results).
#include <catch2/catch.hpp>

#include <cmath>
#include <set>

#include "ptc/lisp/error.hpp"
#include "ptc/lisp/function.hpp"
#include "ptc/lisp/json.hpp"
#include "ptc/lisp/lazy_seq.hpp"
#include "ptc/lisp/map.hpp"
#include "ptc/lisp/printer.hpp"
#include "ptc/lisp/reader.hpp"
#include "ptc/lisp/regex.hpp"
#include "ptc/lisp/string.hpp"
#include "ptc/lisp/vector.hpp"

namespace lisp_json_test {

using namespace ptc::lisp;
using json = nlohmann::ordered_json;

namespace {

value lit(std::string_view src) {
  auto forms = read_program(src);
  REQUIRE(forms.size() == 1);
  return form_to_value(forms[0]);
}

const value& get(const value& m, const value& k) {
  const value* v = m.as<map_obj>().find(k);
  REQUIRE(v != nullptr);
  return *v;
}

std::string type_error_of(const value& v) {
  try {
    (void)to_json(v);
  } catch (const lisp_exception& e) {
    CHECK(e.err().kind == error_kind::type);
    return e.err().message;
  }
  FAIL("expected a type error");
  return {};
}

}  // namespace

TEST_CASE("json: objects become maps with keyword keys where the key is keyword text") {
  value m = from_json(json::parse(R"({"name":"Alice","age":30,"first name":"A","":1,"a/b":2,
                                      "tags":["x","y"],"ok":true,"none":null,"score":1.5})"));
  REQUIRE(m.is(type::map));
  CHECK(string_text(get(m, keyword("name"))) == "Alice");
  CHECK(get(m, keyword("age")).as_int() == 30);
  CHECK(string_text(get(m, make_string("first name"))) == "A");
  CHECK(get(m, make_string("")).as_int() == 1);
  CHECK(get(m, keyword("a/b")).as_int() == 2);
  CHECK(pr_str(get(m, keyword("tags"))) == "[\"x\" \"y\"]");
  CHECK(get(m, keyword("ok")).as_bool());
  CHECK(get(m, keyword("none")).is_nil());
  CHECK(get(m, keyword("score")).as_double() == 1.5);
  CHECK(m.as<map_obj>().find(keyword("first name")) == nullptr);
}

TEST_CASE("json: numbers: integers stay integers, beyond int64 they become doubles") {
  CHECK(from_json(json::parse("42")).is(type::integer));
  CHECK(from_json(json::parse("-9223372036854775808")).as_int() == INT64_MIN);
  CHECK(from_json(json::parse("9223372036854775807")).as_int() == INT64_MAX);
  value big = from_json(json::parse("9223372036854775808"));
  CHECK(big.is(type::floating));
  CHECK(big.as_double() == 9223372036854775808.0);
  value huge = from_json(json::parse("123456789012345678901234567890"));
  CHECK(huge.is(type::floating));
  CHECK(pr_str(huge) == "1.2345678901234568E29");
  CHECK(from_json(json::parse("1.0")).is(type::floating));
  CHECK(from_json(json::parse("2e3")).as_double() == 2000.0);
}

TEST_CASE("json: unicode text survives both ways") {
  value s = from_json(json::parse(R"("caf\u00e9 \ud83d\ude00 中")"));
  CHECK(string_text(s) == "caf\xC3\xA9 \xF0\x9F\x98\x80 \xE4\xB8\xAD");
  CHECK(to_json(s).dump() == "\"caf\xC3\xA9 \xF0\x9F\x98\x80 \xE4\xB8\xAD\"");
  value k = from_json(json::parse(R"({"caf\u00e9":1})"));
  CHECK(get(k, keyword("caf\xC3\xA9")).as_int() == 1);
}

TEST_CASE("json: values out") {
  CHECK(to_json(lit("{:a 1 \"b\" 2 3 4 nil 5 :ns/k 6 [1] 7}")) ==
        json::parse(R"({"a":1,"b":2,"3":4,"nil":5,"ns/k":6,"[1]":7})"));
  CHECK(to_json(lit("[1 (2 3) #{4}]")) == json::parse("[1,[2,3],[4]]"));
  CHECK(to_json(lit(":kw")) == json("kw"));
  CHECK(to_json(lit(":ns/kw")) == json("ns/kw"));
  CHECK(to_json(symbol("sym")) == json("sym"));
  CHECK(to_json(lit("\\c")) == json("c"));
  CHECK(to_json(lit("\\u00e9")) == json("\xC3\xA9"));
  CHECK(to_json(value::nil()).is_null());
  CHECK(to_json(value::floating(NAN)).is_null());
  CHECK(to_json(value::floating(INFINITY)).is_null());
  CHECK(to_json(value::floating(-INFINITY)).is_null());
  CHECK(to_json(value::floating(1.0)).dump() == "1.0");
  CHECK(to_json(value::integer(INT64_MIN)).dump() == "-9223372036854775808");
  CHECK(to_json(lit("true")) == json(true));
}

TEST_CASE("json: functions, regex and vars cannot be sent, the error names the path") {
  value f = make_native_fn("inc", [](context&, std::span<const value>) { return value(); });
  value data = map_obj::from({{keyword("a"), vector_obj::from(std::vector<value>{value::integer(1), f})}});
  std::string msg = type_error_of(data);
  CHECK(msg.find("$.a[1]") != std::string::npos);
  CHECK(type_error_of(make_regex("x")).find("the top level") != std::string::npos);
  CHECK(type_error_of(value::adopt(type::var, make_object<var_obj>(0, "x"))).find("JSON") !=
        std::string::npos);
}

namespace {
class count_to final : public lazy_seq_obj {
 public:
  explicit count_to(std::optional<std::size_t> n) : n_(n) {}
  class cur final : public cursor {
   public:
    explicit cur(std::optional<std::size_t> n) : n_(n) {}
    bool next(context&, value& out) override {
      if (n_ && i_ >= *n_) return false;
      out = value::integer(static_cast<std::int64_t>(i_++));
      return true;
    }
   private:
    std::optional<std::size_t> n_;
    std::size_t i_ = 0;
  };
  std::unique_ptr<cursor> start() const override { return std::make_unique<cur>(n_); }
  std::optional<std::size_t> known_size() const override { return n_; }
 private:
  std::optional<std::size_t> n_;
};
}  // namespace

TEST_CASE("json: finite lazy seqs become arrays, infinite ones are an error") {
  CHECK(to_json(value::adopt(type::lazy_seq, make_object<count_to>(0, 3))) == json::parse("[0,1,2]"));
  CHECK(type_error_of(value::adopt(type::lazy_seq, make_object<count_to>(0, std::nullopt)))
            .find("infinite") != std::string::npos);
}

TEST_CASE("json: round trips") {
  const char* docs[] = {
      R"({"users":[{"id":1,"name":"A","tags":[]},{"id":2,"name":"B","meta":{"x":null}}],"n":-3.25})",
      R"([1,"two",[3,[4,[5]]],{"":{"first name":true}},1e300,-0.5])",
      R"({"a":{"b":{"c":{"d":[{"e":"f"}]}}}})",
  };
  for (const char* d : docs) {
    json j = json::parse(d);
    CHECK(to_json(from_json(j)) == j);
  }
  value v = lit("{:a [1 2.5 \"s\" nil true] :b {\"x y\" {:c []}}}");
  CHECK(equal(from_json(to_json(v)), v));
}

TEST_CASE("json: a conversion's repeated short strings share one object (issue 18: short strings interned)") {
  json rows = json::array();
  const char* statuses[] = {"shipped", "pending", "cancelled"};
  const std::string long_text(41, 'x');
  for (int i = 0; i < 1000; ++i) {
    rows.push_back({{"status", statuses[i % 3]}, {"id", "o-" + std::to_string(i)}, {"note", long_text}});
  }
  rows.push_back({{"not a keyword", 1}});
  rows.push_back({{"not a keyword", 2}});
  const value v = from_json(rows);
  const auto& items = v.as<vector_obj>();
  REQUIRE(items.size() == 1002);
  const value status = keyword("status"), id = keyword("id"), note = keyword("note");
  std::set<const object*> status_objects, id_objects, note_objects;
  for (std::size_t i = 0; i < 1000; ++i) {
    const value& row = items.at(i);
    CHECK(string_text(get(row, status)) == statuses[i % 3]);
    CHECK(string_text(get(row, id)) == "o-" + std::to_string(i));
    CHECK(string_text(get(row, note)) == long_text);
    // The first short strings of a document are made before the table is (a tool result of
    // a few fields costs no table); from then on, repeats share.
    if (i >= 8) status_objects.insert(get(row, status).obj());
    id_objects.insert(get(row, id).obj());
    note_objects.insert(get(row, note).obj());
  }
  CHECK(status_objects.size() == 3);   // one per text
  CHECK(id_objects.size() == 1000);    // distinct texts stay distinct, whatever their table slot
  CHECK(note_objects.size() == 1000);  // over 40 bytes: not looked up
  // A string key (not keyword text) is shared the same way, and the rows stay equal to JSON.
  const auto key_of = [&](std::size_t i) { return items.at(i).as<map_obj>().entries().front().first.obj(); };
  CHECK(key_of(1000) == key_of(1001));
  CHECK(to_json(v) == rows);
}

TEST_CASE("json: deep nesting is refused, never a stack overflow") {
  std::string ok = std::string(500, '[') + std::string(500, ']');
  CHECK(from_json(json::parse(ok)).is(type::vector));
  std::string deep = std::string(5'000, '[') + std::string(5'000, ']');
  CHECK_THROWS_AS(from_json(json::parse(deep)), lisp_exception);
  value v = vector_obj::empty();
  for (int i = 0; i < 5'000; ++i) v = vector_obj::from(std::vector<value>{v});
  CHECK_THROWS_AS(to_json(v), lisp_exception);
}

TEST_CASE("json: text from outside nested deeper than 512 levels is refused before it is parsed") {
  const auto nest = [](std::size_t n, char open, char close) { return std::string(n, open) + std::string(n, close); };
  CHECK_FALSE(json_too_deep(nest(512, '[', ']')));
  CHECK(json_too_deep(nest(513, '[', ']')));
  CHECK(json_too_deep(nest(1'000'000, '[', ']')));
  CHECK(json_too_deep(std::string(1'000'000, '{')));  // not JSON either: refused the same
  // Brackets in strings are text, escaped quotes included.
  CHECK_FALSE(json_too_deep("[\"" + std::string(2'000, '[') + "\"]"));
  CHECK_FALSE(json_too_deep("[\"\\\"" + std::string(2'000, '{') + "\"]"));
  CHECK(json_too_deep("[\"\\\\\"" + nest(600, '[', ']') + "]"));  // "\\" ends before the brackets
  // Objects and arrays count alike; siblings do not add up.
  std::string objects;
  for (int i = 0; i < 600; ++i) objects += "{\"a\":";
  objects += "1" + std::string(600, '}');
  CHECK(json_too_deep(objects));
  std::string siblings = "[";
  for (int i = 0; i < 1'000; ++i) siblings += (i ? "," : "") + nest(100, '[', ']');
  CHECK_FALSE(json_too_deep(siblings + "]"));

  CHECK(parse_outside_json<json>(nest(513, '[', ']')).is_discarded());
  CHECK(parse_outside_json<json>("not json").is_discarded());
  CHECK(parse_outside_json<json>(nest(512, '[', ']')).is_array());
  CHECK(parse_outside_json<nlohmann::ordered_json>(R"({"b":1,"a":2})").begin().key() == "b");
}

TEST_CASE("json: valid keyword text") {
  CHECK(valid_keyword_text("name"));
  CHECK(valid_keyword_text("first-name"));
  CHECK(valid_keyword_text("snake_case"));
  CHECK(valid_keyword_text("a/b"));
  CHECK(valid_keyword_text("is-valid?"));
  CHECK(valid_keyword_text("caf\xC3\xA9"));
  CHECK(valid_keyword_text("123"));
  CHECK_FALSE(valid_keyword_text(""));
  CHECK_FALSE(valid_keyword_text("first name"));
  CHECK_FALSE(valid_keyword_text("a:b"));
  CHECK_FALSE(valid_keyword_text("/a"));
  CHECK_FALSE(valid_keyword_text("a/"));
  CHECK_FALSE(valid_keyword_text("a/b/c"));
  CHECK_FALSE(valid_keyword_text("a,b"));
  CHECK_FALSE(valid_keyword_text("(x)"));
  CHECK_FALSE(valid_keyword_text("tab\there"));
  CHECK_FALSE(valid_keyword_text("#tag"));
  CHECK_FALSE(valid_keyword_text("a\xC2\xA0" "b"));  // no-break space
  CHECK_FALSE(valid_keyword_text("\xFF"));
  // Every key accepted reads back as the same keyword.
  for (const char* k : {"name", "a/b", "is-valid?", "caf\xC3\xA9", "x.y", "a-1"}) {
    auto forms = read_program(std::string(":") + k);
    REQUIRE(forms.size() == 1);
    CHECK(forms[0].atom.raw_bits() == keyword(k).raw_bits());
  }
}

}  // namespace lisp_json_test
