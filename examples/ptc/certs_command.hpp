#pragma once
// `ptc certs init DIR`: the certificates mutual TLS between nodes needs, made with OpenSSL's
// library (no shell-out): a CA, a node certificate for the names and addresses given, a client
// certificate; keys written 0600, existing files never replaced without --force.
#include <CLI/CLI.hpp>

namespace ptc::cli {

void add_certs_command(CLI::App& app, int& exit_code);

}  // namespace ptc::cli
