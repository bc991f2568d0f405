#pragma once
// The LLM actor: one completion per request, whatever the provider; retries inside.
//
// Context: a sub-agent only needs "these chat messages in, the assistant's text and token usage
// out". Providers differ in wire format (OpenAI-compatible chat completions, Anthropic
// Messages with cache_control), and tests and the offline demo need an LLM without a network:
// `scripted` (responses from code or a file) and `replay` (a recorded JSONL cassette).
//
// Decision: `spawn_llm` returns one actor handle for a configured provider and model. Network
// providers turn a request into an HTTP request with a pure codec (provider_codec below), send
// it to HTTP actors (actors/http.hpp; a pool of `settings.pool_size`, round robin) and parse the
// reply. Retries with exponential backoff and full jitter on 429, 5xx, timeouts and connection
// errors, honouring Retry-After (seconds or an HTTP date), at most settings.max_retries, each
// delay capped by settings.backoff_max (Retry-After may ask for more, up to 5 minutes). The
// retry timer is a delayed message to the actor itself, so nothing blocks. Errors that retrying
// cannot fix (4xx other than 429, a malformed body, a replay miss, an exhausted script) end the
// request at once.
//
// Consequences: a failed completion is data (llm_response::ok == false, error, error_kind), so
// the sub-agent ends its Step with failure_reason::llm_error and the message. No message, log
// line or trace ever contains the API key (config::secret is only read to build headers).
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "ptc/actors/http.hpp"
#include "ptc/actors/wire.hpp"
#include "ptc/config/settings.hpp"
#include "ptc/messages/types.hpp"

