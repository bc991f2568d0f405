// The gate (see gate.hpp).
#include "ptc/actors/gate.hpp"


#include <arpa/inet.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <csignal>
#include <pthread.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <map>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <thread>
#include <unordered_map>

#include <spdlog/spdlog.h>

#include "ptc/actors/listen_socket.hpp"
#include "ptc/actors/openssl_api.hpp"

namespace ptc::actors {
namespace detail {
namespace {

using gate_clock = std::chrono::steady_clock;

/// Bytes buffered toward one end before the gate stops reading from the other.
constexpr std::size_t gate_buffer_cap = 256 * 1024;

std::string errno_text(int e) { return std::strerror(e); }

void set_nodelay(int fd) {
  int one = 1;
  ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
}

std::string address_text(const sockaddr_storage& a) {
  char host[INET6_ADDRSTRLEN] = "?";
  std::uint16_t port = 0;
  if (a.ss_family == AF_INET) {
    const auto& v4 = reinterpret_cast<const sockaddr_in&>(a);
    ::inet_ntop(AF_INET, &v4.sin_addr, host, sizeof host);
    port = ntohs(v4.sin_port);
    return std::string(host) + ":" + std::to_string(port);
  }
  const auto& v6 = reinterpret_cast<const sockaddr_in6&>(a);
  ::inet_ntop(AF_INET6, &v6.sin6_addr, host, sizeof host);
  return "[" + std::string(host) + "]:" + std::to_string(ntohs(v6.sin6_port));
}

/// One resolved address of host:port (the first getaddrinfo gives).
sockaddr_storage resolve(const std::string& host, std::uint16_t port, socklen_t& len) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* res = nullptr;
  std::string h = host;
  if (h.size() > 2 && h.front() == '[' && h.back() == ']') h = h.substr(1, h.size() - 2);
  if (int rc = ::getaddrinfo(h.c_str(), std::to_string(port).c_str(), &hints, &res); rc != 0 || res == nullptr)
    throw std::runtime_error("cannot resolve " + host + " (" + ::gai_strerror(rc) + ")");
  sockaddr_storage out{};
  std::memcpy(&out, res->ai_addr, res->ai_addrlen);
  len = res->ai_addrlen;
  ::freeaddrinfo(res);
  return out;
}

/// A listening socket on host:port; throws naming the address.
int listen_on(const std::string& host, std::uint16_t port) {
  socklen_t len = 0;
  sockaddr_storage addr = resolve(host, port, len);
  const int fd = listen_socket(addr, len, 512);
  if (fd < 0) throw std::runtime_error("cannot listen on " + host + ":" + std::to_string(port) + ": " + errno_text(errno));
  return fd;
}

bool is_ip_literal(const std::string& host) {
  in6_addr a{};
  return ::inet_pton(AF_INET, host.c_str(), &a) == 1 || ::inet_pton(AF_INET6, host.c_str(), &a) == 1;
}

}  // namespace

/// One end of a relayed connection.
struct gate_end {
  int fd = -1;
  SSL* ssl = nullptr;
  std::string out;  ///< bytes to write to this end, from out_pos
  std::size_t out_pos = 0;
  bool ssl_wants_write = false;  ///< a TLS read needs the socket writable first
  std::uint32_t interest = 0;
  std::size_t pending() const { return out.size() - out_pos; }
};

/// Client side: a local port that stands for one node.
struct gate_route {
  std::string host;
  std::uint16_t port = 0;
  sockaddr_storage addr{};
  socklen_t addr_len = 0;
  int listen_fd = -1;
  std::uint16_t local = 0;
  std::string last_failure;  ///< guarded by gate_core::mutex
  std::string label() const { return host + ":" + std::to_string(port); }
};

enum class pair_state { dialling, tls, relaying };

/// A connection relayed by the gate: `outer` is the network side, `inner` the middleman's.
struct gate_pair {
  std::uint64_t id = 0;
  gate_end outer, inner;
  pair_state state = pair_state::dialling;
  std::optional<basp_guard> from_outer, from_inner;
  gate_clock::time_point started, last_heard, last_beat;
  std::shared_ptr<gate_route> route;  ///< client side
  std::string peer;                   ///< for messages: the peer's address or the node's label
  std::uint64_t bytes_from_outer = 0;
  bool admitted = false;              ///< the outer peer's BASP handshake passed
};

struct gate_core {
  bool inbound = false;  ///< a node's gate (else a client's)
  gate_options opts;
  std::unique_ptr<tls_context> tls;
  int epoll_fd = -1, wake_fd = -1, listen_fd = -1;
  std::uint16_t inner_port = 0;
  std::atomic<bool> stopping{false};
  std::thread thread;

