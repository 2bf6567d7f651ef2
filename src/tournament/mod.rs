//! `zest tournament`: engine-vs-engine matches in any registered variant, every game
//! refereed by zest's own rules (`Game<V>`), engines driven as child processes through UCI
//! or XBoard. The runner is generic over the variant (dispatched once by name), keeps the
//! clocks itself, survives crashing, hanging and lying engines, journals every finished game
//! for `--resume`, and splits into deterministic shards that `merge` recombines.

pub mod cli;
pub mod config;
pub mod engine;
pub mod game;
pub mod pgn;
pub mod record;
pub mod schedule;
pub mod stamp;
pub mod state;
pub mod stats;

use config::{Config, ConfigError, EngineConfig};
use game::{Seat, Settings};
use record::GameRecord;
use schedule::{Job, Opening};
use serde_json::json;
use stats::{Counts, Summary};
use std::collections::{BTreeMap, VecDeque};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// A failure of the whole run (a failing engine only loses its game).
#[derive(Debug, thiserror::Error)]
pub enum TournamentError {
    #[error(transparent)]
    Config(#[from] ConfigError),
    #[error("{0}: {1}")]
    Io(PathBuf, std::io::Error),
    /// An engine that cannot start before the first game: a configuration error, not a game.
    #[error("engine '{name}' cannot start: {why}")]
    EngineStart { name: String, why: String },
    #[error("{0}")]
    Other(String),
}

/// Validation-only dispatch target.
pub(crate) struct NoOp;
impl crate::registry::VariantFn for NoOp {
    type Output = ();
    fn call<V: crate::eval::Evaluate>(self) {}
}

/// How this invocation runs (not part of the tournament's identity).
#[derive(Clone, Debug, Default)]
pub struct RunOptions {
    pub resume: bool,
    /// 0-based shard and count.
    pub shard: Option<(usize, usize)>,
    /// No progress bar and no per-game lines.
    pub quiet: bool,
}

/// What a run reports back.
#[derive(Clone, Debug)]
pub struct RunReport {
    pub results: serde_json::Value,
    pub games_played: usize,
    pub plies: u64,
    pub runner_cpu_s: f64,
    pub wall_s: f64,
}

/// FNV-1a, for the journal's fingerprint.
fn fnv(s: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in s.bytes() {
        h ^= b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// The parts of the configuration that decide the games (outputs and concurrency excluded).
fn identity(cfg: &Config) -> serde_json::Value {
    let mut t = cfg.tournament.clone();
    t.pgn_out = PathBuf::new();
    t.results_out = None;
    t.state_out = None;
    t.concurrency = 1;
    json!({ "engines": cfg.players().unwrap_or_default(), "tournament": t })
}

/// User+system CPU seconds of this process (all threads, children excluded).
pub fn process_cpu_seconds() -> f64 {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return 0.0;
    };
    // Fields after the parenthesised command name; utime and stime are fields 14 and 15.
    let Some(rest) = stat.rsplit_once(')').map(|x| x.1) else {
        return 0.0;
    };
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| f.get(i).and_then(|x| x.parse::<f64>().ok()).unwrap_or(0.0);
    // rest starts at field 3 (state): utime is field 14 → index 11.
    (ticks(11) + ticks(12)) / 100.0
}

/// Runs the tournament `cfg` describes.
pub fn run(cfg: &Config, opts: &RunOptions) -> Result<RunReport, TournamentError> {
    cfg.validate()?;
    cfg.warn_about_limits();
    crate::registry::dispatch(&cfg.tournament.variant, Typed { cfg, opts })
        .map_err(|e| TournamentError::Other(e.to_string()))?
}

struct Typed<'a> {
    cfg: &'a Config,
    opts: &'a RunOptions,
}

impl crate::registry::VariantFn for Typed<'_> {
    type Output = Result<RunReport, TournamentError>;
    fn call<V: crate::eval::Evaluate>(self) -> Self::Output {
        run_typed::<V>(self.cfg, self.opts)
    }
}

/// Where the openings come from.
enum Book {
    List(Vec<Opening>),
    Random(usize),
}

