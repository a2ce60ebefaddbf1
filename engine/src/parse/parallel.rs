//! A big games CSV read on every core (natively; the wasm build reads on one): the text is cut
//! at line ends into as many parts as there are cores, each part read by its own
//! [`GameReader`] on its own thread, and the parts taken in, in order, by the first
//! ([`GameReader::absorb`]): the players in the order they first appear in the file, each
//! game's line, every warning and error, as one reader reading the whole text gives them
//! (tested on every test file and on random cuts).
//!
//! A text with a quote in it is read on one thread: a quoted field may hold a line break, so
//! a line end is not surely a record's end. So is a text whose header cannot be read, or one
//! too small to be worth the threads ([`PARALLEL_BYTES`]). Before the threads start, the
//! calling thread looks for a quote and counts the lines that may be games (room reserved for
//! them): two quick passes over the bytes.

use super::columns::Columns;
use super::csv::{parse_csv, CsvOptions, GameReader, Parsed};
use super::records::{possible_records, sniff_delimiter, Fields, Splitter};
use crate::error::ParseErrors;

/// Texts shorter than this are read on one thread (a thread costs more than it saves).
pub const PARALLEL_BYTES: usize = 1 << 20;

/// Reads a games CSV as [`parse_csv`] does, on every core when it is large.
pub fn parse_csv_parallel(text: &str, options: &CsvOptions) -> Result<Parsed, ParseErrors> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    if text.len() < PARALLEL_BYTES || threads < 2 {
        return parse_csv(text, options);
    }
    let cuts: Vec<usize> = (1..threads).map(|k| text.len() / threads * k).collect();
    parse_csv_cut(text, options, &cuts)
}

/// Reads a games CSV in parts, cut after the first line end at or after each of `cuts` (byte
/// offsets); what [`parse_csv`] gives, whatever the cuts.
pub fn parse_csv_cut(text: &str, options: &CsvOptions, cuts: &[usize]) -> Result<Parsed, ParseErrors> {
    if text.contains('"') {
        return parse_csv(text, options);
    }
    let delimiter = sniff_delimiter(text);
    let Some((header_end, header)) = header_of(text, delimiter, options) else {
        return parse_csv(text, options);
    };
    let starts = part_starts(text, header_end, cuts);
    if starts.len() < 2 {
        return parse_csv(text, options);
    }
    let mut parts: Vec<(Splitter, GameReader)> = std::thread::scope(|scope| {
        let handles: Vec<_> = starts
            .iter()
            .enumerate()
            .map(|(k, &(start, line))| {
                let end = starts.get(k + 1).map_or(text.len(), |next| next.0);
                let header = header.clone();
                // The first part's reader takes in the others: room for every game at once,
                // so the games are not moved (and held twice) as they come in.
                let room = if k == 0 { possible_records(text) } else { possible_records(&text[start..end]) };
                scope.spawn(move || read_part(&text[start..end], k == 0, line, delimiter, options, header, room))
            })
            .collect();
        handles.into_iter().map(|h| h.join().expect("a part's reader does not panic")).collect()
    });
    let (mut splitter, mut reader) = parts.remove(0);
    for (s, r) in parts {
        splitter.absorb(s);
        reader.absorb(r);
    }
    reader.finish(splitter)
}

/// The header: where its line ends and what it gives (line, fields, columns); `None` when
/// the text has none that can be read.
fn header_of(text: &str, delimiter: char, options: &CsvOptions) -> Option<(usize, (usize, usize, Columns))> {
    let mut splitter = Splitter::new(delimiter);
    let mut reader = GameReader::new(options);
    let mut at = 0;
    while !reader.header_read() {
        let k = text[at..].find('\n')?;
        splitter.line(&text[at..at + k], true, &mut |rec: Fields| reader.record(&rec));
        at += k + 1;
        if !splitter.errors.is_empty() {
            return None;
        }
    }
    reader.header().map(|h| (at, h))
}

/// Each part's first byte and line number: the header's part from the start, then one after
/// the first line end at or after each cut (past the header, increasing, never at the end).
fn part_starts(text: &str, header_end: usize, cuts: &[usize]) -> Vec<(usize, usize)> {
    let mut starts = vec![(0, 1)];
    let (mut at, mut line) = (0, 1);
    for &cut in cuts {
        let from = cut.max(header_end).max(starts.last().map_or(0, |s| s.0 + 1));
        // Bytes, not text: a cut may fall inside a character.
        let Some(k) = text.as_bytes().get(from..).and_then(|rest| rest.iter().position(|&b| b == b'\n')) else { break };
        let start = from + k + 1;
        if start >= text.len() {
            break;
        }
        line += text.as_bytes()[at..start].iter().filter(|&&b| b == b'\n').count();
        at = start;
        starts.push((start, line));
    }
    starts
}

/// Reads one part: the first from the start of the text (with its header), the others as
/// lines after the header, numbered from `line`; room for `room` games.
fn read_part(
    part: &str,
    first: bool,
    line: usize,
    delimiter: char,
    options: &CsvOptions,
    header: (usize, usize, Columns),
    room: usize,
) -> (Splitter, GameReader) {
    let (mut splitter, mut reader) = if first {
        (Splitter::new(delimiter), GameReader::new(options))
    } else {
        let fields = header.1;
        (Splitter::after_header(delimiter, line, fields), GameReader::after_header(options, header))
    };
    reader.dataset.games.reserve(room);
    splitter.text(part, &mut |rec: Fields| reader.record(&rec));
    (splitter, reader)
}
