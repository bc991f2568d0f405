// ptc_http_bench: how many HTTP requests the HTTP actors keep in flight, and at what rate.
// Starts the test server (tests/support) answering every request after a fixed delay (a slow
// LLM in miniature), spawns HTTP actors and a driver actor that keeps up to `concurrency`
// requests outstanding until `requests` have been answered. Prints figures; asserts nothing.
//
// Usage: ptc_http_bench [--requests N] [--concurrency C] [--actors A] [--max-in-flight M]
//                       [--delay-ms D] [--body-bytes B] [--threads T] [--stealing | --sharing]
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <caf/all.hpp>

#include "ptc/actors/http.hpp"
#include "ptc/actors/wire.hpp"
#include "tests/support/http_server.hpp"

using namespace std::chrono_literals;
using ptc::actors::http_atom;
using ptc::actors::http_options;
using ptc::actors::http_request;
using ptc::actors::http_response;
using ptc::actors::http_stats;
using ptc::actors::run_atom;
using ptc::actors::stats_atom;

namespace {

using clock_type = std::chrono::steady_clock;

struct bench_options {
  std::size_t requests = 20'000;
  std::size_t concurrency = 2'000;
  std::size_t actors = 2;
  std::size_t max_in_flight = 2'000;  ///< over all actors
  int delay_ms = 20;
  std::size_t body_bytes = 64;
  int threads = 2;
  bool sharing = true;  ///< scheduler.policy=sharing (the runtime's default); --stealing: CAF's work stealing
};

/// What the driver measured.
struct bench_result {
  std::vector<std::int64_t> latency_us;  ///< per answered request, send to reply
  std::vector<std::int64_t> transfer_us;  ///< per answered request, as the HTTP actor measured
  std::size_t errors = 0;
  std::string first_error;
  std::size_t peak_outstanding = 0;
  std::int64_t elapsed_us = 0;
};

template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, bench_result& x) {
  return f(caf::meta::type_name("ptc::bench_result"), x.latency_us, x.transfer_us, x.errors, x.first_error,
           x.peak_outstanding, x.elapsed_us);
}

struct driver_state {
  bench_options opts;
  std::vector<caf::actor> clients;
  std::string url;
  std::size_t sent = 0, done = 0, outstanding = 0, next_client = 0;
  bench_result result;
  clock_type::time_point start;
  caf::response_promise rp;
};

/// Sends one request and, on its answer, the next, so `concurrency` stay outstanding.
void send_one(caf::stateful_actor<driver_state>* self) {
  auto& st = self->state;
  http_request req;
  req.url = st.url;
  req.headers = {"Content-Type: application/json"};
  req.body = std::string(st.opts.body_bytes, 'x');
  req.timeout_ms = 120'000;
  auto& client = st.clients[st.next_client++ % st.clients.size()];
  ++st.sent;
  st.result.peak_outstanding = std::max(st.result.peak_outstanding, ++st.outstanding);
  auto sent_at = clock_type::now();
  auto on_done = [self, sent_at](bool ok, const std::string& error, std::int64_t transfer_us) {
    auto& st = self->state;
    --st.outstanding;
    ++st.done;
    if (ok) {
      st.result.latency_us.push_back(
          std::chrono::duration_cast<std::chrono::microseconds>(clock_type::now() - sent_at).count());
      st.result.transfer_us.push_back(transfer_us);
    } else {
      if (st.result.errors++ == 0) st.result.first_error = error;
    }
    if (st.sent < st.opts.requests) send_one(self);
    if (st.done == st.opts.requests) {
      st.result.elapsed_us =
          std::chrono::duration_cast<std::chrono::microseconds>(clock_type::now() - st.start).count();
      st.rp.deliver(std::move(st.result));
      self->quit();
    }
  };
  self->request(client, 300s, http_atom::value, std::move(req))
      .then([on_done](http_response& r) { on_done(r.error.empty() && r.status == 200, r.error, r.latency_us); },
            [self, on_done](caf::error& e) { on_done(false, self->system().render(e), 0); });
}

caf::behavior driver(caf::stateful_actor<driver_state>* self, bench_options opts,
                     std::vector<caf::actor> clients, std::string url) {
  self->state.opts = opts;
  self->state.clients = std::move(clients);
  self->state.url = std::move(url);
  return {
      [self](run_atom) -> caf::response_promise {
        auto& st = self->state;
        st.rp = self->make_response_promise();
        st.start = clock_type::now();
        auto first = std::min(st.opts.concurrency, st.opts.requests);
        for (std::size_t i = 0; i < first; ++i) send_one(self);
        return st.rp;
      },
  };
}

