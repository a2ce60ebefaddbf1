//! The three formats of a rating list, each read a line at a time into [`super::ListEntry`].
//!
//! * **FIDE's TXT** (`players_list_foa.txt`): fixed columns, placed by the header line, each
//!   field running from its heading's first character to the next heading's. The header of
//!   the download (2026) is `ID Number      Name … Fed Sex Tit  WTit OTit           FOA SRtng
//!   SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag`, which puts (0-based characters) the id at
//!   0–14, the name at 15–75, the federation at 76–79, the sex at 80, the titles at 84 (`Tit`),
//!   89 (`WTit`), 94 (`OTit`), FIDE Online Arena's at 109, then standard rating, games and K at
//!   113, 119, 123, rapid at 126, 132, 136, blitz at 139, 145, 149, the year of birth at 152
//!   and the flag (`i` inactive, `w` woman) at 158. A file whose header moves a column is read
//!   by its own header. `ID Number` and `Name` are required; `OTit`, `FOA`, the games and K
//!   are not kept, and named as such once ([`super::ReadList::not_read`]).
//! * **FIDE's separate lists** (`standard_nov26frl.txt`, `rapid_…`, `blitz_…`): the same
//!   TXT with one rating, its heading the list's month (`… OTit           FOA NOV26 Gms  K Bday
//!   Flag`): the month's column is read as the rating of the list's kind (the reader's,
//!   [`super::kind_in_name`]; a kind not told: standard, with a warning), and the month as the
//!   list's date when none was given; `Gms` and `K` are that rating's games and K (not kept),
//!   `Bday` the year of birth. A heading the reader does not know is named in a warning (its
//!   column not read).
//! * **FIDE's XML** (`players_list_xml_foa.xml`): `<player>` elements with `<fideid>`,
//!   `<name>`, `<country>`, `<sex>`, `<title>`, `<w_title>`, `<rating>`, `<rapid_rating>`,
//!   `<blitz_rating>`, `<birthday>` (a year) and `<flag>`; other elements are skipped, each
//!   named once ([`super::ReadList::not_read`]). An
//!   element may span lines; each line is at most 64 KiB. A separate list's XML
//!   (`standard_nov26frl_xml.xml` …) has one `<rating>` (with `<games>` and `<k>`): it is the
//!   rating of the list's kind.
//! * **CSV** (a national list): a header naming the columns, separated by tabs, `;` or `,`
//!   (the first of these the header has), `"…"` quoting a field. Accepted headings, in any
//!   case, spaces and punctuation aside: `name` (or `player`; required); `id` (`fide id`,
//!   `id number`, `code`: digits, up to 11); `rating` (`elo`, `standard`, `std`, `srtng`:
//!   the standard rating), `rapid`, `blitz`; `federation` (`fed`, `country`); `title`
//!   (`tit`), `wtit`; `birth year` (`born`, `birth`, `b-day`, `yob`, `year`, `birth date`:
//!   a year, or a date whose year is taken); `sex` (`gender`: m, f or w); `flag` (FIDE's `i`,
//!   `w`). Other columns are skipped, each named once.

use super::collected::Collected;
use super::entry::{ListEntry, ListFormat, RatingType};
use super::file_name::date_in_name;
use crate::error::{excerpt, ParseError};
use crate::tournament::{Sex, Title};

/// A field of a list, whatever the format calls it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Field {
    Id,
    Name,
    Federation,
    Sex,
    Title,
    WomanTitle,
    Standard,
    Rapid,
    Blitz,
    Birth,
    Flag,
}

const FIELDS: usize = 11;

impl Field {
    /// The heading of FIDE's TXT.
    fn txt(word: &str) -> Option<Field> {
        Some(match word {
            "ID" => Field::Id,
            "Name" => Field::Name,
            "Fed" => Field::Federation,
            "Sex" => Field::Sex,
            "Tit" => Field::Title,
            "WTit" => Field::WomanTitle,
            "SRtng" => Field::Standard,
            "RRtng" => Field::Rapid,
            "BRtng" => Field::Blitz,
            "B-day" | "Bday" => Field::Birth,
            "Flag" => Field::Flag,
            _ => return None,
        })
    }

