#include "tests/support/http_server.hpp"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <exception>
#include <optional>
#include <queue>
#include <stdexcept>
#include <thread>
#include <unordered_map>

#include "tests/support/http_parse.hpp"

namespace ptc::testing {

using clock_type = std::chrono::steady_clock;

namespace {

// epoll user data: connections get ids from first_connection_id on; ids are never reused, so
// an event or timer for a connection closed earlier in the same batch finds nothing.
constexpr std::uint64_t listen_id = 0;
constexpr std::uint64_t wake_id = 1;
constexpr std::uint64_t first_connection_id = 2;

[[noreturn]] void fail(const char* what) {
  throw std::runtime_error(std::string("http_server: ") + what + ": " + std::strerror(errno));
}

/// Lets one process hold thousands of sockets (the soft limit is often 1024).
void raise_fd_limit() {
  rlimit lim{};
  if (getrlimit(RLIMIT_NOFILE, &lim) == 0 && lim.rlim_cur < lim.rlim_max) {
    lim.rlim_cur = lim.rlim_max;
    setrlimit(RLIMIT_NOFILE, &lim);
  }
}

struct connection {
  int fd = -1;
  std::uint64_t id = 0;
  std::string in;  ///< bytes received and not yet parsed
  std::string out;
  std::size_t out_off = 0;
  bool writing = false;            ///< EPOLLOUT is registered
  bool close_after_write = false;  ///< nothing more is read; close once `out` is sent
  bool continue_sent = false;      ///< "100 Continue" sent for the request being received
  /// A delayed reply is pending: later pipelined requests wait for it (answers stay in order).
  std::optional<canned_response> delayed;
  bool delayed_keep_alive = true;
  bool delayed_head = false;
};

struct timer {
  clock_type::time_point at;
  std::uint64_t connection_id;
  bool operator>(const timer& o) const { return at > o.at; }
};

std::string render_head(const canned_response& r, std::size_t length, bool keep_alive) {
  std::string head = "HTTP/1.1 " + std::to_string(r.status) + " " + detail::reason_phrase(r.status) + "\r\n";
  if (!r.content_type.empty()) head += "Content-Type: " + r.content_type + "\r\n";
  for (const auto& h : r.headers) head += h + "\r\n";
  if (!r.no_length) head += "Content-Length: " + std::to_string(length) + "\r\n";
  if (!keep_alive || r.no_length) head += "Connection: close\r\n";
  head += "\r\n";
  return head;
}

}  // namespace

std::string received_request::header(const std::string& name) const {
  return detail::find_header(headers, name);
}

struct http_server::impl {
  request_handler handler;
  int listen_fd = -1;
  int epoll_fd = -1;
  int wake_fd = -1;
  std::uint16_t port = 0;
  std::thread thread;

  mutable std::mutex log_mutex;
  std::vector<received_request> log;
  std::atomic<std::size_t> open{0};
  std::atomic<std::size_t> peak{0};
  std::atomic<std::size_t> sent{0};  ///< bytes written to sockets, all connections

  // Owned by the server thread only.
  std::unordered_map<std::uint64_t, std::unique_ptr<connection>> connections;
  std::priority_queue<timer, std::vector<timer>, std::greater<>> timers;
  std::uint64_t next_id = first_connection_id;

  explicit impl(request_handler h) : handler(std::move(h)) {}

  ~impl() {
    for (int fd : {listen_fd, epoll_fd, wake_fd})
      if (fd >= 0) ::close(fd);
  }

