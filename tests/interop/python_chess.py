"""python-chess (PyPI `chess`) drives zest as an independent client, over UCI
and over XBoard, in standard chess and Chess960: a game, a MultiPV-3
analysis, and an infinite search that is stopped. Exits non-zero on failure.

Usage: python3 python_chess.py PATH_TO_ZEST
"""
import sys
import time

import chess
import chess.engine

ZEST = sys.argv[1]


def play_game(engine, board, plies):
    for _ in range(plies):
        if board.is_game_over():
            break
        result = engine.play(board, chess.engine.Limit(time=0.05))
        assert result.move in board.legal_moves, (result.move, board.fen())
        board.push(result.move)
    return board


def analyse_multipv(engine, board, xboard):
    if xboard:
        # python-chess raises "xboard engine does not support multipv" for any
        # xboard engine (chess/engine.py); analyse with one line there.
        info = engine.analyse(board, chess.engine.Limit(depth=6))
        assert info["pv"][0] in board.legal_moves, info
        assert "score" in info, info
        return
    infos = engine.analyse(board, chess.engine.Limit(depth=6), multipv=3)
    assert len(infos) == 3, infos
    moves = [i["pv"][0] for i in infos]
    assert len(set(moves)) == 3, moves
    for m in moves:
        assert m in board.legal_moves, m
    for i in infos:
        assert "score" in i, i


def stop_infinite(engine, board):
    t = time.time()
    with engine.analysis(board) as analysis:
        seen = 0
        for info in analysis:
            if "pv" in info:
                seen += 1
            if time.time() - t > 0.5 and seen > 0:
                break
        analysis.stop()
        best = analysis.wait()
    assert best.move in board.legal_moves, best
    assert time.time() - t < 5, "stop took too long"


def check(popen, name, chess960):
    engine = popen([ZEST])
    try:
        if chess960:
            board = chess.Board.from_chess960_pos(518 - 1)  # not the standard array
        else:
            board = chess.Board()
        play_game(engine, board.copy(), 12)
        mid = board.copy()
        for uci in (["e2e4", "e7e5", "g1f3"] if not chess960 else []):
            mid.push_uci(uci)
        analyse_multipv(engine, mid, name == "xboard")
        stop_infinite(engine, mid)
        print(f"ok {name} chess960={chess960}")
    finally:
        engine.quit()


for chess960 in (False, True):
    check(chess.engine.SimpleEngine.popen_uci, "uci", chess960)
    check(chess.engine.SimpleEngine.popen_xboard, "xboard", chess960)
print("all ok")
