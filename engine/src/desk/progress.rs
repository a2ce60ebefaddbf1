//! Where a tournament's file stands: the round paired last, the games of a round still
//! without a result, the adjourned games still open, and whether the next round may be paired
//! (what every desk action and the view read; below [`super::rounds`], [`super::late`] and
//! [`super::manual`], which all use it).

use super::confirm::{who, Concern, Level};
use super::error::DeskError;
use crate::parse::trf::parse_trf;
use crate::tournament::{Colour, RoundResult, Tournament};

/// The file read for an action (warnings are the view's to show).
pub(crate) fn read(text: &str) -> Result<Tournament, DeskError> {
    parse_trf(text).map(|(t, _)| t).map_err(|e| DeskError::Unreadable(e.to_string()))
}

/// The last round in which anyone is paired (a game or the PAB): the desk's current round.
pub fn current_round(t: &Tournament) -> usize {
    crate::pairing::dutch::check::last_paired_round(t)
}

/// The boards of `round` whose white has this result, by white's start number.
fn boards_with(t: &Tournament, round: usize, result: RoundResult) -> Vec<u32> {
    let mut out: Vec<u32> = t
        .entrants
        .iter()
        .filter_map(|e| {
            let r = e.rounds.get(round.checked_sub(1)?)?;
            (r.opponent.is_some() && r.result == result && r.colour != Some(Colour::Black)).then_some(e.start)
        })
        .collect();
    out.sort_unstable();
    out
}

/// The boards of `round` still without a result, by white's start number.
pub fn missing_results(t: &Tournament, round: usize) -> Vec<u32> {
    boards_with(t, round, RoundResult::NotPaired)
}

/// The adjourned games still open (`?`): (round, white's start number), in round order.
pub fn adjourned(t: &Tournament) -> Vec<(usize, u32)> {
    let rounds = t.entrants.iter().map(|e| e.rounds.len()).max().unwrap_or(0);
    (1..=rounds).flat_map(|r| boards_with(t, r, RoundResult::Adjourned).into_iter().map(move |w| (r, w))).collect()
}

/// Whether round `round` may be paired now: it is the next round, within the tournament's
/// rounds, and every game of the round before has its result or is adjourned. The concerns
/// to confirm: each adjourned game still open, of the last round or an earlier one (Level 2,
/// the checklist's Q167-Q168: pairing goes on without its result, which comes later, the
/// game counted as a provisional draw).
pub(crate) fn pairable(t: &Tournament, round: usize) -> Result<Vec<Concern>, DeskError> {
    let current = current_round(t);
    let refuse = |round: usize, what: String| Err(DeskError::Round { round, what });
    if round != current + 1 {
        return refuse(round, format!("the next round to pair is {}", current + 1));
    }
    if let Some(total) = t.total_rounds.filter(|&n| round > n) {
        return refuse(round, format!("the tournament has {total} rounds"));
    }
    // An adjourned game does not block: it counts as a draw until its result comes (Q167).
    let blocking = missing_results(t, current.max(1));
    if current > 0 && !blocking.is_empty() {
        let boards: Vec<String> = blocking.iter().map(|w| format!("{w}")).collect();
        return refuse(
            current,
            format!(
                "results missing in the games of {} (white's start numbers): enter them before pairing the next round",
                boards.join(", ")
            ),
        );
    }
    let open = adjourned(t).into_iter().filter(|&(r, _)| r <= current);
    let concerns = open
        .map(|(r, w)| {
            let black = t.entrants.iter().find(|e| e.start == w).and_then(|e| e.rounds[r - 1].opponent).map(|j| t.entrants[j].start);
            let black = black.map_or(String::new(), |b| who(t, b));
            (
                Level::Warning,
                format!("round {r}: the game {} – {black} is adjourned; round {round} is paired without its result, the game counted as a draw until it comes",
                    who(t, w)
                ),
            )
        })
        .collect();
    Ok(concerns)
}
