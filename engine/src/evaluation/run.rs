//! The held-out evaluation run a fit at a time ([`EvaluationRun`]): each method on each
//! fold (rolling block) in turn, so that a caller can say which block of how many is being
//! fit (the app's worker between slices, the command line on stderr), an estimate of the
//! whole before it starts ([`estimate_seconds`], in the browser or natively: [`Runtime`]),
//! and, when a caller stops it early (the command line's `--max-seconds`), the methods it left
//! unfinished ([`EvaluationRun::unfinished`]). Each block's fit of a method starts from the
//! block before's where the method can use it (WHR's warm refit: [`Fit::warm_after`]).
//!
//! [`Fit::warm_after`]: crate::methods::fit::Fit::warm_after

use super::baseline::{baselines, BaselineScores};
use super::block::{Block, BlockFit, HeldOut};
use super::cause::games_per_player;
use super::metrics::{self, Scores};
use super::rankings::Ranked;
use super::scored::{event_subset, note, subset, Difference, Evaluation, FitError, MethodScores};
use super::split::{events_only, splits, Splits, MAX_ROLLING};
use crate::compare::export::labels;
use crate::methods::cost::Runtime;
use crate::methods::fit::Timed;
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
    /// The last block's fit by player and time, for the next block's to start from
    /// ([`crate::methods::fit::Fit::warm_after`]).
    earlier: Option<Timed>,
}

/// A method an evaluation stopped early did not score: how many of its blocks were fit (0: not
/// started). Its blocks done are not scored: they would be scored on fewer games than the
/// methods that finished, and set against them game by game on games they did not all predict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unfinished {
    pub label: String,
    pub blocks_done: usize,
    pub blocks: usize,
    /// A fit of it was under way when the run stopped.
    pub started: bool,
}

