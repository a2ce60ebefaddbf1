//! The page's entry point: mount the app, with the views it loads when first shown.
//!
//! The page's split points (issue 24) are here: each `wasm_split` function below (the
//! mechanism of Leptos's `#[lazy]`, used directly for its `fallible` and `preload` options) is
//! cut out of the page's wasm with all the code only it reaches (`scripts/build-split.sh`), and
//! fetched the first time it is called. They live in the binary, not the library, because a
//! split function is exported from every binary that links it (see
//! `ratings_lab_web::components::lazy`).

#[cfg(target_arch = "wasm32")]
use {
    leptos::prelude::*,
    ratings_lab_web::components as c,
    ratings_lab_web::components::lazy::{Deferred, Unloaded},
    ratings_lab_web::core::link,
};

/// One split function per view (fallible: a part that cannot be fetched is said, not a crash),
/// with its preload, and the table of their loaders.
#[cfg(target_arch = "wasm32")]
macro_rules! split {
    ($($load:ident, $preload:ident => $view:path),* $(,)? ; $($field:ident: $value:expr),* ; $($more:ident),*) => {
        $(
            #[leptos::wasm_split::wasm_split($load, wasm_split_path = ::leptos::wasm_split, fallible, preload($preload))]
            fn $load() -> Result<AnyView, Unloaded> {
                Ok(view! { <$view /> }.into_any())
            }
        )*
        /// The views' loaders.
        fn views() -> Deferred {
            Deferred {
                $($load: || Box::pin($load()),)*
                $($field: $value,)*
                // One part at a time, each after any worker the user asked for has loaded.
                preload: || Box::pin(async {
                    $(ratings_lab_web::bridge::user_first().await; let _ = $preload().await;)*
                    $(ratings_lab_web::bridge::user_first().await; let _ = $more().await;)*
                }),
            }
        }
    };
}

#[cfg(target_arch = "wasm32")]
split! {
    convergence, preload_convergence => c::convergence::ConvergenceBody,
    standings, preload_standings => c::StandingsPanel,
    compare, preload_compare => c::compare::CompareBody,
    predict, preload_predict => c::predict::PredictBody,
    race, preload_race => c::race::RaceResult,
    desk, preload_desk => c::DeskPanel,
    players, preload_players => c::desk::players_view::PlayersBody,
    input_help, preload_input_help => c::input::InputHelp,
    games, preload_games => c::results::GameTable,
    undo_bar, preload_undo_bar => c::input::UndoBar,
    share_notes, preload_share_notes => c::share::ShareNotes;
    read_link: |fragment| Box::pin(read_link(fragment)),
    make_link: |settings, view, text| Box::pin(make_link(settings, view, text)),
    draw_ratings: |canvas, bars, axis| Box::pin(draw_ratings(canvas, bars, axis)),
    open_file: |file, how, state, rerate| Box::pin(open_file(file, how, state, rerate));
    preload_link, preload_ratings_chart, preload_open_file
}

/// A file chosen or dropped read in place of the input, in the part of the wasm that holds the
/// engine's decoding.
#[cfg(target_arch = "wasm32")]
#[leptos::wasm_split::wasm_split(open_file, wasm_split_path = ::leptos::wasm_split, fallible, preload(preload_open_file))]
fn open_file(
    file: web_sys::File,
    how: ratings_lab_web::state::How,
    state: ratings_lab_web::state::State,
    rerate: ratings_lab_web::state::Rerate,
) -> Result<(), Unloaded> {
    c::input::read_file(file, how, state, rerate);
    Ok(())
}

/// The ratings chart drawn, in the part of the wasm that holds the charts' code (plotters).
#[cfg(target_arch = "wasm32")]
#[leptos::wasm_split::wasm_split(ratings_chart, wasm_split_path = ::leptos::wasm_split, fallible, preload(preload_ratings_chart))]
fn draw_ratings(
    canvas: web_sys::HtmlCanvasElement,
    bars: Vec<ratings_lab_web::charts::ratings::Bar>,
    axis: ratings_lab_web::charts::ratings::Axis,
) -> Result<Result<usize, String>, Unloaded> {
    Ok(ratings_lab_web::charts::ratings::draw(&canvas, &bars, &axis))
}

/// A link's reader, in the part of the wasm that holds the link's code.
#[cfg(target_arch = "wasm32")]
#[leptos::wasm_split::wasm_split(link, wasm_split_path = ::leptos::wasm_split, fallible, preload(preload_link))]
fn read_link(fragment: String) -> Result<Option<Result<link::Scenario, link::LinkError>>, Unloaded> {
    Ok(link::read(&fragment))
}

/// A link's writer, in the same part.
#[cfg(target_arch = "wasm32")]
#[leptos::wasm_split::wasm_split(link, wasm_split_path = ::leptos::wasm_split, fallible)]
fn make_link(
    settings: ratings_lab_web::core::settings::Settings,
    view: link::View,
    text: Option<String>,
) -> Result<(String, link::Carries), Unloaded> {
    Ok(match &text {
        Some(text) => link::make(&settings, &view, link::Given::Text(text)),
        None => link::make(&settings, &view, link::Given::StoredFile),
    })
}

#[cfg(target_arch = "wasm32")]
fn main() {
    // Panics abort in release builds; in debug builds, say what happened in the console.
    #[cfg(debug_assertions)]
    std::panic::set_hook(Box::new(|info| web_sys::console::error_1(&info.to_string().into())));
    // The "Loading…" note of index.html (which says what went wrong if the app cannot start).
    if let Some(note) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id("boot")) {
        note.remove();
    }
    let views = views();
    leptos::mount::mount_to_body(move || view! { <ratings_lab_web::app::App views=views /> });
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("ratings-lab-web is the browser app: build it with `trunk build` (see the README).");
}
