//! XBoard/CECP sessions against the built binary: the handshake, variants with
//! `setup`, games with and without the `zestmoves` extension, analysis,
//! errors, fuzzing, and replays of the real xboard 4.9.1 debug logs in
//! `/work/shared/research/protocol-data` (copied to `tests/data/protocol/`).

mod protocol_common;

use protocol_common::{mutate, variant_names, Rng, Zest};
use std::time::{Duration, Instant};
use zest::protocol::engine::new_game;

const T: Duration = Duration::from_secs(20);

fn xb_name(v: &str) -> &str {
    if v == "chess" {
        "normal"
    } else {
        v
    }
}

fn start(extension: bool) -> Zest {
    let mut z = Zest::start(&[]);
    z.send("xboard");
    z.send("protover 2");
    let lines = z.until(T, |l| l.contains("done=1"));
    assert!(
        lines.iter().all(|l| l.starts_with("feature ")),
        "{lines:#?}"
    );
    z.send(if extension {
        "accepted zestmoves"
    } else {
        "rejected zestmoves"
    });
    z
}

#[test]
fn handshake_features() {
    let mut z = Zest::start(&[]);
    z.send("xboard");
    z.send("protover 2");
    let lines = z.until(T, |l| l.contains("done=1"));
    let all = lines.join(" ");
    for f in [
        "myname=\"zest",
        "setboard=1",
        "usermove=1",
        "ping=1",
        "analyze=1",
        "colors=0",
        "sigint=0",
        "sigterm=0",
        "memory=1",
        "smp=1",
        "zestmoves=1",
    ] {
        assert!(all.contains(f), "{f}: {all}");
    }
    let list = all
        .split("variants=\"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap();
    let names: Vec<&str> = list.split(',').collect();
    assert_eq!(&names[..2], &["normal", "fischerandom"]);
    for v in variant_names() {
        assert!(names.contains(&xb_name(&v)), "{v} not in {list}");
    }
    assert!(z.sync_xboard(1).is_empty());
    z.send("quit");
    assert!(z.wait_exit(Duration::from_secs(5)));
}

/// Engine-defined variants get `setup` (6-field start FEN) before the `pong`; xboard's own don't.
#[test]
fn variant_sends_setup_before_pong() {
    let mut z = start(false);
    for v in variant_names() {
        z.send("new");
        z.send(&format!("variant {}", xb_name(&v)));
        let out = z.sync_xboard(7);
        let start = new_game(&v, None).unwrap().start_fen();
        if v == "chess" || v == "fischerandom" {
            assert!(out.is_empty(), "{v}: {out:#?}");
        } else {
            let six: Vec<&str> = start.split_whitespace().take(6).collect();
            assert!(
                out[0].starts_with("setup (")
                    && out[0].ends_with(&format!(" 8x8+0_fairy {}", six.join(" "))),
                "{v}: {out:#?}"
            );
            assert!(out[1..].iter().all(|l| l.starts_with("piece ")), "{out:#?}");
        }
    }
    z.send("variant nosuchgame");
    let out = z.sync_xboard(8);
    assert_eq!(out, vec!["Error (unsupported variant): nosuchgame"]);
}

/// Plays zest against zest over CECP: both engines in force mode, each turn
/// `usermove` of the opponent's move, then `go`, then `force` after its `move`.
/// Every move is checked with zest's own rules; the mover's claim must equal
/// zest's adjudication. Returns (plies, outcome) .
fn engine_game(
    variant: &str,
    extension: bool,
    max_plies: usize,
    setup: &[&str],
) -> (usize, Option<String>) {
    let mut e = [start(extension), start(extension)];
    let mut game = new_game(variant, None).unwrap();
    for z in e.iter_mut() {
        z.send("new");
        z.send(&format!("variant {}", xb_name(variant)));
        z.send("force");
        // Palindromic's third ply costs over a second a move (a 92-ply game took two
        // minutes), its second 40 ms: the game, not the search, is under test.
        z.send(if variant == "palindromic" {
            "sd 2"
        } else {
            "sd 3"
        });
        // 2 s: about what `st 5` gave before `st` was spent to its end (issue 30 item 3).
        z.send("st 2");
        for s in setup {
            z.send(s);
        }
        z.sync_xboard(1);
    }
    for s in setup {
        if let Some(fen) = s.strip_prefix("setboard ") {
            game = new_game(variant, Some(fen)).unwrap();
        }
    }
    let mut last: Option<String> = None;
    let mut plies = 0;
    let mut ended = None;
    while plies < max_plies && ended.is_none() {
        let side = if game.turn() == zest::core::Color::White {
            0
        } else {
            1
        };
        let z = &mut e[side];
        if let Some(m) = &last {
            z.send(&format!("usermove {m}"));
        }
        z.send("go");
        let lines = z.until(T, |l| {
            l.starts_with("move ")
                || l.starts_with("tellusererror")
                || l.starts_with("Error")
                || l.starts_with("Illegal")
        });
        let l = lines.last().unwrap().clone();
        let m = l
            .strip_prefix("move ")
            .unwrap_or_else(|| panic!("{variant}: {l} after {plies} plies"));
        let zest_move = if extension || m != "@@@@" {
            m.to_string()
        } else {
            "0000".to_string()
        };
        game.play(&zest_move).unwrap_or_else(|err| {
            panic!(
                "{variant}: move {m} illegal at ply {plies} ({}): {err}",
                game.fen()
            )
        });
        // The game's end, or in chess the draw (50 moves, threefold repetition) zest's move
        // lets it claim: either way zest says so and the game is over, as in xboard.
        if let Some(o) = game.outcome().or_else(|| game.claimable_draw()) {
            let claim = z.until(T, |l| l.contains('{'));
            assert_eq!(claim.last().unwrap(), &o.to_string(), "{variant}: claim");
            ended = Some(o.to_string());
        }
        z.send("force");
        // The other engine gets the move before its `go` (next turn).
        last = Some(m.to_string());
        plies += 1;
    }
    for z in e.iter_mut() {
        assert!(z
            .sync_xboard(9)
            .iter()
            .all(|l| !l.starts_with("Error") && !l.starts_with("Illegal")));
        z.send("quit");
    }
    (plies, ended)
}

#[test]
fn extension_games_in_every_variant() {
    for v in variant_names() {
        let t = Instant::now();
        let (plies, outcome) = engine_game(&v, true, 600, &[]);
        eprintln!("{v}: {plies} plies, {outcome:?}, {:?}", t.elapsed());
        assert!(outcome.is_some(), "{v}: no result in {plies} plies");
    }
}

#[test]
fn plain_cecp_game_in_normal_and_fischerandom() {
    for v in ["chess", "fischerandom"] {
        let (plies, outcome) = engine_game(v, false, 80, &[]);
        eprintln!("{v}: {plies} plies, {outcome:?}");
    }
}

/// Without the extension zest refuses to move where its moves have no xboard
/// form (Arrangement's setup phase), but plays the play phase from a `setboard`.
#[test]
fn plain_cecp_arrangement() {
    if !variant_names().iter().any(|v| v == "arrangement") {
        eprintln!("notice: arrangement not registered; skipped");
        return;
    }
    let mut z = start(false);
    z.send("new");
    z.send("variant arrangement");
    z.send("go");
    let l = z.until(T, |l| {
        l.starts_with("tellusererror") || l.starts_with("move")
    });
    assert!(l.last().unwrap().starts_with("tellusererror"), "{l:#?}");
    // Play phase from an arranged position, as the research transcript does.
    let (plies, _) = engine_game(
        "arrangement",
        false,
        40,
        &["setboard rnbqk2r/pppppppp/8/8/8/8/PPPPPPPP/RNBQK2R w KQkq - 0 1"],
    );
    assert!(plies > 0);
}

#[test]
fn moves_errors_undo_remove_ping() {
    let mut z = start(false);
    z.send("new");
    z.send("force");
    z.send("usermove e2e5");
    assert_eq!(z.sync_xboard(1), vec!["Illegal move: e2e5"]);
    z.send("usermove e2e4");
    z.send("usermove e7e5");
    z.send("foo");
    assert_eq!(z.sync_xboard(2), vec!["Error (unknown command): foo"]);
    z.send("setboard not a fen");
    let out = z.sync_xboard(3);
    assert_eq!(out[0], "tellusererror Illegal position");
    // Position unchanged: Black's e7e5 was played, so g1f3 is legal, e7e5 is not.
    z.send("usermove e7e5");
    assert_eq!(z.sync_xboard(4), vec!["Illegal move: e7e5"]);
    z.send("remove");
    z.send("usermove e7e5");
    assert_eq!(z.sync_xboard(5), vec!["Illegal move: e7e5"]);
    z.send("undo");
    assert_eq!(z.sync_xboard(6), vec!["Error (no move to take back): undo"]);
    z.send("usermove d2d4");
    z.send("st 0.2");
    z.send("go");
    // ping while thinking is answered after the move (spec).
    z.send("ping 10");
    let lines = z.until_eq(T, "pong 10");
    let mv = lines
        .iter()
        .find_map(|l| l.strip_prefix("move "))
        .expect("move before pong");
    let mut g = new_game("chess", None).unwrap();
    g.play("d2d4").unwrap();
    g.play(mv).unwrap();
    // Our move was Black's; now zest waits for White.
    z.send("usermove c2c4");
    let lines = z.until(T, |l| l.starts_with("move "));
    g.play("c2c4").unwrap();
    g.play(lines.last().unwrap().strip_prefix("move ").unwrap())
        .unwrap();
    // `?` moves now.
    z.send("st 30");
    z.send("usermove g1f3");
    std::thread::sleep(Duration::from_millis(200));
    let t = Instant::now();
    z.send("?");
    z.until(Duration::from_secs(5), |l| l.starts_with("move "));
    assert!(t.elapsed() < Duration::from_secs(2));
    z.send("result 1/2-1/2 {test over}");
    assert!(z.sync_xboard(11).is_empty());
    z.send("quit");
    assert!(z.wait_exit(Duration::from_secs(5)));
}

#[test]
fn claims_mate_after_own_move() {
    let mut z = start(false);
    z.send("new");
    z.send("force");
    for m in ["f2f3", "e7e5", "g2g4"] {
        z.send(&format!("usermove {m}"));
    }
    z.send("sd 2");
    z.send("go");
    let lines = z.until(T, |l| l.contains('{'));
    assert_eq!(lines.last().unwrap(), "0-1 {Black mates}", "{lines:#?}");
    assert!(lines.iter().any(|l| l == "move d8h4"));
}

#[test]
fn analyze_mode() {
    let mut z = start(false);
    z.send("new");
    z.send("force");
    z.send("post");
    z.send("analyze");
    z.until(T, |l| l.starts_with(|c: char| c.is_ascii_digit()));
    z.send("usermove e2e4");
    z.send(".");
    z.until(T, |l| l.starts_with("stat01: "));
    z.send("undo");
    z.send("exit");
    let out = z.sync_xboard(1);
    assert!(
        out.iter()
            .all(|l| l.starts_with(|c: char| c.is_ascii_digit()) || l.starts_with("stat01")),
        "{out:#?}"
    );
    // After exit no more thinking output.
    std::thread::sleep(Duration::from_millis(200));
    assert!(z.sync_xboard(2).is_empty());
    // Thinking-line shape: ply score time nodes seldepth nps tbhits TAB pv.
    let line = z
        .seen
        .iter()
        .find(|l| l.starts_with(|c: char| c.is_ascii_digit()) && l.contains('\t'))
        .unwrap();
    let (head, pv) = line.split_once('\t').unwrap();
    assert_eq!(head.split(' ').count(), 7, "{line}");
    assert!(head.split(' ').all(|w| w.parse::<i64>().is_ok()), "{line}");
    assert!(!pv.is_empty());
}

#[test]
fn truncated_and_garbage_lines() {
    let mut z = start(false);
    z.send_raw(b"usermo");
    z.send_raw(b"\n\xff\xfe\n\n   \nsetboard\nusermove\nlevel 40\nst x\nsd\ntime\n");
    let out = z.sync_xboard(1);
    assert!(
        out.iter().all(|l| l.starts_with("Error")
            || l.starts_with("Illegal")
            || l.starts_with("tellusererror")),
        "{out:#?}"
    );
    assert!(z.alive());
}

/// 100 000 random and mutated lines; afterwards `ping` answers at once and a game goes on.
#[test]
fn fuzz_lines_never_kill_or_hang() {
    let corpus = [
        "force",
        "usermove e2e4",
        "usermove e7e5",
        "usermove @@@@",
        "usermove e2e3,d7d6",
        "usermove b6/b1/d3=n/c4/f7",
        "undo",
        "remove",
        "setboard rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
        "setboard rnbqk2r/pppppppp/8/8/8/8/PPPPPPPP/RNBQK2R w KQkq - 0 1",
        "variant arrangement",
        "variant fischerandom",
        "variant normal",
        "level 40 5 0",
        "level 0 1:30 2.5",
        "st 1",
        "sd 4",
        "time 1000",
        "otim 1000",
        "post",
        "nopost",
        "hard",
        "easy",
        "accepted zestmoves",
        "rejected zestmoves",
        "result 1-0 {White mates}",
        "exit",
        ".",
        "?",
        "ping 5",
    ];
    let mut z = start(false);
    z.send("force");
    let mut rng = Rng(0x2545f4914f6cdd1d);
    let mut burst = Vec::new();
    for i in 0..100_000 {
        let line = corpus[rng.below(corpus.len())];
        let mut b = mutate(&mut rng, line);
        // Commands that start a search (or leave force mode, or resize) are real
        // work, not protocol handling: keep them out of the burst.
        let text = String::from_utf8_lossy(&b).to_string();
        let first = text.split_whitespace().next().unwrap_or("");
        if matches!(
            first,
            "go" | "playother" | "new" | "analyze" | "memory" | "cores" | "quit"
        ) {
            b = b"force\n".to_vec();
        }
        burst.extend_from_slice(&b);
        if i % 5000 == 4999 {
            burst.extend_from_slice(b"force\n");
            z.send_raw(&burst);
            burst.clear();
            let t = Instant::now();
            z.sync_xboard(100_000 + i);
            assert!(t.elapsed() < Duration::from_secs(10));
        }
    }
    assert!(z.alive());
    z.send("new");
    z.send("sd 3");
    z.send("usermove e2e4");
    let lines = z.until(T, |l| l.starts_with("move "));
    let mut g = new_game("chess", None).unwrap();
    g.play("e2e4").unwrap();
    g.play(lines.last().unwrap().strip_prefix("move ").unwrap())
        .unwrap();
}

const CONTINUATIONS: &[&str] = &["protover", "random", "new", "variant", "force", "go"];

/// GUI→engine lines of one engine in an xboard `-debug` log (`NNN >first : text`;
/// untimestamped lines right after are the rest of the same write).
fn gui_lines(log: &str, who: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut continuing = false;
    let tag = format!(">{who}");
    for line in log.lines() {
        let mut parts = line.splitn(2, ' ');
        let first = parts.next().unwrap_or("");
        let rest = parts.next().unwrap_or("");
        if first.chars().all(|c| c.is_ascii_digit()) && !first.is_empty() {
            continuing = false;
            if let Some(text) = rest.strip_prefix(&tag) {
                let text = text
                    .trim_start_matches(' ')
                    .trim_start_matches(':')
                    .trim_start();
                // xboard writes `usermove ` and the move in two writes, logged on one
                // line as `usermove 622 >second: e1h1`.
                let text = match text.strip_prefix("usermove ") {
                    Some(r) if r.contains('>') => {
                        format!("usermove {}", r.rsplit(": ").next().unwrap().trim())
                    }
                    _ => text.to_string(),
                };
                out.push(text);
                continuing = true;
            }
        } else if continuing && CONTINUATIONS.contains(&line.split(' ').next().unwrap_or("")) {
            // The rest of the same write (`xboard\nprotover 2`, `new\nrandom`); other
            // untimestamped lines are xboard's own debug messages.
            out.push(line.to_string());
        }
    }
    out
}

fn research(name: &str) -> Option<String> {
    let local = format!("{}/tests/data/protocol/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(local).ok()
}

/// Replays every real xboard 4.9.1 log: the first engine's start-up (handshake,
/// `new`/`variant` twice, `ping`s) must be answered with `feature … done=1`,
/// `setup` before the `pong` for engine-defined variants, and every `pong`.
#[test]
fn replay_real_xboard_startups() {
    let logs = [
        "xboard-interchange-comma-dbg.log",
        "xboard-exile-legality-on-dbg.log",
        "xboard-exile-legality-off-dbg.log",
        "xboard-arrangement-ownpiece-illegal-dbg.log",
        "xboard-arrangement-kxr-castling-dbg.log",
    ];
    let names = variant_names();
    for log in logs {
        let text = research(log).unwrap_or_else(|| panic!("{log} missing"));
        let lines = gui_lines(&text, "first");
        let variant = lines
            .iter()
            .find_map(|l| l.strip_prefix("variant "))
            .unwrap()
            .to_string();
        if !names.iter().any(|n| n == &variant) {
            eprintln!("notice: {log}: variant {variant} not registered yet; skipped");
            continue;
        }
        let mut z = Zest::start(&[]);
        let mut pongs = Vec::new();
        for l in lines
            .iter()
            .take_while(|l| *l != "go" && !l.starts_with("usermove") && !l.starts_with("time"))
        {
            z.send(l);
            if let Some(n) = l.strip_prefix("ping ") {
                pongs.push(format!("pong {n}"));
            }
        }
        let last = pongs.last().unwrap().clone();
        let out = z.until_eq(T, &last);
        let setup_at = out
            .iter()
            .position(|l| l.starts_with("setup "))
            .expect("setup");
        let first_pong = out.iter().position(|l| l.starts_with("pong")).unwrap();
        assert!(setup_at < first_pong, "{log}: {out:#?}");
        assert!(out[0].starts_with("feature ") && out.iter().any(|l| l.contains("done=1")));
        let got: Vec<&String> = out.iter().filter(|l| l.starts_with("pong")).collect();
        assert_eq!(got.len(), pongs.len(), "{log}: {out:#?}");
        assert!(
            !out.iter()
                .any(|l| l.starts_with("Error") || l.starts_with("Illegal")),
            "{log}: {out:#?}"
        );
    }
}

/// The second engine's whole session of the Arrangement castling run: setboard
/// of an arranged position, `usermove e1h1` (king takes own rook = castling),
/// `go`: zest answers with a legal move, then `result`, `ping`, `quit`.
#[test]
fn replay_real_arrangement_second_engine() {
    if !variant_names().iter().any(|v| v == "arrangement") {
        eprintln!("notice: arrangement not registered; skipped");
        return;
    }
    let text = research("xboard-arrangement-kxr-castling-dbg.log").unwrap();
    let lines = gui_lines(&text, "second");
    assert!(lines.contains(&"usermove e1h1".to_string()), "{lines:#?}");
    let mut z = Zest::start(&[]);
    let mut game = None;
    for l in &lines {
        z.send(l);
        if let Some(fen) = l.strip_prefix("setboard ") {
            game = Some(new_game("arrangement", Some(fen)).unwrap());
        }
        if let Some(m) = l.strip_prefix("usermove ") {
            game.as_mut().unwrap().play(m).unwrap();
        }
        if l == "go" {
            let out = z.until(T, |l| {
                l.starts_with("move ") || l.starts_with("tellusererror")
            });
            let m = out.last().unwrap().strip_prefix("move ").expect("a move");
            game.as_mut().unwrap().play(m).unwrap();
        }
        if l == "quit" {
            break;
        }
    }
    assert!(z.wait_exit(Duration::from_secs(5)));
    z.drain();
    assert!(
        !z.seen
            .iter()
            .any(|l| l.starts_with("Error") || l.starts_with("Illegal")),
        "{:#?}",
        z.seen
    );
    assert!(z.seen.iter().any(|l| l == "pong 2"));
}

/// The plain-CECP move mapping (research note section 5), on zest notation strings.
#[test]
fn xboard_move_shapes() {
    use zest::protocol::xboard::to_xboard;
    let white = "r2k3r/8/8/8/8/8/8/R2K3R w KQkq - 0 1";
    let black = "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1";
    for (zest, xb) in [
        ("e2e4", Some("e2e4")),
        ("e7e8d", Some("e7e8d")),
        ("0000", Some("@@@@")),
        ("c8d6", Some("c8d6")),
        ("d1g1f1", Some("d1g1")),
        ("d1f1e1", Some("d1f1")),
        ("d1b1c1", Some("d1b1")),
        ("e8c8d8", Some("e8c8")),
        ("e8g8f8", Some("e8g8")),
        ("d1g1d1", None),
        ("d1e1d1", None),
        ("d1c1d1", None),
        ("d1h1g1", None),
        ("d1a1b1", None),
        ("e2e3,d7d6", None),
        ("0000,d7d6", None),
        ("b6/b1/d3=n/c4/f7", None),
        ("c8/b6/c4/d6", None),
        ("e8/b8", None),
        ("d1/f1,e2e4", None),
    ] {
        let fen = if zest.starts_with('e') && zest.len() == 6 {
            black
        } else {
            white
        };
        assert_eq!(to_xboard(zest, fen).as_deref(), xb, "{zest}");
    }
}

/// xboard relays an opponent's pass as `setboard` of the position after it:
/// zest plays the pass (history kept, so `undo` works) and, on move, thinks.
#[test]
fn setboard_after_pass_means_think_now() {
    if !variant_names().iter().any(|v| v == "arrangement") {
        eprintln!("notice: arrangement not registered; skipped");
        return;
    }
    let mut z = start(true);
    z.send("new");
    z.send("variant arrangement");
    z.send("sd 2");
    z.send("playother");
    // Black passed its king swap; White's only move is the mirror pass.
    z.send("setboard rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 mirror");
    let lines = z.until(T, |l| l.starts_with("move "));
    assert_eq!(lines.last().unwrap(), "move 0000");
    z.send("force");
    z.send("undo");
    z.send("undo");
    assert!(z.sync_xboard(1).is_empty(), "history of the pass kept");
}

/// xboard sends Chess960 castling as `O-O` / `O-O-O`.
#[test]
fn chess960_castling_from_xboard_san() {
    let mut z = start(false);
    z.send("new");
    z.send("variant fischerandom");
    z.send("force");
    z.send("setboard 1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1");
    z.send("usermove O-O");
    z.send("usermove O-O-O");
    z.send("usermove O-O");
    assert_eq!(z.sync_xboard(1), vec!["Illegal move: O-O"]);
    let mut g = new_game(
        "fischerandom",
        Some("1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1"),
    )
    .unwrap();
    g.play("e1g1").unwrap();
    g.play("e8b8").unwrap();
    // zest now plays White from the same position: its move must be legal there.
    z.send("sd 2");
    z.send("go");
    let lines = z.until(T, |l| l.starts_with("move "));
    g.play(lines.last().unwrap().strip_prefix("move ").unwrap())
        .unwrap();
}

/// Every move of `filter`'s shape in `fen` is accepted over the extension, one `setboard` each.
fn accepts_every(variant: &str, fen: &str, filter: impl Fn(&str) -> bool) -> usize {
    let pos = new_game(variant, Some(fen)).unwrap();
    let shapes: Vec<String> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| filter(m))
        .collect();
    let mut z = start(true);
    z.send("new");
    z.send(&format!("variant {variant}"));
    z.send("force");
    for (i, m) in shapes.iter().enumerate() {
        z.send(&format!("setboard {fen}"));
        z.send(&format!("usermove {m}"));
        z.send(&format!("ping {}", 100 + i));
        let lines = z.until_eq(T, &format!("pong {}", 100 + i));
        assert!(
            !lines
                .iter()
                .any(|l| l.starts_with("Illegal") || l.starts_with("Error")),
            "{variant} {m}: {lines:#?}"
        );
    }
    shapes.len()
}

/// The extension carries every Exile castling shape (six characters, king and rook destinations)
/// and Swap paths with promotion.
#[test]
fn extension_carries_exile_castlings_and_swap_promotions() {
    let names = variant_names();
    if names.iter().any(|v| v == "exile") {
        let n = accepts_every(
            "exile",
            "r2k3r/pppppppp/8/8/8/8/PPPPPPPP/R2K3R w KQkq - 0 3",
            |m| m.len() == 6,
        );
        // exile.md worked example 3: 6 queenside and 10 kingside castlings.
        assert_eq!(n, 16);
    }
    if names.iter().any(|v| v == "swap") {
        let n = accepts_every("swap", "3rk3/5r2/1Q6/8/2b5/3p4/5R2/1B5K w - - 0 1 -", |m| {
            m.contains('=')
        });
        // The page's mate-in-one position: swap paths promoting on d3 (b1/d3=n/c4/f7 among them).
        assert!(n > 0);
    }
}
