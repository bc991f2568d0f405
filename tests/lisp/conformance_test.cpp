// The language conformance table: hundreds of small programs whose expected results come from
// real Clojure 1.11 (tests/conformance/generate.sh writes expected/*.tsv), minus the few
// deliberate differences listed in known_divergences.tsv. See tests/conformance/README.md.
//
// Set PTC_CONFORMANCE_FILTER=<substring> to run only the cases whose name contains it.
#include <algorithm>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <catch2/catch.hpp>

#include "ptc/lisp/error.hpp"
#include "ptc/lisp/printer.hpp"
#include "ptc/lisp/run.hpp"

namespace lisp_conformance_test {

namespace {

namespace fs = std::filesystem;

const fs::path conformance_dir = fs::path(PTC_TESTS_DIR) / "conformance";

struct conformance_case {
  std::string name;
  std::string file;
  std::string source;
};

/// An expected or observed outcome: status "ok" with pr-str text, or "error" with a kind name.
struct outcome_text {
  std::string status;
  std::string text;
  bool operator==(const outcome_text&) const = default;
  std::string show() const { return status + " " + text; }
};

struct divergence {
  outcome_text expected;
  std::string reason;
};

std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  if (!in) FAIL("cannot open " << p.string());
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

/// Lines as Clojure's split-lines gives them (\n or \r\n).
std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::string line;
  std::istringstream in(text);
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    lines.push_back(line);
  }
  return lines;
}

std::string trim(std::string_view s) {
  const auto ws = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'; };
  while (!s.empty() && ws(s.front())) s.remove_prefix(1);
  while (!s.empty() && ws(s.back())) s.remove_suffix(1);
  return std::string(s);
}

std::vector<std::string> split_tabs(const std::string& line, std::size_t max_fields) {
  std::vector<std::string> fields;
  std::size_t start = 0;
  while (fields.size() + 1 < max_fields) {
    const auto tab = line.find('\t', start);
    if (tab == std::string::npos) break;
    fields.push_back(line.substr(start, tab - start));
    start = tab + 1;
  }
  fields.push_back(line.substr(start));
  return fields;
}

/// Reads every programs/*.clj file (sorted by name, as generate.clj does). A line
/// ";;;; <name>" starts a case; lines before the first header are ignored.
std::vector<conformance_case> read_cases() {
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(conformance_dir / "programs")) {
    if (entry.path().extension() == ".clj") files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end(),
            [](const fs::path& a, const fs::path& b) { return a.filename() < b.filename(); });
  std::vector<conformance_case> cases;
  for (const auto& file : files) {
    bool in_case = false;
    std::string body;
    const auto finish = [&] {
      if (in_case) cases.back().source = trim(body);
      body.clear();
    };
    for (const auto& line : split_lines(read_file(file))) {
      if (line.rfind(";;;; ", 0) == 0) {
        finish();
        cases.push_back({trim(line.substr(5)), file.filename().string(), {}});
        in_case = true;
      } else if (in_case) {
        body += line;
        body += '\n';
      }
    }
    finish();
  }
  return cases;
}

std::map<std::string, outcome_text> read_expected() {
  std::map<std::string, outcome_text> out;
  for (const auto& entry : fs::directory_iterator(conformance_dir / "expected")) {
    if (entry.path().extension() != ".tsv") continue;
    for (const auto& line : split_lines(read_file(entry.path()))) {
      if (line.empty()) continue;
      const auto f = split_tabs(line, 3);
      REQUIRE(f.size() == 3);
      INFO("expected line duplicated in " << entry.path().filename() << ": " << f[0]);
      CHECK(out.count(f[0]) == 0);
      out[f[0]] = {f[1], f[2]};
    }
  }
  return out;
}

std::map<std::string, divergence> read_divergences() {
  std::map<std::string, divergence> out;
  for (const auto& line : split_lines(read_file(conformance_dir / "known_divergences.tsv"))) {
    if (line.empty() || line[0] == '#') continue;
    const auto f = split_tabs(line, 4);
    INFO("known_divergences.tsv line: " << line);
    REQUIRE(f.size() == 4);
    REQUIRE_FALSE(trim(f[3]).empty());  // every divergence needs a reason
    out[f[0]] = {{f[1], f[2]}, f[3]};
  }
  return out;
}

