//! Which method predicts best: each method fit on the earlier games and scored on the later
//! ones ([`evaluate`]), parameters tuned out of sample ([`tune`]), and a simulation lab with
//! known strengths ([`simulate`]).
//!
//! The games are split by time: by date when every game has one, else by round, else in input
//! order (the order the sequential methods take them in). The later share (`holdout`, 20 % by
//! default) is predicted by each method fit on the games before it. With `rolling = K` the
//! later share is cut into `K` consecutive blocks and each is predicted from everything before
//! it (a rolling origin); the predictions of all blocks are scored together, each score with
//! its standard error, the best method set against the others and the best baseline game by
//! game ([`Difference`]), and a method's in-sample log-loss kept to tell overfitting from
//! stale ratings ([`cause`]).

pub mod baseline;
pub mod cause;
pub mod metrics;
pub mod predict;
pub mod printed;
pub mod random;
pub mod run;
pub mod simulate;
mod split;

use crate::error::RateError;
use crate::methods::{rate, Method, MethodKind, Options, Params};
use crate::model::Dataset;
pub use baseline::{Baseline, BaselineScores, Behind};
use cause::Overfit;
use metrics::actual_shares;
pub use metrics::{Bin, Scores};
use predict::Predictor;
pub use run::EvaluationRun;
use serde::{Deserialize, Serialize};
pub use split::{check_rolling, events_only, splits, Fold, Splits, MAX_ROLLING};

/// The share of the games held out when none is chosen.
pub const DEFAULT_HOLDOUT: f64 = 0.2;

/// Why a method's predictions could not be scored.
#[derive(Clone, Debug, PartialEq, thiserror::Error, Serialize, Deserialize)]
pub enum FitError {
    /// The method could not be fit on the training games.
    #[error(transparent)]
    Rate(#[from] RateError),
    #[error("only multiplayer Elo predicts multi-player events")]
    NoEventPredictions,
    #[error("nothing to predict")]
    NothingToPredict,
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
    /// held-out one with few games a player: overfitting, [`cause`]).
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
    fn of(a: &str, la: &[f64], b: &str, lb: &[f64]) -> Option<Difference> {
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
fn note(method: &Method, data: &Dataset) -> Option<String> {
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
    /// The median games a player in the first fit's earlier games.
    #[serde(default)]
    pub games_per_player: Option<f64>,
    /// The method with the lowest log-loss against each other method and the best baseline.
    #[serde(default)]
    pub differences: Vec<Difference>,
}

// What the baselines say of the methods, here beside the evaluation they read: in
// `baseline.rs` it would import the evaluation that holds the baselines' scores.
impl Evaluation {
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

    /// `m` overfitting, when its scores say so ([`cause`]).
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

/// A multi-player event's predicted shares and actual ones.
type Shares = (Vec<f64>, Vec<f64>);

/// `data` with only the events `keep`.
fn event_subset(data: &Dataset, keep: &[usize]) -> Dataset {
    let mut d = data.clone();
    d.events = keep.iter().map(|&i| data.events[i].clone()).collect();
    d
}

/// Each held-out event's predicted and actual shares (a tie for first shares the win), how
/// many had a player without a rating, and (when `in_sample`) the fit's log-loss on its own
/// events.
fn event_predictions(
    data: &Dataset,
    method: &Method,
    options: &Options,
    train: &[usize],
    test: &[usize],
    in_sample: bool,
) -> Result<(Vec<Shares>, usize, Option<f64>), FitError> {
    let fitted = event_subset(data, train);
    let rating = rate(&fitted, method, options)?;
    let predictor = Predictor::new(method, &rating, &fitted);
    let shares = |events: &mut dyn Iterator<Item = &crate::model::Event>| -> Result<(Vec<Shares>, usize), FitError> {
        let mut unseen = 0;
        let mut out = Vec::new();
        for event in events {
            let (shares, missing) = predictor.predict_event(event).ok_or(FitError::NoEventPredictions)?;
            unseen += usize::from(missing);
            out.push((shares, actual_shares(event)));
        }
        Ok((out, unseen))
    };
    let (out, unseen) = shares(&mut test.iter().map(|&i| &data.events[i]))?;
    let own = match in_sample {
        true => metrics::score_events(&shares(&mut fitted.events.iter())?.0).map(|s| s.log_loss),
        false => None,
    };
    Ok((out, unseen, own))
}

/// `data` with only the games `keep` (in input order); players and ids unchanged.
pub fn subset(data: &Dataset, keep: &[usize]) -> Dataset {
    let mut d = data.clone();
    d.games = keep.iter().map(|&i| data.games[i].clone()).collect();
    d.events.clear();
    d
}

/// The (prediction, score) pairs of `method` fit on `train` for the games `test`, and how many
/// had a player without a rating.
pub fn predictions(
    data: &Dataset,
    method: &Method,
    options: &Options,
    train: &[usize],
    test: &[usize],
) -> Result<(Vec<(f64, f64)>, usize), FitError> {
    predictions_in_sample(data, method, options, train, test, false).map(|(p, u, _)| (p, u))
}

/// [`predictions`], and (when `in_sample`) the fit's log-loss on the games it was fit on.
fn predictions_in_sample(
    data: &Dataset,
    method: &Method,
    options: &Options,
    train: &[usize],
    test: &[usize],
    in_sample: bool,
) -> Result<(Vec<(f64, f64)>, usize, Option<f64>), FitError> {
    let fitted = subset(data, train);
    let rating = rate(&fitted, method, options)?;
    let predictor = Predictor::new(method, &rating, &fitted);
    let mut unseen = 0;
    let pairs = test
        .iter()
        .map(|&i| {
            let g = &data.games[i];
            let (p, missing) = predictor.predict(g);
            unseen += usize::from(missing);
            (p, g.score)
        })
        .collect();
    let own = in_sample.then(|| fitted.games.iter().map(|g| (predictor.predict(g).0, g.score)).collect::<Vec<_>>());
    Ok((pairs, unseen, own.and_then(|p| metrics::score(&p)).map(|s| s.log_loss)))
}

/// Every method fit on the earlier games and scored on the later ones (see the module's notes),
/// at once ([`EvaluationRun`] runs it a fit at a time).
pub fn evaluate(data: &Dataset, methods: &[Method], options: &Options, holdout: f64, rolling: usize) -> Evaluation {
    EvaluationRun::new(data, methods, options, holdout, rolling).run()
}

/// A parameter [`tune`] searches: one the registry marks tunable
/// ([`crate::methods::registry`], which names it and gives its grid); in JSON and flags by its
/// key (`elo-k`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Parameter {
    method: MethodKind,
    id: &'static str,
}

/// Every tunable parameter, in the registry's order.
static PARAMETERS: std::sync::LazyLock<Vec<Parameter>> = std::sync::LazyLock::new(|| {
    crate::methods::registry::all().into_iter().filter(|p| p.tune.is_some()).map(|p| Parameter { method: p.method, id: p.id }).collect()
});

#[allow(non_upper_case_globals)]
impl Parameter {
    pub const EloK: Parameter = Parameter { method: MethodKind::Elo, id: "k" };
    pub const EloZeta: Parameter = Parameter { method: MethodKind::Elo, id: "zeta" };
    /// Elo's home advantage `h` (Brent's Bradley–Terry and JRank have no home term).
    pub const EloHome: Parameter = Parameter { method: MethodKind::Elo, id: "home" };
    pub const BrentGamma: Parameter = Parameter { method: MethodKind::Brent, id: "gamma" };
    pub const JRankK: Parameter = Parameter { method: MethodKind::JRank, id: "jrank-k" };
    pub const JRankP: Parameter = Parameter { method: MethodKind::JRank, id: "jrank-p" };

    /// Every tunable parameter of every method.
    pub fn all() -> &'static [Parameter] {
        &PARAMETERS
    }

    /// Its registry entry.
    fn spec(self) -> crate::methods::registry::Param {
        crate::methods::registry::find(self.method, self.id).expect("a parameter of the registry")
    }

    fn tune_spec(self) -> crate::methods::registry::Tune {
        self.spec().tune.expect("a tunable parameter")
    }

    pub fn name(self) -> &'static str {
        self.tune_spec().name
    }

    /// The name in flags: `elo-k`, `brent-gamma`, ...
    pub fn key(self) -> &'static str {
        self.tune_spec().key
    }

