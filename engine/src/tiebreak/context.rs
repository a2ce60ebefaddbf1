//! The tournament as the tiebreaks read it: each round classified (played, forfeit, bye,
//! voluntarily unplayed), scores adjusted for the opponents (C.07 16.3) and the virtual
//! opponents of unplayed rounds (16.4).

use crate::codes::Rules;
use crate::tournament::{Colour, RoundEntry, RoundResult, Scoring, Tournament};

pub(crate) const EPS: f64 = 1e-9;

pub(crate) struct Ctx<'a> {
    pub t: &'a Tournament,
    pub rounds: usize,
    pub scoring: Scoring,
    pub rules: Rules,
    /// Pre-determined pairings (round robin): unplayed games count as played against the
    /// scheduled opponent, and there are no virtual opponents.
    pub predetermined: bool,
    pub unrated_rating: Option<u32>,
    /// Final points by entrant.
    pub points: Vec<f64>,
}

/// A participant's score as the tiebreaks of others see it (16.3), and their own score for
/// their virtual opponents (16.4), possibly with the last round taken as drawn (Fore Buchholz).
#[derive(Clone, Debug)]
pub(crate) struct Adjusted {
    /// The score the opponents' Buchholz-like tiebreaks use.
    pub score: f64,
    /// The participant's own score (with the last round as a draw for Fore Buchholz).
    pub own: f64,
    /// Rounds at the end that were not played and count as draws (16.3.2), 1-based.
    pub as_draws: Vec<usize>,
    /// The last round was taken as a draw (Fore Buchholz).
    pub fore: bool,
}

