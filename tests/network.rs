//! `scripts/widen-network.py`: a network widened from 64 hidden units a side to the build's
//! 128 scores every position exactly as the narrow one did, so that training goes on from the
//! narrow network's play rather than from scratch.

use std::process::Command;
use zest::core::{Color, Role};
use zest::eval::nnue::{feature, Network, PIECE_INPUTS as INPUTS};
use zest::tools::play::SplitMix;
use zest::variants::chess::Chess;
use zest::variants::Variant;

const NARROW: usize = 64;

/// A narrow network's file with seeded random weights (the format `zest train` writes).
fn narrow_network() -> Vec<u8> {
    let mut rng = SplitMix(2026);
    let mut word = |a: i64| (rng.next_u64() % (2 * a as u64 + 1)) as i64 - a;
    let mut b = b"ZNNUE\x02\0\0".to_vec();
    b.extend((NARROW as u32).to_le_bytes());
    b.extend((400.0f32 / 2.2).to_le_bytes());
    for _ in 0..INPUTS * NARROW + NARROW + 2 * NARROW {
        b.extend((word(60) as i16).to_le_bytes());
    }
    for _ in 0..1 + INPUTS {
        b.extend((word(40_000) as i32).to_le_bytes());
    }
    b
}

/// The narrow network's score for the side to move, summed as `eval/nnue.rs` sums: a
/// reference read straight from the file's words.
fn narrow_eval(file: &[u8], fen: &str) -> i32 {
    let pos = Chess::from_fen(fen).unwrap();
    let pos = pos.position();
    let i16_at = |i: usize| i16::from_le_bytes([file[16 + 2 * i], file[17 + 2 * i]]) as i32;
    let ints = 16 + 2 * (INPUTS * NARROW + 3 * NARROW);
    let i32_at = |i: usize| i32::from_le_bytes(file[ints + 4 * i..][..4].try_into().unwrap());
    let cp_per_logit = f32::from_le_bytes(file[12..16].try_into().unwrap());
    let view = |side: Color| {
        let mut acc: Vec<i32> = (0..NARROW).map(|h| i16_at(INPUTS * NARROW + h)).collect();
        let mut psqt = 0;
        for color in [Color::White, Color::Black] {
            for role in Role::FIDE {
                for sq in pos.pieces(color, role) {
                    // The narrow file has one set of rows, for every place of the king.
                    let king = pos.king(side).index();
                    let f = feature(side, color, role, sq.index(), king) % INPUTS;
                    for (h, a) in acc.iter_mut().enumerate() {
                        *a += i16_at(f * NARROW + h);
                    }
                    psqt += i32_at(1 + f);
                }
            }
        }
        (acc, psqt)
    };
    let (us, them) = (view(pos.turn()), view(!pos.turn()));
    let out = INPUTS * NARROW + NARROW;
    let mut sum = (us.1 - them.1) / 2 + i32_at(0);
    for h in 0..NARROW {
        sum += us.0[h].clamp(0, 255) * i16_at(out + h);
        sum += them.0[h].clamp(0, 255) * i16_at(out + NARROW + h);
    }
    ((sum as f32 / (255 * 64) as f32) * cp_per_logit) as i32
}

#[test]
fn a_widened_network_scores_as_the_narrow_one() {
    let dir = std::env::temp_dir().join(format!("zest-widen-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (narrow, wide) = (dir.join("narrow.nnue"), dir.join("wide.nnue"));
    let file = narrow_network();
    std::fs::write(&narrow, &file).unwrap();
    let o = Command::new("python3")
        .arg("scripts/widen-network.py")
        .args([&narrow, &wide])
        .output()
        .expect("python3 runs");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let bytes = std::fs::read(&wide).unwrap();
    let net = Network::from_bytes(&bytes).expect("the widened file is a network of this build");
    let mut scores = Vec::new();
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 4 4",
        "8/5k2/8/3Pp3/8/8/2K5/8 b - - 0 1",
        "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
    ] {
        let expected = narrow_eval(&file, fen);
        let got = net.evaluate(Chess::from_fen(fen).unwrap().position());
        assert_eq!(got, expected, "{fen}");
        scores.push(got);
    }
    // The random weights do score the positions apart: the comparison is not of zeros.
    scores.sort();
    scores.dedup();
    assert!(scores.len() >= 4, "{scores:?}");
    // Not a narrow network: a clear error, nothing written.
    let o = Command::new("python3")
        .args(["scripts/widen-network.py", "Cargo.toml"])
        .arg(dir.join("none.nnue"))
        .output()
        .unwrap();
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("not a zest network of 64 hidden units"));
    assert!(!dir.join("none.nnue").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

/// `nets/chess.nnue.manifest` is about the shipped network: its first line names the file's
/// sha256 (as `sha256sum` computes it), and every journal it lists to train on is kept in
/// `nets/games/`, compressed.
#[test]
fn the_manifest_names_the_shipped_network_and_kept_journals() {
    let manifest = std::fs::read_to_string("nets/chess.nnue.manifest").unwrap();
    let o = Command::new("sha256sum")
        .arg("nets/chess.nnue")
        .output()
        .expect("sha256sum runs");
    let sum = String::from_utf8_lossy(&o.stdout);
    let sum = sum.split_whitespace().next().expect("a sha256");
    let first = manifest.lines().next().unwrap();
    assert_eq!(first, format!("# nets/chess.nnue, sha256 {sum}"));
    let listed: Vec<&str> = manifest
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split_once("  nets/games/").map(|(_, j)| j))
        .collect();
    assert!(listed.len() >= 10, "{listed:?}");
    for j in listed {
        let kept = format!("nets/games/{j}.xz");
        assert!(std::path::Path::new(&kept).exists(), "{kept}");
    }
}