    /// The parameter's letter: "K = 4".
    pub fn symbol(self) -> &'static str {
        self.tune_spec().symbol
    }

    /// The method it belongs to.
    pub fn method(self) -> MethodKind {
        self.method
    }

    /// A grid worth searching.
    pub fn grid(self) -> Vec<f64> {
        self.tune_spec().grid.to_vec()
    }

    /// Its least value, where it has one (K and γ are at least 0; h may be negative).
    fn least(self) -> f64 {
        match self.spec().access {
            crate::methods::registry::Access::Number { min, .. } => min,
            _ => f64::NEG_INFINITY,
        }
    }

    /// Whether values below `value` are allowed (a parameter whose least value is 0 searches
    /// only above 0: K, γ; one that may be negative, below anything: h).
    fn below_allowed(self, value: f64) -> bool {
        self.least() < 0.0 || value > 0.0
    }

    /// `grid` carried on past `edge`: three more values beyond it (halving or doubling the
    /// positive parameters, steps of the grid's spacing for one that may be negative, h), so
    /// a choice at the edge can be searched again.
    pub fn widen(self, grid: &[f64], edge: Edge) -> Vec<f64> {
        let (Some(&lo), Some(&hi)) = (grid.iter().min_by(|a, b| a.total_cmp(b)), grid.iter().max_by(|a, b| a.total_cmp(b))) else {
            return self.grid();
        };
        let step = if hi > lo { (hi - lo) / (grid.len() - 1) as f64 } else { 10.0 };
        let signed = self.least() < 0.0;
        let more: Vec<f64> = match (signed, edge) {
            (true, Edge::Lowest) => (1..=3).map(|k| lo - step * k as f64).collect(),
            (true, Edge::Highest) => (1..=3).map(|k| hi + step * k as f64).collect(),
            (false, Edge::Lowest) if lo > 0.0 => vec![lo / 8.0, lo / 4.0, lo / 2.0],
            (false, Edge::Lowest) => Vec::new(),
            (false, Edge::Highest) => vec![hi * 1.5, hi * 2.0, hi * 3.0],
        };
        let mut out: Vec<f64> = grid.iter().copied().chain(more).filter(|v| v.is_finite()).collect();
        crate::sort::by(&mut out, f64::total_cmp);
        out.dedup();
        out
    }

    /// `method` with the parameter set to `value` (`None`: not this method's parameter).
    pub fn set(self, method: &Method, value: f64) -> Option<Method> {
        if method.kind() != self.method {
            return None;
        }
        let mut params = Params::default();
        params.set(method.clone());
        self.put(&mut params, value);
        Some(params.method(self.method))
    }

    /// Puts `value` in the user's parameters (the app's "Use K = 16").
    pub fn put(self, params: &mut Params, value: f64) {
        if let crate::methods::registry::Access::Number { set, .. } = self.spec().access {
            set(params, value);
        }
    }
}

