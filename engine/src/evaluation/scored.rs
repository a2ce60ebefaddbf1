//! What an evaluation holds ([`Evaluation`]: each method's scores, the baselines', the
//! paired differences) and what it says of them, and the fits' predictions of the later games
//! (and of their own: the in-sample log-loss) that [`super::run`] scores.

use super::baseline::{BaselineScores, Behind};
use super::cause::Overfit;
use super::metrics::{self, Scores};
use crate::error::RateError;
use crate::methods::{Method, MethodKind};
use crate::model::Dataset;
use serde::{Deserialize, Serialize};

/// Why a method's predictions could not be scored.
#[derive(Clone, Debug, PartialEq, thiserror::Error, Serialize, Deserialize)]
pub enum FitError {
    /// The method could not be fit on the training games.
    #[error(transparent)]
    Rate(#[from] RateError),
    #[error("this method rates two-player games: only Plackett–Luce, Weng–Lin and multiplayer Elo predict multi-player events")]
    NoEventPredictions,
    #[error("nothing to predict")]
    NothingToPredict,
    /// The evaluation was stopped while this fit was under way (the command line's
    /// `--max-seconds`): the method is listed as not finished, never scored with this.
    #[error("stopped before the fit finished")]
    Stopped,
}

/// One method's predictions of the held-out games.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MethodScores {
    pub label: String,
    pub method: Method,
    /// The scores, or why the method could not be fit.
    pub scores: Result<Scores, FitError>,
    /// Held-out games in which a player had no rating from the earlier games (the method's
    /// default was used).
    pub unseen_games: usize,
    /// Whether the method fits parameters of its own to the data (JRank's `k`, `p` grid):
    /// fit on the earlier games only, as everything is here.
    pub fits_parameters: bool,
    /// What to bear in mind reading its scores, when something is.
    pub note: Option<String>,
    /// The log-loss of its first fit's predictions of the games it was fit on (far below the
    /// held-out one with few games a player: overfitting, [`super::cause`]).
    #[serde(default)]
    pub in_sample: Option<f64>,
}

/// Two scorings of the same games set against each other game by game: `worse`'s mean
/// log-loss less `better`'s, with the standard error of that paired difference.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Difference {
    pub worse: String,
    pub better: String,
    pub difference: f64,
    pub se: f64,
}

impl Difference {
    /// `a` (per-game log-losses `la`) against `b`, the lower mean named better.
    pub(super) fn of(a: &str, la: &[f64], b: &str, lb: &[f64]) -> Option<Difference> {
        let (d, se) = metrics::paired(la, lb)?;
        let (worse, better, difference) = if d >= 0.0 { (a, b, d) } else { (b, a, -d) };
        Some(Difference { worse: worse.into(), better: better.into(), difference, se })
    }

    /// Whether the difference is within noise: under two standard errors.
    pub fn within_noise(&self) -> bool {
        self.difference < 2.0 * self.se
    }

    /// "brent's log-loss is 0.0031 below elo's (standard error of the difference, game by game:
    /// 0.0040): within noise, under two standard errors".
    pub fn text(&self) -> String {
        let noise = if self.within_noise() { "within noise, under two standard errors" } else { "beyond noise, over two standard errors" };
        format!(
            "{}'s log-loss is {:.4} below {}'s (standard error of the difference, game by game: {:.4}): {noise}",
            self.better, self.difference, self.worse, self.se
        )
    }
}

