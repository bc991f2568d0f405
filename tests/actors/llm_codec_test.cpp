// The LLM actor's pure parts: provider wire formats, retry delays, codecs, scripts, cassette keys.
#include <catch2/catch.hpp>

#include <chrono>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

#include "ptc/actors/llm.hpp"
#include "ptc/actors/llm_internal.hpp"

namespace actors_llm_codec_test {

using namespace std::chrono_literals;
using ptc::actors::build_http_request;
using ptc::actors::http_request;
using ptc::actors::http_response;
using ptc::actors::llm_request;
using ptc::actors::llm_response;
using ptc::actors::parse_http_response;
using ptc::actors::retry_delay;
using ptc::messages::chat_message;
using ptc::messages::content_block;
using ptc::messages::role;
using json = nlohmann::json;

namespace {

const std::string test_key = "sk-test-SECRET-0123456789";

ptc::config::llm_settings openai_settings() {
  ptc::config::llm_settings s;
  s.provider = "openai";
  s.model = "gpt-test";
  s.base_url = "http://127.0.0.1:9/v1/";
  s.api_key = ptc::config::secret(test_key);
  s.max_tokens = 1234;
  s.temperature = 0.5;
  s.request_timeout = 7000ms;
  return s;
}

ptc::config::llm_settings anthropic_settings() {
  ptc::config::llm_settings s = openai_settings();
  s.provider = "anthropic";
  s.model = "claude-test";
  s.base_url = "http://127.0.0.1:9";
  return s;
}

/// [SYSTEM (breakpoint), USER (prefix block with breakpoint + rest), ASSISTANT, USER (breakpoint)]
llm_request sample_request() {
  llm_request r;
  r.agent = "finder";
  r.mission = "find the answer";
  r.turn = 2;
  r.messages.push_back(chat_message::of(role::system, "You are PTC.", true));
  chat_message first;
  first.role = role::user;
  first.content = {content_block{"Stable prefix\n\n", true}, content_block{"Mission: find", false}};
  r.messages.push_back(first);
  r.messages.push_back(chat_message::of(role::assistant, "(+ 1 2)"));
  r.messages.push_back(chat_message::of(role::user, "3", true));
  return r;
}

bool has_header(const http_request& r, const std::string& line) {
  for (const auto& h : r.headers)
    if (h == line) return true;
  return false;
}

bool any_header_starts(const http_request& r, const std::string& prefix) {
  for (const auto& h : r.headers)
    if (h.rfind(prefix, 0) == 0) return true;
  return false;
}

http_response reply(int status, std::string body, std::vector<std::string> headers = {}) {
  http_response r;
  r.status = status;
  r.body = std::move(body);
  r.headers = std::move(headers);
  return r;
}

std::filesystem::path temp_path(const std::string& name) {
  return std::filesystem::temp_directory_path() /
         ("ptc_llm_codec_" + std::to_string(::getpid()) + "_" + name);
}

void write_file(const std::filesystem::path& p, const std::string& text) {
  std::ofstream(p, std::ios::binary) << text;
}

}  // namespace

TEST_CASE("openai request: URL, bearer header, model, plain-string messages, limits",
          "[llm][codec]") {
  http_request r = build_http_request(openai_settings(), sample_request());
  CHECK(r.method == "POST");
  CHECK(r.url == "http://127.0.0.1:9/v1/chat/completions");
  CHECK(has_header(r, "Authorization: Bearer " + test_key));
  CHECK(has_header(r, "Content-Type: application/json"));
  CHECK_FALSE(any_header_starts(r, "x-api-key"));
  CHECK(r.timeout_ms == 7000);
  json b = json::parse(r.body);
  CHECK(b["model"] == "gpt-test");
  CHECK(b["max_tokens"] == 1234);
  CHECK(b["temperature"] == 0.5);
  REQUIRE(b["messages"].size() == 4);
  CHECK(b["messages"][0] == json{{"role", "system"}, {"content", "You are PTC."}});
  CHECK(b["messages"][1] == json{{"role", "user"}, {"content", "Stable prefix\n\nMission: find"}});
  CHECK(b["messages"][2] == json{{"role", "assistant"}, {"content", "(+ 1 2)"}});
  CHECK(b["messages"][3] == json{{"role", "user"}, {"content", "3"}});
  CHECK(r.body.find("cache_control") == std::string::npos);
}

TEST_CASE("openai request without a key has no Authorization header, llamacpp omits model",
          "[llm][codec]") {
  auto s = openai_settings();
  s.provider = "llamacpp";
  s.model = "";
  s.api_key = ptc::config::secret();
  http_request r = build_http_request(s, sample_request());
  CHECK_FALSE(any_header_starts(r, "Authorization"));
  CHECK_FALSE(json::parse(r.body).contains("model"));
}

TEST_CASE("anthropic request: URL, x-api-key, version, cached system array, user cache_control",
          "[llm][codec]") {
  http_request r = build_http_request(anthropic_settings(), sample_request());
  CHECK(r.url == "http://127.0.0.1:9/v1/messages");
  CHECK(has_header(r, "x-api-key: " + test_key));
  CHECK(has_header(r, "anthropic-version: 2023-06-01"));
  CHECK_FALSE(any_header_starts(r, "Authorization"));
  json b = json::parse(r.body);
  CHECK(b["model"] == "claude-test");
  CHECK(b["max_tokens"] == 1234);
  CHECK(b["temperature"] == 0.5);
  json ephemeral{{"type", "ephemeral"}};
  CHECK(b["system"] == json::array({json{{"type", "text"}, {"text", "You are PTC."},
                                          {"cache_control", ephemeral}}}));
  REQUIRE(b["messages"].size() == 3);  // the system message is not a turn
  const json& first = b["messages"][0];
  CHECK(first["role"] == "user");
  REQUIRE(first["content"].size() == 2);
  CHECK(first["content"][0] == json{{"type", "text"}, {"text", "Stable prefix\n\n"},
                                    {"cache_control", ephemeral}});
  CHECK(first["content"][1] == json{{"type", "text"}, {"text", "Mission: find"}});
  CHECK(b["messages"][1]["role"] == "assistant");
  CHECK(b["messages"][1]["content"] == json::array({json{{"type", "text"}, {"text", "(+ 1 2)"}}}));
  CHECK(b["messages"][2]["role"] == "user");
  CHECK(b["messages"][2]["content"][0]["cache_control"] == ephemeral);
}

TEST_CASE("anthropic request keeps consecutive same-role messages apart with their roles",
          "[llm][codec]") {
  llm_request req;
  req.messages = {chat_message::of(role::user, "a"), chat_message::of(role::user, "b"),
                  chat_message::of(role::assistant, "c")};
  json b = json::parse(build_http_request(anthropic_settings(), req).body);
  REQUIRE(b["messages"].size() == 3);
  CHECK(b["messages"][0]["role"] == "user");
  CHECK(b["messages"][1]["role"] == "user");
  CHECK(b["messages"][1]["content"][0]["text"] == "b");
  CHECK(b["messages"][2]["role"] == "assistant");
  CHECK_FALSE(b.contains("system"));  // no system message: no system field
}

TEST_CASE("anthropic request keeps at most 3 message cache markers (4 with the system)",
          "[llm][codec]") {
  llm_request req;
  req.messages.push_back(chat_message::of(role::system, "sys", true));
  for (int i = 0; i < 5; ++i) req.messages.push_back(chat_message::of(role::user, "u" + std::to_string(i), true));
  json b = json::parse(build_http_request(anthropic_settings(), req).body);
  int markers = 0;
  for (const auto& m : b["messages"])
    for (const auto& c : m["content"]) markers += c.contains("cache_control") ? 1 : 0;
  CHECK(markers == 3);
  CHECK_FALSE(b["messages"][0]["content"][0].contains("cache_control"));  // the oldest go
  CHECK(b["messages"][4]["content"][0].contains("cache_control"));
}

TEST_CASE("anthropic base URL given with /v1 is not doubled", "[llm][codec]") {
  auto s = anthropic_settings();
  s.base_url = "https://api.anthropic.com/v1";
  CHECK(build_http_request(s, sample_request()).url == "https://api.anthropic.com/v1/messages");
}

TEST_CASE("openai response: text, model, usage with cached prompt tokens", "[llm][codec]") {
  auto c = parse_http_response(openai_settings(), reply(200, R"J({
    "id": "x", "model": "gpt-test-2024",
    "choices": [{"index": 0, "message": {"role": "assistant", "content": "(return 42)"}}],
    "usage": {"prompt_tokens": 120, "completion_tokens": 7, "total_tokens": 127,
              "prompt_tokens_details": {"cached_tokens": 100}}})J"));
  REQUIRE(c.ok);
  CHECK(c.text == "(return 42)");
  CHECK(c.model == "gpt-test-2024");
  CHECK(c.usage.input == 120);
  CHECK(c.usage.output == 7);
  CHECK(c.usage.cache_read == 100);
  CHECK(c.usage.cache_write == 0);
  CHECK(c.usage.requests == 0);
}

TEST_CASE("anthropic response: text blocks joined, usage with cache read and write",
          "[llm][codec]") {
  auto c = parse_http_response(anthropic_settings(), reply(200, R"J({
    "id": "msg_1", "type": "message", "role": "assistant", "model": "claude-test-1",
    "content": [{"type": "text", "text": "(def x 1)\n"}, {"type": "text", "text": "(return x)"}],
    "usage": {"input_tokens": 15, "output_tokens": 9, "cache_read_input_tokens": 2000,
              "cache_creation_input_tokens": 300}})J"));
  REQUIRE(c.ok);
  CHECK(c.text == "(def x 1)\n(return x)");
  CHECK(c.model == "claude-test-1");
  CHECK(c.usage.input == 15);
  CHECK(c.usage.output == 9);
  CHECK(c.usage.cache_read == 2000);
  CHECK(c.usage.cache_write == 300);
}

TEST_CASE("error bodies: error.message extracted, retryable only for 408/429/5xx",
          "[llm][codec]") {
  auto s = openai_settings();
  auto c401 = parse_http_response(s, reply(401, R"({"error": {"message": "invalid api key", "type": "auth"}})"));
  CHECK_FALSE(c401.ok);
  CHECK(c401.error == "invalid api key");
  CHECK_FALSE(c401.retryable);
  auto c429 = parse_http_response(s, reply(429, R"({"error": {"message": "slow down"}})"));
  CHECK(c429.retryable);
  CHECK(c429.error == "slow down");
  auto c529 = parse_http_response(anthropic_settings(), reply(529, R"({"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}})"));
  CHECK(c529.retryable);
  CHECK(c529.error == "Overloaded");
  auto c500 = parse_http_response(s, reply(500, "<html>Internal\nError</html>"));
  CHECK(c500.retryable);
  CHECK(c500.error == "<html>Internal Error</html>");
  auto ollama = parse_http_response(s, reply(404, R"({"error": "model 'x' not found"})"));
  CHECK(ollama.error == "model 'x' not found");
  CHECK_FALSE(ollama.retryable);
}

