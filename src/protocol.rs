//! Messages between the page and the compute worker. These are the app's own types, kept
//! apart from the engine's so either can change without breaking the other; they cross the
//! worker boundary through `serde-wasm-bindgen`.

use serde::{Deserialize, Serialize};

/// What the user chose in the method panel.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Settings {
    /// `alg1`, `fixed` or `zermelo`.
    pub variant: String,
    pub sigma: f64,
    pub gamma: f64,
    pub eps: f64,
    pub max_iter: u32,
    /// `elo` or `natural`.
    pub scale: String,
    /// Column mapping, `ROLE=COLUMN,...` (empty: header names decide).
    pub mapping: String,
    pub skip_bad_lines: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            variant: "alg1".into(),
            sigma: 0.3,
            gamma: 0.0,
            eps: 1e-9,
            max_iter: 10_000,
            scale: "elo".into(),
            mapping: String::new(),
            skip_bad_lines: false,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ToWorker {
    /// Parse `text` and rate it; a newer job supersedes this one.
    Rate { job: u32, text: String, settings: Settings },
    /// Stop job `job` and report its last iterate.
    Cancel { job: u32 },
}

/// A message about one input line (0 = not about a particular line).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LineMessage {
    pub line: usize,
    pub message: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct InputSummary {
    pub games: usize,
    pub players: usize,
    /// The columns recognised, as `role = header`.
    pub columns: Vec<(String, String)>,
}

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct TraceEntry {
    pub iteration: usize,
    pub change: f64,
    pub residual: f64,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayerRow {
    pub name: String,
    pub rank: Option<usize>,
    pub rating: Option<f64>,
    pub games: u32,
    pub score: f64,
    pub group: Option<usize>,
    /// Why there is no rating, in words ("" when rated).
    pub note: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Finding {
    pub kind: String,
    pub message: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingResult {
    /// Best first.
    pub players: Vec<PlayerRow>,
    pub iterations: usize,
    pub converged: bool,
    /// `converged`, `max_iterations`, `cancelled`, `non_finite` or `nothing_to_rate`.
    pub stop: String,
    pub final_residual: f64,
    pub warnings: Vec<String>,
    pub findings: Vec<Finding>,
    pub suggested_gamma: Option<f64>,
    pub groups: usize,
    /// Display ratings after each iteration, aligned with `players` (small inputs only).
    pub steps: Option<Vec<Vec<Option<f64>>>>,
    /// The result as the engine exports it, for download.
    pub csv: String,
    pub json: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum FromWorker {
    /// The worker is listening; requests sent before this would be lost.
    Ready,
    Parsed { job: u32, summary: InputSummary, warnings: Vec<LineMessage> },
    ParseFailed { job: u32, errors: Vec<LineMessage> },
    /// Iterations done since the last progress message.
    Progress { job: u32, trace: Vec<TraceEntry> },
    Done { job: u32, result: RatingResult },
    Failed { job: u32, message: String },
}

impl FromWorker {
    pub fn job(&self) -> Option<u32> {
        match self {
            FromWorker::Ready => None,
            FromWorker::Parsed { job, .. }
            | FromWorker::ParseFailed { job, .. }
            | FromWorker::Progress { job, .. }
            | FromWorker::Done { job, .. }
            | FromWorker::Failed { job, .. } => Some(*job),
        }
    }
}
