//! The compute worker: receives [`ToWorker`] requests and hands each to its job's module,
//! which runs the engine in slices ([`slices::in_slices`]), so that a cancel or a newer
//! request is seen within one slice; the jobs post the summary, measures, progress and
//! results.
//!
//! One module per job kind: [`rate`] (the ratings), [`compare`] (the compare view),
//! [`predict`] (the prediction view and the simulation lab), [`lab`] (the race and a step's
//! working), [`desk`] (the tournament desk); [`input`] reads (and keeps) the input they share; [`slices`] is how they share
//! the thread with the messages.
//!
//! Three workers (issue 24), each binary naming its dispatcher so that the others' code is
//! left out of its wasm (and the lab's and the desk's split into parts, below):
//! * [`core`] (`src/bin/worker.rs`): the text in the page rated with Brent's method, the
//!   default: what a first visit needs;
//! * [`lab`] (`src/bin/lab_worker.rs`): rating with every other method, and a large file kept
//!   in the browser's storage with any; the compare view, prediction and the simulation lab,
//!   the race, a step's working;
//! * [`desk_only`] (`src/bin/desk_worker.rs`, started when the desk is first used): the desk's
//!   pairing engine.
//!
//! The page starts each when a request first needs it, and sends each request to the worker
//! that serves it (`workers::Workers`).
//!
//! The lab's and the desk's workers are split as the page is (issue 24: no wasm file over
//! 350 KB gzipped; `scripts/build-split.sh`): what a job of one kind alone needs (the
//! comparison, prediction, the race and a step's working; the pairing, the standings, the
//! rating report) is in a part of the worker's wasm fetched when that kind is first asked for.
//! The split points are `wasm_split` functions in the binaries (a split function is exported
//! from every binary that links it), which hand this module the [`Part`]s that load them:
//! [`LabParts`], [`DeskParts`]. Nothing here calls a part's code but through them, so that
//! it stays out of the worker's main part.

mod compare;
mod desk;
mod input;
mod lab;
mod lists;
mod part;
mod predict;
mod rate;
mod slices;

pub use desk::{pair as desk_pair, report as desk_report, standings as desk_standings, DeskParts};
pub use part::{Part, Task, Unloaded, UNLOADED};

use crate::core::protocol::{FirstRequest, FromWorker, LabRequest, Source, ToWorker};
use serde::de::DeserializeOwned;
use slices::post;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::spawn_local;

/// The lab worker's parts (`src/bin/lab_worker.rs`); rating a text that is no tournament is in
/// its main part.
pub struct LabParts {
    /// Rating a tournament, or a large file kept in the browser's storage ([`every_task`]).
    pub every: Part<ToWorker, Task>,
    /// The compare view's comparison ([`compare_task`]).
    pub compare: Part<ToWorker, Task>,
    /// Prediction and the simulation lab ([`predict_task`]).
    pub predict: Part<ToWorker, Task>,
    /// The race and a step's working ([`study_task`]).
    pub study: Part<ToWorker, Task>,
}

/// The rating asked for by `request` (a [`ToWorker::Rate`]) of a tournament or a stored file,
/// for [`LabParts::every`].
pub fn every_task(request: ToWorker) -> Task {
    match request {
        ToWorker::Rate { job, source, settings, shown } => Box::pin(rate::run(job, source, settings, shown, rate::LAB)),
        other => wrong_task(other),
    }
}

/// The comparison asked for by `request` (a [`ToWorker::Compare`]), for [`LabParts::compare`].
pub fn compare_task(request: ToWorker) -> Task {
    match request {
        ToWorker::Compare { job, source, settings, request } => Box::pin(compare::run(job, source, settings, request)),
        other => wrong_task(other),
    }
}

/// The prediction asked for by `request` (a [`ToWorker::Predict`]), for [`LabParts::predict`].
pub fn predict_task(request: ToWorker) -> Task {
    match request {
        ToWorker::Predict { job, source, settings, request } => Box::pin(predict::run(job, source, settings, request)),
        other => wrong_task(other),
    }
}