    /// The element of FIDE's XML (`<rating>`: the rating of a separate list's `kind`).
    fn xml(tag: &str, kind: Option<RatingType>) -> Option<Field> {
        Some(match tag {
            "rating" => kind.map_or(Field::Standard, Field::rating),
            "fideid" => Field::Id,
            "name" => Field::Name,
            "country" => Field::Federation,
            "sex" => Field::Sex,
            "title" => Field::Title,
            "w_title" => Field::WomanTitle,
            "rapid_rating" => Field::Rapid,
            "blitz_rating" => Field::Blitz,
            "birthday" => Field::Birth,
            "flag" => Field::Flag,
            _ => return None,
        })
    }

    /// The field of a rating of `kind`.
    fn rating(kind: RatingType) -> Field {
        match kind {
            RatingType::Standard => Field::Standard,
            RatingType::Rapid => Field::Rapid,
            RatingType::Blitz => Field::Blitz,
        }
    }

    /// A CSV heading (see the module's documentation).
    fn csv(heading: &str) -> Option<Field> {
        let h: String = heading.to_lowercase().chars().filter(|c| c.is_alphanumeric()).collect();
        Some(match h.as_str() {
            "id" | "fideid" | "fide" | "idnumber" | "code" | "fidecode" => Field::Id,
            "name" | "player" | "playername" => Field::Name,
            "federation" | "fed" | "country" => Field::Federation,
            "sex" | "gender" => Field::Sex,
            "title" | "tit" => Field::Title,
            "wtit" | "wtitle" | "womantitle" => Field::WomanTitle,
            "rating" | "elo" | "rtg" | "standard" | "std" | "srtng" => Field::Standard,
            "rapid" | "rrtng" | "rapidrating" => Field::Rapid,
            "blitz" | "brtng" | "blitzrating" => Field::Blitz,
            "birthyear" | "born" | "birth" | "bday" | "yob" | "year" | "birthdate" | "birthday" => Field::Birth,
            "flag" => Field::Flag,
            _ => return None,
        })
    }
}

/// How a list is being read, told by its first line.
#[derive(Debug)]
pub(crate) enum Reading {
    /// FIDE's TXT: each field's characters (from, to).
    Txt { spans: [Option<(usize, usize)>; FIELDS], labels: [String; FIELDS], fed_at: usize },
    Xml {
        open: Option<(usize, String)>,
        /// A separate list's kind (its `<rating>`).
        kind: Option<RatingType>,
        /// The elements' names, by field (for the warnings).
        labels: Box<[String; FIELDS]>,
    },
    /// CSV: the separator and each column's field.
    Csv { sep: char, columns: Vec<Option<Field>>, labels: [String; FIELDS] },
    /// A header that names no player's fields: the lines after it are counted, not read.
    Unreadable { format: ListFormat, skipped: usize },
}

/// How the list whose first line (not blank) is `text` is read (a header's columns not known:
/// warnings to `r`).
pub(crate) fn begin(r: &mut Collected, text: &str) -> Reading {
    let t = text.trim_start();
    if t.starts_with("<?xml") || t.starts_with("<playerslist") {
        return Reading::Xml { open: None, kind: r.kind, labels: Box::new(xml_labels(r.kind)) };
    }
    if t.starts_with("ID Number") {
        return txt_header(r, text);
    }
    let sep = ['\t', ';', ','].into_iter().find(|&c| text.contains(c)).unwrap_or(',');
    let headings = split(text, sep);
    let columns: Vec<Option<Field>> = headings.iter().map(|h| Field::csv(h)).collect();
    if !columns.contains(&Some(Field::Name)) {
        return Reading::Unreadable { format: ListFormat::Csv, skipped: 0 };
    }
    let mut labels: [String; FIELDS] = Default::default();
    for (h, c) in headings.iter().zip(&columns) {
        match c {
            Some(c) => labels[*c as usize] = h.clone(),
            None if !h.is_empty() => r.not_read(h),
            None => {}
        }
    }
    Reading::Csv { sep, columns, labels }
}

/// The headings of FIDE's TXT that are known and not kept: other titles, FIDE Online Arena's,
/// and each rating's games and K (the combined list's, and a separate list's `Gms`, `K`).
const TXT_SKIPPED: [&str; 11] = ["OTit", "FOA", "SGm", "SK", "RGm", "Rk", "RK", "BGm", "BK", "Gms", "K"];