impl Book {
    fn load<V: crate::variants::Variant>(cfg: &Config) -> Result<Book, TournamentError> {
        let Some(o) = &cfg.tournament.openings else {
            return Ok(Book::List(vec![Opening {
                fen: V::START_FEN.to_string(),
                moves: Vec::new(),
            }]));
        };
        if let Some(plies) = schedule::parse_random(&o.file) {
            return Ok(Book::Random(plies));
        }
        let path = Path::new(&o.file);
        let text =
            std::fs::read_to_string(path).map_err(|e| TournamentError::Io(path.into(), e))?;
        let list = if o.file.ends_with(".pgn") {
            schedule::read_pgn(&text, V::START_FEN, o.plies)
        } else {
            schedule::read_epd(&text)
        };
        if list.is_empty() {
            return Err(TournamentError::Other(format!("no openings in {}", o.file)));
        }
        for (i, op) in list.iter().enumerate() {
            let mut g = crate::variants::Game::<V>::from_fen(&op.fen).map_err(|e| {
                TournamentError::Other(format!("opening {} '{}': {e}", i + 1, op.fen))
            })?;
            for m in &op.moves {
                g.play_str(m)
                    .map_err(|e| TournamentError::Other(format!("opening {}: {e}", i + 1)))?;
            }
        }
        Ok(Book::List(list))
    }

    fn len(&self, pairs: usize) -> usize {
        match self {
            Book::List(l) => l.len(),
            Book::Random(_) => pairs.max(1),
        }
    }

    fn get<V: crate::variants::Variant>(&self, job: &Job, seed: u64) -> Opening {
        match self {
            Book::List(l) => l[job.opening % l.len()].clone(),
            Book::Random(plies) => {
                schedule::random_opening::<V>(*plies, schedule::pair_seed(seed, job.opening as u64))
            }
        }
    }
}

/// The full schedule of `cfg` (before sharding).
pub fn full_schedule(cfg: &Config, openings: usize) -> Vec<Job> {
    let t = &cfg.tournament;
    let players = cfg.players().map(|p| p.len()).unwrap_or(0);
    let (order_random, start) = t
        .openings
        .as_ref()
        .map(|o| (o.order == "random", o.start))
        .unwrap_or((false, 1));
    schedule::build(
        &t.format,
        players,
        t.rounds,
        t.games,
        openings,
        order_random,
        start,
        t.seed,
    )
}

/// Running counts per encounter, updated per game in O(1) so that progress and SPRT checks
/// stay cheap in long runs (the result file recounts from the records at the end).
struct Tally {
    games_per_pair: u32,
    enc: Vec<(usize, usize)>,
    counts: Vec<Counts>,
    half: std::collections::HashMap<u64, f64>,
}

impl Tally {
    fn new(enc: Vec<(usize, usize)>, games_per_pair: u32) -> Tally {
        Tally {
            counts: vec![Counts::default(); enc.len()],
            enc,
            games_per_pair,
            half: Default::default(),
        }
    }

    fn add(&mut self, r: &GameRecord) {
        let Some(e) = self.enc.iter().position(|&(a, b)| {
            (r.white_player, r.black_player) == (a, b) || (r.white_player, r.black_player) == (b, a)
        }) else {
            return;
        };
        let s = r.score_of(self.enc[e].0).unwrap_or(0.5);
        self.counts[e].add_game(s);
        if self.games_per_pair == 2 {
            match self.half.remove(&r.pair) {
                Some(prev) => self.counts[e].add_pair(prev, s),
                None => {
                    self.half.insert(r.pair, s);
                }
            }
        }
    }

    /// The first engine's counts against everyone it meets first in an encounter.
    fn first(&self) -> Counts {
        let a = self.enc[0].0;
        let mut c = Counts::default();
        for (i, &(x, _)) in self.enc.iter().enumerate() {
            if x == a {
                c.merge(&self.counts[i]);
            }
        }
        c
    }
}

/// What the worker threads share while the games run.
struct Live {
    tally: Tally,
    records: BTreeMap<u64, GameRecord>,
    journal: state::Journal,
    pgn: Option<std::fs::File>,
    plies: u64,
    played: usize,
}

