//! FIDE Tournament Report Files (TRF-16, and TRF-26 of 2025/26), with the JaVaFo /
//! Swiss-Manager extensions found in real files.
//!
//! The record code is a line's first three characters (matched without case). Columns are
//! 1-based and counted in characters:
//!
//! * `001` player: start rank 5-8, sex 10, title 11-13, name 15-47, rating 49-52, federation
//!   54-56, FIDE id 58-68, birth date 70-79, points 81-84, rank 86-89, then one block of ten
//!   columns per round from column 92: opponent's start rank 92-95 (`0000` or blank: none),
//!   colour 97 (`w`, `b`, `-` or blank), result 99. TRF-26 keeps these columns (it adds
//!   records, it does not move fields), so there is one layout for both.
//! * `012` name, `022` city, `042` / `052` start and end dates (as written), `062` number of
//!   players (checked against the `001` records), `092` type, `102` chief arbiter, `132` round dates (ten-column
//!   blocks aligned with the rounds, from column 92), `142` number of rounds.
//! * Teams: `013` (name 5-36, players' start numbers from 37 in four columns a column apart)
//!   and TRF-26's `310` (number 5-7, name 9-40, match points 55-60, game points 62-67, rank
//!   69-71, players from 74); read into [`Tournament::teams`] ([`crate::team::Teams::of`] makes
//!   the matches from the players' games). `320`/`330` are not read: the players' own result
//!   codes say the same.
//! * TRF-26's tiebreak lists: `212` (the standings' order, `PTS` first) and `202` (the
//!   tiebreaks after points); 212 wins when a file has both, as FIDE's reference reader
//!   (TieBreakServer) has it. Codes are C.07's, comma- or space-separated, `/` or `-` before a
//!   modifier (`BH/C1`); codes not computed here are named in a warning.
//! * Scoring: TRF-26's `162` (`W D L A P` followed by points, e.g. `162  W 3.0    D 1.0`;
//!   `X` is read and ignored), JaVaFo's `XXS` (`WW=`, `BW=`, `W=`, `WD=`, `BD=`, `D=`, `WL=`,
//!   `BL=`, `L=`, `ZPB=`, `HPB=`, `FPB=`, `PAB=`, `FW=`, `FL=`) and bbpPairings' `BBW BBD BBL
//!   BBZ BBF BBU` (a win, a draw, a played loss, a zero-point bye, a forfeit loss, the
//!   pairing-allocated bye: bbpPairings's README). Every outcome has its own value in
//!   [`Tournament::point_system`] (TRF-26's defaults: `P` as `W`, a forfeit win and a
//!   full-point bye as `W`, a half-point bye as `D`, `A` for absences, zero-point byes and
//!   forfeit losses), with which the declared points are checked. The standings' model,
//!   [`crate::tournament::Scoring`], has five values: win (also forfeit wins and full-point
//!   byes), draw (also half-point byes), loss (also forfeit losses), pairing-allocated bye and
//!   zero-point bye. A file that scores half-point byes, full-point byes or forfeits apart from
//!   those (declared, or with such a result) gets a warning saying how the standings count them.
//! * The total number of rounds (a pairing's input): `142` (TRF-2026) or JaVaFo's `XXR`
//!   (`142` wins when both are given) into [`Tournament::total_rounds`]; a value that is not a
//!   whole number from 1 is a warning naming the line, the record ignored.
//! * Acceleration (C.04.5's Baku method or any other): JaVaFo's `XXA` (start number 5-8, then
//!   a round's virtual points in four columns from column 10, a column apart) and TRF-2026's
//!   `250` (game points 10-13, rounds 15-17 to 19-21, players 23-26 to 28-31) into
//!   [`Tournament::acceleration`]: virtual points, which are not results and are not added
//!   (a `250` record's last round at most 99).
//! * TRF-2026's `240` byes (`F`, `H`, `Z` in column 5, the round 7-9, start numbers from 11):
//!   entered into the players' rounds as `0000 - H` in their records would be; a player not in
//!   the file, or a round whose record says otherwise, is a warning (the record's entry is kept).
//! * TRF-2026's `172` (the ranking method: a federation in 5-7, `FIDE NRO FIDON NIDOF HBFN
//!   LBFN OTHER` in 9-13) into [`Tournament::ranking`], and the National Rating Support
//!   records of that federation (its code in 1-3, a start number in 5-8, the national rating
//!   in 49-52) into each entrant's `national_rating`: what the initial order is ranked by.
//! * `XXC`, `XXZ`, `XXF`, `###` comments, ruler lines (`DDD SSSS ...`, digit rulers) and any
//!   other code: ignored without a word (but a `BB?` code bbpPairings does not define is named).
//! * TRF-26 `299` (abnormal points): a typed record (`W D L F H Z + -`) makes that result
//!   worth the given points for the listed players in its round (all rounds for `000`); an
//!   untyped one is a bonus or penalty (in its round; without one, in the file's last round).
//!   They count everywhere points do: the declared points' check, the standings and tiebreaks
//!   ([`Tournament::points_by_round`]) and the scores a pairing pairs by.
//!
//! CRLF, CR-only line ends, a BOM, trailing spaces and short lines are fine. A line that
//! ends inside a round's block, or before rounds in which other players' records list games
//! with it, is cut off: an error. With [`BadLines::Skip`] a player record with an error is
//! left out with a warning naming the player, and its opponents' rounds against it count as
//! unplayed (a win as a forfeit win, a loss as a forfeit loss, a draw as a half-point bye: the
//! points stay, the opponent is unknown), each with a warning naming the player affected.
//!
//! Results: `1 = 0`, `+ -`, `W D L`, `H F U Z`, `?` (an adjourned game, its result still to
//! come: [`RoundResult::Adjourned`]) and blank, case-insensitive; any other result symbol of a
//! game with an opponent that is `X` or punctuation (`*`) is a result not known, read as `?`
//! with a warning naming the line and the symbol (`unknown_result`). Choices where
//! the specification is silent:
//! * `-` with no opponent (`0000 - -`, or a blank opponent) is an absence: [`RoundResult::ZeroBye`]
//!   (TRF-26 scores absences with zero-point byes, code `A`) marked [`RoundEntry::absent`], so
//!   a pairing tells it from a requested `Z`; `-` against a real opponent is a forfeit loss.
//! * Declared points may leave out the pending round's requested byes or count them (as
//!   bbpPairings accepts both): either sum matches.
//! * A blank result is [`RoundResult::NotPaired`]. With an opponent it is a game paired, not
//!   yet played (TRF's scheduled opponent and colour): no warning when no game of its round has
//!   a result (a round paired for results, the tournament's pending round), else a warning.
//! * A bye (`H F U Z`) with an opponent's number: the opponent is dropped, with a warning.
//! * `+` with no opponent stays a forfeit win with no opponent, with a warning.
//! * A game result (`1 = 0 W D L ?`) with no opponent is an error.
//! * Rating `0`, FIDE id `0` and rank `0` read as absent. An unreadable rating, points or rank
//!   is a warning (the field is left out); an unreadable start rank, opponent, colour or result
//!   is an error naming the line and the columns.
//!
//! The entrants are sorted by start rank (opponents are start ranks, mapped to indices).
//! Every entrant's round list is padded with `NotPaired` to the longest round list in the file;
//! [`Tournament::rounds`] is `142` / `XXR` (the planned rounds) or else that longest list.
//!
//! Inconsistencies are warnings naming the line, never fixed: declared points that differ from
//! the sum of the rounds under the scoring in force; a pairing one side does not report, or
//! reports with the same colour or a result that is not the complement (`1`/`0`, `=`/`=`,
//! `+`/`-`, `-`/`-`, `W`/`L`, `D`/`D`, `?`/`?`, and the results FIDE lists beside them: `=`/`0`
//! for ½-0, `0`/`0` for 0-0 played); more than one pairing-allocated bye in a round; a `062`
//! count that differs from the number of players; an `XXR` / `142` smaller than the rounds in
//! the file (the longer is used).
//!
//! ```
//! use ratings_engine::parse::trf::parse_trf;
//! let text = "012 Club\n\
//! 001    1      Ann                                                                1.0    1     2 w 1\n\
//! 001    2      Bo                                                                 0.0    2     1 b 0\n";
//! let (t, warnings) = parse_trf(text).unwrap();
//! assert_eq!((t.name.as_deref(), t.entrants.len(), t.rounds), (Some("Club"), 2, 1));
//! assert!(warnings.is_empty());
//! assert_eq!(t.dataset().games.len(), 1);
//! ```

use super::csv::{BadLines, Warning};
use super::lines::{lines, split_lines};
use super::trf_codes::{is_ruler, unread_warnings, PairingRecords};
use super::trf_record::{self as record, Align, Field, RoundBlock};
use crate::codes::{TeamTiebreak, Tiebreak};
use crate::error::{bad_field as bad, excerpt, ParseError, ParseErrors};
use crate::tournament::{
    Acceleration, Colour, DeclaredOrder, Entrant, ForbiddenRecord, PointSystem, RoundEntry, RoundResult, Sex, TeamRecord, Tournament,
    Unpaired,
};
use std::collections::HashMap;

/// The file with each player record's rank (columns 86-89) set to `rank_of` its start rank,
/// and nothing else changed: every other record, column, line end and byte order mark kept
/// as it was (a record too short to reach the rank is padded with spaces up to it).
pub fn with_ranks(text: &str, rank_of: &dyn Fn(u32) -> Option<usize>) -> String {
    edit_records(text, &|start, chars| {
        let rank = rank_of(start).filter(|&r| r <= 9999)?;
        record::RANK.write(chars, &rank.to_string(), Align::Right);
        Some(())
    })
}

/// The file with a header record `code` (e.g. `152`) set to `value`: every record of that
/// code replaced by one line `code value`, or, when there is none, the line added before the
/// first player record; every other line, line end and byte order mark kept.
pub fn with_header(text: &str, code: &str, value: &str) -> String {
    let (bom, body) = match text.strip_prefix('\u{feff}') {
        Some(rest) => ("\u{feff}", rest),
        None => ("", text),
    };
    let end = if body.contains("\r\n") {
        "\r\n"
    } else if body.contains('\n') {
        "\n"
    } else {
        "\r"
    };
    let record = format!("{code} {value}");
    let mut lines: Vec<String> = body.split(end).map(str::to_string).collect();
    let same = |l: &str| self::code(l) == code;
    if lines.iter().any(|l| same(l)) {
        let mut seen = false;
        lines.retain_mut(|l| match same(l) {
            true if seen => false,
            true => {
                (seen, *l) = (true, record.clone());
                true
            }
            false => true,
        });
    } else {
        let at = lines.iter().position(|l| self::code(l) == "001").unwrap_or(0);
        lines.insert(at, record);
    }
    format!("{bom}{}", lines.join(end))
}

/// One player's round written by [`with_round`]: the block's opponent, colour and result
/// (`None`: blank, a game not yet played) and, when they change, the points (columns 81-84).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cell {
    /// The opponent's start rank; `None` writes `0000` (a bye).
    pub opponent: Option<u32>,
    pub colour: Option<Colour>,
    pub result: Option<RoundResult>,
    pub points: Option<f64>,
}

/// The TRF `text` (of `t`) with a round's pairing added to each paired player's record,
/// ready for results: `  12 w  ` for each game of `boards` (white, black start numbers;
/// result blank), the pairing-allocated bye as `0000 - U` with its points added to the
/// player's points (columns 81-84) by the file's point system; requested byes already
/// entered are kept as they are (what `ratings-lab pair --format trf` writes).
pub fn with_pairing(text: &str, t: &Tournament, round: usize, boards: &[(u32, u32)], bye: Option<u32>) -> String {
    let pab = t.point_system.points(RoundResult::PairingBye);
    let cell = |start: u32| -> Option<Cell> {
        if bye == Some(start) {
            let e = t.entrants.iter().find(|e| e.start == start)?;
            let had = e.declared_points.unwrap_or_else(|| e.points_in(&t.point_system, round - 1));
            return Some(Cell { opponent: None, colour: None, result: Some(RoundResult::PairingBye), points: Some(had + pab) });
        }
        let &(white, black) = boards.iter().find(|&&(w, b)| w == start || b == start)?;
        let (opponent, colour) = if white == start { (black, Colour::White) } else { (white, Colour::Black) };
        Some(Cell { opponent: Some(opponent), colour: Some(colour), result: None, points: None })
    };
    with_round(text, round, &cell)
}