/// A separate list's rating heading, the list's month (`NOV26`): the month (`2026-11`).
fn month_heading(word: &str) -> Option<String> {
    let b = word.as_bytes();
    let shaped = b.len() == 5 && b[..3].iter().all(u8::is_ascii_alphabetic) && b[3..].iter().all(u8::is_ascii_digit);
    shaped.then(|| date_in_name(word)).flatten()
}

/// The field of a TXT heading, given the reader's kind; a month heading read with no kind
/// told is standard, with a warning. `None`: not a field kept.
fn txt_field(r: &mut Collected, word: &str) -> Option<Field> {
    if let Some(f) = Field::txt(word) {
        return Some(f);
    }
    let month = month_heading(word)?;
    r.date_from_header(Some(month));
    if r.kind.is_none() {
        let problem = format!("the rating column '{word}' is a separate list's, and the file's name does not say which");
        r.warn(bad_record(1, &problem, "standard, rapid or blitz in the file's name (standard_nov26frl.txt): read as standard"));
    }
    Some(r.kind.map_or(Field::Standard, Field::rating))
}

/// FIDE's TXT header: where each heading starts (`ID Number` is one heading); the headings
/// not known named in one warning.
fn txt_header(r: &mut Collected, text: &str) -> Reading {
    let chars: Vec<char> = text.chars().collect();
    let mut words: Vec<(usize, String)> = Vec::new();
    let mut at = 0;
    while at < chars.len() {
        if chars[at].is_whitespace() {
            at += 1;
            continue;
        }
        let from = at;
        while at < chars.len() && !chars[at].is_whitespace() {
            at += 1;
        }
        let word: String = chars[from..at].iter().collect();
        match words.last_mut() {
            Some((_, w)) if w == "ID" && word == "Number" => w.push_str(" Number"),
            _ => words.push((from, word)),
        }
    }
    let mut spans = [None; FIELDS];
    let mut labels: [String; FIELDS] = Default::default();
    let mut unknown = Vec::new();
    for (k, (from, word)) in words.iter().enumerate() {
        let to = words.get(k + 1).map_or(usize::MAX, |w| w.0);
        match txt_field(r, word.split(' ').next().unwrap_or("")) {
            Some(f) => {
                spans[f as usize] = Some((*from, to));
                labels[f as usize] = word.clone();
            }
            None if !TXT_SKIPPED.contains(&word.as_str()) => unknown.push(format!("'{word}'")),
            None => r.not_read(word),
        }
    }
    if !unknown.is_empty() {
        let problem = format!("the header's columns {} are not known: not read", unknown.join(", "));
        r.warn(bad_record(1, &problem, "the headings of FIDE's players list or of its standard, rapid or blitz list"));
    }
    if spans[Field::Name as usize].is_none() {
        return Reading::Unreadable { format: ListFormat::FideTxt, skipped: 0 };
    }
    let fed_at = spans[Field::Federation as usize].map_or(0, |s| s.0);
    Reading::Txt { spans, labels, fed_at }
}

impl Reading {
    /// Reads line `line` (not the header).
    pub(crate) fn line(&mut self, r: &mut Collected, line: usize, text: &str) {
        match self {
            Reading::Txt { spans, labels, fed_at } => txt_line(r, line, text, spans, labels, *fed_at),
            Reading::Xml { open, kind, labels } => xml_line(r, line, text, open, (*kind, labels)),
            Reading::Csv { sep, columns, labels } => csv_line(r, line, text, *sep, columns, labels),
            Reading::Unreadable { skipped, .. } => *skipped += usize::from(!text.trim().is_empty()),
        }
    }

