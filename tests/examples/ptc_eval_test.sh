#!/usr/bin/env bash
# Runs the real `ptc eval` binary and checks stdout, stderr and exit codes.
set -u
ptc="$1"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0

# expect NAME WANT_EXIT WANT_STDOUT WANT_STDERR_SUBSTRING -- ARGS...
expect() {
  local name=$1 want_exit=$2 want_out=$3 want_err=$4
  shift 5
  "$ptc" eval "$@" >"$tmp/out" 2>"$tmp/err" <"${STDIN_FILE:-/dev/null}"
  local code=$?
  local out err
  out=$(cat "$tmp/out")
  err=$(cat "$tmp/err")
  if [[ $code == "$want_exit" && "$out" == "$want_out" && "$err" == *"$want_err"* ]]; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL $name: exit $code (want $want_exit)"
    echo "  stdout: $out"
    echo "  want:   $want_out"
    echo "  stderr: $err"
    echo "  want substring: $want_err"
  fi
}

expect value 0 '3' '' -- -e '(+ 1 2)'
expect empty-program 0 'nil' '' -- -e ''
expect println-to-stderr 0 '[1 2]' 'hello' -- -e '(println "hello") [1 2]'
expect show-output 0 $';; output\nhello\n;; result\n:ok' '' -- --show-output -e '(println "hello") :ok'
expect error 1 '' 'Error: arithmetic: Divide by zero (line 1, col 1)' -- -e '(/ 1 0)'
expect parse-error 1 '' 'Error: parse: unclosed ( opened at line 1, col 1' -- -e '(+ 1'
expect fail 1 '' 'Failed: {:reason "no data"}' -- -e '(fail {:reason "no data"})'
expect return 0 '{:answer 42}' '' -- -e '(return {:answer 42}) :not-reached'
expect step-limit 1 '' 'Error: limit: step limit reached (1000 steps)' -- --max-steps 1000 -e '(loop [] (recur))'
expect depth-limit 1 '' 'Error: limit: recursion depth limit reached (50 nested calls)' -- --max-depth 50 -e '(defn f [n] (f n)) (f 1)'
expect memory-limit 1 '' 'Error: limit: memory limit reached' -- --max-memory-mb 8 -e '(count (vec (range 10000000)))'
expect timeout 1 '' 'Error: limit: time limit reached (50 ms)' -- --timeout-ms 50 --max-steps 100000000000 -e '(loop [i 0] (recur (inc i)))'
expect string-limit 1 '' 'Error: limit: string limit reached: format would make a string longer than 16 MB (max_string_bytes)' -- -e '(count (format "%99999999d" 1))'
expect max-string-bytes 1 '' 'Error: limit: string limit reached: str would make a string longer than 1000 bytes' -- --max-string-bytes 1000 -e '(count (apply str (repeat 2000 "x")))'
expect max-string-bytes-ok 0 '2000' '' -- --max-string-bytes 2000 -e '(count (apply str (repeat 2000 "x")))'
expect dag-return 1 '' 'Error: limit: ' -- --timeout-ms 300 --max-steps 100000000000 -e '(return (reduce (fn [a _] [a a]) [] (range 40)))'
expect dag-pr-str 1 '' 'Error: limit: ' -- --timeout-ms 300 --max-steps 100000000000 -e '(count (pr-str (reduce (fn [a _] [a a]) [] (range 40))))'
expect max-print-chars 0 'nil' 'hello...' -- --max-print-chars 5 -e '(println "hello world")'
expect max-output-bytes 1 '' 'Error: limit: output limit reached (10 bytes printed)' -- --max-output-bytes 10 -e '(dotimes [i 5] (println "hello"))'
expect repeat 0 '55' 'median_us=' -- --repeat 3 -e '(reduce + (range 11))'
printf '{"orders":[{"id":1,"total":5},{"id":2,"total":7}],"currency":"EUR"}' >"$tmp/data.json"
expect data 0 '"12 EUR"' '' -- --data "$tmp/data.json" -e '(str (reduce + (map :total data/orders)) " " data/currency)'
printf '[1,2]' >"$tmp/array.json"
expect data-not-object 2 '' 'must hold a JSON object' -- --data "$tmp/array.json" -e '1'
# Data nested past the 512-level limit: an error naming it (an uncaught exception before).
{ printf '{"x":'; head -c 100000 /dev/zero | tr '\0' '['; head -c 100000 /dev/zero | tr '\0' ']'; printf '}'; } >"$tmp/deep.json"
expect data-too-deep 2 '' "deep.json nests arrays and objects more than 512 levels deep (ptc's limit)" -- --data "$tmp/deep.json" -e '1'
expect missing-file 2 '' 'cannot read' -- "$tmp/none.clj"
printf '(map inc [1 2])' >"$tmp/p.clj"
expect file 0 '(2 3)' '' -- "$tmp/p.clj"
STDIN_FILE="$tmp/p.clj" expect stdin 0 '(2 3)' '' -- -
printf '\xff\xfe(+ 1 \x00 2)' >"$tmp/bin.clj"
expect binary-input 1 '' 'Error: ' -- "$tmp/bin.clj"

