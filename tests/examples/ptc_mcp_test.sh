#!/usr/bin/env bash
# `ptc run --mcp`: an MCP server's tools in the tool/ section and called from a program, a
# server that does not come up stopping the command with its name, and no server process
# left behind. The server is tests/mcp/fake_mcp_server.cpp, a real process on stdio.
set -u
ptc="$1"
server="$2"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
source "$(dirname "$0")/check_lib.sh"

run() {
  env -i PATH="$PATH" HOME="$tmp" timeout 120 "$ptc" run "$@" >"$tmp/out" 2>"$tmp/err"
  echo $? >"$tmp/code"
}

# The tool/ section as the LLM reads it: the demo's tools, then the server's.
run --mcp "fake=$server --state-file $tmp/starts" --list-tools
check list-tools 0
stdout_has list-demo "tool/get-product(id :int) -> {id :int"
stdout_has list-echo "tool/fake.echo(message :string) -> :any  ; Echoes back the input
;   message: Message to echo"
stdout_has list-weather "tool/fake.weather(city :string) -> {temperature :float, conditions :string}  ; Weather for a city"

# A mission whose program calls MCP tools, several at once from pmap.
cat >"$tmp/script.json" <<'JSON'
{"scripts":[{"match":"","responses":["```clojure\n(return {:echo (tool/fake.echo {:message \"hi\"}) :slow (vec (pmap #(tool/fake.slow {:ms %}) [50 40 30])) :t (:temperature (tool/fake.weather {:city \"Oslo\"}))})\n```"]}]}
JSON
run "Ask the fake server" --script "$tmp/script.json" --signature '{echo :string, slow [:int], t :float}' \
  --mcp "fake=$server --state-file $tmp/starts"
check mission 0 "MCP servers: 1"
stdout_is mission-out '{
  "echo": "hi",
  "slow": [
    50,
    40,
    30
  ],
  "t": -3.0
}'

# A tool error is a failed turn the program can see: the LLM gets it and goes on.
cat >"$tmp/script2.json" <<'JSON'
{"scripts":[{"match":"","responses":["```clojure\n(tool/fake.fail)\n```","```clojure\n(return (try (tool/fake.fail) (catch Exception e (ex-message e))))\n```"]}]}
JSON
run "Fail then catch" --script "$tmp/script2.json" --mcp "fake=$server" --show-turns
check tool-error 0 "tool/fake.fail failed: boom: no such file"
stdout_is tool-error-out '"tool/fake.fail failed: boom: no such file"'

# A server that does not come up stops the command before any mission, naming the server.
run --mcp "lic=$server --fail-init" --list-tools
check fail-init 2 "Error: MCP server lic refused to initialize: no license (JSON-RPC error -32000)"
run --mcp "gone=no-such-mcp-server" --list-tools
check not-found 2 "Error: MCP server gone could not start: 'no-such-mcp-server' not found in PATH"
# A server killed by a signal: the keeper passes the signal on, and the message names it.
run --mcp "seg=sh -c 'kill -SEGV \$\$'" --list-tools
check killed-by-signal 2 "Error: MCP server seg could not start: it was killed by signal 11"
run --mcp "dir=$tmp" --list-tools
check not-a-program 2 "Error: MCP server dir could not start '$tmp': Is a directory"
printf '{}\n' >"$tmp/plain.json"
run --mcp "plain=$tmp/plain.json" --list-tools
check not-executable 2 "Error: MCP server plain could not start '$tmp/plain.json': Permission denied"
run --mcp "bad=$server 'unterminated" --list-tools
check bad-flag 2 "--mcp: unterminated ' in:"
run --mcp "fake=$server" --mcp "fake=$server" --list-tools
check twice 2 "--mcp: \"fake\" names two servers"

# The server's notifications/progress go to the trace; a call still out when its mission ends
# is cancelled at the server (notifications/cancelled, which the fake server notes down).
cat >"$tmp/script4.json" <<'JSON'
{"scripts":[{"match":"Progress","responses":["```clojure\n(return (tool/fake.slow {:ms 20}))\n```"]},
            {"match":"Stuck","responses":["```clojure\n(return (tool/fake.slow {:ms 20000}))\n```"]}]}
