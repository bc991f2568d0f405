// JSON Schema → signature (messages/json_schema.hpp): every rendered signature parses, nothing
// the schema says is dropped (it is in the signature or in a note), and the tool lines the LLM
// reads for a set of MCP-style tools are a golden file.
#include <string>
#include <variant>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "ptc/messages/json_schema.hpp"
#include "ptc/messages/namespace.hpp"
#include "ptc/messages/signature.hpp"
#include "tests/messages/golden.hpp"

namespace messages_json_schema_test {

using namespace ptc::messages;
using json = nlohmann::ordered_json;

namespace {

schema_rendering render(const char* input, const char* output = "null") {
  auto r = render_tool_schema(json::parse(input), json::parse(output));
  const auto parsed = parse_signature(r.signature);
  INFO(r.signature);
  if (const auto* e = std::get_if<signature_error>(&parsed)) FAIL(e->message);
  return r;
}

std::string notes_of(const schema_rendering& r) {
  std::string out;
  for (const auto& n : r.notes) out += n + "\n";
  return out;
}

}  // namespace

TEST_CASE("MCP schema: properties become parameters, required ones plain, others optional") {
  auto r = render(R"({"type":"object","properties":{"path":{"type":"string"},"head":{"type":"integer"},
                      "ratio":{"type":"number"},"all":{"type":"boolean"}},"required":["path"]})");
  CHECK(r.signature == "(path :string, head :int?, ratio :float?, all :bool?) -> :any");
  CHECK(r.notes.empty());
  CHECK(render(R"({"type":"object"})").signature == "() -> :any");
  CHECK(render("{}").signature == "() -> :any");
}

TEST_CASE("MCP schema: arrays, nested objects, maps and the output schema") {
  auto r = render(R"({"type":"object","required":["ids","filter"],"properties":{
      "ids":{"type":"array","items":{"type":"integer"}},
      "filter":{"type":"object","required":["field"],"properties":{"field":{"type":"string"},"min":{"type":"number"}}},
      "tags":{"type":"object","additionalProperties":{"type":"string"}},
      "any":{"type":"array"}}})",
                  R"({"type":"object","required":["total"],"properties":{"total":{"type":"integer"},
                      "items":{"type":"array","items":{"type":"object","properties":{"id":{"type":"integer"}},"required":["id"]}}}})");
  CHECK(r.signature ==
        "(ids [:int], filter {field :string, min :float?}, tags :map?, any [:any]?) -> {total :int, items [{id :int}]?}");
  CHECK(notes_of(r) == "tags: a map whose values are :string\n");
}

TEST_CASE("MCP schema: descriptions, formats, defaults and bounds become notes by path") {
  auto r = render(R"({"type":"object","properties":{
      "query":{"type":"string","description":"What to look for.\n  Plain words."},
      "since":{"type":"string","format":"date-time"},
      "limit":{"type":"integer","minimum":1,"maximum":100,"default":10,"description":"How many"},
      "opts":{"type":"object","properties":{"deep":{"type":"boolean","description":"Follow links"}}}}})",
                  R"({"type":"object","description":"The hits","properties":{"n":{"type":"integer","description":"count"}}})");
  CHECK(r.signature == "(query :string?, since :string?, limit :int?, opts {deep :bool?}?) -> {n :int?}");
  CHECK(notes_of(r) ==
        "query: What to look for. Plain words.\n"
        "since: (format date-time)\n"
        "limit: How many (default 10, minimum 1, maximum 100)\n"
        "opts.deep: Follow links\n"
        "returns: The hits\n"
        "returns.n: count\n");
}

TEST_CASE("MCP schema: enums, const and nullable types") {
  auto r = render(R"({"type":"object","required":["mode","level","x","y","z"],"properties":{
      "mode":{"type":"string","enum":["r","w"]},
      "level":{"enum":[1,2,3,null]},
      "kind":{"const":"file"},
      "x":{"type":["string","null"]},
      "y":{"anyOf":[{"type":"integer"},{"type":"null"}]},
      "z":{"oneOf":[{"$ref":"#/$defs/point"},{"type":"null"}]}},
      "$defs":{"point":{"type":"object","properties":{"lat":{"type":"number"}},"required":["lat"]}}})");
  CHECK(r.signature == "(mode :string, level :int?, kind :string?, x :string?, y :int?, z {lat :float}?) -> :any");
  CHECK(notes_of(r) ==
        "mode: one of \"r\" \"w\"\n"
        "level: one of 1 2 3 null\n"
        "kind: always \"file\"\n");
}

TEST_CASE("MCP schema: what a signature cannot say falls back to :any with the schema in a note") {
  auto r = render(R"({"type":"object","properties":{
      "either":{"anyOf":[{"type":"string"},{"type":"integer"}]},
      "pair":{"type":"array","prefixItems":[{"type":"string"},{"type":"integer"}]},
      "multi":{"type":["string","integer"]},
      "ref":{"$ref":"https://example.com/schema.json"},
      "odd":{"type":"object","properties":{"file.path":{"type":"string"}}},
      "file.name":{"type":"string"}},"required":["file.name"]})");
  CHECK(r.signature == "(either :any?, pair [:any]?, multi :any?, ref :any?, odd :map?) -> :any");
  CHECK(notes_of(r) ==
        "either: schema {\"anyOf\":[{\"type\":\"string\"},{\"type\":\"integer\"}]}\n"
        "pair: a tuple: schema {\"type\":\"array\",\"prefixItems\":[{\"type\":\"string\"},{\"type\":\"integer\"}]}\n"
        "multi: schema {\"type\":[\"string\",\"integer\"]}\n"
        "ref: schema {\"$ref\":\"https://example.com/schema.json\"}\n"
        "odd: a map with keys a signature cannot name: schema {\"type\":\"object\",\"properties\":{\"file.path\":{\"type\":\"string\"}}}\n"
        "file.name: required, not in the signature: pass it as \"file.name\" in the argument map; schema {\"type\":\"string\"}\n");
}

