#!/usr/bin/env bash
# Regenerates tests/conformance/expected.tsv by running every program in real Clojure 1.11.
# Requires Debian's `clojure` command (or any `clojure` that runs clojure.main scripts).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
clojure "$here/generate.clj" "$here/programs" "$here/expected.tsv"
