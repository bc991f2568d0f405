#!/usr/bin/env bash
# Runs the real `ptc run` binary (offline: scripted LLM, cassettes) and checks stdout, stderr,
# exit codes and trace files. Every run has a time limit, so a hang fails instead of blocking.
set -u
ptc="$1"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
source "$(dirname "$0")/check_lib.sh"

# A clean environment: no provider key, no PTC_* setting of the machine running the tests.
run() {
  env -i PATH="$PATH" HOME="$tmp" ${EXTRA_ENV:-} timeout 120 "$ptc" run "$@" >"$tmp/out" 2>"$tmp/err"
  echo $? >"$tmp/code"
}

demo_answer='{
  "region": "NA",
  "revenue": 27860.1,
  "top_categories": [
    {
      "category": "Furniture",
      "revenue": 6898.75
    },
    {
      "category": "Kitchen",
      "revenue": 6818.94
    },
    {
      "category": "Outdoor",
      "revenue": 6259.9
    }
  ],
  "top_rep": {
    "name": "Emily Johnson",
    "revenue": 14643.01
  }
}'

# The offline demo: four turns (explore, a type error, the fix with a tool call, the answer).
run --trace "$tmp/trace.jsonl" --record "$tmp/cassette.jsonl"
check offline-demo 0 "offline demo: scripted LLM, no API key found" \
  "compression: on (15 printlns, 20 tool calls)" \
  "turn 1/5: ran, 5 printlns, 0 tool calls" \
  "turn 2/5: error (type), 0 printlns, 0 tool calls" \
  "turn 3/5: ran, 3 printlns, 1 tool call (find-orders)" \
  "turn 4/5: returned, 2 printlns, 0 tool calls" \
  "done: returned after 4 turns"
stdout_is offline-demo-answer "$demo_answer"

# The trace: every kind of event, one JSON object per line.
for event in turn llm_request llm_response step; do
  n=$(grep -c "\"event\":\"$event\"" "$tmp/trace.jsonl" 2>/dev/null)
  want=4
  [[ $event == step ]] && want=1
  if [[ "$n" == "$want" ]]; then ok; else failed=$((failed + 1)); echo "FAIL trace has $n $event events, want $want"; fi
done
if [[ $(grep -vc '^{"time_us":' "$tmp/trace.jsonl") == 0 ]]; then ok; else
  failed=$((failed + 1)); echo "FAIL trace lines are not all JSON objects with time_us"; fi

# --show-turns prints the LLM's responses and the programs' output.
run --show-turns
check show-turns 0 "  > Let me first look at the data" "  ; orders: 200 products: 30 employees: 25 expenses: 150" \
  '  ! type: <=: argument 1 must be a number'

# The same mission with the data written out and read back, without compression.
run --write-demo-data "$tmp/demo.json"
check write-demo-data 0 "wrote the demo data"
run --data "$tmp/demo.json" --no-compress
check data-file 0 "compression: off" "done: returned after 4 turns"
stdout_is data-file-answer "$demo_answer"

# Other scripted demo missions: multi-turn with tools, and single-turn.
run "Who has pending expense claims totalling more than 500 EUR?" --tools exchange-rate
check expenses-mission 0 "turn 2/5: ran" "4 tool calls (exchange-rate x4)" "done: returned after 3 turns"
stdout_has expenses-answer '"name": "Sofia Rossi"'
run "How many orders were cancelled or returned in each region?"
check single-turn-mission 0 "turn 1/5: returned" "done: returned after 1 turn,"
stdout_is single-turn-answer $'{\n  "NA": 3,\n  "APAC": 5,\n  "EMEA": 2\n}'

# Failures: too few turns, a mission the offline demo cannot answer, bad flags.
run --max-turns 2
check max-turns 1 "turn 2/2: error" "Failed: max_turns_exceeded"
stdout_has max-turns-json '"reason": "max_turns_exceeded"'
run "What is the meaning of life?"
check unknown-offline-mission 2 "only answers its own missions" "ptc run \"How many orders were cancelled"
run --tools find-orders,no-such-tool
check unknown-tool 2 'Error: --tools: unknown tool "no-such-tool" (available: find-orders, get-product, find-employees, employee-expenses, exchange-rate)'
run --llm nosuch:model
check unknown-provider 2 "unknown LLM provider"
run --compress=many
check bad-compress 2 "--compress: expected"
run --compress=2,3 --list-tools
check list-tools 0
stdout_has list-tools-out "tool/get-product(id :int) -> {id :int"

# A script of one's own.
printf '{"scripts":[{"match":"","responses":["Easy.\\n\\n```clojure\\n(return (count data/orders))\\n```"]}]}' >"$tmp/script.json"
run "Count the orders" --script "$tmp/script.json"
check own-script 0 "turn 1/5: returned"
stdout_is own-script-answer "200"
run "Count the orders" --script "$tmp/none.json"
check missing-script 2 "cannot be read"

# A program that defines and returns collections nested 100,000 deep: the run's trace and
# result write them as "too deep" (writing them overflowed a worker's stack before).
printf '%s' '{"scripts":[{"match":"","responses":["Build.\n\n```clojure\n(def deep (reduce (fn [a _] {:a a}) {} (range 100000)))\n(count (str deep))\n```","Done.\n\n```clojure\n(return deep)\n```"]}]}' >"$tmp/deep.json"
run "Nest" --script "$tmp/deep.json" --trace "$tmp/deep-trace.jsonl"
check deep-value 0 "turn 1/5: ran" "done: returned after 2 turns"
stdout_has deep-value-out "value too deep to write: collections nested more than 511 levels deep"

