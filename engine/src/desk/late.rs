//! Late entries: the number a player who joins after the start is given, and the file with
//! them in it.
//!
//! C.04.2 Art. 2 (initial order and pairing numbers): the pairing numbers follow the initial
//! order (rating, title, name) and may be reassigned as entries and corrections come in, but
//! not once the fourth round is paired. So a late entry made while fewer than four rounds are
//! paired takes their place in the initial order, and everyone from that place down moves
//! one number (their records, their opponents' references to them and the arbiter's marks
//! all follow); from then on a late entry gets the next number. The pairing number is the
//! start number throughout the desk, as in the TRF bbpPairings and JaVaFo read.
//!
//! Renumbering never changes a round already paired: the entrant misses those rounds
//! (zero-point byes, C.04.2's late entries score nothing for rounds before they join), and a
//! player who misses a round before ever being paired is not counted in that round's order
//! (C.04.3 5.2.5 as bbpPairings counts it), so every earlier round re-pairs as it was paired
//! (`ratings-lab pair --check`; tested with bbpPairings's checker in `tests/desk.rs`).
//!
//! The desk keeps the numbers as they are (the next number) when renumbering would move
//! numbers under the arbiter's hands or in records it does not rewrite: while a round's
//! results are being entered, and in a file with team (`013`, `310`), bye-list (`240`),
//! abnormal-points (`299`) or must-not-meet (`260`, `XXP`) records, which list players by
//! number elsewhere.
//!
//! A round robin (C.05's Berger tables) takes a late entry only before round 1 is paired, and
//! its number of rounds (`142`) becomes the table's for the new count; once round 1 is paired
//! the table is fixed, and a late entry is refused.

use super::error::DeskError;
use super::progress::{current_round, missing_results};
use super::register::{entrant_key, national_record, order_key, player_record, NewPlayer};
use crate::pairing::berger::Cycles;
use crate::parse::trf::{renumbered, with_records_in_order, with_round, Cell};
use crate::tournament::{RankingMethod, RoundResult, Tournament};

/// No pairing number changes once this round is paired (C.04.2 Art. 2).
pub const RENUMBER_UNTIL: usize = 4;

/// Where a late entry goes: its start number, and whether the players from that number on
/// move down one (`false`: the next number, nobody moves).
pub fn late_number(text: &str, t: &Tournament, p: &NewPlayer) -> (u32, bool) {
    let next = t.entrants.iter().map(|e| e.start).max().unwrap_or(0) + 1;
    let round = current_round(t);
    let entering = round > 0 && !missing_results(t, round).is_empty();
    let listed = text.lines().any(|l| matches!(l.get(..3), Some("013" | "310" | "240" | "299" | "260" | "XXP")));
    if round >= RENUMBER_UNTIL || entering || listed {
        return (next, false);
    }
    let method = t.ranking.as_ref().map_or(RankingMethod::Fide, |r| r.method);
    if method == RankingMethod::Other {
        return (next, false);
    }
    let key = order_key(p, method);
    let mut by_number: Vec<_> = t.entrants.iter().collect();
    crate::sort::by_key(&mut by_number, |e| e.start);
    match by_number.iter().find(|e| entrant_key(e, method) > key) {
        Some(e) => (e.start, true),
        None => (next, false),
    }
}

/// The file with `p` entered late: numbered by [`late_number`], the rounds already paired
/// entered for them as zero-point byes, the header's player counts (`062`, `072`) updated.
pub(crate) fn add_player(text: &str, t: &Tournament, p: &NewPlayer) -> Result<String, DeskError> {
    add_player_with(text, t, p, RoundResult::ZeroBye)
}

