//! Names as written to players, for reading big games files fast.
//!
//! A million-line file looks up two names a line in a table of a hundred thousand: each
//! lookup lands somewhere at random in memory, and done one after another they wait for
//! memory one after another. So names are resolved in batches: the table's slots for the
//! whole batch are touched first (independent loads, which the processor overlaps), then
//! the entries those slots point to, and only then is each name resolved, in order, from
//! memory that is already at hand. [`Dataset::player`], which tidies and lower-cases a name
//! (allocating), then runs once per spelling, not once per game.

use crate::model::{Dataset, PlayerId};
use std::hint::black_box;

/// Names waiting to be resolved, in order: their bytes end to end, and their hashes.
#[derive(Clone, Default)]
pub(crate) struct Batch {
    bytes: Vec<u8>,
    ends: Vec<usize>,
    hashes: Vec<u64>,
    /// Each short name padded as a [`Key`] holds it, so that matching it is one compare of
    /// a fixed size (no call to compare bytes).
    padded: Vec<[u8; INLINE]>,
}

impl Batch {
    pub fn push(&mut self, name: &str) {
        self.bytes.extend_from_slice(name.as_bytes());
        self.ends.push(self.bytes.len());
        self.hashes.push(hash(name.as_bytes()));
        self.padded.push(pad(name.as_bytes()));
    }

    pub fn len(&self) -> usize {
        self.ends.len()
    }

    fn name(&self, k: usize) -> &[u8] {
        let start = if k == 0 { 0 } else { self.ends[k - 1] };
        &self.bytes[start..self.ends[k]]
    }

    fn clear(&mut self) {
        self.bytes.clear();
        self.ends.clear();
        self.hashes.clear();
        self.padded.clear();
    }
}

/// Each spelling seen to its player: an open-addressing table with linear probing, whose
/// slots hold the top half of the name's hash (to skip most wrong entries without visiting
/// them) and the index of the entry with the name's bytes and player.
#[derive(Clone, Default)]
pub(crate) struct Names {
    /// 0 when empty, else `(hash >> 32) << 32 | (entry + 1)`; a power of two long, at most
    /// half full.
    slots: Vec<u64>,
    entries: Vec<(Key, u32)>,
}

impl Names {
    /// The players of the batch's names, in order (new names become new players, in order),
    /// appended to `out`; the batch is emptied.
    pub fn resolve(&mut self, batch: &mut Batch, dataset: &mut Dataset, out: &mut Vec<PlayerId>) {
        self.reserve(batch.len());
        self.prefetch(batch);
        for k in 0..batch.len() {
            let (name, h) = (batch.name(k), batch.hashes[k]);
            let player = match self.find(name, &batch.padded[k], h) {
                Ok(player) => player,
                Err(slot) => self.insert(slot, name, h, dataset),
            };
            out.push(player as PlayerId);
        }
        batch.clear();
    }

    /// Brings the batch's slots, then the entries they lead to, into the cache.
    fn prefetch(&self, batch: &Batch) {
        let mask = self.slots.len() - 1;
        let mut touched = 0u64;
        for &h in &batch.hashes {
            touched ^= self.slots[h as usize & mask];
        }
        black_box(touched);
        let mut touched = 0usize;
        for &h in &batch.hashes {
            let slot = self.slots[h as usize & mask];
            if slot != 0 {
                // Both ends of the entry: it may straddle two cache lines.
                let (key, player) = &self.entries[(slot as u32 - 1) as usize];
                touched ^= key.len() ^ *player as usize;
            }
        }
        black_box(touched);
    }

    /// The player of `name`, or the empty slot where it belongs.
    fn find(&self, name: &[u8], padded: &[u8; INLINE], h: u64) -> Result<u32, usize> {
        let mask = self.slots.len() - 1;
        let mut i = h as usize & mask;
        loop {
            let slot = self.slots[i];
            if slot == 0 {
                return Err(i);
            }
            if slot >> 32 == h >> 32 {
                let (key, player) = &self.entries[(slot as u32 - 1) as usize];
                if key.is(name, padded) {
                    return Ok(*player);
                }
            }
            i = (i + 1) & mask;
        }
    }

