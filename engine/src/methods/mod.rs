//! The rating methods, behind one entry point: [`rate`].

pub mod aga;
pub mod brent;
pub mod elo;
pub mod jrank;
pub mod multi_elo;
pub mod report;
pub mod sequential;

use crate::error::RateError;
use crate::model::Dataset;
use crate::scale::Scale;
use aga::AgaParams;
use brent::BrentParams;
use elo::EloParams;
use jrank::JRankParams;
use multi_elo::MultiEloParams;
use report::Rating;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Method {
    Brent(BrentParams),
    Elo(EloParams),
    MultiElo(MultiEloParams),
    JRank(JRankParams),
    Aga(AgaParams),
}

/// Options every method shares.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Options {
    pub scale: Scale,
}

/// Rates `data` by `method`.
pub fn rate(data: &Dataset, method: &Method, options: &Options) -> Result<Rating, RateError> {
    rate_with(data, method, options, &mut |_| true)
}

/// As [`rate`], calling `progress` with each iteration's record; it returns `false` to cancel.
pub fn rate_with(
    data: &Dataset,
    method: &Method,
    options: &Options,
    progress: &mut dyn FnMut(&report::IterationRecord) -> bool,
) -> Result<Rating, RateError> {
    match method {
        Method::Brent(p) => brent::run(data, p, &options.scale, &mut |s| s.trace().last().is_none_or(|r| progress(r))),
        Method::Elo(p) => elo::rate(data, p),
        Method::MultiElo(p) => multi_elo::rate(data, p),
        Method::JRank(p) => jrank::rate_with(data, p, progress),
        Method::Aga(p) => aga::run(data, p, progress),
    }
}
