#!/usr/bin/env python3
"""Bishop and knight against a bare king: random placements for an SPRT of the mop-up terms.

Places White's king, bishop and knight and Black's king at random (python-chess, seeded),
White to move, and keeps the legal, unfinished and distinct ones. Either colour of bishop
and every corner of the lone king come up, so a match from them measures how often each
build mates inside the 50-move rule (docs/strength.md, `s33-kbnk`).

usage: make-kbnk-openings.py OUT.epd [COUNT]
"""
import random, sys

import chess


def main():
    out = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 300
    rng = random.Random(20261207)
    pieces = [(chess.KING, chess.WHITE), (chess.KING, chess.BLACK),
              (chess.BISHOP, chess.WHITE), (chess.KNIGHT, chess.WHITE)]
    epds, seen = [], set()
    while len(epds) < count:
        board = chess.Board(None)
        for square, (role, colour) in zip(rng.sample(range(64), 4), pieces):
            board.set_piece_at(square, chess.Piece(role, colour))
        board.turn = chess.WHITE
        if not board.is_valid() or board.is_game_over() or board.epd() in seen:
            continue
        seen.add(board.epd())
        epds.append(board.epd())
    with open(out, "w") as f:
        f.write("\n".join(epds) + "\n")


if __name__ == "__main__":
    main()
