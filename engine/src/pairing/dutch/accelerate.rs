//! Virtual points for pairing (FIDE Handbook C.04.5.1, the Baku Acceleration Method, and any
//! other method as explicit points per player and round: JaVaFo's `XXA`, TRF-2026's `250`).
//! They are added to the scores the Dutch system pairs by (score groups, floats, the bye,
//! topscorers and C.04.2's board order all read the "pairing score"), never to the
//! standings, the tiebreaks or the rating report.
//!
//! The Baku method as C.04.5.1 states it (spp.fide.com/c-04-5-1-baku-acceleration):
//! * **Groups.** Before round 1 the list of players to be paired is split: group A holds the
//!   first half rounded up to an even number, 2·⌈n/4⌉ players (161 players: 82). Here n is
//!   the players paired in round 1 (a player with a bye or absence entered for round 1 has no
//!   pairing number in it, and a late entrant is not yet there). The last GA player stays
//!   the same in later rounds: GA is every player whose start number is no higher than his,
//!   so a late entrant ranked above him joins GA (C.04.2's late entries), and GA may become odd.
//! * **Points.** The accelerated rounds are the first half of the rounds, rounded up; GA
//!   players get 1 virtual point in the first half of those (rounded up) and ½ in the rest;
//!   GB players and every round after them get none (9 rounds: 1, 1, 1, ½, ½).
//! * **Scoring.** "Applicable in any tournament where the standard scoring point system …
//!   is used": a file whose win, draw and loss are not 1, ½, 0 is refused.
//!
//! bbpPairings's own Baku flag (`192 FIDE_DUTCH_BAKU`) makes group A the first ⌈n/2⌉ players,
//! which differs from FIDE's text whenever ⌈n/2⌉ is odd; this follows FIDE's text, and the
//! fixtures compare with bbpPairings through `XXA` records that hold FIDE's points.
//! A file's own `XXA`/`250` points win over a `192 …_BAKU` type (the file says exactly what
//! was used), with a note when they differ from FIDE's.

use crate::error::PairError;
use crate::tournament::{Acceleration, RoundStatus, Tournament, TournamentType};
use std::collections::BTreeMap;

/// An acceleration method chosen outside the file (`pair --acceleration`, the desk).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AccelerationMethod {
    /// C.04.5.1.
    Baku,
}

/// The virtual points a round is paired with, and notes on where they came from.
pub struct Virtual {
    pub points: Option<Acceleration>,
    pub notes: Vec<String>,
}

/// The virtual points in force: the file's `XXA`/`250`, else Baku's when the file's `192` or
/// `asked` chooses it, else none. `total`: the tournament's rounds.
pub fn virtual_points(t: &Tournament, total: usize, asked: Option<AccelerationMethod>) -> Result<Virtual, PairError> {
    let typed = t.tournament_type.as_ref().filter(|d| d.kind == TournamentType::Dutch { baku: true });
    let baku_asked = asked == Some(AccelerationMethod::Baku) || typed.is_some();
    let mut notes = Vec::new();
    if let Some(file) = &t.acceleration {
        if baku_asked {
            let fide = baku(t, total)?;
            let differ: Vec<String> = t
                .entrants
                .iter()
                .filter(|e| (1..=total).any(|r| file.points(e.start, r) != fide.points(e.start, r)))
                .map(|e| e.start.to_string())
                .collect();
            let line = file.lines.first().copied().unwrap_or(0);
            notes.push(match differ.len() {
                0 => format!("Baku acceleration: the file's virtual points (line {line}) are FIDE's (C.04.5.1)"),
                n => format!(
                    "Baku acceleration: the file's own virtual points (line {line}) are used; they differ from FIDE's (C.04.5.1) for start number {}",
                    crate::text::first_of(&differ, n, 10)
                ),
            });
        }
        return Ok(Virtual { points: Some(file.clone()), notes });
    }
    if !baku_asked {
        return Ok(Virtual { points: None, notes });
    }
    let points = baku(t, total)?;
    let ga = points.by_start.len();
    let rounds = points.by_start.values().next().map_or(0, Vec::len);
    notes.push(format!(
        "Baku acceleration (C.04.5.1): group A is {ga} player{} (start numbers up to {}), virtual points in rounds 1-{rounds}",
        if ga == 1 { "" } else { "s" },
        points.by_start.keys().last().copied().unwrap_or(0)
    ));
    Ok(Virtual { points: Some(points), notes })
}