  mutable std::mutex mutex;  ///< routes and their failures (route() runs on callers' threads)
  std::map<int, std::shared_ptr<gate_route>> routes_by_fd;
  std::map<std::string, std::shared_ptr<gate_route>> routes_by_label;

  std::atomic<std::uint64_t> open{0}, admitted{0}, refused{0};

  // The thread's own.
  std::unordered_map<std::uint64_t, gate_pair> pairs;
  std::unordered_map<int, std::pair<std::uint64_t, bool>> ends;  ///< fd -> (pair, is outer)
  std::uint64_t next_id = 1;
  std::optional<gate_clock::time_point> accept_paused_until;  ///< out of descriptors
  gate_clock::time_point log_window;
  int logged_in_window = 0, suppressed = 0;

  ~gate_core() {
    for (int fd : {epoll_fd, wake_fd, listen_fd})
      if (fd >= 0) ::close(fd);
    for (auto& [fd, r] : routes_by_fd) ::close(fd);
  }

  void wake() {
    std::uint64_t one = 1;
    [[maybe_unused]] auto n = ::write(wake_fd, &one, sizeof one);
  }
  void run();
  void accept_from(int listen, const std::shared_ptr<gate_route>& route);
  void add_end(gate_pair& p, gate_end& e, bool outer);
  void set_interest(gate_end& e, std::uint32_t events);
  void advance(gate_pair& p, int fd, std::uint32_t events);
  bool dial(gate_pair& p, gate_end& e, const sockaddr_storage& addr, socklen_t len);
  bool dial_middleman(gate_pair& p);
  void start_tls(gate_pair& p);
  bool handshake_tls(gate_pair& p);
  bool relay(gate_pair& p);
  bool flush(gate_pair& p, gate_end& e, bool outer);
  void update_interest(gate_pair& p);
  void close_pair(std::uint64_t id, const std::string& reason);
  void check_timers();
  void note(const std::string& line);
  std::string failure_text(const gate_pair& p, std::string reason) const;
};

namespace {

void close_end(gate_end& e) {
  if (e.ssl != nullptr) {
    const auto& ossl = detail::openssl_lib();
    // TLS's goodbye, if the socket takes it now (the peer can tell a close from a cut).
    if (ossl.SSL_is_init_finished(e.ssl)) ossl.SSL_shutdown(e.ssl);
    ossl.ERR_clear_error();
    ossl.SSL_free(e.ssl);
    e.ssl = nullptr;
  }
  if (e.fd >= 0) ::close(e.fd);
  e.fd = -1;
}

}  // namespace

void gate_core::note(const std::string& line) {
  // At most 20 lines a second: a flood of hostile connections must not flood the log too.
  const auto now = gate_clock::now();
  if (now - log_window > std::chrono::seconds(1)) {
    if (suppressed > 0) spdlog::warn("{} gate: {} more connection(s) refused (not logged)", inbound ? "node" : "client", suppressed);
    log_window = now;
    logged_in_window = 0;
    suppressed = 0;
  }
  if (++logged_in_window > 20) {
    ++suppressed;
    return;
  }
  spdlog::warn("{}", line);
}

void gate_core::set_interest(gate_end& e, std::uint32_t events) {
  if (e.fd < 0 || e.interest == events) return;
  epoll_event ev{};
  ev.events = events;
  ev.data.fd = e.fd;
  ::epoll_ctl(epoll_fd, EPOLL_CTL_MOD, e.fd, &ev);
  e.interest = events;
}

void gate_core::add_end(gate_pair& p, gate_end& e, bool outer) {
  epoll_event ev{};
  ev.events = EPOLLIN;
  ev.data.fd = e.fd;
  ::epoll_ctl(epoll_fd, EPOLL_CTL_ADD, e.fd, &ev);
  e.interest = EPOLLIN;
  ends[e.fd] = {p.id, outer};
}

void gate_core::accept_from(int listen, const std::shared_ptr<gate_route>& route) {
  for (;;) {
    sockaddr_storage from{};
    socklen_t len = sizeof from;
    int fd = ::accept4(listen, reinterpret_cast<sockaddr*>(&from), &len, SOCK_NONBLOCK | SOCK_CLOEXEC);
    if (fd < 0) {
      if (errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM) {
        // Out of descriptors: stop accepting for a moment (the socket stays readable, and
        // accepting again at once would spin), and say so.
        note(std::string(inbound ? "node" : "client") + " gate: cannot accept (" + errno_text(errno) +
             "): not accepting for 100 ms");
        ::epoll_ctl(epoll_fd, EPOLL_CTL_DEL, listen, nullptr);
        accept_paused_until = gate_clock::now() + std::chrono::milliseconds(100);
      }
      return;
    }
    set_nodelay(fd);
    const std::string peer = route ? route->label() : address_text(from);
    if (pairs.size() >= opts.max_connections) {
      ++refused;
      ::close(fd);
      note("node gate: refused " + peer + ": at the limit of " + std::to_string(opts.max_connections) +
           " connections (node.max_connections)");
      continue;
    }
    // Connections still proving themselves are few: a new one closes the oldest of them.
    std::size_t unproven = 0;
    std::uint64_t oldest = 0;
    for (auto& [id, p] : pairs)
      if (!p.admitted) {
        ++unproven;
        if (oldest == 0 || id < oldest) oldest = id;
      }
    if (unproven >= opts.max_unauthenticated && oldest != 0)
      close_pair(oldest, "closed: " + std::to_string(opts.max_unauthenticated) +
                             " connections were still in their handshake (the oldest makes room)");
    const auto id = next_id++;
    gate_pair& p = pairs[id];
    p.id = id;
    p.started = p.last_heard = p.last_beat = gate_clock::now();
    p.peer = peer;
    p.route = route;
    ++open;
    const basp_peer outer_role = inbound ? basp_peer::client : basp_peer::node;
    const basp_peer inner_role = inbound ? basp_peer::node : basp_peer::client;
    p.from_outer.emplace(outer_role, opts.limits);
    p.from_inner.emplace(inner_role, opts.limits);
    if (inbound) {
      p.outer.fd = fd;
      add_end(p, p.outer, true);
      if (tls) {
        start_tls(p);
        advance(p, -1, 0);
      } else {
        dial_middleman(p);
      }
    } else {
      p.inner.fd = fd;
      add_end(p, p.inner, false);
      set_interest(p.inner, EPOLLRDHUP);
      if (!dial(p, p.outer, route->addr, route->addr_len)) close_pair(id, "cannot connect (" + errno_text(errno) + ")");
    }
  }
}

bool gate_core::dial(gate_pair& p, gate_end& e, const sockaddr_storage& addr, socklen_t len) {
  e.fd = ::socket(addr.ss_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  if (e.fd < 0) return false;
  set_nodelay(e.fd);
  add_end(p, e, &e == &p.outer);
  if (::connect(e.fd, reinterpret_cast<const sockaddr*>(&addr), len) != 0 && errno != EINPROGRESS) return false;
  p.state = pair_state::dialling;
  set_interest(e, EPOLLOUT);
  set_interest(&e == &p.outer ? p.inner : p.outer, EPOLLRDHUP);
  return true;
}

/// A node's gate: opens the connection to its middleman for an admitted peer.
bool gate_core::dial_middleman(gate_pair& p) {
  sockaddr_in inner{};
  inner.sin_family = AF_INET;
  inner.sin_port = htons(inner_port);
  inner.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  sockaddr_storage a{};
  std::memcpy(&a, &inner, sizeof inner);
  if (dial(p, p.inner, a, sizeof inner)) return true;
  close_pair(p.id, "cannot reach this node's middleman (" + errno_text(errno) + ")");
  return false;
}

void gate_core::start_tls(gate_pair& p) {
  const auto& ossl = detail::openssl_lib();
  p.outer.ssl = ossl.SSL_new(tls->get());
  ossl.SSL_set_fd(p.outer.ssl, p.outer.fd);
  if (inbound) {
    ossl.SSL_set_accept_state(p.outer.ssl);
  } else {
    // The node's certificate must name the host as dialled.
    const std::string& host = p.route->host;
    if (is_ip_literal(host)) {
      ossl.X509_VERIFY_PARAM_set1_ip_asc(ossl.SSL_get0_param(p.outer.ssl), host.c_str());
    } else {
      ossl.SSL_set1_host(p.outer.ssl, host.c_str());
      ossl.set_tlsext_host_name(p.outer.ssl, host.c_str());
    }
    ossl.SSL_set_connect_state(p.outer.ssl);
  }
  p.state = pair_state::tls;
}

/// Drives the TLS handshake; false when it failed (the pair is closed then).
bool gate_core::handshake_tls(gate_pair& p) {
  const auto& ossl = detail::openssl_lib();
  ossl.ERR_clear_error();
  errno = 0;
  const int rc = ossl.SSL_do_handshake(p.outer.ssl);
  if (rc == 1) {
    if (inbound) return dial_middleman(p);
    p.state = pair_state::relaying;
    return true;
  }
  const int code = ossl.SSL_get_error(p.outer.ssl, rc);
  if (code == SSL_ERROR_WANT_READ) {
    set_interest(p.outer, EPOLLIN);
    return true;
  }
  if (code == SSL_ERROR_WANT_WRITE) {
    set_interest(p.outer, EPOLLOUT);
    return true;
  }
  close_pair(p.id, "TLS handshake failed: " + tls_failure(p.outer.ssl, code));
  return false;
}

void gate_core::advance(gate_pair& p, int fd, std::uint32_t events) {
  const std::uint64_t id = p.id;
  // While one end is dialled or in its TLS handshake, the other only watches for a close.
  const gate_end& waiting = inbound ? p.outer : p.inner;
  if (p.state != pair_state::relaying && fd >= 0 && fd == waiting.fd && (p.state == pair_state::dialling || !inbound)) {
    if ((events & (EPOLLRDHUP | EPOLLHUP | EPOLLERR)) != 0)
      close_pair(id, inbound ? "the peer closed the connection" : "the local middleman closed the connection");
    return;
  }
  if (p.state == pair_state::dialling) {
    gate_end& d = inbound ? p.inner : p.outer;
    if (fd != d.fd || (events & (EPOLLOUT | EPOLLERR | EPOLLHUP)) == 0) return;
    int err = 0;
    socklen_t len = sizeof err;
    ::getsockopt(d.fd, SOL_SOCKET, SO_ERROR, &err, &len);
    if (err != 0) {
      close_pair(id, inbound ? "cannot reach this node's middleman (" + errno_text(err) + ")"
                             : "cannot connect (" + errno_text(err) + ")");
      return;
    }
    set_interest(d, EPOLLIN);
    set_interest(inbound ? p.outer : p.inner, EPOLLIN);
    if (!inbound && tls) {
      start_tls(p);
      if (!handshake_tls(p)) return;
      if (p.state != pair_state::relaying) return;
    } else {
      p.state = pair_state::relaying;
    }
  } else if (p.state == pair_state::tls) {
    if (fd == p.inner.fd && fd >= 0) return;  // the client's middleman waits for the node
    if (!handshake_tls(p)) return;
    if (p.state != pair_state::relaying) return;
  }
  if (!relay(p)) return;
  update_interest(p);
}

/// Moves what can be moved both ways; false when the pair closed.
bool gate_core::relay(gate_pair& p) {
  char buf[16 * 1024];
  for (bool outer_side : {true, false}) {
    gate_end& from = outer_side ? p.outer : p.inner;
    gate_end& to = outer_side ? p.inner : p.outer;
    basp_guard& guard = outer_side ? *p.from_outer : *p.from_inner;
    from.ssl_wants_write = false;
    while (to.pending() < gate_buffer_cap) {
      long n = 0;
      std::string closed;
      if (from.ssl != nullptr) {
        const auto& ossl = detail::openssl_lib();
        ossl.ERR_clear_error();
        errno = 0;
        const int rc = ossl.SSL_read(from.ssl, buf, sizeof buf);
        if (rc > 0) {
          n = rc;
        } else {
          const int code = ossl.SSL_get_error(from.ssl, rc);
          if (code == SSL_ERROR_WANT_READ) break;
          if (code == SSL_ERROR_WANT_WRITE) {
            from.ssl_wants_write = true;
            break;
          }
          closed = code == SSL_ERROR_ZERO_RETURN ? "the peer closed the connection" : "TLS: " + tls_failure(from.ssl, code);
        }
      } else {
        n = ::recv(from.fd, buf, sizeof buf, 0);
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) break;
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) closed = n == 0 ? "the peer closed the connection" : "connection failed: " + errno_text(errno);
      }
      if (!closed.empty()) {
        // Pass on what is already buffered toward the other end, then close both.
        const auto id = p.id;
        if (flush(p, to, !outer_side)) close_pair(id, outer_side ? closed : "the local middleman closed the connection");
        return false;
      }
      const std::string_view chunk(buf, static_cast<std::size_t>(n));
      if (const auto& problem = guard.feed(chunk); !problem.empty()) {
        // A TLS client at a plaintext node: a TLS alert (protocol version) tells it so.
        if (outer_side && inbound && !tls && p.bytes_from_outer == 0 && chunk[0] == '\x16')
          ::send(from.fd, "\x15\x03\x01\x00\x02\x02\x46", 7, MSG_NOSIGNAL);
        close_pair(p.id, outer_side ? problem : "this process sent " + problem);
        return false;
      }
      if (outer_side) {
        p.last_heard = gate_clock::now();
        p.bytes_from_outer += chunk.size();
        if (!p.admitted && guard.handshake_seen()) {
          p.admitted = true;
          ++admitted;
          if (p.route) {
            std::lock_guard lock{mutex};
            p.route->last_failure.clear();
          }
        }
      }
      if (to.out_pos > 0 && to.out_pos == to.out.size()) {
        to.out.clear();
        to.out_pos = 0;
      }
      to.out.append(chunk);
    }
    if (!flush(p, to, !outer_side)) return false;
  }
  return true;
}