JSON
run "Progress" --script "$tmp/script4.json" --mcp "fake=$server" --trace "$tmp/trace.jsonl"
check progress 0
if [[ $(jq -c 'select(.event == "tool_progress") | [.agent, .tool, .progress, .total, .message]' "$tmp/trace.jsonl" | tr '\n' ' ') == '["analyst","fake.slow",1,2,"step 1"] ["analyst","fake.slow",2,2,"step 2"] ' ]]; then ok; else bad "progress events in the trace: $(grep progress "$tmp/trace.jsonl")"; fi
start=$(date +%s%N)
run "Stuck" --script "$tmp/script4.json" --mcp "fake=$server --state-file $tmp/cancels" --timeout-ms 1500
check stuck 1 "mission_timeout"
elapsed_ms=$((($(date +%s%N) - start) / 1000000))
if grep -q '^cancelled [0-9]' "$tmp/cancels"; then ok; else bad "the server heard notifications/cancelled: $(tr '\n' ' ' <"$tmp/cancels")"; fi
if ((elapsed_ms < 10000)); then ok; else bad "a stuck call does not hold the command ($elapsed_ms ms)"; fi
grep "^start" "$tmp/cancels" >>"$tmp/starts"

# `ptc mcp`: code mode over stdio. Lines in, lines out; the upstream server's tools listed in
# run_program's description and callable from the program; a call in flight when stdin
# closes is still answered.
init='{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}'
list='{"jsonrpc":"2.0","id":2,"method":"tools/list"}'
call='{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"run_program","arguments":{"program":"(println \"hi\") (return (mapv #(tool/fake.echo {:message %}) data/words))","data":{"words":["a","b"]}}}}'
printf '%s\n' "$init" "$list" "$call" |
  env -i PATH="$PATH" HOME="$tmp" timeout 60 "$ptc" mcp --mcp "fake=$server --state-file $tmp/starts" >"$tmp/out" 2>"$tmp/err"
echo $? >"$tmp/code"
check serve 0
if [[ $(jq -r 'select(.id == 1) | .result.protocolVersion' "$tmp/out") == 2025-06-18 ]]; then ok; else bad "serve: initialize"; fi
if jq -r 'select(.id == 2) | .result.tools[0].description' "$tmp/out" | grep -q '^tool/fake.echo(message :string) -> :any'; then ok; else bad "serve: run_program lists tool/fake.echo"; fi
if [[ $(jq -c 'select(.id == 3) | .result | [.structuredContent, .content[1].text]' "$tmp/out") == '[{"result":["a","b"]},"printed:\nhi\n"]' ]]; then ok; else bad "serve: run_program result"; fi
# A message over ptc mcp's 64 MiB limit is answered with a parse error that says so, and is
# skipped as it is read (not held whole); the session goes on.
{
  printf '%s\n' "$init"
  printf '{"jsonrpc":"2.0","id":9,"method":"ping","params":{"pad":"'
  head -c $((80 * 1024 * 1024)) /dev/zero | tr '\0' a
  printf '"}}\n{"jsonrpc":"2.0","id":10,"method":"ping"}\n'
} | env -i PATH="$PATH" HOME="$tmp" timeout 120 "$ptc" mcp >"$tmp/out" 2>"$tmp/err"
echo $? >"$tmp/code"
check serve-long-line 0
if [[ $(jq -r 'select(.error != null) | .error.message' "$tmp/out") == "Parse error: the message is longer than 64 MiB (ptc mcp's limit); it was skipped" ]]; then ok; else bad "serve: an over-long line is named as such"; fi
if [[ $(jq -c 'select(.id == 10) | .result' "$tmp/out") == '{}' ]]; then ok; else bad "serve: the session goes on after an over-long line"; fi
# A message nesting arrays 200,000 deep (parsed, then copied: a stack overflow before) is
# answered with a parse error that names the nesting limit; the session goes on.
{
  printf '%s\n' "$init"
  printf '{"jsonrpc":"2.0","id":11,"method":"tools/call","params":{"name":"run_program","arguments":{"program":"1","data":'
  head -c 200000 /dev/zero | tr '\0' '['
  head -c 200000 /dev/zero | tr '\0' ']'
  printf '}}}\n{"jsonrpc":"2.0","id":12,"method":"ping"}\n'
} | env -i PATH="$PATH" HOME="$tmp" timeout 60 "$ptc" mcp >"$tmp/out" 2>"$tmp/err"
echo $? >"$tmp/code"
check serve-deep-message 0
if [[ $(jq -r 'select(.error != null) | .error.message' "$tmp/out") == "Parse error: the message nests arrays and objects more than 512 levels deep (ptc's limit)" ]]; then ok; else bad "serve: a message nested too deep is named as such"; fi
if [[ $(jq -c 'select(.id == 12) | .result' "$tmp/out") == '{}' ]]; then ok; else bad "serve: the session goes on after a message nested too deep"; fi
# Fields of other types than MCP's are answered as invalid params; the session goes on (a
# numeric protocolVersion ended the session before: nothing more was answered).
printf '%s\n' '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":5,"capabilities":[],"clientInfo":"x"}}' \
  '{"jsonrpc":"2.0","id":2,"method":"logging/setLevel","params":{"level":5}}' \
  '{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":[1],"reason":5}}' \
  '{"jsonrpc":"2.0","id":3,"method":"ping"}' |
  env -i PATH="$PATH" HOME="$tmp" timeout 60 "$ptc" mcp >"$tmp/out" 2>"$tmp/err"
