//! What every method returns: ratings best first, and the solver's report (iterations,
//! per-iteration residuals, and why it stopped), in the spirit of argmin's solver state.

use crate::diagnose::{Diagnosis, Status};
use crate::methods::{Method, MethodKind};
use crate::scale::{Offset, ScaleKind};
use crate::text::count;
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
    /// A sequential method (Elo) went once through the games.
    Finished,
}

impl StopReason {
    /// The name in JSON: `converged`, `max_iterations`, ...
    pub fn name(self) -> &'static str {
        match self {
            StopReason::Converged => "converged",
            StopReason::MaxIterations => "max_iterations",
            StopReason::Cancelled => "cancelled",
            StopReason::NonFinite => "non_finite",
            StopReason::NothingToRate => "nothing_to_rate",
            StopReason::Finished => "finished",
        }
    }

    /// Why the fit stopped after `steps` steps, in words.
    pub fn text(self, steps: usize) -> String {
        match self {
            StopReason::Converged => format!("converged in {}", count(steps, "iteration", "iterations")),
            StopReason::MaxIterations => format!("NOT converged after {}", count(steps, "iteration", "iterations")),
            StopReason::Cancelled => format!("stopped after {}", count(steps, "iteration", "iterations")),
            StopReason::NonFinite => format!("overflowed after {}", count(steps, "iteration", "iterations")),
            StopReason::NothingToRate => "nothing to rate".to_string(),
            StopReason::Finished => "one pass through the games".to_string(),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SolverReport {
    pub iterations: usize,
    pub converged: bool,
    pub stop: StopReason,
    pub trace: Vec<IterationRecord>,
    /// The largest residual of equations (11) at the final ratings.
    pub final_residual: f64,
    /// Brent: full passes over the score matrix, whatever the variant does inside an iteration.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub passes: Option<usize>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayerRating {
    pub name: String,
    /// The player's index in the dataset (not in the JSON: names identify players there).
    #[serde(skip)]
    pub index: usize,
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
    /// The rating's uncertainty on the display scale: a standard error (Brent) or the
    /// posterior σ (AGA).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sigma: Option<f64>,
    /// The rating after each of the player's games (Elo, multiplayer Elo).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub history: Option<Vec<HistoryPoint>>,
    /// The rating in words on the method's own scale (AGA: "3.4d", "5.2k").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
}

/// A rating at a point of a sequential method's run.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct HistoryPoint {
    /// 1-based position of the game (or event) in processing order.
    pub game: usize,
    pub rating: f64,
}

/// JRank's parameter fit: the squared error per game over a grid of (k, p).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ParameterFit {
    pub k_values: Vec<f64>,
    pub p_values: Vec<f64>,
    /// `error[i][j]` for `k_values[i]`, `p_values[j]`: the mean squared error per scored game
    /// (infinite, written as `null` in JSON, where it overflowed).
    pub error: Vec<Vec<f64>>,
    pub best_k: f64,
    pub best_p: f64,
    pub best_error: f64,
    /// Games the ratings were fitted on and games the error was measured on (the same games
    /// when the fit is in-sample).
    pub fitted_games: usize,
    pub scored_games: usize,
    pub in_sample: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ScaleReport {
    pub kind: ScaleKind,
    pub factor: f64,
    pub offset: Offset,
}

/// One game as a sequential method met it: the players' ratings before it and the first
/// player's expected score (Elo's `per_game`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    /// The input line.
    pub line: usize,
    /// Player ids.
    pub first: usize,
    pub second: usize,
    pub first_before: f64,
    pub second_before: f64,
    pub expected: f64,
    /// The first player's score.
    pub score: f64,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    pub method: MethodKind,
    /// How the method ran, in a few words (`alg1`, `by date, margin`, `by_event`).
    pub variant: String,
    /// The parameters it ran with.
    pub params: Method,
    /// Best first.
    pub players: Vec<PlayerRating>,
    pub report: SolverReport,
    pub diagnosis: Diagnosis,
    pub groups: usize,
    /// The display scale (Brent); other methods have their own fixed scales.
    pub scale: Option<ScaleReport>,
    pub warnings: Vec<String>,
    /// Elo's foresight accuracy: among decisive games, the share won by the player the
    /// pre-game ratings favoured.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub accuracy: Option<f64>,
    /// How many games (or events with a single favourite) `accuracy` is the share of.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decided: Option<usize>,
    /// JRank's parameter fit, when asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fit: Option<ParameterFit>,
    /// Each game's ratings before it (Elo with `per_game`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub games: Option<Vec<GameRecord>>,
}

impl Rating {
    /// The players' names by dataset index (the rows are best first).
    pub fn names_by_index(&self) -> Vec<&str> {
        let mut names = vec![""; self.players.iter().map(|p| p.index + 1).max().unwrap_or(0)];
        for p in &self.players {
            names[p.index] = p.name.as_str();
        }
        names
    }
}
