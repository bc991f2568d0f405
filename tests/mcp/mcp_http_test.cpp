// ptc's MCP server over Streamable HTTP (actors/mcp_http.hpp) on a real socket: ptc's own MCP
// client uses run_program through it, and raw requests check the transport's rules: sessions
// (400 without one, 404 for an unknown or ended one), protocol versions, DNS-rebinding
// protection (Host and Origin), bearer tokens, content negotiation, size limits, GET and DELETE.
#include <catch2/catch.hpp>

#include "tests/support/local_socket.hpp"
#include "tests/support/actor_config.hpp"
#include "tests/support/eventually.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <future>
#include <optional>
#include <thread>
#include <string>
#include <variant>
#include <vector>

#include "ptc/actors/agent.hpp"
#include "ptc/actors/http.hpp"
#include "ptc/actors/http_server.hpp"
#include "ptc/actors/interpreter.hpp"
#include "ptc/actors/mcp.hpp"
#include "ptc/actors/mcp_http.hpp"
#include "ptc/actors/runtime.hpp"
#include "ptc/actors/wire.hpp"

namespace mcp_mcp_http_test {

using namespace ptc;
using namespace std::chrono_literals;
using json = nlohmann::ordered_json;
using testing::connect_local;

namespace {

/// Joins the test's reply threads however the test ends (a failed REQUIRE leaves them joinable,
/// and destroying a joinable thread ends the whole test program).
struct joined {
  std::vector<std::thread>& threads;
  ~joined() {
    for (auto& t : threads)
      if (t.joinable()) t.join();
  }
};

/// An endpoint with run_program (no tools) on 127.0.0.1, any port.
struct endpoint {
  caf::actor_system& sys;
  caf::actor interp;
  std::unique_ptr<actors::mcp_http_endpoint> server;

  explicit endpoint(caf::actor_system& s, actors::mcp_http_options opts = {}, std::optional<lisp::limits> limits = {})
      : sys(s), interp(actors::spawn_interpreter(s, {})) {
    actors::mcp_server_options o;
    o.interpreter = interp;
    if (limits) o.limits = *limits;
    auto started = actors::mcp_http_endpoint::start(s, std::move(o), std::move(opts));
    if (auto* e = std::get_if<std::string>(&started)) FAIL("start: " << *e);
    server = std::move(std::get<0>(started));
  }
  ~endpoint() {
    server.reset();
    caf::anon_send_exit(interp, caf::exit_reason::user_shutdown);
  }
};

/// One raw HTTP request through ptc's HTTP actor.
struct raw {
  caf::actor_system& sys;
  caf::actor http;
  explicit raw(caf::actor_system& s) : sys(s), http(actors::spawn_http_client(s)) {}
  ~raw() { caf::anon_send_exit(http, caf::exit_reason::user_shutdown); }

  actors::http_response send(const std::string& method, const std::string& url, const std::string& body,
                             std::vector<std::string> headers) {
    actors::http_request req;
    req.method = method;
    req.url = url;
    req.body = body;
    req.headers = std::move(headers);
    req.timeout_ms = 20'000;
    caf::scoped_actor self{sys};
    actors::http_response out;
    self->request(http, 30s, actors::http_atom::value, std::move(req))
        .receive([&](actors::http_response& r) { out = std::move(r); }, [&](caf::error& e) { FAIL(sys.render(e)); });
    return out;
  }

