//! Multiplayer Elo for events with one winner among n players (the seed's AHP argument):
//! `E_i = 10^(R_i/ζ) / Σ_j 10^(R_j/ζ)`, `S_i = 1` for the winner (shared equally by tied
//! winners) and 0 for the rest, `R_i += K (S_i − E_i)`. Two-player events are Elo exactly, and
//! the sum of ratings never changes. Two-player games in the data count as two-player events.
//!
//! ```
//! use ratings_engine::methods::multi_elo::{rate, MultiEloParams};
//! use ratings_engine::{Dataset, Event};
//! let mut d = Dataset::new();
//! let ids: Vec<usize> = ["A", "B", "C", "D"].iter().map(|n| d.player(n).unwrap()).collect();
//! d.events.push(Event { name: "game 1".into(), places: ids.iter().map(|&i| (i, i as u32 + 1)).collect(), line: 2 });
//! let r = rate(&d, &MultiEloParams::default()).unwrap();
//! assert_eq!(r.players[0].name, "A");
//! assert!((r.players[0].rating.unwrap() - (1500.0 + 25.0 * 0.75)).abs() < 1e-9);
//! ```

use super::sequential::{self, game_order, Outcome};
use crate::error::RateError;
use crate::methods::report::{HistoryPoint, Rating};
use crate::model::Dataset;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MultiEloParams {
    pub zeta: f64,
    pub k: f64,
    pub initial: f64,
}

impl Default for MultiEloParams {
    fn default() -> Self {
        MultiEloParams { zeta: 400.0, k: 25.0, initial: 1500.0 }
    }
}

/// Each player's share of the win expected from the ratings, computed with the largest
/// exponent taken out so nothing overflows.
pub fn expected_shares(ratings: &[f64], zeta: f64) -> Vec<f64> {
    let top = ratings.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let w: Vec<f64> = ratings.iter().map(|r| 10f64.powf((r - top) / zeta)).collect();
    let total: f64 = w.iter().sum();
    w.iter().map(|x| x / total).collect()
}

pub fn rate(data: &Dataset, params: &MultiEloParams) -> Result<Rating, RateError> {
    let bad = |name, value: f64, expected| Err(RateError::BadParameter { name, value: value.to_string(), expected });
    if !(params.zeta.is_finite() && params.zeta > 0.0) {
        return bad("zeta", params.zeta, "a number > 0");
    }
    if !(params.k.is_finite() && params.k >= 0.0) {
        return bad("k", params.k, "a number ≥ 0");
    }
    if !params.initial.is_finite() {
        return bad("initial", params.initial, "a number");
    }
    // Events as (players, places); two-player games join them, in their own order.
    let mut events: Vec<Vec<(usize, f64)>> =
        data.events.iter().map(|e| e.places.iter().map(|&(p, place)| (p, place as f64)).collect()).collect();
    let (order, how) = game_order(&data.games, true);
    for &gi in &order {
        let g = &data.games[gi];
        let place = |s: f64| {
            if s > 0.5 {
                1.0
            } else if s < 0.5 {
                2.0
            } else {
                1.0
            }
        };
        events.push(vec![(g.first, place(g.score)), (g.second, place(1.0 - g.score))]);
    }
    if events.is_empty() {
        return Err(RateError::NoGames);
    }
    let n = data.players.len();
    let mut r: Vec<f64> = data.players.iter().map(|p| p.listed.as_ref().map_or(params.initial, |l| l.rating)).collect();
    let mut histories = vec![Vec::new(); n];
    let mut tallies = vec![(0u32, 0.0f64); n];
    let (mut decided, mut foreseen) = (0usize, 0usize);
    for (step, ev) in events.iter().enumerate() {
        let before: Vec<f64> = ev.iter().map(|&(p, _)| r[p]).collect();
        let e = expected_shares(&before, params.zeta);
        let best = ev.iter().map(|&(_, place)| place).fold(f64::INFINITY, f64::min);
        let winners = ev.iter().filter(|&&(_, place)| place == best).count() as f64;
        // Foresight: did the favourite (a single highest rating) win alone?
        let top = before.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        if winners == 1.0 && before.iter().filter(|&&x| x == top).count() == 1 {
            decided += 1;
            foreseen += usize::from(ev.iter().zip(&before).any(|(&(_, place), &x)| place == best && x == top));
        }
        for (k, &(p, place)) in ev.iter().enumerate() {
            let s = if place == best { 1.0 / winners } else { 0.0 };
            r[p] += params.k * (s - e[k]);
            tallies[p].0 += 1;
            tallies[p].1 += s;
            histories[p].push(HistoryPoint { game: step + 1, rating: r[p] });
        }
    }
    let variant = if data.events.is_empty() { format!("two-player games, {how}") } else { "events in input order".to_string() };
    sequential::rating(
        data,
        Outcome {
            method: "multi_elo",
            variant,
            ratings: r,
            histories,
            tallies,
            steps: events.len(),
            accuracy: (decided > 0).then(|| foreseen as f64 / decided as f64),
            warnings: Vec::new(),
        },
    )
}
