// The commands module's entry point (see commands_module.hpp).
#include "examples/ptc/commands_module.hpp"

#include "examples/ptc/certs_command.hpp"
#include "examples/ptc/cli_common.hpp"
#include "examples/ptc/mcp_command.hpp"
#include "examples/ptc/node_command.hpp"
#include "examples/ptc/replay_command.hpp"
#include "examples/ptc/run_command.hpp"
#include "examples/ptc/show_command.hpp"
#include "examples/ptc/trace_command.hpp"

extern "C" __attribute__((visibility("default"))) void ptc_add_agent_commands(CLI::App* app, int* exit_code, int argc,
                                                                               char** argv) {
  ptc::cli::set_command_line(argc, argv);
  ptc::cli::add_run_command(*app, *exit_code);
  ptc::cli::add_node_command(*app, *exit_code);
  ptc::cli::add_mcp_command(*app, *exit_code);
  ptc::cli::add_certs_command(*app, *exit_code);
  ptc::cli::add_show_command(*app, *exit_code);
  ptc::cli::add_replay_command(*app, *exit_code);
  ptc::cli::add_trace_command(*app, *exit_code);
}
