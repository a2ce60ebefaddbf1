//! The TRF player record's (`001`) layout, as FIDE's TRF-16 and TRF-2026 both lay it out:
//! which columns hold the start number, sex, title, name, rating, federation, FIDE id, birth
//! date, points, rank and each round's block. The one place that knows the columns: the reader
//! (`trf::read_player`), the writers that edit a file's records (`trf::with_ranks`,
//! `with_round`, `with_points`, `without_round`, `renumbered`), the desk's register, which
//! writes new records ([`PlayerRecord::write`]), and the desk's readers of a record's birth
//! date all go through these names, so that no two of them can disagree on a column.

use crate::tournament::Sex;
use std::ops::Range;

/// A field's columns: 1-based and inclusive, as FIDE's description numbers them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Field {
    pub from: usize,
    pub to: usize,
}

/// How a value sits in a field wider than it: numbers to the right, text to the left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    Left,
    Right,
}

impl Field {
    const fn new(from: usize, to: usize) -> Field {
        Field { from, to }
    }

    pub const fn width(self) -> usize {
        self.to + 1 - self.from
    }

    /// The field's characters in a record (0-based indices, the end excluded).
    pub const fn range(self) -> Range<usize> {
        self.from - 1..self.to
    }

    /// The field of `line` as written (blanks past the line's end).
    pub fn raw(self, line: &str) -> String {
        let chars: String = line.chars().skip(self.from - 1).take(self.width()).collect();
        format!("{chars:<width$}", width = self.width())
    }

    /// The field of `line`, trimmed.
    pub fn read(self, line: &str) -> String {
        self.raw(line).trim().to_string()
    }

    /// `text` written into the field of a record's characters, aligned, cut to the field's
    /// width; a record too short to reach the field is padded with spaces up to its end.
    pub fn write(self, chars: &mut Vec<char>, text: &str, align: Align) {
        let w = self.width();
        let value: String = match align {
            Align::Left => format!("{text:<w$}"),
            Align::Right => format!("{text:>w$}"),
        };
        if chars.len() < self.to {
            chars.resize(self.to, ' ');
        }
        chars.splice(self.range(), value.chars().take(w));
    }
}

/// The record's code, `001`.
pub const CODE: Field = Field::new(1, 3);
/// The start number (the starting rank).
pub const START: Field = Field::new(5, 8);
/// `m` or `w` (`f` in some writers).
pub const SEX: Field = Field::new(10, 10);
/// The FIDE title's code (`g`, `wm`, … or `GM`, `WIM`, …), to the right.
pub const TITLE: Field = Field::new(11, 13);
pub const NAME: Field = Field::new(15, 47);
pub const RATING: Field = Field::new(49, 52);
pub const FEDERATION: Field = Field::new(54, 56);
pub const FIDE_ID: Field = Field::new(58, 68);
/// `YYYY/MM/DD`, or the year alone.
pub const BIRTH: Field = Field::new(70, 79);
/// The year of birth: the birth date's first four columns.
pub const BIRTH_YEAR: Field = Field::new(70, 73);
pub const POINTS: Field = Field::new(81, 84);
pub const RANK: Field = Field::new(86, 89);

/// The column where round 1's block starts; each round's block is [`ROUND_STEP`] columns on.
pub const FIRST_ROUND: usize = 92;
pub const ROUND_STEP: usize = 10;

/// One round's block: the opponent's start number, the colour, the result, with a blank
/// between each (8 columns; the two after them separate it from the next round's).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoundBlock {
    pub opponent: Field,
    pub colour: Field,
    pub result: Field,
}

impl RoundBlock {
    /// Round `round`'s block (from 1; round 0 is read as round 1).
    pub const fn of(round: usize) -> RoundBlock {
        let at = FIRST_ROUND + ROUND_STEP * round.saturating_sub(1);
        RoundBlock { opponent: Field::new(at, at + 3), colour: Field::new(at + 5, at + 5), result: Field::new(at + 7, at + 7) }
    }

    /// The whole block, opponent to result.
    pub const fn whole(self) -> Field {
        Field::new(self.opponent.from, self.result.to)
    }
}

/// The start number of a player record (`001`, in any case), when it has one.
pub fn start_of(line: &str) -> Option<u32> {
    CODE.raw(line).eq_ignore_ascii_case("001").then(|| START.read(line).parse::<u32>().ok()).flatten()
}

/// A player record's fields before its rounds, as a writer gives them (`None`: blank).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PlayerRecord<'a> {
    pub start: u32,
    pub sex: Option<Sex>,
    /// The title's code as the file writes it (`GM`, `WIM`, or TRF-16's `g`, `wm`).
    pub title: Option<&'a str>,
    pub name: &'a str,
    pub rating: Option<u32>,
    pub federation: Option<&'a str>,
    pub fide_id: Option<&'a str>,
    /// A year (`1994`) or a date (`1994/05/12`).
    pub birth: Option<&'a str>,
    pub points: Option<f64>,
    pub rank: Option<usize>,
}