echo $? >"$tmp/code"
check serve-wrong-types 0
if [[ $(jq -r 'select(.id == 1) | .error.message' "$tmp/out") == "Invalid params: type must be string, but is number" ]]; then ok; else bad "serve: a numeric protocolVersion is invalid params"; fi
if [[ $(jq -c 'select(.id == 3) | .result' "$tmp/out") == '{}' ]]; then ok; else bad "serve: the session goes on after fields of the wrong type"; fi
# An upstream server's new tool list (notifications/tools/list_changed) reaches `ptc mcp`'s
# host as its own list_changed, and the next calls and the next tools/list use it.
grow='{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"run_program","arguments":{"program":"(tool/fake.grow)"}}}'
relist='{"jsonrpc":"2.0","id":5,"method":"tools/list"}'
use='{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"run_program","arguments":{"program":"(tool/fake.grown1)"}}}'
{
  printf '%s\n' "$init" "$grow"
  # The new list arrives after the grow call's answer: wait for the notice before going on.
  for _ in $(seq 1 200); do grep -q list_changed "$tmp/out" 2>/dev/null && break; sleep 0.05; done
  printf '%s\n' "$relist" "$use"
} | env -i PATH="$PATH" HOME="$tmp" timeout 60 "$ptc" mcp --mcp "fake=$server --grow --state-file $tmp/starts" >"$tmp/out" 2>"$tmp/err"
echo $? >"$tmp/code"
check serve-list-changed 0
if [[ $(jq -r 'select(.method == "notifications/tools/list_changed") | .method' "$tmp/out") == notifications/tools/list_changed ]]; then ok; else bad "serve: the host hears list_changed"; fi
if jq -r 'select(.id == 5) | .result.tools[0].description' "$tmp/out" | grep -q '^tool/fake.grown1() -> :any'; then ok; else bad "serve: run_program lists tool/fake.grown1"; fi
if [[ $(jq -c 'select(.id == 6) | .result.structuredContent' "$tmp/out") == '{"result":"ok grown1"}' ]]; then ok; else bad "serve: the new tool is called: $(cat "$tmp/out")"; fi
if [[ $(jq -r 'select(.id == 1) | .result.capabilities.tools.listChanged' "$tmp/out") == true ]]; then ok; else bad "serve: listChanged capability"; fi

# `ptc mcp` serves the agents of mcp.agents as tools beside run_program: schemas from the
# signature, the upstream tools they name, a notifications/progress per turn.
cat >"$tmp/agents.json" <<'JSON'
{"mcp": {"agents": [{"name": "shout", "mission": "Shout {{word}}", "signature": "(word :string) -> {loud :string}",
                     "description": "Shouts a word", "tools": "fake.echo", "max_turns": 3}]}}
JSON
cat >"$tmp/agent_script.json" <<'JSON'
{"scripts":[{"match":"Shout","responses":["```clojure\n(println data/word)\n```","```clojure\n(return {:loud (str (tool/fake.echo {:message data/word}) \"!\")})\n```"]}]}
JSON
shout='{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"shout","arguments":{"word":"hey"},"_meta":{"progressToken":"p1"}}}'
printf '%s\n' "$init" "$list" "$shout" |
  env -i PATH="$PATH" HOME="$tmp" timeout 60 "$ptc" mcp --config "$tmp/agents.json" --script "$tmp/agent_script.json" \
    --mcp "fake=$server --state-file $tmp/starts" >"$tmp/out" 2>"$tmp/err"
