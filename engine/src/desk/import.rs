//! An imported TRF checked before the desk runs it (the checklist's Q48-Q55): each round
//! re-paired by the rules the file declares and compared with the file's (a Swiss by the
//! Dutch system, as `ratings-lab pair --check` does; a round robin against C.05's Berger
//! table), and every adjustment made in reading it (the defaults taken, the TRF-16 records
//! read as TRF-2026's, the records not read). The arbiter accepts what was found with
//! [`super::rounds::Action::AcceptImport`], which writes it as `### import: …` lines after the
//! header, so the file says it; a round not as the rules pair it asks a Level-3 confirmation
//! first (Q55).

use super::confirm::{ask, who, Level};
use super::error::DeskError;
use super::manual::{compare, with_comment};
use super::progress::current_round;
use crate::job::{Job, Settings};
use crate::pairing::berger::{self, Cycles};
use crate::pairing::dutch::{pair_round, PairOptions};
use crate::parse::trf::parse_trf;
use crate::tournament::{Colour, Tournament, TournamentType};
use serde::{Deserialize, Serialize};

/// One round of the file against the rules.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RoundReport {
    pub round: usize,
    /// The round is as the engine pairs it (or as the Berger table has it).
    pub as_paired: bool,
    /// How it differs, in words (the engine's boards the file lacks, the file's games the
    /// engine did not make, the bye), or why it could not be checked.
    pub differences: Vec<String>,
}

/// What [`check`] found in an imported file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ImportReport {
    /// The rules the rounds were checked against, in words.
    pub rules: String,
    pub rounds: Vec<RoundReport>,
    /// Every adjustment made in reading: the defaults taken, the records converted, the
    /// records not read (each once).
    pub adjustments: Vec<String>,
}

impl ImportReport {
    /// The level the arbiter must confirm it at: Level 3 when a round broke the rules (Q55),
    /// else a notice.
    pub fn level(&self) -> Level {
        match self.rounds.iter().any(|r| !r.as_paired) {
            true => Level::Confirm,
            false => Level::Notice,
        }
    }

    /// The report as the `### import:` lines write it: each round not as paired, then each
    /// adjustment.
    pub fn lines(&self) -> Vec<String> {
        let rounds = self.rounds.iter().filter(|r| !r.as_paired);
        let mut out: Vec<String> =
            rounds.map(|r| format!("round {} differs from {}: {}", r.round, self.rules, r.differences.join("; "))).collect();
        out.extend(self.adjustments.iter().cloned());
        out
    }
}

/// The check of the imported file `text`.
pub fn check(text: &str) -> Result<ImportReport, DeskError> {
    let (t, warnings) = parse_trf(text).map_err(|e| DeskError::Unreadable(e.to_string()))?;
    let (rules, rounds) = match t.tournament_type.as_ref().map(|d| &d.kind) {
        Some(TournamentType::RoundRobin { double }) => robin(&t, if *double { Cycles::Double } else { Cycles::Single }),
        Some(TournamentType::Other(code)) => (format!("{code}, a system not paired here"), Vec::new()),
        _ => ("the Dutch system (C.04.3)".to_string(), swiss(text, &t)),
    };
    let mut adjustments = defaults(text, &t);
    adjustments.extend(warnings.iter().map(|w| w.to_string()));
    adjustments.extend(byes_against_marks(text, &t));
    Ok(ImportReport { rules, rounds, adjustments })
}

/// The half-point byes the file gives players it marks not eligible for them (a file made
/// elsewhere, or the mark written after the bye): kept as the file has them, and said (the
/// desk itself refuses them, the checklist's Q176).
fn byes_against_marks(text: &str, t: &Tournament) -> Vec<String> {
    let marked = super::players::no_half_point_byes(text);
    let given = |e: &crate::tournament::Entrant| -> Vec<String> {
        let rounds = e.rounds.iter().enumerate().filter(|(_, r)| r.result == crate::tournament::RoundResult::HalfBye);
        rounds.map(|(i, _)| (i + 1).to_string()).collect()
    };
    t.entrants
        .iter()
        .filter(|e| marked.contains(&e.start))
        .map(|e| (e, given(e)))
        .filter(|(_, rounds)| !rounds.is_empty())
        .map(|(e, rounds)| {
            format!(
                "start number {} ({}) is marked not eligible for half-point byes, yet has one in round {}: kept as the file has it",
                e.start,
                e.name,
                rounds.join(", ")
            )
        })
        .collect()
}

