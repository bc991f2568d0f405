// The ptc command line. Subcommands: eval, run, node, mcp, certs, repl, show, replay, trace.
#include <CLI/CLI.hpp>

#include <string>

#include "ptc/config/secret.hpp"
#include "examples/ptc/certs_command.hpp"
#include "examples/ptc/cli_common.hpp"
#include "examples/ptc/eval_command.hpp"
#include "examples/ptc/mcp_command.hpp"
#include "examples/ptc/node_command.hpp"
#include "examples/ptc/repl_command.hpp"
#include "examples/ptc/replay_command.hpp"
#include "examples/ptc/show_command.hpp"
#include "examples/ptc/trace_command.hpp"
#include "examples/ptc/run_command.hpp"
#include "ptc/version.hpp"
#include "ptc_git_revision.hpp"  // generated at each build: PTC_GIT_REVISION

int main(int argc, char** argv) {
  // Whatever reaches stdout or stderr (results, progress, errors) has every key masked.
  ptc::config::redact_standard_streams();
  ptc::cli::set_command_line(argc, argv);
  CLI::App app{"ptc: Programmatic Tool Calling runtime"};
  app.require_subcommand(1);
  // "ptc 0.1.0", and the commit when built from a git checkout: "ptc 0.1.0 (git 618fb45abcd1)".
  std::string version = std::string("ptc ") + PTC_VERSION;
  if (*PTC_GIT_REVISION) version += std::string(" (git ") + PTC_GIT_REVISION + ")";
  app.set_version_flag("--version", version, "Print the version and exit");
  int exit_code = 0;
  ptc::cli::add_eval_command(app, exit_code);
  ptc::cli::add_run_command(app, exit_code);
  ptc::cli::add_node_command(app, exit_code);
  ptc::cli::add_mcp_command(app, exit_code);
  ptc::cli::add_certs_command(app, exit_code);
  ptc::cli::add_repl_command(app, exit_code);
  ptc::cli::add_show_command(app, exit_code);
  ptc::cli::add_replay_command(app, exit_code);
  ptc::cli::add_trace_command(app, exit_code);
  CLI11_PARSE(app, argc, argv);
  ptc::config::flush_redacted_streams();
  return exit_code;
}
