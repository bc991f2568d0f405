#pragma once
// What every `ptc` subcommand shares, `ptc eval` and `ptc repl` included: exit codes, data/ and
// the demo tools. Only the language and JSON: the `ptc` executable itself (eval, repl) links no
// actor library; the commands that run agents are in its commands module (commands_module.hpp).
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "examples/demo/demo_tools.hpp"

namespace ptc::cli {

/// Exit codes of every subcommand: 0 done (the mission returned), 1 it failed, 2 the command
/// could not start (a bad flag, setting or file).
constexpr int exit_failed = 1;
constexpr int exit_usage = 2;

/// "a, b,c" -> {"a", "b", "c"} (spaces dropped, empty names skipped).
std::vector<std::string> split_names(const std::string& csv);

/// The JSON object in `path`, or nullopt with `problem` saying why not.
std::optional<nlohmann::ordered_json> read_json_object(const std::string& path, std::string& problem);

/// The demo tools over `data` that `--tools a,b` names (empty: all of them), as `ptc run` and
/// `ptc repl` offer them; nullopt after printing "Error: --tools: ..." (an unknown name).
std::optional<std::vector<demo::demo_tool>> tools_flag(std::shared_ptr<const nlohmann::ordered_json> data,
                                                       const std::string& names);

/// The data/ a command works on: the JSON object in `file`, or the demo data when `file` is
/// empty. nullopt after printing "Error: --data: ..." on stderr.
std::optional<nlohmann::ordered_json> load_data(const std::string& file);

}  // namespace ptc::cli