echo $? >"$tmp/code"
check serve-agent 0
if [[ $(jq -c 'select(.id == 2) | .result.tools[1] | [.name, .description, .inputSchema.required, .outputSchema.required]' "$tmp/out") == \
      '["shout","Shouts a word\nA ptc agent: it works on the task with its own LLM and tools over several steps, then returns a value of the output schema.",["word"],["loud"]]' ]]; then ok; else bad "serve-agent: tools/list: $(jq -c 'select(.id == 2)' "$tmp/out")"; fi
if [[ $(jq -c 'select(.id == 7) | .result.structuredContent' "$tmp/out") == '{"loud":"hey!"}' ]]; then ok; else bad "serve-agent: the result: $(cat "$tmp/out")"; fi
if [[ $(jq -c 'select(.method == "notifications/progress") | .params | [.progressToken, .progress, .total]' "$tmp/out" | tr '\n' ' ') == '["p1",1,3] ["p1",2,3] ' ]]; then ok; else bad "serve-agent: progress per turn: $(grep progress "$tmp/out")"; fi
env -i PATH="$PATH" HOME="$tmp" timeout 60 "$ptc" mcp --config "$tmp/agents.json" --list-tools >"$tmp/out" 2>"$tmp/err" </dev/null
echo $? >"$tmp/code"
check serve-agent-unknown-tool 2 "Error: mcp.agents[0].tools: no tool named fake.echo (the tools: none; add --tools, --mcp or --mcp-url)"

# `ptc mcp --expose`: a gateway. The upstream server's tools are served as they are beside
# run_program (over stdio here; over HTTP in tests/mcp/conformance_test.sh), and an unknown
# server name or a tool named like one of ptc mcp's own is a usage error.
init25='{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}'
img='{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"image","arguments":{}}}'
rpcerr='{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"rpc_error","arguments":{}}}'
printf '%s\n' "$init25" "$list" "$img" "$rpcerr" |
  env -i PATH="$PATH" HOME="$tmp" timeout 60 "$ptc" mcp --mcp "fake=$server" --expose fake >"$tmp/out" 2>"$tmp/err"
echo $? >"$tmp/code"
check expose 0
if [[ $(jq -c 'select(.id == 2) | [.result.tools[].name] | .[0:3]' "$tmp/out") == '["run_program","add","big_line"]' ]]; then ok; else bad "expose: tools/list: $(jq -c 'select(.id == 2) | [.result.tools[].name]' "$tmp/out")"; fi
if [[ $(jq -c 'select(.id == 3) | .result.content[0] | [.type, .mimeType, (.data | length > 0)]' "$tmp/out") == '["image","image/png",true]' ]]; then ok; else bad "expose: the image as it is: $(jq -c 'select(.id == 3)' "$tmp/out")"; fi
if [[ $(jq -c 'select(.id == 4) | .error' "$tmp/out") == '{"code":-32602,"message":"bad params"}' ]]; then ok; else bad "expose: the server's JSON-RPC error as it is: $(jq -c 'select(.id == 4)' "$tmp/out")"; fi
env -i PATH="$PATH" HOME="$tmp" timeout 60 "$ptc" mcp --mcp "fake=$server" --expose fake --list-tools >"$tmp/out" 2>"$tmp/err" </dev/null
echo $? >"$tmp/code"
check expose-list 0
stdout_has expose-list-echo "exposed echo (served as it is, from tool/fake.echo)"
env -i PATH="$PATH" HOME="$tmp" timeout 60 "$ptc" mcp --mcp "fake=$server" --expose fak --list-tools >"$tmp/out" 2>"$tmp/err" </dev/null
echo $? >"$tmp/code"
check expose-unknown 2 "Error: --expose: no upstream server named fak (give it with --mcp, --mcp-url or tools.mcp)"
cat >"$tmp/clash.json" <<JSON
{"tools": {"mcp": [{"name": "a", "command": "$server", "expose": true}, {"name": "b", "command": "$server", "expose": true}]}}
JSON
env -i PATH="$PATH" HOME="$tmp" timeout 60 "$ptc" mcp --config "$tmp/clash.json" --list-tools >"$tmp/out" 2>"$tmp/err" </dev/null
echo $? >"$tmp/code"
check expose-clash 2 "Error: the exposed tool echo (tool/b.echo) has the name of another tool ptc mcp serves"

