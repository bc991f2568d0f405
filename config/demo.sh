#!/usr/bin/env bash
# Installs what is needed, builds the `ptc` command and runs the demo: an agent answers a
# question about generated company data (orders, products, employees, expenses) by writing
# PTC-Lisp programs that call tools, over several turns, with compressed history.
#
# Without an API key the LLM is scripted (offline, labelled as such on stderr); with
# OPENAI_API_KEY or ANTHROPIC_API_KEY set, a real model answers the same mission. stderr shows
# each turn (the model's response, the program's output, errors); stdout is the answer as JSON.
set -euo pipefail
cd "$(dirname "$0")/.."
bash config/install-deps.sh
cmake --preset release >/dev/null
cmake --build --preset release -j "$(nproc)" --target ptc
echo "+ ptc run --show-turns" >&2
build/release/examples/ptc run --show-turns
