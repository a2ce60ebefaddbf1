//! Glicko-2's parameters ([`Glicko2Params`]): what the table of methods names of Glicko-2,
//! kept apart from its fit, which names the table.

use crate::methods::periods::{length, Convention, PeriodLength};
use serde::{Deserialize, Deserializer, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Glicko2Params {
    pub initial_rating: f64,
    pub initial_deviation: f64,
    /// A new player's volatility σ (the deviation's growth per period, on the Glicko-2 scale),
    /// when the user set it; `None`: Glickman's 0.06 ([`Glicko2Params::PAPER_VOLATILITY`])
    /// taken as per month and scaled to the period's length.
    #[serde(deserialize_with = "unset_if_paper")]
    pub initial_volatility: Option<f64>,
    /// τ: how much the volatility may change (Glickman: 0.3 to 1.2).
    pub tau: f64,
    pub max_deviation: f64,
    pub convention: Convention,
    /// The rating period ([`PeriodLength`]).
    pub period: PeriodLength,
}

impl Glicko2Params {
    /// Glickman's example volatility.
    pub const PAPER_VOLATILITY: f64 = 0.06;

    /// The starting volatility used per period of the chosen length when none is set.
    pub fn default_volatility(&self) -> f64 {
        Glicko2Params::PAPER_VOLATILITY * length::scale(self.period.days())
    }
}

/// A volatility read back: settings kept before the period's length existed wrote 0.06 as a
/// number, which means none set.
fn unset_if_paper<'de, D: Deserializer<'de>>(d: D) -> Result<Option<f64>, D::Error> {
    Ok(Option::<f64>::deserialize(d)?.filter(|&s| s != Glicko2Params::PAPER_VOLATILITY))
}

impl Default for Glicko2Params {
    fn default() -> Glicko2Params {
        Glicko2Params {
            initial_rating: 1500.0,
            initial_deviation: 350.0,
            initial_volatility: None,
            tau: 0.5,
            max_deviation: 350.0,
            convention: Convention::Glickman,
            period: PeriodLength::Auto,
        }
    }
}
