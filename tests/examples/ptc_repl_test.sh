#!/usr/bin/env bash
# REPL-001..004: `ptc repl` driven in a real terminal (tmux): forms typed and their values read
# from the screen, a multi-line form, an error that does not leave, definitions kept between
# inputs, data/ and a tool of `ptc run`, line editing and history (a recalled line edited),
# :defs, Ctrl-D, the history file; and the same forms piped (no prompts, values only).
#
#   ptc_repl_test.sh PTC_BINARY
set -euo pipefail
ptc=$(realpath "$1")
work=$(mktemp -d /tmp/ptc_repl_test.XXXXXX)
sock=ptc_repl_test_$$
trap 'tmux -L "$sock" kill-server >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
fail() {
  echo "FAIL: $*" >&2
  echo "--- screen:" >&2
  tmux -L "$sock" capture-pane -p -t repl -S -200 >&2 2>/dev/null || true
  exit 1
}
command -v tmux >/dev/null || fail "tmux not found (config/install-deps.sh installs it)"

# --- piped: no prompt, one line per value, definitions kept, an unfinished form continued.
printf '(def y 2)\n(* y\n   3)\n(/ 1 0)\n(inc y)\n:defs\n' | "$ptc" repl --no-history >"$work/piped.out" 2>&1 ||
  fail "piped repl exited with $?: $(cat "$work/piped.out")"
grep -q '^=> 6$' "$work/piped.out" || fail "piped multi-line form: $(cat "$work/piped.out")"
grep -q '^Error: .*' "$work/piped.out" || fail "piped error: $(cat "$work/piped.out")"
grep -q '^=> 3$' "$work/piped.out" || fail "piped: y kept after an error: $(cat "$work/piped.out")"
grep -q '^;; y = 2$' "$work/piped.out" || fail "piped :defs: $(cat "$work/piped.out")"
! grep -q 'ptc> ' "$work/piped.out" || fail "piped input got prompts"
printf '(+ 1\n' | "$ptc" repl --no-history >"$work/open.out" 2>&1 && fail "an unfinished last form exited 0"
grep -q 'unfinished form' "$work/open.out" || fail "unfinished last form: $(cat "$work/open.out")"

# --- in a terminal.
screen() { tmux -L "$sock" capture-pane -p -t repl -S -200; }
wait_for() {  # wait_for REGEX: until the screen matches (10 s)
  for _ in $(seq 100); do
    if screen | grep -Eq -- "$1"; then return 0; fi
    sleep 0.1
  done
  fail "the screen never showed: $1"
}
count() { screen | grep -Ec -- "$1" || true; }
type_line() { tmux -L "$sock" send-keys -t repl -l -- "$1"; tmux -L "$sock" send-keys -t repl Enter; }

tmux -L "$sock" new-session -d -s repl -x 160 -y 60 \
  "HOME=$work $ptc repl --history $work/history; echo REPL-EXITED \$?; sleep 60"
wait_for '^;; ptc repl: PTC-Lisp with data/'
type_line '(def x 21)'
type_line '(* x 2)'
wait_for '^=> 42$'
type_line '(+ 1'
wait_for '^\.\.\.>'
type_line '   2)'
wait_for '^=> 3$'
type_line '(/ 1 0)'
wait_for '^Error: '
type_line '(:rate (tool/exchange-rate {:from "EUR" :to "EUR"}))'
wait_for '^=> 1(\.0)?$'
type_line '(count data/orders)'
wait_for '^=> [1-9][0-9]*$'
type_line '(+ x 1)'
wait_for '^=> 22$'
# Line editing and history: recall (+ x 1), move left past ")", insert 0: (+ x 10).
tmux -L "$sock" send-keys -t repl Up
sleep 0.3
tmux -L "$sock" send-keys -t repl Left
tmux -L "$sock" send-keys -t repl -l 0
tmux -L "$sock" send-keys -t repl Enter
wait_for '^=> 31$'
type_line ':defs'
wait_for '^;; x = 21$'
tmux -L "$sock" send-keys -t repl C-d
wait_for '^REPL-EXITED 0$'
# libedit's history file writes a space as \040 and a newline as \012.
history=$(sed 's/\\040/ /g; s/\\012/ /g' "$work/history" 2>/dev/null) || fail "no history file"
grep -q '^(+ x 10)$' <<<"$history" || fail "the history file lacks the edited line: $history"
grep -q '^(+ 1    2)$' <<<"$history" || fail "the history file lacks the multi-line form: $history"
echo "repl test: all checks passed"
