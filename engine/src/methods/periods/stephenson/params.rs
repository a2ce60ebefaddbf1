//! Stephenson's parameters ([`StephensonParams`]): what the table of methods names of the
//! method, kept apart from its fit, which names the table.

use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct StephensonParams {
    pub initial_rating: f64,
    pub initial_deviation: f64,
    /// The deviation's growth per period (PlayerRatings' `cval`).
    pub c: f64,
    /// The deviation's growth per game (`hval`).
    pub h: f64,
    /// The bonus per game, in hundredths of a point (`bval`).
    pub bonus: f64,
    /// The neighbourhood parameter λ, in hundredths (`lambda`).
    pub lambda: f64,
    pub max_deviation: f64,
}

impl Default for StephensonParams {
    /// PlayerRatings' defaults, starting at 1500.
    fn default() -> StephensonParams {
        StephensonParams {
            initial_rating: 1500.0,
            initial_deviation: 300.0,
            c: 10.0,
            h: 10.0,
            bonus: 0.0,
            lambda: 2.0,
            max_deviation: 350.0,
        }
    }
}
