// The MCP client (actors/mcp.hpp) against a real server process: tests/mcp/fake_mcp_server.cpp,
// whose tools misbehave on request. Handshake and version negotiation, paginated tool lists,
// signatures in the tool/ section, results of every content kind, concurrent calls from pmap
// on one connection, and each fault a clear tool error with nothing hung: crash mid-call
// (restart with backoff, then down), garbage, an over-long line, a stall past the timeout, a
// slow or failing handshake. Then the same client over Streamable HTTP against an MCP server of
// our own on a real HTTP server (tests/support/http_server.hpp): sessions, event streams, a
// lost session, HTTP faults, bearer tokens, DELETE on close.
#include <catch2/catch.hpp>

#include "tests/support/actor_config.hpp"

#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <optional>
#include <string>
#include <thread>
#include <variant>
#include <vector>

#include <spdlog/sinks/ostream_sink.h>
#include <spdlog/spdlog.h>

#include "ptc/actors/interpreter.hpp"
#include "ptc/actors/mcp.hpp"
#include "ptc/actors/trace.hpp"
#include "ptc/actors/wire.hpp"
#include "ptc/lisp/printer.hpp"
#include "ptc/messages/namespace.hpp"
#include "tests/support/eventually.hpp"
#include "tests/support/http_server.hpp"

namespace mcp_mcp_client_test {

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

/// Alive and not a zombie (an orphan's zombie waits for whoever reaps orphans here).
bool process_running(int pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string id, comm, state;
  stat >> id >> comm >> state;
  return stat && state != "Z";
}

/// The process id a wrapper shell wrote to `file`, waiting for it to be written.
int pid_in(const std::string& file) {
  int pid = 0;
  const auto deadline = std::chrono::steady_clock::now() + 5s;
  while (pid == 0 && std::chrono::steady_clock::now() < deadline) {
    std::ifstream in(file);
    if (!(in >> pid)) std::this_thread::sleep_for(10ms);
  }
  return pid;
}

bool ends_within(int pid, std::chrono::seconds limit) {
  const auto deadline = std::chrono::steady_clock::now() + limit;
  while (process_running(pid) && std::chrono::steady_clock::now() < deadline) std::this_thread::sleep_for(10ms);
  return !process_running(pid);
}

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

TEST_CASE("MCP client: a call past its timeout fails naming the server, the connection goes on") {
  caf::actor_system sys{testing::test_config()};
  auto spec = fake();
  spec.call_timeout_ms = 300;
  auto c = connect(sys, spec);
  CHECK(call(sys, *c, "fake.stall").error == "MCP server fake did not answer within 300 ms");
  CHECK(eval(sys, R"((try (tool/fake.stall) (catch Exception e (ex-message e))))", c->tools()) ==
        "\"tool/fake.stall failed: MCP server fake did not answer within 300 ms\"");
  CHECK(call(sys, *c, "fake.echo", {{"message", "still here"}}).value == "\"still here\"");
}

// Over stdio the reader thread answers a call itself and the actor fails late ones: whichever
// takes the call first answers it, once. An answer that comes after its call timed out is dropped,
// and calls answered in time are never failed by the timer afterwards.
TEST_CASE("MCP client: answers and timeouts of concurrent calls each answer once, a late answer is dropped") {
  caf::actor_system sys{testing::test_config()};
  auto spec = fake();
  spec.call_timeout_ms = 1000;
  auto c = connect(sys, spec);
  // Calls of 50 ms answer; calls of 1,800 ms time out at 1,000 ms, their answers come later.
  CHECK(eval(sys, R"((vec (pmap (fn [ms] (try (tool/fake.slow {:ms ms}) (catch Exception e (ex-message e))))
                               [50 1800 50 1800])))",
             c->tools()) ==
        "[50 \"tool/fake.slow failed: MCP server fake did not answer within 1000 ms\" 50 "
        "\"tool/fake.slow failed: MCP server fake did not answer within 1000 ms\"]");
  std::this_thread::sleep_for(1200ms);  // the two late answers arrive now, for calls that are over
  CHECK(call(sys, *c, "fake.echo", {{"message", "after"}}).value == "\"after\"");
  // Many quick calls, then the timer still fails a stalled one on time.
  CHECK(eval(sys, R"((do (dotimes [i 200] (tool/fake.echo {:message "x"}))
                         (try (tool/fake.stall) (catch Exception e (ex-message e)))))",
             c->tools()) == "\"tool/fake.stall failed: MCP server fake did not answer within 1000 ms\"");
}

