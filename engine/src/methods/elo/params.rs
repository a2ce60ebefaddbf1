//! Elo's parameters ([`EloParams`], with its margin-of-victory multiplier [`Mov`]): what the
//! table of methods names of Elo's method, kept apart from its fit, which names the table.

use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct EloParams {
    /// Scale ζ: a gap of ζ points is 10:1 odds.
    pub zeta: f64,
    pub k: f64,
    /// Home (white) advantage h, in rating points.
    pub home: f64,
    /// Starting rating (a player list's rating overrides it per player).
    pub initial: f64,
    /// Score games by their points, `(P + 1) / (P + P′ + 2)`, where given.
    pub margin: bool,
    /// Put h in the update as well as in the predictions (false: the seed's variant).
    pub home_in_update: bool,
    /// Take the games by date or round when every game has one (false: as given).
    pub chronological: bool,
    /// A margin-of-victory multiplier of the change. (These four are left out of the
    /// serialised settings when at their defaults: shared links stay short.)
    #[serde(skip_serializing_if = "is_default")]
    pub mov: Mov,
    /// The share of the way toward `season_mean` a rating reverts when its player first plays
    /// in a new season (0: no reversion).
    #[serde(skip_serializing_if = "is_default")]
    pub season_regression: f64,
    /// Where ratings revert to between seasons (`None`: the initial rating).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub season_mean: Option<f64>,
    /// Keep each game's ratings before it and the expected score ([`Rating::games`](crate::methods::rating::Rating::games)).
    #[serde(skip_serializing_if = "is_default")]
    pub per_game: bool,
}

fn is_default<T: Default + PartialEq>(x: &T) -> bool {
    *x == T::default()
}

/// A margin-of-victory multiplier of Elo's change.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Mov {
    #[default]
    Off,
    /// FiveThirtyEight's: `ln(max(|margin|, 1) + 1) · 2.2 / (0.001 · d_w + 2.2)`.
    FiveThirtyEight,
}

impl Mov {
    /// Every multiplier, in the order the command line's help lists them.
    pub const ALL: [Mov; 2] = [Mov::Off, Mov::FiveThirtyEight];

    /// The name in flags: `off`, `fivethirtyeight`.
    pub fn name(self) -> &'static str {
        match self {
            Mov::Off => "off",
            Mov::FiveThirtyEight => "fivethirtyeight",
        }
    }

    /// What the multiplier does, in one line.
    pub fn about(self) -> &'static str {
        match self {
            Mov::Off => "none: a win is a win, whatever the margin",
            Mov::FiveThirtyEight => {
                "FiveThirtyEight's: ln(max(|margin|, 1) + 1) · 2.2 / (0.001 · d_w + 2.2), d_w the winner's edge with home advantage"
            }
        }
    }
}

impl Default for EloParams {
    fn default() -> Self {
        EloParams {
            zeta: 400.0,
            k: 25.0,
            home: 0.0,
            initial: 1500.0,
            margin: false,
            home_in_update: true,
            chronological: true,
            mov: Mov::Off,
            season_regression: 0.0,
            season_mean: None,
            per_game: false,
        }
    }
}
