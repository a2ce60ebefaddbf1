//! The worker's answers to the prediction view: each method fit on the earlier games and
//! scored on the later ones (a method on a rolling block a step), a parameter tuned over its grid, and the
//! simulation lab (a repetition a step), run in slices with progress posted between them; a
//! newer prediction job or a cancel stops them (the lab then reports the repetitions done).

use super::input::job_for;
use super::slices::{in_slices, post, Ended, Progress, Sliced, Steps};
use crate::core::engine::evaluation::run::progress_now_text;
use crate::core::engine::evaluation::simulate::{Setup, SimulationRun};
use crate::core::engine::evaluation::{tune, BlockFit, EvaluationRun, Parameter};
use crate::core::engine::methods::Options;
use crate::core::engine::{Dataset, Method};
use crate::core::protocol::{FromWorker, Later, PredictRequest, PredictResult, Settings, Source};

impl Steps for SimulationRun {
    fn step(&mut self) -> bool {
        SimulationRun::step(self)
    }

    fn progress(&self) -> Progress {
        let (done, total) = SimulationRun::progress(self);
        Progress { done, total }
    }
}

fn progress(job: u32, work: &impl Steps) -> FromWorker {
    let Progress { done, total } = work.progress();
    FromWorker::PredictProgress { job, done, total, doing: None }
}

fn failed(job: u32, message: String) {
    post(&FromWorker::PredictFailed { job, message, cancelled: false, partial: None });
}

/// Answers prediction request `request` as job `job`.
pub async fn run(job: u32, source: Option<Source>, settings: Settings, request: PredictRequest) {
    match request {
        PredictRequest::Evaluate { methods, holdout, rolling } => {
            let Some(source) = source else { return failed(job, "There are no results to predict: enter or open some first.".into()) };
            let Ok(read) = job_for(job, source, &settings).await else {
                return failed(job, "The input cannot be read: fix its errors first.".into());
            };
            let options = Options { scale: settings.scale() };
            run_evaluation(job, &read.input.dataset, &methods, &options, holdout, rolling).await
        }
        PredictRequest::Tune { method, parameter, holdout, grid } => {
            let Some(source) = source else { return failed(job, "There are no results to tune on: enter or open some first.".into()) };
            let Ok(read) = job_for(job, source, &settings).await else {
                return failed(job, "The input cannot be read: fix its errors first.".into());
            };
            run_tuning(job, &read.input.dataset, &method, &Options { scale: settings.scale() }, parameter, grid, holdout)
        }
        PredictRequest::Simulate { setup, methods } => run_simulation(job, setup, methods).await,
    }
}

/// Tunes `parameter` of `method` over its grid, at once.
fn run_tuning(job: u32, data: &Dataset, method: &Method, options: &Options, parameter: Parameter, grid: Option<Vec<f64>>, holdout: f64) {
    post(&FromWorker::PredictProgress { job, done: 0, total: 1, doing: None });
    // A grid from the page is the parameter's own carried past an end: a few values more.
    let grid = grid.filter(|g| !g.is_empty() && g.len() <= 64).unwrap_or_else(|| parameter.grid());
    let tuning = tune(data, method, options, parameter, &grid, holdout);
    post(&FromWorker::Predicted { job, result: Later::new(PredictResult::Tuned(tuning)) });
}

/// The simulation lab, a repetition a step; a cancel keeps the tournaments done.
async fn run_simulation(job: u32, setup: Setup, methods: Vec<Method>) {
    if let Err(e) = setup.check().and_then(|()| setup.check_methods(&methods)) {
        return failed(job, e.to_string());
    }
    let names = crate::core::compare::labels(&methods);
    let mut run = SimulationRun::new(setup, methods, Options::default()).named(names);
    post(&progress(job, &run));
    match in_slices(job, &mut run, |run| post(&progress(job, run))).await {
        Ended::Done => post(&FromWorker::Predicted { job, result: Later::new(PredictResult::Simulated(run.finish())) }),
        Ended::Superseded => {}
        Ended::Cancelled => {
            let Progress { done, total } = Steps::progress(&run);
            let message = format!("Cancelled after {done} of {total} tournaments: the results below are theirs.");
            let partial = Some(Later::new(PredictResult::Simulated(run.finish())));
            post(&FromWorker::PredictFailed { job, message, cancelled: true, partial });
        }
    }
}

impl Sliced for BlockFit<'_> {
    fn work(&mut self, more_time: &mut dyn FnMut() -> bool) -> bool {
        BlockFit::work(self, more_time)
    }
}

/// The held-out evaluation, a fit (a method on a rolling block) at a time and each in slices,
/// with which fit is under way, how far it is, and the time left said as it goes.
async fn run_evaluation(job: u32, data: &Dataset, methods: &[Method], options: &Options, holdout: f64, rolling: usize) {
    let items = if crate::core::engine::evaluation::events_only(data) { data.events.len() } else { data.games.len() };
    if items < 10 {
        return failed(job, format!("{items} games: at least 10 are needed to hold some out."));
    }
    if methods.is_empty() {
        return failed(job, "Choose at least one method.".into());
    }
    // The page names each method by its title, as everywhere else on it (the keys are the
    // command line's).
    let mut work = EvaluationRun::new(data, methods, options, holdout, rolling).named(crate::core::compare::labels(methods));
    let start = js_sys::Date::now();
    let say = |work: &EvaluationRun, fit: Option<&BlockFit>| {
        let (done, total) = work.progress();
        let at = fit.and_then(BlockFit::at).map(|at| format!(" ({at})")).unwrap_or_default();
        let doing =
            work.next_fit().map(|now| progress_now_text(done, total, &format!("{now}{at}"), (js_sys::Date::now() - start) / 1000.0));
        post(&FromWorker::PredictProgress { job, done, total, doing });
    };
    say(&work, None);
    // A fit a slice at a time, so that a cancel or a newer job is read during a long one
    // (WHR's Newton steps): the block it is fit on is kept here while it runs.
    while let Some(block) = work.block() {
        let mut fit = work.begin(&block);
        match in_slices(job, &mut fit, |fit| say(&work, Some(fit))).await {
            Ended::Done => work.end(&block, fit),
            Ended::Superseded => return,
            Ended::Cancelled => return cancelled(job, work),
        }
    }
    post(&FromWorker::Predicted { job, result: Later::new(PredictResult::Evaluated(work.finish())) });
}

/// A cancelled evaluation: what was done, in words, and the methods it finished scored (as
/// the command line's `--max-seconds` leaves them), when it finished any.
fn cancelled(job: u32, work: EvaluationRun) {
    let message = work.cancelled_text();
    let evaluation = work.finish();
    let partial = (!evaluation.methods.is_empty()).then(|| Later::new(PredictResult::Evaluated(evaluation)));
    post(&FromWorker::PredictFailed { job, message, cancelled: true, partial });
}
