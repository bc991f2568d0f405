// The LLM actor against the real test HTTP server on 127.0.0.1: both wire formats, retries,
// fault injection, record and replay, scripted responses.
#include <catch2/catch.hpp>

#include "tests/support/actor_config.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include <unistd.h>

#include <caf/all.hpp>

#include "ptc/actors/llm.hpp"
#include "ptc/config/error.hpp"
#include "tests/support/http_server.hpp"

namespace actors_llm_provider_test {

using namespace std::chrono_literals;
using ptc::actors::llm_atom;
using ptc::actors::llm_options;
using ptc::actors::llm_request;
using ptc::actors::llm_response;
using ptc::actors::llm_stats;
using ptc::actors::spawn_llm;
using ptc::actors::stats_atom;
using ptc::actors::wire;
using ptc::messages::chat_message;
using ptc::messages::role;
using ptc::testing::canned_response;
using ptc::testing::http_server;
using ptc::testing::received_request;
using json = nlohmann::json;

namespace {

const std::string test_key = "sk-provider-test-KEY-987654321";

using ptc::testing::test_config;

struct fixture {
  caf::actor_system sys{test_config()};
};

/// Settings for a network provider at `base`, with quick retries for tests.
ptc::config::llm_settings net_settings(const std::string& provider, const std::string& base) {
  ptc::config::llm_settings s;
  s.provider = provider;
  s.model = provider == "anthropic" ? "claude-test" : "gpt-test";
  s.base_url = base;
  s.api_key = ptc::config::secret(test_key);
  s.max_retries = 2;
  s.backoff_base = 1ms;
  s.backoff_max = 5ms;
  s.request_timeout = 20'000ms;
  s.pool_size = 2;
  return s;
}

llm_options options(ptc::config::llm_settings s) {
  llm_options o;
  o.settings = std::move(s);
  o.jitter_seed = 42;
  return o;
}

llm_request request_saying(const std::string& user_text, std::size_t turn = 1,
                           const std::string& mission = "add numbers") {
  llm_request r;
  r.agent = "adder";
  r.mission = mission;
  r.turn = turn;
  r.messages = {chat_message::of(role::system, "You write PTC-Lisp.", true),
                chat_message::of(role::user, user_text, true)};
  return r;
}

/// One completion; every wait has a timeout and a CAF error becomes error_kind "caf".
llm_response ask(caf::actor_system& sys, const caf::actor& llm, llm_request req) {
  caf::scoped_actor self{sys};
  llm_response out;
  out.error_kind = "no reply";
  self->request(llm, 60s, llm_atom::value, wire<llm_request>(std::move(req)))
      .receive([&](const wire<llm_response>& r) { out = *r; },
               [&](caf::error& e) {
                 out.error = "caf: " + sys.render(e);
                 out.error_kind = "caf";
               });
  return out;
}

llm_stats stats_of(caf::actor_system& sys, const caf::actor& llm) {
  caf::scoped_actor self{sys};
  llm_stats out;
  self->request(llm, 20s, stats_atom::value)
      .receive([&](const llm_stats& s) { out = s; }, [&](caf::error& e) { FAIL(sys.render(e)); });
  return out;
}

std::string openai_body(const std::string& text, int prompt = 10, int completion = 3,
                        int cached = 0) {
  return json{{"id", "c1"},
              {"model", "gpt-test-served"},
              {"choices", json::array({json{{"index", 0},
                                            {"message", {{"role", "assistant"}, {"content", text}}}}})},
              {"usage",
               {{"prompt_tokens", prompt},
                {"completion_tokens", completion},
                {"prompt_tokens_details", {{"cached_tokens", cached}}}}}}
      .dump();
}

canned_response ok_reply(const std::string& text) {
  canned_response c;
  c.body = openai_body(text);
  return c;
}

canned_response status_reply(int status, const std::string& message,
                             std::vector<std::string> headers = {}) {
  canned_response c;
  c.status = status;
  c.headers = std::move(headers);
  c.body = json{{"error", {{"message", message}, {"type", "test"}}}}.dump();
  return c;
}

/// A handler answering the n-th request (0-based) with `replies[min(n, last)]`.
ptc::testing::request_handler sequence(std::vector<canned_response> replies) {
  auto n = std::make_shared<std::atomic<std::size_t>>(0);
  return [replies = std::move(replies), n](const received_request&) {
    std::size_t k = n->fetch_add(1);
    return replies[std::min(k, replies.size() - 1)];
  };
}

std::filesystem::path temp_path(const std::string& name) {
  auto p = std::filesystem::temp_directory_path() /
           ("ptc_llm_provider_" + std::to_string(::getpid()) + "_" + name);
  std::filesystem::remove(p);
  return p;
}

}  // namespace

TEST_CASE("openai-compatible: the server sees bearer auth and the body, text and usage come back",
          "[llm][provider]") {
  fixture f;
  http_server server([](const received_request&) {
    canned_response c;
    c.body = openai_body("(return 42)", 120, 7, 100);
    return c;
  });
  auto llm = spawn_llm(f.sys, options(net_settings("openai", server.base_url() + "/v1")));
  llm_response r = ask(f.sys, llm, request_saying("What is 40 + 2?"));
  REQUIRE(r.ok);
  CHECK(r.text == "(return 42)");
  CHECK(r.model == "gpt-test-served");
  CHECK(r.attempts == 1);
  CHECK(r.usage.requests == 1);
  CHECK(r.usage.input == 120);
  CHECK(r.usage.output == 7);
  CHECK(r.usage.cache_read == 100);
  CHECK(r.latency_us > 0);
  auto seen = server.requests();
  REQUIRE(seen.size() == 1);
  CHECK(seen[0].method == "POST");
  CHECK(seen[0].path == "/v1/chat/completions");
  CHECK(seen[0].header("authorization") == "Bearer " + test_key);
  CHECK(seen[0].header("content-type") == "application/json");
  json body = json::parse(seen[0].body);
  CHECK(body["model"] == "gpt-test");
  CHECK(body["messages"][1] == json{{"role", "user"}, {"content", "What is 40 + 2?"}});
}

TEST_CASE("anthropic: x-api-key, version and cache_control reach the server, cache usage parsed",
          "[llm][provider]") {
  fixture f;
  http_server server([](const received_request&) {
    canned_response c;
    c.body = R"J({"id":"m1","type":"message","role":"assistant","model":"claude-test-served",
                 "content":[{"type":"text","text":"(return "},{"type":"text","text":"1)"}],
                 "usage":{"input_tokens":12,"output_tokens":4,"cache_read_input_tokens":900,
                          "cache_creation_input_tokens":50}})J";
    return c;
  });
  auto llm = spawn_llm(f.sys, options(net_settings("anthropic", server.base_url())));
  llm_response r = ask(f.sys, llm, request_saying("one"));
  REQUIRE(r.ok);
  CHECK(r.text == "(return 1)");
  CHECK(r.model == "claude-test-served");
  CHECK(r.usage.input == 12);
  CHECK(r.usage.output == 4);
  CHECK(r.usage.cache_read == 900);
  CHECK(r.usage.cache_write == 50);
  auto seen = server.requests();
  REQUIRE(seen.size() == 1);
  CHECK(seen[0].path == "/v1/messages");
  CHECK(seen[0].header("x-api-key") == test_key);
  CHECK(seen[0].header("anthropic-version") == "2023-06-01");
  CHECK(seen[0].header("authorization") == "");
  json body = json::parse(seen[0].body);
  CHECK(body["system"][0]["cache_control"]["type"] == "ephemeral");
  CHECK(body["messages"][0]["content"][0]["cache_control"]["type"] == "ephemeral");
}

