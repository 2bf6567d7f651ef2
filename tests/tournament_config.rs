//! `engines.toml`: the shipped example parses; time controls; errors are clear; flags override.

use clap::Parser;
use std::time::Duration;
use zest::tournament::cli::{build_config, TournamentArgs};
use zest::tournament::config::*;

const EXAMPLE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/engines.toml");

#[derive(Parser)]
struct Cli {
    #[command(flatten)]
    t: TournamentArgs,
}

#[test]
fn the_shipped_example_parses() {
    let cfg = Config::load(std::path::Path::new(EXAMPLE)).unwrap();
    let names: Vec<&str> = cfg.engines.iter().map(|e| e.name.as_str()).collect();
    for n in ["zest", "fairy-stockfish", "fairymax", "stockfish"] {
        assert!(names.contains(&n), "{n} in the example");
    }
    let fm = cfg.engines.iter().find(|e| e.name == "fairymax").unwrap();
    assert_eq!(fm.protocol, Protocol::Xboard);
    let sf = cfg.engines.iter().find(|e| e.name == "stockfish").unwrap();
    assert_eq!(option_value(&sf.options["Hash"]), "16");
    cfg.validate().unwrap();
    assert_eq!(cfg.players().unwrap().len(), 2);
    assert_eq!(
        cfg.tournament.openings.as_ref().unwrap().file,
        "random:plies=8"
    );
}

#[test]
fn time_controls() {
    let s = Duration::from_secs_f64;
    assert_eq!(
        parse_tc("40/60+0.6").unwrap(),
        Limit::Clock {
            moves: 40,
            time: s(60.0),
            inc: s(0.6)
        }
    );
    assert_eq!(
        parse_tc("1:30+1").unwrap(),
        Limit::Clock {
            moves: 0,
            time: s(90.0),
            inc: s(1.0)
        }
    );
    assert_eq!(
        parse_tc("10").unwrap(),
        Limit::Clock {
            moves: 0,
            time: s(10.0),
            inc: s(0.0)
        }
    );
    for bad in ["", "x", "40/", "0+1", "-5+0", "10+x"] {
        assert!(parse_tc(bad).is_err(), "{bad}");
    }
    assert_eq!(parse_tc("40/60+0.6").unwrap().pgn_tag(), "40/60+0.6");
    assert_eq!(parse_tc("1+0.01").unwrap().pgn_tag(), "1+0.01");
    assert_eq!(Limit::Nodes(5).pgn_tag(), "-");
}

fn two(t: &str) -> Result<(), String> {
    let text = format!("[[engine]]\nname=\"a\"\ncmd=\"x\"\n[[engine]]\nname=\"b\"\ncmd=\"y\"\nprotocol=\"xboard\"\n[tournament]\n{t}\n");
    Config::parse(&text)
        .map_err(|e| e.to_string())?
        .validate()
        .map_err(|e| e.to_string())
}

#[test]
fn errors_say_what_is_wrong() {
    assert!(two("tc=\"10+0.1\"").is_ok());
    assert!(two("").unwrap_err().contains("no time control"));
    assert!(two("tc=\"10\"\nnodes=5").unwrap_err().contains("one of"));
    assert!(two("depth=3\nformat=\"swiss\"")
        .unwrap_err()
        .contains("unknown format"));
    assert!(two("depth=3\nvariant=\"xiangqi\"")
        .unwrap_err()
        .contains("unknown variant"));
    assert!(two("depth=3\nengines=[\"a\",\"zz\"]")
        .unwrap_err()
        .contains("no [[engine]] named 'zz'"));
    assert!(two("depth=3\nroundz=3").unwrap_err().contains("roundz"));
    assert!(two("depth=3\ngames=3").unwrap_err().contains("games"));
    assert!(two("nodes=100").unwrap_err().contains("XBoard"));
    assert!(Config::parse("[[engine]]\nname=\"a\"\n")
        .unwrap_err()
        .to_string()
        .contains("cmd"));
}

#[test]
fn flags_override_the_file() {
    let cli = Cli::parse_from([
        "t",
        "--config",
        EXAMPLE,
        "--engines",
        "stockfish,fairy-stockfish",
        "--nodes",
        "2000",
        "--rounds",
        "7",
        "--concurrency",
        "3",
        "--openings",
        "x.epd",
        "--order",
        "random",
        "--sprt",
        "0,5",
        "--seed",
        "9",
        "--variant",
        "fischerandom",
        "--format",
        "gauntlet",
    ]);
    let cfg = build_config(&cli.t).unwrap();
    let t = &cfg.tournament;
    assert_eq!(t.engines, vec!["stockfish", "fairy-stockfish"]);
    assert_eq!(
        (t.tc.clone(), t.nodes),
        (None, Some(2000)),
        "one limit replaces the file's"
    );
    assert_eq!((t.rounds, t.concurrency, t.seed), (7, 3, 9));
    let o = t.openings.as_ref().unwrap();
    assert_eq!((o.file.as_str(), o.order.as_str()), ("x.epd", "random"));
    let s = t.sprt.as_ref().unwrap();
    assert_eq!((s.elo0, s.elo1, s.alpha, s.beta), (0.0, 5.0, 0.05, 0.05));
    assert_eq!(t.variant, "fischerandom");
    assert_eq!(t.format, "gauntlet");
    assert_eq!(
        cfg.results_path(),
        std::path::PathBuf::from("tournament.json")
    );
    assert_eq!(
        cfg.state_path(),
        std::path::PathBuf::from("tournament.state.jsonl")
    );
}
