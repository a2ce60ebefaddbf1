//! One block's fit in a held-out evaluation, taken a slice at a time: the games (or events) it
//! is fit on ([`Block`], which the caller owns and keeps while the fit runs, across its
//! slices), the fit under way ([`BlockFit`]: warm from the block before's where the method can
//! use it, and fit again cold when a warm fit fails), and its predictions of the held-out ones.
//!
//! Why the caller owns the block: every method's fit borrows the data it is fit on, and a page's
//! worker must be able to leave a long fit (WHR's Newton steps on a large league) between two
//! slices to read a cancel. The fit then outlives the call that made it, so its data cannot be
//! made inside that call; the worker's loop keeps both, the run neither.

use super::metrics;
use super::predict::Predictor;
use super::rankings::Ranked;
use super::scored::{subset, FitError};
use crate::methods::fit::{Fit, Part, Timed};
use crate::methods::rating::Rating;
use crate::methods::{start, Method, Options};
use crate::model::{Dataset, Event};

/// A block of an evaluation: the earlier games (or events) the method is fit on, and which of
/// the data's are held out and predicted. Made by [`super::EvaluationRun::block`].
pub struct Block {
    pub(super) fitted: Dataset,
    pub(super) test: Vec<usize>,
    /// The method's index and the block's (fold's), from 0.
    pub(super) method: usize,
    pub(super) fold: usize,
}

/// What a block's fit leaves for the next block's (a rolling evaluation's fits, each on a
/// longer history of the same players): its iterate by player and time, for a method that can
/// start from one ([`Fit::timed_iterate`]), and the steps it took.
#[derive(Clone, Debug, Default)]
pub(super) struct Carried {
    pub timed: Option<Timed>,
    pub steps: usize,
}

/// A block's fit, under way or done: begun by [`super::EvaluationRun::begin`], worked
/// ([`BlockFit::work`]) until it is done, then handed back to [`super::EvaluationRun::end`].
pub struct BlockFit<'b> {
    fitted: &'b Dataset,
    method: Method,
    options: Options,
    state: State<'b>,
    /// Steps taken by a warm fit that failed and was fit again cold.
    abandoned: usize,
}

enum State<'b> {
    Running {
        fit: Box<dyn Fit + 'b>,
        warm: bool,
    },
    /// Boxed: a rating is large beside a fit's pointer.
    Done(Box<Result<(Rating, Carried), FitError>>),
}

impl<'b> BlockFit<'b> {
    /// `method` fit on `fitted` through the one fit interface, as [`rate`](crate::methods::rate)
    /// fits it, but started from `earlier` (the fit of the block before, on a part of these
    /// games) where the method can use it ([`Fit::warm_after`]: WHR; the same answer to its
    /// tolerance).
    pub(super) fn new(fitted: &'b Dataset, method: &Method, options: &Options, earlier: Option<&Timed>) -> BlockFit<'b> {
        let state = match start(fitted, method, options) {
            Ok(mut fit) => {
                let warm = earlier.is_some_and(|e| fit.warm_after(e));
                State::Running { fit, warm }
            }
            Err(e) => State::Done(Box::new(Err(e.into()))),
        };
        BlockFit { fitted, method: method.clone(), options: options.clone(), state, abandoned: 0 }
    }

    /// Works on the fit while `more()` says so, between its steps and within a long one
    /// ([`Fit::step_part`]); returns whether work is left. Once `more()` has said no it is not
    /// asked again in this call. A warm fit that fails (a rating that ran away) is fit again
    /// from the method's own start, so a warm start never costs an answer the cold fit gives.
    pub fn work(&mut self, more: &mut dyn FnMut() -> bool) -> bool {
        loop {
            let State::Running { fit, .. } = &mut self.state else { return false };
            if !more() {
                return true;
            }
            let mut halted = false;
            let part = fit.step_part(&mut || {
                halted = !more();
                !halted
            });
            match part {
                Part::Step(None) => self.conclude(),
                _ if halted => return true,
                _ => {}
            }
        }
    }

    /// The fit under way has stopped: its rating, or (a warm fit that failed) a cold fit begun.
    fn conclude(&mut self) {
        let State::Running { fit, warm } = std::mem::replace(&mut self.state, State::Done(Box::new(Err(FitError::NothingToPredict))))
        else {
            return;
        };
        let carried = Carried { timed: fit.timed_iterate(), steps: self.abandoned + fit.steps().len() };
        self.state = match fit.into_rating() {
            Err(_) if warm => {
                self.abandoned = carried.steps;
                match start(self.fitted, &self.method, &self.options) {
                    Ok(fit) => State::Running { fit, warm: false },
                    Err(e) => State::Done(Box::new(Err(e.into()))),
                }
            }
            rating => State::Done(Box::new(rating.map(|r| (r, carried)).map_err(FitError::from))),
        };
    }

    /// How far the fit under way is, in words, once it has taken a step or is part-way
    /// through one: "Newton step 5", "Newton step 5: 12 conjugate-gradient iterations so far"
    /// (the step under way, and the method's own word for its steps); `None` otherwise.
    pub fn at(&self) -> Option<String> {
        let State::Running { fit, .. } = &self.state else { return None };
        let (step, what) = (fit.steps().len() + 1, fit.measures().step);
        match fit.partway() {
            Some(p) => Some(format!("{what} {step}: {} {}{} so far", p.done, p.what, if p.done == 1 { "" } else { "s" })),
            None if step > 1 => Some(format!("{what} {step}")),
            None => None,
        }
    }

    /// The fit's rating and what it leaves for the next block, once done
    /// ([`BlockFit::work`] returned `false`); [`FitError::Stopped`] before then.
    pub(super) fn outcome(self) -> Result<(Rating, Carried), FitError> {
        match self.state {
            State::Done(outcome) => *outcome,
            State::Running { .. } => Err(FitError::Stopped),
        }
    }

    /// The fit run to its end.
    pub(super) fn run(mut self) -> Result<(Rating, Carried), FitError> {
        while self.work(&mut || true) {}
        self.outcome()
    }
}

/// A block's fit put to its predictions: `method`'s `rating`, fit on `fitted`, for the
/// held-out games or events `test` of `data`.
pub(super) struct HeldOut<'a> {
    data: &'a Dataset,
    fitted: &'a Dataset,
    test: &'a [usize],
    predictor: Predictor,
}