/// Writes what is buffered toward `e`; false when the pair closed.
bool gate_core::flush(gate_pair& p, gate_end& e, bool outer) {
  while (e.pending() > 0 && e.fd >= 0) {
    const char* data = e.out.data() + e.out_pos;
    const std::size_t size = e.pending();
    long n = 0;
    if (e.ssl != nullptr) {
      const auto& ossl = detail::openssl_lib();
      ossl.ERR_clear_error();
      const int rc = ossl.SSL_write(e.ssl, data, static_cast<int>(std::min<std::size_t>(size, 1 << 30)));
      if (rc <= 0) {
        const int code = ossl.SSL_get_error(e.ssl, rc);
        if (code == SSL_ERROR_WANT_WRITE || code == SSL_ERROR_WANT_READ) return true;
        close_pair(p.id, "TLS: " + tls_failure(e.ssl, code));
        return false;
      }
      n = rc;
    } else {
      n = ::send(e.fd, data, size, MSG_NOSIGNAL);
      if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return true;
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) {
        close_pair(p.id, outer ? "connection failed: " + errno_text(errno) : "the local middleman closed the connection");
        return false;
      }
    }
    e.out_pos += static_cast<std::size_t>(n);
  }
  if (e.pending() == 0) {
    e.out.clear();
    e.out_pos = 0;
  }
  return true;
}