/// The games of this invocation, decided before any engine starts.
struct Plan {
    players: Vec<EngineConfig>,
    book: Book,
    enc: Vec<(usize, usize)>,
    /// Every game of this shard, and those still to play.
    total: usize,
    queue: VecDeque<Job>,
    header: state::Header,
    /// Games finished by an earlier run (`--resume`).
    done: BTreeMap<u64, GameRecord>,
    /// Bytes of the PGN file that belong to earlier runs and are kept (cutechess appends).
    pgn_prefix: u64,
}

fn run_typed<V: crate::eval::Evaluate>(
    cfg: &Config,
    opts: &RunOptions,
) -> Result<RunReport, TournamentError> {
    let t0 = Instant::now();
    let cpu0 = process_cpu_seconds();
    let plan = plan::<V>(cfg, opts)?;
    let settings = settings(cfg)?;
    let engines = start_engines(&plan, &settings)?;
    let live = open_outputs(cfg, opts, &plan)?;
    let already = plan.done.len();
    let l = play_all::<V>(cfg, opts, &plan, &settings, engines, live)?;
    // Final files, in game order, from the journal's records: equal to an uninterrupted run,
    // after whatever earlier runs left in the PGN.
    let pgn_path = &cfg.tournament.pgn_out;
    let mut text = earlier_pgn(pgn_path, plan.pgn_prefix);
    for r in l.records.values() {
        text.push_str(&pgn::write(r));
    }
    state::write_atomic(pgn_path, &text).map_err(|e| TournamentError::Io(pgn_path.clone(), e))?;
    let cpu = process_cpu_seconds() - cpu0;
    let wall = t0.elapsed().as_secs_f64();
    let ms_per_ply = if l.plies > 0 {
        cpu * 1000.0 / l.plies as f64
    } else {
        0.0
    };
    let mut results = results_json(cfg, &plan.players, &l.records, plan.total);
    results["runner"] = json!({
        "games_played_now": l.played,
        "games_resumed": already,
        "plies_now": l.plies,
        "cpu_s": cpu,
        "wall_s": wall,
        "cpu_ms_per_ply": ms_per_ply,
    });
    let rp = cfg.results_path();
    state::write_atomic(
        &rp,
        &serde_json::to_string_pretty(&results).unwrap_or_default(),
    )
    .map_err(|e| TournamentError::Io(rp.clone(), e))?;
    if !opts.quiet {
        eprintln!("{}", summary_text(&results));
        eprintln!(
            "Runner: {} games, {} plies, {wall:.1} s wall, {cpu:.2} s CPU ({ms_per_ply:.3} ms/ply)",
            l.played, l.plies
        );
    }
    Ok(RunReport {
        results,
        games_played: l.played,
        plies: l.plies,
        runner_cpu_s: cpu,
        wall_s: wall,
    })
}

