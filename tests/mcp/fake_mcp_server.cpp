// A misbehaving-on-request MCP server on stdio, for the client's tests: a real process speaking
// newline-delimited JSON-RPC, whose tools and faults are chosen by the test.
//
//   fake_mcp_server [--version V] [--handshake-delay-ms N] [--fail-init] [--exit-at-start]
//                   [--page-size N] [--tools N] [--state-file F] [--grow] [--chatter N] [--call-chatter N]
//                   [--list-fault stall|loop|deep] [--deep-tool] [--malformed]
//
// Tools: echo {message}, add {a b}, weather {city} (structuredContent), fail (isError),
// rpc_error (a JSON-RPC error), slow {ms} (answers after ms, concurrently with other calls),
// stall (never answers), crash (exits with status 3 mid-call), garbage (writes a line that is
// not JSON), big_line {bytes} (one line of that size), image (an image content), mixed (text +
// resource), pid (its process id), and with --tools N, N more named t0..t{N-1}. With --grow,
// a tool grow: each call adds a tool grownK to the list (K = 1, 2, ...; it answers "ok grownK")
// and sends notifications/tools/list_changed before its answer.
// --state-file F: each start appends a line to F (the tests count restarts), and so does each
// notifications/cancelled received ("cancelled ID") and each slow call ("slow ID"). slow sends notifications/progress (1 and
// 2 of 2) before its answer when the call carries a progressToken.
// --chatter N: before answering tools/list, N notifications/message ("chatter K", warning) and
// N lines on stderr ("stderr chatter K"). --call-chatter N: before answering each tools/call, N
// notifications/message ("call chatter K", info).
// --list-fault: tools/list is never answered (stall), answers every page with no tools and the
// cursor "again" (loop), or lists a tool whose inputSchema nests 100,000 objects deep (deep).
// --deep-tool: a tool deep {levels}, whose result's structuredContent nests that many arrays.
// --malformed: each echo call is preceded by notifications and a request whose fields have
// other types than MCP's (params a string, a numeric level, a numeric method); and a tool
// malformed whose result has a content item of type 5.
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <mutex>
#include <string>
#include <thread>

#include <nlohmann/json.hpp>

using json = nlohmann::ordered_json;

namespace {

std::mutex out_mutex;

void write_line(const json& j) {
  std::lock_guard lock(out_mutex);
  std::cout << j.dump() << "\n" << std::flush;
}

json text(const std::string& t) { return {{"content", json::array({{{"type", "text"}, {"text", t}}})}}; }

json tool(const std::string& name, const std::string& description, json props, json required) {
  json schema = {{"type", "object"}, {"properties", std::move(props)}};
  if (!required.empty()) schema["required"] = std::move(required);
  return {{"name", name}, {"description", description}, {"inputSchema", schema}};
}

json all_tools(int extra) {
  json tools = json::array();
  tools.push_back(tool("echo", "Echoes back the input", {{"message", {{"type", "string"}, {"description", "Message to echo"}}}}, {"message"}));
  tools.push_back(tool("add", "Adds two numbers", {{"a", {{"type", "number"}}}, {"b", {{"type", "number"}}}}, {"a", "b"}));
  json weather = tool("weather", "Weather for a city",
                      {{"city", {{"type", "string"}, {"enum", {"Paris", "Oslo"}}}}}, {"city"});
  weather["outputSchema"] = {{"type", "object"},
                             {"properties", {{"temperature", {{"type", "number"}}}, {"conditions", {{"type", "string"}}}}},
                             {"required", {"temperature", "conditions"}}};
  tools.push_back(weather);
  tools.push_back(tool("fail", "Always fails", json::object(), json::array()));
  tools.push_back(tool("rpc_error", "Answers with a JSON-RPC error", json::object(), json::array()));
  tools.push_back(tool("slow", "Answers after ms", {{"ms", {{"type", "integer"}}}}, {"ms"}));
  tools.push_back(tool("stall", "Never answers", json::object(), json::array()));
  tools.push_back(tool("crash", "Exits mid-call", json::object(), json::array()));
  tools.push_back(tool("garbage", "Writes a line that is not JSON", json::object(), json::array()));
  tools.push_back(tool("big_line", "Writes one line of the given size", {{"bytes", {{"type", "integer"}}}}, {"bytes"}));
  tools.push_back(tool("image", "An image", json::object(), json::array()));
  tools.push_back(tool("mixed", "Text and a resource", json::object(), json::array()));
  tools.push_back(tool("pid", "The server's process id", json::object(), json::array()));
  for (int i = 0; i < extra; ++i) tools.push_back(tool("t" + std::to_string(i), "extra tool", json::object(), json::array()));
  return tools;
}

}  // namespace

