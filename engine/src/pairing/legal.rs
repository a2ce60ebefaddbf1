//! A round's legality read from the file alone, with no reference pairing to compare with: the
//! absolute rules any pairing keeps, whoever made it (FIDE Handbook C.04.1 and C.04.3, 2026).
//! A reference (bbpPairings, our own engine) can agree with a file and both be wrong; these
//! rules cannot be argued with, so a harness or a checker counts them apart from agreement.
//!
//! Checked: each player in one game at most (both records naming each other); no two players
//! meeting over the board twice (C.04.1 a; a double round robin's second cycle excepted); at
//! most one pairing-allocated bye a round, so one exactly when the number paired is odd (C.04.1
//! c); no pairing-allocated bye to a player who already had one or scored a win's points
//! without playing (C.04.3 C2); no two players a `260`/`XXP` record keeps apart paired. A
//! forfeited game was not played: it is no meeting. In a round robin the player with the
//! round off is the table's, not a pairing-allocated bye, and the table meets everyone: the bye
//! and forbidden-pair rules are the Swiss's alone.

use super::berger::{self, Cycles};
use crate::tournament::{RoundResult, RoundStatus, Tournament, Unpaired};
use serde::Serialize;

/// One rule a round of the file breaks; players by start number.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Illegal {
    /// `player` is in more than one game: their record names one opponent, others' records
    /// name them too.
    PairedTwice { player: u32, opponents: Vec<u32> },
    /// `player`'s record names `opponent`, whose record names no opponent in the round.
    OneSided { player: u32, opponent: u32 },
    /// The two met over the board in round `earlier` (in a double round robin: in the same
    /// cycle).
    Rematch { players: [u32; 2], earlier: usize },
    /// More than one pairing-allocated bye in the round.
    ManyByes { players: Vec<u32> },
    /// A pairing-allocated bye to `player`, who in round `earlier` already had one or scored a
    /// win's points without playing (`had`: what the file says they had then).
    ByeAgain { player: u32, earlier: usize, had: RoundResult },
    /// Two players a `260`/`XXP` record (its line) keeps apart in this round, paired.
    Forbidden { players: [u32; 2], line: usize },
}

impl Illegal {
    /// The rule broken, in words, for a report's line.
    pub fn words(&self) -> String {
        let list = |v: &[u32]| crate::text::names_and_more(v.iter().map(u32::to_string), 10);
        match self {
            Illegal::PairedTwice { player, opponents } => {
                format!("start number {player} is paired more than once (with {}): a player meets one opponent a round", list(opponents))
            }
            Illegal::OneSided { player, opponent } => {
                format!(
                    "start number {player}'s record names {opponent}, whose record names no opponent (expected both to name each other)"
                )
            }
            Illegal::Rematch { players: [a, b], earlier } => {
                format!("start numbers {a} and {b} already met in round {earlier}: two players meet once (C.04.1 a)")
            }
            Illegal::ManyByes { players } => {
                format!(
                    "{} pairing-allocated byes ({}): one at most, when the number paired is odd (C.04.1 c)",
                    players.len(),
                    list(players)
                )
            }
            Illegal::ByeAgain { player, earlier, had } => format!(
                "start number {player} has the pairing-allocated bye, after a {} in round {earlier}: no second bye (C.04.3 C2)",
                had.words()
            ),
            Illegal::Forbidden { players: [a, b], line } => {
                format!("start numbers {a} and {b} are paired, but the record on line {line} keeps them apart (260 or XXP)")
            }
        }
    }
}

/// Every rule round `round` (1-based) of `t` breaks, by the file's own system
/// ([`berger::file_cycles`]: a round robin's rules, else a Swiss's). Empty when the round is
/// legal, or is not in the file.
pub fn illegal(t: &Tournament, round: usize) -> Vec<Illegal> {
    illegal_under(t, round, berger::file_cycles(t))
}

/// [`illegal`] under a system given: `Some(cycles)` a round robin, `None` a Swiss.
pub fn illegal_under(t: &Tournament, round: usize, robin: Option<Cycles>) -> Vec<Illegal> {
    if round == 0 {
        return Vec::new();
    }
    let mut out = one_game_each(t, round);
    out.extend(rematches(t, round, robin));
    if robin.is_none() {
        out.extend(byes(t, round));
        out.extend(forbidden(t, round));
    }
    out
}

/// The opponent entrant `i`'s record names in `round`, if any.
fn opponent(t: &Tournament, i: usize, round: usize) -> Option<usize> {
    match t.status(i, round) {
        RoundStatus::Paired(j) if j < t.entrants.len() => Some(j),
        _ => None,
    }
}

