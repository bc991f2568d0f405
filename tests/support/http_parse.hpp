#pragma once
// Parsing of one HTTP/1.1 request from a connection's input buffer (the test server's half of
// the wire format). Pure functions, so the event loop only moves bytes.
#include <cstddef>
#include <string>
#include <string_view>

#include "tests/support/http_server.hpp"

namespace ptc::testing::detail {

enum class parse_status {
  incomplete,  ///< need more bytes
  complete,    ///< one request parsed, `consumed` bytes used
  bad,         ///< malformed: answer 400 and close
};

struct parse_result {
  parse_status status = parse_status::incomplete;
  std::size_t consumed = 0;
  bool keep_alive = true;
  /// Headers are complete, the body is not, and the client sent `Expect: 100-continue`.
  bool expects_continue = false;
};

/// Parses the request at the start of `data` into `out` (when complete).
parse_result parse_request(std::string_view data, received_request& out);

/// Case-insensitive ASCII comparison.
bool iequals(std::string_view a, std::string_view b);

/// The value of header `name` among "Name: value" lines, or "".
std::string find_header(const std::vector<std::string>& headers, std::string_view name);

/// The status line's reason phrase for `status`.
const char* reason_phrase(int status);

}  // namespace ptc::testing::detail
