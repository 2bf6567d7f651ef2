//! Acceptance 3: every vector of `tournament-data/stats_vectors.txt` (computed with fishtest's
//! own statistics code) reproduced to the printed precision.

use zest::tournament::stats::*;

const VECTORS: &str = include_str!("data/stats_vectors.txt");

/// The numbers of a line, in order (`-3.47 +/- 55.37  LOS=45.06%` → [-3.47, 55.37, 45.06]).
fn numbers(s: &str) -> Vec<(f64, usize)> {
    let mut out = Vec::new();
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let start = i;
        if b[i] == b'-' && i + 1 < b.len() && b[i + 1].is_ascii_digit() {
            i += 1;
        }
        if i < b.len()
            && b[i].is_ascii_digit()
            && (start == 0 || !b[start - 1].is_ascii_alphabetic())
        {
            while i < b.len() && (b[i].is_ascii_digit() || b[i] == b'.') {
                i += 1;
            }
            let t = &s[start..i];
            let decimals = t.split_once('.').map(|x| x.1.len()).unwrap_or(0);
            out.push((t.parse().unwrap(), decimals));
        } else {
            i = start + 1;
        }
    }
    out
}

fn list(s: &str, key: &str) -> Option<Vec<f64>> {
    let from = s.find(key)? + key.len();
    let rest = &s[from..];
    let end = rest.find(']')?;
    Some(
        rest[..end]
            .split(',')
            .map(|x| x.trim().parse().unwrap())
            .collect(),
    )
}

fn field(s: &str, key: &str) -> Option<f64> {
    let from = s.find(key)? + key.len();
    s[from..].split_whitespace().next()?.parse().ok()
}

fn check(label: &str, got: f64, want: (f64, usize)) {
    let printed = format!("{:.*}", want.1, got);
    let expect = format!("{:.*}", want.1, want.0);
    assert_eq!(
        printed, expect,
        "{label}: computed {got}, vector {}",
        want.0
    );
}

#[test]
fn every_vector_is_reproduced() {
    let mut checked = 0;
    let (mut w, mut l, mut d) = (None, None, None);
    let mut penta: Option<Vec<f64>> = None;
    let mut bounds = vec![0.0, 0.0];
    for line in VECTORS.lines() {
        let line = line.trim();
        if let Some(h) = line.strip_prefix("== ") {
            w = field(h, "W=");
            l = field(h, "L=");
            d = field(h, "D=");
            penta = list(h, "penta=[");
            bounds = list(h, "bounds=[").unwrap();
            continue;
        }
        let (label, rest) = line.split_once(':').expect("label: values");
        let nums = numbers(rest);
        let (e0, e1) = (bounds[0], bounds[1]);
        let tri = || [l.unwrap(), d.unwrap(), w.unwrap()];
        match label {
            l if l.starts_with("LLR bounds") => {
                let (lo, hi) = sprt_bounds(0.05, 0.05);
                check(line, lo, nums[0]);
                check(line, hi, nums[1]);
            }
            "trinomial Elo (fishtest get_elo)" | "trinomial Elo (cutechess formula)" => {
                let e = elo_estimate(&tri());
                check(line, e.elo, nums[0]);
                check(line, e.error, nums[1]);
                let los = if label.contains("cutechess") {
                    los_wins_losses(w.unwrap(), l.unwrap())
                } else {
                    e.los
                };
                check(line, los * 100.0, nums[2]);
            }
            "LLR trinomial logistic (fishtest LLR_logistic)" => {
                check(line, llr_logistic(e0, e1, &tri()), nums[0])
            }
            "LLR trinomial normalized (fishtest LLR_normalized)" => {
                check(line, llr_normalized(e0, e1, &tri()), nums[0])
            }
            "LLR trinomial BayesElo (fishtest LLRlegacy, bounds as BayesElo)" => {
                check(line, llr_bayeselo(e0, e1, tri()), nums[0])
            }
            "LLR cutechess (BayesElo, bounds as logistic Elo / scale, +0.5 prior)" => {
                check(line, llr_cutechess(e0, e1, tri()), nums[0])
            }
            "LLR c-chess-cli (GSPRT approx, logistic)" => {
                check(line, llr_gsprt_approx(e0, e1, &tri()), nums[0])
            }
            "pentanomial Elo (fishtest get_elo)" => {
                let e = elo_estimate(penta.as_ref().unwrap());
                check(line, e.elo, nums[0]);
                check(line, e.error, nums[1]);
                check(line, e.los * 100.0, nums[2]);
            }
            "pentanomial Elo/nElo (fastchess formula)" => {
                let e = elo_estimate(penta.as_ref().unwrap());
                check(line, e.elo, nums[0]);
                check(line, e.error, nums[1]);
                check(line, e.nelo, nums[2]);
                check(line, e.nelo_error, nums[3]);
            }
            "LLR pentanomial logistic (fishtest)" => {
                check(line, llr_logistic(e0, e1, penta.as_ref().unwrap()), nums[0])
            }
            "LLR pentanomial normalized (fishtest)" => check(
                line,
                llr_normalized(e0, e1, penta.as_ref().unwrap()),
                nums[0],
            ),
            other => panic!("unknown vector line '{other}'"),
        }
        checked += 1;
    }
    assert_eq!(checked, 50, "every line of the vector file is checked");
}

#[test]
fn zero_variance_is_finite() {
    // Every pair 1–1 (the fastchess run that printed nElo: -nan).
    let e = elo_estimate(&[0.0, 0.0, 50.0, 0.0, 0.0]);
    assert!(e.elo.abs() < 1e-9 && e.error.is_finite() && e.nelo.is_finite() && e.los.is_finite());
    let e = elo_estimate(&[0.0, 0.0, 10.0]);
    assert!(e.elo.is_finite() && e.error.is_finite() && e.los > 0.99);
    let c = Counts {
        wins: 50,
        losses: 50,
        penta: [0, 0, 50, 0, 0],
        pairs_wl: 50,
        ..Default::default()
    };
    let s = Sprt {
        elo0: 0.0,
        elo1: 5.0,
        alpha: 0.05,
        beta: 0.05,
        model: "normalized".into(),
    };
    assert!(s.state(&c).llr.is_finite());
    assert!(Summary::of(&c).line().contains("nElo: 0.00"));
}

#[test]
fn sprt_decides_at_the_bounds() {
    let s = Sprt {
        elo0: 0.0,
        elo1: 5.0,
        alpha: 0.05,
        beta: 0.05,
        model: "logistic".into(),
    };
    let strong = Counts {
        wins: 600,
        losses: 300,
        draws: 100,
        penta: [10, 40, 150, 200, 100],
        ..Default::default()
    };
    assert_eq!(s.state(&strong).decision, Some(true));
    let weak = Counts {
        wins: 300,
        losses: 600,
        draws: 100,
        penta: [100, 200, 150, 40, 10],
        ..Default::default()
    };
    assert_eq!(s.state(&weak).decision, Some(false));
    let even = Counts {
        wins: 5,
        losses: 5,
        draws: 2,
        penta: [0, 1, 4, 1, 0],
        ..Default::default()
    };
    assert_eq!(s.state(&even).decision, None);
}
