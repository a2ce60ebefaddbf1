//! Renders `docs/input.md`, the one description of the input formats, to HTML for the input
//! panel's help (`src/core/help.rs`), so the app's help and the document cannot drift apart.
//! Headings are demoted by two levels: the help sits inside the input panel, whose own
//! heading is an `<h2>`, so the page's outline stays right.
//!
//! It also has the page's wasm, and the lab's and the desk's workers', linked with the linker's
//! relocations kept: wasm-split-cli needs them to split each at its split points
//! (`scripts/build-split.sh`). A link argument of those binaries alone, so nothing else is
//! compiled differently.

use pulldown_cmark::{html, Event, HeadingLevel, Options, Parser, Tag, TagEnd};
use std::path::Path;

/// A heading two levels down (`#` becomes `<h3>`), at most `<h6>`.
fn demote(level: HeadingLevel) -> HeadingLevel {
    match level {
        HeadingLevel::H1 => HeadingLevel::H3,
        HeadingLevel::H2 => HeadingLevel::H4,
        HeadingLevel::H3 => HeadingLevel::H5,
        _ => HeadingLevel::H6,
    }
}

fn main() {
    println!("cargo:rerun-if-changed=docs/input.md");
    println!("cargo:rerun-if-changed=build.rs");
    if std::env::var("CARGO_CFG_TARGET_ARCH").as_deref() == Ok("wasm32") {
        for bin in ["ratings-lab-web", "lab_worker", "desk_worker"] {
            println!("cargo:rustc-link-arg-bin={bin}=--emit-relocs");
        }
    }
    let markdown = std::fs::read_to_string("docs/input.md").expect("docs/input.md is part of the repository");
    let events = Parser::new_ext(&markdown, Options::ENABLE_TABLES).map(|event| match event {
        Event::Start(Tag::Heading { level, id, classes, attrs }) => Event::Start(Tag::Heading { level: demote(level), id, classes, attrs }),
        Event::End(TagEnd::Heading(level)) => Event::End(TagEnd::Heading(demote(level))),
        other => other,
    });
    let mut out = String::new();
    html::push_html(&mut out, events);
    let dir = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR for build scripts");
    std::fs::write(Path::new(&dir).join("input.html"), out).expect("OUT_DIR is writable");
}
