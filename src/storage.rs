//! What the user entered survives a reload: kept in the browser's local storage.

const INPUT_KEY: &str = "ratings-lab/input";
const SETTINGS_KEY: &str = "ratings-lab/settings";

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

pub fn load_settings() -> Option<crate::protocol::Settings> {
    let text = storage()?.get_item(SETTINGS_KEY).ok()??;
    serde_json_lite::from_str(&text)
}

pub fn save_settings(settings: &crate::protocol::Settings) {
    if let Some(s) = storage() {
        let _ = s.set_item(SETTINGS_KEY, &serde_json_lite::to_string(settings));
    }
}

/// Settings as JSON through the browser's own JSON (no extra crate in the wasm).
mod serde_json_lite {
    use crate::protocol::Settings;

    pub fn to_string(s: &Settings) -> String {
        serde_wasm_bindgen::to_value(s).ok().and_then(|v| js_sys::JSON::stringify(&v).ok()).and_then(|s| s.as_string()).unwrap_or_default()
    }

    pub fn from_str(text: &str) -> Option<Settings> {
        let v = js_sys::JSON::parse(text).ok()?;
        serde_wasm_bindgen::from_value(v).ok()
    }
}
