//! Each round of a file against the pairing its own system makes: the Dutch system re-pairing
//! it from the rounds before it, or the Berger table's round; and the legality of each, read
//! from the file alone (`pairing::legal`).

use super::report::{Pair, RoundReport};
use crate::pairing::berger::{self, Cycles, RrError};
use crate::pairing::dutch::check::{check_round, file_round, last_paired_round, Game};
use crate::pairing::dutch::PairOptions;
use crate::pairing::legal::illegal_under;
use crate::tournament::Tournament;

/// What the reference made of a round: its boards (white, black) and its bye.
struct Reference<'a> {
    boards: &'a [(u32, u32)],
    bye: Option<u32>,
}

/// The rounds the file says the arbiter changed or paired by hand (the desk's `### manual
/// round R:` records), in the order written, each once.
pub fn manual_rounds(text: &str) -> Vec<usize> {
    let mut out: Vec<usize> = Vec::new();
    for r in text.lines().filter_map(|l| l.strip_prefix("### manual round ")?.split(':').next()?.trim().parse().ok()) {
        if !out.contains(&r) {
            out.push(r);
        }
    }
    out
}

/// Every round of a Swiss that holds games, re-paired by the Dutch system a round at a time:
/// a round the engine cannot pair is reported with the engine's reason, and the check goes
/// on. The notes of the pairings (the defaults taken, the acceleration's source) are added
/// to `notes`, once each.
pub fn dutch(t: &Tournament, opts: &PairOptions, by_hand: &[usize], notes: &mut Vec<String>) -> Vec<RoundReport> {
    (1..=last_paired_round(t))
        .map(|round| match check_round(t, round, opts) {
            Ok(c) => {
                for n in &c.ours.notes {
                    if !notes.contains(n) {
                        notes.push(n.clone());
                    }
                }
                let boards: Vec<(u32, u32)> = c.ours.boards.iter().map(|b| (b.white, b.black)).collect();
                let (games, file_bye) = file_round(t, round);
                let reference = Reference { boards: &boards, bye: c.ours.bye };
                compared(t, round, &games, file_bye, &reference, None, by_hand)
            }
            Err(e) => {
                let (games, file_bye) = file_round(t, round);
                let mut r = compared(t, round, &games, file_bye, &Reference { boards: &[], bye: None }, None, by_hand);
                (r.not_paired, r.agrees, r.bye_agrees) = (Some(e.to_string()), false, false);
                r
            }
        })
        .collect()
}

/// Every round of a round robin that holds games against its Berger table (the Berger
/// numbers read from round 1, `berger::check`).
pub fn robin(t: &Tournament, cycles: Cycles, by_hand: &[usize]) -> Result<Vec<RoundReport>, RrError> {
    let checks = berger::check(t, cycles)?;
    Ok(checks
        .iter()
        .map(|c| {
            let (games, _) = file_round(t, c.round);
            // The table's player with the round off against the file's players without a game.
            let file_bye = match c.file_without_game.as_slice() {
                [one] => Some(*one),
                _ => None,
            };
            let reference = Reference { boards: &c.table.boards, bye: c.table.bye };
            let mut r = compared(t, c.round, &games, file_bye, &reference, Some(cycles), by_hand);
            r.bye_agrees = c.file_without_game == c.table.bye.into_iter().collect::<Vec<_>>();
            r.agrees = r.agrees && r.bye_agrees;
            r
        })
        .collect())
}

/// One round's file against the reference, and its legality (`robin`: under a round robin's
/// rules).
fn compared(
    t: &Tournament,
    round: usize,
    games: &[Game],
    file_bye: Option<u32>,
    reference: &Reference,
    robin: Option<Cycles>,
    by_hand: &[usize],
) -> RoundReport {
    let same_pair = |g: &Game, &(w, b): &(u32, u32)| (w, b) == (g.white, g.black) || (b, w) == (g.white, g.black);
    let same_colours = |g: &Game, &(w, b): &(u32, u32)| (w, b) == (g.white, g.black) || (!g.coloured && (b, w) == (g.white, g.black));
    let pairs = games.iter().filter(|g| reference.boards.iter().any(|b| same_pair(g, b))).count();
    let colours = games.iter().filter(|g| reference.boards.iter().any(|b| same_colours(g, b))).count();
    let ours_only: Vec<Pair> = reference
        .boards
        .iter()
        .filter(|b| !games.iter().any(|g| same_colours(g, b)))
        .map(|&(white, black)| Pair { white, black, coloured: true })
        .collect();
    let file_only: Vec<Pair> = games
        .iter()
        .filter(|g| !reference.boards.iter().any(|b| same_colours(g, b)))
        .map(|g| Pair { white: g.white, black: g.black, coloured: g.coloured })
        .collect();
    let illegal = illegal_under(t, round, robin);
    let bye_agrees = file_bye == reference.bye;
    let agrees = ours_only.is_empty() && file_only.is_empty() && bye_agrees && illegal.is_empty();
    RoundReport {
        round,
        boards: games.len(),
        our_boards: reference.boards.len(),
        pairs,
        colours,
        file_bye,
        our_bye: reference.bye,
        bye_agrees,
        ours_only,
        file_only,
        illegal,
        by_hand: by_hand.contains(&round),
        not_paired: None,
        agrees,
    }
}
