//! The app's help texts that come from the repository's documents: `docs/input.md`, rendered
//! to HTML at build time (`build.rs`), so the input panel's *Input formats* says exactly what
//! the document says. Wasm-free: the native tests check it.

/// `docs/input.md` as HTML, its headings demoted two levels (`#` → `<h3>`) to sit under the
/// input panel's `<h2>`.
pub const INPUT_HELP_HTML: &str = include_str!(concat!(env!("OUT_DIR"), "/input.html"));
