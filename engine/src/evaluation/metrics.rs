//! Scores of probabilistic predictions of games: each game a predicted expected score `p` of
//! the first player and the observed score `s` (1 a win, ½ a draw, 0 a loss).
//!
//! * log-loss: `−(s ln p + (1 − s) ln(1 − p))`, a draw counting half each way; `p` and `1 − p`
//!   are taken as at least 1e-15 so one confident miss costs about 34.5, not infinity;
//! * Brier score: `(p − s)²`;
//! * accuracy on decisive games: the share whose winner was favoured (`p` above ½ for a first
//!   player's win), a prediction of exactly ½ counting half;
//! * calibration: the games in ten bins of `p` ([0, 0.1), ..., [0.9, 1]), each with its mean
//!   prediction and mean observed score;
//! * standard errors of the mean log-loss and Brier score: the sample standard deviation of
//!   the per-game values over √n (the games taken as independent: a rough measure of the
//!   noise in a score, and of a difference between two methods' scores when taken game by game
//!   on the same games: [`paired`]).

use serde::{Deserialize, Serialize};

/// The smallest probability a log-loss takes.
pub const FLOOR: f64 = 1e-15;

/// One calibration bin.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Bin {
    pub from: f64,
    pub to: f64,
    pub games: usize,
    /// Mean prediction and mean observed score of its games (`None` when it has none).
    pub predicted: Option<f64>,
    pub observed: Option<f64>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Scores {
    pub games: usize,
    pub log_loss: f64,
    pub brier: f64,
    /// Standard errors of `log_loss` and `brier` (`None` with fewer than two games; absent
    /// from scores saved before they were kept).
    #[serde(default)]
    pub log_loss_se: Option<f64>,
    #[serde(default)]
    pub brier_se: Option<f64>,
    /// `None` when no game was decisive.
    pub accuracy: Option<f64>,
    pub decisive: usize,
    pub calibration: Vec<Bin>,
}

/// A fit's prediction of one event ([`super::rankings::predict`]) and what happened, side by side (sides in the order they
/// first appear in the event: `places`, then `unranked`).
#[derive(Clone, Debug, PartialEq)]
pub struct Ranked {
    /// Each side's predicted chance of first place (summing to 1).
    pub shares: Vec<f64>,
    /// Each side's actual share of first place: 1 to the winner, a tie for first sharing it.
    pub actual: Vec<f64>,
    /// `−ln` of the probability of the whole finishing order.
    pub loss: f64,
}

/// Log-loss of one prediction.
pub fn log_loss(p: f64, s: f64) -> f64 {
    -(s * p.max(FLOOR).ln() + (1.0 - s) * (1.0 - p).max(FLOOR).ln())
}

/// Scores `(p, s)` pairs; `None` when there are none.
pub fn score(pairs: &[(f64, f64)]) -> Option<Scores> {
    if pairs.is_empty() {
        return None;
    }
    let logs = losses(pairs);
    let briers: Vec<f64> = pairs.iter().map(|&(p, s)| (p - s) * (p - s)).collect();
    let decisive: Vec<f64> = pairs
        .iter()
        .filter(|&&(_, s)| s != 0.5)
        .map(|&(p, s)| match (p - 0.5).partial_cmp(&0.0) {
            Some(std::cmp::Ordering::Equal) | None => 0.5,
            Some(o) => f64::from(u8::from((o == std::cmp::Ordering::Greater) == (s > 0.5))),
        })
        .collect();
    let accuracy = (!decisive.is_empty()).then(|| decisive.iter().sum::<f64>() / decisive.len() as f64);
    Some(Scores {
        games: pairs.len(),
        log_loss: mean(&logs),
        brier: mean(&briers),
        log_loss_se: standard_error(&logs),
        brier_se: standard_error(&briers),
        accuracy,
        decisive: decisive.len(),
        calibration: calibration(pairs),
    })
}

