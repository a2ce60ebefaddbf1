//! A rating list read offline (issue 36): FIDE's monthly download of its players list, as
//! the fixed-width TXT (`players_list_foa.txt`) or the XML (`players_list_xml_foa.xml`), FIDE's
//! separate standard, rapid and blitz lists (`standard_nov26frl.txt`, `rapid_nov26frl_xml.xml`
//! …: one rating each, its kind told by the file's name, [`kind_in_name`], given to
//! [`ListReader::named`] or [`ListReader::with_kind`]), or a national list as CSV; then a
//! player found by FIDE id, or by name as it is typed.
//!
//! The list is read as it comes, a piece of bytes at a time ([`ListReader::push`]), so that
//! a million lines are never held as text beside what is read from them: each line becomes a
//! compact [`ListEntry`] (about 32 bytes: ratings and years as small numbers, the federation
//! as three bytes) and its name goes once into one shared buffer. The format is told by the
//! first line: FIDE's TXT header (`ID Number      Name …`), an XML declaration or
//! `<playerslist>`, or else a CSV header ([`formats`] says which columns each has).
//!
//! A line that cannot be read is never dropped in silence: it gives a warning naming its
//! number and what was expected, and a field that cannot be read (a rating `25OO`) gives one
//! while the rest of the line is kept. The first [`SHOWN_WARNINGS`] are listed, the others
//! counted ([`ReadList::more_warnings`]); the lines no player was read from are counted too
//! ([`ReadList::skipped`]). Nor is a column dropped in silence: those the file has and the
//! reader does not keep (FIDE's `OTit`, `FOA`, games, K; the XML's elements skipped) are named
//! once ([`ReadList::not_read`]). Each line's bytes are UTF-8, or else Windows-1252
//! (FIDE's XML declares ISO-8859-1), decided line by line ([`super::decode`]'s rule).

mod collected;
mod entry;
mod file_name;
mod fold;
pub mod formats;

pub use collected::SHOWN_WARNINGS;
pub use entry::{ListEntry, ListFormat, RatingType};
pub use file_name::{date_in_name, kind_in_name};
pub use fold::{cmp_folded, fold, folded, starts_with_folded, Folded};

use crate::error::{ParseError, MAX_LINE_BYTES};
use crate::tournament::{Sex, Title};
use collected::Collected;
use formats::Reading;
use serde::{Deserialize, Serialize};

/// A player of a list as a whole value (for a view, the command line or JSON).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ListPlayer {
    pub id: Option<u64>,
    pub name: String,
    pub federation: Option<String>,
    pub sex: Option<Sex>,
    pub title: Option<Title>,
    pub standard: Option<u32>,
    pub rapid: Option<u32>,
    pub blitz: Option<u32>,
    pub birth_year: Option<u16>,
    pub inactive: bool,
}

/// A list read: its players sorted by id, their names kept once, and an index of the names
/// in their folded order for the search.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct RatingList {
    /// The list's date (`2026-04`), if the caller or the file's name gave it ([`date_in_name`]),
    /// or else a separate list's rating column (`NOV26`).
    pub date: Option<String>,
    /// A separate list's kind (FIDE's `standard_…`, `rapid_…`, `blitz_…`: its one rating is
    /// of this kind); `None`: the combined list, a national one, or a kind not told.
    #[serde(default)]
    pub kind: Option<RatingType>,
    pub format: ListFormat,
    pub entries: Vec<ListEntry>,
    names: String,
    /// Indices into `entries`, in the folded order of their names.
    by_name: Vec<u32>,
}

/// A list read, with its warnings.
#[derive(Clone, Debug, PartialEq)]
pub struct ReadList {
    pub list: RatingList,
    /// The first [`SHOWN_WARNINGS`] problems, in line order.
    pub warnings: Vec<ParseError>,
    /// How many more there were, not listed.
    pub more_warnings: usize,
    /// The columns (TXT, CSV) or elements (XML) the file has and the reader does not keep,
    /// each once, as the file names them (FIDE's `OTit`, `FOA`, the games and K; `<o_title>`
    /// …): so that nothing of the file is dropped unsaid.
    pub not_read: Vec<String>,
    /// The lines (an XML's `<player>` elements) no player was read from, each also a warning.
    pub skipped: usize,
}

impl ReadList {
    /// The warnings as lines of text: first what the file has that is not read and how many
    /// lines were left out, then each problem, the last line saying how many more were not
    /// listed.
    pub fn warning_lines(&self) -> Vec<String> {
        let mut out = Vec::new();
        if !self.not_read.is_empty() {
            let what = if self.list.format == ListFormat::FideXml { "elements" } else { "columns" };
            out.push(format!("{what} not read: {}", self.not_read.join(", ")));
        }
        if self.skipped > 0 {
            let lines = if self.skipped == 1 { "line" } else { "lines" };
            let named = if self.more_warnings > 0 { "the first named below, the others counted" } else { "each named below" };
            out.push(format!("{} {lines} left out, no player read from them ({named})", self.skipped));
        }
        out.extend(self.warnings.iter().map(|w| w.to_string()));
        if self.more_warnings > 0 {
            out.push(format!("{} more problems like these, not listed (the first {} are)", self.more_warnings, SHOWN_WARNINGS));
        }
        out
    }
}

