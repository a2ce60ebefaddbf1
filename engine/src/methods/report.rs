//! What every method returns: ratings best first, and the solver's report (iterations,
//! per-iteration residuals, and why it stopped), in the spirit of argmin's solver state.

use crate::diagnose::{Diagnosis, Status};
use crate::scale::{Offset, ScaleKind};
use serde::{Deserialize, Serialize};

/// One iteration of an iterative method.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct IterationRecord {
    /// 1-based.
    pub iteration: usize,
    /// The paper's stopping quantity: `max_i |x_i(k) − x_i(k−1)| / x_i(k)`.
    pub change: f64,
    /// The largest `|actual − expected score|` of equations (11) at the iterate this step
    /// started from, in game points (the final iterate's is [`SolverReport::final_residual`]).
    pub residual: f64,
    /// The outer re-weighting step, for the fixed-weight variant.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub outer: Option<usize>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StopReason {
    /// The change fell below ε.
    Converged,
    /// The iteration cap was reached first.
    MaxIterations,
    /// The caller stopped it.
    Cancelled,
    /// A strength overflowed or vanished (degenerate data without a dummy player).
    NonFinite,
    /// No group of players could be rated at all.
    NothingToRate,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SolverReport {
    pub iterations: usize,
    pub converged: bool,
    pub stop: StopReason,
    pub trace: Vec<IterationRecord>,
    /// The largest residual of equations (11) at the final ratings.
    pub final_residual: f64,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayerRating {
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// 1-based place in the list; equal ratings share a rank. `None` without games.
    pub rank: Option<usize>,
    /// On the display scale; `None` when there is no finite rating (see `status`).
    pub rating: Option<f64>,
    /// The natural log-strength `r = ln x` (relative to the group's scale).
    pub log_strength: Option<f64>,
    pub games: u32,
    pub score: f64,
    /// 1-based rated group; ratings compare only within a group.
    pub group: Option<usize>,
    pub status: Status,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ScaleReport {
    pub kind: ScaleKind,
    pub factor: f64,
    pub offset: Offset,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    pub method: String,
    pub variant: String,
    /// Best first.
    pub players: Vec<PlayerRating>,
    pub report: SolverReport,
    pub diagnosis: Diagnosis,
    pub groups: usize,
    pub scale: ScaleReport,
    pub warnings: Vec<String>,
}
