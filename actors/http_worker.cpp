#include "ptc/actors/http_worker.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <deque>
#include <string_view>

#include "ptc/actors/http_text.hpp"

namespace ptc::actors::detail {
namespace {

using clock_type = std::chrono::steady_clock;

/// Where a response body goes: appended up to `limit` bytes (0: no limit).
struct body_sink {
  std::string* body = nullptr;
  std::int64_t limit = 0;
  bool exceeded = false;
};

std::size_t on_body(char* data, std::size_t size, std::size_t n, void* user) {
  auto& sink = *static_cast<body_sink*>(user);
  const std::size_t len = size * n;
  if (sink.limit > 0 && sink.body->size() + len > static_cast<std::uint64_t>(sink.limit)) {
    // Returning less than given aborts the transfer (CURLE_WRITE_ERROR): a body over the
    // limit is never held whole.
    sink.exceeded = true;
    std::string().swap(*sink.body);
    return 0;
  }
  sink.body->append(data, len);
  return len;
}

/// Collects "name: value" lines with lower-cased names; a new status line (after
/// "100 Continue" or a redirect) starts the list again.
std::size_t on_header(char* data, std::size_t size, std::size_t n, void* user) {
  auto& headers = *static_cast<std::vector<std::string>*>(user);
  std::string_view line(data, size * n);
  if (line.starts_with("HTTP/")) {
    headers.clear();
    return size * n;
  }
  auto colon = line.find(':');
  if (colon == std::string_view::npos) return size * n;  // the blank line ending the head
  std::string h(trim(line.substr(0, colon)));
  for (auto& ch : h) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  h += ": ";
  h += trim(line.substr(colon + 1));
  headers.push_back(std::move(h));
  return size * n;
}

bool has_header(const std::vector<std::string>& headers, std::string_view name) {
  for (std::string_view h : headers) {
    if (h.size() <= name.size() || h[name.size()] != ':') continue;
    bool same = std::equal(name.begin(), name.end(), h.begin(), [](char a, char b) {
      return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b));
    });
    if (same) return true;
  }
  return false;
}

http_response cancelled() {
  http_response r;
  r.error = "cancelled";
  return r;
}

}  // namespace

struct http_worker::transfer {
  CURL* easy = nullptr;
  curl_slist* headers = nullptr;
  job j;
  http_response resp;
  clock_type::time_point started;
  std::size_t index = 0;  ///< position in active_
  char errbuf[CURL_ERROR_SIZE] = {};
  body_sink sink;
};

http_worker::http_worker(http_options opts) : opts_(opts) {
  opts_.max_in_flight = std::max<std::size_t>(opts_.max_in_flight, 1);
  multi_ = curl_.multi_init();
  if (!multi_) throw std::runtime_error("curl_multi_init failed");
  // Keep as many idle connections as transfers may run, so a steady load never reconnects.
  curl_.multi_setopt(multi_, CURLMOPT_MAXCONNECTS, static_cast<long>(opts_.max_in_flight));
  if (opts_.max_host_connections > 0)
    curl_.multi_setopt(multi_, CURLMOPT_MAX_HOST_CONNECTIONS, static_cast<long>(opts_.max_host_connections));
}

http_worker::~http_worker() {
  if (thread_.joinable()) thread_.detach();  // only reachable when the thread itself is last
  curl_.multi_cleanup(multi_);
}

void http_worker::start() {
  thread_ = std::thread([self = shared_from_this()] { self->run(); });
}

void http_worker::submit(http_request req, caf::response_promise rp) {
  {
    std::lock_guard lock(mutex_);
    if (!stopping_) {
      incoming_.push_back(job{std::move(req), std::move(rp)});
      ++queued_;
      curl_.multi_wakeup(multi_);
      return;
    }
  }
  ++failed_;
  rp.deliver(cancelled());
}

void http_worker::stop() {
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return;
    stopping_ = true;
  }
  curl_.multi_wakeup(multi_);
  if (!thread_.joinable()) return;
  if (thread_.get_id() == std::this_thread::get_id())
    thread_.detach();  // the loop sees stopping_ on its next turn and ends by itself
  else
    thread_.join();
}