    /// The format read, after the last line (an XML element left open, lines not read: warnings).
    pub(crate) fn finish(self, r: &mut Collected) -> ListFormat {
        match self {
            Reading::Txt { .. } => ListFormat::FideTxt,
            Reading::Csv { .. } => ListFormat::Csv,
            Reading::Xml { open, .. } => {
                if let Some((line, _)) = open {
                    r.skip(bad_record(line, "a <player> element never closed", "'</player>' before the end of the file"));
                }
                ListFormat::FideXml
            }
            Reading::Unreadable { format, skipped } => {
                let (problem, expected) = match format {
                    ListFormat::Csv => (
                        "the first line names no 'name' column",
                        "FIDE's TXT header ('ID Number      Name …'), FIDE's XML, or a CSV header naming the columns (name, and any of id, rating, rapid, blitz, federation, title, birth year, sex)",
                    ),
                    _ => ("FIDE's TXT header has no 'Name'", "the header of FIDE's players list ('ID Number      Name …')"),
                };
                let problem = format!("{problem}; the {skipped} lines after it were not read");
                r.warn(bad_record(1, &problem, expected));
                format
            }
        }
    }
}

fn bad_record(line: usize, problem: &str, expected: &str) -> ParseError {
    ParseError::BadRecord { line, problem: problem.into(), expected: expected.into() }
}

/// One player's fields as read, by [`Field`], with each one's name in the file.
struct Raw<'a> {
    values: [&'a str; FIELDS],
    labels: &'a [String; FIELDS],
    /// A player without an id is kept (a national list's).
    id_optional: bool,
}

fn txt_line(
    r: &mut Collected,
    line: usize,
    text: &str,
    spans: &[Option<(usize, usize)>; FIELDS],
    labels: &[String; FIELDS],
    fed_at: usize,
) {
    if text.trim().is_empty() {
        return;
    }
    // Columns count characters: byte offsets differ once a name has a letter beyond ASCII.
    let offsets: Vec<usize> = if text.is_ascii() { Vec::new() } else { text.char_indices().map(|(i, _)| i).collect() };
    let chars = if offsets.is_empty() { text.len() } else { offsets.len() };
    if chars <= fed_at {
        let problem = format!("{chars} characters, cut off before the federation (column {})", fed_at + 1);
        r.skip(bad_record(line, &problem, "a player line of FIDE's TXT list, its fields in the header's columns"));
        return;
    }
    let byte = |c: usize| if offsets.is_empty() { c.min(text.len()) } else { offsets.get(c).copied().unwrap_or(text.len()) };
    let mut values = [""; FIELDS];
    for (v, span) in values.iter_mut().zip(spans) {
        if let Some((from, to)) = *span {
            *v = text[byte(from)..byte(to)].trim();
        }
    }
    entry(r, line, &Raw { values, labels, id_optional: false });
}

fn csv_line(r: &mut Collected, line: usize, text: &str, sep: char, columns: &[Option<Field>], labels: &[String; FIELDS]) {
    if text.trim().is_empty() {
        return;
    }
    let fields = split(text, sep);
    if fields.len() > columns.len() && fields[columns.len()..].iter().any(|f| !f.is_empty()) {
        let problem = format!("{} fields", fields.len());
        r.skip(bad_record(line, &problem, &format!("at most {} fields, as the header names", columns.len())));
        return;
    }
    let mut values = [""; FIELDS];
    for (f, c) in fields.iter().zip(columns) {
        if let Some(c) = c {
            values[*c as usize] = f.as_str();
        }
    }
    entry(r, line, &Raw { values, labels, id_optional: true });
}

/// The fields of a CSV line split at `sep` (a field in double quotes may hold it), trimmed.
pub(crate) fn split(line: &str, sep: char) -> Vec<String> {
    let mut out = vec![String::new()];
    let mut quoted = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' if quoted && chars.peek() == Some(&'"') => {
                chars.next();
                out.last_mut().expect("never empty").push('"');
            }
            '"' => quoted = !quoted,
            c if c == sep && !quoted => out.push(String::new()),
            c => out.last_mut().expect("never empty").push(c),
        }
    }
    out.into_iter().map(|f| f.trim().to_string()).collect()
}

/// The XML's elements names in its warnings (a separate list's `<rating>` under its kind).
fn xml_labels(kind: Option<RatingType>) -> [String; FIELDS] {
    let mut labels = ["fideid", "name", "country", "sex", "title", "w_title", "rating", "rapid_rating", "blitz_rating", "birthday", "flag"]
        .map(str::to_string);
    if let Some(k) = kind {
        labels[Field::Standard as usize] = String::new();
        labels[Field::rating(k) as usize] = "rating".into();
    }
    labels
}