namespace {

/// Runs `source` on `interp` in the tree `tree` (eval() with an interpreter and a tree of the
/// test's own).
std::string eval_on(caf::actor_system& sys, const caf::actor& interp, const std::string& source,
                    std::vector<actors::tool_binding> tools, actors::tree_context tree = {}) {
  caf::scoped_actor self{sys};
  actors::eval_request req;
  req.source = source;
  req.limits.timeout_ms = 60'000;
  std::string out = "no reply";
  self->request(interp, wait_limit, actors::eval_atom::value, actors::wire<actors::eval_request>(std::move(req)),
                std::move(tools), std::move(tree))
      .receive(
          [&](const actors::wire<actors::eval_reply>& r) {
            out = r->run.err ? "error: " + r->run.err->render() : lisp::pr_str(r->run.result);
          },
          [&](caf::error& e) { out = "request failed: " + sys.render(e); });
  return out;
}

actors::interpreter_stats stats_of(caf::actor_system& sys, const caf::actor& interp) {
  caf::scoped_actor self{sys};
  actors::interpreter_stats out;
  self->request(interp, wait_limit, actors::stats_atom::value)
      .receive([&](actors::interpreter_stats& s) { out = s; }, [&](caf::error& e) { FAIL(sys.render(e)); });
  return out;
}

/// The lines of the fake server's state file that start with `prefix`, waiting up to 5 s for
/// there to be `at_least` of them.
std::size_t state_lines(const std::string& file, const std::string& prefix, std::size_t at_least) {
  const auto deadline = std::chrono::steady_clock::now() + 5s;
  std::size_t n = 0;
  do {
    n = 0;
    std::ifstream in(file);
    for (std::string line; std::getline(in, line);) n += line.starts_with(prefix);
    if (n >= at_least) break;
    std::this_thread::sleep_for(10ms);
  } while (std::chrono::steady_clock::now() < deadline);
  return n;
}

}  // namespace

// Over stdio an interpreter writes a program's calls to the server itself (tool_binding::direct,
// one actor hop less): every way such a call ends answers it once and, when it did not end by its
// answer, tells the server it is cancelled.
TEST_CASE("MCP client over stdio: a program's calls skip the connection's actor, a timeout or the program's end cancels them at the server") {
  caf::actor_system sys{testing::test_config()};
  const std::string state = "mcp_direct_" + std::to_string(::getpid()) + ".txt";
  std::remove(state.c_str());
  auto interp = actors::spawn_interpreter(sys, {});
  {
    auto spec = fake({"--state-file", state});
    spec.call_timeout_ms = 500;
    auto c = connect(sys, spec);
    auto tools = c->tools();
    REQUIRE(!tools.empty());
    CHECK(tools.front().direct != nullptr);
    CHECK(eval_on(sys, interp, R"((vec (pmap (fn [i] (tool/fake.add {:a i :b 1})) (range 20))))", tools) ==
          "[1.0 2.0 3.0 4.0 5.0 6.0 7.0 8.0 9.0 10.0 11.0 12.0 13.0 14.0 15.0 16.0 17.0 18.0 19.0 20.0]");
    CHECK(stats_of(sys, interp).direct_calls == 20);
    // Timed out: the error names the server, and the server hears the call is cancelled.
    CHECK(eval_on(sys, interp, R"((try (tool/fake.stall) (catch Exception e (ex-message e))))", tools) ==
          "\"tool/fake.stall failed: MCP server fake did not answer within 500 ms\"");
    CHECK(state_lines(state, "cancelled ", 1) == 1);
  }
  // The program's mission ends (its requester is gone) while a call is out: the server hears it
  // is cancelled at once, not at the call's timeout (30 s here).
  auto spec = fake({"--state-file", state});
  spec.call_timeout_ms = 30'000;
  auto c = connect(sys, spec);
  auto tools = c->tools();
  {
    caf::scoped_actor asker{sys};
    actors::eval_request req;
    req.source = R"((tool/fake.slow {:ms 20000}))";
    asker->send(interp, actors::eval_atom::value, actors::wire<actors::eval_request>(std::move(req)), tools,
                actors::tree_context{});
    REQUIRE(state_lines(state, "slow ", 1) == 1);
  }
  CHECK(state_lines(state, "cancelled ", 2) == 2);
  // Calls through the connection's actor and through the interpreter share the ids and the
  // connection, which goes on.
  CHECK(call(sys, *c, "fake.echo", {{"message", "actor"}}).value == "\"actor\"");
  CHECK(eval_on(sys, interp, R"((tool/fake.echo {:message "direct"}))", tools) == "\"direct\"");
  caf::anon_send_exit(interp, caf::exit_reason::user_shutdown);
  std::remove(state.c_str());
}

