#!/usr/bin/env python3
"""How much of `go movetime N` zest spends: sends `go movetime N` RUNS times over
UCI and reports the distribution of the wall time from writing `go` to reading
`bestmove` (what a GUI's clock sees). A measurement, not a test: run it on a
quiet machine (see protocol/uci.md for the recorded numbers).

Usage: scripts/movetime.py [--zest target/release/zest] [--movetime 1000] [--runs 20]
                           [--overhead 10] [--variant chess]
"""
import argparse
import statistics
import subprocess
import time

# Positions cycled through: the start, an open middlegame, an endgame.
FENS = [
    None,
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 9",
    "8/5pk1/6p1/8/3R4/6PP/5PK1/3r4 w - - 0 40",
]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--zest", default="target/release/zest")
    ap.add_argument("--movetime", type=int, default=1000)
    ap.add_argument("--runs", type=int, default=20)
    ap.add_argument("--overhead", type=int, default=10, help="UCI Move Overhead (ms)")
    ap.add_argument("--variant", default="chess")
    a = ap.parse_args()

    p = subprocess.Popen([a.zest, "uci"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, text=True, bufsize=1)

    def send(line):
        p.stdin.write(line + "\n")
        p.stdin.flush()

    def until(prefix):
        while True:
            line = p.stdout.readline()
            if not line:
                raise SystemExit("zest exited")
            if line.startswith(prefix):
                return line

    send("uci")
    until("uciok")
    send(f"setoption name UCI_Variant value {a.variant}")
    send(f"setoption name Move Overhead value {a.overhead}")
    wall = []
    for i in range(a.runs):
        fen = FENS[i % len(FENS)] if a.variant == "chess" else None
        send("ucinewgame")
        send("position startpos" if fen is None else f"position fen {fen}")
        send("isready")
        until("readyok")
        t = time.perf_counter()
        send(f"go movetime {a.movetime}")
        until("bestmove")
        wall.append((time.perf_counter() - t) * 1000)
    send("quit")
    p.wait(timeout=10)

    s = sorted(wall)
    lo, hi = a.movetime - 100, a.movetime
    inside = sum(lo <= w <= hi for w in wall)
    print(f"go movetime {a.movetime} x {a.runs} ({a.variant}, Move Overhead {a.overhead} ms), "
          f"wall ms from go to bestmove:")
    print(f"  min {s[0]:.0f}  median {statistics.median(s):.0f}  mean {statistics.mean(s):.0f}"
          f"  max {s[-1]:.0f}  stdev {statistics.pstdev(s):.1f}")
    print(f"  in [{lo}, {hi}]: {inside}/{a.runs}")
    print("  all: " + " ".join(f"{w:.0f}" for w in wall))


if __name__ == "__main__":
    main()
