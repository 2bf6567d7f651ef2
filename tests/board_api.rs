//! The board's HTTP API against the running `zest board`: moves enterable by
//! clicks equal an independent move generator (shakmaty for chess/960) or the
//! library's own full listing; Swap's prefix query agrees with the full Swap
//! move list in small positions; random and malformed requests get 4xx answers
//! and never bring the server down; concurrent sessions keep their own games.

mod board_common;

use board_common::*;
use shakmaty::{CastlingMode, Chess, Position as _};
use std::collections::BTreeSet;
use std::ops::ControlFlow;
use zest::variants::{self, Variant};

fn shakmaty_moves(fen: &str, mode: CastlingMode) -> BTreeSet<String> {
    let f: shakmaty::fen::Fen = fen.parse().expect("fen");
    let pos: Chess = f.into_position(mode).expect("position");
    pos.legal_moves()
        .iter()
        .map(|m| m.to_uci(mode).to_string())
        .collect()
}

fn library_moves<V: Variant>(fen: &str) -> BTreeSet<String> {
    let pos = V::from_fen(fen).expect("fen");
    let mut out = BTreeSet::new();
    let _ = pos.for_each_move(|m| {
        out.insert(pos.move_to_string(m));
        ControlFlow::Continue(())
    });
    out
}

