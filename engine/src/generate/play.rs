//! What happens in a generated tournament: who enters late and who withdraws ([`Plan`]), the
//! byes asked for each round, each game's result, and the players' names, pairs kept apart
//! and teams.

use super::params::Resolved;
use crate::desk::register::NewPlayer;
use crate::desk::system::System;
use crate::evaluation::random::Random;
use crate::fide::rating::expected;
use crate::parse::trf::Cell;
use crate::tournament::{Colour, RoundResult, Tournament};
use std::collections::BTreeMap;

/// Late entries and withdrawals, by start number: the round a player enters (1: from the
/// start) and the round from which they are gone.
pub(super) struct Plan {
    entry: BTreeMap<u32, usize>,
    leave: BTreeMap<u32, usize>,
}

impl Plan {
    /// Each player enters late with the late-entry rate (in round 2 to the middle round) and
    /// withdraws with the withdrawal rate (from round 2 on): never both, and never in a
    /// one-round tournament.
    pub(super) fn draw(r: &Resolved, rng: &mut Random) -> Plan {
        let mut plan = Plan { entry: BTreeMap::new(), leave: BTreeMap::new() };
        if r.rounds < 2 {
            return plan;
        }
        for start in 1..=r.players as u32 {
            if rng.unit() < r.late_entries {
                plan.entry.insert(start, 2 + rng.below(r.rounds.div_ceil(2).max(1)));
            } else if rng.unit() < r.withdrawals {
                plan.leave.insert(start, 2 + rng.below(r.rounds - 1));
            }
        }
        plan
    }

    fn entered(&self, start: u32, round: usize) -> bool {
        self.entry.get(&start).is_none_or(|&e| round >= e)
    }

    fn gone(&self, start: u32, round: usize) -> bool {
        self.leave.get(&start).is_some_and(|&w| round >= w)
    }

    /// The round's entries made before it is paired: a late entrant's zero-point byes, a
    /// withdrawn player's absence, and the byes asked for (a Swiss only; no player asks in a
    /// round already entered).
    pub(super) fn requests(&self, t: &Tournament, round: usize, r: &Resolved, rng: &mut Random) -> BTreeMap<u32, Cell> {
        let mut out = BTreeMap::new();
        for e in &t.entrants {
            let s = e.start;
            let bye = |result| cell(None, None, result);
            if !self.entered(s, round) {
                out.insert(s, bye(RoundResult::ZeroBye));
            } else if self.gone(s, round) && !is_robin(r.system) {
                out.insert(s, bye(RoundResult::ForfeitLoss));
            } else if !is_robin(r.system) {
                let x = rng.unit();
                let asked = [
                    (r.half_point_byes, RoundResult::HalfBye),
                    (r.zero_point_byes, RoundResult::ZeroBye),
                    (r.full_point_byes, RoundResult::FullBye),
                ];
                let mut below = 0.0;
                for (rate, result) in asked {
                    below += rate;
                    if x < below {
                        out.insert(s, bye(result));
                        break;
                    }
                }
            }
        }
        out
    }
}

/// The round's results: each board's drawn ([`game`]); in a round robin a withdrawn
/// player's games are lost by forfeit.
pub(super) fn results(t: &Tournament, round: usize, r: &Resolved, plan: &Plan, rng: &mut Random) -> BTreeMap<u32, Cell> {
    let mut out = BTreeMap::new();
    for (i, e) in t.entrants.iter().enumerate() {
        let Some(entry) = e.rounds.get(round - 1) else { continue };
        let (Some(j), Some(Colour::White)) = (entry.opponent, entry.colour) else { continue };
        let (white, black) = (e.start, t.entrants[j].start);
        let rating = |k: usize| f64::from(t.entrants[k].rating.unwrap_or(UNRATED_STRENGTH));
        let (w_gone, b_gone) = (plan.gone(white, round), plan.gone(black, round));
        let (rw, rb) = match (w_gone, b_gone) {
            (true, true) => (RoundResult::ForfeitLoss, RoundResult::ForfeitLoss),
            (true, false) => (RoundResult::ForfeitLoss, RoundResult::ForfeitWin),
            (false, true) => (RoundResult::ForfeitWin, RoundResult::ForfeitLoss),
            (false, false) => game(rating(i) + r.white_advantage - rating(j), r, rng),
        };
        out.insert(white, cell(Some(black), Some(Colour::White), rw));
        out.insert(black, cell(Some(white), Some(Colour::Black), rb));
    }
    out
}

/// The strength an unrated player plays at in drawing results.
const UNRATED_STRENGTH: u32 = 1400;

