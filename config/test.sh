#!/usr/bin/env bash
# Installs what is needed, builds, and runs the whole test suite: first the optimised build,
# then the `dev` preset (AddressSanitizer + UndefinedBehaviorSanitizer).
# PTC_SKIP_SANITIZERS=1 skips the second pass (quicker local runs).
set -euo pipefail
cd "$(dirname "$0")/.."
bash config/install-deps.sh
jobs=$(nproc)
# The test-only npm components download while the build compiles.
mkdir -p build
bash tests/npm_install.sh >build/npm_install.log 2>&1 &
npm_pid=$!
npm_ready() {
  if [[ -n ${npm_pid:-} ]]; then
    wait "$npm_pid" || { cat build/npm_install.log >&2; echo "tests/npm_install.sh failed" >&2; exit 1; }
    npm_pid=
  fi
}

cmake --preset release
cmake --build --preset release -j "$jobs"
npm_ready
ctest --preset release

if [[ "${PTC_SKIP_SANITIZERS:-0}" != 1 ]]; then
  cmake --preset dev
  cmake --build --preset dev -j "$jobs"
  ctest --preset dev
fi