/// Each player in one game at most, both records naming each other.
fn one_game_each(t: &Tournament, round: usize) -> Vec<Illegal> {
    let n = t.entrants.len();
    let mut partners: Vec<Vec<usize>> = vec![Vec::new(); n];
    for i in 0..n {
        if let Some(j) = opponent(t, i, round) {
            for (a, b) in [(i, j), (j, i)] {
                if !partners[a].contains(&b) {
                    partners[a].push(b);
                }
            }
        }
    }
    let mut out = Vec::new();
    for (i, with) in partners.iter().enumerate() {
        let start = t.entrants[i].start;
        if with.len() > 1 {
            let mut opponents: Vec<u32> = with.iter().map(|&j| t.entrants[j].start).collect();
            opponents.sort_unstable();
            out.push(Illegal::PairedTwice { player: start, opponents });
        } else if let (Some(j), [_]) = (opponent(t, i, round), with.as_slice()) {
            if opponent(t, j, round).is_none() {
                out.push(Illegal::OneSided { player: start, opponent: t.entrants[j].start });
            }
        }
    }
    out
}

/// Whether entrant `i` played `j` over the board in `round` (a forfeit is no meeting).
fn played(t: &Tournament, i: usize, j: usize, round: usize) -> bool {
    t.entrants[i].rounds.get(round - 1).is_some_and(|r| r.opponent == Some(j) && r.result.over_the_board())
}

/// Pairs of the round who met over the board before; in a double round robin, before in the
/// same cycle. A pair is named once, by its lower start number, at its latest earlier meeting.
fn rematches(t: &Tournament, round: usize, robin: Option<Cycles>) -> Vec<Illegal> {
    let per_cycle = berger::rounds(t.entrants.len(), Cycles::Single).max(1);
    let first = match robin {
        Some(Cycles::Double) => (round - 1) / per_cycle * per_cycle + 1,
        _ => 1,
    };
    let mut out = Vec::new();
    for i in 0..t.entrants.len() {
        let Some(j) = opponent(t, i, round).filter(|&j| t.entrants[i].start < t.entrants[j].start) else { continue };
        if let Some(earlier) = (first..round).rev().find(|&r| played(t, i, j, r) || played(t, j, i, r)) {
            out.push(Illegal::Rematch { players: [t.entrants[i].start, t.entrants[j].start], earlier });
        }
    }
    out
}

/// At most one pairing-allocated bye, and none to a player who already had one or scored a
/// win's points without playing (C.04.3 C2, as the engine's pairing reads it).
fn byes(t: &Tournament, round: usize) -> Vec<Illegal> {
    let with_bye: Vec<usize> =
        (0..t.entrants.len()).filter(|&i| t.status(i, round) == RoundStatus::Unpaired(Unpaired::PairingBye)).collect();
    let mut out = Vec::new();
    if with_bye.len() > 1 {
        out.push(Illegal::ManyByes { players: with_bye.iter().map(|&i| t.entrants[i].start).collect() });
    }
    let win = t.point_system.win;
    for &i in &with_bye {
        let e = &t.entrants[i];
        let unplayed_win = |r: &&crate::tournament::RoundEntry| {
            r.result == RoundResult::PairingBye || (!r.result.over_the_board() && t.point_system.points(r.result) >= win && win > 0.0)
        };
        if let Some(k) = e.rounds.iter().take(round - 1).position(|r| unplayed_win(&r)) {
            out.push(Illegal::ByeAgain { player: e.start, earlier: k + 1, had: e.rounds[k].result });
        }
    }
    out
}

