//! Splits delimited text into records: quoted fields (with `""` escapes, commas and line
//! breaks inside), CRLF, a UTF-8 BOM, blank lines and `#` comment lines.
//!
//! A line longer than [`MAX_LINE_BYTES`] is refused by its number (an error; with the header
//! line, nothing after it is read), and a quoted field still open after that many bytes is
//! an unclosed quote: so nothing the splitter holds grows with a malformed input beyond the
//! limit.

use crate::error::{line_too_long, ParseError, MAX_LINE_BYTES, MAX_PROBLEMS};
use std::collections::VecDeque;

/// One record and the 1-based line it starts on.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    pub line: usize,
    pub fields: Vec<String>,
}

/// How many lines of `text` may be records (for room reserved ahead): lines of five bytes
/// or more (the shortest game, `a,b,1`) that are not `#` comments. Blank lines and comments
/// reserve nothing, so a file of line breaks costs nothing per line.
pub(crate) fn possible_records(text: &str) -> usize {
    text.split('\n').filter(|l| l.len() >= 5 && !l.trim_start().starts_with('#')).count()
}

/// Picks the delimiter from the header line: the most frequent of `,` `;` tab outside quotes
/// (comma on a tie).
pub fn sniff_delimiter(text: &str) -> char {
    text.trim_start_matches('\u{feff}').lines().find_map(delimiter_of).unwrap_or(',')
}

/// The delimiter [`sniff_delimiter`] picks when `line` is the header line; `None` when it
/// cannot be (blank, or a `#` comment), so a reader fed line by line can sniff too.
pub(crate) fn delimiter_of(line: &str) -> Option<char> {
    if line.trim().is_empty() || line.trim_start().starts_with('#') {
        return None;
    }
    let mut counts = [0usize; 3];
    let mut quoted = false;
    for c in line.chars() {
        match c {
            '"' => quoted = !quoted,
            ',' if !quoted => counts[0] += 1,
            ';' if !quoted => counts[1] += 1,
            '\t' if !quoted => counts[2] += 1,
            _ => {}
        }
    }
    let best = (0..3).max_by_key(|&i| (counts[i], std::cmp::Reverse(i))).unwrap_or(0);
    Some([',', ';', '\t'][best])
}

/// Splits `text` into records. An unclosed quote is an error naming the line it opened on;
/// every other line still yields a record.
pub fn records(text: &str, delimiter: char) -> (Vec<Record>, Vec<ParseError>) {
    let (recs, errors, _) = records_and_comments(text, delimiter);
    (recs, errors)
}

/// The records of `text` one at a time, as [`records`] gives them all at once: a reader that
/// handles each record as it comes holds one, not the file's (600,000 rows of events held as
/// strings took 130 MB for 9.5 MB of text). The splitter's errors come after, by [`Records::errors`].
pub struct Records<'a> {
    rest: &'a str,
    splitter: Splitter,
    ready: VecDeque<Record>,
    ended: bool,
}

impl<'a> Records<'a> {
    pub fn new(text: &'a str, delimiter: char) -> Records<'a> {
        Records { rest: text, splitter: Splitter::new(delimiter), ready: VecDeque::new(), ended: false }
    }

    /// The errors of the lines split so far (an unclosed quote, a line too long).
    pub fn errors(self) -> Vec<ParseError> {
        self.splitter.errors
    }
}

impl Iterator for Records<'_> {
    type Item = Record;

    /// Splits lines until one ends a record (as [`Splitter::text`] does, a line at a time).
    fn next(&mut self) -> Option<Record> {
        while self.ready.is_empty() && !self.ended {
            let ready = &mut self.ready;
            let mut keep = |r: Fields| ready.push_back(Record { line: r.line, fields: r.to_strings() });
            match self.rest.find('\n') {
                Some(k) => {
                    self.splitter.line(&self.rest[..k], true, &mut keep);
                    self.rest = &self.rest[k + 1..];
                }
                None if !self.rest.is_empty() => {
                    self.splitter.line(self.rest, false, &mut keep);
                    self.rest = "";
                }
                None => {
                    self.splitter.end(&mut keep);
                    self.ended = true;
                }
            }
        }
        self.ready.pop_front()
    }
}

/// The first record of `text` (its header), reading no further than its last line: what
/// detection needs of what may be a large file.
pub fn first_record(text: &str, delimiter: char) -> Option<Record> {
    let mut s = Splitter::new(delimiter);
    let mut first = None;
    let mut keep = |r: Fields| {
        first.get_or_insert_with(|| Record { line: r.line, fields: r.to_strings() });
    };
    let mut rest = text;
    while !rest.is_empty() && !s.emitted {
        let (l, ended, next) = match rest.find('\n') {
            Some(k) => (&rest[..k], true, &rest[k + 1..]),
            None => (rest, false, ""),
        };
        s.line(l, ended, &mut keep);
        rest = next;
    }
    if !s.emitted {
        s.end(&mut keep);
    }
    first
}

