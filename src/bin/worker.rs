//! The Web Worker's entry point (Trunk builds it as `worker.js` + `worker_bg.wasm`).

#[cfg(target_arch = "wasm32")]
fn main() {
    ratings_lab_web::worker::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("the worker runs in the browser only: build the app with `trunk build`.");
}
