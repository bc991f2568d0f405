#!/usr/bin/env bash
# Runs every adversarial program (tests/adversarial/*.clj) through the real `ptc eval` with the
# limits its header names, and checks that it ends the way the header says, on time:
#
#   ;; family: dag                  the group it is reported under
#   ;; expect: limit                the error kind (or `value`); alternatives separated by |
#   ;; limits: --timeout-ms 500 --max-steps 2000000   ptc eval flags
#
# A run passes when its outcome is one of the expected ones, it reports in under 2x its
# --timeout-ms, it ends soon after, and the steps it reports (--stats) are within its --max-steps
# plus one check interval.
# - Its time to report is measured here: from starting the process to the moment its stats line
#   (printed as soon as the run is over, before its output and result) reaches this script, less
#   the same time for a trivial program (starting a process is not the program's work; printed
#   first). This is the promise a limit makes: the caller has the answer on time.
# - Ending the process after the report (freeing what the program built, and in the sanitizer
#   build LeakSanitizer's scan of the whole heap, a few hundred ms after a large program) must
#   take under 2 s.
# A run over its time is measured again (up to three runs in all) and fails only if every run
# is over. Anything else — a crash, a signal, a hang (killed after 30 s), an error of another
# kind — fails. At the end it prints, per family and limit set, the most time to report, time
# to exit after it, and steps any program used before it stopped (README figures).
#
#   bash tests/adversarial/run_eval.sh PTC_BINARY [FILE.clj ...]
set -u
# 2x in both builds; PTC_TIME_FACTOR=N checks another factor.
factor=${PTC_TIME_FACTOR:-2}
ptc="$1"
shift
dir="$(cd "$(dirname "$0")" && pwd)"
if (($# > 0)); then files=("$@"); else files=("$dir"/*.clj); fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Overshoot allowed past --max-steps: the budget checks its limits every 1,024 steps, and a
# builtin charges native work in batches.
step_slack=70000

passed=0
failed=0
declare -A fam_files fam_ms fam_exit fam_steps fam_kinds

# shellcheck source=catalogue_lib.sh
source "$(dirname "$0")/catalogue_lib.sh"

# Copies stderr through; the moment the stats line arrives goes to $tmp/report_at.
stamp_stats() {
  local line
  while IFS= read -r line; do
    if [[ $line == stats:* ]]; then
      printf '%s\n' "$EPOCHREALTIME" >"$tmp/report_at"
      printf '%s\n' "$line"
      break
    fi
    printf '%s\n' "$line"
  done
  cat  # the program's output, after the report: no need to read it line by line
}

ms_of() { echo $((${1/./} / 1000)); }  # $EPOCHREALTIME (seconds.microseconds) → ms

# Runs `ptc "$@"`: stdout to $tmp/out, stderr to $tmp/err. Sets code (its exit status),
# report_ms (start to its stats line; to its end if it printed none) and exit_ms (report to end).
run_ptc() {
  rm -f "$tmp/report_at"
  local start end report_at
  start=$EPOCHREALTIME
  {
    timeout -s KILL 30 "$ptc" "$@" 2>&1 >"$tmp/out" </dev/null
    echo "$? $EPOCHREALTIME" >"$tmp/end"
  } | stamp_stats >"$tmp/err"
  read -r code end <"$tmp/end"
  report_at=$end
  [[ -s $tmp/report_at ]] && report_at=$(<"$tmp/report_at")
  report_ms=$(($(ms_of "$report_at") - $(ms_of "$start")))
  exit_ms=$(($(ms_of "$end") - $(ms_of "$report_at")))
}

# A trivial program's time to report: the fastest of 3 (ASan's start-up alone is ~180 ms here).
baseline_ms=999999
for _ in 1 2 3; do
  run_ptc eval --stats -e nil
  ((report_ms < baseline_ms)) && baseline_ms=$report_ms
done
echo "process start to report (ptc eval --stats -e nil): ${baseline_ms} ms, subtracted from each time below"
# Ending the process after its report; LeakSanitizer's scan at exit is most of it in that build.
max_exit_ms=2000

for f in "${files[@]}"; do
  name=$(basename "$f" .clj)
  expect=$(header_field "$f" expect)
  limits=$(header_field "$f" limits)
  family=$(header_field "$f" family)
  if [[ -z $expect || -z $limits || -z $family ]]; then
    echo "FAIL $name: the header needs ;; family:, ;; expect: and ;; limits: lines"
    failed=$((failed + 1))
    continue
  fi
  # shellcheck disable=SC2086
  timeout_ms=$(flag_value --timeout-ms $limits)
  # shellcheck disable=SC2086
  max_steps=$(flag_value --max-steps $limits)
  timeout_ms=${timeout_ms:-5000}
  max_steps=${max_steps:-50000000}

  # A run over its time is measured again, up to twice, and fails only if every run is over:
  # CI machines are shared, and one stall of a few hundred milliseconds in a process start
  # is not an escape (an escape is over every time). Each extra run is printed.
  for attempt in 1 2 3; do
    # shellcheck disable=SC2086
    run_ptc eval --stats $limits "$f"
    ms=$((report_ms - baseline_ms))
    ((ms < 0)) && ms=0
    ((code == 137)) && break
    ((ms < factor * timeout_ms && exit_ms < max_exit_ms)) && break
    ((attempt < 3)) && echo "SLOW $name: reported after ${ms} ms (limit ${factor}x ${timeout_ms} ms), ended ${exit_ms} ms later (limit ${max_exit_ms} ms); measuring again"
  done

  steps=$(sed -n 's/^stats: steps=\([0-9]*\).*/\1/p' "$tmp/err" | tail -1)
  if [[ $code == 0 ]]; then
    kind=value
  elif [[ $code == 1 ]] && grep -q '^Error: [a-z_]*: ' "$tmp/err"; then
    kind=$(sed -n 's/^Error: \([a-z_]*\): .*/\1/p' "$tmp/err" | head -1)
  elif [[ $code == 1 ]] && grep -q '^Failed: ' "$tmp/err"; then
    kind=failed
  elif [[ $code == 137 ]]; then
    kind="hang (killed after 30 s)"
  elif ((code > 128)); then
    kind="crash (signal $((code - 128)))"
  else
    kind="exit $code"
  fi

  problems=()
  [[ "|$expect|" == *"|$kind|"* ]] || problems+=("ended with $kind, expected $expect")
  ((ms < factor * timeout_ms)) || problems+=("reported after ${ms} ms, more than ${factor}x its ${timeout_ms} ms limit")
  ((exit_ms < max_exit_ms)) || problems+=("ended ${exit_ms} ms after its report, more than ${max_exit_ms} ms")
  if [[ -z $steps ]]; then
    problems+=("no stats line")
  elif ((steps > max_steps + step_slack)); then
    problems+=("used $steps steps, past its limit of $max_steps")
  fi

  if ((${#problems[@]} == 0)); then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL $name ($limits): $(IFS=';'; echo "${problems[*]}")"
    sed 's/^/  | /' "$tmp/err" | head -5
  fi

  key="$family|$limits"
  fam_files[$key]=$((${fam_files[$key]:-0} + 1))
  fam_ms[$key]=${fam_ms[$key]:-0}
  ((ms > ${fam_ms[$key]})) && fam_ms[$key]=$ms
  fam_exit[$key]=${fam_exit[$key]:-0}
  ((exit_ms > ${fam_exit[$key]})) && fam_exit[$key]=$exit_ms
  fam_steps[$key]=${fam_steps[$key]:-0}
  ((${steps:-0} > ${fam_steps[$key]})) && fam_steps[$key]=$steps
  [[ " ${fam_kinds[$key]:-} " == *" $kind "* ]] || fam_kinds[$key]="${fam_kinds[$key]:-}${fam_kinds[$key]:+ }$kind"
done

echo
printf '%-10s %5s  %-62s %9s %8s %13s  %s\n' family files limits max_ms exit_ms max_steps outcomes
for key in $(printf '%s\n' "${!fam_files[@]}" | tr ' ' '~' | sort); do
  key=${key//\~/ }
  printf '%-10s %5s  %-62s %9s %8s %13s  %s\n' "${key%%|*}" "${fam_files[$key]}" "${key#*|}" \
    "${fam_ms[$key]}" "${fam_exit[$key]}" "${fam_steps[$key]}" "${fam_kinds[$key]}"
done
echo
echo "$passed passed, $failed failed"
[[ $failed == 0 ]]
