//! A round robin's players whose results the standings do not count: FIDE Tournament Rules
//! (Handbook C.06) V.4a, a player who withdraws or is expelled from a round robin having
//! completed fewer than half of their games keeps their results in the tournament table (for
//! rating and history), but neither the points they scored nor those scored against them count
//! in the final standings; at half or more (V.4b) everything counts. FIDE's checklist for
//! tournament programs asks for it (Q103, a hard fail).
//!
//! The standings without such players are the standings of the tournament without them: their
//! records gone, and their opponents' rounds against them no game at all (as the rest round
//! of a round robin of one player fewer). That is how they are computed here, so that
//! TieBreakServer's standings of that smaller tournament are the reference for ours.
//!
//! Who left: a player the file marks withdrawn or expelled (the desk's `###` marks) from a round
//! already played or the next one; or, once every round of the round robin is played, a player
//! who lost every round after their last game over the board without a game (a forfeit, an
//! absence; a rest round aside): a file from another program writes a leaver's games as
//! forfeits and no mark. A player only missing games for now is not taken to have left before
//! the end (annulling on one missed game would rank everyone anew, and back when they return),
//! nor one marked from a later round, who has games still to play. Completed games are those
//! played over the board (a forfeit is not completed). An opponent's round written with no
//! opponent (`0000 + `) cannot be told to be against the leaver, and stays as it is.

use super::eig::{eigenvector_ratings, EigenvectorRatings};
use super::{is_pre_determined, Ctx, Options, Pairing, StandingRow, Standings, TiebreakValue};
use crate::tournament::{RoundEntry, RoundResult, Tournament, TournamentType};

/// What each value of a player not counted says.
pub const NOT_COUNTED: &str =
    "not counted: left the round robin having played fewer than half of their games (FIDE Tournament Rules C.06 V.4a)";

/// The entrants (by index, in start order) of the round robin `t` whose results the standings
/// do not count. Empty for a team tournament: its players' games are boards of matches, and
/// a team's results are the team standings' (not covered here).
pub fn annulled(t: &Tournament) -> Vec<usize> {
    let n = t.entrants.len();
    if n < 3 || t.points_by_round.is_some() || !t.teams.is_empty() {
        return Vec::new();
    }
    let (games, rounds) = schedule(t);
    let last = t.rounds_played();
    let complete = last >= rounds;
    (0..n)
        .filter(|&p| {
            let e = &t.entrants[p];
            let completed = e.rounds.iter().take(last).filter(|r| game_over_the_board(r)).count();
            2 * completed < games && (marked_gone(t, e.start, last) || (complete && left_at_the_end(&e.rounds, last)))
        })
        .collect()
}

fn game_over_the_board(r: &RoundEntry) -> bool {
    r.opponent.is_some() && r.result.over_the_board()
}

/// Marked withdrawn or expelled from a round already played or the next: no game to come.
fn marked_gone(t: &Tournament, start: u32, last: usize) -> bool {
    t.departures.iter().any(|(s, d)| *s == start && d.from_round() <= last + 1)
}

/// Every round of the first `last` after the player's last game over the board lost without a
/// game (a forfeit lost, an absence or a zero-point bye), a rest round (no opponent, no points
/// given) aside, and at least one such loss.
fn left_at_the_end(rounds: &[RoundEntry], last: usize) -> bool {
    let rounds = &rounds[..last.min(rounds.len())];
    let after = rounds.iter().rposition(game_over_the_board).map_or(0, |i| i + 1);
    let lost = |r: &RoundEntry| matches!(r.result, RoundResult::ForfeitLoss | RoundResult::ZeroBye);
    let rest = |r: &RoundEntry| r.opponent.is_none() && matches!(r.result, RoundResult::NotPaired | RoundResult::PairingBye);
    let tail = &rounds[after..];
    tail.iter().any(lost) && tail.iter().all(|r| lost(r) || rest(r))
}