TEST_CASE("an error body echoing the key is scrubbed", "[llm][codec]") {
  auto c = parse_http_response(openai_settings(),
                               reply(401, R"({"error": {"message": "bad key )" + test_key + R"("}})"));
  CHECK(c.error.find(test_key) == std::string::npos);
  CHECK(c.error.find("<redacted>") != std::string::npos);
}

TEST_CASE("malformed 2xx bodies are not ok and not retryable", "[llm][codec]") {
  auto s = openai_settings();
  auto bad = parse_http_response(s, reply(200, "{\"choices\": [{\"message\": {\"content\": \"abc"));
  CHECK_FALSE(bad.ok);
  CHECK_FALSE(bad.retryable);
  CHECK(bad.error == "the body is not valid JSON");
  // Nested past 512 levels: refused before parsing (copying it recursed once per level).
  const std::string deep = std::string(300'000, '[') + std::string(300'000, ']');
  auto too_deep = parse_http_response(s, reply(200, R"({"choices": )" + deep + "}"));
  CHECK_FALSE(too_deep.ok);
  CHECK(too_deep.error == "the body nests arrays and objects more than 512 levels deep (ptc's limit)");
  auto deep_error = parse_http_response(s, reply(500, R"({"error": )" + deep + "}"));
  CHECK_FALSE(deep_error.ok);
  CHECK(deep_error.retryable);
  auto no_choices = parse_http_response(s, reply(200, R"({"model": "m"})"));
  CHECK_FALSE(no_choices.ok);
  CHECK(no_choices.error == "no choices[0].message in the response");
  auto no_content = parse_http_response(anthropic_settings(), reply(200, R"({"usage": {}})"));
  CHECK_FALSE(no_content.ok);
  CHECK(no_content.error == "no content array in the response");
}

TEST_CASE("transport errors are not ok, cancelled is not retryable", "[llm][codec]") {
  http_response t;
  t.error = "timeout";
  CHECK(parse_http_response(openai_settings(), t).retryable);
  t.error = "cancelled";
  CHECK_FALSE(parse_http_response(openai_settings(), t).retryable);
}

TEST_CASE("retry delay: exponential with full jitter, capped by backoff_max", "[llm][codec]") {
  auto s = openai_settings();
  s.backoff_base = 100ms;
  s.backoff_max = 1000ms;
  http_response none = reply(500, "");
  CHECK(retry_delay(s, 1, none, 0.999999) == 99ms);
  CHECK(retry_delay(s, 2, none, 0.5) == 100ms);
  CHECK(retry_delay(s, 3, none, 0.5) == 200ms);
  CHECK(retry_delay(s, 10, none, 0.5) == 500ms);   // capped at 1000 before jitter
  CHECK(retry_delay(s, 100, none, 0.5) == 500ms);  // no overflow
  CHECK(retry_delay(s, 3, none, 0.0) == 0ms);
}

TEST_CASE("retry delay honours Retry-After seconds and HTTP dates, capped at 5 minutes",
          "[llm][codec]") {
  auto s = openai_settings();
  s.backoff_max = 10ms;
  CHECK(retry_delay(s, 1, reply(429, "", {"retry-after: 2"}), 0.5) == 2000ms);
  CHECK(retry_delay(s, 1, reply(429, "", {"retry-after: 0"}), 0.5) == 0ms);
  CHECK(retry_delay(s, 1, reply(429, "", {"retry-after: 100000"}), 0.5) == 300000ms);
  CHECK(retry_delay(s, 1, reply(429, "", {"retry-after-ms: 250"}), 0.5) == 250ms);
  // An HTTP date about 60 s ahead.
  std::time_t later = std::time(nullptr) + 60;
  char date[64];
  std::tm tm{};
  gmtime_r(&later, &tm);
  std::strftime(date, sizeof date, "%a, %d %b %Y %H:%M:%S GMT", &tm);
  auto d = retry_delay(s, 1, reply(503, "", {std::string("retry-after: ") + date}), 0.5);
  CHECK(d > 50'000ms);
  CHECK(d <= 60'000ms);
  CHECK(retry_delay(s, 1, reply(503, "", {"retry-after: Wed, 21 Oct 2015 07:28:00 GMT"}), 0.5) == 0ms);
  // Garbage falls back to the backoff.
  CHECK(retry_delay(s, 1, reply(503, "", {"retry-after: soon"}), 0.5) <= 10ms);
}

TEST_CASE("llm_request and llm_response codecs round-trip", "[llm][codec]") {
  llm_request req = sample_request();
  llm_request back = ptc::actors::codec<llm_request>::decode(ptc::actors::codec<llm_request>::encode(req));
  CHECK(back.messages == req.messages);
  CHECK(back.agent == "finder");
  CHECK(back.mission == "find the answer");
  CHECK(back.turn == 2);

  llm_response ok;
  ok.ok = true;
  ok.text = "(return 1)";
  ok.usage = {10, 2, 5, 1, 3};
  ok.latency_us = 1234;
  ok.attempts = 3;
  ok.model = "m";
  auto ok2 = ptc::actors::codec<llm_response>::decode(ptc::actors::codec<llm_response>::encode(ok));
  CHECK(ok2.ok);
  CHECK(ok2.text == ok.text);
  CHECK(ok2.usage == ok.usage);
  CHECK(ok2.latency_us == 1234);
  CHECK(ok2.attempts == 3);
  CHECK(ok2.model == "m");

  llm_response bad;
  bad.error = "HTTP 500 from x: y";
  bad.error_kind = "http_status";
  auto bad2 = ptc::actors::codec<llm_response>::decode(ptc::actors::codec<llm_response>::encode(bad));
  CHECK_FALSE(bad2.ok);
  CHECK(bad2.error == bad.error);
  CHECK(bad2.error_kind == "http_status");
}

TEST_CASE("codecs reject malformed text with an exception", "[llm][codec]") {
  CHECK_THROWS(ptc::actors::codec<llm_response>::decode("{\"text\": \"x\"}"));  // no ok
  CHECK_THROWS(ptc::actors::codec<llm_response>::decode("[1]"));
  CHECK_THROWS(ptc::actors::codec<llm_request>::decode("{\"agent\": 3, \"messages\": []}"));
  CHECK_THROWS(ptc::actors::codec<llm_request>::decode("not json"));
}

TEST_CASE("script_from: responses by turn for the first entry whose match is in the mission",
          "[llm][script]") {
  auto script = ptc::actors::script_from({{"weather", {"w1", "w2"}}, {"", {"any1"}}});
  llm_request r;
  r.mission = "check the weather today";
  r.turn = 1;
  CHECK(script(r) == std::optional<std::string>("w1"));
  r.turn = 2;
  CHECK(script(r) == std::optional<std::string>("w2"));
  r.turn = 3;
  CHECK_FALSE(script(r).has_value());  // exhausted: no fall-through to the catch-all
  r.mission = "something else";
  r.turn = 1;
  CHECK(script(r) == std::optional<std::string>("any1"));
  r.turn = 2;
  CHECK_FALSE(script(r).has_value());
  CHECK_FALSE(ptc::actors::script_from({})(r).has_value());
}

TEST_CASE("read_script_file reads scripts and names the file and problem on errors",
          "[llm][script]") {
  auto p = temp_path("script.json");
  write_file(p, R"J({"scripts": [{"match": "sum", "responses": ["(return 1)", "b"]}, {"responses": ["c"]}]})J");
  auto entries = ptc::actors::read_script_file(p);
  REQUIRE(entries.size() == 2);
  CHECK(entries[0].match == "sum");
  CHECK(entries[0].responses == std::vector<std::string>{"(return 1)", "b"});
  CHECK(entries[1].match == "");

  auto message_of = [&](const std::string& text) {
    write_file(p, text);
    try {
      ptc::actors::read_script_file(p);
    } catch (const std::runtime_error& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  CHECK(message_of("{oops") == "script file " + p.string() + ": not valid JSON");
  CHECK(message_of("{}") == "script file " + p.string() + ": missing \"scripts\"");
  CHECK(message_of(R"({"scripts": [{"responses": ["a", 2]}]})") ==
        "script file " + p.string() + ": scripts[0].responses[1]: expected a string");
  CHECK(message_of(R"({"scripts": [{"match": "x"}]})") ==
        "script file " + p.string() + ": scripts[0]: missing \"responses\"");
  CHECK(message_of(R"({"scripts": [], "extra": 1})") ==
        "script file " + p.string() + ": unknown key \"extra\" (expected \"scripts\")");
  std::filesystem::remove(p);
  CHECK(message_of("") != "no error");  // write_file recreated it empty: not JSON
  std::filesystem::remove(p);
  CHECK_THROWS_WITH(ptc::actors::read_script_file(p),
                    "script file " + p.string() + ": cannot be read");
}

TEST_CASE("sha256 matches the FIPS 180-4 test vectors", "[llm][cassette]") {
  using ptc::actors::llm_detail::sha256_hex;
  CHECK(sha256_hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  CHECK(sha256_hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  CHECK(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") ==
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  CHECK(sha256_hex(std::string(1000000, 'a')) ==
        "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST_CASE("cassette_key: equal for identical requests, differs by provider, model, text, role, breakpoint",
          "[llm][cassette]") {
  using ptc::actors::cassette_key;
  llm_request a = sample_request();
  llm_request b = sample_request();
  b.agent = "other";  // bookkeeping, not sent to the provider
  b.turn = 9;
  std::string k = cassette_key("openai", "m", a);
  CHECK(k.size() == 64);
  CHECK(k == cassette_key("openai", "m", b));
  CHECK(k != cassette_key("anthropic", "m", a));
  CHECK(k != cassette_key("openai", "m2", a));
  b = a;
  b.messages[3].content[0].text = "4";
  CHECK(k != cassette_key("openai", "m", b));
  b = a;
  b.messages[2].role = role::user;
  CHECK(k != cassette_key("openai", "m", b));
  b = a;
  b.messages[3].content[0].cache_breakpoint = false;
  CHECK(k != cassette_key("openai", "m", b));
}

}  // namespace actors_llm_codec_test