/// The schedule, this shard's part of it, and what an earlier run already played.
fn plan<V: crate::eval::Evaluate>(
    cfg: &Config,
    opts: &RunOptions,
) -> Result<Plan, TournamentError> {
    let t = &cfg.tournament;
    let players = cfg.players()?;
    let book = Book::load::<V>(cfg)?;
    let enc = schedule::encounters(&t.format, players.len());
    let pairs = t.rounds * enc.len();
    let mut jobs = full_schedule(cfg, book.len(pairs));
    let (shard_i, shard_n) = opts.shard.unwrap_or((0, 1));
    if shard_n > 1 {
        jobs = schedule::shard(jobs, shard_i, shard_n);
    }
    let ident = identity(cfg);
    let mut header = state::Header {
        fingerprint: fnv(&ident.to_string()),
        shard: format!("{}/{}", shard_i + 1, shard_n),
        config: ident,
        pgn_prefix: 0,
    };
    let state_path = cfg.state_path();
    let mut done = BTreeMap::new();
    let mut resumed = false;
    if opts.resume && state_path.exists() {
        let (h, games) =
            state::load(&state_path).map_err(|e| TournamentError::Io(state_path.clone(), e))?;
        if let Some(h) = h {
            if h.fingerprint != header.fingerprint || h.shard != header.shard {
                return Err(TournamentError::Other(format!(
                    "{} belongs to another tournament or shard; not resuming",
                    state_path.display()
                )));
            }
            header.pgn_prefix = h.pgn_prefix;
            resumed = true;
        }
        done = games;
    }
    if !resumed {
        // A fresh run appends to the games already in the file, as cutechess does.
        header.pgn_prefix = std::fs::metadata(&t.pgn_out).map(|m| m.len()).unwrap_or(0);
        if header.pgn_prefix > 0 && !opts.quiet {
            eprintln!(
                "{} exists: this run's games are appended to it",
                t.pgn_out.display()
            );
        }
    }
    let wanted: std::collections::HashSet<u64> = jobs.iter().map(|j| j.index).collect();
    done.retain(|k, _| wanted.contains(k));
    let total = jobs.len();
    let queue = jobs
        .into_iter()
        .filter(|j| !done.contains_key(&j.index))
        .collect();
    Ok(Plan {
        pgn_prefix: header.pgn_prefix,
        players,
        book,
        enc,
        total,
        queue,
        header,
        done,
    })
}

fn settings(cfg: &Config) -> Result<Settings, TournamentError> {
    let t = &cfg.tournament;
    Ok(Settings {
        variant: t.variant.clone(),
        limit: cfg.limit()?,
        time_margin: Duration::from_millis(t.time_margin_ms),
        startup: Duration::from_millis(t.startup_timeout_ms),
        stall: Duration::from_millis(t.stall_timeout_ms),
        resign: t.resign.clone(),
        draw: t.draw.clone(),
        max_moves: t.max_moves,
        event: t.event.clone().unwrap_or_else(|| "zest tournament".into()),
    })
}

/// Starts every engine that has a game to play, before the first game: one that cannot is a
/// configuration error (a wrong `cmd` or `dir`), named, and no game is scored. The running
/// engines go to the first worker. (An engine that fails later loses its game.)
fn start_engines(
    plan: &Plan,
    s: &Settings,
) -> Result<Vec<Option<engine::Engine>>, TournamentError> {
    let mut engines: Vec<Option<engine::Engine>> = (0..plan.players.len()).map(|_| None).collect();
    for (i, p) in plan.players.iter().enumerate() {
        if !plan.queue.iter().any(|j| j.white == i || j.black == i) {
            continue;
        }
        let e = engine::Engine::start(p, s.startup, s.stall).map_err(|e| {
            TournamentError::EngineStart {
                name: p.name.clone(),
                why: start_failure(p, &e, s.startup),
            }
        })?;
        // An XBoard engine that does not list the variant would be asked for a game it cannot
        // play (fairymax has no Chess960): refused here, as cutechess refuses it.
        let (wire, _) = game::wire_variant(&e, p, &s.variant);
        if !e.plays_variant(&wire) {
            return Err(TournamentError::EngineStart {
                name: p.name.clone(),
                why: format!(
                    "it does not play '{wire}' (its variants: {}); map one of them in engines.toml \
                     with `variants = {{ {} = \"…\" }}` if it plays the same game",
                    e.variants_feature().unwrap_or(""),
                    s.variant
                ),
            });
        }
        engines[i] = Some(e);
    }
    Ok(engines)
}

/// Why an engine did not start, in the terms of its configuration.
fn start_failure(p: &EngineConfig, e: &engine::EngineError, startup: Duration) -> String {
    use engine::EngineError as E;
    let proto = match p.protocol {
        config::Protocol::Uci => "uci/uciok",
        config::Protocol::Xboard => "xboard/protover 2",
    };
    match e {
        E::Spawn(m) => {
            let cwd = std::env::current_dir()
                .map(|d| d.display().to_string())
                .unwrap_or_default();
            format!("{m} (cmd '{}'; relative paths are read from {cwd})", p.cmd)
        }
        E::Timeout => format!(
            "no {proto} handshake within {} ms (startup_timeout_ms)",
            startup.as_millis()
        ),
        E::Disconnect => format!("it exits during the {proto} handshake"),
        other => format!("{other} during the {proto} handshake"),
    }
}