/// The TRF `text` (of `t`) with a round robin's round added ([`with_pairing`]'s games), the
/// player whose Berger number meets the missing one (an odd count) given the round off as
/// `0000 - Z`: no game, no points; a round robin has no pairing-allocated bye.
pub fn with_round_off(text: &str, t: &Tournament, round: usize, boards: &[(u32, u32)], off: Option<u32>) -> String {
    let text = with_pairing(text, t, round, boards, None);
    let cell = |start: u32| {
        (off == Some(start)).then_some(Cell { opponent: None, colour: None, result: Some(RoundResult::ZeroBye), points: None })
    };
    with_round(&text, round, &cell)
}

/// The file with round `round`'s block (columns 92 + 10 (round - 1) on, 8 columns: opponent,
/// colour, result) of each player record set to `cell_of` its start rank, and nothing else
/// changed. A game paired but not yet played is the scheduled opponent and colour with the
/// result blank (FIDE's TRF, 2016 and 2026, player section: columns 92-95 "starting-rank
/// number of the scheduled opponent", 97 the scheduled colour, 99 the result), as JaVaFo and
/// bbpPairings write a round paired for results; the reader takes it as paired, not played
/// ([`crate::tournament::Tournament::pending_round`]).
pub fn with_round(text: &str, round: usize, cell_of: &dyn Fn(u32) -> Option<Cell>) -> String {
    let block = RoundBlock::of(round);
    let (at, end) = (block.whole().range().start, block.whole().range().end);
    edit_records(text, &|start, chars| {
        let cell = cell_of(start)?;
        let opponent = cell.opponent.map_or("0000".to_string(), |o| o.to_string());
        let colour = match cell.colour {
            Some(Colour::White) => 'w',
            Some(Colour::Black) => 'b',
            None => '-',
        };
        let result = cell.result.map_or(' ', RoundResult::code);
        let was = chars.len();
        // The whole block blanked, then each of its fields written.
        block.whole().write(chars, "", Align::Left);
        block.opponent.write(chars, &opponent, Align::Right);
        block.colour.write(chars, &colour.to_string(), Align::Left);
        block.result.write(chars, &result.to_string(), Align::Left);
        if let Some(p) = cell.points {
            record::POINTS.write(chars, &format!("{p:.1}"), Align::Right);
        }
        // A blank result past the record's old end, or ending the record, is not written as
        // trailing spaces.
        let ends = chars[end..].iter().all(|&c| c == ' ');
        while (chars.len() > was || ends) && chars.len() > at && chars.last() == Some(&' ') {
            chars.pop();
        }
        Some(())
    })
}

/// The file with the points (columns 81-84) of each player record set to `points_of` its
/// start rank (`None`: unchanged), nothing else changed.
pub fn with_points(text: &str, points_of: &dyn Fn(u32) -> Option<f64>) -> String {
    edit_records(text, &|start, chars| {
        let p = points_of(start)?;
        record::POINTS.write(chars, &show_points(p), Align::Right);
        Some(())
    })
}

/// The file with round `round`'s block blanked in the records `which` selects by start rank
/// (a round unpaired, a bye request withdrawn), nothing else changed; a record is not left
/// with trailing spaces.
pub fn without_round(text: &str, round: usize, which: &dyn Fn(u32) -> bool) -> String {
    let block = RoundBlock::of(round).whole().range();
    let at = block.start;
    edit_records(text, &|start, chars| {
        if !which(start) || chars.len() <= at {
            return None;
        }
        let end = block.end.min(chars.len());
        chars[at..end].iter_mut().for_each(|c| *c = ' ');
        while chars.last() == Some(&' ') {
            chars.pop();
        }
        Some(())
    })
}

/// The file with every start number in its player records changed to `new_of` it: each
/// record's own (columns 5-8) and its opponents' (columns 92-95 of each round's block), the
/// records then put in the order of their new numbers; nothing else changed. (A late entry
/// numbered by C.04.2's initial order, `desk::late`; records that list players elsewhere,
/// `013`, `310`, `240`, `299`, are the caller's to refuse), and those of the National Rating
/// Support records of the `national` federation.
pub fn renumbered(text: &str, new_of: &dyn Fn(u32) -> u32, national: Option<&str>) -> String {
    let text = edit_records(text, &|start, chars| {
        record::START.write(chars, &new_of(start).to_string(), Align::Right);
        let mut round = 1;
        while RoundBlock::of(round).opponent.to <= chars.len() {
            let opponent = RoundBlock::of(round).opponent;
            let field: String = chars[opponent.range()].iter().collect();
            if let Some(o) = field.trim().parse::<u32>().ok().filter(|&o| o > 0) {
                opponent.write(chars, &new_of(o).to_string(), Align::Right);
            }
            round += 1;
        }
        Some(())
    });
    // National Rating Support records of the `172` federation name their player in 5-8.
    let renumber_national = |line: &str| -> Option<String> {
        let fed = national.filter(|f| f.len() == 3 && line.get(..4) == Some(&format!("{f} ")))?;
        let start = line.get(4..8)?.trim().parse::<u32>().ok()?;
        Some(format!("{fed} {:>4}{}", new_of(start), line.get(8..).unwrap_or("")))
    };
    let text: String = text.split_inclusive('\n').map(|l| renumber_national(l).unwrap_or_else(|| l.to_string())).collect();
    with_records_in_order(&text)
}

/// The file with its player records in the order of their start numbers, in the places the
/// records held; every other line kept where it was.
pub fn with_records_in_order(text: &str) -> String {
    let start = |l: &str| (code(l) == "001").then(|| Cols::new(l).of(record::START).parse::<u32>().ok()).flatten();
    let mut lines: Vec<String> = text.split_inclusive('\n').map(str::to_string).collect();
    let unended = lines.last().is_some_and(|l| !l.ends_with('\n'));
    if unended {
        lines.last_mut().into_iter().for_each(|l| l.push('\n'));
    }
    let places: Vec<usize> = (0..lines.len()).filter(|&i| start(&lines[i]).is_some()).collect();
    let mut records: Vec<String> = places.iter().map(|&i| lines[i].clone()).collect();
    crate::sort::by_key(&mut records, |l| start(l));
    for (&i, r) in places.iter().zip(records) {
        lines[i] = r;
    }
    let mut out = lines.concat();
    if unended {
        out.pop();
    }
    out
}

/// The file with each player record (`001`) given to `edit` by its start rank (its characters,
/// to change; `None`: unchanged), every other line, line end and byte order mark kept.
fn edit_records(text: &str, edit: &dyn Fn(u32, &mut Vec<char>) -> Option<()>) -> String {
    let (bom, body) = match text.strip_prefix('\u{feff}') {
        Some(rest) => ("\u{feff}", rest),
        None => ("", text),
    };
    let end = if body.contains('\n') { '\n' } else { '\r' };
    let mut out = String::with_capacity(text.len() + 64);
    out.push_str(bom);
    for (i, piece) in body.split(end).enumerate() {
        if i > 0 {
            out.push(end);
        }
        let (line, cr) = match piece.strip_suffix('\r') {
            Some(l) if end == '\n' => (l, "\r"),
            _ => (piece, ""),
        };
        let start = (code(line) == "001").then(|| Cols::new(line).of(record::START).parse::<u32>().ok()).flatten();
        let mut chars: Vec<char> = line.chars().collect();
        match start.and_then(|s| edit(s, &mut chars)) {
            Some(()) => out.extend(chars),
            None => out.push_str(line),
        }
        out.push_str(cr);
    }
    out
}

/// A line as fixed columns (1-based, inclusive; columns past the end read as blanks).
struct Cols {
    chars: Vec<char>,
    /// Length without trailing white space.
    len: usize,
}

impl Cols {
    fn new(line: &str) -> Cols {
        let chars: Vec<char> = line.chars().collect();
        let len = chars.iter().rposition(|c| !c.is_whitespace()).map_or(0, |i| i + 1);
        Cols { chars, len }
    }

    fn get(&self, from: usize, to: usize) -> String {
        (from..=to).map(|c| self.at(c)).collect()
    }

    fn field(&self, from: usize, to: usize) -> String {
        self.get(from, to).trim().to_string()
    }

    /// A field of the player record ([`record`]), trimmed.
    fn of(&self, f: Field) -> String {
        self.field(f.from, f.to)
    }

    fn at(&self, col: usize) -> char {
        match self.chars.get(col - 1) {
            Some(&c) if col <= self.len => c,
            _ => ' ',
        }
    }
}

/// The record code of a line: its first three characters, upper-cased.
fn code(line: &str) -> String {
    line.chars().take(3).collect::<String>().to_uppercase()
}

/// The value of a header record: the text from column 5, trimmed (`None` when blank).
fn value(line: &str) -> Option<String> {
    let v: String = line.chars().skip(4).collect();
    let v = v.trim();
    (!v.is_empty()).then(|| v.to_string())
}

fn first_integer(s: &str) -> Option<usize> {
    let digits: String = s.trim_start().chars().take_while(|c| c.is_ascii_digit()).collect();
    digits.parse().ok()
}

fn number(s: &str) -> Option<f64> {
    let v: f64 = s.trim().replace(',', ".").parse().ok()?;
    v.is_finite().then_some(v)
}

/// A number of points as TRF writes them (`4.0`, `11.5`).
pub(crate) fn show_points(x: f64) -> String {
    if (x - x.round()).abs() < 1e-9 {
        format!("{x:.1}")
    } else {
        let s = format!("{x:.3}");
        s.trim_end_matches('0').to_string()
    }
}

/// True when the text has a `001` player record with a start rank in columns 5-8 and its
/// first line with content starts with a record code (three digits, `XX?` or `###`).
pub fn looks_like_trf(text: &str) -> bool {
    let Some((_, first)) = lines(text).find(|(_, l)| !l.trim().is_empty()) else { return false };
    let c = code(first);
    let coded = c.len() == 3
        && (c.chars().all(|c| c.is_ascii_digit()) || c == "###" || c.starts_with("XX"))
        && first.chars().nth(3).is_none_or(|c| c == ' ');
    coded
        && lines(text).any(|(_, l)| {
            let cols = Cols::new(l);
            code(l) == "001" && cols.at(4) == ' ' && cols.of(record::START).parse::<u32>().is_ok_and(|n| n > 0)
        })
}

/// One round block as read, before opponents are resolved.
struct RawRound {
    opponent: Option<u32>,
    colour: Option<Colour>,
    result: RoundResult,
    /// The block's first column (92, 102, ...).
    col: usize,
    /// `0000 - -`: an absence, kept apart from a zero-point bye.
    absent: bool,
}

struct RawEntrant {
    entrant: Entrant,
    rounds: Vec<RawRound>,
    /// The first column of a round's block the line ends inside (a line cut off), if any.
    partial: Option<usize>,
    /// Round blocks on the line, read or not.
    blocks: usize,
}

/// Points as the scoring records give them: (value, line).
#[derive(Default)]
struct ScoringRecords {
    values: HashMap<&'static str, (f64, usize)>,
}

impl ScoringRecords {
    fn set(&mut self, key: &'static str, v: f64, line: usize) {
        self.values.insert(key, (v, line));
    }

    fn get(&self, key: &str) -> Option<(f64, usize)> {
        self.values.get(key).copied()
    }
}

/// `299` abnormal points.
struct Abnormal {
    line: usize,
    /// The result the points replace (`None`: a bonus / penalty).
    kind: Option<char>,
    points: f64,
    /// 1-based; `None` for all rounds.
    round: Option<usize>,
    players: Vec<u32>,
}

impl Abnormal {
    fn applies_to(&self, r: RoundResult) -> bool {
        use RoundResult::*;
        match self.kind {
            Some('W') => matches!(r, Win | WinUnrated),
            Some('D') => matches!(r, Draw | DrawUnrated),
            Some('L') => matches!(r, Loss | LossUnrated),
            Some('F') => r == FullBye,
            Some('H') => r == HalfBye,
            Some('Z') => matches!(r, ZeroBye | NotPaired),
            Some('+') => r == ForfeitWin,
            Some('-') => r == ForfeitLoss,
            _ => false,
        }
    }
}

/// A number a header record declares (`062` players, `142` / `XXR` rounds), and its line.
#[derive(Clone, Copy)]
struct Declared {
    n: usize,
    line: usize,
}

