#pragma once
// A small HTTP/1.1 server for ptc's own endpoints (`ptc mcp --http`): one epoll thread, many
// keep-alive connections, replies sent later from any thread.
//
// Context: an MCP host posts JSON-RPC messages; the answer to a tools/call comes when a program
// has run, seconds later, from an actor. A thread per connection or per request would not do
// for a runtime that serves many clients, and Debian offers no embeddable HTTP server.
//
// Decision: one thread owns the listening socket and every connection (non-blocking, epoll).
// A complete request goes to the handler on that thread with an `http_reply`; the handler must
// not block, and answers through the reply once, now or later, from any thread (the reply is
// queued and the thread woken through an eventfd). A connection carries one request at a time
// (no pipelining); the next is read once the reply is written. Limits are promises: headers over
// max_header_bytes get 431, a body over max_body_bytes gets 413 (before it is read), a request
// that does not complete within header_timeout and a connection idle for idle_timeout are
// closed, connections beyond max_connections are refused at accept, and a streamed reply whose
// client does not read it is closed once max_stream_backlog_bytes wait unsent.
//
// Consequences: a reply for a connection that has closed meanwhile is dropped (the handler
// may learn nothing of it: HTTP has no way to say so). Destroying the server closes every
// connection and joins the thread; replies sent after that are dropped.
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace ptc::actors {

struct http_server_request {
  std::string method;  ///< "GET", "POST", ...
  std::string target;  ///< the request target as sent ("/mcp", "/mcp?x=1")
  std::vector<std::pair<std::string, std::string>> headers;  ///< names as sent
  std::string body;
  /// The value of header `name` (case-insensitive), or "" (several: the first).
  std::string header(std::string_view name) const;
};

struct http_server_response {
  int status = 200;
  std::string content_type = "application/json";  ///< "" for no body type (a 202, a 204)
  std::vector<std::pair<std::string, std::string>> headers;  ///< besides Content-Type/-Length
  std::string body;
};

namespace detail {
struct http_server_core;
}

/// Answers one request, once (later calls are ignored). Copyable; safe from any thread.
/// Either send() a whole response, or stream one: start() sends the status and headers
/// (Transfer-Encoding: chunked; `head.body`, if any, as the first part), write() sends parts as
/// they come (an event stream's events), end() the last part and the end of the body; then the
/// connection reads its next request. Calls out of that order are ignored.
class http_reply {
 public:
  http_reply() = default;
  void send(http_server_response response) const;
  void start(http_server_response head) const;
  void write(std::string part) const;
  void end(std::string last_part = {}) const;

  http_reply(std::weak_ptr<detail::http_server_core> core, std::uint64_t connection, std::uint64_t request);

 private:
  enum class kind : std::uint8_t { whole, head, part, last };
  void queue(kind k, http_server_response r) const;
  friend struct detail::http_server_core;

  std::weak_ptr<detail::http_server_core> core_;
  std::uint64_t connection_ = 0;
  std::uint64_t request_ = 0;
};

/// Called on the server's thread for each complete request; must not block.
using http_handler = std::function<void(http_server_request request, http_reply reply)>;

struct http_server_options {
  std::string host = "127.0.0.1";  ///< an IPv4 or IPv6 address (not a name)
  std::uint16_t port = 0;          ///< 0: a free port (see http_server::port)
  std::size_t max_header_bytes = 64 * 1024;
  std::size_t max_body_bytes = 16 * 1024 * 1024;
  std::size_t max_connections = 1024;
  std::chrono::milliseconds header_timeout{30'000};  ///< to send a whole request
  std::chrono::milliseconds idle_timeout{300'000};   ///< a keep-alive connection with nothing to do
  /// A streamed reply's bytes that its client has not taken yet: a part that would hold more
  /// closes the connection (a client that stops reading its event stream cannot make the
  /// server hold everything written to it since).
  std::size_t max_stream_backlog_bytes = 8 * 1024 * 1024;
};

class http_server {
 public:
  /// Binds and starts serving; the error text (naming the address) when it cannot bind.
  static std::variant<std::unique_ptr<http_server>, std::string> start(http_server_options opts,
                                                                      http_handler handler);
  ~http_server();  ///< closes every connection and joins the thread
  http_server(const http_server&) = delete;
  http_server& operator=(const http_server&) = delete;

  std::uint16_t port() const;
  /// Figures for tests and logs.
  std::size_t open_connections() const;

  explicit http_server(std::shared_ptr<detail::http_server_core> core);

 private:
  std::shared_ptr<detail::http_server_core> core_;
};

/// True for 127.0.0.0/8, ::1 and "localhost".
bool is_loopback_host(std::string_view host);

}  // namespace ptc::actors