TEST_CASE("429 with Retry-After then success: retried, attempts == 2", "[llm][provider][retry]") {
  fixture f;
  http_server server(sequence({status_reply(429, "rate limited", {"Retry-After: 0"}),
                               ok_reply("(return :after-429)")}));
  auto llm = spawn_llm(f.sys, options(net_settings("openai", server.base_url() + "/v1")));
  llm_response r = ask(f.sys, llm, request_saying("x"));
  REQUIRE(r.ok);
  CHECK(r.text == "(return :after-429)");
  CHECK(r.attempts == 2);
  CHECK(r.usage.requests == 2);
  CHECK(server.request_count() == 2);
  CHECK(stats_of(f.sys, llm).retries == 1);
}

TEST_CASE("500 (openai) and 503 (anthropic) then success: retried, attempts == 2",
          "[llm][provider][retry]") {
  fixture f;
  http_server server(sequence({status_reply(500, "boom"), ok_reply("(return :ok)")}));
  auto openai = spawn_llm(f.sys, options(net_settings("openai", server.base_url() + "/v1")));
  llm_response r = ask(f.sys, openai, request_saying("y"));
  REQUIRE(r.ok);
  CHECK(r.text == "(return :ok)");
  CHECK(r.attempts == 2);
  CHECK(server.request_count() == 2);

  canned_response fine;
  fine.body = R"({"content":[{"type":"text","text":"fine"}],"usage":{}})";
  http_server anthropic(sequence({status_reply(503, "overloaded"), fine}));
  auto llm = spawn_llm(f.sys, options(net_settings("anthropic", anthropic.base_url())));
  llm_response r2 = ask(f.sys, llm, request_saying("x"));
  REQUIRE(r2.ok);
  CHECK(r2.text == "fine");
  CHECK(r2.attempts == 2);
}

