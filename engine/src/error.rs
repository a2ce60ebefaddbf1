//! Errors: every parse error names the line and the field; every rating error names the parameter.

use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use thiserror::Error;

/// One problem in the input, located by 1-based line number. What it quotes of the input
/// is at most [`EXCERPT_CHARS`] characters of each field ([`excerpt`]), so a message stays
/// short whatever the input.
#[derive(Clone, Debug, PartialEq, Error, Serialize, Deserialize)]
pub enum ParseError {
    #[error("the input is empty: expected a header row such as 'white,black,result'")]
    Empty,
    #[error("line {line}, column '{}': expected {expected}, found '{}'", excerpt(.column), excerpt(.found))]
    BadField { line: usize, column: String, expected: String, found: String },
    /// A record that is there but incomplete or contradicted (a TRF line cut off).
    #[error("line {line}: {problem}; expected {expected}")]
    BadRecord { line: usize, problem: String, expected: String },
    #[error("line {line}, column '{}': missing (the line has {fields} fields; expected {expected})", excerpt(.column))]
    MissingField { line: usize, column: String, fields: usize, expected: String },
    #[error("line {line}: a quoted field is never closed (expected a closing '\"')")]
    UnclosedQuote { line: usize },
    #[error("line {line}: '{}' is on both sides of the game (expected two different players)", excerpt(.name))]
    SelfPlay { line: usize, name: String },
    #[error("line {line}: no column for {role} (expected a header named {aliases}); the header has {}; map a column to '{key}'", excerpt(.found))]
    MissingColumn { line: usize, role: String, key: String, aliases: String, found: String },
    #[error("the column mapping gives '{}' for '{key}', but the header on line {line} has no such column (it has {})", excerpt(.column), excerpt(.found))]
    UnknownColumn { line: usize, key: String, column: String, found: String },
    #[error("bad column mapping '{}': expected ROLE=COLUMN with ROLE one of {roles}", excerpt(.spec))]
    BadMapping { spec: String, roles: String },
    #[error("line {line}: {bytes} bytes long (expected a line of at most {} bytes); it starts '{}'", MAX_LINE_BYTES, excerpt(.start))]
    LineTooLong { line: usize, bytes: usize, start: String },
    #[error("line {line}: a quoted field opened here runs on past {} bytes (expected a closing '\"' before)", MAX_LINE_BYTES)]
    QuoteTooLong { line: usize },
    /// Bytes that are not text (`parse::decode`): an image, a spreadsheet, NUL bytes.
    #[error("this is not a results file: it looks like {looks_like}")]
    NotText { looks_like: String },
    #[error("line {line} and after: {count} more problems like these, not listed (the first {} are)", MAX_PROBLEMS)]
    More { line: usize, count: usize },
}

/// The longest line any reader accepts, in bytes (64 KiB): a longer one is refused by its
/// number, so that no line (a header of millions of fields, a file of NUL bytes with no line
/// break) costs more than a bounded amount of memory or makes a message of its size.
pub const MAX_LINE_BYTES: usize = 65_536;

/// The most problems of one kind (errors, or warnings) a games CSV read lists; past them it
/// counts them, in one last item ([`ParseError::More`]): a file of a million bad lines costs
/// a thousand messages, not a million. (The other readers still list every problem, each
/// holding at most a piece of its own line.)
pub const MAX_PROBLEMS: usize = 1_000;

/// Adds `item` to `list` unless the list holds [`MAX_PROBLEMS`] already; whether it did.
pub(crate) fn keep<T>(list: &mut Vec<T>, item: T) -> bool {
    let room = list.len() < MAX_PROBLEMS;
    if room {
        list.push(item);
    }
    room
}

/// The most characters of the input a message quotes (see [`excerpt`]).
pub const EXCERPT_CHARS: usize = 200;

