"""Replays cutechess-cli's UCI command order (projects/lib/src/uciengine.cpp and
chessengine.cpp) with two zest processes playing Chess960 from 20 start
positions, and checks every move with python-chess. Exits non-zero on failure.

What cutechess sends, in order:
  start:     uci ... uciok, then isready ... readyok
  new game:  setoption name UCI_Variant value chess960   (setVariant: the engine's
             UCI_Variant combo lists `fischerandom`, variantToUci(.., false) says chess960)
             ucinewgame
             position fen <Shredder-FEN>                  (positionString, random variant)
  each turn: position fen <Shredder-FEN> moves m1 m2 ... (makeMove -> sendPosition)
             isready ... readyok                          (ChessEngine::go pings first)
             go wtime W btime B winc I binc I             (startThinking)
  game end:  isready ... readyok                          (endGame -> ping)
  finally:   quit
The game is adjudicated as cutechess's arbiter does: mate, stalemate, insufficient
material, threefold repetition and the 50-move rule end it; a ply cap (a draw by
adjudication here) keeps the run short.

Usage: python3 cutechess_uci.py PATH_TO_ZEST [GAMES]
"""
import subprocess
import sys
import threading
import queue
import time

import chess

ZEST = sys.argv[1]
GAMES = int(sys.argv[2]) if len(sys.argv) > 2 else 20
BASE_MS, INC_MS, MAX_PLIES = 1000, 20, 120
OVERRUNS = []


class Engine:
    def __init__(self, name):
        self.name = name
        self.p = subprocess.Popen(
            [ZEST, "uci"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.q = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.log = []

    def _read(self):
        for line in self.p.stdout:
            self.q.put(line.rstrip("\n"))
        self.q.put(None)

    def send(self, line):
        self.log.append("> " + line)
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def until(self, pred, timeout=30):
        end = time.time() + timeout
        out = []
        while True:
            line = self.q.get(timeout=max(0.01, end - time.time()))
            if line is None:
                raise RuntimeError(f"{self.name} exited; log tail: {self.log[-20:]}")
            self.log.append("< " + line)
            out.append(line)
            if pred(line):
                return out

    def ping(self):
        self.send("isready")
        return self.until(lambda l: l == "readyok")


def start(name):
    e = Engine(name)
    e.send("uci")
    lines = e.until(lambda l: l == "uciok")
    # cutechess: UCI_Chess960 -> fischerandom; the UCI_Variant combo -> its choices.
    combo = [l for l in lines if l.startswith("option name UCI_Variant ")]
    assert combo, lines
    choices = combo[0].split(" var ")[1:]
    assert "fischerandom" in choices, choices
    e.ping()
    return e


def play(engines, n):
    board = chess.Board.from_chess960_pos(n * 47 % 960, )
    board.chess960 = True
    start_fen = board.shredder_fen()
    for e in engines:
        e.send("setoption name UCI_Variant value chess960")
        e.send("ucinewgame")
        e.send(f"position fen {start_fen}")
    clock = [BASE_MS, BASE_MS]
    moves = []
    castlings = 0
    while not board.is_game_over(claim_draw=True) and len(moves) < MAX_PLIES:
        side = 0 if board.turn == chess.WHITE else 1
        e = engines[(side + n) % 2]
        pos = f"position fen {start_fen}" + (" moves " + " ".join(moves) if moves else "")
        e.send(pos)
        e.ping()
        t = time.time()
        e.send(f"go wtime {clock[0]} btime {clock[1]} winc {INC_MS} binc {INC_MS}")
        lines = e.until(lambda l: l.startswith("bestmove"))
        used = int((time.time() - t) * 1000)
        clock[side] += INC_MS - used
        if clock[side] <= 0:
            # cutechess would forfeit; on a loaded CI machine that is the machine's doing, and
            # this run checks moves, not timing: count it and go on with a small clock.
            OVERRUNS.append(f"{e.name} game {n + 1} ply {len(moves)}: {used} ms")
            clock[side] = 10 * INC_MS
        token = lines[-1].split()[1]
        try:
            move = chess.Move.from_uci(token)
        except ValueError:
            move = None
        if move is None or move not in board.legal_moves:
            raise AssertionError(
                f"game {n} ply {len(moves)}: illegal move {token!r} in {board.fen()}"
                f" (start {start_fen}); log tail: {e.log[-12:]}")
        castlings += board.is_castling(move)
        moves.append(token)
        board.push(move)
    for e in engines:
        e.ping()
    result = board.result(claim_draw=True) if board.is_game_over(claim_draw=True) else "1/2-1/2"
    return len(moves), castlings, result


def main():
    engines = [start("zest-a"), start("zest-b")]
    total_plies = total_castlings = 0
    for n in range(GAMES):
        plies, castlings, result = play(engines, n)
        total_plies += plies
        total_castlings += castlings
        print(f"game {n + 1}: {plies} plies, {castlings} castlings, {result}")
    for e in engines:
        e.send("quit")
        e.p.wait(timeout=10)
    if OVERRUNS:
        print(f"time overruns (not failures): {OVERRUNS}")
    print(f"ok {GAMES} games, {total_plies} plies, {total_castlings} castlings, no illegal move")


if __name__ == "__main__":
    main()
