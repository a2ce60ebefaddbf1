//! A games CSV read from bytes that arrive in pieces (a `File` read in chunks by the app's
//! worker): [`CsvReader`] gives exactly what [`parse_csv`](super::parse_csv) gives on the
//! bytes [`decode`](super::decode::decode)d as a whole.
//!
//! Only the bytes of a line not yet ended are kept, and the lines of a quoted field that goes
//! on over line breaks (as [`parse_csv`](super::parse_csv) needs them). Bytes are decoded as
//! `decode` does: UTF-8, else Windows-1252 for the whole input. ASCII reads the same either
//! way, so nothing more is kept while every byte is ASCII (a file of ASCII names, the common
//! large case, is never held). From the piece with the first other byte until a line proves
//! the input is not UTF-8, the reader keeps every byte from that piece on, and itself as it
//! was before it (a copy of what it had read of the ASCII part); when a line does, it goes
//! back to that copy and reads the kept bytes again as Windows-1252 (and keeps no more). Line ends are
//! `\n`, `\r\n` or a lone `\r`, as `decode` makes them; a file that ends its lines with `\r`
//! alone is therefore held whole until [`CsvReader::finish`]. Bytes that are not text are
//! refused by `decode`'s rule ([`signature_error`], [`nul_error`]), and nothing past them is read.
//! A reader told the input's encoding before it starts ([`CsvReader::knowing`], a file looked
//! over first) keeps nothing.
//!
//! ```
//! use ratings_engine::parse::{parse_csv, stream::CsvReader, CsvOptions};
//! let text = "white,black,result\nAnna,\"Ben\nBenson\",1-0\r\nBen,Cleo,1/2-1/2\n";
//! let mut reader = CsvReader::new(CsvOptions::default());
//! for chunk in text.as_bytes().chunks(5) {
//!     reader.push(chunk);
//! }
//! assert_eq!(reader.finish(), parse_csv(&text.replace("\r\n", "\n"), &CsvOptions::default()));
//! ```

use super::csv::{CsvOptions, GameReader, Parsed};
use super::decode::{not_utf8, not_utf8_after, nul_error, signature_error, windows_1252, BOM, SIGNATURE_BYTES};
use super::records::{delimiter_of, Fields, Splitter};
use crate::error::{ParseError, ParseErrors};

/// Reads a games CSV pushed in chunks of any size (a chunk may end mid-line, mid-character or
/// inside a quoted field).
#[derive(Clone)]
pub struct CsvReader {
    options: CsvOptions,
    /// The bytes of the line not yet ended.
    tail: Vec<u8>,
    /// UTF-8 until a line shows otherwise; then Windows-1252 for the whole input.
    utf8: bool,
    /// Every byte from the first piece that is not all ASCII, while the input may still turn
    /// out not to be UTF-8; `ascii` bytes came before them.
    all: Vec<u8>,
    ascii: usize,
    /// The reader as it was before that piece, to read the bytes of `all` again from.
    before: Option<Box<CsvReader>>,
    note: Option<String>,
    /// Whether the first bytes (which may be a byte-order mark) have been read.
    started: bool,
    /// Lines before the header's, held until the header tells the delimiter: (line, ended).
    waiting: Vec<(String, bool)>,
    split: Option<Splitter>,
    games: GameReader,
    /// The first bytes (up to [`SIGNATURE_BYTES`]), how many bytes were pushed, and why they
    /// are not text once a piece shows it.
    head: Vec<u8>,
    pushed: usize,
    refused: Option<ParseError>,
    /// A later part of a file, read on its own to be joined on ([`CsvReader::join`]).
    #[cfg(not(target_arch = "wasm32"))] // Parts are read on threads.
    part: Option<Part>,
    /// Whether the input's encoding was known before it was read ([`CsvReader::knowing`]):
    /// then nothing is kept for a restart.
    #[cfg(not(target_arch = "wasm32"))] // Only a file on disk can be looked over first.
    known: bool,
    /// The lines of the last block read before its first byte that is not UTF-8.
    #[cfg(not(target_arch = "wasm32"))]
    bad: usize,
}

