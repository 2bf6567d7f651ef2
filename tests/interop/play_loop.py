"""python-chess's ordinary game loop with two zest engines over UCI:

    while not board.is_game_over(claim_draw=False):
        result = engine.play(board, limit)

run for GAMES games (default 20) from varied openings. Without claims the loop
only stops at mate, stalemate, insufficient material, fivefold repetition or the
75-move rule, so it walks through threefold repetitions and 50-move positions:
each `play` must return a legal move (never move=None). Exits non-zero on failure.

Usage: python3 play_loop.py PATH_TO_ZEST [GAMES]
"""
import random
import sys

import chess
import chess.engine

ZEST = sys.argv[1]
GAMES = int(sys.argv[2]) if len(sys.argv) > 2 else 20
# Every fourth game starts from a balanced ending with the halfmove clock at 90, so the loop
# certainly crosses 50-move (and often threefold) positions before the 75-move rule ends it.
ENDINGS = [
    "8/8/1k6/1p1p1p2/1P1P1P2/1K6/8/8 w - - 90 60",
    "8/2k5/8/3q4/8/3Q4/5K2/8 w - - 90 60",
    "8/8/2k5/2p1p3/2P1P3/2K5/8/8 w - - 90 60",
]


def main():
    rng = random.Random(30)
    engines = [chess.engine.SimpleEngine.popen_uci([ZEST, "uci"]) for _ in range(2)]
    claims = endings = 0
    reasons = {}
    try:
        for n in range(GAMES):
            if n % 4 == 3:
                board = chess.Board(ENDINGS[n // 4 % len(ENDINGS)])
            else:
                board = chess.Board()
                # Two random plies per side, so that the games differ.
                for _ in range(4):
                    board.push(rng.choice(list(board.legal_moves)))
            limit = chess.engine.Limit(depth=1 + n % 3)
            while not board.is_game_over(claim_draw=False):
                if board.can_claim_draw():
                    claims += 1
                engine = engines[(board.ply() + n) % 2]
                result = engine.play(board, limit)
                if result.move is None or result.move not in board.legal_moves:
                    raise AssertionError(
                        f"game {n}: play gave {result.move} in {board.fen()} "
                        f"({len(board.move_stack)} plies)")
                board.push(result.move)
            outcome = board.outcome(claim_draw=False)
            reasons[outcome.termination.name] = reasons.get(outcome.termination.name, 0) + 1
            endings += 1
            print(f"game {n + 1}: {len(board.move_stack)} moves, {board.result()} "
                  f"{outcome.termination.name}")
    finally:
        for e in engines:
            e.quit()
    print(f"ok {endings} games to the end, {claims} moves played in claimable-draw positions, "
          f"endings {sorted(reasons.items())}")


if __name__ == "__main__":
    main()