/// [`annulled`] where `t`'s pairings are pre-determined as [`Pairing::Auto`] decides.
pub fn annulled_if_round_robin(t: &Tournament) -> Vec<usize> {
    match is_pre_determined(t) {
        true => annulled(t),
        false => Vec::new(),
    }
}

/// Each player's games in the whole round robin, and its rounds: every other player once a
/// cycle; a cycle is n − 1 rounds, or n when one player rests each round. Two cycles when the
/// file declares a double round robin, else as many as its planned rounds need.
fn schedule(t: &Tournament) -> (usize, usize) {
    let n = t.entrants.len();
    let per_cycle = if n % 2 == 0 { n - 1 } else { n };
    let cycles = match t.tournament_type.as_ref().map(|d| &d.kind) {
        Some(TournamentType::RoundRobin { double }) => 1 + usize::from(*double),
        _ => t.rounds.div_ceil(per_cycle).max(1),
    };
    (cycles * (n - 1), cycles * per_cycle)
}

/// `t` without the entrants `gone`: the others in order, their rounds against the gone no game
/// at all; and the kept entrants' indices in `t`.
pub(crate) fn without(t: &Tournament, gone: &[usize]) -> (Tournament, Vec<usize>) {
    let n = t.entrants.len();
    let kept: Vec<usize> = (0..n).filter(|p| !gone.contains(p)).collect();
    let mut new_of = vec![None; n];
    for (i, &p) in kept.iter().enumerate() {
        new_of[p] = Some(i);
    }
    let entrants = kept
        .iter()
        .map(|&p| {
            let mut e = t.entrants[p].clone();
            for r in &mut e.rounds {
                match r.opponent.filter(|&o| o < n).map(|o| new_of[o]) {
                    Some(Some(i)) => r.opponent = Some(i),
                    Some(None) => *r = RoundEntry::NOT_PAIRED,
                    None => {}
                }
            }
            e
        })
        .collect();
    let keep = |rows: &Option<Vec<Vec<f64>>>| rows.as_ref().map(|v| kept.iter().filter_map(|&p| v.get(p).cloned()).collect());
    let mut reduced = t.clone();
    reduced.entrants = entrants;
    reduced.points_by_round = keep(&t.points_by_round);
    reduced.sb_factor_by_round = keep(&t.sb_factor_by_round);
    (reduced, kept)
}

/// The standings of round robin `t` without its entrants `gone` ([`annulled`]), by `t`'s
/// indices: the others ranked as in the tournament without them, then the gone, unranked, by
/// start number, with their own points and no tiebreak values.
pub(crate) fn standings(t: &Tournament, gone: &[usize], order: &[super::Tiebreak], options: &Options) -> Standings {
    let (reduced, kept) = without(t, gone);
    let eigenvector = options.eigenvector.as_ref().map(|v| kept.iter().map(|&p| v.get(p).copied().flatten()).collect());
    let options = Options { pairing: Pairing::PreDetermined, eigenvector, ..options.clone() };
    let mut s = super::standings_counting_all(&reduced, order, &options);
    for row in &mut s.rows {
        row.entrant = kept[row.entrant];
    }
    let points = Ctx::new(t, options.rules, true, None).points;
    let gone_now = t.departures_by_entrant();
    let first = s.rows.len();
    for (i, &p) in gone.iter().enumerate() {
        let e = &t.entrants[p];
        s.rows.push(StandingRow {
            entrant: p,
            start: e.start,
            name: e.name.clone(),
            points: points[p],
            rank: first + i + 1,
            values: order.iter().map(|&code| TiebreakValue { code, value: None, explanation: NOT_COUNTED.into() }).collect(),
            departure: gone_now[p],
            not_counted: true,
        });
    }
    s
}