  /// A POST of `msg` with the headers a well-behaved client sends, plus `extra`.
  actors::http_response post(const std::string& url, const json& msg, std::vector<std::string> extra = {}) {
    std::vector<std::string> headers{"Content-Type: application/json", "Accept: application/json, text/event-stream"};
    headers.insert(headers.end(), extra.begin(), extra.end());
    return send("POST", url, msg.dump(), std::move(headers));
  }
};

/// A plain TCP client: sends `bytes`, then reads until the server closes, `until` appears `times`
/// times, or 5 s pass.
std::string http_exchange(std::uint16_t port, const std::string& bytes, const std::string& until = "", int times = 1) {
  const int fd = connect_local(port);
  if (fd < 0) return "connect failed";
  if (!bytes.empty()) [[maybe_unused]] auto n = ::send(fd, bytes.data(), bytes.size(), MSG_NOSIGNAL);
  std::string out;
  char buf[4096];
  for (;;) {
    if (!until.empty()) {
      int seen = 0;
      for (std::size_t at = out.find(until); at != std::string::npos; at = out.find(until, at + 1)) ++seen;
      if (seen >= times) break;
    }
    const ssize_t n = ::recv(fd, buf, sizeof buf, 0);
    if (n <= 0) break;
    out.append(buf, static_cast<std::size_t>(n));
  }
  ::close(fd);
  return out;
}

json initialize(int id = 1) {
  return {{"jsonrpc", "2.0"}, {"id", id}, {"method", "initialize"},
          {"params", {{"protocolVersion", "2025-11-25"}, {"capabilities", json::object()}, {"clientInfo", {{"name", "t"}, {"version", "1"}}}}}};
}

json ping(int id) { return {{"jsonrpc", "2.0"}, {"id", id}, {"method", "ping"}}; }

}  // namespace

TEST_CASE("MCP over HTTP: ptc's own client runs programs through ptc mcp's endpoint") {
  caf::actor_system sys{testing::test_config()};
  endpoint e(sys);
  actors::mcp_server_spec spec;
  spec.name = "code";
  spec.url = e.server->url();
  spec.connect_timeout_ms = 10'000;
  spec.call_timeout_ms = 20'000;
  auto connected = actors::mcp_client::connect(sys, spec);
  if (auto* problem = std::get_if<std::string>(&connected)) FAIL(*problem);
  auto client = std::move(std::get<0>(connected));
  REQUIRE(client->tools().size() == 1);
  CHECK(client->tools()[0].spec.name == "code.run_program");
  CHECK(e.server->sessions() == 1);

  caf::scoped_actor self{sys};
  std::optional<actors::tool_result> r;
  self->request(client->connection(), 30s, actors::tool_atom::value,
                actors::tool_call{"code.run_program", json{{"program", "(reduce + data/xs)"}, {"data", {{"xs", {1, 2, 3}}}}}.dump(),
                                  actors::tree_context{}})
      .receive([&](actors::tool_result& x) { r = std::move(x); }, [&](caf::error& err) { FAIL(sys.render(err)); });
  REQUIRE(r);
  CHECK(r->ok);
  CHECK(r->value == R"({"result":6})");
  client.reset();  // DELETE ends the session
  CHECK(e.server->sessions() == 0);
}

TEST_CASE("MCP over HTTP: sessions, versions, methods and content types as the transport asks") {
  caf::actor_system sys{testing::test_config()};
  // Limits no run reaches in this test: the endless program below ends only by its cancellation
  // (under the default limits a fast machine reaches the step limit before the cancel is sent).
  lisp::limits generous;
  generous.max_steps = 1'000'000'000'000;
  generous.timeout_ms = 60'000;
  endpoint e(sys, {}, generous);
  raw h(sys);
  const std::string url = e.server->url();

  auto init = h.post(url, initialize());
  REQUIRE(init.status == 200);
  const std::string sid = init.header("mcp-session-id");
  CHECK(sid.size() == 32);
  CHECK(json::parse(init.body)["result"]["protocolVersion"] == "2025-11-25");
  const std::string session = "Mcp-Session-Id: " + sid;

  auto notice = h.post(url, {{"jsonrpc", "2.0"}, {"method", "notifications/initialized"}}, {session});
  CHECK(notice.status == 202);
  CHECK(notice.body.empty());
  auto pong = h.post(url, ping(2), {session, "MCP-Protocol-Version: 2025-11-25"});
  CHECK(pong.status == 200);
  CHECK(json::parse(pong.body) == json{{"jsonrpc", "2.0"}, {"id", 2}, {"result", json::object()}});
  auto list = h.post(url, {{"jsonrpc", "2.0"}, {"id", "list"}, {"method", "tools/list"}}, {session});
  CHECK(json::parse(list.body)["result"]["tools"][0]["name"] == "run_program");

  CHECK(h.post(url, ping(3)).status == 400);  // no session
  CHECK(h.post(url, ping(4), {"Mcp-Session-Id: 00000000000000000000000000000000"}).status == 404);
  CHECK(h.post(url, ping(5), {session, "MCP-Protocol-Version: 2024-11-05"}).status == 400);
  CHECK(h.post(url, initialize(6), {session}).status == 400);  // a session is opened without one
  CHECK(h.send("POST", url, ping(7).dump(), {"Content-Type: application/json", "Accept: application/json", session}).status == 406);
  CHECK(h.send("POST", url, ping(8).dump(), {"Content-Type: text/plain", "Accept: application/json, text/event-stream", session}).status == 415);
  auto bad = h.send("POST", url, "{not json", {"Content-Type: application/json", "Accept: application/json, text/event-stream", session});
  CHECK(bad.status == 400);
  CHECK(json::parse(bad.body)["error"]["code"] == -32700);
  CHECK(h.post(url, json::array({ping(9)}), {session}).status == 400);
  // Fields of other types than MCP's: answered as invalid, and the server goes on (a numeric
  // method ended the server's thread, and the process with it; a numeric protocolVersion ended
  // the session's actor, which answered nothing more).
  auto numeric = h.post(url, {{"jsonrpc", "2.0"}, {"id", 12}, {"method", 5}}, {session});
  CHECK(numeric.status == 400);
  CHECK(json::parse(numeric.body)["error"]["message"] == "Invalid Request: method must be a string");
  CHECK(h.post(url, {{"jsonrpc", "2.0"}, {"method", 5}}, {session}).status == 400);
  auto level = h.post(url, {{"jsonrpc", "2.0"}, {"id", 13}, {"method", "logging/setLevel"}, {"params", {{"level", 5}}}}, {session});
  CHECK(json::parse(level.body)["error"]["message"] == "Invalid params: type must be string, but is number");
  CHECK(h.post(url, ping(14), {session}).status == 200);
  CHECK(h.send("GET", url, "", {session}).status == 405);
  CHECK(h.send("POST", e.server->url() + "x", ping(10).dump(), {"Content-Type: application/json"}).status == 404);

  // A request cancelled by the client: the run is dropped and its HTTP request ends with 204.
  std::optional<actors::http_response> slow;
  std::thread caller([&] {
    slow = h.post(url, {{"jsonrpc", "2.0"}, {"id", 20}, {"method", "tools/call"},
                        {"params", {{"name", "run_program"}, {"arguments", {{"program", "(loop [] (recur))"}}}}}}, {session});
  });
  std::this_thread::sleep_for(200ms);
  auto cancel = h.post(url, {{"jsonrpc", "2.0"}, {"method", "notifications/cancelled"}, {"params", {{"requestId", 20}}}}, {session});
  CHECK(cancel.status == 202);
  caller.join();
  REQUIRE(slow);
  CHECK(slow->status == 204);
  CHECK(slow->body.empty());

  CHECK(h.send("DELETE", url, "", {session}).status == 200);
  CHECK(h.post(url, ping(11), {session}).status == 404);
  CHECK(e.server->sessions() == 0);
}

TEST_CASE("MCP over HTTP: DNS-rebinding protection, bearer tokens, a non-loopback address, size limits") {
  caf::actor_system sys{testing::test_config()};
  raw h(sys);
  {
    endpoint e(sys);
    const std::string url = e.server->url();
    CHECK(h.post(url, initialize(), {"Origin: http://evil.example"}).status == 403);
    CHECK(h.post(url, initialize(), {"Host: evil.example"}).status == 403);
    CHECK(h.post(url, initialize(), {"Origin: http://localhost:3000"}).status == 200);
    CHECK(h.post(url, initialize(), {"Host: localhost:" + std::to_string(e.server->port())}).status == 200);
  }
  {
    actors::mcp_http_options o;
    o.allowed_origins = {"https://app.example.com"};
    o.bearer_token = "s3cret-token-for-tests";
    o.http.max_body_bytes = 4096;
    endpoint e(sys, o);
    const std::string url = e.server->url();
    CHECK(h.post(url, initialize()).status == 401);
    CHECK(h.post(url, initialize(), {"Authorization: Bearer wrong-token-for-tests"}).status == 401);
    const std::string auth = "Authorization: Bearer s3cret-token-for-tests";
    CHECK(h.post(url, initialize(), {auth, "Origin: https://app.example.com"}).status == 200);
    CHECK(h.post(url, initialize(), {auth, "Origin: https://other.example.com"}).status == 403);
    json big = ping(1);
    big["params"] = {{"pad", std::string(5000, 'x')}};
    CHECK(h.post(url, big, {auth}).status == 413);
  }
  actors::mcp_http_options open;
  open.http.host = "0.0.0.0";
  actors::mcp_server_options o;
  auto refused = actors::mcp_http_endpoint::start(sys, o, open);
  REQUIRE(std::holds_alternative<std::string>(refused));
  CHECK(std::get<std::string>(refused).starts_with("refusing to listen on 0.0.0.0 without a bearer token"));
}

TEST_CASE("HTTP server: limits hold against clients that misbehave, replies come from any thread") {
  actors::http_server_options o;
  o.max_header_bytes = 1024;
  o.max_body_bytes = 100;
  o.max_connections = 4;
  o.header_timeout = std::chrono::milliseconds(300);
  std::vector<std::thread> late;
  joined join_late{late};
  std::atomic<int> handled{0};
  auto started = actors::http_server::start(o, [&](actors::http_server_request req, actors::http_reply reply) {
    ++handled;
    actors::http_server_response r;
    r.content_type = "text/plain";
    r.body = req.method + " " + req.target + " " + req.body;
    if (req.target == "/throw") throw std::runtime_error("the handler broke");
    if (req.target == "/answer-then-throw") {
      reply.send(r);
      throw std::runtime_error("the handler broke after answering");
    }
    if (req.target == "/later") {
      // Answered from another thread, later; and once more, which is ignored.
      late.emplace_back([reply, r] {
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        reply.send(r);
        reply.send(r);
      });
      return;
    }
    reply.send(std::move(r));
  });
  REQUIRE(std::holds_alternative<std::unique_ptr<actors::http_server>>(started));
  auto server = std::move(std::get<0>(started));
  const auto port = server->port();

  CHECK(http_exchange(port, "GET /a HTTP/1.1\r\nHost: x\r\n\r\n", "GET /a ").find("HTTP/1.1 200 OK") == 0);
  // A handler that throws: a 500 (or its own answer, if it gave one), and the server goes on
  // (the exception ended the server's thread and the process before).
  CHECK(http_exchange(port, "GET /throw HTTP/1.1\r\nHost: x\r\n\r\n").starts_with("HTTP/1.1 500"));
  CHECK(http_exchange(port, "GET /answer-then-throw HTTP/1.1\r\nHost: x\r\n\r\n").starts_with("HTTP/1.1 200 OK"));
  CHECK(http_exchange(port, "GET /b HTTP/1.1\r\nHost: x\r\n\r\n", "GET /b ").find("HTTP/1.1 200 OK") == 0);
  CHECK(http_exchange(port, "GET / HTTP/1.1\r\nX-Big: " + std::string(2000, 'x') + "\r\n\r\n").starts_with("HTTP/1.1 431"));
  CHECK(http_exchange(port, "POST / HTTP/1.1\r\nContent-Length: 1000\r\n\r\n").starts_with("HTTP/1.1 413"));
  CHECK(http_exchange(port, "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n").starts_with("HTTP/1.1 501"));
  CHECK(http_exchange(port, "HELLO\r\n\r\n").starts_with("HTTP/1.1 400"));
  CHECK(http_exchange(port, "GET / HTTP/1.1\r\nContent-Length: x\r\n\r\n").starts_with("HTTP/1.1 400"));
  // A request that never completes is answered 408 and closed (slowloris).
  const auto start = std::chrono::steady_clock::now();
  CHECK(http_exchange(port, "GET / HTTP/1.1\r\nHost: x\r\n").starts_with("HTTP/1.1 408"));
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(3));
  // Two requests in one write: two answers, in order, on one connection.
  const std::string two = http_exchange(port, "POST /1 HTTP/1.1\r\nContent-Length: 2\r\n\r\nabPOST /2 HTTP/1.1\r\nContent-Length: 2\r\n\r\ncd",
                                   "HTTP/1.1 200", 2);
  REQUIRE(two.find("POST /1 ab") != std::string::npos);
  CHECK(two.find("POST /2 cd") > two.find("POST /1 ab"));
  // A reply sent later from another thread arrives; one for a closed connection is dropped.
  CHECK(http_exchange(port, "GET /later HTTP/1.1\r\n\r\n", "GET /later ").starts_with("HTTP/1.1 200 OK"));
  {
    const int fd = connect_local(port);
    REQUIRE(fd >= 0);
    const std::string req = "GET /later HTTP/1.1\r\n\r\n";
    [[maybe_unused]] auto n = ::send(fd, req.data(), req.size(), MSG_NOSIGNAL);
    ::close(fd);  // gone before the answer
  }
  // Every connection above has ended (the server saw each close).
  REQUIRE(testing::eventually([&] { return server->open_connections() == 0; }));
  server.reset();  // no handler runs after this; replies still to come are dropped
  for (auto& t : late) t.join();
  CHECK(handled >= 4);  // /a, /1, /2, /later: the refused ones never reach the handler

