#pragma once
// `ptc replay CASSETTE`: starts again the run `ptc run --record CASSETTE` recorded (its flags,
// PTC_* settings and folder are the cassette's first line), with the LLM answered from the
// cassette and no network. A request the recording does not have ends the run with where it
// diverged: the agent, turn and message, and the differing lines (recorded / now).
#include <CLI/CLI.hpp>

namespace ptc::cli {

/// Adds the replay subcommand; its callback sets `exit_code`.
void add_replay_command(CLI::App& app, int& exit_code);

}  // namespace ptc::cli
