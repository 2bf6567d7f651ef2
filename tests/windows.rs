//! zest.exe, cross-built for 64-bit Windows, run under Wine (issue 34): handshakes and a
//! search in every game, the documented protocol transcripts, tournaments between the Linux
//! and the Windows build and of zest.exe alone, and the bench signature. The Linux binary
//! is the reference each Windows answer is compared with.
//!
//! Once per test run, [`wine`] cross-builds zest.exe (cargo, cached in target/), builds the
//! test-only shim tests/windows/bcryptprimitives.c beside it, and creates a Wine prefix under
//! target/wine-tests/. Without Wine, the mingw linker or the rustup target these tests skip
//! with a notice; with `ZEST_REQUIRE_PEERS=1` (CI) they fail.

mod protocol_common;

use protocol_common::{transcript, Zest};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;
use std::time::Duration;

const TARGET: &str = "x86_64-pc-windows-gnu";
const ROOT: &str = env!("CARGO_MANIFEST_DIR");
const LINUX_ZEST: &str = env!("CARGO_BIN_EXE_zest");
const GAMES: [&str; 7] = [
    "chess",
    "fischerandom",
    "interchange",
    "swap",
    "palindromic",
    "exile",
    "arrangement",
];
/// Wine starts a process in about a second; a loaded CI machine may take much longer.
const T: Duration = Duration::from_secs(60);

/// zest.exe with the shim beside it, and the Wine prefix it runs in.
struct Wine {
    /// The test run's directory: zest.exe, bcryptprimitives.dll, `prefix/`.
    dir: PathBuf,
    exe: PathBuf,
    prefix: PathBuf,
}

impl Wine {
    /// `wine zest.exe ARGS` in the run's prefix, from the run's directory.
    fn zest(&self, args: &[&str]) -> Command {
        let mut c = self.wine();
        c.arg(&self.exe).args(args);
        c
    }

    /// `wine` quiet (`WINEDEBUG=-all`), without Mono/Gecko install prompts, in our prefix.
    fn wine(&self) -> Command {
        let mut c = Command::new("wine");
        c.env("WINEPREFIX", &self.prefix)
            .env("WINEDEBUG", "-all")
            .env("WINEDLLOVERRIDES", "mscoree,mshtml=")
            .current_dir(&self.dir);
        c
    }
}

/// The run's Wine setup, made by the first test that asks; `None` when a peer is missing.
fn wine() -> Option<&'static Wine> {
    static W: OnceLock<Result<Wine, String>> = OnceLock::new();
    match W.get_or_init(setup) {
        Ok(w) => Some(w),
        Err(why) if std::env::var("ZEST_REQUIRE_PEERS").as_deref() == Ok("1") => {
            panic!("ZEST_REQUIRE_PEERS=1 but {why}")
        }
        Err(why) => {
            eprintln!("notice: {why}; Windows tests skipped (scripts/install-test-deps.sh)");
            None
        }
    }
}

