//! How the worker shares its one thread with the page's messages: posting to the page,
//! yielding to the event loop, which job of each kind is the newest (and which the user
//! cancelled), and the one loop that runs any job a slice at a time between those looks.

use crate::core::protocol::{FromWorker, COMPARE_JOBS, PREDICT_JOBS};
use std::cell::Cell;
use wasm_bindgen::JsCast;
use web_sys::DedicatedWorkerGlobalScope;

/// Milliseconds of computing between looks at the message queue: short enough that a cancel
/// or a newer job is seen at once (and progress moves smoothly), long enough that posting and
/// yielding cost little. One length for every job: none needs another.
const SLICE_MS: f64 = 25.0;

fn scope() -> DedicatedWorkerGlobalScope {
    js_sys::global().unchecked_into()
}

/// Posts `msg` to the page.
pub fn post(msg: &FromWorker) {
    match serde_wasm_bindgen::to_value(msg) {
        Ok(v) => {
            let _ = scope().post_message(&v);
        }
        Err(e) => web_sys::console::error_1(&format!("cannot encode a message: {e}").into()),
    }
}

/// Yields to the event loop, so queued messages (cancel, a newer job) are delivered.
pub async fn yield_now() {
    sleep(0).await;
}

/// Waits `ms` milliseconds, the event loop running meanwhile.
pub async fn sleep(ms: i32) {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        let _ = scope().set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms);
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}

/// The kinds of job, numbered apart ([`COMPARE_JOBS`], [`PREDICT_JOBS`]): a job supersedes
/// only older jobs of its own kind (a comparison never stops a rating). The race and a step's
/// working are numbered as ratings but run at once, superseding nothing.
#[derive(Clone, Copy)]
enum Kind {
    Rate = 0,
    Predict = 1,
    Compare = 2,
}

impl Kind {
    fn of(job: u32) -> Kind {
        match job {
            j if j >= COMPARE_JOBS => Kind::Compare,
            j if j >= PREDICT_JOBS => Kind::Predict,
            _ => Kind::Rate,
        }
    }
}

thread_local! {
    /// Each kind's newest job: older ones stop at their next slice.
    static NEWEST: [Cell<u32>; 3] = const { [Cell::new(0), Cell::new(0), Cell::new(0)] };
    /// Each kind's job that the user cancelled.
    static CANCELLED: [Cell<Option<u32>>; 3] = const { [Cell::new(None), Cell::new(None), Cell::new(None)] };
}

/// Makes `job` the newest of its kind.
pub fn begin(job: u32) {
    NEWEST.with(|n| n[Kind::of(job) as usize].set(job));
}

/// Marks `job` cancelled: it stops at its next slice.
pub fn cancel(job: u32) {
    CANCELLED.with(|c| c[Kind::of(job) as usize].set(Some(job)));
}

/// Whether a newer job of its kind came after `job`.
pub fn superseded(job: u32) -> bool {
    NEWEST.with(|n| n[Kind::of(job) as usize].get()) != job
}

/// Whether the user cancelled `job`.
pub fn cancelled(job: u32) -> bool {
    CANCELLED.with(|c| c[Kind::of(job) as usize].get()) == Some(job)
}

/// How far a job of counted steps is: always (done, in all).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    pub done: usize,
    pub total: usize,
}

/// Work that can be done a slice at a time.
pub trait Sliced {
    /// Works while `more_time()` says so; returns whether work is left.
    fn work(&mut self, more_time: &mut dyn FnMut() -> bool) -> bool;
}

/// Work of counted steps (a comparison's, a simulation's), each short.
pub trait Steps {
    /// Takes the next step; `false` once none is left.
    fn step(&mut self) -> bool;
    fn progress(&self) -> Progress;
}

impl<T: Steps> Sliced for T {
    fn work(&mut self, more_time: &mut dyn FnMut() -> bool) -> bool {
        loop {
            if !self.step() {
                return false;
            }
            if !more_time() {
                return true;
            }
        }
    }
}

/// How a job run in slices ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ended {
    Done,
    /// The user cancelled it: what the work holds is what was done.
    Cancelled,
    /// A newer job of its kind came: nothing more is posted for it.
    Superseded,
}

/// Runs `work` for `job` in slices of [`SLICE_MS`], calling `report` after each (to post its
/// progress) and yielding between them; stops when the work is done, or at the first slice's
/// end after a newer job of its kind or a cancel.
pub async fn in_slices<W: Sliced>(job: u32, work: &mut W, mut report: impl FnMut(&W)) -> Ended {
    loop {
        let start = js_sys::Date::now();
        let more = work.work(&mut || js_sys::Date::now() - start < SLICE_MS);
        report(work);
        if !more {
            return Ended::Done;
        }
        yield_now().await;
        if superseded(job) {
            return Ended::Superseded;
        }
        if cancelled(job) {
            return Ended::Cancelled;
        }
    }
}
