//! Glicko's parameters ([`GlickoParams`]): what the table of methods names of Glicko, kept
//! apart from its fit, which names the table.

use crate::methods::periods::{c_for, Convention};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct GlickoParams {
    pub initial_rating: f64,
    pub initial_deviation: f64,
    /// The deviation's growth per period without games: Glickman's example value, the `c`
    /// that brings an RD of 50 back to 350 in 100 periods (34.64).
    pub c: f64,
    pub max_deviation: f64,
    pub convention: Convention,
}

impl Default for GlickoParams {
    fn default() -> GlickoParams {
        GlickoParams {
            initial_rating: 1500.0,
            initial_deviation: 350.0,
            c: c_for(50.0, 350.0, 100.0),
            max_deviation: 350.0,
            convention: Convention::Glickman,
        }
    }
}
