#!/usr/bin/env python3
"""Widens a zest network (the file `zest train` writes) from 64 hidden units a side to 128,
without changing what it computes: the new units' output weights are zero, so the wider
network scores every position as the narrow one did, and `zest train --init` goes on from
it, the new units starting from small random input weights (seeded: the same file every
time). The first layer's rows keep their 64 weights and gain 64; the output's two halves
(side to move, other side) each gain 64 zeros; the rest is copied.

usage: widen-network.py NARROW.nnue WIDE.nnue
"""
import random, struct, sys

OLD, NEW, INPUTS = 64, 128, 768


def main():
    narrow, wide = sys.argv[1], sys.argv[2]
    b = open(narrow, "rb").read()
    magic, (hidden,) = b[:8], struct.unpack("<I", b[8:12])
    if magic != b"ZNNUE\x02\0\0" or hidden != OLD:
        sys.exit(f"{narrow}: not a zest network of {OLD} hidden units")
    n = INPUTS * OLD + OLD + 2 * OLD
    words = struct.unpack(f"<{n}h", b[16 : 16 + 2 * n])
    rng = random.Random(1)
    q = lambda x: round(x * 255)  # the first layer's quantisation, QA
    out = []
    for row in range(INPUTS):
        out += words[row * OLD : (row + 1) * OLD]
        out += [q(rng.uniform(-0.1, 0.1)) for _ in range(NEW - OLD)]
    bias = words[INPUTS * OLD : INPUTS * OLD + OLD]
    out += bias + tuple(q(0.2 + rng.uniform(-0.1, 0.1)) for _ in range(NEW - OLD))
    o = words[INPUTS * OLD + OLD :]
    out += o[:OLD] + (0,) * (NEW - OLD) + o[OLD:] + (0,) * (NEW - OLD)
    with open(wide, "wb") as f:
        f.write(magic + struct.pack("<I", NEW) + b[12:16])
        f.write(struct.pack(f"<{len(out)}h", *out) + b[16 + 2 * n :])


if __name__ == "__main__":
    main()
