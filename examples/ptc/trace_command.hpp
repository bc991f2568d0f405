#pragma once
// `ptc trace html TRACE [-o FILE]`: one self-contained HTML page of a trace (`ptc run --trace`):
// the agent tree with outcomes, turns, tokens and times; per turn the exact messages sent (the
// part identical to the previous request marked), compressed or full history, the program,
// output, tool calls, errors and usage; an SVG timeline; an SVG chart of prompt size per turn
// with and without compression. No network: CSS, JS and SVG are inline (trace_viewer.html).
#include <string>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "ptc/actors/trace.hpp"

namespace ptc::cli {

/// Adds the trace subcommand (trace html); its callback sets `exit_code`.
void add_trace_command(CLI::App& app, int& exit_code);

/// The viewer's data for a read trace (exposed for tests): runs with their turns, requests and
/// responses, texts shared through a table. `source` names the trace file.
nlohmann::ordered_json trace_view_model(const actors::trace_contents& trace, const std::string& source);

/// The HTML page for a model (trace_viewer.html with the model inlined).
std::string trace_html(const nlohmann::ordered_json& model);

}  // namespace ptc::cli
