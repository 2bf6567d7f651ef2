//! Real engines through both protocols (skipped with a notice when not installed; see
//! `scripts/install-test-deps.sh`): fairy-stockfish (UCI) plays Arrangement Chess (its play
//! phase sent as Chess960) and fairymax (XBoard, positions set up in `edit` mode since it has
//! no `setboard`) plays chess; every game is refereed by zest's rules and every move replays.

#[path = "peers/mod.rs"]
mod peers;

#[path = "tournament_util/mod.rs"]
mod util;

use util::*;
use zest::variants::{self, Game, VariantFn};

fn installed(p: &str) -> bool {
    std::path::Path::new(p).exists()
}

struct Replay(Vec<zest::tournament::game::GameRecord>);
impl VariantFn for Replay {
    type Output = ();
    fn call<V: zest::eval::Evaluate>(self) {
        for g in self.0 {
            let mut game = Game::<V>::from_fen(&g.fen).unwrap();
            for m in &g.moves {
                game.play_str(m).unwrap_or_else(|e| panic!("{m}: {e}"));
            }
            if g.termination == zest::tournament::record::Termination::Normal {
                let o = game
                    .outcome()
                    .expect("a normal ending is the rules' ending");
                assert_eq!(
                    (o.result.as_str(), o.reason.as_ref()),
                    (g.result.as_str(), g.reason.as_str())
                );
            }
        }
    }
}

#[test]
fn fairy_stockfish_plays_arrangement() {
    if !installed("/usr/games/fairy-stockfish") {
        return peers::missing("fairy-stockfish");
    }
    let dir = scratch("fsf-arrangement");
    let e = "[[engine]]\nname=\"fsf1\"\ncmd=\"fairy-stockfish\"\noptions={Threads=1, Hash=16}\n[[engine]]\nname=\"fsf2\"\ncmd=\"fairy-stockfish\"\noptions={Threads=1, Hash=16}\n";
    let cfg = config(&dir, e, "variant=\"arrangement\"\nnodes=3000\nrounds=2\nconcurrency=2\nmax_moves=120\nseed=3\n[tournament.openings]\nfile=\"random:plies=8\"\n");
    let games = games_ending_normally(&cfg, 4);
    variants::dispatch("arrangement", Replay(games)).unwrap();
}

#[test]
fn fairymax_over_xboard_plays_chess_from_book_positions() {
    if !installed("/usr/games/fairymax") || !installed("/usr/games/fairy-stockfish") {
        return peers::missing("fairymax or fairy-stockfish");
    }
    let dir = scratch("fairymax");
    let epd = dir.join("book.epd");
    // One position with Black to move (reached by XBoard's dummy a2a3 before `edit`).
    std::fs::write(
        &epd,
        "rnbqkb1r/pp2pppp/2pp1n2/8/6Q1/4P3/PPPPNPPP/RNB1KB1R w KQkq -\nrnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2\n",
    )
    .unwrap();
    let e = "[[engine]]\nname=\"fairymax\"\ncmd=\"fairymax\"\nprotocol=\"xboard\"\n[[engine]]\nname=\"fsf\"\ncmd=\"fairy-stockfish\"\n";
    let cfg = config(
        &dir,
        e,
        &format!(
            "depth=3\nrounds=2\nconcurrency=2\nmax_moves=80\n[tournament.openings]\nfile=\"{}\"\n",
            epd.display()
        ),
    );
    let games = games_ending_normally(&cfg, 4);
    for g in &games {
        assert!(g.engine_plies > 4);
    }
    variants::dispatch("chess", Replay(games)).unwrap();
}

/// fairymax has no Chess960, so it plays Arrangement from arrangements that keep the kings on
/// e1/e8, where castling is orthodox: the runner writes zest's king-takes-rook castling as
/// `e1g1` for it and reads its `e1g1` back (engines.toml: `variants = { arrangement = "normal" }`).
#[test]
fn fairymax_plays_arrangement_with_castling() {
    if !installed("/usr/games/fairymax") {
        return peers::missing("fairymax");
    }
    let dir = scratch("fairymax-arrangement");
    let epd = dir.join("book.epd");
    // Both sides may castle either way at once.
    std::fs::write(
        &epd,
        "r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 0 8\n",
    )
    .unwrap();
    let e = format!(
        "[[engine]]\nname=\"zest\"\ncmd=\"{ZEST}\"\n[[engine]]\nname=\"fairymax\"\ncmd=\"fairymax\"\nprotocol=\"xboard\"\nvariants={{arrangement=\"normal\"}}\n"
    );
    let cfg = config(
        &dir,
        &e,
        &format!(
            "variant=\"arrangement\"\ndepth=3\nrounds=2\nconcurrency=2\nmax_moves=80\n[tournament.openings]\nfile=\"{}\"\n",
            epd.display()
        ),
    );
    let games = games_ending_normally(&cfg, 4);
    let castlings = games
        .iter()
        .flat_map(|g| &g.moves)
        .filter(|m| ["e1h1", "e1a1", "e8h8", "e8a8"].contains(&m.as_str()))
        .count();
    assert!(castlings > 0, "no side castled in four games");
    variants::dispatch("arrangement", Replay(games)).unwrap();
}
