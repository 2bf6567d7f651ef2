#!/bin/sh
# Installs what the protocol interop tests use; idempotent. The tests skip with
# a notice when a program is missing, so this is optional for `cargo test`.
#   xboard + xvfb + xauth: tests/protocol_xboard_gui.rs (real GUI, headless)
#   fairymax:              zest against another engine in xboard
#   python3 + PyPI chess:  tests/protocol_interop.rs (python-chess client)
set -e
need=""
[ -x /usr/games/xboard ] || need="$need xboard"
command -v xvfb-run >/dev/null 2>&1 || need="$need xvfb"
command -v xauth >/dev/null 2>&1 || need="$need xauth"
[ -x /usr/games/fairymax ] || need="$need fairymax"
command -v python3 >/dev/null 2>&1 || need="$need python3 python3-pip"
if [ -n "$need" ]; then
    apt-get update
    DEBIAN_FRONTEND=noninteractive apt-get install -y $need
fi
if ! python3 -c "import chess.engine" 2>/dev/null; then
    python3 -m pip install chess || python3 -m pip install --break-system-packages chess
fi
