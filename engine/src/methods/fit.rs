//! The one fit interface every method implements, and the loop that drives it, owned once
//! (argmin's `Executor`/`State` is the model): start a fit ([`crate::methods::start`]),
//! [`Fit::step`] it, look at the ratings of the current iterate ([`Fit::display`]) and at its
//! trace, whose quantities and tolerance it names ([`Fit::measures`]), cancel it, and take the
//! ratings ([`Fit::finish`]).
//!
//! A step is whatever the method does between two looks: an iteration (Brent, JRank), a
//! Newton step of one event's fit (AGA), or the games of one date or round (Elo). A method
//! writes only that step ([`Stepper::advance`]: what it did, as an [`Advance`]); the loop
//! ([`take_step`], behind [`Fit::step`]) counts the steps, keeps their records in the
//! [`Trace`], tests the tolerance and the cap the method set in its [`Steps`] ([`Stopping`])
//! and says why the fit stopped, and [`stop_early`] (behind [`Fit::cancel`]) cancels. The
//! command line, the app's worker, the step-by-step view and the convergence chart all drive
//! every method through [`Fit`], so none of them knows one method from another.

use crate::error::RateError;
use crate::methods::rating::{IterationRecord, Rating, StopReason};
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
    /// Whether the steps are one fit, or fits of their own numbered by
    /// [`IterationRecord::outer`].
    #[serde(default)]
    pub fits: Fits,
}

/// Whether a trace is one fit: what the convergence chart may join with a line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Fits {
    /// One fit throughout; [`IterationRecord::outer`], when given, numbers stages of it that
    /// go on from the same iterate (Brent's re-weighting steps).
    #[default]
    One,
    /// A fit of its own for each value of [`IterationRecord::outer`], each from its own start
    /// (the AGA's events, one after another): a step of one says nothing of the step before it.
    Apart,
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
    /// The tests the loop applies after each step.
    stopping: Stopping,
}

impl Steps {
    /// No step taken yet, stopped already for `stop` if given (a fit with nothing to do); no
    /// stopping test until [`Steps::until`] sets one.
    pub fn new(stop: Option<StopReason>) -> Steps {
        Steps { stop, ..Steps::default() }
    }

    /// The same, stopped by `stopping`'s tests (argmin's `State` is given its `max_iters` so).
    pub fn until(self, stopping: Stopping) -> Steps {
        Steps { stopping, ..self }
    }

    /// The tests the loop applies after each step.
    pub fn stopping(&self) -> Stopping {
        self.stopping
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

/// The tests that stop a fit after a step, besides the method's own word ([`Taken::last`]):
/// the tolerance on the quantity [`Measures`] names, and the most steps.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Stopping {
    /// The quantity of a step's record the tolerance applies to, and the tolerance: a step
    /// that meets it ends the fit as converged, if the method says it has settled
    /// ([`Taken::settled`]). `None`: no tolerance (a method that goes once through the games,
    /// or one whose tolerance ends an inner fit, not the run: AGA's events).
    pub tolerance: Option<(Quantity, f64)>,
    /// Whether a quantity equal to the tolerance meets it (WHR's "no rating moves by more
    /// than"), not only one below it (everyone else's).
    pub inclusive: bool,
    /// The most steps: the fit stops after that many ([`StopReason::MaxIterations`]). Tested
    /// after a step, so a fit always takes its first.
    pub cap: Option<usize>,
}

impl Stopping {
    /// Converged when `quantity` is below `tolerance`; at most `cap` steps.
    pub fn below(quantity: Quantity, tolerance: f64, cap: usize) -> Stopping {
        Stopping { tolerance: Some((quantity, tolerance)), inclusive: false, cap: Some(cap) }
    }

    /// Converged when `quantity` is at most `tolerance`; at most `cap` steps.
    pub fn at_most(quantity: Quantity, tolerance: f64, cap: usize) -> Stopping {
        Stopping { inclusive: true, ..Stopping::below(quantity, tolerance, cap) }
    }

    /// Whether `record` meets the tolerance (never without one; never for a quantity that is
    /// no number).
    pub fn met(&self, record: &IterationRecord) -> bool {
        let Some((quantity, tolerance)) = self.tolerance else { return false };
        let value = match quantity {
            Quantity::Change => record.change,
            Quantity::Residual => record.residual,
        };
        if self.inclusive {
            value <= tolerance
        } else {
            value < tolerance
        }
    }

