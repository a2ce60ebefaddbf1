//! The one checker of a tournament file (FIDE's checklist for approved programs, C.02, Q19-Q21;
//! issue 38): a TRF read whole and reported round by round, each round re-paired by the file's
//! own system and compared (boards, pairs, colours, the pairing-allocated bye) and checked
//! against the rules any pairing keeps, with no reference (`pairing::legal`); then the final
//! standings re-ranked by the file's own tie-break list and compared with the ranks it
//! declares. One entry, [`check`]: the text of a file → a plain [`Report`] (serde), or a
//! [`CheckError`] naming the line.
//!
//! The system is the file's: `192`'s Dutch system (with the file's acceleration, `192 …_BAKU`,
//! `XXA`, `250`; its forbidden pairs, `260`, `XXP`; its initial colour, `152`, `XXC`), a round
//! robin by `192`'s code or, with no `192`, by its shape (`pairing::berger::file_cycles`).
//! `ratings-lab pair --check` and `tiebreaks --check-ranks` are its two halves on their own.

mod report;
mod rounds;
mod standings;
mod text;

pub use report::{OrderFrom, Pair, RankDifference, RanksStatus, Report, RoundReport, StandingsReport, System};
pub use rounds::manual_rounds;

use crate::error::ParseErrors;
use crate::job::Job;
use crate::pairing::berger::{self, Cycles, RrError};
use crate::pairing::dutch::PairOptions;
use crate::parse::detect::{detect, Format, ReadOptions};
use crate::parse::trf::parse_trf;
use crate::tiebreak::Rules;
use crate::tournament::{Tournament, TournamentType};
use std::fmt;

/// What the check may be told beyond the file.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// The tie-break regulations (C.07) [default: those in force when the tournament started].
    pub rules: Option<Rules>,
    /// The total number of rounds, for the last round's pairing rules [default: the file's
    /// `XXR`/`142`, else its rounds].
    pub rounds: Option<usize>,
}

/// A file the checker cannot check: each names the line (or the round) at fault.
#[derive(Clone, Debug, PartialEq)]
pub enum CheckError {
    /// The text is no TRF (no player record, `001`, where a TRF has them).
    NotTrf,
    /// The TRF cannot be read: every bad line, named.
    Read(ParseErrors),
    /// A TRF with no player.
    NoPlayers,
    /// `192` names a system not paired here.
    Unsupported { line: usize, code: String },
    /// A round robin its Berger table cannot audit (its `192`'s line, when it has one).
    RoundRobin { line: Option<usize>, error: RrError },
}

impl fmt::Display for CheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CheckError::NotTrf => f.write_str("expected a FIDE TRF file (player records starting 001 in columns 1-3)"),
            CheckError::Read(e) => write!(f, "{e}"),
            CheckError::NoPlayers => f.write_str("no players (expected 001 records)"),
            CheckError::Unsupported { line, code } => write!(
                f,
                "line {line}: 192 {}: pairings are checked for the FIDE Dutch system and round robins (expected FIDE_DUTCH_2025, FIDE_DUTCH_2025_BAKU, FIDE_ROUNDROBIN or FIDE_DOUBLEROUNDROBIN)",
                crate::error::excerpt(code)
            ),
            CheckError::RoundRobin { line: Some(line), error } => write!(f, "line {line} (192, a round robin): {error}"),
            CheckError::RoundRobin { line: None, error } => write!(f, "a round robin by its shape (no 192): {error}"),
        }
    }
}

impl std::error::Error for CheckError {}

/// Checks the TRF `text`: every round that holds games against the file's own system and the
/// rules of any pairing, then the final standings against the declared ranks.
pub fn check(text: &str, opts: &Options) -> Result<Report, CheckError> {
    if detect(text, &ReadOptions::default()) != Format::Trf {
        return Err(CheckError::NotTrf);
    }
    let (t, read) = parse_trf(text).map_err(CheckError::Read)?;
    if t.entrants.is_empty() {
        return Err(CheckError::NoPlayers);
    }
    if let Some(d) = &t.tournament_type {
        if let TournamentType::Other(code) = &d.kind {
            return Err(CheckError::Unsupported { line: d.line, code: code.clone() });
        }
    }
    let warnings = read.iter().map(|w| format!("line {}: {}", w.line, w.message)).collect();
    let mut notes = Vec::new();
    let by_hand = manual_rounds(text);
    let (system, rounds) = match berger::file_cycles(&t) {
        Some(cycles) => {
            if t.tournament_type.is_none() {
                notes.push(
                    "the file does not declare its system (192), and its rounds are a round robin's: checked against the Berger tables"
                        .into(),
                );
            }
            let line = t.tournament_type.as_ref().map(|d| d.line);
            let rounds = rounds::robin(&t, cycles, &by_hand).map_err(|error| CheckError::RoundRobin { line, error })?;
            (if cycles == Cycles::Double { System::DoubleRoundRobin } else { System::RoundRobin }, rounds)
        }
        None => (System::Dutch, rounds::dutch(&t, &pair_options(&t, opts, &mut notes), &by_hand, &mut notes)),
    };
    if rounds.is_empty() {
        notes.push("the file holds no games: no round to check".into());
    }
    for r in rounds.iter().filter(|r| r.by_hand && !r.agrees) {
        notes.push(format!(
            "round {} was changed or paired by hand by the arbiter (the file's ### manual round {} records)",
            r.round, r.round
        ));
    }
    let job = Job::read(text, &standings::settings(opts.rules)).map_err(CheckError::Read)?;
    let standings = standings::standings(&job, &mut notes).ok_or(CheckError::NotTrf)?;
    let agrees = rounds.iter().all(|r| r.agrees) && standings.status != RanksStatus::Differ;
    Ok(Report { tournament: t.name.clone(), agrees, system, rounds, standings, notes, warnings })
}

/// The Dutch system's options: `--rounds` when given (said when it is not the file's).
fn pair_options(t: &Tournament, opts: &Options, notes: &mut Vec<String>) -> PairOptions {
    if let (Some(n), Some(file)) = (opts.rounds, t.total_rounds) {
        if n != file {
            notes.push(format!("the total number of rounds is taken as {n}, not the file's {file} (XXR or 142)"));
        }
    }
    PairOptions { rounds: opts.rounds, ..PairOptions::default() }
}
