#!/usr/bin/env bash
# REPLAY-001..004: `ptc replay CASSETTE` starts again what `ptc run --record` recorded (flags,
# PTC_* settings, folder from the cassette's ptc_run line), answered from the cassette with no
# network: the same answer; a recording that no longer matches the code says where it diverged
# (agent, turn, message, the differing lines); a cassette without the line is refused clearly.
#
#   ptc_replay_test.sh PTC_BINARY
set -euo pipefail
ptc=$(realpath "$1")
tmp=$(mktemp -d /tmp/ptc_replay_test.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
source "$(dirname "$0")/check_lib.sh"

# Recorded in a folder of its own, with a relative --data file and a PTC_* setting.
mkdir -p "$tmp/rec" "$tmp/elsewhere"
"$ptc" run --write-demo-data "$tmp/rec/data.json" 2>/dev/null
(cd "$tmp/rec" && PTC_MAX_TURNS=6 "$ptc" run --data data.json --record cassette.jsonl >"$tmp/recorded.out" 2>/dev/null)
header=$(head -1 "$tmp/rec/cassette.jsonl")
if jq -e --arg cwd "$tmp/rec" '.ptc_run.args == ["--data", "data.json", "--record", "cassette.jsonl"] and .ptc_run.cwd == $cwd and .ptc_run.env.PTC_MAX_TURNS == "6"' <<<"$header" >/dev/null; then
  ok
else
  bad "the cassette's ptc_run line: $header"
fi

# Replayed from another folder, with other PTC_* settings here: the recorded ones hold.
cd "$tmp/elsewhere"
PTC_MAX_TURNS=1 PTC_LLM=openai:gpt-4o run replay "$tmp/rec/cassette.jsonl" --trace "$tmp/replay.jsonl"
check replay 0 "replay: ptc run --data data.json --replay $tmp/rec/cassette.jsonl" "every LLM request found in the cassette" "max turns: 6"
stdout_is replay-answer "$(cat "$tmp/recorded.out")"
if [[ $(jq -s '[.[] | select(.event == "llm_request")] | length' "$tmp/replay.jsonl") == 4 ]]; then ok; else bad "replay --trace: $(wc -l <"$tmp/replay.jsonl") lines"; fi

# A recording of turn 2 that differs from what the code sends now: where, and how.
jq -c 'if .request.turn == 2 then .request.messages[1].content[-1].text |= sub("Turns left: [0-9]+"; "Turns left: 9") else . end' \
  "$tmp/rec/cassette.jsonl" >"$tmp/changed.jsonl"
run replay "$tmp/changed.jsonl"
check diverged 1 "no recorded response for this request" "it differs from the recording of agent analyst, turn 2 in message 2 (user)" \
  "  - Turns left: 9" "  + Turns left: 4" "did not return as recorded"

# Without the ptc_run line: the flags are unknown.
grep -v '"ptc_run"' "$tmp/rec/cassette.jsonl" >"$tmp/bare.jsonl"
run replay "$tmp/bare.jsonl"
check bare 2 "does not say which run it recorded" "ptc run --replay"
# ...and `ptc run --replay`, given the run's settings, reads both kinds.
PTC_MAX_TURNS=6 run run --data "$tmp/rec/data.json" --replay "$tmp/rec/cassette.jsonl"
check run-replay-header 0
run replay "$tmp/missing.jsonl"
check missing 2 "cannot read"

echo "passed $passed, failed $failed"
((failed == 0))
