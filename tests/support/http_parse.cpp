#include "tests/support/http_parse.hpp"

#include <cctype>
#include <charconv>

namespace ptc::testing::detail {
namespace {

constexpr std::size_t max_header_bytes = 64 * 1024;

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

bool icontains(std::string_view hay, std::string_view needle) {
  if (needle.size() > hay.size()) return false;
  for (std::size_t i = 0; i + needle.size() <= hay.size(); ++i)
    if (iequals(hay.substr(i, needle.size()), needle)) return true;
  return false;
}

/// Decodes a chunked body starting at data[pos]. Returns the offset past the final CRLF, or
/// npos when more bytes are needed; sets `bad` on malformed input.
std::size_t decode_chunked(std::string_view data, std::size_t pos, std::string& body, bool& bad) {
  body.clear();
  for (;;) {
    auto eol = data.find("\r\n", pos);
    if (eol == std::string_view::npos) return std::string_view::npos;
    auto line = data.substr(pos, eol - pos);
    if (auto semi = line.find(';'); semi != std::string_view::npos) line = line.substr(0, semi);
    line = trim(line);
    std::size_t size = 0;
    auto [ptr, ec] = std::from_chars(line.data(), line.data() + line.size(), size, 16);
    if (ec != std::errc{} || ptr != line.data() + line.size() || line.empty()) {
      bad = true;
      return std::string_view::npos;
    }
    pos = eol + 2;
    if (size == 0) {
      // Trailer lines until an empty line.
      for (;;) {
        auto end = data.find("\r\n", pos);
        if (end == std::string_view::npos) return std::string_view::npos;
        bool empty = end == pos;
        pos = end + 2;
        if (empty) return pos;
      }
    }
    if (data.size() < pos + size + 2) return std::string_view::npos;
    body.append(data.substr(pos, size));
    if (data.substr(pos + size, 2) != "\r\n") {
      bad = true;
      return std::string_view::npos;
    }
    pos += size + 2;
  }
}

}  // namespace

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) !=
        std::tolower(static_cast<unsigned char>(b[i])))
      return false;
  return true;
}

std::string find_header(const std::vector<std::string>& headers, std::string_view name) {
  for (const auto& line : headers) {
    std::string_view l = line;
    auto colon = l.find(':');
    if (colon == std::string_view::npos) continue;
    if (iequals(trim(l.substr(0, colon)), name)) return std::string(trim(l.substr(colon + 1)));
  }
  return {};
}

const char* reason_phrase(int status) {
  switch (status) {
    case 100: return "Continue";
    case 200: return "OK";
    case 201: return "Created";
    case 204: return "No Content";
    case 400: return "Bad Request";
    case 401: return "Unauthorized";
    case 403: return "Forbidden";
    case 404: return "Not Found";
    case 408: return "Request Timeout";
    case 413: return "Payload Too Large";
    case 429: return "Too Many Requests";
    case 431: return "Request Header Fields Too Large";
    case 500: return "Internal Server Error";
    case 502: return "Bad Gateway";
    case 503: return "Service Unavailable";
    case 504: return "Gateway Timeout";
    case 529: return "Overloaded";
    default: return "Status";
  }
}

parse_result parse_request(std::string_view data, received_request& out) {
  parse_result r;
  auto head_end = data.find("\r\n\r\n");
  if (head_end == std::string_view::npos) {
    if (data.size() > max_header_bytes) r.status = parse_status::bad;
    return r;
  }
  auto head = data.substr(0, head_end);
  auto line_end = head.find("\r\n");
  auto request_line = head.substr(0, line_end);
  auto sp1 = request_line.find(' ');
  auto sp2 = sp1 == std::string_view::npos ? sp1 : request_line.find(' ', sp1 + 1);
  if (sp1 == std::string_view::npos || sp2 == std::string_view::npos || sp1 == 0) {
    r.status = parse_status::bad;
    return r;
  }
  received_request req;
  req.method = std::string(request_line.substr(0, sp1));
  req.path = std::string(request_line.substr(sp1 + 1, sp2 - sp1 - 1));
  auto version = request_line.substr(sp2 + 1);
  bool http10 = version == "HTTP/1.0";
  if (!http10 && version != "HTTP/1.1") {
    r.status = parse_status::bad;
    return r;
  }
  std::size_t pos = line_end == std::string_view::npos ? head.size() : line_end + 2;
  while (pos < head.size()) {
    auto eol = head.find("\r\n", pos);
    if (eol == std::string_view::npos) eol = head.size();
    auto line = head.substr(pos, eol - pos);
    if (line.find(':') == std::string_view::npos) {
      r.status = parse_status::bad;
      return r;
    }
    req.headers.emplace_back(line);
    pos = eol + 2;
  }
  auto connection = find_header(req.headers, "connection");
  r.keep_alive = http10 ? icontains(connection, "keep-alive") : !icontains(connection, "close");
  std::size_t body_start = head_end + 4;
  if (icontains(find_header(req.headers, "transfer-encoding"), "chunked")) {
    bool bad = false;
    auto end = decode_chunked(data, body_start, req.body, bad);
    if (bad) {
      r.status = parse_status::bad;
      return r;
    }
    if (end == std::string_view::npos) {
      r.expects_continue = icontains(find_header(req.headers, "expect"), "100-continue");
      return r;
    }
    r.consumed = end;
  } else {
    std::size_t length = 0;
    auto text = find_header(req.headers, "content-length");
    if (!text.empty()) {
      auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), length);
      if (ec != std::errc{} || ptr != text.data() + text.size()) {
        r.status = parse_status::bad;
        return r;
      }
    }
    if (data.size() - body_start < length) {
      r.expects_continue = icontains(find_header(req.headers, "expect"), "100-continue");
      return r;
    }
    req.body = std::string(data.substr(body_start, length));
    r.consumed = body_start + length;
  }
  r.status = parse_status::complete;
  out = std::move(req);
  return r;
}

}  // namespace ptc::testing::detail