/// Each round of a Swiss compared with the engine's pairing of it from the rounds before
/// ([`super::manual::compare`], what the desk writes beside a round paired by hand).
fn swiss(text: &str, t: &Tournament) -> Vec<RoundReport> {
    (1..=current_round(t))
        .map(|round| {
            // The engine's boards the file lacks are said as the engine's; the file's games, the
            // bye and a pairing not found say so themselves.
            let said = |d: String| if d.starts_with("not ") || d.starts_with("the ") { d } else { format!("the engine: {d}") };
            let differences: Vec<String> = compare(text, round).into_iter().map(said).collect();
            RoundReport { round, as_paired: differences.is_empty(), differences }
        })
        .collect()
}

/// Each round of a round robin against the Berger table (`ratings-lab pair --check`'s audit).
fn robin(t: &Tournament, cycles: Cycles) -> (String, Vec<RoundReport>) {
    let rules = format!("the Berger tables ({cycles} round robin, C.05)");
    let checks = match berger::check(t, cycles) {
        Ok(c) => c,
        Err(e) => {
            let what = vec![format!("the rounds cannot be checked against the table: {e}")];
            return (rules, vec![RoundReport { round: 1, as_paired: false, differences: what }]);
        }
    };
    let rounds = checks
        .iter()
        .map(|c| {
            let table = c.table_only.iter().map(|&(w, b)| format!("the table: {} – {}", who(t, w), who(t, b)));
            let file = c.file_only.iter().map(|g| format!("not {} – {} as filed", who(t, g.white), who(t, g.black)));
            RoundReport { round: c.round, as_paired: c.identical(), differences: table.chain(file).collect() }
        })
        .collect();
    (rules, rounds)
}

/// The defaults taken where the file says nothing, and the records of TRF-16 and of the
/// pairing programs read as TRF-2026's (the file is kept as it is: other programs read them).
fn defaults(text: &str, t: &Tournament) -> Vec<String> {
    let has = |code: &str| text.lines().any(|l| l.starts_with(code));
    let mut out = Vec::new();
    // The pairing's own notes (the total rounds, the point system, the initial colour taken),
    // from the next round (where all three are said), else the last, else round 1 with a
    // colour given, so that a file whose next round cannot be paired still has them.
    let current = current_round(t);
    let opts = PairOptions { initial_colour: t.initial_colour.map(|c| c.colour), ..PairOptions::default() };
    let given = PairOptions { initial_colour: Some(Colour::White), ..PairOptions::default() };
    let tries = [(current + 1, &opts), (current.max(1), &opts), (1, &given)];
    out.extend(tries.iter().find_map(|&(round, o)| pair_round(t, round, o).ok()).map_or(Vec::new(), |p| p.notes));
    if current == 0 && t.initial_colour.is_none() {
        out.push("the initial colour is not declared (152 or XXC): chosen, or drawn by lot, when round 1 is paired".into());
    }
    if !has("192") {
        out.push("no pairing system declared (192): the rounds are checked, and paired, as a Swiss by the Dutch system (C.04.3)".into());
    }
    if let Ok(job) = Job::read(text, &Settings::default()) {
        if !has("202") && !has("212") {
            let codes: Vec<&str> = job.order().iter().map(|c| c.code()).collect();
            out.push(format!("no tiebreaks declared (202 or 212): FIDE's recommended order, {}", codes.join(" ")));
        }
    }
    let converted = [
        ("XXR", "JaVaFo's number of rounds, read as TRF-2026's 142"),
        ("XXC", "JaVaFo's initial colour, read as TRF-2026's 152"),
        ("XXP", "JaVaFo's players who must not meet, read as TRF-2026's 260 for every round"),
        ("XXA", "JaVaFo's virtual points, read as TRF-2026's acceleration (250)"),
        ("XXS", "JaVaFo's point system, read as TRF-2026's 162"),
        ("BB", "bbpPairings's points (BBW, BBD, …), read as TRF-2026's 162"),
    ];
    out.extend(converted.iter().filter(|(code, _)| has(code)).map(|(code, what)| format!("{code}: {what}")));
    out
}

/// `text` with the import's notes written (`notes`, or, when empty, what [`check`] finds), once
/// the arbiter confirms a round that broke the rules (Level 3).
pub(crate) fn accept(text: &str, notes: &[String], confirmed: bool) -> Result<String, DeskError> {
    let report = check(text)?;
    let broken = report.rounds.iter().filter(|r| !r.as_paired);
    let concerns: Vec<(Level, String)> = broken
        .map(|r| (Level::Confirm, format!("round {}: differs from {} ({})", r.round, report.rules, r.differences.join("; "))))
        .collect();
    ask(confirmed, concerns)?;
    let lines = if notes.is_empty() { report.lines() } else { notes.to_vec() };
    let mut text = text.to_string();
    for line in &lines {
        let line = line.replace(['\r', '\n'], " ");
        text = with_comment(&text, &format!("### import: {line}"));
    }
    Ok(text)
}
