#!/usr/bin/env bash
# Runs real `ptc node` processes on 127.0.0.1 and `ptc run --nodes` against them (the README's
# three-node commands), checking stdout, stderr and exit codes. Every command has a time limit.
set -u
ptc="$1"
tmp=$(mktemp -d)
pids=()
cleanup() {
  for p in "${pids[@]}"; do { kill -9 "$p"; wait "$p"; } 2>/dev/null; done
  rm -rf "$tmp"
}
trap cleanup EXIT
source "$(dirname "$0")/check_lib.sh"

# A clean environment: no provider key, no PTC_* setting of the machine running the tests.
run() {
  env -i PATH="$PATH" HOME="$tmp" timeout 120 "$ptc" run "$@" >"$tmp/out" 2>"$tmp/err"
  echo $? >"$tmp/code"
}

# start_node N [FLAGS...]: starts node N on a free port; its address goes to addr[N]. With
# restartable=1, the port is one under the kernel's ephemeral range, which no process's outgoing
# connection takes while the node is down (a few tries, in case one is in use).
declare -a addr
read -r ephemeral_low _ </proc/sys/net/ipv4/ip_local_port_range
start_node() {
  local n=$1 port=0
  shift
  for _ in 1 2 3 4 5; do
    [[ ${restartable:-0} == 1 ]] && port=$((10000 + RANDOM % (ephemeral_low - 10000)))
    env -i PATH="$PATH" HOME="$tmp" "$ptc" node --port "$port" --threads 1 "$@" >"$tmp/node$n.out" 2>"$tmp/node$n.err" &
    pids[$n]=$!
    for _ in $(seq 1 200); do
      if grep -q "listening on" "$tmp/node$n.out" 2>/dev/null || ! kill -0 "${pids[$n]}" 2>/dev/null; then break; fi
      sleep 0.05
    done
    addr[$n]=$(grep -o '127\.0\.0\.1:[0-9]*' "$tmp/node$n.out" | head -1)
    if [[ -n ${addr[$n]} || ${restartable:-0} != 1 ]] || ! grep -q "Address already in use" "$tmp/node$n.err"; then break; fi
  done
  if [[ -z ${addr[$n]} ]]; then
    echo "FAIL node $n did not start: $(cat "$tmp/node$n.out" "$tmp/node$n.err")"
    failed=$((failed + 1))
  fi
}

# Safe by default: not on a non-loopback address without --insecure-plaintext (which warns).
env -i PATH="$PATH" HOME="$tmp" timeout 20 "$ptc" node --port 0 --host 0.0.0.0 >"$tmp/out" 2>"$tmp/err" </dev/null
echo $? >"$tmp/code"
check no-plaintext-host 2 "Error: --host 0.0.0.0: a node on a non-loopback address needs TLS" \
  "Pass --insecure-plaintext to do that anyway on a network you trust"
env -i PATH="$PATH" HOME="$tmp" "$ptc" node --port 0 --threads 1 --host 0.0.0.0 --insecure-plaintext >"$tmp/node0.out" 2>"$tmp/node0.err" &
plain_pid=$!
for _ in $(seq 1 200); do grep -q "listening on" "$tmp/node0.out" 2>/dev/null && break; sleep 0.05; done
kill $plain_pid 2>/dev/null
wait $plain_pid 2>/dev/null
if grep -q "listening on 0.0.0.0:" "$tmp/node0.out" && grep -q "WARNING: listening on 0.0.0.0 in plaintext without authentication" "$tmp/node0.err"; then ok; else bad "insecure-plaintext: $(cat "$tmp/node0.out" "$tmp/node0.err")"; fi

start_node 1
start_node 2
restartable=1 start_node 3  # restarted on its port below
nodes="${addr[1]},${addr[2]},${addr[3]}"
if [[ "$(cat "$tmp/node1.out")" == *"tools: find-orders, get-product, find-employees, employee-expenses, exchange-rate"* ]]; then ok; else bad "node banner lists its tools"; fi

