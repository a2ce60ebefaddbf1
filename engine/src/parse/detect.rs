//! Which format a text is in, and reading it by that format: the one detection every caller
//! (the command line, the app's worker, the tests) goes through.
//!
//! A FIDE TRF or PGN tournament file is recognised by its content whatever the method (any
//! method rates its games, and the standings come with it). Otherwise the format of its own
//! the caller's method reads decides ([`ReadOptions::own`]; which method reads which is the
//! job's to say, `job::own_format`: parsing knows formats, not methods): multi-player events
//! when the text looks like them (or the column mapping names a role of theirs: `players=`,
//! `places=`, `place=`, `event=round+room`), the AGA's results format when the text is in it,
//! and everything else is a CSV games file.

use super::{looks_like_events, mapping_names_events, parse_events, BadLines, ColumnMap, CsvOptions, Warning};

/// A games CSV read on every core natively, on the one the browser gives a worker in wasm.
#[cfg(not(target_arch = "wasm32"))]
use super::parallel::parse_csv_parallel as read_csv;
#[cfg(target_arch = "wasm32")]
use super::parse_csv as read_csv;
use crate::error::ParseErrors;
use crate::model::Dataset;
use crate::tournament::Tournament;
use serde::{Deserialize, Serialize};

/// The formats the engine reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Format {
    Trf,
    Pgn,
    AgaResults,
    Events,
    Csv,
}

impl Format {
    /// The format's name for people: `TRF`, `PGN`, `AGA results`, `events`, `CSV`.
    pub fn name(self) -> &'static str {
        match self {
            Format::Trf => "TRF",
            Format::Pgn => "PGN",
            Format::AgaResults => "AGA results",
            Format::Events => "events",
            Format::Csv => "CSV",
        }
    }

    pub fn is_tournament(self) -> bool {
        matches!(self, Format::Trf | Format::Pgn)
    }
}

/// A way to read a text ([`read`], [`read_games`]).
pub type Reader = fn(&str, &ReadOptions) -> Result<Input, ParseErrors>;

/// How to read a text.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ReadOptions {
    /// The format of its own the games' method reads besides CSV ([`Format::Events`] for
    /// multiplayer Elo, [`Format::AgaResults`] for AGA), when the text is in it.
    pub own: Option<Format>,
    /// A column mapping, `ROLE=COLUMN,...` (empty: header names decide).
    pub mapping: String,
    pub bad_lines: BadLines,
}

/// The format of `text`, for a method that reads `options.own`.
pub fn detect(text: &str, options: &ReadOptions) -> Format {
    if super::trf::looks_like_trf(text) {
        Format::Trf
    } else if super::pgn::looks_like_pgn(text) {
        Format::Pgn
    } else if options.own == Some(Format::Events) && (looks_like_events(text) || mapping_names_events(&options.mapping)) {
        Format::Events
    } else if options.own == Some(Format::AgaResults) && super::aga::looks_like_aga(text) {
        Format::AgaResults
    } else {
        Format::Csv
    }
}

/// What was read: the games for the methods, and for a tournament file the tournament too.
#[derive(Clone, Debug)]
pub struct Input {
    pub format: Format,
    pub dataset: Dataset,
    pub tournament: Option<Tournament>,
    /// What was recognised, as `(what, value)`: the columns used (`first = White`, ...), or a
    /// tournament's name and number of rounds.
    pub recognised: Vec<(String, String)>,
    pub warnings: Vec<Warning>,
    /// A tournament's declared ranks searched for the order that gives them, once (it tries
    /// hundreds of orders; see [`crate::tiebreak::declared::search`]).
    pub declared_search: std::cell::OnceCell<crate::tiebreak::declared::Search>,
}

impl Input {
    /// Players: a tournament's entrants, else the dataset's players.
    pub fn players(&self) -> usize {
        self.tournament.as_ref().map_or(self.dataset.players.len(), |t| t.entrants.len())
    }
}

