#pragma once
// `ptc repl`: PTC-Lisp interactively, with line editing and history (libedit), multi-line
// forms, the data and tools of `ptc run`, and definitions kept from one input to the next.
#include <string_view>

#include <CLI/CLI.hpp>

namespace ptc::cli {

/// Adds the repl subcommand; its callback sets `exit_code`.
void add_repl_command(CLI::App& app, int& exit_code);

/// True while `text` is an unfinished form: an open (, [ or { or an open string. A closing
/// bracket too many is not "unfinished" (the reader reports it).
bool repl_needs_more(std::string_view text);

}  // namespace ptc::cli
