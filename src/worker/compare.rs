//! The worker's comparison job: the methods of a [`CompareRequest`] on the input, a step at a
//! time (each method, each replay), posting progress after each slice; a newer comparison or
//! a cancel stops it (comparisons never stop a rating).

use super::input::job_for;
use super::slices::{in_slices, post, superseded, yield_now, Ended, Progress, Steps};
use crate::core::compare::{CompareRequest, CompareRun};
use crate::core::protocol::{FromWorker, Later, Settings, Source};

impl Steps for CompareRun<'_> {
    fn step(&mut self) -> bool {
        CompareRun::step(self)
    }

    fn progress(&self) -> Progress {
        let (total, done) = CompareRun::progress(self);
        Progress { done, total }
    }
}

/// The progress message for `run`: its steps and what the next one does.
fn progress(job: u32, run: &CompareRun) -> FromWorker {
    let Progress { done, total } = Steps::progress(run);
    FromWorker::CompareProgress { job, done, total, doing: run.doing() }
}

/// Compares the methods of `request` on `source` as comparison `job`.
pub async fn run(job: u32, source: Source, settings: Settings, request: CompareRequest) {
    let failed = |message: String, cancelled: bool| post(&FromWorker::CompareFailed { job, message, cancelled });
    let parsed = match job_for(job, source, &settings).await {
        Ok(parsed) => parsed,
        Err(FromWorker::ParseFailed { errors, .. }) => {
            let first = errors.first().map(|e| format!("line {}: {}", e.line, e.message)).unwrap_or_default();
            return failed(format!("the input could not be read ({first})"), false);
        }
        Err(FromWorker::Failed { message, .. }) => return failed(message, false),
        Err(_) => return failed("the input could not be read".into(), false),
    };
    let options = crate::core::engine::methods::Options { scale: settings.scale() };
    let mut run = CompareRun::new(&parsed.input.dataset, &request, options);
    post(&progress(job, &run));
    // After the last slice, its report says every step is done (the table and the agreement
    // take a moment on a large input).
    match in_slices(job, &mut run, |run| post(&progress(job, run))).await {
        Ended::Done => {}
        Ended::Superseded => return,
        Ended::Cancelled => {
            return failed(
                "Cancelled: the comparison stopped before it was done (what is shown below is the last one finished).".into(),
                true,
            )
        }
    }
    yield_now().await;
    if superseded(job) {
        return;
    }
    post(&FromWorker::Compared { job, view: Later::new(run.finish()) });
}
