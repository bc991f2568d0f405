#pragma once
// A listening TCP socket for ptc's own servers (the HTTP server, the nodes' gates).
#include <sys/socket.h>

#include <cstdint>

namespace ptc::actors {

/// A non-blocking, close-on-exec TCP socket bound to `addr` (SO_REUSEADDR) and listening, or -1
/// with errno telling why.
int listen_socket(const sockaddr_storage& addr, socklen_t len, int backlog);

/// The local port a bound socket got (the one the system chose for port 0).
std::uint16_t bound_port(int fd);

}  // namespace ptc::actors
