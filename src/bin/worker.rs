//! The first worker (Trunk builds it as `worker.js` + `worker_bg.wasm`, with the engine compiled
//! for size: Cargo's `first-worker` profile): it rates the text in the page with Brent's method,
//! the default, and nothing more, so that a first visit downloads little (issue 24). Every other
//! method, a large stored file and the lab have their worker (`lab_worker.rs`), and the desk its
//! own (`desk_worker.rs`).

#[cfg(target_arch = "wasm32")]
fn main() {
    ratings_lab_web::worker::start(ratings_lab_web::worker::core);
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("the worker runs in the browser only: build the app with `trunk build`.");
}
