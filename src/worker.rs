//! The compute worker: receives [`ToWorker`] requests and runs the engine's job through its
//! one fit interface in slices, so that a cancel or a newer request is seen within one
//! slice; posts the summary, the measures, progress and results.

use crate::compute;
use crate::protocol::{FromWorker, Settings, Source, ToWorker};
use ratings_engine::job::{Job, JobReader, Running};
use ratings_engine::MethodKind;
use std::cell::{Cell, RefCell};
use wasm_bindgen::prelude::*;
use web_sys::DedicatedWorkerGlobalScope;

/// Milliseconds of computing between looks at the message queue.
const SLICE_MS: f64 = 25.0;

thread_local! {
    /// The last input read, and where from: a parameter change rates it again without
    /// reading (or parsing) it again.
    static LAST: RefCell<Option<(Source, Job)>> = const { RefCell::new(None) };
    /// The last rating's iterate on that input, and its method: the next fit of the same
    /// input starts there ([`Job::start_from`]; the accelerated iteration on large inputs).
    static WARM: RefCell<Option<(MethodKind, Vec<f64>)>> = const { RefCell::new(None) };
    /// The newest job: older ones stop at their next slice.
    static CURRENT: Cell<u32> = const { Cell::new(0) };
    /// A job the user cancelled.
    static CANCELLED: Cell<Option<u32>> = const { Cell::new(None) };
    /// The newest comparison, and one the user cancelled (comparisons never stop a rating).
    static COMPARE_CURRENT: Cell<u32> = const { Cell::new(0) };
    static COMPARE_CANCELLED: Cell<Option<u32>> = const { Cell::new(None) };
}

fn scope() -> DedicatedWorkerGlobalScope {
    js_sys::global().unchecked_into()
}

pub(crate) fn post(msg: &FromWorker) {
    match serde_wasm_bindgen::to_value(msg) {
        Ok(v) => {
            let _ = scope().post_message(&v);
        }
        Err(e) => web_sys::console::error_1(&format!("cannot encode a message: {e}").into()),
    }
}

/// Yields to the event loop, so queued messages (cancel, a newer job) are delivered.
async fn yield_now() {
    sleep(0).await;
}

/// Waits `ms` milliseconds, the event loop running meanwhile.
pub(crate) async fn sleep(ms: i32) {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        let _ = scope().set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms);
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}

/// How long the worker waits, after posting ratings whose standard errors are still to come,
/// before computing those (unless a newer job came meanwhile).
const ERRORS_AFTER_MS: i32 = 150;

/// Decodes a request; one that cannot be read (an unknown method, say) becomes a failure
/// for its job, naming what was wrong.
pub fn read_request(value: JsValue) -> Result<ToWorker, FromWorker> {
    serde_wasm_bindgen::from_value::<ToWorker>(value.clone()).map_err(|e| {
        // The job number, if it can be found, so the page shows the failure against it.
        let job = ["Rate", "Cancel", "Compare"]
            .iter()
            .filter_map(|k| js_sys::Reflect::get(&value, &(*k).into()).ok().filter(|v| v.is_object()))
            .find_map(|inner| js_sys::Reflect::get(&inner, &"job".into()).ok()?.as_f64())
            .map_or(0, |j| j as u32);
        let message = format!("the request could not be read: {e}");
        match job >= crate::protocol::COMPARE_JOBS {
            true => FromWorker::CompareFailed { job, message, cancelled: false },
            false => FromWorker::Failed { job, message },
        }
    })
}

/// Fails on purpose, in a task as a computation would (see [`ToWorker::Crash`]).
async fn crash(trap: bool) {
    yield_now().await;
    if trap {
        #[cfg(target_arch = "wasm32")]
        core::arch::wasm32::unreachable();
    }
    panic!("a failure asked for by a test");
}

