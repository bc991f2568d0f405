// The test HTTP server itself, driven over raw sockets: pipelining, chunked bodies, delayed
// replies, many connections.
#include <catch2/catch.hpp>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "tests/support/local_socket.hpp"
#include "tests/support/eventually.hpp"
#include "tests/support/http_server.hpp"

namespace actors_http_server_test {

using namespace std::chrono_literals;
using ptc::testing::canned_response;
using ptc::testing::http_server;
using ptc::testing::received_request;

namespace {

/// A blocking client socket with a 20 s receive timeout, so no test can hang.
struct raw_client {
  int fd = -1;

  explicit raw_client(std::uint16_t port) {
    fd = ptc::testing::connect_local(port, std::chrono::seconds(20));
  }
  ~raw_client() {
    if (fd >= 0) ::close(fd);
  }
  raw_client(raw_client&& o) noexcept : fd(o.fd) { o.fd = -1; }

  void send_all(const std::string& data) {
    std::size_t off = 0;
    while (off < data.size()) {
      auto n = ::send(fd, data.data() + off, data.size() - off, MSG_NOSIGNAL);
      if (n <= 0) return;
      off += static_cast<std::size_t>(n);
    }
  }

  /// Reads until the peer closes, the timeout passes, or `enough` says the text is complete.
  template <class Enough>
  std::string read_until(Enough enough) {
    std::string text;
    char buf[4096];
    while (!enough(text)) {
      auto n = ::recv(fd, buf, sizeof buf, 0);
      if (n <= 0) break;
      text.append(buf, static_cast<std::size_t>(n));
    }
    return text;
  }
};

std::size_t count(const std::string& hay, const std::string& needle) {
  std::size_t n = 0;
  for (auto pos = hay.find(needle); pos != std::string::npos; pos = hay.find(needle, pos + 1)) ++n;
  return n;
}

using ptc::testing::eventually;

}  // namespace

TEST_CASE("test server: pipelined requests are answered in order, even behind a delay") {
  http_server server([](const received_request& q) {
    canned_response r;
    r.body = "body" + q.path;
    if (q.path == "/first") r.delay = 100ms;
    return r;
  });
  raw_client c(server.port());
  REQUIRE(c.fd >= 0);
  c.send_all(
      "POST /first HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabc"
      "GET /second HTTP/1.1\r\nHost: x\r\n\r\n");
  auto text = c.read_until([](const std::string& t) { return count(t, "HTTP/1.1 200 OK") == 2 && t.ends_with("/second"); });
  auto first = text.find("body/first");
  auto second = text.find("body/second");
  REQUIRE(first != std::string::npos);
  REQUIRE(second != std::string::npos);
  CHECK(first < second);
  CHECK(count(text, "Content-Length: 10\r\n") == 1);
  auto log = server.requests();
  REQUIRE(log.size() == 2);
  CHECK(log[0].body == "abc");
  CHECK(log[1].method == "GET");
}

TEST_CASE("test server: chunked request bodies are decoded") {
  http_server server([](const received_request& q) {
    canned_response r;
    r.body = "[" + q.body + "]";
    return r;
  });
  raw_client c(server.port());
  REQUIRE(c.fd >= 0);
  c.send_all("POST /c HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n");
  c.send_all("6;ext=1\r\n world\r\n0\r\n\r\n");
  auto text = c.read_until([](const std::string& t) { return t.ends_with("]"); });
  CHECK(text.ends_with("[hello world]"));
  CHECK(server.request_count() == 1);
}

TEST_CASE("test server: Connection: close, malformed requests and canned faults") {
  http_server server([](const received_request& q) {
    canned_response r;
    if (q.path == "/cut") {
      r.body = "0123456789";
      r.truncate_at = 4;
    }
    if (q.path == "/drop") r.close_without_response = true;
    if (q.path == "/throw") throw std::runtime_error("boom");
    return r;
  });
  auto all = [](const std::string&) { return false; };  // read until the server closes
  {
    raw_client c(server.port());
    c.send_all("GET / HTTP/1.1\r\nConnection: close\r\n\r\n");
    auto text = c.read_until(all);
    CHECK(text.find("Connection: close\r\n") != std::string::npos);
  }
  {
    raw_client c(server.port());
    c.send_all("nonsense\r\n\r\n");
    CHECK(c.read_until(all).starts_with("HTTP/1.1 400 "));
  }
  {
    raw_client c(server.port());
    c.send_all("GET /cut HTTP/1.1\r\n\r\n");
    auto text = c.read_until(all);
    CHECK(text.find("Content-Length: 10\r\n") != std::string::npos);
    CHECK(text.ends_with("\r\n\r\n0123"));
  }
  {
    raw_client c(server.port());
    c.send_all("GET /drop HTTP/1.1\r\n\r\n");
    CHECK(c.read_until(all).empty());
  }
  {
    raw_client c(server.port());
    c.send_all("GET /throw HTTP/1.1\r\nConnection: close\r\n\r\n");
    auto text = c.read_until(all);
    CHECK(text.starts_with("HTTP/1.1 500 "));
    CHECK(text.ends_with("boom"));
  }
  CHECK(eventually([&] { return server.open_connections() == 0; }));
}

TEST_CASE("test server: holds 3000 concurrent connections") {
  http_server server([](const received_request&) { return canned_response{}; });
  std::vector<raw_client> clients;
  clients.reserve(3000);
  for (int i = 0; i < 3000; ++i) {
    clients.emplace_back(server.port());
    if (clients.back().fd < 0) break;
  }
  REQUIRE(clients.size() == 3000);
  REQUIRE(clients.back().fd >= 0);
  CHECK(eventually([&] { return server.open_connections() == 3000; }));
  CHECK(server.peak_open_connections() == 3000);
  // Every connection still answers.
  int answered = 0;
  for (int i = 0; i < 3000; i += 100) {
    clients[i].send_all("GET /ping HTTP/1.1\r\n\r\n");
    auto text = clients[i].read_until([](const std::string& t) { return t.ends_with("\r\n\r\n"); });
    answered += text.starts_with("HTTP/1.1 200 OK") ? 1 : 0;
  }
  CHECK(answered == 30);
  clients.clear();
  CHECK(eventually([&] { return server.open_connections() == 0; }));
}

}  // namespace actors_http_server_test
