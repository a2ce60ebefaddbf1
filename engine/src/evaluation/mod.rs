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
mod block;
pub mod cause;
pub mod metrics;
pub mod predict;
pub mod printed;
pub mod random;
pub mod rankings;
pub mod run;
mod scored;
pub mod simulate;
mod split;

use crate::methods::{Method, MethodKind, Options, Params};
use crate::model::Dataset;
pub use baseline::{Baseline, BaselineScores, Behind};
pub use block::{predictions, Block, BlockFit};
pub use metrics::{Bin, Scores};
pub use run::{evaluate, EvaluationRun};
pub use scored::{subset, Difference, Evaluation, FitError, MethodScores};
use serde::{Deserialize, Serialize};
pub use split::{check_rolling, events_only, splits, Fold, Splits, MAX_ROLLING};

/// The share of the games held out when none is chosen.
pub const DEFAULT_HOLDOUT: f64 = 0.2;

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