impl Unfinished {
    /// "whr (3 of 10 blocks done)", "whr (stopped during its first fit)", "glicko2 (not
    /// started)".
    pub fn text(&self) -> String {
        match self.blocks_done {
            0 if self.started => format!("{} (stopped during its first fit)", self.label),
            0 => format!("{} (not started)", self.label),
            k => format!("{} ({k} of {} blocks done)", self.label, self.blocks),
        }
    }
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
    /// The methods' steps taken by the fits so far ([`EvaluationRun::steps`]).
    steps: usize,
    /// Asked between a fit's steps whether to stop ([`EvaluationRun::stop_when`]).
    stop: Option<Box<dyn Fn() -> bool + 'a>>,
    /// It stopped a fit under way: no fit is run after it.
    stopped: bool,
    /// A fit is under way (begun and not ended), or was when the run stopped.
    under_way: bool,
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
            steps: 0,
            stop: None,
            stopped: false,
            under_way: false,
        }
    }

    /// Stops the fit under way, between its steps or part-way through a long one, once
    /// `stop()` says so (the command line's `--max-seconds`, a clock): [`EvaluationRun::step`]
    /// then returns `false` and fits no more, and [`EvaluationRun::unfinished`] names that fit's
    /// method with the blocks it had finished. Without it a fit runs to its end.
    pub fn stop_when(mut self, stop: impl Fn() -> bool + 'a) -> EvaluationRun<'a> {
        self.stop = Some(Box::new(stop));
        self
    }

    /// Whether [`EvaluationRun::stop_when`]'s check stopped a fit under way.
    pub fn stopped(&self) -> bool {
        self.stopped
    }

    /// Folds a method is fit on (at least one: with nothing held out, one that fails).
    fn per_method(&self) -> usize {
        self.folds.len().max(1)
    }

    /// Fits done and in all: (done, total).
    pub fn progress(&self) -> (usize, usize) {
        (self.done, self.methods.len() * self.per_method())
    }

    /// The steps the fits have taken so far, every method's counted as it counts them (WHR's
    /// Newton steps, Brent's iterations, Elo's dates): fewer where a block's fit starts from
    /// the last block's.
    pub fn steps(&self) -> usize {
        self.steps
    }

    /// The methods named `names` in the scores, their differences, notes and progress, in
    /// their order (the app's titles: "Brent", "Elo (K = 16)"), in place of their keys (what
    /// the command line's `--methods` takes, and prints); names of another count, or not all
    /// different (the differences find a method by its name), are not taken.
    pub fn named(mut self, names: Vec<String>) -> EvaluationRun<'a> {
        let distinct = names.iter().enumerate().all(|(i, n)| !names[..i].contains(n));
        if names.len() == self.labels.len() && distinct {
            self.labels = names;
        }
        self
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

    /// The methods not scored yet, in order: the one under way (with its blocks done), then
    /// those not started. Empty once every fit is done; what a run stopped early
    /// ([`EvaluationRun::finish`] before the end) leaves out.
    pub fn unfinished(&self) -> Vec<Unfinished> {
        let per = self.per_method();
        let (m, k) = (self.done / per, self.done % per);
        let blocks = self.folds.len().max(1);
        self.labels
            .iter()
            .enumerate()
            .skip(m)
            .map(|(i, label)| Unfinished {
                label: label.clone(),
                blocks_done: if i == m { k } else { 0 },
                blocks,
                started: i == m && self.under_way,
            })
            .collect()
    }

    /// A run stopped before its end (the page's Cancel), in words: the fits done, the methods
    /// scored and those not finished ("Cancelled after 2 of 4 fits: Elo is scored below; WHR
    /// (not started) was not finished.").
    pub fn cancelled_text(&self) -> String {
        let (done, total) = self.progress();
        let scored: Vec<String> = self.scored.iter().map(|m| m.label.clone()).collect();
        let unfinished: Vec<String> = self.unfinished().iter().map(Unfinished::text).collect();
        let scored = match scored.len() {
            0 => "no method was finished".to_string(),
            1 => format!("{} is scored below", scored[0]),
            _ => format!("{} are scored below", and_list(&scored)),
        };
        let unfinished = match unfinished.len() {
            0 => String::new(),
            1 => format!("; {} was not finished", unfinished[0]),
            _ => format!("; {} were not finished", and_list(&unfinished)),
        };
        format!("Cancelled after {done} of {total} fits: {scored}{unfinished}.")
    }

    /// Fits the next method on the next fold; `false` when every fit is done, or a fit was
    /// stopped ([`EvaluationRun::stop_when`]).
    pub fn step(&mut self) -> bool {
        let Some(block) = self.block() else { return false };
        let mut fit = self.begin(&block);
        match self.stop.as_deref() {
            None => while fit.work(&mut || true) {},
            Some(stop) => _ = fit.work(&mut || !stop()),
        }
        self.end(&block, fit);
        !self.stopped && self.done < self.methods.len() * self.per_method()
    }

    /// The next fit's block (the earlier games it is fit on, and those it predicts), for
    /// [`EvaluationRun::begin`]; `None` when every fit is done, or one was stopped. The fits
    /// left of a method that failed are passed over here, counted as done.
    ///
    /// [`EvaluationRun::step`] is `block`, `begin`, [`BlockFit::work`] to the end and
    /// [`EvaluationRun::end`]; a caller that must look at its messages during a long fit (the
    /// page's worker) takes those steps itself, keeping the block while the fit runs.
    pub fn block(&mut self) -> Option<Block> {
        let per = self.per_method();
        while !self.stopped {
            let (m, k) = (self.done / per, self.done % per);
            let method = self.methods.get(m)?;
            if self.current.failed.is_none() {
                if self.folds.is_empty() {
                    self.current.failed = Some(FitError::NothingToPredict);
                } else if self.events && !method.kind().rates_events() {
                    self.current.failed = Some(FitError::NoEventPredictions);
                } else {
                    let (train, test) = self.folds.fold(k);
                    let fitted = if self.events { event_subset(self.data, &train) } else { subset(self.data, &train) };
                    return Some(Block { fitted, test, method: m, fold: k });
                }
            }
            self.count_done(m, k);
        }
        None
    }

    /// Begins `block`'s fit, from the block before's where the method can use it (WHR's warm
    /// refit: its games are those and the last block's).
    pub fn begin<'b>(&mut self, block: &'b Block) -> BlockFit<'b> {
        let earlier = self.current.earlier.take();
        self.under_way = true;
        BlockFit::new(&block.fitted, &self.methods[block.method], &self.options, earlier.as_ref())
    }

    /// Keeps `block`'s predictions by its fit (the first block's fit also predicts its own
    /// games: the in-sample log-loss). A fit not done ([`BlockFit::work`] had work left) stops
    /// the run: its method is listed as not finished ([`EvaluationRun::unfinished`]).
    pub fn end(&mut self, block: &Block, fit: BlockFit) {
        let (m, k) = (block.method, block.fold);
        let outcome = fit.outcome();
        if let Err(FitError::Stopped) = outcome {
            self.stopped = true;
            return;
        }
        self.under_way = false;
        let (rating, carried) = match outcome {
            Err(e) => {
                self.current.failed = Some(e);
                return self.count_done(m, k);
            }
            Ok(done) => done,
        };
        let (data, method, c) = (self.data, &self.methods[m], &mut self.current);
        let held = HeldOut::new(data, &block.fitted, method, &rating, &block.test);
        let outcome = match &mut c.predicted {
            Predicted::Games(all) => {
                let (p, unseen, own) = held.games(k == 0);
                all.extend(p);
                Ok((unseen, own))
            }
            Predicted::Events(all) => held.events(k == 0).map(|(p, unseen, own)| {
                all.extend(p);
                (unseen, own)
            }),
        };
        // The predictor (a value a player) is not held while the method is scored.
        drop(held);
        match outcome {
            Ok((unseen, own)) => {
                c.unseen += unseen;
                c.in_sample = c.in_sample.or(own);
                c.earlier = carried.timed;
                self.steps += carried.steps;
            }
            Err(e) => c.failed = Some(e),
        }
        self.count_done(m, k);
    }

    /// Counts fit `k` of method `m` done, and scores the method after its last.
    fn count_done(&mut self, m: usize, k: usize) {
        self.done += 1;
        if k + 1 == self.per_method() {
            self.finish_method(m);
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
        Current { predicted, unseen: 0, in_sample: None, failed: None, earlier: None }
    }
}

