//! A team match's result (won, drawn, lost) from the game points its team scored, and a team
//! event's matches round by round as the app's team crosstable shows them. The rule is the one
//! the match points are scored by ([`super::Teams::match_points`]), kept here once so that the
//! crosstable and the standings never disagree on who won a match.

use super::{TeamRound, Teams};
use crate::tournament::{RoundResult, Tournament};

/// The result of a match of `boards` boards in which a team scored `game_points`: more than
/// half the boards' points a win, half a draw, less a loss (a `NaN` a loss, as no win).
pub fn match_result(game_points: f64, boards: usize) -> RoundResult {
    match game_points.partial_cmp(&(boards as f64 / 2.0)) {
        Some(std::cmp::Ordering::Greater) => RoundResult::Win,
        Some(std::cmp::Ordering::Equal) => RoundResult::Draw,
        _ => RoundResult::Loss,
    }
}

impl TeamRound {
    /// The round's result for the team, in matches of `boards` boards: a match's by
    /// [`match_result`], an unplayed round's code as it is.
    pub fn result(&self, boards: usize) -> RoundResult {
        match *self {
            TeamRound::Match { game_points, .. } => match_result(game_points, boards),
            TeamRound::Unplayed { result, .. } => result,
        }
    }
}

/// One team's round as a crosstable shows it: the team met (an index into the teams) and the
/// game points scored, or no opponent and the round's code (a bye, a forfeit); and the result.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TeamMatch {
    pub opponent: Option<usize>,
    /// `None`: an unplayed round whose game points the file does not say.
    pub game_points: Option<f64>,
    pub result: RoundResult,
}

/// A team event's matches: each team's rounds, its players (start numbers, board order as the
/// file lists them) and the boards per match.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TeamMatches {
    /// `rounds[t][r]`: team `t`'s round `r + 1`.
    pub rounds: Vec<Vec<TeamMatch>>,
    /// `members[t]`: team `t`'s players' start numbers.
    pub members: Vec<Vec<u32>>,
    pub boards: usize,
}

impl TeamMatches {
    /// The matches of tournament `t`'s teams ([`Teams::of`]); empty when it lists no teams.
    pub fn of(t: &Tournament) -> TeamMatches {
        let Some((teams, _)) = Teams::of(t) else { return TeamMatches::default() };
        let cell = |r: &TeamRound| match *r {
            TeamRound::Match { opponent, game_points, .. } => {
                TeamMatch { opponent: Some(opponent), game_points: Some(game_points), result: r.result(teams.boards) }
            }
            TeamRound::Unplayed { result, game_points } => TeamMatch { opponent: None, game_points, result },
        };
        TeamMatches {
            rounds: teams.rounds.iter().map(|r| r.iter().map(cell).collect()).collect(),
            members: t.teams.iter().map(|team| team.players.clone()).collect(),
            boards: teams.boards,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::Colour;

    /// More than half the boards' points wins the match, half draws it, less loses it: the
    /// match points' rule, so a match read as won here scores 2 in the standings.
    #[test]
    fn a_match_is_won_drawn_or_lost_by_half_the_boards() {
        assert_eq!(match_result(2.5, 4), RoundResult::Win);
        assert_eq!(match_result(2.0, 4), RoundResult::Draw);
        assert_eq!(match_result(1.5, 4), RoundResult::Loss);
        assert_eq!(match_result(1.5, 3), RoundResult::Draw);
        assert_eq!(match_result(f64::NAN, 4), RoundResult::Loss);
        let teams = Teams {
            names: vec!["A".into(), "B".into()],
            rounds: vec![
                vec![TeamRound::Match { opponent: 1, colour: Some(Colour::White), game_points: 3.0 }],
                vec![TeamRound::Match { opponent: 0, colour: Some(Colour::Black), game_points: 1.0 }],
            ],
            boards: 4,
            planned: 1,
            board_points: Vec::new(),
        };
        let mp = teams.match_points();
        for (k, rounds) in teams.rounds.iter().enumerate() {
            assert_eq!(mp.entrants[k].rounds[0].result, rounds[0].result(teams.boards));
        }
        assert_eq!(teams.rounds[0][0].result(4), RoundResult::Win);
    }

    /// A team file's matches: each round's opponent, game points and result, a team's bye kept
    /// with its code, and the teams' players.
    #[test]
    fn a_team_file_s_matches_round_by_round() {
        let record = |start: u32, name: &str, rounds: &str| format!("001 {start:>4}      {name:<33}{:44}{rounds}", "");
        let text = [
            record(1, "A1", "   3 w 1  "),
            record(2, "A2", "   4 b =  "),
            record(3, "B1", "   1 b 0  "),
            record(4, "B2", "   2 w =  "),
            record(5, "C1", "0000 - U  "),
            // Teams as 013 records: the name in columns 5-36, the players from 37.
            format!("013 {:<32}   1    2", "A"),
            format!("013 {:<32}   3    4", "B"),
            format!("013 {:<32}   5", "C"),
        ]
        .join("\n");
        let (t, _) = crate::parse::trf::parse_trf(&text).expect("a team file");
        let m = TeamMatches::of(&t);
        assert_eq!(m.boards, 2);
        assert_eq!(m.members, [vec![1, 2], vec![3, 4], vec![5]]);
        assert_eq!(m.rounds[0][0], TeamMatch { opponent: Some(1), game_points: Some(1.5), result: RoundResult::Win });
        assert_eq!(m.rounds[1][0], TeamMatch { opponent: Some(0), game_points: Some(0.5), result: RoundResult::Loss });
        assert_eq!((m.rounds[2][0].opponent, m.rounds[2][0].result), (None, RoundResult::PairingBye));
        assert_eq!(TeamMatches::of(&Tournament::default()), TeamMatches::default());
    }
}
