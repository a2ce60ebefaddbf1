//! A part of a worker's wasm, fetched when its kind of job is first asked for (issue 24): the
//! function that loads and runs it ([`Part`]), the job it makes ([`Task`]), and what a job
//! says when its part cannot be fetched. Below the dispatcher (`worker/mod.rs`) and the jobs'
//! modules, which all name it.

use std::future::Future;
use std::pin::Pin;

/// A part of the worker's wasm could not be fetched (the split function's load failed).
pub struct Unloaded;

impl From<leptos::wasm_split::SplitLoaderError> for Unloaded {
    fn from(_: leptos::wasm_split::SplitLoaderError) -> Unloaded {
        Unloaded
    }
}

/// What a job says when its part of the worker could not be fetched.
pub const UNLOADED: &str = "this part of Ratings Lab could not be fetched (no network, or the site was updated since this page opened): reload the page to use it; nothing you entered is lost";

/// A part of the worker's wasm: loads it (the first time) and answers `A` with `R` (a binary's
/// `wasm_split` function, boxed).
pub type Part<A, R> = fn(A) -> Pin<Box<dyn Future<Output = Result<R, Unloaded>>>>;

/// A job's work, made by its part and run where the request was read.
pub type Task = Pin<Box<dyn Future<Output = ()>>>;