  void start() {
    raise_fd_limit();
    listen_fd = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (listen_fd < 0) fail("socket");
    int one = 1;
    ::setsockopt(listen_fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    addr.sin_port = 0;
    if (::bind(listen_fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) fail("bind");
    if (::listen(listen_fd, 4096) != 0) fail("listen");
    socklen_t len = sizeof addr;
    if (::getsockname(listen_fd, reinterpret_cast<sockaddr*>(&addr), &len) != 0) fail("getsockname");
    port = ntohs(addr.sin_port);
    epoll_fd = ::epoll_create1(EPOLL_CLOEXEC);
    if (epoll_fd < 0) fail("epoll_create1");
    wake_fd = ::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
    if (wake_fd < 0) fail("eventfd");
    watch(listen_fd, listen_id, EPOLLIN, EPOLL_CTL_ADD);
    watch(wake_fd, wake_id, EPOLLIN, EPOLL_CTL_ADD);
    thread = std::thread([this] { run(); });
  }

  void stop() {
    std::uint64_t one = 1;
    [[maybe_unused]] auto n = ::write(wake_fd, &one, sizeof one);
    if (thread.joinable()) thread.join();
  }

  void watch(int fd, std::uint64_t id, std::uint32_t events, int op) {
    epoll_event ev{};
    ev.events = events;
    ev.data.u64 = id;
    if (::epoll_ctl(epoll_fd, op, fd, &ev) != 0 && op == EPOLL_CTL_ADD) fail("epoll_ctl");
  }

  void run() {
    std::vector<epoll_event> events(1024);
    bool stopping = false;
    while (!stopping) {
      int n = ::epoll_wait(epoll_fd, events.data(), static_cast<int>(events.size()), wait_ms());
      if (n < 0 && errno != EINTR) break;
      for (int i = 0; i < n; ++i) {
        auto id = events[i].data.u64;
        auto ev = events[i].events;
        if (id == wake_id) {
          stopping = true;
        } else if (id == listen_id) {
          accept_all();
        } else {
          if (ev & (EPOLLIN | EPOLLHUP | EPOLLERR)) on_readable(id);
          if (ev & EPOLLOUT) {
            if (auto* c = find(id)) flush(*c);
          }
        }
      }
      fire_timers();
    }
    for (auto& [id, c] : connections) ::close(c->fd);
    open -= connections.size();
    connections.clear();
  }

  /// Milliseconds until the next timer (rounded up), or -1 when none.
  int wait_ms() const {
    if (timers.empty()) return -1;
    auto left = timers.top().at - clock_type::now();
    if (left <= clock_type::duration::zero()) return 0;
    auto ms = std::chrono::ceil<std::chrono::milliseconds>(left).count();
    return static_cast<int>(std::min<std::int64_t>(ms, 60'000));
  }

  connection* find(std::uint64_t id) {
    auto it = connections.find(id);
    return it == connections.end() ? nullptr : it->second.get();
  }

  void accept_all() {
    for (;;) {
      int fd = ::accept4(listen_fd, nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
      if (fd < 0) return;  // EAGAIN, or out of descriptors: retried on the next event
      int one = 1;
      ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
      auto c = std::make_unique<connection>();
      c->fd = fd;
      c->id = next_id++;
      watch(fd, c->id, EPOLLIN, EPOLL_CTL_ADD);
      connections.emplace(c->id, std::move(c));
      auto now_open = ++open;
      auto seen = peak.load();
      while (now_open > seen && !peak.compare_exchange_weak(seen, now_open)) {
      }
    }
  }

  void close_connection(connection& c) {
    ::close(c.fd);  // also removes it from the epoll set
    --open;
    connections.erase(c.id);
  }

  void on_readable(std::uint64_t id) {
    auto* c = find(id);
    if (!c) return;
    char buf[64 * 1024];
    for (;;) {
      auto n = ::read(c->fd, buf, sizeof buf);
      if (n > 0) {
        if (!c->close_after_write) c->in.append(buf, static_cast<std::size_t>(n));
        continue;
      }
      if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) break;
      if (n < 0 && errno == EINTR) continue;
      close_connection(*c);  // the peer closed (or the socket failed)
      return;
    }
    serve(*c);
  }

  /// Answers every complete request in `c.in`, in order, until one is delayed or ends the
  /// connection; then sends what is buffered.
  void serve(connection& c) {
    std::size_t used = 0;
    while (!c.delayed && !c.close_after_write) {
      received_request req;
      auto r = detail::parse_request(std::string_view(c.in).substr(used), req);
      if (r.status == detail::parse_status::incomplete) {
        if (r.expects_continue && !c.continue_sent) {
          c.out += "HTTP/1.1 100 Continue\r\n\r\n";
          c.continue_sent = true;
        }
        break;
      }
      if (r.status == detail::parse_status::bad) {
        canned_response bad;
        bad.status = 400;
        bad.content_type = "text/plain";
        bad.body = "bad request";
        respond(c, bad, false);
        break;
      }
      used += r.consumed;
      c.continue_sent = false;
      {
        std::lock_guard lock(log_mutex);
        log.push_back(req);
      }
      canned_response resp = call_handler(req);
      if (resp.delay.count() > 0 && !resp.close_without_response) {
        timers.push({clock_type::now() + resp.delay, c.id});
        c.delayed = std::move(resp);
        c.delayed_keep_alive = r.keep_alive;
        c.delayed_head = req.method == "HEAD";
        break;
      }
      respond(c, resp, r.keep_alive, req.method == "HEAD");
    }
    c.in.erase(0, used);
    flush(c);
  }

  canned_response call_handler(const received_request& req) {
    try {
      return handler(req);
    } catch (const std::exception& e) {
      canned_response r;
      r.status = 500;
      r.content_type = "text/plain";
      r.body = std::string("handler threw: ") + e.what();
      return r;
    }
  }

  /// Appends the answer to `c.out` (a HEAD answer has no body, only its length).
  void respond(connection& c, const canned_response& r, bool keep_alive, bool head = false) {
    if (r.close_without_response) {
      c.close_after_write = true;
      return;
    }
    bool truncated = r.truncate_at >= 0 && static_cast<std::size_t>(r.truncate_at) < r.body.size();
    c.out += render_head(r, r.body.size(), keep_alive && !truncated);
    if (head) {
      if (!keep_alive || truncated) c.close_after_write = true;
      return;
    }
    if (truncated) {
      c.out.append(r.body, 0, static_cast<std::size_t>(r.truncate_at));
    } else {
      c.out += r.body;
    }
    if (!keep_alive || truncated || r.no_length) c.close_after_write = true;
  }

  /// Writes buffered output; closes the connection when it is done and should end.
  void flush(connection& c) {
    while (c.out_off < c.out.size()) {
      auto n = ::send(c.fd, c.out.data() + c.out_off, c.out.size() - c.out_off, MSG_NOSIGNAL);
      if (n > 0) {
        c.out_off += static_cast<std::size_t>(n);
        sent += static_cast<std::size_t>(n);
        continue;
      }
      if (n < 0 && errno == EINTR) continue;
      if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
        if (!c.writing) {
          c.writing = true;
          watch(c.fd, c.id, EPOLLIN | EPOLLOUT, EPOLL_CTL_MOD);
        }
        return;
      }
      close_connection(c);  // the peer is gone
      return;
    }
    c.out.clear();
    c.out_off = 0;
    if (c.writing) {
      c.writing = false;
      watch(c.fd, c.id, EPOLLIN, EPOLL_CTL_MOD);
    }
    if (c.close_after_write) close_connection(c);
  }

  void fire_timers() {
    auto now = clock_type::now();
    while (!timers.empty() && timers.top().at <= now) {
      auto id = timers.top().connection_id;
      timers.pop();
      auto* c = find(id);
      if (!c || !c->delayed) continue;
      auto resp = std::move(*c->delayed);
      c->delayed.reset();
      respond(*c, resp, c->delayed_keep_alive, c->delayed_head);
      serve(*c);  // pipelined requests that waited behind this one
    }
  }
};

http_server::http_server(request_handler handler) : impl_(std::make_unique<impl>(std::move(handler))) {
  impl_->start();
}

http_server::~http_server() { impl_->stop(); }

std::uint16_t http_server::port() const { return impl_->port; }

std::string http_server::base_url() const { return "http://127.0.0.1:" + std::to_string(impl_->port); }

std::vector<received_request> http_server::requests() const {
  std::lock_guard lock(impl_->log_mutex);
  return impl_->log;
}

std::size_t http_server::request_count() const {
  std::lock_guard lock(impl_->log_mutex);
  return impl_->log.size();
}

std::size_t http_server::open_connections() const { return impl_->open.load(); }

std::size_t http_server::peak_open_connections() const { return impl_->peak.load(); }
std::size_t http_server::bytes_sent() const { return impl_->sent.load(); }

std::uint16_t unused_port() {
  int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) fail("socket");
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  addr.sin_port = 0;
  socklen_t len = sizeof addr;
  if (::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 ||
      ::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len) != 0) {
    ::close(fd);
    fail("bind");
  }
  ::close(fd);  // bound but never listening: connecting there is refused
  return ntohs(addr.sin_port);
}

}  // namespace ptc::testing