/// The race or a step's working asked for by `request`, for [`LabParts::study`].
pub fn study_task(request: ToWorker) -> Task {
    match request {
        ToWorker::Race { job, source, settings } => Box::pin(lab::race(job, source, settings)),
        ToWorker::Working { job, source, settings, step, player } => Box::pin(lab::working(job, source, settings, step, player)),
        other => wrong_task(other),
    }
}

fn wrong_task(request: ToWorker) -> Task {
    wrong_worker(request);
    Box::pin(async {})
}

/// Runs `request` in `part` (loaded the first time); a part that cannot be fetched is the
/// failure of the request's job.
async fn in_part(part: Part<ToWorker, Task>, request: ToWorker) {
    let failure = request.failure(UNLOADED.to_string());
    // A job that supersedes the one of its kind before it (a race or a working supersedes none).
    let job = match request {
        ToWorker::Rate { job, .. } | ToWorker::Compare { job, .. } | ToWorker::Predict { job, .. } => Some(job),
        _ => None,
    };
    let task = part(request).await;
    // Superseded while its part was fetched: a newer job of its kind is the page's now (a
    // cancelled one is still answered: the page waits for it).
    if job.is_some_and(slices::superseded) {
        return;
    }
    match task {
        Ok(task) => task.await,
        Err(Unloaded) => match failure {
            Some(failed) => post(&failed),
            None => web_sys::console::error_1(&UNLOADED.into()),
        },
    }
}

/// Decodes a request; one that cannot be read (an unknown method, say) becomes a failure
/// for its job, naming what was wrong.
pub fn read_request<R: DeserializeOwned>(value: JsValue) -> Result<R, FromWorker> {
    serde_wasm_bindgen::from_value::<R>(value.clone()).map_err(|e| {
        // The job number, if it can be found, so the page shows the failure against it.
        let job = ["Rate", "Cancel", "Compare"]
            .iter()
            .filter_map(|k| js_sys::Reflect::get(&value, &(*k).into()).ok().filter(|v| v.is_object()))
            .find_map(|inner| js_sys::Reflect::get(&inner, &"job".into()).ok()?.as_f64())
            .map_or(0, |j| j as u32);
        let message = format!("the request could not be read: {e}");
        match job >= crate::core::protocol::COMPARE_JOBS {
            true => FromWorker::CompareFailed { job, message, cancelled: false },
            false => FromWorker::Failed { job, message },
        }
    })
}

/// Fails on purpose, in a task as a computation would (see [`ToWorker::Crash`]).
async fn crash(trap: bool) {
    slices::yield_now().await;
    if trap {
        #[cfg(target_arch = "wasm32")]
        core::arch::wasm32::unreachable();
    }
    panic!("a failure asked for by a test");
}

/// The first worker's requests: rating with Brent's method (it reads no others:
/// [`FirstRequest`]). Starts (or stops) what `request` asks for: a new rating supersedes the
/// one before it.
pub fn core(request: Result<FirstRequest, FromWorker>) {
    match request {
        Ok(FirstRequest::Rate { job, source, settings, shown }) => {
            slices::begin(job);
            // Kept at once: a request after it may name the text by its number.
            let source = input::arrived(source);
            spawn_local(rate::run(job, source, settings, shown, rate::FIRST));
        }
        Ok(FirstRequest::Cancel { job }) => slices::cancel(job),
        Ok(FirstRequest::Supersede { job }) => slices::begin(job),
        Ok(FirstRequest::Crash { trap }) => spawn_local(crash(trap)),
        Err(failed) => unreadable(failed),
    }
}

