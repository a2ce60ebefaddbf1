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

mod boards;
mod matches;
mod printed;
mod standings;
mod teams;

// The codes live below the tournament (a file's declared order holds them): `crate::codes`.
pub use crate::codes::{EdeBoards, TeamScore, TeamTiebreak, DEFAULT_TEAM_TIEBREAKS};
pub use matches::{match_result, TeamMatch, TeamMatches};
pub use standings::{TeamRow, TeamStandings, TeamValue};
pub use teams::{TeamRound, Teams};

use crate::tournament::{Entrant, RoundEntry, RoundResult, Scoring, Tournament};
use std::collections::HashMap;

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
        let mut t = Tournament { rounds: self.planned, scoring, ..Default::default() };
        let mut by_round = Vec::with_capacity(self.names.len());
        for (i, (name, rounds)) in self.names.iter().zip(&self.rounds).enumerate() {
            let mut e = Entrant::new(i as u32 + 1, name, 0);
            let mut points = Vec::with_capacity(rounds.len());
            for round in rounds {
                let (entry, p) = match *round {
                    TeamRound::Match { opponent, colour, game_points: gp } => {
                        (RoundEntry::new(Some(opponent), colour, match_result(gp, self.boards)), game_points.then_some(gp))
                    }
                    TeamRound::Unplayed { result, game_points: gp } => {
                        (RoundEntry::new(None, None, result), if game_points { gp } else { None })
                    }
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

impl Teams {
    /// The teams of a tournament file (its [`Tournament::teams`]) and their matches, made from
    /// the players' games: a team's round is a match against the team its players met (most
    /// of them, with a warning when they met several), scoring the points its players made;
    /// a round in which none of them had an opponent is unplayed, by the players' codes (all
    /// pairing-allocated byes: the team's; a forfeit win or loss; full-, half- or zero-point
    /// byes). `None` when the file lists no teams. Boards: the most players a team fielded
    /// in a match.
    pub fn of(t: &Tournament) -> Option<(Teams, Vec<String>)> {
        if t.teams.is_empty() {
            return None;
        }
        let by_start: HashMap<u32, usize> = t.entrants.iter().enumerate().map(|(i, e)| (e.start, i)).collect();
        let mut warnings = Vec::new();
        let mut team_of: Vec<Option<usize>> = vec![None; t.entrants.len()];
        let mut members: Vec<Vec<usize>> = Vec::new();
        for (k, team) in t.teams.iter().enumerate() {
            let mut listed = Vec::new();
            for start in &team.players {
                match by_start.get(start) {
                    Some(&e) if team_of[e].is_none() => (team_of[e], _) = (Some(k), listed.push(e)),
                    Some(_) => warnings.push(format!("line {}: player {start} is listed in two teams; kept in the first", team.line)),
                    None => warnings.push(format!("line {}: team {} lists player {start}, who has no 001 record", team.line, team.name)),
                }
            }
            members.push(listed);
        }
        let played = t.entrants.iter().map(|e| e.rounds.len()).max().unwrap_or(0);
        let mut gathered = Gathered { boards: 0, warnings: &mut warnings };
        let mut board_points = vec![Vec::with_capacity(played); members.len()];
        let rounds: Vec<Vec<TeamRound>> = (0..members.len())
            .map(|k| {
                let mut round = |r| team_round(t, (k, r), &members[k], &team_of, &mut board_points[k], &mut gathered);
                (0..played).map(&mut round).collect()
            })
            .collect();
        let boards = gathered.boards.max(1);
        let names = t.teams.iter().map(|team| team.name.clone()).collect();
        Some((Teams { names, rounds, boards, planned: t.rounds.max(played), board_points }, warnings))
    }
}

/// What making the matches gathers besides them: the most boards fielded, and warnings.
struct Gathered<'w> {
    boards: usize,
    warnings: &'w mut Vec<String>,
}

/// Team `k`'s round `r` from its players' entries (see [`Teams::of`]); its board points go
/// to `boards_out`.
fn team_round(
    t: &Tournament,
    (k, r): (usize, usize),
    members: &[usize],
    team_of: &[Option<usize>],
    boards_out: &mut Vec<Vec<f64>>,
    gathered: &mut Gathered,
) -> TeamRound {
    let (boards, warnings) = (&mut gathered.boards, &mut *gathered.warnings);
    let entries: Vec<&RoundEntry> =
        members.iter().filter_map(|&e| t.entrants[e].rounds.get(r)).filter(|e| e.result != RoundResult::NotPaired).collect();
    boards_out.push(entries.iter().map(|e| e.result.points(&t.scoring)).collect());
    let points: f64 = entries.iter().map(|e| e.result.points(&t.scoring)).sum::<f64>() + 0.0;
    let mut met: Vec<(usize, usize)> = Vec::new();
    for o in entries.iter().filter_map(|e| e.opponent.and_then(|o| team_of[o])) {
        match met.iter_mut().find(|(team, _)| *team == o) {
            Some(m) => m.1 += 1,
            None => met.push((o, 1)),
        }
    }
    crate::sort::by_key(&mut met, |&(team, n)| (std::cmp::Reverse(n), team));
    if met.len() > 1 {
        let name = |i: usize| t.teams[i].name.as_str();
        warnings.push(format!(
            "round {}: team {}'s players met players of {} teams; read as a match against {}",
            r + 1,
            name(k),
            met.len(),
            name(met[0].0)
        ));
    }
    let fielded = entries.iter().filter(|e| e.opponent.is_some() || e.result != RoundResult::NotPaired).count();
    match met.first() {
        Some(&(opponent, _)) => {
            *boards = (*boards).max(fielded);
            let colour = entries.iter().find(|e| e.opponent.is_some()).and_then(|e| e.colour);
            TeamRound::Match { opponent, colour, game_points: points }
        }
        None => TeamRound::Unplayed { result: unplayed(&entries), game_points: Some(points) },
    }
}

/// A team's round without a match, by its players' codes.
fn unplayed(entries: &[&RoundEntry]) -> RoundResult {
    use RoundResult::*;
    let has = |r: RoundResult| entries.iter().any(|e| e.result == r);
    let results: Vec<RoundResult> = entries.iter().map(|e| e.result).filter(|&r| r != NotPaired).collect();
    if results.is_empty() {
        NotPaired
    } else if results.iter().all(|&r| r == PairingBye) {
        PairingBye
    } else if has(ForfeitWin) {
        ForfeitWin
    } else if has(FullBye) {
        FullBye
    } else if has(HalfBye) {
        HalfBye
    } else if has(ForfeitLoss) {
        ForfeitLoss
    } else {
        ZeroBye
    }
}
