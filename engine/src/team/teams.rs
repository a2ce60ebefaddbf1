//! A team event's teams and their rounds ([`Teams`], [`TeamRound`]), as every part of the
//! team module reads them: [`super`] makes them from a tournament file and reads them as
//! tournaments of teams, the standings and the board tiebreaks score them.
//!
//! The types live in a file of their own so that the parts import them from a sibling, never
//! from the module that declares the parts (that would import its parts back: a circle).

use crate::tournament::{Colour, RoundResult};

/// One team's round: a match against a team with the game points it scored, or a round
/// without a match (its result code: `ForfeitWin`, `PairingBye`, `HalfBye`, `ZeroBye`, ...)
/// with the game points its players were given, when a file says (`None`: Held's convention,
/// as [`super`] says).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TeamRound {
    Match { opponent: usize, colour: Option<Colour>, game_points: f64 },
    Unplayed { result: RoundResult, game_points: Option<f64> },
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
    /// `board_points[t][r]`: team `t`'s points board by board in round `r + 1` (board 1
    /// first; a round without a match, its players' points for the bye or forfeit); empty
    /// when the boards' results are not known. Board tiebreaks (C.07 12) need them.
    pub board_points: Vec<Vec<Vec<f64>>>,
}