fn runs(cmd: &str, arg: &str) -> bool {
    Command::new(cmd)
        .arg(arg)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

fn check(what: &str, out: std::io::Result<Output>) -> Result<Output, String> {
    match out {
        Ok(o) if o.status.success() => Ok(o),
        Ok(o) => Err(format!(
            "{what} failed ({}):\n{}",
            o.status,
            String::from_utf8_lossy(&o.stderr)
        )),
        Err(e) => Err(format!("{what} could not start: {e}")),
    }
}

fn setup() -> Result<Wine, String> {
    if !runs("wine", "--version") {
        return Err("wine not installed".into());
    }
    if !runs("x86_64-w64-mingw32-gcc", "--version") {
        return Err("x86_64-w64-mingw32-gcc (gcc-mingw-w64-x86-64) not installed".into());
    }
    let installed = Command::new("rustup")
        .args(["target", "list", "--installed"])
        .output()
        .map(|o| {
            String::from_utf8_lossy(&o.stdout)
                .lines()
                .any(|l| l == TARGET)
        })
        .unwrap_or(false);
    if !installed {
        return Err(format!("rustup target {TARGET} not installed"));
    }
    // The same build scripts/build-windows.sh makes; cargo makes it once and then finds it
    // up to date.
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    check(
        "cargo build --target x86_64-pc-windows-gnu",
        Command::new(cargo)
            .args(["build", "--release", "--target", TARGET, "--bin", "zest"])
            .current_dir(ROOT)
            .output(),
    )?;
    // Where that build went: `CARGO_TARGET_DIR` where it is set (relative to the root, where
    // cargo ran), else the root's `target/`.
    let target_dir = std::env::var_os("CARGO_TARGET_DIR").map_or_else(
        || Path::new(ROOT).join("target"),
        |d| Path::new(ROOT).join(d),
    );
    let built = target_dir.join(format!("{TARGET}/release/zest.exe"));

    let base = Path::new(ROOT).join("target/wine-tests");
    remove_stale_runs(&base);
    let dir = base.join(std::process::id().to_string());
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let exe = dir.join("zest.exe");
    std::fs::copy(&built, &exe).map_err(|e| format!("{}: {e}", built.display()))?;
    let shim = Path::new(ROOT).join("tests/windows/bcryptprimitives");
    check(
        "building the bcryptprimitives shim",
        Command::new("x86_64-w64-mingw32-gcc")
            .args(["-shared", "-s", "-O2", "-o"])
            .arg(dir.join("bcryptprimitives.dll"))
            .arg(shim.with_extension("c"))
            .arg(shim.with_extension("def"))
            .arg("-ladvapi32")
            .output(),
    )?;
    let w = Wine {
        prefix: dir.join("prefix"),
        exe,
        dir,
    };
    // Wine's first start in a prefix creates it (tens of seconds); do it once, up front.
    check(
        "wineboot --init",
        w.wine().args(["wineboot", "--init"]).output(),
    )?;
    Ok(w)
}

/// Directories of earlier runs whose test process is gone.
fn remove_stale_runs(base: &Path) {
    let Ok(entries) = std::fs::read_dir(base) else {
        return;
    };
    for e in entries.flatten() {
        let pid = e.file_name().to_string_lossy().into_owned();
        if !Path::new("/proc").join(&pid).exists() {
            let _ = std::fs::remove_dir_all(e.path());
        }
    }
}

/// `Z:\…`: the Windows name Wine gives a Unix path.
fn win_path(p: &Path) -> String {
    format!("Z:{}", p.display()).replace('/', "\\")
}

/// The Linux zest (the reference) with the same arguments.
fn linux(args: &[&str]) -> Command {
    let mut c = Command::new(LINUX_ZEST);
    c.args(args);
    c
}

/// The UCI session of one game: handshake, the variant, a fixed-depth search.
fn uci_session(z: &mut Zest, game: &str) -> Vec<String> {
    z.send("uci");
    let mut out = z.until_eq(T, "uciok");
    z.send(&format!("setoption name UCI_Variant value {game}"));
    out.extend(z.sync_uci());
    z.send("position startpos");
    z.send("go depth 3");
    out.extend(z.until(T, |l| l.starts_with("bestmove")));
    z.send("quit");
    assert!(z.wait_exit(T), "{game}: zest did not quit");
    out.retain(|l| !l.starts_with("info depth"));
    out
}

/// The XBoard session of one game: handshake with `zestmoves`, the variant, a fixed-depth
/// search.
fn xboard_session(z: &mut Zest, game: &str) -> Vec<String> {
    z.send("xboard");
    z.send("protover 2");
    let mut out = z.until_eq(T, "feature done=1");
    z.send("accepted zestmoves");
    z.send("new");
    let name = if game == "chess" { "normal" } else { game };
    z.send(&format!("variant {name}"));
    z.send("sd 3");
    out.extend(z.sync_xboard(1));
    z.send("go");
    out.extend(z.until(T, |l| l.starts_with("move ")));
    z.send("quit");
    assert!(z.wait_exit(T), "{game}: zest did not quit");
    out.retain(|l| !l.starts_with(|c: char| c.is_ascii_digit()));
    out
}

#[test]
fn uci_and_xboard_sessions_in_every_game_match_linux() {
    let Some(w) = wine() else { return };
    for game in GAMES {
        let uci = uci_session(&mut Zest::spawn(w.zest(&[])), game);
        assert_eq!(
            uci,
            uci_session(&mut Zest::spawn(linux(&[])), game),
            "{game}: UCI"
        );
        assert!(uci.iter().any(|l| l.starts_with("id name zest")));
        assert!(uci.last().unwrap().starts_with("bestmove "), "{uci:?}");

        let xb = xboard_session(&mut Zest::spawn(w.zest(&["xboard"])), game);
        assert_eq!(
            xb,
            xboard_session(&mut Zest::spawn(linux(&["xboard"])), game),
            "{game}: XBoard"
        );
        assert!(xb.last().unwrap().starts_with("move "), "{xb:?}");
    }
}

#[test]
fn documented_transcripts_replay_against_zest_exe_with_crlf() {
    let Some(w) = wine() else { return };
    let n = transcript::replay_all(
        || {
            let mut z = Zest::spawn(w.zest(&[]));
            z.eol = "\r\n";
            z
        },
        T,
    );
    assert!(n >= 8, "{n} transcripts");
}

/// Windows GUIs end lines with CR LF: the Linux build must read them as well (no Wine).
#[test]
fn documented_transcripts_replay_on_linux_with_crlf() {
    let n = transcript::replay_all(
        || {
            let mut z = Zest::start(&[]);
            z.eol = "\r\n";
            z
        },
        Duration::from_secs(20),
    );
    assert!(n >= 8, "{n} transcripts");
}

/// A session's CR LF lines give the same answers as LF lines, in every game (no Wine).
#[test]
fn crlf_sessions_match_lf_sessions_on_linux() {
    for game in GAMES {
        let lf = uci_session(&mut Zest::start(&[]), game);
        let mut z = Zest::start(&[]);
        z.eol = "\r\n";
        assert_eq!(uci_session(&mut z, game), lf, "{game}: UCI");

        let lf = xboard_session(&mut Zest::start(&["xboard"]), game);
        let mut z = Zest::start(&["xboard"]);
        z.eol = "\r\n";
        assert_eq!(xboard_session(&mut z, game), lf, "{game}: XBoard");
    }
}

/// The `Nodes searched` and `Nodes/second` of `zest bench` output.
fn bench_totals(out: &Output) -> (u64, f64) {
    let text = String::from_utf8_lossy(&out.stdout);
    let field = |name: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(name))
            .map(|v| v.trim_start_matches([' ', ':']).trim().to_string())
            .unwrap_or_else(|| panic!("no `{name}` in {text}"))
    };
    (
        field("Nodes searched").parse().unwrap(),
        field("Nodes/second").parse().unwrap(),
    )
}

