#!/usr/bin/env bash
# Installs what the interop tests use; idempotent; exits non-zero when an install fails.
# Tests that need one of these programs fail when ZEST_REQUIRE_PEERS=1 (.ci/run), else
# skip with a printed notice.
#   xboard + xvfb + xauth:   tests/protocol_xboard_gui.rs (the real GUI, headless)
#   fairymax:                zest against another engine in xboard; tournament over XBoard
#   stockfish, fairy-stockfish: tournament conformance and interop (scripts/conformance.sh)
#   sjaakii:                 tournament over XBoard with SAN castling, chess and Chess960
#   python3 + PyPI chess:    tests/protocol_interop.rs (python-chess as an independent client)
set -euo pipefail
need=()
for p in xboard xvfb xauth fairymax stockfish fairy-stockfish sjaakii python3-pip; do
  dpkg -s "$p" >/dev/null 2>&1 || need+=("$p")
done
if [ ${#need[@]} -gt 0 ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}"
fi
if ! python3 -c "import chess.engine" 2>/dev/null; then
  python3 -m pip install -q chess || python3 -m pip install -q --break-system-packages chess
fi