http_stats http_worker::stats() const {
  http_stats s;
  s.started = started_.load();
  s.completed = completed_.load();
  s.failed = failed_.load();
  s.in_flight = in_flight_.load();
  s.queued = queued_.load();
  s.peak_in_flight = peak_.load();
  return s;
}

void http_worker::run() {
  std::deque<job> pending;
  std::vector<job> batch;
  for (;;) {
    {
      std::lock_guard lock(mutex_);
      if (stopping_) break;
      batch.swap(incoming_);
    }
    for (auto& j : batch) pending.push_back(std::move(j));
    batch.clear();
    while (active_.size() < opts_.max_in_flight && !pending.empty()) {
      start_transfer(std::move(pending.front()));
      pending.pop_front();
    }
    int running = 0;
    curl_.multi_perform(multi_, &running);
    if (finish_done() && !pending.empty()) continue;  // start the next ones without waiting
    curl_.multi_poll(multi_, nullptr, 0, 1000, nullptr);
  }
  std::vector<job> rest(std::make_move_iterator(pending.begin()),
                        std::make_move_iterator(pending.end()));
  cancel_all(rest);
}

CURL* http_worker::take_handle() {
  if (free_handles_.empty()) return curl_.easy_init();
  CURL* h = free_handles_.back();
  free_handles_.pop_back();
  curl_.easy_reset(h);
  return h;
}

void http_worker::start_transfer(job j) {
  --queued_;
  auto t = std::make_unique<transfer>();
  t->j = std::move(j);
  t->easy = take_handle();
  if (!t->easy) {
    ++failed_;
    t->resp.error = "connection failed: cannot create a curl handle";
    t->j.rp.deliver(std::move(t->resp));
    return;
  }
  const auto& req = t->j.req;
  CURL* h = t->easy;
  curl_.easy_setopt(h, CURLOPT_URL, req.url.c_str());
  curl_.easy_setopt(h, CURLOPT_PROTOCOLS_STR, "http,https");
  curl_.easy_setopt(h, CURLOPT_NOSIGNAL, 1L);
  curl_.easy_setopt(h, CURLOPT_TCP_NODELAY, 1L);
  if (req.timeout_ms > 0) curl_.easy_setopt(h, CURLOPT_TIMEOUT_MS, static_cast<long>(req.timeout_ms));
  if (req.connect_timeout_ms > 0)
    curl_.easy_setopt(h, CURLOPT_CONNECTTIMEOUT_MS, static_cast<long>(req.connect_timeout_ms));
  curl_.easy_setopt(h, CURLOPT_ERRORBUFFER, t->errbuf);
  curl_.easy_setopt(h, CURLOPT_PRIVATE, t.get());
  curl_.easy_setopt(h, CURLOPT_WRITEFUNCTION, on_body);
  t->sink.body = &t->resp.body;
  t->sink.limit = req.max_body_bytes;
  curl_.easy_setopt(h, CURLOPT_WRITEDATA, &t->sink);
  // A Content-Length over the limit is refused before any of the body is read.
  if (req.max_body_bytes > 0)
    curl_.easy_setopt(h, CURLOPT_MAXFILESIZE_LARGE, static_cast<curl_off_t>(req.max_body_bytes));
  curl_.easy_setopt(h, CURLOPT_HEADERFUNCTION, on_header);
  curl_.easy_setopt(h, CURLOPT_HEADERDATA, &t->resp.headers);
  for (const auto& line : req.headers) t->headers = curl_.slist_append(t->headers, line.c_str());
  // "Expect: 100-continue" would cost a round trip (or a 1 s wait) on every large body.
  if (!has_header(req.headers, "expect")) t->headers = curl_.slist_append(t->headers, "Expect:");
  curl_.easy_setopt(h, CURLOPT_HTTPHEADER, t->headers);
  bool with_body = !req.body.empty() || req.method == "POST" || req.method == "PUT" ||
                   req.method == "PATCH";
  if (with_body) {
    curl_.easy_setopt(h, CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(req.body.size()));
    curl_.easy_setopt(h, CURLOPT_POSTFIELDS, req.body.data());
  }
  if (req.method == "HEAD") {
    curl_.easy_setopt(h, CURLOPT_NOBODY, 1L);
  } else if (req.method == "GET" && !with_body) {
    curl_.easy_setopt(h, CURLOPT_HTTPGET, 1L);
  } else if (req.method != "POST") {
    curl_.easy_setopt(h, CURLOPT_CUSTOMREQUEST, req.method.c_str());
  }
  t->started = clock_type::now();
  if (curl_.multi_add_handle(multi_, h) != CURLM_OK) {
    ++failed_;
    t->resp.error = "connection failed: curl_multi_add_handle failed";
    curl_.slist_free_all(t->headers);
    free_handles_.push_back(h);
    t->j.rp.deliver(std::move(t->resp));
    return;
  }
  ++started_;
  t->index = active_.size();
  active_.push_back(std::move(t));
  auto now = ++in_flight_;
  auto seen = peak_.load();
  while (now > seen && !peak_.compare_exchange_weak(seen, now)) {
  }
}

