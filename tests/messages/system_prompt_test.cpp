// The static SYSTEM prompt: deterministic bytes with nothing per-run in them (MSG-006), one
// text per variant, customisation, golden files, and — because the prompt must never teach
// something PTC-Lisp does not do — every ```clojure example in it runs, and every inline code
// span that looks like a form reads.
#include <catch2/catch.hpp>

#include <regex>
#include <set>

#include "ptc/lisp/json.hpp"
#include "ptc/lisp/reader.hpp"
#include "ptc/lisp/run.hpp"
#include "ptc/messages/system_prompt.hpp"
#include "tests/messages/golden.hpp"

namespace messages_system_prompt_test {

using namespace ptc;
using namespace ptc::messages;

namespace {

const prompt_variant both[] = {prompt_variant::single_shot, prompt_variant::multi_turn};

const char* variant_name(prompt_variant v) {
  return v == prompt_variant::single_shot ? "single_shot" : "multi_turn";
}

std::vector<std::string> clojure_blocks(const std::string& text) {
  std::vector<std::string> blocks;
  const std::string open = "```clojure\n";
  std::size_t pos = 0;
  while ((pos = text.find(open, pos)) != std::string::npos) {
    const auto start = pos + open.size();
    const auto end = text.find("\n```", start);
    REQUIRE(end != std::string::npos);
    blocks.push_back(text.substr(start, end - start));
    pos = end + 4;
  }
  return blocks;
}

/// Inline `code` spans outside fenced blocks.
std::vector<std::string> inline_spans(const std::string& text) {
  std::vector<std::string> spans;
  bool in_block = false;
  std::size_t line_start = 0;
  while (line_start < text.size()) {
    auto nl = text.find('\n', line_start);
    if (nl == std::string::npos) nl = text.size();
    const std::string line = text.substr(line_start, nl - line_start);
    line_start = nl + 1;
    if (line.rfind("```", 0) == 0) {
      in_block = !in_block;
      continue;
    }
    if (in_block) continue;
    std::size_t p = 0;
    while (true) {
      const auto a = line.find('`', p);
      if (a == std::string::npos) break;
      if (line.compare(a, 3, "```") == 0) {  // a mention of the fence itself
        p = a + 3;
        continue;
      }
      const auto b = line.find('`', a + 1);
      if (b == std::string::npos) break;
      spans.push_back(line.substr(a + 1, b - a - 1));
      p = b + 1;
    }
  }
  return spans;
}

std::set<std::string> names_after(const std::string& code, const std::string& prefix) {
  std::set<std::string> names;
  const std::regex re(prefix + "([a-z][a-z0-9-]*)");
  for (auto it = std::sregex_iterator(code.begin(), code.end(), re); it != std::sregex_iterator(); ++it) {
    names.insert((*it)[1].str());
  }
  return names;
}

// What every stub tool returns and every data/ key holds in the example runs: a list of maps
// with the fields the examples use.
const nlohmann::ordered_json sample_rows = nlohmann::ordered_json::parse(R"([
  {"id": 1, "status": "paid", "total": 20, "rating": 4, "tags": ["gift"]},
  {"id": 2, "status": "open", "total": 35, "rating": 5, "tags": []}
])");

}  // namespace

TEST_CASE("MSG-006 the system prompt is deterministic: same variant, same bytes") {
  for (auto v : both) {
    CHECK(system_prompt(v) == system_prompt(v));
    CHECK(system_prompt(v, {}) == system_prompt(v));
  }
}

TEST_CASE("MSG-006 the system prompt holds nothing per run: no dates, placeholders or times") {
  const std::regex date(R"(\b(19|20)\d\d-\d\d-\d\d\b)");
  const std::regex clock(R"(\b\d\d:\d\d(:\d\d)?\b)");
  for (auto v : both) {
    const std::string p = system_prompt(v);
    INFO(variant_name(v));
    CHECK_FALSE(std::regex_search(p, date));
    CHECK_FALSE(std::regex_search(p, clock));
    CHECK(p.find("{{") == std::string::npos);
    CHECK(p.find("# Mission") == std::string::npos);
  }
}

