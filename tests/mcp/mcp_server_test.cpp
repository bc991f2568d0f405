// The MCP server session (actors/mcp_server.hpp): fed JSON-RPC messages as a transport would,
// its answers collected as the transport would write them. Version negotiation, the tool
// list, run_program's results (value, printed output, failure, limits, tool calls), JSON-RPC
// errors, concurrent calls, and cancellation (the run is dropped and never answered).
#include <catch2/catch.hpp>

#include "tests/support/actor_config.hpp"
#include "tests/support/eventually.hpp"

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "ptc/actors/agent.hpp"
#include "ptc/actors/interpreter.hpp"
#include "ptc/actors/runtime.hpp"
#include "ptc/actors/mcp.hpp"
#include "ptc/actors/mcp_server.hpp"

namespace mcp_mcp_server_test {

using namespace ptc;
using namespace std::chrono_literals;
using json = nlohmann::ordered_json;

namespace {

/// A session and what it wrote.
struct session {
  caf::actor_system& sys;
  caf::actor interp;
  caf::actor actor;
  std::shared_ptr<std::mutex> mu = std::make_shared<std::mutex>();
  std::shared_ptr<std::vector<json>> out = std::make_shared<std::vector<json>>();
  /// For each message of `out`: the id (JSON text) of the request it belongs to, or "".
  std::shared_ptr<std::vector<std::string>> related = std::make_shared<std::vector<std::string>>();

  bool own_interp = true;

  explicit session(caf::actor_system& s, std::vector<actors::tool_binding> tools = {}, lisp::limits lim = {})
      : sys(s), interp(actors::spawn_interpreter(s, {})) {
    actors::mcp_server_options o;
    o.interpreter = interp;
    o.tools = std::move(tools);
    o.limits = lim;
    start(std::move(o));
  }
  /// A session of `rt`'s interpreter serving `agents` with its LLM.
  session(actors::runtime& rt, std::vector<actors::mcp_agent> agents) : sys(rt.system()), interp(rt.interpreter()), own_interp(false) {
    actors::mcp_server_options o;
    o.interpreter = interp;
    o.agents = std::move(agents);
    o.llm = rt.llm();
    start(std::move(o));
  }
  void start(actors::mcp_server_options o) {
    actor = actors::spawn_mcp_session(sys, std::move(o), [mu = mu, out = out, related = related](std::string text, const std::string& r) {
      std::lock_guard<std::mutex> lock(*mu);
      out->push_back(json::parse(text));
      related->push_back(r);
    });
  }
  ~session() {
    caf::anon_send_exit(actor, caf::exit_reason::user_shutdown);
    if (own_interp) caf::anon_send_exit(interp, caf::exit_reason::user_shutdown);
  }

  void send(const std::string& text) { caf::anon_send(actor, actors::mcp_in_atom::value, text); }
  void send(const json& msg) { send(msg.dump()); }

