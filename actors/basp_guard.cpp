// The BASP guard (see basp_guard.hpp).
#include "ptc/actors/basp_guard.hpp"

#include <algorithm>

namespace ptc::actors {
namespace {

// CAF 0.17's operations (caf/io/basp/message_type.hpp).
enum : unsigned char {
  op_server_handshake = 0,
  op_client_handshake = 1,
  op_direct_message = 2,
  op_routed_message = 3,
  op_monitor_message = 4,
  op_down_message = 5,
  op_heartbeat = 6,
};

std::uint64_t big_endian(const unsigned char* p, int bytes) {
  std::uint64_t v = 0;
  for (int i = 0; i < bytes; ++i) v = (v << 8) | p[i];
  return v;
}

const char* operation_name(unsigned char op) {
  switch (op) {
    case op_server_handshake: return "server handshake";
    case op_client_handshake: return "client handshake";
    case op_direct_message: return "direct message";
    case op_routed_message: return "routed message";
    case op_monitor_message: return "monitor message";
    case op_down_message: return "down message";
    case op_heartbeat: return "heartbeat";
    default: return nullptr;
  }
}

}  // namespace

std::string basp_header(unsigned char operation, std::uint32_t payload_len, std::uint64_t operation_data,
                        std::uint64_t source_actor, std::uint64_t dest_actor) {
  std::string h(basp_guard::header_size, '\0');
  h[0] = static_cast<char>(operation);
  auto put = [&h](std::size_t at, std::uint64_t v, int bytes) {
    for (int i = 0; i < bytes; ++i) h[at + i] = static_cast<char>(v >> (8 * (bytes - 1 - i)));
  };
  put(4, payload_len, 4);
  put(8, operation_data, 8);
  put(16, source_actor, 8);
  put(24, dest_actor, 8);
  return h;
}

std::string basp_guard::check_header() const {
  const unsigned char op = header_[0];
  const std::uint64_t payload = big_endian(header_ + 4, 4);
  const std::uint64_t data = big_endian(header_ + 8, 8);
  const std::uint64_t source = big_endian(header_ + 16, 8);
  const std::uint64_t dest = big_endian(header_ + 24, 8);
  const char* name = operation_name(op);
  const std::string frame = "frame " + std::to_string(frames_ + 1);
  if (name == nullptr) return frame + ": unknown operation " + std::to_string(op) + " (not a ptc node's protocol)";
  const unsigned char own_handshake = peer_ == basp_peer::node ? op_server_handshake : op_client_handshake;
  const char* role = peer_ == basp_peer::node ? "node" : "client";
  if (!handshake_seen_ && op != own_handshake)
    return frame + ": a " + name + " before the " + role + "'s handshake";
  if (op == op_server_handshake || op == op_client_handshake) {
    if (op != own_handshake) return frame + ": a " + name + " from a " + role;
    if (payload == 0 || payload > limits_.max_handshake_bytes)
      return frame + ": a " + name + " of " + std::to_string(payload) + " bytes (expected 1 to " +
             std::to_string(limits_.max_handshake_bytes) + ")";
  }
  if (payload > limits_.max_message_bytes)
    return frame + ": a " + name + " of " + std::to_string(payload) + " bytes, over the limit of " +
           std::to_string(limits_.max_message_bytes) + " (node.max_message_bytes)";
  // What CAF 0.17 itself calls a valid header (basp::valid).
  bool valid = true;
  switch (op) {
    case op_server_handshake: valid = data != 0; break;
    case op_client_handshake: valid = source == 0 && dest == 0; break;
    case op_direct_message:
    case op_routed_message: valid = dest != 0 && payload != 0; break;
    case op_monitor_message: valid = payload != 0 && data == 0; break;
    case op_down_message: valid = source != 0 && dest == 0 && payload != 0 && data == 0; break;
    case op_heartbeat: valid = source == 0 && dest == 0 && payload == 0 && data == 0; break;
  }
  if (!valid) return frame + ": a malformed " + name + " header";
  return {};
}

const std::string& basp_guard::feed(std::string_view bytes) {
  while (problem_.empty() && !bytes.empty()) {
    if (payload_left_ > 0) {
      const auto n = std::min<std::uint64_t>(payload_left_, bytes.size());
      payload_left_ -= n;
      bytes.remove_prefix(n);
      if (payload_left_ == 0) ++frames_;
      continue;
    }
    const auto n = std::min(header_size - have_, bytes.size());
    std::copy_n(reinterpret_cast<const unsigned char*>(bytes.data()), n, header_ + have_);
    have_ += n;
    bytes.remove_prefix(n);
    if (have_ < header_size) break;
    have_ = 0;
    problem_ = check_header();
    if (!problem_.empty()) break;
    const unsigned char op = header_[0];
    if (op == op_server_handshake || op == op_client_handshake) handshake_seen_ = true;
    payload_left_ = big_endian(header_ + 4, 4);
    if (payload_left_ == 0) ++frames_;
  }
  return problem_;
}

}  // namespace ptc::actors
