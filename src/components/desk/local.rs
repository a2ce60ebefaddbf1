//! What the desk keeps in the browser's local storage, and what it reads of the page itself:
//! the keys, the draft of the new-tournament form, and whether this page is a players' view
//! (a saved one-file app's data block, or `#players`). Below every desk view and the desk's
//! handle, which all read it.

use serde::{Deserialize, Serialize};

/// Where the desk's open tournament is remembered across visits (local storage).
pub(crate) const OPEN_KEY: &str = "ratings-lab/desk-open";
/// Written after each change is kept: another tab's `storage` event.
pub(crate) const STAMP_KEY: &str = "ratings-lab/desk-stamp";
/// The tournament whose text the rating views were given to show its standings
/// (`list::follow_in_ratings`).
pub(crate) const LINKED_KEY: &str = "ratings-lab/desk-linked";
/// Set while the new-tournament form is open: a visit reopens it (with its draft).
pub(crate) const CREATING_KEY: &str = "ratings-lab/desk-creating";

pub(crate) fn local(key: &str) -> Option<String> {
    web_sys::window()?.local_storage().ok()??.get_item(key).ok()?
}

pub(crate) fn set_local(key: &str, value: Option<&str>) {
    if let Some(s) = web_sys::window().and_then(|w| w.local_storage().ok().flatten()) {
        let _ = match value {
            Some(v) => s.set_item(key, v),
            None => s.remove_item(key),
        };
    }
}

/// Where the form's draft is kept.
pub(crate) const DRAFT_KEY: &str = "ratings-lab/desk-draft";

/// The draft kept, if any.
pub(crate) fn kept_draft() -> Option<String> {
    local(DRAFT_KEY).filter(|d| !d.is_empty())
}

/// The data block's id in a saved players' view.
pub(crate) const BLOCK: &str = "ratings-lab-players";

/// A tournament carried in a saved players' view.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Carried {
    pub name: String,
    pub text: String,
}

/// Where the players' view takes its tournament from.
#[derive(Clone, Debug, PartialEq)]
pub enum Source {
    /// Saved in the page itself.
    Carried(Carried),
    /// The desk's open tournament in this browser (`#players`).
    Kept,
}

/// Whether this page is a players' view, and of what.
pub fn source() -> Option<Source> {
    let document = web_sys::window()?.document()?;
    if let Some(block) = document.get_element_by_id(BLOCK) {
        let carried = crate::core::json::from_json::<Carried>(&block.text_content().unwrap_or_default()).ok()?;
        return Some(Source::Carried(carried));
    }
    (web_sys::window()?.location().hash().ok()? == "#players").then_some(Source::Kept)
}