int main(int argc, char** argv) {
  std::string version;
  int handshake_delay_ms = 0, page_size = 1000, extra = 0, chatter = 0, call_chatter = 0;
  bool fail_init = false, grow = false, deep_tool = false, malformed = false;
  std::string state_file, list_fault;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto next = [&] { return i + 1 < argc ? std::string(argv[++i]) : std::string(); };
    if (a == "--version") version = next();
    else if (a == "--handshake-delay-ms") handshake_delay_ms = std::stoi(next());
    else if (a == "--fail-init") fail_init = true;
    else if (a == "--exit-at-start") return 4;
    else if (a == "--page-size") page_size = std::stoi(next());
    else if (a == "--tools") extra = std::stoi(next());
    else if (a == "--grow") grow = true;
    else if (a == "--chatter") chatter = std::stoi(next());
    else if (a == "--call-chatter") call_chatter = std::stoi(next());
    else if (a == "--list-fault") list_fault = next();
    else if (a == "--deep-tool") deep_tool = true;
    else if (a == "--malformed") malformed = true;
    else if (a == "--state-file") {
      state_file = next();
      std::ofstream(state_file, std::ios::app) << "start " << getpid() << "\n";
    }
  }
  std::cerr << "fake MCP server " << getpid() << " listening" << std::endl;
  json tools = all_tools(extra);
  if (grow) tools.push_back(tool("grow", "Adds a tool to the list", json::object(), json::array()));
  if (deep_tool) tools.push_back(tool("deep", "A result nested levels deep", {{"levels", {{"type", "integer"}}}}, {"levels"}));
  if (malformed) tools.push_back(tool("malformed", "A content item of type 5", json::object(), json::array()));
  int grown = 0;
  std::string line;
  while (std::getline(std::cin, line)) {
    json msg = json::parse(line, nullptr, false);
    if (msg.is_discarded()) continue;
    const std::string method = msg.value("method", "");
    if (!msg.contains("id")) {  // notifications
      if (method == "notifications/cancelled" && !state_file.empty())
        std::ofstream(state_file, std::ios::app) << "cancelled " << msg["params"].value("requestId", json()).dump() << "\n";
      continue;
    }
    const json id = msg["id"];
    auto reply = [&](json result) { write_line({{"jsonrpc", "2.0"}, {"id", id}, {"result", std::move(result)}}); };
    if (method == "initialize") {
      std::this_thread::sleep_for(std::chrono::milliseconds(handshake_delay_ms));
      if (fail_init) {
        write_line({{"jsonrpc", "2.0"}, {"id", id}, {"error", {{"code", -32000}, {"message", "no license"}}}});
        continue;
      }
      const std::string asked = msg["params"].value("protocolVersion", "");
      reply({{"protocolVersion", version.empty() ? asked : version},
             {"capabilities", {{"tools", json::object()}}},
             {"serverInfo", {{"name", "fake"}, {"version", "1"}}}});
    } else if (method == "tools/list" && list_fault == "stall") {
    } else if (method == "tools/list" && list_fault == "loop") {
      reply({{"tools", json::array()}, {"nextCursor", "again"}});
    } else if (method == "tools/list" && list_fault == "deep") {
      const int n = 100'000;
      std::string schema;
      for (int k = 0; k < n; ++k) schema += R"({"type":"object","properties":{"a":)";
      schema += R"({"type":"string"})";
      for (int k = 0; k < n; ++k) schema += "}}";
      std::lock_guard lock(out_mutex);
      std::cout << R"({"jsonrpc":"2.0","id":)" << id.dump() << R"(,"result":{"tools":[{"name":"deep","inputSchema":)"
                << schema << "}]}}\n" << std::flush;
    } else if (method == "tools/list") {
      for (int k = 1; k <= chatter; ++k) {
        write_line({{"jsonrpc", "2.0"},
                    {"method", "notifications/message"},
                    {"params", {{"level", "warning"}, {"data", "chatter " + std::to_string(k)}}}});
        std::cerr << "stderr chatter " << k << "\n";
      }
      std::cerr << std::flush;
      std::size_t start = 0;
      if (msg.contains("params") && msg["params"].contains("cursor"))
        start = std::stoul(msg["params"]["cursor"].get<std::string>());
      json page = json::array();
      for (std::size_t i = start; i < tools.size() && page.size() < static_cast<std::size_t>(page_size); ++i)
        page.push_back(tools[i]);
      json result = {{"tools", page}};
      if (start + page.size() < tools.size()) result["nextCursor"] = std::to_string(start + page.size());
      reply(result);
    } else if (method == "ping") {
      reply(json::object());
    } else if (method == "tools/call") {
      const std::string name = msg["params"].value("name", "");
      const json args = msg["params"].value("arguments", json::object());
      for (int k = 1; k <= call_chatter; ++k)
        write_line({{"jsonrpc", "2.0"}, {"method", "notifications/message"},
                    {"params", {{"level", "info"}, {"data", "call chatter " + std::to_string(k)}}}});
      if (name == "echo" && malformed) {
        write_line({{"jsonrpc", "2.0"}, {"method", "notifications/message"}, {"params", "x"}});
        write_line({{"jsonrpc", "2.0"}, {"method", "notifications/message"}, {"params", {{"level", 3}, {"data", "y"}}}});
        write_line({{"jsonrpc", "2.0"}, {"method", "notifications/progress"}, {"params", json::array({1})}});
        write_line({{"jsonrpc", "2.0"}, {"method", 5}});
        write_line({{"jsonrpc", "2.0"}, {"id", "s1"}, {"method", 7}});
      }
      if (name == "malformed" && malformed) reply({{"content", json::array({{{"type", 5}}})}});
      else if (name == "echo") reply(text(args.value("message", "")));
      else if (name == "add") reply(text(json(args.value("a", 0.0) + args.value("b", 0.0)).dump()));
      else if (name == "weather")
        reply({{"content", json::array({{{"type", "text"}, {"text", "{\"temperature\":21.5}"}}})},
               {"structuredContent", {{"temperature", args.value("city", "") == "Oslo" ? -3.0 : 21.5}, {"conditions", "clear"}}}});
      else if (name == "fail") reply({{"content", json::array({{{"type", "text"}, {"text", "boom: no such file"}}})}, {"isError", true}});
      else if (name == "rpc_error") write_line({{"jsonrpc", "2.0"}, {"id", id}, {"error", {{"code", -32602}, {"message", "bad params"}}}});
      else if (name == "slow") {
        const int ms = args.value("ms", 0);
        if (!state_file.empty()) std::ofstream(state_file, std::ios::app) << "slow " << id.dump() << "\n";
        const json token = msg["params"].value("_meta", json::object()).value("progressToken", json());
        std::thread([id, ms, token] {
          for (int k = 1; k <= 2 && !token.is_null(); ++k) {
            write_line({{"jsonrpc", "2.0"}, {"method", "notifications/progress"},
                        {"params", {{"progressToken", token}, {"progress", k}, {"total", 2}, {"message", "step " + std::to_string(k)}}}});
          }
          std::this_thread::sleep_for(std::chrono::milliseconds(ms));
          write_line({{"jsonrpc", "2.0"}, {"id", id}, {"result", text(std::to_string(ms))}});
        }).detach();
      } else if (name == "stall") {
      } else if (name == "crash") {
        std::_Exit(3);
      } else if (name == "garbage") {
        std::lock_guard lock(out_mutex);
        std::cout << "this is not json\n" << std::flush;
      } else if (name == "big_line") {
        std::lock_guard lock(out_mutex);
        std::cout << std::string(args.value("bytes", 0), 'x') << "\n" << std::flush;
      } else if (name == "image") {
        reply({{"content", json::array({{{"type", "image"}, {"data", "iVBORw0KGgo="}, {"mimeType", "image/png"}}})}});
      } else if (name == "mixed") {
        reply({{"content", json::array({{{"type", "text"}, {"text", "see the file"}},
                                        {{"type", "resource"}, {"resource", {{"uri", "file:///a.txt"}, {"mimeType", "text/plain"}, {"text", "hello"}}}}})}});
      } else if (name == "deep" && deep_tool) {
        const int n = args.value("levels", 1);
        std::lock_guard lock(out_mutex);
        std::cout << R"({"jsonrpc":"2.0","id":)" << id.dump() << R"(,"result":{"content":[],"structuredContent":{"v":)"
                  << std::string(static_cast<std::size_t>(n), '[') << std::string(static_cast<std::size_t>(n), ']') << "}}}\n"
                  << std::flush;
      } else if (name == "pid") {
        reply(text(std::to_string(getpid())));
      } else if (name == "grow" && grow) {
        tools.push_back(tool("grown" + std::to_string(++grown), "A tool added while running", json::object(), json::array()));
        write_line({{"jsonrpc", "2.0"}, {"method", "notifications/tools/list_changed"}});
        reply(text("grew"));
      } else {
        reply(text("ok " + name));
      }
    } else {
      write_line({{"jsonrpc", "2.0"}, {"id", id}, {"error", {{"code", -32601}, {"message", "no method " + method}}}});
    }
  }
  return 0;
}
