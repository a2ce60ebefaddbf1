//! The desk's pairing systems and players who must not meet (issue 35): what the new
//! tournament form chooses, written into the file as TRF-2026 records so that the file alone
//! says how it is paired (`192`, the encoded tournament type; `260`, players who must not
//! meet), and read back by every pairing (`pair`, the desk, another program).
//!
//! * A Swiss by the Dutch system (C.04.3), plain or with FIDE's Baku acceleration (C.04.5.1,
//!   `192 FIDE_DUTCH_2025_BAKU`: standard scoring only).
//! * A round robin, single or double, by C.05's Berger tables (`192 FIDE_ROUNDROBIN` /
//!   `FIDE_DOUBLEROUNDROBIN`): the rounds are the table's, whatever the form says.
//! * Players who must not meet (siblings, clubmates), named as registered, a group a line:
//!   one `260` record a group for every round (C.04.3's absolute criteria gain them; FIDE's
//!   checklist, Q195-196: set before round 1, never added after a round is played).

use super::error::DeskError;
use crate::pairing::berger::{self, Cycles};
use crate::tournament::{PointSystem, TournamentType};
use serde::{Deserialize, Serialize};

/// How a desk tournament is paired.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum System {
    #[default]
    Swiss,
    SwissBaku,
    RoundRobin,
    DoubleRoundRobin,
}

impl System {
    pub const ALL: [System; 4] = [System::Swiss, System::SwissBaku, System::RoundRobin, System::DoubleRoundRobin];

    pub fn name(self) -> &'static str {
        match self {
            System::Swiss => "Swiss (Dutch, C.04.3)",
            System::SwissBaku => "Swiss with Baku acceleration (C.04.5.1)",
            System::RoundRobin => "Round robin (Berger tables, C.05)",
            System::DoubleRoundRobin => "Double round robin (Berger tables, C.05)",
        }
    }

    /// The form's value (`swiss`, `baku`, `rr`, `drr`).
    pub fn code(self) -> &'static str {
        match self {
            System::Swiss => "swiss",
            System::SwissBaku => "baku",
            System::RoundRobin => "rr",
            System::DoubleRoundRobin => "drr",
        }
    }

    pub fn from_code(code: &str) -> Option<System> {
        System::ALL.into_iter().find(|s| s.code() == code)
    }

    pub fn tournament_type(self) -> TournamentType {
        match self {
            System::Swiss => TournamentType::Dutch { baku: false },
            System::SwissBaku => TournamentType::Dutch { baku: true },
            System::RoundRobin => TournamentType::RoundRobin { double: false },
            System::DoubleRoundRobin => TournamentType::RoundRobin { double: true },
        }
    }

    /// The round-robin cycles, for a round robin.
    pub fn cycles(self) -> Option<Cycles> {
        match self {
            System::RoundRobin => Some(Cycles::Single),
            System::DoubleRoundRobin => Some(Cycles::Double),
            _ => None,
        }
    }

    /// The `092` text (free, for people).
    pub fn description(self) -> &'static str {
        match self {
            System::Swiss => "Individual: Swiss-System (Dutch, FIDE C.04.3)",
            System::SwissBaku => "Individual: Swiss-System (Dutch, FIDE C.04.3, Baku acceleration C.04.5.1)",
            System::RoundRobin => "Individual: Round-Robin (Berger tables, FIDE C.05)",
            System::DoubleRoundRobin => "Individual: Double Round-Robin (Berger tables, FIDE C.05)",
        }
    }

    /// The rounds a tournament of `players` has: a round robin's from its table, else `asked`.
    pub fn rounds(self, players: usize, asked: usize) -> Result<usize, DeskError> {
        let Some(cycles) = self.cycles() else { return Ok(asked) };
        if !(3..=24).contains(&players) {
            return Err(DeskError::Details(format!("a round robin: expected 3 to 24 players (C.05's Berger tables), found {players}")));
        }
        Ok(berger::rounds(players, cycles))
    }

    /// Refuses what the system cannot pair: Baku acceleration with other than 1-½-0.
    pub fn check(self, points: &PointSystem) -> Result<(), DeskError> {
        match self {
            System::SwissBaku if (points.win, points.draw, points.loss) != (1.0, 0.5, 0.0) => Err(DeskError::Details(
                "Baku acceleration (C.04.5.1) needs the standard scoring, 1-½-0: choose it, or a Swiss without acceleration".into(),
            )),
            _ => Ok(()),
        }
    }
}

