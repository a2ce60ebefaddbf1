//! The page's side of the worker: starts it, holds requests until it says it is ready, and
//! hands its messages to the app. The engine lives only in the worker's wasm, which keeps
//! the page's own wasm small.
//!
//! A worker that fails (a panic, which aborts the release build's wasm; running out of
//! memory; a trap) is reported against every job it had not answered — "the computation
//! failed: …; the page still works" — and ended; the next request starts a fresh one. The
//! page's own wasm never sees the failure: only this message crosses.
//!
//! A worker that never says it is ready (Chromium can leave a dedicated worker's script
//! request unanswered when the page reloads while a new service worker activates) is not
//! waited for forever: after [`SPARE_AFTER`] a spare is started beside it, and whichever says
//! ready first is kept (the slow one may only be downloading on a slow link).
//!
//! On a plain first visit the first worker is already running when the page's code starts:
//! the first look (`web/first-look.js`) started it, had it rate the example and left it, idle,
//! in `window.ratingsLabFirstWorker`; the first worker's bridge takes it as ready.

use crate::core::numbered::Sent;
use crate::core::protocol::{FromWorker, ToWorker};
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use web_sys::{MessageEvent, Worker};

/// The jobs sent and not yet answered in full, the newest of each kind (a newer job of a
/// kind supersedes the one before, which the worker drops without an answer).
#[derive(Clone, Copy, Debug, Default)]
struct Open {
    rate: Option<u32>,
    compare: Option<u32>,
    predict: Option<u32>,
    race: Option<u32>,
    working: Option<u32>,
    desk: Option<u32>,
    list: Option<u32>,
}

impl Open {
    fn sent(&mut self, msg: &ToWorker) {
        match msg {
            ToWorker::Rate { job, .. } => self.rate = Some(*job),
            ToWorker::Compare { job, .. } => self.compare = Some(*job),
            ToWorker::Predict { job, .. } => self.predict = Some(*job),
            ToWorker::Race { job, .. } => self.race = Some(*job),
            ToWorker::Working { job, .. } => self.working = Some(*job),
            ToWorker::Desk { job, .. } => self.desk = Some(*job),
            ToWorker::List { job, .. } => self.list = Some(*job),
            // The rating moved to another worker: none is left open here.
            ToWorker::Supersede { .. } => self.rate = None,
            _ => {}
        }
    }

    /// Closes the job `msg` answers in full (a result whose standard errors are still to come
    /// leaves it open).
    fn answered(&mut self, msg: &FromWorker) {
        let close = |slot: &mut Option<u32>, job: u32| {
            if *slot == Some(job) {
                *slot = None;
            }
        };
        match msg {
            FromWorker::Done { job, result } if !result.errors_pending => close(&mut self.rate, *job),
            FromWorker::Failed { job, .. } | FromWorker::ParseFailed { job, .. } | FromWorker::Elsewhere { job } => {
                close(&mut self.rate, *job)
            }
            FromWorker::Compared { job, .. } | FromWorker::CompareFailed { job, .. } => close(&mut self.compare, *job),
            FromWorker::Predicted { job, .. } | FromWorker::PredictFailed { job, .. } => close(&mut self.predict, *job),
            FromWorker::Raced { job, .. } => close(&mut self.race, *job),
            FromWorker::Worked { job, .. } => close(&mut self.working, *job),
            FromWorker::Desked { job, .. } => close(&mut self.desk, *job),
            FromWorker::Listed { job, .. } => close(&mut self.list, *job),
            _ => {}
        }
    }

    fn any(self) -> bool {
        [self.rate, self.compare, self.predict, self.race, self.working, self.desk, self.list].iter().any(Option::is_some)
    }

    /// A failure for each job left open.
    fn failures(self, message: &str) -> Vec<FromWorker> {
        let message = message.to_string();
        let mut out = Vec::new();
        if let Some(job) = self.rate {
            out.push(FromWorker::Failed { job, message: message.clone() });
        }
        if let Some(job) = self.compare {
            out.push(FromWorker::CompareFailed { job, message: message.clone(), cancelled: false });
        }
        if let Some(job) = self.predict {
            out.push(FromWorker::PredictFailed { job, message: message.clone(), cancelled: false, partial: None });
        }
        if let Some(job) = self.race {
            out.push(FromWorker::Raced { job, race: Err(message.clone()) });
        }
        if let Some(job) = self.working {
            out.push(FromWorker::Worked { job, working: Err(message.clone()) });
        }
        if let Some(job) = self.desk {
            out.push(FromWorker::Desked { job, reply: Err(message.clone()) });
        }
        if let Some(job) = self.list {
            out.push(FromWorker::Listed { job, reply: Err(message) });
        }
        out
    }
}

