//! The journal of finished games: one JSON line per game, appended and flushed to disk
//! after every game (constant cost per game, unlike rewriting a whole state file). A runner
//! killed at any moment leaves at most a torn last line, which is ignored on `--resume`;
//! records are keyed by the game's global index, so none is counted twice. Shard journals
//! of one configuration merge by the same key.

use super::record::GameRecord;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Write};
use std::path::Path;

/// First line of a journal: which tournament it belongs to.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Header {
    /// Hash of everything that decides the schedule and the games (not the output paths).
    pub fingerprint: String,
    /// `i/n` (1-based) or `1/1`.
    pub shard: String,
    /// The configuration, for `merge` and for humans.
    pub config: serde_json::Value,
    /// Bytes at the start of the PGN file written by earlier runs, kept on `--resume`.
    #[serde(default)]
    pub pgn_prefix: u64,
}

#[derive(Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
enum Entry {
    Header(Header),
    Game(Box<GameRecord>),
}

/// Reads a journal: its header and its games by index (first record of an index wins).
pub fn load(path: &Path) -> std::io::Result<(Option<Header>, BTreeMap<u64, GameRecord>)> {
    let f = File::open(path)?;
    let mut header = None;
    let mut games = BTreeMap::new();
    for line in BufReader::new(f).lines() {
        let Ok(line) = line else { break };
        match serde_json::from_str::<Entry>(&line) {
            Ok(Entry::Header(h)) => {
                if header.is_none() {
                    header = Some(h)
                }
            }
            Ok(Entry::Game(g)) => {
                games.entry(g.index).or_insert(*g);
            }
            // A torn last line from a killed runner.
            Err(_) => continue,
        }
    }
    Ok((header, games))
}

/// An open journal.
pub struct Journal {
    file: File,
}

impl Journal {
    /// Starts a new journal (truncating) with `header`, or reopens one for appending.
    pub fn open(path: &Path, header: &Header, append: bool) -> std::io::Result<Journal> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)?;
        }
        let mut file = if append {
            OpenOptions::new().create(true).append(true).open(path)?
        } else {
            File::create(path)?
        };
        if !append || file.metadata()?.len() == 0 {
            let line = serde_json::to_string(&Entry::Header(header.clone()))?;
            writeln!(file, "{line}")?;
        } else {
            // A torn line must not swallow the next record: end it.
            writeln!(file)?;
        }
        file.sync_data()?;
        Ok(Journal { file })
    }

    /// Appends one finished game and forces it to disk.
    pub fn append(&mut self, g: &GameRecord) -> std::io::Result<()> {
        let mut line = serde_json::to_string(&Entry::Game(Box::new(g.clone())))?;
        line.push('\n');
        self.file.write_all(line.as_bytes())?;
        self.file.sync_data()
    }
}

/// Writes `text` to `path` atomically (temporary file, then rename).
pub fn write_atomic(path: &Path, text: &str) -> std::io::Result<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    let tmp = path.with_extension("tmp~");
    {
        let mut f = File::create(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_data()?;
    }
    std::fs::rename(tmp, path)
}
