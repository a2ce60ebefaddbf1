//! The worker's answers to the prediction view: each method fit on the earlier games and
//! scored on the later ones (a method at a time), and the simulation lab (a repetition at a
//! time), posting progress between slices; a newer prediction job or a cancel stops either
//! (the lab then reports the repetitions done).

use crate::protocol::{FromWorker, PredictRequest, PredictResult, Settings, Source};
use crate::worker::{job_for, post, sleep};
use ratings_engine::compare::export::labels;
use ratings_engine::evaluation::simulate::SimulationRun;
use ratings_engine::evaluation::{evaluate, tune, Evaluation};
use ratings_engine::methods::Options;
use std::cell::Cell;

/// How long the worker computes before looking at its messages again.
const SLICE_MS: f64 = 40.0;

thread_local! {
    static CURRENT: Cell<u32> = const { Cell::new(0) };
    static CANCELLED: Cell<Option<u32>> = const { Cell::new(None) };
}

pub fn begin(job: u32) {
    CURRENT.with(|c| c.set(job));
}

pub fn cancel(job: u32) {
    CANCELLED.with(|c| c.set(Some(job)));
}

/// Whether a newer job came, or this one was cancelled.
fn stopped(job: u32) -> (bool, bool) {
    (CURRENT.with(|c| c.get()) != job, CANCELLED.with(|c| c.get()) == Some(job))
}

pub async fn run(job: u32, source: Option<Source>, settings: Settings, request: PredictRequest) {
    match request {
        PredictRequest::Evaluate { methods, holdout, rolling } => run_evaluation(job, source, settings, methods, holdout, rolling).await,
        PredictRequest::Tune { method, parameter, holdout, grid } => {
            let failed = |message: String| post(&FromWorker::PredictFailed { job, message, cancelled: false, partial: None });
            let Some(source) = source else { return failed("There are no results to tune on: enter or open some first.".into()) };
            let Ok(read) = job_for(job, source, &settings).await else {
                return failed("The input cannot be read: fix its errors first.".into());
            };
            post(&FromWorker::PredictProgress { job, done: 0, total: 1 });
            let options = Options { scale: settings.scale() };
            // A grid from the page is the parameter's own carried past an end: a few values more.
            let grid = grid.filter(|g| !g.is_empty() && g.len() <= 64).unwrap_or_else(|| parameter.grid());
            let tuning = tune(&read.input.dataset, &method, &options, parameter, &grid, holdout);
            post(&FromWorker::Predicted { job, result: PredictResult::Tuned(tuning) });
        }
        PredictRequest::Simulate { setup, methods } => {
            if let Err(e) = setup.check() {
                return post(&FromWorker::PredictFailed { job, message: e.to_string(), cancelled: false, partial: None });
            }
            let mut run = SimulationRun::new(setup, methods, Options::default());
            loop {
                let (done, total) = run.progress();
                post(&FromWorker::PredictProgress { job, done, total });
                let start = js_sys::Date::now();
                let mut more = true;
                while more && js_sys::Date::now() - start < SLICE_MS {
                    more = run.step();
                }
                if !more {
                    break;
                }
                sleep(0).await;
                match stopped(job) {
                    (true, _) => return,
                    (false, true) => {
                        let (done, total) = run.progress();
                        let message = format!("Cancelled after {done} of {total} tournaments: the results below are theirs.");
                        return post(&FromWorker::PredictFailed {
                            job,
                            message,
                            cancelled: true,
                            partial: Some(PredictResult::Simulated(run.finish())),
                        });
                    }
                    _ => {}
                }
            }
            post(&FromWorker::Predicted { job, result: PredictResult::Simulated(run.finish()) });
        }
    }
}

/// Evaluates the methods one at a time, merging their scores into one evaluation.
async fn run_evaluation(
    job: u32,
    source: Option<Source>,
    settings: Settings,
    methods: Vec<ratings_engine::Method>,
    holdout: f64,
    rolling: usize,
) {
    let failed = |message: String| post(&FromWorker::PredictFailed { job, message, cancelled: false, partial: None });
    let Some(source) = source else { return failed("There are no results to predict: enter or open some first.".into()) };
    let read = match job_for(job, source, &settings).await {
        Ok(read) => read,
        Err(_) => return failed("The input cannot be read: fix its errors first.".into()),
    };
    let data = &read.input.dataset;
    let items = if ratings_engine::evaluation::events_only(data) { data.events.len() } else { data.games.len() };
    if items < 10 {
        return failed(format!("{items} games: at least 10 are needed to hold some out."));
    }
    let options = Options { scale: settings.scale() };
    let mut merged: Option<Evaluation> = None;
    for (k, method) in methods.iter().enumerate() {
        post(&FromWorker::PredictProgress { job, done: k, total: methods.len() });
        sleep(0).await;
        if stopped(job) != (false, false) {
            return;
        }
        let one = evaluate(data, std::slice::from_ref(method), &options, holdout, rolling);
        match &mut merged {
            Some(e) => e.methods.extend(one.methods),
            None => merged = Some(one),
        }
    }
    let Some(mut e) = merged else { return failed("Choose at least one method.".into()) };
    for (m, label) in e.methods.iter_mut().zip(labels(&methods)) {
        m.label = label;
    }
    post(&FromWorker::Predicted { job, result: PredictResult::Evaluated(e) });
}