TEST_CASE("500 every time: clear error naming status and URL after max_retries + 1 attempts",
          "[llm][provider][retry]") {
  fixture f;
  http_server server([](const received_request&) { return status_reply(500, "internal failure"); });
  auto s = net_settings("openai", server.base_url() + "/v1");
  s.max_retries = 3;
  auto llm = spawn_llm(f.sys, options(s));
  llm_response r = ask(f.sys, llm, request_saying("x"));
  CHECK_FALSE(r.ok);
  CHECK(r.error_kind == "http_status");
  CHECK(r.attempts == 4);
  CHECK(server.request_count() == 4);
  CHECK(r.error == "HTTP 500 from " + server.base_url() +
                       "/v1/chat/completions: internal failure (after 4 attempts)");
  llm_stats st = stats_of(f.sys, llm);
  CHECK(st.requests == 1);
  CHECK(st.failures == 1);
  CHECK(st.retries == 3);
  CHECK(st.completions == 0);
}

TEST_CASE("401: no retry, error names status and URL, never the key", "[llm][provider]") {
  fixture f;
  http_server server([](const received_request& q) {
    // A careless server that echoes the key it was given.
    return status_reply(401, "invalid api key " + q.header("authorization"));
  });
  auto llm = spawn_llm(f.sys, options(net_settings("openai", server.base_url() + "/v1")));
  llm_response r = ask(f.sys, llm, request_saying("x"));
  CHECK_FALSE(r.ok);
  CHECK(r.error_kind == "http_status");
  CHECK(r.attempts == 1);
  CHECK(server.request_count() == 1);
  CHECK(r.error.rfind("HTTP 401 from " + server.base_url() + "/v1/chat/completions: invalid api key", 0) == 0);
  CHECK(r.error.find(test_key) == std::string::npos);
  CHECK(ptc::actors::codec<llm_response>::encode(r).find(test_key) == std::string::npos);
}

TEST_CASE("slow response past request_timeout: retried, then a timeout error", "[llm][provider][retry]") {
  fixture f;
  http_server server([](const received_request&) {
    canned_response c = ok_reply("too late");
    c.delay = 5s;
    return c;
  });
  auto s = net_settings("openai", server.base_url() + "/v1");
  s.request_timeout = 300ms;
  s.max_retries = 1;
  auto llm = spawn_llm(f.sys, options(s));
  llm_response r = ask(f.sys, llm, request_saying("x"));
  CHECK_FALSE(r.ok);
  CHECK(r.error_kind == "timeout");
  CHECK(r.attempts == 2);
  CHECK(r.error == "timeout after 2 attempts (300 ms each) from " + server.base_url() +
                       "/v1/chat/completions");
}

