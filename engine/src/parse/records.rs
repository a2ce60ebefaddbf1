//! Splits delimited text into records: quoted fields (with `""` escapes, commas and line
//! breaks inside), CRLF, a UTF-8 BOM, blank lines and `#` comment lines.

use crate::error::ParseError;

/// One record and the 1-based line it starts on.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    pub line: usize,
    pub fields: Vec<String>,
}

/// Picks the delimiter from the header line: the most frequent of `,` `;` tab outside quotes
/// (comma on a tie).
pub fn sniff_delimiter(text: &str) -> char {
    let header =
        text.trim_start_matches('\u{feff}').lines().find(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#')).unwrap_or("");
    let mut counts = [0usize; 3];
    let mut quoted = false;
    for c in header.chars() {
        match c {
            '"' => quoted = !quoted,
            ',' if !quoted => counts[0] += 1,
            ';' if !quoted => counts[1] += 1,
            '\t' if !quoted => counts[2] += 1,
            _ => {}
        }
    }
    let best = (0..3).max_by_key(|&i| (counts[i], std::cmp::Reverse(i))).unwrap_or(0);
    [',', ';', '\t'][best]
}

/// Splits `text` into records. An unclosed quote is an error naming the line it opened on;
/// every other line still yields a record.
pub fn records(text: &str, delimiter: char) -> (Vec<Record>, Vec<ParseError>) {
    let (recs, errors, _) = records_and_comments(text, delimiter);
    (recs, errors)
}

/// As [`records`], also listing each `#` comment line with the number of delimiters in it
/// (a comment that looks like a data line deserves a warning).
pub fn records_and_comments(text: &str, delimiter: char) -> (Vec<Record>, Vec<ParseError>, Vec<(usize, usize)>) {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut s = Splitter { delimiter, line: 1, at_line_start: true, start_line: 1, ..Splitter::default() };
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if s.at_line_start && !s.in_quotes && s.skip_line(c, &mut chars) {
            continue;
        }
        s.push(c, &mut chars);
    }
    if s.in_quotes {
        return without_unclosed_quote(text, s.start_line, s.quote_line, delimiter);
    } else if s.any || !s.field.is_empty() {
        s.fields.push(s.field);
        s.out.push(Record { line: s.start_line, fields: s.fields });
    }
    (s.out, Vec::new(), s.comments)
}

type Chars<'a> = std::iter::Peekable<std::str::Chars<'a>>;

/// The state of the split as it walks the text, character by character.
#[derive(Default)]
struct Splitter {
    delimiter: char,
    out: Vec<Record>,
    /// (line, delimiters in it) of each `#` comment line.
    comments: Vec<(usize, usize)>,
    line: usize,
    at_line_start: bool,
    /// The current record: its fields so far, the field being read, the line it started on.
    fields: Vec<String>,
    field: String,
    start_line: usize,
    in_quotes: bool,
    quote_line: usize,
    /// The record has content.
    any: bool,
}

impl Splitter {
    /// At the start of a line (outside quotes) whose first character is `c`: skips the line
    /// when it is blank or a `#` comment (noting the comment), and says whether it did.
    fn skip_line(&mut self, c: char, chars: &mut Chars) -> bool {
        self.at_line_start = false;
        self.start_line = self.line;
        if c == '\n' || (c == '\r' && chars.peek() == Some(&'\n')) {
            if c == '\r' {
                chars.next();
            }
            self.line += 1;
            self.at_line_start = true;
            return true;
        }
        // Comment lines and blank lines are not records.
        let rest: String = std::iter::once(c).chain(chars.clone().take_while(|&c| c != '\n')).collect();
        let trimmed = rest.trim();
        if trimmed.starts_with('#') {
            self.comments.push((self.line, trimmed.matches(self.delimiter).count()));
        }
        if !(trimmed.is_empty() || trimmed.starts_with('#')) {
            return false;
        }
        for _ in 0..rest.chars().count().saturating_sub(1) {
            chars.next();
        }
        if chars.next().is_some() {
            self.line += 1;
        }
        self.at_line_start = true;
        true
    }

    /// One character of a record: quotes, delimiters and line ends, or content.
    fn push(&mut self, c: char, chars: &mut Chars) {
        match c {
            '"' if self.in_quotes => {
                if chars.peek() == Some(&'"') {
                    chars.next();
                    self.field.push('"');
                } else {
                    self.in_quotes = false;
                }
            }
            '"' if self.field.trim().is_empty() => {
                self.field.clear();
                self.in_quotes = true;
                self.quote_line = self.line;
                self.any = true;
            }
            '\n' if self.in_quotes => {
                self.field.push('\n');
                self.line += 1;
            }
            '\r' if chars.peek() == Some(&'\n') => {}
            '\n' => {
                self.fields.push(std::mem::take(&mut self.field));
                self.out.push(Record { line: self.start_line, fields: std::mem::take(&mut self.fields) });
                self.any = false;
                self.line += 1;
                self.at_line_start = true;
            }
            c if c == self.delimiter && !self.in_quotes => {
                self.fields.push(std::mem::take(&mut self.field));
                self.any = true;
            }
            c => {
                self.field.push(c);
                self.any = true;
            }
        }
    }
}

/// A quote opened on `quote_line` (in the record that starts on `start_line`) is never
/// closed: reads the text again with that record's lines left out, so one stray quote costs
/// its own line and not every line after it.
fn without_unclosed_quote(
    text: &str,
    start_line: usize,
    quote_line: usize,
    delimiter: char,
) -> (Vec<Record>, Vec<ParseError>, Vec<(usize, usize)>) {
    let blanked: String = text
        .split('\n')
        .enumerate()
        .map(|(i, l)| if (start_line..=quote_line).contains(&(i + 1)) { "" } else { l })
        .collect::<Vec<_>>()
        .join("\n");
    let (recs, mut more, comments) = records_and_comments(&blanked, delimiter);
    more.insert(0, ParseError::UnclosedQuote { line: quote_line });
    (recs, more, comments)
}

#[cfg(test)]
mod tests {
    use super::*;
    use expect_test::{expect, Expect};

    fn check(input: &str, expect: Expect) {
        let (recs, errs) = records(input, sniff_delimiter(input));
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
