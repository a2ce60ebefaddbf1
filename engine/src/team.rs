//! Team tournaments: teams meet in matches of several boards; a match scores match points
//! (2 a win, 1 a draw, 0 a loss: C.07's default) and game points (the boards' points). C.07
//! applies its tiebreaks to teams as to players, on either kind of points, so a team event is
//! read here as two tournaments of teams ([`Teams::match_points`], [`Teams::game_points`])
//! whose entrants are the teams: the individual tiebreaks then apply unchanged, unplayed rounds
//! included (checked against IA Mario Held's team exercises, as TieBreakServer encodes them).
//!
//! Unplayed rounds score as Held's exercises do: a forfeit win and a full-point bye as a won
//! match (every board won), a pairing-allocated bye and a half-point bye as a drawn match (half
//! the boards), a forfeit loss, a zero-point bye and an absence nothing.

use crate::tournament::{Colour, Entrant, RoundEntry, RoundResult, Scoring, Tournament};

/// One team's round: a match against a team with the game points it scored, or a round
/// without a match (its result code: `ForfeitWin`, `PairingBye`, `HalfBye`, `ZeroBye`, ...).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TeamRound {
    Match { opponent: usize, colour: Option<Colour>, game_points: f64 },
    Unplayed(RoundResult),
}

/// The teams of a tournament and their rounds.
#[derive(Clone, Debug, PartialEq)]
pub struct Teams {
    pub names: Vec<String>,
    /// `rounds[t][r]`: team `t`'s round `r + 1`.
    pub rounds: Vec<Vec<TeamRound>>,
    /// Boards per match: the game points a match is worth.
    pub boards: usize,
    /// The rounds planned.
    pub planned: usize,
}

impl Teams {
    /// The teams as a tournament scored in match points (2 / 1 / 0; a pairing-allocated bye 1).
    pub fn match_points(&self) -> Tournament {
        let scoring = Scoring { win: 2.0, draw: 1.0, loss: 0.0, pairing_bye: 1.0, zero_bye: 0.0 };
        self.tournament(scoring, false)
    }

    /// The teams as a tournament scored in game points: each match's own, a won unplayed round
    /// every board, a drawn one (a pairing-allocated or half-point bye) half of them.
    pub fn game_points(&self) -> Tournament {
        let b = self.boards as f64;
        let scoring = Scoring { win: b, draw: b / 2.0, loss: 0.0, pairing_bye: b / 2.0, zero_bye: 0.0 };
        self.tournament(scoring, true)
    }

    fn tournament(&self, scoring: Scoring, game_points: bool) -> Tournament {
        let half = self.boards as f64 / 2.0;
        let mut t = Tournament { rounds: self.planned, scoring, ..Default::default() };
        let mut by_round = Vec::with_capacity(self.names.len());
        for (i, (name, rounds)) in self.names.iter().zip(&self.rounds).enumerate() {
            let mut e = Entrant::new(i as u32 + 1, name, 0);
            let mut points = Vec::with_capacity(rounds.len());
            for round in rounds {
                let (entry, p) = match *round {
                    TeamRound::Match { opponent, colour, game_points: gp } => {
                        let result = match gp.partial_cmp(&half) {
                            Some(std::cmp::Ordering::Greater) => RoundResult::Win,
                            Some(std::cmp::Ordering::Equal) => RoundResult::Draw,
                            _ => RoundResult::Loss,
                        };
                        (RoundEntry { opponent: Some(opponent), colour, result }, game_points.then_some(gp))
                    }
                    TeamRound::Unplayed(result) => (RoundEntry { opponent: None, colour: None, result }, None),
                };
                points.push(p.unwrap_or_else(|| entry.result.points(&scoring)));
                e.rounds.push(entry);
            }
            by_round.push(points);
            t.entrants.push(e);
        }
        t.points_by_round = game_points.then_some(by_round);
        t
    }
}