/// What the records of a file give, before opponents are resolved.
#[derive(Default)]
struct Records {
    /// The tournament's header: name, city, dates, type, round dates.
    header: Tournament,
    players: Vec<RawEntrant>,
    /// `062`: the number of players.
    players_062: Option<Declared>,
    rounds_142: Option<Declared>,
    rounds_xxr: Option<Declared>,
    scoring: ScoringRecords,
    abnormal: Vec<Abnormal>,
    /// `XXA` and `250`: virtual points for pairing.
    acceleration: Acceleration,
    /// TRF-2026 `240`: byes entered by record, (line, bye, round, start numbers).
    byes: Vec<(usize, Unpaired, usize, Vec<u32>)>,
    /// Leave out player records with errors (with a warning) instead of failing.
    skip: bool,
    /// TRF-2026 National Rating Support records (a federation's code, then the `001`
    /// columns), (line, code, start, rating), kept until the `172` record says whose are read.
    nrs: Vec<(usize, String, u32, Option<u32>)>,
    /// `192`, `152`/`XXC`, `260`/`XXP`.
    pairing: PairingRecords,
    /// Records read but not used, by code: their lines (one warning a code).
    unread: std::collections::BTreeMap<String, Vec<usize>>,
}

impl Records {
    /// Reads one line by its record code; codes not listed in the module's notes are ignored.
    fn read(&mut self, line: usize, l: &str, warnings: &mut Vec<Warning>, errors: &mut Vec<ParseError>) {
        let c = code(l);
        match c.as_str() {
            "001" => {
                // A record with a bad round still takes its start rank (so that its opponents'
                // references to it are not reported as well).
                let (p, e) = read_player(line, l, warnings);
                match (self.skip, e.first()) {
                    (true, Some(first)) => {
                        let c = Cols::new(l);
                        warnings.push(left_out(line, &c.of(record::NAME), c.of(record::START).parse().ok(), first));
                    }
                    _ => {
                        self.players.extend(p);
                        errors.extend(e);
                    }
                }
            }
            "012" => self.header.name = value(l),
            "022" => self.header.city = value(l),
            "042" => self.header.start_date = value(l),
            "052" => self.header.end_date = value(l),
            "062" => self.players_062 = value(l).and_then(|v| first_integer(&v)).map(|n| Declared { n, line }),
            "092" => self.header.kind = value(l),
            "102" => self.header.arbiter = value(l),
            "132" => self.header.round_dates = round_dates(l),
            "362" => warnings.push(Warning { line, message: "362: match points other than 2, 1 and 0 are not read; teams are scored 2 for a won match, 1 a drawn one".into() }),
            "013" | "310" => match read_team(&c, line, l, self.header.teams.len()) {
                Ok(team) => self.header.teams.push(team),
                Err(e) if self.skip => warnings.push(Warning { line, message: format!("team record left out (bad line): {}", e.detail()) }),
                Err(e) => errors.push(e),
            },
            // 212 is the whole standings order and wins over 202 wherever it stands.
            "212" => self.header.declared_order = Some(read_order(212, line, l, warnings)),
            "202" if self.header.declared_order.as_ref().is_none_or(|o| o.record == 202) => {
                self.header.declared_order = Some(read_order(202, line, l, warnings))
            }
            "142" => self.rounds_142 = declared_rounds(&c, line, l, warnings),
            "172" => self.header.ranking = read_172(line, l, warnings),
            "XXR" => self.rounds_xxr = declared_rounds(&c, line, l, warnings),
            "XXA" => read_xxa(line, l, &mut self.acceleration, warnings),
            "152" | "XXC" | "192" | "260" | "XXP" => self.pairing.read(&c, line, l, warnings),
            "250" => read_250(line, l, &mut self.acceleration, warnings),
            "240" => match read_240(l) {
                Some(b) => self.byes.push((line, b.0, b.1, b.2)),
                None => warnings.push(Warning {
                    line,
                    message: "240 (byes): expected F, H or Z in column 5, a round in columns 7-9 and start numbers from column 11 (11-14, 16-19, ...); the record is ignored".into(),
                }),
            },
            "162" => read_162(line, l, &mut self.scoring, warnings),
            "XXS" => read_xxs(line, l, &mut self.scoring, warnings),
            "BBW" | "BBD" | "BBL" | "BBZ" | "BBF" | "BBU" => read_bb(&c, line, l, &mut self.scoring, warnings),
            // bbpPairings's other codes (none known): a point value this reader would drop.
            c if c.starts_with("BB") && c.chars().nth(2).is_some_and(|x| x.is_ascii_alphabetic()) => warnings.push(Warning {
                line,
                message: format!("{c}: not a bbpPairings point code (BBW, BBD, BBL, BBZ, BBF or BBU); the record is ignored"),
            }),
            "299" => match read_299(line, l) {
                Some(a) => self.abnormal.push(a),
                None => warnings.push(Warning {
                    line,
                    message: "299 (abnormal points): expected a type in column 5, points in columns 14-17, a round in 20-22 and start ranks from column 24; the record is ignored".into(),
                }),
            },
            c if c == "###" || is_ruler(l) => {}
            c if c.chars().all(|x| x.is_ascii_uppercase()) && c.len() == 3 && !c.starts_with("XX") => {
                let cols = Cols::new(l);
                match cols.field(5, 8).parse::<u32>() {
                    Ok(start) => {
                        let rating = cols.field(49, 52).parse::<u32>().ok().filter(|&r| r > 0);
                        self.nrs.push((line, c.to_string(), start, rating));
                    }
                    Err(_) => self.unread.entry(c.to_string()).or_default().push(line),
                }
            }
            c => self.unread.entry(c.to_string()).or_default().push(line),
        }
    }
}

/// Reads a TRF file into a [`Tournament`], with warnings for everything inconsistent.
pub fn parse_trf(text: &str) -> Result<(Tournament, Vec<Warning>), ParseErrors> {
    parse_trf_with(text, BadLines::Fail)
}

/// Reads a TRF file, failing on a bad player record or leaving it out (`bad_lines`).
pub fn parse_trf_with(text: &str, bad_lines: BadLines) -> Result<(Tournament, Vec<Warning>), ParseErrors> {
    super::check_line_lengths(text)?;
    let mut errors: Vec<ParseError> = Vec::new();
    let mut warnings: Vec<Warning> = Vec::new();
    let lines = split_lines(text);
    if lines.iter().all(|(_, l)| l.trim().is_empty()) {
        return Err(ParseErrors(vec![bad(0, "record code (columns 1-3)", "a TRF file with '001' player records", "an empty input")]));
    }
    let skip = bad_lines == BadLines::Skip;
    let mut records = Records { skip, ..Default::default() };
    for &(line, l) in &lines {
        records.read(line, l, &mut warnings, &mut errors);
    }
    let Records {
        header: mut t,
        mut players,
        players_062,
        rounds_142,
        rounds_xxr,
        scoring,
        abnormal,
        acceleration,
        byes,
        nrs,
        pairing,
        unread,
        ..
    } = records;
    unread_warnings(&unread, &mut warnings);
    pairing.into_tournament(&mut t);
    t.point_system = build_points(&scoring);
    errors.extend(points_refused(&t.point_system, &scoring));
    t.scoring = t.point_system.scoring();
    if players.is_empty() && errors.is_empty() {
        let first = lines.iter().find(|(_, l)| !l.trim().is_empty()).map_or(1, |(n, _)| *n);
        errors.push(bad(first, "record code (columns 1-3)", "at least one '001' player record", "no 001 record"));
    }
    let cut = cut_off(&players);
    for (i, e) in &cut {
        match skip {
            true => warnings.push(left_out(e.line(), &players[*i].entrant.name, Some(players[*i].entrant.start), e)),
            false => errors.push(e.clone()),
        }
    }
    if skip && !cut.is_empty() {
        let starts: Vec<u32> = cut.iter().map(|(i, _)| players[*i].entrant.start).collect();
        players.retain(|p| !starts.contains(&p.entrant.start));
    }
    let longest = players.iter().map(|p| p.rounds.len()).max().unwrap_or(0);
    let entrants = resolve_opponents(players, longest, skip, &mut errors, &mut warnings);
    if !errors.is_empty() {
        crate::sort::by_key(&mut errors, ParseError::line);
        return Err(ParseErrors(errors));
    }
    t.entrants = entrants;
    (t.departures, t.mode) = (crate::tournament::marks::departures(text), crate::tournament::Mode::of(text)); // the `###` marks
    apply_nrs(&mut t, &nrs, &mut warnings);
    unused_nrs(&t, &nrs, &mut warnings);
    let longest = apply_240(&mut t, &byes, longest, &mut warnings);
    let placeholders = t.take_bye_placeholders();
    warnings.extend(placeholders.iter().map(|p| Warning { line: p.line, message: p.warning(true) }));
    (t.rounds, t.total_rounds) = planned_rounds(rounds_142, rounds_xxr, longest, &mut warnings);
    t.acceleration = checked_acceleration(acceleration, &t, &mut warnings);
    forbidden_warnings(&t, &mut warnings);
    if let Some(Declared { n, line }) = players_062 {
        let records = t.entrants.len() + placeholders.len();
        if n != records {
            warnings.push(Warning { line, message: format!("062 declares {n} players, but the file has {records} player records (001)") });
        }
    }
    order_warnings(&t, &mut warnings);
    points_warnings(&t, &scoring, &mut warnings);
    check_points(&t, &abnormal, &mut warnings);
    apply_299(&mut t, &abnormal);
    check_pairings(&t, &mut warnings);
    unfinished_games(&t, &mut warnings);
    check_teams(&t, &mut warnings);
    crate::sort::by_key(&mut warnings, |w| w.line);
    Ok((t, warnings))
}

/// National Rating Support records (a federation's code, a start number, a rating) of a
/// federation the `172` record does not name: not read, named in one warning a code.
fn unused_nrs(t: &Tournament, nrs: &[(usize, String, u32, Option<u32>)], warnings: &mut Vec<Warning>) {
    let read = t.ranking.as_ref().map(|r| r.federation.as_str());
    let mut by_code: std::collections::BTreeMap<&str, Vec<usize>> = std::collections::BTreeMap::new();
    for (line, code, _, _) in nrs.iter().filter(|r| Some(r.1.as_str()) != read) {
        by_code.entry(code).or_default().push(*line);
    }
    for (code, lines) in by_code {
        let at = super::trf_codes::listed(&lines);
        let why = match read {
            Some(fed) => format!("172 names {fed}'s"),
            None => "no 172 record names a federation".into(),
        };
        warnings.push(Warning {
            line: lines[0],
            message: format!("{code} (national rating records, or a code this program does not know): not read, as {why} (lines {at})"),
        });
    }
}

/// A `260`/`XXP` record naming a start number the file does not have: named in a warning
/// (`pair` refuses such a file: the pair meant cannot be known).
fn forbidden_warnings(t: &Tournament, warnings: &mut Vec<Warning>) {
    for f in &t.forbidden {
        let missing: Vec<String> = f.players.iter().filter(|s| !t.entrants.iter().any(|e| e.start == **s)).map(u32::to_string).collect();
        if !missing.is_empty() {
            let code = if f.record == ForbiddenRecord::Trf260 { "260" } else { "XXP" };
            let n = missing.len();
            warnings.push(Warning {
                line: f.line,
                message: format!(
                    "{code} (players who must not meet): start number {} not in the file",
                    crate::text::first_of(&missing, n, 10)
                ),
            });
        }
    }
}

/// TRF-2026 `172`: the federation (columns 5-7) whose National Rating Support records the
/// file holds, and the ranking method (9-13), e.g. `172 NOR FIDON`.
fn read_172(line: usize, l: &str, warnings: &mut Vec<Warning>) -> Option<crate::tournament::Ranking> {
    let cols = Cols::new(l);
    let federation = cols.field(5, 7).to_uppercase();
    match cols.field(9, 13).parse::<crate::tournament::RankingMethod>() {
        Ok(method) if federation.len() == 3 || (federation.is_empty() && !method.national()) => {
            Some(crate::tournament::Ranking { federation, method })
        }
        Ok(_) => {
            warnings.push(Warning {
                line,
                message: "172: expected the national ratings' federation (three letters) in columns 5-7; the record is ignored".into(),
            });
            None
        }
        Err(e) => {
            warnings.push(Warning { line, message: format!("172 (columns 9-13): {e}; the players are ranked by FIDE rating") });
            None
        }
    }
}