  /// The answer to request `id`, waiting for it (null when none came).
  json answer(const json& id) {
    json found;
    testing::eventually([&] {
      std::lock_guard<std::mutex> lock(*mu);
      for (const auto& m : *out)
        if (m.contains("id") && m["id"] == id) found = m;
      return !found.is_null();
    });
    return found;
  }
  json request(const json& id, const std::string& method, json params = json::object()) {
    send(json{{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", std::move(params)}});
    return answer(id);
  }
  json run(const json& id, const std::string& program, json data = nullptr) {
    json args = {{"program", program}};
    if (!data.is_null()) args["data"] = std::move(data);
    return request(id, "tools/call", {{"name", "run_program"}, {"arguments", std::move(args)}});
  }
  /// What was written that is not an answer (notifications), in order.
  std::vector<json> notifications() {
    std::lock_guard<std::mutex> lock(*mu);
    std::vector<json> found;
    for (const auto& m : *out)
      if (!m.contains("id")) found.push_back(m);
    return found;
  }
  std::size_t written() {
    std::lock_guard<std::mutex> lock(*mu);
    return out->size();
  }
};

json init_params(const std::string& version) {
  return {{"protocolVersion", version},
          {"capabilities", json::object()},
          {"clientInfo", {{"name", "test"}, {"version", "1"}}}};
}

}  // namespace

TEST_CASE("MCP server: initialize answers a known revision in kind, any other with 2025-11-25") {
  caf::actor_system sys{testing::test_config()};
  session s(sys);
  json r = s.request(1, "initialize", init_params("2025-06-18"));
  CHECK(r["result"]["protocolVersion"] == "2025-06-18");
  CHECK(r["result"]["serverInfo"]["name"] == "ptc");
  CHECK(r["result"]["capabilities"].contains("tools"));
  CHECK(s.request(2, "initialize", init_params("2025-03-26"))["result"]["protocolVersion"] == "2025-03-26");
  CHECK(s.request(3, "initialize", init_params("2024-11-05"))["result"]["protocolVersion"] == "2025-11-25");
  CHECK(s.request("p", "ping")["result"] == json::object());
}

TEST_CASE("MCP server: tools/list offers run_program with its schemas and the tools it may call") {
  caf::actor_system sys{testing::test_config()};
  actors::tool_binding b;
  b.spec = messages::tool_spec{"find-orders", "Orders by status", "(status :string) -> [{id :int}]"};
  b.handle = actors::spawn_function_tool(sys, [](const nlohmann::ordered_json&) { return nlohmann::ordered_json::array(); });
  b.owned = true;
  session s(sys, {b});
  s.request(1, "initialize", init_params("2025-11-25"));
  json tools = s.request(2, "tools/list")["result"]["tools"];
  REQUIRE(tools.size() == 1);
  CHECK(tools[0]["name"] == "run_program");
  CHECK(tools[0]["inputSchema"]["required"] == json::array({"program"}));
  CHECK(tools[0]["outputSchema"]["required"] == json::array({"result"}));
  const std::string d = tools[0]["description"];
  CHECK_THAT(d, Catch::Contains("(tool/NAME {:key value})"));
  CHECK_THAT(d, Catch::EndsWith(";; === tool/ ===\ntool/find-orders(status :string) -> [{id :int}]  ; Orders by status"));
  caf::anon_send_exit(b.handle, caf::exit_reason::user_shutdown);
}

TEST_CASE("MCP server: run_program returns the value as structuredContent and printed output as text") {
  caf::actor_system sys{testing::test_config()};
  actors::tool_binding b;
  b.spec = messages::tool_spec{"double", "Doubles n", "(n :int) -> :int"};
  b.handle = actors::spawn_function_tool(sys, [](const nlohmann::ordered_json& a) { return nlohmann::ordered_json(a["n"].get<int>() * 2); });
  session s(sys, {b});
  json r = s.run(1, "(println \"looking\") (return {:sum (reduce + (pmap #(tool/double {:n %}) data/xs)) :tag :ok})",
                 {{"xs", {1, 2, 3}}});
  json res = r["result"];
  CHECK(res["isError"] == false);
  CHECK(res["structuredContent"] == json{{"result", {{"sum", 12}, {"tag", "ok"}}}});
  CHECK(res["content"][0]["text"] == R"({"sum":12,"tag":"ok"})");
  CHECK(res["content"][1]["text"] == "printed:\nlooking\n");
  // The last form's value when the program does not return.
  CHECK(s.run(2, "(+ 1 2)")["result"]["structuredContent"]["result"] == 3);
  caf::anon_send_exit(b.handle, caf::exit_reason::user_shutdown);
}

TEST_CASE("MCP server: a failing program, a limit and a tool error are isError results") {
  caf::actor_system sys{testing::test_config()};
  lisp::limits lim;
  lim.max_steps = 10'000;
  session s(sys, {}, lim);
  json r = s.run(1, "(println \"before\") (/ 1 0)");
  CHECK(r["result"]["isError"] == true);
  CHECK_THAT(r["result"]["content"][0]["text"].get<std::string>(), Catch::Contains("Divide by zero"));
  CHECK(r["result"]["content"][1]["text"] == "printed:\nbefore\n");
  CHECK(s.run(2, "(fail {:why \"no data\"})")["result"]["content"][0]["text"] ==
        "the program failed: {:why \"no data\"}");
  CHECK_THAT(s.run(3, "(loop [i 0] (recur (inc i)))")["result"]["content"][0]["text"].get<std::string>(),
             Catch::Contains("step"));
  CHECK_THAT(s.run(4, "(tool/nothing {})")["result"]["content"][0]["text"].get<std::string>(),
             Catch::Contains("nothing"));
  // Arguments the tool cannot use: a result the model can read and correct.
  json bad = s.request(5, "tools/call", {{"name", "run_program"}, {"arguments", {{"code", "(+ 1 2)"}}}});
  CHECK(bad["result"]["isError"] == true);
  CHECK_THAT(bad["result"]["content"][0]["text"].get<std::string>(), Catch::Contains("\"program\""));
  json bad_data = s.run(6, "data/x", json::array({1}));
  CHECK_THAT(bad_data["result"]["content"][0]["text"].get<std::string>(), Catch::Contains("must be a JSON object"));
}

TEST_CASE("MCP server: JSON-RPC errors for bad messages, unknown methods and unknown tools") {
  caf::actor_system sys{testing::test_config()};
  session s(sys);
  s.send(std::string("{not json"));
  s.send(std::string("[1, 2]"));
  REQUIRE(testing::eventually([&] { return s.written() == 2; }));
  CHECK(s.answer(nullptr)["error"]["code"] == -32600);  // the last answer without an id
  CHECK(s.request(1, "resources/list")["error"]["code"] == -32601);
  json unknown = s.request(2, "tools/call", {{"name", "rm_rf"}, {"arguments", json::object()}});
  CHECK(unknown["error"]["code"] == -32602);
  CHECK(unknown["error"]["message"] == "Unknown tool: rm_rf");
  CHECK(s.request(3, "logging/setLevel", {{"level", "debug"}})["result"] == json::object());
  CHECK(s.request(4, "logging/setLevel", {{"level", "loud"}})["error"]["code"] == -32602);
  // Notifications are never answered.
  const std::size_t before = s.written();
  s.send(json{{"jsonrpc", "2.0"}, {"method", "notifications/initialized"}});
  CHECK(s.request(5, "ping")["result"] == json::object());
  CHECK(s.written() == before + 1);
}

TEST_CASE("MCP server: calls run concurrently and a cancelled call's run is dropped, unanswered") {
  caf::actor_system sys{testing::test_config()};
  lisp::limits lim;
  lim.timeout_ms = 60'000;
  lim.max_steps = 10'000'000'000ull;
  session s(sys, {}, lim);
  json spin = {{"jsonrpc", "2.0"}, {"id", "spin"}, {"method", "tools/call"},
               {"params", {{"name", "run_program"}, {"arguments", {{"program", "(loop [i 0] (recur (inc i)))"}}}}}};
  s.send(spin);
  // Another call is answered while the first one spins.
  CHECK(s.run("quick", "(* 6 7)")["result"]["structuredContent"]["result"] == 42);
  s.send(json{{"jsonrpc", "2.0"}, {"method", "notifications/cancelled"},
              {"params", {{"requestId", "spin"}, {"reason", "user"}}}});
  // The interpreter drops the run: no run is left active, and "spin" is never answered.
  caf::scoped_actor self{sys};
  CHECK(testing::eventually([&] {
    std::uint64_t active = 1;
    self->request(s.interp, 5s, actors::stats_atom::value)
        .receive([&](const actors::interpreter_stats& st) { active = st.active; }, [](caf::error&) {});
    return active == 0;
  }));
  CHECK(s.request("after", "ping")["result"] == json::object());
  std::lock_guard<std::mutex> lock(*s.mu);
  for (const auto& m : *s.out) CHECK(m.value("id", json()) != "spin");
}

namespace {

/// A runtime whose scripted LLM answers each agent (by name) with its programs in turn order,
/// one interpreter (its stats show every run), two threads.
actors::runtime scripted_runtime(std::map<std::string, std::vector<std::string>> programs) {
  actors::runtime_options o;
  o.threads = 2;
  o.interpreters = 1;
  o.script = [programs](const actors::llm_request& r) -> std::optional<std::string> {
    auto it = programs.find(r.agent.substr(r.agent.rfind('/') + 1));
    if (it == programs.end() || r.turn == 0 || r.turn > it->second.size()) return std::nullopt;
    return "```clojure\n" + it->second[r.turn - 1] + "\n```";
  };
  return actors::runtime{std::move(o)};
}

actors::mcp_agent served(actors::runtime& rt, const actors::agent& a, std::size_t max_turns = 5) {
  return {rt.serve_as_tool(a), max_turns};
}

json call_agent(session& s, const json& id, const std::string& name, json args, json token = nullptr) {
  json params = {{"name", name}, {"arguments", std::move(args)}};
  if (!token.is_null()) params["_meta"] = {{"progressToken", token}};
  return s.request(id, "tools/call", std::move(params));
}

}  // namespace

TEST_CASE("MCP server: configured agents are tools with schemas from their signatures") {
  auto rt = scripted_runtime({});
  auto summarise = actors::agent("summarise")
                       .mission("Summarise {{text}} in {{words}} words")
                       .description("Summarises a text")
                       .signature("(text :string, words :int?) -> {summary :string, words :int}");
  auto count = actors::agent("count").mission("Count the words of {{text}}").signature("(text :string) -> :int");
  auto untyped = actors::agent("echo").mission("Repeat {{text}}");
  session s(rt, {served(rt, summarise), served(rt, count), served(rt, untyped)});
  json tools = s.request(1, "tools/list")["result"]["tools"];
  REQUIRE(tools.size() == 4);
  CHECK(tools[0]["name"] == "run_program");
  std::map<std::string, json> by_name;
  for (const auto& t : tools) by_name[t["name"]] = t;
  const json& sum = by_name["summarise"];
  CHECK_THAT(sum["description"].get<std::string>(), Catch::StartsWith("Summarises a text\nA ptc agent"));
  CHECK(sum["inputSchema"] == json::parse(R"({"type":"object","properties":{"text":{"type":"string"},
      "words":{"type":["integer","null"]}},"required":["text"]})"));
  CHECK(sum["outputSchema"] == json::parse(R"({"type":"object","properties":{"summary":{"type":"string"},
      "words":{"type":"integer"}},"required":["summary","words"]})"));
  // A non-object result is wrapped: MCP's structured content is an object.
  CHECK(by_name["count"]["outputSchema"] == json::parse(R"({"type":"object","properties":{"result":{"type":"integer"}},
      "required":["result"]})"));
  // No signature: the mission's placeholders are the parameters.
  CHECK(by_name["echo"]["inputSchema"]["required"] == json::array({"text"}));
  CHECK(by_name["echo"]["outputSchema"]["properties"]["result"] == json::object());
}

TEST_CASE("MCP server: an agent call returns its value as structuredContent, with a progress notification per turn") {
  auto rt = scripted_runtime({{"summarise", {"(println (count data/text))",
                                             "(return {:summary (subs data/text 0 5) :words 1})"}},
                              {"count", {"(return (count (clojure.string/split data/text #\" \")))"}}});
  auto summarise = actors::agent("summarise").mission("Summarise {{text}}").signature("(text :string) -> {summary :string, words :int}");
  auto count = actors::agent("count").mission("Count the words of {{text}}").signature("(text :string) -> :int");
  session s(rt, {served(rt, summarise, 4), served(rt, count)});
  json r = call_agent(s, 1, "summarise", {{"text", "hello world"}}, "tok")["result"];
  CHECK(r["isError"] == false);
  CHECK(r["structuredContent"] == json{{"summary", "hello"}, {"words", 1}});
  CHECK(r["content"][0]["text"] == R"({"summary":"hello","words":1})");
  const auto notes = s.notifications();
  REQUIRE(notes.size() == 2);
  for (std::size_t i = 0; i < 2; ++i) {
    CHECK(notes[i]["method"] == "notifications/progress");
    CHECK(notes[i]["params"]["progressToken"] == "tok");
    CHECK(notes[i]["params"]["progress"] == i + 1);
    CHECK(notes[i]["params"]["total"] == 4);
  }
  CHECK_THAT(notes[0]["params"]["message"].get<std::string>(), Catch::StartsWith("turn 1/4: ran, 1 println"));
  // Without a progress token: no notifications; a scalar value is wrapped.
  json c = call_agent(s, 2, "count", {{"text", "a b c"}})["result"];
  CHECK(c["structuredContent"] == json{{"result", 3}});
  CHECK(s.notifications().size() == 2);
}

TEST_CASE("MCP server: an agent that fails, bad arguments and an unknown agent are clear errors") {
  auto rt = scripted_runtime({{"picky", {"(fail \"no such region\")"}}});
  auto picky = actors::agent("picky").mission("Report on {{region}}");
  session s(rt, {served(rt, picky)});
  json r = call_agent(s, 1, "picky", {{"region", "north"}})["result"];
  CHECK(r["isError"] == true);
  CHECK_THAT(r["content"][0]["text"].get<std::string>(),
             Catch::Contains("picky failed (failed)") && Catch::Contains("no such region"));
  // A missing placeholder value: the mission cannot start.
  json missing = call_agent(s, 2, "picky", json::object())["result"];
  CHECK(missing["isError"] == true);
  CHECK_THAT(missing["content"][0]["text"].get<std::string>(), Catch::Contains("region"));
  CHECK(call_agent(s, 3, "picky", json::array({1}))["result"]["isError"] == true);
  CHECK(call_agent(s, 4, "nobody", json::object())["error"]["message"] == "Unknown tool: nobody");
}

TEST_CASE("MCP server: a cancelled agent call stops the agent and its sub-agents, unanswered") {
  lisp::limits slow;
  slow.timeout_ms = 60'000;
  slow.max_steps = 10'000'000'000ull;
  auto rt = scripted_runtime({{"boss", {"(return (tool/worker {:job \"spin\"}))"}},
                              {"worker", {"(loop [i 0] (recur (inc i)))"}}});
  auto worker = actors::agent("worker").mission("Do {{job}}").limits(slow);
  auto boss = actors::agent("boss").mission("Delegate").tool(worker);
  session s(rt, {served(rt, boss)});
  s.send(json{{"jsonrpc", "2.0"}, {"id", "long"}, {"method", "tools/call"},
              {"params", {{"name", "boss"}, {"arguments", json::object()}, {"_meta", {{"progressToken", 7}}}}}});
  caf::scoped_actor self{rt.system()};
  auto active = [&] {
    std::uint64_t n = 99;
    self->request(s.interp, 5s, actors::stats_atom::value)
        .receive([&](const actors::interpreter_stats& st) { n = st.active; }, [](caf::error&) {});
    return n;
  };
  // The boss's run waits on the worker's, which spins: two runs.
  REQUIRE(testing::eventually([&] { return active() == 2; }));
  s.send(json{{"jsonrpc", "2.0"}, {"method", "notifications/cancelled"}, {"params", {{"requestId", "long"}}}});
  CHECK(testing::eventually([&] { return active() == 0; }));
  CHECK(s.request("after", "ping")["result"] == json::object());
  std::lock_guard<std::mutex> lock(*s.mu);
  for (const auto& m : *s.out) CHECK(m.value("id", json()) != "long");
}

// ---- A gateway: upstream tools served as they are (tools.mcp[].expose) ----------------------

namespace {

actors::mcp_server_spec upstream(const std::string& name, const std::string& command, std::vector<std::string> args = {}) {
  actors::mcp_server_spec spec;
  spec.name = name;
  spec.command = command;
  spec.args = std::move(args);
  spec.expose = true;
  spec.connect_timeout_ms = 10'000;
  spec.call_timeout_ms = 10'000;
  return spec;
}

std::shared_ptr<actors::mcp_client> connect(caf::actor_system& sys, actors::mcp_server_spec spec) {
  auto r = actors::mcp_client::connect(sys, std::move(spec));
  if (auto* e = std::get_if<std::string>(&r)) FAIL("connect failed: " << *e);
  return std::get<0>(r);
}

/// The session's options serving the client's tools as they are (and to run_program).
actors::mcp_server_options gateway(caf::actor interp, const actors::mcp_client& c) {
  actors::mcp_server_options o;
  o.interpreter = std::move(interp);
  o.tools = c.tools();
  const auto entries = c.tool_entries();
  REQUIRE(entries.size() == o.tools.size());
  for (std::size_t i = 0; i < entries.size(); ++i) o.exposed.push_back(actors::expose_tool(entries[i], o.tools[i]));
  return o;
}

json tool_call(const std::string& name, json args = json::object(), json meta = nullptr) {
  json params = {{"name", name}, {"arguments", std::move(args)}};
  if (!meta.is_null()) params["_meta"] = std::move(meta);
  return params;
}

}  // namespace

TEST_CASE("MCP-GW: exposed tools are listed as their server gives them and answered as it answers") {
  caf::actor_system sys{testing::test_config()};
  auto c = connect(sys, upstream("conf", PTC_CONFORMANCE_TOOLS_SERVER));
  CHECK(c->exposed());
  session s(sys);
  s.start(gateway(s.interp, *c));
  s.request(1, "initialize", init_params("2025-11-25"));
  json tools = s.request(2, "tools/list")["result"]["tools"];
  std::map<std::string, json> by_name;
  for (const auto& t : tools) by_name[t["name"]] = t;
  REQUIRE(by_name.count("run_program"));
  REQUIRE(by_name.count("test_simple_text"));
  // The schema as the server wrote it: nothing ptc cannot render is dropped.
  const json& schema = by_name.at("json_schema_2020_12_tool")["inputSchema"];
  CHECK(schema["$schema"] == "https://json-schema.org/draft/2020-12/schema");
  CHECK(schema["$defs"]["address"]["properties"].contains("city"));
  CHECK(schema["additionalProperties"] == false);
  // run_program's programs call them by their ptc names.
  CHECK(by_name.at("run_program")["description"].get<std::string>().find("tool/conf.test_simple_text") != std::string::npos);

  // Every kind of content, as it is (the image's data too: the host asked for it).
  json mixed = s.request(3, "tools/call", tool_call("test_multiple_content_types"))["result"];
  REQUIRE(mixed["content"].size() == 3);
  CHECK(mixed["content"][1]["type"] == "image");
  CHECK(mixed["content"][1]["data"].get<std::string>().starts_with("iVBORw0KGgo"));
  CHECK(mixed["content"][2]["resource"]["uri"] == "test://mixed-content-resource");
  json failed = s.request(4, "tools/call", tool_call("test_error_handling"))["result"];
  CHECK(failed["isError"] == true);
  CHECK(failed["content"][0]["text"] == "This tool intentionally returns an error for testing");
  // The same server through run_program: the program sees ptc's mapping of the result.
  json run = s.run(5, "(tool/conf.test_image_content {})");
  CHECK(run["result"]["structuredContent"]["result"]["mime_type"] == "image/png");
  CHECK(s.request(6, "tools/call", tool_call("test_nothing"))["error"]["message"] == "Unknown tool: test_nothing");
}

TEST_CASE("MCP-GW: an upstream JSON-RPC error, progress under the host's token and a cancelled call pass through") {
  caf::actor_system sys{testing::test_config()};
  const std::string state =
      (std::filesystem::temp_directory_path() / ("ptc_gateway_" + std::to_string(::getpid()) + ".txt")).string();
  std::remove(state.c_str());
  auto read_state = [&] {
    std::ifstream in(state);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  };
  auto c = connect(sys, upstream("fake", PTC_FAKE_MCP_SERVER, {"--state-file", state}));
  session s(sys);
  s.start(gateway(s.interp, *c));
  s.request(1, "initialize", init_params("2025-11-25"));
  json error = s.request(2, "tools/call", tool_call("rpc_error"));
  REQUIRE(error.contains("error"));
  CHECK_FALSE(error.contains("result"));
  // slow sends progress 1 and 2 of 2: the host gets them under its own token, on its call.
  json slow = s.request("s", "tools/call", tool_call("slow", {{"ms", 50}}, {{"progressToken", "host-token"}}));
  CHECK(slow["result"]["content"][0]["text"] == "50");
  {
    std::lock_guard<std::mutex> lock(*s.mu);
    std::vector<json> progress;
    for (std::size_t i = 0; i < s.out->size(); ++i) {
      if ((*s.out)[i].value("method", "") != "notifications/progress") continue;
      CHECK((*s.related)[i] == "\"s\"");
      progress.push_back((*s.out)[i]["params"]);
    }
    REQUIRE(progress.size() == 2);
    CHECK(progress[0]["progressToken"] == "host-token");
    CHECK(progress[1]["progress"] == 2);
  }
  // A cancelled call is cancelled at the server too, and never answered.
  s.send(json{{"jsonrpc", "2.0"}, {"id", "st"}, {"method", "tools/call"}, {"params", tool_call("stall")}});
  std::this_thread::sleep_for(100ms);
  s.send(json{{"jsonrpc", "2.0"}, {"method", "notifications/cancelled"}, {"params", {{"requestId", "st"}}}});
  CHECK(testing::eventually([&] { return read_state().find("cancelled") != std::string::npos; }));
  CHECK(s.request("after", "ping")["result"] == json::object());
  std::remove(state.c_str());
  std::lock_guard<std::mutex> lock(*s.mu);
  for (const auto& m : *s.out) CHECK(m.value("id", json()) != "st");
}

TEST_CASE("MCP-GW: the server's log messages and requests reach the host of the call, as it asked for them") {
  caf::actor_system sys{testing::test_config()};
  auto c = connect(sys, upstream("conf", PTC_CONFORMANCE_TOOLS_SERVER));

  SECTION("a host that did not offer sampling: the server is refused, the call still ends") {
    session s(sys);
    s.start(gateway(s.interp, *c));
    s.request(1, "initialize", init_params("2025-11-25"));
    json r = s.request(2, "tools/call", tool_call("test_sampling", {{"prompt", "hi"}}))["result"];
    CHECK(r["content"][0]["text"].get<std::string>().find("the MCP host did not offer sampling") != std::string::npos);
  }
  SECTION("a host that offered sampling and elicitation answers them; log messages at its level") {
    session s(sys);
    s.start(gateway(s.interp, *c));
    json init = init_params("2025-11-25");
    init["capabilities"] = {{"sampling", json::object()}, {"elicitation", json::object()}};
    s.request(1, "initialize", init);
    s.send(json{{"jsonrpc", "2.0"}, {"id", 2}, {"method", "tools/call"}, {"params", tool_call("test_sampling", {{"prompt", "hi"}})}});
    json ask;
    REQUIRE(testing::eventually([&] {
      std::lock_guard<std::mutex> lock(*s.mu);
      for (std::size_t i = 0; i < s.out->size(); ++i)
        if ((*s.out)[i].value("method", "") == "sampling/createMessage") {
          ask = (*s.out)[i];
          CHECK((*s.related)[i] == "2");
        }
      return !ask.is_null();
    }));
    CHECK(ask["params"]["messages"][0]["content"]["text"] == "hi");
    s.send(json{{"jsonrpc", "2.0"}, {"id", ask["id"]},
                {"result", {{"role", "assistant"}, {"content", {{"type", "text"}, {"text", "hello"}}}, {"model", "m"}}}});
    CHECK(s.answer(2)["result"]["content"][0]["text"] == "LLM response: hello");

    // Log messages go to the call's host at the level it set (info by default).
    json logged = s.request(3, "tools/call", tool_call("test_tool_with_logging"));
    CHECK(logged["result"]["content"][0]["text"] == "Tool with logging executed successfully");
    auto logs = [&] {
      std::size_t n = 0;
      for (const auto& m : s.notifications()) n += m.value("method", "") == "notifications/message";
      return n;
    };
    CHECK(logs() == 3);
    s.request(4, "logging/setLevel", {{"level", "error"}});
    s.request(5, "tools/call", tool_call("test_tool_with_logging"));
    CHECK(logs() == 3);
  }
}

TEST_CASE("MCP-GW: a server that floods log messages reaches the host with at most 100 a second") {
  caf::actor_system sys{testing::test_config()};
  auto c = connect(sys, upstream("fake", PTC_FAKE_MCP_SERVER, {"--call-chatter", "2000"}));
  session s(sys);
  s.start(gateway(s.interp, *c));
  s.request(1, "initialize", init_params("2025-11-25"));
  CHECK(s.request(2, "tools/call", tool_call("echo", {{"message", "hi"}}))["result"]["content"][0]["text"] == "hi");
  std::size_t logs = 0;
  for (const auto& m : s.notifications()) logs += m.value("method", "") == "notifications/message";
  // 2,000 written at once: the first second's 100 pass (a slow host may open a second window).
  CHECK(logs >= 100);
  CHECK(logs <= 300);
}

}  // namespace mcp_mcp_server_test