/// "a", "a and b", "a, b and c".
fn and_list(items: &[String]) -> String {
    match items.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => items.concat(),
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

/// The games each block's fit learns from, in an evaluation of `items` games (or events) with
/// `holdout` and `rolling` blocks: every game before the block.
pub fn blocks_fit(items: usize, holdout: f64, rolling: usize) -> impl Iterator<Item = f64> {
    let held = ((items as f64 * holdout.clamp(0.0, 1.0)).round() as usize).min(items);
    let blocks = rolling.clamp(1, held.clamp(1, MAX_ROLLING));
    let start = items - held;
    (0..blocks).map(move |k| (start + held * k / blocks) as f64)
}

/// Games fit in all by such an evaluation ([`blocks_fit`]'s sum).
pub fn games_fit(items: usize, holdout: f64, rolling: usize) -> f64 {
    blocks_fit(items, holdout, rolling).sum()
}

/// What an evaluation's estimate is of: the games (or events), and whether they are a dated
/// history ([`crate::methods::cost::dated`]: WHR costs far less on one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Items {
    pub count: usize,
    pub dated: bool,
}

impl Items {
    /// `data`'s games (or events, when it has only events).
    pub fn of(data: &Dataset) -> Items {
        let count = if events_only(data) { data.events.len() } else { data.games.len() };
        Items { count, dated: crate::methods::cost::dated(data) }
    }
}

/// Roughly how long evaluating `methods` takes where it runs, in seconds: each block's fit of
/// each method on the games before the block ([`blocks_fit`]) at the method's cost there (its
/// `About`'s `passes`, the compare view's measure of its work: [`crate::methods::cost::Passes::seconds`]), and each
/// fit's own [`FIT_OVERHEAD_PASSES`].
pub fn estimate_seconds(items: Items, holdout: f64, rolling: usize, methods: &[Method], runtime: Runtime) -> f64 {
    let overhead = FIT_OVERHEAD_PASSES * runtime.seconds_per_game_pass();
    let block = |n: f64| methods.iter().map(|m| m.kind().words().passes.seconds(n, items.dated, runtime) + n * overhead).sum::<f64>();
    blocks_fit(items.count, holdout, rolling).map(block).sum()
}

/// An estimate worth saying before an evaluation starts (`None` under `long` seconds): "This
/// prediction takes about 9 min: 2 methods, each fit 20 times (once a block) on up to 200,000
/// games." (the app's words; [`estimate_words`] the command line's).
pub fn estimate_text(items: Items, holdout: f64, rolling: usize, methods: &[Method], runtime: Runtime, long: f64) -> Option<String> {
    let s = estimate_seconds(items, holdout, rolling, methods, runtime);
    (s >= long).then(|| format!("This prediction takes {}.", estimate_words(s, items.count, rolling, methods.len())))
}

