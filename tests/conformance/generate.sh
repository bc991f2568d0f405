#!/usr/bin/env bash
# Regenerates tests/conformance/expected/*.tsv by running the programs in real Clojure 1.11.
# Requires Debian's `clojure` command (or any `clojure` that runs clojure.main scripts).
# Usage: generate.sh [file.clj ...]   (no arguments: every programs file)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
clojure "$here/generate.clj" "$here/programs" "$here/expected" "$@"