/// A later part's state: not read again as Windows-1252 when a line is not UTF-8, but given
/// up; the number of its first line, and whether its last bytes were read
/// ([`CsvReader::end_part`]).
#[cfg(not(target_arch = "wasm32"))]
#[derive(Clone)]
struct Part {
    line: usize,
    gave_up: bool,
    ended: bool,
}

impl CsvReader {
    pub fn new(options: CsvOptions) -> CsvReader {
        let games = GameReader::new(&options);
        CsvReader {
            options,
            tail: Vec::new(),
            utf8: true,
            all: Vec::new(),
            ascii: 0,
            before: None,
            note: None,
            started: false,
            waiting: Vec::new(),
            split: None,
            games,
            head: Vec::new(),
            pushed: 0,
            refused: None,
            #[cfg(not(target_arch = "wasm32"))]
            part: None,
            #[cfg(not(target_arch = "wasm32"))]
            known: false,
            #[cfg(not(target_arch = "wasm32"))]
            bad: 0,
        }
    }

    /// A reader of an input whose encoding was found before it is read (a file on disk, looked
    /// over once by [`utf8_note`](super::decode::utf8_note)): UTF-8 when `note` is `None`, else
    /// Windows-1252 from the first byte, with that note. It keeps nothing for a restart, where
    /// [`CsvReader::new`] keeps every byte from the first one that is not ASCII until the end
    /// shows the input is UTF-8 (a file of accented names in UTF-8, or one whose first byte
    /// that is not UTF-8 comes late, was held about twice). A line that is not UTF-8 in an
    /// input known to be refuses the input: the file changed while it was read.
    #[cfg(not(target_arch = "wasm32"))] // Only a file on disk can be looked over first.
    pub fn knowing(options: CsvOptions, note: Option<String>) -> CsvReader {
        CsvReader { known: true, utf8: note.is_none(), note, ..CsvReader::new(options) }
    }

    /// The next bytes of the input.
    pub fn push(&mut self, bytes: &[u8]) {
        if self.refused.is_some() || self.part_stopped() {
            return;
        }
        if let Some(e) = self.not_text(bytes) {
            // Nothing more of it is read or kept.
            let head = std::mem::take(&mut self.head);
            *self = CsvReader { refused: Some(e), head, ..CsvReader::new(self.options.clone()) };
            return;
        }
        if self.utf8 && !self.is_part() && !self.is_known() {
            self.keep(bytes);
        }
        if !self.feed(bytes) && !self.give_up_part() {
            self.restart();
        }
    }

    /// Whether the input's encoding was known before it was read ([`CsvReader::knowing`]).
    fn is_known(&self) -> bool {
        #[cfg(not(target_arch = "wasm32"))]
        return self.known;
        #[cfg(target_arch = "wasm32")]
        false
    }

    /// What [`decode`](super::decode::decode) notes about the bytes pushed so far: `None`
    /// while they are UTF-8, else that they were read as Windows-1252 (call it after the last
    /// [`push`](Self::push), before [`finish`](Self::finish)).
    pub fn note(&self) -> Option<String> {
        // The line not yet ended may hold the first byte that is not UTF-8.
        let tail = if self.started { &self.tail[..] } else { self.tail.strip_prefix(BOM).unwrap_or(&self.tail) };
        match &self.note {
            None if self.utf8 && std::str::from_utf8(tail).is_err() => Some(self.not_utf8()),
            note => note.clone(),
        }
    }

    /// Why the input is not text, given its next `bytes`: the signature once the first
    /// [`SIGNATURE_BYTES`] are in, a NUL byte in any piece.
    fn not_text(&mut self, bytes: &[u8]) -> Option<ParseError> {
        let offset = self.pushed;
        self.pushed += bytes.len();
        if self.head.len() < SIGNATURE_BYTES {
            let take = bytes.len().min(SIGNATURE_BYTES - self.head.len());
            self.head.extend_from_slice(&bytes[..take]);
            if self.head.len() == SIGNATURE_BYTES {
                if let Some(e) = signature_error(&self.head) {
                    return Some(e);
                }
            }
        }
        // A NUL inside a signature not yet complete (a PNG's ninth byte): the signature says more.
        nul_error(bytes, offset).map(|e| signature_error(&self.head).unwrap_or(e))
    }