/// An estimate of `seconds` in words: "about 9 min: 2 methods, each fit 20 times (once a
/// block) on up to 200,000 games" (under 10 s to the second, under 90 s to 5 s, else to the
/// minute).
pub fn estimate_words(seconds: f64, items: usize, rolling: usize, methods: usize) -> String {
    let time = match seconds {
        s if s < 9.5 => format!("{} s", (s.round() as u64).max(1)),
        s if s < 90.0 => format!("{} s", (s / 5.0).round() as u64 * 5),
        s => format!("{} min", (s / 60.0).round().max(2.0) as u64),
    };
    let blocks = rolling.clamp(1, MAX_ROLLING);
    let fits = if blocks == 1 { "fit once".to_string() } else { format!("fit {blocks} times (once a block)") };
    let games = crate::text::thousands(items as u64);
    format!("about {time}: {methods} method{}, each {fits} on up to {games} games", if methods == 1 { "" } else { "s" })
}

/// The most rolling blocks under `rolling` that are estimated under `long` seconds (`None`
/// when none is, or `rolling` is 1): what to offer instead of a long evaluation.
pub fn fewer_blocks(items: Items, holdout: f64, rolling: usize, methods: &[Method], runtime: Runtime, long: f64) -> Option<usize> {
    (1..rolling.min(MAX_ROLLING)).rev().find(|&b| estimate_seconds(items, holdout, b, methods, runtime) < long)
}

/// "3 of 40 fits done, next brent, block 4 of 20: 2 s so far, about 25 s left": progress, the
/// time left guessed from the time taken so far (later blocks learn from more games: a guess
/// on the low side).
pub fn progress_text(done: usize, total: usize, next: &str, elapsed_s: f64) -> String {
    fits_text(done, total, "next", next, elapsed_s)
}

/// [`progress_text`] said while fit `now` is under way (the page's worker, which says how far
/// a long fit is between its slices): "3 of 40 fits done, now WHR, block 4 of 20 (Newton step
/// 5): 2 s so far, about 25 s left".
pub fn progress_now_text(done: usize, total: usize, now: &str, elapsed_s: f64) -> String {
    fits_text(done, total, "now", now, elapsed_s)
}

fn fits_text(done: usize, total: usize, word: &str, fit: &str, elapsed_s: f64) -> String {
    let left = elapsed_s / done.max(1) as f64 * total.saturating_sub(done) as f64;
    format!("{done} of {total} fits done, {word} {fit}: {elapsed_s:.0} s so far, about {left:.0} s left")
}