/// Plays `n` moves chosen by a simple generator from the position, returning the FENs met.
fn walk_positions<V: Variant>(start: &str, n: usize, seed: u64) -> Vec<String> {
    let mut pos = V::from_fen(start).expect("fen");
    let mut fens = vec![pos.fen()];
    let mut x = seed;
    for _ in 0..n {
        let mut moves = Vec::new();
        let _ = pos.for_each_move(|m| {
            moves.push(m);
            if moves.len() >= 300 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        if moves.is_empty() {
            break;
        }
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        pos.play(moves[(x >> 33) as usize % moves.len()]);
        fens.push(pos.fen());
    }
    fens
}

#[test]
fn chess_and_960_clicks_equal_shakmaty() {
    let s = Server::start();
    let a = agent();
    let cases: Vec<(&str, String, CastlingMode)> = [
        (
            "chess",
            variants::chess::Chess::START_FEN.to_string(),
            CastlingMode::Standard,
        ),
        (
            "fischerandom",
            variants::chess::chess960_fen(0),
            CastlingMode::Chess960,
        ),
        (
            "fischerandom",
            variants::chess::chess960_fen(777),
            CastlingMode::Chess960,
        ),
        // Promotions, en passant and castling both ways.
        (
            "chess",
            "r3k2r/1P4P1/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1".to_string(),
            CastlingMode::Standard,
        ),
    ]
    .into_iter()
    .collect();
    for (variant, fen, mode) in cases {
        let fens = if variant == "chess" {
            walk_positions::<variants::chess::Chess>(&fen, 12, 7)
        } else {
            walk_positions::<variants::chess::Chess960>(&fen, 12, 7)
        };
        for f in fens.iter().step_by(3) {
            let id = session(&a, &s.url, variant, Some(f));
            let got: BTreeSet<String> = enterable(&a, &s.url, &id).into_iter().collect();
            assert_eq!(got, shakmaty_moves(f, mode), "{variant} {f}");
        }
    }
}

#[test]
fn every_other_game_clicks_equal_the_full_listing() {
    let s = Server::start();
    let a = agent();
    macro_rules! check {
        ($ty:ty, $name:expr, $plies:expr) => {{
            let fens = walk_positions::<$ty>(<$ty>::START_FEN, $plies, 11);
            for f in fens.iter().step_by(2) {
                let id = session(&a, &s.url, $name, Some(f));
                let got: BTreeSet<String> = enterable(&a, &s.url, &id).into_iter().collect();
                assert_eq!(got, library_moves::<$ty>(f), "{} {f}", $name);
            }
        }};
    }
    check!(variants::exile::Exile, "exile", 7);
    check!(variants::arrangement::Arrangement, "arrangement", 6);
    check!(variants::interchange::Interchange, "interchange", 3);
    check!(variants::palindromic::Palindromic, "palindromic", 3);
}

#[test]
fn swap_prefix_query_agrees_with_the_full_list() {
    use variants::swap::Swap;
    let s = Server::start();
    let a = agent();
    let fens = [
        // swap.md's check example: two sequences escape.
        "4k3/8/8/b7/8/8/8/R2NK3 w Q - 0 1",
        "4k3/1P6/8/2n5/3B4/8/6p1/R3K2N w Q - 0 1",
        "r3k3/2p5/3n4/8/1B6/2Q5/6P1/4K2R w Kq - 0 1",
        "7k/P7/1P6/8/8/6p1/7p/K7 b - - 0 1",
    ];
    for f in fens {
        let pos = Swap::from_fen(f).expect("fen");
        let id = session(&a, &s.url, "swap", Some(f));
        let entered = enterable(&a, &s.url, &id);
        // Every path entered is legal, and names the move the library prints.
        let mut got = BTreeSet::new();
        for m in &entered {
            let mv = pos
                .parse_move(m)
                .unwrap_or_else(|e| panic!("{f}: {m} entered but {e}"));
            got.insert(pos.move_to_string(mv));
        }
        assert_eq!(got, library_moves::<Swap>(f), "{f}");
    }
}

#[test]
fn a_game_is_played_taken_back_and_exported() {
    let s = Server::start();
    let a = agent();
    let id = session(&a, &s.url, "interchange", None);
    let base = format!("{}/api/session/{id}", s.url);
    let mut lib =
        variants::interchange::Interchange::from_fen(variants::interchange::Interchange::START_FEN)
            .unwrap();
    let mut played = Vec::new();
    for i in 0..6 {
        let moves: Vec<String> = library_moves::<variants::interchange::Interchange>(&lib.fen())
            .into_iter()
            .collect();
        let m = &moves[(i * 37) % moves.len()];
        let st = json(
            &a,
            "POST",
            &format!("{base}/move"),
            Some(&serde_json::json!({ "move": m }).to_string()),
        );
        lib.play(lib.parse_move(m).unwrap());
        assert_eq!(st["fen"], lib.fen());
        played.push(m.clone());
    }
    let (code, err) = call(
        &a,
        "POST",
        &format!("{base}/move"),
        Some(r#"{"move":"a1a8"}"#),
    );
    assert_eq!(code, 400);
    assert!(err.contains("move"), "{err}");
    let pgn = call(&a, "GET", &format!("{base}/pgn"), None).1;
    assert!(pgn.contains("[Variant \"interchange\"]"), "{pgn}");
    let id2 = session(&a, &s.url, "chess", None);
    let st = json(
        &a,
        "POST",
        &format!("{}/api/session/{id2}/pgn", s.url),
        Some(&pgn),
    );
    assert_eq!(st["fen"], lib.fen());
    assert_eq!(st["moves"].as_array().unwrap().len(), 6);
    let st = json(
        &a,
        "POST",
        &format!("{base}/takeback"),
        Some(r#"{"plies":2}"#),
    );
    assert_eq!(st["moves"].as_array().unwrap().len(), 4);
    assert_eq!(st["fens"][4], st["fen"]);
}

#[test]
fn engine_move_and_analysis_stream() {
    let s = Server::start();
    let a = agent();
    let id = session(&a, &s.url, "swap", None);
    let base = format!("{}/api/session/{id}", s.url);
    let st = json(
        &a,
        "POST",
        &format!("{base}/engine/move"),
        Some(r#"{"movetime":200}"#),
    );
    assert_eq!(st["moves"].as_array().unwrap().len(), 1);
    assert_eq!(st["turn"], "black");
    // Analysis: a few info events with a score and a PV, then stopped by closing the stream.
    let resp = a
        .get(&format!("{base}/analysis?depth=4&multipv=2"))
        .call()
        .expect("sse");
    let text = resp.into_string().expect("stream ends at depth 4");
    let infos: Vec<serde_json::Value> = text
        .lines()
        .filter_map(|l| l.strip_prefix("data: "))
        .filter_map(|d| serde_json::from_str(d).ok())
        .filter(|v: &serde_json::Value| v.get("lines").is_some())
        .collect();
    assert!(!infos.is_empty(), "{text}");
    let last = infos.last().unwrap();
    assert_eq!(last["depth"], 4);
    assert_eq!(last["lines"].as_array().unwrap().len(), 2);
    assert!(!last["lines"][0]["pv"].as_array().unwrap().is_empty());
    assert!(text.contains("event: done"));
}

/// A tiny deterministic generator (the test must not depend on a seed crate).
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn pick<'a>(&mut self, xs: &[&'a str]) -> &'a str {
        xs[self.next() as usize % xs.len()]
    }
}

#[test]
fn ten_thousand_random_and_malformed_requests() {
    let mut s = Server::start();
    // No connection reuse: the server may close a connection after refusing a request.
    let a = ureq::AgentBuilder::new()
        .timeout(std::time::Duration::from_secs(30))
        .max_idle_connections(0)
        .build();
    let id = session(&a, &s.url, "swap", None);
    let paths = [
        "/api/session",
        "/api/variants",
        "/api/session/{id}",
        "/api/session/{id}/new",
        "/api/session/{id}/targets",
        "/api/session/{id}/move",
        "/api/session/{id}/takeback",
        "/api/session/{id}/pgn",
        "/api/session/{id}/engine/move",
        "/api/session/{id}/engine/stop",
        "/api/session/{id}/analysis",
        "/api/session/nope/move",
        "/api/x",
        "/",
    ];
    let bodies = [
        "",
        "{",
        "null",
        "[]",
        "{\"move\":1}",
        "{\"move\":\"e2e4\"}",
        "{\"move\":\"zz\"}",
        "{\"variant\":\"nope\"}",
        "{\"variant\":\"exile\",\"fen\":\"8/8 w\"}",
        "{\"chess960\":9999,\"variant\":\"960\"}",
        "{\"plies\":99}",
        "{\"plies\":-1}",
        "{\"depth\":0}",
        "{\"movetime\":-5}",
        "{\"threads\":100000}",
        "{\"multipv\":9}",
        "{\"nodes\":\"x\"}",
        "{\"extra\":1}",
        "\u{0}\u{1}\u{2}",
        "[Variant \"swap\"]\n1. zz",
        "1. e2e4 e7e5 2. Qh5 *",
        "{\"move\":\"b1/a3/b5/c7\"}",
        "{\"move\":\"0000,0000\"}",
    ];
    let queries = [
        "",
        "?prefix=",
        "?prefix=e2",
        "?prefix=e2,e4",
        "?prefix=zz",
        "?prefix=e2,,e4",
        "?prefix=%ff%fe",
        "?prefix=b1,/a3,/b5",
        "?prefix=pass",
        "?depth=x",
        "?movetime=0",
        "?threads=0",
        "?multipv=7",
        "?prefix=e1,/e2,=q,/e3",
        "?unknown=1",
        "?prefix=a1,/a2,/a3,/a4,/a5,/a6,/a7,/a8",
    ];
    let methods = ["GET", "POST", "DELETE", "PUT"];
    let mut rng = Rng(0x2545F4914F6CDD1D);
    let mut statuses = std::collections::BTreeMap::new();
    for i in 0..10_000 {
        let path = rng.pick(&paths).replace("{id}", &id);
        let q = rng.pick(&queries);
        let m = rng.pick(&methods);
        let body = rng.pick(&bodies);
        // Searches are never started here with valid limits (that is a legal long request).
        if (path.ends_with("/engine/move") || path.ends_with("/analysis"))
            && !body.contains("\"depth\":0")
            && !q.contains('=')
        {
            continue;
        }
        let url = format!("{}{path}{q}", s.url);
        let (code, text) = call(&a, m, &url, (m != "GET").then_some(body));
        assert!(code < 500, "{m} {url} {body:?} -> {code} {text}");
        if code == 400 {
            assert!(
                text.contains("error") || !text.is_empty(),
                "400 without a message"
            );
        }
        *statuses.entry(code).or_insert(0) += 1;
        if i % 1000 == 0 {
            assert!(s.alive());
        }
    }
    // Raw garbage on the socket: the server answers or closes, and keeps running.
    for i in 0..200u32 {
        use std::io::{Read, Write};
        let addr = s.url.trim_start_matches("http://").to_string();
        let mut c = std::net::TcpStream::connect(&addr).unwrap();
        c.set_read_timeout(Some(std::time::Duration::from_secs(10)))
            .unwrap();
        let junk: Vec<u8> = (0..64)
            .map(|k| (rng.next() as u8).wrapping_add(k as u8 ^ i as u8))
            .collect();
        let _ = c.write_all(&junk);
        let _ = c.write_all(b"\r\n\r\n");
        let mut buf = Vec::new();
        let _ = c.read_to_end(&mut buf);
    }
    assert!(s.alive());
    assert!(
        statuses.contains_key(&400) && statuses.contains_key(&200),
        "{statuses:?}"
    );
    let v = json(&a, "GET", &format!("{}/api/variants", s.url), None);
    assert_eq!(v.as_array().unwrap().len(), 7);
}

#[test]
fn eight_sessions_at_once_keep_their_own_games() {
    let s = Server::start();
    let url = s.url.clone();
    let games = [
        "chess",
        "exile",
        "arrangement",
        "interchange",
        "palindromic",
        "swap",
        "fischerandom",
        "chess",
    ];
    let handles: Vec<_> = games
        .iter()
        .enumerate()
        .map(|(k, &g)| {
            let url = url.clone();
            std::thread::spawn(move || {
                let a = agent();
                let id = session(&a, &url, g, None);
                let base = format!("{url}/api/session/{id}");
                let mut fen = json(&a, "GET", &base, None)["fen"]
                    .as_str()
                    .unwrap()
                    .to_string();
                let mut moves = Vec::new();
                for i in 0..8 {
                    // Enter each move through the targets protocol (the first path offered).
                    let mut prefix = Vec::new();
                    let mv = loop {
                        let (opts, complete) = targets(&a, &url, &id, &prefix);
                        if let Some(c) = complete.filter(|_| opts.is_empty() || prefix.len() >= 3) {
                            break c;
                        }
                        prefix.push(opts[(i + k) % opts.len()].clone());
                    };
                    let st = json(
                        &a,
                        "POST",
                        &format!("{base}/move"),
                        Some(&serde_json::json!({ "move": mv }).to_string()),
                    );
                    assert_ne!(st["fen"].as_str().unwrap(), fen);
                    fen = st["fen"].as_str().unwrap().to_string();
                    moves.push(st["last_move"].as_str().unwrap().to_string());
                    if st["outcome"].is_object() {
                        break;
                    }
                }
                (g, id, fen, moves)
            })
        })
        .collect();
    let a = agent();
    for h in handles {
        let (g, id, fen, moves) = h.join().expect("session thread");
        let st = json(&a, "GET", &format!("{url}/api/session/{id}"), None);
        assert_eq!(st["variant"], g);
        assert_eq!(st["fen"], fen);
        // zest's own FEN after the same moves.
        let mut game = zest::protocol::engine::new_game(g, None).unwrap();
        for m in &moves {
            game.play(m).unwrap();
        }
        assert_eq!(game.fen(), fen, "{g}");
    }
}
