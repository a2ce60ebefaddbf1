//! What the user entered survives a reload: kept in the browser's local storage. A write the
//! browser refuses (its storage full, or off) is reported as [`Kept`], for the page to say.

use crate::core::json::{from_json, to_json};
use crate::core::protocol::StoredFile;
use crate::core::settings::{Legacy, Settings, Stored};

const INPUT_KEY: &str = "ratings-lab/input";
/// The name and size of a large input kept in IndexedDB (see [`crate::idb`]).
const FILE_KEY: &str = "ratings-lab/input-file";
/// The settings, versioned ([`crate::core::settings::Stored`]).
const SETTINGS_KEY: &str = "ratings-lab/settings-v2";
/// The first version's settings, read once and migrated.
const LEGACY_SETTINGS_KEY: &str = "ratings-lab/settings";

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

/// What became of a write to the browser's storage.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kept {
    Yes,
    /// The browser refused it: its storage is full (or the value too large for it); the
    /// browser's reason, e.g. `QuotaExceededError`.
    Refused(String),
    /// This page has no storage (turned off, blocked, or a `file://` page in some browsers).
    NoStorage,
}

impl Kept {
    fn of(result: Result<(), wasm_bindgen::JsValue>) -> Kept {
        match result {
            Ok(()) => Kept::Yes,
            Err(e) => {
                let name = js_sys::Reflect::get(&e, &"name".into()).ok().and_then(|n| n.as_string());
                Kept::Refused(name.unwrap_or_else(|| "refused".into()))
            }
        }
    }

    /// Why `what` will not survive a reload, in words; `None` when it was kept.
    pub fn problem(&self, what: &str) -> Option<String> {
        match self {
            Kept::Yes => None,
            Kept::Refused(why) => Some(format!(
                "The browser's storage is full ({why}): {what} could not be kept, so will not survive a reload. Removing other sites' data in the browser's settings makes room."
            )),
            Kept::NoStorage => Some(format!("This browser keeps no data for this page (its storage is off or blocked): {what} will not survive a reload.")),
        }
    }
}

/// Whether this page may keep anything at all.
pub fn available() -> bool {
    storage().is_some()
}

/// The stored input; `None` on a first visit.
pub fn load_input() -> Option<String> {
    storage()?.get_item(INPUT_KEY).ok()?
}

/// Stores the input. When the browser refuses (e.g. over its quota) the older stored text is
/// removed too, so a reload cannot bring back something stale.
pub fn save_input(text: &str) -> Kept {
    let Some(s) = storage() else { return Kept::NoStorage };
    let kept = Kept::of(s.set_item(INPUT_KEY, text));
    if kept != Kept::Yes {
        let _ = s.remove_item(INPUT_KEY);
    }
    kept
}

/// The large input kept in IndexedDB, if any.
pub fn load_file() -> Option<StoredFile> {
    from_json(&storage()?.get_item(FILE_KEY).ok()??).ok()
}

/// Remembers (or forgets) that a large input is kept in IndexedDB.
pub fn save_file(file: Option<&StoredFile>) -> Kept {
    let Some(s) = storage() else { return Kept::NoStorage };
    Kept::of(match file {
        Some(f) => s.set_item(FILE_KEY, &to_json(f)),
        None => s.remove_item(FILE_KEY),
    })
}

/// The stored settings: `Ok(None)` on a first visit, the first version's migrated, an error
/// (for the page to show) when they name something the engine does not know.
pub fn load_settings() -> Result<Option<Settings>, String> {
    let Some(store) = storage() else { return Ok(None) };
    let read = |key| store.get_item(key).ok().flatten();
    if let Some(text) = read(SETTINGS_KEY) {
        return from_json::<Stored>(&text).map(|s| Some(s.current()));
    }
    match read(LEGACY_SETTINGS_KEY) {
        Some(text) => from_json::<Legacy>(&text).map(|l| Some(l.into())),
        None => Ok(None),
    }
}

pub fn save_settings(settings: &Settings) -> Kept {
    let Some(s) = storage() else { return Kept::NoStorage };
    Kept::of(s.set_item(SETTINGS_KEY, &to_json(&Stored::new(settings))))
}