impl<'a> Ctx<'a> {
    pub fn new(t: &'a Tournament, rules: Rules, predetermined: bool, unrated_rating: Option<u32>) -> Ctx<'a> {
        // The rounds played so far: planned rounds nobody has a result in yet (a tournament in
        // progress, perhaps with the next round paired, or only its byes entered) are not
        // unplayed rounds.
        let rounds = t.rounds_played();
        let mut c = Ctx { t, rounds, scoring: t.scoring, rules, predetermined, unrated_rating, points: Vec::new() };
        // `+ 0.0`: an empty float sum is −0.0, which would print as "-0.0".
        c.points = (0..t.entrants.len()).map(|p| (0..rounds).map(|r| c.pts(p, r)).sum::<f64>() + 0.0).collect();
        c
    }

    pub fn n(&self) -> usize {
        self.t.entrants.len()
    }

    pub fn entry(&self, p: usize, r: usize) -> RoundEntry {
        let e = self.t.entrants[p].rounds.get(r).copied().unwrap_or(RoundEntry::NOT_PAIRED);
        // An adjourned game (`?`) counts as a result still missing (a game paired, result
        // blank) until it is resolved: no points here (the standings' points and a pairing
        // count it as a provisional draw, Q167, a tiebreak waits for the result), and not a
        // game for the opponents' tiebreaks, as the standings during a round have it.
        match e.result {
            RoundResult::Adjourned => RoundEntry { result: RoundResult::NotPaired, ..e },
            _ => e,
        }
    }

    pub fn result(&self, p: usize, r: usize) -> RoundResult {
        self.entry(p, r).result
    }

    /// Points scored in round `r` (0-based).
    pub fn pts(&self, p: usize, r: usize) -> f64 {
        let given = self.t.points_by_round.as_ref().and_then(|by| by.get(p)?.get(r).copied());
        given.unwrap_or_else(|| self.result(p, r).points(&self.scoring))
    }

    /// What Sonneborn-Berger multiplies round `r`'s opponent's score by: the round's points,
    /// unless the tournament gives another factor ([`Tournament::sb_factor_by_round`]).
    pub fn sb_factor(&self, p: usize, r: usize) -> f64 {
        let given = self.t.sb_factor_by_round.as_ref().and_then(|by| by.get(p)?.get(r).copied());
        given.unwrap_or_else(|| self.pts(p, r))
    }

    pub fn draw(&self) -> f64 {
        self.scoring.draw
    }

    /// The opponent of a game or a forfeit (not of a bye).
    pub fn opponent(&self, p: usize, r: usize) -> Option<usize> {
        let e = self.entry(p, r);
        let paired = e.result.over_the_board() || matches!(e.result, RoundResult::ForfeitWin | RoundResult::ForfeitLoss);
        e.opponent.filter(|&o| paired && o < self.n() && o != p)
    }

    /// Played over the board against an opponent.
    pub fn played(&self, p: usize, r: usize) -> bool {
        self.result(p, r).over_the_board() && self.opponent(p, r).is_some()
    }

    /// Counts as a game against the opponent for the opponent-based tiebreaks: played, or (with
    /// pre-determined pairings) scheduled.
    pub fn met(&self, p: usize, r: usize) -> bool {
        self.opponent(p, r).is_some() && (self.predetermined || self.played(p, r))
    }

    pub fn colour(&self, p: usize, r: usize) -> Option<Colour> {
        self.entry(p, r).colour
    }

    pub fn won(&self, p: usize, r: usize) -> bool {
        matches!(self.result(p, r), RoundResult::Win | RoundResult::WinUnrated)
    }

    /// A voluntarily unplayed round (16.1.2): a half-point or zero-point bye, a forfeit loss,
    /// or a round the participant was not paired for.
    pub fn vur(&self, p: usize, r: usize) -> bool {
        matches!(self.result(p, r), RoundResult::HalfBye | RoundResult::ZeroBye | RoundResult::ForfeitLoss | RoundResult::NotPaired)
    }

    /// Paired (or given the pairing-allocated bye) in the last round.
    fn in_final_round(&self, p: usize) -> bool {
        self.rounds > 0 && (self.opponent(p, self.rounds - 1).is_some() || self.result(p, self.rounds - 1) == RoundResult::PairingBye)
    }

    /// The participant's score for the opponents' tiebreaks (16.3): every round counts what it
    /// was given, except that the unplayed rounds without an opponent after the last round the
    /// participant was available for count as draws (16.3.2; nothing with pre-determined
    /// pairings). With `fore`, the last round's game counts as a draw (8.3).
    pub fn adjusted(&self, p: usize, fore: bool) -> Adjusted {
        let fore = fore && self.in_final_round(p);
        let available = if fore { self.rounds } else { (0..self.rounds).rev().find(|&r| !self.vur(p, r)).map_or(0, |r| r + 1) };
        let mut score = 0.0;
        let mut as_draws = Vec::new();
        for r in 0..self.rounds {
            if r < available || self.opponent(p, r).is_some() {
                score += self.pts(p, r);
            } else if !self.predetermined {
                score += self.draw();
                as_draws.push(r + 1);
            }
        }
        let mut own = self.points[p];
        let last_game = fore && self.opponent(p, self.rounds - 1).is_some();
        if last_game {
            let delta = self.draw() - self.pts(p, self.rounds - 1);
            score += delta;
            own += delta;
        }
        Adjusted { score, own, as_draws, fore: last_game }
    }

    /// The rating used for an entrant (0 counts as unrated; an unrated entrant gets
    /// `unrated_rating` when the organiser gave one).
    pub fn rating(&self, p: usize) -> Option<i64> {
        self.t.entrants[p].rating.filter(|&r| r > 0).or(self.unrated_rating).map(i64::from)
    }

    /// "Name (#start)".
    pub fn who(&self, p: usize) -> String {
        let e = &self.t.entrants[p];
        format!("{} (#{})", e.name, e.start)
    }
}

/// A number as the explanations write it: `3`, `2.5`, `13.25`.
pub(crate) fn num(x: f64) -> String {
    if (x - x.round()).abs() < EPS {
        format!("{}", x.round() as i64)
    } else {
        let s = format!("{x:.2}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

/// Words for an unplayed round.
pub(crate) fn unplayed_kind(r: RoundResult) -> &'static str {
    use RoundResult::*;
    match r {
        ForfeitWin => "forfeit win",
        ForfeitLoss => "forfeit loss",
        HalfBye => "half-point bye",
        FullBye => "full-point bye",
        PairingBye => "pairing-allocated bye",
        ZeroBye => "zero-point bye",
        NotPaired => "not paired",
        // Never reached through `Ctx::entry`, which reads it as a result still missing.
        Adjourned => "adjourned",
        Win | WinUnrated => "win",
        Draw | DrawUnrated => "draw",
        Loss | LossUnrated => "loss",
    }
}
