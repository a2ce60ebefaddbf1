//! The dataset's index of names: each player's name is held once, by the player; the index
//! holds only the players' numbers, placed by the hash of the name's key ([`name_key`]: tidy,
//! case folded), and a lookup compares the key it is given with the key of the player it finds.
//!
//! Why: the index was a map from each key (a lower-cased copy of the name) to the player, so a
//! name was held twice once read (three times while reading): about 6 MB of the 50 MB a
//! 100,000-player, million-game league takes (issue 40, item 3, "names interned once"). Now it
//! costs 16 to 32 bytes a player (8-byte slots, the table between a quarter and half full).

use rustc_hash::FxHashMap;
use std::hash::{Hash, Hasher};

/// A player's number in the dataset.
type PlayerId = usize;

/// What the index reads of a player: its name (tidy, as shown). The dataset's `Player` is
/// one; the index knows nothing else of it (the model imports this file, not the reverse).
pub(super) trait Named {
    fn name(&self) -> &str;
}

/// The identity of a name: trimmed, inner whitespace collapsed, case folded.
pub fn name_key(name: &str) -> String {
    tidy_name(name).to_lowercase()
}

/// A name as shown: trimmed, inner whitespace collapsed.
pub fn tidy_name(name: &str) -> String {
    let trimmed = name.trim();
    if !trimmed.contains("  ") && !trimmed.contains(|c: char| c.is_whitespace() && c != ' ') {
        // Already tidy (most names): one copy, no list of words.
        return trimmed.to_string();
    }
    name.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Players by the key of their name. A player renamed keeps its old key in `aliases`, so
/// input that uses either spelling finds it.
#[derive(Clone, Debug, Default)]
pub(super) struct NameIndex {
    /// 0 when empty, else the key's hash's top half, then the player's number + 1; a power of
    /// two long, at most half full.
    slots: Vec<u64>,
    /// The players placed.
    len: usize,
    aliases: FxHashMap<String, PlayerId>,
}

/// Equal when they index as many players under the same old names (the rest of an index
/// follows from its dataset's players, which a dataset's equality compares).
impl PartialEq for NameIndex {
    fn eq(&self, other: &Self) -> bool {
        self.len == other.len && self.aliases == other.aliases
    }
}

/// The key's hash (FxHash, then an avalanche: slots are picked by the low bits, tags by the
/// high ones).
fn hash(key: &str) -> u64 {
    let mut h = rustc_hash::FxHasher::default();
    key.hash(&mut h);
    let h = h.finish();
    let h = (h ^ (h >> 33)).wrapping_mul(0xff51_afd7_ed55_8ccd);
    h ^ (h >> 33)
}

/// Whether `name` (a player's name, tidy) has the key `key`, without making the name's key
/// unless it must ([`str::to_lowercase`] treats a final capital sigma apart).
fn has_key(name: &str, key: &str) -> bool {
    if name.is_ascii() {
        // Each byte its own character, lower-cased to one byte (the key's are lower case).
        return name.len() == key.len() && name.bytes().zip(key.bytes()).all(|(n, k)| n.to_ascii_lowercase() == k);
    }
    if name.contains('Σ') {
        return name_key(name) == key;
    }
    name.chars().flat_map(char::to_lowercase).eq(key.chars())
}

impl NameIndex {
    /// How many players the index places (fewer than the dataset's after deserialising).
    pub fn len(&self) -> usize {
        self.len
    }

    /// The player whose name has the key `key`, or who had it before a rename.
    pub fn get(&self, key: &str, players: &[impl Named]) -> Option<PlayerId> {
        if self.slots.is_empty() {
            return None;
        }
        let h = hash(key);
        let mask = self.slots.len() - 1;
        let mut i = h as usize & mask;
        loop {
            let slot = self.slots[i];
            if slot == 0 {
                return self.aliases.get(key).copied();
            }
            let id = (slot as u32 - 1) as usize;
            if slot >> 32 == h >> 32 && players.get(id).is_some_and(|p| has_key(p.name(), key)) {
                return Some(id);
            }
            i = (i + 1) & mask;
        }
    }

    /// Places player `id` under `key`, the key of its name (`players` are the dataset's, for
    /// the table to grow by).
    pub fn insert(&mut self, key: &str, id: PlayerId, players: &[impl Named]) {
        if (self.len + 1) * 2 > self.slots.len() {
            self.grow(players);
        }
        self.place(hash(key), id);
        self.len += 1;
    }

    /// Keeps `old`, a renamed player's former key, as its alias.
    pub fn alias(&mut self, old: String, id: PlayerId) {
        self.aliases.insert(old, id);
    }

    /// Places every player of `players` anew (after deserialising), with no aliases.
    pub fn rebuild(&mut self, players: &[impl Named]) {
        *self = NameIndex::default();
        for (id, p) in players.iter().enumerate() {
            self.insert(&name_key(p.name()), id, players);
        }
    }

    fn place(&mut self, h: u64, id: PlayerId) {
        let mask = self.slots.len() - 1;
        let mut i = h as usize & mask;
        while self.slots[i] != 0 {
            i = (i + 1) & mask;
        }
        self.slots[i] = (h >> 32) << 32 | (id as u64 + 1);
    }

    /// Doubles the table (1,024 slots at first), placing its players again by their names'
    /// keys (the slots keep only the top half of a hash, so the keys are made again: once a
    /// player a doubling, about twice a player in all). A renamed player's slot goes under
    /// its new name; its old key is an alias.
    fn grow(&mut self, players: &[impl Named]) {
        let size = (self.slots.len() * 2).max(1024);
        let old = std::mem::replace(&mut self.slots, vec![0; size]);
        for slot in old.into_iter().filter(|&s| s != 0) {
            let id = (slot as u32 - 1) as usize;
            self.place(hash(&name_key(players[id].name())), id);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{name_key, tidy_name};
    use crate::model::Dataset;
    use std::collections::HashMap;

    /// The index as it was: a map from each key to its player, and the players' names.
    #[derive(Default)]
    struct Reference {
        index: HashMap<String, usize>,
        names: Vec<String>,
    }

    impl Reference {
        fn player(&mut self, name: &str) -> Option<usize> {
            let key = name_key(name);
            if key.is_empty() {
                return None;
            }
            if let Some(&id) = self.index.get(&key) {
                return Some(id);
            }
            self.names.push(tidy_name(name));
            self.index.insert(key, self.names.len() - 1);
            Some(self.names.len() - 1)
        }

        fn rename(&mut self, id: usize, name: &str) {
            let key = name_key(name);
            if key.is_empty() || self.index.get(&key).is_some_and(|&other| other != id) {
                return;
            }
            self.index.insert(key, id);
            self.names[id] = tidy_name(name);
        }
    }

    /// Spellings, renames and lookups, in a seeded random order, find the players the old
    /// map found: case and spacing ignored, Greek final sigmas, long names, the table grown
    /// many times, a renamed player found by either name, a deserialised dataset reindexed.
    #[test]
    fn the_index_finds_the_players_a_map_of_keys_found() {
        let mut seed: u64 = 9;
        let mut next = move |n: usize| {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            ((seed >> 33) as usize) % n
        };
        let stems = ["Anna", "ΟΔΥΣΣΕΑΣ", "Οδυσσέας", "Ölçer  Ş", "x", "a rather long name that goes on and on"];
        let spelling = |k: usize, v: usize| {
            let s = format!("{} {k}", stems[k % stems.len()]);
            match v {
                0 => s,
                1 => s.to_uppercase(),
                2 => s.to_lowercase(),
                _ => format!("  {}\t", s.replace(' ', "   ")),
            }
        };
        let (mut data, mut reference) = (Dataset::new(), Reference::default());
        for step in 0..20_000 {
            let (k, v) = (next(3_000), next(4));
            if step % 50 == 49 && !reference.names.is_empty() {
                let id = next(reference.names.len());
                let name = spelling(next(3_500), next(4));
                data.rename(id, &name);
                reference.rename(id, &name);
            } else {
                assert_eq!(data.player(&spelling(k, v)), reference.player(&spelling(k, v)), "step {step}");
            }
        }
        assert_eq!(data.player("   "), None);
        let names: Vec<String> = data.players.iter().map(|p| p.name.clone()).collect();
        assert_eq!(names, reference.names);
        for (key, &id) in &reference.index {
            assert_eq!(data.find(key), Some(id), "{key}");
        }
        // Deserialised, the dataset has no index until it is rebuilt (old names then lost, as
        // before: only the players' names are saved).
        let mut back: Dataset = serde_json::from_str(&serde_json::to_string(&data).unwrap()).unwrap();
        back.reindex();
        for (id, name) in names.iter().enumerate() {
            assert_eq!(back.find(&name.to_uppercase()), Some(id));
        }
        assert_eq!(back.find("nobody at all"), None);
    }
}