TEST_CASE("MCP client over stdio: a program's call that crashes the server fails at once, calls after the restart go direct again") {
  caf::actor_system sys{testing::test_config()};
  auto spec = fake();
  spec.max_restarts = 2;
  auto c = connect(sys, spec);
  auto tools = c->tools();
  auto interp = actors::spawn_interpreter(sys, {});
  const auto start = std::chrono::steady_clock::now();
  CHECK(eval_on(sys, interp, R"((try (tool/fake.crash) (catch Exception e (ex-message e))))", tools) ==
        "\"tool/fake.crash failed: MCP server fake exited with status 3 during the call\"");
  CHECK(std::chrono::steady_clock::now() - start < 5s);
  // The first call after the crash may wait in the connection for the restart; later ones go direct.
  CHECK(eval_on(sys, interp, R"((tool/fake.echo {:message "a"}))", tools) == "\"a\"");
  const auto before = stats_of(sys, interp).direct_calls;
  CHECK(eval_on(sys, interp, R"((tool/fake.echo {:message "b"}))", tools) == "\"b\"");
  CHECK(stats_of(sys, interp).direct_calls == before + 1);
  caf::anon_send_exit(interp, caf::exit_reason::user_shutdown);
}

TEST_CASE("MCP client over stdio: progress of a program's call goes to its agent's trace") {
  caf::actor_system sys{testing::test_config()};
  auto c = connect(sys, fake());
  const std::string path = "mcp_stdio_trace_" + std::to_string(::getpid()) + ".jsonl";
  caf::actor sink = actors::spawn_trace_sink(sys, path);
  actors::tree_context ctx;
  ctx.trace = sink;
  ctx.path = "analyst";
  auto interp = actors::spawn_interpreter(sys, {});
  CHECK(eval_on(sys, interp, R"((tool/fake.slow {:ms 50}))", c->tools(), ctx) == "50");
  CHECK(stats_of(sys, interp).direct_calls == 1);
  caf::anon_send_exit(interp, caf::exit_reason::user_shutdown);
  caf::scoped_actor self{sys};
  self->request(sink, wait_limit, actors::flush_atom::value).receive([](bool) {}, [](caf::error&) {});
  caf::anon_send_exit(sink, caf::exit_reason::user_shutdown);
  std::ifstream in(path);
  std::vector<json> events;
  for (std::string line; std::getline(in, line);) {
    json e = json::parse(line);
    if (e["event"] == "tool_progress") events.push_back(e);
  }
  REQUIRE(events.size() == 2);
  CHECK(events[0]["agent"] == "analyst");
  CHECK(events[0]["tool"] == "fake.slow");
  CHECK(events[0]["progress"] == 1);
  CHECK(events[1]["progress"] == 2);
  CHECK(events[1]["total"] == 2);
  std::remove(path.c_str());
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
  CHECK(connect_error(sys, slow) ==
        "MCP server fake could not start: it did not complete the handshake within 300 ms (no answer to initialize)");
  auto missing = fake();
  missing.command = "no-such-mcp-server-here";
  CHECK(connect_error(sys, missing) ==
        "MCP server fake could not start: 'no-such-mcp-server-here' not found in PATH");
}