#[test]
fn bench_signature_equals_linux() {
    let Some(w) = wine() else { return };
    let win = check("zest.exe bench", w.zest(&["bench"]).output()).unwrap();
    let lin = check("zest bench", linux(&["bench"]).output()).unwrap();
    let ((wn, wnps), (ln, lnps)) = (bench_totals(&win), bench_totals(&lin));
    eprintln!(
        "bench: zest.exe under Wine {wn} nodes {wnps:.0} nps; Linux {ln} nodes {lnps:.0} nps"
    );
    assert_eq!(wn, ln, "bench node totals differ");
}

/// Every game of a tournament journal, each ended by the rules or by adjudication.
fn assert_all_finished(journal: &Path, games: usize) {
    let recs = zest::tournament::state::load(journal)
        .unwrap_or_else(|e| panic!("{}: {e}", journal.display()))
        .1;
    assert_eq!(recs.len(), games, "{}", journal.display());
    for g in recs.values() {
        assert!(
            ["normal", "adjudication"].contains(&g.termination.as_str()),
            "{} vs {} ({}): {}: {}",
            g.white,
            g.black,
            g.variant,
            g.termination,
            g.reason
        );
        assert!(!g.moves.is_empty());
    }
}

#[test]
fn linux_zest_against_zest_exe_in_two_variants() {
    let Some(w) = wine() else { return };
    let dir = w.dir.join("linux-vs-windows");
    std::fs::create_dir_all(&dir).unwrap();
    let engines = format!(
        "[[engine]]\nname = \"linux\"\ncmd = \"{LINUX_ZEST}\"\n\n\
         [[engine]]\nname = \"windows\"\ncmd = \"wine\"\nargs = [\"{}\"]\n",
        w.exe.display()
    );
    let toml = dir.join("engines.toml");
    std::fs::write(&toml, engines).unwrap();
    // A node limit, and a time per move whose margin covers Wine's latency on a loaded
    // machine (clocks such as 4+0.1 were lost on time there, the Linux build's were not).
    let limits: [&[&str]; 2] = [
        &["--nodes", "3000"],
        &["--st", "0.1", "--time-margin-ms", "2000"],
    ];
    for (variant, limit) in ["exile", "interchange"].into_iter().zip(limits) {
        let journal = dir.join(format!("{variant}.jsonl"));
        let mut c = linux(&["tournament", "--config"]);
        c.arg(&toml)
            .args(["--variant", variant, "--games", "2", "--rounds", "1"])
            .args(["--max-moves", "60", "--seed", "1", "--quiet"])
            .args(limit)
            .arg("--pgn-out")
            .arg(dir.join(format!("{variant}.pgn")))
            .arg("--state-out")
            .arg(&journal)
            // Wine's environment, for the engine the runner starts through `wine`.
            .env("WINEPREFIX", &w.prefix)
            .env("WINEDEBUG", "-all")
            .env("WINEDLLOVERRIDES", "mscoree,mshtml=")
            .current_dir(&dir);
        check(&format!("zest tournament ({variant})"), c.output()).unwrap();
        assert_all_finished(&journal, 2);
    }
}