/// In JSON by its key (`"elo-k"`).
impl Serialize for Parameter {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.key())
    }
}

impl<'de> Deserialize<'de> for Parameter {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Parameter, D::Error> {
        let key = String::deserialize(d)?;
        Parameter::all().iter().copied().find(|p| p.key() == key).ok_or_else(|| {
            let keys: Vec<&str> = Parameter::all().iter().map(|p| p.key()).collect();
            serde::de::Error::custom(format!("unknown tuned parameter '{key}': expected one of {}", keys.join(", ")))
        })
    }
}

/// Which end of its grid a tuned value is at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Edge {
    Lowest,
    Highest,
}

/// One value of a tuned parameter: the log-loss on the last share of the earlier games (fit on
/// the games before them: the choice is made there) and on the held-out games.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TunePoint {
    pub value: f64,
    pub validation: Option<f64>,
    pub held_out: Option<f64>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Tuning {
    pub parameter: Parameter,
    pub points: Vec<TunePoint>,
    /// The value with the lowest validation log-loss.
    pub chosen: Option<f64>,
}

/// Searches `grid` for `parameter` of `method`: chosen on the last `holdout` share of the
/// earlier games (fit on those before), then scored on the held-out games (fit on all the
/// earlier ones), so the held-out score of the choice is honest.
pub fn tune(data: &Dataset, method: &Method, options: &Options, parameter: Parameter, grid: &[f64], holdout: f64) -> Tuning {
    let (folds, _) = splits(data, holdout, 1);
    let Some((train, test)) = folds.iter().next() else { return Tuning { parameter, points: Vec::new(), chosen: None } };
    let (train, test) = (&train[..], &test[..]);
    let inner = subset(data, train);
    let (inner_folds, _) = splits(&inner, holdout, 1);
    let inner_folds: Vec<Fold> = inner_folds.iter().collect();
    let log = |d: &Dataset, m: &Method, tr: &[usize], te: &[usize]| {
        predictions(d, m, options, tr, te).ok().and_then(|(p, _)| metrics::score(&p)).map(|s| s.log_loss)
    };
    let points: Vec<TunePoint> = grid
        .iter()
        .filter_map(|&value| {
            let m = parameter.set(method, value)?;
            let validation = inner_folds.first().and_then(|(tr, te)| log(&inner, &m, tr, te));
            Some(TunePoint { value, validation, held_out: log(data, &m, train, test) })
        })
        .collect();
    let chosen =
        points.iter().filter_map(|p| p.validation.map(|v| (p.value, v))).min_by(|a, b| a.1.total_cmp(&b.1)).map(|(value, _)| value);
    Tuning { parameter, points, chosen }
}

impl Tuning {
    /// The end of the grid the chosen value is at, when it is at one and the parameter may go
    /// beyond it: the best value may lie outside the grid.
    pub fn edge(&self) -> Option<Edge> {
        let chosen = self.chosen?;
        let tried = || self.points.iter().filter(|p| p.validation.is_some()).map(|p| p.value);
        if tried().count() < 2 {
            return None;
        }
        if tried().all(|v| v >= chosen) && self.parameter.below_allowed(chosen) {
            Some(Edge::Lowest)
        } else if tried().all(|v| v <= chosen) {
            Some(Edge::Highest)
        } else {
            None
        }
    }

    /// "K = 4 was the lowest value tried: the best may lie below; widen the grid".
    pub fn edge_note(&self) -> Option<String> {
        let (edge, value) = (self.edge()?, self.chosen?);
        let (end, side) = match edge {
            Edge::Lowest => ("lowest", "below"),
            Edge::Highest => ("highest", "above"),
        };
        Some(format!("{} = {} was the {end} value tried: the best may lie {side}; widen the grid", self.parameter.symbol(), value))
    }
}
