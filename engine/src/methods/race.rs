//! The iterations raced: Brent's Algorithm 1, the fixed-weight power method and iteration
//! (14), and JRank's iteration, each run on the same data to its own tolerance through the
//! one [`Fit`] interface, with the quantity each stops on per iteration; and the σ sweep,
//! Algorithm 1's iterations to converge for each damping σ.

use super::brent::{BrentParams, Variant};
use super::fit::Quantity;
use super::jrank::{JRankParams, Step};
use super::rating::StopReason;
use super::{start, Method, Options};
use crate::error::RateError;
use crate::model::Dataset;
use serde::{Deserialize, Serialize};

/// Iterations a racer (or a sweep point) may take at most: enough for (14) on small data,
/// few enough to answer at once.
pub const RACE_CAP: usize = 5_000;

/// Which iteration a curve is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Racer {
    Alg1,
    Fixed,
    Zermelo,
    JRank,
}

impl Racer {
    pub const ALL: [Racer; 4] = [Racer::Alg1, Racer::Fixed, Racer::Zermelo, Racer::JRank];

    /// The curve's name in the legend.
    pub fn title(self) -> &'static str {
        match self {
            Racer::Alg1 => "Algorithm 1 (13)",
            Racer::Fixed => "Fixed weights (power method)",
            Racer::Zermelo => "Iteration (14)",
            Racer::JRank => "JRank",
        }
    }

    /// The method (with the user's parameters) this racer runs.
    pub fn method(self, brent: &BrentParams, jrank: &JRankParams) -> Method {
        let cap = |m: usize| m.min(RACE_CAP);
        let with = |variant| Method::Brent(BrentParams { variant, max_iter: cap(brent.max_iter), ..brent.clone() });
        match self {
            Racer::Alg1 => with(Variant::Alg1),
            Racer::Fixed => with(Variant::Fixed),
            Racer::Zermelo => with(Variant::Zermelo),
            // The race is of the paper's step, whatever the size.
            Racer::JRank => Method::JRank(JRankParams { fit: false, step: Step::Paper, max_iter: cap(jrank.max_iter), ..jrank.clone() }),
        }
    }
}

/// One racer's run: the quantity it stops on, per iteration.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Curve {
    pub racer: Racer,
    pub title: String,
    /// What the plotted quantity is ("relative change", "change of a log-strength").
    pub quantity: String,
    pub tolerance: f64,
    /// (iteration, value), every iteration's.
    pub points: Vec<(usize, f64)>,
    pub iterations: usize,
    pub converged: bool,
}

/// One σ of the sweep.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct SweepPoint {
    pub sigma: f64,
    pub iterations: usize,
    /// False when it stopped at the cap (or overflowed) before its tolerance.
    pub converged: bool,
}

/// The race and the sweep.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Race {
    pub curves: Vec<Curve>,
    pub sweep: Vec<SweepPoint>,
    /// The cap on every run's iterations.
    pub cap: usize,
}

/// Runs `method` to its end (or the cap): the trace of the quantity it stops on.
fn run(data: &Dataset, racer: Racer, method: &Method) -> Result<Curve, RateError> {
    let mut fit = start(data, method, &Options::default())?;
    while fit.step().is_some() {}
    let m = fit.measures();
    let (quantity, tolerance) = m.tolerance.unwrap_or((Quantity::Change, f64::NAN));
    let name = match quantity {
        Quantity::Change => m.change.clone(),
        Quantity::Residual => m.residual.clone(),
    };
    let points = fit.trace().iter().map(|t| (t.iteration, if quantity == Quantity::Change { t.change } else { t.residual })).collect();
    Ok(Curve {
        racer,
        title: racer.title().into(),
        quantity: name,
        tolerance,
        points,
        iterations: fit.steps().len(),
        converged: fit.stop_reason() == Some(StopReason::Converged),
    })
}

/// The σ values of the sweep: 0, 0.05, …, 1.
pub fn sweep_sigmas() -> Vec<f64> {
    (0..=20).map(|k| k as f64 / 20.0).collect()
}

/// Algorithm 1's iterations to converge for each σ (capped at [`RACE_CAP`]).
pub fn sweep(data: &Dataset, brent: &BrentParams, sigmas: &[f64]) -> Result<Vec<SweepPoint>, RateError> {
    sigmas
        .iter()
        .map(|&sigma| {
            let method = Racer::Alg1.method(&BrentParams { sigma, ..brent.clone() }, &JRankParams::default());
            let mut fit = start(data, &method, &Options::default())?;
            while fit.step().is_some() {}
            Ok(SweepPoint { sigma, iterations: fit.steps().len(), converged: fit.stop_reason() == Some(StopReason::Converged) })
        })
        .collect()
}

/// The four iterations raced on `data` with the user's parameters, and the σ sweep.
pub fn race(data: &Dataset, brent: &BrentParams, jrank: &JRankParams) -> Result<Race, RateError> {
    let curves = Racer::ALL.iter().map(|&r| run(data, r, &r.method(brent, jrank))).collect::<Result<Vec<_>, _>>()?;
    let sweep = sweep(data, brent, &sweep_sigmas())?;
    Ok(Race { curves, sweep, cap: RACE_CAP })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn league() -> Dataset {
        let mut d = Dataset::new();
        for (a, b, s) in
            [("A", "B", 1.0), ("B", "C", 1.0), ("C", "A", 0.5), ("A", "D", 1.0), ("D", "B", 0.5), ("C", "D", 0.0), ("B", "A", 0.5)]
        {
            d.add_game(a, b, s);
        }
        d
    }

    #[test]
    fn four_curves_each_to_its_own_tolerance() {
        let r = race(&league(), &BrentParams::default(), &JRankParams::default()).unwrap();
        assert_eq!(r.curves.len(), 4);
        for c in &r.curves {
            assert!(c.converged, "{}", c.title);
            assert_eq!(c.points.len(), c.iterations);
            assert!(c.points.last().unwrap().1 < c.tolerance);
        }
        assert_eq!(r.curves[3].tolerance, 1e-10);
        assert_eq!(r.sweep.len(), 21);
        assert!(r.sweep.iter().skip(1).all(|p| p.converged));
        let mut counts: Vec<usize> = r.sweep.iter().map(|p| p.iterations).collect();
        counts.dedup();
        assert!(counts.len() > 1, "iterations vary with σ");
    }

    /// Two players only: σ = 0 oscillates forever; the sweep caps it and says so.
    #[test]
    fn sigma_zero_on_a_two_sided_schedule_is_capped_not_converged() {
        let mut d = Dataset::new();
        d.add_game("A", "B", 1.0);
        d.add_game("B", "A", 0.5);
        let p = sweep(&d, &BrentParams { max_iter: 100_000, ..Default::default() }, &[0.0, 0.3]).unwrap();
        assert!(!p[0].converged && p[0].iterations == RACE_CAP);
        assert!(p[1].converged);
    }
}
