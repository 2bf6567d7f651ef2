#!/usr/bin/env python3
"""Writes tests/data/san_python_chess.tsv: positions from seeded random games in chess and
Chess960, each legal move as python-chess writes it in SAN and in UCI (Chess960 castling as
king-takes-rook, zest's form). The independent oracle of tests/san.rs."""
import random
import sys

import chess

rng = random.Random(20261125)
rows = []
for variant in ("chess", "fischerandom"):
    for game in range(30):
        frc = variant == "fischerandom"
        board = chess.Board.from_chess960_pos(rng.randrange(960)) if frc else chess.Board()
        board.chess960 = frc
        for ply in range(rng.randrange(20, 160)):
            moves = list(board.legal_moves)
            if not moves or board.is_game_over(claim_draw=True):
                break
            promo = any(m.promotion for m in moves)
            castle = any(board.is_castling(m) for m in moves)
            if ply % 37 == 4 or (promo and ply % 2 == 0) or (castle and ply % 11 == 0):
                rows.append((variant, board.fen(), " ".join(board.san(m) + ":" + board.uci(m) for m in moves)))
            # Prefer captures and pawn pushes now and then so that promotions occur.
            board.push(rng.choice(moves))
out = sys.argv[1] if len(sys.argv) > 1 else "tests/data/san_python_chess.tsv"
with open(out, "w") as f:
    f.write("# variant\tfen\tSAN:UCI of every legal move (python-chess %s, tests/interop/san_vectors.py)\n" % chess.__version__)
    for r in rows:
        f.write("\t".join(r) + "\n")
print(len(rows), "positions,", sum(len(r[2].split()) for r in rows), "moves")
