//! Messages between the page and the compute worker. These are the app's own types, kept
//! apart from the engine's so either can change without breaking the other; they cross the
//! worker boundary through `serde-wasm-bindgen`.

use serde::{Deserialize, Serialize};

/// What the user chose in the method panel. Fields added later default, so settings kept
/// by an older version still load.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// `brent`, `elo`, `multi_elo`, `jrank` or `aga`.
    pub method: String,
    /// Brent: `alg1`, `fixed` or `zermelo`.
    pub variant: String,
    pub sigma: f64,
    pub gamma: f64,
    pub eps: f64,
    pub max_iter: u32,
    /// `elo` or `natural`.
    pub scale: String,
    /// Brent: the rating shown for the group mean (or for the anchor player); `None` = 1500
    /// on the Elo-like scale, 0 on the natural one.
    pub shown: Option<f64>,
    /// Brent: a player who gets the `shown` rating, everyone else relative to them.
    pub anchor: String,
    /// Column mapping, `ROLE=COLUMN,...` (empty: header names decide).
    pub mapping: String,
    pub skip_bad_lines: bool,
    pub elo: EloSettings,
    pub jrank: JRankSettings,
    /// AGA: rate event by event (the AGA's run) rather than in one fit.
    pub aga_by_event: bool,
    /// Tournament files: the tiebreaks in the organiser's order (C.07 codes).
    pub tiebreaks: Vec<String>,
    /// `2023` or `2026` (FIDE C.07 as in force from 2026-03-01).
    pub rules: String,
}

/// The tiebreak order a new user starts with: FIDE's usual Swiss order, then the
/// eigenvector rating.
pub const DEFAULT_TIEBREAKS: [&str; 4] = ["BH-C1", "BH", "SB", "EIG"];

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct EloSettings {
    pub zeta: f64,
    pub k: f64,
    pub home: f64,
    pub initial: f64,
    pub margin: bool,
    pub home_in_update: bool,
    pub chronological: bool,
}

impl Default for EloSettings {
    fn default() -> Self {
        EloSettings { zeta: 400.0, k: 25.0, home: 0.0, initial: 1500.0, margin: false, home_in_update: true, chronological: true }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct JRankSettings {
    pub k: f64,
    pub p: f64,
    /// Fit k and p on a grid.
    pub fit: bool,
    /// Share of the latest games scored after fitting on the rest (0 = in-sample).
    pub holdout: f64,
}

impl Default for JRankSettings {
    fn default() -> Self {
        JRankSettings { k: 1.0, p: 0.5, fit: false, holdout: 0.0 }
    }
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            method: "brent".into(),
            variant: "alg1".into(),
            sigma: 0.3,
            gamma: 0.0,
            eps: 1e-9,
            max_iter: 10_000,
            scale: "elo".into(),
            shown: None,
            anchor: String::new(),
            mapping: String::new(),
            skip_bad_lines: false,
            elo: EloSettings::default(),
            jrank: JRankSettings::default(),
            aga_by_event: true,
            tiebreaks: DEFAULT_TIEBREAKS.iter().map(|c| c.to_string()).collect(),
            rules: "2023".into(),
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
    /// `CSV`, `events` or `AGA results`.
    pub format: String,
    /// Multi-player events (multiplayer Elo).
    pub events: usize,
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
    /// Uncertainty on the display scale (Brent's standard error, the AGA's σ).
    pub sigma: Option<f64>,
    /// The method's own words for the rating (AGA: "3.4d").
    pub label: Option<String>,
    /// Rating after each game or event, as (position in the run, rating) (Elo methods).
    pub history: Option<Vec<(usize, f64)>>,
}

/// JRank's fit: mean squared error over a (k, p) grid.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FitGrid {
    pub k_values: Vec<f64>,
    pub p_values: Vec<f64>,
    pub error: Vec<Vec<f64>>,
    pub best_k: f64,
    pub best_p: f64,
    pub best_error: f64,
    pub in_sample: bool,
    pub fitted_games: usize,
    pub scored_games: usize,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Finding {
    pub kind: String,
    pub message: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingResult {
    /// `brent`, `elo`, `multi_elo`, `jrank` or `aga`.
    pub method: String,
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
    /// Elo: the share of decisive games won by the favourite.
    pub accuracy: Option<f64>,
    pub fit: Option<FitGrid>,
    /// Display ratings after each iteration, aligned with `players` (small inputs only).
    pub steps: Option<Vec<Vec<Option<f64>>>>,
    /// The result as the engine exports it, for download.
    pub csv: String,
    pub json: String,
    /// For a tournament file: the standings with the chosen tiebreaks.
    pub standings: Option<StandingsView>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StandingsView {
    /// The tiebreak codes, in order: the table's columns.
    pub codes: Vec<String>,
    pub rows: Vec<StandingRowView>,
    /// All tiebreak codes the engine knows, for adding one.
    pub available: Vec<String>,
    pub csv: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StandingRowView {
    pub rank: usize,
    pub start: u32,
    pub name: String,
    pub rating: Option<u32>,
    pub points: f64,
    pub values: Vec<Option<f64>>,
    /// How each value was derived (opponents, cuts, unplayed rounds).
    pub explanations: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum FromWorker {
    /// The worker is listening; requests sent before this would be lost.
    Ready,
    Parsed {
        job: u32,
        summary: InputSummary,
        warnings: Vec<LineMessage>,
    },
    ParseFailed {
        job: u32,
        errors: Vec<LineMessage>,
    },
    /// Iterations done since the last progress message.
    Progress {
        job: u32,
        trace: Vec<TraceEntry>,
    },
    Done {
        job: u32,
        result: RatingResult,
    },
    Failed {
        job: u32,
        message: String,
    },
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
