//! The one fit interface every method implements (argmin's `Solver`/`State` is the model):
//! start it ([`crate::methods::start`]), [`Fit::step`] it, look at the ratings of the current
//! iterate ([`Fit::display`]) and at its trace, whose quantities and tolerance it names
//! ([`Fit::measures`]), cancel it, and take the ratings ([`Fit::finish`]).
//!
//! A step is whatever the method does between two looks: an iteration (Brent, JRank), a
//! Newton step of one event's fit (AGA), or the games of one date or round (Elo). The
//! command line, the app's worker, the step-by-step view and the convergence chart all
//! drive every method through this trait, so none of them knows one method from another.

use crate::error::RateError;
use crate::methods::report::{IterationRecord, Rating, StopReason};
use serde::{Deserialize, Serialize};

/// Which quantity of an [`IterationRecord`] the stopping test reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Quantity {
    Change,
    Residual,
}

/// What a method's trace measures, in words, and the tolerance it stops at.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Measures {
    /// What one step is: "iteration", "Newton step", "date", ...
    pub step: String,
    /// What [`IterationRecord::change`] measures.
    pub change: String,
    /// What [`IterationRecord::residual`] measures.
    pub residual: String,
    /// The tolerance, and the quantity it applies to; `None` for a method that goes once
    /// through the games and stops at their end.
    pub tolerance: Option<(Quantity, f64)>,
}

/// What a fit has done so far: each step's record and, once it has stopped, why (argmin's
/// `State`, reduced to what every method shares).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Steps {
    pub trace: Vec<IterationRecord>,
    pub stop: Option<StopReason>,
}

impl Steps {
    /// Steps taken.
    pub fn len(&self) -> usize {
        self.trace.len()
    }

    pub fn is_empty(&self) -> bool {
        self.trace.is_empty()
    }

    /// Records the next step, numbered from 1, and returns its record.
    pub fn push(&mut self, change: f64, residual: f64, outer: Option<usize>) -> IterationRecord {
        let record = IterationRecord { iteration: self.trace.len() + 1, change, residual, outer };
        self.trace.push(record);
        record
    }

    /// Stops for `why`, unless already stopped.
    pub fn stop(&mut self, why: StopReason) {
        self.stop.get_or_insert(why);
    }

    pub fn stopped(&self) -> bool {
        self.stop.is_some()
    }
}

/// A method being fitted, one step at a time.
pub trait Fit {
    /// What the trace measures and the tolerance in force.
    fn measures(&self) -> Measures;

    /// Takes one step, unless the fit has stopped; returns its record.
    fn step(&mut self) -> Option<IterationRecord>;

    /// The steps taken so far, and why the fit stopped.
    fn steps(&self) -> &Steps;

    fn steps_mut(&mut self) -> &mut Steps;

    /// Every step's record so far.
    fn trace(&self) -> &[IterationRecord] {
        &self.steps().trace
    }

    /// Why the fit stopped, once it has.
    fn stop_reason(&self) -> Option<StopReason> {
        self.steps().stop
    }

    /// Stops the fit early (a caller's cancel button); [`Fit::finish`] then reports the
    /// current iterate.
    fn cancel(&mut self) {
        self.steps_mut().stop(StopReason::Cancelled);
    }

    /// The display rating of each player of the dataset (in its order) at the current
    /// iterate, `None` for a player with no rating (yet): what the step-by-step view shows.
    fn display(&self) -> Vec<Option<f64>>;

    /// The ratings at the current iterate: final once the fit has stopped; cancel first to
    /// stop it early (AGA's event under way is only counted once it is closed).
    fn finish(&self) -> Result<Rating, RateError>;
}

/// The warning for a fit that stopped before its tolerance was met, or `None`.
///
/// `steps` are the steps taken, `last` the last value of the quantity the tolerance applies to.
pub fn stop_warning(stop: StopReason, steps: usize, measures: &Measures, last: f64) -> Option<String> {
    match stop {
        StopReason::MaxIterations => {
            let (quantity, tolerance) = measures.tolerance.unwrap_or((Quantity::Change, f64::NAN));
            let what = match quantity {
                Quantity::Change => &measures.change,
                Quantity::Residual => &measures.residual,
            };
            Some(format!(
                "did not converge in {steps} iterations (last {what} {last:.3e}, tolerance {tolerance:.1e}); the ratings shown are the last iterate"
            ))
        }
        StopReason::Cancelled => Some(format!("stopped after {steps} iterations, before converging")),
        StopReason::Converged | StopReason::NonFinite | StopReason::NothingToRate | StopReason::Finished => None,
    }
}

/// The warning for ratings that fall into groups rated separately, or `None` for one group.
pub fn groups_warning(groups: usize) -> Option<String> {
    (groups > 1).then(|| format!("the players fall into {groups} groups rated separately: ratings compare only within a group"))
}
