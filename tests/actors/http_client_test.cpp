// The HTTP actor against the real test server on 127.0.0.1 (tests/support/http_server.hpp).
#include <catch2/catch.hpp>

#include "tests/support/eventually.hpp"
#include "tests/support/actor_config.hpp"

#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include <caf/all.hpp>

#include "ptc/actors/http.hpp"
#include "ptc/actors/wire.hpp"
#include "tests/support/http_server.hpp"

namespace actors_http_client_test {

using namespace std::chrono_literals;
using ptc::actors::http_atom;
using ptc::actors::http_options;
using ptc::actors::http_request;
using ptc::actors::http_response;
using ptc::actors::http_stats;
using ptc::actors::spawn_http_client;
using ptc::actors::stats_atom;
using ptc::testing::canned_response;
using ptc::testing::http_server;
using ptc::testing::received_request;

namespace {

using ptc::testing::test_config;

/// One actor system per test; every wait below has a timeout.
struct fixture {
  caf::actor_system sys{test_config()};
};

http_request post(const std::string& url, std::string body = "{}") {
  http_request r;
  r.url = url;
  r.headers = {"Content-Type: application/json"};
  r.body = std::move(body);
  r.timeout_ms = 20'000;
  return r;
}

/// Sends one request and waits for the answer; a CAF error becomes `error` "caf: ...".
http_response call(caf::actor_system& sys, const caf::actor& client, http_request req) {
  caf::scoped_actor self{sys};
  http_response out;
  self->request(client, 60s, http_atom::value, std::move(req))
      .receive([&](http_response& r) { out = std::move(r); },
               [&](caf::error& e) { out.error = "caf: " + sys.render(e); });
  return out;
}

http_stats stats_of(caf::actor_system& sys, const caf::actor& client) {
  caf::scoped_actor self{sys};
  http_stats out;
  self->request(client, 10s, stats_atom::value)
      .receive([&](http_stats& s) { out = s; }, [&](caf::error& e) { FAIL(sys.render(e)); });
  return out;
}

using ptc::testing::eventually;

}  // namespace

TEST_CASE_METHOD(fixture, "HTTP actor: a POST round trip carries method, path, headers and body") {
  http_server server([](const received_request& q) {
    canned_response r;
    r.body = "echo:" + q.body;
    r.headers = {"X-Reply-ID: 7"};
    return r;
  });
  auto client = spawn_http_client(sys);
  auto req = post(server.base_url() + "/v1/chat/completions?x=1", R"({"model":"m"})");
  req.headers.push_back("Authorization: Bearer k");
  auto resp = call(sys, client, req);
  CHECK(resp.error == "");
  CHECK(resp.status == 200);
  CHECK(resp.body == R"(echo:{"model":"m"})");
  CHECK(resp.header("X-Reply-Id") == "7");
  CHECK(resp.header("content-type") == "application/json");
  CHECK(resp.header("missing") == "");
  // Names are lower-cased as the header documents.
  CHECK(std::find(resp.headers.begin(), resp.headers.end(), "x-reply-id: 7") != resp.headers.end());
  CHECK(resp.latency_us > 0);

  auto log = server.requests();
  REQUIRE(log.size() == 1);
  CHECK(log[0].method == "POST");
  CHECK(log[0].path == "/v1/chat/completions?x=1");
  CHECK(log[0].header("content-type") == "application/json");
  CHECK(log[0].header("AUTHORIZATION") == "Bearer k");
  CHECK(log[0].body == R"({"model":"m"})");
}

TEST_CASE_METHOD(fixture, "HTTP actor: other methods and a large body") {
  http_server server([](const received_request& q) {
    canned_response r;
    r.body = q.method + ":" + std::to_string(q.body.size());
    return r;
  });
  auto client = spawn_http_client(sys);
  http_request get;
  get.method = "GET";
  get.url = server.base_url() + "/models";
  CHECK(call(sys, client, get).body == "GET:0");
  auto head = get;
  head.method = "HEAD";
  auto head_resp = call(sys, client, head);
  CHECK(head_resp.error == "");
  CHECK(head_resp.body == "");
  CHECK(head_resp.header("content-length") == "6");  // of "HEAD:0"
  CHECK(call(sys, client, get).body == "GET:0");     // the connection is still in step
  auto put = post(server.base_url() + "/x", std::string(300'000, 'a'));
  put.method = "PUT";
  CHECK(call(sys, client, put).body == "PUT:300000");
  auto big = post(server.base_url() + "/x", std::string(2'000'000, 'b'));
  auto resp = call(sys, client, big);
  CHECK(resp.error == "");
  CHECK(resp.body == "POST:2000000");
}

TEST_CASE_METHOD(fixture, "HTTP actor: status codes pass through (429 with Retry-After, 500)") {
  http_server server([](const received_request& q) {
    canned_response r;
    if (q.path == "/busy") {
      r.status = 429;
      r.headers = {"Retry-After: 3"};
      r.body = R"({"error":"rate limited"})";
    } else {
      r.status = 500;
      r.body = "oops";
    }
    return r;
  });
  auto client = spawn_http_client(sys);
  auto busy = call(sys, client, post(server.base_url() + "/busy"));
  CHECK(busy.error == "");
  CHECK(busy.status == 429);
  CHECK(busy.header("retry-after") == "3");
  CHECK(busy.header("Retry-After") == "3");
  CHECK(busy.body == R"({"error":"rate limited"})");
  auto broken = call(sys, client, post(server.base_url() + "/broken"));
  CHECK(broken.error == "");
  CHECK(broken.status == 500);
  CHECK(broken.body == "oops");
  auto s = stats_of(sys, client);
  CHECK(s.completed == 2);  // an HTTP error status is still a completed exchange
  CHECK(s.failed == 0);
}

TEST_CASE_METHOD(fixture, "HTTP actor: a reply slower than timeout_ms gives error \"timeout\"") {
  http_server server([](const received_request&) {
    canned_response r;
    r.delay = 10s;
    return r;
  });
  auto client = spawn_http_client(sys);
  auto req = post(server.base_url() + "/slow");
  req.timeout_ms = 200;
  auto resp = call(sys, client, req);
  CHECK(resp.error == "timeout");
  CHECK(resp.status == 0);
  auto s = stats_of(sys, client);
  CHECK(s.failed == 1);
  CHECK(s.in_flight == 0);
}

TEST_CASE_METHOD(fixture, "HTTP actor: a port where nothing listens gives \"connection refused\"") {
  auto client = spawn_http_client(sys);
  auto port = ptc::testing::unused_port();
  auto resp = call(sys, client, post("http://127.0.0.1:" + std::to_string(port) + "/"));
  CHECK(resp.error == "connection refused");
  CHECK(resp.status == 0);
}

TEST_CASE_METHOD(fixture, "HTTP actor: an unresolvable host gives \"connection failed: ...\"") {
  auto client = spawn_http_client(sys);
  auto req = post("http://no-such-host.invalid/");
  req.connect_timeout_ms = 5'000;
  auto resp = call(sys, client, req);
  // A resolver without network may also time out; both are connection-level failures.
  bool connection_level = resp.error.rfind("connection failed: ", 0) == 0 || resp.error == "timeout";
  CHECK(connection_level);
}

TEST_CASE_METHOD(fixture, "HTTP actor: a body cut short gives \"transfer failed: ...\"") {
  http_server server([](const received_request&) {
    canned_response r;
    r.body = std::string(1000, 'x');
    r.truncate_at = 10;
    return r;
  });
  auto client = spawn_http_client(sys);
  auto resp = call(sys, client, post(server.base_url() + "/"));
  INFO(resp.error);
  CHECK(resp.error.rfind("transfer failed: ", 0) == 0);
}

TEST_CASE_METHOD(fixture, "HTTP actor: a connection closed without a response gives an error") {
  http_server server([](const received_request&) {
    canned_response r;
    r.close_without_response = true;
    return r;
  });
  auto client = spawn_http_client(sys);
  auto resp = call(sys, client, post(server.base_url() + "/"));
  INFO(resp.error);
  CHECK(resp.error.rfind("transfer failed: ", 0) == 0);
  CHECK(resp.status == 0);
}

TEST_CASE_METHOD(fixture, "HTTP actor: 200 concurrent requests each get their own answer") {
  http_server server([](const received_request& q) {
    canned_response r;
    r.body = "re:" + q.body;
    r.delay = 300ms;  // keeps them overlapping
    return r;
  });
  auto client = spawn_http_client(sys, http_options{.max_in_flight = 256});
  caf::scoped_actor self{sys};
  constexpr int n = 200;
  std::vector<decltype(self->request(client, 60s, http_atom::value, http_request{}))> handles;
  for (int i = 0; i < n; ++i)
    handles.push_back(self->request(client, 60s, http_atom::value,
                                    post(server.base_url() + "/c", std::to_string(i))));
  int right = 0;
  for (int i = 0; i < n; ++i) {
    handles[i].receive(
        [&](http_response& r) {
          if (r.error.empty() && r.status == 200 && r.body == "re:" + std::to_string(i)) ++right;
        },
        [&](caf::error& e) { FAIL_CHECK(sys.render(e)); });
  }
  CHECK(right == n);
  CHECK(server.request_count() == n);
  auto s = stats_of(sys, client);
  CHECK(s.completed == n);
  CHECK(s.peak_in_flight > 1);
  CHECK(s.peak_in_flight <= 256);
  CHECK(server.peak_open_connections() > 1);
}

TEST_CASE_METHOD(fixture, "HTTP actor: max_in_flight bounds transfers, the rest wait in order") {
  http_server server([](const received_request&) {
    canned_response r;
    r.delay = 20ms;
    return r;
  });
  auto client = spawn_http_client(sys, http_options{.max_in_flight = 1});
  caf::scoped_actor self{sys};
  constexpr int n = 8;
  std::vector<decltype(self->request(client, 60s, http_atom::value, http_request{}))> handles;
  for (int i = 0; i < n; ++i)
    handles.push_back(self->request(client, 60s, http_atom::value,
                                    post(server.base_url() + "/q", std::to_string(i))));
  int ok = 0;
  for (auto& h : handles)
    h.receive([&](http_response& r) { ok += r.error.empty() ? 1 : 0; },
              [&](caf::error& e) { FAIL_CHECK(sys.render(e)); });
  CHECK(ok == n);
  auto log = server.requests();
  REQUIRE(log.size() == n);
  for (int i = 0; i < n; ++i) CHECK(log[i].body == std::to_string(i));  // FIFO
  auto s = stats_of(sys, client);
  CHECK(s.peak_in_flight == 1);
  CHECK(s.queued == 0);
  CHECK(server.peak_open_connections() == 1);
}

TEST_CASE_METHOD(fixture, "HTTP actor: sequential requests reuse one keep-alive connection") {
  http_server server([](const received_request&) { return canned_response{}; });
  auto client = spawn_http_client(sys);
  constexpr int n = 50;
  int ok = 0;
  for (int i = 0; i < n; ++i) ok += call(sys, client, post(server.base_url() + "/k")).error.empty();
  CHECK(ok == n);
  CHECK(server.request_count() == n);
  CHECK(server.peak_open_connections() <= 2);
}

TEST_CASE_METHOD(fixture, "HTTP actor: stopping the actor answers transfers in flight \"cancelled\"") {
  http_server server([](const received_request&) {
    canned_response r;
    r.delay = 30s;
    return r;
  });
  auto client = spawn_http_client(sys);
  caf::scoped_actor self{sys};
  auto pending = self->request(client, 60s, http_atom::value, post(server.base_url() + "/hang"));
  REQUIRE(eventually([&] { return server.request_count() == 1; }));
  self->send_exit(client, caf::exit_reason::user_shutdown);
  std::string error;
  pending.receive([&](http_response& r) { error = r.error; },
                  [&](caf::error& e) { error = "caf: " + sys.render(e); });
  CHECK(error == "cancelled");
}

TEST_CASE_METHOD(fixture, "HTTP actor: dropping the last handle mid-transfer still answers") {
  http_server server([](const received_request&) {
    canned_response r;
    r.body = "late";
    r.delay = 100ms;
    return r;
  });
  caf::scoped_actor self{sys};
  auto client = spawn_http_client(sys);
  auto pending = self->request(client, 60s, http_atom::value, post(server.base_url() + "/late"));
  client = caf::actor{};  // the promise in the worker now holds the last reference
  std::string body;
  pending.receive([&](http_response& r) { body = r.body; },
                  [&](caf::error& e) { body = "caf: " + sys.render(e); });
  CHECK(body == "late");
}

}  // namespace actors_http_client_test
