// The tool/, data/ and user/ sections (DESIGN §6.1) with the type vocabulary and samples.
#include <catch2/catch.hpp>

#include "ptc/lisp/json.hpp"
#include "ptc/lisp/run.hpp"
#include "ptc/messages/namespace.hpp"
#include "ptc/messages/turn.hpp"

namespace messages_namespace_test {

using namespace ptc;
using namespace ptc::messages;

namespace {

/// The user/ section after running `src` (no println unless has_println).
std::string user_section(const char* src, bool has_println = false) {
  auto r = lisp::run(src);
  REQUIRE(r.kind != lisp::outcome::error);
  return render_user_section(describe(*r.mem), has_println);
}

std::string data_section(const char* json_text) {
  return render_data_section(lisp::from_json(nlohmann::ordered_json::parse(json_text)));
}

}  // namespace

TEST_CASE("TYP-001 TYP-002 TYP-003 TYP-004 TYP-012 collection labels carry their size") {
  const std::string s = user_section("(def a []) (def b [1 2 3]) (def c {}) (def d {:a 1}) (def e #{1 2 3})");
  CHECK(s == ";; === user/ (your prelude) ===\n"
             "a  ; = list[0], sample: []\n"
             "b  ; = list[3], sample: [1 2 3]\n"
             "c  ; = map[0], sample: {}\n"
             "d  ; = map[1], sample: {:a 1}\n"
             "e  ; = set[3], sample: #{1 2 3}");
}

TEST_CASE("TYP-005 TYP-006 TYP-007 TYP-008 TYP-009 TYP-010 scalar labels") {
  const std::string s = user_section("(def s \"x\") (def i 1) (def f 1.5) (def b true) (def k :a) (def n nil)");
  CHECK(s == ";; === user/ (your prelude) ===\n"
             "s  ; = string, sample: \"x\"\n"
             "i  ; = integer, sample: 1\n"
             "f  ; = float, sample: 1.5\n"
             "b  ; = boolean, sample: true\n"
             "k  ; = keyword, sample: :a\n"
             "n  ; = nil, sample: nil");
}

TEST_CASE("TYP-011 functions: a def'd fn is listed as a function, a builtin value as #fn[...]") {
  const std::string s = user_section("(def g (fn [x] x)) (def h inc)");
  INFO(s);
  CHECK(s.find("(g [x])") != std::string::npos);
  CHECK(s.find("h  ; = #fn[") != std::string::npos);
}

TEST_CASE("DEF-003 DEF-004 nil and empty values are listed") {
  CHECK(user_section("(def x nil)") == ";; === user/ (your prelude) ===\nx  ; = nil, sample: nil");
  CHECK(user_section("(def x [])") == ";; === user/ (your prelude) ===\nx  ; = list[0], sample: []");
}

TEST_CASE("DEF-005 DEF-006 DEF-007 docstrings of def and defn, semicolons removed") {
  const std::string s = user_section(
      "(defn fetch \"Fetches; users\" [category] [category]) (def users \"Active; users\" [1 2]) (fetch :a)");
  CHECK(s == ";; === user/ (your prelude) ===\n"
             "(fetch [category])  ; \"Fetches users\" -> list[1]\n"
             "users  ; \"Active users\" = list[2], sample: [1 2]");
}

TEST_CASE("DEF-008 DEF-009 functions first, then values, each in definition order") {
  const std::string s = user_section("(def z 1) (defn b [] 1) (def a 2) (defn c [x y] x)");
  CHECK(s == ";; === user/ (your prelude) ===\n"
             "(b [])\n"
             "(c [x y])\n"
             "z  ; = integer, sample: 1\n"
             "a  ; = integer, sample: 2");
}

TEST_CASE("SAM-001 SAM-002 samples only while nothing was printed") {
  CHECK(user_section("(def xs [1 2])", false) ==
        ";; === user/ (your prelude) ===\nxs  ; = list[2], sample: [1 2]");
  CHECK(user_section("(def xs [1 2])", true) == ";; === user/ (your prelude) ===\nxs  ; = list[2]");
}

TEST_CASE("SAM-003 TRN-002 samples use Clojure syntax and the 3 / 80 limits") {
  const std::string s = user_section(
      "(def people [{:name \"Alice\" :age 30} {:name \"Bob\"} {:name \"Carol\"} {:name \"Dan\"}])"
      "(def long-text (apply str (repeat 100 \"a\")))"
      "(def names [\"Alice\" \"Bob\" \"Carol\" \"Dan\"])"
      "(def lazy-people (map identity people))"
      "(def nested {:team \"ops\" :members people :lead \"Alice\"})");
  // A list of maps shows its first map (DESIGN 6.1); the type label gives the count.
  CHECK(s.find("people  ; = list[4], sample: {:name \"Alice\" :age 30}\n") != std::string::npos);
  CHECK(s.find("lazy-people  ; = list[4], sample: {:name \"Alice\" :age 30}\n") != std::string::npos);
  // A list of scalars shows its first three items.
  CHECK(s.find("names  ; = list[4], sample: [\"Alice\" \"Bob\" \"Carol\" ...] (4 items, showing first 3)\n") !=
        std::string::npos);
  CHECK(s.find("long-text  ; = string, sample: \"" + std::string(80, 'a') + "...\"") != std::string::npos);
  // A map shares the 80 characters: two entries, 30 characters each, nested maps one entry.
  CHECK(s.find("nested  ; = map[3], sample: {:team \"ops\" :members [{:name \"Alice\" ...} {:name \"Bob\"} "
               "{:name \"Carol\"} ...] (4 items, showing first 3) ...}") != std::string::npos);
}

TEST_CASE("NS-008 the data/ section lists every input with its type and sample") {
  CHECK(data_section(R"({"products": [{"name": "Laptop", "price": 1200}], "limit": 5, "Odd Key": "x"})") ==
        ";; === data/ ===\n"
        "data/products  ; list[1], sample: [{:name \"Laptop\" :price 1200}]\n"
        "data/limit  ; integer, sample: 5\n"
        "data/Odd Key  ; string, sample: \"x\"");
  CHECK(data_section("{}").empty());
}

TEST_CASE("NS-001 tool lines: signature, parens always, description") {
  const tool_spec search{"search-reviews", "Reviews for a category", "(category :string) -> :string"};
  const tool_spec bare{"ping", "", ""};
  const tool_spec out_only{"inventory", "All stock", "[{id :int}]"};
  CHECK(render_tool_line(search) ==
        "tool/search-reviews(category :string) -> :string  ; Reviews for a category");
  CHECK(render_tool_line(bare) == "tool/ping() -> :any");
  CHECK(render_tool_line(out_only) == "tool/inventory() -> [{id :int}]  ; All stock");
  const std::vector<tool_spec> tools{search, bare};
  CHECK(render_tool_section(tools) ==
        ";; === tool/ ===\n"
        "tool/search-reviews(category :string) -> :string  ; Reviews for a category\n"
        "tool/ping() -> :any");
  CHECK(render_tool_section({}).empty());
}

TEST_CASE("NS-001 a description of several lines continues as comment lines") {
  const tool_spec mcp{"fs.read_file", "Read a file\npath: where it is\r\n\nhead: first N lines", "(path :string, head :int?) -> :any"};
  CHECK(render_tool_line(mcp) ==
        "tool/fs.read_file(path :string, head :int?) -> :any  ; Read a file\n"
        ";   path: where it is\n"
        ";   head: first N lines");
}

}  // namespace messages_namespace_test