    /// Why the fit stops after the step of `record`, the `taken`-th, or `None` to go on: the
    /// method's last step, the tolerance met, the cap reached, in that order.
    fn verdict(&self, record: &IterationRecord, step: &Taken, taken: usize) -> Option<StopReason> {
        if step.last {
            Some(StopReason::Finished)
        } else if step.settled && self.met(record) {
            Some(StopReason::Converged)
        } else if self.cap.is_some_and(|cap| taken >= cap) {
            Some(StopReason::MaxIterations)
        } else {
            None
        }
    }
}

/// A step a method took: what its record holds, and what the method says of stopping.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Taken {
    /// What [`Measures::change`] measures.
    pub change: f64,
    /// What [`Measures::residual`] measures.
    pub residual: f64,
    /// The outer iteration or fit the step belongs to, if the method has one.
    pub outer: Option<usize>,
    /// Whether the method's own conditions for converging hold, so that the tolerance may stop
    /// the fit: true but for Brent's iterations (the undamped step too must be below ε, and a
    /// fresh fixed-weight eigenproblem must need a single step).
    pub settled: bool,
    /// Whether this was the last step there is (the last date of the games): the fit has
    /// finished.
    pub last: bool,
}

impl Taken {
    /// A step with these quantities, settled, not the last.
    pub fn new(change: f64, residual: f64) -> Taken {
        Taken { change, residual, outer: None, settled: true, last: false }
    }

    pub fn outer(self, outer: Option<usize>) -> Taken {
        Taken { outer, ..self }
    }

    pub fn settled(self, settled: bool) -> Taken {
        Taken { settled, ..self }
    }

    pub fn last(self, last: bool) -> Taken {
        Taken { last, ..self }
    }
}

/// A long step's progress ([`Fit::partway`]): `done` inner iterations so far, `what` one is
/// ("conjugate-gradient iteration"; its plural adds an s).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Partway {
    pub done: usize,
    pub what: String,
}

/// What a method's step did, as [`Stepper::advance`] hands it to the loop.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Advance {
    /// A step was taken: the loop records it and applies the stopping tests.
    Took(Taken),
    /// No step could be taken: the fit stops for this reason, with no record (the games are
    /// over: [`StopReason::Finished`]; the next iterate is not finite: [`StopReason::NonFinite`]).
    Stop(StopReason),
}

/// What a method writes of its loop (argmin's `Solver`): its step, and the [`Steps`] it keeps
/// for the loop. Everything else about stepping is the loop's ([`take_step`], [`stop_early`]).
pub trait Stepper {
    /// Takes the next step and says what it did. Called by the loop only while the fit has not
    /// stopped; a method never counts, records or tests its steps itself.
    fn advance(&mut self) -> Advance;

    /// [`Stepper::advance`] for a caller that may stop a long step part-way and go on with it
    /// at its next call (the app's worker between its slices): `None` while the step is
    /// under way and `more()` said to stop. A method whose steps are short takes a whole one.
    fn advance_part(&mut self, _more: &mut dyn FnMut() -> bool) -> Option<Advance> {
        Some(self.advance())
    }

    /// The steps taken so far, their records, why the fit stopped and its stopping tests.
    fn steps(&self) -> &Steps;

    fn steps_mut(&mut self) -> &mut Steps;

    /// Called once, when the fit stops (after its last step, or on a cancel): what a method
    /// does then, such as letting go of what only further steps need (Brent) or closing the
    /// fit under way (AGA). Nothing by default.
    fn on_stop(&mut self) {}
}

/// One turn of the loop, the same for every method: unless the fit has stopped, the method's
/// step ([`Stepper::advance`]), counted and recorded, then the stopping tests ([`Stopping`]);
/// returns the step's record, or `None` when no step was taken.
pub fn take_step<S: Stepper + ?Sized>(stepper: &mut S) -> Option<IterationRecord> {
    if stepper.steps().stopped() {
        return None;
    }
    let advance = stepper.advance();
    record(stepper, advance)
}

/// Records a step taken (or the fit's stop) and applies the stopping tests.
fn record<S: Stepper + ?Sized>(stepper: &mut S, advance: Advance) -> Option<IterationRecord> {
    let steps = stepper.steps_mut();
    let record = match advance {
        Advance::Stop(why) => {
            steps.stop(why);
            None
        }
        Advance::Took(step) => {
            let record = steps.push(step.change, step.residual, step.outer);
            if let Some(why) = steps.stopping.verdict(&record, &step, steps.len()) {
                steps.stop(why);
            }
            Some(record)
        }
    };
    if stepper.steps().stopped() {
        stepper.on_stop();
    }
    record
}

