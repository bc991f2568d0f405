#include "examples/ptc/replay_command.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "examples/ptc/cli_common.hpp"
#include "examples/ptc/run_command.hpp"
#include "ptc/lisp/json.hpp"

namespace ptc::cli {
namespace {

using json = nlohmann::ordered_json;

struct replay_options {
  std::string cassette, trace;
  bool show_turns = false;
};

/// The recorded run's flags without those that would record, trace, script or replay again.
std::vector<std::string> replayed_args(const json& recorded) {
  static const std::vector<std::string> dropped_with_value{"--record", "--replay", "--script", "--trace"};
  std::vector<std::string> out;
  for (std::size_t i = 0; i < recorded.size(); ++i) {
    const std::string a = recorded[i].is_string() ? recorded[i].get<std::string>() : "";
    bool drop = false;
    for (const auto& flag : dropped_with_value) {
      if (a == flag) {
        drop = true;
        ++i;  // and its value
      } else if (a.starts_with(flag + "=")) {
        drop = true;
      }
    }
    if (!drop && a != "--show-turns") out.push_back(a);
  }
  return out;
}

/// PTC_* variables as the recorded run had them (the others of this process are unset).
void apply_recorded_environment(const json& env) {
  std::vector<std::string> ours;
  for (char** e = environ; e && *e; ++e) {
    const std::string entry(*e);
    if (entry.starts_with("PTC_")) ours.push_back(entry.substr(0, entry.find('=')));
  }
  for (const auto& name : ours) unsetenv(name.c_str());
  if (!env.is_object()) return;
  for (const auto& [name, value] : env.items()) {
    if (name.starts_with("PTC_") && value.is_string()) setenv(name.c_str(), value.get<std::string>().c_str(), 1);
  }
}

int run_replay(const replay_options& o) {
  std::error_code ec;
  const std::filesystem::path cassette = std::filesystem::absolute(o.cassette, ec);
  std::ifstream in(cassette, std::ios::binary);
  if (ec || !in) {
    std::cerr << "Error: cannot read " << o.cassette << "\n";
    return exit_usage;
  }
  std::vector<json> runs;
  for (std::string line; std::getline(in, line);) {
    if (line.find("\"ptc_run\"") == std::string::npos) continue;
    json j = lisp::parse_outside_json<json>(line);
    if (j.is_object() && j.contains("ptc_run") && j["ptc_run"].is_object()) runs.push_back(std::move(j["ptc_run"]));
  }
  if (runs.empty()) {
    std::cerr << "Error: " << o.cassette << " does not say which run it recorded (no ptc_run line: it was not "
              << "written by `ptc run --record`); give the run's flags to `ptc run --replay " << o.cassette << "`\n";
    return exit_usage;
  }

  int worst = 0;
  for (std::size_t k = 0; k < runs.size(); ++k) {
    const json& run = runs[k];
    std::vector<std::string> args{"run"};
    for (auto& a : replayed_args(run.value("args", json::array()))) args.push_back(std::move(a));
    args.insert(args.end(), {"--replay", cassette.string()});
    if (!o.trace.empty()) {
      args.insert(args.end(), {"--trace", std::filesystem::absolute(o.trace, ec).string()});
    }
    if (o.show_turns) args.push_back("--show-turns");
    apply_recorded_environment(run.value("env", json::object()));
    const std::string cwd = run.value("cwd", "");
    if (!cwd.empty() && std::filesystem::is_directory(cwd, ec)) {
      std::filesystem::current_path(cwd, ec);
    } else if (!cwd.empty()) {
      std::cerr << "replay: the recorded folder " << cwd << " is gone; relative paths are read from here\n";
    }
    std::string shown;
    for (std::size_t i = 1; i < args.size(); ++i) shown += " " + args[i];
    std::cerr << "replay" << (runs.size() > 1 ? " " + std::to_string(k + 1) + " of " + std::to_string(runs.size()) : "")
              << ": ptc run" << shown << "\n";

    CLI::App app{"ptc"};
    int code = 0;
    add_run_command(app, code);
    std::vector<std::string> reversed(args.rbegin(), args.rend());  // CLI11 parses from the back
    try {
      app.parse(reversed);
    } catch (const CLI::ParseError& e) {
      std::cerr << "Error: the recorded flags no longer parse: " << e.what() << "\n";
      code = exit_usage;
    }
    std::cerr << "replay" << (runs.size() > 1 ? " " + std::to_string(k + 1) : "") << ": "
              << (code == 0 ? "the run returned with every LLM request found in the cassette"
                            : "the run did not return as recorded (see above; a request the cassette "
                              "lacks shows where it diverged)")
              << "\n";
    worst = std::max(worst, code);
  }
  return worst;
}

}  // namespace

void add_replay_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<replay_options>();
  CLI::App* cmd = app.add_subcommand(
      "replay", "Run again what `ptc run --record CASSETTE` recorded, the LLM answered from the cassette");
  cmd->add_option("cassette", o->cassette, "A cassette written by ptc run --record")->required();
  cmd->add_option("--trace", o->trace, "Append a JSONL trace of the replayed run to FILE");
  cmd->add_flag("--show-turns", o->show_turns, "Print each turn's response, output and error on stderr");
  cmd->callback([o, &exit_code] { exit_code = run_replay(*o); });
}

}  // namespace ptc::cli