TEST_CASE("MCP client: a tool list that stalls, loops or nests too deep fails the handshake at once, naming the fault") {
  caf::actor_system sys{testing::test_config()};
  // initialize is answered, tools/list never: the handshake's one deadline covers the list too
  // (it covered initialize alone; the caller's own timeout then said "request_timeout").
  auto stall = fake({"--list-fault", "stall"});
  stall.connect_timeout_ms = 300;
  const auto started = std::chrono::steady_clock::now();
  CHECK(connect_error(sys, stall) ==
        "MCP server fake could not start: it did not complete the handshake within 300 ms "
        "(it answered initialize; no answer to tools/list page 1)");
  CHECK(std::chrono::steady_clock::now() - started < 2s);  // not the caller's timeout (+2 s)
  // A cursor that comes back: asked for again and again until the timeout, before.
  CHECK(connect_error(sys, fake({"--list-fault", "loop"})) ==
        "MCP server fake could not list its tools: its pages loop: tools/list page 2 gave the cursor \"again\" a "
        "second time");
  // An inputSchema 100,000 objects deep: a stack overflow when the list was copied, before.
  const std::string deep = connect_error(sys, fake({"--list-fault", "deep"}));
  CHECK(deep.starts_with("MCP server fake could not start: it wrote a line that nests arrays and objects more "
                         "than 512 levels deep (ptc's limit): {\"jsonrpc\""));
}

TEST_CASE("MCP client: a result nested deeper than 512 levels is a protocol fault, not a crash") {
  caf::actor_system sys{testing::test_config()};
  auto c = connect(sys, fake({"--deep-tool"}));
  CHECK(call(sys, *c, "fake.deep", {{"levels", 500}}).ok);
  const auto r = call(sys, *c, "fake.deep", {{"levels", 1'000'000}});
  CHECK_FALSE(r.ok);
  CHECK(r.error.starts_with("MCP server fake wrote a line that nests arrays and objects more than 512 levels deep"));
  CHECK(call(sys, *c, "fake.echo", {{"message", "back"}}).value == "\"back\"");  // restarted
}

