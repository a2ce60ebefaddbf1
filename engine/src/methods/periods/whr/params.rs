//! Whole-History Rating's parameters ([`WhrParams`]): what the table of methods names of WHR,
//! kept apart from its fit, which names the table.

use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct WhrParams {
    /// The Wiener process's variance per period, in Elo² (the reference's 300).
    pub w2: f64,
    /// The most Newton steps on the whole history (a safety cap: the fit converges in a few
    /// dozen at most; the name is the sweeps' it replaced).
    pub max_sweeps: usize,
    /// Stop when no rating moves by more than this in a Newton step (natural-log units).
    pub tolerance: f64,
    /// The rating the virtual opponent of everyone's first day is shown at: the ratings are
    /// Elo points above it (the reference prints them with it at 0).
    pub anchor: f64,
}

impl Default for WhrParams {
    fn default() -> WhrParams {
        WhrParams { w2: 300.0, max_sweeps: 1000, tolerance: 1e-10, anchor: 1500.0 }
    }
}
