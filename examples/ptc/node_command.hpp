#pragma once
// `ptc node --port P [--host H] [--config FILE]`: a process that runs agents for others.
//
// It publishes an agent host (actors/node.hpp) on HOST:PORT through CAF's middleman, with its
// own interpreters and LLM (the settings' provider: a key, --llm, --script, --replay; without
// them the offline demo's scripted LLM), and serves the example registry's tools over the demo
// data (or --data), all of them or those named by --tools. Other processes use it with
// `ptc run --nodes HOST:PORT,...` or actors::cluster.
//
// stdout: one line once it listens, "ptc node listening on HOST:PORT (...)"; with --port 0 the
// port is the one the system chose. It runs until SIGINT or SIGTERM, then exits 0. Exit 2: bad
// usage or settings, or the port cannot be opened.
#include <CLI/CLI.hpp>

namespace ptc::cli {

/// Adds the node subcommand; its callback sets `exit_code`.
void add_node_command(CLI::App& app, int& exit_code);

}  // namespace ptc::cli
