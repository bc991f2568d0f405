#include "examples/ptc/show_command.hpp"

#include <unistd.h>

#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "examples/ptc/cli_common.hpp"
#include "ptc/actors/trace.hpp"
#include "ptc/messages/debug_view.hpp"
#include "ptc/messages/serialization.hpp"

namespace ptc::cli {
namespace {

using json = nlohmann::ordered_json;

struct show_options {
  std::string file;
  std::string agent;  ///< a tree path ("boss/researcher"); empty: the top-level agents
  std::size_t turn = 0;
  std::string view;   ///< "", raw, compressed, usage
  std::string color = "auto";
};

/// One agent run of the trace: its Step and the messages each of its LLM calls sent.
struct traced_run {
  std::string path;
  messages::step step;
  std::vector<std::vector<messages::chat_message>> seen;  ///< index: turn - 1
};

std::string text_field(const json& j, const char* key) {
  auto it = j.find(key);
  return it != j.end() && it->is_string() ? it->get<std::string>() : "";
}

/// ANSI colours for the debug view's lines (headings, results, errors) on a terminal.
std::string colourise(const std::string& text) {
  std::string out;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    const std::string_view line(text.data() + start, end - start);
    const char* colour = nullptr;
    if (line.starts_with("=== ")) colour = "\033[1;36m";
    else if (line.starts_with("--- Turn")) colour = "\033[1m";
    else if (line.starts_with("Step: returned") || line.starts_with("Returned:")) colour = "\033[32m";
    else if (line.starts_with("Step: failed") || line.starts_with("Error") || line.starts_with("Failed:"))
      colour = "\033[31m";
    else if (line == "Program:" || line == "Output:" || line == "Tool calls:" || line.starts_with("LLM saw") ||
             line == "Raw response:")
      colour = "\033[33m";
    if (colour) out += colour;
    out += line;
    if (colour) out += "\033[0m";
    if (end < text.size()) out += '\n';
    start = end + 1;
  }
  return out;
}

int run_show(const show_options& o) {
  auto read = read_trace_file(o.file);
  if (!read) return exit_usage;
  actors::trace_contents& trace = *read;

  // Requests by run (older traces have no "run": their agent path stands in), then the Steps.
  std::map<std::string, std::vector<std::vector<messages::chat_message>>> seen_by_run;
  std::vector<traced_run> runs;
  std::set<std::string> paths;
  for (const auto& e : trace.events) {
    const std::string event = text_field(e, "event");
    const std::string path = text_field(e, "agent");
    std::string run = text_field(e, "run");
    if (run.empty()) run = path;
    try {
      if (event == "llm_request" && e.contains("messages") && e.value("turn", 0) >= 1) {
        auto& seen = seen_by_run[run];
        const std::size_t turn = e["turn"].get<std::size_t>();
        if (seen.size() < turn) seen.resize(turn);
        seen[turn - 1] = messages::messages_from_json(e["messages"]);
      } else if (event == "step" && e.contains("step")) {
        paths.insert(path);
        traced_run r{path, messages::step_from_json(e["step"]), {}};
        if (auto it = seen_by_run.find(run); it != seen_by_run.end()) r.seen = std::move(it->second);
        runs.push_back(std::move(r));
      }
    } catch (const std::exception& ex) {
      std::cerr << "Error: " << o.file << ": a " << event << " event of " << path << " is malformed: " << ex.what() << "\n";
      return exit_usage;
    }
  }
  if (runs.empty()) {
    std::cerr << "Error: " << o.file << " holds no finished agent (no \"step\" event)\n";
    return exit_failed;
  }

  std::vector<traced_run*> chosen;
  for (auto& r : runs) {
    if (o.agent.empty() ? r.path.find('/') == std::string::npos : r.path == o.agent) chosen.push_back(&r);
  }
  if (chosen.empty()) {
    std::cerr << "Error: no agent " << o.agent << " in " << o.file << "; its agents:";
    std::size_t n = 0;
    for (const auto& p : paths) {
      if (n++ == 20) {
        std::cerr << " ...";
        break;
      }
      std::cerr << " " << p;
    }
    std::cerr << "\n";
    return exit_usage;
  }

  messages::debug_options d;
  d.raw = o.view == "raw";
  d.compressed = o.view == "compressed";
  d.usage = o.view == "usage";
  d.show_timings = o.view == "usage";
  const bool colour = o.color == "always" || (o.color == "auto" && isatty(STDOUT_FILENO));
  bool any_turn = o.turn == 0;
  std::string out;
  for (std::size_t i = 0; i < chosen.size(); ++i) {
    traced_run& r = *chosen[i];
    messages::step s = r.step;
    if (o.turn > 0) {
      std::vector<messages::turn_ptr> kept;
      for (const auto& t : s.turns)
        if (t && t->number == o.turn) kept.push_back(t);
      if (kept.empty()) continue;
      any_turn = true;
      s.turns = std::move(kept);
    }
    d.seen = &r.seen;
    if (!out.empty()) out += "\n";
    out += "=== " + r.path + (chosen.size() > 1 ? " (run " + std::to_string(i + 1) + " of " + std::to_string(chosen.size()) + ")" : "") +
           ": " + messages::step_summary_line(r.step) + "\n";
    out += messages::debug_view(s, d);
  }
  if (!any_turn) {
    std::cerr << "Error: no turn " << o.turn << " in " << (o.agent.empty() ? "the trace's agents" : o.agent) << "\n";
    return exit_usage;
  }
  if (trace.unresolved > 0) {
    out += "\n(" + std::to_string(trace.unresolved) +
           " long texts are references to lines not in this file: the trace was cut or filtered)\n";
  }
  std::cout << (colour ? colourise(out) : out);
  return 0;
}

}  // namespace

void add_show_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<show_options>();
  CLI::App* cmd = app.add_subcommand("show", "Show the agents of a trace (ptc run --trace FILE) turn by turn");
  cmd->add_option("trace", o->file, "A JSONL trace")->required();
  cmd->add_option("--agent", o->agent, "The agent's tree path, e.g. boss/researcher (default: the top-level agents)");
  cmd->add_option("--turn", o->turn, "Only this turn (1-based)")->check(CLI::PositiveNumber);
  cmd->add_option("--view", o->view,
                  "raw: with each raw LLM response; compressed: with the messages the LLM got; usage: tokens and times")
      ->check(CLI::IsMember({"raw", "compressed", "usage"}));
  cmd->add_option("--color", o->color, "Colours: auto (on a terminal), always, never")
      ->check(CLI::IsMember({"auto", "always", "never"}))
      ->capture_default_str();
  cmd->callback([o, &exit_code] { exit_code = run_show(*o); });
}

}  // namespace ptc::cli
