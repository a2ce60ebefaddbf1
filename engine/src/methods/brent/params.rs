//! Brent's parameters ([`BrentParams`]), what the table of methods names of Brent's method:
//! kept apart from its fit, which names the table.

use super::variant::Variant;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct BrentParams {
    pub variant: Variant,
    /// Damping `σ ≥ 0`: the diagonal `s_ii`. Changes the speed, never the answer.
    pub sigma: f64,
    /// Dummy player weight `γ ≥ 0` (0 = none).
    pub gamma: f64,
    /// Tolerance on the maximum relative change.
    pub eps: f64,
    pub max_iter: usize,
}

impl Default for BrentParams {
    fn default() -> Self {
        // The one default iteration, [`Variant`]'s: the fewest passes.
        BrentParams { variant: Variant::default(), sigma: 0.3, gamma: 0.0, eps: 1e-9, max_iter: 10_000 }
    }
}