/// Each National Rating Support record of the `172` record's federation gives its player's
/// national rating; one naming no player is warned of.
fn apply_nrs(t: &mut Tournament, nrs: &[(usize, String, u32, Option<u32>)], warnings: &mut Vec<Warning>) {
    let Some(fed) = t.ranking.as_ref().map(|r| r.federation.clone()) else { return };
    for (line, code, start, rating) in nrs.iter().filter(|r| r.1 == fed) {
        match t.entrants.iter_mut().find(|e| e.start == *start) {
            Some(e) => e.national_rating = *rating,
            None => warnings.push(Warning {
                line: *line,
                message: format!("{code} (national rating): no player has start number {start}; the record is ignored"),
            }),
        }
    }
}

/// A team record: `013` (name 5-36, players' start numbers in four columns from 37, a column
/// apart: 37-40, 42-45, ...) or TRF-2026's `310` (number 5-7, name 9-40, match points 55-60,
/// game points 62-67, rank 69-71, players from 74: 74-77, 79-82, ...). `before`: the team
/// records read so far (an 013 team's number is its place). A number that is not where the
/// format puts it (a 310 record shifted by a column: digits in the blank column between two
/// fields, points that are not a number) is an error naming the line: read from the wrong
/// columns, a team would silently lose its players or its points.
fn read_team(code: &str, line: usize, l: &str, before: usize) -> Result<TeamRecord, ParseError> {
    let cols = Cols::new(l);
    let new = code == "310";
    let (name, first) = if new { (cols.field(9, 40), 74) } else { (cols.field(5, 36), 37) };
    let team_number = match new {
        true => {
            cols.field(5, 7).parse::<u32>().map_err(|_| bad(line, "310 team number (columns 5-7)", "the team's number", cols.get(5, 7)))?
        }
        false => before as u32 + 1,
    };
    if new {
        check_310_columns(line, &cols)?;
    }
    let mut players = Vec::new();
    let mut col = first;
    while col <= cols.len {
        let field = cols.field(col, col + 3);
        match field.parse::<u32>() {
            Ok(0) => {}
            Ok(n) => players.push(n),
            Err(_) if field.is_empty() => {}
            Err(_) => return Err(bad(line, format!("{code} player (columns {col}-{})", col + 3), "a player's start number", field)),
        }
        col += 5;
    }
    let points = |from, to| new.then(|| number(&cols.field(from, to))).flatten();
    let declared_rank = new.then(|| cols.field(69, 71).parse().ok()).flatten();
    Ok(TeamRecord {
        number: team_number,
        name,
        players,
        declared_match_points: points(55, 60),
        declared_game_points: points(62, 67),
        declared_rank,
        line,
    })
}

/// A `310` record's numbers where TRF-2026 puts them: match points 55-60 and game points 62-67
/// numbers (or blank), rank 69-71 a whole number (or blank), the column before each of them and
/// the column between two players' start numbers (73, 78, 83, ...) blank.
fn check_310_columns(line: usize, cols: &Cols) -> Result<(), ParseError> {
    let numeric = [("match points", 55, 60), ("game points", 62, 67), ("rank", 69, 71)];
    for (what, from, to) in numeric {
        let field = cols.field(from, to);
        let ok = field.is_empty() || if what == "rank" { field.parse::<u32>().is_ok() } else { number(&field).is_some() };
        if !ok || cols.at(from - 1) != ' ' {
            let column = format!("310 {what} (columns {from}-{to})");
            return Err(bad(line, column, format!("a number in columns {from}-{to}, column {} blank", from - 1), cols.get(from - 1, to)));
        }
    }
    let mut gap = 73;
    while gap <= cols.len {
        if cols.at(gap) != ' ' {
            let (from, to) = (gap.saturating_sub(4).max(73), (gap + 4).min(cols.len));
            let column = format!("310 players (columns {from}-{to})");
            let expected =
                format!("players' start numbers in columns 74-77, 79-82, ... with column {gap} blank (the record looks shifted)");
            return Err(bad(line, column, expected, cols.get(from, to)));
        }
        gap += 5;
    }
    Ok(())
}

/// `212` / `202`: the tiebreaks, comma- or space-separated, as C.07 codes (`BH-C1` or
/// `BH/C1`). Points come first in the standings here: a 212 list that does not start with
/// `PTS` is read as the tiebreaks after points, with a warning; codes not computed here are
/// kept aside, named in a warning.
fn read_order(record: u16, line: usize, l: &str, warnings: &mut Vec<Warning>) -> DeclaredOrder {
    let text = value(l).unwrap_or_default();
    let mut codes: Vec<&str> = text.split([',', ' ', '\t', ';']).filter(|c| !c.is_empty()).collect();
    let pts_first = codes.first().is_some_and(|c| c.eq_ignore_ascii_case("PTS"));
    if pts_first {
        codes.remove(0);
    } else if record == 212 {
        warnings.push(Warning {
            line,
            message: "212: the list does not start with PTS; these standings rank by points first, then by the tiebreaks listed".into(),
        });
    }
    let codes: Vec<String> = codes.into_iter().filter(|c| !c.eq_ignore_ascii_case("PTS")).map(str::to_string).collect();
    let codes = without_repeats(record, line, codes, warnings);
    let mut order = DeclaredOrder { record, line, codes: codes.clone(), tiebreaks: Vec::new(), unknown: Vec::new() };
    for c in codes {
        match Tiebreak::parse(&c) {
            Ok(t) => order.tiebreaks.push(t),
            Err(_) => order.unknown.push(c),
        }
    }
    order
}

/// A declared order's codes with the repeats left out (each tiebreak is applied once,
/// [`crate::tiebreak::order`]), named in a warning. Codes are the same when they read as the
/// same tiebreak (`BH/C1` and `BH-C1`), individual or a team's.
fn without_repeats(record: u16, line: usize, codes: Vec<String>, warnings: &mut Vec<Warning>) -> Vec<String> {
    let key = |c: &str| match (Tiebreak::parse(c), TeamTiebreak::parse(c)) {
        (Ok(t), _) => t.code().to_string(),
        (_, Ok(t)) => t.code(),
        _ => c.to_ascii_uppercase(),
    };
    let mut seen = std::collections::HashSet::new();
    let (mut repeated, mut count) = (Vec::new(), 0);
    let mut kept = Vec::new();
    for c in codes {
        if seen.insert(key(&c)) {
            kept.push(c);
        } else {
            count += 1;
            if repeated.len() < 8 {
                repeated.push(c);
            }
        }
    }
    if count > 0 {
        let listed = crate::text::first_of(&repeated, count, 8);
        let message = format!("{record}: {listed} listed again; each tiebreak is applied once, so the repeats are left out");
        warnings.push(Warning { line, message });
    }
    kept
}

/// The declared order's codes not computed here, named once the file is read (a team file's
/// are team tiebreaks).
fn order_warnings(t: &Tournament, warnings: &mut Vec<Warning>) {
    let Some(order) = &t.declared_order else { return };
    let unknown: Vec<&str> = match t.teams.is_empty() {
        true => order.unknown.iter().map(String::as_str).collect(),
        false => order.codes.iter().filter(|c| TeamTiebreak::parse(c).is_err()).map(String::as_str).collect(),
    };
    if !unknown.is_empty() {
        let message =
            format!("{}: tiebreak {} not computed here; the file's order is shown but cannot be used", order.record, unknown.join(", "));
        warnings.push(Warning { line: order.line, message });
    }
}

/// `132`: the round dates, in ten-column blocks aligned with the rounds from column 92
/// (blank blocks at the end dropped).
fn round_dates(l: &str) -> Vec<Option<String>> {
    let cols = Cols::new(l);
    let mut dates: Vec<Option<String>> = Vec::new();
    let mut col = 92;
    while col <= cols.len {
        let d = cols.field(col, col + 9);
        dates.push((!d.is_empty()).then_some(d));
        col += 10;
    }
    while dates.last().is_some_and(|d| d.is_none()) {
        dates.pop();
    }
    dates
}

/// bbpPairings' `BBW BBD BBL BBZ BBF BBU` (code `c`): the points of one outcome.
fn read_bb(c: &str, line: usize, l: &str, scoring: &mut ScoringRecords, warnings: &mut Vec<Warning>) {
    let key = match c {
        "BBW" => "win",
        "BBD" => "draw",
        "BBL" => "loss",
        "BBZ" => "absence",
        "BBF" => "fl",
        _ => "pab",
    };
    match value(l).and_then(|v| number(&v)) {
        Some(v) => scoring.set(key, v, line),
        None => warnings.push(Warning { line, message: format!("{c}: expected a number of points; the record is ignored") }),
    }
}

/// The warning for a player record left out ([`BadLines::Skip`]), naming the player.
fn left_out(line: usize, name: &str, start: Option<u32>, error: &ParseError) -> Warning {
    let who = match (name.trim(), start) {
        ("", Some(s)) => format!("start rank {s}"),
        ("", None) => "a player".to_string(),
        (name, Some(s)) => format!("{} (start rank {s})", excerpt(name)),
        (name, None) => excerpt(name),
    };
    Warning { line, message: format!("{who} is left out (bad line): {}", error.detail()) }
}

/// Player records that end before their rounds do: `(index, error)` for each record that
/// stops inside a round's block, or before rounds in which other records list a game with it
/// (a line cut off; a player who withdrew ends early too, but no one lists games with them).
fn cut_off(players: &[RawEntrant]) -> Vec<(usize, ParseError)> {
    let mut cut = Vec::new();
    let longest = players.iter().map(|q| q.blocks).max().unwrap_or(0);
    for (i, p) in players.iter().enumerate() {
        let ends = p.blocks;
        let listed: Vec<usize> = (ends..longest)
            .filter(|&r| {
                players
                    .iter()
                    .any(|q| q.rounds.get(r).is_some_and(|rr| rr.opponent == Some(p.entrant.start) && rr.result != RoundResult::NotPaired))
            })
            .collect();
        let line = p.entrant.line;
        if let Some(col) = p.partial {
            let problem =
                format!("start rank {}'s record stops inside round {}'s block (columns {col}-{})", p.entrant.start, ends + 1, col + 7);
            cut.push((i, ParseError::BadRecord { line, problem, expected: "the whole block: the line looks cut off".into() }));
        } else if !listed.is_empty() {
            let rounds: Vec<String> = listed.iter().map(|r| (r + 1).to_string()).collect();
            let problem = format!(
                "start rank {}'s record ends after round {ends}, but other players' records list games with it in round{} {}",
                p.entrant.start,
                if rounds.len() > 1 { "s" } else { "" },
                rounds.join(", ")
            );
            cut.push((i, ParseError::BadRecord { line, problem, expected: "those rounds too: the line looks cut off".into() }));
        }
    }
    cut
}

/// The entrants sorted by start rank, with the opponents' start ranks turned into indices and
/// every round list padded with `NotPaired` to the `longest`. A start rank used twice, or an
/// opponent that is no other player's start rank, is an error; with `skip` the second record
/// of a start rank is left out, and a round against no one in the file counts as unplayed
/// ([`unplayed`]), each with a warning.
fn resolve_opponents(
    mut raw: Vec<RawEntrant>,
    longest: usize,
    skip: bool,
    errors: &mut Vec<ParseError>,
    warnings: &mut Vec<Warning>,
) -> Vec<Entrant> {
    crate::sort::by_key(&mut raw, |p| p.entrant.start);
    let mut index: HashMap<u32, usize> = HashMap::new();
    let mut kept = Vec::with_capacity(raw.len());
    for p in raw {
        if let Some(&j) = index.get(&p.entrant.start) {
            let twice: &RawEntrant = &kept[j];
            let e = bad(
                p.entrant.line,
                "start rank (columns 5-8)",
                format!("a start rank used once (line {} has it too)", twice.entrant.line),
                p.entrant.start.to_string(),
            );
            match skip {
                true => warnings.push(left_out(p.entrant.line, &p.entrant.name, Some(p.entrant.start), &e)),
                false => errors.push(e),
            }
            continue;
        }
        index.insert(p.entrant.start, kept.len());
        kept.push(p);
    }
    let mut entrants: Vec<Entrant> = Vec::with_capacity(kept.len());
    for (i, p) in kept.into_iter().enumerate() {
        let mut e = p.entrant;
        for (r, rr) in p.rounds.iter().enumerate() {
            let mut entry = RoundEntry { opponent: None, colour: rr.colour, result: rr.result, absent: rr.absent };
            match rr.opponent.map(|s| (s, index.get(&s).copied())) {
                None => {}
                Some((_, Some(j))) if j != i => entry.opponent = Some(j),
                Some((s, found)) if skip => {
                    entry = unplayed(rr.result);
                    let who = if found.is_some() { "the player themselves" } else { "not in the file (left out?)" };
                    let message = format!(
                        "{} (start rank {}), round {}: the opponent, start rank {s}, is {who}; the result '{}' counts as unplayed ('{}')",
                        excerpt(&e.name),
                        e.start,
                        r + 1,
                        rr.result.code(),
                        entry.result.code()
                    );
                    warnings.push(Warning { line: e.line, message });
                }
                Some((s, found)) => {
                    let expected = match found {
                        Some(_) => "the start rank of another player (a player cannot meet themselves)",
                        None => "the start rank of a player in the file",
                    };
                    errors.push(bad(
                        e.line,
                        format!("round {} opponent (columns {}-{})", r + 1, rr.col, rr.col + 3),
                        expected,
                        s.to_string(),
                    ));
                }
            }
            e.rounds.push(entry);
        }
        e.rounds.resize(longest, RoundEntry::NOT_PAIRED);
        entrants.push(e);
    }
    entrants
}