TEST_CASE("truncated body: retried as a transfer failure, then a connection error",
          "[llm][provider][retry]") {
  fixture f;
  http_server server([](const received_request&) {
    canned_response c = ok_reply("cut short");
    c.truncate_at = 10;
    return c;
  });
  auto s = net_settings("openai", server.base_url() + "/v1");
  s.max_retries = 1;
  auto llm = spawn_llm(f.sys, options(s));
  llm_response r = ask(f.sys, llm, request_saying("x"));
  CHECK_FALSE(r.ok);
  CHECK(r.error_kind == "connection");
  CHECK(r.attempts == 2);
  CHECK(r.error.rfind("transfer from " + server.base_url() + "/v1/chat/completions failed: ", 0) == 0);
  CHECK(r.error.find("(after 2 attempts)") != std::string::npos);
}

TEST_CASE("truncated body then success: the retry answers", "[llm][provider][retry]") {
  fixture f;
  canned_response cut = ok_reply("cut short");
  cut.truncate_at = 10;
  http_server server(sequence({cut, ok_reply("(return :whole)")}));
  auto llm = spawn_llm(f.sys, options(net_settings("openai", server.base_url() + "/v1")));
  llm_response r = ask(f.sys, llm, request_saying("x"));
  REQUIRE(r.ok);
  CHECK(r.text == "(return :whole)");
  CHECK(r.attempts == 2);
}

TEST_CASE("malformed JSON in a 200: error_kind malformed, no retry", "[llm][provider]") {
  fixture f;
  http_server server([](const received_request&) {
    canned_response c;
    c.body = "{\"choices\": [";
    return c;
  });
  auto llm = spawn_llm(f.sys, options(net_settings("openai", server.base_url() + "/v1")));
  llm_response r = ask(f.sys, llm, request_saying("x"));
  CHECK_FALSE(r.ok);
  CHECK(r.error_kind == "malformed");
  CHECK(r.attempts == 1);
  CHECK(server.request_count() == 1);
  CHECK(r.error == "malformed response from " + server.base_url() +
                       "/v1/chat/completions: the body is not valid JSON");
}

TEST_CASE("connection refused: error kind connection after the retries", "[llm][provider][retry]") {
  fixture f;
  std::string base = "http://127.0.0.1:" + std::to_string(ptc::testing::unused_port()) + "/v1";
  auto llm = spawn_llm(f.sys, options(net_settings("openai", base)));
  llm_response r = ask(f.sys, llm, request_saying("x"));
  CHECK_FALSE(r.ok);
  CHECK(r.error_kind == "connection");
  CHECK(r.attempts == 3);
  CHECK(r.error == "connection refused by " + base + "/chat/completions (after 3 attempts)");
  CHECK(r.error.find(test_key) == std::string::npos);
}

TEST_CASE("many concurrent requests through a small pool with max_in_flight 2 all get answers",
          "[llm][provider]") {
  fixture f;
  http_server server([](const received_request& q) {
    json body = json::parse(q.body);
    canned_response c = ok_reply("echo " + body["messages"][1]["content"].get<std::string>());
    c.delay = 5ms;
    return c;
  });
  auto s = net_settings("openai", server.base_url() + "/v1");
  s.pool_size = 2;
  s.max_in_flight = 2;
  auto llm = spawn_llm(f.sys, options(s));
  constexpr int n = 24;
  caf::scoped_actor self{f.sys};
  for (int i = 0; i < n; ++i)
    self->send(llm, llm_atom::value, wire<llm_request>(request_saying("q" + std::to_string(i))));
  std::vector<std::string> texts;
  for (int i = 0; i < n; ++i)
    self->receive([&](const wire<llm_response>& r) { texts.push_back(r->ok ? r->text : r->error); },
                  caf::after(60s) >> [&] { texts.push_back("no reply"); });
  std::sort(texts.begin(), texts.end());
  std::vector<std::string> expected;
  for (int i = 0; i < n; ++i) expected.push_back("echo q" + std::to_string(i));
  std::sort(expected.begin(), expected.end());
  CHECK(texts == expected);
  CHECK(stats_of(f.sys, llm).completions == n);
}