/// C.04.5.1's virtual points for every player of group A (see the module notes).
pub fn baku(t: &Tournament, total: usize) -> Result<Acceleration, PairError> {
    let ps = &t.point_system;
    if ps.win != 1.0 || ps.draw != 0.5 || ps.loss != 0.0 {
        return Err(PairError::BakuScoring { scoring: format!("a win {}, a draw {}, a loss {}", ps.win, ps.draw, ps.loss) });
    }
    let list = round_one_list(t);
    let ga = 2 * list.len().div_ceil(4);
    let Some(&last) = list.get(ga.min(list.len()).wrapping_sub(1)) else {
        return Ok(Acceleration::default());
    };
    let accelerated = total.div_ceil(2);
    let full = accelerated.div_ceil(2);
    let points: Vec<f64> = (1..=accelerated).map(|r| if r <= full { 1.0 } else { 0.5 }).collect();
    let by_start: BTreeMap<u32, Vec<f64>> = t.entrants.iter().filter(|e| e.start <= last).map(|e| (e.start, points.clone())).collect();
    Ok(Acceleration { lines: Vec::new(), by_start })
}

/// The start numbers of round 1's list of players to be paired, in order: once round 1 is
/// paired, those with a game or the pairing-allocated bye in it; before, those with nothing
/// entered for it (a bye or absence entered is not paired).
fn round_one_list(t: &Tournament) -> Vec<u32> {
    let in_round =
        |i: usize| matches!(t.status(i, 1), RoundStatus::Paired(_) | RoundStatus::Unpaired(crate::tournament::Unpaired::PairingBye));
    let paired = (0..t.entrants.len()).any(in_round);
    let mut list: Vec<u32> = (0..t.entrants.len())
        .filter(|&i| if paired { in_round(i) } else { super::state::to_pair(t, i, 1) })
        .map(|i| t.entrants[i].start)
        .collect();
    list.sort_unstable();
    list
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::{Entrant, RoundEntry, RoundResult};

    fn field(n: u32) -> Tournament {
        let entrants = (1..=n).map(|s| Entrant::new(s, &format!("P{s}"), s as usize)).collect();
        Tournament { entrants, ..Default::default() }
    }

    #[test]
    fn group_a_is_the_first_half_rounded_up_to_an_even_number() {
        // C.04.5.1's example: 161 players, group A 82 (bbpPairings's flag would make it 81).
        for (n, ga) in [(161, 82), (160, 80), (10, 6), (9, 6), (8, 4), (7, 4), (2, 2), (1, 1)] {
            let a = baku(&field(n), 9).unwrap();
            assert_eq!(a.by_start.len(), ga, "{n} players");
            assert_eq!(a.by_start.keys().last(), Some(&(ga as u32)));
        }
        assert!(baku(&field(0), 9).unwrap().by_start.is_empty());
    }

    #[test]
    fn virtual_points_by_round() {
        // 9 rounds: five accelerated, 1 point in the first three, ½ in the next two.
        let a = baku(&field(20), 9).unwrap();
        let got: Vec<f64> = (1..=10).map(|r| a.points(1, r)).collect();
        assert_eq!(got, [1.0, 1.0, 1.0, 0.5, 0.5, 0.0, 0.0, 0.0, 0.0, 0.0]);
        assert_eq!(a.points(11, 1), 0.0, "group B gets none");
        for (rounds, want) in [
            (5, vec![1.0, 1.0, 0.5]),
            (6, vec![1.0, 1.0, 0.5]),
            (7, vec![1.0, 1.0, 0.5, 0.5]),
            (11, vec![1.0; 3].into_iter().chain([0.5; 3]).collect()),
        ] {
            assert_eq!(baku(&field(20), rounds).unwrap().by_start[&1], want, "{rounds} rounds");
        }
    }

    #[test]
    fn a_round_one_bye_is_not_in_the_list_and_late_entrants_above_the_last_join() {
        // 10 players, round 1 played by 1-8 (9 and 10 had byes entered): n = 8, GA = 4.
        let mut t = field(10);
        for e in t.entrants.iter_mut() {
            e.rounds = vec![match e.start {
                9 | 10 => RoundEntry::new(None, None, RoundResult::HalfBye),
                s => RoundEntry::new(Some(((s + 3) % 8) as usize), None, RoundResult::Draw),
            }];
        }
        assert_eq!(baku(&t, 7).unwrap().by_start.len(), 4);
        // A late entrant given start number 2 (the others renumbered) joins group A: the last
        // GA player (the 4th of round 1's list) is now start number 5.
        let mut late = t.clone();
        for e in late.entrants.iter_mut() {
            if e.start >= 2 {
                e.start += 1;
            }
        }
        let mut entrant = Entrant::new(2, "Late", 99);
        entrant.rounds.push(RoundEntry::NOT_PAIRED);
        late.entrants.insert(1, entrant);
        let a = baku(&late, 7).unwrap();
        assert_eq!(a.by_start.keys().copied().collect::<Vec<_>>(), [1, 2, 3, 4, 5]);
    }

    #[test]
    fn refused_unless_the_scoring_is_one_half_nought() {
        let mut t = field(10);
        t.point_system.win = 3.0;
        t.point_system.draw = 1.0;
        let e = baku(&t, 7).unwrap_err();
        assert!(e.to_string().contains("1, ½, 0"), "{e}");
    }
}