/// Every method fit on the earlier games and scored on the later ones (see [`super`]'s notes),
/// at once ([`EvaluationRun`] runs it a fit at a time).
pub fn evaluate(data: &Dataset, methods: &[Method], options: &Options, holdout: f64, rolling: usize) -> Evaluation {
    EvaluationRun::new(data, methods, options, holdout, rolling).run()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::methods::MethodKind;

    /// 400 games among 30 players of spread strengths, from a small seeded generator.
    fn league() -> Dataset {
        let mut x: u64 = 0x2545_F491_4F6C_DD1D;
        let mut unit = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 11) as f64 / (1u64 << 53) as f64
        };
        let mut data = Dataset::new();
        while data.games.len() < 400 {
            let (a, b) = ((unit() * 30.0) as usize, (unit() * 30.0) as usize);
            if a != b {
                let p = 1.0 / (1.0 + ((b as f64 - a as f64) / 10.0).exp());
                data.add_game(&format!("p{a}"), &format!("p{b}"), if unit() < p { 1.0 } else { 0.0 });
            }
        }
        data
    }

    #[test]
    fn a_fit_under_way_is_stopped_when_asked() {
        let data = league();
        let methods = [Method::default_for(MethodKind::Elo), Method::default_for(MethodKind::Whr)];
        let options = Options::default();
        let full = evaluate(&data, &methods, &options, 0.2, 4);
        // The questions a run asks, never told to stop: Elo's four fits, WHR's first.
        let questions = |methods: &[Method], rolling: usize, fits: usize| {
            let asked = std::cell::Cell::new(0);
            let mut run = EvaluationRun::new(&data, methods, &options, 0.2, rolling).stop_when(|| {
                asked.set(asked.get() + 1);
                false
            });
            (0..fits).for_each(|_| _ = run.step());
            (asked.get(), run.steps())
        };
        let (elo_asked, elo_steps) = questions(&methods[..1], 4, 4);
        let (whr_asked, whr_steps) = questions(&methods[1..], 1, 1);
        assert!(whr_asked > 8 && whr_steps > 1, "WHR's fit asks {whr_asked} times in {whr_steps} steps");
        // Told to stop at the 8th question of WHR's first fit: stopped part-way through it.
        let asked = std::cell::Cell::new(0);
        let limit = elo_asked + 8;
        let mut run = EvaluationRun::new(&data, &methods, &options, 0.2, 4).stop_when(|| {
            asked.set(asked.get() + 1);
            asked.get() >= limit
        });
        let mut fits = 0;
        while run.step() {
            fits += 1;
        }
        assert!(run.stopped() && fits == 4, "Elo's four blocks, then WHR's first fit stopped: {fits} fits");
        assert_eq!(asked.get(), limit, "no question after the stop");
        assert_eq!(run.steps(), elo_steps, "the stopped fit's steps are not counted as done");
        assert_eq!(run.unfinished(), vec![Unfinished { label: "whr".into(), blocks_done: 0, blocks: 4, started: true }]);
        assert_eq!(run.unfinished()[0].text(), "whr (stopped during its first fit)");
        assert!(!run.step(), "no fit after a stop");
        let e = run.finish();
        assert_eq!(e.methods.len(), 1);
        assert_eq!(e.methods[0], full.methods[0], "Elo, finished, is scored as in the whole run");
        // Never asked to stop: the whole run.
        let run = EvaluationRun::new(&data, &methods, &options, 0.2, 4).stop_when(|| false);
        assert_eq!(run.run(), full);
    }

    /// A caller that leaves each fit between slices (the page's worker, to read a cancel)
    /// gets the whole run's evaluation: each fit is left part-way, within its long steps too,
    /// and taken up where it was.
    #[test]
    fn fits_left_between_slices_and_taken_up_give_the_whole_run() {
        let data = league();
        let methods = [Method::default_for(MethodKind::Elo), Method::default_for(MethodKind::Whr)];
        let options = Options::default();
        let full = evaluate(&data, &methods, &options, 0.2, 4);
        let mut run = EvaluationRun::new(&data, &methods, &options, 0.2, 4);
        let (mut slices, mut within_a_step) = (Vec::new(), 0);
        while let Some(block) = run.block() {
            let mut fit = run.begin(&block);
            let mut n = 0;
            // Each slice answers two questions: yes, then no.
            while n < 100_000 && {
                let mut asked = 0;
                fit.work(&mut || {
                    asked += 1;
                    asked < 2
                })
            } {
                n += 1;
                within_a_step += usize::from(fit.at().is_some_and(|at| at.contains("so far")));
            }
            run.end(&block, fit);
            slices.push(n);
        }
        assert_eq!(slices.len(), 8, "Elo's four blocks and WHR's: {slices:?}");
        assert!(slices[4..].iter().all(|&n| n > 4 && n < 100_000), "WHR's fits left and taken up: {slices:?}");
        assert!(within_a_step > 0, "WHR's fits left within a Newton step");
        assert!(!run.stopped());
        let mut whole = EvaluationRun::new(&data, &methods, &options, 0.2, 4);
        while whole.step() {}
        assert_eq!(run.steps(), whole.steps(), "the same steps as fits taken whole");
        assert_eq!(run.finish(), full);
    }

    #[test]
    fn a_run_stopped_early_scores_the_methods_finished_and_names_the_rest() {
        let data = league();
        let methods = [Method::default_for(MethodKind::Elo), Method::default_for(MethodKind::Brent)];
        let options = Options::default();
        let full = evaluate(&data, &methods, &options, 0.2, 4);
        let mut run = EvaluationRun::new(&data, &methods, &options, 0.2, 4);
        let not_started = |label: &str| Unfinished { label: label.into(), blocks_done: 0, blocks: 4, started: false };
        assert_eq!(run.unfinished(), vec![not_started("elo"), not_started("brent")]);
        for _ in 0..6 {
            run.step();
        }
        // Elo's four blocks and two of Brent's: Brent is under way, not scored.
        let brent = Unfinished { label: "brent".into(), blocks_done: 2, blocks: 4, started: false };
        assert_eq!(run.unfinished(), vec![brent.clone()]);
        assert_eq!(brent.text(), "brent (2 of 4 blocks done)");
        assert_eq!(not_started("whr").text(), "whr (not started)");
        let e = run.finish();
        assert_eq!(e.methods.len(), 1);
        assert_eq!(e.methods[0], full.methods[0], "the method finished is scored as in the whole run");
        assert_eq!((e.baselines, e.folds, e.games_scored), (full.baselines.clone(), full.folds, full.games_scored));
        // Stopped before any fit: the baselines alone.
        let e = EvaluationRun::new(&data, &methods, &options, 0.2, 4).finish();
        assert!(e.methods.is_empty() && e.differences.is_empty() && e.baselines == full.baselines);
        let mut run = EvaluationRun::new(&data, &methods, &options, 0.2, 4);
        while run.step() {}
        assert!(run.unfinished().is_empty());
        assert_eq!(run.finish(), full);
    }

    #[test]
    fn a_cancelled_run_says_what_was_scored_and_what_was_not_finished() {
        let data = league();
        let kinds = [MethodKind::Elo, MethodKind::Brent, MethodKind::Glicko];
        let methods: Vec<Method> = kinds.iter().map(|&k| Method::default_for(k)).collect();
        let options = Options::default();
        let run = |fits: usize| {
            let mut run = EvaluationRun::new(&data, &methods, &options, 0.2, 2).named(vec!["Elo".into(), "Brent".into(), "Glicko".into()]);
            (0..fits).for_each(|_| _ = run.step());
            run.cancelled_text()
        };
        assert_eq!(run(0), "Cancelled after 0 of 6 fits: no method was finished; Elo (not started), Brent (not started) and Glicko (not started) were not finished.");
        assert_eq!(
            run(3),
            "Cancelled after 3 of 6 fits: Elo is scored below; Brent (1 of 2 blocks done) and Glicko (not started) were not finished."
        );
        assert_eq!(run(5), "Cancelled after 5 of 6 fits: Elo and Brent are scored below; Glicko (1 of 2 blocks done) was not finished.");
        assert_eq!(run(6), "Cancelled after 6 of 6 fits: Elo, Brent and Glicko are scored below.");
    }

    #[test]
    fn a_run_named_by_the_page_says_its_names_everywhere_and_scores_the_same() {
        let data = league();
        let methods = [Method::default_for(MethodKind::Elo), Method::default_for(MethodKind::Brent)];
        let options = Options::default();
        let keys = evaluate(&data, &methods, &options, 0.2, 1);
        let names = || vec!["Elo".to_string(), "Brent".to_string()];
        let mut run = EvaluationRun::new(&data, &methods, &options, 0.2, 1).named(names());
        assert_eq!(run.next_fit().as_deref(), Some("Elo"));
        while run.step() {}
        let named = run.finish();
        assert_eq!(named.methods.iter().map(|m| m.label.as_str()).collect::<Vec<_>>(), ["Elo", "Brent"]);
        for (k, n) in keys.methods.iter().zip(&named.methods) {
            assert_eq!(k.scores, n.scores);
        }
        let (said, by_keys) = (named.noise_note().expect("a note"), keys.noise_note().expect("a note"));
        assert_eq!(said, by_keys.replace("brent's", "Brent's").replace("elo's", "Elo's"));
        assert!(!said.contains("brent") && !said.contains("elo'"), "{said}");
        // Names that could not tell the methods apart, or of another count, are not taken.
        for names in [vec!["Elo".to_string(), "Elo".to_string()], vec!["Elo".to_string()]] {
            let run = EvaluationRun::new(&data, &methods, &options, 0.2, 1).named(names);
            assert_eq!(run.next_fit().as_deref(), Some("elo"));
        }
    }

    #[test]
    fn a_short_estimate_is_said_to_the_second() {
        assert_eq!(estimate_words(1.4, 1_000, 1, 1), "about 1 s: 1 method, each fit once on up to 1,000 games");
        assert_eq!(estimate_words(0.6, 1_000, 1, 1), "about 1 s: 1 method, each fit once on up to 1,000 games");
        assert_eq!(estimate_words(7.6, 100_000, 10, 4), "about 8 s: 4 methods, each fit 10 times (once a block) on up to 100,000 games");
        assert_eq!(estimate_words(12.0, 100_000, 10, 4), "about 10 s: 4 methods, each fit 10 times (once a block) on up to 100,000 games");
        assert_eq!(
            estimate_words(540.0, 1_000_000, 10, 4),
            "about 9 min: 4 methods, each fit 10 times (once a block) on up to 1,000,000 games"
        );
    }
}