/// Cases for names not implemented yet: name → reason. They run like every case; a pending case
/// that passes fails the test, so the list only ever holds real gaps.
std::map<std::string, std::string> read_pending() {
  std::map<std::string, std::string> out;
  for (const auto& line : split_lines(read_file(conformance_dir / "pending.tsv"))) {
    if (line.empty() || line[0] == '#') continue;
    const auto f = split_tabs(line, 2);
    INFO("pending.tsv line: " << line);
    REQUIRE(f.size() == 2);
    REQUIRE_FALSE(trim(f[1]).empty());  // every pending case says what is missing
    out[f[0]] = f[1];
  }
  return out;
}

/// Runs one program and renders its outcome in the expected/*.tsv vocabulary.
outcome_text run_case(const std::string& source) {
  try {
    const auto r = ptc::lisp::run(source);
    switch (r.kind) {
      case ptc::lisp::outcome::value:
        return {"ok", ptc::lisp::pr_str(r.result)};
      case ptc::lisp::outcome::error:
        return {"error", r.err ? ptc::lisp::kind_name(r.err->kind) : "(no error recorded)"};
      default:
        return {ptc::lisp::outcome_name(r.kind), ptc::lisp::pr_str(r.result)};
    }
  } catch (const std::exception& e) {
    return {"escaped-exception", e.what()};
  } catch (...) {
    return {"escaped-exception", "(unknown)"};
  }
}

std::string filter_from_env() {
  const char* f = std::getenv("PTC_CONFORMANCE_FILTER");
  return f ? std::string(f) : std::string();
}

}  // namespace

TEST_CASE("conformance: the table covers every program and only those", "[conformance]") {
  const auto cases = read_cases();
  const auto expected = read_expected();
  const auto divergences = read_divergences();
  REQUIRE(cases.size() >= 400);

  std::set<std::string> names;
  for (const auto& c : cases) {
    INFO("case " << c.name << " in " << c.file);
    CHECK(names.insert(c.name).second);  // names are unique across files
    CHECK_FALSE(c.source.empty());
    // a missing line means expected/ is stale: run tests/conformance/generate.sh
    CHECK(expected.count(c.name) == 1);
  }
  for (const auto& [name, e] : expected) {
    INFO("expected/ has a line for " << name << ", which no program defines (stale?)");
    CHECK(names.count(name) == 1);
    CHECK((e.status == "ok" || e.status == "error"));
  }
  for (const auto& [name, d] : divergences) {
    INFO("known_divergences.tsv: " << name);
    CHECK(names.count(name) == 1);
    const auto it = expected.find(name);
    // a divergence that equals Clojure's result is not a divergence
    if (it != expected.end()) CHECK_FALSE(it->second == d.expected);
  }
}

TEST_CASE("conformance: every program gives Clojure's result", "[conformance]") {
  const auto cases = read_cases();
  const auto expected = read_expected();
  const auto divergences = read_divergences();
  const auto pending = read_pending();
  const auto filter = filter_from_env();

  std::size_t passed = 0, failed = 0, divergent = 0, missing = 0, still_pending = 0;
  std::vector<std::string> pending_now_passing;
  std::ostringstream report;
  for (const auto& c : cases) {
    if (!filter.empty() && c.name.find(filter) == std::string::npos) continue;
    const auto e = expected.find(c.name);
    if (e == expected.end()) {
      ++missing;  // reported by the coverage test
      continue;
    }
    outcome_text want = e->second;
    const auto d = divergences.find(c.name);
    if (d != divergences.end()) {
      ++divergent;
      want = d->second.expected;
    }
    const auto got = run_case(c.source);
    const bool is_pending = pending.count(c.name) != 0;
    if (got == want) {
      ++passed;
      if (is_pending) pending_now_passing.push_back(c.name);
      continue;
    }
    if (is_pending) {
      ++still_pending;
      continue;
    }
    ++failed;
    report << "---- " << c.name << " (" << c.file << ")\n"
           << c.source << "\n"
           << "  expected: " << want.show() << "\n"
           << "  got:      " << got.show() << "\n";
  }
  const std::string summary = "conformance: " + std::to_string(passed) + " passed, " +
                              std::to_string(failed) + " failed, " + std::to_string(divergent) +
                              " divergent, " + std::to_string(still_pending) + " pending" +
                              (missing ? ", " + std::to_string(missing) + " without expectation"
                                       : std::string());
  if (failed > 0) std::cout << report.str();
  std::cout << summary << std::endl;
  INFO(summary);
  CHECK(failed == 0);
  for (const auto& name : pending_now_passing) {
    FAIL_CHECK("pending case now passes, remove it from pending.tsv: " << name);
  }
}

}  // namespace lisp_conformance_test