/// As [`records`], also listing the `#` comment lines that look like records (see
/// the splitter's `comments`) with the number of delimiters in each
/// (a comment that looks like a data line deserves a warning).
pub fn records_and_comments(text: &str, delimiter: char) -> (Vec<Record>, Vec<ParseError>, Vec<(usize, usize)>) {
    let mut s = Splitter::new(delimiter);
    let mut out = Vec::new();
    s.text(text, &mut |r: Fields| out.push(Record { line: r.line, fields: r.to_strings() }));
    (out, s.errors, s.comments)
}

/// A field of a record: a range of the line it ends on (no copy: the common case), or its own
/// text when it cannot be one (a `""` escape, text after a closing quote, several lines).
#[derive(Clone, Debug)]
pub(crate) enum Field {
    Range(usize, usize),
    Owned(String),
}

impl Field {
    fn as_str<'a>(&'a self, text: &'a str) -> &'a str {
        match self {
            Field::Range(a, b) => &text[*a..*b],
            Field::Owned(s) => s,
        }
    }

    /// Appends `text[s..e]`, staying a range while the field is contiguous in the line.
    fn extend(&mut self, text: &str, s: usize, e: usize) {
        match self {
            _ if s == e => {}
            Field::Range(a, b) if *a == *b => *self = Field::Range(s, e),
            Field::Range(_, b) if *b == s => *b = e,
            Field::Range(a, b) => *self = Field::Owned([&text[*a..*b], &text[s..e]].concat()),
            Field::Owned(o) => o.push_str(&text[s..e]),
        }
    }

    /// The field as its own text, before the line it borrows from goes.
    fn own(&mut self, text: &str) {
        if let Field::Range(a, b) = *self {
            *self = Field::Owned(text[a..b].to_string());
        }
    }
}

/// One record as the splitter hands it over: its first line and its fields, borrowed.
pub(crate) struct Fields<'a> {
    pub line: usize,
    text: &'a str,
    fields: &'a [Field],
}

impl<'a> Fields<'a> {
    pub fn len(&self) -> usize {
        self.fields.len()
    }

    pub fn get(&self, i: usize) -> Option<&'a str> {
        let text = self.text;
        self.fields.get(i).map(|f| f.as_str(text))
    }

    pub fn to_strings(&self) -> Vec<String> {
        (0..self.len()).filter_map(|i| self.get(i)).map(str::to_string).collect()
    }
}

/// The splitter, fed one line at a time (so text can arrive in pieces). A record is handed
/// over when its last line ends; only a quoted field with a line break in it keeps anything
/// across lines: the record so far, and its later lines, which are read again as lines of
/// their own when the quote is never closed (so one stray quote costs its own line and not
/// every line after it).
#[derive(Clone)]
pub(crate) struct Splitter {
    delimiter: u8,
    /// The number of the next line.
    line: usize,
    /// Whether a BOM may still start the text.
    first: bool,
    /// The current record: its fields so far, the field being read, the line it started on.
    fields: Vec<Field>,
    field: Field,
    start_line: usize,
    in_quotes: bool,
    quote_line: usize,
    /// A record is open across a line end, and its later lines as read: (number, line, ended by '\n').
    open: bool,
    kept: Vec<(usize, String, bool)>,
    /// The bytes of the record open across line ends so far.
    open_bytes: usize,
    /// Lines to read again, before any later line: those after a quote found never closed.
    again: VecDeque<(String, bool)>,
    /// Whether the first record (the header) was refused: nothing after it is read.
    halted: bool,
    /// Whether a record has been handed over, and the first one's number of fields.
    emitted: bool,
    header_fields: usize,
    /// (line, delimiters in it) of the `#` comment lines after the first record with as many
    /// fields as it (at most [`MAX_PROBLEMS`]).
    pub comments: Vec<(usize, usize)>,
    pub errors: Vec<ParseError>,
}

impl Splitter {
    pub fn new(delimiter: char) -> Splitter {
        assert!(delimiter.is_ascii() && delimiter != '"', "a delimiter is one ASCII character other than '\"'");
        Splitter {
            delimiter: delimiter as u8,
            line: 1,
            first: true,
            fields: Vec::new(),
            field: Field::Range(0, 0),
            start_line: 1,
            in_quotes: false,
            quote_line: 0,
            open: false,
            kept: Vec::new(),
            open_bytes: 0,
            again: VecDeque::new(),
            halted: false,
            emitted: false,
            header_fields: 0,
            comments: Vec::new(),
            errors: Vec::new(),
        }
    }

