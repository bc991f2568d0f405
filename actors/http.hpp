#pragma once
// The HTTP actor: many requests in flight on one libcurl multi handle, keep-alive connections.
//
// Context: an LLM call takes seconds; thousands of agents wait on them at once. A blocking
// client per request would need a thread per call.
//
// Decision: each HTTP actor owns a worker thread running one curl multi handle. The actor
// (event-based, never blocking) hands a request and its response promise to the worker through
// a locked queue and wakes it (curl_multi_wakeup); the worker delivers the promise when the
// transfer ends. At most `max_in_flight` transfers run at once per actor; more wait in order.
// Transport failures are data (`http_response::error`), not CAF errors, so callers decide
// about retries (actors/llm.hpp retries; this actor never does).
//
// Consequences: the worker thread ends when the actor ends; transfers still running then are
// aborted and their promises delivered with error "cancelled". libcurl is loaded and
// initialised once per process by the first spawn_http_client (curl_api.hpp), which throws
// std::runtime_error when the library cannot be loaded.
#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include <caf/all.hpp>

namespace ptc::actors {

struct http_request {
  std::string method = "POST";
  std::string url;
  std::vector<std::string> headers;  ///< "Name: value"
  std::string body;
  std::int64_t timeout_ms = 60'000;          ///< whole transfer
  std::int64_t connect_timeout_ms = 10'000;
  /// The most response body bytes accepted (0: no limit). Checked as the body arrives: the
  /// transfer is aborted once it would exceed the limit, with error "response too large".
  std::int64_t max_body_bytes = 0;
};

template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, http_request& x) {
  return f(caf::meta::type_name("ptc::http_request"), x.method, x.url, x.headers, x.body,
           x.timeout_ms, x.connect_timeout_ms, x.max_body_bytes);
}

struct http_response {
  int status = 0;                    ///< 0 when no HTTP response arrived
  std::vector<std::string> headers;  ///< "name: value", names lower-cased
  std::string body;
  /// "" on a completed exchange (any status); otherwise what went wrong, one of:
  /// "timeout", "connection refused", "connection failed: <curl text>", "cancelled",
  /// "transfer failed: <curl text>" (e.g. the peer closed mid-body), "response too large: more
  /// than N bytes" (the request's max_body_bytes; the body is then empty).
  std::string error;
  std::int64_t latency_us = 0;  ///< from handing the request to curl until done

  /// The value of header `name` (case-insensitive), or "".
  std::string header(const std::string& name) const;
};

template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, http_response& x) {
  return f(caf::meta::type_name("ptc::http_response"), x.status, x.headers, x.body, x.error,
           x.latency_us);
}

struct http_options {
  std::size_t max_in_flight = 256;  ///< concurrent transfers per actor
  std::size_t max_host_connections = 0;  ///< 0: curl's default (unlimited)
};

/// Figures of one HTTP actor (reply to `stats_atom`).
struct http_stats {
  std::uint64_t started = 0, completed = 0, failed = 0;
  std::uint64_t in_flight = 0, queued = 0, peak_in_flight = 0;
};

template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, http_stats& x) {
  return f(caf::meta::type_name("ptc::http_stats"), x.started, x.completed, x.failed,
           x.in_flight, x.queued, x.peak_in_flight);
}

/// Spawns an HTTP actor. Messages:
///   (http_atom, http_request) -> http_response
///   (stats_atom)              -> http_stats
caf::actor spawn_http_client(caf::actor_system& sys, http_options opts = {});

}  // namespace ptc::actors
