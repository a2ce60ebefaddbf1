//! Glicko-2's parameters ([`Glicko2Params`]): what the table of methods names of Glicko-2,
//! kept apart from its fit, which names the table.

use crate::methods::periods::Convention;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Glicko2Params {
    pub initial_rating: f64,
    pub initial_deviation: f64,
    pub initial_volatility: f64,
    /// τ: how much the volatility may change (Glickman: 0.3 to 1.2).
    pub tau: f64,
    pub max_deviation: f64,
    pub convention: Convention,
}

impl Default for Glicko2Params {
    fn default() -> Glicko2Params {
        Glicko2Params {
            initial_rating: 1500.0,
            initial_deviation: 350.0,
            initial_volatility: 0.06,
            tau: 0.5,
            max_deviation: 350.0,
            convention: Convention::Glickman,
        }
    }
}
