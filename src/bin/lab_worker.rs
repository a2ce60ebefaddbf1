//! The lab's worker (Trunk builds it as `lab_worker.js` + `lab_worker_bg.wasm`), started when
//! first asked for: rating with every method, the compare view, prediction and the simulation
//! lab, the race and a step's working. The first worker (`worker.rs`) rates with Brent's method
//! alone, and the desk has a worker of its own (`desk_worker.rs`).

#[cfg(target_arch = "wasm32")]
fn main() {
    ratings_lab_web::worker::start(ratings_lab_web::worker::lab);
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("the worker runs in the browser only: build the app with `trunk build`.");
}
