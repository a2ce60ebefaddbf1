//! What the user entered survives a reload: kept in the browser's local storage.

use crate::protocol::StoredFile;
use crate::settings::{Legacy, Settings, Stored};

const INPUT_KEY: &str = "ratings-lab/input";
/// The name and size of a large input kept in IndexedDB (see [`crate::idb`]).
const FILE_KEY: &str = "ratings-lab/input-file";
/// The settings, versioned ([`crate::settings::Stored`]).
const SETTINGS_KEY: &str = "ratings-lab/settings-v2";
/// The first version's settings, read once and migrated.
const LEGACY_SETTINGS_KEY: &str = "ratings-lab/settings";

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

/// The stored input; `None` on a first visit.
pub fn load_input() -> Option<String> {
    storage()?.get_item(INPUT_KEY).ok()?
}

/// Stores the input; `false` if the browser refused (e.g. over its quota), in which case the
/// older stored text is removed too, so a reload cannot bring back something stale.
pub fn save_input(text: &str) -> bool {
    let Some(s) = storage() else { return false };
    if s.set_item(INPUT_KEY, text).is_ok() {
        return true;
    }
    let _ = s.remove_item(INPUT_KEY);
    false
}

/// The stored settings: `Ok(None)` on a first visit, the first version's migrated, an error
/// (for the page to show) when they name something the engine does not know.
/// The large input kept in IndexedDB, if any.
pub fn load_file() -> Option<StoredFile> {
    from_json(&storage()?.get_item(FILE_KEY).ok()??).ok()
}

/// Remembers (or forgets) that a large input is kept in IndexedDB.
pub fn save_file(file: Option<&StoredFile>) {
    let Some(s) = storage() else { return };
    let _ = match file {
        Some(f) => s.set_item(FILE_KEY, &to_json(f)),
        None => s.remove_item(FILE_KEY),
    };
}

pub fn load_settings() -> Result<Option<Settings>, String> {
    let Some(store) = storage() else { return Ok(None) };
    let read = |key| store.get_item(key).ok().flatten();
    if let Some(text) = read(SETTINGS_KEY) {
        return from_json::<Stored>(&text).map(|s| Some(s.settings));
    }
    match read(LEGACY_SETTINGS_KEY) {
        Some(text) => from_json::<Legacy>(&text).map(|l| Some(l.into())),
        None => Ok(None),
    }
}

pub fn save_settings(settings: &Settings) {
    if let Some(s) = storage() {
        let _ = s.set_item(SETTINGS_KEY, &to_json(&Stored::new(settings)));
    }
}

/// JSON through the browser's own JSON (no extra crate in the wasm). Maps (the settings'
/// flattened parameters are one) become plain objects, which JSON can hold.
pub fn to_json<T: serde::Serialize>(v: &T) -> String {
    let serializer = serde_wasm_bindgen::Serializer::json_compatible();
    v.serialize(&serializer).ok().and_then(|v| js_sys::JSON::stringify(&v).ok()).and_then(|s| s.as_string()).unwrap_or_default()
}

pub fn from_json<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, String> {
    let v = js_sys::JSON::parse(text).map_err(|_| "not JSON".to_string())?;
    serde_wasm_bindgen::from_value(v).map_err(|e| e.to_string())
}