/// Reads `text` in the format [`detect`] finds.
pub fn read(text: &str, options: &ReadOptions) -> Result<Input, ParseErrors> {
    let format = detect(text, options);
    if format.is_tournament() {
        let (t, warnings) = match format {
            Format::Trf => super::trf::parse_trf_with(text, options.bad_lines)?,
            _ => super::pgn::parse_pgn_with(text, options.bad_lines)?,
        };
        let recognised = vec![("tournament".into(), t.name.clone().unwrap_or_default()), ("rounds".into(), t.rounds.to_string())];
        return Ok(Input { format, dataset: t.dataset(), tournament: Some(t), recognised, warnings, declared_search: Default::default() });
    }
    read_games(text, options)
}

/// Reads `text` as games (CSV, or the method's own format), never as a tournament file: for a
/// reader that has checked [`detect`] first (the app's first worker, which hands tournaments
/// on and so carries no TRF or PGN reader).
pub fn read_games(text: &str, options: &ReadOptions) -> Result<Input, ParseErrors> {
    let format = match detect(text, options) {
        Format::Trf | Format::Pgn => Format::Csv,
        games => games,
    };
    let parsed = match format {
        Format::Events => parse_events(text, &options.mapping)?,
        Format::AgaResults => super::aga::parse_aga(text)?,
        _ => return read_csv_games(text, options),
    };
    Ok(Input::from_parsed(format, parsed))
}

/// Reads `text` as CSV games: for a reader whose method reads no format of its own and that
/// has checked [`detect`] first (the app's first worker, Brent's method alone: its code then
/// carries no other reader).
pub fn read_csv_games(text: &str, options: &ReadOptions) -> Result<Input, ParseErrors> {
    let columns = ColumnMap::parse(&options.mapping).map_err(|e| ParseErrors(vec![e]))?;
    let parsed = read_csv(text, &CsvOptions { columns, bad_lines: options.bad_lines })?;
    Ok(Input::from_parsed(Format::Csv, parsed))
}

impl Input {
    /// The input of a games file read as `format`.
    pub fn from_parsed(format: Format, parsed: super::Parsed) -> Input {
        let columns = &parsed.columns;
        let recognised = columns.found.iter().map(|(role, i)| (role.key().to_string(), columns.name(*i).trim().to_string())).collect();
        let mut dataset = parsed.dataset;
        dataset.shrink_to_fit();
        Input { format, dataset, tournament: None, recognised, warnings: parsed.warnings, declared_search: Default::default() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::methods::MethodKind;

    /// `read_games` (and `read_csv_games`) read games as `read` does, and never a tournament file
    /// as one.
    #[test]
    fn read_games_reads_games_as_read_does_and_no_tournament() {
        let options = ReadOptions::default();
        let csv = "white,black,result\nA,B,1-0\nB,C,1/2-1/2\n";
        let (games, all) = (read_games(csv, &options).unwrap(), read(csv, &options).unwrap());
        assert_eq!((games.format, &games.dataset), (all.format, &all.dataset));
        let only = read_csv_games(csv, &options).unwrap();
        assert_eq!((only.format, &only.dataset, &only.recognised), (all.format, &all.dataset, &all.recognised));
        let trf = include_str!("../../tests/data/trf/held_swiss_5.trf");
        assert!(read(trf, &options).unwrap().tournament.is_some());
        assert!(read_games(trf, &options).map_or(true, |i| i.tournament.is_none() && i.format == Format::Csv));
    }

    fn check(text: &str, method: MethodKind, mapping: &str, expect: Format) {
        let options = ReadOptions { own: crate::job::own_format(method), mapping: mapping.into(), ..Default::default() };
        assert_eq!(detect(text, &options), expect, "{text:?} for {method}");
    }

    #[test]
    fn tournaments_by_content_other_formats_by_method() {
        let trf = "012 Open\n001    1      Alpha, A                          2000                             1.0       2     2 w 1\n";
        check(trf, MethodKind::Elo, "", Format::Trf);
        check("[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1-0\n", MethodKind::Brent, "", Format::Pgn);
        let events = "event,player,place\ng1,A,1\ng1,B,2\n";
        check(events, MethodKind::MultiElo, "", Format::Events);
        check(events, MethodKind::Brent, "", Format::Csv);
        check("a,b,c\n", MethodKind::MultiElo, "players=a|b,scores=c|c", Format::Events);
        check("white,black,result\nA,B,1-0\n", MethodKind::Aga, "", Format::Csv);
    }
}
