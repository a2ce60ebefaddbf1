//! What a file must hold before a round is paired from it, and the check of a whole file's
//! pairings against the engine's (as bbpPairings's `-c` does): each round re-paired from the
//! rounds before it (FIDE Handbook C.04.3, 2026) and compared with the file's games, colours
//! and pairing-allocated bye (C.04.1 Art. 3-4).
//!
//! A TRF does not number boards, so the comparison is of pairs with their colours and of the
//! bye; the engine's boards are in C.04.2's board order (Art. 3.6), the file's games listed by
//! their white player's start number.

use super::{pair_round, Board, PairOptions, Pairing};
use crate::error::PairError;
use crate::tournament::{Colour, DeclaredType, RoundResult, RoundStatus, Tournament, TournamentType};

/// One game as the file holds it: start numbers, white first when the file gives colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Game {
    pub white: u32,
    pub black: u32,
    /// False when neither record gives a colour: the two are then listed by start number and
    /// the game matches a board of the same two players whatever its colours.
    pub coloured: bool,
}

/// One round of the file compared with the engine's pairing of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundCheck {
    pub round: usize,
    /// The engine's pairing of the round from the rounds before it.
    pub ours: Pairing,
    /// The engine's boards that the file does not hold (same players and colours).
    pub ours_only: Vec<Board>,
    /// The file's games that the engine did not make.
    pub file_only: Vec<Game>,
    /// The file's pairing-allocated bye (`0000 - U`).
    pub file_bye: Option<u32>,
}

impl RoundCheck {
    /// The file's round is the engine's: the same pairs with the same colours, the same bye.
    pub fn identical(&self) -> bool {
        self.ours_only.is_empty() && self.file_only.is_empty() && self.ours.bye == self.file_bye
    }
}

/// The last round in which any record holds a game (with a result or not) or a
/// pairing-allocated bye: the rounds `check_rounds` compares.
pub fn last_paired_round(t: &Tournament) -> usize {
    let paired = |r: &crate::tournament::RoundEntry| r.opponent.is_some() || r.result == RoundResult::PairingBye;
    t.entrants.iter().filter_map(|e| e.rounds.iter().rposition(paired)).map(|r| r + 1).max().unwrap_or(0)
}

/// The games and the bye of round `round` (1-based) as the file holds them.
pub fn file_round(t: &Tournament, round: usize) -> (Vec<Game>, Option<u32>) {
    let mut games = Vec::new();
    let mut bye = None;
    for (i, e) in t.entrants.iter().enumerate() {
        match t.status(i, round) {
            RoundStatus::Paired(j) if i < j => {
                let start_j = t.entrants[j].start;
                let game = match e.rounds[round - 1].colour {
                    Some(Colour::White) => Game { white: e.start, black: start_j, coloured: true },
                    Some(Colour::Black) => Game { white: start_j, black: e.start, coloured: true },
                    None => Game { white: e.start, black: start_j, coloured: false },
                };
                games.push(game);
            }
            RoundStatus::Unpaired(crate::tournament::Unpaired::PairingBye) => bye = bye.or(Some(e.start)),
            _ => {}
        }
    }
    games.sort();
    (games, bye)
}

/// Whether a board and a file's game are the same game.
fn same(b: &Board, g: &Game) -> bool {
    (b.white, b.black) == (g.white, g.black) || (!g.coloured && (b.black, b.white) == (g.white, g.black))
}

/// Re-pairs every round of `t` that holds games (1 to [`last_paired_round`]) from the rounds
/// before it and compares each with the file's. The first round the engine cannot pair is the
/// error (it names the round).
pub fn check_rounds(t: &Tournament, opts: &PairOptions) -> Result<Vec<RoundCheck>, PairError> {
    (1..=last_paired_round(t)).map(|round| check_round(t, round, opts)).collect()
}

/// Round `round` of `t` re-paired from the rounds before it and compared with the file's (one
/// round of [`check_rounds`]; a checker that goes on past a round it cannot pair calls it a
/// round at a time).
pub fn check_round(t: &Tournament, round: usize, opts: &PairOptions) -> Result<RoundCheck, PairError> {
    let ours = pair_round(t, round, opts)?;
    let (games, file_bye) = file_round(t, round);
    let ours_only = ours.boards.iter().filter(|b| !games.iter().any(|g| same(b, g))).copied().collect();
    let file_only = games.iter().filter(|g| !ours.boards.iter().any(|b| same(b, g))).copied().collect();
    Ok(RoundCheck { round, ours, ours_only, file_only, file_bye })
}

