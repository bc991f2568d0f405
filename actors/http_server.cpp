// The HTTP/1.1 server behind ptc's own endpoints (http_server.hpp).
#include "ptc/actors/http_server.hpp"


#include <cstdio>
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <mutex>
#include <optional>
#include <thread>
#include <unordered_map>

#include <spdlog/spdlog.h>

#include "ptc/actors/http_text.hpp"
#include "ptc/actors/listen_socket.hpp"

namespace ptc::actors {
namespace {

using clock_type = std::chrono::steady_clock;

constexpr std::uint64_t listen_key = 0;
constexpr std::uint64_t wake_key = 1;

const char* reason(int status) {
  switch (status) {
    case 100: return "Continue";
    case 200: return "OK";
    case 202: return "Accepted";
    case 204: return "No Content";
    case 400: return "Bad Request";
    case 401: return "Unauthorized";
    case 403: return "Forbidden";
    case 404: return "Not Found";
    case 405: return "Method Not Allowed";
    case 406: return "Not Acceptable";
    case 408: return "Request Timeout";
    case 411: return "Length Required";
    case 413: return "Content Too Large";
    case 415: return "Unsupported Media Type";
    case 431: return "Request Header Fields Too Large";
    case 500: return "Internal Server Error";
    case 501: return "Not Implemented";
    case 503: return "Service Unavailable";
    default: return "Status";
  }
}

/// The status line and headers; a whole response also gets its Content-Length and body, the
/// head of a streamed one Transfer-Encoding: chunked (its body is sent as a chunk).
std::string serialize(const http_server_response& r, bool keep_alive, bool streamed = false) {
  std::string out = "HTTP/1.1 " + std::to_string(r.status) + " " + reason(r.status) + "\r\n";
  if (!r.content_type.empty()) out += "Content-Type: " + r.content_type + "\r\n";
  if (streamed) out += "Transfer-Encoding: chunked\r\n";
  else out += "Content-Length: " + std::to_string(r.body.size()) + "\r\n";
  out += keep_alive ? "Connection: keep-alive\r\n" : "Connection: close\r\n";
  for (const auto& [name, value] : r.headers) out += name + ": " + value + "\r\n";
  out += "\r\n";
  if (!streamed) out += r.body;
  return out;
}

/// One chunk of a chunked body (an empty part is no chunk: it would end the body).
std::string chunk(const std::string& part) {
  if (part.empty()) return {};
  char size[24];
  std::snprintf(size, sizeof size, "%zx\r\n", part.size());
  return size + part + "\r\n";
}

http_server_response plain(int status, std::string text) {
  http_server_response r;
  r.status = status;
  r.content_type = "text/plain; charset=utf-8";
  r.body = std::move(text);
  return r;
}

}  // namespace

std::string http_server_request::header(std::string_view name) const {
  for (const auto& [n, v] : headers)
    if (detail::iequals(n, name)) return v;
  return {};
}

bool is_loopback_host(std::string_view host) {
  if (host.starts_with('[') && host.ends_with(']')) host = host.substr(1, host.size() - 2);
  if (host == "localhost" || host == "::1") return true;
  in_addr a{};
  const std::string h(host);
  return inet_pton(AF_INET, h.c_str(), &a) == 1 && (ntohl(a.s_addr) >> 24) == 127;
}

namespace detail {

struct http_connection {
  int fd = -1;
  std::string in;
  std::string out;
  std::size_t out_pos = 0;
  std::size_t scanned = 0;  ///< `in` has no "\r\n\r\n" before this offset
  bool busy = false;        ///< a request is with the handler
  std::uint64_t request = 0;
  bool keep_alive = true;
  bool close_after = false;  ///< close once `out` is written
  bool want_write = false;   ///< EPOLLOUT registered
  bool sent_continue = false;  ///< "100 Continue" went out for the request being read
  bool streaming = false;      ///< the reply's head went out; parts follow until its end
  clock_type::time_point last_activity = clock_type::now();
  std::optional<clock_type::time_point> request_started;
};

struct http_server_core : std::enable_shared_from_this<http_server_core> {
  http_server_options opts;
  http_handler handler;
  int listen_fd = -1, epoll_fd = -1, wake_fd = -1;
  std::uint16_t port = 0;
  std::thread thread;
  std::atomic<bool> stopping{false};
  std::atomic<std::size_t> open{0};

