//! The EIG tiebreak's values: Brent's eigenvector rating of each entrant of a tournament
//! and its standard error, from the games played, with EIG's dummy-player rule
//! ([`eig_gamma`]). A tiebreak that is a rating: computed here, above the methods, so the
//! tournament stays data.

use crate::diagnose::diagnose;
use crate::methods::brent::BrentParams;
use crate::methods::{rate_brent, Options};
use crate::model::Dataset;
use crate::pairs::Pairs;
use crate::tournament::Tournament;

/// Brent's eigenvector rating of each entrant and its standard error, by entrant index: the
/// EIG tiebreak's values and the uncertainty shown beside them.
#[derive(Clone, Debug, PartialEq)]
pub struct EigenvectorRatings {
    /// On the Elo-like scale (mean 1500); `None` for an entrant with no rating.
    pub rating: Vec<Option<f64>>,
    /// The standard error of each rating, on the same scale.
    pub sigma: Vec<Option<f64>>,
    /// How the ratings were obtained (with or without a dummy player), or why there are none.
    pub note: String,
}

impl EigenvectorRatings {
    /// No rating for any of `n` entrants, and why.
    fn none(n: usize, note: String) -> EigenvectorRatings {
        EigenvectorRatings { rating: vec![None; n], sigma: vec![None; n], note }
    }
}

/// EIG's dummy-player rule on a tournament's games (`data`, [`Tournament::dataset`]): none
/// (γ = 0, the games alone) unless the games alone leave some player without a finite rating
/// (degenerate results: an unbeaten or pointless player, groups that only beat others), then
/// γ = 1. The app's ratings of a tournament follow it too, so the two agree.
pub fn eig_gamma(data: &Dataset) -> f64 {
    let pairs = Pairs::from_games(data.players.len(), data.games.iter().map(|g| (g.first(), g.second(), g.score)));
    let names: Vec<String> = data.players.iter().map(|p| p.name.clone()).collect();
    let prior: Vec<bool> = data.players.iter().map(|p| p.prior().is_some_and(|q| q.weight > 0.0)).collect();
    match diagnose(&pairs, &names, 0.0, &prior).degenerate {
        true => 1.0,
        false => 0.0,
    }
}

/// Brent's eigenvector rating of each entrant (Elo-like scale, mean 1500) and its standard
/// error, from the games played: the EIG tiebreak. When the results are degenerate (someone
/// won or lost every game, or groups never met) a dummy player of weight 1 keeps every
/// rating finite; the returned note says which was used.
pub fn eigenvector_ratings(t: &Tournament) -> EigenvectorRatings {
    let data = t.dataset();
    let n = t.entrants.len();
    if data.games.is_empty() {
        return EigenvectorRatings::none(n, "no games were played over the board".into());
    }
    let gamma = eig_gamma(&data);
    let rating = rate_brent(&data, BrentParams { gamma, ..Default::default() }, &Options::default()).ok();
    let note = match gamma > 0.0 {
        false => "Brent's rating of the games played (Elo-like scale, mean 1500)".to_string(),
        true => "Brent's rating of the games played, with a dummy player (γ = 1) because some results alone give no finite rating (Elo-like scale, mean 1500)".to_string(),
    };
    let Some(rating) = rating else { return EigenvectorRatings::none(n, note) };
    // Dataset players are created in entrant order, so player i is entrant i.
    let mut out = EigenvectorRatings::none(n, note);
    for p in rating.players.iter().filter(|p| p.index < n) {
        out.rating[p.index] = p.rating;
        out.sigma[p.index] = p.sigma;
    }
    out
}
