#!/usr/bin/env bash
# Installs what the tournament's interop checks use (idempotent): Debian stockfish,
# fairy-stockfish and fairymax, and python-chess for scripts/conformance.sh.
# Tests that need one of these skip with a notice when it is absent.
set -euo pipefail
need=()
for p in stockfish fairy-stockfish fairymax; do
  dpkg -s "$p" >/dev/null 2>&1 || need+=("$p")
done
if [ ${#need[@]} -gt 0 ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}"
fi
python3 -c 'import chess' 2>/dev/null || python3 -m pip install -q chess