  // Connections beyond the limit are refused with 503. (A server of its own: with the 300 ms
  // header timeout above, idle connections held on a loaded machine could be timed out before
  // all four are open.)
  o.header_timeout = std::chrono::seconds(30);
  auto limited = actors::http_server::start(o, [&](actors::http_server_request, actors::http_reply reply) {
    ++handled;
    reply.send({});
  });
  REQUIRE(std::holds_alternative<std::unique_ptr<actors::http_server>>(limited));
  auto at_limit = std::move(std::get<0>(limited));
  const int before = handled;
  std::vector<int> held;
  for (int i = 0; i < 4; ++i) {
    held.push_back(connect_local(at_limit->port()));
    REQUIRE(held.back() >= 0);
  }
  REQUIRE(testing::eventually([&] { return at_limit->open_connections() == 4; }));
  CHECK(http_exchange(at_limit->port(), "GET / HTTP/1.1\r\n\r\n").starts_with("HTTP/1.1 503"));
  for (int fd : held) ::close(fd);
  CHECK(handled == before);  // the refused one never reached the handler
}

TEST_CASE("HTTP server: a streamed reply goes out in chunks as they are written, then the connection goes on") {
  std::vector<std::thread> writers;
  joined join_writers{writers};
  auto started = actors::http_server::start({}, [&](actors::http_server_request req, actors::http_reply reply) {
    if (req.target != "/stream") {
      actors::http_server_response r;
      r.content_type = "text/plain";
      r.body = "plain " + req.target;
      return reply.send(std::move(r));
    }
    actors::http_server_response head;
    head.content_type = "text/event-stream";
    head.body = "first\n";
    reply.start(head);
    writers.emplace_back([reply] {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
      reply.write("second\n");
      reply.write("");  // no chunk: an empty one would end the body
      reply.send({});   // not a stream's call: ignored
      reply.end("last\n");
      reply.write("after the end\n");  // ignored
    });
  });
  REQUIRE(std::holds_alternative<std::unique_ptr<actors::http_server>>(started));
  auto server = std::move(std::get<0>(started));
  // Two requests on one connection: the stream, then a plain one once it has ended.
  const std::string out = http_exchange(server->port(), "GET /stream HTTP/1.1\r\n\r\nGET /next HTTP/1.1\r\n\r\n", "plain /next");
  CHECK(out.starts_with("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n"));
  CHECK(out.find("\r\n\r\n6\r\nfirst\n\r\n7\r\nsecond\n\r\n5\r\nlast\n\r\n0\r\n\r\nHTTP/1.1 200 OK\r\n") != std::string::npos);
  CHECK(out.find("after the end") == std::string::npos);
  CHECK(out.find("Content-Length: 11\r\n") != std::string::npos);  // "plain /next"
  server.reset();
  for (auto& t : writers) t.join();
}

