//! Which of JRank's iterations runs ([`Step`]): the paper's damped step, or conjugate
//! gradients on the same fixed point ([`super::conjugate`]), chosen by size by default.

use crate::methods::brent::AUTO_PLAYERS;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Step {
    /// The paper's iteration, damped and renormalised: `w ← (1 − d)·w + d·f(w)`.
    Paper,
    /// Conjugate gradients on `L w = b`, preconditioned by the paper's step and a correction
    /// along the chain of levels: the same fixed point in far fewer steps where players meet
    /// their own level, where the paper's step takes tens of thousands.
    Accelerated,
    /// The paper's step up to [`AUTO_PLAYERS`] players (its iterations are the ones to watch
    /// and step through, as Brent's Algorithm 1's), conjugate gradients above: the default.
    #[default]
    Auto,
}

impl Step {
    pub const ALL: [Step; 3] = [Step::Auto, Step::Paper, Step::Accelerated];

    /// What the step does, for a menu.
    pub fn label(self) -> &'static str {
        match self {
            Step::Paper => "The paper's step — w ← (1 − d)·w + d·f(w)",
            Step::Accelerated => "Accelerated — conjugate gradients on the same fixed point",
            Step::Auto => "Automatic — the paper's step up to 400 players (to step through), accelerated above",
        }
    }

    /// The name in flags and JSON: `paper`, `accelerated`, `auto`.
    pub fn name(self) -> &'static str {
        match self {
            Step::Paper => "paper",
            Step::Accelerated => "accelerated",
            Step::Auto => "auto",
        }
    }

    /// The step that runs for `players` players ([`Step::Auto`] decides by size).
    pub fn resolve(self, players: usize) -> Step {
        match self {
            Step::Auto if players > AUTO_PLAYERS => Step::Accelerated,
            Step::Auto => Step::Paper,
            s => s,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_automatic_label_names_the_limit_it_uses() {
        assert!(Step::Auto.label().contains(&AUTO_PLAYERS.to_string()), "{}", Step::Auto.label());
        assert_eq!(Step::Auto.resolve(AUTO_PLAYERS), Step::Paper);
        assert_eq!(Step::Auto.resolve(AUTO_PLAYERS + 1), Step::Accelerated);
        assert_eq!(Step::Paper.resolve(1_000_000), Step::Paper);
        assert_eq!(Step::Accelerated.resolve(2), Step::Accelerated);
    }
}