/// How far [`Fit::step_part`] got.
#[derive(Clone, Debug, PartialEq)]
pub enum Part {
    /// A whole step, as [`Fit::step`] returns it: its record, `None` once the fit has stopped.
    Step(Option<IterationRecord>),
    /// Part of a long step: the time ran out first, and the next call goes on with it.
    Partway,
}

/// [`take_step`] for a caller that may stop a long step part-way ([`Stepper::advance_part`]).
pub fn take_step_part<S: Stepper + ?Sized>(stepper: &mut S, more: &mut dyn FnMut() -> bool) -> Part {
    if stepper.steps().stopped() {
        return Part::Step(None);
    }
    let Some(advance) = stepper.advance_part(more) else { return Part::Partway };
    Part::Step(record(stepper, advance))
}

/// Stops the fit early (a caller's cancel button), unless it has stopped already.
pub fn stop_early<S: Stepper + ?Sized>(stepper: &mut S) {
    if !stepper.steps().stopped() {
        stepper.steps_mut().stop(StopReason::Cancelled);
        stepper.on_stop();
    }
}

/// A method being fitted, one step at a time: its [`Stepper`] (the step it writes) and what the
/// views read of it.
pub trait Fit: Stepper {
    /// What the trace measures and the tolerance in force.
    fn measures(&self) -> Measures;

    /// Takes one step, unless the fit has stopped ([`take_step`]); returns its record.
    fn step(&mut self) -> Option<IterationRecord> {
        take_step(self)
    }

    /// [`Fit::step`], or part of a long one while `more()` says so ([`Part`]).
    fn step_part(&mut self, more: &mut dyn FnMut() -> bool) -> Part {
        take_step_part(self, more)
    }

    /// How far the step under way is, when a step was stopped part-way ([`Fit::step_part`]):
    /// its inner iterations so far and what they are.
    fn partway(&self) -> Option<Partway> {
        None
    }

    /// The records kept of the steps so far (every step's, up to [`TRACE_FULL`]; see [`Trace`]).
    fn trace(&self) -> &[IterationRecord] {
        self.steps().trace.records()
    }

    /// Why the fit stopped, once it has.
    fn stop_reason(&self) -> Option<StopReason> {
        self.steps().stop
    }

    /// Stops the fit early (a caller's cancel button; [`stop_early`]); [`Fit::finish`] then
    /// reports the current iterate.
    fn cancel(&mut self) {
        stop_early(self)
    }

    /// The display rating of each player of the dataset (in its order) at the current
    /// iterate, `None` for a player with no rating (yet): what the step-by-step view shows.
    fn display(&self) -> Vec<Option<f64>>;

    /// The ratings at the current iterate: final once the fit has stopped; cancel first to
    /// stop it early (AGA's event under way is only counted once it is closed).
    fn finish(&self) -> Result<Rating, RateError>;

    /// [`Fit::finish`] for a caller done with the fit: a method whose rating holds much of
    /// what it kept (the period methods' histories) hands that over rather than copying it.
    fn into_rating(self: Box<Self>) -> Result<Rating, RateError> {
        self.finish()
    }

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

    /// The current iterate by player and time ([`Timed`]), for a fit of the same players'
    /// history with games added after to start from ([`Fit::warm_after`]); `None` for a method
    /// that has no use for one.
    fn timed_iterate(&self) -> Option<Timed> {
        None
    }

    /// Starts from `earlier`, the [`Fit::timed_iterate`] of a fit of an earlier part of this
    /// history (the same players; this fit's games those and more, the added ones later: a
    /// rolling evaluation's next block), instead of the method's own start: a value at a time
    /// `earlier` holds for the player starts there, every other starts as the method starts
    /// it. The same answer (to the tolerance) in fewer steps. Only before the first step;
    /// returns whether it was taken.
    fn warm_after(&mut self, _earlier: &Timed) -> bool {
        false
    }
}