/// A round whose opponent was left out: the points stay, the game is unplayed (a win a forfeit
/// win, a loss a forfeit loss, a draw a half-point bye).
fn unplayed(result: RoundResult) -> RoundEntry {
    use RoundResult::*;
    let result = match result {
        Win | WinUnrated | ForfeitWin => ForfeitWin,
        Loss | LossUnrated | ForfeitLoss => ForfeitLoss,
        Draw | DrawUnrated => HalfBye,
        other => other,
    };
    RoundEntry::new(None, None, result)
}

/// The number of rounds: as `142` (or else `XXR`) declares, unless the players' records have
/// more (`longest`), with a warning; and the total declared, when it is no smaller than that
/// (a pairing then needs the total given another way).
fn planned_rounds(
    rounds_142: Option<Declared>,
    rounds_xxr: Option<Declared>,
    longest: usize,
    warnings: &mut Vec<Warning>,
) -> (usize, Option<usize>) {
    if let (Some(a), Some(b)) = (rounds_142, rounds_xxr) {
        if a.n != b.n {
            warnings.push(Warning {
                line: b.line,
                message: format!("XXR gives {} rounds but the 142 record (line {}) gives {}; 142 is used", b.n, a.line, a.n),
            });
        }
    }
    match rounds_142.or(rounds_xxr) {
        Some(Declared { n, line }) if n < longest => {
            warnings.push(Warning {
                line,
                message: format!(
                    "the file declares {n} rounds, but players' records have up to {longest}; {longest} are used, and the total number of rounds is unknown (a pairing needs it given)"
                ),
            });
            (longest, None)
        }
        Some(Declared { n, .. }) => (n, Some(n)),
        None => (longest, None),
    }
}

/// `142` / `XXR`: the total number of rounds, a whole number from 1 (anything else is a
/// warning naming the line, and the record is ignored: the file still reads, its total unknown).
fn declared_rounds(c: &str, line: usize, l: &str, warnings: &mut Vec<Warning>) -> Option<Declared> {
    let v = value(l).unwrap_or_default();
    match v.parse::<usize>() {
        Ok(n) if n > 0 => Some(Declared { n, line }),
        _ => {
            let found = if v.is_empty() { "nothing".to_string() } else { format!("'{}'", excerpt(&v)) };
            let message = format!("{c}: expected the total number of rounds (a whole number from 1), found {found}; the record is ignored");
            warnings.push(Warning { line, message });
            None
        }
    }
}

/// Points in a four-column field (`1.0`, ` 0.5`; blank is 0), or `None`.
fn points_field(cols: &Cols, from: usize) -> Option<f64> {
    let f = cols.field(from, from + 3);
    if f.is_empty() {
        return Some(0.0);
    }
    number(&f).filter(|p| *p >= 0.0)
}

/// JaVaFo's `XXA`: a player's start number in columns 5-8, then the virtual points of rounds
/// 1, 2, ... in four columns each, from column 10, a column apart (10-13, 15-18, ...), as
/// bbpPairings reads it. A field that is not points leaves the record out, with a warning.
fn read_xxa(line: usize, l: &str, acc: &mut Acceleration, warnings: &mut Vec<Warning>) {
    let cols = Cols::new(l);
    let mut warn = |what: String| warnings.push(Warning { line, message: format!("XXA: {what}; the record is ignored") });
    let Ok(start) = cols.field(5, 8).parse::<u32>() else {
        return warn(format!("expected a start number in columns 5-8, found '{}'", excerpt(cols.get(5, 8).trim())));
    };
    let mut points = Vec::new();
    let mut col = 10;
    while col <= cols.len {
        match points_field(&cols, col) {
            Some(p) => points.push(p),
            None => {
                return warn(format!(
                    "expected points for round {} in columns {col}-{}, found '{}'",
                    points.len() + 1,
                    col + 3,
                    excerpt(&cols.field(col, col + 3))
                ))
            }
        }
        col += 5;
    }
    acc.lines.push(line);
    acc.by_start.insert(start, points);
}

/// TRF-2026's `250`: game points 10-13 for rounds 15-17 to 19-21 and players (start numbers)
/// 23-26 to 28-31 (match points 5-8 are a team's, blank for individuals). A record that does
/// not read is left out, with a warning.
fn read_250(line: usize, l: &str, acc: &mut Acceleration, warnings: &mut Vec<Warning>) {
    let cols = Cols::new(l);
    let whole = |from, to| cols.field(from, to).parse::<usize>().ok().filter(|&n| n > 0);
    let read = (|| {
        let points = number(&cols.field(10, 13)).filter(|p| *p >= 0.0).ok_or("game points in columns 10-13")?;
        let (r1, r2) = (whole(15, 17).ok_or("a first round in columns 15-17")?, whole(19, 21).ok_or("a last round in columns 19-21")?);
        let (p1, p2) = (whole(23, 26).ok_or("a first player in columns 23-26")?, whole(28, 31).ok_or("a last player in columns 28-31")?);
        if r1 > r2 || p1 > p2 {
            return Err("the first round and player no later than the last");
        }
        // Kept per player and round: a bound on what one line can make.
        if r2 > 99 {
            return Err("a last round up to 99");
        }
        Ok((points, r1, r2, p1 as u32, p2 as u32))
    })();
    match read {
        Ok((points, r1, r2, p1, p2)) => {
            acc.lines.push(line);
            for start in p1..=p2 {
                let rounds = acc.by_start.entry(start).or_default();
                if rounds.len() < r2 {
                    rounds.resize(r2, 0.0);
                }
                rounds[r1 - 1..r2].iter_mut().for_each(|p| *p = points);
            }
        }
        Err(expected) => {
            warnings.push(Warning { line, message: format!("250 (acceleration): expected {expected}; the record is ignored") })
        }
    }
}

/// The acceleration read, when there is any: players it names who are not in the file, and
/// rounds past the total, are named in a warning (bbpPairings refuses more accelerated rounds
/// than the tournament has).
fn checked_acceleration(acc: Acceleration, t: &Tournament, warnings: &mut Vec<Warning>) -> Option<Acceleration> {
    let first = *acc.lines.first()?;
    let unknown: Vec<String> = acc.by_start.keys().filter(|s| !t.entrants.iter().any(|e| e.start == **s)).map(u32::to_string).collect();
    // A 250 range may run past the last player; only XXA names players one by one.
    if !unknown.is_empty() && acc.by_start.len() <= 2 * t.entrants.len() {
        let listed = crate::text::first_of(&unknown, unknown.len(), 10);
        warnings
            .push(Warning { line: first, message: format!("acceleration for start number {listed}, not in the file; ignored for them") });
    }
    let longest = acc.by_start.values().map(Vec::len).max().unwrap_or(0);
    if let Some(total) = t.total_rounds.filter(|&n| longest > n) {
        warnings.push(Warning {
            line: first,
            message: format!(
                "acceleration listed for {longest} rounds, but the tournament has {total}; the rounds past {total} are never paired"
            ),
        });
    }
    Some(acc)
}

fn read_player(line: usize, l: &str, warnings: &mut Vec<Warning>) -> (Option<RawEntrant>, Vec<ParseError>) {
    use record::{BIRTH_YEAR, FEDERATION, FIDE_ID, NAME, POINTS, RANK, RATING, SEX, START, TITLE};
    let c = Cols::new(l);
    let start_text = c.of(START);
    let start = match start_text.parse::<u32>() {
        Ok(n) if n > 0 => n,
        _ => return (None, vec![bad(line, "start rank (columns 5-8)", "a start rank from 1 to 9999", c.get(START.from, START.to))]),
    };
    let text = |f: Field| Some(c.of(f)).filter(|s| !s.is_empty());
    let mut warn_field = |what: &str, f: Field, expected: &str| {
        let (from, to) = (f.from, f.to);
        warnings.push(Warning {
            line,
            message: format!("{what} (columns {from}-{to}): expected {expected}, found '{}'; left out", c.get(from, to).trim()),
        })
    };
    // A rating or a rank: blank or 0 is none; `Err` for anything else but a number.
    let count = |f| match text(f).map(|s| s.parse::<u32>()) {
        None | Some(Ok(0)) => Ok(None),
        Some(Ok(n)) => Ok(Some(n)),
        Some(Err(_)) => Err(()),
    };
    let rating = count(RATING).unwrap_or_else(|()| {
        warn_field("rating", RATING, "a number");
        None
    });
    let declared_points = match text(POINTS) {
        None => None,
        Some(s) => match number(&s) {
            Some(v) => Some(v),
            None => {
                warn_field("points", POINTS, "a number of points such as 4.5");
                None
            }
        },
    };
    let declared_rank = count(RANK).unwrap_or_else(|()| {
        warn_field("rank", RANK, "a number");
        None
    });
    let fide_id = text(FIDE_ID).filter(|s| !s.trim_start_matches('0').is_empty());
    let entrant = Entrant {
        start,
        name: c.of(NAME),
        rating,
        title: text(TITLE),
        federation: text(FEDERATION),
        fide_id,
        // Column 10: `m` or `w` (TRF-16), `f` in some writers; anything else unknown.
        sex: match c.of(SEX).as_str() {
            "m" | "M" => Some(Sex::Male),
            "w" | "W" | "f" | "F" => Some(Sex::Female),
            _ => None,
        },
        // Columns 70-79, "YYYY/MM/DD" or the year alone: the year, when it is one.
        birth_year: c.of(BIRTH_YEAR).parse::<u16>().ok().filter(|y| (1850..=2200).contains(y)),
        declared_points,
        declared_rank,
        rounds: Vec::new(),
        line,
        national_rating: None,
    };
    let (rounds, errors, partial, blocks) = read_rounds(line, &c, warnings);
    (Some(RawEntrant { entrant, rounds, partial, blocks }), errors)
}

/// A player record's round blocks (10 columns each from column 92): the rounds read, the errors,
/// the column where the line stops inside a block (if it does), and the blocks begun.
fn read_rounds(line: usize, c: &Cols, warnings: &mut Vec<Warning>) -> (Vec<RawRound>, Vec<ParseError>, Option<usize>, usize) {
    let mut rounds = Vec::new();
    let mut errors = Vec::new();
    let (mut r, mut partial) = (1, None);
    while RoundBlock::of(r).opponent.from <= c.len {
        let (col, colour) = (RoundBlock::of(r).opponent.from, RoundBlock::of(r).colour.from);
        if c.len < colour && c.get(col, c.len).chars().any(|ch| ch.is_ascii_alphanumeric() && ch != '0') {
            // The colour's column is past the end: the line stops inside the block. A block
            // that ends at its colour is a game paired with its result blank (trailing blanks
            // trimmed): `unfinished_games` warns of it unless its whole round is pending.
            partial = Some(col);
            break;
        }
        match read_round(line, c, r, warnings) {
            Ok(rr) => rounds.push(rr),
            Err(e) => errors.push(e),
        }
        r += 1;
    }
    (rounds, errors, partial, r - 1)
}

