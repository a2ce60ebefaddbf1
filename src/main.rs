//! The page's entry point: mount the app.

#[cfg(target_arch = "wasm32")]
fn main() {
    // Panics abort in release builds; in debug builds, say what happened in the console.
    #[cfg(debug_assertions)]
    std::panic::set_hook(Box::new(|info| web_sys::console::error_1(&info.to_string().into())));
    // The "Loading…" note of index.html (which says what went wrong if the app cannot start).
    if let Some(note) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id("boot")) {
        note.remove();
    }
    leptos::mount::mount_to_body(ratings_lab_web::app::App);
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("ratings-lab-web is the browser app: build it with `trunk build` (see the README).");
}
