//! The AGA system's parameters ([`AgaParams`]): what the table of methods names of it, kept
//! apart from its fit, which names the table.

use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct AgaParams {
    /// Stop a fit when the largest |gradient| of the negative log-posterior is below this.
    pub eps: f64,
    /// Newton iterations allowed per fit.
    pub max_iter: usize,
    /// Rate event by event (the AGA's way) rather than in one fit.
    pub by_event: bool,
}

impl Default for AgaParams {
    fn default() -> Self {
        AgaParams { eps: 1e-9, max_iter: 100, by_event: true }
    }
}