/// Reads a list a piece at a time: [`push`](ListReader::push) the bytes as they come (any
/// split), then [`finish`](ListReader::finish).
#[derive(Debug, Default)]
pub struct ListReader {
    /// The number of the line being gathered, from 1.
    line: usize,
    partial: Vec<u8>,
    /// The bytes of a line past [`MAX_LINE_BYTES`] (not kept; the line is refused).
    overlong: usize,
    reading: Option<Reading>,
    /// What the lines read so far gave: the formats add the players and warnings to it.
    collected: Collected,
}

impl ListReader {
    pub fn new(date: Option<String>) -> ListReader {
        ListReader { line: 1, collected: Collected { date, ..Collected::default() }, ..ListReader::default() }
    }

    /// A reader for a separate list whose one rating is of `kind` (FIDE's standard, rapid and
    /// blitz lists name the column by the month, `NOV26`, and the XML's is `<rating>`: only
    /// the file's name says which kind it is).
    pub fn with_kind(date: Option<String>, kind: Option<RatingType>) -> ListReader {
        let mut r = ListReader::new(date);
        r.collected.kind = kind;
        r
    }

    /// A reader for the file called `name`: its date ([`date_in_name`]) and, for a separate
    /// list, its kind ([`kind_in_name`]) taken from the name.
    pub fn named(name: &str) -> ListReader {
        ListReader::with_kind(date_in_name(name), kind_in_name(name))
    }

    /// Reads `bytes`, the next piece of the file.
    pub fn push(&mut self, mut bytes: &[u8]) {
        while let Some(at) = bytes.iter().position(|&b| b == b'\n') {
            self.gather(&bytes[..at]);
            self.end_line();
            bytes = &bytes[at + 1..];
        }
        self.gather(bytes);
    }

    fn gather(&mut self, piece: &[u8]) {
        if self.overlong > 0 || self.partial.len() + piece.len() > MAX_LINE_BYTES {
            self.overlong += self.partial.len() + piece.len();
            self.partial.clear();
        } else {
            self.partial.extend_from_slice(piece);
        }
    }

    fn end_line(&mut self) {
        let line = self.line;
        if self.overlong > 0 {
            let problem = format!("{} bytes long", self.overlong);
            self.collected.skip(ParseError::BadRecord { line, problem, expected: format!("a line of at most {MAX_LINE_BYTES} bytes") });
        } else {
            let mut bytes = std::mem::take(&mut self.partial);
            let mut body = bytes.strip_suffix(b"\r").unwrap_or(&bytes);
            if line == 1 {
                body = body.strip_prefix(super::decode::BOM).unwrap_or(body);
            }
            match std::str::from_utf8(body) {
                Ok(text) => self.read_line(line, text),
                Err(_) => self.read_line(line, &body.iter().map(|&b| super::decode::windows_1252(b)).collect::<String>()),
            }
            bytes.clear();
            self.partial = bytes;
        }
        self.overlong = 0;
        self.line += 1;
    }

    fn read_line(&mut self, line: usize, text: &str) {
        if self.reading.is_none() {
            if text.trim().is_empty() {
                return;
            }
            self.reading = Some(formats::begin(&mut self.collected, text));
            if !matches!(self.reading, Some(Reading::Xml { .. })) {
                return;
            }
        }
        if let Some(reading) = &mut self.reading {
            reading.line(&mut self.collected, line, text);
        }
    }

    /// The list read, sorted by id and indexed by name; a repeated id is a warning (the
    /// first line's player kept).
    pub fn finish(mut self) -> ReadList {
        if !self.partial.is_empty() || self.overlong > 0 {
            self.end_line();
        }
        let mut c = self.collected;
        let format = match self.reading.take() {
            Some(r) => r.finish(&mut c),
            None => {
                c.warn(ParseError::Empty);
                ListFormat::FideTxt
            }
        };
        let mut order: Vec<usize> = (0..c.entries.len()).collect();
        crate::sort::by_key(&mut order, |&i| (c.entries[i].id, c.lines[i]));
        let mut entries = Vec::with_capacity(order.len());
        for (k, &i) in order.iter().enumerate() {
            let e = c.entries[i];
            let first = (k > 0 && e.id > 0 && c.entries[order[k - 1]].id == e.id).then(|| c.lines[order[k - 1]]);
            match first {
                Some(first) => c.skip(ParseError::BadRecord {
                    line: c.lines[i] as usize,
                    problem: format!("FIDE id {} is on line {first} too", e.id),
                    expected: "each id once (the first line's player is kept)".into(),
                }),
                None => entries.push(e),
            }
        }
        crate::sort::by_key(&mut c.warnings, |w| w.line());
        let mut list = RatingList { date: c.date, kind: c.kind, format, entries, names: c.names, by_name: Vec::new() };
        list.index();
        ReadList { list, warnings: c.warnings, more_warnings: c.more_warnings, not_read: c.not_read, skipped: c.skipped }
    }
}

