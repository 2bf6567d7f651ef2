//! PGN output: tag roster and order, Variant, SetUp/FEN, TimeControl, Termination, the rules'
//! reason string as the comment before the result, move numbers from the FEN, book comments.

#[path = "peers/mod.rs"]
mod peers;

#[path = "tournament_util/mod.rs"]
mod util;

use util::*;
use zest::tournament::game::GameRecord;
use zest::tournament::{pgn, stamp};
use zest::variants::GameResult;

#[test]
fn a_played_game_is_written_with_every_tag() {
    if !have_python() {
        return peers::missing("python3");
    }
    let dir = scratch("pgn");
    let book = dir.join("book.pgn");
    std::fs::write(
        &book,
        "[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 5\"]\n\n5. g1f3 b8c6 *\n",
    )
    .unwrap();
    let engines = format!("{}{}", fake("u", "uci", &[]), fake("x", "xboard", &[]));
    let cfg = config(
        &dir,
        &engines,
        &format!(
            "variant = \"fischerandom\"\ntc = \"40/60+0.6\"\nrounds = 1\nevent = \"PGN test\"\n[tournament.openings]\nfile = \"{}\"\n",
            book.display()
        ),
    );
    run_quiet(&cfg);
    let text = std::fs::read_to_string(&cfg.tournament.pgn_out).unwrap();
    let games: Vec<&str> = text.split("\n\n[Event").collect();
    assert_eq!(games.len(), 2);
    let tags: Vec<&str> = text
        .lines()
        .take_while(|l| l.starts_with('['))
        .map(|l| l[1..].split(' ').next().unwrap())
        .collect();
    assert_eq!(
        tags,
        [
            "Event",
            "Site",
            "Date",
            "Round",
            "White",
            "Black",
            "Result",
            "Variant",
            "SetUp",
            "FEN",
            "TimeControl",
            "PlyCount",
            "Termination",
            "GameStartTime",
            "GameEndTime",
            "GameDuration"
        ]
    );
    for want in [
        "[Event \"PGN test\"]",
        "[White \"u\"]",
        "[Black \"x\"]",
        "[Result \"0-1\"]",
        "[Variant \"fischerandom\"]",
        "[SetUp \"1\"]",
        "[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 5\"]",
        "[TimeControl \"40/60+0.6\"]",
        "[PlyCount \"8\"]",
        "[Termination \"normal\"]",
        "5. g1f3 {book} 5... b8c6 {book} 6. f3g1",
        "{Black mates} 0-1",
    ] {
        let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(flat.contains(want), "missing {want} in\n{text}");
    }
    // Engine moves carry `score/depth time` comments.
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.contains("f3g1 {+0.00/1 0."), "{text}");
    assert!(flat.contains("8... d8h4 {+0.00/1 0."), "{text}");
}

#[test]
fn numbering_from_a_black_to_move_start_and_line_length() {
    let r = GameRecord {
        index: 0,
        pair: 0,
        round: 0,
        game_in_pair: 0,
        white_player: 0,
        black_player: 1,
        white: "A \"quoted\"".into(),
        black: "B".into(),
        variant: "chess".into(),
        fen: "k7/8/8/8/8/8/8/7K b - - 0 30".into(),
        start_is_initial: false,
        white_first: false,
        fullmove: 30,
        moves: (0..40)
            .map(|i| {
                if i % 2 == 0 {
                    "a8b8".into()
                } else {
                    "h1g1".into()
                }
            })
            .collect(),
        comments: vec![String::new(); 40],
        result: GameResult::Draw,
        termination: Termination::Adjudication,
        reason: "Max moves reached".into(),
        event: "e".into(),
        site: "?".into(),
        date: "2026.01.01".into(),
        start_time: "s".into(),
        end_time: "e".into(),
        duration_ms: 3_723_000,
        time_control: "-".into(),
        engine_plies: 40,
    };
    let text = pgn::write(&r);
    assert!(text.contains("[White \"A \\\"quoted\\\"\"]"));
    assert!(!text.contains("[Variant"), "no Variant tag for chess");
    assert!(text.contains("[GameDuration \"01:02:03\"]"));
    assert!(
        text.contains("\n30... a8b8 31. h1g1 a8b8 32. h1g1"),
        "{text}"
    );
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.ends_with("{Max moves reached} 1/2-1/2") && text.ends_with("1/2-1/2\n\n"));
    assert!(text.lines().all(|l| l.len() <= 80));
    assert_eq!(
        stamp::utc_stamp(0),
        ("1970.01.01".into(), "1970-01-01T00:00:00 +0000".into())
    );
    assert_eq!(stamp::utc_stamp(1_795_000_000_000).0, "2026.11.18");
}

/// Issue 30 item 9: running again into the same PGN appends, as cutechess does; a resumed
/// run keeps the earlier runs' games in front of its own.
#[test]
fn a_second_run_appends_to_the_pgn() {
    if !have_python() {
        return peers::missing("python3");
    }
    let dir = scratch("pgn-append");
    let engines = format!("{}{}", fake("a", "uci", &[]), fake("b", "uci", &[]));
    let cfg = config(&dir, &engines, "depth = 2\nrounds = 1");
    let earlier = "[Event \"an earlier match\"]\n[Result \"*\"]\n\n*\n\n";
    std::fs::write(&cfg.tournament.pgn_out, earlier).unwrap();
    run_quiet(&cfg);
    let first = std::fs::read_to_string(&cfg.tournament.pgn_out).unwrap();
    assert!(first.starts_with(earlier), "{first}");
    assert_eq!(first.matches("[Event \"zest tournament\"]").count(), 2);
    run_quiet(&cfg);
    let second = std::fs::read_to_string(&cfg.tournament.pgn_out).unwrap();
    assert!(second.starts_with(&first));
    assert_eq!(second.matches("[Event \"zest tournament\"]").count(), 4);
    // A resume with nothing left to play rewrites the file as it was.
    zest::tournament::run(
        &cfg,
        &zest::tournament::RunOptions {
            quiet: true,
            resume: true,
            ..Default::default()
        },
    )
    .unwrap();
    assert_eq!(
        std::fs::read_to_string(&cfg.tournament.pgn_out).unwrap(),
        second
    );
}
