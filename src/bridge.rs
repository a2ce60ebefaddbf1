//! The page's side of the worker: starts it, holds requests until it says it is ready, and
//! hands its messages to the app. The engine lives only in the worker's wasm, which keeps
//! the page's own wasm small.

use crate::protocol::{FromWorker, ToWorker};
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use web_sys::{MessageEvent, Worker};

pub struct Bridge {
    worker: Option<Worker>,
    ready: Rc<Cell<bool>>,
    pending: Rc<RefCell<Option<ToWorker>>>,
    /// A comparison asked for before the worker was ready.
    pending_compare: Rc<RefCell<Option<ToWorker>>>,
    on_message: Rc<dyn Fn(FromWorker)>,
    /// The newest job sent, for reporting a worker error against it.
    last_job: Rc<Cell<u32>>,
}

/// Said when the browser refuses to start the worker.
pub const NO_WORKER: &str = "This browser could not start the background worker that computes the ratings: serve the site over http(s), or use the app in one file (ratings-lab.html), which works from a file.";

/// Whether this page is the app in one file (`ratings-lab.html`, started by `web/one-file.js`).
pub fn one_file() -> bool {
    web_sys::window().and_then(|w| js_sys::Reflect::get(&w, &"ratingsLabOneFile".into()).ok()).is_some_and(|v| v.is_truthy())
}

/// Where the worker starts: Trunk's loader shim beside the page, or in the one-file app the
/// Blob URL its loader made (`window.ratingsLabWorker`: the worker's glue and wasm inlined).
pub fn worker_url() -> String {
    web_sys::window()
        .and_then(|w| js_sys::Reflect::get(&w, &"ratingsLabWorker".into()).ok())
        .and_then(|v| v.as_string())
        .unwrap_or_else(|| "./worker_loader.js".to_string())
}

/// Starts the site's offline copy (index.html's `ratingsLabOffline`, which registers the service
/// worker; absent in the one-file app) once the worker is up: by then the page has fetched every
/// file, and the service worker copies them from the browser's cache, not the network again.
fn offline_copy() {
    let Some(window) = web_sys::window() else { return };
    let start = js_sys::Reflect::get(&window, &"ratingsLabOffline".into()).ok();
    if let Some(start) = start.and_then(|f| f.dyn_into::<js_sys::Function>().ok()) {
        let _ = start.call0(&window);
    }
}

fn send_now(worker: &Worker, msg: &ToWorker) {
    // Plain objects rather than Maps for the settings' flattened parameters: easier to read
    // in the browser's tools, and what the worker's error path looks into.
    match serde::Serialize::serialize(msg, &serde_wasm_bindgen::Serializer::json_compatible()) {
        Ok(v) => {
            if let Err(e) = worker.post_message(&v) {
                web_sys::console::error_2(&"cannot post to the worker".into(), &e);
            }
        }
        Err(e) => web_sys::console::error_1(&format!("cannot encode a request: {e}").into()),
    }
}

impl Bridge {
    /// Starts the worker from `url` (Trunk's loader shim, `./worker_loader.js`).
    pub fn new(url: &str, on_message: impl Fn(FromWorker) + 'static) -> Bridge {
        let on_message: Rc<dyn Fn(FromWorker)> = Rc::new(on_message);
        let ready = Rc::new(Cell::new(false));
        let pending: Rc<RefCell<Option<ToWorker>>> = Rc::new(RefCell::new(None));
        let pending_compare: Rc<RefCell<Option<ToWorker>>> = Rc::new(RefCell::new(None));
        let worker = Worker::new(url).ok();
        let last_job = Rc::new(Cell::new(0u32));
        if let Some(w) = &worker {
            let (ready, pending, handle, w2) = (ready.clone(), pending.clone(), on_message.clone(), w.clone());
            let pending_compare = pending_compare.clone();
            let handler = Closure::<dyn FnMut(MessageEvent)>::new(move |ev: MessageEvent| {
                match serde_wasm_bindgen::from_value::<FromWorker>(ev.data()) {
                    Ok(FromWorker::Ready) => {
                        ready.set(true);
                        offline_copy();
                        if let Some(msg) = pending.borrow_mut().take() {
                            send_now(&w2, &msg);
                        }
                        if let Some(msg) = pending_compare.borrow_mut().take() {
                            send_now(&w2, &msg);
                        }
                    }
                    Ok(msg) => handle(msg),
                    Err(e) => web_sys::console::error_1(&format!("unreadable worker message: {e}").into()),
                }
            });
            w.set_onmessage(Some(handler.as_ref().unchecked_ref()));
            handler.forget();
            // A worker that fails to load or traps would otherwise leave "Computing…" forever.
            let (on_message, current) = (on_message.clone(), last_job.clone());
            let on_error = Closure::<dyn FnMut(web_sys::ErrorEvent)>::new(move |ev: web_sys::ErrorEvent| {
                on_message(FromWorker::Failed { job: current.get(), message: format!("the computation stopped: {}", ev.message()) });
            });
            w.set_onerror(Some(on_error.as_ref().unchecked_ref()));
            on_error.forget();
        }
        Bridge { worker, ready, pending, pending_compare, on_message, last_job }
    }

    pub fn has_worker(&self) -> bool {
        self.worker.is_some()
    }

    pub fn send(&self, msg: ToWorker) {
        if let ToWorker::Rate { job, .. } = &msg {
            self.last_job.set(*job);
        }
        match &self.worker {
            Some(w) if self.ready.get() => send_now(w, &msg),
            Some(_) => {
                // Only the newest rate request matters; a cancel of an unsent job is moot.
                if matches!(msg, ToWorker::Rate { .. }) {
                    *self.pending.borrow_mut() = Some(msg);
                } else if matches!(msg, ToWorker::Compare { .. }) {
                    *self.pending_compare.borrow_mut() = Some(msg);
                }
            }
            None => {
                if let ToWorker::Rate { job, .. } = msg {
                    (self.on_message)(FromWorker::Failed { job, message: NO_WORKER.into() });
                } else if let ToWorker::Compare { job, .. } = msg {
                    (self.on_message)(FromWorker::CompareFailed { job, message: NO_WORKER.into(), cancelled: false });
                }
            }
        }
    }
}
