#!/usr/bin/env bash
# VIEW-001..005: `ptc trace html` pages opened in Debian's chromium, headless: the expected
# elements and numbers are in the DOM after the page's script ran (agents table, agent tree with
# sub-agents and a failure, turns with messages and the cached prefix marked, the program
# highlighted, tool calls, the timeline's bars with concurrent tool calls in lanes, the prompt
# chart's points), no console message at all (the page logs nothing, so any is an error), the
# page fetches nothing (self-contained), and a screenshot is taken.
#
#   ptc_trace_html_test.sh PTC_BINARY TRACE_EXAMPLE_BINARY
set -euo pipefail
ptc=$(realpath "$1") example=$(realpath "$2")
tmp=$(mktemp -d /tmp/ptc_trace_html_test.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
source "$(dirname "$0")/check_lib.sh"
command -v chromium >/dev/null || { echo "FAIL: chromium not found (config/install-deps.sh installs it)"; exit 1; }

# open PAGE: the DOM after load in $tmp/dom, chromium's log in $tmp/log, a screenshot in PAGE.png.
open_page() {
  local page=$1
  timeout 120 chromium --headless --no-sandbox --disable-gpu --enable-logging=stderr --v=0 \
    --user-data-dir="$tmp/profile" --dump-dom "file://$page" >"$tmp/dom" 2>"$tmp/log" || true
  timeout 120 chromium --headless --no-sandbox --disable-gpu --user-data-dir="$tmp/profile" \
    --window-size=1280,1600 --screenshot="$page.png" "file://$page" >/dev/null 2>&1 || true
}
dom_has() { if grep -q -- "$2" "$tmp/dom"; then ok; else bad "$1 (the DOM lacks: $2)"; fi; }
dom_count() {  # dom_count NAME PATTERN WANT
  local n
  n=$(grep -o -- "$2" "$tmp/dom" | wc -l)  # a regular expression: the page's script text holds templates
  if [[ $n == "$3" ]]; then ok; else bad "$1 ($n of $2, want $3)"; fi
}
no_console() {
  if grep -q 'CONSOLE' "$tmp/log"; then bad "$1 (console: $(grep CONSOLE "$tmp/log" | head -3))"; else ok; fi
}
screenshot_ok() {
  if [[ -s $1.png && $(stat -c %s "$1.png") -gt 20000 ]]; then ok; else bad "screenshot $1.png missing or blank"; fi
}

# --- the offline demo: one agent, four turns, compression on.
(cd "$tmp" && "$ptc" run --trace "$tmp/demo.jsonl" >/dev/null 2>&1)
set +e; "$ptc" trace html "$tmp/demo.jsonl" -o "$tmp/demo.html" 2>"$tmp/err"; echo $? >"$tmp/code"; set -e
: >"$tmp/out"
check demo-html 0 "wrote $tmp/demo.html"
if grep -Eq '(src|href)=' "$tmp/demo.html"; then bad "the page loads something: $(grep -Eo '(src|href)=[^ >]*' "$tmp/demo.html" | head -3)"; else ok; fi
open_page "$tmp/demo.html"
no_console demo-console
dom_has demo-ready 'data-ready="1"'
dom_has demo-figures '<span id="fig-runs">1 agent runs</span>'
dom_has demo-turns '<span id="fig-turns">4 turns</span>'
dom_has demo-table-row '<td>analyst</td><td>local</td><td><span class="ok">returned</span></td><td class="num">4</td>'
dom_count demo-turn-divs '<div class="turn" id="turn-[0-9]' 4
dom_count demo-llm-bars 'class="bar-llm"' 8          # the overview's timeline and the tree's
dom_count demo-tool-bars 'class="bar-tool"' 2
dom_count demo-chart-sent 'class="sent-point"' 4
dom_count demo-chart-other 'class="other-point"' 4
dom_has demo-chart-turn1 'data-chars="'
dom_has demo-history-toggle 'id="view-full"'
dom_has demo-cached-prefix '<span class="cached">'
dom_has demo-highlight '<span class="tok-tool">tool/find-orders</span>'
dom_has demo-error '<pre class="error">type: &lt;=: argument 1 must be a number'
dom_has demo-output '<pre class="output">orders: 200 products: 30'
screenshot_ok "$tmp/demo.html"

# --- sub-agents, concurrent tool calls, failures: 8 agents of the trace example.
"$example" --agents 8 --trace "$tmp/tree.jsonl" >/dev/null
"$ptc" trace html "$tmp/tree.jsonl" -o "$tmp/tree.html" 2>/dev/null
open_page "$tmp/tree.html"
no_console tree-console
dom_has tree-figures '<span id="fig-runs">15 agent runs</span>'   # 8 analysts, 7 researchers
dom_has tree-failed '<span id="fig-failed">1 failed</span>'
dom_has tree-nested '<ul><li><span class="node" data-run="'
# The details show the tree of the analyst whose run the trace names first (whichever started
# first): its researcher is nested in it, unless it is the analyst that fails before asking one.
first=$(grep -o '<tr class="run selected" data-run="[0-9]*"><td>[^<]*</td>' "$tmp/dom" | sed 's/.*<td>//; s/<.*//')
if [[ -z $first ]]; then
  bad "tree-selected (no selected run in the agents table)"
elif grep -q "\"agent\":\"$first/researcher\"" "$tmp/tree.jsonl"; then
  dom_has tree-researcher "<ul><li><span class=\"node\" data-run=\"[0-9]*\">$first/researcher</span>"
elif grep -q '/researcher</span>' "$tmp/dom"; then
  bad "tree-researcher ($first asked no researcher, yet its tree shows one)"
else
  ok
fi
dom_has tree-failure-row '<span class="bad">failed: failed</span>'
# analyst-1's three sales calls overlap (pmap): three lanes in its timeline row.
lanes=$(grep -o 'class="bar-tool" x="[0-9.]*" y="[0-9]*"' "$tmp/dom" | awk -F'"' '{print $6}' | sort -u | wc -l)
if ((lanes >= 3)); then ok; else bad "concurrent tool calls side by side: $lanes lanes"; fi
screenshot_ok "$tmp/tree.html"

# --- bad input.
printf 'nope\n' >"$tmp/bad.jsonl"
set +e; "$ptc" trace html "$tmp/bad.jsonl" 2>"$tmp/err"; echo $? >"$tmp/code"; set -e
check not-a-trace 2 "line 1 is not a JSON object"
set +e; "$ptc" trace html "$tmp/none.jsonl" 2>"$tmp/err"; echo $? >"$tmp/code"; set -e
check missing 2 "cannot read"

echo "passed $passed, failed $failed"
((failed == 0))