/// A fit's iterate as each player's values at times, in the method's own units (WHR: each day's
/// rating in natural-log units): what a fit of the same players' longer history can start
/// from ([`Fit::warm_after`]), matched by player and time, since the longer history's own
/// iterate is laid out otherwise (more days, players in another order).
#[derive(Clone, Debug, PartialEq)]
pub struct Timed {
    /// Player `i`'s (time, value) pairs are `values[start[i]..start[i + 1]]`, in time order.
    start: Vec<usize>,
    values: Vec<(i64, f64)>,
}

impl Default for Timed {
    fn default() -> Timed {
        Timed { start: vec![0], values: Vec::new() }
    }
}

impl Timed {
    /// Adds the next player's (time, value) pairs, in time order.
    pub fn push_player(&mut self, values: impl IntoIterator<Item = (i64, f64)>) {
        self.values.extend(values);
        self.start.push(self.values.len());
    }

    /// The players held.
    pub fn players(&self) -> usize {
        self.start.len() - 1
    }

    /// Player `i`'s (time, value) pairs, in time order (none for a player beyond those held).
    pub fn player(&self, i: usize) -> &[(i64, f64)] {
        match (self.start.get(i), self.start.get(i + 1)) {
            (Some(&a), Some(&b)) => &self.values[a..b],
            _ => &[],
        }
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

    /// A made-up method: its `k`-th step has change `changes[k]` (residual twice that), the
    /// step after the last says the games are over; it counts its `advance` and `on_stop` calls.
    struct Made {
        changes: Vec<f64>,
        /// Whether each step says the method has settled.
        settled: bool,
        /// Whether the step of the last change is the last step there is.
        finishes: bool,
        advanced: usize,
        stops: usize,
        steps: Steps,
    }

    impl Made {
        fn new(changes: &[f64], stopping: Stopping) -> Made {
            let steps = Steps::default().until(stopping);
            Made { changes: changes.to_vec(), settled: true, finishes: false, advanced: 0, stops: 0, steps }
        }
    }

    impl Stepper for Made {
        fn advance(&mut self) -> Advance {
            let k = self.advanced;
            self.advanced += 1;
            match self.changes.get(k) {
                None => Advance::Stop(StopReason::Finished),
                Some(&c) if c.is_nan() => Advance::Stop(StopReason::NonFinite),
                Some(&c) => {
                    let last = self.finishes && k + 1 == self.changes.len();
                    Advance::Took(Taken::new(c, 2.0 * c).outer(Some(k / 2)).settled(self.settled).last(last))
                }
            }
        }

        fn steps(&self) -> &Steps {
            &self.steps
        }

        fn steps_mut(&mut self) -> &mut Steps {
            &mut self.steps
        }

        fn on_stop(&mut self) {
            self.stops += 1;
        }
    }

    impl Fit for Made {
        fn measures(&self) -> Measures {
            let tolerance = self.steps.stopping().tolerance;
            Measures { step: "step".into(), change: "change".into(), residual: "residual".into(), tolerance, fits: Fits::One }
        }

        fn display(&self) -> Vec<Option<f64>> {
            Vec::new()
        }

        fn finish(&self) -> Result<Rating, RateError> {
            Err(RateError::NoGames)
        }
    }

    /// Steps `fit` (as a caller does, through `dyn Fit`) until it stops, cancelling after
    /// `cancel_after` records; the records returned.
    fn run(fit: &mut dyn Fit, cancel_after: Option<usize>) -> Vec<IterationRecord> {
        let mut seen = Vec::new();
        while let Some(record) = fit.step() {
            seen.push(record);
            if Some(seen.len()) == cancel_after {
                fit.cancel();
            }
            assert!(seen.len() <= 100, "the loop never stopped");
        }
        seen
    }

    #[test]
    fn the_loop_records_each_step_and_stops_at_the_tolerance_the_cap_a_cancel_or_the_end() {
        let changes = [0.5, 0.2, 0.1, 0.05, 0.01, 0.001];
        let record = |k: usize| IterationRecord { iteration: k + 1, change: changes[k], residual: 2.0 * changes[k], outer: Some(k / 2) };
        // Each case: the stopping tests, when to cancel, steps taken and why the fit stopped.
        let cases = [
            (Stopping::below(Quantity::Change, 0.05, 100), None, 5, StopReason::Converged),
            (Stopping::below(Quantity::Change, 0.1, 100), None, 4, StopReason::Converged),
            (Stopping::at_most(Quantity::Change, 0.1, 100), None, 3, StopReason::Converged),
            (Stopping::below(Quantity::Residual, 0.1, 100), None, 5, StopReason::Converged),
            (Stopping::below(Quantity::Change, 1e-9, 2), None, 2, StopReason::MaxIterations),
            (Stopping::below(Quantity::Change, 0.2, 1), None, 1, StopReason::MaxIterations),
            (Stopping::below(Quantity::Change, 1e-9, 100), Some(3), 3, StopReason::Cancelled),
            (Stopping::default(), None, 6, StopReason::Finished),
        ];
        for (stopping, cancel_after, taken, why) in cases {
            let mut fit = Made::new(&changes, stopping);
            let seen = run(&mut fit, cancel_after);
            let expected: Vec<IterationRecord> = (0..taken).map(record).collect();
            let case = format!("{stopping:?}, cancel after {cancel_after:?}");
            assert_eq!(seen, expected, "{case}: every step's record, numbered from 1");
            assert_eq!(fit.trace(), &expected[..], "{case}: the trace keeps them");
            assert_eq!((fit.steps().len(), fit.stop_reason()), (taken, Some(why)), "{case}");
            // The method is asked for a step only while the fit goes on (the end of the
            // games is the method's own answer, one ask more), and told once that it stopped.
            let asked = taken + usize::from(why == StopReason::Finished);
            assert_eq!((fit.advanced, fit.stops), (asked, 1), "{case}");
            assert_eq!((fit.step(), fit.advanced, fit.stops), (None, asked, 1), "{case}: a stopped fit takes no step");
            fit.cancel();
            assert_eq!((fit.stop_reason(), fit.stops), (Some(why), 1), "{case}: a cancel after the end changes nothing");
        }
    }

    #[test]
    fn the_method_has_its_word_on_stopping() {
        let changes = [0.5, 0.01, 0.001];
        let tolerance = Stopping::below(Quantity::Change, 0.05, 100);
        // Not settled: the tolerance alone does not stop the fit, the cap still does.
        let mut fit = Made { settled: false, ..Made::new(&changes, tolerance) };
        assert_eq!(run(&mut fit, None).len(), 3);
        assert_eq!(fit.stop_reason(), Some(StopReason::Finished), "not settled: on to the end of the games");
        let mut fit = Made { settled: false, ..Made::new(&changes, Stopping { cap: Some(2), ..tolerance }) };
        assert_eq!((run(&mut fit, None).len(), fit.stop_reason()), (2, Some(StopReason::MaxIterations)));
        // Its last step finishes the fit, whatever the tests say, and no step is asked after it.
        let mut fit = Made { finishes: true, ..Made::new(&changes, Stopping::below(Quantity::Change, 1e-9, 3)) };
        assert_eq!((run(&mut fit, None).len(), fit.stop_reason(), fit.advanced), (3, Some(StopReason::Finished), 3));
        // A step it cannot take stops the fit with no record.
        let mut fit = Made::new(&[0.5, f64::NAN, 0.1], Stopping::below(Quantity::Change, 0.2, 100));
        assert_eq!(run(&mut fit, None).len(), 1);
        assert_eq!((fit.steps().len(), fit.stop_reason(), fit.stops), (1, Some(StopReason::NonFinite), 1));
        // A cap of none still takes the first step (the cap is tested after a step).
        let mut fit = Made::new(&changes, Stopping::below(Quantity::Change, 1e-9, 0));
        assert_eq!((run(&mut fit, None).len(), fit.stop_reason()), (1, Some(StopReason::MaxIterations)));
    }

    #[test]
    fn every_method_stops_at_the_tolerance_its_measures_name() {
        let text = "white,black,result,date\nAnna,Ben,1-0,2024-01-01\nBen,Cleo,1-0,2024-01-02\nCleo,Anna,1-0,2024-01-03\nAnna,Cleo,1/2-1/2,2024-01-04\n";
        let data = crate::parse::parse_csv(text, &Default::default()).unwrap().dataset;
        for kind in crate::methods::MethodKind::ALL {
            let fit = crate::methods::start(&data, &crate::methods::Method::default_for(kind), &Default::default()).unwrap();
            let (named, tested) = (fit.measures().tolerance, fit.steps().stopping().tolerance);
            match kind {
                // AGA's tolerance ends each event's Newton fit, not the run of events.
                crate::methods::MethodKind::Aga => assert_eq!((named.map(|t| t.0), tested), (Some(Quantity::Residual), None)),
                _ => assert_eq!(named, tested, "{kind}"),
            }
        }
    }
}
