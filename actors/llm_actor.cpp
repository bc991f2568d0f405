// The LLM actor: one completion per request; scripted, replayed or over HTTP with retries.
//
// Every request ends in exactly one reply (a success or an llm_response with the error):
// HTTP requests carry the settings' timeout (the HTTP actor enforces it), retries are one-shot
// delayed messages to self, and every handler catches what it calls.
#include <algorithm>
#include <deque>
#include <random>
#include <string_view>
#include <unordered_map>
#include <variant>

#include <spdlog/spdlog.h>

#include "ptc/actors/exception_net.hpp"
#include "ptc/actors/llm.hpp"
#include "ptc/actors/llm_internal.hpp"
#include "ptc/config/error.hpp"
#include "ptc/config/provider.hpp"

namespace ptc::actors {

namespace {

using clock_type = std::chrono::steady_clock;
using response_promise = caf::typed_response_promise<wire<llm_response>>;

/// What spawn_llm prepared (checked and opened before the actor exists, so a bad option is
/// an exception at spawn time, not a failure on the first request).
struct llm_setup {
  llm_options opts;
  config::provider_api api = config::provider_api::offline;
  std::string url;  ///< network providers: where completions are posted
  std::vector<caf::actor> pool;
  std::shared_ptr<llm_detail::cassette> replay;
  std::shared_ptr<llm_detail::cassette_writer> recorder;
};

/// One request between its arrival and its reply.
struct pending_request {
  /// The request as asked; released once nothing needs it (the answer or the HTTP body made)
  /// unless a cassette records it when the answer comes: a request waiting on the provider
  /// then holds only what it sends.
  wire<llm_request> req;
  response_promise rp;
  int attempts = 0;
  clock_type::time_point start;
  /// Network: the request as sent, built once and sent on every attempt. Scripted with
  /// latency: the answer waiting for its timer.
  std::variant<std::monostate, http_request, llm_response> work;
  http_request& http() { return std::get<http_request>(work); }
};

struct llm_state {
  static constexpr const char* name = "llm";
  std::shared_ptr<llm_setup> setup;
  std::unordered_map<std::uint64_t, pending_request> pending;
  std::uint64_t next_id = 1;
  std::vector<std::size_t> in_flight;  ///< per HTTP actor of the pool
  std::size_t next_http = 0;           ///< round robin cursor
  std::deque<std::uint64_t> waiting;   ///< every HTTP actor at max_in_flight
  /// Scripted answers waiting out the simulated latency, by when they are due (one latency for
  /// all, so in order). One timer serves them all, set about a millisecond past the first due
  /// answer so that it answers every request due by then: a timer per request was two events
  /// for CAF's clock thread each (a tenth of the CPU of 100,000 agents, and its wake-ups).
  std::deque<std::pair<clock_type::time_point, std::uint64_t>> delayed;
  bool delay_armed = false;
  std::mt19937_64 rng;
  llm_stats stats;
};

using llm_actor = caf::stateful_actor<llm_state>;

std::string plural(int n, const char* word) {
  return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

std::string after_attempts(int attempts) {
  return attempts > 1 ? " (after " + plural(attempts, "attempt") + ")" : "";
}

llm_response failure(std::string kind, std::string message) {
  llm_response r;
  r.ok = false;
  r.error_kind = std::move(kind);
  r.error = std::move(message);
  return r;
}

/// Replies to request `id` and forgets it.
void finish(llm_actor* self, std::uint64_t id, llm_response r) {
  auto& st = self->state;
  auto it = st.pending.find(id);
  if (it == st.pending.end()) return;
  pending_request& p = it->second;
  const llm_setup& s = *st.setup;
  r.attempts = std::max(p.attempts, 1);
  r.usage.requests = static_cast<std::uint64_t>(r.attempts);
  r.latency_us =
      std::chrono::duration_cast<std::chrono::microseconds>(clock_type::now() - p.start).count();
  r.error = llm_detail::scrub(std::move(r.error), s.opts.settings.api_key);
  if (r.ok) {
    ++st.stats.completions;
    if (s.recorder) {
      try {
        s.recorder->append(s.opts.settings.provider, s.opts.settings.model, *p.req, r);
      } catch (const std::exception& e) {
        spdlog::warn("llm: cannot record to {}: {}", s.opts.record.string(), e.what());
      }
    }
  } else {
    ++st.stats.failures;
    spdlog::debug("llm: request failed ({}): {}", r.error_kind, r.error);
  }
  response_promise rp = std::move(p.rp);
  st.pending.erase(it);
  rp.deliver(wire<llm_response>(std::move(r)));
}

// ---- offline providers ----

llm_response scripted_answer(const llm_setup& s, const llm_request& req) {
  std::optional<std::string> text;
  try {
    text = s.opts.script(req);
  } catch (const std::exception& e) {
    return failure("malformed", std::string("the scripted LLM failed: ") + e.what());
  } catch (...) {
    return failure("malformed", "the scripted LLM failed");
  }
  if (!text) {
    std::string mission = req.mission.substr(0, 80) + (req.mission.size() > 80 ? "..." : "");
    return failure("script_exhausted", "the script has no response for turn " +
                                           std::to_string(req.turn) + " of mission \"" +
                                           mission + "\"");
  }
  llm_response r;
  r.ok = true;
  r.text = std::move(*text);
  r.model = "scripted";
  return r;
}

llm_response replayed_answer(const llm_setup& s, const llm_request& req) {
  if (const llm_response* found = s.replay->find(req, s.opts.settings.model)) {
    llm_response r = *found;
    r.attempts = 1;
    return r;
  }
  const std::string diverged = s.replay->divergence(req);
  return failure("replay_miss", "no recorded response for this request in cassette " +
                                    s.opts.replay.string() + " (key " +
                                    cassette_key("", "", req).substr(0, 16) + ")" +
                                    (diverged.empty() ? "" : ": " + diverged));
}

// ---- network providers ----

void dispatch(llm_actor* self, std::uint64_t id);

/// Why an attempt failed, as the error kind and message a caller reads.
llm_response describe_failure(const llm_setup& s, const http_response& res,
                              const parsed_completion& c, int attempts) {
  const std::string& url = s.url;
  if (!res.error.empty()) {
    if (res.error == "timeout")
      return failure("timeout", "timeout after " + plural(attempts, "attempt") + " (" +
                                    std::to_string(s.opts.settings.request_timeout.count()) +
                                    " ms each) from " + url);
    if (res.error == "cancelled")
      return failure("cancelled", "the request to " + url + " was cancelled");
    if (res.error.rfind("response too large", 0) == 0)
      return failure("too_large", "the response from " + url + " is larger than the limit of " +
                                      std::to_string(s.opts.settings.max_response_bytes) +
                                      " bytes; the transfer was stopped (raise llm.max_response_bytes "
                                      "or PTC_MAX_RESPONSE_BYTES, or ask for a shorter answer)");
    if (res.error == "connection refused")
      return failure("connection", "connection refused by " + url + after_attempts(attempts));
    // The HTTP actor's texts are "connection failed: <why>" and "transfer failed: <why>".
    std::string_view why = res.error;
    std::string what = "request to " + url;
    for (auto [prefix, subject] : {std::pair{"connection failed: ", "connection to "},
                                   std::pair{"transfer failed: ", "transfer from "}}) {
      if (why.rfind(prefix, 0) == 0) {
        why.remove_prefix(std::string_view(prefix).size());
        what = subject + url;
      }
    }
    return failure("connection", what + " failed: " + std::string(why) + after_attempts(attempts));
  }
  if (res.status >= 200 && res.status <= 299)
    return failure("malformed", "malformed response from " + url + ": " + c.error + after_attempts(attempts));
  return failure("http_status", "HTTP " + std::to_string(res.status) + " from " + url + ": " +
                                    c.error + after_attempts(attempts));
}

void on_http_response(llm_actor* self, std::uint64_t id, const http_response& res) {
  auto& st = self->state;
  auto it = st.pending.find(id);
  if (it == st.pending.end()) return;
  pending_request& p = it->second;
  const llm_setup& s = *st.setup;
  parsed_completion c = parse_http_response(s.opts.settings, res);
  if (c.ok) {
    llm_response r;
    r.ok = true;
    r.text = std::move(c.text);
    r.usage = c.usage;
    r.model = std::move(c.model);
    finish(self, id, std::move(r));
    return;
  }
  if (c.retryable && p.attempts <= s.opts.settings.max_retries) {
    double jitter = std::uniform_real_distribution<double>(0.0, 1.0)(st.rng);
    auto delay = retry_delay(s.opts.settings, p.attempts, res, jitter);
    ++st.stats.retries;
    spdlog::debug("llm: attempt {} to {} failed ({}), retrying in {} ms", p.attempts, s.url,
                  llm_detail::scrub(res.error.empty() ? "HTTP " + std::to_string(res.status) : res.error,
                                    s.opts.settings.api_key),
                  delay.count());
    // One-shot: the timer is sent once per failed attempt and never re-arms itself.
    self->delayed_send(self, delay, retry_atom::value, id);
    return;
  }
  finish(self, id, describe_failure(s, res, c, p.attempts));
}

/// Sends the next queued requests while some HTTP actor has room.
void pump(llm_actor* self) {
  auto& st = self->state;
  while (!st.waiting.empty()) {
    std::size_t before = st.waiting.size();
    std::uint64_t id = st.waiting.front();
    st.waiting.pop_front();
    dispatch(self, id);
    if (st.waiting.size() >= before) return;  // it went back: everyone is full
  }
}

/// Sends one attempt of request `id` to the next HTTP actor with room (round robin), or
/// queues it when all are at max_in_flight.
void dispatch(llm_actor* self, std::uint64_t id) {
  auto& st = self->state;
  auto it = st.pending.find(id);
  if (it == st.pending.end()) return;
  const llm_setup& s = *st.setup;
  const std::size_t n = s.pool.size();
  const std::size_t limit = std::max<std::size_t>(1, s.opts.settings.max_in_flight);
  std::size_t chosen = n;
  for (std::size_t i = 0; i < n; ++i) {
    std::size_t k = (st.next_http + i) % n;
    if (st.in_flight[k] < limit) {
      chosen = k;
      break;
    }
  }
  if (chosen == n) {
    st.waiting.push_back(id);
    return;
  }
  st.next_http = (chosen + 1) % n;
  ++st.in_flight[chosen];
  pending_request& p = it->second;
  ++p.attempts;
  // No CAF timeout: the HTTP actor enforces the request's own timeout (its timeout_ms) and
  // always answers, with "cancelled" when it stops; a dead one bounces the request. A CAF 0.17
  // request timeout would also pin this actor (the clock holds a strong reference until the
  // timeout is due, answered or not), delaying shutdown by that long.
  self->request(s.pool[chosen], caf::infinite, http_atom::value, p.http())
      .then(
          [self, id, chosen](http_response& res) {
            --self->state.in_flight[chosen];
            try {
              on_http_response(self, id, res);
            } catch (const std::exception& e) {
              finish(self, id, failure("malformed", std::string("internal error: ") + e.what()));
            }
            pump(self);
          },
          [self, id, chosen](caf::error& err) {
            --self->state.in_flight[chosen];
            http_response res;
            res.error = "connection failed: the HTTP client is unavailable (" +
                        self->system().render(err) + ")";
            try {
              on_http_response(self, id, res);
            } catch (const std::exception& e) {
              finish(self, id, failure("malformed", std::string("internal error: ") + e.what()));
            }
            pump(self);
          });
}

/// How late the latency timer may fire to answer more requests at once (scripted latency is
/// never shorter than asked, at most this much longer).
constexpr auto latency_slack = std::chrono::milliseconds(1);

void arm_latency_timer(llm_actor* self) {
  auto& st = self->state;
  if (st.delay_armed || st.delayed.empty()) return;
  st.delay_armed = true;
  const auto wait = std::chrono::duration_cast<std::chrono::microseconds>(st.delayed.front().first - clock_type::now());
  self->delayed_send(self, std::max(wait, std::chrono::microseconds(0)) + latency_slack, resume_atom::value);
}

/// The latency timer fired: every scripted answer due by now goes out.
void answer_due(llm_actor* self) {
  auto& st = self->state;
  st.delay_armed = false;
  const auto now = clock_type::now();
  while (!st.delayed.empty() && st.delayed.front().first <= now) {
    const std::uint64_t id = st.delayed.front().second;
    st.delayed.pop_front();
    auto it = st.pending.find(id);
    if (it != st.pending.end()) finish(self, id, std::get<llm_response>(std::move(it->second.work)));
  }
  arm_latency_timer(self);
}

void start_request(llm_actor* self, std::uint64_t id) {
  auto& st = self->state;
  const llm_setup& s = *st.setup;
  pending_request& p = st.pending.at(id);
  switch (s.api) {
    case config::provider_api::offline: {
      p.attempts = 1;
      bool scripted = s.opts.settings.provider == "scripted";
      llm_response r = scripted ? scripted_answer(s, *p.req) : replayed_answer(s, *p.req);
      if (scripted && s.opts.scripted_latency.count() > 0) {
        p.work = std::move(r);
        if (!s.recorder) p.req = {};
        st.delayed.emplace_back(clock_type::now() + s.opts.scripted_latency, id);
        arm_latency_timer(self);
        return;
      }
      finish(self, id, std::move(r));
      return;
    }
    case config::provider_api::openai_compatible:
    case config::provider_api::anthropic_messages:
      p.work = build_http_request(s.opts.settings, *p.req);
      if (!s.recorder) p.req = {};
      dispatch(self, id);
      return;
  }
}

caf::behavior llm_behavior(llm_actor* self, std::shared_ptr<llm_setup> setup) {
  auto& st = self->state;
  st.setup = setup;
  st.in_flight.assign(setup->pool.size(), 0);
  std::uint64_t seed = setup->opts.jitter_seed;
  if (seed == 0) seed = static_cast<std::uint64_t>(clock_type::now().time_since_epoch().count());
  st.rng.seed(seed);
  detail::install_exception_net(self, "the LLM actor", [self](const std::string& message) {
    auto pending = std::move(self->state.pending);
    for (auto& [id, p] : pending) p.rp.deliver(wire<llm_response>(failure("internal", message)));
  });
  // The HTTP actors belong to this actor: stop them (and their curl threads) with it.
  self->attach_functor([pool = setup->pool] {
    for (const caf::actor& h : pool) caf::anon_send_exit(h, caf::exit_reason::user_shutdown);
  });
  return {
      [self](llm_atom, const wire<llm_request>& req) -> caf::result<wire<llm_response>> {
        auto& st = self->state;
        ++st.stats.requests;
        std::uint64_t id = st.next_id++;
        pending_request& p = st.pending[id];
        p.req = req;
        p.rp = self->make_response_promise<wire<llm_response>>();
        p.start = clock_type::now();
        response_promise rp = p.rp;
        if (!req) {
          finish(self, id, failure("malformed", "an LLM request without a payload"));
          return rp;
        }
        try {
          start_request(self, id);
        } catch (const std::exception& e) {
          finish(self, id, failure("malformed", std::string("cannot send the request: ") + e.what()));
        }
        return rp;
      },
      [self](retry_atom, std::uint64_t id) { dispatch(self, id); },
      [self](resume_atom) { answer_due(self); },
      [self](stats_atom) { return self->state.stats; },
  };
}

}  // namespace

caf::actor spawn_llm(caf::actor_system& sys, llm_options opts) {
  const config::llm_settings& s = opts.settings;
  const config::provider_info* info = config::find_provider(s.provider);
  if (!info) throw config::config_error("llm.provider", "unknown LLM provider \"" + s.provider + "\"");
  auto setup = std::make_shared<llm_setup>();
  setup->api = info->api;
  if (s.provider == "scripted" && !opts.script)
    throw config::config_error("llm.provider", "the scripted provider needs a script");
  if (s.provider == "replay") {
    if (opts.replay.empty())
      throw config::config_error("llm.provider", "the replay provider needs a cassette file");
    setup->replay = std::make_shared<llm_detail::cassette>(opts.replay);
  }
  if (info->api != config::provider_api::offline) {
    if (s.base_url.empty())
      throw config::config_error("llm.base_url", "provider " + s.provider + " needs a base URL");
    setup->url = llm_detail::completion_url(s);
  }
  if (!opts.record.empty()) setup->recorder = llm_detail::cassette_writer::open(opts.record);
  if (info->api != config::provider_api::offline) {
    http_options h;
    h.max_in_flight = std::max<std::size_t>(1, s.max_in_flight);
    for (int i = 0; i < std::max(1, s.pool_size); ++i) setup->pool.push_back(spawn_http_client(sys, h));
  }
  setup->opts = std::move(opts);
  return sys.spawn(llm_behavior, std::move(setup));
}

}  // namespace ptc::actors
