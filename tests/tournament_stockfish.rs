//! Conformance sample against the fastchess reference (the full run is
//! `scripts/conformance.sh`): Debian stockfish at nodes=2000 plays the same games. Skipped
//! with a notice when stockfish is not installed (`scripts/install-test-deps.sh`).

#[path = "peers/mod.rs"]
mod peers;

#[path = "tournament_util/mod.rs"]
mod util;

use std::collections::BTreeMap;
use util::*;

const REFERENCE: &str = include_str!("data/stockfish-nodes2000-fastchess.pgn");

fn stockfish() -> Option<&'static str> {
    ["/usr/games/stockfish", "/usr/bin/stockfish"]
        .into_iter()
        .find(|p| std::path::Path::new(p).exists())
}

/// (FEN's first four fields, White) → (Result, PlyCount) of each game of a PGN.
fn index(pgn: &str) -> BTreeMap<(String, String), (String, String)> {
    let mut out = BTreeMap::new();
    for g in pgn.split("[Event ").skip(1) {
        let tag = |name: &str| {
            let k = format!("[{name} \"");
            g.find(&k).map(|i| {
                let v = &g[i + k.len()..];
                v[..v.find("\"]").unwrap()].to_string()
            })
        };
        let fen = tag("FEN")
            .unwrap()
            .split(' ')
            .take(4)
            .collect::<Vec<_>>()
            .join(" ");
        out.insert(
            (fen, tag("White").unwrap()),
            (tag("Result").unwrap(), tag("PlyCount").unwrap()),
        );
    }
    out
}

#[test]
fn stockfish_at_fixed_nodes_plays_the_reference_games() {
    let Some(sf) = stockfish() else {
        return peers::missing("stockfish");
    };
    let dir = scratch("stockfish");
    let epd = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/openings_6ply.epd");
    let engines = format!(
        "[[engine]]\nname=\"sfA\"\ncmd=\"{sf}\"\noptions={{Threads=1, Hash=16}}\n[[engine]]\nname=\"sfB\"\ncmd=\"{sf}\"\noptions={{Threads=1, Hash=16}}\n"
    );
    let cfg = config(
        &dir,
        &engines,
        &format!(
            "nodes = 2000\nrounds = 4\nconcurrency = 2\n[tournament.openings]\nfile = \"{epd}\"\n"
        ),
    );
    run_quiet(&cfg);
    let ours = index(&std::fs::read_to_string(&cfg.tournament.pgn_out).unwrap());
    let reference = index(REFERENCE);
    assert_eq!(ours.len(), 8);
    for (k, v) in &ours {
        assert_eq!(reference.get(k), Some(v), "game {k:?}");
    }
}
