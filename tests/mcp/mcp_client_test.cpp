// The MCP client (actors/mcp.hpp) against a real server process: tests/mcp/fake_mcp_server.cpp,
// whose tools misbehave on request. Handshake and version negotiation, paginated tool lists,
// signatures in the tool/ section, results of every content kind, concurrent calls from pmap
// on one connection, and each fault a clear tool error with nothing hung: crash mid-call
// (restart with backoff, then down), garbage, an over-long line, a stall past the timeout, a
// slow or failing handshake.
#include <catch2/catch.hpp>

#include "tests/support/actor_config.hpp"

#include <signal.h>

#include <chrono>
#include <fstream>
#include <optional>
#include <string>
#include <thread>
#include <variant>
#include <vector>

#include "actors/interpreter.hpp"
#include "actors/mcp.hpp"
#include "lisp/printer.hpp"
#include "messages/namespace.hpp"

using namespace ptc;
using namespace std::chrono_literals;
using json = nlohmann::json;

namespace {

constexpr auto wait_limit = 60s;

actors::mcp_server_spec fake(std::vector<std::string> args = {}) {
  actors::mcp_server_spec s;
  s.name = "fake";
  s.command = PTC_FAKE_MCP_SERVER;
  s.args = std::move(args);
  s.connect_timeout_ms = 10'000;
  s.call_timeout_ms = 10'000;
  return s;
}

std::shared_ptr<actors::mcp_client> connect(caf::actor_system& sys, actors::mcp_server_spec spec) {
  auto r = actors::mcp_client::connect(sys, std::move(spec));
  if (auto* e = std::get_if<std::string>(&r)) FAIL("connect failed: " << *e);
  return std::get<0>(r);
}

std::string connect_error(caf::actor_system& sys, actors::mcp_server_spec spec) {
  auto r = actors::mcp_client::connect(sys, std::move(spec));
  REQUIRE(std::holds_alternative<std::string>(r));
  return std::get<std::string>(r);
}

actors::tool_result call(caf::actor_system& sys, const actors::mcp_client& c, const std::string& name,
                         const json& args = json::object()) {
  caf::scoped_actor self{sys};
  std::optional<actors::tool_result> out;
  self->request(c.connection(), wait_limit, actors::tool_atom::value,
                actors::tool_call{name, args.dump(), actors::tree_context{}})
      .receive([&](actors::tool_result& r) { out = std::move(r); },
               [&](caf::error& e) { FAIL("call failed: " << sys.render(e)); });
  REQUIRE(out);
  return *out;
}

std::string eval(caf::actor_system& sys, const std::string& source, std::vector<actors::tool_binding> tools) {
  auto interp = actors::spawn_interpreter(sys, {});
  caf::scoped_actor self{sys};
  actors::eval_request req;
  req.source = source;
  req.limits.timeout_ms = 60'000;
  std::string out = "no reply";
  self->request(interp, wait_limit, actors::eval_atom::value, actors::wire<actors::eval_request>(std::move(req)),
                std::move(tools), actors::tree_context{})
      .receive(
          [&](const actors::wire<actors::eval_reply>& r) {
            out = r->run.err ? "error: " + r->run.err->render() : lisp::pr_str(r->run.result);
          },
          [&](caf::error& e) { out = "request failed: " + sys.render(e); });
  caf::anon_send_exit(interp, caf::exit_reason::user_shutdown);
  return out;
}

bool process_alive(int pid) { return pid > 0 && ::kill(pid, 0) == 0; }

}  // namespace

TEST_CASE("MCP client: handshake, paginated tool list, signatures in the tool/ section") {
  caf::actor_system sys{testing::test_config()};
  auto c = connect(sys, fake({"--page-size", "3", "--tools", "20"}));
  CHECK(c->protocol_version() == "2025-11-25");
  REQUIRE(c->tools().size() == 13 + 20);
  std::vector<messages::tool_spec> specs;
  for (const auto& t : c->tools()) specs.push_back(t.spec);
  const std::string section = messages::render_tool_section(std::span(specs).subspan(0, 3));
  CHECK(section ==
        ";; === tool/ ===\n"
        "tool/fake.echo(message :string) -> :any  ; Echoes back the input\n"
        ";   message: Message to echo\n"
        "tool/fake.add(a :float, b :float) -> :any  ; Adds two numbers\n"
        "tool/fake.weather(city :string) -> {temperature :float, conditions :string}  ; Weather for a city\n"
        ";   city: one of \"Paris\" \"Oslo\"");
}

