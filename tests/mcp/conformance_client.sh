#!/usr/bin/env bash
# ptc's MCP client as the client under test of the MCP conformance suite:
#   conformance client --command "bash conformance_client.sh PTC" --scenario S
# The suite starts its server, appends the server's URL to the command and names the scenario
# in MCP_CONFORMANCE_SCENARIO.
#   initialize  `ptc run --list-tools`: the handshake and the tool list
#   tools_call  a mission whose program calls the suite's add_numbers tool
set -u
ptc="$1"
url="$2"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
case "${MCP_CONFORMANCE_SCENARIO:-}" in
  initialize)
    "$ptc" run --mcp-url "conformance=$url" --list-tools
    ;;
  tools_call)
    cat >"$tmp/script.json" <<'JSON'
{"scripts":[{"match":"","responses":["```clojure\n(return (tool/conformance.add_numbers {:a 2 :b 3}))\n```"]}]}
JSON
    "$ptc" run "Add two numbers" --script "$tmp/script.json" --mcp-url "conformance=$url"
    ;;
  *)
    echo "conformance_client.sh: scenario '${MCP_CONFORMANCE_SCENARIO:-}' is not one ptc's client is run in" >&2
    exit 2
    ;;
esac
