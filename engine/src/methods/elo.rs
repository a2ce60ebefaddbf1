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

use super::sequential::{game_order, Rule, Run, SequentialFit, Step, Update};
use crate::error::{check, RateError};
use crate::methods::report::Rating;
use crate::methods::{Method, MethodKind};
use crate::model::{round_number, Dataset, Game};
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
}

impl Default for EloParams {
    fn default() -> Self {
        EloParams { zeta: 400.0, k: 25.0, home: 0.0, initial: 1500.0, margin: false, home_in_update: true, chronological: true }
    }
}

impl EloParams {
    pub fn validate(&self) -> Result<(), RateError> {
        check(self.zeta.is_finite() && self.zeta > 0.0, "zeta", self.zeta, "a number > 0")?;
        check(self.k.is_finite() && self.k >= 0.0, "k", self.k, "a number ≥ 0")?;
        check(self.home.is_finite(), "home", self.home, "a number")?;
        check(self.initial.is_finite(), "initial", self.initial, "a number")
    }
}

/// The expected score of a player `diff` rating points above the opponent.
pub fn expected(diff: f64, zeta: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-diff / zeta))
}

pub fn rate(data: &Dataset, params: &EloParams) -> Result<Rating, RateError> {
    crate::methods::rate(data, &Method::Elo(params.clone()), &Default::default())
}

/// One game's update, as the run makes it: the first player's expected score μ, their score
/// S (the margin score when used), and the change `K (S − μ)` (the second player's is its
/// negative). The step-by-step working ([`crate::methods::working`]) shows these numbers.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GameUpdate {
    pub expected: f64,
    pub score: f64,
    pub change: f64,
    /// Whether S is the margin score.
    pub margin: bool,
}

/// The update of game `g` at ratings `r` (before the game).
pub fn game_update(g: &Game, params: &EloParams, r: &[f64]) -> GameUpdate {
    let (i, j) = (g.first(), g.second());
    let with_home = r[i] + params.home - r[j];
    let mu = expected(if params.home_in_update { with_home } else { r[i] - r[j] }, params.zeta);
    let (s, margin) = match (params.margin, g.points()) {
        (true, Some((a, b))) => ((a + 1.0) / (a + b + 2.0), true),
        _ => (g.score, false),
    };
    GameUpdate { expected: mu, score: s, change: params.k * (s - mu), margin }
}

/// Elo behind the [`crate::methods::fit::Fit`] interface: a step is the games of one date
/// (or round), or one game when they are taken as listed.
pub fn fit<'d>(data: &'d Dataset, params: &EloParams) -> Result<SequentialFit<'d, EloRule<'d>>, RateError> {
    params.validate()?;
    if data.games.is_empty() {
        return Err(RateError::NoGames);
    }
    let games = &data.games;
    let (order, how) = game_order(games, params.chronological);
    let variant = format!("{how}{}", if params.margin { ", margin" } else { "" });
    let by_date = |a: usize, b: usize| games[a].date().map(str::trim) == games[b].date().map(str::trim);
    let by_round = |a: usize, b: usize| {
        let number = |i: usize| games[i].round().and_then(round_number);
        number(a) == number(b)
    };
    let each = |_: usize, _: usize| false;
    let step = match how {
        "by date" => Step { name: "date", same: &by_date, initial: params.initial },
        "by round" => Step { name: "round", same: &by_round, initial: params.initial },
        _ => Step { name: "game", same: &each, initial: params.initial },
    };
    let rule = EloRule { games, params: params.clone(), margin_used: false };
    Ok(SequentialFit::new(data, rule, variant, order, step))
}

/// Elo's update of one game.
pub struct EloRule<'d> {
    games: &'d [Game],
    params: EloParams,
    margin_used: bool,
}

impl Rule for EloRule<'_> {
    fn kind(&self) -> MethodKind {
        MethodKind::Elo
    }

    fn params(&self) -> Method {
        Method::Elo(self.params.clone())
    }

    fn apply(&mut self, item: usize, step: usize, run: &mut Run) -> Update {
        let (g, params) = (&self.games[item], &self.params);
        let (i, j) = (g.first(), g.second());
        let u = game_update(g, params, &run.ratings);
        self.margin_used |= u.margin;
        let with_home = run.ratings[i] + params.home - run.ratings[j];
        let foreseen = (g.score != 0.5 && with_home != 0.0).then_some((with_home > 0.0) == (g.score > 0.5));
        let (s, mu, delta) = (u.score, u.expected, u.change);
        run.record(i, delta, g.score, step);
        run.record(j, -delta, 1.0 - g.score, step);
        Update { change: delta, surprise: s - mu, foreseen }
    }

    fn warnings(&self) -> Vec<String> {
        if self.params.margin && !self.margin_used {
            return vec!["margin scoring asked for, but no game has points: plain results used".into()];
        }
        Vec::new()
    }
}
