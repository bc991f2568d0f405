#pragma once
// A plain TCP connection to a server on 127.0.0.1, for tests and benchmarks that play a raw
// peer (an HTTP client byte by byte, a hostile or idle node peer).
#include <chrono>
#include <cstdint>

namespace ptc::testing {

/// A TCP connection to 127.0.0.1:port whose reads time out after `read_timeout`; -1 when
/// connecting fails.
/// `receive_buffer` > 0: the socket's receive buffer in bytes, fixed (no autotuning): a
/// client that reads little holds little.
int connect_local(std::uint16_t port, std::chrono::seconds read_timeout = std::chrono::seconds(5), int receive_buffer = 0);

}  // namespace ptc::testing