# Replay: the recorded demo answers again with no model; a missing entry fails clearly.
key="sk-test-DO-NOT-PRINT-7f3a9c"
sed 's/"model":""/"model":"gpt-4o-mini"/' "$tmp/cassette.jsonl" >"$tmp/mini.jsonl"
EXTRA_ENV="OPENAI_API_KEY=$key" run --llm openai:gpt-4o-mini --replay "$tmp/mini.jsonl" --trace "$tmp/replay.jsonl"
check replay 0 "llm: replay:gpt-4o-mini" "done: returned after 4 turns"
stdout_is replay-answer "$demo_answer"
if grep -q "$key" "$tmp/out" "$tmp/err" "$tmp/replay.jsonl" "$tmp/mini.jsonl"; then
  failed=$((failed + 1)); echo "FAIL the API key appears in the output, trace or cassette"; else ok; fi
: >"$tmp/empty.jsonl"
EXTRA_ENV="OPENAI_API_KEY=$key" run --llm openai:gpt-4o-mini --replay "$tmp/empty.jsonl" --trace "$tmp/miss.jsonl"
check replay-miss 1 "Failed: llm_error" "no recorded response"
stdout_has replay-miss-json '"reason": "llm_error"'
if grep -q "$key" "$tmp/out" "$tmp/err" "$tmp/miss.jsonl"; then
  failed=$((failed + 1)); echo "FAIL the API key appears after a replay miss"; else ok; fi
if [[ $(grep -c '"request"' "$tmp/cassette.jsonl") == 4 ]]; then ok; else
  failed=$((failed + 1)); echo "FAIL --record wrote $(wc -l <"$tmp/cassette.jsonl") lines, want 4 exchanges"; fi

# A network provider that cannot be reached: a clear llm_error after the retries, no key shown.
EXTRA_ENV="OPENAI_API_KEY=$key PTC_BASE_URL=http://127.0.0.1:9/v1 PTC_MAX_RETRIES=1 PTC_BACKOFF_BASE_MS=10" \
  run --llm openai:gpt-4o-mini --trace "$tmp/refused.jsonl"
check connection-refused 1 "Failed: llm_error" "127.0.0.1:9" \
  "failed: llm_error after 0 turns, tokens 0 in / 0 out, 2 LLM requests"
if grep -q "$key" "$tmp/out" "$tmp/err" "$tmp/refused.jsonl"; then
  failed=$((failed + 1)); echo "FAIL the API key appears after a connection error"; else ok; fi
run --replay "$tmp/none.jsonl"
check replay-no-file 2 "cannot read the replay cassette"

# A program that never ends: the mission timeout stops it, and the process exits at once with
# the mission's reason (issue 14). The program's own limits are far away.
printf '{"scripts":[{"match":"","responses":["```clojure\\n(loop [i 0] (recur (inc i)))\\n```"]}]}' >"$tmp/spin.json"
started=$(date +%s%N)
EXTRA_ENV="PTC_EVAL_TIMEOUT_MS=600000 PTC_MAX_STEPS=1000000000000" \
  run "Spin forever" --script "$tmp/spin.json" --timeout-ms 300
elapsed_ms=$((($(date +%s%N) - started) / 1000000))
check mission-timeout-exits 1 "Failed: mission_timeout: mission timed out after 300 ms"
stdout_has mission-timeout-json '"reason": "mission_timeout"'
if ((elapsed_ms < 3000)); then ok; else
  failed=$((failed + 1)); echo "FAIL ptc run took $elapsed_ms ms to exit after a 300 ms mission timeout"; fi

# A value defined in memory that is tiny but huge when walked (a DAG of shared vectors): the
# turn's trace event, the progress line and the Step are written without walking it whole.
printf '{"scripts":[{"match":"","responses":["```clojure\\n(def x (reduce (fn [a _] [a a]) [] (range 40)))\\n```","```clojure\\n(return 1)\\n```"]}]}' >"$tmp/dag.json"
run "Keep a DAG" --script "$tmp/dag.json" --trace "$tmp/dag.jsonl" --timeout-ms 20000
check dag-in-memory 0 "turn 1/5: ran" "done: returned after 2 turns"
stdout_is dag-in-memory-answer "1"
if grep -q "value too large to write" "$tmp/dag.jsonl"; then ok; else
  failed=$((failed + 1)); echo "FAIL the trace does not say the DAG was too large to write"; fi

# On a terminal: below the turn lines, a live status line per running agent (script(1) gives
# the command a pty); piped, plain lines only (every run above).
env -i PATH="$PATH" HOME="$tmp" TERM=xterm timeout 120 script -qec "$ptc run" /dev/null >"$tmp/tty" 2>&1 </dev/null
if grep -q $'\033\[36manalyst\033\[0m: turn 4/5, ' "$tmp/tty" && grep -q 'waiting for the LLM' "$tmp/tty" &&
   grep -q 'turn 4/5: returned' "$tmp/tty"; then ok; else
  failed=$((failed + 1)); echo "FAIL no live status line on a terminal: $(head -c 1500 "$tmp/tty" | cat -v)"; fi
if grep -q $'\033' "$tmp/err"; then
  failed=$((failed + 1)); echo "FAIL piped progress has terminal escapes"; else ok; fi

echo "$passed passed, $failed failed"
[[ $failed == 0 ]]