# PERF start: ptc eval runs no agent, so it loads neither CAF nor the actor runtime (the commands
# that do are a module, examples/ptc/commands_module.hpp: about 4 ms of a start). It never speaks
# HTTP or TLS and reads no terminal, so it never loads libcurl and the ~20 libraries behind it
# (actors/curl_api.hpp loads them with the first HTTP actor: about 4 ms of every start), OpenSSL
# (actors/openssl_api.hpp, with the first TLS context: ~140 page faults, a quarter of a start) or
# libedit (the repl on a terminal).
LD_DEBUG=files "$ptc" eval -e '(+ 1 2)' >"$tmp/out" 2>"$tmp/ld"
if ! grep -q 'libptc_lisp\|file=libc[.]so' "$tmp/ld"; then
  failed=$((failed + 1))
  echo "FAIL lazy-libraries: LD_DEBUG=files printed no loads to check: $(head -c 300 "$tmp/ld")"
else
  lazy=(libcurl libssl libcrypto libedit)
  # A static build (the sanitizer build) links the agent commands, and so CAF, into ptc itself.
  [[ -e "$(dirname "$ptc")/ptc_commands.so" ]] && lazy+=(libcaf_core libcaf_io libptc_actors ptc_commands)
  for lib in "${lazy[@]}"; do
    if grep -q "file=$lib" "$tmp/ld"; then
      failed=$((failed + 1))
      echo "FAIL lazy-libraries: ptc eval loaded $lib: $(grep -m1 "file=$lib" "$tmp/ld")"
    else
      passed=$((passed + 1))
    fi
  done
fi

# Without its commands module beside it, ptc still evaluates, and any other command says what is
# missing instead of failing obscurely (a static build has no module: nothing to check there).
if [[ -e "$(dirname "$ptc")/ptc_commands.so" ]]; then
  cp "$ptc" "$tmp/ptc_alone"
  "$tmp/ptc_alone" eval -e '(+ 40 2)' >"$tmp/out" 2>"$tmp/err"
  code=$?
  if [[ $code == 0 && "$(cat "$tmp/out")" == 42 ]]; then passed=$((passed + 1)); else
    failed=$((failed + 1)); echo "FAIL module-missing eval: exit $code, $(cat "$tmp/out" "$tmp/err")"; fi
  "$tmp/ptc_alone" run >"$tmp/out" 2>"$tmp/err"
  code=$?
  if [[ $code == 2 && "$(cat "$tmp/err")" == *"ptc's agent commands (ptc_commands.so) are not installed beside ptc; looked for $tmp/ptc_commands.so"* ]]; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1)); echo "FAIL module-missing run: exit $code, stderr: $(cat "$tmp/err")"
  fi
fi

echo "$passed passed, $failed failed"
[[ $failed == 0 ]]
