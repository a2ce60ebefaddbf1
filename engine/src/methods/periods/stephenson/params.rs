//! Stephenson's parameters ([`StephensonParams`]): what the table of methods names of the
//! method, kept apart from its fit, which names the table.

use crate::methods::periods::{length, PeriodLength};
use serde::{Deserialize, Deserializer, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct StephensonParams {
    pub initial_rating: f64,
    pub initial_deviation: f64,
    /// The deviation's growth per period (PlayerRatings' `cval`), when the user set it; `None`:
    /// PlayerRatings' 10 ([`StephensonParams::PAPER_C`]), fitted on monthly periods, scaled to
    /// the period's length.
    #[serde(deserialize_with = "unset_if_paper")]
    pub c: Option<f64>,
    /// The deviation's growth per game (`hval`).
    pub h: f64,
    /// The bonus per game, in hundredths of a point (`bval`).
    pub bonus: f64,
    /// The neighbourhood parameter λ, in hundredths (`lambda`).
    pub lambda: f64,
    pub max_deviation: f64,
    /// The rating period ([`PeriodLength`]).
    pub period: PeriodLength,
}

impl StephensonParams {
    /// PlayerRatings' `cval`.
    pub const PAPER_C: f64 = 10.0;

    /// The `c` used per period of the chosen length when none is set.
    pub fn default_c(&self) -> f64 {
        StephensonParams::PAPER_C * length::scale(self.period.days())
    }
}

/// A `c` read back: settings kept before the period's length existed wrote 10 as a number,
/// which means none set.
fn unset_if_paper<'de, D: Deserializer<'de>>(d: D) -> Result<Option<f64>, D::Error> {
    Ok(Option::<f64>::deserialize(d)?.filter(|&c| c != StephensonParams::PAPER_C))
}

impl Default for StephensonParams {
    /// PlayerRatings' defaults, starting at 1500.
    fn default() -> StephensonParams {
        StephensonParams {
            initial_rating: 1500.0,
            initial_deviation: 300.0,
            c: None,
            h: 10.0,
            bonus: 0.0,
            lambda: 2.0,
            max_deviation: 350.0,
            period: PeriodLength::Auto,
        }
    }
}