    fn insert(&mut self, slot: usize, name: &[u8], h: u64, dataset: &mut Dataset) -> u32 {
        let text = std::str::from_utf8(name).expect("names arrive as text");
        let player = dataset.player(text).expect("a non-blank name") as u32;
        self.slots[slot] = (h >> 32) << 32 | (self.entries.len() as u64 + 1);
        self.entries.push((Key::new(name), player));
        player
    }

    /// Room for `more` entries with the table at most half full.
    fn reserve(&mut self, more: usize) {
        let needed = ((self.entries.len() + more) * 2).next_power_of_two().max(1024);
        if needed <= self.slots.len() {
            return;
        }
        self.slots = vec![0; needed];
        let mask = needed - 1;
        for (k, (key, _)) in self.entries.iter().enumerate() {
            let h = hash(key.bytes());
            let mut i = h as usize & mask;
            while self.slots[i] != 0 {
                i = (i + 1) & mask;
            }
            self.slots[i] = (h >> 32) << 32 | (k as u64 + 1);
        }
    }
}

/// The longest name a [`Key`] holds in place.
const INLINE: usize = 22;

/// A name's bytes: in place when short (most names), else on the heap.
#[derive(Clone)]
enum Key {
    Inline(u8, [u8; INLINE]),
    Heap(Box<[u8]>),
}

/// A short name's bytes, padded with zeros to [`INLINE`] (a longer one's first bytes).
fn pad(name: &[u8]) -> [u8; INLINE] {
    let mut bytes = [0; INLINE];
    let n = name.len().min(INLINE);
    bytes[..n].copy_from_slice(&name[..n]);
    bytes
}

impl Key {
    fn new(name: &[u8]) -> Key {
        if name.len() <= INLINE {
            Key::Inline(name.len() as u8, pad(name))
        } else {
            Key::Heap(name.into())
        }
    }

    /// Whether this is `name` (given padded too, see [`pad`]).
    fn is(&self, name: &[u8], padded: &[u8; INLINE]) -> bool {
        match self {
            Key::Inline(len, bytes) => *len as usize == name.len() && bytes == padded,
            Key::Heap(b) => **b == *name,
        }
    }

    fn len(&self) -> usize {
        match self {
            Key::Inline(len, _) => *len as usize,
            Key::Heap(b) => b.len(),
        }
    }

    fn bytes(&self) -> &[u8] {
        match self {
            Key::Inline(len, bytes) => &bytes[..*len as usize],
            Key::Heap(b) => b,
        }
    }
}

/// FxHash's word-at-a-time mixing with a final avalanche (slots are picked by the low bits,
/// tags by the high ones). Not proof against crafted collisions: a file can only slow its
/// own import.
fn hash(bytes: &[u8]) -> u64 {
    let add = |h: u64, word: u64| (h.rotate_left(5) ^ word).wrapping_mul(0x517c_c1b7_2722_0a95);
    let mut h = 0;
    let mut chunks = bytes.chunks_exact(8);
    for c in &mut chunks {
        h = add(h, u64::from_le_bytes(c.try_into().expect("8 bytes")));
    }
    let rest = chunks.remainder();
    let mut last = [0u8; 8];
    last[..rest.len()].copy_from_slice(rest);
    h = add(h, u64::from_le_bytes(last) ^ ((rest.len() as u64) << 59));
    h ^= h >> 33;
    h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
    h ^ (h >> 33)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Names resolve as [`Dataset::player`] would, across batches and table growth, with
    /// spellings that differ only in case sharing a player.
    #[test]
    fn batches_resolve_as_the_dataset_names_players() {
        let mut names = Names::default();
        let (mut data, mut expected) = (Dataset::new(), Dataset::new());
        let mut batch = Batch::default();
        let mut out = Vec::new();
        let spellings: Vec<String> = (0..5000)
            .map(|i| match i % 3 {
                0 => format!("Player {}", i % 1700),
                1 => format!("PLAYER {}", (i * 7) % 1700),
                _ => format!("a rather long name that lives on the heap, number {}", i % 900),
            })
            .collect();
        for (i, s) in spellings.iter().enumerate() {
            batch.push(s);
            if batch.len() == 37 || i + 1 == spellings.len() {
                names.resolve(&mut batch, &mut data, &mut out);
            }
        }
        let want: Vec<PlayerId> = spellings.iter().map(|s| expected.player(s).unwrap()).collect();
        assert_eq!(out, want);
        assert_eq!(data.players, expected.players);
    }
}
