#pragma once
// `ptc eval`: run one PTC-Lisp program from a file, stdin or the command line.
#include <CLI/CLI.hpp>

namespace ptc::cli {

/// Adds the eval subcommand; its callback sets `exit_code`.
void add_eval_command(CLI::App& app, int& exit_code);

}  // namespace ptc::cli