/// Reads a whole list held as bytes (a small file, a test).
pub fn read_list(bytes: &[u8], date: Option<String>) -> ReadList {
    let mut r = ListReader::new(date);
    r.push(bytes);
    r.finish()
}

impl RatingList {
    /// Sorts the index of names (folded, then the original spelling, then the id).
    fn index(&mut self) {
        let mut by_name: Vec<u32> = (0..self.entries.len() as u32).collect();
        crate::sort::by(&mut by_name, |&a, &b| {
            let (ea, eb) = (&self.entries[a as usize], &self.entries[b as usize]);
            cmp_folded(self.name(ea), self.name(eb)).then_with(|| self.name(ea).cmp(self.name(eb))).then(ea.id.cmp(&eb.id))
        });
        self.by_name = by_name;
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The player's name as the list writes it (`Surname, First names`).
    pub fn name(&self, e: &ListEntry) -> &str {
        let at = e.name_at as usize;
        self.names.get(at..at + e.name_len as usize).unwrap_or("")
    }

    /// The player with FIDE id `id`.
    pub fn find(&self, id: u64) -> Option<&ListEntry> {
        if id == 0 {
            return None;
        }
        self.entries.binary_search_by_key(&id, |e| e.id).ok().map(|i| &self.entries[i])
    }

    /// `e` as a whole value.
    pub fn player(&self, e: &ListEntry) -> ListPlayer {
        ListPlayer {
            id: e.fide_id(),
            name: self.name(e).to_string(),
            federation: e.federation().map(str::to_string),
            sex: e.sex,
            title: e.title,
            standard: e.rating(RatingType::Standard),
            rapid: e.rating(RatingType::Rapid),
            blitz: e.rating(RatingType::Blitz),
            birth_year: e.birth_year(),
            inactive: e.inactive,
        }
    }

    /// The players whose name starts with `query` as typed (case and accents aside: the
    /// surname's start, or `surname, first`'s), at most `limit`, best first: the whole name
    /// as typed, then the surname as typed, then the active before the inactive, then by the
    /// rating of `kind` (the unrated last), then by name. A query of digits is a FIDE id.
    pub fn search(&self, query: &str, kind: RatingType, limit: usize) -> Vec<&ListEntry> {
        let q = query.trim();
        if !q.is_empty() && q.bytes().all(|b| b.is_ascii_digit()) {
            return q.parse().ok().and_then(|id| self.find(id)).into_iter().take(limit).collect();
        }
        let q = folded(q);
        if q.is_empty() || limit == 0 {
            return Vec::new();
        }
        let from = self.by_name.partition_point(|&i| fold(self.name(&self.entries[i as usize])).lt(q.chars()));
        let matches = self.by_name[from..].iter().take_while(|&&i| starts_with_folded(self.name(&self.entries[i as usize]), &q));
        let surname = !q.contains(',');
        let mut found: Vec<(usize, &ListEntry)> = matches.enumerate().map(|(k, &i)| (k, &self.entries[i as usize])).collect();
        crate::sort::by_cached_key(&mut found, |&(k, e)| {
            let name = self.name(e);
            let whole = fold(name).eq(q.chars());
            let by_surname = surname && fold(name).take_while(|&c| c != ',').eq(q.chars());
            (!whole, !by_surname, e.inactive, std::cmp::Reverse(e.rating(kind).unwrap_or(0)), k)
        });
        found.into_iter().take(limit).map(|(_, e)| e).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_in_fide_file_names() {
        assert_eq!(date_in_name("standard_apr26frl.txt").as_deref(), Some("2026-04"));
        assert_eq!(date_in_name("players_list_foa_2026-04.txt").as_deref(), Some("2026-04"));
        assert_eq!(date_in_name("players_list_foa.txt"), None);
        assert_eq!(date_in_name("list_2026-13.txt"), None);
    }

    #[test]
    fn kinds_in_fide_file_names() {
        assert_eq!(kind_in_name("standard_nov26frl.txt"), Some(RatingType::Standard));
        assert_eq!(kind_in_name("downloads/rapid_nov26frl_xml.xml"), Some(RatingType::Rapid));
        assert_eq!(kind_in_name("BLITZ_NOV26FRL.TXT"), Some(RatingType::Blitz));
        assert_eq!(kind_in_name("players_list_foa.txt"), None);
        assert_eq!(ListReader::named("blitz_nov26frl.txt").finish().list.kind, Some(RatingType::Blitz));
    }

    #[test]
    fn rating_types_by_name() {
        assert_eq!("Rapid".parse::<RatingType>().unwrap(), RatingType::Rapid);
        assert!("bullet".parse::<RatingType>().unwrap_err().to_string().contains("expected standard, rapid or blitz"));
    }
}