/// `text` as a message quotes it: at most [`EXCERPT_CHARS`] characters, then `…` and how
/// many more there were; control characters written as escapes (`\u{0}`, counted as written),
/// so that a message about binary input stays one short readable line.
pub fn excerpt(text: &str) -> String {
    let mut out = String::new();
    let (mut written, mut rest) = (0, text.chars());
    for c in rest.by_ref() {
        let escaped = c.is_control() && c != '\t';
        let width = if escaped { c.escape_default().count() } else { 1 };
        if written + width > EXCERPT_CHARS {
            let more = 1 + rest.count();
            out += &format!("… ({more} more characters)");
            return out;
        }
        written += width;
        if escaped {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// The error for line `line`, `l`, longer than [`MAX_LINE_BYTES`] (keeping only its start).
pub fn line_too_long(line: usize, l: &str) -> ParseError {
    ParseError::LineTooLong { line, bytes: l.len(), start: l.chars().take(EXCERPT_CHARS).collect() }
}

impl ParseError {
    /// The input line the error is about (0 when it concerns no particular line).
    /// The message without its leading line number, for a list that shows the line apart
    /// (a warning, the app's list of errors).
    pub fn detail(&self) -> String {
        let (message, line) = (self.to_string(), self.line());
        [format!("line {line}: "), format!("line {line}, ")]
            .iter()
            .find_map(|prefix| message.strip_prefix(prefix.as_str()).map(str::to_string))
            .unwrap_or(message)
    }

    pub fn line(&self) -> usize {
        match self {
            ParseError::Empty | ParseError::BadMapping { .. } | ParseError::NotText { .. } => 0,
            ParseError::BadField { line, .. }
            | ParseError::BadRecord { line, .. }
            | ParseError::MissingField { line, .. }
            | ParseError::UnclosedQuote { line }
            | ParseError::SelfPlay { line, .. }
            | ParseError::MissingColumn { line, .. }
            | ParseError::UnknownColumn { line, .. }
            | ParseError::LineTooLong { line, .. }
            | ParseError::QuoteTooLong { line }
            | ParseError::More { line, .. } => *line,
        }
    }
}

/// A field that cannot be read: its line and column, what was expected and what was found.
pub(crate) fn bad_field(line: usize, column: impl Into<String>, expected: impl Into<String>, found: impl Into<String>) -> ParseError {
    ParseError::BadField { line, column: column.into(), expected: expected.into(), found: found.into() }
}

/// All the problems found in one input (the parser reports every bad line, not just the first).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ParseErrors(pub Vec<ParseError>);

impl std::fmt::Display for ParseErrors {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        const SHOWN: usize = 10;
        for (i, e) in self.0.iter().take(SHOWN).enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{e}")?;
        }
        if self.0.len() > SHOWN {
            write!(f, "\n... and {} more", self.0.len() - SHOWN)?;
        }
        Ok(())
    }
}

impl std::error::Error for ParseErrors {}

/// Why a rating could not be computed. (Its names are `Cow`s, not `&'static str`, so that it
/// can be read back from JSON: an evaluation's failures cross the app's worker boundary.)
#[derive(Clone, Debug, PartialEq, Error, Serialize, Deserialize)]
pub enum RateError {
    #[error("parameter {name} = {value}: expected {expected}")]
    BadParameter { name: Cow<'static, str>, value: String, expected: Cow<'static, str> },
    #[error("there are no games to rate")]
    NoGames,
    #[error("the anchor player '{}' is not in the results", excerpt(.0))]
    UnknownAnchor(String),
    #[error(
        "the iteration produced a non-finite strength at iteration {iteration}; the data may be degenerate: try a dummy player (gamma > 0)"
    )]
    NonFinite { iteration: usize },
    #[error("{0}")]
    Unstable(String),
    #[error("{item}: {problem} (expected {expected}); the data were built wrongly")]
    InvalidData { item: String, problem: String, expected: Cow<'static, str> },
    #[error("the ratings overflowed (first for {}): use a smaller K or starting rating", excerpt(.player))]
    Overflow { player: String },
    /// A method a narrower [`crate::methods::Starter`] leaves out (the app's first worker rates
    /// with Brent's method alone, and the page sends every other elsewhere).
    #[error("{method} is not rated here: this part of the program rates with Brent's method alone")]
    NotHere { method: String },
    /// A team event given to a method that rates individual players only (multiplayer Elo).
    #[error("event {event} (line {line}) is of teams, which {method} does not rate: it rates players alone (expected events of individual players; rate team events with Weng–Lin or Plackett–Luce)")]
    Teams { method: String, event: usize, line: usize },
}

/// The largest iteration cap any method accepts: beyond it a run (and its trace) would not
/// end in any reasonable time or memory.
pub const MAX_ITER: usize = 10_000_000;

/// `Ok` when `ok`, else the error naming the parameter, its value and what was expected:
/// the one way every method checks its parameters.
pub fn check(ok: bool, name: &'static str, value: f64, expected: &'static str) -> Result<(), RateError> {
    if ok {
        Ok(())
    } else {
        Err(RateError::BadParameter { name: name.into(), value: number(value), expected: expected.into() })
    }
}

/// A number a user gave, quoted in a message: as written for ordinary numbers (`0.3`, `1500`),
/// in scientific notation when that would run to dozens of digits (`1e-300`, not 300 of them).
pub fn number(x: f64) -> String {
    let plain = x.to_string();
    if plain.len() <= 20 {
        plain
    } else {
        format!("{x:e}")
    }
}

/// A name given for a choice (a method, an iteration, a scale, a rule set, a tiebreak: a
/// flag's or a setting's value) that is not one of those offered.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum NameError {
    #[error("unknown {what} '{name}': expected {expected}")]
    Unknown { what: &'static str, name: String, expected: String },
    /// A name offered elsewhere but not here (a player's tiebreak that teams do not use).
    #[error("'{name}' is not offered for {here} ({instead})")]
    NotOffered { name: String, here: &'static str, instead: &'static str },
}