bool http_worker::finish_done() {
  bool freed = false;
  int left = 0;
  while (CURLMsg* msg = curl_.multi_info_read(multi_, &left)) {
    if (msg->msg != CURLMSG_DONE) continue;
    transfer* t = nullptr;
    curl_.easy_getinfo(msg->easy_handle, CURLINFO_PRIVATE, &t);
    finish(t, msg->data.result);
    freed = true;
  }
  return freed;
}

void http_worker::finish(transfer* t, CURLcode code) {
  auto& resp = t->resp;
  resp.latency_us =
      std::chrono::duration_cast<std::chrono::microseconds>(clock_type::now() - t->started).count();
  long status = 0;
  curl_.easy_getinfo(t->easy, CURLINFO_RESPONSE_CODE, &status);
  resp.status = static_cast<int>(status);
  if (t->sink.exceeded || code == CURLE_FILESIZE_EXCEEDED) {
    resp.error = "response too large: more than " + std::to_string(t->sink.limit) + " bytes";
    std::string().swap(resp.body);
  } else if (code != CURLE_OK) {
    std::string text = t->errbuf[0] ? t->errbuf : curl_.easy_strerror(code);
    long os_errno = 0;
    curl_.easy_getinfo(t->easy, CURLINFO_OS_ERRNO, &os_errno);
    switch (code) {
      case CURLE_OPERATION_TIMEDOUT:
        resp.error = "timeout";
        break;
      case CURLE_COULDNT_CONNECT:
        resp.error = os_errno == ECONNREFUSED ? "connection refused" : "connection failed: " + text;
        break;
      case CURLE_COULDNT_RESOLVE_HOST:
      case CURLE_COULDNT_RESOLVE_PROXY:
      case CURLE_UNSUPPORTED_PROTOCOL:
      case CURLE_URL_MALFORMAT:
      case CURLE_SSL_CONNECT_ERROR:
      case CURLE_PEER_FAILED_VERIFICATION:
      case CURLE_SSL_CACERT_BADFILE:
        resp.error = "connection failed: " + text;
        break;
      default:
        resp.error = "transfer failed: " + text;
    }
  }
  curl_.multi_remove_handle(multi_, t->easy);
  curl_.slist_free_all(t->headers);
  free_handles_.push_back(t->easy);
  // Swap-remove from active_, keeping the moved transfer's index right.
  auto owned = std::move(active_[t->index]);
  if (t->index + 1 != active_.size()) {
    active_[t->index] = std::move(active_.back());
    active_[t->index]->index = t->index;
  }
  active_.pop_back();
  --in_flight_;
  // Figures first, so a caller who got the answer sees them updated.
  if (resp.error.empty())
    ++completed_;
  else
    ++failed_;
  owned->j.rp.deliver(std::move(resp));
}

void http_worker::cancel_all(std::vector<job>& pending) {
  {
    std::lock_guard lock(mutex_);
    for (auto& j : incoming_) pending.push_back(std::move(j));
    incoming_.clear();
  }
  for (auto& t : active_) {
    curl_.multi_remove_handle(multi_, t->easy);
    curl_.slist_free_all(t->headers);
    curl_.easy_cleanup(t->easy);
    --in_flight_;
    ++failed_;
    t->j.rp.deliver(cancelled());
  }
  active_.clear();
  for (auto& j : pending) {
    --queued_;
    ++failed_;
    j.rp.deliver(cancelled());
  }
  for (CURL* h : free_handles_) curl_.easy_cleanup(h);
  free_handles_.clear();
}

}  // namespace ptc::actors::detail
