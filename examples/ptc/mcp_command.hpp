#pragma once
// `ptc mcp`: serves code mode (the run_program tool) to MCP hosts over stdio.
#include <CLI/CLI.hpp>

namespace ptc::cli {

void add_mcp_command(CLI::App& app, int& exit_code);

}  // namespace ptc::cli
