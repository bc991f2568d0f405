// ptc's MCP server over Streamable HTTP (actors/mcp_http.hpp) on a real socket: ptc's own MCP
// client uses run_program through it, and raw requests check the transport's rules: sessions
// (400 without one, 404 for an unknown or ended one), protocol versions, DNS-rebinding
// protection (Host and Origin), bearer tokens, content negotiation, size limits, GET and DELETE.
#include <catch2/catch.hpp>

#include "tests/support/actor_config.hpp"

#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "actors/http.hpp"
#include "actors/interpreter.hpp"
#include "actors/mcp.hpp"
#include "actors/mcp_http.hpp"
#include "actors/wire.hpp"

namespace mcp_mcp_http_test {

using namespace ptc;
using namespace std::chrono_literals;
using json = nlohmann::ordered_json;

namespace {

/// An endpoint with run_program (no tools) on 127.0.0.1, any port.
struct endpoint {
  caf::actor_system& sys;
  caf::actor interp;
  std::unique_ptr<actors::mcp_http_endpoint> server;

  explicit endpoint(caf::actor_system& s, actors::mcp_http_options opts = {}) : sys(s), interp(actors::spawn_interpreter(s, {})) {
    actors::mcp_server_options o;
    o.interpreter = interp;
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
  endpoint e(sys);
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
  CHECK(h.send("GET", url, "", {session}).status == 405);
  CHECK(h.send("POST", e.server->url() + "x", ping(10).dump(), {"Content-Type: application/json"}).status == 404);

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

}  // namespace mcp_mcp_http_test