/// Each game's log-loss.
pub fn losses(pairs: &[(f64, f64)]) -> Vec<f64> {
    pairs.iter().map(|&(p, s)| log_loss(p, s)).collect()
}

/// Each multi-player event's log-loss: `−ln` of its whole finishing order's probability.
pub fn event_losses(events: &[Ranked]) -> Vec<f64> {
    events.iter().map(|e| e.loss).collect()
}

fn mean(values: &[f64]) -> f64 {
    values.iter().sum::<f64>() / values.len().max(1) as f64
}

/// The standard error of the mean of `values`: their sample standard deviation over √n
/// (`None` with fewer than two).
pub fn standard_error(values: &[f64]) -> Option<f64> {
    let n = values.len();
    if n < 2 {
        return None;
    }
    let m = mean(values);
    let var = values.iter().map(|v| (v - m) * (v - m)).sum::<f64>() / (n - 1) as f64;
    Some((var / n as f64).sqrt()).filter(|x| x.is_finite())
}

/// The mean difference `a − b` of two scorings of the same games, game by game, and its
/// standard error (`None` unless both have the same games, at least two).
pub fn paired(a: &[f64], b: &[f64]) -> Option<(f64, f64)> {
    if a.len() != b.len() {
        return None;
    }
    let d: Vec<f64> = a.iter().zip(b).map(|(x, y)| x - y).collect();
    Some((mean(&d), standard_error(&d)?))
}

/// Ten bins of the prediction, the last closed at 1.
pub fn calibration(pairs: &[(f64, f64)]) -> Vec<Bin> {
    let mut sums = [(0usize, 0.0, 0.0); 10];
    for &(p, s) in pairs {
        let b = ((p * 10.0).floor() as usize).min(9);
        sums[b] = (sums[b].0 + 1, sums[b].1 + p, sums[b].2 + s);
    }
    sums.iter()
        .enumerate()
        .map(|(b, &(games, p, s))| Bin {
            from: b as f64 / 10.0,
            to: (b + 1) as f64 / 10.0,
            games,
            predicted: (games > 0).then(|| p / games as f64),
            observed: (games > 0).then(|| s / games as f64),
        })
        .collect()
}

/// Scores multi-player events ([`super::rankings`]): log-loss is `−ln` of the probability of
/// each event's whole finishing order (Plackett–Luce with the sides' strengths), Brier the
/// first place's `Σ (e_i − s_i)²` over the predicted shares `e` and actual ones `s` (1 to the
/// winner; a tie for first shares it), accuracy whether the favourite finished first (a tie
/// for favourite counting its share), calibration over every side's predicted and actual
/// share of first place.
pub fn score_events(events: &[Ranked]) -> Option<Scores> {
    if events.is_empty() {
        return None;
    }
    let n = events.len() as f64;
    let logs = event_losses(events);
    let briers: Vec<f64> = events.iter().map(|r| r.shares.iter().zip(&r.actual).map(|(e, s)| (e - s) * (e - s)).sum::<f64>()).collect();
    let hits: Vec<f64> = events
        .iter()
        .map(|Ranked { shares: e, actual: s, .. }| {
            let top = e.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            let favourites: Vec<usize> = (0..e.len()).filter(|&i| e[i] == top).collect();
            favourites.iter().map(|&i| s[i]).sum::<f64>() / favourites.len() as f64
        })
        .collect();
    let accuracy = Some(hits.iter().sum::<f64>() / n);
    let pairs: Vec<(f64, f64)> = events.iter().flat_map(|r| r.shares.iter().copied().zip(r.actual.iter().copied())).collect();
    Some(Scores {
        games: events.len(),
        log_loss: mean(&logs),
        brier: mean(&briers),
        log_loss_se: standard_error(&logs),
        brier_se: standard_error(&briers),
        accuracy,
        decisive: events.len(),
        calibration: calibration(&pairs),
    })
}