TEST_CASE("MCP client: messages whose fields have other types than MCP's are dropped or fail their call, the connection goes on") {
  // A notifications/message with a string for params ended the connection's actor (nlohmann's
  // exception), and every later call of every agent said the tool was down.
  caf::actor_system sys{testing::test_config()};
  auto c = connect(sys, fake({"--malformed"}));
  CHECK(call(sys, *c, "fake.echo", {{"message", "back"}}).value == "\"back\"");
  const auto bad = call(sys, *c, "fake.malformed");
  CHECK_FALSE(bad.ok);
  CHECK(bad.error.starts_with("MCP server fake answered the call with a message ptc could not read (type must be "
                              "string, but is number): {\"jsonrpc\":\"2.0\""));
  CHECK(call(sys, *c, "fake.echo", {{"message", "again"}}).value == "\"again\"");
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

TEST_CASE("MCP client: a server started through a wrapper ends with all it started, garbage at the handshake fails at once") {
  // `sh -c`, npx and friends start the real server as their child: it holds the output pipe
  // open, and stopping the wrapper alone would leave it running (and the client waiting on it).
  caf::actor_system sys{testing::test_config()};
  const std::string file = (std::filesystem::temp_directory_path() / ("ptc_mcp_wrapped_" + std::to_string(::getpid()))).string();
  auto wrapped = [&](const std::string& then) {
    std::filesystem::remove(file);
    auto s = fake();
    s.command = "sh";
    s.args = {"-c", "sleep 60 & echo $! > " + file + "; " + then};
    return s;
  };
  const auto start = std::chrono::steady_clock::now();
  CHECK(connect_error(sys, wrapped("echo garbage; wait")) ==
        "MCP server fake could not start: it wrote a line that is not JSON-RPC: garbage");
  CHECK(std::chrono::steady_clock::now() - start < 5s);  // not the 10 s handshake timeout
  const int first = pid_in(file);
  REQUIRE(first > 0);
  CHECK(ends_within(first, 5s));
  // A server that exits by itself at the end of its input: what it left running ends too.
  {
    auto c = connect(sys, wrapped(std::string("exec ") + PTC_FAKE_MCP_SERVER));
    CHECK(call(sys, *c, "fake.echo", {{"message", "hi"}}).value == "\"hi\"");
  }
  const int second = pid_in(file);
  REQUIRE(second > 0);
  CHECK(ends_within(second, 5s));
  std::filesystem::remove(file);
}

TEST_CASE("MCP client: a server flooding the log gets 100 lines a second into it, the rest is counted, nothing lost silently") {
  std::ostringstream captured;
  auto sink = std::make_shared<spdlog::sinks::ostream_sink_mt>(captured);
  auto logger = spdlog::default_logger();
  const auto level = logger->level();
  logger->sinks().push_back(sink);
  logger->set_level(spdlog::level::info);
  struct restore {  // the process's logger as it was, however the test ends
    std::shared_ptr<spdlog::logger> logger;
    spdlog::level::level_enum level;
    ~restore() {
      logger->sinks().pop_back();
      logger->set_level(level);
    }
  } restored{logger, level};
  auto log_text = [&] {
    sink->flush();
    return captured.str();
  };
  {
    caf::actor_system sys{testing::test_config()};
    // 1,000 notifications/message and 1,000 stderr lines at its handshake.
    auto c = connect(sys, fake({"--chatter", "1000"}));
    CHECK(call(sys, *c, "fake.echo", {{"message", "hi"}}).value == "\"hi\"");
  }
  // Every line is logged or counted (the count is said when the connection ends, at the latest).
  auto accounted = [&] {
    const std::string log = log_text();
    std::size_t logged = 0, counted = 0;
    std::istringstream lines(log);
    for (std::string line; std::getline(lines, line);) {
      if (line.find("chatter ") != std::string::npos) ++logged;
      if (const auto at = line.find("mcp fake: "); at != std::string::npos && line.find("more log lines") != std::string::npos)
        counted += std::stoul(line.substr(at + 10));
    }
    return std::pair{logged, counted};
  };
  CHECK(testing::eventually([&] { auto [l, c] = accounted(); return l + c == 2000; }));
  const auto [logged, counted] = accounted();
  CHECK(logged >= 99);  // the server's start-up line on stderr took one of the first second's 100
  CHECK(logged <= 300);  // 100 a second: the handshake takes well under three seconds
  CHECK(counted >= 1700);
  CHECK_THAT(log_text(), Catch::Contains("more log lines within a second were not logged (at most 100 a second are)"));
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

TEST_CASE("MCP client: notifications/tools/list_changed publishes a new list for the next missions") {
  caf::actor_system sys{testing::test_config()};
  auto c = connect(sys, fake({"--grow"}));
  const auto before = c->tools();  // what a mission that started now would use
  CHECK(c->tools_version() == 1);
  std::atomic<int> notices{0};
  c->on_tools_changed([&] { ++notices; });
  CHECK(call(sys, *c, "fake.grow").value == "\"grew\"");
  REQUIRE(testing::eventually([&] { return c->tools_version() == 2; }));
  // The callback runs on the connection's thread after the new list is published.
  CHECK(testing::eventually([&] { return notices == 1; }));
  const auto after = c->tools();
  REQUIRE(after.size() == before.size() + 1);
  CHECK(after.back().spec.name == "fake.grown1");
  CHECK(before.size() == 14);  // the earlier copy is unchanged
  CHECK(call(sys, *c, "fake.grown1").value == "\"ok grown1\"");
  CHECK(call(sys, *c, "fake.grow").ok);
  REQUIRE(testing::eventually([&] { return c->tools_version() == 3; }));
  CHECK(c->tools().back().spec.name == "fake.grown2");
  // A restarted server is listed again: the grown tools are gone (a new list) ...
  CHECK_FALSE(call(sys, *c, "fake.crash").ok);
  REQUIRE(testing::eventually([&] { return c->tools_version() == 4; }));
  CHECK(c->tools().size() == before.size());
  CHECK(call(sys, *c, "fake.grown1").error == "MCP server fake has no tool grown1");
  // ... and a restart that lists the same tools again is no new list.
  CHECK_FALSE(call(sys, *c, "fake.crash").ok);
  CHECK(call(sys, *c, "fake.echo", {{"message", "back"}}).value == "\"back\"");
  CHECK(c->tools_version() == 4);
  CHECK(testing::eventually([&] { return notices == 3; }));
  c->on_tools_changed(nullptr);
}

// ---- Streamable HTTP ----------------------------------------------------------------------

namespace {

/// An MCP server over Streamable HTTP (2025-11-25), on a real HTTP server, whose tools misbehave
/// on request: echo (JSON answer), progress (an event stream: a priming event, a progress
/// notification, the result), http500, garbage, stall (answers after 3 s), lose_session (the
/// first call forgets the session: 404). Every request is kept for the checks.
class http_mcp_server {
 public:
  explicit http_mcp_server(std::string token = "") : token_(std::move(token)), server_([this](const auto& r) { return handle(r); }) {}

  std::string url() const { return server_.base_url() + "/mcp"; }
  std::vector<testing::received_request> requests() const { return server_.requests(); }
  /// The JSON bodies of the POSTs whose method is `method`.
  std::vector<json> posts(const std::string& method) const {
    std::vector<json> out;
    for (const auto& r : server_.requests()) {
      if (r.method != "POST") continue;
      json b = json::parse(r.body, nullptr, false);
      if (!b.is_discarded() && b.value("method", "") == method) out.push_back(b);
    }
    return out;
  }

 private:
  static testing::canned_response rpc(const json& id, json result) {
    testing::canned_response out;
    out.body = json{{"jsonrpc", "2.0"}, {"id", id}, {"result", std::move(result)}}.dump();
    return out;
  }

  testing::canned_response handle(const testing::received_request& r) {
    std::lock_guard lock(mutex_);
    testing::canned_response out;
    if (!token_.empty() && r.header("authorization") != "Bearer " + token_) {
      out.status = 401;
      out.body = json{{"error", {{"message", "unauthorized: got " + r.header("authorization")}}}}.dump();
      return out;
    }
    if (r.method == "DELETE") return out;
    const std::string accept = r.header("accept");
    if (accept.find("application/json") == std::string::npos || accept.find("text/event-stream") == std::string::npos) {
      out.status = 406;
      return out;
    }
    const json msg = json::parse(r.body, nullptr, false);
    const std::string method = msg.is_object() ? msg.value("method", "") : "";
    if (method == "initialize") {
      session_ = "s" + std::to_string(++sessions_);
      out = rpc(msg["id"], {{"protocolVersion", "2025-11-25"},
                            {"capabilities", {{"tools", json::object()}}},
                            {"serverInfo", {{"name", "http-fake"}, {"version", "1"}}}});
      out.headers.push_back("Mcp-Session-Id: " + session_);
      return out;
    }
    if (r.header("mcp-session-id") != session_) {
      out.status = r.header("mcp-session-id").empty() ? 400 : 404;
      return out;
    }
    if (r.header("mcp-protocol-version") != "2025-11-25") {
      out.status = 400;
      out.body = "missing MCP-Protocol-Version";
      return out;
    }
    if (!msg.contains("id")) {  // a notification
      out.status = 202;
      return out;
    }
    if (method == "tools/list") {
      json tools = json::array();
      for (const char* name : {"echo", "progress", "http500", "garbage", "stall", "lose_session"})
        tools.push_back({{"name", name}, {"description", std::string("The ") + name + " tool"},
                         {"inputSchema", {{"type", "object"}, {"properties", {{"text", {{"type", "string"}}}}}}}});
      return rpc(msg["id"], {{"tools", tools}});
    }
    const std::string tool = msg["params"].value("name", "");
    const json args = msg["params"].value("arguments", json::object());
    const json echo = {{"content", {{{"type", "text"}, {"text", args.value("text", "")}}}}};
    if (tool == "echo") return rpc(msg["id"], echo);
    if (tool == "progress") {
      const json token = msg["params"]["_meta"]["progressToken"];
      json note = {{"jsonrpc", "2.0"}, {"method", "notifications/progress"},
                   {"params", {{"progressToken", token}, {"progress", 1}, {"total", 2}}}};
      out.content_type = "text/event-stream";
      out.body = "id: 0\ndata:\n\n"  // a priming event, no data
                 "event: message\ndata: " + note.dump() + "\n\n"
                 "data: " + json{{"jsonrpc", "2.0"}, {"id", msg["id"]}, {"result", {{"structuredContent", {{"done", true}}}}}}.dump() + "\n\n";
      return out;
    }
    if (tool == "http500") {
      out.status = 500;
      out.content_type = "text/plain";
      out.body = "internal trouble";
      return out;
    }
    if (tool == "garbage") {
      out.body = "this is not json";
      return out;
    }
    if (tool == "stall") {
      out = rpc(msg["id"], echo);
      out.delay = std::chrono::milliseconds(3000);
      return out;
    }
    if (tool == "lose_session" && !lost_once_) {
      lost_once_ = true;
      session_ = "forgotten";
      out.status = 404;
      return out;
    }
    return rpc(msg["id"], echo);
  }

  std::string token_;
  std::mutex mutex_;
  std::string session_;
  int sessions_ = 0;
  bool lost_once_ = false;
  testing::http_server server_;  // last: its thread calls handle()
};

actors::mcp_server_spec http_spec(const http_mcp_server& server) {
  actors::mcp_server_spec s;
  s.name = "web";
  s.url = server.url();
  s.connect_timeout_ms = 10'000;
  s.call_timeout_ms = 10'000;
  return s;
}

}  // namespace

TEST_CASE("MCP client over Streamable HTTP: session and version headers, tools, calls from pmap, DELETE on close") {
  caf::actor_system sys{testing::test_config()};
  http_mcp_server server;
  auto c = connect(sys, http_spec(server));
  CHECK(c->protocol_version() == "2025-11-25");
  REQUIRE(c->tools().size() == 6);
  CHECK(c->tools()[0].spec.name == "web.echo");
  CHECK(call(sys, *c, "web.echo", {{"text", "hi"}}).value == "\"hi\"");
  CHECK(eval(sys, R"((vec (pmap (fn [i] (tool/web.echo {:text (str i)})) (range 20))))", c->tools()) ==
        "[0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19]");  // text that is JSON is parsed
  c.reset();
  const auto requests = server.requests();
  REQUIRE(requests.size() >= 4);
  CHECK(requests[0].header("mcp-session-id").empty());  // initialize
  CHECK(requests[1].header("mcp-session-id") == "s1");  // notifications/initialized
  CHECK(requests[1].header("mcp-protocol-version") == "2025-11-25");
  CHECK(requests.back().method == "DELETE");
  CHECK(requests.back().header("mcp-session-id") == "s1");
  CHECK(server.posts("tools/call").size() == 21);
}

TEST_CASE("MCP client over Streamable HTTP: an event-stream answer, its progress to the trace") {
  caf::actor_system sys{testing::test_config()};
  http_mcp_server server;
  auto c = connect(sys, http_spec(server));
  const std::string path = "mcp_http_trace_" + std::to_string(::getpid()) + ".jsonl";
  caf::actor sink = actors::spawn_trace_sink(sys, path);
  actors::tree_context ctx;
  ctx.trace = sink;
  ctx.path = "analyst";
  caf::scoped_actor self{sys};
  std::optional<actors::tool_result> r;
  self->request(c->connection(), wait_limit, actors::tool_atom::value, actors::tool_call{"web.progress", "{}", ctx})
      .receive([&](actors::tool_result& x) { r = std::move(x); }, [&](caf::error& e) { FAIL(sys.render(e)); });
  REQUIRE(r);
  CHECK(r->ok);
  CHECK(r->value == R"({"done":true})");
  self->request(sink, wait_limit, actors::flush_atom::value).receive([](bool) {}, [](caf::error&) {});
  caf::anon_send_exit(sink, caf::exit_reason::user_shutdown);
  std::ifstream in(path);
  json event;
  for (std::string line; std::getline(in, line);) {
    json e = json::parse(line);
    if (e["event"] == "tool_progress") event = e;
  }
  REQUIRE(event.is_object());
  CHECK(event["agent"] == "analyst");
  CHECK(event["tool"] == "web.progress");
  CHECK(event["progress"] == 1);
  CHECK(event["total"] == 2);
  std::remove(path.c_str());
  CHECK(eval(sys, R"((:done (tool/web.progress {})))", c->tools()) == "true");
}

TEST_CASE("MCP client over Streamable HTTP: a lost session (404) is initialised again and the call sent again") {
  caf::actor_system sys{testing::test_config()};
  http_mcp_server server;
  auto c = connect(sys, http_spec(server));
  auto r = call(sys, *c, "web.lose_session", {{"text", "again"}});
  CHECK(r.error == "");
  CHECK(r.value == "\"again\"");
  CHECK(server.posts("initialize").size() == 2);
  const auto calls = server.posts("tools/call");
  REQUIRE(calls.size() == 2);
  CHECK(calls[0]["id"] == calls[1]["id"]);  // the same request, in the new session
  CHECK(call(sys, *c, "web.echo", {{"text", "after"}}).value == "\"after\"");
}

TEST_CASE("MCP client over Streamable HTTP: HTTP faults are tool errors naming the server, nothing hangs") {
  caf::actor_system sys{testing::test_config()};
  http_mcp_server server;
  auto spec = http_spec(server);
  spec.call_timeout_ms = 500;
  auto c = connect(sys, spec);
  CHECK(call(sys, *c, "web.http500").error == "MCP server web: answered HTTP 500: internal trouble");
  CHECK(call(sys, *c, "web.garbage").error == "MCP server web: answered with a body that is not JSON-RPC: this is not json");
  CHECK(call(sys, *c, "web.stall").error == "MCP server web did not answer within 500 ms");
  CHECK(call(sys, *c, "web.echo", {{"text", "still here"}}).value == "\"still here\"");
  // The stalled call was cancelled at the server.
  REQUIRE(server.posts("notifications/cancelled").size() == 1);

  auto refused = spec;
  refused.url = "http://127.0.0.1:" + std::to_string(testing::unused_port()) + "/mcp";
  const std::string e = connect_error(sys, refused);
  CHECK(e.starts_with("MCP server web could not start: connection refused"));
}

TEST_CASE("MCP client over Streamable HTTP: a bearer token from the environment, never in an error") {
  caf::actor_system sys{testing::test_config()};
  const std::string token = "mcp-token-" + std::to_string(::getpid()) + "-x9f3k";
  http_mcp_server server(token);
  auto spec = http_spec(server);
  spec.bearer_token_env = "PTC_TEST_MCP_BEARER";
  ::unsetenv("PTC_TEST_MCP_BEARER");
  CHECK(connect_error(sys, spec) ==
        "MCP server web could not start: the environment variable PTC_TEST_MCP_BEARER (its bearer_token_env) is not set");
  ::setenv("PTC_TEST_MCP_BEARER", token.c_str(), 1);
  auto c = connect(sys, spec);
  CHECK(call(sys, *c, "web.echo", {{"text", "authorized"}}).value == "\"authorized\"");
  CHECK(server.requests()[0].header("authorization") == "Bearer " + token);
  // A server that echoes the header it got in its refusal: the token does not reach the error.
  ::setenv("PTC_TEST_MCP_BEARER", (token + "-wrong").c_str(), 1);
  const std::string e = connect_error(sys, spec);
  CHECK(e.starts_with("MCP server web could not start: answered HTTP 401: unauthorized: got Bearer "));
  CHECK(e.find(token) == std::string::npos);
  ::unsetenv("PTC_TEST_MCP_BEARER");
}

}  // namespace mcp_mcp_client_test