bool parse_args(int argc, char** argv, bench_options& o) {
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&]() -> long {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "missing value for %s\n", a.c_str());
        std::exit(2);
      }
      return std::strtol(argv[++i], nullptr, 10);
    };
    if (a == "--requests") o.requests = static_cast<std::size_t>(value());
    else if (a == "--concurrency") o.concurrency = static_cast<std::size_t>(value());
    else if (a == "--actors") o.actors = static_cast<std::size_t>(std::max(1L, value()));
    else if (a == "--max-in-flight") o.max_in_flight = static_cast<std::size_t>(value());
    else if (a == "--delay-ms") o.delay_ms = static_cast<int>(value());
    else if (a == "--body-bytes") o.body_bytes = static_cast<std::size_t>(value());
    else if (a == "--threads") o.threads = static_cast<int>(value());
    else if (a == "--sharing") o.sharing = true;
    else if (a == "--stealing") o.sharing = false;
    else {
      std::fprintf(stderr,
                   "usage: %s [--requests N] [--concurrency C] [--actors A] [--max-in-flight M]\n"
                   "          [--delay-ms D] [--body-bytes B] [--threads T] [--stealing | --sharing]\n",
                   argv[0]);
      return false;
    }
  }
  return true;
}

std::int64_t percentile(std::vector<std::int64_t>& sorted, double p) {
  if (sorted.empty()) return 0;
  auto idx = static_cast<std::size_t>(p * static_cast<double>(sorted.size() - 1) + 0.5);
  return sorted[std::min(idx, sorted.size() - 1)];
}

}  // namespace

int main(int argc, char** argv) {
  bench_options opts;
  if (!parse_args(argc, argv, opts)) return 2;

  ptc::testing::http_server server([delay = opts.delay_ms](const ptc::testing::received_request&) {
    ptc::testing::canned_response r;
    r.body = R"({"ok":true})";
    r.delay = std::chrono::milliseconds(delay);
    return r;
  });

  caf::actor_system_config cfg;
  cfg.set("scheduler.max-threads", opts.threads);
  if (opts.sharing) cfg.set("scheduler.policy", caf::atom("sharing"));
  caf::actor_system sys{cfg};
  bench_result result;
  std::vector<http_stats> stats;
  {
    std::vector<caf::actor> clients;
    auto per_actor = std::max<std::size_t>(1, (opts.max_in_flight + opts.actors - 1) / opts.actors);
    for (std::size_t i = 0; i < opts.actors; ++i)
      clients.push_back(ptc::actors::spawn_http_client(sys, http_options{.max_in_flight = per_actor}));
    caf::scoped_actor self{sys};
    auto d = sys.spawn(driver, opts, clients, server.base_url() + "/v1/chat/completions");
    bool finished = false;
    self->request(d, 600s, run_atom::value)
        .receive([&](bench_result& r) { result = std::move(r); finished = true; },
                 [&](caf::error& e) { std::fprintf(stderr, "driver failed: %s\n", sys.render(e).c_str()); });
    for (auto& c : clients) {
      self->request(c, 10s, stats_atom::value)
          .receive([&](http_stats& s) { stats.push_back(s); }, [](caf::error&) {});
      self->send_exit(c, caf::exit_reason::user_shutdown);
    }
    if (!finished) return 1;
  }

  std::uint64_t client_peak_sum = 0, started = 0;
  for (const auto& s : stats) {
    client_peak_sum += s.peak_in_flight;
    started += s.started;
  }
  auto& lat = result.latency_us;
  std::sort(lat.begin(), lat.end());
  double seconds = static_cast<double>(result.elapsed_us) / 1e6;
  std::printf("ptc_http_bench: %zu HTTP actors, %zu max in flight in all, server delay %d ms, "
              "%d scheduler threads\n",
              opts.actors, opts.max_in_flight, opts.delay_ms, opts.threads);
  std::printf("requests              %zu (%zu errors%s%s)\n", opts.requests, result.errors,
              result.errors ? ", first: " : "", result.first_error.c_str());
  std::printf("concurrency target    %zu\n", opts.concurrency);
  std::printf("peak in flight        driver %zu, HTTP actors %llu (sum of per-actor peaks), "
              "server open connections %zu\n",
              result.peak_outstanding, static_cast<unsigned long long>(client_peak_sum),
              server.peak_open_connections());
  std::printf("transfers started     %llu, server saw %zu requests\n",
              static_cast<unsigned long long>(started), server.request_count());
  std::printf("elapsed               %.3f s\n", seconds);
  std::printf("requests/s            %.0f\n", seconds > 0 ? static_cast<double>(lat.size()) / seconds : 0.0);
  std::printf("latency p50 / p99     %.2f / %.2f ms (send to reply, server delay included)\n",
              static_cast<double>(percentile(lat, 0.50)) / 1000.0,
              static_cast<double>(percentile(lat, 0.99)) / 1000.0);
  auto& transfer = result.transfer_us;
  std::sort(transfer.begin(), transfer.end());
  std::printf("transfer p50 / p99    %.2f / %.2f ms (inside the HTTP actor: curl start to done)\n",
              static_cast<double>(percentile(transfer, 0.50)) / 1000.0,
              static_cast<double>(percentile(transfer, 0.99)) / 1000.0);
  return result.errors == 0 ? 0 : 1;
}
