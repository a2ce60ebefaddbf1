//! Readers that turn text into a [`crate::Dataset`]. Each reports every bad line with its
//! number, the column, and what was expected. [`decode`] turns a file's bytes into text by
//! one rule, and [`detect`] finds the format and reads by it, for every caller.

pub mod aga;
pub mod columns;
pub mod csv;
pub mod decode;
pub mod detect;
pub mod events;
mod names;
pub mod pgn;
pub mod players;
pub mod records;
pub mod result;
pub mod stream;
pub mod trf;

pub use columns::{ColumnMap, Columns, Role};
pub use csv::{parse_csv, BadLines, CsvOptions, Parsed, Warning};
pub use events::{looks_like_events, parse_events};
pub use players::{apply_players, parse_players, PlayerRecord};
