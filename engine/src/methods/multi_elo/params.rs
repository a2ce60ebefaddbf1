//! Multiplayer Elo's parameters ([`MultiEloParams`]): what the table of methods names of the
//! method, kept apart from its fit, which names the table.

use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct MultiEloParams {
    pub zeta: f64,
    pub k: f64,
    pub initial: f64,
}

impl Default for MultiEloParams {
    fn default() -> Self {
        MultiEloParams { zeta: 400.0, k: 25.0, initial: 1500.0 }
    }
}