TEST_CASE("scripted: responses per turn, then script_exhausted", "[llm][scripted]") {
  fixture f;
  llm_options o;
  o.settings.provider = "scripted";
  o.script = ptc::actors::script_from({{"add", {"(+ 1 2)", "(return 3)"}}});
  auto llm = spawn_llm(f.sys, o);
  llm_response r1 = ask(f.sys, llm, request_saying("go", 1));
  llm_response r2 = ask(f.sys, llm, request_saying("go", 2));
  llm_response r3 = ask(f.sys, llm, request_saying("go", 3));
  REQUIRE(r1.ok);
  CHECK(r1.text == "(+ 1 2)");
  CHECK(r1.usage.requests == 1);
  REQUIRE(r2.ok);
  CHECK(r2.text == "(return 3)");
  CHECK_FALSE(r3.ok);
  CHECK(r3.error_kind == "script_exhausted");
  CHECK(r3.error == "the script has no response for turn 3 of mission \"add numbers\"");
  llm_stats st = stats_of(f.sys, llm);
  CHECK(st.requests == 3);
  CHECK(st.completions == 2);
  CHECK(st.failures == 1);
}

/// A scripted LLM answering "turn N" after `latency`.
llm_options scripted_with_latency(std::chrono::milliseconds latency) {
  llm_options o;
  o.settings.provider = "scripted";
  o.script = [](const llm_request& r) { return std::optional<std::string>("turn " + std::to_string(r.turn)); };
  o.scripted_latency = latency;
  return o;
}

TEST_CASE("scripted with latency answers through a timer", "[llm][scripted]") {
  fixture f;
  auto llm = spawn_llm(f.sys, scripted_with_latency(20ms));
  llm_response r = ask(f.sys, llm, request_saying("go", 4));
  REQUIRE(r.ok);
  CHECK(r.text == "turn 4");
}

