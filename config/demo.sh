#!/usr/bin/env bash
# Installs what is needed, builds the `ptc` command and runs the demo: an LLM-style analysis
# program over example order data, with its println output and its result.
set -euo pipefail
cd "$(dirname "$0")/.."
bash config/install-deps.sh
cmake --preset release >/dev/null
cmake --build --preset release -j "$(nproc)" --target ptc
echo "+ ptc eval examples/programs/orders.clj --data examples/data/orders.json --show-output" >&2
build/release/examples/ptc eval examples/programs/orders.clj --data examples/data/orders.json --show-output
