#!/usr/bin/env bash
# Runs adversarial programs through a running agent (`ptc run` with a scripted LLM): the LLM
# answers turn 1 with the adversarial program and turn 2 with (return 42). The agent
# must get the program's error as a failed turn of the expected kind, go on, and succeed in
# turn 2 — and the process must end promptly (within 2x the program's time limit plus a fixed
# allowance for starting the runtime and the two turns).
#
# The program's limits come from its header (`;; limits: --timeout-ms T --max-steps N
# [--max-memory-mb M]`), passed to the agent as PTC_EVAL_TIMEOUT_MS, PTC_MAX_STEPS and
# PTC_MAX_MEMORY_BYTES. Only programs that expect a single error kind are run here.
#
#   bash tests/adversarial/run_agent.sh PTC_BINARY [FILE.clj ...]   (default: a subset, one or
#   more per family)
set -u
# 2x in both builds; PTC_TIME_FACTOR=N checks another factor.
factor=${PTC_TIME_FACTOR:-2}
ptc="$1"
shift
dir="$(cd "$(dirname "$0")" && pwd)"
if (($# > 0)); then
  files=("$@")
else
  files=()
  for name in dag-eq dag-set dag-compare dag-get dag-sort dag-pr-str dag-return dag-flatten \
    dag-postwalk dag-tree-seq dag-str-join dag-pmap str-format-width str-doubling range-vec \
    range-sort inf-count inf-vec-repeat inf-reduce-iterate inf-last-cycle inf-sort inf-into \
    re-seq-long rec-self rec-loop-time rec-catch-limit exc-sort exc-reduce exc-pmap pmap-loop \
    pmap-loop-time pmap-huge; do
    files+=("$dir/$name.clj")
  done
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Starting the actor runtime, two scripted turns and shutting down, on a loaded machine or
# under sanitizers.
allowance_ms=${PTC_ADVERSARIAL_AGENT_ALLOWANCE_MS:-3000}

passed=0
failed=0

json_string() {  # the file's program (header lines dropped) as a JSON string of a markdown reply
  { printf 'Trying it.\n\n```clojure\n'; grep -v '^;;' "$1"; printf '```\n'; } |
    sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/\t/\\t/g' | awk 'BEGIN { ORS = "" } { print $0 "\\n" }'
}

# shellcheck source=catalogue_lib.sh
source "$(dirname "$0")/catalogue_lib.sh"

for f in "${files[@]}"; do
  name=$(basename "$f" .clj)
  expect=$(header_field "$f" expect)
  limits=$(header_field "$f" limits)
  if [[ $expect == *"|"* || $expect == value ]]; then
    echo "skip $name: expects $expect (only single error kinds run through the agent)"
    continue
  fi
  # shellcheck disable=SC2086
  timeout_ms=$(flag_value --timeout-ms $limits)
  # shellcheck disable=SC2086
  max_steps=$(flag_value --max-steps $limits)
  # shellcheck disable=SC2086
  memory_mb=$(flag_value --max-memory-mb $limits)
  timeout_ms=${timeout_ms:-5000}
  env_limits=(PTC_EVAL_TIMEOUT_MS="$timeout_ms")
  [[ -n $max_steps ]] && env_limits+=(PTC_MAX_STEPS="$max_steps")
  [[ -n $memory_mb ]] && env_limits+=(PTC_MAX_MEMORY_BYTES=$((memory_mb << 20)))

  printf '{"scripts":[{"match":"","responses":["%s","Recovered.\\n\\n```clojure\\n(return 42)\\n```\\n"]}]}\n' \
    "$(json_string "$f")" >"$tmp/script.json"

  start=$EPOCHREALTIME
  env -i PATH="$PATH" HOME="$tmp" "${env_limits[@]}" timeout -s KILL 60 \
    "$ptc" run "Adversarial program $name" --script "$tmp/script.json" --max-turns 3 \
    --timeout-ms 60000 >"$tmp/out" 2>"$tmp/err" </dev/null
  code=$?
  end=$EPOCHREALTIME
  ms=$(((${end/./} - ${start/./}) / 1000))

  problems=()
  ((code == 0)) || problems+=("exit $code")
  grep -q "turn 1/3: error ($expect)" "$tmp/err" || problems+=("turn 1 is not an error ($expect)")
  grep -q "turn 2/3: returned" "$tmp/err" || problems+=("turn 2 did not return")
  [[ "$(cat "$tmp/out")" == "42" ]] || problems+=("stdout is not 42")
  turn_ms=$(sed -n 's/^turn 1\/3: .*, \([0-9]*\) ms$/\1/p' "$tmp/err" | head -1)
  ((${turn_ms:-999999} < factor * timeout_ms)) || problems+=("turn 1 took ${turn_ms:-?} ms, more than ${factor}x its ${timeout_ms} ms limit")
  ((ms < factor * timeout_ms + allowance_ms)) ||
    problems+=("took ${ms} ms, more than ${factor}x its ${timeout_ms} ms limit + ${allowance_ms} ms")
  if ((${#problems[@]} == 0)); then
    passed=$((passed + 1))
    printf '%-24s %-10s turn 1 %5d ms, process %5d ms  (%s)\n' "$name" "$expect" "$turn_ms" "$ms" "$limits"
  else
    failed=$((failed + 1))
    echo "FAIL $name ($limits): $(IFS=';'; echo "${problems[*]}")"
    head -c 1500 "$tmp/err" | sed 's/^/  | /'
  fi
done

echo "$passed passed, $failed failed"
[[ $failed == 0 ]]
