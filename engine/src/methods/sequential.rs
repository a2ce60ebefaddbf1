//! What the sequential methods (Elo, multiplayer Elo) share: the order games are taken in,
//! and turning final ratings and histories into a [`Rating`].

use crate::diagnose::{Diagnosis, Status};
use crate::error::RateError;
use crate::methods::report::{HistoryPoint, PlayerRating, Rating, SolverReport, StopReason};
use crate::model::{Dataset, Game};

/// A round label's number ("Matchday 12" → 12), for ordering rounds.
fn round_number(round: &str) -> Option<f64> {
    let digits: String = round.chars().skip_while(|c| !c.is_ascii_digit()).take_while(|c| c.is_ascii_digit() || *c == '.').collect();
    digits.parse().ok()
}

/// The order to take the games in: by date when every game has one, else by round when every
/// game has a numbered one, else as given. Ties keep the input order.
pub fn game_order(games: &[Game], chronological: bool) -> (Vec<usize>, &'static str) {
    let mut order: Vec<usize> = (0..games.len()).collect();
    if !chronological || games.is_empty() {
        return (order, "input order");
    }
    if games.iter().all(|g| g.date.is_some()) {
        order.sort_by(|&a, &b| {
            let (ga, gb) = (&games[a], &games[b]);
            ga.date.cmp(&gb.date).then_with(|| {
                let (ra, rb) = (ga.round.as_deref().and_then(round_number), gb.round.as_deref().and_then(round_number));
                ra.partial_cmp(&rb).unwrap_or(std::cmp::Ordering::Equal)
            })
        });
        return (order, "by date");
    }
    if games.iter().all(|g| g.round.as_deref().and_then(round_number).is_some()) {
        let key = |i: usize| games[i].round.as_deref().and_then(round_number).unwrap_or(0.0);
        order.sort_by(|&a, &b| key(a).partial_cmp(&key(b)).unwrap_or(std::cmp::Ordering::Equal));
        return (order, "by round");
    }
    (order, "input order")
}

/// Everything a sequential run produced.
pub struct Outcome {
    pub method: &'static str,
    pub variant: String,
    pub ratings: Vec<f64>,
    pub histories: Vec<Vec<HistoryPoint>>,
    /// Games (or events) each player took part in, and points scored.
    pub tallies: Vec<(u32, f64)>,
    pub steps: usize,
    pub accuracy: Option<f64>,
    pub warnings: Vec<String>,
}

/// Assembles the [`Rating`]: best first, equal ratings sharing a rank, ties by name. Ratings
/// that overflowed are an error, never shown as numbers.
pub fn rating(data: &Dataset, out: Outcome) -> Result<Rating, RateError> {
    let n = data.players.len();
    if let Some(i) = (0..n).find(|&i| !out.ratings[i].is_finite() || out.histories[i].iter().any(|h| !h.rating.is_finite())) {
        return Err(RateError::Overflow { player: data.players[i].name.clone() });
    }
    let mut idx: Vec<usize> = (0..n).collect();
    let played = |i: usize| out.tallies[i].0 > 0;
    idx.sort_by(|&a, &b| {
        played(b)
            .cmp(&played(a))
            .then(out.ratings[b].total_cmp(&out.ratings[a]))
            .then_with(|| data.players[a].name.to_lowercase().cmp(&data.players[b].name.to_lowercase()))
    });
    let same = |a: f64, b: f64| (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0);
    let mut players = Vec::with_capacity(n);
    let mut prev: Option<(f64, usize)> = None;
    for (pos, &i) in idx.iter().enumerate() {
        let played = out.tallies[i].0 > 0;
        let r = out.ratings[i];
        let rank = played.then(|| match prev {
            Some((q, rank)) if same(q, r) => rank,
            _ => pos + 1,
        });
        if let Some(k) = rank {
            prev = Some((r, k));
        }
        players.push(PlayerRating {
            name: data.players[i].name.clone(),
            id: data.players[i].id.clone(),
            rank,
            rating: Some(r),
            log_strength: None,
            games: out.tallies[i].0,
            score: out.tallies[i].1,
            group: played.then_some(1),
            status: if played { Status::Rated } else { Status::NoGames },
            sigma: None,
            history: played.then(|| out.histories[i].clone()),
            label: None,
        });
    }
    Ok(Rating {
        method: out.method.into(),
        variant: out.variant,
        players,
        report: SolverReport { iterations: out.steps, converged: true, stop: StopReason::Finished, trace: Vec::new(), final_residual: 0.0 },
        diagnosis: Diagnosis::default(),
        groups: 1,
        scale: None,
        warnings: out.warnings,
        accuracy: out.accuracy,
        fit: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounds_are_ordered_by_their_numbers() {
        assert_eq!(round_number("Matchday 12"), Some(12.0));
        assert_eq!(round_number("3"), Some(3.0));
        assert_eq!(round_number("final"), None);
        let mut d = Dataset::new();
        for r in ["10", "2", "1"] {
            d.add_game("A", "B", 1.0).round = Some(r.into());
        }
        assert_eq!(game_order(&d.games, true), (vec![2, 1, 0], "by round"));
        assert_eq!(game_order(&d.games, false).0, vec![0, 1, 2]);
        d.games[0].date = Some("2024-01-03".into());
        assert_eq!(game_order(&d.games, true).1, "by round", "dates only count when every game has one");
    }
}
