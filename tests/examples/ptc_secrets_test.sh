#!/usr/bin/env bash
# Keys stay secret in every output of `ptc run`: with every key variable set, a scripted model
# that repeats a key in its reply, data and a tool result that hold keys, a program that prints
# and returns them and an error message that quotes one, no key text appears on stdout,
# stderr (progress, --show-turns, debug logs), in the trace or in the cassette.
set -u
ptc="$1"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
source "$(dirname "$0")/check_lib.sh"

openai="sk-test-OPENAI-SECRET-3f9a71c2"
anthropic="sk-ant-test-ANTHROPIC-SECRET-8d2e"
openrouter="sk-or-test-OPENROUTER-SECRET-44b1"
ptc_key="ptc-test-OVERRIDE-SECRET-0a0b0c"
keys=("$openai" "$anthropic" "$openrouter" "$ptc_key")

cat >"$tmp/data.json" <<JSON
{"products": [{"id": 1, "sku": "S-1", "name": "$openai", "category": "c", "price": 1.5, "supplier": "$anthropic"}],
 "notes": "the override key is $ptc_key"}
JSON
# Turn 1 repeats a key in prose, prints data and a tool result holding keys, then fails with an
# error that quotes a key (a tool argument error); turn 2 returns keys.
cat >"$tmp/script.json" <<JSON
{"scripts": [{"match": "", "responses": [
  "I will try the key $openrouter first.\n\n\`\`\`clojure\n(println data/notes)\n(println (tool/get-product {:id 1}))\n(tool/get-product {:id \"$openrouter\"})\n\`\`\`",
  "Done with $openai.\n\n\`\`\`clojure\n(return {:product (tool/get-product {:id 1}) :notes data/notes :said \"$openrouter\"})\n\`\`\`"
]}]}
JSON

run() {
  env -i PATH="$PATH" HOME="$tmp" OPENAI_API_KEY="$openai" ANTHROPIC_API_KEY="$anthropic" \
    OPENROUTER_API_KEY="$openrouter" PTC_API_KEY="$ptc_key" \
    timeout 120 "$ptc" run "Describe the product" "$@" >"$tmp/out" 2>"$tmp/err"
  echo $? >"$tmp/code"
}

# no_key NAME FILE...: no key, nor the last 12 characters of one, in any of the files.
no_key() {
  local name=$1
  shift
  for k in "${keys[@]}"; do
    if grep -qF -e "$k" -e "${k: -12}" "$@"; then
      failed=$((failed + 1)); echo "FAIL $name: a key appears in $(grep -lF -e "$k" -e "${k: -12}" "$@" | tr '\n' ' ')"; return; fi
  done
  ok
}

run --data "$tmp/data.json" --tools get-product --script "$tmp/script.json" --show-turns --log-level debug \
  --trace "$tmp/trace.jsonl" --record "$tmp/cassette.jsonl"
check run-with-keys 0 "turn 1/5: error" "turn 2/5: returned" "  > I will try the key <redacted> first."
stdout_has returned-value-redacted '"name": "<redacted>"'
stdout_has returned-notes-redacted '"notes": "the override key is <redacted>"'
no_key run-with-keys "$tmp/out" "$tmp/err" "$tmp/trace.jsonl" "$tmp/cassette.jsonl"
# The outputs did carry the redacted texts (the test saw the places a key would have been).
for f in trace.jsonl cassette.jsonl; do
  if grep -q "I will try the key <redacted> first" "$tmp/$f"; then ok; else
    failed=$((failed + 1)); echo "FAIL $f lacks the redacted reply"; fi
done
if grep -q "the override key is <redacted>" "$tmp/trace.jsonl"; then ok; else
  failed=$((failed + 1)); echo "FAIL the trace lacks the redacted tool result / print"; fi

# The cassette replays: requests are matched on their redacted form.
run --data "$tmp/data.json" --tools get-product --replay "$tmp/cassette.jsonl" --trace "$tmp/replay.jsonl"
check replay-redacted-cassette 0 "done: returned after 2 turns"
no_key replay "$tmp/out" "$tmp/err" "$tmp/replay.jsonl"

# A failed mission: the Step's error message (on stdout and stderr) quotes the key.
run --data "$tmp/data.json" --tools get-product --script "$tmp/script.json" --max-turns 1
check failed-run 1 "Failed: max_turns_exceeded"
stdout_has failed-run-error '<redacted>'
no_key failed-run "$tmp/out" "$tmp/err"

echo "$passed passed, $failed failed"
[[ $failed == 0 ]]
