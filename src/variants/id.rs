//! [`VariantId`]: the one table of zest's games, their names and aliases, and
//! the facts the front ends (UCI, XBoard, the CLI, the tournament) need.
//!
//! Every name a GUI or client may use for a game is read here and nowhere else:
//! cutechess says `chess960`, xboard `fischerandom` and `normal`, Fairy-Stockfish
//! `chess`, humans `Chess` or `960`.

use std::fmt;
use std::str::FromStr;

/// One of zest's games.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum VariantId {
    Chess,
    Chess960,
    Interchange,
    Swap,
    Palindromic,
    Exile,
    Arrangement,
}

/// The registered names, in the order `zest variants` lists them.
pub const NAMES: [&str; 7] = {
    let mut names = [""; 7];
    let mut i = 0;
    while i < names.len() {
        names[i] = VariantId::ALL[i].name();
        i += 1;
    }
    names
};

/// Every accepted spelling (compared without regard to case) and the game it names.
const ALIASES: &[(&str, VariantId)] = &[
    ("chess", VariantId::Chess),
    ("normal", VariantId::Chess),
    ("standard", VariantId::Chess),
    ("fischerandom", VariantId::Chess960),
    ("fischerrandom", VariantId::Chess960),
    ("chess960", VariantId::Chess960),
    ("960", VariantId::Chess960),
    ("frc", VariantId::Chess960),
    ("interchange", VariantId::Interchange),
    ("swap", VariantId::Swap),
    ("palindromic", VariantId::Palindromic),
    ("exile", VariantId::Exile),
    ("arrangement", VariantId::Arrangement),
];

impl VariantId {
    /// In the order `zest variants` lists them.
    pub const ALL: [VariantId; 7] = [
        VariantId::Chess,
        VariantId::Chess960,
        VariantId::Interchange,
        VariantId::Swap,
        VariantId::Palindromic,
        VariantId::Exile,
        VariantId::Arrangement,
    ];

    /// zest's own name (the CLI's, UCI's `UCI_Variant` value and the PGN `Variant` tag).
    pub const fn name(self) -> &'static str {
        match self {
            VariantId::Chess => "chess",
            VariantId::Chess960 => "fischerandom",
            VariantId::Interchange => "interchange",
            VariantId::Swap => "swap",
            VariantId::Palindromic => "palindromic",
            VariantId::Exile => "exile",
            VariantId::Arrangement => "arrangement",
        }
    }

    /// The name on the XBoard wire (`variant …`, `feature variants=`): xboard calls chess `normal`.
    pub const fn xboard_name(self) -> &'static str {
        match self {
            VariantId::Chess => "normal",
            other => other.name(),
        }
    }

    /// A game xboard knows itself (it needs no `setup` or `piece` lines).
    pub const fn xboard_native(self) -> bool {
        matches!(self, VariantId::Chess | VariantId::Chess960)
    }

    /// Whether every move has a form plain CECP carries: two-action turns and swap
    /// paths (Interchange, Palindromic, Swap) have none without the `zestmoves` extension.
    pub const fn has_xboard_moves(self) -> bool {
        !matches!(
            self,
            VariantId::Interchange | VariantId::Palindromic | VariantId::Swap
        )
    }

    /// Castling is written king-takes-own-rook and the array may differ from the
    /// standard one (Chess960; Arrangement's play phase starts from any array).
    pub const fn chess960_castling(self) -> bool {
        matches!(self, VariantId::Chess960 | VariantId::Arrangement)
    }

    /// Plain FIDE chess: PGN writes no `Variant` tag.
    pub const fn is_orthodox(self) -> bool {
        matches!(self, VariantId::Chess)
    }

    /// Threefold repetition and the 50-move rule are draws a player may claim (FIDE
    /// 9.2, 9.3) rather than automatic endings. The variants' rules make them automatic.
    pub const fn draws_are_claims(self) -> bool {
        matches!(self, VariantId::Chess | VariantId::Chess960)
    }
}

impl fmt::Display for VariantId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An unknown variant name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown variant '{0}' (known: {names})", names = NAMES.join(", "))]
pub struct UnknownVariant(pub String);

impl FromStr for VariantId {
    type Err = UnknownVariant;

    /// Any alias, in any case, surrounding blanks ignored.
    fn from_str(s: &str) -> Result<VariantId, UnknownVariant> {
        let t = s.trim();
        ALIASES
            .iter()
            .find(|(alias, _)| alias.eq_ignore_ascii_case(t))
            .map(|&(_, id)| id)
            .ok_or_else(|| UnknownVariant(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_gui_alias_reads() {
        // cutechess-cli sends `chess960` and `standard`, xboard `fischerandom` and
        // `normal`, Fairy-Stockfish lists `chess`.
        for (s, id) in [
            ("chess960", VariantId::Chess960),
            ("Chess960", VariantId::Chess960),
            ("fischerandom", VariantId::Chess960),
            ("FischeRandom", VariantId::Chess960),
            ("960", VariantId::Chess960),
            ("normal", VariantId::Chess),
            ("standard", VariantId::Chess),
            ("Standard", VariantId::Chess),
            ("CHESS", VariantId::Chess),
            ("Exile", VariantId::Exile),
        ] {
            assert_eq!(s.parse::<VariantId>(), Ok(id), "{s}");
        }
        assert!("crazyhouse".parse::<VariantId>().is_err());
        assert!("".parse::<VariantId>().is_err());
    }

    #[test]
    fn names_round_trip() {
        for id in VariantId::ALL {
            assert_eq!(id.name().parse::<VariantId>(), Ok(id));
            assert_eq!(id.xboard_name().parse::<VariantId>(), Ok(id));
            assert_eq!(id.to_string(), id.name());
        }
        assert_eq!(NAMES[1], "fischerandom");
    }
}
