#pragma once
// The `ptc` subcommands that run agents or speak to nodes (run, node, mcp, certs, show, replay,
// trace) live in a module the executable loads when one of them is asked for
// (ptc_commands.so: build/release/examples/ in the build tree, lib/ptc/ when installed).
//
// Context: those commands need CAF and the actor runtime; binding them (CAF alone has about
// 15,000 symbol relocations) was about 4 ms of every start, a third of `ptc eval -e '(+ 1 2)'`
// on this project's machine (issue 18: a whole `ptc eval` process within 10 ms).
// Decision: the `ptc` executable links the language and the settings only and serves `ptc eval`
// and `ptc repl` itself; any other command line (help and no arguments included) loads the
// module, which adds its commands to the same CLI11 app. A missing module is an error naming
// the file and the loader's reason, not a crash.
#include <CLI/CLI.hpp>

/// The module's entry point: adds its commands to `app`; their callbacks set *exit_code.
/// (argc, argv): the process's command line (`ptc run --record` keeps it in the cassette).
extern "C" void ptc_add_agent_commands(CLI::App* app, int* exit_code, int argc, char** argv);
using ptc_add_agent_commands_fn = void (*)(CLI::App*, int*, int, char**);

namespace ptc::cli {

/// Whether `ptc ARGS` needs the module: every command line but `ptc eval ...`, `ptc repl ...` and
/// `ptc --version`.
bool needs_commands_module(int argc, char** argv);

/// Loads the module and adds its commands to `app`. False after printing "Error: ..." on
/// stderr (the module's path and why it did not load).
bool add_module_commands(CLI::App& app, int& exit_code, int argc, char** argv);

}  // namespace ptc::cli
