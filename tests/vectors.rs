//! The shared perft vectors (`../shared/rules/vectors.tsv`) for every registered variant.

use std::path::Path;
use zest::registry::{self, VariantFn};
use zest::tools::perft::perft;
use zest::variants;

const COPY: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/vectors.tsv");

#[test]
fn copy_is_byte_identical_to_shared() {
    let shared = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/rules/vectors.tsv");
    if shared.exists() {
        let a = std::fs::read(&shared).unwrap();
        let b = std::fs::read(COPY).unwrap();
        assert!(
            a == b,
            "tests/data/vectors.tsv differs from ../shared/rules/vectors.tsv: copy the new file"
        );
    }
}

struct Row<'a> {
    fen: &'a str,
    depth: u32,
}

impl VariantFn for Row<'_> {
    type Output = Result<u64, String>;
    fn call<V: zest::eval::Evaluate>(self) -> Self::Output {
        let pos = V::from_fen(self.fen).map_err(|e| e.to_string())?;
        Ok(perft(&pos, self.depth))
    }
}

/// Every row whose variant is registered; deep rows (over `max_nodes`) are left to release runs.
#[test]
fn perft_matches_every_row_of_registered_variants() {
    let text = std::fs::read_to_string(COPY).unwrap();
    let mut checked = 0;
    let mut failures = Vec::new();
    for line in text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let cols: Vec<&str> = line.split('\t').collect();
        assert!(cols.len() >= 4, "malformed row: {line}");
        if cols[0] == "variant" {
            continue;
        }
        let (name, fen, depth, nodes) = (
            cols[0],
            cols[1],
            cols[2].parse().unwrap(),
            cols[3].parse::<u64>().unwrap(),
        );
        if !variants::NAMES.contains(&name) {
            continue;
        }
        match registry::dispatch(name, Row { fen, depth }).unwrap() {
            Ok(n) if n == nodes => checked += 1,
            Ok(n) => failures.push(format!(
                "{name} {fen} depth {depth}: expected {nodes}, got {n}"
            )),
            Err(e) => failures.push(format!("{name} {fen}: {e}")),
        }
    }
    assert!(
        failures.is_empty(),
        "{} rows differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
    eprintln!("{checked} vector rows match");
}