/// What the page says when the worker failed (`why`: the panic's message, or the error event's).
pub fn failed_message(why: &str) -> String {
    format!("The computation failed: {why}. The page still works: the next computation starts afresh.")
}

thread_local! {
    /// Workers started at a user's request and not yet ready: the background fetch of the
    /// views' code waits for them ([`user_first`]).
    static STARTING: Cell<u32> = const { Cell::new(0) };
}

/// Waits while a worker is still loading: the page's background fetch of every view's code
/// (`Deferred::preload`) yields the link to what the user asked for (issue 39: on a slow link
/// a method change waited ≈ 9 s behind it for the lab's worker).
pub async fn user_first() {
    while STARTING.with(Cell::get) > 0 {
        let wait = js_sys::Promise::new(&mut |done, _| {
            if let Some(w) = web_sys::window() {
                let _ = w.set_timeout_with_callback_and_timeout_and_arguments_0(&done, 100);
            }
        });
        let _ = wasm_bindgen_futures::JsFuture::from(wait).await;
    }
}

/// How long a worker may take to say it is ready before a spare is started beside it.
const SPARE_AFTER: std::time::Duration = std::time::Duration::from_secs(12);

/// The worker, and what the page keeps about it.
struct Inner {
    script: Script,
    worker: RefCell<Option<Worker>>,
    /// A second worker started when the first was slow to say it is ready.
    spare: RefCell<Option<Worker>>,
    /// Bumped at each start: a dead worker's late events are ignored.
    generation: Cell<u32>,
    ready: Cell<bool>,
    /// Requests made before the worker was ready, sent when it is (the newest rating and the
    /// newest comparison; the others in turn).
    pending: RefCell<Vec<ToWorker>>,
    open: Cell<Open>,
    on_message: Rc<dyn Fn(FromWorker)>,
    /// The number of the text last sent to the worker of this generation, which it keeps:
    /// sent again as its number alone ([`Sent::as_sent`]). None after a (re)start.
    input: Cell<Sent>,
    /// Whether this worker's start is counted in [`STARTING`] (until it is ready or fails).
    counted: Cell<bool>,
}

pub struct Bridge(Rc<Inner>);

/// Said when the browser refuses to start the worker.
pub const NO_WORKER: &str = "This browser could not start the background worker that computes the ratings: serve the site over http(s), or use the app in one file (ratings-lab.html), which works from a file.";

/// Whether this page is the app in one file (`ratings-lab.html`, started by `web/one-file.js`).
pub fn one_file() -> bool {
    web_sys::window().and_then(|w| js_sys::Reflect::get(&w, &"ratingsLabOneFile".into()).ok()).is_some_and(|v| v.is_truthy())
}

/// Where a worker starts, and how.
#[derive(Clone, Debug, PartialEq)]
pub struct Script {
    pub url: String,
    /// A module worker: the split workers' (their parts' loaders are modules).
    pub module: bool,
}

/// Where the worker starts: Trunk's loader shim beside the page, or in the one-file app the
/// Blob URL its loader made (`window.ratingsLabWorker`: the worker's glue and wasm inlined).
pub fn worker_url() -> Script {
    Script { url: url_of("ratingsLabWorker", FIRST_WORKER), module: false }
}

/// The first worker's loader on the site (Trunk's shim).
const FIRST_WORKER: &str = "./worker_loader.js";

/// The lab's worker (`src/bin/lab_worker.rs`): its module loader (`web/split-worker.js`), or the
/// one-file app's Blob URL (`window.ratingsLabLabWorker`).
pub fn lab_worker_url() -> Script {
    split_worker("ratingsLabLabWorker", "./lab_worker_loader.js")
}