/// Opens the journal (new or resumed) and the PGN that games are appended to as they end.
fn open_outputs(cfg: &Config, opts: &RunOptions, plan: &Plan) -> Result<Live, TournamentError> {
    let state_path = cfg.state_path();
    let journal = state::Journal::open(&state_path, &plan.header, opts.resume)
        .map_err(|e| TournamentError::Io(state_path.clone(), e))?;
    let pgn_path = &cfg.tournament.pgn_out;
    let pgn = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(pgn_path)
        .map_err(|e| TournamentError::Io(pgn_path.clone(), e))?;
    let mut tally = Tally::new(plan.enc.clone(), cfg.tournament.games);
    for r in plan.done.values() {
        tally.add(r);
    }
    Ok(Live {
        tally,
        records: plan.done.clone(),
        journal,
        pgn: Some(pgn),
        plies: 0,
        played: 0,
    })
}

/// The first `prefix` bytes of the PGN file: the games of earlier runs.
fn earlier_pgn(path: &Path, prefix: u64) -> String {
    let Ok(bytes) = std::fs::read(path) else {
        return String::new();
    };
    let end = (prefix as usize).min(bytes.len());
    String::from_utf8_lossy(&bytes[..end]).into_owned()
}

fn progress_bar(total: usize, quiet: bool) -> indicatif::ProgressBar {
    if quiet {
        return indicatif::ProgressBar::hidden();
    }
    let b = indicatif::ProgressBar::with_draw_target(
        Some(total as u64),
        indicatif::ProgressDrawTarget::stderr(),
    );
    b.set_style(
        indicatif::ProgressStyle::with_template(
            "[{elapsed_precise}] {bar:30} {pos}/{len} games  {msg}",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    b
}

/// Plays the queue on `concurrency` worker threads; each game is journaled and appended to
/// the PGN as it ends.
fn play_all<V: crate::eval::Evaluate>(
    cfg: &Config,
    opts: &RunOptions,
    plan: &Plan,
    settings: &Settings,
    started: Vec<Option<engine::Engine>>,
    live: Live,
) -> Result<Live, TournamentError> {
    let t = &cfg.tournament;
    let players = &plan.players;
    let bar = progress_bar(plan.total, opts.quiet);
    bar.set_position(plan.done.len() as u64);
    bar.set_message(progress_message(cfg, players, &live.tally));
    let live = Mutex::new(live);
    let queue = Mutex::new(plan.queue.clone());
    let started = Mutex::new(Some(started));
    let stop = AtomicBool::new(false);
    let first_error: Mutex<Option<TournamentError>> = Mutex::new(None);
    let workers = t.concurrency.min(plan.total.max(1));
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| {
                let mut engines = started
                    .lock()
                    .expect("engines")
                    .take()
                    .unwrap_or_else(|| (0..players.len()).map(|_| None).collect());
                while !stop.load(Ordering::Relaxed) {
                    let Some(job) = queue.lock().expect("queue").pop_front() else {
                        break;
                    };
                    let opening = plan.book.get::<V>(&job, t.seed);
                    let seats = seats_for(&job, players, &mut engines);
                    let rec = game::play::<V>(&job, &opening, seats, settings);
                    let mut l = live.lock().expect("live");
                    if let Err(e) = l.journal.append(&rec) {
                        *first_error.lock().expect("err") =
                            Some(TournamentError::Io(cfg.state_path(), e));
                        stop.store(true, Ordering::Relaxed);
                        break;
                    }
                    let decided = l.add(rec, &bar, opts.quiet, t.sprt.as_ref());
                    bar.set_message(progress_message(cfg, players, &l.tally));
                    if decided {
                        stop.store(true, Ordering::Relaxed);
                    }
                }
            });
        }
    });
    bar.finish_and_clear();
    if let Some(e) = first_error.into_inner().expect("err") {
        return Err(e);
    }
    let mut l = live.into_inner().expect("live");
    l.pgn = None;
    Ok(l)
}