/// The groups of players who must not meet, typed a group a line, names separated by `;`
/// (`Smith, Ann; Smith, Bob`): each name one registered player's (without case); an error
/// names the line and the name. Returns each group as indices into `players` (their names).
pub fn parse_apart(text: &str, players: &[&str]) -> Result<Vec<Vec<usize>>, DeskError> {
    let mut groups = Vec::new();
    for (k, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let mut group = Vec::new();
        for name in line.split(';').map(str::trim).filter(|n| !n.is_empty()) {
            let found: Vec<usize> = (0..players.len()).filter(|&i| players[i].trim().eq_ignore_ascii_case(name)).collect();
            let bad = |what: &str| DeskError::Details(format!("must not meet, line {}: '{}' {what}", k + 1, crate::error::excerpt(name)));
            match found.as_slice() {
                [i] if !group.contains(i) => group.push(*i),
                [_] => return Err(bad("is named twice")),
                [] => return Err(bad("is not a registered player (expected a name as in the players' list)")),
                _ => return Err(bad("names more than one registered player (add a first name or initial to tell them apart)")),
            }
        }
        if group.len() < 2 {
            return Err(DeskError::Details(format!("must not meet, line {}: expected two or more names separated by ';'", k + 1)));
        }
        groups.push(group);
    }
    Ok(groups)
}

/// A `260` record: the start numbers, any two of whom must not meet in rounds 1 to `rounds`.
pub fn apart_record(starts: &[u32], rounds: usize) -> String {
    let list: Vec<String> = starts.iter().map(|s| format!("{s:>4}")).collect();
    format!("260 {:>3} {rounds:>3} {}", 1, list.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_are_read_by_name_and_bad_lines_named() {
        let ps = ["Smith, Ann", "Smith, Bob", "Lee, Cy", "Lee, Di"];
        assert_eq!(parse_apart("smith, ann; Smith, Bob\n\nLee, Cy;Lee, Di;Smith, Ann\n", &ps).unwrap(), vec![vec![0, 1], vec![2, 3, 0]]);
        let e = parse_apart("Smith, Ann; Smith, Eve", &ps).unwrap_err().to_string();
        assert!(e.contains("line 1: 'Smith, Eve' is not a registered player"), "{e}");
        let e = parse_apart("Lee, Cy", &ps).unwrap_err().to_string();
        assert!(e.contains("expected two or more names"), "{e}");
    }

    #[test]
    fn a_260_record_reads_back() {
        let r = apart_record(&[3, 12], 9);
        assert_eq!(r, "260   1   9    3   12");
        let f = crate::parse::trf_codes::read_forbidden("260", 1, &r).unwrap();
        assert_eq!((f.rounds, f.players), (Some((1, 9)), vec![3, 12]));
    }

    #[test]
    fn round_robins_have_the_tables_rounds_and_baku_needs_standard_points() {
        assert_eq!(System::DoubleRoundRobin.rounds(10, 7).unwrap(), 18);
        assert_eq!(System::RoundRobin.rounds(9, 7).unwrap(), 9);
        assert_eq!(System::Swiss.rounds(10, 7).unwrap(), 7);
        assert!(System::RoundRobin.rounds(30, 7).is_err());
        let three = PointSystem { win: 3.0, draw: 1.0, ..PointSystem::default() };
        assert!(System::SwissBaku.check(&three).is_err() && System::SwissBaku.check(&PointSystem::default()).is_ok());
    }
}
