//! The arbiter's hand changes as the file records them: the `### manual round R:` comment
//! lines (TRF readers skip them, [`super::view`] shows them), a round paired wholly by hand
//! (the checklist's Q63, when the engine finds no legal pairing or the arbiter decides so),
//! and the comparison of a round as filed with the engine's pairing of it (Q65, Q68: shown
//! at the end of a session of hand changes, and written beside a round paired by hand).

use super::confirm::{ask, seating, who, Level};
use super::error::DeskError;
use super::progress::{pairable, read};
use crate::pairing::dutch::check::file_round;
use crate::pairing::dutch::state::to_pair;
use crate::pairing::dutch::{pair_round, PairOptions};
use crate::parse::trf::with_pairing;
use crate::tournament::Tournament;

/// A comment record (`###`) after the header, before the players, after any written before
/// it (TRF readers skip it).
pub(crate) fn with_comment(text: &str, line: &str) -> String {
    let line = format!("{line}\n");
    match text.find("\n001") {
        Some(at) => format!("{}{line}{}", &text[..=at], &text[at + 1..]),
        None => format!("{text}{line}"),
    }
}

/// A comment record saying what the arbiter changed in `round`.
pub(crate) fn with_manual_mark(text: &str, round: usize, what: &str) -> String {
    with_comment(text, &format!("### manual round {round}: {what}"))
}

pub(crate) fn without_manual_marks(text: &str, round: usize) -> String {
    let prefix = format!("### manual round {round}:");
    text.split_inclusive('\n').filter(|l| !l.starts_with(&prefix)).collect()
}

/// Pairs the next round as the arbiter gives it: every player to pair (no bye or absence
/// entered for the round) on exactly one board or on the bye; the rules' concerns confirmed
/// ([`super::confirm::seating`]); written with two marks: that the round was paired by hand,
/// and how the engine pairs it ([`compare`]).
pub(crate) fn pair_by_hand(
    text: &str,
    t: &Tournament,
    round: usize,
    (boards, bye): (&[(u32, u32)], Option<u32>),
    confirmed: bool,
) -> Result<String, DeskError> {
    let mut concerns = pairable(t, round)?;
    complete(t, round, boards, bye)?;
    concerns.extend(seating(t, round, boards, bye));
    ask(confirmed, concerns)?;
    let text = with_pairing(text, t, round, boards, bye);
    let text = with_manual_mark(&text, round, "paired by hand by the arbiter");
    let diffs = compare(&text, round);
    let line = match diffs.first() {
        None => "the engine pairs it the same".to_string(),
        Some(d) if d.starts_with("the engine finds no legal pairing") => d.clone(),
        Some(_) => format!("the engine pairs it otherwise: {}", diffs.join("; ")),
    };
    Ok(with_manual_mark(&text, round, &line))
}

/// `text` with a session of hand changes to `round` begun, or ended: the end says how the
/// round as it now is differs from the engine's pairing of it ([`compare`]), and a round that
/// differs is the arbiter's to confirm (Level 3, each difference a warning: Q69's "pairing
/// differs from the program's" asked, not only written).
pub(crate) fn session(text: &str, round: usize, end: bool, confirmed: bool) -> Result<String, DeskError> {
    if !end {
        return Ok(with_manual_mark(text, round, "session of hand changes begun by the arbiter"));
    }
    let diffs = compare(text, round);
    ask(confirmed, diffs.iter().map(|d| (Level::Confirm, d.clone())).collect())?;
    let line = match diffs.first() {
        None => "session ended: the round is as the engine pairs it".to_string(),
        Some(d) if d.starts_with("the engine finds no legal pairing") => format!("session ended: {d}"),
        Some(_) => format!("session ended: the engine pairs it otherwise: {}", diffs.join("; ")),
    };
    Ok(with_manual_mark(text, round, &line))
}

/// Checks that the hand pairing seats every player to pair exactly once, and no one else.
fn complete(t: &Tournament, round: usize, boards: &[(u32, u32)], bye: Option<u32>) -> Result<(), DeskError> {
    let refuse = |what: String| Err(DeskError::Round { round, what });
    let to: Vec<u32> = (0..t.entrants.len()).filter(|&i| to_pair(t, i, round)).map(|i| t.entrants[i].start).collect();
    let mut seated: Vec<u32> = boards.iter().flat_map(|&(w, b)| [w, b]).chain(bye).collect();
    seated.sort_unstable();
    if let Some(w) = seated.windows(2).find(|w| w[0] == w[1]) {
        return refuse(format!("{} is seated twice: each player once", who(t, w[0])));
    }
    if let Some(&s) = seated.iter().find(|s| !to.contains(s)) {
        let why = if t.entrants.iter().any(|e| e.start == s) { "has a bye or absence entered for this round" } else { "is no player" };
        return refuse(format!("start number {s} {why}: not to be paired"));
    }
    let left: Vec<String> = to.iter().filter(|s| !seated.contains(s)).map(|&s| who(t, s)).collect();
    if !left.is_empty() {
        return refuse(format!("not seated: {}; every player to pair goes on a board or on the bye", left.join(", ")));
    }
    Ok(())
}

/// How round `round` as filed differs from the engine's pairing of it from the rounds before
/// (pairs, colours, the pairing-allocated bye), one line each; empty when the same. When the
/// engine cannot pair the round, one line saying so.
pub fn compare(text: &str, round: usize) -> Vec<String> {
    let t = match read(text) {
        Ok(t) => t,
        Err(e) => return vec![e.to_string()],
    };
    let opts = PairOptions { initial_colour: t.initial_colour.map(|c| c.colour), ..PairOptions::default() };
    let ours = match pair_round(&t, round, &opts) {
        Ok(p) => p,
        Err(e) => return vec![format!("the engine finds no legal pairing ({e})")],
    };
    let (games, file_bye) = file_round(&t, round);
    let filed = |w: u32, b: u32| games.iter().any(|g| (g.white, g.black) == (w, b));
    let mut out = Vec::new();
    for b in &ours.boards {
        match (filed(b.white, b.black), filed(b.black, b.white)) {
            (true, _) => {}
            (false, true) => out.push(format!("{} – {} with the colours the other way", who(&t, b.white), who(&t, b.black))),
            (false, false) => out.push(format!("{} – {}", who(&t, b.white), who(&t, b.black))),
        }
    }
    for g in games
        .iter()
        .filter(|g| !ours.boards.iter().any(|b| (b.white, b.black) == (g.black, g.white) || (b.white, b.black) == (g.white, g.black)))
    {
        out.push(format!("not {} – {} as filed", who(&t, g.white), who(&t, g.black)));
    }
    if ours.bye != file_bye {
        let name = |s: Option<u32>| s.map_or("no one".to_string(), |s| who(&t, s));
        out.push(format!("the bye to {} (filed: {})", name(ours.bye), name(file_bye)));
    }
    out
}
