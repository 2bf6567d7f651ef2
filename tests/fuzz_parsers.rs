//! Fuzz-style robustness: random and mutated FEN and move strings never panic;
//! each gives a typed error or a valid position/move.

use zest::core::Notation;
use zest::registry::{self, VariantFn};
use zest::variants;

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

const SEEDS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3",
    "1r2k1r1/8/8/8/8/8/8/R1R1K3 w Ck - 5 40",
    "lnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNL w - - 0 1",
    "raXkqbXr/pppppppp/8/8/8/8/PPPPPPPP/RAxKQBxR w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1 king",
    "k7/2R5/2Q2p2/1PP5/p2Kb2r/3p2r1/1PP5/P1P1P3 b - - 0 35 e4/c6",
];
const ALPHABET: &[u8] = b"rnbqkpRNBQKPlLaAdDxX12345678/ -wbKQkqabcdefgh0123456789e3,=z\t";
const MOVES: &[&str] = &[
    "e2e4",
    "e1g1",
    "e7e8q",
    "0000",
    "e2e3,d7d6",
    "b6/b1/d3=n/c4/f7",
    "d1g1f1",
    "e8/g8",
];

fn mutate(rng: &mut Rng, s: &str) -> String {
    let mut b: Vec<u8> = s.bytes().collect();
    for _ in 0..=rng.below(4) {
        match rng.below(5) {
            0 if !b.is_empty() => {
                let i = rng.below(b.len());
                b[i] = ALPHABET[rng.below(ALPHABET.len())];
            }
            1 if !b.is_empty() => {
                let i = rng.below(b.len());
                b.remove(i);
            }
            2 => {
                let i = rng.below(b.len() + 1);
                b.insert(i, ALPHABET[rng.below(ALPHABET.len())]);
            }
            3 if !b.is_empty() => {
                let i = rng.below(b.len());
                b.truncate(i);
            }
            _ => {
                let i = rng.below(b.len() + 1);
                b.insert(i, rng.next() as u8);
            }
        }
    }
    String::from_utf8_lossy(&b).into_owned()
}

/// Parses `fen` and, when valid, a move; both must return without panicking.
struct Probe<'a> {
    fen: &'a str,
    mv: &'a str,
}

impl VariantFn for Probe<'_> {
    type Output = bool;
    fn call<V: zest::eval::Evaluate>(self) -> bool {
        match V::from_fen(self.fen) {
            Ok(pos) => {
                // A valid position prints a FEN that parses back to the same state.
                let again = V::from_fen(&pos.fen()).expect("printed FEN parses");
                assert_eq!(again.fen(), pos.fen());
                let _ = pos.parse_move(self.mv);
                true
            }
            Err(e) => {
                assert!(!e.to_string().is_empty());
                false
            }
        }
    }
}

#[test]
fn hundred_thousand_fens_and_moves_never_panic() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut valid = 0;
    let mut total = 0;
    while total < 100_000 {
        let seed = SEEDS[rng.below(SEEDS.len())];
        let fen = if rng.below(10) == 0 {
            (0..rng.below(90))
                .map(|_| ALPHABET[rng.below(ALPHABET.len())] as char)
                .collect()
        } else {
            mutate(&mut rng, seed)
        };
        let base = MOVES[rng.below(MOVES.len())];
        let mv = mutate(&mut rng, base);
        let _ = Notation::parse(&mv);
        for name in variants::NAMES {
            if registry::dispatch(name, Probe { fen: &fen, mv: &mv }).unwrap() {
                valid += 1;
            }
            total += 1;
        }
    }
    // The mutations are mild enough that some positions survive.
    assert!(valid > 100, "only {valid} valid positions");
}
