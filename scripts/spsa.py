#!/usr/bin/env python3
"""SPSA tuning of the search's constants (src/search/params.rs) with zest's own runner.

Needs a build with the `tune` feature, which lists the constants as UCI spin options:

    cargo build --release --features tune --target-dir target-tune
    scripts/spsa.py --engine target-tune/release/zest --iterations 2000 --nodes 8000 \\
        --openings tests/data/openings-balanced.epd --state spsa.json

Each iteration draws a random sign for every constant, plays `--pairs` game pairs (each
opening with colours swapped) between the build set to theta + c_k * delta and the build set
to theta - c_k * delta, and moves theta by a_k * (wins - losses) * delta / c_k, the gains and
perturbations shrinking as in Spall's SPSA (the schedule OpenBench uses: the last iteration
perturbs each constant by `c_end`, a twentieth of its range, and steps by `r_end * c_end`
for a one-game edge). The state file keeps theta and the iteration after each one, so a run
stopped by Ctrl-C or a session's end continues with the same command. The tuned values are
printed as `name value` lines; they land in params.rs only with a passed SPRT.
"""

import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile

ALPHA, GAMMA = 0.602, 0.101


def read_params(engine):
    """The constants the build offers: name -> (default, min, max)."""
    out = subprocess.run([engine, "uci"], input="uci\nquit\n", capture_output=True,
                         text=True, timeout=30).stdout
    params = {}
    for line in out.splitlines():
        m = re.match(r"option name (\w+) type spin default (-?\d+) min (-?\d+) max (-?\d+)$", line)
        if m and m.group(1) not in ("Threads", "Hash", "MultiPV"):
            params[m.group(1)] = tuple(int(x) for x in m.group(2, 3, 4))
    if not params:
        sys.exit(f"{engine} lists no search constants: build it with --features tune")
    return params


def toml_config(engine, plus, minus, args, seed, journal):
    def engine_block(name, values):
        opts = ", ".join([f"Threads = 1, Hash = {args.hash}"] +
                         [f"{k} = {v}" for k, v in sorted(values.items())])
        return f'[[engine]]\nname = "{name}"\ncmd = "{engine}"\nprotocol = "uci"\noptions = {{ {opts} }}\n'
    return (engine_block("plus", plus) + "\n" + engine_block("minus", minus) + f"""
[tournament]
engines = ["plus", "minus"]
variant = "{args.variant}"
nodes = {args.nodes}
games = 2
rounds = {args.pairs}
format = "gauntlet"
concurrency = {args.concurrency}
seed = {seed}
pgn_out = "{journal}.pgn"
state_out = "{journal}"

[tournament.openings]
file = "{args.openings}"
order = "random"
""")


def play(engine, plus, minus, args, seed, workdir):
    """Wins minus losses of `plus` over one batch, and the games played."""
    journal = os.path.join(workdir, f"it{seed}.state.jsonl")
    cfg = os.path.join(workdir, "spsa.toml")
    with open(cfg, "w") as f:
        f.write(toml_config(engine, plus, minus, args, seed, journal))
    run = subprocess.run([engine, "tournament", "--config", cfg, "--quiet"],
                         capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit(f"the tournament failed:\n{run.stderr}")
    score, games = 0, 0
    with open(journal) as f:
        for line in f:
            g = json.loads(line)
            if g.get("kind") != "game":
                continue
            games += 1
            white_wins = {"1-0": 1, "0-1": -1}.get(g["result"], 0)
            score += white_wins if g["white"] == "plus" else -white_wins
    for suffix in ("", ".pgn", ".json"):
        try:
            os.remove(journal + suffix)
        except FileNotFoundError:
            pass
    return score, games


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--engine", required=True, help="a zest build with --features tune")
    ap.add_argument("--iterations", type=int, default=2000)
    ap.add_argument("--pairs", type=int, default=2, help="game pairs an iteration")
    ap.add_argument("--nodes", type=int, default=8000)
    ap.add_argument("--hash", type=int, default=16)
    ap.add_argument("--concurrency", type=int, default=2)
    ap.add_argument("--variant", default="chess")
    ap.add_argument("--openings", default="tests/data/openings-balanced.epd")
    ap.add_argument("--only", help="comma-separated constants to tune (default: all)")
    ap.add_argument("--r-end", type=float, default=0.002)
    ap.add_argument("--state", default="spsa.json")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    engine = os.path.abspath(args.engine)
    args.openings = os.path.abspath(args.openings) if os.path.exists(args.openings) else args.openings

    params = read_params(engine)
    if args.only:
        params = {k: params[k] for k in args.only.split(",")}
    n = args.iterations
    big_a = 0.1 * n
    c_end = {k: max(0.5, (hi - lo) / 20) for k, (_, lo, hi) in params.items()}
    c0 = {k: c * n ** GAMMA for k, c in c_end.items()}
    a0 = {k: args.r_end * c * c * (big_a + n) ** ALPHA for k, c in c_end.items()}

    state = {"k": 0, "theta": {k: float(d) for k, (d, _, _) in params.items()}, "games": 0}
    if os.path.exists(args.state):
        with open(args.state) as f:
            state = json.load(f)
    rng = random.Random(args.seed * 1_000_003 + state["k"])
    with tempfile.TemporaryDirectory() as workdir:
        while state["k"] < n:
            k = state["k"]
            theta = state["theta"]
            delta = {p: rng.choice((-1, 1)) for p in params}
            ck = {p: c0[p] / (k + 1) ** GAMMA for p in params}
            ak = {p: a0[p] / (big_a + k + 1) ** ALPHA for p in params}

            def clamp(p, v):
                return min(max(v, params[p][1]), params[p][2])

            plus = {p: round(clamp(p, theta[p] + ck[p] * delta[p])) for p in params}
            minus = {p: round(clamp(p, theta[p] - ck[p] * delta[p])) for p in params}
            score, games = play(engine, plus, minus, args, args.seed * 100_000 + k, workdir)
            for p in params:
                theta[p] = clamp(p, theta[p] + ak[p] * score * delta[p] / ck[p])
            state["k"] = k + 1
            state["games"] += games
            tmp = args.state + ".tmp"
            with open(tmp, "w") as f:
                json.dump(state, f, indent=1)
            os.replace(tmp, args.state)
            if (k + 1) % 10 == 0 or k + 1 == n:
                shown = " ".join(f"{p}={theta[p]:.1f}" for p in params)
                print(f"iteration {k + 1}/{n}, {state['games']} games: {shown}", flush=True)
    for p in params:
        print(f"{p} {round(state['theta'][p])}")


if __name__ == "__main__":
    main()