/// One game's result for White and Black, White `d` Elo points the stronger (her advantage
/// included): forfeited by one (either side alike) or both, scored ½–0 (either way), or
/// played, with White's expected score FIDE's table's (B.02 8.1.2, the 400-point rule not
/// applied: it is for rating, not for play) and the draw rate scaled down where the expected
/// score leaves no room for it.
fn game(d: f64, r: &Resolved, rng: &mut Random) -> (RoundResult, RoundResult) {
    use RoundResult::{Draw, ForfeitLoss, ForfeitWin, Loss, Win};
    let x = rng.unit();
    if x < r.double_forfeits {
        return (ForfeitLoss, ForfeitLoss);
    }
    if x < r.double_forfeits + r.forfeits {
        return if rng.below(2) == 0 { (ForfeitWin, ForfeitLoss) } else { (ForfeitLoss, ForfeitWin) };
    }
    if x < r.double_forfeits + r.forfeits + r.half_zero {
        return if rng.below(2) == 0 { (Draw, Loss) } else { (Loss, Draw) };
    }
    let e = f64::from(expected(d.round() as i32)) / 100.0;
    let draw = r.draw_rate.min(2.0 * e.min(1.0 - e));
    let y = rng.unit();
    if y < e - draw / 2.0 {
        (Win, Loss)
    } else if y < e + draw / 2.0 {
        (Draw, Draw)
    } else {
        (Loss, Win)
    }
}

const GIVEN: [&str; 24] = [
    "Anna", "Ben", "Chloe", "David", "Elif", "Farid", "Greta", "Hugo", "Ines", "Jonas", "Kaja", "Luis", "Maya", "Nikolai", "Olga", "Pavel",
    "Quinn", "Rosa", "Sven", "Tara", "Umar", "Vera", "Wei", "Yara",
];
const FAMILY: [&str; 24] = [
    "Aalto",
    "Brandt",
    "Costa",
    "Dahl",
    "Eriksen",
    "Fischer",
    "Garcia",
    "Horvat",
    "Ivanova",
    "Jensen",
    "Kowalski",
    "Lindqvist",
    "Moreau",
    "Nakamura",
    "Okafor",
    "Petrov",
    "Quist",
    "Rossi",
    "Silva",
    "Tanaka",
    "Ueda",
    "Varga",
    "Weber",
    "Zhang",
];

/// `n` distinct names, "Family, Given" (a number after the family name once the 576 pairs
/// run short).
pub(super) fn names(n: usize, rng: &mut Random) -> Vec<String> {
    let mut seen = std::collections::BTreeSet::new();
    (0..n)
        .map(|k| {
            let mut name = format!("{}, {}", FAMILY[rng.below(FAMILY.len())], GIVEN[rng.below(GIVEN.len())]);
            if !seen.insert(name.clone()) {
                let (family, given) = name.split_once(", ").unwrap_or((&name, ""));
                name = format!("{family} {}, {given}", k + 1);
                seen.insert(name.clone());
            }
            name
        })
        .collect()
}

/// `pairs` pairs of players who must not meet, as the desk's form takes them (a pair a line,
/// names separated by `;`), no player in two.
pub(super) fn apart(players: &[NewPlayer], pairs: usize, rng: &mut Random) -> String {
    let mut order: Vec<usize> = (0..players.len()).collect();
    rng.shuffle(&mut order);
    order.chunks(2).take(pairs).map(|c| format!("{}; {}\n", players[c[0]].name, players[c[1]].name)).collect()
}

/// TRF-2026 team records (`310`: number 5-7, name 9-40, players from 74, five columns each):
/// the start numbers shuffled into `teams` teams of `boards`, each team's players in
/// start-number order (its board order).
pub(super) fn team_records(teams: usize, boards: usize, rng: &mut Random) -> String {
    let mut starts: Vec<u32> = (1..=(teams * boards) as u32).collect();
    rng.shuffle(&mut starts);
    let mut out = String::new();
    for (k, members) in starts.chunks(boards).enumerate() {
        let mut members = members.to_vec();
        members.sort_unstable();
        let mut line = format!("310 {:>3} {:<32}", k + 1, format!("Team {}", k + 1));
        line = format!("{line:<73}");
        for s in members {
            line.push_str(&format!("{s:>4} "));
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// A round entry with its result (the points are written at the end).
fn cell(opponent: Option<u32>, colour: Option<Colour>, result: RoundResult) -> Cell {
    Cell { opponent, colour, result: Some(result), points: None }
}

/// A round robin has no byes: every player meets every other.
fn is_robin(s: System) -> bool {
    s.cycles().is_some()
}