# The demo mission on one node, with the nodes' own (scripted demo) LLM and tools.
run --nodes "$nodes" --trace "$tmp/node_trace.jsonl"
check "demo on a node" 0 "nodes: $nodes (round-robin; llm: each node's own)" "node: ${addr[1]}" \
  "turn 4/5: returned" "done: returned after 4 turns"
stdout_has "demo on a node: answer" '"region": "NA"'
# The trace says where the agent ran ("node": host and pid of the node's process), and so does
# the trace viewer's agent table.
node_pid=${pids[1]}
if jq -e -s --arg pid ":$node_pid" '[.[] | select(.event == "turn")] | length == 4 and all(.node | endswith($pid))' \
  "$tmp/node_trace.jsonl" >/dev/null; then ok; else bad "trace events name the node: $(jq -c 'select(.event == "turn") | .node' "$tmp/node_trace.jsonl" | head -2)"; fi
"$ptc" trace html "$tmp/node_trace.jsonl" -o "$tmp/node_trace.html" 2>/dev/null
if grep -q "\"node\":\"[^\"]*:$node_pid\"" "$tmp/node_trace.html"; then ok; else bad "the trace page lacks the node"; fi

# 30 copies spread over the three nodes: every node used, every result right.
run --nodes "$nodes" --agents 30 "Which region had the most cancelled or returned orders?"
check "30 agents spread" 0 "30 agents: 30 returned, 0 failed" \
  "node ${addr[1]}: 10 requests" "node ${addr[2]}: 10 requests" "node ${addr[3]}: 10 requests"
if [[ $(grep -c '"NA": 3' "$tmp/out") == 30 ]]; then ok; else bad "30 agents: each result"; fi

run --nodes "$nodes" --agents 12 --placement least-loaded "Which region had the most cancelled or returned orders?"
check "least-loaded" 0 "12 agents: 12 returned" "(least-loaded;"

# An LLM named on the command line answers for the remote agents too.
run --nodes "${addr[2]}" --script "$(dirname "$0")/../../examples/demo/demo_script.json" \
  "Which region had the most cancelled or returned orders?"
check "caller's LLM" 0 "llm: this process's" "done: returned after 1 turn"

