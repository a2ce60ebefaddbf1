//! The views whose code is loaded when they are first shown (issue 24). The page's binary
//! (`src/main.rs`) makes each a split point of its wasm with Leptos's `#[lazy]` and hands the
//! loaders to [`crate::app::App`] as [`Deferred`]; `scripts/build-page.sh` splits the wasm
//! there. The split points live in the binary, not in this library, because a `#[lazy]`
//! function is exported from every binary that links it: in the library, the worker's wasm
//! would carry every view.

use leptos::prelude::*;
use std::future::Future;
use std::pin::Pin;

/// Loads a view's code (the first time) and makes the view.
pub type Load = fn() -> Pin<Box<dyn Future<Output = AnyView> + Send>>;

/// The views loaded when first shown.
#[derive(Clone, Copy)]
pub struct Deferred {
    /// An organiser's standings (shown with the first tournament read).
    pub standings: Load,
    /// The convergence charts and the step view (shown with the first ratings).
    pub convergence: Load,
    /// The compare view, opened.
    pub compare: Load,
    /// Prediction and the simulation lab, opened.
    pub predict: Load,
    /// The race of the iterations, once run.
    pub race: Load,
    /// The tournament desk.
    pub desk: Load,
}

/// A view whose code arrives when it is first shown: "Loading…" until then.
#[component]
pub fn Later(load: Load) -> impl IntoView {
    view! {
        <Suspense fallback=|| view! { <p class="loading" role="status">"Loading…"</p> }>
            {Suspend::new(load())}
        </Suspense>
    }
}