/// zest.exe runs a tournament of zest.exe engines: Windows process handling, and
/// engines.toml with Windows paths (absolute, and relative to the engine's `dir`).
#[test]
fn zest_exe_tournament_of_zest_exe() {
    let Some(w) = wine() else { return };
    let dir = w.dir.join("windows-only");
    std::fs::create_dir_all(&dir).unwrap();
    let engines = format!(
        "[[engine]]\nname = \"uci\"\ncmd = '{}'\n\n\
         [[engine]]\nname = \"xboard\"\ncmd = '.\\zest.exe'\nargs = [\"xboard\"]\n\
         protocol = \"xboard\"\ndir = '{}'\n",
        win_path(&w.exe),
        win_path(&w.dir)
    );
    std::fs::write(dir.join("engines.toml"), engines).unwrap();
    let mut c = w.zest(&[
        "tournament",
        "--config",
        "engines.toml",
        "--variant",
        "chess",
    ]);
    c.args([
        "--st",
        "0.1",
        "--time-margin-ms",
        "2000",
        "--games",
        "2",
        "--rounds",
        "1",
    ])
    // CECP's `st` is whole seconds, so the XBoard side thinks 1 s a move: 20 moves a game
    // keep the test to under a minute (60 took two).
    .args(["--max-moves", "20"])
    .args(["--seed", "2", "--quiet", "--openings", "random:plies=4"])
    .args(["--pgn-out", "games.pgn", "--state-out", "games.jsonl"])
    .current_dir(&dir);
    check("zest.exe tournament", c.output()).unwrap();
    assert_all_finished(&dir.join("games.jsonl"), 2);
}
