// An MCP server on stdio with the test tools the official conformance suite's server scenarios
// call (tools-call-*, json-schema-2020-12, elicitation-sep1034-defaults, -sep1330-enums), for the test of `ptc mcp --expose` as a gateway: the
// suite is the host of `ptc mcp --http`, which serves this server's tools as they are. What the
// suite checks is then ptc's part: every kind of content, errors, log messages, progress and the
// server's sampling and elicitation requests passing through it both ways.
//
//   conformance_tools_server
//
// Each tools/call runs on a thread of its own (the suite waits on calls that wait on it); a
// request to the client (sampling/createMessage, elicitation/create) waits for its answer, read
// by the main thread.
#include <chrono>
#include <condition_variable>
#include <future>
#include <iostream>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

using json = nlohmann::ordered_json;

namespace {

std::mutex out_mutex;

void write_line(const json& j) {
  std::lock_guard lock(out_mutex);
  std::cout << j.dump() << "\n" << std::flush;
}

// A 1x1 red PNG and a WAV file of one silent sample (8 kHz, 8 bit, mono).
constexpr const char* red_pixel_png =
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==";
constexpr const char* silent_wav = "UklGRiUAAABXQVZFZm10IBAAAAABAAEAQB8AAEAfAAABAAgAZGF0YQEAAACA";

/// Requests to the client waiting for their answers, by id.
std::mutex ask_mutex;
std::map<std::string, std::promise<json>> asks;
int next_ask = 1;

/// Sends a request to the client and waits (at most 30 s) for its answer message.
json ask_client(const std::string& method, json params) {
  std::string id;
  std::future<json> answer;
  {
    std::lock_guard lock(ask_mutex);
    id = "fixture-" + std::to_string(next_ask++);
    answer = asks[id].get_future();
  }
  write_line({{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", std::move(params)}});
  if (answer.wait_for(std::chrono::seconds(30)) != std::future_status::ready)
    return {{"error", {{"code", -32001}, {"message", "the client did not answer " + method}}}};
  return answer.get();
}

json text_content(const std::string& t) { return {{"type", "text"}, {"text", t}}; }
json text_result(const std::string& t) { return {{"content", json::array({text_content(t)})}}; }

json empty_schema() { return {{"type", "object"}, {"properties", json::object()}}; }

json tool_list() {
  json tools = json::array();
  auto add = [&](const std::string& name, const std::string& description, json schema = empty_schema()) {
    tools.push_back({{"name", name}, {"description", description}, {"inputSchema", std::move(schema)}});
  };
  add("test_simple_text", "Returns a simple text");
  add("test_image_content", "Returns an image");
  add("test_audio_content", "Returns audio");
  add("test_embedded_resource", "Returns an embedded resource");
  add("test_multiple_content_types", "Returns text, an image and a resource");
  add("test_tool_with_logging", "Sends three log messages while it runs");
  add("test_error_handling", "Always fails");
  add("test_tool_with_progress", "Reports progress 0, 50 and 100 of 100");
  add("test_sampling", "Asks the client's LLM",
      {{"type", "object"}, {"properties", {{"prompt", {{"type", "string"}}}}}, {"required", {"prompt"}}});
  add("test_elicitation", "Asks the client's user",
      {{"type", "object"}, {"properties", {{"message", {{"type", "string"}}}}}, {"required", {"message"}}});
  add("test_elicitation_sep1034_defaults", "Asks the client's user, with defaults for every primitive type");
  add("test_elicitation_sep1330_enums", "Asks the client's user to choose, in every enum form");
  add("json_schema_2020_12_tool", "Tool with JSON Schema 2020-12 features",
      {{"$schema", "https://json-schema.org/draft/2020-12/schema"},
       {"type", "object"},
       {"$defs",
        {{"address",
          {{"type", "object"}, {"properties", {{"street", {{"type", "string"}}}, {"city", {{"type", "string"}}}}}}}}},
       {"properties", {{"name", {{"type", "string"}}}, {"address", {{"$ref", "#/$defs/address"}}}}},
       {"additionalProperties", false}});
  return tools;
}

void sleep_ms(int ms) { std::this_thread::sleep_for(std::chrono::milliseconds(ms)); }

/// One tools/call: the answer's result, or a JSON-RPC error as {"error": ...}.
json call(const std::string& name, const json& args, const json& progress_token) {
  if (name == "test_simple_text") return text_result("This is a simple text response for testing.");
  if (name == "test_image_content")
    return {{"content", json::array({{{"type", "image"}, {"data", red_pixel_png}, {"mimeType", "image/png"}}})}};
  if (name == "test_audio_content")
    return {{"content", json::array({{{"type", "audio"}, {"data", silent_wav}, {"mimeType", "audio/wav"}}})}};
  if (name == "test_embedded_resource")
    return {{"content", json::array({{{"type", "resource"},
                                      {"resource",
                                       {{"uri", "test://embedded-resource"},
                                        {"mimeType", "text/plain"},
                                        {"text", "This is an embedded resource content."}}}}})}};
  if (name == "test_multiple_content_types")
    return {{"content", json::array({text_content("Multiple content types test:"),
                                     {{"type", "image"}, {"data", red_pixel_png}, {"mimeType", "image/png"}},
                                     {{"type", "resource"},
                                      {"resource",
                                       {{"uri", "test://mixed-content-resource"},
                                        {"mimeType", "application/json"},
                                        {"text", R"({"test":"data","value":123})"}}}}})}};
  if (name == "test_tool_with_logging") {
    for (const char* m : {"Tool execution started", "Tool processing data", "Tool execution completed"}) {
      write_line({{"jsonrpc", "2.0"},
                  {"method", "notifications/message"},
                  {"params", {{"level", "info"}, {"logger", "conformance-fixture"}, {"data", m}}}});
      sleep_ms(50);
    }
    return text_result("Tool with logging executed successfully");
  }
  if (name == "test_error_handling")
    return {{"content", json::array({text_content("This tool intentionally returns an error for testing")})},
            {"isError", true}};
  if (name == "test_tool_with_progress") {
    for (int p : {0, 50, 100}) {
      if (!progress_token.is_null())
        write_line({{"jsonrpc", "2.0"},
                    {"method", "notifications/progress"},
                    {"params", {{"progressToken", progress_token}, {"progress", p}, {"total", 100}}}});
      if (p < 100) sleep_ms(50);
    }
    return text_result("Tool with progress executed successfully");
  }
  if (name == "test_sampling") {
    json answer = ask_client("sampling/createMessage",
                             {{"messages", json::array({{{"role", "user"},
                                                          {"content", text_content(args.value("prompt", ""))}}})},
                              {"maxTokens", 100}});
    if (answer.contains("error")) return text_result("Sampling failed: " + answer["error"].dump());
    const json content = answer["result"].value("content", json::object());
    return text_result("LLM response: " + content.value("text", std::string()));
  }
  if (name == "test_elicitation") {
    json answer = ask_client(
        "elicitation/create",
        {{"message", args.value("message", "")},
         {"requestedSchema",
          {{"type", "object"},
           {"properties",
            {{"username", {{"type", "string"}, {"description", "User's response"}}},
             {"email", {{"type", "string"}, {"description", "User's email address"}}}}},
           {"required", {"username", "email"}}}}});
    if (answer.contains("error")) return text_result("Elicitation failed: " + answer["error"].dump());
    const json& r = answer["result"];
    return text_result("User response: action=" + r.value("action", std::string()) +
                       ", content=" + r.value("content", json::object()).dump());
  }
  if (name == "test_elicitation_sep1034_defaults" || name == "test_elicitation_sep1330_enums") {
    const json schema =
        name == "test_elicitation_sep1034_defaults"
            ? json{{"type", "object"},
                   {"properties",
                    {{"name", {{"type", "string"}, {"default", "John Doe"}}},
                     {"age", {{"type", "integer"}, {"default", 30}}},
                     {"score", {{"type", "number"}, {"default", 95.5}}},
                     {"status", {{"type", "string"}, {"enum", {"active", "inactive", "pending"}}, {"default", "active"}}},
                     {"verified", {{"type", "boolean"}, {"default", true}}}}}}
            : json{{"type", "object"},
                   {"properties",
                    {{"untitledSingle", {{"type", "string"}, {"enum", {"option1", "option2", "option3"}}}},
                     {"titledSingle",
                      {{"type", "string"},
                       {"oneOf", json::array({{{"const", "value1"}, {"title", "First Option"}},
                                              {{"const", "value2"}, {"title", "Second Option"}}})}}},
                     {"legacyEnum",
                      {{"type", "string"},
                       {"enum", {"opt1", "opt2", "opt3"}},
                       {"enumNames", {"Option One", "Option Two", "Option Three"}}}},
                     {"untitledMulti",
                      {{"type", "array"}, {"items", {{"type", "string"}, {"enum", {"option1", "option2", "option3"}}}}}},
                     {"titledMulti",
                      {{"type", "array"},
                       {"items",
                        {{"anyOf", json::array({{{"const", "value1"}, {"title", "First Choice"}},
                                                {{"const", "value2"}, {"title", "Second Choice"}}})}}}}}}}};
    json answer = ask_client("elicitation/create", {{"message", "Please answer"}, {"requestedSchema", schema}});
    if (answer.contains("error")) return text_result("Elicitation failed: " + answer["error"].dump());
    const json& r = answer["result"];
    return text_result("Elicitation completed: action=" + r.value("action", std::string()) +
                       ", content=" + r.value("content", json::object()).dump());
  }
  if (name == "json_schema_2020_12_tool") return text_result("called with " + args.dump());
  return {{"error", {{"code", -32602}, {"message", "Unknown tool: " + name}}}};
}

}  // namespace

int main() {
  std::vector<std::thread> calls;
  std::string line;
  while (std::getline(std::cin, line)) {
    json msg = json::parse(line, nullptr, false);
    if (msg.is_discarded() || !msg.is_object()) continue;
    if (!msg.contains("method")) {  // an answer to one of our requests
      if (!msg.contains("id")) continue;
      const std::string id = msg["id"].is_string() ? msg["id"].get<std::string>() : msg["id"].dump();
      std::lock_guard lock(ask_mutex);
      auto it = asks.find(id);
      if (it == asks.end()) continue;
      it->second.set_value(msg.contains("error") ? json{{"error", msg["error"]}} : json{{"result", msg["result"]}});
      asks.erase(it);
      continue;
    }
    if (!msg.contains("id")) continue;  // notifications: nothing to do
    const json id = msg["id"];
    const std::string method = msg["method"];
    const json params = msg.value("params", json::object());
    if (method == "initialize") {
      write_line({{"jsonrpc", "2.0"},
                  {"id", id},
                  {"result",
                   {{"protocolVersion", params.value("protocolVersion", "2025-11-25")},
                    {"capabilities", {{"tools", json::object()}, {"logging", json::object()}}},
                    {"serverInfo", {{"name", "conformance-tools-fixture"}, {"version", "1.0.0"}}}}}});
    } else if (method == "tools/list") {
      write_line({{"jsonrpc", "2.0"}, {"id", id}, {"result", {{"tools", tool_list()}}}});
    } else if (method == "tools/call") {
      const std::string name = params.value("name", "");
      const json args = params.value("arguments", json::object());
      const json token = params.contains("_meta") ? params["_meta"].value("progressToken", json()) : json();
      calls.emplace_back([id, name, args, token] {
        json r = call(name, args, token);
        if (r.contains("error") && !r.contains("content")) write_line({{"jsonrpc", "2.0"}, {"id", id}, {"error", r["error"]}});
        else write_line({{"jsonrpc", "2.0"}, {"id", id}, {"result", r}});
      });
    } else if (method == "ping" || method == "logging/setLevel") {
      write_line({{"jsonrpc", "2.0"}, {"id", id}, {"result", json::object()}});
    } else {
      write_line({{"jsonrpc", "2.0"}, {"id", id}, {"error", {{"code", -32601}, {"message", "Method not found: " + method}}}});
    }
  }
  // stdin closed: answers still waited for will not come.
  {
    std::lock_guard lock(ask_mutex);
    for (auto& [id, p] : asks) p.set_value({{"error", {{"code", -32001}, {"message", "the client is gone"}}}});
    asks.clear();
  }
  for (auto& t : calls) t.join();
  return 0;
}
