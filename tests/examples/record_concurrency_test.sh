#!/usr/bin/env bash
# Many `ptc run` processes at once, all recording into one cassette (--record) and tracing into
# one file (--trace): every line of both files is whole JSON, no record is lost, and --replay
# accepts the cassette. Usage: record_concurrency_test.sh PTC [PROCESSES, default 100]
set -u
ptc="$1"
processes="${2:-100}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
source "$(dirname "$0")/check_lib.sh"
source "$(dirname "$0")/json_lines_lib.sh"

# Two turns; the replies are padded to ~40 KB, so each record is far bigger than any stdio or
# pipe buffer (a record split into several writes is what interleaved before).
pad=$(head -c 40000 /dev/zero | tr '\0' 'p')
printf '{"scripts":[{"match":"","responses":["Look first. %s\\n\\n```clojure\\n(println (count data/orders))\\n```","Now the answer.\\n\\n```clojure\\n(return (count data/orders))\\n```"]}]}' \
  "$pad" >"$tmp/script.json"

for i in $(seq 1 "$processes"); do
  (
    env -i PATH="$PATH" HOME="$tmp" timeout 300 "$ptc" run "Count the orders" --script "$tmp/script.json" \
      --record "$tmp/cassette.jsonl" --trace "$tmp/trace.jsonl" >"$tmp/out.$i" 2>"$tmp/err.$i"
    echo $? >"$tmp/code.$i"
  ) &
done
wait

runs_ok=0
for i in $(seq 1 "$processes"); do
  if [[ $(cat "$tmp/code.$i") == 0 && $(cat "$tmp/out.$i") == 200 ]]; then runs_ok=$((runs_ok + 1)); else
    echo "run $i: exit $(cat "$tmp/code.$i"), stdout $(head -c 200 "$tmp/out.$i"), stderr $(tail -c 500 "$tmp/err.$i")"; fi
done
if [[ $runs_ok == "$processes" ]]; then ok; else
  failed=$((failed + 1)); echo "FAIL $runs_ok of $processes runs returned 200"; fi

# The cassette: per run its ptc_run line and two exchanges, every line whole.
lines=$(wc -l <"$tmp/cassette.jsonl")
valid=$(valid_json_lines "$tmp/cassette.jsonl")
records=$(grep -c '"request"' "$tmp/cassette.jsonl")
headers=$(grep -c '^{"ptc_run"' "$tmp/cassette.jsonl")
if [[ $lines == $((3 * processes)) && $valid == "$lines" && $records == $((2 * processes)) && $headers == "$processes" ]]; then ok; else
  failed=$((failed + 1)); echo "FAIL cassette: $lines lines, $valid valid JSON, $records records, $headers ptc_run lines; want $((3 * processes)), all, $((2 * processes)), $processes"; fi

# The trace: per run a trace_start, two requests, two responses, two turns and a step.
lines=$(wc -l <"$tmp/trace.jsonl")
valid=$(valid_json_lines "$tmp/trace.jsonl")
if [[ $lines == $((8 * processes)) && $valid == "$lines" ]]; then ok; else
  failed=$((failed + 1)); echo "FAIL trace: $lines lines, $valid valid JSON; want $((8 * processes))"; fi
for event in trace_start:1 llm_request:2 llm_response:2 turn:2 step:1; do
  n=$(grep -c "\"event\":\"${event%:*}\"" "$tmp/trace.jsonl")
  if [[ $n == $((${event#*:} * processes)) ]]; then ok; else
    failed=$((failed + 1)); echo "FAIL trace has $n ${event%:*} events, want $((${event#*:} * processes))"; fi
done
# Each process writes its padded reply once (its first sight of it), never more.
n=$(grep -o "Look first. ppp" "$tmp/trace.jsonl" | wc -l)
if [[ $n == "$processes" ]]; then ok; else
  failed=$((failed + 1)); echo "FAIL the padded reply is in the trace $n times, want once per run ($processes)"; fi

# The runs were identical, so the cassette holds each request $processes times with the same
# response: replay answers the n-th identical request with the n-th recording.
env -i PATH="$PATH" HOME="$tmp" timeout 120 "$ptc" run "Count the orders" --replay "$tmp/cassette.jsonl" \
  >"$tmp/out" 2>"$tmp/err"
echo $? >"$tmp/code"
check replay-merged-cassette 0 "done: returned after 2 turns"
stdout_is replay-merged-answer "200"

echo "$passed passed, $failed failed"
[[ $failed == 0 ]]