/// [`add_player`] with the rounds already paired entered as `missed` (a zero-point or, when
/// the arbiter grants them, a half-point bye). A FIDE id another player has is refused.
pub(crate) fn add_player_with(text: &str, t: &Tournament, p: &NewPlayer, missed: RoundResult) -> Result<String, DeskError> {
    if p.name.trim().is_empty() {
        return Err(DeskError::Details("a late entry: expected a player's name".into()));
    }
    let p = &super::players::normalised(p).map_err(|e| DeskError::Details(format!("a late entry ({}): {e}", p.name.trim())))?;
    super::players::check_id(t, &format!("a late entry ({})", p.name), p.fide_id.as_deref(), None).map_err(DeskError::Details)?;
    let national = t.ranking.as_ref().map(|r| r.federation.as_str()).filter(|f| f.len() == 3);
    if p.national_rating.is_some() && national.is_none() {
        return Err(DeskError::Details(
            "a late entry's national rating: the tournament names no federation for national ratings (TRF-2026 172)".into(),
        ));
    }
    let robin = t.tournament_type.as_ref().and_then(|d| match d.kind {
        crate::tournament::TournamentType::RoundRobin { double } => Some(if double { Cycles::Double } else { Cycles::Single }),
        _ => None,
    });
    let rounds_now = match robin {
        Some(_) if current_round(t) > 0 => {
            return Err(DeskError::Details(
                "a late entry: a round robin's players are fixed once round 1 is paired (C.05's Berger tables)".into(),
            ))
        }
        Some(_) if t.entrants.len() + 1 > crate::pairing::berger::MAX_PLAYERS => {
            return Err(DeskError::Details(format!(
                "a late entry: a round robin has at most {} players",
                crate::pairing::berger::MAX_PLAYERS
            )))
        }
        Some(c) => Some(crate::pairing::berger::rounds(t.entrants.len() + 1, c)),
        None => None,
    };
    let (start, moves) = late_number(text, t, p);
    let moved = |s: u32| if moves && s >= start { s + 1 } else { s };
    let mut out = String::with_capacity(text.len() + 100);
    let renumbered = renumbered(text, &moved, national);
    let last_record = renumbered.lines().enumerate().filter(|(_, l)| l.starts_with("001")).map(|(i, _)| i).last();
    for (i, line) in renumbered.lines().enumerate() {
        match (line.get(..3), rounds_now) {
            (Some("062"), _) => out.push_str(&format!("062 {}", t.entrants.len() + 1)),
            (Some("142"), Some(n)) => out.push_str(&format!("142 {n}")),
            (Some("072"), _) if p.rating.is_some() => {
                out.push_str(&format!("072 {}", t.entrants.iter().filter(|e| e.rating.is_some()).count() + 1))
            }
            _ if line.starts_with("### manual round ") || line.starts_with("### result changed round ") => {
                out.push_str(&marked_renumbered(line, &moved))
            }
            _ if super::players::renumbered_mark(line, &moved).is_some() => {
                out.push_str(&super::players::renumbered_mark(line, &moved).unwrap_or_default())
            }
            _ => out.push_str(line),
        }
        out.push('\n');
        // The new record after the last player record, before any records that follow them.
        if Some(i) == last_record {
            out.push_str(&player_record(start, p));
            out.push('\n');
        }
    }
    if last_record.is_none() {
        out.push_str(&player_record(start, p));
        out.push('\n');
    }
    if let (Some(fed), Some(r)) = (national, p.national_rating) {
        out.push_str(&national_record(fed, start, r));
        out.push('\n');
    }
    let missed = Cell { opponent: None, colour: None, result: Some(missed), points: None };
    for round in 1..=current_round(t) {
        out = with_round(&out, round, &|s| (s == start).then_some(missed));
    }
    // Once play has started, an entry (and the numbers it moved) is an event of the
    // tournament the file keeps, as of when it happened (the checklist's Q217).
    if current_round(t) > 0 {
        let moved = if moves { format!("; the players from {start} on moved down one number") } else { String::new() };
        let line = format!("### late entry after round {}: {start} ({}){moved}", current_round(t), p.name.trim());
        out = super::manual::with_comment(&out, &line);
    }
    Ok(with_records_in_order(&out))
}

/// An arbiter's mark (`### manual round R: colours of 3 and 7 swapped …`) with the start
/// numbers after the colon renumbered.
fn marked_renumbered(line: &str, moved: &dyn Fn(u32) -> u32) -> String {
    let Some((head, said)) = line.split_once(':') else { return line.to_string() };
    let words: Vec<String> = said.split(' ').map(|w| w.parse::<u32>().map_or_else(|_| w.to_string(), |n| moved(n).to_string())).collect();
    format!("{head}:{}", words.join(" "))
}