impl PlayerRecord<'_> {
    /// The record, every field in its columns (a value too long for its field cut to it), with
    /// no round and no trailing blanks.
    pub fn write(&self) -> String {
        let mut chars: Vec<char> = Vec::with_capacity(RANK.to);
        CODE.write(&mut chars, "001", Align::Left);
        let number = |n: Option<u32>| n.map_or(String::new(), |n| n.to_string());
        START.write(&mut chars, &self.start.to_string(), Align::Right);
        let sex = match self.sex {
            Some(Sex::Male) => "m",
            Some(Sex::Female) => "w",
            None => "",
        };
        SEX.write(&mut chars, sex, Align::Left);
        TITLE.write(&mut chars, self.title.unwrap_or(""), Align::Right);
        NAME.write(&mut chars, self.name, Align::Left);
        RATING.write(&mut chars, &number(self.rating), Align::Right);
        FEDERATION.write(&mut chars, self.federation.unwrap_or(""), Align::Left);
        FIDE_ID.write(&mut chars, self.fide_id.unwrap_or(""), Align::Right);
        BIRTH.write(&mut chars, self.birth.unwrap_or(""), Align::Left);
        POINTS.write(&mut chars, &self.points.map_or(String::new(), |p| format!("{p:.1}")), Align::Right);
        RANK.write(&mut chars, &self.rank.map_or(String::new(), |r| r.to_string()), Align::Right);
        while chars.last() == Some(&' ') {
            chars.pop();
        }
        chars.into_iter().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A record written here and read by the TRF reader gives back every field.
    #[test]
    fn a_record_written_then_read_gives_the_same_fields() {
        let record = PlayerRecord {
            start: 12,
            sex: Some(Sex::Female),
            title: Some("WGM"),
            name: "Ødegård, Åse",
            rating: Some(2310),
            federation: Some("NOR"),
            fide_id: Some("1504564"),
            birth: Some("1994/05/12"),
            points: Some(4.5),
            rank: Some(3),
        };
        let line = record.write();
        assert_eq!(line, "001   12 wWGM Ødegård, Åse                      2310 NOR     1504564 1994/05/12  4.5    3");
        for (field, value) in [(START, "12"), (SEX, "w"), (TITLE, "WGM"), (NAME, "Ødegård, Åse"), (RATING, "2310")] {
            assert_eq!(field.read(&line), value);
        }
        assert_eq!((FEDERATION.read(&line), FIDE_ID.read(&line), BIRTH.read(&line)), ("NOR".into(), "1504564".into(), "1994/05/12".into()));
        assert_eq!((POINTS.read(&line), RANK.read(&line), start_of(&line)), ("4.5".into(), "3".into(), Some(12)));
        let (t, warnings) = crate::parse::trf::parse_trf(&line).expect("the record reads");
        // Its only warning: the record has no rounds to make its 4.5 points.
        assert!(warnings.iter().all(|w| w.message.contains("declared points 4.5 (columns 81-84)")), "{warnings:?}");
        let e = &t.entrants[0];
        assert_eq!(
            (e.start, e.sex, e.title.as_deref(), e.name.as_str(), e.rating),
            (12, Some(Sex::Female), Some("WGM"), "Ødegård, Åse", Some(2310))
        );
        assert_eq!((e.federation.as_deref(), e.fide_id.as_deref(), e.birth_year), (Some("NOR"), Some("1504564"), Some(1994)));
        assert_eq!((e.declared_points, e.declared_rank), (Some(4.5), Some(3)));
        // Blank fields stay blank, and a record ends at its last field written.
        let bare = PlayerRecord { start: 1, name: "Bo", ..PlayerRecord::default() };
        assert_eq!(bare.write(), "001    1      Bo");
        let (t, _) = crate::parse::trf::parse_trf(&bare.write()).expect("the record reads");
        let e = &t.entrants[0];
        assert_eq!(
            (e.sex, e.title.as_deref(), e.rating, e.federation.as_deref(), e.birth_year, e.declared_rank),
            (None, None, None, None, None, None)
        );
    }

    /// Each round's block is ten columns on from the one before; a field written into a short
    /// record pads it, and a value too long is cut to the field.
    #[test]
    fn round_blocks_and_writing_into_a_record() {
        let r2 = RoundBlock::of(2);
        assert_eq!((r2.opponent, r2.colour, r2.result), (Field::new(102, 105), Field::new(107, 107), Field::new(109, 109)));
        assert_eq!((RoundBlock::of(1).whole(), RoundBlock::of(0)), (Field::new(92, 99), RoundBlock::of(1)));
        let mut chars: Vec<char> = "001    7".chars().collect();
        RANK.write(&mut chars, "12345", Align::Right);
        assert_eq!(chars.iter().collect::<String>(), format!("001    7{:77}1234", ""));
        assert_eq!((start_of("001    7"), start_of("002    7"), start_of("001 abcd")), (Some(7), None, None));
    }
}
