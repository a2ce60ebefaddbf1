//! Which of Brent's iterations runs ([`Variant`]), and the size at which the automatic choice
//! changes ([`AUTO_PLAYERS`]): Brent's own limit, decided here, not by a caller.

use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Variant {
    /// Algorithm 1, iteration (13).
    Alg1,
    /// The fixed-weight eigenproblem of §3, re-weighted (§4).
    Fixed,
    /// Iteration (14).
    Zermelo,
    /// Iteration (13) with Anderson acceleration in log space, safeguarded by the likelihood,
    /// corrected along the chain of levels where players meet only their own: the default (the fewest passes), the library's and the command line's.
    #[default]
    Accelerated,
    /// Algorithm 1 up to [`AUTO_PLAYERS`] players (its iterations are the ones to watch and
    /// step through), the accelerated iteration above: what a job starts with (the app's
    /// settings, `job::Settings::default()`), to watch.
    Auto,
}

/// Above this many players [`Variant::Auto`] takes the accelerated iteration: up to it,
/// Algorithm 1's iterations are few and quick enough to watch and step through; beyond, only
/// the answer matters, and the fewest passes. Brent's own limit (the app's step-by-step view
/// happens to keep the iterates of as many players, `job::STEP_PLAYERS`, a limit of its own).
pub const AUTO_PLAYERS: usize = 400;

impl Variant {
    pub const ALL: [Variant; 5] = [Variant::Auto, Variant::Alg1, Variant::Fixed, Variant::Zermelo, Variant::Accelerated];

    /// What the variant does, for a menu.
    pub fn label(self) -> &'static str {
        match self {
            Variant::Alg1 => "Algorithm 1 — iteration (13)",
            Variant::Fixed => "Fixed weights — power method on D⁻¹A (§3), re-weighted",
            Variant::Zermelo => "Iteration (14) — Zermelo's, slower",
            Variant::Accelerated => "Accelerated — (13) with Anderson mixing, never lowering the likelihood",
            Variant::Auto => "Automatic — Algorithm 1 up to 400 players (to step through), accelerated above",
        }
    }

    /// The name in flags and JSON: `alg1`, `fixed`, `zermelo`.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Alg1 => "alg1",
            Variant::Fixed => "fixed",
            Variant::Zermelo => "zermelo",
            Variant::Accelerated => "accelerated",
            Variant::Auto => "auto",
        }
    }

    /// The iteration that runs for `players` players ([`Variant::Auto`] decides by size).
    pub fn resolve(self, players: usize) -> Variant {
        match self {
            Variant::Auto if players > AUTO_PLAYERS => Variant::Accelerated,
            Variant::Auto => Variant::Alg1,
            v => v,
        }
    }
}

impl std::fmt::Display for Variant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Variant {
    type Err = crate::error::NameError;

    fn from_str(s: &str) -> Result<Variant, Self::Err> {
        let t = s.trim().to_ascii_lowercase();
        Variant::ALL.into_iter().find(|v| v.name() == t).ok_or_else(|| crate::error::NameError::Unknown {
            what: "variant",
            name: s.into(),
            expected: "one of alg1, fixed, zermelo, accelerated, auto".into(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_automatic_label_names_the_limit_it_uses() {
        assert!(Variant::Auto.label().contains(&AUTO_PLAYERS.to_string()), "{}", Variant::Auto.label());
        assert_eq!(Variant::Auto.resolve(AUTO_PLAYERS), Variant::Alg1);
        assert_eq!(Variant::Auto.resolve(AUTO_PLAYERS + 1), Variant::Accelerated);
    }
}