// One timer serves every waiting answer: a request is never answered before its own latency has
// passed, even when the timer fires for an earlier one, and each is answered soon after.
TEST_CASE("scripted latency: each of many overlapping requests waits its own latency, no less", "[llm][scripted]") {
  fixture f;
  auto llm = spawn_llm(f.sys, scripted_with_latency(100ms));
  using steady = std::chrono::steady_clock;
  struct asked {
    steady::time_point sent;
    std::atomic<std::int64_t> waited_us{-1};  ///< from sent to the answer's arrival
  };
  std::vector<std::unique_ptr<asked>> all;
  // Three bursts 30 ms apart: the timer set for the first fires while the later ones wait.
  for (int burst = 0; burst < 3; ++burst) {
    for (int i = 0; i < 40; ++i) {
      auto a = std::make_unique<asked>();
      a->sent = steady::now();
      asked* rec = a.get();
      f.sys.spawn([llm, rec, turn = std::size_t(1 + i)](caf::event_based_actor* self) {
        self->request(llm, 10s, llm_atom::value, wire<llm_request>(request_saying("go", turn)))
            .then([rec](const wire<llm_response>& r) {
              if (r->ok) rec->waited_us = std::chrono::duration_cast<std::chrono::microseconds>(steady::now() - rec->sent).count();
            });
      });
      all.push_back(std::move(a));
    }
    std::this_thread::sleep_for(30ms);
  }
  const auto deadline = steady::now() + 10s;
  auto all_answered = [&] {
    return std::all_of(all.begin(), all.end(), [](const auto& a) { return a->waited_us >= 0; });
  };
  while (!all_answered() && steady::now() < deadline) std::this_thread::sleep_for(5ms);
  REQUIRE(all_answered());
  for (const auto& a : all) {
    CHECK(a->waited_us >= 100'000);
    CHECK(a->waited_us < 2'000'000);
  }
}

TEST_CASE("record against the local server, then replay offline with the same texts, unknown request is replay_miss",
          "[llm][replay]") {
  fixture f;
  auto cassette = temp_path("session.jsonl");
  std::vector<std::string> recorded;
  {
    http_server server([](const received_request& q) {
      json body = json::parse(q.body);
      canned_response c;
      c.body = openai_body("answer to " + body["messages"][1]["content"].get<std::string>(), 50, 5, 0);
      return c;
    });
    auto o = options(net_settings("openai", server.base_url() + "/v1"));
    o.record = cassette;
    auto llm = spawn_llm(f.sys, o);
    for (const char* q : {"first", "second"}) {
      llm_response r = ask(f.sys, llm, request_saying(q));
      REQUIRE(r.ok);
      recorded.push_back(r.text);
    }
  }  // the server is gone: replay below cannot reach any network
  {
    std::ifstream in(cassette);
    std::string line;
    int lines = 0;
    while (std::getline(in, line)) {
      json j = json::parse(line);
      CHECK(j["provider"] == "openai");
      CHECK(j["model"] == "gpt-test");
      CHECK(j["key"].get<std::string>().size() == 64);
      CHECK(line.find(test_key) == std::string::npos);
      ++lines;
    }
    CHECK(lines == 2);
  }
  llm_options o;
  o.settings.provider = "replay";
  o.replay = cassette;
  auto replay = spawn_llm(f.sys, o);
  llm_response a = ask(f.sys, replay, request_saying("first"));
  llm_response b = ask(f.sys, replay, request_saying("second"));
  REQUIRE(a.ok);
  REQUIRE(b.ok);
  CHECK(a.text == recorded[0]);
  CHECK(b.text == recorded[1]);
  CHECK(a.usage.input == 50);
  llm_response miss = ask(f.sys, replay, request_saying("third"));
  CHECK_FALSE(miss.ok);
  CHECK(miss.error_kind == "replay_miss");
  CHECK(miss.error.find(cassette.string()) != std::string::npos);
  std::filesystem::remove(cassette);
}

TEST_CASE("spawn_llm rejects options that cannot work with a config_error", "[llm]") {
  fixture f;
  llm_options scripted;
  scripted.settings.provider = "scripted";
  CHECK_THROWS_AS(spawn_llm(f.sys, scripted), ptc::config::config_error);
  llm_options replay;
  replay.settings.provider = "replay";
  CHECK_THROWS_AS(spawn_llm(f.sys, replay), ptc::config::config_error);
  replay.replay = temp_path("missing.jsonl");
  CHECK_THROWS_WITH(spawn_llm(f.sys, replay), Catch::Contains(replay.replay.string()));
  auto bad = temp_path("bad.jsonl");
  std::ofstream(bad) << "{\"request\": 1}\n";
  replay.replay = bad;
  CHECK_THROWS_WITH(spawn_llm(f.sys, replay), Catch::Contains("line 1"));
  std::filesystem::remove(bad);
  llm_options net = options(net_settings("vllm", ""));
  CHECK_THROWS_WITH(spawn_llm(f.sys, net), Catch::Contains("needs a base URL"));
}

TEST_CASE("two actors recording to one cassette write whole lines, one per success", "[llm][replay]") {
  fixture f;
  auto cassette = temp_path("shared.jsonl");
  auto make = [&](const std::string& who) {
    llm_options o;
    o.settings.provider = "scripted";
    o.script = [who](const llm_request& r) {
      return std::optional<std::string>(who + " " + r.messages.back().text());
    };
    o.record = cassette;
    return spawn_llm(f.sys, o);
  };
  auto a = make("a");
  auto b = make("b");
  constexpr int n = 50;
  caf::scoped_actor self{f.sys};
  for (int i = 0; i < n; ++i) {
    self->send(a, llm_atom::value, wire<llm_request>(request_saying("qa" + std::to_string(i))));
    self->send(b, llm_atom::value, wire<llm_request>(request_saying("qb" + std::to_string(i))));
  }
  int answered = 0;
  for (int i = 0; i < 2 * n; ++i)
    self->receive([&](const wire<llm_response>& r) { answered += r->ok ? 1 : 0; },
                  caf::after(60s) >> [] {});
  CHECK(answered == 2 * n);
  std::ifstream in(cassette);
  std::string line;
  int lines = 0;
  while (std::getline(in, line)) {
    json j = json::parse(line);  // throws on an interleaved line
    CHECK(j["response"]["ok"] == true);
    ++lines;
  }
  CHECK(lines == 2 * n);
  std::filesystem::remove(cassette);
}

TEST_CASE("replay gives the n-th recording of a repeated request to its n-th occurrence",
          "[llm][replay]") {
  fixture f;
  auto cassette = temp_path("repeat.jsonl");
  {
    http_server server(sequence({ok_reply("first answer"), ok_reply("second answer")}));
    auto o = options(net_settings("openai", server.base_url() + "/v1"));
    o.record = cassette;
    auto llm = spawn_llm(f.sys, o);
    CHECK(ask(f.sys, llm, request_saying("same")).text == "first answer");
    CHECK(ask(f.sys, llm, request_saying("same")).text == "second answer");
  }
  llm_options o;
  o.settings.provider = "replay";
  o.replay = cassette;
  auto replay = spawn_llm(f.sys, o);
  CHECK(ask(f.sys, replay, request_saying("same")).text == "first answer");
  CHECK(ask(f.sys, replay, request_saying("same")).text == "second answer");
  CHECK(ask(f.sys, replay, request_saying("same")).text == "second answer");  // the last repeats
  // A model filter that matches nothing recorded is a miss.
  llm_options other = o;
  other.settings.model = "another-model";
  CHECK(ask(f.sys, spawn_llm(f.sys, other), request_saying("same")).error_kind == "replay_miss");
  std::filesystem::remove(cassette);
}

TEST_CASE("a response body over llm.max_response_bytes is stopped as it arrives: llm_error "
          "too_large naming the limit and the setting, not retried",
          "[llm][provider][limits]") {
  fixture f;
  // 48 MB of completion text behind a 1 MiB limit; with a Content-Length (refused before the
  // body is read) and without one (stopped by the write callback as it arrives).
  const bool with_length = GENERATE(true, false);
  const std::string big = openai_body(std::string(48u << 20, 'x'));
  http_server server([&big, with_length](const received_request&) {
    canned_response c;
    c.body = big;
    c.no_length = !with_length;
    return c;
  });
  auto s = net_settings("openai", server.base_url() + "/v1");
  s.max_response_bytes = 1u << 20;
  auto llm = spawn_llm(f.sys, options(s));
  llm_response r = ask(f.sys, llm, request_saying("x"));
  CHECK_FALSE(r.ok);
  CHECK(r.error_kind == "too_large");
  CHECK(r.error.find("larger than the limit of 1048576 bytes") != std::string::npos);
  CHECK(r.error.find("llm.max_response_bytes") != std::string::npos);
  CHECK(r.error.find("PTC_MAX_RESPONSE_BYTES") != std::string::npos);
  CHECK(r.text.empty());
  CHECK(r.attempts == 1);
  CHECK(server.request_count() == 1);
  // The client stopped reading: far less than the body left the server (the rest of what was
  // sent sat in socket buffers), so no copy of the whole body was ever held.
  CHECK(server.bytes_sent() < big.size() / 4);

  // Under the limit, the same server's answers are taken whole.
  http_server small([](const received_request&) { return ok_reply(std::string(100'000, 'y')); });
  auto s2 = net_settings("openai", small.base_url() + "/v1");
  s2.max_response_bytes = 1u << 20;
  auto llm2 = spawn_llm(f.sys, options(s2));
  llm_response ok = ask(f.sys, llm2, request_saying("x"));
  CHECK(ok.ok);
  CHECK(ok.text.size() == 100'000);
}

}  // namespace actors_llm_provider_test
