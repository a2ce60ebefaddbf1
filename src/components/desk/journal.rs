//! The desk's journal in local storage: each change written before the page goes on, until
//! IndexedDB has committed a record that holds it ([`crate::core::kept`] says why, and replays it).

use crate::core::kept::{without_settled, Entry};

/// Local storage keys: this prefix and a tournament's id.
const PREFIX: &str = "ratings-lab/desk-journal/";

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

/// The journal of tournament `id` (empty when there is none or it cannot be read).
fn read(id: &str) -> Vec<Entry> {
    let text = storage().and_then(|s| s.get_item(&format!("{PREFIX}{id}")).ok().flatten());
    text.and_then(|t| crate::core::json::from_json(&t).ok()).unwrap_or_default()
}

fn store(id: &str, journal: &[Entry]) {
    let Some(s) = storage() else { return };
    let key = format!("{PREFIX}{id}");
    // A journal local storage refuses (full, or none in this browser) leaves the change to
    // IndexedDB alone, as before the journal: the page says if that write fails too.
    let _ = match journal.is_empty() {
        true => s.remove_item(&key),
        false => s.set_item(&key, &crate::core::json::to_json(&journal)),
    };
}

/// Writes `entry` to tournament `id`'s journal before this returns.
pub fn write(id: &str, entry: Entry) {
    let mut journal = read(id);
    journal.push(entry);
    store(id, &journal);
}

/// IndexedDB has committed tournament `id` with its changes up to `acted`.
pub fn settled(id: &str, acted: u64) {
    let journal = read(id);
    if !journal.is_empty() {
        store(id, &without_settled(journal, acted));
    }
}

/// Drops tournament `id`'s journal (the tournament removed).
pub fn forget(id: &str) {
    store(id, &[]);
}

/// Every journal kept: each tournament's id and its changes.
pub fn all() -> Vec<(String, Vec<Entry>)> {
    let Some(s) = storage() else { return Vec::new() };
    let keys = (0..s.length().unwrap_or(0)).filter_map(|i| s.key(i).ok().flatten());
    let ids: Vec<String> = keys.filter_map(|k| k.strip_prefix(PREFIX).map(str::to_string)).collect();
    ids.into_iter().map(|id| (id.clone(), read(&id))).collect()
}
