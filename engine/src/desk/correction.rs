//! Corrections for the rating report only (FIDE Handbook C.04.2, the general handling rules
//! for Swiss tournaments, Art. 4.3, as the 2026 checklist for tournament programs cites it,
//! Q192–Q193): a wrong result found in a round before the second-to-last is not changed in
//! the standings (the rounds paired since stand on it), but the rating report gets the game
//! as played. The desk writes each as a comment record after the header,
//! `### correction round R: W-B 1-0 (was 0-1) for the rating report only (C.04.2 4.3): names`,
//! which TRF readers skip; [`for_rating`] gives the tournament the rating report is made from
//! with them applied.

use super::confirm::who;
use super::error::DeskError;
use super::manual::with_comment;
use super::outcome::{Outcome, SheetRead};
use super::progress::{current_round, read};
use crate::tournament::{Colour, RoundResult, Tournament};

const PREFIX: &str = "### correction round ";

/// One correction as the file records it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Correction {
    pub round: usize,
    pub white: u32,
    pub black: u32,
    /// The result played, for the rating report.
    pub outcome: Outcome,
}

/// The game of `round` in which `white` has white: the indices of white and black.
fn game(t: &Tournament, round: usize, white: u32) -> Option<(usize, usize)> {
    let w = t.entrants.iter().position(|e| e.start == white)?;
    let r = t.entrants[w].rounds.get(round.checked_sub(1)?)?;
    r.opponent.filter(|_| r.colour == Some(Colour::White)).map(|b| (w, b))
}

/// Writes a correction of a locked round's result (before the second-to-last: a later
/// round's result is changed itself).
pub(crate) fn correct(text: &str, t: &Tournament, round: usize, white: u32, outcome: Outcome) -> Result<String, DeskError> {
    let refuse = |what: String| Err(DeskError::Round { round, what });
    let current = current_round(t);
    if round + 1 >= current {
        return refuse(format!("not locked (round {current} is the current round): change the result itself"));
    }
    let Some((w, b)) = game(t, round, white) else { return refuse(format!("start number {white} has no game with white")) };
    let Some((rw, rb)) = outcome.results().filter(|_| outcome != Outcome::Adjourned) else {
        return refuse("a correction gives the result played: not blank, not adjourned".into());
    };
    let (old_w, old_b) = (t.entrants[w].rounds[round - 1].result, t.entrants[b].rounds[round - 1].result);
    if matches!(old_w, RoundResult::NotPaired | RoundResult::Adjourned) {
        return refuse("this game has no result yet: enter its result, which counts in the standings".into());
    }
    if (old_w, old_b) == (rw, rb) {
        return refuse(format!("the file already has {}", outcome.written()));
    }
    let sb = t.entrants[b].start;
    let line = format!(
        "{PREFIX}{round}: {white}-{sb} {} (was {}) for the rating report only (C.04.2 4.3): {} – {}",
        outcome.written(),
        Outcome::shown(old_w, old_b),
        who(t, white),
        who(t, sb)
    );
    Ok(with_comment(text, &line))
}

/// The corrections the file records, in the order written (a later one of the same game wins).
pub fn corrections(text: &str) -> Vec<Correction> {
    text.lines()
        .filter_map(|l| {
            let (round, rest) = l.strip_prefix(PREFIX)?.split_once(':')?;
            let mut words = rest.split_whitespace();
            let (w, b) = words.next()?.split_once('-')?;
            let SheetRead::Complete(outcome) = Outcome::from_sheet(words.next()?) else { return None };
            Some(Correction { round: round.trim().parse().ok()?, white: w.parse().ok()?, black: b.parse().ok()?, outcome })
        })
        .collect()
}

/// The tournament of `text` as the rating report reads it: each correction's result in
/// place of the one the standings count, and a note for each ("corrections for rating").
pub fn for_rating(text: &str) -> Result<(Tournament, Vec<String>), DeskError> {
    let mut t = read(text)?;
    let mut notes = Vec::new();
    for c in corrections(text) {
        let (Some((w, b)), Some((rw, rb))) = (game(&t, c.round, c.white), c.outcome.results()) else { continue };
        if t.entrants[b].start != c.black {
            continue;
        }
        let was = Outcome::shown(t.entrants[w].rounds[c.round - 1].result, t.entrants[b].rounds[c.round - 1].result);
        t.entrants[w].rounds[c.round - 1].result = rw;
        t.entrants[b].rounds[c.round - 1].result = rb;
        notes.push(format!(
            "correction for rating: round {}, {} – {} reported as {} (the standings keep {was}; C.04.2 4.3)",
            c.round,
            who(&t, c.white),
            who(&t, c.black),
            c.outcome.written()
        ));
    }
    Ok((t, notes))
}
