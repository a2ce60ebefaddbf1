//! Which method predicts best: each method fit on the earlier games and scored on the later
//! ones ([`evaluate`]), parameters tuned out of sample ([`tune`]), and a simulation lab with
//! known strengths ([`simulate`]).
//!
//! The games are split by time: by date when every game has one, else by round, else in input
//! order (the order the sequential methods take them in). The later share (`holdout`, 20 % by
//! default) is predicted by each method fit on the games before it. With `rolling = K` the
//! later share is cut into `K` consecutive blocks and each is predicted from everything before
//! it (a rolling origin); the predictions of all blocks are scored together.

pub mod baseline;
pub mod metrics;
pub mod predict;
pub mod printed;
pub mod random;
pub mod simulate;
mod split;

use crate::compare::export::labels;
use crate::error::RateError;
use crate::methods::{rate, Method, MethodKind, Options, Params};
use crate::model::Dataset;
pub use baseline::{Baseline, BaselineScores, Behind};
use metrics::actual_shares;
pub use metrics::{Bin, Scores};
use predict::Predictor;
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
        let (i, best) = self
            .methods
            .iter()
            .enumerate()
            .filter_map(|(i, m)| Some((i, m.scores.as_ref().ok()?.log_loss)))
            .min_by(|a, b| a.1.total_cmp(&b.1))?;
        self.best_baseline().is_none_or(|b| best < b.scores.log_loss).then_some(i)
    }

    /// The methods worse than the best baseline, when there are any.
    pub fn behind(&self) -> Option<Behind> {
        let base = self.best_baseline()?;
        let losers: Vec<&MethodScores> =
            self.methods.iter().filter(|m| m.scores.as_ref().is_ok_and(|s| s.log_loss >= base.scores.log_loss)).collect();
        if losers.is_empty() {
            return None;
        }
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
                .map(|m| m.label.clone())
                .collect(),
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

/// Each held-out event's predicted and actual shares (a tie for first shares the win), and
/// how many had a player without a rating.
fn event_predictions(
    data: &Dataset,
    method: &Method,
    options: &Options,
    train: &[usize],
    test: &[usize],
) -> Result<(Vec<Shares>, usize), FitError> {
    let fitted = event_subset(data, train);
    let rating = rate(&fitted, method, options)?;
    let predictor = Predictor::new(method, &rating, &fitted);
    let mut unseen = 0;
    let mut out = Vec::with_capacity(test.len());
    for &i in test {
        let event = &data.events[i];
        let (shares, missing) = predictor.predict_event(event).ok_or(FitError::NoEventPredictions)?;
        unseen += usize::from(missing);
        out.push((shares, actual_shares(event)));
    }
    Ok((out, unseen))
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
    Ok((pairs, unseen))
}

/// Every method fit on the earlier games and scored on the later ones (see the module's notes).
pub fn evaluate(data: &Dataset, methods: &[Method], options: &Options, holdout: f64, rolling: usize) -> Evaluation {
    let (folds, how) = splits(data, holdout, rolling);
    let names = labels(methods);
    let scored = methods
        .iter()
        .zip(names)
        .map(|(method, label)| {
            let (scores, unseen) = match events_only(data) {
                true => score_folds(&folds, |tr, te| event_predictions(data, method, options, tr, te), metrics::score_events),
                false => score_folds(&folds, |tr, te| predictions(data, method, options, tr, te), metrics::score),
            };
            let fits_parameters = matches!(method, Method::JRank(p) if p.fit);
            MethodScores { label, method: method.clone(), scores, unseen_games: unseen, fits_parameters, note: note(method, data) }
        })
        .collect();
    Evaluation {
        methods: scored,
        order: how.to_string(),
        holdout,
        folds: folds.len(),
        games_scored: folds.predicted(),
        first_training_games: folds.first_training(),
        baselines: baseline::baselines(data, &folds),
    }
}

/// Every fold's predictions scored together, and the unseen count; or the first failure.
fn score_folds<T>(
    folds: &Splits,
    predict: impl Fn(&[usize], &[usize]) -> Result<(Vec<T>, usize), FitError>,
    score: impl Fn(&[T]) -> Option<Scores>,
) -> (Result<Scores, FitError>, usize) {
    let mut all = Vec::with_capacity(folds.predicted());
    let mut unseen = 0;
    for (train, test) in folds.iter() {
        match predict(&train, &test) {
            Ok((p, u)) => {
                all.extend(p);
                unseen += u;
            }
            Err(e) => return (Err(e), unseen),
        }
    }
    (score(&all).ok_or(FitError::NothingToPredict), unseen)
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