void gate_core::update_interest(gate_pair& p) {
  for (bool outer_side : {true, false}) {
    gate_end& e = outer_side ? p.outer : p.inner;
    const gate_end& other = outer_side ? p.inner : p.outer;
    std::uint32_t ev = 0;
    if (other.pending() < gate_buffer_cap) ev |= EPOLLIN;
    if (e.pending() > 0 || e.ssl_wants_write) ev |= EPOLLOUT;
    set_interest(e, ev);
  }
}

std::string gate_core::failure_text(const gate_pair& p, std::string reason) const {
  const bool heard = p.bytes_from_outer > 0;
  if (inbound) return reason;
  // Hints for the mismatches a user meets: TLS on one side only, or a peer that is no node.
  if (!tls && !heard && (reason == "the peer closed the connection" || reason.starts_with("connection failed")))
    return "the node closed the connection before its handshake: it may require TLS (give --tls-cert, --tls-key "
           "and --tls-ca), or be at its connection limit";
  if (!tls && reason.starts_with("frame 1: unknown operation 21") )
    return "the node answered in TLS: give --tls-cert, --tls-key and --tls-ca to reach it";
  if (!tls && reason.starts_with("frame 1: unknown operation"))
    return "the peer is not a ptc node (" + reason + ")";
  if (tls && p.state == pair_state::tls && reason.find("unexpected eof") != std::string::npos)
    return "the node closed the connection during the TLS handshake (" + reason +
           "): it refused this client, or is at its connection limit";
  if (tls && (reason.find("wrong version number") != std::string::npos ||
              reason.find("alert protocol version") != std::string::npos ||
              reason.find("packet length too long") != std::string::npos ||
              reason.find("record layer failure") != std::string::npos))
    return "the node does not speak TLS (" + reason + "): a plaintext node is reached without --tls-* options";
  // A TLS failure after the handshake, before the node admitted this client: the node judged
  // the client's certificate.
  const bool before_admission = tls && p.state == pair_state::relaying && !p.admitted && reason.starts_with("TLS: ");
  if (before_admission && reason.find("alert") != std::string::npos)
    return "the node refused this client's certificate (" + reason.substr(5) + ")";
  // Under TLS 1.3 the node judges the client's certificate after the client's handshake is
  // done, and its refusal can arrive as a reset (or an end without close_notify) ahead of the
  // alert that says why. Nothing else ends a connection there before the node admits it.
  if (before_admission &&
      (reason.find("connection failed") != std::string::npos || reason.find("unexpected eof") != std::string::npos))
    return "the node refused this client's certificate, most likely: it dropped the connection right after the TLS "
           "handshake, before admitting this client (" + reason.substr(5) + "); the node's log says why";
  return reason;
}