/// The desk's worker (`src/bin/desk_worker.rs`): its module loader, or the one-file app's Blob
/// URL (`window.ratingsLabDeskWorker`).
pub fn desk_worker_url() -> Script {
    split_worker("ratingsLabDeskWorker", "./desk_worker_loader.js")
}

/// A split worker: on the site a module worker; in the one-file app a classic one (Chromium
/// starts no module worker from a Blob URL in a page opened from a file), which imports its
/// modules itself (`web/one-file.js`).
fn split_worker(key: &str, file: &str) -> Script {
    match one_file_url(key) {
        Some(url) => Script { url, module: false },
        None => Script { url: file.to_string(), module: true },
    }
}

/// The URL the one-file app put in `window[key]`, else the site's `file`.
fn url_of(key: &str, file: &str) -> String {
    one_file_url(key).unwrap_or_else(|| file.to_string())
}

/// The URL the one-file app put in `window[key]`, if it did.
fn one_file_url(key: &str) -> Option<String> {
    web_sys::window().and_then(|w| js_sys::Reflect::get(&w, &key.into()).ok()).and_then(|v| v.as_string())
}

/// Starts the site's offline copy (index.html's `ratingsLabOffline`, which registers the service
/// worker; absent in the one-file app) once the first rating has settled and every view's code
/// has been fetched ahead (`app::deferred_views`): the service worker copies the files from the
/// browser's cache, not the network again; earlier, it would fetch a part while the page does
/// (a file fetched twice). Once a page.
pub fn offline_copy() {
    thread_local!(static STARTED: Cell<bool> = const { Cell::new(false) });
    if STARTED.with(|s| s.replace(true)) {
        return;
    }
    call_page_hook("ratingsLabOffline");
}

/// Hands the screen to the app once its first rating has settled: the first look (index.html's
/// still copy of the opening view, filled by `web/first-look.js` on a plain first visit) goes,
/// and the app, built unseen beneath it, is shown (`ratingsLabShown`; absent in the one-file
/// app and when there was no first look).
pub fn shown() {
    call_page_hook("ratingsLabShown");
}

