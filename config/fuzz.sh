#!/usr/bin/env bash
# Builds the libFuzzer target fuzz_lisp (clang, ASan + UBSan) and runs it for a while.
#
#   bash config/fuzz.sh            # 60 seconds
#   bash config/fuzz.sh 600        # 10 minutes
#   bash config/fuzz.sh 60 -jobs=2 -workers=2   # extra arguments go to libFuzzer
#   bash config/fuzz.sh 300 -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1
#                                  # keep going after a finding, collecting every artifact
#
# Environment:
#   PTC_FUZZ_BUILD_DIR  build directory (default: build/fuzz, the `fuzz` preset's)
#
# The seed corpus is every program in examples/programs plus every case of the conformance
# table (tests/conformance/programs/*.clj, one file per `;;;; name` case), written to a temp
# dir. New interesting inputs accumulate in $BUILD/fuzz-corpus across runs; crashes, leaks and
# timeouts are saved in $BUILD/fuzz-artifacts. Reproduce one with:  $BUILD/examples/fuzz_lisp FILE
set -euo pipefail

seconds="${1:-60}"
shift || true
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${PTC_FUZZ_BUILD_DIR:-$root/build/fuzz}"

# clang and libFuzzer's runtime (libclang-rt-14-dev); a no-op when they are installed.
PTC_WITH_FUZZ=1 bash "$root/config/install-deps.sh"

# The same settings as the `fuzz` preset, with a build directory of our choosing.
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=Debug \
  -DCMAKE_CXX_FLAGS_DEBUG="-g -O1" -DPTC_FUZZ=ON -DPTC_TESTS=OFF >/dev/null
cmake --build "$build" --target fuzz_lisp -- -j"${PTC_FUZZ_BUILD_JOBS:-2}"
fuzzer="$build/examples/fuzz_lisp"

seeds="$(mktemp -d -t ptc-fuzz-seeds.XXXXXX)"
trap 'rm -rf "$seeds"' EXIT

# Whole example programs, then one file per conformance case.
n=0
for f in "$root"/examples/programs/*.clj; do
  [[ -e "$f" ]] || continue
  cp "$f" "$seeds/example-$(basename "$f")"
  n=$((n + 1))
done
for f in "$root"/tests/conformance/programs/*.clj; do
  [[ -e "$f" ]] || continue
  awk -v dir="$seeds" -v base="$(basename "$f" .clj)" '
    /^;;;; / { if (out) close(out); out = dir "/" base "-" $2 ".clj"; next }
    out { print > out }' "$f"
done
n=$(find "$seeds" -type f | wc -l)
echo "fuzz: $n seed programs, running ${seconds}s" >&2

# Tokens of the language, so mutations produce plausible programs more often.
dict="$seeds.dict"
trap 'rm -rf "$seeds" "$dict"' EXIT
for t in '(' ')' '[' ']' '{' '}' '#{' '#(' '%' '%1' '%&' "'" '@' '^' '#"' '\\a' '\\newline' \
  ':keys' ':as' ':or' ':strs' '&' 'nil' 'true' 'false' '##NaN' '##Inf' '1e308' '9223372036854775807' \
  '-9223372036854775808' '0.5' '1/3' '"x"' 'def' 'defn' 'fn' 'let' 'loop' 'recur' 'if' 'when' \
  'cond' 'case' 'do' 'try' 'catch' 'finally' 'throw' 'ex-info' 'for' 'doseq' 'dotimes' '->' '->>' \
  'as->' 'cond->' 'some->' 'letfn' 'quote' 'return' 'fail' 'println' 'map' 'filter' 'reduce' \
  'range' 'iterate' 'repeat' 'cycle' 'lazy-seq' 'concat' 'mapcat' 'partition' 'group-by' 'sort-by' \
  'frequencies' 'assoc' 'assoc-in' 'update-in' 'get-in' 'merge-with' 'into' 'apply' 'str' \
  'str/split' 'str/join' 're-find' 're-seq' '#"(a+)+b"' 'pmap' 'pcalls' 'tool/echo' 'tool/boom' \
  'data/orders' 'data/user' 'data/text' 'data/n' 'Math/pow' 'parse-long' 'subs' 'nth' 'vec' \
  'set' 'hash-map' 'sorted' 'compare' 'juxt' 'partial' 'comp' 'memoize' 'trampoline' 'walk/postwalk'; do
  printf '"%s"\n' "$(printf '%s' "$t" | sed 's/\\/\\\\/g; s/"/\\"/g')"
done >"$dict"

mkdir -p "$build/fuzz-corpus" "$build/fuzz-artifacts"
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_stack_use_after_return=0:detect_leaks=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
set +e
"$fuzzer" "$build/fuzz-corpus" "$seeds" -dict="$dict" -max_total_time="$seconds" \
  -timeout=10 -rss_limit_mb=4096 -max_len=4096 -print_final_stats=1 \
  -artifact_prefix="$build/fuzz-artifacts/" "$@"
status=$?
set -e
if ((status != 0)); then
  echo "fuzz: the fuzzer stopped with status $status; inputs are in $build/fuzz-artifacts/" >&2
  ls -l "$build/fuzz-artifacts/" >&2
fi
exit "$status"
