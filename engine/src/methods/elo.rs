//! Elo's sequential ratings (A. Elo, *The Rating of Chessplayers*; the seed's R code).
//!
//! For a game of i (white / home) against j with home advantage h,
//! `μ = 1 / (1 + 10^(−(r_i + h − r_j)/ζ))`, and both players move by `K (S − μ)` from their
//! ratings before the game, so the sum of ratings never changes. With points, `S` may be the
//! margin score `(P + 1) / (P + P′ + 2)`. The seed's own code used h only when judging
//! foresight; the usual practice (and the default here) also puts it in the update.
//!
//! ```
//! use ratings_engine::methods::elo::{rate, EloParams};
//! use ratings_engine::Dataset;
//! let mut d = Dataset::new();
//! d.add_game("Anna", "Ben", 1.0);
//! let r = rate(&d, &EloParams::default()).unwrap();
//! assert_eq!(r.players[0].rating, Some(1512.5)); // K/2 = 12.5 from an even game
//! ```

use super::sequential::{self, game_order, Outcome};
use crate::error::RateError;
use crate::methods::report::{HistoryPoint, Rating};
use crate::model::Dataset;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
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
}

impl Default for EloParams {
    fn default() -> Self {
        EloParams { zeta: 400.0, k: 25.0, home: 0.0, initial: 1500.0, margin: false, home_in_update: true, chronological: true }
    }
}

impl EloParams {
    pub fn validate(&self) -> Result<(), RateError> {
        let bad = |name, value: f64, expected| Err(RateError::BadParameter { name, value: value.to_string(), expected });
        if !(self.zeta.is_finite() && self.zeta > 0.0) {
            return bad("zeta", self.zeta, "a number > 0");
        }
        if !(self.k.is_finite() && self.k >= 0.0) {
            return bad("k", self.k, "a number ≥ 0");
        }
        if !self.home.is_finite() {
            return bad("home", self.home, "a number");
        }
        if !self.initial.is_finite() {
            return bad("initial", self.initial, "a number");
        }
        Ok(())
    }
}

/// The expected score of a player `diff` rating points above the opponent.
pub fn expected(diff: f64, zeta: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-diff / zeta))
}

pub fn rate(data: &Dataset, params: &EloParams) -> Result<Rating, RateError> {
    params.validate()?;
    if data.games.is_empty() {
        return Err(RateError::NoGames);
    }
    let n = data.players.len();
    let mut r: Vec<f64> = data.players.iter().map(|p| p.listed.as_ref().map_or(params.initial, |l| l.rating)).collect();
    let mut histories = vec![Vec::new(); n];
    let mut tallies = vec![(0u32, 0.0f64); n];
    let (order, how) = game_order(&data.games, params.chronological);
    let (mut decisive, mut foreseen) = (0usize, 0usize);
    let mut margin_used = false;
    for (step, &gi) in order.iter().enumerate() {
        let g = &data.games[gi];
        let (i, j) = (g.first, g.second);
        let with_home = r[i] + params.home - r[j];
        let mu = expected(if params.home_in_update { with_home } else { r[i] - r[j] }, params.zeta);
        let s = match (params.margin, g.points) {
            (true, Some((a, b))) => {
                margin_used = true;
                (a + 1.0) / (a + b + 2.0)
            }
            _ => g.score,
        };
        if g.score != 0.5 && with_home != 0.0 {
            decisive += 1;
            foreseen += usize::from((with_home > 0.0) == (g.score > 0.5));
        }
        let delta = params.k * (s - mu);
        r[i] += delta;
        r[j] -= delta;
        for (p, sc) in [(i, g.score), (j, 1.0 - g.score)] {
            tallies[p].0 += 1;
            tallies[p].1 += sc;
            histories[p].push(HistoryPoint { game: step + 1, rating: r[p] });
        }
    }
    let mut warnings = Vec::new();
    if params.margin && !margin_used {
        warnings.push("margin scoring asked for, but no game has points: plain results used".into());
    }
    let variant = format!("{how}{}", if params.margin { ", margin" } else { "" });
    sequential::rating(
        data,
        Outcome {
            method: "elo",
            variant,
            ratings: r,
            histories,
            tallies,
            steps: order.len(),
            accuracy: (decisive > 0).then(|| foreseen as f64 / decisive as f64),
            warnings,
        },
    )
}
