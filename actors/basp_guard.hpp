#pragma once
// A check of the BASP byte stream (CAF 0.17's wire protocol between nodes) before CAF reads it.
//
// Context: CAF 0.17 trusts its peers. 52 bytes (a server handshake with no payload, sent to a
// node) crash it in basp::instance::handle, and a header claiming a payload of 4 GB makes it
// allocate and zero 4 GB before reading a byte of it. Debian's CAF cannot be patched from here.
//
// Decision: ptc's gate (gate.hpp) relays every connection between peers and CAF, and passes
// each byte it relays through a guard first. The guard follows the frames: a 32-byte header
// (operation, 2 padding bytes, flags, payload length, operation data, source and destination
// actor; integers big-endian) and its payload. It admits only what an honest peer in that role
// sends: the peer's handshake first (a node sends the server handshake, a client the client
// handshake, with a payload of at most max_handshake_bytes; a CAF client sends its handshake
// twice, so a repeat is allowed, never the other role's), then messages whose
// header CAF itself would call valid, and payloads of at most max_message_bytes. The length is
// checked when the header arrives, before anything is allocated for the payload.
//
// Consequences: the first violation is final (the gate closes the connection and reports it).
// Payload bytes are not parsed: a peer that passes the guard is a peer that authenticated (with
// TLS) or a local process (plaintext nodes listen on loopback only).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace ptc::actors {

/// A frame header as CAF 0.17 writes it (32 bytes, integers big-endian): for the gates'
/// heartbeats (operation 6, all else zero) and for tests that play a peer.
std::string basp_header(unsigned char operation, std::uint32_t payload_len, std::uint64_t operation_data = 0,
                        std::uint64_t source_actor = 0, std::uint64_t dest_actor = 0);

/// The role of the peer whose bytes a guard checks.
enum class basp_peer { node, client };

struct basp_limits {
  std::uint32_t max_message_bytes = 64u << 20;  ///< one message's payload
  std::uint32_t max_handshake_bytes = 64u << 10;
};

class basp_guard {
 public:
  static constexpr std::size_t header_size = 32;

  basp_guard(basp_peer peer, basp_limits limits) : peer_{peer}, limits_{limits} {}

  /// Checks the next bytes of the stream. "" while it is well formed; else what is wrong (a
  /// sentence naming the frame), and every later call returns the same.
  const std::string& feed(std::string_view bytes);

  /// The peer's handshake header has passed.
  bool handshake_seen() const { return handshake_seen_; }
  /// Complete frames so far.
  std::uint64_t frames() const { return frames_; }
  /// Inside a frame (a header or payload partly received).
  bool mid_frame() const { return have_ > 0 || payload_left_ > 0; }

 private:
  std::string check_header() const;

  basp_peer peer_;
  basp_limits limits_;
  unsigned char header_[header_size] = {};
  std::size_t have_ = 0;             ///< header bytes received
  std::uint64_t payload_left_ = 0;   ///< payload bytes of the current frame still to come
  bool handshake_seen_ = false;
  std::uint64_t frames_ = 0;
  std::string problem_;
};

}  // namespace ptc::actors