    /// A reader of a file's later part: the bytes from the start of line `line` on, pushed
    /// on their own (on another thread) while this file's first part is read, then joined on
    /// ([`CsvReader::join`]). `head` is the file's first bytes, enough to hold its header;
    /// `None` when they do not give one in UTF-8 (the file is then read in one part).
    #[cfg(not(target_arch = "wasm32"))] // Parts are read on threads.
    pub fn later_part(options: &CsvOptions, head: &[u8], line: usize) -> Option<CsvReader> {
        let mut first = CsvReader::new(options.clone());
        first.push(head);
        let (delimiter, _, _) = first.split.as_ref()?.state();
        let header = first.games.header().filter(|_| first.utf8 && first.refused.is_none())?;
        let fields = header.1;
        let mut games = GameReader::after_header(options, header);
        games.in_blocks();
        Some(CsvReader {
            // The signature is the file's: a later part's first bytes are not checked for one.
            head: first.head,
            started: true,
            split: Some(Splitter::after_header(delimiter, line, fields)),
            games,
            part: Some(Part { line, gave_up: false, ended: false }),
            ..CsvReader::new(options.clone())
        })
    }

    /// Takes in `later`, a [`CsvReader::later_part`] given every byte after those pushed here
    /// (its first is a line's first): then this reader reads as if it had been given them
    /// all. False, and this reader unchanged, when that cannot be told from the parts: either
    /// is not UTF-8 (the whole file would be read as Windows-1252) or not text, a quoted
    /// field is open where they meet, the header differs, or `later` was numbered from
    /// another line than the one that comes next here. The caller then pushes the later
    /// bytes here itself.
    #[cfg(not(target_arch = "wasm32"))] // Parts are read on threads.
    pub fn join(&mut self, mut later: CsvReader) -> bool {
        later.end_part();
        let later_fine = later.part.as_ref().is_some_and(|p| !p.gave_up) && later.utf8 && later.refused.is_none();
        let (Some(split), Some(later_split)) = (self.split.as_mut(), later.split.take()) else { return false };
        let (delimiter, line, open) = split.state();
        let fine = later_fine
            && self.refused.is_none()
            && self.utf8
            && self.tail.is_empty()
            && !open
            && later_split.state().0 == delimiter
            && later.part.as_ref().is_some_and(|p| p.line == line)
            && self.games.header().is_some_and(|h| later.games.header() == Some(h));
        if !fine {
            return false;
        }
        split.absorb(later_split);
        self.games.absorb(later.games);
        // Every byte is UTF-8: nothing is read again.
        (self.all, self.before) = (Vec::new(), None);
        true
    }

    /// The games and the players read so far.
    #[cfg(not(target_arch = "wasm32"))] // Parts are read on threads.
    pub fn counts(&self) -> (usize, usize) {
        self.games.counts()
    }

    /// A later part's last bytes read (the line its input ends with, a quote left open), and
    /// its names let go of: what [`CsvReader::join`] needs of it, on the part's own thread
    /// when called there. Nothing is read after it.
    #[cfg(not(target_arch = "wasm32"))] // Parts are read on threads.
    pub fn end_part(&mut self) {
        if self.part_stopped() || !self.is_part() || self.refused.is_some() {
            return;
        }
        if let Some(part) = &mut self.part {
            part.ended = true;
        }
        let tail = std::mem::take(&mut self.tail);
        if !self.block(&tail, false) {
            self.give_up_part();
            return;
        }
        if let Some(split) = &mut self.split {
            let games = &mut self.games;
            split.end(&mut |rec: Fields| games.record(&rec));
        }
        self.games.let_go_of_names();
    }

    /// Whether this reader reads a later part of a file ([`CsvReader::later_part`]).
    fn is_part(&self) -> bool {
        #[cfg(not(target_arch = "wasm32"))]
        return self.part.is_some();
        #[cfg(target_arch = "wasm32")]
        false
    }