    /// A splitter for the lines after a header of `header_fields` fields, the first of them
    /// line `line`: a part of a file read on its own ([`super::parallel`]).
    #[cfg(not(target_arch = "wasm32"))] // Used by parts read on their own only.
    pub fn after_header(delimiter: char, line: usize, header_fields: usize) -> Splitter {
        Splitter { line, start_line: line, first: false, emitted: true, header_fields, ..Splitter::new(delimiter) }
    }

    /// The delimiter, the number of the next line, and whether a record is open across a line
    /// end: where a later part read on its own may be joined on ([`super::stream`]).
    #[cfg(not(target_arch = "wasm32"))] // Used by parts read on their own only.
    pub fn state(&self) -> (char, usize, bool) {
        (char::from(self.delimiter), self.line, self.open || !self.again.is_empty())
    }

    /// Takes in `later`, the splitter of the lines after these: its comment lines (still at
    /// most [`MAX_PROBLEMS`]) and its errors.
    #[cfg(not(target_arch = "wasm32"))] // Used by parts read on their own only.
    pub fn absorb(&mut self, later: Splitter) {
        let room = MAX_PROBLEMS.saturating_sub(self.comments.len());
        self.comments.extend(later.comments.into_iter().take(room));
        self.errors.extend(later.errors);
    }

    /// A whole text, then its end.
    pub fn text(&mut self, text: &str, emit: &mut impl FnMut(Fields)) {
        let mut rest = text;
        while let Some(k) = rest.find('\n') {
            self.line(&rest[..k], true, emit);
            rest = &rest[k + 1..];
        }
        if !rest.is_empty() {
            self.line(rest, false, emit);
        }
        self.end(emit);
    }

    /// One line, without its `\n`; `ended` when a `\n` followed it (else it is the last).
    pub fn line(&mut self, l: &str, ended: bool, emit: &mut impl FnMut(Fields)) {
        self.read(l, ended, emit);
        while let Some((l, ended)) = self.again.pop_front() {
            self.read(&l, ended, emit);
        }
    }

    /// [`Splitter::line`], but lines to read again are left in `self.again` (read in a loop,
    /// not by recursion, however many quotes are abandoned).
    fn read(&mut self, l: &str, ended: bool, emit: &mut impl FnMut(Fields)) {
        let l = if std::mem::take(&mut self.first) { l.strip_prefix('\u{feff}').unwrap_or(l) } else { l };
        let number = self.line;
        self.line += 1;
        if self.halted {
            return;
        }
        // A '\r' before the '\n' is part of the line end, in quotes or not.
        let content = if ended { l.strip_suffix('\r').unwrap_or(l) } else { l };
        if self.open {
            self.kept.push((number, l.to_string(), ended));
            self.open_bytes += l.len() + 1;
            if self.open_bytes > MAX_LINE_BYTES {
                self.abandon(ParseError::QuoteTooLong { line: self.quote_line });
                return;
            }
        } else {
            if l.len() > MAX_LINE_BYTES {
                self.errors.push(line_too_long(number, l));
                // Without its header a file cannot be read: the header's error is the answer.
                self.halted = !self.emitted;
                return;
            }
            // Comment lines and blank lines are not records.
            let t = l.trim();
            if t.starts_with('#') && self.header_fields > 1 {
                // Only those that look like a record after the header are worth a warning.
                let delimiters = t.bytes().filter(|&b| b == self.delimiter).count();
                if delimiters + 1 >= self.header_fields && self.comments.len() < MAX_PROBLEMS {
                    self.comments.push((number, delimiters));
                }
            }
            if t.is_empty() || t.starts_with('#') {
                return;
            }
            self.start_line = number;
            self.fields.clear();
            self.field = Field::Range(0, 0);
        }
        self.scan(content, number);
        if self.in_quotes {
            // The quoted field goes on in the next line: the record keeps its own copy.
            self.fields.iter_mut().for_each(|f| f.own(content));
            self.field.own(content);
            if ended {
                self.field.extend("\n", 0, 1);
            }
            if !self.open {
                self.open_bytes = l.len() + 1;
            }
            self.open = true;
            return;
        }
        self.open = false;
        self.kept.clear();
        let field = std::mem::replace(&mut self.field, Field::Range(0, 0));
        self.fields.push(field);
        if !std::mem::replace(&mut self.emitted, true) {
            self.header_fields = self.fields.len();
        }
        emit(Fields { line: self.start_line, text: content, fields: &self.fields });
    }