namespace ptc::actors {

/// One completion request.
struct llm_request {
  std::vector<messages::chat_message> messages;  ///< [SYSTEM, USER, ...] as rendered
  std::string agent;    ///< the agent's name (traces, scripted keys); may be empty
  /// The expanded mission (scripted scripts match on it): the agent's own text, shared.
  messages::shared_text mission;
  std::size_t turn = 0; ///< 1-based LLM call number within the mission
};

/// One completion, or why there is none.
struct llm_response {
  bool ok = false;
  std::string text;              ///< the assistant's text (ok)
  messages::token_usage usage;   ///< requests = attempts made
  std::int64_t latency_us = 0;   ///< first attempt sent until the final answer, retries included
  int attempts = 0;
  std::string model;             ///< as the provider reported it ("" when unknown)
  /// Not ok: what a human reads, e.g. "HTTP 401 from https://api.openai.com/v1/chat/completions:
  /// invalid api key" or "timeout after 3 attempts (60000 ms each)". Never contains a key.
  std::string error;
  /// Not ok: "http_status", "timeout", "connection", "malformed", "replay_miss",
  /// "script_exhausted", "cancelled", "too_large" (body over settings.max_response_bytes),
  /// "internal" (the LLM actor itself stopped on an internal error).
  std::string error_kind;
};

template <>
struct codec<llm_request> {
  static constexpr const char* name = "ptc::llm_request";
  static std::string encode(const llm_request& r);
  static llm_request decode(const std::string& text);
};
template <>
struct codec<llm_response> {
  static constexpr const char* name = "ptc::llm_response";
  static std::string encode(const llm_response& r);
  static llm_response decode(const std::string& text);
};

nlohmann::ordered_json to_json(const llm_request& r);
nlohmann::ordered_json to_json(const llm_response& r);

// ---- wire formats (pure functions; tests check them field by field) ----

/// What an HTTP exchange with a provider means.
struct parsed_completion {
  bool ok = false;
  std::string text;
  messages::token_usage usage;  ///< requests left 0: the actor counts attempts
  std::string model;
  std::string error;  ///< not ok: the provider's message, or what was malformed
  bool retryable = false;  ///< 429, 5xx (and 529 overloaded)
};

/// Builds the HTTP request for `req` (URL from settings.base_url, headers with the key,
/// model, max_tokens, temperature, messages).
///   OpenAI-compatible: POST {base}/chat/completions, `Authorization: Bearer KEY` (omitted when
///     no key), {"model", "messages": [{"role","content": text}], "max_tokens", "temperature"}.
///   Anthropic: POST {base}/v1/messages, `x-api-key`, `anthropic-version: 2023-06-01`,
///     {"model", "max_tokens", "temperature", "system": [{"type":"text","text",
///     "cache_control": {"type":"ephemeral"}}], "messages": [{"role", "content": [{"type":
///     "text","text", ("cache_control" on blocks with cache_breakpoint)}]}]}.
http_request build_http_request(const config::llm_settings& s, const llm_request& req);

/// Parses a provider's HTTP response (status and body): text, usage (OpenAI `usage.
/// prompt_tokens`/`completion_tokens`/`prompt_tokens_details.cached_tokens`; Anthropic
/// `usage.input_tokens`/`output_tokens`/`cache_read_input_tokens`/
/// `cache_creation_input_tokens`), model, or the error with retryable set.
parsed_completion parse_http_response(const config::llm_settings& s, const http_response& res);

/// The delay before retry number `attempt` (1-based) after `res`: Retry-After when present
/// (capped at 5 minutes), else min(backoff_max, backoff_base * 2^(attempt-1)) with full jitter
/// drawn from `jitter` in [0, 1).
std::chrono::milliseconds retry_delay(const config::llm_settings& s, int attempt,
                                      const http_response& res, double jitter);

// ---- offline providers ----

/// A scripted LLM: the response text for a request, or nullopt when the script has no answer
/// (the request fails with error_kind "script_exhausted").
using scripted_fn = std::function<std::optional<std::string>(const llm_request&)>;

/// A script from data: each entry's responses are used in turn order (turn k gets
/// responses[k-1]) by agents whose mission contains `match` ("" matches every mission); the
/// first matching entry wins. File form: {"scripts": [{"match": "...", "responses": [...]}]}.
struct script_entry {
  std::string match;
  std::vector<std::string> responses;
};
scripted_fn script_from(std::vector<script_entry> entries);
/// Reads a script file (format above); throws std::runtime_error naming the file and problem.
std::vector<script_entry> read_script_file(const std::filesystem::path& p);

/// The key of a request in a cassette: a hex digest of the canonical JSON of the provider,
/// model and messages (roles, texts, breakpoints). Two identical requests have the same key.
std::string cassette_key(const std::string& provider, const std::string& model,
                         const llm_request& req);

struct llm_options {
  config::llm_settings settings;  ///< provider, model, base URL, key, timeouts, retries, pool
  scripted_fn script;             ///< provider "scripted"
  /// provider "scripted": simulated latency of each response (benchmarks); 0: immediate.
  std::chrono::milliseconds scripted_latency{0};
  /// provider "replay": the cassette to answer from (JSONL, one exchange per line:
  /// {"key", "provider", "model", "request": {...}, "response": {...}}). A request whose key is
  /// not in it fails with error_kind "replay_miss"; there is never a live call.
  std::filesystem::path replay;
  /// Any provider: append every successful exchange to this JSONL cassette ("" = off).
  std::filesystem::path record;
  /// Seed of the retry jitter (tests); 0: from the clock.
  std::uint64_t jitter_seed = 0;
};

/// Figures of an LLM actor (reply to `stats_atom`).
struct llm_stats {
  std::uint64_t requests = 0, completions = 0, failures = 0, retries = 0;
};
template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, llm_stats& x) {
  return f(caf::meta::type_name("ptc::llm_stats"), x.requests, x.completions, x.failures,
           x.retries);
}

/// Spawns the LLM actor for `opts.settings.provider`. Messages:
///   (llm_atom, wire<llm_request>) -> wire<llm_response>
///   (stats_atom)                  -> llm_stats
/// Throws config::config_error when the options cannot work (replay without a readable
/// cassette, scripted without a script, a network provider without a base URL).
caf::actor spawn_llm(caf::actor_system& sys, llm_options opts);

}  // namespace ptc::actors
