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

/// Every step's record up to this many steps is kept (what the convergence chart and the
/// step-by-step view show in full).
pub const TRACE_FULL: usize = 10_000;

/// Beyond [`TRACE_FULL`] steps, every this-many-th step's record is kept (and the latest).
pub const TRACE_STRIDE: usize = 1_000;

/// The records of a run's steps, bounded whatever the number of steps: every step's up to
/// [`TRACE_FULL`], then every [`TRACE_STRIDE`]-th, and always the latest (which the next
/// record replaces unless it is one of those kept). A run capped at
/// [`MAX_ITER`](crate::error::MAX_ITER) steps keeps at most `TRACE_FULL + MAX_ITER /
/// TRACE_STRIDE + 1` records (20,001), not ten million. Records are only ever appended or the
/// provisional latest replaced, so the trace never gets shorter: a reader who has seen its
/// first `k` records can take the rest from `k`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Trace {
    records: Vec<IterationRecord>,
    /// Whether the last record is kept only as the latest.
    provisional: bool,
}

impl Trace {
    /// Adds the record of the next step (its `iteration` numbers it).
    pub fn push(&mut self, record: IterationRecord) {
        if self.provisional {
            self.records.pop();
        }
        self.provisional = record.iteration > TRACE_FULL && record.iteration % TRACE_STRIDE != 0;
        self.records.push(record);
    }

    /// The records kept, in order.
    pub fn records(&self) -> &[IterationRecord] {
        &self.records
    }

    /// The latest step's record.
    pub fn last(&self) -> Option<&IterationRecord> {
        self.records.last()
    }

    pub fn into_records(self) -> Vec<IterationRecord> {
        self.records
    }
}

/// What a fit has done so far: how many steps, their records (bounded: see [`Trace`]) and,
/// once it has stopped, why (argmin's `State`, reduced to what every method shares).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Steps {
    pub trace: Trace,
    taken: usize,
    pub stop: Option<StopReason>,
}

impl Steps {
    /// No step taken yet, stopped already for `stop` if given (a fit with nothing to do).
    pub fn new(stop: Option<StopReason>) -> Steps {
        Steps { stop, ..Steps::default() }
    }

    /// Steps taken (the trace may keep fewer records).
    pub fn len(&self) -> usize {
        self.taken
    }

    pub fn is_empty(&self) -> bool {
        self.taken == 0
    }

    /// Records the next step, numbered from 1, and returns its record.
    pub fn push(&mut self, change: f64, residual: f64, outer: Option<usize>) -> IterationRecord {
        self.taken += 1;
        let record = IterationRecord { iteration: self.taken, change, residual, outer };
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

    /// The records kept of the steps so far (every step's, up to [`TRACE_FULL`]; see [`Trace`]).
    fn trace(&self) -> &[IterationRecord] {
        self.steps().trace.records()
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

    /// The ratings without what takes long to add (Brent's exact standard errors on a group
    /// of hundreds of players: a dense inverse, O(n³)), so a page can show them at once and
    /// [`Fit::finish`]'s a moment later; `None` when the whole result is as quick.
    fn finish_early(&self) -> Option<Result<Rating, RateError>> {
        None
    }

    /// The current iterate, for a later fit of the same input to start from ([`Fit::warm`]);
    /// `None` for a method that has no use for one.
    fn iterate(&self) -> Option<Vec<f64>> {
        None
    }

    /// Starts from `iterate`, a previous fit's ([`Fit::iterate`]) of the same input with other
    /// parameters, instead of the method's own start: the same answer (to the tolerance) in
    /// fewer steps. Only before the first step; returns whether it was taken.
    fn warm(&mut self, _iterate: &[f64]) -> bool {
        false
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stored_trace_is_bounded_and_keeps_the_last_step() {
        // Each case: steps taken, records kept, the last kept iteration before the latest.
        let cases = [
            (0, 0, None),
            (1, 1, None),
            (TRACE_FULL, TRACE_FULL, Some(TRACE_FULL - 1)),
            (TRACE_FULL + 1, TRACE_FULL + 1, Some(TRACE_FULL)),
            (TRACE_FULL + TRACE_STRIDE, TRACE_FULL + 1, Some(TRACE_FULL)),
            (TRACE_FULL + TRACE_STRIDE + 7, TRACE_FULL + 2, Some(TRACE_FULL + TRACE_STRIDE)),
            (
                crate::error::MAX_ITER,
                TRACE_FULL + (crate::error::MAX_ITER - TRACE_FULL) / TRACE_STRIDE,
                Some(crate::error::MAX_ITER - TRACE_STRIDE),
            ),
        ];
        for (taken, kept, before_last) in cases {
            let mut steps = Steps::default();
            let mut longest = 0;
            for k in 0..taken {
                let record = steps.push(k as f64, 0.0, None);
                assert_eq!(steps.trace.last(), Some(&record), "{taken}: the latest is always there");
                assert!(steps.trace.records().len() >= longest, "{taken}: the trace never gets shorter");
                longest = steps.trace.records().len();
            }
            let records = steps.trace.records();
            assert_eq!((steps.len(), records.len()), (taken, kept), "{taken}");
            assert!(records.windows(2).all(|w| w[0].iteration < w[1].iteration), "{taken}");
            assert_eq!(records.iter().rev().nth(1).map(|r| r.iteration), before_last, "{taken}");
        }
    }
}