/// Pairs a `260`/`XXP` record keeps apart in this round.
fn forbidden(t: &Tournament, round: usize) -> Vec<Illegal> {
    let mut out = Vec::new();
    for i in 0..t.entrants.len() {
        let Some(j) = opponent(t, i, round).filter(|&j| t.entrants[i].start < t.entrants[j].start) else { continue };
        let (a, b) = (t.entrants[i].start, t.entrants[j].start);
        if let Some(f) = t.forbidden.iter().find(|f| f.forbids(a, b, round)) {
            out.push(Illegal::Forbidden { players: [a, b], line: f.line });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::{Colour, Entrant, ForbiddenPairs, ForbiddenRecord, RoundEntry};

    /// Five players over two rounds: round 1 1-2, 3-4, 5 the bye; round 2 1-3, 2-5, 4 the bye.
    fn five() -> Tournament {
        let mut t = Tournament { rounds: 2, ..Default::default() };
        let games: [[Option<(usize, Colour, RoundResult)>; 2]; 5] = [
            [Some((1, Colour::White, RoundResult::Win)), Some((2, Colour::Black, RoundResult::Draw))],
            [Some((0, Colour::Black, RoundResult::Loss)), Some((4, Colour::White, RoundResult::Win))],
            [Some((3, Colour::White, RoundResult::Draw)), Some((0, Colour::White, RoundResult::Draw))],
            [Some((2, Colour::Black, RoundResult::Draw)), None],
            [None, Some((1, Colour::Black, RoundResult::Loss))],
        ];
        for (k, rounds) in games.iter().enumerate() {
            let mut e = Entrant::new(k as u32 + 1, &format!("P{}", k + 1), k + 1);
            for g in rounds {
                e.rounds.push(match g {
                    Some((j, c, r)) => RoundEntry::new(Some(*j), Some(*c), *r),
                    None => RoundEntry::new(None, None, RoundResult::PairingBye),
                });
            }
            t.entrants.push(e);
        }
        t
    }

    #[test]
    fn a_legal_round_breaks_nothing() {
        let t = five();
        assert_eq!(illegal(&t, 1), []);
        assert_eq!(illegal(&t, 2), []);
        assert_eq!(illegal(&t, 3), [], "a round not in the file");
        assert_eq!(illegal(&t, 0), []);
    }

    #[test]
    fn a_rematch_is_named_with_the_round_they_met() {
        let mut t = five();
        // Round 2: 1-2 again and 3-5, 4 the bye.
        t.entrants[0].rounds[1].opponent = Some(1);
        t.entrants[1].rounds[1].opponent = Some(0);
        t.entrants[2].rounds[1].opponent = Some(4);
        t.entrants[4].rounds[1].opponent = Some(2);
        assert_eq!(illegal(&t, 2), [Illegal::Rematch { players: [1, 2], earlier: 1 }]);
        assert!(illegal(&t, 2)[0].words().contains("already met in round 1"));
        // A forfeit is no meeting.
        t.entrants[0].rounds[0].result = RoundResult::ForfeitWin;
        t.entrants[1].rounds[0].result = RoundResult::ForfeitLoss;
        assert_eq!(illegal(&t, 2), []);
        // In the second cycle of a double round robin they may meet again; in the first, not.
        t.entrants[0].rounds[0].result = RoundResult::Win;
        t.entrants[1].rounds[0].result = RoundResult::Loss;
        assert_eq!(illegal_under(&t, 2, Some(Cycles::Double)).len(), 1, "five players: five rounds a cycle");
    }

    #[test]
    fn a_player_paired_twice_and_a_one_sided_game_are_named() {
        let mut t = five();
        // Round 2: 5 names 3 (who plays 1): 3 is in two games; 2 names 5, who does not name 2.
        t.entrants[4].rounds[1].opponent = Some(2);
        let found = illegal(&t, 2);
        assert!(found.contains(&Illegal::PairedTwice { player: 3, opponents: vec![1, 5] }), "{found:?}");
        assert!(found.contains(&Illegal::PairedTwice { player: 5, opponents: vec![2, 3] }), "{found:?}");
        let mut t = five();
        t.entrants[4].rounds[1] = RoundEntry::new(None, None, RoundResult::HalfBye);
        assert_eq!(illegal(&t, 2), [Illegal::OneSided { player: 2, opponent: 5 }]);
    }

    #[test]
    fn a_second_bye_and_two_byes_in_a_round_are_named() {
        let mut t = five();
        // Round 2: 5 has the bye again, 4 plays 2.
        t.entrants[4].rounds[1] = RoundEntry::new(None, None, RoundResult::PairingBye);
        t.entrants[3].rounds[1] = RoundEntry::new(Some(1), Some(Colour::Black), RoundResult::Loss);
        t.entrants[1].rounds[1].opponent = Some(3);
        assert_eq!(illegal(&t, 2), [Illegal::ByeAgain { player: 5, earlier: 1, had: RoundResult::PairingBye }]);
        // Both 4 and 5 the bye, 2 unpaired.
        t.entrants[3].rounds[1] = RoundEntry::new(None, None, RoundResult::PairingBye);
        t.entrants[1].rounds[1] = RoundEntry::new(None, None, RoundResult::ZeroBye);
        let found = illegal(&t, 2);
        assert!(found.contains(&Illegal::ManyByes { players: vec![4, 5] }), "{found:?}");
        // A forfeit win before counts as a bye had (C2).
        let mut t = five();
        t.entrants[3].rounds[0].result = RoundResult::ForfeitWin;
        t.entrants[2].rounds[0].result = RoundResult::ForfeitLoss;
        assert_eq!(illegal(&t, 2), [Illegal::ByeAgain { player: 4, earlier: 1, had: RoundResult::ForfeitWin }]);
    }

    #[test]
    fn a_forbidden_pair_seated_is_named_with_its_line_in_a_swiss_only() {
        let mut t = five();
        t.forbidden.push(ForbiddenPairs { line: 7, record: ForbiddenRecord::Trf260, rounds: Some((2, 2)), players: vec![1, 3] });
        assert_eq!(illegal(&t, 1), []);
        assert_eq!(illegal(&t, 2), [Illegal::Forbidden { players: [1, 3], line: 7 }]);
        assert_eq!(illegal_under(&t, 2, Some(Cycles::Single)), []);
    }
}
