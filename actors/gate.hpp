#pragma once
// The gate: ptc's own door between CAF's middleman and the network, on nodes and on clients.
//
// Context: CAF 0.17 trusts every byte it reads (basp_guard.hpp: 52 bytes crash a node, a
// header allocates 4 GB), keeps connections that never finish a handshake forever, and spins
// at the file-descriptor limit. Its OpenSSL module offers TLS 1.2 only, checks no host name,
// has no handshake timeout, and reports a refused certificate as a lost connection; and since
// it decrypts inside CAF, nothing could check a message's size before CAF allocates it.
//
// Decision: CAF never touches a network socket. A node's middleman publishes on 127.0.0.1 at a
// port of the system's choosing, and the node's inbound gate listens on the public address:
// it admits a peer (TLS with a client certificate from the CA, when TLS is on), then opens a
// connection to the middleman and relays bytes both ways. A client's middleman connects to a
// local port of its outbound gate (route()), which dials the node (TLS with a node certificate
// for the host name or IP dialled) and relays. Every relayed byte passes a basp_guard first,
// in both directions. One epoll thread per gate owns all sockets (non-blocking; TLS through
// OpenSSL on the socket). Limits: a connection must complete TCP, TLS and the peer's BASP
// handshake within handshake_timeout; at most max_unauthenticated connections may be in that
// phase (a new one closes the oldest); at most max_connections at once (more are refused at
// accept); when the process runs out of file descriptors the gate stops accepting for a moment
// instead of spinning. Liveness is the gates' too (CAF's own heartbeats are off): a gate
// thread is not starved by a busy actor system, so 10,000 agents on one node do not make it
// look dead, while a killed or stopped peer is still noticed within node.timeout_ms.
// Before a peer has authenticated, nothing reaches the middleman, so
// nothing about the node (CAF's handshake carries its process id and host id) is disclosed.
//
// Consequences: two more loopback hops per message. A client learns why a connection failed
// from last_failure() (CAF itself only sees the local connection close). Plaintext nodes
// still listen on loopback only; any local process can also reach the middleman's own port.
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "ptc/actors/basp_guard.hpp"
#include "ptc/actors/tls.hpp"
#include "ptc/config/settings.hpp"

namespace ptc::actors {

struct gate_options {
  tls_files tls;  ///< none given: plaintext
  basp_limits limits;
  std::size_t max_connections = 1024;
  std::size_t max_unauthenticated = 64;
  std::chrono::milliseconds handshake_timeout{1'500};
  /// Liveness (0: off): each gate sends a heartbeat frame on every established connection
  /// every min(liveness / 4, 500 ms), from its own thread, so a node whose actors are all busy
  /// still shows it is alive; a connection through which nothing came for this long is closed
  /// (then CAF reports the peer lost). Not while the gate itself holds back reading (its buffer
  /// toward the middleman full): then the silence is ours, not the peer's.
  std::chrono::milliseconds liveness{0};
};

/// The options the node.* settings give (TLS files, limits).
gate_options gate_options_from(const config::node_settings& s);

struct gate_figures {
  std::uint64_t open = 0;       ///< connections now
  std::uint64_t admitted = 0;   ///< passed TLS and the BASP handshake, since the start
  std::uint64_t refused = 0;    ///< closed before that, or at accept
};

namespace detail {
struct gate_core;
}

class gate {
 public:
  /// A node's gate: listens on host:port (0: a free port) and relays admitted peers to the
  /// middleman at 127.0.0.1:inner_port. Throws std::runtime_error (tls_error for TLS files).
  static std::shared_ptr<gate> inbound(const std::string& host, std::uint16_t port,
                                       std::uint16_t inner_port, gate_options opts);
  /// A client's gate (routes are added with route()).
  static std::shared_ptr<gate> outbound(gate_options opts);

  ~gate();
  gate(const gate&) = delete;
  gate& operator=(const gate&) = delete;

  /// The inbound gate's public port.
  std::uint16_t port() const;
  /// A port on 127.0.0.1 standing for the node at host:port: each connection to it is relayed
  /// there. Made on first use. Throws std::runtime_error when host does not resolve.
  std::uint16_t route(const std::string& host, std::uint16_t port);
  /// Why the last connection through route(host, port) failed, or "" (none failed since one
  /// was admitted).
  std::string last_failure(const std::string& host, std::uint16_t port) const;
  gate_figures figures() const;
  bool tls() const;

  explicit gate(std::shared_ptr<detail::gate_core> core);

 private:
  std::shared_ptr<detail::gate_core> core_;
};

}  // namespace ptc::actors
