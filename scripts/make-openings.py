#!/usr/bin/env python3
"""Balanced opening positions for strength matches, made by zest's own analysis.

Plays random legal 8-ply openings (python-chess, seeded), asks `zest analyse` for a
fixed-depth score of each, and keeps those within +-MARGIN centipawns: varied, roughly
equal starts for SPRT matches (docs/strength.md).

usage: make-openings.py ZEST OUT.epd [COUNT] [--variant chess|fischerandom]
"""
import json, random, subprocess, sys, tempfile

def main():
    zest, out = sys.argv[1], sys.argv[2]
    count = int(sys.argv[3]) if len(sys.argv) > 3 and sys.argv[3].isdigit() else 500
    chess960 = "--variant" in sys.argv and sys.argv[sys.argv.index("--variant") + 1] == "fischerandom"
    import chess
    rng = random.Random(20261125)
    cands = set()
    while len(cands) < count * 3:
        board = chess.Board.from_chess960_pos(rng.randrange(960)) if chess960 else chess.Board()
        board.chess960 = chess960
        for _ in range(8):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        if board.is_game_over() or board.ply() < 8:
            continue
        cands.add(board.fen(shredder=chess960))
    cands = sorted(cands)
    rng.shuffle(cands)
    with tempfile.NamedTemporaryFile("w", suffix=".epd", delete=False) as f:
        f.write("\n".join(cands) + "\n")
        path = f.name
    variant = "fischerandom" if chess960 else "chess"
    res = subprocess.run([zest, "analyse", "--variant", variant, "--epd", path, "--depth", "8",
                          "--hash", "16"], capture_output=True, text=True, check=True)
    kept = []
    for fen, line in zip(cands, res.stdout.splitlines()):
        score = json.loads(line).get("score", {})
        if "cp" in score and abs(score["cp"]) <= 60:
            kept.append(fen)
        if len(kept) == count:
            break
    with open(out, "w") as f:
        f.write("\n".join(kept) + "\n")
    print(f"{len(kept)} positions written to {out}", file=sys.stderr)

if __name__ == "__main__":
    main()
