# valid_json_lines FILE: how many lines of FILE are whole JSON objects (sourced by the tests;
# uses jq, else python3).
valid_json_lines() {
  if command -v jq >/dev/null 2>&1; then
    jq -R -c 'fromjson? | objects' <"$1" | wc -l
  elif command -v python3 >/dev/null 2>&1; then
    python3 -c '
import json, sys
n = 0
for line in open(sys.argv[1], encoding="utf-8", errors="strict"):
    try:
        if isinstance(json.loads(line), dict): n += 1
    except ValueError:
        pass
print(n)' "$1"
  else
    echo "neither jq nor python3 is installed: cannot check JSON lines" >&2
    echo -1
  fi
}