impl Live {
    /// Takes a journaled game: PGN, counts, the progress line. True when SPRT has decided.
    fn add(
        &mut self,
        rec: GameRecord,
        bar: &indicatif::ProgressBar,
        quiet: bool,
        sprt: Option<&stats::Sprt>,
    ) -> bool {
        if let Some(f) = self.pgn.as_mut() {
            let _ = f.write_all(pgn::write(&rec).as_bytes());
        }
        self.plies += rec.engine_plies as u64;
        self.played += 1;
        if !quiet {
            let line = format!(
                "Finished game {} ({} vs {}): {} {{{}}}",
                rec.index + 1,
                rec.white,
                rec.black,
                rec.result.as_str(),
                rec.reason
            );
            bar.suspend(|| eprintln!("{line}"));
        }
        self.tally.add(&rec);
        self.records.insert(rec.index, rec);
        bar.inc(1);
        sprt.is_some_and(|s| s.state(&self.tally.counts[0]).decision.is_some())
    }
}

/// The white and black seats of `job`, borrowing two distinct engine slots.
fn seats_for<'a>(
    job: &Job,
    players: &'a [EngineConfig],
    engines: &'a mut [Option<engine::Engine>],
) -> [Seat<'a>; 2] {
    let (w, b) = (job.white, job.black);
    let (lo, hi) = (w.min(b), w.max(b));
    let (left, right) = engines.split_at_mut(hi);
    let (e_lo, e_hi) = (&mut left[lo], &mut right[0]);
    let (ew, eb) = if w < b { (e_lo, e_hi) } else { (e_hi, e_lo) };
    [
        Seat {
            index: w,
            cfg: &players[w],
            engine: ew,
        },
        Seat {
            index: b,
            cfg: &players[b],
            engine: eb,
        },
    ]
}

/// Counts of encounter (a, b) from a's side, pairs included.
pub fn encounter_counts(
    records: &BTreeMap<u64, GameRecord>,
    a: usize,
    b: usize,
    games_per_pair: u32,
) -> Counts {
    let mut c = Counts::default();
    let mut by_pair: BTreeMap<u64, Vec<f64>> = BTreeMap::new();
    for r in records.values() {
        let involved = (r.white_player == a && r.black_player == b)
            || (r.white_player == b && r.black_player == a);
        if !involved {
            continue;
        }
        let s = r.score_of(a).unwrap_or(0.5);
        c.add_game(s);
        by_pair.entry(r.pair).or_default().push(s);
    }
    if games_per_pair == 2 {
        for v in by_pair.values().filter(|v| v.len() == 2) {
            c.add_pair(v[0], v[1]);
        }
    }
    c
}

fn progress_message(cfg: &Config, players: &[EngineConfig], tally: &Tally) -> String {
    let c = tally.first();
    let s = Summary::of(&c);
    let e = s.pentanomial.unwrap_or(s.trinomial);
    let mut msg = format!(
        "{}: +{} -{} ={}  Elo {:.1} ± {:.1}",
        players[tally.enc[0].0].name, c.wins, c.losses, c.draws, e.elo, e.error
    );
    if let Some(sprt) = &cfg.tournament.sprt {
        let st = sprt.state(&tally.counts[0]);
        msg.push_str(&format!(
            "  LLR {:.2} ({:.2}, {:.2})",
            st.llr, st.lower, st.upper
        ));
    }
    msg
}

