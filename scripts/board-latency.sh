#!/usr/bin/env bash
# Human move -> zest reply latency on the board's HTTP API: starts `zest board`,
# plays a move, asks zest for its move at MOVETIME ms and reports the wall time
# of that request minus nothing (the target is <= movetime + 100 ms).
# Usage: scripts/board-latency.sh [path/to/zest] [movetime_ms] [rounds]
set -euo pipefail
ZEST=${1:-target/debug/zest}
MOVETIME=${2:-500}
ROUNDS=${3:-10}
out=$(mktemp)
"$ZEST" board --port 0 >"$out" 2>/dev/null &
pid=$!
trap 'kill $pid 2>/dev/null || true; rm -f "$out"' EXIT
for _ in $(seq 50); do [ -s "$out" ] && break; sleep 0.1; done
url=$(head -1 "$out")
for variant in chess swap interchange exile; do
  id=$(curl -s -X POST -d "{\"variant\":\"$variant\"}" "${url}api/session" | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')
  worst=0; total=0
  for _ in $(seq "$ROUNDS"); do
    # The human's move: the first legal one the entry protocol offers.
    mv=$(python3 - "$url" "$id" <<'PY'
import json, sys, urllib.request
url, sid = sys.argv[1], sys.argv[2]
prefix = []
while True:
    t = json.load(urllib.request.urlopen(f"{url}api/session/{sid}/targets?prefix={','.join(prefix)}"))
    if t["complete"] and not t["options"]:
        print(t["complete"]); break
    if t["complete"] and len(prefix) >= 2:
        print(t["complete"]); break
    prefix.append(t["options"][0]["token"])
PY
)
    curl -s -o /dev/null -X POST -d "{\"move\":\"$mv\"}" "${url}api/session/$id/move"
    ms=$(curl -s -o /dev/null -w '%{time_total}' -X POST -d "{\"movetime\":$MOVETIME}" "${url}api/session/$id/engine/move" | python3 -c 'import sys; print(int(float(sys.stdin.read())*1000))')
    total=$((total + ms)); [ "$ms" -gt "$worst" ] && worst=$ms
  done
  echo "$variant: movetime ${MOVETIME} ms, reply after mean $((total / ROUNDS)) ms, worst $worst ms (target <= $((MOVETIME + 100)) ms)"
done