/// Calls the page's `window[name]()`, if the page has it.
fn call_page_hook(name: &str) {
    let Some(window) = web_sys::window() else { return };
    let hook = js_sys::Reflect::get(&window, &name.into()).ok();
    if let Some(hook) = hook.and_then(|f| f.dyn_into::<js_sys::Function>().ok()) {
        let _ = hook.call0(&window);
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

impl Inner {
    /// `msg` as this worker is to be sent it ([`Sent::as_sent`]).
    fn as_sent(&self, msg: ToWorker) -> ToWorker {
        let mut sent = self.input.get();
        let msg = sent.as_sent(msg);
        self.input.set(sent);
        msg
    }

    /// Starts a worker (the first, or a fresh one after a failure); `false` when the browser
    /// refuses.
    fn start(self: &Rc<Self>) -> bool {
        let generation = self.generation.get() + 1;
        self.input.set(Sent::default());
        if let Some(worker) = (generation == 1).then(|| self.first_look_worker()).flatten() {
            self.generation.set(generation);
            self.attach(&worker, generation);
            self.ready_from(&worker);
            return true;
        }
        let Some(worker) = self.spawn(generation) else { return false };
        self.generation.set(generation);
        self.ready.set(false);
        self.count(true);
        *self.worker.borrow_mut() = Some(worker);
        let inner = Rc::downgrade(self);
        leptos::prelude::set_timeout(
            move || {
                let Some(inner) = inner.upgrade().filter(|i| i.generation.get() == generation && !i.ready.get()) else { return };
                web_sys::console::warn_1(&"the worker has not said it is ready: starting a spare beside it".into());
                *inner.spare.borrow_mut() = inner.spawn(generation);
            },
            SPARE_AFTER,
        );
        true
    }

    /// The first look's worker (`web/first-look.js`, on a plain first visit), if this is the
    /// first worker's bridge and the first look has one to give: it said it was ready, and has
    /// answered its one request (the example, which it keeps read) in full.
    fn first_look_worker(&self) -> Option<Worker> {
        const KEY: &str = "ratingsLabFirstWorker";
        if self.script.url != FIRST_WORKER {
            return None;
        }
        let window = web_sys::window()?;
        let worker = js_sys::Reflect::get(&window, &KEY.into()).ok()?.dyn_into::<Worker>().ok()?;
        let _ = js_sys::Reflect::delete_property(&window, &KEY.into());
        Some(worker)
    }

    /// A worker of `generation` with its handlers; `None` when the browser refuses.
    fn spawn(self: &Rc<Self>, generation: u32) -> Option<Worker> {
        let worker = match self.script.module {
            true => {
                let options = web_sys::WorkerOptions::new();
                options.set_type(web_sys::WorkerType::Module);
                Worker::new_with_options(&self.script.url, &options).ok()?
            }
            false => Worker::new(&self.script.url).ok()?,
        };
        self.attach(&worker, generation);
        Some(worker)
    }

    /// `worker`'s handlers, for `generation`.
    fn attach(self: &Rc<Self>, worker: &Worker, generation: u32) {
        let inner = Rc::downgrade(self);
        let this = worker.clone();
        let handler = Closure::<dyn FnMut(MessageEvent)>::new(move |ev: MessageEvent| {
            let Some(inner) = inner.upgrade().filter(|i| i.generation.get() == generation) else { return };
            match serde_wasm_bindgen::from_value::<FromWorker>(ev.data()) {
                Ok(FromWorker::Ready) => inner.ready_from(&this),
                Ok(FromWorker::Crashed { message }) => inner.fail(&message),
                Ok(msg) => {
                    let mut open = inner.open.get();
                    open.answered(&msg);
                    inner.open.set(open);
                    (inner.on_message)(msg)
                }
                Err(e) => web_sys::console::error_1(&format!("unreadable worker message: {e}").into()),
            }
        });
        worker.set_onmessage(Some(handler.as_ref().unchecked_ref()));
        handler.forget();
        // A worker that fails to load, traps or runs out of memory: its error event.
        let inner = Rc::downgrade(self);
        let on_error = Closure::<dyn FnMut(web_sys::Event)>::new(move |ev: web_sys::Event| {
            ev.prevent_default();
            let Some(inner) = inner.upgrade().filter(|i| i.generation.get() == generation) else { return };
            // A module worker whose script cannot be loaded sends a plain event, with no message.
            let message = ev.dyn_ref::<web_sys::ErrorEvent>().map(|e| js_sys::Reflect::get(e, &"message".into()));
            let Some(message) = message.and_then(Result::ok).and_then(|m| m.as_string()) else {
                return inner.fail("the background worker's code could not be loaded");
            };
            // A trap says only "RuntimeError: unreachable": say what it means.
            let why = match message {
                m if m.is_empty() => "the background worker stopped".to_string(),
                m => {
                    format!("{} (the background worker stopped: it ran out of memory, or met a defect)", m.trim_start_matches("Uncaught "))
                }
            };
            inner.fail(&why);
        });
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        on_error.forget();
    }

    /// Counts this worker's start in [`STARTING`] (`true`), or no longer (`false`), once.
    fn count(&self, starting: bool) {
        if self.counted.replace(starting) != starting {
            STARTING.with(|n| n.set(if starting { n.get() + 1 } else { n.get().saturating_sub(1) }));
        }
    }

    /// `worker` said it is ready: the first of a generation to say so is kept (the other, if a
    /// spare was started, is ended), and what waited is sent to it.
    fn ready_from(&self, worker: &Worker) {
        if self.ready.get() {
            worker.terminate();
            return;
        }
        self.count(false);
        let current = self.worker.replace(Some(worker.clone()));
        for other in [current, self.spare.take()].into_iter().flatten() {
            if JsValue::from(&other) != JsValue::from(worker) {
                other.terminate();
            }
        }
        self.flush();
    }

    /// The worker said it is listening: what waited is sent.
    fn flush(&self) {
        self.ready.set(true);
        let pending = std::mem::take(&mut *self.pending.borrow_mut());
        if let Some(w) = self.worker.borrow().as_ref() {
            for msg in pending {
                send_now(w, &self.as_sent(msg));
            }
        }
    }

    /// The worker failed: it is ended, every job it had not answered is reported failed, and
    /// the next request starts a fresh one.
    fn fail(&self, why: &str) {
        web_sys::console::error_1(&format!("the worker failed: {why}").into());
        for w in [self.worker.borrow_mut().take(), self.spare.take()].into_iter().flatten() {
            w.terminate();
        }
        self.generation.set(self.generation.get() + 1);
        self.ready.set(false);
        self.count(false);
        self.input.set(Sent::default());
        let open = self.open.replace(Open::default());
        for msg in open.failures(&failed_message(why)) {
            (self.on_message)(msg);
        }
    }

    /// Keeps `msg` until the worker is ready: only the newest rating and comparison matter,
    /// and a cancel of a job not sent yet drops it.
    fn hold(&self, msg: ToWorker) {
        let mut pending = self.pending.borrow_mut();
        let kind = std::mem::discriminant(&msg);
        // A job cancelled before it was sent is never answered: it is no longer open.
        let mut open = self.open.get();
        match msg {
            // A rating cancelled before it was sent is still sent, the cancel after it: the
            // worker answers with what it has (the page waits for that answer).
            ToWorker::Cancel { job } => {
                if pending.iter().any(|m| matches!(m, ToWorker::Rate { job: j, .. } if *j == job)) {
                    pending.push(msg);
                }
            }
            ToWorker::Supersede { .. } => {
                pending.retain(|m| !matches!(m, ToWorker::Rate { .. }));
                open.rate = None;
            }
            ToWorker::CancelCompare { .. } => {
                pending.retain(|m| !matches!(m, ToWorker::Compare { .. }));
                open.compare = None;
            }
            ToWorker::CancelPredict { .. } => {
                pending.retain(|m| !matches!(m, ToWorker::Predict { .. }));
                open.predict = None;
            }
            msg => {
                if matches!(msg, ToWorker::Rate { .. } | ToWorker::Compare { .. } | ToWorker::Predict { .. }) {
                    pending.retain(|m| std::mem::discriminant(m) != kind);
                }
                pending.push(msg);
            }
        }
        self.open.set(open);
    }
}

impl Bridge {
    /// Starts the worker from `script` ([`worker_url`], [`lab_worker_url`], [`desk_worker_url`]).
    pub fn new(script: Script, on_message: impl Fn(FromWorker) + 'static) -> Bridge {
        let inner = Rc::new(Inner {
            script,
            worker: RefCell::new(None),
            spare: RefCell::new(None),
            generation: Cell::new(0),
            ready: Cell::new(false),
            pending: RefCell::new(Vec::new()),
            open: Cell::new(Open::default()),
            on_message: Rc::new(on_message),
            input: Cell::new(Sent::default()),
            counted: Cell::new(false),
        });
        inner.start();
        Bridge(inner)
    }

    pub fn has_worker(&self) -> bool {
        self.0.worker.borrow().is_some()
    }

    /// Whether a job sent is not yet answered in full.
    pub fn busy(&self) -> bool {
        self.0.open.get().any()
    }

    pub fn send(&self, msg: ToWorker) {
        let inner = &self.0;
        // After a failure, a fresh worker for the next job.
        if inner.worker.borrow().is_none() && !inner.start() {
            return self.refuse(msg);
        }
        let mut open = inner.open.get();
        open.sent(&msg);
        inner.open.set(open);
        match inner.ready.get() {
            true => {
                if let Some(w) = inner.worker.borrow().as_ref() {
                    send_now(w, &inner.as_sent(msg))
                }
            }
            false => inner.hold(msg),
        }
    }

    /// No worker could be started: the request fails with [`NO_WORKER`].
    fn refuse(&self, msg: ToWorker) {
        if let Some(failed) = msg.failure(NO_WORKER.into()) {
            (self.0.on_message)(failed)
        }
    }
}

/// Exposes `window.ratingsLabFailWorker(trap)` for the end-to-end tests: the worker fails on
/// purpose (a panic, or a trap as when out of memory), and the page must say so and go on.
pub fn expose_fail_hook(send: impl Fn(ToWorker) + 'static) {
    let hook = Closure::<dyn Fn(JsValue)>::new(move |trap: JsValue| send(ToWorker::Crash { trap: trap.is_truthy() }));
    if let Some(w) = web_sys::window() {
        let _ = js_sys::Reflect::set(&w, &"ratingsLabFailWorker".into(), hook.as_ref());
    }
    hook.forget();
}