/// The result file: per encounter and per engine, terminations, SPRT.
pub fn results_json(
    cfg: &Config,
    players: &[EngineConfig],
    records: &BTreeMap<u64, GameRecord>,
    expected: usize,
) -> serde_json::Value {
    let t = &cfg.tournament;
    let enc = schedule::encounters(&t.format, players.len());
    let mut encounters = Vec::new();
    for &(a, b) in &enc {
        let c = encounter_counts(records, a, b, t.games);
        let mut v = json!({
            "engine": players[a].name,
            "opponent": players[b].name,
            "summary": Summary::of(&c),
        });
        if let (Some(sprt), true) = (&t.sprt, enc.len() == 1) {
            v["sprt"] = json!({ "settings": sprt, "state": sprt.state(&c) });
        }
        encounters.push(v);
    }
    let mut per_engine = Vec::new();
    for (p, e) in players.iter().enumerate() {
        let mut c = Counts::default();
        for q in 0..players.len() {
            if q != p {
                c.merge(&encounter_counts(records, p, q, t.games));
            }
        }
        per_engine.push(json!({ "engine": e.name, "summary": Summary::of(&c) }));
    }
    let mut terminations: BTreeMap<String, u64> = BTreeMap::new();
    for r in records.values() {
        *terminations
            .entry(r.termination.as_str().to_string())
            .or_default() += 1;
    }
    json!({
        "variant": t.variant,
        "games": records.len(),
        "expected_games": expected,
        "complete": records.len() == expected,
        "encounters": encounters,
        "engines": per_engine,
        "terminations": terminations,
    })
}

/// Human summary of a result file.
pub fn summary_text(results: &serde_json::Value) -> String {
    let mut out = String::new();
    if let Some(encs) = results["encounters"].as_array() {
        for e in encs {
            if let Ok(s) = serde_json::from_value::<Summary>(e["summary"].clone()) {
                out.push_str(&format!(
                    "{} vs {}: {}\n",
                    e["engine"].as_str().unwrap_or("?"),
                    e["opponent"].as_str().unwrap_or("?"),
                    s.line()
                ));
            }
            if let Some(st) = e.get("sprt") {
                out.push_str(&format!(
                    "SPRT: LLR {:.2} ({:.2}, {:.2}) {}\n",
                    st["state"]["llr"].as_f64().unwrap_or(0.0),
                    st["state"]["lower"].as_f64().unwrap_or(0.0),
                    st["state"]["upper"].as_f64().unwrap_or(0.0),
                    match st["state"]["decision"].as_bool() {
                        Some(true) => "H1 accepted",
                        Some(false) => "H0 accepted",
                        None => "continuing",
                    }
                ));
            }
        }
    }
    out.push_str(&format!(
        "Games: {}/{}  Terminations: {}",
        results["games"], results["expected_games"], results["terminations"]
    ));
    out
}

/// `zest tournament merge`: combines shard journals (same tournament) into one PGN and one
/// result file.
pub fn merge(
    journals: &[PathBuf],
    pgn_out: &Path,
    results_out: &Path,
) -> Result<serde_json::Value, TournamentError> {
    let mut all: BTreeMap<u64, GameRecord> = BTreeMap::new();
    let mut header: Option<state::Header> = None;
    for p in journals {
        let (h, games) = state::load(p).map_err(|e| TournamentError::Io(p.clone(), e))?;
        let h = h.ok_or_else(|| TournamentError::Other(format!("{}: no header", p.display())))?;
        if let Some(first) = &header {
            if first.fingerprint != h.fingerprint {
                return Err(TournamentError::Other(format!(
                    "{} is from another tournament",
                    p.display()
                )));
            }
        } else {
            header = Some(h);
        }
        for (k, g) in games {
            all.entry(k).or_insert(g);
        }
    }
    let header = header.ok_or_else(|| TournamentError::Other("no journals given".into()))?;
    let cfg: Config = serde_json::from_value(json!({
        "engine": header.config["engines"],
        "tournament": header.config["tournament"],
    }))
    .map_err(|e| TournamentError::Other(format!("journal header: {e}")))?;
    let players = cfg.players()?;
    let enc = schedule::encounters(&cfg.tournament.format, players.len());
    let expected = cfg.tournament.rounds * enc.len() * cfg.tournament.games as usize;
    let mut text = String::new();
    for r in all.values() {
        text.push_str(&pgn::write(r));
    }
    state::write_atomic(pgn_out, &text).map_err(|e| TournamentError::Io(pgn_out.into(), e))?;
    let results = results_json(&cfg, &players, &all, expected);
    state::write_atomic(
        results_out,
        &serde_json::to_string_pretty(&results).unwrap_or_default(),
    )
    .map_err(|e| TournamentError::Io(results_out.into(), e))?;
    Ok(results)
}