/// The lab worker's requests: everything but the desk's, the comparison, prediction and the
/// studies in their `parts`. Starts (or stops) what `request` asks for: a new job first
/// supersedes the one of its kind before it (at once, before its part is loaded).
pub fn lab(request: Result<LabRequest, FromWorker>, parts: &LabParts) {
    // A numbered text is kept at once, before any part loads: a request after it may name
    // the text by its number, and run first.
    let request = request.map(ToWorker::from).map(|mut r| {
        if let Some(source) = r.source_mut() {
            *source = input::arrived(std::mem::replace(source, Source::Text(String::new())));
        }
        r
    });
    match request {
        Ok(ToWorker::Rate { job, source, settings, shown }) => {
            slices::begin(job);
            match rate::in_main_part(&source, &settings) {
                true => spawn_local(rate::run(job, source, settings, shown, rate::LAB_GAMES)),
                false => spawn_local(in_part(parts.every, ToWorker::Rate { job, source, settings, shown })),
            }
        }
        Ok(request @ ToWorker::Compare { job, .. }) => {
            slices::begin(job);
            spawn_local(in_part(parts.compare, request));
        }
        Ok(request @ ToWorker::Predict { job, .. }) => {
            slices::begin(job);
            spawn_local(in_part(parts.predict, request));
        }
        Ok(ToWorker::Cancel { job } | ToWorker::CancelCompare { job } | ToWorker::CancelPredict { job }) => slices::cancel(job),
        Ok(ToWorker::Supersede { job }) => slices::begin(job),
        Ok(request @ (ToWorker::Race { .. } | ToWorker::Working { .. })) => spawn_local(in_part(parts.study, request)),
        Ok(ToWorker::Crash { trap }) => spawn_local(crash(trap)),
        // Never: a `LabRequest` is none of these (the desk's requests are unreadable here).
        Ok(other @ (ToWorker::Desk { .. } | ToWorker::List { .. })) => wrong_worker(other),
        Err(failed) => unreadable(failed),
    }
}

/// The desk worker's requests: the desk's alone, answered in turn (the pairing, the standings
/// and the report in their `parts`).
pub fn desk_only(request: Result<ToWorker, FromWorker>, parts: &'static DeskParts) {
    match request {
        Ok(ToWorker::Desk { job, request }) => desk::run(job, request, parts),
        Ok(ToWorker::List { job, request }) => spawn_local(lists::run(job, request)),
        Ok(ToWorker::Crash { trap }) => spawn_local(crash(trap)),
        Ok(other) => wrong_worker(other),
        Err(failed) => unreadable(failed),
    }
}

/// A request sent to a worker that does not serve it: a defect of the page, said as such, as
/// the failure of its job where it has one.
fn wrong_worker(request: ToWorker) {
    let message = "the request went to a worker that does not serve it (a defect of the page)".to_string();
    match request.failure(message.clone()) {
        Some(failed) => post(&failed),
        None => web_sys::console::error_1(&message.into()),
    }
}

/// A request that could not be read: its failure, for its job.
fn unreadable(failed: FromWorker) {
    if !failed.is_compare() {
        // A request that cannot be read still supersedes the job before it.
        if let Some(job) = failed.job().filter(|&j| j > 0) {
            slices::begin(job);
        }
    }
    post(&failed);
}

/// Installs the message handler (`dispatch`: [`core`], [`lab`] or [`desk_only`]) and tells the page
/// it is listening. A panic (which aborts
/// the release build) first tells the page what it was, so the page can say so and start a
/// fresh worker.
pub fn start<R: DeserializeOwned + 'static>(dispatch: impl Fn(Result<R, FromWorker>) + 'static) {
    std::panic::set_hook(Box::new(|info| {
        let what =
            info.payload().downcast_ref::<&str>().map(|s| s.to_string()).or_else(|| info.payload().downcast_ref::<String>().cloned());
        let at = info.location().map(|l| format!(" ({}:{})", l.file(), l.line())).unwrap_or_default();
        let message = format!("{}{at}", what.unwrap_or_else(|| "a defect in the program".into()));
        web_sys::console::error_1(&format!("worker panicked: {message}").into());
        post(&FromWorker::Crashed { message });
    }));
    let handler = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |ev: web_sys::MessageEvent| dispatch(read_request(ev.data())));
    let scope: web_sys::DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    scope.set_onmessage(Some(handler.as_ref().unchecked_ref()));
    handler.forget();
    post(&FromWorker::Ready);
}
