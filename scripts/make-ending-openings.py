#!/usr/bin/env python3
"""Endings with an edge, from zest's own games: openings for an SPRT of endgame knowledge.

Reads PGNs that `zest tournament` wrote (each move's comment starts with the mover's score in
pawns and its depth, `+1.25/17`) and keeps, from each game, one position chosen at random
(seeded) among those where the side to move reported 1 to 8 pawns either way, the 50-move
count is at most 20, each side has LOW to HIGH pieces besides its king and pawns (at least one
piece on the board) and at least five men stand. Distinct positions, shuffled, at most COUNT.
A match from them measures how well each build converts an edge in an ending, or holds one;
with `--pieces 2-3` the games start before the trades that decide which ending is reached
(docs/strength.md, `s33-egscale`).

usage: make-ending-openings.py OUT.epd COUNT [--pieces LOW-HIGH] GAMES.pgn...
"""
import argparse, random, re

import chess
import chess.pgn

SCORE = re.compile(r"([+-]?\d+\.\d+)/\d+")
PIECES = (chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN)


def ending_with_an_edge(board, comment, low, high):
    m = SCORE.match(comment)
    if not m or not 1.0 <= abs(float(m.group(1))) <= 8.0 or board.halfmove_clock > 20:
        return False
    counts = [sum(len(board.pieces(r, c)) for r in PIECES) for c in chess.COLORS]
    return (low <= min(counts) and max(counts) <= high and sum(counts) > 0
            and len(board.piece_map()) >= 5)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out")
    parser.add_argument("count", type=int)
    parser.add_argument("--pieces", default="0-2", help="LOW-HIGH pieces a side (0-2)")
    parser.add_argument("pgns", nargs="+")
    args = parser.parse_args()
    low, high = map(int, args.pieces.split("-"))
    rng = random.Random(20261207)
    epds, seen = [], set()
    for path in args.pgns:
        with open(path) as f:
            while (game := chess.pgn.read_game(f)) is not None:
                board, found = game.board(), []
                for node in game.mainline():
                    if ending_with_an_edge(board, node.comment, low, high):
                        found.append(board.epd())
                    board.push(node.move)
                if found and (epd := rng.choice(found)) not in seen:
                    seen.add(epd)
                    epds.append(epd)
    rng.shuffle(epds)
    with open(args.out, "w") as f:
        f.write("\n".join(epds[: args.count]) + "\n")


if __name__ == "__main__":
    main()
