//! The compute worker: receives [`ToWorker`] requests, runs the engine in slices so that a
//! cancel or a newer request is seen within one slice, and posts progress and results.

use crate::compute::{self, StepRecorder};
use crate::protocol::{FromWorker, ToWorker};
use ratings_engine::methods::brent;
use std::cell::Cell;
use wasm_bindgen::prelude::*;
use web_sys::DedicatedWorkerGlobalScope;

/// Milliseconds of computing between looks at the message queue.
const SLICE_MS: f64 = 25.0;

thread_local! {
    /// The newest job: older ones stop at their next slice.
    static CURRENT: Cell<u32> = const { Cell::new(0) };
    /// A job the user cancelled.
    static CANCELLED: Cell<Option<u32>> = const { Cell::new(None) };
}

fn scope() -> DedicatedWorkerGlobalScope {
    js_sys::global().unchecked_into()
}

fn post(msg: &FromWorker) {
    match serde_wasm_bindgen::to_value(msg) {
        Ok(v) => {
            let _ = scope().post_message(&v);
        }
        Err(e) => web_sys::console::error_1(&format!("cannot encode a message: {e}").into()),
    }
}

/// Yields to the event loop, so queued messages (cancel, a newer job) are delivered.
async fn yield_now() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        let _ = scope().set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 0);
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}

/// Installs the message handler and tells the page it is listening.
pub fn start() {
    let handler = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |ev: web_sys::MessageEvent| {
        match serde_wasm_bindgen::from_value::<ToWorker>(ev.data()) {
            Ok(ToWorker::Rate { job, text, settings }) => {
                CURRENT.with(|c| c.set(job));
                wasm_bindgen_futures::spawn_local(run(job, text, settings));
            }
            Ok(ToWorker::Cancel { job }) => CANCELLED.with(|c| c.set(Some(job))),
            Err(e) => web_sys::console::error_1(&format!("unreadable request: {e}").into()),
        }
    });
    scope().set_onmessage(Some(handler.as_ref().unchecked_ref()));
    handler.forget();
    post(&FromWorker::Ready);
}

/// A tournament whose games cannot be rated (none played yet, all forfeits) still has
/// standings: show them, with the reason there are no ratings.
fn fail_or_standings(
    job: u32,
    settings: &crate::protocol::Settings,
    message: String,
    finish: &dyn Fn(crate::protocol::RatingResult) -> crate::protocol::RatingResult,
    tournament: bool,
) {
    if tournament {
        post(&FromWorker::Done { job, result: finish(compute::empty_result(&settings.method, &message)) });
    } else {
        post(&FromWorker::Failed { job, message });
    }
}

fn superseded(job: u32) -> bool {
    CURRENT.with(|c| c.get()) != job
}

async fn run(job: u32, text: String, settings: crate::protocol::Settings) {
    let compute::Input { data, summary, warnings, tournament } = match compute::parse(&text, &settings) {
        Ok(ok) => ok,
        Err(errors) => return post(&FromWorker::ParseFailed { job, errors }),
    };
    // A tournament file's standings come with whatever the method gives.
    let finish = |mut r: crate::protocol::RatingResult| {
        if let Some(t) = &tournament {
            let (view, notes) = compute::standings(t, &settings);
            r.standings = Some(view);
            r.warnings.extend(notes);
        }
        r
    };
    post(&FromWorker::Parsed { job, summary, warnings: warnings.clone() });
    if settings.method != "brent" {
        // The other methods finish in one go; their iterations (if any) arrive together.
        let mut trace = Vec::new();
        let rated = compute::rate_other(&data, &settings, &mut |t| {
            // Numbered in order: a method that fits event by event restarts its own count.
            trace.push(crate::protocol::TraceEntry { iteration: trace.len() + 1, change: t.change, residual: t.residual });
            true
        });
        return match rated {
            Ok(rating) => {
                post(&FromWorker::Progress { job, trace });
                post(&FromWorker::Done { job, result: finish(compute::result(&rating, None, &warnings)) });
            }
            Err(e) => {
                let message = e.into_iter().map(|m| m.message).collect::<Vec<_>>().join("; ");
                fail_or_standings(job, &settings, message, &finish, tournament.is_some())
            }
        };
    }
    let (params, scale) = compute::params(&settings);
    let mut solver = match brent::solver(&data, &params) {
        Ok(s) => s,
        Err(e) => return fail_or_standings(job, &settings, e.to_string(), &finish, tournament.is_some()),
    };
    let mut steps = StepRecorder::new(&data);
    let mut sent = 0;
    loop {
        let start = js_sys::Date::now();
        let mut more = true;
        while js_sys::Date::now() - start < SLICE_MS {
            if solver.step().is_none() {
                more = false;
                break;
            }
            steps.record(&solver);
        }
        post(&FromWorker::Progress { job, trace: compute::trace_entries(&solver, sent) });
        sent = solver.trace().len();
        if !more {
            break;
        }
        yield_now().await;
        if superseded(job) {
            return;
        }
        if CANCELLED.with(|c| c.get()) == Some(job) {
            solver.cancel();
            break;
        }
    }
    match brent::snapshot(&solver, &data, &params, &scale) {
        Ok(rating) => {
            let steps = steps.aligned(&solver, &data, &rating);
            post(&FromWorker::Done { job, result: finish(compute::result(&rating, steps, &warnings)) })
        }
        Err(e) => post(&FromWorker::Failed { job, message: e.to_string() }),
    }
}
