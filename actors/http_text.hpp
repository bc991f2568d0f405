#pragma once
// Header-text helpers shared by ptc's HTTP client (http.cpp, http_worker.cpp) and its HTTP
// server (http_server.cpp). Private to actors/.
#include <cctype>
#include <string_view>

namespace ptc::actors::detail {

/// ASCII case-insensitive equality (header names, tokens like "close").
inline bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i])))
      return false;
  return true;
}

/// `s` without leading blanks and trailing blanks or line ends (a header's name or value).
inline std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r' || s.back() == '\n'))
    s.remove_suffix(1);
  return s;
}

}  // namespace ptc::actors::detail
