#!/usr/bin/env bash
# The trace viewer's figures: for traces of 1, 100 and 10,000 agents (ptc_trace_example: each
# agent 2 turns, 3 concurrent tool calls and a sub-agent), the trace's size, the page's size,
# the time `ptc trace html` takes, and Chromium's times: the page's load (from the navigation's
# start until the summary and the first agent are drawn, measured by the page), its script's part
# of that, and the whole headless process (start, load, and writing the DOM out again).
#
#   examples/trace_demo/figures.sh [BUILD_DIR]     (default build/release)
set -euo pipefail
build=${1:-build/release}
ptc=$build/examples/ptc example=$build/examples/ptc_trace_example
tmp=$(mktemp -d /tmp/ptc_trace_figures.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
printf '%-8s %10s %10s %12s %10s %10s %12s\n' agents "trace KiB" "page KiB" "html gen ms" "load ms" "script ms" "process ms"
for n in 1 100 10000; do
  "$example" --agents "$n" --trace "$tmp/t$n.jsonl" >/dev/null
  start=$EPOCHREALTIME
  "$ptc" trace html "$tmp/t$n.jsonl" -o "$tmp/t$n.html" 2>/dev/null
  gen=$(awk "BEGIN{printf \"%.0f\", ($EPOCHREALTIME - $start) * 1000}")
  start=$EPOCHREALTIME
  chromium --headless --no-sandbox --disable-gpu --user-data-dir="$tmp/profile" --dump-dom "file://$tmp/t$n.html" >"$tmp/dom" 2>/dev/null
  load=$(awk "BEGIN{printf \"%.0f\", ($EPOCHREALTIME - $start) * 1000}")
  script=$(grep -o 'data-render-ms="[0-9]*"' "$tmp/dom" | grep -o '[0-9]*' || echo "?")
  page_load=$(grep -o 'data-load-ms="[0-9]*"' "$tmp/dom" | grep -o '[0-9]*' || echo "?")
  printf '%-8s %10s %10s %12s %10s %10s %12s\n' "$n" "$(( $(stat -c %s "$tmp/t$n.jsonl") / 1024 ))" \
    "$(( $(stat -c %s "$tmp/t$n.html") / 1024 ))" "$gen" "$page_load" "$script" "$load"
done