void gate_core::close_pair(std::uint64_t id, const std::string& reason) {
  auto it = pairs.find(id);
  if (it == pairs.end()) return;
  gate_pair& p = it->second;
  for (gate_end* e : {&p.outer, &p.inner})
    if (e->fd >= 0) {
      ::epoll_ctl(epoll_fd, EPOLL_CTL_DEL, e->fd, nullptr);
      ends.erase(e->fd);
    }
  if (!p.admitted) {
    ++refused;
    const std::string text = failure_text(p, reason);
    if (inbound) {
      note("node gate: refused " + p.peer + ": " + text);
    } else {
      {
        std::lock_guard lock{mutex};
        p.route->last_failure = text;
      }
      spdlog::info("client gate: node {}: {}", p.peer, text);
    }
  } else if (!reason.empty() && reason != "the peer closed the connection" &&
             reason != "the local middleman closed the connection") {
    // A peer that went away (killed, or without TLS's goodbye) is worth a line, not a warning.
    const bool gone = reason.find("connection failed") != std::string::npos ||
                      reason.find("unexpected eof") != std::string::npos;
    const auto level = gone ? spdlog::level::info : spdlog::level::warn;
    spdlog::log(level, "{} gate: {} closed: {}", inbound ? "node" : "client", p.peer, reason);
    if (p.route) {
      std::lock_guard lock{mutex};
      p.route->last_failure = reason;
    }
  }
  close_end(p.outer);
  close_end(p.inner);
  pairs.erase(it);
  --open;
}

