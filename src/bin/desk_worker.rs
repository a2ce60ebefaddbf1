//! The tournament desk's worker (`scripts/build-split.sh` builds it as `desk_worker.js` +
//! `desk_worker_bg.wasm` and its parts), started when the desk is first used: the pairing
//! engine stays out of the rating worker, which a first visit loads (issue 24). A change to
//! the file (the pairing engine), the standings and the rating report are each in a part
//! fetched when first asked for.
//!
//! The split points are here, not in the library: a split function is exported from every
//! binary that links it.

#[cfg(target_arch = "wasm32")]
use ratings_lab_web::{
    core::protocol::{DeskReply, DeskRequest},
    worker::{self, DeskParts, Unloaded},
};

/// Declares each part's split function, which answers the request in the part.
#[cfg(target_arch = "wasm32")]
macro_rules! parts {
    ($($part:ident => $answer:path),* $(,)?) => {
        $(
            #[leptos::wasm_split::wasm_split($part, wasm_split_path = ::leptos::wasm_split, fallible)]
            fn $part(request: DeskRequest) -> Result<Result<DeskReply, String>, Unloaded> {
                Ok($answer(request))
            }
        )*
    };
}

#[cfg(target_arch = "wasm32")]
parts! {
    desk_pair => worker::desk_pair,
    desk_standings => worker::desk_standings,
    desk_report => worker::desk_report,
}

#[cfg(target_arch = "wasm32")]
static PARTS: DeskParts =
    DeskParts { pair: |r| Box::pin(desk_pair(r)), standings: |r| Box::pin(desk_standings(r)), report: |r| Box::pin(desk_report(r)) };

#[cfg(target_arch = "wasm32")]
fn main() {
    worker::start(|request| worker::desk_only(request, &PARTS));
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("the worker runs in the browser only: build the app with `scripts/build.sh`.");
}
