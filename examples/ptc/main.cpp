// The ptc command line. Subcommands: eval, repl (here), and run, node, mcp, certs, show, replay,
// trace (the commands module, loaded when one of them is asked for: commands_module.hpp).
#include <CLI/CLI.hpp>

#include <string>

#include "examples/ptc/cli_base.hpp"
#include "examples/ptc/commands_module.hpp"
#include "examples/ptc/eval_command.hpp"
#include "examples/ptc/repl_command.hpp"
#include "ptc/config/secret.hpp"
#include "ptc/version.hpp"
#include "ptc_git_revision.hpp"  // generated at each build: PTC_GIT_REVISION

int main(int argc, char** argv) {
  // Whatever reaches stdout or stderr (results, progress, errors) has every key masked.
  ptc::config::redact_standard_streams();
  CLI::App app{"ptc: Programmatic Tool Calling runtime"};
  app.require_subcommand(1);
  // "ptc 0.1.0", and the commit when built from a git checkout: "ptc 0.1.0 (git 618fb45abcd1)".
  std::string version = std::string("ptc ") + PTC_VERSION;
  if (*PTC_GIT_REVISION) version += std::string(" (git ") + PTC_GIT_REVISION + ")";
  app.set_version_flag("--version", version, "Print the version and exit");
  int exit_code = 0;
  ptc::cli::add_eval_command(app, exit_code);
  ptc::cli::add_repl_command(app, exit_code);
  if (ptc::cli::needs_commands_module(argc, argv) && !ptc::cli::add_module_commands(app, exit_code, argc, argv)) {
    ptc::config::flush_redacted_streams();
    return ptc::cli::exit_usage;
  }
  CLI11_PARSE(app, argc, argv);
  ptc::config::flush_redacted_streams();
  return exit_code;
}