void gate_core::check_timers() {
  const auto now = gate_clock::now();
  if (accept_paused_until && now >= *accept_paused_until) {
    accept_paused_until.reset();
    epoll_event ev{};
    ev.events = EPOLLIN;
    ev.data.fd = listen_fd;
    if (listen_fd >= 0) ::epoll_ctl(epoll_fd, EPOLL_CTL_ADD, listen_fd, &ev);
    std::lock_guard lock{mutex};
    for (auto& [fd, r] : routes_by_fd) {
      ev.data.fd = fd;
      ::epoll_ctl(epoll_fd, EPOLL_CTL_ADD, fd, &ev);
    }
  }
  std::vector<std::pair<std::uint64_t, std::string>> expired;
  std::vector<std::uint64_t> beat;
  const auto beat_every = std::min<std::chrono::milliseconds>(opts.liveness / 4, std::chrono::milliseconds(500));
  for (auto& [id, p] : pairs) {
    if (!p.admitted) {
      if (now - p.started > opts.handshake_timeout)
        expired.emplace_back(id, "no handshake within " + std::to_string(opts.handshake_timeout.count()) + " ms" +
                                     (p.state == pair_state::tls ? " (TLS)" : ""));
      continue;
    }
    if (opts.liveness.count() <= 0 || p.state != pair_state::relaying) continue;
    if (now - p.last_heard > opts.liveness && p.inner.pending() < gate_buffer_cap)
      expired.emplace_back(id, "no sign of life for " + std::to_string(opts.liveness.count()) + " ms (node.timeout_ms)");
    else if (now - p.last_beat >= beat_every && p.from_inner->handshake_seen() && !p.from_inner->mid_frame())
      beat.push_back(id);
  }
  for (auto& [id, why] : expired) close_pair(id, why);
  // A heartbeat frame (BASP's own: operation 6, all else zero) between two frames of the stream.
  static const std::string heartbeat = basp_header(6, 0);
  for (auto id : beat) {
    auto it = pairs.find(id);
    if (it == pairs.end()) continue;
    gate_pair& p = it->second;
    p.last_beat = now;
    p.outer.out.append(heartbeat);
    if (flush(p, p.outer, true)) update_interest(p);
  }
}

