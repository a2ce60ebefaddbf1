//! The compute worker: receives [`ToWorker`] requests and runs the engine's job through its
//! one fit interface in slices, so that a cancel or a newer request is seen within one
//! slice; posts the summary, the measures, progress and results.

use crate::compute;
use crate::protocol::{FromWorker, Settings, Source, ToWorker};
use ratings_engine::job::{Job, Running};
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

/// Decodes a request; one that cannot be read (an unknown method, say) becomes a failure
/// for its job, naming what was wrong.
pub fn read_request(value: JsValue) -> Result<ToWorker, FromWorker> {
    serde_wasm_bindgen::from_value::<ToWorker>(value.clone()).map_err(|e| {
        // The job number, if it can be found, so the page shows the failure against it.
        let job = ["Rate", "Cancel"]
            .iter()
            .filter_map(|k| js_sys::Reflect::get(&value, &(*k).into()).ok().filter(|v| v.is_object()))
            .find_map(|inner| js_sys::Reflect::get(&inner, &"job".into()).ok()?.as_f64())
            .map_or(0, |j| j as u32);
        FromWorker::Failed { job, message: format!("the request could not be read: {e}") }
    })
}

/// Installs the message handler and tells the page it is listening.
pub fn start() {
    let handler = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |ev: web_sys::MessageEvent| match read_request(ev.data()) {
        Ok(ToWorker::Rate { job, source, settings }) => {
            CURRENT.with(|c| c.set(job));
            wasm_bindgen_futures::spawn_local(run(job, source, settings));
        }
        Ok(ToWorker::Cancel { job }) => CANCELLED.with(|c| c.set(Some(job))),
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
    CURRENT.with(|c| c.get()) != job
}

/// Bytes read from a stored file per slice: small enough to report progress and see a
/// cancel often, large enough to read fast.
const CHUNK: f64 = 4_000_000.0;

/// The input's text: as given, or read from the browser's storage in chunks (posting the
/// bytes read) and decoded by the engine's one rule. `None` when superseded or cancelled.
async fn text_of(job: u32, source: Source) -> Option<Result<String, String>> {
    let name = match source {
        Source::Text(text) => return Some(Ok(text)),
        Source::Stored(f) => f.name,
    };
    let blob = match crate::idb::get().await {
        Ok(Some((blob, _))) => blob,
        Ok(None) => return Some(Err(format!("{name} is no longer kept in this browser: open it again"))),
        Err(e) => return Some(Err(e)),
    };
    let total = blob.size();
    let mut bytes: Vec<u8> = Vec::with_capacity(total as usize);
    while (bytes.len() as f64) < total {
        let start = bytes.len() as f64;
        let part = match blob.slice_with_f64_and_f64(start, (start + CHUNK).min(total)) {
            Ok(p) => p,
            Err(_) => return Some(Err(format!("cannot read {name}"))),
        };
        match wasm_bindgen_futures::JsFuture::from(part.array_buffer()).await {
            Ok(buffer) => bytes.extend(js_sys::Uint8Array::new(&buffer).to_vec()),
            Err(_) => return Some(Err(format!("cannot read {name}"))),
        }
        post(&FromWorker::Reading { job, bytes: bytes.len() as f64, total });
        if superseded(job) || CANCELLED.with(|c| c.get()) == Some(job) {
            return None;
        }
    }
    Some(Ok(ratings_engine::parse::decode::decode(&bytes).text))
}

async fn run(job: u32, source: Source, settings: Settings) {
    let text = match text_of(job, source).await {
        Some(Ok(text)) => text,
        Some(Err(message)) => return post(&FromWorker::Failed { job, message }),
        None => return post(&FromWorker::Failed { job, message: "stopped while reading the file".into() }),
    };
    let parsed = match Job::read(&text, &settings) {
        Ok(parsed) => parsed,
        Err(e) => return post(&FromWorker::ParseFailed { job, errors: compute::line_messages(&e) }),
    };
    post(&FromWorker::Parsed { job, summary: compute::summary(&parsed), warnings: compute::warnings(&parsed) });
    let finished = match parsed.start() {
        Ok(running) => match step_in_slices(job, running).await {
            Some(finished) => finished,
            None => return,
        },
        Err(e) => ratings_engine::job::Finished { rating: Err(e), steps: None, measures: None, trace: Vec::new() },
    };
    match compute::result(&parsed, finished) {
        Ok(result) => post(&FromWorker::Done { job, result }),
        Err(message) => post(&FromWorker::Failed { job, message }),
    }
}

/// Steps the fit in slices of [`SLICE_MS`], posting the trace after each; `None` when a
/// newer job superseded this one.
async fn step_in_slices(job: u32, mut running: Running<'_>) -> Option<ratings_engine::job::Finished> {
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
    Some(running.finish())
}