TEST_CASE("HTTP server: a client that stops reading its event stream is disconnected, not buffered for") {
  actors::http_server_options o;
  o.max_stream_backlog_bytes = 256 * 1024;
  std::vector<std::thread> writers;
  joined join_writers{writers};
  constexpr int parts = 512;
  constexpr std::size_t part_size = 64 * 1024;  // 32 MiB in all: more than the socket buffers hold
  std::atomic<int> written{0};
  auto started = actors::http_server::start(o, [&](actors::http_server_request, actors::http_reply reply) {
    actors::http_server_response head;
    head.content_type = "text/event-stream";
    reply.start(head);
    writers.emplace_back([reply, &written] {
      const std::string part(part_size, 'x');
      for (int i = 0; i < parts; ++i) {
        reply.write(part);  // dropped once the connection is closed
        ++written;
        if (i % 8 == 0) std::this_thread::sleep_for(std::chrono::milliseconds(1));
      }
      reply.end("");
    });
  });
  REQUIRE(std::holds_alternative<std::unique_ptr<actors::http_server>>(started));
  auto server = std::move(std::get<0>(started));
  const int fd = testing::connect_local(server->port(), std::chrono::seconds(5), 16 * 1024);
  REQUIRE(fd >= 0);
  const std::string request = "GET /events HTTP/1.1\r\n\r\n";
  REQUIRE(::send(fd, request.data(), request.size(), MSG_NOSIGNAL) == static_cast<ssize_t>(request.size()));
  // The client reads nothing: the server closes the connection instead of holding the rest.
  REQUIRE(testing::eventually([&] { return written == parts; }));
  CHECK(testing::eventually([&] { return server->open_connections() == 0; }));
  // What the client can still read is what the sockets held: far from all that was written.
  std::size_t got = 0;
  char buf[64 * 1024];
  for (ssize_t n; (n = ::recv(fd, buf, sizeof buf, 0)) > 0;) got += static_cast<std::size_t>(n);
  ::close(fd);
  CHECK(got > 0);
  CHECK(got < parts * part_size / 2);
}