  std::mutex mutex;
  struct queued_reply {
    std::uint64_t connection, request;
    http_reply::kind what;
    http_server_response response;  ///< part and last: the text in body
  };
  std::vector<queued_reply> replies;  ///< guarded by mutex

  // The thread's own.
  std::unordered_map<std::uint64_t, http_connection> conns;
  std::uint64_t next_id = 2;
  std::uint64_t next_request = 1;

  ~http_server_core() {
    for (int fd : {listen_fd, epoll_fd, wake_fd})
      if (fd >= 0) ::close(fd);
  }

  void wake() {
    const std::uint64_t one = 1;
    [[maybe_unused]] auto n = ::write(wake_fd, &one, sizeof one);
  }

  void run();
  void accept_all();
  void on_readable(std::uint64_t id, http_connection& c);
  void on_writable(std::uint64_t id, http_connection& c);
  void parse(std::uint64_t id, http_connection& c);
  void answer(std::uint64_t id, http_connection& c, const http_server_response& r, bool close);
  void stream(std::uint64_t id, http_connection& c, http_reply::kind what, const http_server_response& r);
  void flush(std::uint64_t id, http_connection& c);
  void close_connection(std::uint64_t id);
  void apply_replies();
  void check_timeouts();
};

void http_server_core::run() {
  epoll_event events[64];
  while (!stopping.load()) {
    const int n = ::epoll_wait(epoll_fd, events, 64, 250);
    if (n < 0 && errno != EINTR) {
      spdlog::error("http server: epoll_wait failed: {}", std::strerror(errno));
      break;
    }
    for (int i = 0; i < n; ++i) {
      const std::uint64_t key = events[i].data.u64;
      if (key == listen_key) {
        accept_all();
        continue;
      }
      if (key == wake_key) {
        std::uint64_t count = 0;
        [[maybe_unused]] auto r = ::read(wake_fd, &count, sizeof count);
        apply_replies();
        continue;
      }
      auto it = conns.find(key);
      if (it == conns.end()) continue;
      if (events[i].events & (EPOLLIN | EPOLLHUP | EPOLLERR)) on_readable(key, it->second);
      it = conns.find(key);
      if (it != conns.end() && (events[i].events & EPOLLOUT)) on_writable(key, it->second);
    }
    check_timeouts();
  }
  std::vector<std::uint64_t> ids;
  for (const auto& [id, c] : conns) ids.push_back(id);
  for (auto id : ids) close_connection(id);
}

void http_server_core::accept_all() {
  for (;;) {
    const int fd = ::accept4(listen_fd, nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
    if (fd < 0) {
      if (errno == EINTR) continue;
      if (errno != EAGAIN && errno != EWOULDBLOCK) spdlog::warn("http server: accept failed: {}", std::strerror(errno));
      return;
    }
    if (conns.size() >= opts.max_connections) {
      const std::string busy = serialize(plain(503, "too many connections\n"), false);
      [[maybe_unused]] auto w = ::send(fd, busy.data(), busy.size(), MSG_NOSIGNAL);
      ::close(fd);
      continue;
    }
    const int one = 1;
    ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    const std::uint64_t id = next_id++;
    epoll_event ev{};
    ev.events = EPOLLIN | EPOLLRDHUP;
    ev.data.u64 = id;
    if (::epoll_ctl(epoll_fd, EPOLL_CTL_ADD, fd, &ev) != 0) {
      ::close(fd);
      continue;
    }
    http_connection c;
    c.fd = fd;
    conns.emplace(id, std::move(c));
    open.store(conns.size());
  }
}

void http_server_core::close_connection(std::uint64_t id) {
  auto it = conns.find(id);
  if (it == conns.end()) return;
  ::epoll_ctl(epoll_fd, EPOLL_CTL_DEL, it->second.fd, nullptr);
  ::close(it->second.fd);
  conns.erase(it);
  open.store(conns.size());
}

void http_server_core::on_readable(std::uint64_t id, http_connection& c) {
  char buf[64 * 1024];
  for (;;) {
    const ssize_t n = ::recv(c.fd, buf, sizeof buf, 0);
    if (n > 0) {
      if (c.in.empty() && !c.busy) c.request_started = clock_type::now();
      c.in.append(buf, static_cast<std::size_t>(n));
      c.last_activity = clock_type::now();
      // Whatever a client sends beyond one request and its body while the handler works is
      // not kept without bound.
      if (c.in.size() > opts.max_header_bytes + opts.max_body_bytes + 4) {
        if (c.busy) return close_connection(id);
        break;
      }
      continue;
    }
    if (n == 0) return close_connection(id);  // the peer closed (a reply still due is dropped)
    if (errno == EINTR) continue;
    if (errno == EAGAIN || errno == EWOULDBLOCK) break;
    return close_connection(id);
  }
  if (!c.busy) parse(id, c);
}

void http_server_core::parse(std::uint64_t id, http_connection& c) {
  if (c.in.empty()) return;
  const std::size_t from = c.scanned > 3 ? c.scanned - 3 : 0;
  const std::size_t head_end = c.in.find("\r\n\r\n", from);
  if (head_end == std::string::npos) {
    c.scanned = c.in.size();
    if (c.in.size() > opts.max_header_bytes) answer(id, c, plain(431, "request headers too large\n"), true);
    return;
  }
  if (head_end > opts.max_header_bytes) return answer(id, c, plain(431, "request headers too large\n"), true);
  const std::string_view head(c.in.data(), head_end);
  const std::size_t line_end = head.find("\r\n");
  const std::string_view line = head.substr(0, line_end);
  const std::size_t sp1 = line.find(' ');
  const std::size_t sp2 = sp1 == std::string_view::npos ? sp1 : line.find(' ', sp1 + 1);
  if (sp1 == std::string_view::npos || sp2 == std::string_view::npos || sp1 == 0 || sp2 == sp1 + 1)
    return answer(id, c, plain(400, "malformed request line\n"), true);
  const std::string_view version = line.substr(sp2 + 1);
  if (version != "HTTP/1.1" && version != "HTTP/1.0") return answer(id, c, plain(400, "unsupported HTTP version\n"), true);
  http_server_request req;
  req.method = std::string(line.substr(0, sp1));
  req.target = std::string(line.substr(sp1 + 1, sp2 - sp1 - 1));
  std::size_t pos = line_end == std::string_view::npos ? head.size() : line_end + 2;
  while (pos < head.size()) {
    std::size_t eol = head.find("\r\n", pos);
    if (eol == std::string_view::npos) eol = head.size();
    const std::string_view h = head.substr(pos, eol - pos);
    const std::size_t colon = h.find(':');
    if (colon == std::string_view::npos || colon == 0) return answer(id, c, plain(400, "malformed header line\n"), true);
    req.headers.emplace_back(std::string(trim(h.substr(0, colon))), std::string(trim(h.substr(colon + 1))));
    pos = eol + 2;
  }
  const std::string connection = req.header("connection");
  c.keep_alive = version == "HTTP/1.1" ? !iequals(connection, "close") : iequals(connection, "keep-alive");
  if (!req.header("transfer-encoding").empty())
    return answer(id, c, plain(501, "chunked request bodies are not supported; send Content-Length\n"), true);
  std::size_t length = 0;
  if (const std::string text = req.header("content-length"); !text.empty()) {
    auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), length);
    if (ec != std::errc{} || ptr != text.data() + text.size()) return answer(id, c, plain(400, "bad Content-Length\n"), true);
  }
  if (length > opts.max_body_bytes)
    return answer(id, c, plain(413, "request body over " + std::to_string(opts.max_body_bytes) + " bytes\n"), true);
  const std::size_t total = head_end + 4 + length;
  if (c.in.size() < total) {
    c.scanned = head_end;  // found again at once next time
    if (iequals(req.header("expect"), "100-continue") && !c.sent_continue) {
      c.sent_continue = true;
      c.out += "HTTP/1.1 100 Continue\r\n\r\n";
      flush(id, c);
    }
    return;
  }
  req.body = c.in.substr(head_end + 4, length);
  c.in.erase(0, total);
  c.scanned = 0;
  c.sent_continue = false;
  // Bytes of a next request already here start its clock.
  if (c.in.empty()) c.request_started.reset();
  else c.request_started = clock_type::now();
  c.busy = true;
  c.request = next_request++;
  const std::uint64_t request = c.request;
  const std::string what = req.method + " " + req.target;
  try {
    handler(std::move(req), http_reply(weak_from_this(), id, request));
  } catch (const std::exception& e) {
    // A handler that throws must not end this thread (and with it the process): the request
    // gets a 500 (ignored if the handler had answered it already), the server goes on.
    spdlog::error("http server: the handler of {} failed: {}", what, e.what());
    http_reply(weak_from_this(), id, request).send(plain(500, "internal error: the request could not be handled\n"));
  }
}

void http_server_core::answer(std::uint64_t id, http_connection& c, const http_server_response& r, bool close) {
  if (close) c.keep_alive = false;
  c.close_after = !c.keep_alive;
  if (c.out_pos >= c.out.size()) {
    c.out.clear();
    c.out_pos = 0;
  }
  c.out += serialize(r, c.keep_alive);
  c.busy = false;
  c.last_activity = clock_type::now();
  flush(id, c);
}

void http_server_core::stream(std::uint64_t id, http_connection& c, http_reply::kind what, const http_server_response& r) {
  if (c.out_pos >= c.out.size()) {
    c.out.clear();
    c.out_pos = 0;
  }
  if (what == http_reply::kind::head) {
    if (c.streaming) return;
    c.streaming = true;
    c.out += serialize(r, c.keep_alive, true) + chunk(r.body);
  } else {
    if (!c.streaming) return;
    const std::size_t backlog = c.out.size() - c.out_pos;
    if (backlog + r.body.size() > opts.max_stream_backlog_bytes) {
      spdlog::warn("http server: a client does not read its event stream ({} bytes wait unsent, {} more came); "
                   "the connection is closed",
                   backlog, r.body.size());
      return close_connection(id);
    }
    c.out += chunk(r.body);
    if (what == http_reply::kind::last) {
      c.out += "0\r\n\r\n";
      c.streaming = false;
      c.busy = false;
      c.close_after = !c.keep_alive;
    }
  }
  c.last_activity = clock_type::now();
  flush(id, c);
}

void http_server_core::flush(std::uint64_t id, http_connection& c) {
  while (c.out_pos < c.out.size()) {
    const ssize_t n = ::send(c.fd, c.out.data() + c.out_pos, c.out.size() - c.out_pos, MSG_NOSIGNAL);
    if (n > 0) {
      c.out_pos += static_cast<std::size_t>(n);
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      if (!c.want_write) {
        epoll_event ev{};
        ev.events = EPOLLIN | EPOLLOUT | EPOLLRDHUP;
        ev.data.u64 = id;
        ::epoll_ctl(epoll_fd, EPOLL_CTL_MOD, c.fd, &ev);
        c.want_write = true;
      }
      return;
    }
    return close_connection(id);
  }
  c.out.clear();
  c.out_pos = 0;
  if (c.want_write) {
    epoll_event ev{};
    ev.events = EPOLLIN | EPOLLRDHUP;
    ev.data.u64 = id;
    ::epoll_ctl(epoll_fd, EPOLL_CTL_MOD, c.fd, &ev);
    c.want_write = false;
  }
  if (c.close_after) return close_connection(id);
  if (!c.busy && !c.in.empty()) parse(id, c);  // the next request, if it came already
}

void http_server_core::on_writable(std::uint64_t id, http_connection& c) { flush(id, c); }

void http_server_core::apply_replies() {
  std::vector<queued_reply> ready;
  {
    std::lock_guard lock(mutex);
    ready.swap(replies);
  }
  for (auto& r : ready) {
    auto it = conns.find(r.connection);
    if (it == conns.end() || !it->second.busy || it->second.request != r.request) continue;  // gone
    if (r.what != http_reply::kind::whole) stream(r.connection, it->second, r.what, r.response);
    else if (!it->second.streaming) answer(r.connection, it->second, r.response, false);
  }
}

void http_server_core::check_timeouts() {
  const auto now = clock_type::now();
  std::vector<std::uint64_t> late, idle;
  for (auto& [id, c] : conns) {
    if (c.busy) continue;  // the handler owns it until it answers
    if (c.request_started && now - *c.request_started > opts.header_timeout) late.push_back(id);
    else if (c.in.empty() && c.out.empty() && now - c.last_activity > opts.idle_timeout) idle.push_back(id);
  }
  for (auto id : late) {
    auto it = conns.find(id);
    if (it != conns.end()) answer(id, it->second, plain(408, "the request did not arrive in time\n"), true);
  }
  for (auto id : idle) close_connection(id);
}

}  // namespace detail

