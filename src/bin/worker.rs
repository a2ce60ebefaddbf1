//! The rating worker's entry point (Trunk builds it as `worker.js` + `worker_bg.wasm`): every
//! job but the desk's, which has a worker of its own (`desk_worker.rs`).

#[cfg(target_arch = "wasm32")]
fn main() {
    ratings_lab_web::worker::start(ratings_lab_web::worker::rating);
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("the worker runs in the browser only: build the app with `trunk build`.");
}