void gate_core::run() {
  // OpenSSL writes to sockets without MSG_NOSIGNAL: a peer that has gone would raise SIGPIPE,
  // whose default ends the process. Blocked on this thread, the write just fails.
  sigset_t pipe;
  sigemptyset(&pipe);
  sigaddset(&pipe, SIGPIPE);
  pthread_sigmask(SIG_BLOCK, &pipe, nullptr);
  epoll_event events[64];
  auto last_check = gate_clock::now();
  while (!stopping) {
    const int n = ::epoll_wait(epoll_fd, events, 64, 50);
    if (n < 0 && errno != EINTR) {
      spdlog::error("gate: epoll_wait failed: {}", errno_text(errno));
      break;
    }
    for (int i = 0; i < n; ++i) {
      const int fd = events[i].data.fd;
      if (fd == wake_fd) {
        std::uint64_t v = 0;
        [[maybe_unused]] auto r = ::read(wake_fd, &v, sizeof v);
        continue;
      }
      if (fd == listen_fd) {
        accept_from(fd, nullptr);
        continue;
      }
      if (auto e = ends.find(fd); e != ends.end()) {
        const auto pair_id = e->second.first;
        if (auto p = pairs.find(pair_id); p != pairs.end()) advance(p->second, fd, events[i].events);
        continue;
      }
      std::shared_ptr<gate_route> route;
      {
        std::lock_guard lock{mutex};
        if (auto r = routes_by_fd.find(fd); r != routes_by_fd.end()) route = r->second;
      }
      if (route) accept_from(fd, route);
    }
    if (const auto now = gate_clock::now(); now - last_check >= std::chrono::milliseconds(50)) {
      last_check = now;
      check_timers();
    }
  }
  std::vector<std::uint64_t> ids;
  for (auto& [id, _] : pairs) ids.push_back(id);
  for (auto id : ids) {
    auto& p = pairs.at(id);
    p.admitted = true;  // not a refusal: the gate is closing
    close_pair(id, "");
  }
}

}  // namespace detail

gate_options gate_options_from(const config::node_settings& s) {
  gate_options o;
  o.tls.cert = s.tls.cert;
  o.tls.key = s.tls.key;
  o.tls.ca = s.tls.ca;
  o.max_connections = s.max_connections;
  o.limits.max_message_bytes = static_cast<std::uint32_t>(std::min<std::size_t>(s.max_message_bytes, 0xFFFFFFFFu));
  o.handshake_timeout = s.handshake_timeout;
  o.liveness = s.timeout;
  return o;
}

