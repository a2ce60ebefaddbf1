//! Readers that turn text into a [`crate::Dataset`]. Each reports every bad line with its
//! number, the column, and what was expected. [`decode`] turns a file's bytes into text by
//! one rule, and [`detect`] finds the format and reads by it, for every caller.

pub mod aga;
pub mod columns;
pub mod csv;
pub mod decode;
pub mod detect;
mod event_columns;
mod event_places;
mod event_teams;
pub mod events;
pub mod lines;
mod names;
#[cfg(not(target_arch = "wasm32"))]
pub mod parallel;
pub mod pgn;
pub mod players;
pub mod rating_list;
pub mod records;
pub mod result;
pub mod stream;
pub mod trf;
pub mod trf_codes;
pub mod trf_record;

pub use columns::{ColumnMap, Columns, Role};
pub use csv::{parse_csv, BadLines, CsvOptions, Parsed, Warning};
pub use events::{looks_like_events, mapping_names_events, parse_events};
pub use players::{apply_players, parse_players, PlayerRecord};

use crate::error::{line_too_long, ParseErrors, MAX_LINE_BYTES};

/// Every line of `text` longer than [`MAX_LINE_BYTES`], as errors: the readers that take a
/// text whole (TRF, PGN, the AGA's format) refuse such a file before reading it. (CSV, events
/// and player lists are refused line by line, by [`records`].)
pub(crate) fn check_line_lengths(text: &str) -> Result<(), ParseErrors> {
    let errors: Vec<_> = lines::lines(text).filter(|(_, l)| l.len() > MAX_LINE_BYTES).map(|(n, l)| line_too_long(n, l)).collect();
    if errors.is_empty() {
        Ok(())
    } else {
        Err(ParseErrors(errors))
    }
}
