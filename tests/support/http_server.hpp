#pragma once
// A real HTTP/1.1 server on 127.0.0.1 for tests and benchmarks: provider wire formats, fault
// injection (status codes, Retry-After, slow, truncated and malformed bodies, dropped
// connections) and thousands of concurrent keep-alive connections.
//
// Decision: one epoll thread of our own (not cpp-httplib, whose listen backlog of 5 and thread
// per connection cannot hold the 2,000 connections the pool benchmark needs). Each request is
// answered by the handler on that thread; a reply may be delayed (a timer, no thread blocked),
// cut short, or replaced by closing the connection.
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace ptc::testing {

struct received_request {
  std::string method;
  std::string path;                  ///< with the query string
  std::vector<std::string> headers;  ///< "name: value" as received
  std::string body;
  /// The value of header `name` (case-insensitive), or "".
  std::string header(const std::string& name) const;
};

struct canned_response {
  int status = 200;
  std::vector<std::string> headers;  ///< extra "Name: value" lines (Content-Length is added)
  std::string body;
  std::string content_type = "application/json";
  std::chrono::milliseconds delay{0};  ///< wait this long before answering
  /// Send only the first `truncate_at` bytes of the body (with the full Content-Length), then
  /// close: a truncated transfer. -1: send everything.
  std::int64_t truncate_at = -1;
  bool close_without_response = false;  ///< close the connection instead of answering
  /// No Content-Length: the body ends when the connection closes (the client learns its size
  /// only as it arrives).
  bool no_length = false;
};

using request_handler = std::function<canned_response(const received_request&)>;

class http_server {
 public:
  /// Starts listening on 127.0.0.1 at an ephemeral port (backlog 4096) and serving on a thread.
  explicit http_server(request_handler handler);
  ~http_server();  ///< stops the thread and closes every connection
  http_server(const http_server&) = delete;
  http_server& operator=(const http_server&) = delete;

  std::uint16_t port() const;
  std::string base_url() const;  ///< "http://127.0.0.1:PORT"

  /// Every request received so far, in arrival order (thread-safe copy).
  std::vector<received_request> requests() const;
  std::size_t request_count() const;
  std::size_t open_connections() const;
  std::size_t peak_open_connections() const;
  std::size_t bytes_sent() const;  ///< written to sockets so far, all connections

  struct impl;

 private:
  std::unique_ptr<impl> impl_;
};

/// A port on 127.0.0.1 where nothing listens (bound, then closed): connection refused.
std::uint16_t unused_port();

}  // namespace ptc::testing