TEST_CASE("MCP over HTTP: an agent call with a progressToken is answered as an event stream, progress first") {
  actors::runtime_options ro;
  ro.threads = 2;
  ro.script = [](const actors::llm_request& r) -> std::optional<std::string> {
    if (r.turn == 1) return "```clojure\n(println \"looking\")\n```";
    if (r.turn == 2) return "```clojure\n(return {:answer (* 2 data/n)})\n```";
    return std::nullopt;
  };
  actors::runtime rt{std::move(ro)};
  auto doubler = actors::agent("doubler").mission("Double {{n}}").signature("(n :int) -> {answer :int}");
  actors::mcp_server_options o;
  const caf::actor interpreter = rt.interpreter();  // run_program's (the runtime has several)
  o.interpreter = interpreter;
  o.llm = rt.llm();
  o.agents.push_back({rt.serve_as_tool(doubler), 3});
  auto started = actors::mcp_http_endpoint::start(rt.system(), std::move(o), {});
  REQUIRE(std::holds_alternative<std::unique_ptr<actors::mcp_http_endpoint>>(started));
  auto server = std::move(std::get<0>(started));
  raw client(rt.system());
  const auto init = client.post(server->url(), initialize());
  const std::string session = init.header("mcp-session-id");
  REQUIRE(!session.empty());
  const json call = {{"jsonrpc", "2.0"}, {"id", 5}, {"method", "tools/call"},
                     {"params", {{"name", "doubler"}, {"arguments", {{"n", 21}}}, {"_meta", {{"progressToken", "t1"}}}}}};
  const auto r = client.post(server->url(), call, {"Mcp-Session-Id: " + session});
  CHECK(r.status == 200);
  CHECK(r.header("content-type") == "text/event-stream");
  // Events: progress for turn 1 and turn 2, then the answer.
  std::vector<json> events;
  for (std::size_t at = r.body.find("data: "); at != std::string::npos; at = r.body.find("data: ", at + 1))
    events.push_back(json::parse(r.body.substr(at + 6, r.body.find('\n', at) - at - 6)));
  REQUIRE(events.size() == 3);
  CHECK(events[0]["method"] == "notifications/progress");
  CHECK(events[0]["params"]["progress"] == 1);
  CHECK(events[1]["params"]["progress"] == 2);
  CHECK(events[1]["params"]["total"] == 3);
  CHECK(events[2]["id"] == 5);
  CHECK(events[2]["result"]["structuredContent"] == json{{"answer", 42}});
  // Without a token: a JSON answer.
  json plain = call;
  plain["id"] = 6;
  plain["params"].erase("_meta");
  const auto j = client.post(server->url(), plain, {"Mcp-Session-Id: " + session});
  CHECK(json::parse(j.body)["result"]["structuredContent"] == json{{"answer", 42}});
  // A progressToken is in use while its request waits: a second request with it is refused
  // (MCP asks tokens to be unique among active requests); it is free again once the first ends.
  auto program = [](int id, const std::string& text, const std::string& token) {
    return json{{"jsonrpc", "2.0"}, {"id", id}, {"method", "tools/call"},
                {"params", {{"name", "run_program"}, {"arguments", {{"program", text}}}, {"_meta", {{"progressToken", token}}}}}};
  };
  auto busy = std::async(std::launch::async, [&] {
    return client.post(server->url(), program(10, "(loop [i 0] (recur (inc i)))", "busy"), {"Mcp-Session-Id: " + session});
  });
  // The second request goes once the first one's program runs (the session reserves the token
  // when a request arrives, before its program starts): sent earlier, it could take the token
  // itself, and the first one would be the one refused.
  caf::scoped_actor probe{rt.system()};
  auto runs_active = [&] {
    std::size_t active = 0;
    probe->request(interpreter, std::chrono::seconds(10), actors::stats_atom::value)
        .receive([&](const actors::interpreter_stats& st) { active = st.active; }, [](caf::error&) {});
    return active;
  };
  REQUIRE(testing::eventually([&] { return runs_active() == 1; }));
  raw other(rt.system());
  const actors::http_response refused =
      other.post(server->url(), program(11, "(+ 1 2)", "busy"), {"Mcp-Session-Id: " + session});
  CHECK(refused.status == 400);
  CHECK(json::parse(refused.body)["error"]["message"] == "Invalid Request: progressToken \"busy\" is already in use by request 10");
  CHECK(json::parse(refused.body)["id"] == 11);
  CHECK(other.post(server->url(), program(12, "(+ 1 2)", "free"), {"Mcp-Session-Id: " + session}).status == 200);
  const json cancel = {{"jsonrpc", "2.0"}, {"method", "notifications/cancelled"}, {"params", {{"requestId", 10}}}};
  CHECK(other.post(server->url(), cancel, {"Mcp-Session-Id: " + session}).status == 202);
  CHECK(busy.get().status == 200);  // the stream opened with the request, ended by the cancel
  const auto reused = other.post(server->url(), program(13, "(+ 1 2)", "busy"), {"Mcp-Session-Id: " + session});
  CHECK(reused.status == 200);
  CHECK(reused.body.find("\"id\":13") != std::string::npos);
  // A session ended while a request waits in it: the request is answered (404), not left open.
  const json spin = {{"jsonrpc", "2.0"}, {"id", 7}, {"method", "tools/call"},
                     {"params", {{"name", "run_program"}, {"arguments", {{"program", "(loop [i 0] (recur (inc i)))"}}}}}};
  // (Answered at the program's 5 s limit instead, it would be a 200 with isError.)
  auto waiting = std::async(std::launch::async, [&] { return client.post(server->url(), spin, {"Mcp-Session-Id: " + session}); });
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  CHECK(client.send("DELETE", server->url(), "", {"Mcp-Session-Id: " + session}).status == 200);
  const auto ended = waiting.get();
  CHECK(ended.status == 404);
  CHECK(json::parse(ended.body)["id"] == 7);
}