fn read_round(line: usize, c: &Cols, r: usize, warnings: &mut Vec<Warning>) -> Result<RawRound, ParseError> {
    let block = RoundBlock::of(r);
    let (col, last) = (block.opponent.from, block.opponent.to);
    let opp_text = c.get(col, last);
    let opponent = match opp_text.trim() {
        "" => None,
        s => match s.parse::<u32>() {
            Ok(0) => None,
            Ok(n) => Some(n),
            Err(_) => {
                return Err(bad(
                    line,
                    format!("round {r} opponent (columns {col}-{last})"),
                    "the opponent's start rank, or 0000 / blank for none",
                    opp_text.trim(),
                ))
            }
        },
    };
    let colour = match c.at(block.colour.from) {
        'w' | 'W' => Some(Colour::White),
        'b' | 'B' => Some(Colour::Black),
        ' ' | '-' => None,
        other => {
            return Err(bad(line, format!("round {r} colour (column {})", block.colour.from), "w, b, - or blank", other.to_string()));
        }
    };
    let code = c.at(block.result.from);
    let Some(mut result) = RoundResult::from_code(code).or_else(|| unknown_result(code, opponent)) else {
        return Err(bad(
            line,
            format!("round {r} result (column {})", block.result.from),
            "a result code: 1 = 0 + - W D L H F U Z ? X (unknown) or blank",
            code.to_string(),
        ));
    };
    if RoundResult::from_code(code).is_none() {
        let message = format!(
            "round {r}: result `{code}` (column {}) unknown, read as a result not yet known (as an adjourned game, `?`)",
            block.result.from
        );
        warnings.push(Warning { line, message });
    }
    let mut opponent = opponent;
    let absent = opponent.is_none() && result == RoundResult::ForfeitLoss;
    use RoundResult::*;
    match (opponent, result) {
        (None, ForfeitLoss) => result = ZeroBye,
        (None, ForfeitWin) => warnings.push(Warning {
            line,
            message: format!(
                "round {r}: a forfeit win ('+') with no opponent (columns {col}-{last}); kept as a forfeit win against nobody",
            ),
        }),
        (None, Win | Draw | Loss | WinUnrated | DrawUnrated | LossUnrated | Adjourned) => {
            return Err(bad(
                line,
                format!("round {r} opponent (columns {col}-{last})"),
                format!("the opponent's start rank for the game result '{code}'"),
                opp_text.trim(),
            ));
        }
        (Some(s), HalfBye | FullBye | PairingBye | ZeroBye) => {
            warnings
                .push(Warning { line, message: format!("round {r}: a bye ('{code}') with an opponent ({s}); the opponent is left out") });
            opponent = None;
        }
        // A game without a result is warned of after the whole file is read
        // (`unfinished_games`): a round paired for results is no mistake.
        _ => {}
    }
    Ok(RawRound { opponent, colour, result, col, absent })
}

/// A result symbol the reader does not know, in a game paired (an opponent named), read as a
/// result not yet known (the checklist's Q166): [`RoundResult::Adjourned`], since TRF-2026
/// files an unknown result with the adjourned game (its `162` record's `X`, "unknown result
/// (e.g. adjourned game)", scored as a draw unless declared) and the checklist marks both with
/// `?` (Q164, Q165): for pairing the two have met, the points count it provisionally as a draw
/// (Q167), the tiebreaks and the rating report as a result missing, and the desk asks for it
/// before the final export. Blank (`NotPaired`, a game not yet played) would drop the
/// provisional points the file's own totals count. Only a symbol plausibly meant as a
/// result: TRF-2026's `X`, or punctuation (PGN's `*`, …); a digit or another letter is a column
/// misread, an error as before.
fn unknown_result(code: char, opponent: Option<u32>) -> Option<RoundResult> {
    let plausible = code.eq_ignore_ascii_case(&'X') || code.is_ascii_punctuation();
    (plausible && opponent.is_some()).then_some(RoundResult::Adjourned)
}

/// `text` with each result symbol [`unknown_result`] reads as not known (`*`, `X`) written as
/// `?`, the symbol the checklist marks a result not yet known with (Q165) and every TRF reader
/// of ours takes; the other records as they are.
pub fn with_unknown_results_marked(text: &str) -> String {
    let marked = |line: &str| -> String {
        let mut chars: Vec<char> = line.chars().collect();
        let mut round = 1;
        while RoundBlock::of(round).result.to <= chars.len() {
            let block = RoundBlock::of(round);
            let opponent = chars[block.opponent.range()].iter().collect::<String>().trim().parse::<u32>().ok().filter(|&n| n > 0);
            let code = chars[block.result.range().start];
            if RoundResult::from_code(code).is_none() && unknown_result(code, opponent).is_some() {
                block.result.write(&mut chars, "?", Align::Left);
            }
            round += 1;
        }
        chars.into_iter().collect()
    };
    text.split_inclusive('\n').map(|l| if l.starts_with("001") { marked(l) } else { l.to_string() }).collect()
}

/// `162`: a code (`W D L A P X`) followed by points, repeated. Read leniently: the codes and
/// numbers in order, with or without the column alignment of TRF-26.
fn read_162(line: usize, l: &str, scoring: &mut ScoringRecords, warnings: &mut Vec<Warning>) {
    let rest: String = l.chars().skip(3).collect();
    let tokens: Vec<String> = rest
        .replace('=', " ")
        .split_whitespace()
        .flat_map(|tok| {
            // "W1.0" → "W", "1.0"
            let mut cs = tok.chars();
            match cs.next() {
                Some(c) if c.is_ascii_alphabetic() && tok.len() > 1 => vec![c.to_string(), cs.as_str().to_string()],
                _ => vec![tok.to_string()],
            }
        })
        .collect();
    let mut i = 0;
    let mut any = false;
    while i + 1 < tokens.len() {
        let key = match tokens[i].to_uppercase().as_str() {
            "W" => Some("win"),
            "D" => Some("draw"),
            "L" => Some("loss"),
            "A" => Some("absence"),
            "P" => Some("pab"),
            "X" => Some("unknown"),
            _ => None,
        };
        match (key, number(&tokens[i + 1])) {
            (Some(k), Some(v)) => {
                if k == "absence" {
                    // TRF-26: absence covers zero-point byes and forfeit losses.
                    scoring.set("fl", v, line);
                }
                scoring.set(k, v, line);
                any = true;
                i += 2;
            }
            _ => {
                warnings.push(Warning {
                    line,
                    message: format!(
                        "162: expected a result code (W D L A P X) followed by points, found '{}'; the rest is ignored",
                        excerpt(&tokens[i..].join(" "))
                    ),
                });
                return;
            }
        }
    }
    if !any && !tokens.is_empty() {
        warnings.push(Warning { line, message: "162: expected a result code (W D L A P X) followed by points; ignored".into() });
    }
}

/// JaVaFo's `XXS KEY=points ...`.
fn read_xxs(line: usize, l: &str, scoring: &mut ScoringRecords, warnings: &mut Vec<Warning>) {
    let rest: String = l.chars().skip(3).collect();
    for tok in rest.split_whitespace() {
        let Some((k, v)) = tok.split_once('=') else {
            warnings.push(Warning { line, message: format!("XXS: expected KEY=points, found '{}'; ignored", excerpt(tok)) });
            continue;
        };
        let key = match k.to_uppercase().as_str() {
            "WW" | "BW" | "W" => "win",
            "WD" | "BD" | "D" => "draw",
            "WL" | "BL" | "L" => "loss",
            "ZPB" => "absence",
            "HPB" => "hpb",
            "FPB" => "fpb",
            "PAB" => "pab",
            "FW" => "fw",
            "FL" => "fl",
            _ => {
                warnings.push(Warning { line, message: format!("XXS: unknown key '{}'; ignored", excerpt(k)) });
                continue;
            }
        };
        match number(v) {
            Some(x) => {
                if let Some((old, _)) = scoring.get(key).filter(|_| matches!(k.len(), 2)) {
                    // WW and BW (or WD / BD ...) differ: the model has one value per outcome.
                    if old != x {
                        warnings.push(Warning {
                            line,
                            message: format!(
                                "XXS: {k}={v} differs from the other colour's {}; the model has one value, {} is used",
                                show_points(old),
                                show_points(x)
                            ),
                        });
                    }
                }
                scoring.set(key, x, line);
            }
            None => warnings
                .push(Warning { line, message: format!("XXS: expected a number of points for {k}, found '{}'; ignored", excerpt(v)) }),
        }
    }
}

fn read_299(line: usize, l: &str) -> Option<Abnormal> {
    let c = Cols::new(l);
    let kind = match c.at(5) {
        ' ' => None,
        k if "WDLFHZ+-".contains(k.to_ascii_uppercase()) => Some(k.to_ascii_uppercase()),
        _ => return None,
    };
    let points = number(&c.field(14, 17))?;
    let round = match c.field(20, 22).as_str() {
        "" => None,
        s => match s.parse::<usize>().ok()? {
            0 => None,
            n => Some(n),
        },
    };
    let mut players = Vec::new();
    let mut col = 24;
    while col <= c.len {
        let s = c.field(col, col + 3);
        if !s.is_empty() {
            players.push(s.parse::<u32>().ok()?);
        }
        col += 5;
    }
    (!players.is_empty()).then_some(Abnormal { line, kind, points, round, players })
}

/// The file's point system ([`PointSystem`]: TRF-2026's defaults for what is not declared, a
/// pairing-allocated bye as a win, a forfeit win and a full-point bye as a win, a half-point bye
/// as a draw).
fn build_points(s: &ScoringRecords) -> PointSystem {
    let d = PointSystem::default();
    let get = |key: &str, or: f64| s.get(key).map_or(or, |v| v.0);
    let (win, draw) = (get("win", d.win), get("draw", d.draw));
    let p = PointSystem {
        win,
        draw,
        loss: get("loss", d.loss),
        forfeit_win: get("fw", win),
        forfeit_loss: get("fl", d.forfeit_loss),
        full_bye: get("fpb", win),
        half_bye: get("hpb", draw),
        zero_bye: get("absence", d.zero_bye),
        pairing_bye: get("pab", win),
    };
    p
}

/// A point system FIDE does not allow (C.04.1 and the 2026 checklist for tournament programs,
/// Q81 and Q83): a draw worth more than half a win, or a pairing-allocated bye worth more than
/// a win, or, with standard scoring (1, ½, 0), one worth other than 1, ½ or 0 (Q83); an error
/// naming the line of the value that breaks it.
fn points_refused(p: &PointSystem, s: &ScoringRecords) -> Vec<ParseError> {
    let show = show_points;
    let line = |keys: &[&str]| keys.iter().filter_map(|k| s.get(k)).map(|v| v.1).max().unwrap_or(0);
    let mut errors = Vec::new();
    if p.draw * 2.0 > p.win + 1e-9 {
        let found = format!("a draw {} against a win {}", show(p.draw), show(p.win));
        errors.push(bad(line(&["draw", "win"]), "the point system", "a draw worth at most half a win", &found));
    }
    let close = |a: f64, b: f64| (a - b).abs() < 1e-9;
    let standard = close(p.win, 1.0) && close(p.draw, 0.5) && close(p.loss, 0.0);
    if p.pairing_bye > p.win + 1e-9 {
        let found = format!("the pairing-allocated bye {} against a win {}", show(p.pairing_bye), show(p.win));
        errors.push(bad(line(&["pab", "win"]), "the point system", "a pairing-allocated bye worth at most a win", &found));
    } else if standard && ![1.0, 0.5, 0.0].iter().any(|&v| close(p.pairing_bye, v)) {
        let found = format!("the pairing-allocated bye {} with standard scoring", show(p.pairing_bye));
        errors.push(bad(line(&["pab"]), "the point system", "with 1-½-0 points, a pairing-allocated bye worth 1, ½ or 0", &found));
    }
    errors
}

/// A warning for each outcome the standings' five values ([`crate::tournament::Scoring`]) count
/// otherwise than the file's point system, when the file declares its value or has such a
/// result: the declared points are checked, and pairings scored, with the file's own value.
fn points_warnings(t: &Tournament, s: &ScoringRecords, warnings: &mut Vec<Warning>) {
    let (p, model) = (t.point_system, t.scoring);
    let occurs = |r: RoundResult| t.entrants.iter().any(|e| e.rounds.iter().any(|x| x.result == r));
    let first_line = s.values.values().map(|v| v.1).min().unwrap_or(0);
    for (key, what, counted, r) in [
        ("hpb", "half-point byes", "draws", RoundResult::HalfBye),
        ("fpb", "full-point byes", "wins", RoundResult::FullBye),
        ("fw", "forfeit wins", "wins", RoundResult::ForfeitWin),
        ("fl", "forfeit losses", "losses", RoundResult::ForfeitLoss),
    ] {
        let (own, standings) = (p.points(r), r.points(&model));
        if (own - standings).abs() > 1e-9 && (s.get(key).is_some() || occurs(r)) {
            let line = s.get(key).map_or(first_line, |v| v.1);
            let message = format!(
                "{what} score {} here, but the standings count them as {counted} ({}); the declared points are checked, and pairings scored, with {}",
                show_points(own),
                show_points(standings),
                show_points(own)
            );
            warnings.push(Warning { line, message });
        }
    }
}

