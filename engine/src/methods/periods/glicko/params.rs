//! Glicko's parameters ([`GlickoParams`]): what the table of methods names of Glicko, kept
//! apart from its fit, which names the table.

use crate::methods::periods::{c_for, length, Convention, PeriodLength};
use serde::{Deserialize, Deserializer, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct GlickoParams {
    pub initial_rating: f64,
    pub initial_deviation: f64,
    /// The deviation's growth per period without games, when the user set it; `None`:
    /// Glickman's example value (the `c` that brings an RD of 50 back to 350 in 100 periods,
    /// 34.64, [`GlickoParams::paper_c`]) taken as per month and scaled to the period's length.
    #[serde(deserialize_with = "unset_if_paper")]
    pub c: Option<f64>,
    pub max_deviation: f64,
    pub convention: Convention,
    /// The rating period ([`PeriodLength`]).
    pub period: PeriodLength,
}

impl GlickoParams {
    /// Glickman's example `c`, 34.64: an RD of 50 back to 350 in 100 periods.
    pub fn paper_c() -> f64 {
        c_for(50.0, 350.0, 100.0)
    }

    /// The `c` used per period of the chosen length when none is set (`Auto`, rounds and
    /// games: the paper's; the data decide what `Auto` becomes, and the rating says so).
    pub fn default_c(&self) -> f64 {
        GlickoParams::paper_c() * length::scale(self.period.days())
    }
}

/// A `c` read back: settings kept before the period's length existed wrote the paper's value
/// as a number, which means none set.
fn unset_if_paper<'de, D: Deserializer<'de>>(d: D) -> Result<Option<f64>, D::Error> {
    Ok(Option::<f64>::deserialize(d)?.filter(|&c| c != GlickoParams::paper_c()))
}

impl Default for GlickoParams {
    fn default() -> GlickoParams {
        GlickoParams {
            initial_rating: 1500.0,
            initial_deviation: 350.0,
            c: None,
            max_deviation: 350.0,
            convention: Convention::Glickman,
            period: PeriodLength::Auto,
        }
    }
}
