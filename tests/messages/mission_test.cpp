// Mission templates: {{name}} and {{a.b}} placeholders filled from the inputs, text that only
// looks like a placeholder left alone, and a missing input named in the error.
#include <catch2/catch.hpp>

#include "ptc/messages/mission.hpp"

namespace messages_mission_test {

using namespace ptc::messages;
using json = nlohmann::ordered_json;

namespace {

std::string expand(std::string_view tmpl, const json& inputs) {
  auto r = expand_mission(tmpl, inputs);
  if (auto* e = std::get_if<mission_error>(&r)) FAIL("unexpected error: " << e->message);
  return std::get<std::string>(r);
}

mission_error error_of(std::string_view tmpl, const json& inputs) {
  auto r = expand_mission(tmpl, inputs);
  REQUIRE(std::holds_alternative<mission_error>(r));
  return std::get<mission_error>(r);
}

}  // namespace

TEST_CASE("mission: a template without placeholders is unchanged") {
  CHECK(expand("Find the cheapest laptop.", json::object()) == "Find the cheapest laptop.");
  CHECK(expand("", json::object()).empty());
}

TEST_CASE("mission: strings are inserted as they are, spaces inside braces allowed") {
  const json in = {{"category", "Electronics"}, {"user_name", "Zoë \"Z\""}};
  CHECK(expand("Reviews for {{category}} by {{ user_name }}.", in) ==
        "Reviews for Electronics by Zoë \"Z\".");
  CHECK(expand("{{category}}{{category}}", in) == "ElectronicsElectronics");
}

TEST_CASE("mission: numbers and booleans as JSON text, other values as compact JSON") {
  const json in = {{"limit", 5},       {"ratio", 0.25},
                   {"strict", true},   {"nothing", nullptr},
                   {"ids", {1, 2, 3}}, {"filter", {{"min", 1}, {"tags", {"a", "b"}}}}};
  CHECK(expand("{{limit}} {{ratio}} {{strict}} {{nothing}}", in) == "5 0.25 true null");
  CHECK(expand("ids={{ids}} filter={{filter}}", in) == R"(ids=[1,2,3] filter={"min":1,"tags":["a","b"]})");
}

TEST_CASE("mission: dotted placeholders walk nested objects") {
  const json in = {{"user", {{"name", "Alice"}, {"address", {{"city", "Oslo"}}}}}, {"a.b", "literal"}};
  CHECK(expand("{{user.name}} lives in {{ user.address.city }}", in) == "Alice lives in Oslo");
  CHECK(expand("{{user.address}}", in) == R"({"city":"Oslo"})");
  // A key that itself holds a dot is found when no nested path matches.
  CHECK(expand("{{a.b}}", in) == "literal");
}

TEST_CASE("mission: names with digits, underscores and hyphens") {
  const json in = {{"_x1", "a"}, {"max-items", 3}, {"item_2", "b"}};
  CHECK(expand("{{_x1}} {{max-items}} {{item_2}}", in) == "a 3 b");
}

TEST_CASE("mission: text that only looks like a placeholder stays as written") {
  const json in = {{"x", 1}};
  for (const char* t : {"{{:a 1} 2}", "{{#x}}", "{{}}", "{{ }}", "{{1abc}}", "{{a..b}}", "{{a.}}",
                        "{{x", "a }} b", "{{x y}}", "{\"a\": {\"b\": 1}}"}) {
    INFO(t);
    CHECK(expand(t, in) == t);
  }
  CHECK(expand("{{{x}}}", in) == "{1}");
}

TEST_CASE("mission: a missing input is an error naming the placeholder") {
  const auto e = error_of("Hello {{user.name}}!", json{{"user", {{"id", 1}}}});
  CHECK(e.message == "mission placeholder {{user.name}} has no input \"user.name\"");
  CHECK(e.missing == std::vector<std::string>{"user.name"});
}

TEST_CASE("mission: every missing input is listed once, in order") {
  const auto e = error_of("{{b}} {{a}} {{ok}} {{b}}", json{{"ok", 1}});
  CHECK(e.missing == std::vector<std::string>{"b", "a"});
  CHECK(e.message == "mission placeholders {{b}}, {{a}} have no inputs \"b\", \"a\"");
}

TEST_CASE("mission: a path through a non-object is missing") {
  const auto e = error_of("{{user.name}}", json{{"user", "Alice"}});
  CHECK(e.missing == std::vector<std::string>{"user.name"});
}

TEST_CASE("mission: placeholders lists names in order without duplicates") {
  CHECK(placeholders("{{b}} and {{ a.c }} then {{b}} {{:no}}") == std::vector<std::string>{"b", "a.c"});
  CHECK(placeholders("nothing here").empty());
}

}  // namespace messages_mission_test