TEST_CASE("MCP client: version negotiation down to older revisions, and a refusal") {
  caf::actor_system sys{testing::test_config()};
  CHECK(connect(sys, fake({"--version", "2025-06-18"}))->protocol_version() == "2025-06-18");
  CHECK(connect(sys, fake({"--version", "2025-03-26"}))->protocol_version() == "2025-03-26");
  CHECK(connect_error(sys, fake({"--version", "2024-11-05"})) ==
        "MCP server fake speaks protocol version \"2024-11-05\"; ptc speaks 2025-11-25, 2025-06-18 and 2025-03-26");
}

TEST_CASE("MCP client: results of every kind") {
  caf::actor_system sys{testing::test_config()};
  auto c = connect(sys, fake());
  auto echo = call(sys, *c, "fake.echo", {{"message", "hi"}});
  CHECK(echo.ok);
  CHECK(echo.value == "\"hi\"");
  CHECK(call(sys, *c, "fake.add", {{"a", 2}, {"b", 5}}).value == "7.0");
  CHECK(call(sys, *c, "fake.weather", {{"city", "Oslo"}}).value == R"({"temperature":-3.0,"conditions":"clear"})");
  CHECK(call(sys, *c, "fake.image").value == R"({"type":"image","mime_type":"image/png","bytes":8})");
  CHECK(call(sys, *c, "fake.mixed").value ==
        R"(["see the file",{"type":"resource","uri":"file:///a.txt","mime_type":"text/plain","text":"hello"}])");
  auto fail = call(sys, *c, "fake.fail");
  CHECK_FALSE(fail.ok);
  CHECK(fail.error == "boom: no such file");
  CHECK(call(sys, *c, "fake.rpc_error").error == "bad params (JSON-RPC error -32602)");
  CHECK(call(sys, *c, "fake.nope").error == "MCP server fake has no tool nope");
}

TEST_CASE("MCP client: a PTC-Lisp program calls MCP tools, concurrently from pmap on one connection") {
  caf::actor_system sys{testing::test_config()};
  auto c = connect(sys, fake());
  CHECK(eval(sys, R"((tool/fake.echo {:message "x"}))", c->tools()) == "\"x\"");
  CHECK(eval(sys, R"((:temperature (tool/fake.weather {:city "Paris"})))", c->tools()) == "21.5");
  CHECK(eval(sys, R"((try (tool/fake.fail) (catch Exception e (ex-message e))))", c->tools()) ==
        "\"tool/fake.fail failed: boom: no such file\"");
  // Ten calls of 300 ms each: concurrent on one connection, they take ~300 ms, not 3 s.
  const auto start = std::chrono::steady_clock::now();
  CHECK(eval(sys, R"((vec (pmap (fn [i] (tool/fake.slow {:ms 300})) (range 10))))", c->tools()) ==
        "[300 300 300 300 300 300 300 300 300 300]");
  CHECK(std::chrono::steady_clock::now() - start < 2500ms);
}

TEST_CASE("MCP client: a call past its timeout fails naming the server; the connection goes on") {
  caf::actor_system sys{testing::test_config()};
  auto spec = fake();
  spec.call_timeout_ms = 300;
  auto c = connect(sys, spec);
  CHECK(call(sys, *c, "fake.stall").error == "MCP server fake did not answer within 300 ms");
  CHECK(eval(sys, R"((try (tool/fake.stall) (catch Exception e (ex-message e))))", c->tools()) ==
        "\"tool/fake.stall failed: MCP server fake did not answer within 300 ms\"");
  CHECK(call(sys, *c, "fake.echo", {{"message", "still here"}}).value == "\"still here\"");
}

TEST_CASE("MCP client: a crash mid-call fails the call at once, restarts with backoff, then reports the server down") {
  caf::actor_system sys{testing::test_config()};
  const std::string state = "mcp_restarts_" + std::to_string(::getpid()) + ".txt";
  std::remove(state.c_str());
  auto spec = fake({"--state-file", state});
  spec.max_restarts = 2;
  auto c = connect(sys, spec);
  const std::string pid = call(sys, *c, "fake.pid").value;
  auto crash = call(sys, *c, "fake.crash");
  CHECK(crash.error == "MCP server fake exited with status 3 during the call");
  // The next call waits for the restart, then runs on a new process.
  const std::string pid2 = call(sys, *c, "fake.pid").value;
  CHECK(pid2 != pid);
  CHECK(call(sys, *c, "fake.crash").error == "MCP server fake exited with status 3 during the call");
  CHECK(call(sys, *c, "fake.crash").error == "MCP server fake exited with status 3 during the call");
  CHECK(call(sys, *c, "fake.echo", {{"message", "x"}}).error ==
        "MCP server fake is down: it ended 3 times (the last: it exited with status 3)");
  std::ifstream in(state);
  int starts = 0;
  for (std::string line; std::getline(in, line);) ++starts;
  CHECK(starts == 3);
  std::remove(state.c_str());
}

TEST_CASE("MCP client: garbage and an over-long line are protocol faults: the call fails, the server restarts") {
  caf::actor_system sys{testing::test_config()};
  auto spec = fake();
  spec.max_line_bytes = 4096;
  auto c = connect(sys, spec);
  CHECK(call(sys, *c, "fake.garbage").error ==
        "MCP server fake wrote a line that is not JSON-RPC: this is not json during the call");
  CHECK(call(sys, *c, "fake.big_line", {{"bytes", 100'000}}).error ==
        "MCP server fake wrote a line over 4096 bytes on stdout during the call");
  CHECK(call(sys, *c, "fake.echo", {{"message", "back"}}).value == "\"back\"");
}

TEST_CASE("MCP client: a handshake that fails, stalls or cannot start names the server") {
  caf::actor_system sys{testing::test_config()};
  CHECK(connect_error(sys, fake({"--fail-init"})) ==
        "MCP server fake refused to initialize: no license (JSON-RPC error -32000)");
  CHECK(connect_error(sys, fake({"--exit-at-start"})) == "MCP server fake could not start: it exited with status 4");
  auto slow = fake({"--handshake-delay-ms", "5000"});
  slow.connect_timeout_ms = 300;
  CHECK(connect_error(sys, slow) == "MCP server fake could not start: it did not complete the handshake within 300 ms");
  auto missing = fake();
  missing.command = "no-such-mcp-server-here";
  CHECK(connect_error(sys, missing) ==
        "MCP server fake could not start: 'no-such-mcp-server-here' not found in PATH");
}

TEST_CASE("MCP client: allow and deny lists, and an allowed tool the server lacks") {
  caf::actor_system sys{testing::test_config()};
  auto spec = fake();
  spec.allow = {"echo", "add", "fail"};
  spec.deny = {"fail"};
  auto c = connect(sys, spec);
  REQUIRE(c->tools().size() == 2);
  CHECK(c->tools()[0].spec.name == "fake.echo");
  CHECK(c->tools()[1].spec.name == "fake.add");
  auto bad = fake();
  bad.allow = {"echo", "teleport"};
  CHECK(connect_error(sys, bad) == "MCP server fake: tools.mcp allow names teleport, which the server does not offer");
}

TEST_CASE("MCP client: ending the connection ends the server process") {
  caf::actor_system sys{testing::test_config()};
  int pid = 0;
  {
    auto c = connect(sys, fake());
    pid = std::stoi(call(sys, *c, "fake.pid").value);  // the text "123" is JSON: 123
    CHECK(process_alive(pid));
  }
  const auto deadline = std::chrono::steady_clock::now() + 5s;
  while (process_alive(pid) && std::chrono::steady_clock::now() < deadline) std::this_thread::sleep_for(10ms);
  CHECK_FALSE(process_alive(pid));
}

TEST_CASE("MCP client: closing the connection with a call out tells the server it is cancelled, then ends it") {
  caf::actor_system sys{testing::test_config()};
  const std::string state = "mcp_close_cancel_" + std::to_string(::getpid()) + ".txt";
  std::remove(state.c_str());
  caf::scoped_actor self{sys};
  std::optional<actors::tool_result> out;
  auto c = connect(sys, fake({"--state-file", state}));
  auto pending = self->request(c->connection(), wait_limit, actors::tool_atom::value,
                               actors::tool_call{"fake.slow", json{{"ms", 20'000}}.dump(), actors::tree_context{}});
  {
    // The server has the call before the connection closes.
    const auto deadline = std::chrono::steady_clock::now() + 10s;
    auto has = [&](const std::string& prefix) {
      std::ifstream in(state);
      for (std::string line; std::getline(in, line);)
        if (line.starts_with(prefix)) return true;
      return false;
    };
    while (!has("slow ") && std::chrono::steady_clock::now() < deadline) std::this_thread::sleep_for(5ms);
    REQUIRE(has("slow "));
  }
  c.reset();
  pending.receive([&](actors::tool_result& r) { out = std::move(r); }, [&](caf::error& e) { FAIL(sys.render(e)); });
  REQUIRE(out);
  CHECK(out->error == "MCP server fake: the connection was closed");
  const auto deadline = std::chrono::steady_clock::now() + 5s;
  std::string seen;
  while (std::chrono::steady_clock::now() < deadline) {
    std::ifstream in(state);
    seen.assign(std::istreambuf_iterator<char>(in), {});
    if (seen.find("cancelled ") != std::string::npos) break;
    std::this_thread::sleep_for(10ms);
  }
  CHECK(seen.find("cancelled ") != std::string::npos);
  std::remove(state.c_str());
}