TEST_CASE("MCP schema: a recursive $ref and long fragments stay bounded") {
  auto r = render(R"({"type":"object","properties":{"tree":{"$ref":"#/$defs/node"}},
      "$defs":{"node":{"type":"object","properties":{"kids":{"type":"array","items":{"$ref":"#/$defs/node"}}}}}})");
  CHECK(r.signature.size() < 400);
  REQUIRE(!r.notes.empty());
  CHECK(r.notes.back().find("nested too deeply to show") != std::string::npos);
  std::string big = R"({"type":"object","properties":{"x":{"anyOf":[{"type":"string","description":")" +
                    std::string(5000, 'd') + R"("},{"type":"integer"}]}}})";
  auto b = render_tool_schema(json::parse(big), json());
  REQUIRE(b.notes.size() == 1);
  CHECK(b.notes[0].size() < 220);
  CHECK(b.notes[0].ends_with("..."));
}

TEST_CASE("MCP schema: garbage schemas give a signature that parses") {
  for (const char* s : {"[]", "3", "\"x\"", "true", R"({"type":"object","properties":3})",
                        R"({"type":"object","properties":{"a":5},"required":"a"})",
                        R"({"type":7})", R"({"allOf":[{"properties":{"a":{"type":"string"}}},{"properties":{"b":{}}}],"type":"object"})"}) {
    INFO(s);
    render(s, s);
  }
  CHECK(render(R"({"type":"object","properties":{"v":{"allOf":[{"properties":{"a":{"type":"string"}},"required":["a"]},
                  {"properties":{"b":{"type":"integer"}}}]}}})").signature == "(v {a :string, b :int?}?) -> :any");
}

TEST_CASE("MCP schema: tool lines of typical MCP tools (golden)") {
  struct tool {
    const char* name;
    const char* description;
    const char* input;
    const char* output;
  };
  const std::vector<tool> tools{
      {"everything.echo", "Echoes back the input", R"({"type":"object","properties":{"message":{"type":"string","description":"Message to echo"}},"required":["message"]})", "null"},
      {"everything.get-sum", "Returns the sum of two numbers", R"({"type":"object","properties":{"a":{"type":"number","description":"First number"},"b":{"type":"number","description":"Second number"}},"required":["a","b"]})", "null"},
      {"everything.get-structured-content", "Returns structured content along with an output schema for client data validation",
       R"({"type":"object","properties":{"location":{"type":"string","enum":["New York","Chicago","Los Angeles"],"description":"Choose city"}},"required":["location"]})",
       R"({"type":"object","properties":{"temperature":{"type":"number","description":"Temperature in celsius"},"conditions":{"type":"string","description":"Weather conditions description"},"humidity":{"type":"number","description":"Humidity percentage"}},"required":["temperature","conditions","humidity"]})"},
      {"fs.read_text_file", "Read the complete contents of a file from the file system as text.\nUse head or tail for the first or last lines.",
       R"({"type":"object","properties":{"path":{"type":"string"},"tail":{"type":"number","description":"If provided, returns only the last N lines of the file"},"head":{"type":"number","description":"If provided, returns only the first N lines of the file"}},"required":["path"]})", "null"},
  };
  std::string section;
  for (const auto& t : tools) {
    auto r = render(t.input, t.output);
    std::string description = t.description;
    for (const auto& n : r.notes) description += "\n" + n;
    section += render_tool_line(tool_spec{t.name, description, r.signature}) + "\n";
  }
  CHECK(ptc::messages::testing::check_golden("mcp/tool_lines.txt", section));
}

TEST_CASE("MCP schema: a signature as input and output schemas (ptc mcp's agents), and back") {
  const auto sig = [](const char* text) { return std::get<signature>(parse_signature(text)); };
  const signature s = sig("(query :string, limit :int?, tags [:keyword], opts {deep :bool, depth :float?}) -> "
                          "{total :float, items [{id :int, name :string?}], raw :any, extra :map}");
  CHECK(input_schema_of(s) == json::parse(R"({"type":"object","properties":{
      "query":{"type":"string"},
      "limit":{"type":["integer","null"]},
      "tags":{"type":"array","items":{"type":"string"}},
      "opts":{"type":"object","properties":{"deep":{"type":"boolean"},"depth":{"type":["number","null"]}},
              "required":["deep"]}},
    "required":["query","tags","opts"]})"));
  CHECK(schema_of(s.output) == json::parse(R"({"type":"object","properties":{
      "total":{"type":"number"},
      "items":{"type":"array","items":{"type":"object","properties":{"id":{"type":"integer"},
               "name":{"type":["string","null"]}},"required":["id"]}},
      "raw":{},
      "extra":{"type":"object"}},
    "required":["total","items","raw","extra"]})"));
  // No parameters: an object with no properties; :any output: {}.
  CHECK(input_schema_of(sig("{n :int}")) == json::parse(R"({"type":"object","properties":{}})"));
  CHECK(schema_of(sig("() -> :any").output) == json::object());
  // And back: the schema renders as the signature it came from (keywords come back as strings).
  for (const char* text : {"(query :string, limit :int?) -> {total :float, items [{id :int, name :string?}]}",
                           "(xs [:float], m :map?) -> [:string]", "(a :any) -> :bool?", "() -> {}"}) {
    const signature back = sig(text);
    const std::string rendered = render_tool_schema(input_schema_of(back), schema_of(back.output)).signature;
    INFO(text << " came back as " << rendered);
    CHECK(sig(rendered.c_str()) == back);
  }
}

}  // namespace messages_json_schema_test