impl<'a> HeldOut<'a> {
    pub(super) fn new(data: &'a Dataset, fitted: &'a Dataset, method: &Method, rating: &Rating, test: &'a [usize]) -> HeldOut<'a> {
        HeldOut { data, fitted, test, predictor: Predictor::new(method, rating, fitted) }
    }

    /// Each held-out game's (prediction, score) pair, how many had a player without a rating,
    /// and (when `in_sample`) the fit's log-loss on its own games.
    pub(super) fn games(&self, in_sample: bool) -> (Vec<(f64, f64)>, usize, Option<f64>) {
        let mut unseen = 0;
        let pairs = self
            .test
            .iter()
            .map(|&i| {
                let g = &self.data.games[i];
                let (p, missing) = self.predictor.predict(g);
                unseen += usize::from(missing);
                (p, g.score)
            })
            .collect();
        let own = in_sample.then(|| self.fitted.games.iter().map(|g| (self.predictor.predict(g).0, g.score)).collect::<Vec<_>>());
        (pairs, unseen, own.and_then(|p| metrics::score(&p)).map(|s| s.log_loss))
    }

    /// Each held-out event's prediction ([`Ranked`]), how many had a player without a rating,
    /// and (when `in_sample`) the fit's log-loss on its own events.
    pub(super) fn events(&self, in_sample: bool) -> Result<(Vec<Ranked>, usize, Option<f64>), FitError> {
        let shares = |events: &mut dyn Iterator<Item = &Event>| -> Result<(Vec<Ranked>, usize), FitError> {
            let mut unseen = 0;
            let mut out = Vec::new();
            for event in events {
                let (ranked, missing) = self.predictor.predict_event(event).ok_or(FitError::NoEventPredictions)?;
                unseen += usize::from(missing);
                out.push(ranked);
            }
            Ok((out, unseen))
        };
        let (out, unseen) = shares(&mut self.test.iter().map(|&i| &self.data.events[i]))?;
        let own = match in_sample {
            true => metrics::score_events(&shares(&mut self.fitted.events.iter())?.0).map(|s| s.log_loss),
            false => None,
        };
        Ok((out, unseen, own))
    }
}

/// The (prediction, score) pairs of `method` fit on `train` for the games `test`, and how many
/// had a player without a rating.
pub fn predictions(
    data: &Dataset,
    method: &Method,
    options: &Options,
    train: &[usize],
    test: &[usize],
) -> Result<(Vec<(f64, f64)>, usize), FitError> {
    let fitted = subset(data, train);
    let (rating, _) = BlockFit::new(&fitted, method, options, None).run()?;
    let (pairs, unseen, _) = HeldOut::new(data, &fitted, method, &rating, test).games(false);
    Ok((pairs, unseen))
}