# `ptc mcp --http`: a non-loopback address needs a token; a bad address is a usage error.
env -i PATH="$PATH" HOME="$tmp" timeout 20 "$ptc" mcp --http 0.0.0.0:0 >"$tmp/out" 2>"$tmp/err" </dev/null
echo $? >"$tmp/code"
check http-no-token 2 "Error: --http: refusing to listen on 0.0.0.0 without a bearer token"
env -i PATH="$PATH" HOME="$tmp" timeout 20 "$ptc" mcp --http 127.0.0.1:notaport >"$tmp/out" 2>"$tmp/err" </dev/null
echo $? >"$tmp/code"
check http-bad-port 2 'Error: --http: expected [HOST:]PORT, got "127.0.0.1:notaport"'
env -i PATH="$PATH" HOME="$tmp" timeout 20 "$ptc" mcp --http 0 --token-env PTC_NO_SUCH_TOKEN >"$tmp/out" 2>"$tmp/err" </dev/null
echo $? >"$tmp/code"
check http-token-unset 2 "Error: --token-env: the environment variable PTC_NO_SUCH_TOKEN is not set"

# Nested: an agent of `ptc run` calls `ptc mcp`'s run_program as tool/code.run_program.
cat >"$tmp/script3.json" <<'JSON'
{"scripts":[{"match":"","responses":["```clojure\n(return (:result (tool/code.run_program {:program \"(:name (tool/get-product {:id 1}))\"})))\n```"]}]}
JSON
run "Nested code mode" --script "$tmp/script3.json" --tools exchange-rate --mcp "code=$ptc mcp --tools get-product"
check nested 0
stdout_is nested-out '"Wireless Mouse"'

# ptc ended by a signal, even SIGKILL (no cleanup of its own runs), leaves nothing behind: the
# server's keeper sees ptc's lifeline close and ends the server's process group, here a wrapper
# shell, the server and a grandchild it started. The same early in the start-up.
for sig in TERM KILL; do
  for delay in 1.5 0.05; do
    rm -f "$tmp/grandchild"
    wrapped="sh -c 'sleep 600 & echo \$! > $tmp/grandchild; exec $server --state-file $tmp/starts'"
    (sleep 30 | env -i PATH="$PATH" HOME="$tmp" "$ptc" mcp --mcp "w=$wrapped" >/dev/null 2>"$tmp/err") 2>/dev/null &
    feeder=$!
    sleep "$delay"
    ptc_pid=$(pgrep -n -f "$ptc mcp --mcp w=")
    if [[ $delay == 1.5 && ! -s $tmp/grandchild ]]; then bad "signal-$sig: the wrapped server did not start"; fi
    [[ -n $ptc_pid ]] && kill -"$sig" "$ptc_pid"
    gone=0
    for _ in $(seq 1 50); do
      sleep 0.1
      g=$(cat "$tmp/grandchild" 2>/dev/null)
      state=$([[ -n $g ]] && ps -o stat= -p "$g" 2>/dev/null)
      if [[ -z $state || $state == Z* ]] && ! pgrep -f "ptc-mcp-keeper .*state-file $tmp/starts" >/dev/null; then gone=1; break; fi
    done
    if [[ $gone == 1 ]]; then ok; else bad "signal-$sig after ${delay}s: left behind: $(pgrep -af "sleep 600|ptc-mcp-keeper" | head -5)"; fi
    pkill -P "$feeder" sleep 2>/dev/null
    wait "$feeder" 2>/dev/null
  done
done

# Nothing left behind: every server process started above has ended.
sleep 0.5
left=0
while read -r what pid; do
  [[ $what == start ]] || continue
  # A zombie has ended (PID 1 of a container may be slow to reap what ptc's death orphaned).
  state=$(ps -o stat= -p "$pid" 2>/dev/null)
  if [[ -n $state && $state != Z* ]]; then left=$((left + 1)); echo "server $pid still running: $(ps -o pid,ppid,stat,etime,cmd -p "$pid" | tail -1)"; fi
done <"$tmp/starts"
if [[ $left == 0 && $(grep -c '^start' "$tmp/starts") -ge 2 ]]; then ok; else bad "no server left behind ($left running)"; fi

echo "ptc mcp command line: $passed passed, $failed failed"
[[ $failed == 0 ]]
