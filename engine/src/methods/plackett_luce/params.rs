//! Plackett–Luce's parameters ([`PlackettLuceParams`]), what the table of methods names of the
//! method: kept apart from its fit, which names the table.

use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct PlackettLuceParams {
    /// Damping `σ ≥ 0`: each player plays σ games against itself, as Brent's `s_ii = σ`.
    /// Changes the speed, never the answer.
    pub sigma: f64,
    /// Dummy player weight `γ ≥ 0` (0 = none): Brent's, who draws every player (half a win
    /// each way) with total weight γ.
    pub gamma: f64,
    /// The Davidson–Luce tie parameter `δ > 0`, fixed: a tie of `t ≥ 2` players at a stage
    /// weighs `δ (Π x)^(1/t)`. Only read when the data have ties.
    pub delta: f64,
    /// Tolerance on the maximum relative change.
    pub eps: f64,
    pub max_iter: usize,
}

impl Default for PlackettLuceParams {
    fn default() -> Self {
        // σ and γ as Brent's; δ = 1: two equal players tie as often as either wins.
        PlackettLuceParams { sigma: 0.3, gamma: 0.0, delta: 1.0, eps: 1e-9, max_iter: 10_000 }
    }
}
