//! The tournament desk's worker (Trunk builds it as `desk_worker.js` + `desk_worker_bg.wasm`),
//! started when the desk is first used: the pairing engine stays out of the rating worker,
//! which a first visit loads (issue 24).

#[cfg(target_arch = "wasm32")]
fn main() {
    ratings_lab_web::worker::start(ratings_lab_web::worker::desk_only);
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("the worker runs in the browser only: build the app with `trunk build`.");
}