http_reply::http_reply(std::weak_ptr<detail::http_server_core> core, std::uint64_t connection, std::uint64_t request)
    : core_(std::move(core)), connection_(connection), request_(request) {}

void http_reply::queue(kind k, http_server_response r) const {
  auto core = core_.lock();
  if (!core) return;
  {
    std::lock_guard lock(core->mutex);
    core->replies.push_back({connection_, request_, k, std::move(r)});
  }
  core->wake();
}

void http_reply::send(http_server_response response) const { queue(kind::whole, std::move(response)); }

void http_reply::start(http_server_response head) const { queue(kind::head, std::move(head)); }

void http_reply::write(std::string part) const {
  http_server_response r;
  r.body = std::move(part);
  queue(kind::part, std::move(r));
}

void http_reply::end(std::string last_part) const {
  http_server_response r;
  r.body = std::move(last_part);
  queue(kind::last, std::move(r));
}

std::variant<std::unique_ptr<http_server>, std::string> http_server::start(http_server_options opts,
                                                                          http_handler handler) {
  auto core = std::make_shared<detail::http_server_core>();
  const std::string where = opts.host + ":" + std::to_string(opts.port);
  sockaddr_storage addr{};
  socklen_t addr_len = 0;
  const std::string host = opts.host == "localhost" ? "127.0.0.1" : opts.host;
  if (auto* v4 = reinterpret_cast<sockaddr_in*>(&addr); inet_pton(AF_INET, host.c_str(), &v4->sin_addr) == 1) {
    v4->sin_family = AF_INET;
    v4->sin_port = htons(opts.port);
    addr_len = sizeof(sockaddr_in);
  } else if (auto* v6 = reinterpret_cast<sockaddr_in6*>(&addr); inet_pton(AF_INET6, host.c_str(), &v6->sin6_addr) == 1) {
    v6->sin6_family = AF_INET6;
    v6->sin6_port = htons(opts.port);
    addr_len = sizeof(sockaddr_in6);
  } else {
    return "cannot listen on " + where + ": \"" + opts.host + "\" is not an IP address";
  }
  core->listen_fd = listen_socket(addr, addr_len, 1024);
  if (core->listen_fd < 0) return "cannot listen on " + where + ": " + std::strerror(errno);
  core->port = bound_port(core->listen_fd);
  core->epoll_fd = ::epoll_create1(EPOLL_CLOEXEC);
  core->wake_fd = ::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
  if (core->epoll_fd < 0 || core->wake_fd < 0) return "cannot listen on " + where + ": " + std::strerror(errno);
  epoll_event ev{};
  ev.events = EPOLLIN;
  ev.data.u64 = listen_key;
  ::epoll_ctl(core->epoll_fd, EPOLL_CTL_ADD, core->listen_fd, &ev);
  ev.data.u64 = wake_key;
  ::epoll_ctl(core->epoll_fd, EPOLL_CTL_ADD, core->wake_fd, &ev);
  core->opts = std::move(opts);
  core->handler = std::move(handler);
  core->thread = std::thread([raw = core.get()] { raw->run(); });
  return std::make_unique<http_server>(std::move(core));
}

http_server::http_server(std::shared_ptr<detail::http_server_core> core) : core_(std::move(core)) {}

http_server::~http_server() {
  core_->stopping.store(true);
  core_->wake();
  if (core_->thread.joinable()) core_->thread.join();
}

std::uint16_t http_server::port() const { return core_->port; }

std::size_t http_server::open_connections() const { return core_->open.load(); }

}  // namespace ptc::actors