/// TRF-2026's `240`: the bye (`F`, `H`, `Z`: column 5), the round (7-9) and the players'
/// start numbers (11-14, 16-19, ...).
fn read_240(l: &str) -> Option<(Unpaired, usize, Vec<u32>)> {
    let cols = Cols::new(l);
    let bye = match cols.at(5).to_ascii_uppercase() {
        'F' => Unpaired::FullBye,
        'H' => Unpaired::HalfBye,
        'Z' => Unpaired::ZeroBye,
        _ => return None,
    };
    let round = cols.field(7, 9).parse::<usize>().ok().filter(|r| (1..=999).contains(r))?;
    let mut players = Vec::new();
    let mut col = 11;
    while col <= cols.len {
        let f = cols.field(col, col + 3);
        if !f.is_empty() {
            players.push(f.parse::<u32>().ok()?);
        }
        col += 5;
    }
    (!players.is_empty()).then_some((bye, round, players))
}

/// The `240` byes entered into the players' rounds (the same entry as `0000 - H` in the
/// player's record), each round list lengthened when a bye is for a later round; a player
/// not in the file, or a round whose entry says otherwise, is a warning and the record's
/// entry for them is not made. Returns the longest round list.
fn apply_240(t: &mut Tournament, byes: &[(usize, Unpaired, usize, Vec<u32>)], longest: usize, warnings: &mut Vec<Warning>) -> usize {
    let longest = byes.iter().map(|b| b.2).max().unwrap_or(0).max(longest);
    for e in &mut t.entrants {
        e.rounds.resize(longest, RoundEntry::NOT_PAIRED);
    }
    for (line, bye, round, starts) in byes {
        let result = RoundResult::from_code(bye.code()).unwrap_or(RoundResult::NotPaired);
        for s in starts {
            let Some(e) = t.entrants.iter_mut().find(|e| e.start == *s) else {
                warnings.push(Warning { line: *line, message: format!("240: start number {s} is not in the file; its bye is left out") });
                continue;
            };
            let entry = &mut e.rounds[round - 1];
            match (entry.opponent, entry.result) {
                (None, RoundResult::NotPaired) => *entry = RoundEntry::new(None, None, result),
                (None, r) if r == result => {}
                _ => warnings.push(Warning {
                    line: *line,
                    message: format!(
                        "240: a {} for start number {s} in round {round}, but its record (line {}) has '{}'; the record's entry is kept",
                        bye.name(),
                        e.line,
                        entry.result.code()
                    ),
                }),
            }
        }
    }
    longest
}

/// An entrant's points in its first `rounds` rounds under the file's point system and its `299`
/// records (a typed one prices a result; an untyped one is a bonus or penalty, always counted).
fn points_of(e: &Entrant, rounds: usize, s: &PointSystem, abnormal: &[Abnormal]) -> f64 {
    let sum: f64 = (0..e.rounds.len().min(rounds)).map(|r| points_of_round(e, r, s, abnormal)).sum();
    sum + abnormal.iter().filter(|a| a.kind.is_none() && a.players.contains(&e.start)).map(|a| a.points).sum::<f64>()
}

/// The `299` records' points as each entrant's points round by round
/// ([`Tournament::points_by_round`], which the standings, the tiebreaks and a pairing read): a
/// typed record's value for its result, an untyped one added to its round (the last round
/// when it names none). Nothing when the file has none (or is a team file, whose game points
/// take that place).
fn apply_299(t: &mut Tournament, abnormal: &[Abnormal]) {
    if abnormal.is_empty() || t.points_by_round.is_some() {
        return;
    }
    let s = t.point_system;
    let by: Vec<Vec<f64>> = t
        .entrants
        .iter()
        .map(|e| {
            let mut rounds: Vec<f64> = (0..e.rounds.len()).map(|r| points_of_round(e, r, &s, abnormal)).collect();
            for a in abnormal.iter().filter(|a| a.kind.is_none() && a.players.contains(&e.start)) {
                let r = a.round.map_or(rounds.len(), |n| n.min(rounds.len())).saturating_sub(1);
                if let Some(x) = rounds.get_mut(r) {
                    *x += a.points;
                }
            }
            rounds
        })
        .collect();
    t.points_by_round = Some(by);
}

/// Round `r`'s points (0-based) of `e` under the point system, a typed `299` record replacing
/// its result's value.
fn points_of_round(e: &Entrant, r: usize, s: &PointSystem, abnormal: &[Abnormal]) -> f64 {
    let entry = &e.rounds[r];
    let special = abnormal
        .iter()
        .rev()
        .find(|a| a.kind.is_some() && a.applies_to(entry.result) && a.round.is_none_or(|n| n == r + 1) && a.players.contains(&e.start));
    special.map_or_else(|| s.points(entry.result), |a| a.points)
}

/// Declared points that match neither the sum of all the rounds nor, in a file saved before a
/// round is paired, the sum of the rounds played (bbpPairings accepts both: a requested bye's
/// point may be counted already or not).
fn check_points(t: &Tournament, abnormal: &[Abnormal], warnings: &mut Vec<Warning>) {
    let s = &t.point_system;
    let played = t.pending_round().map(|p| p.round - 1);
    for e in &t.entrants {
        let Some(declared) = e.declared_points else { continue };
        let before_pending = played.map(|n| points_of(e, n, s, abnormal));
        if before_pending.is_some_and(|p| (p - declared).abs() <= 1e-6) {
            continue;
        }
        let sum = points_of(e, e.rounds.len(), s, abnormal);
        if (sum - declared).abs() > 1e-6 {
            let used: Vec<String> = abnormal.iter().filter(|a| a.players.contains(&e.start)).map(|a| a.line.to_string()).collect();
            let bonus = if used.is_empty() { String::new() } else { format!(", with the 299 records on lines {}", used.join(", ")) };
            warnings.push(Warning {
                line: e.line,
                message: format!(
                    "start rank {}: declared points {} (columns 81-84) do not match the sum of the round results, {} (win {}, draw {}, loss {}, pairing-allocated bye {}, zero-point bye {}{bonus})",
                    e.start,
                    show_points(declared),
                    show_points(sum),
                    show_points(s.win),
                    show_points(s.draw),
                    show_points(s.loss),
                    show_points(s.pairing_bye),
                    show_points(s.zero_bye),
                ),
            });
        }
    }
}

/// A team file's players on no team (their games count for no team), and the match and game
/// points a `310` record declares that differ from those its players' games give.
fn check_teams(t: &Tournament, warnings: &mut Vec<Warning>) {
    if t.teams.is_empty() {
        return;
    }
    let listed: std::collections::HashSet<u32> = t.teams.iter().flat_map(|team| team.players.iter().copied()).collect();
    let loose: Vec<&Entrant> = t.entrants.iter().filter(|e| !listed.contains(&e.start)).collect();
    if let Some(first) = loose.first() {
        let names: Vec<String> =
            loose.iter().take(10).map(|e| format!("{} (start rank {}, line {})", excerpt(&e.name), e.start, e.line)).collect();
        let more = if loose.len() > 10 { format!(" and {} more", loose.len() - 10) } else { String::new() };
        let message = format!(
            "{} player{} on no team's record (013 / 310): {}{more}; their games count for no team",
            loose.len(),
            if loose.len() == 1 { " is" } else { "s are" },
            names.join(", ")
        );
        warnings.push(Warning { line: first.line, message });
    }
    let Some((teams, _)) = crate::team::Teams::of(t) else { return };
    let (mp, gp) = (teams.match_points(), teams.game_points());
    for (k, team) in t.teams.iter().enumerate() {
        let computed_mp = mp.entrants.get(k).map(|e| e.points(&mp.scoring));
        let computed_gp = gp.points_by_round.as_ref().and_then(|p| p.get(k)).map(|p| p.iter().sum::<f64>() + 0.0);
        for (what, cols, declared, computed) in [
            ("match points", "55-60", team.declared_match_points, computed_mp),
            ("game points", "62-67", team.declared_game_points, computed_gp),
        ] {
            if let (Some(d), Some(c)) = (declared, computed) {
                if (d - c).abs() > 1e-6 {
                    let message = format!(
                        "team {} ({}): declared {what} {} (columns {cols}) differ from its players' games, which give {}",
                        team.number,
                        excerpt(&team.name),
                        show_points(d),
                        show_points(c)
                    );
                    warnings.push(Warning { line: team.line, message });
                }
            }
        }
    }
}

/// A round entry as the TRF writes it: `  12 w 1`.
fn describe(t: &Tournament, e: &RoundEntry) -> String {
    let opp = e.opponent.map_or("0000".to_string(), |j| format!("{:>4}", t.entrants[j].start));
    let colour = match e.colour {
        Some(Colour::White) => 'w',
        Some(Colour::Black) => 'b',
        None => '-',
    };
    format!("'{opp} {colour} {}'", e.result.code())
}

fn complementary(a: RoundResult, b: RoundResult) -> bool {
    use RoundResult::*;
    matches!(
        (a, b),
        (Win, Loss)
            | (Loss, Win)
            | (Draw, Draw)
            | (WinUnrated, LossUnrated)
            | (LossUnrated, WinUnrated)
            | (DrawUnrated, DrawUnrated)
            | (ForfeitWin, ForfeitLoss)
            | (ForfeitLoss, ForfeitWin)
            | (ForfeitLoss, ForfeitLoss)
            | (Draw, Loss)
            | (Loss, Draw)
            | (Loss, Loss)
            | (Adjourned, Adjourned)
            | (NotPaired, NotPaired)
    )
}

/// Games paired without a result (TRF: the scheduled opponent and colour, result blank). A
/// round in which no game has a result is a round paired for results (`ratings-lab pair
/// --format trf`, JaVaFo, bbpPairings): no warning, the tournament reads with it pending
/// ([`Tournament::pending_round`]). In a round where other games have results, each is warned
/// of: counted as not played, no points.
fn unfinished_games(t: &Tournament, warnings: &mut Vec<Warning>) {
    let rounds = t.entrants.iter().map(|e| e.rounds.len()).max().unwrap_or(0);
    for r in 0..rounds {
        let entry = |e: &Entrant| e.rounds.get(r).copied();
        let played = t.entrants.iter().filter_map(entry).any(|x| x.opponent.is_some() && x.result != RoundResult::NotPaired);
        if !played {
            continue;
        }
        for e in &t.entrants {
            let Some(x) = entry(e).filter(|x| x.result == RoundResult::NotPaired) else { continue };
            let Some(j) = x.opponent else { continue };
            let (round, column, s) = (r + 1, 99 + 10 * r, t.entrants[j].start);
            let message = format!("round {round}: paired with {s} but no result (column {column}); counted as not played, no points");
            warnings.push(Warning { line: e.line, message });
        }
    }
}

