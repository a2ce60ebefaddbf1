//! People who share a name stay distinct players: a tournament's entrants (by start number)
//! and the AGA's players (by id) each become a new player of the dataset, under a name no
//! other player has.
//!
//! A dataset finds players by name ([`Dataset::player`]), so a renamed duplicate (`A (#2)`)
//! that happened to equal another entrant's own name would silently become that entrant:
//! two people merged into one, who then plays themselves. [`DistinctNames::add`] only ever
//! adds a player, trying `name`, then `name (2)`, `name (3)`, … until one is free, so a merge
//! cannot happen whatever the names are.

use crate::model::{name_key, Dataset, PlayerId};
use std::collections::HashMap;

/// Hands out names no player of a dataset has yet (see the module's documentation).
#[derive(Debug, Default)]
pub struct DistinctNames {
    /// Per name (its key), the next suffix to try: each suffix is tried once per name, so
    /// adding `n` players tries at most about `2n` names whatever the input (not `n²`).
    next: HashMap<String, u32>,
}

impl DistinctNames {
    pub fn new() -> DistinctNames {
        DistinctNames::default()
    }

    /// Adds a new player to `data` and returns it, never an existing one: named `name` when
    /// no player has that name (names match as [`Dataset::player`] matches them), else
    /// `name (2)`, `name (3)`, … the first that no player has. A blank name is `(no name)`.
    pub fn add(&mut self, data: &mut Dataset, name: &str) -> PlayerId {
        let name = if name_key(name).is_empty() { "(no name)" } else { name.trim() };
        let key = name_key(name);
        let mut k = self.next.get(&key).copied().unwrap_or(1);
        loop {
            let candidate = if k == 1 { name.to_string() } else { format!("{name} ({k})") };
            k += 1;
            if data.find(&candidate).is_none() {
                self.next.insert(key.clone(), k);
                let before = data.players.len();
                // Not found and not blank: `player` adds it, as the next player.
                if let Some(id) = data.player(&candidate).filter(|&id| id == before) {
                    return id;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_handed_out_is_new() {
        // Each case: names added in order, and the names they get.
        let cases: [(&[&str], &[&str]); 4] = [
            (&["A", "B"], &["A", "B"]),
            (&["A", "a", " A "], &["A", "a (2)", "A (3)"]),
            (&["A (2)", "A", "A"], &["A (2)", "A", "A (3)"]),
            (&["", "  ", "(no name)"], &["(no name)", "(no name) (2)", "(no name) (3)"]),
        ];
        for (names, expected) in cases {
            let mut d = Dataset::new();
            let mut distinct = DistinctNames::new();
            let ids: Vec<PlayerId> = names.iter().map(|n| distinct.add(&mut d, n)).collect();
            assert_eq!(ids, (0..names.len()).collect::<Vec<_>>(), "{names:?}");
            let shown: Vec<&str> = d.players.iter().map(|p| p.name.as_str()).collect();
            assert_eq!(shown, expected, "{names:?}");
        }
    }
}
