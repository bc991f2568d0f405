#pragma once
// Scripted conversations: an agent spec, the LLM's responses in order and scripted tools, run
// through the real interpreter and the real renderers without an LLM or actors. The golden-file
// tests (tests/messages/scenario_test.cpp) and the rendering benchmark (examples/render_bench)
// share these scenarios (examples/scenarios/*.json).
//
// A scenario file:
//   {"name": "...", "about": "...",
//    "agent": {"name", "mission", "description", "signature", "max_turns",
//              "tools": [{"name", "description", "signature"}], "data": {...}},
//    "compression": {"println_limit": 15, "tool_call_limit": 20},     (optional)
//    "tools": {"NAME": {"results": [r1, r2, ...]}      the i-th call gets r_i (the last repeats)
//              "NAME": {"error": "message"}             every call fails
//              "NAME": {"scenario": {...}}}             a sub-agent: a nested scenario whose
//                                                       mission is filled from the call's args
//    "responses": ["...", ...]}
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "ptc/lisp/json.hpp"
#include "ptc/lisp/printer.hpp"
#include "ptc/lisp/run.hpp"
#include "ptc/messages/compression.hpp"
#include "ptc/messages/extract.hpp"
#include "ptc/messages/loop.hpp"

namespace ptc::examples {

using json = nlohmann::ordered_json;

/// One scenario played in one compression mode.
struct scenario_run {
  messages::prepared_agent agent;
  std::vector<messages::turn_ptr> turns;
  /// calls[k] = the messages of LLM call k + 1 (rendered before its response).
  std::vector<std::vector<messages::chat_message>> calls;
  std::vector<messages::compression_stats> stats;
  std::optional<messages::step> result;  ///< set when the mission finished
};

inline json read_json_file(const std::filesystem::path& p) {
  std::ifstream in(p);
  if (!in) throw std::runtime_error("cannot read " + p.string());
  return json::parse(in);
}

/// All scenarios of a folder, sorted by file name.
inline std::vector<json> load_scenarios(const std::filesystem::path& dir) {
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    if (e.path().extension() == ".json") files.push_back(e.path());
  }
  std::sort(files.begin(), files.end());
  std::vector<json> out;
  for (const auto& f : files) out.push_back(read_json_file(f));
  return out;
}

inline messages::agent_spec scenario_spec(const json& a) {
  messages::agent_spec s;
  s.name = a.value("name", "");
  s.mission = a.value("mission", "");
  s.description = a.value("description", "");
  s.signature = a.value("signature", "");
  s.max_turns = a.value("max_turns", std::size_t{5});
  if (a.contains("data")) s.data = a["data"];
  for (const auto& t : a.value("tools", json::array())) {
    s.tools.push_back({t.value("name", ""), t.value("description", ""), t.value("signature", "")});
  }
  return s;
}

/// Plays a scenario. `inputs` (sub-agents) are merged into the agent's data before prepare().
inline scenario_run play_scenario(const json& sc, bool compressed,
                                  const json& inputs = json::object()) {
  scenario_run run;
  messages::agent_spec spec = scenario_spec(sc.at("agent"));
  for (const auto& [k, v] : inputs.items()) spec.data[k] = v;
  if (compressed) {
    const json c = sc.value("compression", json::object());
    spec.compression = messages::compression_options::with_limits(
        c.value("println_limit", std::size_t{15}), c.value("tool_call_limit", std::size_t{20}));
  }
  auto prepared = messages::prepare(spec);
  if (auto* e = std::get_if<messages::prepare_error>(&prepared)) {
    throw std::runtime_error("scenario " + sc.value("name", "?") + ": " + e->message);
  }
  run.agent = std::move(std::get<messages::prepared_agent>(prepared));

  // Scripted tools. Children's Steps are collected per turn.
  std::vector<std::shared_ptr<const messages::step>> children;
  std::map<std::string, std::size_t> call_counts;
  lisp::run_options opts;
  opts.data = run.agent.data;
  opts.lim = run.agent.settings->limits;
  const json tools = sc.value("tools", json::object());
  for (const auto& [name, behaviour] : tools.items()) {
    opts.tools[name] = [&, name, behaviour](const json& args) -> json {
      const std::size_t i = call_counts[name]++;
      if (behaviour.contains("error")) throw std::runtime_error(behaviour["error"].get<std::string>());
      if (behaviour.contains("scenario")) {
        scenario_run child = play_scenario(behaviour["scenario"], compressed, args);
        if (!child.result) throw std::runtime_error("sub-agent did not finish");
        auto step = std::make_shared<const messages::step>(*child.result);
        children.push_back(step);
        if (!step->ok()) throw std::runtime_error("sub-agent failed: " + step->fail->message);
        return lisp::to_json(*step->return_value);
      }
      const json& results = behaviour.at("results");
      return results.at(std::min(i, results.size() - 1));
    };
  }

  const auto responses = sc.at("responses");
  for (std::size_t k = 0; k < responses.size(); ++k) {
    messages::compression_stats st;
    run.calls.push_back(messages::render_messages(run.agent, run.turns, &st));
    run.stats.push_back(st);
    std::size_t prompt_bytes = 0;
    for (const auto& m : run.calls.back()) prompt_bytes += m.text().size();
    const std::string response = responses[k].get<std::string>();
    // Deterministic stand-in figures (about four bytes a token) so usage totals are testable.
    messages::token_usage usage{prompt_bytes / 4, response.size() / 4, 0, 0, 1};
    auto ext = messages::extract_code(response);
    messages::turn t;
    if (!ext.program) {
      t = messages::make_no_code_turn(k + 1, response, ext.error,
                                      messages::current_memory(run.turns), usage, {});
    } else {
      opts.mem = messages::current_memory(run.turns);
      children.clear();
      lisp::run_result r = lisp::run(*ext.program, opts);
      // Tool durations are real measurements; zeroed so output is stable.
      for (auto& c : r.tool_calls) c.duration = {};
      t = messages::turn_after_run(run.agent, k + 1, response, *ext.program, std::move(r), usage, {});
      t.children = children;
    }
    // Times are real measurements; zeroed so output is stable.
    t.timings = {};
    run.turns.push_back(std::make_shared<const messages::turn>(std::move(t)));
    if (auto done = messages::finished_step(run.agent, run.turns)) {
      run.result = std::move(done);
      break;
    }
  }
  return run;
}

/// The messages of one LLM call as readable text (the golden-file format): each message as
/// "--- role ---" then its content; a cache breakpoint ends its block with "[cache]".
inline std::string messages_text(const std::vector<messages::chat_message>& ms,
                                 bool elide_system) {
  std::string out;
  for (const auto& m : ms) {
    out += std::string("--- ") + messages::role_name(m.role) + " ---\n";
    if (m.role == messages::role::system && elide_system) {
      out += "[the system prompt of call 1, byte for byte]\n";
      continue;
    }
    for (const auto& b : m.content) {
      out += b.text;
      if (b.cache_breakpoint) out += "[cache]";
    }
    out += "\n";
  }
  return out;
}

}  // namespace ptc::examples