/// A caveat on a method's predictions of these games.
pub(super) fn note(method: &Method, data: &Dataset) -> Option<String> {
    let go = data.games.iter().any(|g| g.handicap().is_some() || g.komi().is_some());
    match method {
        Method::Aga(_) if !go => Some(
            "the AGA's model reads every game as an even Go game without komi, in which the first player (White) gives Black about 0.58 stones: on other games it underrates the first player".into(),
        ),
        Method::JRank(_) => Some("JRank's model gives certainty beyond a strength ratio, and a miss then costs the most a log-loss can".into()),
        _ => None,
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Evaluation {
    pub methods: Vec<MethodScores>,
    /// How the games were put in time order: "by date", "by round", "input order".
    pub order: String,
    pub holdout: f64,
    /// Blocks of the rolling origin (1: a single split).
    pub folds: usize,
    /// Games predicted (each once), and games the first fit learnt from.
    pub games_scored: usize,
    pub first_training_games: usize,
    /// The predictions every method should beat, scored on the same games
    /// ([`baseline::baselines`]).
    #[serde(default)]
    pub baselines: Vec<BaselineScores>,
    /// The median earlier games of the players in the first fold's predicted games.
    #[serde(default)]
    pub games_per_player: Option<f64>,
    /// The method with the lowest log-loss against each other method and the best baseline.
    #[serde(default)]
    pub differences: Vec<Difference>,
    /// Whether multi-player events were predicted (each scored by its whole finishing order,
    /// [`super::rankings`]) rather than two-player games.
    #[serde(default)]
    pub events: bool,
}

// What the baselines say of the methods, here beside the evaluation they read: in
// `baseline.rs` it would import the evaluation that holds the baselines' scores.
impl Evaluation {
    /// What was predicted: "games", or "events".
    pub fn noun(&self) -> &'static str {
        if self.events {
            "events"
        } else {
            "games"
        }
    }

    /// A note of this evaluation in its own words: of events, every "game" said "event" (the
    /// notes are written of games: "game by game", "games a player").
    pub fn in_words(&self, note: String) -> String {
        if self.events {
            note.replace("game", "event")
        } else {
            note
        }
    }

    /// The best baseline by log-loss.
    pub fn best_baseline(&self) -> Option<&BaselineScores> {
        self.baselines.iter().min_by(|a, b| a.scores.log_loss.total_cmp(&b.scores.log_loss))
    }

    /// The method with the lowest log-loss, if it beats every baseline (`None` also when no
    /// method could be fit): the one to mark best.
    pub fn best_method(&self) -> Option<usize> {
        let i = self.lowest_method()?;
        let best = self.methods[i].scores.as_ref().ok()?.log_loss;
        self.best_baseline().is_none_or(|b| best < b.scores.log_loss).then_some(i)
    }

    /// The method with the lowest log-loss, baselines or not.
    pub fn lowest_method(&self) -> Option<usize> {
        self.methods
            .iter()
            .enumerate()
            .filter_map(|(i, m)| Some((i, m.scores.as_ref().ok()?.log_loss)))
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(i, _)| i)
    }

    /// `m` overfitting, when its scores say so ([`super::cause`]).
    fn overfit(&self, m: &MethodScores) -> Option<Overfit> {
        Overfit::of(&m.label, &m.method, m.in_sample, m.scores.as_ref().ok()?.log_loss, self.games_per_player)
    }

    /// Notes on the methods that beat the baselines but predict worse than the best method
    /// beyond noise, and overfit (the methods behind a baseline are in [`Evaluation::behind`]).
    pub fn overfitting_notes(&self) -> Vec<String> {
        let base = self.best_baseline().map_or(f64::INFINITY, |b| b.scores.log_loss);
        self.differences
            .iter()
            .filter(|d| !d.within_noise())
            .filter_map(|d| self.methods.iter().find(|m| m.label == d.worse))
            .filter(|m| m.scores.as_ref().is_ok_and(|s| s.log_loss < base))
            .filter_map(|m| Some(format!("{}.", self.overfit(m)?.text())))
            .collect()
    }

    /// Whether the best method's lead is within noise: over the next method (or, alone, the
    /// best baseline), game by game.
    pub fn noise_note(&self) -> Option<String> {
        let best = &self.methods[self.lowest_method()?].label;
        let others = self.methods.iter().filter(|m| m.scores.is_ok()).count();
        let d = match others {
            0 | 1 => self
                .differences
                .iter()
                .find(|d| self.baselines.iter().any(|b| b.baseline.title() == d.worse || b.baseline.title() == d.better)),
            _ => self
                .differences
                .iter()
                .filter(|d| &d.better == best && self.methods.iter().any(|m| m.label == d.worse))
                .min_by(|a, b| a.difference.total_cmp(&b.difference)),
        }?;
        Some(format!("{}.", d.text()))
    }

    /// The methods worse than the best baseline, when there are any.
    pub fn behind(&self) -> Option<Behind> {
        let base = self.best_baseline()?;
        let losers: Vec<&MethodScores> =
            self.methods.iter().filter(|m| m.scores.as_ref().is_ok_and(|s| s.log_loss >= base.scores.log_loss)).collect();
        if losers.is_empty() {
            return None;
        }
        let overfitting: Vec<Overfit> = losers.iter().filter_map(|m| self.overfit(m)).collect();
        Some(Behind {
            methods: losers.iter().filter_map(|m| Some((m.label.clone(), m.scores.as_ref().ok()?.log_loss))).collect(),
            baseline: base.baseline,
            baseline_log_loss: base.scores.log_loss,
            folds: self.folds,
            games: self.games_scored,
            // Brent's and JRank's fixed points: the AGA decays old ratings, Elo follows the games.
            whole_history: losers
                .iter()
                .filter(|m| matches!(m.method.kind(), MethodKind::Brent | MethodKind::JRank))
                .filter(|m| !overfitting.iter().any(|o| o.label == m.label))
                .map(|m| m.label.clone())
                .collect(),
            overfitting,
        })
    }
}

/// `data` with only the events `keep`.
pub(super) fn event_subset(data: &Dataset, keep: &[usize]) -> Dataset {
    let mut d = data.clone();
    d.events = keep.iter().map(|&i| data.events[i].clone()).collect();
    d
}

/// `data` with only the games `keep` (in input order); players and ids unchanged.
pub fn subset(data: &Dataset, keep: &[usize]) -> Dataset {
    let mut d = data.clone();
    d.games = keep.iter().map(|&i| data.games[i].clone()).collect();
    d.events.clear();
    d
}