/// Reads what `text` adds to the XML: `open` is the `<player>` element being gathered (its
/// first line and its text so far).
fn xml_line(r: &mut Collected, line: usize, text: &str, open: &mut Option<(usize, String)>, kind: (Option<RatingType>, &[String; FIELDS])) {
    let mut rest = text;
    loop {
        match open.take() {
            None => match rest.find("<player>") {
                Some(at) => {
                    *open = Some((line, String::new()));
                    rest = &rest[at + "<player>".len()..];
                }
                None => return,
            },
            Some((first, mut body)) => {
                let (close, reopen) = (rest.find("</player>"), rest.find("<player>"));
                if let Some(at) = reopen.filter(|&o| close.is_none_or(|c| o < c)) {
                    r.skip(bad_record(first, "a <player> element not closed before the next one", "'</player>' after each player"));
                    rest = &rest[at..];
                    continue;
                }
                let Some(at) = close else {
                    body.push_str(rest);
                    body.push('\n');
                    if body.len() > crate::error::MAX_LINE_BYTES {
                        r.skip(bad_record(first, "a <player> element runs on past 64 KiB", "'</player>' closing it"));
                    } else {
                        *open = Some((first, body));
                    }
                    return;
                };
                body.push_str(&rest[..at]);
                xml_player(r, first, &body, kind);
                rest = &rest[at + "</player>".len()..];
            }
        }
    }
}

/// One `<player>` element's content, from line `line`.
fn xml_player(r: &mut Collected, line: usize, body: &str, (kind, labels): (Option<RatingType>, &[String; FIELDS])) {
    let elements = match xml_elements(body) {
        Ok(e) => e,
        Err(expected) => return r.skip(bad_record(line, "a <player> element that cannot be read", &expected)),
    };
    let mut values: [&str; FIELDS] = [""; FIELDS];
    for (tag, value) in &elements {
        match Field::xml(tag, kind) {
            Some(f) => values[f as usize] = value.trim(),
            None => r.not_read(tag),
        }
    }
    entry(r, line, &Raw { values, labels, id_optional: false });
}

/// The elements of a player (`<tag>text</tag>` or `<tag/>`), their text unescaped; or what
/// was expected.
fn xml_elements(body: &str) -> Result<Vec<(&str, String)>, String> {
    let mut out = Vec::new();
    let mut rest = body;
    while let Some(lt) = rest.find('<') {
        let after = &rest[lt + 1..];
        let gt = after.find('>').ok_or("'>' closing each tag")?;
        let tag = after[..gt].trim();
        if let Some(tag) = tag.strip_suffix('/') {
            out.push((tag.trim(), String::new()));
            rest = &after[gt + 1..];
            continue;
        }
        if tag.starts_with('/') || tag.is_empty() {
            return Err(format!("an element's opening tag, found '<{}>'", excerpt(tag)));
        }
        let inner = &after[gt + 1..];
        let close = format!("</{tag}>");
        let end = inner.find(&close).ok_or_else(|| format!("'{}' closing '<{}>'", excerpt(&close), excerpt(tag)))?;
        out.push((tag, unescape(&inner[..end])));
        rest = &inner[end + close.len()..];
    }
    Ok(out)
}

