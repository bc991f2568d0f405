// The trace file: large payloads written once, keys redacted, whole lines under concurrency.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "ptc/actors/trace.hpp"
#include "ptc/actors/wire.hpp"
#include "ptc/config/secret.hpp"
#include "tests/support/actor_config.hpp"

namespace actors_trace_test {

using namespace ptc;
using json = nlohmann::ordered_json;

namespace {

std::filesystem::path temp_path(const std::string& name) {
  return std::filesystem::temp_directory_path() / ("ptc-trace-test-" + std::to_string(::getpid()) + "-" + name);
}

std::vector<std::string> lines_of(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::vector<std::string> out;
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

std::size_t count_of(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + part.size())) ++n;
  return n;
}

}  // namespace

TEST_CASE("read_trace puts every large string back where its reference stood") {
  const std::string reply = "BIG-" + std::string(actors::trace_payload_min, 'r');
  const std::string prompt = "SYS-" + std::string(actors::trace_payload_min, 's');
  std::set<std::string> seen;
  std::string file;
  // The same string twice in one event: in full first, then referred to.
  file += actors::dedupe_payloads(json{{"event", "llm_request"}, {"messages", {prompt, prompt}}}.dump(), seen) + "\n";
  file += "\n";  // blank lines are skipped
  file += actors::dedupe_payloads(json{{"event", "llm_response"}, {"response", {{"text", reply}}}}.dump(), seen) + "\n";
  file += actors::dedupe_payloads(json{{"event", "turn"}, {"turn", {{"raw_response", reply}}}, {"system", prompt}}.dump(), seen);
  REQUIRE(count_of(file, reply) == 1);
  std::istringstream in(file);
  const auto trace = actors::read_trace(in);
  REQUIRE(trace.events.size() == 3);
  CHECK(trace.unresolved == 0);
  CHECK(trace.events[0]["messages"] == json::array({prompt, prompt}));
  CHECK(trace.events[2]["turn"]["raw_response"] == reply);
  CHECK(trace.events[2]["system"] == prompt);

  // A trace cut after its first lines: the references stay, counted.
  std::set<std::string> seen2;
  actors::dedupe_payloads(json{{"text", reply}}.dump(), seen2);
  std::istringstream cut(actors::dedupe_payloads(json{{"event", "turn"}, {"raw_response", reply}}.dump(), seen2));
  const auto partial = actors::read_trace(cut);
  CHECK(partial.unresolved == 1);
  CHECK(partial.events[0]["raw_response"].contains("$payload"));

  std::istringstream bad("{\"event\": \"turn\"}\nnot json\n");
  CHECK_THROWS_WITH(actors::read_trace(bad), Catch::Contains("line 2 is not a JSON object"));
  // A line nested 300,000 deep (a stack overflow in ptc show and ptc trace html before).
  std::istringstream deep("{\"event\": \"turn\"}\n{\"turn\": " + std::string(300'000, '[') + std::string(300'000, ']') + "}\n");
  CHECK_THROWS_WITH(actors::read_trace(deep),
                    Catch::Contains("line 2 nests arrays and objects more than 512 levels deep (ptc's limit)"));
}

TEST_CASE("is_trace_event reads the event name with or without a time in front") {
  CHECK(actors::is_trace_event(R"({"event":"turn","agent":"a"})", "turn"));
  CHECK(actors::is_trace_event(R"({"time_us":12,"event":"turn","agent":"a"})", "turn"));
  CHECK_FALSE(actors::is_trace_event(R"({"time_us":12,"event":"turns"})", "turn"));
  CHECK_FALSE(actors::is_trace_event(R"({"time_us":12,"agent":"turn","event":"step"})", "turn"));
  CHECK_FALSE(actors::is_trace_event(R"({"agent":"x","event":"turn"})", "turn"));
}

TEST_CASE("trace run ids differ within a process and share its prefix") {
  const std::string a = actors::trace_run_id(actors::new_trace_run()), b = actors::trace_run_id(actors::new_trace_run());
  CHECK(a != b);
  CHECK(a.substr(0, a.find('-')) == b.substr(0, b.find('-')));
}

TEST_CASE("a large string is written once, later events refer to it by hash") {
  const std::string reply = "BIG-" + std::string(actors::trace_payload_min, 'r');
  std::set<std::string> seen;
  const std::string first = actors::dedupe_payloads(
      json{{"event", "llm_response"}, {"response", {{"text", reply}}}}.dump(), seen);
  const std::string second = actors::dedupe_payloads(
      json{{"event", "turn"}, {"turn", {{"raw_response", reply}, {"program", "(+ 1 2)"}}}}.dump(), seen);
  const std::string third = actors::dedupe_payloads(
      json{{"event", "step"}, {"step", {{"turns", json::array({json{{"raw_response", reply}}})}}}}.dump(), seen);
  CHECK(count_of(first + second + third, reply) == 1);

  json a = json::parse(first), b = json::parse(second), c = json::parse(third);
  REQUIRE(a["payloads"].size() == 1);
  const json& declared = a["payloads"][0];
  CHECK(declared["at"] == "/response/text");
  CHECK(declared["bytes"] == reply.size());
  // A reader resolves a reference through the event that declares its hash.
  CHECK(a.at(json::json_pointer(declared["at"].get<std::string>())) == reply);
  CHECK(b["turn"]["raw_response"] == json{{"$payload", declared["sha256"]}, {"bytes", reply.size()}});
  CHECK(b["turn"]["program"] == "(+ 1 2)");
  CHECK(c["step"]["turns"][0]["raw_response"]["$payload"] == declared["sha256"]);
  CHECK_FALSE(b.contains("payloads"));
  // Small strings and lines stay as they were.
  const std::string small = json{{"event", "turn"}, {"text", std::string(100, 's')}}.dump();
  CHECK(actors::dedupe_payloads(small, seen) == small);
}

TEST_CASE("the trace sink writes each payload once and no key, starting with trace_start") {
  const std::string key = "sk-test-TRACE-SINK-0042";
  config::register_secret(key);
  const auto path = temp_path("sink.jsonl");
  std::filesystem::remove(path);
  const std::string reply = "Here is the key " + key + " and a long answer " + std::string(100000, 'z');
  {
    caf::actor_system sys{testing::test_config()};
    caf::actor sink = actors::spawn_trace_sink(sys, path);
    actors::trace_event(sink, "llm_response", "a", {{"response", {{"text", reply}}}});
    actors::trace_event(sink, "turn", "a", {{"turn", {{"raw_response", reply}}}});
    actors::trace_event(sink, "step", "a", {{"step", {{"turns", json::array({json{{"raw_response", reply}}})}}}});
    caf::scoped_actor self{sys};
    bool flushed = false;
    self->request(sink, std::chrono::seconds(30), actors::flush_atom::value)
        .receive([&](bool ok) { flushed = ok; }, [](caf::error&) {});
    CHECK(flushed);
    caf::anon_send_exit(sink, caf::exit_reason::user_shutdown);
  }
  std::vector<std::string> lines = lines_of(path);
  REQUIRE(lines.size() == 4);
  CHECK(json::parse(lines[0])["event"] == "trace_start");
  std::string all;
  for (const auto& l : lines) {
    CHECK(l.rfind("{\"time_us\":", 0) == 0);
    CHECK_NOTHROW(json::parse(l));
    all += l + "\n";
  }
  CHECK(all.find(key) == std::string::npos);
  CHECK(count_of(all, std::string(100000, 'z')) == 1);
  CHECK(count_of(all, "Here is the key <redacted> and a long answer") == 1);
  std::filesystem::remove(path);
}

TEST_CASE("concurrent appenders never split a line") {
  const auto path = temp_path("append.jsonl");
  std::filesystem::remove(path);
  constexpr int writers = 8, per_writer = 50;
  {
    // Separate opens, like separate processes; lines far bigger than any stdio buffer.
    std::vector<std::thread> threads;
    for (int w = 0; w < writers; ++w)
      threads.emplace_back([&, w] {
        actors::append_file file(path);
        for (int i = 0; i < per_writer; ++i)
          file.append(json{{"writer", w}, {"i", i}, {"pad", std::string(20000 + 37 * i, char('a' + w))}}.dump() + "\n");
      });
    for (auto& t : threads) t.join();
  }
  std::vector<std::string> lines = lines_of(path);
  CHECK(lines.size() == writers * per_writer);
  std::set<std::pair<int, int>> got;
  for (const auto& l : lines) {
    json j = json::parse(l, nullptr, false);
    REQUIRE_FALSE(j.is_discarded());
    const int w = j["writer"];
    CHECK(j["pad"] == std::string(20000 + 37 * j["i"].get<int>(), char('a' + w)));
    got.insert({w, j["i"].get<int>()});
  }
  CHECK(got.size() == writers * per_writer);
  std::filesystem::remove(path);
}

TEST_CASE("an append_file that cannot be opened says which file") {
  try {
    actors::append_file f("/nonexistent-dir-ptc/x.jsonl");
    FAIL("opened");
  } catch (const std::system_error& e) {
    CHECK(std::string(e.what()).find("/nonexistent-dir-ptc/x.jsonl") != std::string::npos);
  }
}

}  // namespace actors_trace_test
