//! JRank's parameters ([`JRankParams`]): what the table of methods names of JRank, kept apart
//! from its fit, which names the table.

use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct JRankParams {
    /// `k > 0` in `M(x) = (x + k)^p`: keeps a nil score finite and softens low scores.
    pub k: f64,
    /// `p > 0` in `M(x) = (x + k)^p`: how strongly a points ratio says "stronger".
    pub p: f64,
    /// How the fixed point is found: the paper's step, conjugate gradients, or by size.
    pub step: super::Step,
    /// The step's weight on `f(w)`, in (0, 1]; 1 is the paper's plain iteration, which can
    /// oscillate forever. Changes the speed, never the answer; the paper's step's only.
    pub damping: f64,
    /// Tolerance on the largest change of a log-strength in one step.
    pub eps: f64,
    pub max_iter: usize,
    /// Fit `k` and `p` by grid search as well (the ratings still use `k` and `p` above).
    pub fit: bool,
    /// With `fit`: the fraction, in [0, 1), of the latest games (in the chronological order
    /// of [`crate::model::chronological_order`]) that are scored after fitting on the earlier
    /// ones; 0 fits and scores on all games.
    pub holdout: f64,
}

impl Default for JRankParams {
    fn default() -> Self {
        JRankParams { k: 1.0, p: 0.5, step: super::Step::Auto, damping: 0.5, eps: 1e-10, max_iter: 10_000, fit: false, holdout: 0.0 }
    }
}
