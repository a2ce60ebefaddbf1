//! What a list's reader has collected from the lines read so far ([`Collected`]): the
//! players (each a compact entry, its name in one shared buffer), the warnings (the first
//! [`SHOWN_WARNINGS`] kept, the others counted), the columns not read, the lines skipped, and
//! the list's date and kind.
//!
//! The formats ([`super::formats`]) add to it line by line, and [`super::ListReader`] feeds
//! them the lines and makes the list of it: in a file of its own, so that the formats never
//! import the reader that calls them (a circle).

use super::entry::{ListEntry, RatingType};
use crate::error::ParseError;

/// The most warnings a read lists; the others are counted.
pub const SHOWN_WARNINGS: usize = 100;

/// The players, warnings and counts gathered while a list is read.
#[derive(Debug, Default)]
pub(crate) struct Collected {
    /// The list's date: the caller's, the file name's, or a separate list's rating column.
    pub(super) date: Option<String>,
    /// The kind of a separate list's one rating ([`super::kind_in_name`]).
    pub(super) kind: Option<RatingType>,
    pub(super) entries: Vec<ListEntry>,
    /// Each entry's line, while reading (for the warning on a repeated id).
    pub(super) lines: Vec<u32>,
    pub(super) names: String,
    pub(super) warnings: Vec<ParseError>,
    pub(super) more_warnings: usize,
    /// The columns or elements present and not kept ([`super::ReadList::not_read`]).
    pub(super) not_read: Vec<String>,
    /// The lines no player was read from ([`super::ReadList::skipped`]).
    pub(super) skipped: usize,
}

impl Collected {
    /// The date the list's header gives (a separate list's rating column), when none was.
    pub(super) fn date_from_header(&mut self, date: Option<String>) {
        if self.date.is_none() {
            self.date = date;
        }
    }

    /// Keeps a warning, or counts it past [`SHOWN_WARNINGS`].
    pub(super) fn warn(&mut self, w: ParseError) {
        if self.warnings.len() < SHOWN_WARNINGS {
            self.warnings.push(w);
        } else {
            self.more_warnings += 1;
        }
    }

    /// A line no player is read from: its warning, and counted.
    pub(super) fn skip(&mut self, w: ParseError) {
        self.skipped += 1;
        self.warn(w);
    }

    /// A column or element the file has and the reader does not keep, named once.
    pub(super) fn not_read(&mut self, name: &str) {
        if !self.not_read.iter().any(|n| n == name) {
            self.not_read.push(name.to_string());
        }
    }

    /// Adds a player read on `line`.
    pub(super) fn add(&mut self, line: usize, mut e: ListEntry, name: &str) {
        let name = name.trim();
        let mut end = name.len().min(u16::MAX as usize);
        while !name.is_char_boundary(end) {
            end -= 1;
        }
        e.name_at = self.names.len() as u32;
        e.name_len = end as u16;
        self.names.push_str(&name[..end]);
        self.entries.push(e);
        self.lines.push(line as u32);
    }
}