fn check_pairings(t: &Tournament, warnings: &mut Vec<Warning>) {
    for (i, e) in t.entrants.iter().enumerate() {
        for (r, entry) in e.rounds.iter().enumerate() {
            let Some(j) = entry.opponent else { continue };
            let o = &t.entrants[j];
            let other = o.rounds[r];
            let here = describe(t, entry);
            let there = describe(t, &other);
            if other.opponent != Some(i) {
                warnings.push(Warning {
                    line: e.line,
                    message: format!(
                        "round {}: start rank {} has {here}, but start rank {} (line {}) has {there}: a pairing one side does not report",
                        r + 1,
                        e.start,
                        o.start,
                        o.line
                    ),
                });
                continue;
            }
            if j < i {
                continue; // the pair was checked from the other side
            }
            let mut problems = Vec::new();
            let colours_ok = match (entry.colour, other.colour) {
                (Some(a), Some(b)) => a != b,
                (None, None) => true,
                // A forfeit's scheduled colour may be left out on one side.
                _ => !entry.result.over_the_board(),
            };
            if !colours_ok {
                problems.push("the colours are not opposite");
            }
            if !complementary(entry.result, other.result) {
                problems.push("the results are not complementary");
            }
            if !problems.is_empty() {
                warnings.push(Warning {
                    line: e.line,
                    message: format!(
                        "round {}: start rank {} has {here} and start rank {} (line {}) has {there}: {}",
                        r + 1,
                        e.start,
                        o.start,
                        o.line,
                        problems.join(" and ")
                    ),
                });
            }
        }
    }
    // At most one pairing-allocated bye per round (in a team event, one team's: all its boards).
    if !t.teams.is_empty() {
        return;
    }
    for r in 0..t.entrants.first().map_or(0, |e| e.rounds.len()) {
        let byes: Vec<&Entrant> = t.entrants.iter().filter(|e| e.rounds[r].result == RoundResult::PairingBye).collect();
        if byes.len() > 1 {
            let list: Vec<String> = byes.iter().map(|e| format!("{} (line {})", e.start, e.line)).collect();
            warnings.push(Warning {
                line: byes[1].line,
                message: format!(
                    "round {}: {} pairing-allocated byes (U), at most one is expected: start ranks {}",
                    r + 1,
                    byes.len(),
                    list.join(", ")
                ),
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn player(start: u32, name: &str, points: &str, rounds: &[&str]) -> String {
        let mut l = format!("001 {start:>4}      {name:<33}{:33}{points:>4} {start:>4}  ", "");
        for r in rounds {
            l.push_str(&format!("{r:<8}  "));
        }
        l.trim_end().to_string()
    }

    /// Sex (column 10) and the year of birth (columns 70-73), which category lists need.
    #[test]
    fn sex_and_year_of_birth() {
        let l = "001    2 wWGM Player, 2                         2100 ZZZ           8 1994/05/12  1.0    2";
        let (p, _) = read_player(3, l, &mut Vec::new());
        let e = p.unwrap().entrant;
        assert_eq!((e.sex, e.birth_year, e.title.as_deref()), (Some(Sex::Female), Some(1994), Some("WGM")));
        let l = "001    3   IM Player, 3                         2100 ZZZ           9 2011        1.0    3";
        let e = read_player(3, l, &mut Vec::new()).0.unwrap().entrant;
        assert_eq!((e.sex, e.birth_year), (None, Some(2011)));
    }

    #[test]
    fn columns_of_the_player_record() {
        let l = "001    1 mFM  Player, 1                         2240 ZZZ           7 0000/00/00  4.0    6     8 b =     0 - H";
        let mut w = Vec::new();
        let (p, e) = read_player(3, l, &mut w);
        let p = p.unwrap();
        assert!(e.is_empty());
        let e = &p.entrant;
        assert_eq!(
            (e.start, e.name.as_str(), e.rating, e.title.as_deref(), e.federation.as_deref()),
            (1, "Player, 1", Some(2240), Some("FM"), Some("ZZZ"))
        );
        assert_eq!((e.fide_id.as_deref(), e.declared_points, e.declared_rank), (Some("7"), Some(4.0), Some(6)));
        // Sex `m`; a birth date of zeros is no year.
        assert_eq!((e.sex, e.birth_year), (Some(Sex::Male), None));
        assert_eq!(p.rounds.len(), 2);
        assert_eq!((p.rounds[0].opponent, p.rounds[0].colour, p.rounds[0].result), (Some(8), Some(Colour::Black), RoundResult::Draw));
        assert_eq!((p.rounds[1].opponent, p.rounds[1].result), (None, RoundResult::HalfBye));
        assert!(w.is_empty());
    }

    #[test]
    fn a_declared_order_that_repeats_a_tiebreak_keeps_each_once_with_a_warning() {
        let mut w = Vec::new();
        let o = read_order(212, 4, "212 PTS,DE,BH,bh,BH/C1,BH-C1,DE", &mut w);
        assert_eq!(o.tiebreaks, vec![Tiebreak::De, Tiebreak::Bh, Tiebreak::BhC1]);
        assert_eq!(o.codes, ["DE", "BH", "BH/C1"]);
        assert_eq!(w.len(), 1);
        assert_eq!(
            (w[0].line, w[0].message.as_str()),
            (4, "212: bh, BH-C1, DE listed again; each tiebreak is applied once, so the repeats are left out")
        );
        // A team file's codes too, and many repeats are counted, not listed.
        let mut w = Vec::new();
        let o = read_order(202, 2, &format!("202 EMGSB ESB:MG{}", " BH".repeat(20)), &mut w);
        assert_eq!(o.codes, ["EMGSB", "BH"]);
        assert!(w[0].message.starts_with("202: ESB:MG, BH, BH, BH, BH, BH, BH, BH and 12 more listed again"), "{}", w[0].message);
    }

    #[test]
    fn a_declared_order_reads_the_2026_codes_and_ge_as_rep() {
        let mut w = Vec::new();
        let o = read_order(202, 3, "202 REP,STD,TPN,RTNG", &mut w);
        assert_eq!(o.tiebreaks, vec![Tiebreak::Rep, Tiebreak::Std, Tiebreak::Tpn, Tiebreak::Rtng]);
        assert!(o.unknown.is_empty() && w.is_empty(), "{:?} {w:?}", o.unknown);
        // GE is REP's name before August 2024: the same tiebreak, so listed again.
        let o = read_order(212, 3, "212 PTS GE REP", &mut w);
        assert_eq!(o.tiebreaks, vec![Tiebreak::Rep]);
        assert_eq!(w.len(), 1, "{w:?}");
    }

    /// Four players, three rounds, all paired (1–2, 3–4; 1–3, 2–4; 1–4, 2–3).
    fn four(lines: [&str; 4]) -> String {
        format!("012 Four\n142 3\n{}\n", lines.join("\n"))
    }

    fn good_four() -> [String; 4] {
        [
            player(1, "Ann", "2.5", &["   2 w 1", "   3 b 1", "   4 w ="]),
            player(2, "Bob", "1.0", &["   1 b 0", "   4 w 1", "   3 b 0"]),
            player(3, "Cat", "1.5", &["   4 w =", "   1 w 0", "   2 w 1"]),
            player(4, "Dan", "1.0", &["   3 b =", "   2 b 0", "   1 b ="]),
        ]
    }

    fn skipping(text: &str) -> (Tournament, Vec<String>) {
        let (t, w) = parse_trf_with(text, BadLines::Skip).expect("read with bad lines left out");
        (t, w.iter().map(ToString::to_string).collect())
    }

    #[test]
    fn a_line_cut_off_is_an_error_naming_it() {
        let [a, b, c, d] = good_four();
        // Cut after round 1 (others list games with Bob in rounds 2 and 3), and inside round 2.
        for (cut, says) in [
            (&b[..101], "line 4: start rank 2's record ends after round 1, but other players' records list games with it in rounds 2, 3"),
            (&b[..105], "line 4: start rank 2's record stops inside round 2's block (columns 102-109)"),
        ] {
            let e = parse_trf(&four([&a, cut, &c, &d])).unwrap_err().to_string();
            assert!(e.starts_with(says), "{e}");
            assert!(e.contains("the line looks cut off"), "{e}");
        }
        // A player who withdrew ends early too, and no one lists a game with them: not cut.
        let withdrawn = [player(1, "Ann", "1.0", &["   2 w 1"]), player(2, "Bob", "0.0", &["   1 b 0"])];
        let text = format!("012 W\n142 3\n{}\n{}\n", withdrawn[0], withdrawn[1]);
        assert!(parse_trf(&text).is_ok());
    }

    #[test]
    fn bad_records_left_out_name_the_players_affected() {
        let [a, b, c, d] = good_four();
        let bad_colour = b.replacen("   4 w 1", "   4 x 1", 1);
        for (what, text, gone) in
            [("a bad colour", four([&a, &bad_colour, &c, &d]), "Bob"), ("a cut line", four([&a, &b[..101], &c, &d]), "Bob")]
        {
            assert!(parse_trf(&text).is_err(), "{what}: blocks without skipping");
            let (t, w) = skipping(&text);
            assert_eq!(t.entrants.iter().map(|e| e.name.as_str()).collect::<Vec<_>>(), ["Ann", "Cat", "Dan"], "{what}");
            assert!(w.iter().any(|w| w.starts_with("line 4: Bob (start rank 2) is left out (bad line): ")), "{what}: {w:?}");
            // Each opponent keeps its points, the game unplayed, and is told so by name.
            let ann = &t.entrants[0];
            assert_eq!((ann.rounds[0].opponent, ann.rounds[0].result), (None, RoundResult::ForfeitWin), "{what}");
            assert!(
                w.iter().any(|w| w.starts_with("line 3: Ann (start rank 1), round 1: the opponent, start rank 2, is not in the file")),
                "{what}: {w:?}"
            );
            let cat = &t.entrants[1];
            assert_eq!(cat.points(&t.scoring), 1.5, "{what}: Cat keeps the win over {gone}");
            assert!(!w.iter().any(|w| w.contains("line 4: line 4")), "{what}: {w:?}");
        }
    }

    #[test]
    fn the_helper_lines_up_with_the_columns() {
        let l = player(12, "Some One", "1.5", &["   3 w 1", "0000 - H"]);
        let c = Cols::new(&l);
        assert_eq!(
            (c.field(5, 8).as_str(), c.field(15, 47).as_str(), c.field(81, 84).as_str(), c.field(86, 89).as_str()),
            ("12", "Some One", "1.5", "12")
        );
        assert_eq!((c.get(92, 99).as_str(), c.get(102, 109).as_str()), ("   3 w 1", "0000 - H"));
    }

    #[test]
    fn scoring_records() {
        let text = format!(
            "162  W 3.0    D 1.0    L 0.0    A 0.0\n{}\n{}\n",
            player(1, "A", "4.0", &["   2 w 1", "0000 - H"]),
            player(2, "B", "3.0", &["   1 b 0", "0000 - U"])
        );
        let (t, w) = parse_trf(&text).unwrap();
        assert_eq!(t.scoring, crate::tournament::Scoring { win: 3.0, draw: 1.0, loss: 0.0, pairing_bye: 3.0, zero_bye: 0.0 });
        assert!(w.is_empty(), "{w:?}");
        let (t, w) = parse_trf("XXS WW=2 BW=2 WD=1 BD=1 PAB=1\n001    1      A\n").unwrap();
        assert_eq!(t.scoring, crate::tournament::Scoring { win: 2.0, draw: 1.0, loss: 0.0, pairing_bye: 1.0, zero_bye: 0.0 });
        assert!(w.is_empty(), "{w:?}");
        let (_, w) = parse_trf("XXS HPB=0\n001    1      A\n").unwrap();
        assert_eq!(w.len(), 1);
        assert!(w[0].message.starts_with("half-point byes score 0.0 here"), "{w:?}");
    }

    #[test]
    fn abnormal_points_299() {
        // Start rank 1 gets a one-point penalty; start rank 2's win in round 1 is worth 0.5.
        let text = format!(
            "299          -1.0  000 0001\n299 W         0.5  001 0002\n{}\n{}\n{}\n",
            player(1, "A", "0.0", &["   2 w 0", "   3 w 1"]),
            player(2, "B", "1.5", &["   1 b 1", "0000 - F"]),
            player(3, "C", "0.0", &["0000 - Z", "   1 b 0"])
        );
        let (_, w) = parse_trf(&text).unwrap();
        assert!(w.is_empty(), "{w:?}");
    }

    #[test]
    fn detection() {
        assert!(looks_like_trf("012 X\n001    1      A\n"));
        assert!(looks_like_trf("\u{feff}### comment\r\n001    1      A\r\n"));
        assert!(!looks_like_trf("white,black,result\n001    1      A\n"));
        assert!(!looks_like_trf("[White \"A\"]\n"));
        assert!(!looks_like_trf("012 X\n"));
    }

    #[test]
    fn cr_only_line_ends() {
        let text = format!("012 Mac\r{}\r{}\r", player(1, "A", "1.0", &["   2 w 1"]), player(2, "B", "0.0", &["   1 b 0"]));
        let (t, w) = parse_trf(&text).unwrap();
        assert_eq!((t.name.as_deref(), t.entrants.len(), t.entrants[1].line), (Some("Mac"), 2, 3));
        assert!(w.is_empty());
    }
}
