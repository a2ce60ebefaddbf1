//! Predictions every method should beat, scored by the same [`metrics`] as the methods, and
//! what to say when a method does not beat them.
//!
//! * a coin: every game ½ (log-loss ln 2, Brier ¼); in multi-player events equal shares;
//! * the home rate: the first side's (the home side's, White's) share of the points in the
//!   earlier games not played on neutral ground, predicted for every later game not on neutral
//!   ground (½ on neutral ground). It is estimated fold by fold on the games each fold's
//!   methods are fit on, so it sees no more than they do. Offered when some earlier and some
//!   later game has a home side.
//!
//! A method fit once on the earlier games predicts every later game with the ratings frozen
//! at the split; over a long held-out span the players (teams) change and stale ratings can
//! predict worse than a coin. Rolling blocks (`rolling`) refit as the games come. A method
//! can also lose to a coin by overfitting: with few games a player and no prior its ratings
//! follow the earlier games' luck ([`super::cause`] tells the two apart).

use super::cause::Overfit;
use super::metrics::{self, Scores};
use super::split::{events_only, Splits};
use crate::model::Dataset;
use serde::{Deserialize, Serialize};

/// The rolling blocks suggested when frozen ratings lose to a baseline (the app allows 50).
pub const SUGGESTED_ROLLING: usize = 20;

/// A prediction that needs no ratings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Baseline {
    Coin,
    HomeRate,
}

impl Baseline {
    /// The name in the command line's output and JSON.
    pub fn name(self) -> &'static str {
        match self {
            Baseline::Coin => "coin",
            Baseline::HomeRate => "home_rate",
        }
    }

    /// As a sentence names it.
    pub fn title(self) -> &'static str {
        match self {
            Baseline::Coin => "a coin",
            Baseline::HomeRate => "the home rate",
        }
    }

    /// What it predicts.
    pub fn about(self) -> &'static str {
        match self {
            Baseline::Coin => "every game ½ (in multi-player events, equal strengths: every finishing order as likely): no ratings at all",
            Baseline::HomeRate => {
                "the first side's (home side's, White's) share of the points in the earlier games, for every later game not on neutral ground (½ there)"
            }
        }
    }
}

/// A baseline's scores on the held-out games.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BaselineScores {
    pub baseline: Baseline,
    pub scores: Scores,
    /// The home rate estimated on the first fold's earlier games (the only one without
    /// rolling blocks).
    pub rate: Option<f64>,
}

/// The baselines' scores on `folds` (the coin always; the home rate when it applies), each
/// with its per-game log-losses (for the paired differences with the methods').
pub fn baselines(data: &Dataset, folds: &Splits) -> Vec<(BaselineScores, Vec<f64>)> {
    if events_only(data) {
        let shares: Vec<_> = folds
            .iter()
            .flat_map(|(_, test)| test.into_iter().map(|i| &data.events[i]))
            .map(|e| super::rankings::predict(e, |_| 0.0))
            .collect();
        return metrics::score_events(&shares)
            .map(|scores| (BaselineScores { baseline: Baseline::Coin, scores, rate: None }, metrics::event_losses(&shares)))
            .into_iter()
            .collect();
    }
    let coin: Vec<(f64, f64)> = folds.iter().flat_map(|(_, test)| test.into_iter().map(|i| (0.5, data.games[i].score))).collect();
    let mut out: Vec<(BaselineScores, Vec<f64>)> = metrics::score(&coin)
        .map(|scores| (BaselineScores { baseline: Baseline::Coin, scores, rate: None }, metrics::losses(&coin)))
        .into_iter()
        .collect();
    if let Some(home) = home_rate(data, folds) {
        out.push(home);
    }
    out
}