/// Installs the message handler and tells the page it is listening. A panic (which aborts
/// the release build) first tells the page what it was, so the page can say so and start a
/// fresh worker.
pub fn start() {
    std::panic::set_hook(Box::new(|info| {
        let what =
            info.payload().downcast_ref::<&str>().map(|s| s.to_string()).or_else(|| info.payload().downcast_ref::<String>().cloned());
        let at = info.location().map(|l| format!(" ({}:{})", l.file(), l.line())).unwrap_or_default();
        let message = format!("{}{at}", what.unwrap_or_else(|| "a defect in the program".into()));
        web_sys::console::error_1(&format!("worker panicked: {message}").into());
        post(&FromWorker::Crashed { message });
    }));
    let handler = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |ev: web_sys::MessageEvent| match read_request(ev.data()) {
        Ok(ToWorker::Rate { job, source, settings }) => {
            CURRENT.with(|c| c.set(job));
            wasm_bindgen_futures::spawn_local(run(job, source, settings));
        }
        Ok(ToWorker::Cancel { job }) => CANCELLED.with(|c| c.set(Some(job))),
        Ok(ToWorker::Compare { job, source, settings, request }) => {
            COMPARE_CURRENT.with(|c| c.set(job));
            wasm_bindgen_futures::spawn_local(run_compare(job, source, settings, request));
        }
        Ok(ToWorker::CancelCompare { job }) => COMPARE_CANCELLED.with(|c| c.set(Some(job))),
        Err(failed) if failed.is_compare() => post(&failed),
        Ok(ToWorker::Race { job, source, settings }) => wasm_bindgen_futures::spawn_local(crate::worker_lab::race(job, source, settings)),
        Ok(ToWorker::Working { job, source, settings, step, player }) => {
            wasm_bindgen_futures::spawn_local(crate::worker_lab::working(job, source, settings, step, player))
        }
        Ok(ToWorker::Predict { job, source, settings, request }) => {
            crate::worker_predict::begin(job);
            wasm_bindgen_futures::spawn_local(crate::worker_predict::run(job, source, settings, request));
        }
        Ok(ToWorker::CancelPredict { job }) => crate::worker_predict::cancel(job),
        Ok(ToWorker::Crash { trap }) => wasm_bindgen_futures::spawn_local(crash(trap)),
        Err(failed) => {
            // A request that cannot be read still supersedes the job before it.
            if let Some(job) = failed.job().filter(|&j| j > 0) {
                CURRENT.with(|c| c.set(job));
            }
            post(&failed);
        }
    });
    scope().set_onmessage(Some(handler.as_ref().unchecked_ref()));
    handler.forget();
    post(&FromWorker::Ready);
}

fn superseded(job: u32) -> bool {
    match job >= crate::protocol::COMPARE_JOBS {
        true => COMPARE_CURRENT.with(|c| c.get()) != job,
        false => CURRENT.with(|c| c.get()) != job,
    }
}

/// Bytes read from a stored file at a time: small enough to report progress and see a
/// cancel often, large enough to read fast.
const CHUNK: f64 = 4_000_000.0;

/// Reads a stored file from the browser's storage in chunks, posting the bytes read, into
/// the engine's chunked reader (a CSV is parsed as it arrives). `None` when superseded or
/// cancelled.
async fn read_stored(job: u32, name: &str, settings: &Settings) -> Option<Result<Job, FromWorker>> {
    let failed = |message: String| Some(Err(FromWorker::Failed { job, message }));
    let blob = match crate::idb::get().await {
        Ok(Some((blob, _))) => blob,
        Ok(None) => return failed(format!("{name} is no longer kept in this browser: open it again")),
        Err(e) => return failed(e),
    };
    let (total, mut done) = (blob.size(), 0.0);
    let mut reader = JobReader::new(settings);
    while done < total {
        let end = (done + CHUNK).min(total);
        let Ok(part) = blob.slice_with_f64_and_f64(done, end) else { return failed(format!("cannot read {name}")) };
        match wasm_bindgen_futures::JsFuture::from(part.array_buffer()).await {
            Ok(buffer) => reader.push(&js_sys::Uint8Array::new(&buffer).to_vec()),
            Err(_) => return failed(format!("cannot read {name}")),
        }
        done = end;
        post(&FromWorker::Reading { job, bytes: done, total });
        if superseded(job) || CANCELLED.with(|c| c.get()) == Some(job) {
            return None;
        }
    }
    Some(reader.finish().map_err(|e| FromWorker::ParseFailed { job, errors: compute::line_messages(&e) }))
}

/// The job for `source`: the last one read with these settings when the source is the same,
/// else read anew (and kept for next time).
pub(crate) async fn job_for(job: u32, source: Source, settings: &Settings) -> Result<Job, FromWorker> {
    let kept = LAST.with(|l| l.borrow().as_ref().filter(|(s, _)| *s == source).and_then(|(_, j)| j.with_settings(settings)));
    if let Some(kept) = kept {
        return Ok(kept);
    }
    let read = read(job, source.clone(), settings).await?;
    LAST.with(|l| *l.borrow_mut() = Some((source, read.clone())));
    WARM.with(|w| *w.borrow_mut() = None);
    Ok(read)
}