/// XML's five named entities and numeric references; anything else kept as written.
fn unescape(s: &str) -> String {
    if !s.contains('&') {
        return s.to_string();
    }
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        let tail = &rest[at..];
        let end = tail.find(';').filter(|&e| e <= 10);
        let entity = end.map(|e| &tail[1..e]);
        let c = entity.and_then(|e| match e {
            "amp" => Some('&'),
            "lt" => Some('<'),
            "gt" => Some('>'),
            "quot" => Some('"'),
            "apos" => Some('\''),
            _ => e
                .strip_prefix("#x")
                .map_or_else(|| e.strip_prefix('#')?.parse().ok(), |h| u32::from_str_radix(h, 16).ok())
                .and_then(char::from_u32),
        });
        match (c, end) {
            (Some(c), Some(e)) => {
                out.push(c);
                rest = &tail[e + 1..];
            }
            _ => {
                out.push('&');
                rest = &tail[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// A player from `raw`, added to `r`; a line without an id (where one is required) or a
/// name is a warning and no player, any other field that cannot be read a warning and the
/// player kept without it.
fn entry(r: &mut Collected, line: usize, raw: &Raw) {
    let v = |f: Field| raw.values[f as usize];
    let mut problems = Vec::new();
    let bad = |f: Field, expected: &str| {
        let column = if raw.labels[f as usize].is_empty() { format!("{f:?}").to_lowercase() } else { raw.labels[f as usize].clone() };
        ParseError::BadField { line, column, expected: expected.into(), found: v(f).into() }
    };
    let id = match v(Field::Id) {
        "" if raw.id_optional => 0,
        s if !s.is_empty() && s.len() <= 11 && s.bytes().all(|b| b.is_ascii_digit()) => s.parse().unwrap_or(0),
        _ => {
            problems.push(bad(Field::Id, "a FIDE id: up to 11 digits (the line is not read)"));
            0
        }
    };
    if v(Field::Name).is_empty() {
        problems.push(bad(Field::Name, "a player's name (the line is not read)"));
    }
    if !problems.is_empty() {
        r.skipped += 1;
        return problems.into_iter().for_each(|p| r.warn(p));
    }
    let mut e = ListEntry {
        id,
        name_at: 0,
        name_len: 0,
        federation: *b"   ",
        sex: None,
        title: None,
        ratings: [0; 3],
        birth_year: 0,
        inactive: false,
    };
    match v(Field::Federation) {
        "" => {}
        f if f.len() == 3 && f.bytes().all(|b| b.is_ascii_alphabetic()) => e.federation.copy_from_slice(f.to_ascii_uppercase().as_bytes()),
        _ => problems.push(bad(Field::Federation, "a federation: three letters (the player is kept without it)")),
    }
    match v(Field::Sex).to_ascii_lowercase().as_str() {
        "" => {}
        "m" | "male" => e.sex = Some(Sex::Male),
        "f" | "w" | "female" => e.sex = Some(Sex::Female),
        _ => problems.push(bad(Field::Sex, "M or F (the player is kept without it)")),
    }
    e.title = title(v(Field::Title)).or_else(|| title(v(Field::WomanTitle)));
    for f in [Field::Title, Field::WomanTitle] {
        if !v(f).is_empty() && title(v(f)).is_none() {
            problems.push(bad(f, "a FIDE title: GM, IM, WGM, FM, WIM, CM, WFM or WCM (the player is kept without it)"));
        }
    }
    for (k, f) in [Field::Standard, Field::Rapid, Field::Blitz].into_iter().enumerate() {
        match v(f).parse::<u16>() {
            _ if v(f).is_empty() => {}
            Ok(x) if x <= 3500 => e.ratings[k] = x,
            _ => problems.push(bad(f, "a rating: a whole number from 0 (unrated) to 3500 (the player is kept without it)")),
        }
    }
    e.birth_year = match birth_year(v(Field::Birth)) {
        Some(y) => y,
        None => {
            problems
                .push(bad(Field::Birth, "a year of birth (or a date starting with it; 0000: not given; the player is kept without it)"));
            0
        }
    };
    let flag = v(Field::Flag).to_ascii_lowercase();
    e.inactive = flag.contains('i');
    if flag.contains('w') && e.sex.is_none() {
        e.sex = Some(Sex::Female);
    }
    problems.into_iter().for_each(|p| r.warn(p));
    r.add(line, e, v(Field::Name));
}

fn title(s: &str) -> Option<Title> {
    (!s.is_empty()).then(|| s.parse().ok()).flatten()
}

/// A year of birth as lists give it: `1990`, `1990-05-12`, `1990/05/12`, `0000` or empty
/// (0: not given); `None` when it is none of these.
fn birth_year(s: &str) -> Option<u16> {
    let year = s.split(['-', '/', '.']).next().unwrap_or("");
    match year.parse::<u16>() {
        _ if s.is_empty() => Some(0),
        Ok(0) if year.len() == 4 => Some(0),
        Ok(y) if year.len() == 4 && (1850..=2100).contains(&y) => Some(y),
        _ => None,
    }
}
