# Checks shared by the command-line tests (sourced). A command's results are in $tmp/out,
# $tmp/err and $tmp/code; ok and bad count into $passed and $failed.
passed=0
failed=0

# run ARGS...: "$ptc" ARGS with the results in $tmp (a test that needs another environment or
# a timeout defines its own run after sourcing this file).
run() { set +e; "$ptc" "$@" >"$tmp/out" 2>"$tmp/err"; echo $? >"$tmp/code"; set -e; }

ok() { passed=$((passed + 1)); }
bad() {
  failed=$((failed + 1))
  echo "FAIL $1"
  echo "  exit: $(cat "$tmp/code" 2>/dev/null)"
  echo "  stdout: $(head -c 2000 "$tmp/out" 2>/dev/null)"
  echo "  stderr: $(head -c 3000 "$tmp/err" 2>/dev/null)"
}

# check NAME WANT_EXIT [STDERR_SUBSTRING...]: exit code and every substring of stderr.
check() {
  local name=$1 want_exit=$2
  shift 2
  local code
  code=$(cat "$tmp/code")
  if [[ $code != "$want_exit" ]]; then bad "$name (exit $code, want $want_exit)"; return; fi
  local err
  err=$(cat "$tmp/err")
  for want in "$@"; do
    if [[ "$err" != *"$want"* ]]; then bad "$name (stderr lacks: $want)"; return; fi
  done
  ok
}

# stdout_is NAME TEXT: stdout exactly. stdout_has NAME TEXT: stdout contains TEXT.
# stdout_lacks NAME TEXT: stdout does not contain TEXT.
stdout_is() {
  if [[ "$(cat "$tmp/out")" == "$2" ]]; then ok; else bad "$1 (stdout, want: $2)"; fi
}
stdout_has() {
  if [[ "$(cat "$tmp/out")" == *"$2"* ]]; then ok; else bad "$1 (stdout lacks: $2)"; fi
}
stdout_lacks() {
  if [[ "$(cat "$tmp/out")" != *"$2"* ]]; then ok; else bad "$1 (stdout has: $2)"; fi
}
