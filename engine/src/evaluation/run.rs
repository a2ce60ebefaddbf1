//! The held-out evaluation run a fit at a time ([`EvaluationRun`]): each method on each
//! fold (rolling block) in turn, so that a caller can say which block of how many is being
//! fit (the app's worker between slices, the command line on stderr) and an estimate of the
//! whole before it starts ([`estimate_seconds`]).

use super::baseline::{baselines, BaselineScores};
use super::cause::games_per_player;
use super::metrics::{self, Scores};
use super::rankings::Ranked;
use super::scored::{event_predictions, note, predictions_in_sample, Difference, Evaluation, FitError, MethodScores};
use super::split::{events_only, splits, Splits, MAX_ROLLING};
use crate::compare::export::labels;
use crate::methods::{Method, Options};
use crate::model::Dataset;

/// One method's predictions so far: of games, or of multi-player events.
enum Predicted {
    Games(Vec<(f64, f64)>),
    Events(Vec<Ranked>),
}

/// The method being fit: its predictions so far, unseen games, in-sample log-loss (of the
/// first fold's fit), or why it failed.
struct Current {
    predicted: Predicted,
    unseen: usize,
    in_sample: Option<f64>,
    failed: Option<FitError>,
}

/// An evaluation in progress: [`EvaluationRun::step`] fits one method on one fold.
pub struct EvaluationRun<'a> {
    data: &'a Dataset,
    methods: Vec<Method>,
    labels: Vec<String>,
    options: Options,
    holdout: f64,
    folds: Splits,
    order: &'static str,
    events: bool,
    /// Fits done: method `done / folds`, fold `done % folds`.
    done: usize,
    current: Current,
    scored: Vec<MethodScores>,
    /// Each scored method's per-game log-losses (for the paired differences).
    losses: Vec<Vec<f64>>,
}