namespace {

std::shared_ptr<detail::gate_core> make_core(bool inbound, gate_options opts) {
  auto core = std::make_shared<detail::gate_core>();
  core->inbound = inbound;
  if (opts.tls.enabled())
    core->tls = std::make_unique<tls_context>(opts.tls, inbound ? tls_side::server : tls_side::client);
  core->opts = std::move(opts);
  core->opts.tls.passphrase.clear();  // loaded: no copy kept
  core->epoll_fd = ::epoll_create1(EPOLL_CLOEXEC);
  core->wake_fd = ::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
  if (core->epoll_fd < 0 || core->wake_fd < 0)
    throw std::runtime_error(std::string("gate: cannot make an epoll instance: ") + std::strerror(errno));
  epoll_event ev{};
  ev.events = EPOLLIN;
  ev.data.fd = core->wake_fd;
  ::epoll_ctl(core->epoll_fd, EPOLL_CTL_ADD, core->wake_fd, &ev);
  return core;
}

void start(const std::shared_ptr<detail::gate_core>& core) {
  core->thread = std::thread([raw = core.get()] { raw->run(); });
}

}  // namespace

std::shared_ptr<gate> gate::inbound(const std::string& host, std::uint16_t port, std::uint16_t inner_port,
                                    gate_options opts) {
  auto core = make_core(true, std::move(opts));
  core->inner_port = inner_port;
  core->listen_fd = detail::listen_on(host, port);
  epoll_event ev{};
  ev.events = EPOLLIN;
  ev.data.fd = core->listen_fd;
  ::epoll_ctl(core->epoll_fd, EPOLL_CTL_ADD, core->listen_fd, &ev);
  start(core);
  return std::make_shared<gate>(std::move(core));
}

std::shared_ptr<gate> gate::outbound(gate_options opts) {
  auto core = make_core(false, std::move(opts));
  start(core);
  return std::make_shared<gate>(std::move(core));
}

gate::gate(std::shared_ptr<detail::gate_core> core) : core_{std::move(core)} {}

gate::~gate() {
  core_->stopping = true;
  core_->wake();
  if (core_->thread.joinable()) core_->thread.join();
}

std::uint16_t gate::port() const { return core_->listen_fd >= 0 ? bound_port(core_->listen_fd) : 0; }

std::uint16_t gate::route(const std::string& host, std::uint16_t port) {
  const std::string label = host + ":" + std::to_string(port);
  {
    std::lock_guard lock{core_->mutex};
    if (auto it = core_->routes_by_label.find(label); it != core_->routes_by_label.end()) return it->second->local;
  }
  auto r = std::make_shared<detail::gate_route>();
  r->host = host;
  r->port = port;
  r->addr = detail::resolve(host, port, r->addr_len);
  r->listen_fd = detail::listen_on("127.0.0.1", 0);
  r->local = bound_port(r->listen_fd);
  std::lock_guard lock{core_->mutex};
  if (auto it = core_->routes_by_label.find(label); it != core_->routes_by_label.end()) {
    ::close(r->listen_fd);
    return it->second->local;
  }
  core_->routes_by_label[label] = r;
  core_->routes_by_fd[r->listen_fd] = r;
  epoll_event ev{};
  ev.events = EPOLLIN;
  ev.data.fd = r->listen_fd;
  ::epoll_ctl(core_->epoll_fd, EPOLL_CTL_ADD, r->listen_fd, &ev);
  return r->local;
}

std::string gate::last_failure(const std::string& host, std::uint16_t port) const {
  std::lock_guard lock{core_->mutex};
  auto it = core_->routes_by_label.find(host + ":" + std::to_string(port));
  return it == core_->routes_by_label.end() ? std::string{} : it->second->last_failure;
}

gate_figures gate::figures() const { return {core_->open.load(), core_->admitted.load(), core_->refused.load()}; }

bool gate::tls() const { return core_->tls != nullptr; }

}  // namespace ptc::actors
