//! Where a tournament's file stands: the round paired last and the games of a round still
//! without a result (what every desk action and the view read; below [`super::rounds`] and
//! [`super::late`], which both use it).

use crate::tournament::{Colour, RoundResult, Tournament};

/// The last round in which anyone is paired (a game or the PAB): the desk's current round.
pub fn current_round(t: &Tournament) -> usize {
    crate::pairing::dutch::check::last_paired_round(t)
}

/// The boards of `round` still without a result, by white's start number.
pub fn missing_results(t: &Tournament, round: usize) -> Vec<u32> {
    let mut out: Vec<u32> = t
        .entrants
        .iter()
        .filter_map(|e| {
            let r = e.rounds.get(round.checked_sub(1)?)?;
            (r.opponent.is_some() && r.result == RoundResult::NotPaired && r.colour != Some(Colour::Black)).then_some(e.start)
        })
        .collect();
    out.sort_unstable();
    out
}
