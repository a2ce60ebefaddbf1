//! Errors: every parse error names the line and the field; every rating error names the parameter.

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// One problem in the input, located by 1-based line number.
#[derive(Clone, Debug, PartialEq, Error, Serialize, Deserialize)]
pub enum ParseError {
    #[error("the input is empty: expected a header row such as 'white,black,result'")]
    Empty,
    #[error("line {line}, column '{column}': expected {expected}, found '{found}'")]
    BadField { line: usize, column: String, expected: String, found: String },
    #[error("line {line}, column '{column}': missing (the line has {fields} fields; expected {expected})")]
    MissingField { line: usize, column: String, fields: usize, expected: String },
    #[error("line {line}: a quoted field is never closed (expected a closing '\"')")]
    UnclosedQuote { line: usize },
    #[error("line {line}: '{name}' is on both sides of the game (expected two different players)")]
    SelfPlay { line: usize, name: String },
    #[error("line {line}: no column for {role} (expected a header named {aliases}); the header has {found}; map a column to '{key}'")]
    MissingColumn { line: usize, role: String, key: String, aliases: String, found: String },
    #[error("the column mapping gives '{column}' for '{key}', but the header on line {line} has no such column (it has {found})")]
    UnknownColumn { line: usize, key: String, column: String, found: String },
    #[error("bad column mapping '{spec}': expected ROLE=COLUMN with ROLE one of {roles}")]
    BadMapping { spec: String, roles: String },
}

impl ParseError {
    /// The input line the error is about (0 when it concerns no particular line).
    pub fn line(&self) -> usize {
        match self {
            ParseError::Empty | ParseError::BadMapping { .. } => 0,
            ParseError::BadField { line, .. }
            | ParseError::MissingField { line, .. }
            | ParseError::UnclosedQuote { line }
            | ParseError::SelfPlay { line, .. }
            | ParseError::MissingColumn { line, .. }
            | ParseError::UnknownColumn { line, .. } => *line,
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

/// Why a rating could not be computed.
#[derive(Clone, Debug, PartialEq, Error, Serialize, Deserialize)]
pub enum RateError {
    #[error("parameter {name} = {value}: expected {expected}")]
    BadParameter { name: &'static str, value: String, expected: &'static str },
    #[error("there are no games to rate")]
    NoGames,
    #[error("the anchor player '{0}' is not in the results")]
    UnknownAnchor(String),
    #[error(
        "the iteration produced a non-finite strength at iteration {iteration}; the data may be degenerate: try a dummy player (gamma > 0)"
    )]
    NonFinite { iteration: usize },
    #[error("the ratings overflowed (first for {player}): use a smaller K or starting rating")]
    Overflow { player: String },
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
        Err(RateError::BadParameter { name, value: value.to_string(), expected })
    }
}