/// What a round's pairing needs of the file beyond what `pair_round` checks itself: the
/// round is one played or the next, the rounds before it agree record with record (each game listed by both players, C.04.1
/// Art. 1: one opponent a round), every player who must not meet (`260`, `XXP`) is in the
/// file, and the file's type (`192`) is one paired here.
pub fn before_pairing(t: &Tournament, round: usize) -> Result<(), PairError> {
    // Rounds played, not the planned total (XXR): a round after an unplayed one would be
    // paired from empty rounds.
    let played = t.rounds_played();
    if round == 0 || round > played + 1 {
        return Err(PairError::RoundOutOfRange { round, played });
    }
    for (i, e) in t.entrants.iter().enumerate() {
        for (r, entry) in e.rounds.iter().enumerate().take(round.saturating_sub(1)) {
            let Some(j) = entry.opponent else { continue };
            let other = &t.entrants[j];
            let back = other.rounds.get(r).and_then(|x| x.opponent);
            if back != Some(i) {
                let found = match back {
                    Some(k) => format!("start number {}", t.entrants[k].start),
                    None => "no opponent".to_string(),
                };
                let (line, opponent_line) = (e.line, other.line);
                return Err(PairError::Inconsistent { round: r + 1, line, player: e.start, opponent: other.start, opponent_line, found });
            }
        }
    }
    for f in &t.forbidden {
        if let Some(&start) = f.players.iter().find(|s| !t.entrants.iter().any(|e| e.start == **s)) {
            return Err(PairError::ForbiddenUnknown { line: f.line, start });
        }
    }
    match &t.tournament_type {
        Some(DeclaredType { kind: TournamentType::Other(code), line }) => {
            Err(PairError::UnsupportedSystem { line: *line, code: code.clone() })
        }
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::{Entrant, RoundEntry};

    /// Four players: 1-2 (1 White) and 3-4 (3 White) in round 1.
    fn four() -> Tournament {
        let mut t = Tournament { rounds: 1, ..Default::default() };
        for s in 1..=4u32 {
            let mut e = Entrant::new(s, &format!("P{s}"), s as usize);
            let (opp, colour) = match s {
                1 => (1, Colour::White),
                2 => (0, Colour::Black),
                3 => (3, Colour::White),
                _ => (2, Colour::Black),
            };
            let result = if colour == Colour::White { RoundResult::Win } else { RoundResult::Loss };
            e.rounds.push(RoundEntry::new(Some(opp), Some(colour), result));
            t.entrants.push(e);
        }
        t
    }

    #[test]
    fn the_files_games_and_bye_by_round() {
        let t = four();
        let (games, bye) = file_round(&t, 1);
        assert_eq!(games, vec![Game { white: 1, black: 2, coloured: true }, Game { white: 3, black: 4, coloured: true }]);
        assert_eq!(bye, None);
        assert_eq!(last_paired_round(&t), 1);
    }

    #[test]
    fn a_game_listed_by_one_player_only_is_refused_naming_both_lines() {
        let mut t = four();
        // 4 now lists 1 (who lists 2): 3 lists 4 but 4 lists someone else.
        t.entrants[3].rounds[0].opponent = Some(0);
        let e = before_pairing(&t, 2).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 3: round 1: start number 3 is paired with 4, but 4's record (line 4) has start number 1 in that round (expected 3); a player meets one opponent a round"
        );
        assert!(before_pairing(&four(), 2).is_ok());
        // Round 1 itself is not checked when pairing round 1.
        assert!(before_pairing(&t, 1).is_ok());
    }

    #[test]
    fn acceleration_moves_a_player_up_a_score_group() {
        // Round 2 of four after 1-0, 1-0: 1 and 3 lead. Start number 4 (who lost) given 1.5
        // virtual points for round 2 is paired as the leader: with 1 (1 point, the higher of
        // the two who have not met 4).
        let mut t = four();
        let plain = pair_round(&t, 2, &PairOptions::default()).unwrap();
        assert_eq!(plain.boards.iter().map(|b| (b.white.min(b.black), b.white.max(b.black))).collect::<Vec<_>>(), [(1, 3), (2, 4)]);
        let by_start = [(4, vec![0.0, 1.5])].into_iter().collect();
        t.acceleration = Some(crate::tournament::Acceleration { lines: vec![7], by_start });
        let p = pair_round(&t, 2, &PairOptions::default()).unwrap();
        assert_eq!(p.boards.iter().map(|b| (b.white.min(b.black), b.white.max(b.black))).collect::<Vec<_>>(), [(1, 4), (2, 3)]);
        // None in round 1 (start number 4 gets 0.0): round 1 re-paired 1-3 and 2-4 (S1 against
        // S2), where the file holds 1-2 and 3-4.
        let c = &check_rounds(&t, &PairOptions::default()).unwrap()[0];
        assert!(!c.identical());
        assert_eq!(c.file_only, [Game { white: 1, black: 2, coloured: true }, Game { white: 3, black: 4, coloured: true }]);
    }

    #[test]
    fn a_forbidden_pair_is_not_seated_and_an_unknown_player_is_refused() {
        use crate::tournament::{ForbiddenPairs, ForbiddenRecord};
        let mut t = four();
        t.forbidden.push(ForbiddenPairs { line: 9, record: ForbiddenRecord::Xxp, rounds: None, players: vec![1, 3] });
        let p = pair_round(&t, 2, &PairOptions::default()).unwrap();
        let pairs: Vec<(u32, u32)> = p.boards.iter().map(|b| (b.white.min(b.black), b.white.max(b.black))).collect();
        assert_eq!(pairs, [(1, 4), (2, 3)]);
        // Also 1-4 and 2-3 forbidden (by a 260 for round 2): 1 has met 2 and may not meet 3 or 4.
        t.forbidden.push(ForbiddenPairs { line: 10, record: ForbiddenRecord::Trf260, rounds: Some((2, 2)), players: vec![1, 4] });
        let e = pair_round(&t, 2, &PairOptions::default()).unwrap_err();
        assert!(matches!(e, PairError::Forbidden { round: 2, .. }), "{e}");
        assert!(e.to_string().contains("XXP line 9 (1, 3)") && e.to_string().contains("260 line 10 (1, 4)"), "{e}");
        t.forbidden[1].players = vec![1, 44];
        assert_eq!(before_pairing(&t, 2).unwrap_err(), PairError::ForbiddenUnknown { line: 10, start: 44 });
    }
}
