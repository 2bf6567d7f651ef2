#!/usr/bin/env bash
# Acceptance 1 of the tournament runner: standard chess, Debian stockfish (Threads=1, Hash=16,
# nodes=2000), the 100 openings of tournament-data/openings_6ply.epd in order, 50 colour-swapped
# pairs, concurrency 2. zest's PGN must have the same moves and result in every game as the
# fastchess reference PGN (games at fixed nodes are deterministic). Also prints the runner's
# CPU per ply (acceptance 2) from the result file.
#   scripts/conformance.sh [DATA_DIR]   (default ../shared/research/tournament-data)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
data="${1:-$root/../shared/research/tournament-data}"
[ -d "$data" ] || data=/work/shared/research/tournament-data
out="${OUT_DIR:-$(mktemp -d)}"
sf="$(command -v stockfish || echo /usr/games/stockfish)"
if [ ! -x "$sf" ] || ! python3 -c 'import chess' 2>/dev/null; then
  echo "conformance: needs stockfish and python-chess (scripts/install-test-deps.sh)" >&2
  exit 2
fi
zest="${ZEST:-$root/target/release/zest}"
[ -x "$zest" ] || (cd "$root" && cargo build --release)
cat > "$out/engines.toml" <<TOML
[[engine]]
name = "sfA"
cmd = "$sf"
options = { Threads = 1, Hash = 16 }
[[engine]]
name = "sfB"
cmd = "$sf"
options = { Threads = 1, Hash = 16 }
[tournament]
variant = "chess"
nodes = 2000
games = 2
rounds = 50
concurrency = 2
pgn_out = "$out/conformance.pgn"
[tournament.openings]
file = "$data/openings_6ply.epd"
order = "sequential"
TOML
start=$(date +%s.%N)
"$zest" tournament --config "$out/engines.toml" --quiet
end=$(date +%s.%N)
echo "wall: $(echo "$end - $start" | bc) s"
python3 - "$data/stockfish-nodes2000-fastchess.pgn" "$out/conformance.pgn" "$out/conformance.json" <<'PY'
import json, sys, chess, chess.pgn

def games(path, san):
    out = {}
    with open(path) as f:
        while True:
            g = chess.pgn.read_game(f)
            if g is None:
                break
            fen = " ".join(g.headers["FEN"].split()[:4])
            board = g.board()
            moves = []
            for node in g.mainline():
                moves.append(node.move.uci())
            key = (fen, g.headers["White"], g.headers["Black"])
            out[key] = (moves, g.headers["Result"])
    return out

ref = games(sys.argv[1], True)
ours = games(sys.argv[2], False)
same = sum(1 for k in ref if k in ours and ours[k] == ref[k])
diff = [k for k in ref if k not in ours or ours[k] != ref[k]]
for k in diff[:5]:
    r, o = ref[k], ours.get(k, ([], "missing"))
    i = next((i for i, (a, b) in enumerate(zip(r[0], o[0])) if a != b), min(len(r[0]), len(o[0])))
    print(f"DIFF {k}: ref {r[1]} {len(r[0])} plies, ours {o[1]} {len(o[0])} plies, first difference at ply {i}")
res = json.load(open(sys.argv[3]))
run = res["runner"]
print(f"games identical: {same}/{len(ref)} (ours: {len(ours)} games)")
print(f"runner: {run['plies_now']} plies, {run['cpu_s']:.2f} s CPU, {run['cpu_ms_per_ply']:.3f} ms/ply, wall {run['wall_s']:.1f} s")
sys.exit(0 if same == len(ref) and len(ours) == len(ref) else 1)
PY
