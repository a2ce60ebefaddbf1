//! The page's entry point: mount the app, with the views it loads when first shown.

#[cfg(target_arch = "wasm32")]
mod deferred {
    //! The page's split points (issue 24): each `#[lazy]` function is cut out of the page's
    //! wasm with all the code only it reaches (scripts/build-page.sh), and fetched the first
    //! time it is called. See `ratings_lab_web::components::lazy` for why they live here.
    use leptos::prelude::*;
    use ratings_lab_web::components as c;
    use ratings_lab_web::components::lazy::Deferred;

    macro_rules! split {
        ($($load:ident => $view:path),* $(,)?) => {
            $(
                #[lazy]
                fn $load() -> AnyView {
                    view! { <$view /> }.into_any()
                }
            )*
            /// The views' loaders.
            pub fn views() -> Deferred {
                Deferred { $($load: || Box::pin($load())),* }
            }
        };
    }

    split! {
        standings => c::StandingsPanel,
        convergence => c::convergence::ConvergenceBody,
        compare => c::compare::CompareBody,
        predict => c::predict::PredictBody,
        race => c::race::RaceResult,
        desk => c::DeskPanel,
    }
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
    let views = deferred::views();
    leptos::mount::mount_to_body(move || leptos::prelude::view! { <ratings_lab_web::app::App views=views /> });
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("ratings-lab-web is the browser app: build it with `trunk build` (see the README).");
}