TEST_CASE("MCP-GW over HTTP: an exposed call's log messages open its event stream, and the host answers a request by POST") {
  caf::actor_system sys{testing::test_config()};
  actors::mcp_server_spec spec;
  spec.name = "conf";
  spec.command = PTC_CONFORMANCE_TOOLS_SERVER;
  spec.expose = true;
  spec.connect_timeout_ms = 10'000;
  auto connected = actors::mcp_client::connect(sys, spec);
  REQUIRE(std::holds_alternative<std::shared_ptr<actors::mcp_client>>(connected));
  auto upstream = std::get<0>(connected);
  auto interp = actors::spawn_interpreter(sys, {});
  actors::mcp_server_options o;
  o.interpreter = interp;
  const auto tools = upstream->tools();
  const auto entries = upstream->tool_entries();
  for (std::size_t i = 0; i < tools.size(); ++i) o.exposed.push_back(actors::expose_tool(entries[i], tools[i]));
  auto started = actors::mcp_http_endpoint::start(sys, std::move(o), {});
  REQUIRE(std::holds_alternative<std::unique_ptr<actors::mcp_http_endpoint>>(started));
  auto server = std::move(std::get<0>(started));
  raw client(sys);
  json init = initialize();
  init["params"]["capabilities"] = {{"sampling", json::object()}};
  const std::string session = "Mcp-Session-Id: " + client.post(server->url(), init).header("mcp-session-id");
  auto events_of = [](const std::string& body) {
    std::vector<json> events;
    for (std::size_t at = body.find("data: "); at != std::string::npos; at = body.find("data: ", at + 1))
      events.push_back(json::parse(body.substr(at + 6, body.find('\n', at) - at - 6)));
    return events;
  };
  // No progressToken: the stream opens with the first log message.
  const auto logged = client.post(server->url(),
                                  {{"jsonrpc", "2.0"}, {"id", 2}, {"method", "tools/call"},
                                   {"params", {{"name", "test_tool_with_logging"}, {"arguments", json::object()}}}},
                                  {session});
  CHECK(logged.header("content-type") == "text/event-stream");
  auto events = events_of(logged.body);
  REQUIRE(events.size() == 4);
  CHECK(events[0]["params"]["data"] == "Tool execution started");
  CHECK(events[3]["id"] == 2);
  // Sampling: the request comes on the call's stream; the host answers it with a POST of its own.
  // (This client reads a stream whole at its end, so the answer is sent blind, under the id of
  // ptc's first request in the session, "ptc-1", until the call ends: an answer before the
  // request is there is accepted and dropped, as any answer to no request.)
  raw answerer(sys);
  auto call = std::async(std::launch::async, [&] {
    return client.post(server->url(),
                       {{"jsonrpc", "2.0"}, {"id", 3}, {"method", "tools/call"},
                        {"params", {{"name", "test_sampling"}, {"arguments", {{"prompt", "hi"}}}}}},
                       {session});
  });
  const json answer = {{"jsonrpc", "2.0"}, {"id", "ptc-1"},
                       {"result", {{"role", "assistant"}, {"content", {{"type", "text"}, {"text", "hello"}}}, {"model", "m"}}}};
  do {
    CHECK(answerer.post(server->url(), answer, {session}).status == 202);
  } while (call.wait_for(100ms) != std::future_status::ready);
  const auto sampled = call.get();
  events = events_of(sampled.body);
  REQUIRE(events.size() == 2);
  CHECK(events[0]["method"] == "sampling/createMessage");
  CHECK(events[0]["id"] == "ptc-1");
  CHECK(events[1]["result"]["content"][0]["text"] == "LLM response: hello");
  server.reset();
  caf::anon_send_exit(interp, caf::exit_reason::user_shutdown);
}

}  // namespace mcp_mcp_http_test