    /// The end of the text. A quote still open is an error naming the line it opened on; the
    /// record's lines up to there are left out and the lines after it read again.
    pub fn end(&mut self, emit: &mut impl FnMut(Fields)) {
        while self.open {
            self.abandon(ParseError::UnclosedQuote { line: self.quote_line });
            while let Some((l, ended)) = self.again.pop_front() {
                self.read(&l, ended, emit);
            }
        }
    }

    /// Gives up the open record for `error` (a quote never closed, or not within the limit):
    /// its lines after the quote's are to be read again as lines of their own, before any
    /// later line, so one stray quote costs its own line and not every line after it.
    fn abandon(&mut self, error: ParseError) {
        self.errors.push(error);
        let quote_line = self.quote_line;
        let kept = std::mem::take(&mut self.kept);
        (self.open, self.in_quotes, self.line) = (false, false, quote_line + 1);
        let later = kept.into_iter().filter(|(n, _, _)| *n > quote_line).map(|(_, l, ended)| (l, ended));
        for (k, line) in later.enumerate() {
            self.again.insert(k, line);
        }
    }

    /// Reads a line's characters into the current record: quotes (`""` inside them is a
    /// quote), delimiters outside quotes, and content. A quote opens a field only where the
    /// field so far is blank; elsewhere it is content.
    fn scan(&mut self, text: &str, number: usize) {
        let (b, d) = (text.as_bytes(), self.delimiter);
        let mut i = 0;
        while i < b.len() {
            if self.in_quotes {
                let q = b[i..].iter().position(|&c| c == b'"').map_or(b.len(), |k| i + k);
                self.field.extend(text, i, q);
                if q == b.len() {
                    return;
                } else if b.get(q + 1) == Some(&b'"') {
                    self.field.extend(text, q, q + 1);
                    i = q + 2;
                } else {
                    self.in_quotes = false;
                    i = q + 1;
                }
            } else if b[i] == b'"' && self.field.as_str(text).trim().is_empty() {
                self.field = Field::Range(i + 1, i + 1);
                (self.in_quotes, self.quote_line) = (true, number);
                i += 1;
            } else if b[i] == d {
                let field = std::mem::replace(&mut self.field, Field::Range(i + 1, i + 1));
                self.fields.push(field);
                i += 1;
            } else {
                let end = b[i + 1..].iter().position(|&c| c == b'"' || c == d).map_or(b.len(), |k| i + 1 + k);
                self.field.extend(text, i, end);
                i = end;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use expect_test::{expect, Expect};

    fn check(input: &str, expect: Expect) {
        let (recs, errs) = records(input, sniff_delimiter(input));
        // One at a time, the same records and errors.
        let mut one_by_one = Records::new(input, sniff_delimiter(input));
        assert_eq!(one_by_one.by_ref().collect::<Vec<_>>(), recs, "{input:?}");
        assert_eq!(one_by_one.errors(), errs, "{input:?}");
        let mut s = String::new();
        for r in recs {
            s += &format!("{}: {:?}\n", r.line, r.fields);
        }
        for e in errs {
            s += &format!("error: {e}\n");
        }
        expect.assert_eq(&s);
    }

    #[test]
    fn plain_lines_comments_blanks_crlf_bom() {
        check(
            "\u{feff}white,black,result\r\n# a comment\r\n\r\nA,B,1-0\r\n  \nC , D,=",
            expect![[r#"
                1: ["white", "black", "result"]
                4: ["A", "B", "1-0"]
                6: ["C ", " D", "="]
            "#]],
        );
    }

    #[test]
    fn quoted_fields_keep_commas_quotes_and_newlines() {
        check(
            "a,b,c\n\"Smith, J\",\"say \"\"hi\"\"\",1\n\"two\nlines\",x,0\nlast,y,1",
            expect![[r#"
                1: ["a", "b", "c"]
                2: ["Smith, J", "say \"hi\"", "1"]
                3: ["two\nlines", "x", "0"]
                5: ["last", "y", "1"]
            "#]],
        );
    }

    #[test]
    fn unclosed_quote_names_its_line() {
        check(
            "a,b\nx,y\n\"oops,z\nmore",
            expect![[r#"
                1: ["a", "b"]
                2: ["x", "y"]
                4: ["more"]
                error: line 3: a quoted field is never closed (expected a closing '"')
            "#]],
        );
    }

    #[test]
    fn semicolons_and_tabs_are_sniffed() {
        check(
            "a;b;c\n1;2;3",
            expect![[r#"
            1: ["a", "b", "c"]
            2: ["1", "2", "3"]
        "#]],
        );
        check(
            "a\tb\n1,5\t2",
            expect![[r#"
            1: ["a", "b"]
            2: ["1,5", "2"]
        "#]],
        );
    }
}