/// A setting (of a simulation, a prediction study, a game's handicap) that cannot be used:
/// outside its range, or at odds with another.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SettingError {
    /// `value` as the user wrote it (quoted when it is a name).
    #[error("{setting} {value}: expected {expected}")]
    OutOfRange { setting: &'static str, value: String, expected: String },
    /// Settings each possible alone that do not go together, or ask too much together:
    /// `settings` names them with their values.
    #[error("{settings}: {problem}")]
    Conflict { settings: String, problem: String },
}

/// A graph the maximum-weight matching (`pairing::matching`) cannot take: each names the
/// edge by its index in the list given and says what was expected.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MatchingError {
    #[error("edge {edge}: vertex {vertex} is out of range (expected a vertex below {vertices})")]
    VertexOutOfRange { edge: usize, vertex: usize, vertices: usize },
    #[error("edge {edge}: a loop at vertex {vertex} (expected two different vertices)")]
    Loop { edge: usize, vertex: usize },
    #[error("edge {edge}: vertices {u} and {v} are already joined by edge {first} (expected one edge a pair)")]
    Duplicate { edge: usize, first: usize, u: usize, v: usize },
    #[error("edge {edge}: a negative weight (expected a weight of 0 or more)")]
    Negative { edge: usize },
    #[error("the weights leave the duals no room: (2 × {vertices} + 2) × the largest weight{} must fit the weight type (expected a wider type)", if *.shifted { " (raised for maximum cardinality)" } else { "" })]
    TooWide { vertices: usize, shifted: bool },
    #[error("{edges} edges: expected fewer than {max}")]
    TooManyEdges { edges: usize, max: usize },
    #[error("edge {edge}: a weight above the limit the matcher was built with (expected at most that limit)")]
    AboveLimit { edge: usize },
    #[error("vertex {vertex} is out of range (expected a vertex below {vertices})")]
    NoSuchVertex { vertex: usize, vertices: usize },
    #[error("{vertices} vertices: expected at most {max} (the dense tables take 20 n² bytes)")]
    TooManyVertices { vertices: usize, max: usize },
}

/// A round the Dutch system (`pairing::dutch`, FIDE Handbook C.04.3) cannot pair: each names
/// the round, and the players or the line concerned.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PairError {
    #[error("round {round}: the file holds {played} rounds played (expected a round from 1 to {})", played + 1)]
    RoundOutOfRange { round: usize, played: usize },
    #[error("round {round}: no pairing meets the absolute criteria (C.04.3 C1-C3) for {players}")]
    NoValidPairing { round: usize, players: String },
    #[error("round 1: no initial colour (expected a round-1 game in the file to read it from, or one given)")]
    NoInitialColour,
    #[error("round {round}: the matching failed: {cause}")]
    Matching { round: usize, cause: MatchingError },
    /// C.04.5.1: "applicable in any tournament where the standard scoring point system (one
    /// point for a win, half point for a draw) is used".
    #[error("Baku acceleration (C.04.5.1) needs the standard scoring, 1, ½, 0 (the file scores {scoring}); give virtual points by XXA or 250 records instead")]
    BakuScoring { scoring: String },
    /// A `260`/`XXP` record naming a start number the file does not have.
    #[error("line {line}: players who must not meet: start number {start} is not in the file (expected the start numbers of two or more players)")]
    ForbiddenUnknown { line: usize, start: u32 },
    /// No pairing exists once the players who must not meet are kept apart.
    #[error("round {round}: no pairing keeps apart the players who must not meet ({records}); without them the round could be paired")]
    Forbidden { round: usize, records: String },
    /// The file's `192` names a system this engine does not pair.
    #[error("line {line}: 192 declares the tournament type {code}, which is not paired here (FIDE_DUTCH, FIDE_DUTCH_2025, FIDE_DUTCH_2025_BAKU, FIDE_ROUNDROBIN and FIDE_DOUBLEROUNDROBIN are)")]
    UnsupportedSystem { line: usize, code: String },
    /// A round too large for the memory its dense matching takes (`pairing::dutch`'s
    /// `MEMORY_LIMIT`), refused before the matching is built (brackets paired whole need
    /// none: only a round with a bracket that needs the matching is refused).
    #[error("round {round}: a bracket of this round needs the weighted matching, and pairing {players} players in one round that way would take about {:.1} GB (the matching holds every pair of players), more than the 4 GB this program allows itself; where the matching is needed this engine pairs up to about {most} players a round (expected a section no larger)", *megabytes as f64 / 1024.0)]
    TooLarge { round: usize, players: usize, megabytes: u64, most: usize },
    /// Two records that do not agree on a game of an earlier round (A lists B, B lists
    /// someone else or no one): a player paired twice, or a game half entered.
    #[error("line {line}: round {round}: start number {player} is paired with {opponent}, but {opponent}'s record (line {opponent_line}) has {found} in that round (expected {player}); a player meets one opponent a round")]
    Inconsistent { round: usize, line: usize, player: u32, opponent: u32, opponent_line: usize, found: String },
}
