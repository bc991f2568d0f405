#pragma once
// The thread behind one HTTP actor (private to actors/http.cpp): one libcurl multi handle,
// many transfers, promises delivered from this thread.
//
// Context: CAF 0.17's response_promise may be delivered from a foreign thread (caf017.md §2),
// so the worker answers callers directly and the actor never waits.
//
// Decision: the actor pushes (request, promise) into a locked queue and wakes the worker with
// curl_multi_wakeup. The worker starts at most `max_in_flight` transfers (FIFO beyond that),
// reuses easy handles from a free list, and keeps connections alive in the multi handle's
// cache. `stop()` ends the thread; what is still running or queued is answered "cancelled".
//
// Consequences: the worker is shared (shared_ptr) by the actor's behavior, its exit functor and
// the thread itself, so whichever lets go last frees it; the multi handle lives as long as the
// object, so waking it is always safe.
#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include <caf/all.hpp>
#include <curl/curl.h>

#include "ptc/actors/curl_api.hpp"
#include "ptc/actors/http.hpp"

namespace ptc::actors::detail {

class http_worker : public std::enable_shared_from_this<http_worker> {
 public:
  explicit http_worker(http_options opts);
  ~http_worker();
  http_worker(const http_worker&) = delete;
  http_worker& operator=(const http_worker&) = delete;

  /// Starts the thread (once, after construction, because it holds a shared_ptr to this).
  void start();

  /// Queues a request; `rp` is delivered exactly once (from the worker thread, or at once
  /// with "cancelled" when the worker has stopped). Never blocks beyond a short lock.
  void submit(http_request req, caf::response_promise rp);

  /// Stops the thread and answers every outstanding request "cancelled". Joins the thread,
  /// unless called from the thread itself (the last promise can hold the last actor ref).
  void stop();

  http_stats stats() const;

  struct job {
    http_request req;
    caf::response_promise rp;
  };

 private:
  struct transfer;

  void run();
  void start_transfer(job j);
  /// Hands finished transfers back; returns whether any slot was freed.
  bool finish_done();
  void finish(transfer* t, CURLcode code);
  void cancel_all(std::vector<job>& pending);
  CURL* take_handle();

  const curl_api& curl_ = curl_lib();  ///< loads libcurl with the first worker; throws if it cannot
  http_options opts_;
  CURLM* multi_ = nullptr;

  std::mutex mutex_;
  std::vector<job> incoming_;  ///< guarded by mutex_
  bool stopping_ = false;      ///< guarded by mutex_
  std::thread thread_;

  // Worker-thread state.
  std::vector<std::unique_ptr<transfer>> active_;
  std::vector<CURL*> free_handles_;  ///< easy handles ready for reuse

  std::atomic<std::uint64_t> started_{0}, completed_{0}, failed_{0};
  std::atomic<std::uint64_t> in_flight_{0}, queued_{0}, peak_{0};
};

}  // namespace ptc::actors::detail