    /// Whether this reader reads a later part that reads no more bytes (given up, or ended).
    fn part_stopped(&self) -> bool {
        #[cfg(not(target_arch = "wasm32"))]
        return self.part.as_ref().is_some_and(|p| p.gave_up || p.ended);
        #[cfg(target_arch = "wasm32")]
        false
    }

    /// A later part's lines are not UTF-8: it gives up (true); any other reader returns false
    /// (it reads the input again as Windows-1252).
    fn give_up_part(&mut self) -> bool {
        #[cfg(not(target_arch = "wasm32"))]
        if let Some(part) = &mut self.part {
            part.gave_up = true;
            return true;
        }
        false
    }

    /// The end of the input: what [`parse_csv`](super::parse_csv) gives for the whole text.
    pub fn finish(mut self) -> Result<Parsed, ParseErrors> {
        // A file shorter than a signature is checked whole at its end.
        if let Some(e) = self.refused.take().or_else(|| signature_error(&self.head).filter(|_| self.pushed < SIGNATURE_BYTES)) {
            return Err(ParseErrors(vec![e]));
        }
        let tail = std::mem::take(&mut self.tail);
        if !self.block(&tail, false) {
            self.restart();
            if let Some(e) = self.refused.take() {
                return Err(ParseErrors(vec![e]));
            }
            let tail = std::mem::take(&mut self.tail);
            assert!(self.block(&tail, false), "Windows-1252 reads any byte");
        }
        let mut split = match self.split.take() {
            Some(split) => split,
            None => self.start(','),
        };
        let games = &mut self.games;
        split.end(&mut |rec: Fields| games.record(&rec));
        self.games.finish(split)
    }

    /// Reads the ended lines of `bytes` and keeps the rest; false when they are not UTF-8
    /// after all (the reader must start again).
    fn feed(&mut self, bytes: &[u8]) -> bool {
        let mut data = bytes;
        if !self.tail.is_empty() {
            let Some(k) = data.iter().position(|&b| b == b'\n') else {
                self.tail.extend_from_slice(data);
                return true;
            };
            let mut line = std::mem::take(&mut self.tail);
            line.extend_from_slice(&data[..k]);
            if !self.block(&line, true) {
                return false;
            }
            line.clear();
            self.tail = line;
            data = &data[k + 1..];
        }
        match data.iter().rposition(|&b| b == b'\n') {
            Some(k) => {
                if !self.block(&data[..k], true) {
                    return false;
                }
                self.tail.extend_from_slice(&data[k + 1..]);
            }
            None => self.tail.extend_from_slice(data),
        }
        true
    }

    /// Keeps what a restart needs of the next `bytes` (see the module's documentation).
    fn keep(&mut self, bytes: &[u8]) {
        if self.before.is_none() && bytes.is_ascii() {
            self.ascii += bytes.len();
        } else {
            if self.before.is_none() {
                self.before = Some(Box::new(self.clone()));
            }
            self.all.extend_from_slice(bytes);
        }
    }

    /// The note for input that is not UTF-8: where its first such byte is (after `ascii`
    /// bytes, which are).
    fn not_utf8(&self) -> String {
        match self.ascii {
            0 => not_utf8(&self.all),
            ascii => not_utf8_after(ascii, &self.all),
        }
    }

    /// The input is not UTF-8: reads it again as Windows-1252, from the reader as it was
    /// before the first piece that was not ASCII (from the first byte when none was kept).
    fn restart(&mut self) {
        #[cfg(not(target_arch = "wasm32"))]
        if self.known {
            return self.changed();
        }
        let note = self.not_utf8();
        let all = std::mem::take(&mut self.all);
        let (head, pushed) = (std::mem::take(&mut self.head), self.pushed);
        let before = self.before.take().map_or_else(|| CsvReader::new(self.options.clone()), |b| *b);
        *self = CsvReader { utf8: false, note: Some(note), head, pushed, all: Vec::new(), before: None, ..before };
        assert!(self.feed(&all), "Windows-1252 reads any byte");
    }

