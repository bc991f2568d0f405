#!/usr/bin/env bash
# Installs what is needed, builds, and runs the whole test suite: first the optimised build,
# then the `dev` preset (AddressSanitizer + UndefinedBehaviorSanitizer).
# PTC_SKIP_SANITIZERS=1 skips the second pass (quicker local runs).
set -euo pipefail
cd "$(dirname "$0")/.."
bash config/install-deps.sh
jobs=$(nproc)

cmake --preset release
cmake --build --preset release -j "$jobs"
ctest --preset release

if [[ "${PTC_SKIP_SANITIZERS:-0}" != 1 ]]; then
  cmake --preset dev
  cmake --build --preset dev -j "$jobs"
  ctest --preset dev
fi
