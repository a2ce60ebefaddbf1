//! The lab's worker (`scripts/build-split.sh` builds it as `lab_worker.js` +
//! `lab_worker_bg.wasm` and its parts), started when first asked for: rating a text that is no
//! tournament with every method (its main part); a tournament and a large stored file, the
//! compare view, prediction and the simulation lab, the race and a step's working (each in a
//! part fetched when first asked for). The first worker (`worker.rs`) rates with Brent's method
//! alone, and the desk has a worker of its own (`desk_worker.rs`).
//!
//! The split points are here, not in the library: a split function is exported from every
//! binary that links it.

#[cfg(target_arch = "wasm32")]
use ratings_lab_web::{
    core::protocol::ToWorker,
    worker::{self, LabParts, Task, Unloaded},
};

/// Declares each part's split function, which makes the job's task in the part.
#[cfg(target_arch = "wasm32")]
macro_rules! parts {
    ($($part:ident => $task:path),* $(,)?) => {
        $(
            #[leptos::wasm_split::wasm_split($part, wasm_split_path = ::leptos::wasm_split, fallible)]
            fn $part(request: ToWorker) -> Result<Task, Unloaded> {
                Ok($task(request))
            }
        )*
    };
}

#[cfg(target_arch = "wasm32")]
parts! {
    lab_every => worker::every_task,
    lab_compare => worker::compare_task,
    lab_predict => worker::predict_task,
    lab_study => worker::study_task,
}

#[cfg(target_arch = "wasm32")]
static PARTS: LabParts = LabParts {
    every: |r| Box::pin(lab_every(r)),
    compare: |r| Box::pin(lab_compare(r)),
    predict: |r| Box::pin(lab_predict(r)),
    study: |r| Box::pin(lab_study(r)),
};

#[cfg(target_arch = "wasm32")]
fn main() {
    worker::start(|request| worker::lab(request, &PARTS));
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("the worker runs in the browser only: build the app with `scripts/build.sh`.");
}