    /// A line that is not UTF-8 in an input known to be: the file changed while it was read,
    /// and what was read of it is not the file. Nothing more is read.
    #[cfg(not(target_arch = "wasm32"))]
    fn changed(&mut self) {
        // The next line's number (before the header, the lines held for it are the first).
        let next = self.split.as_ref().map_or(self.waiting.len() + 1, |split| split.state().1);
        let line = next + self.bad;
        let e = ParseError::BadRecord {
            line,
            problem: "the file changed while it was read: this line is not UTF-8, where every line was when the file was opened".into(),
            expected: "a file that is not written to while it is read; read it again".into(),
        };
        let head = std::mem::take(&mut self.head);
        *self = CsvReader { refused: Some(e), head, ..CsvReader::new(self.options.clone()) };
    }

    /// Lines of bytes: all ended by a `\n` (the last one's is not in `bytes`) when `ended`,
    /// else the input's last bytes. False when they are not UTF-8 in a UTF-8 reading.
    fn block(&mut self, bytes: &[u8], ended: bool) -> bool {
        let bytes = if std::mem::replace(&mut self.started, true) { bytes } else { bytes.strip_prefix(BOM).unwrap_or(bytes) };
        if self.utf8 {
            return match std::str::from_utf8(bytes) {
                Ok(text) => {
                    self.text(text, ended);
                    true
                }
                Err(_e) => {
                    #[cfg(not(target_arch = "wasm32"))]
                    {
                        self.bad = line_ends(&bytes[.._e.valid_up_to()]);
                    }
                    false
                }
            };
        }
        if !ended {
            self.text(&bytes.iter().map(|&b| windows_1252(b)).collect::<String>(), false);
            return true;
        }
        // A line at a time: the block as Windows-1252 text (two or three bytes a character
        // above 0x7F) is never held whole.
        let mut text = String::new();
        for line in bytes.split(|&b| b == b'\n') {
            text.clear();
            text.extend(line.iter().map(|&b| windows_1252(b)));
            self.text(&text, true);
        }
        true
    }

    /// Decoded lines: all ended when `ended` (the last one's `\n` is not in `text`), else the
    /// input's last ones.
    fn text(&mut self, text: &str, ended: bool) {
        if !ended {
            // The input's end: a '\r' here is not followed by '\n', so it ends a line alone.
            let mut pieces = text.split('\r').peekable();
            while let Some(piece) = pieces.next() {
                let last = pieces.peek().is_none();
                if !(last && piece.is_empty()) {
                    self.line(piece, !last);
                }
            }
            return;
        }
        for line in text.split('\n') {
            match line.strip_suffix('\r').unwrap_or(line) {
                l if l.contains('\r') => l.split('\r').for_each(|piece| self.line(piece, true)),
                l => self.line(l, true),
            }
        }
    }

    /// One decoded line (no line end in it), to the splitter once the delimiter is known.
    fn line(&mut self, l: &str, ended: bool) {
        if let Some(split) = &mut self.split {
            let games = &mut self.games;
            split.line(l, ended, &mut |rec: Fields| games.record(&rec));
            return;
        }
        // Before the header: `sniff_delimiter` looks past byte-order marks at the start.
        let probe = if self.waiting.is_empty() { l.trim_start_matches('\u{feff}') } else { l };
        self.waiting.push((l.to_string(), ended));
        if let Some(d) = delimiter_of(probe) {
            let split = self.start(d);
            self.split = Some(split);
        }
    }

    /// A splitter for delimiter `d`, given the lines held so far.
    fn start(&mut self, d: char) -> Splitter {
        let mut split = Splitter::new(d);
        let games = &mut self.games;
        for (l, ended) in std::mem::take(&mut self.waiting) {
            split.line(&l, ended, &mut |rec: Fields| games.record(&rec));
        }
        split
    }
}

/// The line ends in `bytes`: each `\n`, and each `\r` not followed by one (a lone `\r` ends
/// a line too).
#[cfg(not(target_arch = "wasm32"))]
fn line_ends(bytes: &[u8]) -> usize {
    let lone = bytes.windows(2).filter(|w| w[0] == b'\r' && w[1] != b'\n').count() + usize::from(bytes.last() == Some(&b'\r'));
    bytes.iter().filter(|&&b| b == b'\n').count() + lone
}
