// Provider wire formats: the HTTP request of a completion, the meaning of the HTTP response,
// and the delay before a retry. Pure functions: the actor (llm_actor.cpp) only moves bytes.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <ctime>
#include <string>

#include "ptc/actors/http_text.hpp"
#include "ptc/actors/llm.hpp"
#include "ptc/actors/llm_internal.hpp"
#include "ptc/config/provider.hpp"
#include "ptc/lisp/json.hpp"

namespace ptc::actors {

namespace {

using json = nlohmann::ordered_json;
using messages::chat_message;
using messages::role;

/// Anthropic accepts at most 4 cache_control markers per request; the system prompt takes one.
constexpr int max_anthropic_message_breakpoints = 3;

/// How much of an unparseable error body an error message quotes.
constexpr std::size_t quoted_body_chars = 300;

constexpr std::chrono::milliseconds max_retry_after{5 * 60 * 1000};

bool is_anthropic(const config::llm_settings& s) {
  const config::provider_info* p = config::find_provider(s.provider);
  return p && p->api == config::provider_api::anthropic_messages;
}

std::string trim_slashes(std::string url) {
  while (!url.empty() && url.back() == '/') url.pop_back();
  return url;
}

bool ends_with(const std::string& s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

json openai_body(const config::llm_settings& s, const llm_request& req) {
  json msgs = json::array();
  for (const chat_message& m : req.messages)
    msgs.push_back(json{{"role", messages::role_name(m.role)}, {"content", m.text()}});
  json body = json::object();
  // llama.cpp serves one model and needs no name; every other server does.
  if (!s.model.empty()) body["model"] = s.model;
  body["messages"] = std::move(msgs);
  body["max_tokens"] = s.max_tokens;
  body["temperature"] = s.temperature;
  return body;
}

json ephemeral() { return json{{"type", "ephemeral"}}; }

json anthropic_body(const config::llm_settings& s, const llm_request& req) {
  // Anthropic rejects more than 4 cache markers: keep the last ones, which cover the longest
  // prefixes (a cache lookup also finds shorter cached prefixes before a marker).
  int breakpoints_left = 0;
  for (const chat_message& m : req.messages)
    if (m.role != role::system)
      for (const auto& b : m.content) breakpoints_left += b.cache_breakpoint ? 1 : 0;
  int skip = std::max(0, breakpoints_left - max_anthropic_message_breakpoints);

  std::string system_text;
  json msgs = json::array();
  for (const chat_message& m : req.messages) {
    if (m.role == role::system) {
      // Anthropic takes the system prompt apart from the turns; it is the stable prefix of
      // every call, so it is always cached.
      if (!system_text.empty()) system_text += "\n\n";
      system_text += m.text();
      continue;
    }
    json blocks = json::array();
    bool pending_marker = false;  // a marker on an empty block moves to the previous block
    for (const auto& b : m.content) {
      bool marker = false;
      if (b.cache_breakpoint) {
        if (skip > 0) --skip;
        else marker = true;
      }
      // Anthropic rejects empty text blocks.
      if (b.text.empty()) {
        pending_marker = pending_marker || marker;
        continue;
      }
      json block{{"type", "text"}, {"text", b.text.str()}};
      if (marker) block["cache_control"] = ephemeral();
      blocks.push_back(std::move(block));
    }
    if (blocks.empty()) blocks.push_back(json{{"type", "text"}, {"text", ""}});
    if (pending_marker && !blocks.back().contains("cache_control"))
      blocks.back()["cache_control"] = ephemeral();
    msgs.push_back(json{{"role", messages::role_name(m.role)}, {"content", std::move(blocks)}});
  }

  json body = json::object();
  body["model"] = s.model;
  body["max_tokens"] = s.max_tokens;
  body["temperature"] = s.temperature;
  if (!system_text.empty())
    body["system"] = json::array(
        {json{{"type", "text"}, {"text", system_text}, {"cache_control", ephemeral()}}});
  body["messages"] = std::move(msgs);
  return body;
}

/// The number at `j[key]` as an unsigned count (0 when absent, null or not a number).
std::uint64_t count_at(const json& j, const char* key) {
  if (!j.is_object()) return 0;
  auto it = j.find(key);
  if (it == j.end() || !it->is_number()) return 0;
  if (it->is_number_float()) return it->get<double>() > 0 ? static_cast<std::uint64_t>(it->get<double>()) : 0;
  if (it->is_number_unsigned()) return it->get<std::uint64_t>();
  std::int64_t v = it->get<std::int64_t>();
  return v > 0 ? static_cast<std::uint64_t>(v) : 0;
}

std::string string_at(const json& j, const char* key) {
  if (!j.is_object()) return {};
  auto it = j.find(key);
  return it != j.end() && it->is_string() ? it->get<std::string>() : std::string{};
}

/// The provider's own words from an error body: error.message, an "error" string, a
/// top-level "message", or the start of the body itself.
std::string error_message_of(const std::string& body) {
  json j = lisp::parse_outside_json<json>(body);
  if (j.is_object()) {
    auto e = j.find("error");
    if (e != j.end()) {
      if (e->is_string()) return e->get<std::string>();
      std::string m = string_at(*e, "message");
      if (!m.empty()) return m;
    }
    std::string m = string_at(j, "message");
    if (!m.empty()) return m;
  }
  std::string quoted = body.substr(0, quoted_body_chars);
  for (char& c : quoted)
    if (c == '\n' || c == '\r') c = ' ';
  if (body.size() > quoted_body_chars) quoted += "...";
  return quoted.empty() ? "(empty body)" : quoted;
}

bool retryable_status(int status) { return status == 408 || status == 429 || status >= 500; }

/// A 2xx body that is JSON but carries an error object (OpenRouter does this).
bool embedded_error(const json& j, parsed_completion& out) {
  auto e = j.find("error");
  if (e == j.end() || e->is_null()) return false;
  out.ok = false;
  out.error = e->is_string() ? e->get<std::string>() : string_at(*e, "message");
  if (out.error.empty()) out.error = e->dump();
  int code = e->is_object() ? static_cast<int>(count_at(*e, "code")) : 0;
  out.retryable = retryable_status(code);
  return true;
}

void parse_openai(const json& j, parsed_completion& out) {
  auto choices = j.find("choices");
  if (choices == j.end() || !choices->is_array() || choices->empty() ||
      !(*choices)[0].is_object() || !(*choices)[0].contains("message") ||
      !(*choices)[0]["message"].is_object()) {
    out.error = "no choices[0].message in the response";
    return;
  }
  const json& message = (*choices)[0]["message"];
  auto content = message.find("content");
  if (content != message.end() && content->is_string()) {
    out.text = content->get<std::string>();
  } else if (content != message.end() && content->is_array()) {
    // Some compatible servers send content parts.
    for (const json& part : *content) out.text += string_at(part, "text");
  } else if (std::string refusal = string_at(message, "refusal"); !refusal.empty()) {
    out.error = "the model refused: " + refusal;
    return;
  } else if (content != message.end() && !content->is_null()) {
    out.error = "choices[0].message.content is neither text nor null";
    return;
  }
  if (auto u = j.find("usage"); u != j.end() && u->is_object()) {
    out.usage.input = count_at(*u, "prompt_tokens");
    out.usage.output = count_at(*u, "completion_tokens");
    if (auto d = u->find("prompt_tokens_details"); d != u->end())
      out.usage.cache_read = count_at(*d, "cached_tokens");
  }
  out.ok = true;
}

void parse_anthropic(const json& j, parsed_completion& out) {
  auto content = j.find("content");
  if (content == j.end() || !content->is_array()) {
    out.error = "no content array in the response";
    return;
  }
  for (const json& block : *content)
    if (string_at(block, "type") == "text") out.text += string_at(block, "text");
  if (auto u = j.find("usage"); u != j.end() && u->is_object()) {
    out.usage.input = count_at(*u, "input_tokens");
    out.usage.output = count_at(*u, "output_tokens");
    out.usage.cache_read = count_at(*u, "cache_read_input_tokens");
    out.usage.cache_write = count_at(*u, "cache_creation_input_tokens");
  }
  out.ok = true;
}

/// Seconds from an HTTP date (IMF-fixdate, e.g. "Wed, 21 Oct 2015 07:28:00 GMT") until now;
/// nullopt when `text` is not one.
std::optional<std::chrono::milliseconds> from_http_date(const std::string& text) {
  std::tm tm{};
  const char* end = strptime(text.c_str(), "%a, %d %b %Y %H:%M:%S", &tm);
  if (!end) return std::nullopt;
  std::time_t when = timegm(&tm);
  if (when == static_cast<std::time_t>(-1)) return std::nullopt;
  auto now = std::chrono::system_clock::now();
  auto at = std::chrono::system_clock::from_time_t(when);
  if (at <= now) return std::chrono::milliseconds{0};
  return std::chrono::duration_cast<std::chrono::milliseconds>(at - now);
}

/// A non-negative number of seconds ("120", "1.5"); nullopt otherwise.
std::optional<double> from_seconds(const std::string& text) {
  if (text.empty()) return std::nullopt;
  std::size_t used = 0;
  double v = 0;
  try {
    v = std::stod(text, &used);
  } catch (const std::exception&) {
    return std::nullopt;
  }
  while (used < text.size() && std::isspace(static_cast<unsigned char>(text[used]))) ++used;
  if (used != text.size() || !std::isfinite(v) || v < 0) return std::nullopt;
  return v;
}

}  // namespace

namespace llm_detail {

std::string completion_url(const config::llm_settings& s) {
  std::string base = trim_slashes(s.base_url);
  if (!is_anthropic(s)) return base + "/chat/completions";
  // Accept a base given with its version (https://api.anthropic.com/v1) as well.
  return ends_with(base, "/v1") ? base + "/messages" : base + "/v1/messages";
}

std::string scrub(std::string text, const config::secret& key) {
  const std::string& k = key.reveal();
  if (k.empty()) return text;
  for (std::size_t at = text.find(k); at != std::string::npos; at = text.find(k, at))
    text.replace(at, k.size(), "<redacted>");
  return text;
}

}  // namespace llm_detail

http_request build_http_request(const config::llm_settings& s, const llm_request& req) {
  http_request out;
  out.method = "POST";
  out.url = llm_detail::completion_url(s);
  out.headers.push_back("Content-Type: application/json");
  out.headers.push_back("Accept: application/json");
  json body;
  if (is_anthropic(s)) {
    if (!s.api_key.empty()) out.headers.push_back("x-api-key: " + s.api_key.reveal());
    out.headers.push_back("anthropic-version: 2023-06-01");
    body = anthropic_body(s, req);
  } else {
    if (!s.api_key.empty()) out.headers.push_back("Authorization: Bearer " + s.api_key.reveal());
    body = openai_body(s, req);
  }
  // Invalid UTF-8 from a tool result must not throw here: replace it.
  out.body = body.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
  out.timeout_ms = s.request_timeout.count();
  out.connect_timeout_ms = std::min<std::int64_t>(out.timeout_ms, 10'000);
  out.max_body_bytes = static_cast<std::int64_t>(s.max_response_bytes);
  return out;
}

parsed_completion parse_http_response(const config::llm_settings& s, const http_response& res) {
  parsed_completion out;
  if (!res.error.empty()) {
    out.error = res.error;
    // A response over the size limit would be as large again: not retried.
    out.retryable = res.error != "cancelled" && res.error.rfind("response too large", 0) != 0;
    return out;
  }
  if (res.status < 200 || res.status > 299) {
    out.error = llm_detail::scrub(error_message_of(res.body), s.api_key);
    out.retryable = retryable_status(res.status);
    return out;
  }
  json j = lisp::parse_outside_json<json>(res.body);
  if (j.is_discarded()) {
    out.error = res.body.empty()                ? "empty body"
                : lisp::json_too_deep(res.body) ? "the body " + lisp::too_deep_text()
                                                : "the body is not valid JSON";
    return out;
  }
  if (!j.is_object()) {
    out.error = "the body is not a JSON object";
    return out;
  }
  if (embedded_error(j, out)) {
    out.error = llm_detail::scrub(out.error, s.api_key);
    return out;
  }
  out.model = string_at(j, "model");
  if (is_anthropic(s)) parse_anthropic(j, out);
  else parse_openai(j, out);
  return out;
}

std::chrono::milliseconds retry_delay(const config::llm_settings& s, int attempt,
                                      const http_response& res, double jitter) {
  using std::chrono::milliseconds;
  // OpenAI also sends retry-after-ms, finer than whole seconds.
  if (auto ms = from_seconds(std::string(detail::trim(res.header("retry-after-ms")))))
    return std::min(max_retry_after, milliseconds(static_cast<std::int64_t>(std::ceil(*ms))));
  std::string after(detail::trim(res.header("retry-after")));
  if (!after.empty()) {
    if (auto secs = from_seconds(after)) {
      double ms = std::min(*secs * 1000.0, static_cast<double>(max_retry_after.count()));
      return milliseconds(static_cast<std::int64_t>(std::ceil(ms)));
    }
    if (auto until = from_http_date(after)) return std::min(max_retry_after, *until);
  }
  // Full jitter: uniform in [0, cap), which spreads a crowd of retrying agents evenly.
  double cap = static_cast<double>(s.backoff_base.count()) *
               std::ldexp(1.0, std::clamp(attempt - 1, 0, 62));
  cap = std::min(cap, static_cast<double>(s.backoff_max.count()));
  jitter = std::clamp(jitter, 0.0, 1.0);
  return milliseconds(static_cast<std::int64_t>(cap * jitter));
}

}  // namespace ptc::actors
