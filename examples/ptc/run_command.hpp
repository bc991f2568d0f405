#pragma once
// `ptc run [MISSION]`: one agent answering a question about data with tools, on the actor
// runtime, with a real LLM (an API key), a recorded cassette (--replay), a script (--script),
// or, with none of those, the offline demo (a scripted LLM over generated company data).
//
// stdout: the returned value as JSON; a failure prints {"error": {"reason", "message"}} and
// exits 1. stderr: progress, one line per turn, and the summary. Exit 2: bad usage or settings.
#include <CLI/CLI.hpp>

namespace ptc::cli {

/// Adds the run subcommand; its callback sets `exit_code`.
void add_run_command(CLI::App& app, int& exit_code);

}  // namespace ptc::cli
