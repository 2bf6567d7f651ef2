#!/bin/sh
# Screenshots of each registered variant's start position in xboard under Xvfb,
# written to protocol/img/VARIANT.png (needs xboard, xvfb, x11-apps (xwd), imagemagick).
# Usage: scripts/xboard-screenshots.sh [path/to/zest]
set -e
ZEST=${1:-target/release/zest}
ZEST=$(realpath "$ZEST")
OUT=$(realpath protocol/img)
mkdir -p "$OUT"
TMP=$(mktemp -d)
n=97
for v in $("$ZEST" variants | cut -f1); do
    [ "$v" = chess ] && xv=normal || xv=$v
    n=$((n + 1))
    Xvfb ":$n" -screen 0 640x720x24 >/dev/null 2>&1 &
    xpid=$!
    sleep 1
    (cd "$TMP" && DISPLAY=":$n" timeout 16 /usr/games/xboard -fcp "$ZEST xboard" -fd . \
        -variant "$xv" -testLegality false -xponder -size middling \
        -debug -nameOfDebugFile "dbg-$v.log" >/dev/null 2>&1 &)
    sleep 11
    xwd -root -display ":$n" -silent > "$TMP/$v.xwd"
    convert "$TMP/$v.xwd" -trim "$OUT/$xv.png"
    kill "$xpid" 2>/dev/null || true
    wait "$xpid" 2>/dev/null || true
    echo "$OUT/$xv.png"
done
rm -rf "$TMP"