/// The home rate's scores and per-game log-losses, when some earlier game of the first fold
/// and some later game has a home side.
fn home_rate(data: &Dataset, folds: &Splits) -> Option<(BaselineScores, Vec<f64>)> {
    let rate = |train: &[usize]| {
        let (n, sum) = train.iter().map(|&i| &data.games[i]).filter(|g| !g.neutral()).fold((0usize, 0.0), |(n, s), g| (n + 1, s + g.score));
        (n > 0).then(|| sum / n as f64)
    };
    if folds.is_empty() {
        return None;
    }
    let first = rate(&folds.fold(0).0)?;
    let later_home = folds.iter().any(|(_, test)| test.iter().any(|&i| !data.games[i].neutral()));
    if !later_home {
        return None;
    }
    let mut pairs = Vec::new();
    for (train, test) in folds.iter() {
        let p = rate(&train).unwrap_or(0.5);
        pairs.extend(test.iter().map(|&i| &data.games[i]).map(|g| (if g.neutral() { 0.5 } else { p }, g.score)));
    }
    metrics::score(&pairs)
        .map(|scores| (BaselineScores { baseline: Baseline::HomeRate, scores, rate: Some(first) }, metrics::losses(&pairs)))
}

/// Methods that predict worse than the best baseline (by log-loss), and why that usually is.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Behind {
    /// Each method behind, with its log-loss.
    pub methods: Vec<(String, f64)>,
    pub baseline: Baseline,
    pub baseline_log_loss: f64,
    /// The evaluation's rolling blocks (1: one split, the ratings frozen at it).
    pub folds: usize,
    pub games: usize,
    /// The methods behind that weigh every earlier game alike (not sequential), and do not
    /// overfit.
    pub whole_history: Vec<String>,
    /// The methods behind that fit the earlier games far better than they predict the later
    /// ones, with few games a player: overfitting, not stale ratings ([`Overfit`]).
    #[serde(default)]
    pub overfitting: Vec<Overfit>,
}

impl Behind {
    /// The note; `how` says how to ask for rolling blocks where they are asked for (`--rolling
    /// 20`, the app's field), and is used only when the evaluation is not rolling already and
    /// some method behind does not overfit (rolling blocks do not cure overfitting).
    pub fn text(&self, how: &str) -> String {
        let names: Vec<&str> = self.methods.iter().map(|(m, _)| m.as_str()).collect();
        let losses: Vec<String> = self.methods.iter().map(|(_, l)| format!("{l:.4}")).collect();
        let verb = if self.methods.len() == 1 { "predicts" } else { "predict" };
        let mut out = format!(
            "{} {verb} the later games worse than {} (log-loss {} against {:.4})",
            and_list(&names),
            self.baseline.title(),
            and_list(&losses),
            self.baseline_log_loss
        );
        let stale: Vec<&str> = names.iter().copied().filter(|n| !self.overfitting.iter().any(|o| o.label == *n)).collect();
        if self.folds > 1 {
            out += &format!(", even in {} rolling blocks", self.folds);
        } else if !stale.is_empty() {
            let lead = if self.overfitting.is_empty() { "This".to_string() } else { format!("For {}, this", and_list(&stale)) };
            out += &format!(
                ". {lead} usually means the ratings went stale: each method is fit once on the earlier games and its ratings stay frozen through all {} later games, while the players (teams) change. Predict in rolling blocks, each from every game before it ({how})",
                self.games
            );
        }
        for o in &self.overfitting {
            out += ". ";
            out += &o.text();
        }
        if !self.whole_history.is_empty() {
            let verb = if self.whole_history.len() == 1 { "weighs" } else { "weigh" };
            out += &format!(". {} {verb} every earlier game alike, the oldest as much as the latest", and_list(&self.whole_history));
        }
        out + "."
    }
}

/// "a", "a and b", "a, b and c".
pub(super) fn and_list<S: AsRef<str>>(items: &[S]) -> String {
    match items {
        [] => String::new(),
        [one] => one.as_ref().to_string(),
        [rest @ .., last] => format!("{} and {}", rest.iter().map(|s| s.as_ref()).collect::<Vec<_>>().join(", "), last.as_ref()),
    }
}
