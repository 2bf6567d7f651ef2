#!/usr/bin/env bash
# Installs what the interop tests use; idempotent; exits non-zero when an install fails.
# Tests that need one of these programs fail when ZEST_REQUIRE_PEERS=1 (.ci/run), else
# skip with a printed notice.
#   xboard + xvfb + xauth:   tests/protocol_xboard_gui.rs (the real GUI, headless)
#   fairymax:                zest against another engine in xboard; tournament over XBoard
#   stockfish, fairy-stockfish: tournament conformance and interop (scripts/conformance.sh)
#   chromium + chromium-driver: tests/board_browser.rs (the board page in a real browser)
#   sjaakii:                 tournament over XBoard with SAN castling, chess and Chess960
#   python3 + PyPI chess:    tests/protocol_interop.rs (python-chess as an independent client)
#   wine + wine64 + gcc-mingw-w64-x86-64 + rustup target x86_64-pc-windows-gnu:
#                            tests/windows.rs (zest.exe cross-built and run under Wine)
set -euo pipefail
need=()
for p in xboard xvfb xauth fairymax stockfish fairy-stockfish sjaakii python3-pip wine wine64 gcc-mingw-w64-x86-64 chromium chromium-driver; do
  dpkg -s "$p" >/dev/null 2>&1 || need+=("$p")
done
if [ ${#need[@]} -gt 0 ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}"
fi
if ! python3 -c "import chess.engine" 2>/dev/null; then
  python3 -m pip install -q chess || python3 -m pip install -q --break-system-packages chess
fi
if ! rustup target list --installed | grep -qx x86_64-pc-windows-gnu; then
  rustup target add x86_64-pc-windows-gnu
fi