async fn read(job: u32, source: Source, settings: &Settings) -> Result<Job, FromWorker> {
    match source {
        Source::Text(text) => Job::read(&text, settings).map_err(|e| FromWorker::ParseFailed { job, errors: compute::line_messages(&e) }),
        Source::Stored(f) => match read_stored(job, &f.name, settings).await {
            Some(read) => read,
            None => Err(FromWorker::Failed { job, message: "stopped while reading the file".into() }),
        },
    }
}

async fn run(job: u32, source: Source, settings: Settings) {
    let read = job_for(job, source, &settings).await;
    let parsed = match read {
        Ok(parsed) => parsed,
        Err(message) => return post(&message),
    };
    post(&FromWorker::Parsed { job, summary: compute::summary(&parsed), warnings: compute::warnings(&parsed) });
    let warm = WARM.with(|w| w.borrow().as_ref().filter(|(m, _)| *m == settings.method).map(|(_, x)| x.clone()));
    let finished = match parsed.start_from(warm.as_deref()) {
        Ok(running) => match step_in_slices(job, running).await {
            Some(running) => {
                WARM.with(|w| *w.borrow_mut() = running.iterate().map(|x| (settings.method, x)));
                // The ratings first when their standard errors take long, then the whole result
                // (unless a newer job came meanwhile).
                if let Some(early) = running.finish_early() {
                    match compute::early_result(&parsed, early) {
                        Ok(result) => post(&FromWorker::Done { job, result }),
                        Err(message) => return post(&FromWorker::Failed { job, message }),
                    }
                    // The errors wait until the user pauses: a slider dragged on would queue each
                    // value behind a dense inverse of the last.
                    sleep(ERRORS_AFTER_MS).await;
                    if superseded(job) {
                        return;
                    }
                }
                running.finish()
            }
            None => return,
        },
        Err(e) => ratings_engine::job::Finished { rating: Err(e), steps: None, measures: None, trace: Vec::new() },
    };
    match compute::result(&parsed, finished) {
        Ok(result) => post(&FromWorker::Done { job, result }),
        Err(message) => post(&FromWorker::Failed { job, message }),
    }
}

/// Steps the fit in slices of [`SLICE_MS`], posting the trace after each, until it stops (or
/// is cancelled); `None` when a newer job superseded this one.
async fn step_in_slices(job: u32, mut running: Running<'_>) -> Option<Running<'_>> {
    post(&FromWorker::Started { job, measures: running.measures() });
    let mut sent = 0;
    loop {
        let start = js_sys::Date::now();
        let more = running.advance(&mut || js_sys::Date::now() - start < SLICE_MS);
        post(&FromWorker::Progress { job, trace: running.trace()[sent..].to_vec() });
        sent = running.trace().len();
        if !more {
            break;
        }
        yield_now().await;
        if superseded(job) {
            return None;
        }
        if CANCELLED.with(|c| c.get()) == Some(job) {
            running.cancel();
            break;
        }
    }
    Some(running)
}

/// Compares the methods of `request` on the input, a step at a time (each method, each
/// replay), posting progress after each slice; a newer comparison or a cancel stops it.
async fn run_compare(job: u32, source: Source, settings: Settings, request: crate::compare::CompareRequest) {
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
    let options = ratings_engine::methods::Options { scale: settings.scale() };
    let mut run = crate::compare::CompareRun::new(&parsed.input.dataset, &request, options);
    loop {
        let (total, done) = run.progress();
        post(&FromWorker::CompareProgress { job, done, total, doing: run.doing() });
        let start = js_sys::Date::now();
        let mut more = true;
        while more && js_sys::Date::now() - start < SLICE_MS {
            more = run.step();
        }
        if !more {
            break;
        }
        yield_now().await;
        if superseded(job) {
            return;
        }
        if COMPARE_CANCELLED.with(|c| c.get()) == Some(job) {
            return failed(
                "Cancelled: the comparison stopped before it was done (what is shown below is the last one finished).".into(),
                true,
            );
        }
    }
    // Every step done: say so (the table and the agreement take a moment on a large input).
    let (total, done) = run.progress();
    post(&FromWorker::CompareProgress { job, done, total, doing: run.doing() });
    yield_now().await;
    if superseded(job) {
        return;
    }
    post(&FromWorker::Compared { job, view: run.finish() });
}