TEST_CASE("system prompt variants differ where single-shot and multi-turn work differently") {
  const std::string single = system_prompt(prompt_variant::single_shot);
  const std::string multi = system_prompt(prompt_variant::multi_turn);
  CHECK(single != multi);
  // Multi-turn: explore with println, defs persist and show in user/, turns are counted.
  CHECK(multi.find("Explore first") != std::string::npos);
  CHECK(multi.find(";; === user/ (your prelude) ===") != std::string::npos);
  CHECK(multi.find("Turns left") != std::string::npos);
  CHECK(multi.find("are not shown") != std::string::npos);
  // Single-shot: one program, no second turn.
  CHECK(single.find("no second turn") != std::string::npos);
  CHECK(single.find("Explore first") == std::string::npos);
  CHECK(single.find("Turns left") == std::string::npos);
}

TEST_CASE("system prompt covers the reference the LLM needs") {
  for (auto v : both) {
    const std::string p = system_prompt(v);
    INFO(variant_name(v));
    for (const char* must : {"tool/", "data/", "(return", "(fail", "println", "sum-by", "avg-by",
                             "min-by", "max-by", "distinct-by", "pluck", "where", "all-of",
                             "any-of", "none-of", "eager", "No ratios", "insertion order",
                             "atom", "hyphens", "(get m \"name\")", "# Output format"}) {
      INFO(must);
      CHECK(p.find(must) != std::string::npos);
    }
  }
}

TEST_CASE("system prompt output format asks for exactly one clojure block") {
  for (auto v : both) {
    const std::string p = system_prompt(v);
    const auto at = p.rfind("# Output format");
    REQUIRE(at != std::string::npos);
    const std::string tail = p.substr(at);
    CHECK(tail.find("exactly ONE ```clojure code block") != std::string::npos);
  }
}

TEST_CASE("system prompt size stays near 6 KB") {
  for (auto v : both) {
    const auto n = system_prompt(v).size();
    INFO(variant_name(v) << ": " << n << " bytes");
    CHECK(n >= 4500);
    CHECK(n <= 7500);
  }
}

TEST_CASE("system prompt customisation: prefix and suffix joined with blank lines") {
  for (auto v : both) {
    const std::string base = system_prompt(v);
    system_prompt_options o;
    o.prefix = "You work for ACME.";
    CHECK(system_prompt(v, o) == "You work for ACME.\n\n" + base);
    o.suffix = "Answer in French.";
    CHECK(system_prompt(v, o) == "You work for ACME.\n\n" + base + "\n\nAnswer in French.");
    o.prefix.clear();
    CHECK(system_prompt(v, o) == base + "\n\nAnswer in French.");
  }
}

TEST_CASE("system prompt customisation: a replacement replaces everything") {
  system_prompt_options o;
  o.prefix = "ignored prefix";
  o.suffix = "ignored suffix";
  o.replacement = "Only this.";
  CHECK(system_prompt(prompt_variant::multi_turn, o) == "Only this.");
  CHECK(system_prompt(prompt_variant::single_shot, o) == "Only this.");
}

TEST_CASE("system prompt golden files") {
  for (auto v : both) {
    CHECK(testing::check_golden(std::string("system_prompt/") + variant_name(v) + ".txt", system_prompt(v)));
  }
}

TEST_CASE("every clojure example in the system prompt reads and runs without error") {
  for (auto v : both) {
    const std::string p = system_prompt(v);
    const auto blocks = clojure_blocks(p);
    CHECK(blocks.size() >= 2);
    lisp::memory_ptr mem;
    for (const auto& code : blocks) {
      INFO(variant_name(v) << " example:\n" << code);
      CHECK_NOTHROW(lisp::read_program(code));
      lisp::run_options o;
      o.mem = mem;
      for (const auto& name : names_after(code, "tool/")) {
        o.tools[name] = [](const nlohmann::ordered_json&) { return sample_rows; };
      }
      nlohmann::ordered_json data = nlohmann::ordered_json::object();
      for (const auto& name : names_after(code, "data/")) data[name] = sample_rows;
      o.data = lisp::from_json(data);
      const auto r = lisp::run(code, o);
      INFO((r.err ? r.err->render() : std::string()));
      CHECK(r.kind != lisp::outcome::error);
      // Examples build on each other (a def in one is used by the next), as turns do.
      mem = r.mem;
    }
  }
}

TEST_CASE("every inline code span of the system prompt that looks like a form reads") {
  for (auto v : both) {
    std::size_t forms = 0;
    for (const auto& span : inline_spans(system_prompt(v))) {
      if (span.empty() || (span[0] != '(' && span[0] != '[' && span[0] != '{' && span[0] != '#')) continue;
      ++forms;
      INFO(variant_name(v) << ": `" << span << "`");
      CHECK_NOTHROW(lisp::read_program(span));
    }
    CHECK(forms >= 20);
  }
}

}  // namespace messages_system_prompt_test