impl<'a> EvaluationRun<'a> {
    pub fn new(data: &'a Dataset, methods: &[Method], options: &Options, holdout: f64, rolling: usize) -> EvaluationRun<'a> {
        let (folds, order) = splits(data, holdout, rolling);
        let events = events_only(data);
        EvaluationRun {
            data,
            methods: methods.to_vec(),
            labels: labels(methods),
            options: options.clone(),
            holdout,
            folds,
            order,
            events,
            done: 0,
            current: Current::new(events),
            scored: Vec::new(),
            losses: Vec::new(),
        }
    }

    /// Folds a method is fit on (at least one: with nothing held out, one that fails).
    fn per_method(&self) -> usize {
        self.folds.len().max(1)
    }

    /// Fits done and in all: (done, total).
    pub fn progress(&self) -> (usize, usize) {
        (self.done, self.methods.len() * self.per_method())
    }

    /// The fit next: "brent, block 3 of 20" (or "elo" without rolling blocks); `None` when done.
    pub fn next_fit(&self) -> Option<String> {
        let (m, k) = (self.done / self.per_method(), self.done % self.per_method());
        let label = self.labels.get(m)?;
        Some(match self.folds.len() {
            0 | 1 => label.clone(),
            n => format!("{label}, block {} of {n}", k + 1),
        })
    }

    /// Fits the next method on the next fold; `false` when every fit is done.
    pub fn step(&mut self) -> bool {
        let per = self.per_method();
        let (m, k) = (self.done / per, self.done % per);
        let Some(method) = self.methods.get(m).cloned() else { return false };
        if self.current.failed.is_none() {
            self.fit(&method, k);
        }
        self.done += 1;
        if k + 1 == per {
            self.finish_method(m);
        }
        self.done < self.methods.len() * per
    }

    /// Fits `method` on fold `k` and keeps its predictions (the first fold's fit also
    /// predicts its own games: the in-sample log-loss).
    fn fit(&mut self, method: &Method, k: usize) {
        if self.folds.is_empty() {
            self.current.failed = Some(FitError::NothingToPredict);
            return;
        }
        let (train, test) = self.folds.fold(k);
        let (data, options) = (self.data, &self.options);
        let c = &mut self.current;
        let outcome = match &mut c.predicted {
            Predicted::Games(all) => predictions_in_sample(data, method, options, &train, &test, k == 0).map(|(p, u, i)| {
                all.extend(p);
                (u, i)
            }),
            Predicted::Events(all) => event_predictions(data, method, options, &train, &test, k == 0).map(|(p, u, i)| {
                all.extend(p);
                (u, i)
            }),
        };
        match outcome {
            Ok((unseen, in_sample)) => {
                c.unseen += unseen;
                c.in_sample = c.in_sample.or(in_sample);
            }
            Err(e) => c.failed = Some(e),
        }
    }

    /// Scores method `m`'s predictions and starts the next.
    fn finish_method(&mut self, m: usize) {
        let c = std::mem::replace(&mut self.current, Current::new(self.events));
        let (scores, losses): (Option<Scores>, Vec<f64>) = match &c.predicted {
            Predicted::Games(p) => (metrics::score(p), metrics::losses(p)),
            Predicted::Events(p) => (metrics::score_events(p), metrics::event_losses(p)),
        };
        let scores = match c.failed {
            Some(e) => Err(e),
            None => scores.ok_or(FitError::NothingToPredict),
        };
        let method = &self.methods[m];
        self.losses.push(if scores.is_ok() { losses } else { Vec::new() });
        self.scored.push(MethodScores {
            label: self.labels[m].clone(),
            method: method.clone(),
            scores,
            unseen_games: c.unseen,
            fits_parameters: matches!(method, Method::JRank(p) if p.fit),
            note: note(method, self.data),
            in_sample: c.in_sample,
        });
    }

    /// Runs every fit left, then [`EvaluationRun::finish`].
    pub fn run(mut self) -> Evaluation {
        while self.step() {}
        self.finish()
    }

    /// The evaluation of the fits done (methods not reached are left out).
    pub fn finish(self) -> Evaluation {
        let scored = baselines(self.data, &self.folds);
        let (first_train, first_test) = if self.folds.is_empty() { (Vec::new(), Vec::new()) } else { self.folds.fold(0) };
        let mut e = Evaluation {
            methods: self.scored,
            order: self.order.to_string(),
            holdout: self.holdout,
            folds: self.folds.len(),
            games_scored: self.folds.predicted(),
            first_training_games: self.folds.first_training(),
            baselines: scored.iter().map(|(b, _)| b.clone()).collect(),
            games_per_player: games_per_player(self.data, &first_train, &first_test, self.events),
            differences: Vec::new(),
            events: self.events,
        };
        e.differences = differences(&e, &self.losses, &scored);
        e
    }
}

impl Current {
    fn new(events: bool) -> Current {
        let predicted = if events { Predicted::Events(Vec::new()) } else { Predicted::Games(Vec::new()) };
        Current { predicted, unseen: 0, in_sample: None, failed: None }
    }
}

/// The best method (by log-loss) against every other method and against the best baseline,
/// game by game on the same games.
fn differences(e: &Evaluation, losses: &[Vec<f64>], baselines: &[(BaselineScores, Vec<f64>)]) -> Vec<Difference> {
    let Some(best) = e.lowest_method() else { return Vec::new() };
    let mut out: Vec<Difference> = e
        .methods
        .iter()
        .enumerate()
        .filter(|&(i, m)| i != best && m.scores.is_ok())
        .filter_map(|(i, m)| Difference::of(&m.label, &losses[i], &e.methods[best].label, &losses[best]))
        .collect();
    let base = baselines.iter().min_by(|a, b| a.0.scores.log_loss.total_cmp(&b.0.scores.log_loss));
    if let Some((b, l)) = base {
        out.extend(Difference::of(&e.methods[best].label, &losses[best], b.baseline.title(), l));
    }
    out
}

/// Each fit's own cost beyond its method's work, in replays of Elo: the copy of the earlier
/// games it is fit on and its predictions. Measured natively on a generated league of 200,000
/// games (5,000 and 25,000 players, rolling blocks): a fit with its predictions took 1.3–1.9
/// times the bare fit, rounded up to half a replay.
pub const FIT_OVERHEAD_PASSES: f64 = 0.5;

/// Games fit in all by an evaluation of `items` games (or events) with `holdout` and
/// `rolling` blocks: each block's fit learns from every game before it.
pub fn games_fit(items: usize, holdout: f64, rolling: usize) -> f64 {
    let held = ((items as f64 * holdout.clamp(0.0, 1.0)).round() as usize).min(items);
    let blocks = rolling.clamp(1, held.clamp(1, MAX_ROLLING));
    let start = items - held;
    (0..blocks).map(|k| (start + held * k / blocks) as f64).sum()
}

/// Roughly how long evaluating `methods` takes, in seconds, at `per_game_pass` seconds a game
/// for one replay of Elo: the games every fit learns from ([`games_fit`]) times each method's
/// `passes` (its `About`, the compare view's measure of its work) and each fit's own
/// [`FIT_OVERHEAD_PASSES`].
pub fn estimate_seconds(items: usize, holdout: f64, rolling: usize, methods: &[Method], per_game_pass: f64) -> f64 {
    let passes: f64 = methods.iter().map(|m| m.kind().words().passes + FIT_OVERHEAD_PASSES).sum();
    games_fit(items, holdout, rolling) * passes * per_game_pass
}

/// An estimate worth saying before an evaluation starts (`None` under `long` seconds): "This
/// prediction takes about 9 min: 2 methods, each fit 20 times (once a block) on up to 200,000
/// games."
pub fn estimate_text(items: usize, holdout: f64, rolling: usize, methods: &[Method], per_game_pass: f64, long: f64) -> Option<String> {
    let s = estimate_seconds(items, holdout, rolling, methods, per_game_pass);
    if s < long {
        return None;
    }
    let time = match s {
        s if s < 90.0 => format!("{} s", ((s / 5.0).round() as u64 * 5).max(5)),
        s => format!("{} min", (s / 60.0).round().max(2.0) as u64),
    };
    let blocks = rolling.clamp(1, MAX_ROLLING);
    let fits = if blocks == 1 { "fit once".to_string() } else { format!("fit {blocks} times (once a block)") };
    let n = methods.len();
    let games = crate::text::thousands(items as u64);
    Some(format!("This prediction takes about {time}: {n} method{}, each {fits} on up to {games} games.", if n == 1 { "" } else { "s" }))
}

/// The most rolling blocks under `rolling` that are estimated under `long` seconds (`None`
/// when none is, or `rolling` is 1): what to offer instead of a long evaluation.
pub fn fewer_blocks(items: usize, holdout: f64, rolling: usize, methods: &[Method], per_game_pass: f64, long: f64) -> Option<usize> {
    (1..rolling.min(MAX_ROLLING)).rev().find(|&b| estimate_seconds(items, holdout, b, methods, per_game_pass) < long)
}

/// "3 of 40 fits done, next brent, block 4 of 20: 2 s so far, about 25 s left": progress, the
/// time left guessed from the time taken so far (later blocks learn from more games: a guess
/// on the low side).
pub fn progress_text(done: usize, total: usize, next: &str, elapsed_s: f64) -> String {
    let left = elapsed_s / done.max(1) as f64 * total.saturating_sub(done) as f64;
    format!("{done} of {total} fits done, next {next}: {elapsed_s:.0} s so far, about {left:.0} s left")
}

/// Every method fit on the earlier games and scored on the later ones (see [`super`]'s notes),
/// at once ([`EvaluationRun`] runs it a fit at a time).
pub fn evaluate(data: &Dataset, methods: &[Method], options: &Options, holdout: f64, rolling: usize) -> Evaluation {
    EvaluationRun::new(data, methods, options, holdout, rolling).run()
}
