#!/usr/bin/env bash
# SHOW-001..004: `ptc show` over a real trace of the offline demo (`ptc run --trace`): every
# turn's program, tool calls, output and result; one turn; the raw responses, the messages the
# LLM got (from the trace's requests) and usage; colours on a terminal (a pty) or when asked,
# plain when piped; clear errors for a missing agent or turn and for a file that is no trace.
# Also the trace fields the viewers read: a run id per agent run and the prompt sizes of both
# history layouts per request.
#
#   ptc_show_test.sh PTC_BINARY
set -euo pipefail
ptc=$(realpath "$1")
tmp=$(mktemp -d /tmp/ptc_show_test.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
source "$(dirname "$0")/check_lib.sh"

(cd "$tmp" && "$ptc" run --trace "$tmp/run.jsonl" >/dev/null 2>&1) || { echo "FAIL: ptc run --trace"; exit 1; }

# The trace's viewer fields.
run_ids=$(jq -r 'select(.event == "llm_request" or .event == "turn" or .event == "step") | .run' "$tmp/run.jsonl" | sort -u)
if [[ $(wc -l <<<"$run_ids") == 1 && $run_ids =~ ^[0-9a-f]{6}-[0-9]+$ ]]; then ok; else bad "one run id on the agent's events: $run_ids"; fi
sizes=$(jq -c 'select(.event == "llm_request") | [.turn, .chars, .uncompressed_chars, (.uncompressed_tail | length)]' "$tmp/run.jsonl")
# Compression is on in the demo: turn 1 is the same both ways; later turns save characters and
# carry the two messages the uncompressed history adds.
if jq -e -s 'length == 4 and .[0][1] == .[0][2] and .[0][3] == 0 and all(.[1:][]; .[2] > .[1] and .[3] == 2)' <<<"$sizes" >/dev/null; then
  ok
else
  bad "request sizes: $sizes"
fi

run show "$tmp/run.jsonl"
check plain 0
stdout_has plain-header "=== analyst: done: returned after 4 turns"
stdout_has plain-turn1 "--- Turn 1 (value) ---"
stdout_has plain-turn2 "--- Turn 2 (error) ---"
stdout_has plain-program "(println \"orders:\" (count data/orders)"
stdout_has plain-result 'Step: returned {:region "NA"'
stdout_lacks plain-no-colour $'\033['
stdout_lacks plain-no-raw "Raw response:"

run show "$tmp/run.jsonl" --turn 2
check one-turn 0
stdout_has one-turn-2 "--- Turn 2 (error) ---"
stdout_lacks one-turn-no-1 "--- Turn 1 "
stdout_lacks one-turn-no-3 "--- Turn 3 "

run show "$tmp/run.jsonl" --view compressed --turn 4
check compressed 0
stdout_has compressed-seen "LLM saw (2 messages):"
stdout_has compressed-system "[system] static system prompt, "
stdout_has compressed-summary ";; === user/ (your prelude) ==="

run show "$tmp/run.jsonl" --view raw
check raw 0
stdout_has raw-response "Raw response:"
stdout_has raw-prose "Let me first look at the data"

run show "$tmp/run.jsonl" --view usage
check usage 0
stdout_has usage-line "Usage: "
stdout_has usage-compression "Compression: single-user-coalesced"

run show "$tmp/run.jsonl" --color always
check colour-always 0
stdout_has colour-always-escape $'\033[1m--- Turn 1 (value) ---\033[0m'

# On a terminal: colours by default (script(1) gives the command a pty).
script -qec "$ptc show $tmp/run.jsonl" /dev/null >"$tmp/out" 2>"$tmp/err" </dev/null
echo 0 >"$tmp/code"
stdout_has tty-colour $'\033[32mStep: returned'

run show "$tmp/run.jsonl" --agent nobody
check no-agent 2 "no agent nobody in" "its agents: analyst"
run show "$tmp/run.jsonl" --turn 9
check no-turn 2 "no turn 9"
printf 'not a trace\n' >"$tmp/bad.jsonl"
run show "$tmp/bad.jsonl"
check not-a-trace 2 "line 1 is not a JSON object"
run show "$tmp/missing.jsonl"
check missing-file 2 "cannot read"
jq -c 'select(.event != "step")' "$tmp/run.jsonl" >"$tmp/nostep.jsonl"
run show "$tmp/nostep.jsonl"
check no-step 1 "holds no finished agent"

echo "passed $passed, failed $failed"
((failed == 0))
