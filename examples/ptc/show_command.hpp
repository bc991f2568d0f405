#pragma once
// `ptc show run.jsonl`: the debug view of the runs in a trace (`ptc run --trace`), in the
// terminal: each agent's turns (program, tool calls, output, result or error), and on request
// the raw responses, the messages the LLM got, or token usage and times.
#include <CLI/CLI.hpp>

namespace ptc::cli {

/// Adds the show subcommand; its callback sets `exit_code`.
void add_show_command(CLI::App& app, int& exit_code);

}  // namespace ptc::cli