# A node that is not there: an error naming it, exit 2.
# (a port a node had: nothing listens on it once the node is gone)
start_node 6
{ kill -9 "${pids[6]}"; wait "${pids[6]}"; } 2>/dev/null
dead_port=${addr[6]##*:}
run --nodes "${addr[1]},127.0.0.1:$dead_port"
check "unreachable node" 2 "Error: node 127.0.0.1:$dead_port unreachable"

run --nodes "nonsense"
check "bad node list" 2 'Error: --nodes: "nonsense" is not HOST:PORT'
run --agents 3
check "--agents without --nodes" 2 "give --nodes too"

# A node lost mid-mission: node_lost, and the summary counts the turns that ran there.
start_node 7
printf '{"scripts":[{"match":"","responses":["```clojure\\n(println 1)\\n```","```clojure\\n(loop [i 0] (recur (inc i)))\\n```"]}]}' >"$tmp/lost.json"
env -i PATH="$PATH" HOME="$tmp" PTC_EVAL_TIMEOUT_MS=600000 PTC_MAX_STEPS=1000000000000 timeout 60 \
  "$ptc" run --nodes "${addr[7]}" --script "$tmp/lost.json" "Run on a node that dies" >"$tmp/out" 2>"$tmp/err" &
runner=$!
for _ in $(seq 1 200); do
  if grep -q "turn 1/5" "$tmp/err" 2>/dev/null; then break; fi
  sleep 0.05
done
sleep 0.3
{ kill -9 "${pids[7]}"; wait "${pids[7]}"; } 2>/dev/null
wait "$runner"
echo $? >"$tmp/code"
check "node lost mid-mission" 1 "Failed: node_lost" "failed: node_lost after 1 turn,"

# Another protocol version: a clear error.
start_node 4 --protocol ptc-node/0
run --nodes "${addr[4]}"
check "version mismatch" 2 "speaks protocol \"ptc-node/0\", this process \"ptc-node/2\""

# A node killed (SIGKILL) is reported lost; restarted on the same port it serves again.
{ kill -9 "${pids[3]}"; wait "${pids[3]}"; } 2>/dev/null
run --nodes "${addr[3]}"
check "killed node" 2 "Error: node ${addr[3]} unreachable"
port3=${addr[3]##*:}
env -i PATH="$PATH" HOME="$tmp" "$ptc" node --port "$port3" --threads 1 >"$tmp/node3b.out" 2>"$tmp/node3b.err" &
pids[5]=$!
for _ in $(seq 1 200); do grep -q "listening on" "$tmp/node3b.out" 2>/dev/null && break; sleep 0.05; done
run --nodes "${addr[3]}" "Which region had the most cancelled or returned orders?"
check "node restarted on its port" 0 "done: returned after 1 turn"

# Mutual TLS from the command line (the README's commands): a TLS node on a non-loopback
# address is allowed without --insecure-plaintext; a client with the certificates is served,
# one without is told why.
"$ptc" certs init "$tmp/pki" >/dev/null
tls_node=(--tls-cert "$tmp/pki/node.pem" --tls-key "$tmp/pki/node.key" --tls-ca "$tmp/pki/ca.pem")
tls_client=(--tls-cert "$tmp/pki/client.pem" --tls-key "$tmp/pki/client.key" --tls-ca "$tmp/pki/ca.pem")
env -i PATH="$PATH" HOME="$tmp" "$ptc" node --port 0 --threads 1 --host 0.0.0.0 "${tls_node[@]}" >"$tmp/node8.out" 2>"$tmp/node8.err" &
pids[8]=$!
for _ in $(seq 1 200); do grep -q "listening on" "$tmp/node8.out" 2>/dev/null && break; sleep 0.05; done
if grep -q "listening on 0.0.0.0:[0-9]* (TLS;" "$tmp/node8.out" && ! grep -q WARNING "$tmp/node8.err"; then ok; else bad "TLS node banner: $(cat "$tmp/node8.out" "$tmp/node8.err")"; fi
tls_port=$(grep -o '0\.0\.0\.0:[0-9]*' "$tmp/node8.out" | head -1)
tls_port=${tls_port##*:}
run --nodes "127.0.0.1:$tls_port" "${tls_client[@]}" "Which region had the most cancelled or returned orders?"
check "run through a TLS node" 0 "done: returned after 1 turn"
run --nodes "127.0.0.1:$tls_port" "Which region had the most cancelled or returned orders?"
check "plaintext client, TLS node" 2 "Error: node 127.0.0.1:$tls_port unreachable (the node closed the connection before its handshake: it may require TLS"
run --nodes "127.0.0.1:$tls_port" --tls-cert "$tmp/pki/client.pem" "Which region had the most cancelled or returned orders?"
check "incomplete TLS flags" 2 "TLS needs all three of --tls-cert, --tls-key and --tls-ca"

# Bad usage of the node itself.
env -i PATH="$PATH" timeout 20 "$ptc" node --port 70000 >"$tmp/out" 2>"$tmp/err"
echo $? >"$tmp/code"
check "node: bad port" 2 "--port"
env -i PATH="$PATH" timeout 20 "$ptc" node --port 0 --tools nope >"$tmp/out" 2>"$tmp/err"
echo $? >"$tmp/code"
check "node: unknown tool" 2 "--tools"
# CAF 0.17 sometimes leaks the doorman of a failed listen (tests/sanitizer/lsan.supp).
env -i PATH="$PATH" LSAN_OPTIONS="suppressions=$(cd "$(dirname "$0")/.." && pwd)/sanitizer/lsan.supp" \
  timeout 20 "$ptc" node --port "${addr[1]##*:}" >"$tmp/out" 2>"$tmp/err"
echo $? >"$tmp/code"
check "node: port in use" 2 "Error: cannot listen on 127.0.0.1:${addr[1]##*:}"

# SIGTERM stops a node cleanly (exit 0).
kill -TERM "${pids[1]}"
if wait "${pids[1]}"; then ok; else bad "node: SIGTERM exits 0 (got $?)"; fi

echo "ptc node: $passed passed, $failed failed"
[[ $failed == 0 ]]