/// Brent's eigenvector ratings (EIG) of `t`'s entrants from the results the standings count:
/// for a round robin, without the games of the players [`annulled`] (who get none).
pub fn counted_eigenvector(t: &Tournament) -> EigenvectorRatings {
    let gone = annulled_if_round_robin(t);
    if gone.is_empty() {
        return eigenvector_ratings(t);
    }
    let (reduced, kept) = without(t, &gone);
    let e = eigenvector_ratings(&reduced);
    let spread = |v: &[Option<f64>]| {
        let mut all = vec![None; t.entrants.len()];
        for (i, &p) in kept.iter().enumerate() {
            all[p] = v.get(i).copied().flatten();
        }
        all
    };
    EigenvectorRatings { rating: spread(&e.rating), sigma: spread(&e.sigma), note: e.note }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tiebreak::{standings_with, Tiebreak};
    use crate::tournament::{Colour, DeclaredType, Departure, Entrant};

    /// Four players, `cycles` round robins (C.05's table for four), `played` rounds of them;
    /// `gone(start, round)` (1-based) loses that round by forfeit, else the lower start wins.
    fn four(cycles: usize, played: usize, gone: impl Fn(u32, usize) -> bool) -> Tournament {
        let table = [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]];
        let mut entrants: Vec<Entrant> = (1..=4).map(|s| Entrant::new(s, &format!("P{s}"), 2000)).collect();
        for r in 1..=played {
            for &(w, b) in &table[(r - 1) % 3] {
                let (gw, gb) = (gone(w, r), gone(b, r));
                let (rw, rb) = match (gw, gb) {
                    (true, true) => (RoundResult::ForfeitLoss, RoundResult::ForfeitLoss),
                    (true, false) => (RoundResult::ForfeitLoss, RoundResult::ForfeitWin),
                    (false, true) => (RoundResult::ForfeitWin, RoundResult::ForfeitLoss),
                    _ if w < b => (RoundResult::Win, RoundResult::Loss),
                    _ => (RoundResult::Loss, RoundResult::Win),
                };
                let (iw, ib) = (w as usize - 1, b as usize - 1);
                entrants[iw].rounds.push(RoundEntry::new(Some(ib), Some(Colour::White), rw));
                entrants[ib].rounds.push(RoundEntry::new(Some(iw), Some(Colour::Black), rb));
            }
        }
        let kind = TournamentType::RoundRobin { double: cycles == 2 };
        Tournament { rounds: 3 * cycles, entrants, tournament_type: Some(DeclaredType { kind, line: 1 }), ..Default::default() }
    }

    #[test]
    fn under_half_is_not_counted_half_or_more_is() {
        // Single: 3 games each. #4 leaves after 1 game (1 < 1.5): not counted.
        assert_eq!(annulled(&four(1, 3, |s, r| s == 4 && r >= 2)), vec![3]);
        // After 2 games (2 ≥ 1.5): counted.
        assert!(annulled(&four(1, 3, |s, r| s == 4 && r >= 3)).is_empty());
        // Double: 6 games each; exactly half played (3 of 6) is counted (V.4b), 2 of 6 is not.
        assert!(annulled(&four(2, 6, |s, r| s == 4 && r >= 4)).is_empty());
        assert_eq!(annulled(&four(2, 6, |s, r| s == 4 && r >= 3)), vec![3]);
    }

    #[test]
    fn a_player_only_missing_games_for_now_is_counted_until_the_end_or_a_mark() {
        // After round 2 of 3, #4 lost round 2 by forfeit: not yet known to have left.
        let t = four(1, 2, |s, r| s == 4 && r >= 2);
        assert!(annulled(&t).is_empty());
        // Absent (`0000 - -`) instead: the same.
        let mut absent = t.clone();
        absent.entrants[3].rounds[1] = RoundEntry { opponent: None, colour: None, result: RoundResult::ZeroBye, absent: true };
        absent.entrants[2].rounds[1] = RoundEntry::new(None, None, RoundResult::PairingBye);
        assert!(annulled(&absent).is_empty());
        // Marked withdrawn from round 2 (the desk's mark): 1 game, and no more to come.
        let marked = Tournament { departures: vec![(4, Departure::Withdrawn { from_round: 2 })], ..t.clone() };
        assert_eq!(annulled(&marked), vec![3]);
        // From round 3, the next: the same.
        let next = Tournament { departures: vec![(4, Departure::Withdrawn { from_round: 3 })], ..t.clone() };
        assert_eq!(annulled(&next), vec![3]);
        // Expelled likewise.
        let expelled = Tournament { departures: vec![(4, Departure::Expelled { from_round: 2 })], ..t };
        assert_eq!(annulled(&expelled), vec![3]);
    }

    #[test]
    fn a_mark_for_a_later_round_leaves_the_games_before_it_to_be_played() {
        // A double round robin after round 2, #4 marked withdrawn from round 5: rounds 3 and 4
        // are still theirs to play (4 of 6 by then), so nothing is annulled now.
        let t = four(2, 2, |_, _| false);
        let later = Tournament { departures: vec![(4, Departure::Withdrawn { from_round: 5 })], ..t };
        assert!(annulled(&later).is_empty());
    }

    #[test]
    fn leaving_at_the_end_is_every_round_after_the_last_game_lost_unplayed() {
        let game = |result| RoundEntry::new(Some(1), Some(Colour::White), result);
        let rest = RoundEntry::new(None, None, RoundResult::PairingBye);
        let absent = RoundEntry { opponent: None, colour: None, result: RoundResult::ZeroBye, absent: true };
        use RoundResult::{Draw, ForfeitLoss, ForfeitWin, Win};
        assert!(left_at_the_end(&[game(Win), game(ForfeitLoss), game(ForfeitLoss)], 3));
        assert!(left_at_the_end(&[game(Win), absent, game(ForfeitLoss), rest], 4), "a rest round at the end aside");
        assert!(!left_at_the_end(&[game(Win), game(ForfeitLoss), game(Draw)], 3), "played the last round");
        assert!(!left_at_the_end(&[game(Win), game(ForfeitWin), game(ForfeitLoss)], 3), "won a round after the last game");
        assert!(!left_at_the_end(&[game(Win), rest], 2), "only a rest after the last game");
        // Only the rounds played count.
        assert!(!left_at_the_end(&[game(Win), game(Draw), game(ForfeitLoss)], 2));
    }

    #[test]
    fn the_standings_rank_the_rest_as_if_the_leaver_had_not_played() {
        let t = four(1, 3, |s, r| s == 4 && r >= 2);
        let s = standings_with(&t, &[Tiebreak::Sb], &Options::default());
        // #1 beat #4 over the board in round 1: that point is not counted (3 → 2).
        let p1 = &s.rows[0];
        assert_eq!((p1.start, p1.points, p1.rank), (1, 2.0, 1));
        // #2 and #3 won by forfeit against #4: not counted either.
        assert_eq!(s.rows.iter().map(|r| (r.start, r.points)).collect::<Vec<_>>(), vec![(1, 2.0), (2, 1.0), (3, 0.0), (4, 0.0)]);
        let last = &s.rows[3];
        assert!(last.not_counted && !last.ranked() && last.rank == 4 && last.values[0].value.is_none());
        assert_eq!(last.values[0].explanation, NOT_COUNTED);
        // The same tournament as a Swiss counts everything.
        let swiss = standings_with(&t, &[Tiebreak::Sb], &Options { pairing: Pairing::Swiss, ..Options::default() });
        assert!(swiss.rows.iter().all(|r| !r.not_counted));
        assert_eq!(swiss.rows[0].points, 3.0);
    }

    #[test]
    fn eig_counts_only_the_counted_games() {
        let t = four(1, 3, |s, r| s == 4 && r >= 2);
        let e = counted_eigenvector(&t);
        assert_eq!(e.rating.len(), 4);
        assert!(e.rating[3].is_none() && e.sigma[3].is_none(), "{e:?}");
        let (reduced, _) = without(&t, &[3]);
        assert_eq!(e.rating[..3], eigenvector_ratings(&reduced).rating[..]);
    }
}
