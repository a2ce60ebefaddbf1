//! JSON for what the page keeps (stored settings, a link's payload): in the page through the
//! browser's own JSON, so the wasm carries no second copy of the settings' serde code;
//! natively (the tests) through `serde_json`. Both write the same JSON. Wasm-free in the
//! sense of the layers: it imports nothing of the page, so `link.rs` (wasm-free) and
//! `storage.rs` (the page's) can both use it.

use serde::de::DeserializeOwned;
use serde::Serialize;

/// The value as JSON text. Maps (the settings' flattened parameters are one) become plain
/// objects, which JSON can hold.
#[cfg(target_arch = "wasm32")]
pub fn to_json<T: Serialize>(v: &T) -> String {
    let serializer = serde_wasm_bindgen::Serializer::json_compatible();
    v.serialize(&serializer).ok().and_then(|v| js_sys::JSON::stringify(&v).ok()).and_then(|s| s.as_string()).unwrap_or_default()
}

/// The value read from JSON text, or why not.
#[cfg(target_arch = "wasm32")]
pub fn from_json<T: DeserializeOwned>(text: &str) -> Result<T, String> {
    let v = js_sys::JSON::parse(text).map_err(|_| "not JSON".to_string())?;
    serde_wasm_bindgen::from_value(v).map_err(|e| e.to_string())
}

/// The value as JSON text.
#[cfg(not(target_arch = "wasm32"))]
pub fn to_json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("settings serialise")
}

/// The value read from JSON text, or why not.
#[cfg(not(target_arch = "wasm32"))]
pub fn from_json<T: DeserializeOwned>(text: &str) -> Result<T, String> {
    serde_json::from_str(text).map_err(|e| e.to_string())
}
