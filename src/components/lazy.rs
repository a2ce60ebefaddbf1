//! The views whose code is loaded when they are first shown (issue 24). The page's binary
//! (`src/main.rs`) makes each a split point of its wasm and hands the loaders to
//! [`crate::app::App`] as [`Deferred`]; `scripts/build-split.sh` splits the wasm there. The
//! split points live in the binary, not in this library, because a split function is exported
//! from every binary that links it: in the library, the workers' wasm would carry every view.

use crate::core::link::{Carries, LinkError, Scenario, View};
use crate::core::settings::Settings;
use crate::state::{How, Rerate, State};
use leptos::prelude::*;
use std::future::Future;
use std::pin::Pin;

/// A view's code could not be fetched (offline before the site was kept, or the site was
/// updated since this page opened). A later try fetches it afresh.
#[derive(Debug, Clone, Copy)]
pub struct Unloaded;

impl From<leptos::wasm_split::SplitLoaderError> for Unloaded {
    fn from(_: leptos::wasm_split::SplitLoaderError) -> Unloaded {
        Unloaded
    }
}

/// Loads a view's code (the first time) and makes the view.
pub type Load = fn() -> Pin<Box<dyn Future<Output = Result<AnyView, Unloaded>> + Send>>;

/// Reads a link's fragment ([`crate::core::link::read`]), the reader loaded the first time.
pub type ReadLink = fn(String) -> Pin<Box<dyn Future<Output = Result<Option<Result<Scenario, LinkError>>, Unloaded>>>>;

/// Makes a link of the settings, the view and the text in the page (`None`: a large file kept
/// in the browser's storage) ([`crate::core::link::make`]), the writer loaded the first time.
pub type MakeLink = fn(Settings, View, Option<String>) -> Pin<Box<dyn Future<Output = Result<(String, Carries), Unloaded>>>>;

/// Draws the ratings chart on the canvas ([`crate::charts::ratings::draw`]), the charts' code
/// loaded the first time.
pub type DrawRatings = fn(
    web_sys::HtmlCanvasElement,
    Vec<crate::charts::ratings::Bar>,
    crate::charts::ratings::Axis,
) -> Pin<Box<dyn Future<Output = Result<Result<usize, String>, Unloaded>>>>;

/// Reads a file chosen or dropped in place of the input ([`crate::components::input::read_file`]),
/// the engine's decoding loaded the first time.
pub type OpenFile = fn(web_sys::File, How, State, Rerate) -> Pin<Box<dyn Future<Output = Result<(), Unloaded>>>>;

/// The views loaded when first shown, and a way to fetch them all ahead.
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
    /// The players' view (a page of its own: `#players`, or a saved one).
    pub players: Load,
    /// Elo's table of each game's ratings, with a result that has it.
    pub games: Load,
    /// *Undo* and *Redo* of the input, with the first change that can be taken back.
    pub undo_bar: Load,
    /// The link made, and what an opened link restored.
    pub share_notes: Load,
    /// The help on input formats, opened.
    pub input_help: Load,
    /// A link's reader and writer (with deflate and base64: no part of a first visit
    /// without a link).
    pub read_link: ReadLink,
    pub make_link: MakeLink,
    /// The opening view's ratings chart (its code, plotters', fetched with the first ratings).
    pub draw_ratings: DrawRatings,
    /// Opening a file (or dropping one).
    pub open_file: OpenFile,
    /// Fetches every view's code without showing it (failures are left for the view to say).
    pub preload: fn() -> Pin<Box<dyn Future<Output = ()>>>,
}

/// A view whose code arrives when it is first shown: "Loading…" until then, and what to do if
/// it cannot come.
#[component]
pub fn Later(load: Load) -> impl IntoView {
    view! {
        <Suspense fallback=|| view! { <p class="loading" role="status">"Loading…"</p> }>
            {Suspend::new(async move {
                load().await.unwrap_or_else(|Unloaded| {
                    view! {
                        <p class="error" role="alert" data-testid="view-unloaded">
                            "This part of Ratings Lab could not be fetched (no network, or the site was updated since this page opened). Reload the page to use it; nothing you entered is lost."
                        </p>
                    }
                    .into_any()
                })
            })}
        </Suspense>
    }
}
