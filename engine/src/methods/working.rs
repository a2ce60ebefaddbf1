//! The working of one step for one player: the numbers the engine used to move them.
//!
//! * Brent, Algorithm 1 (iteration (13)): from iterate `k − 1`, the numerator
//!   `Σ_j s_ij x_j/(x_i + x_j) + σ/2` and the denominator `Σ_j s_ji/(x_i + x_j) + σ/(2 x_i)`
//!   term by term (old ratings add eq. (17)'s terms), their ratio, and the renormalisation
//!   that makes iterate `k`.
//! * Elo: the games of step `k` the player took part in, each with the expected score μ, the
//!   score S and the change `K (S − μ)`, taken by [`elo::game_update`], the run's own update.
//!
//! The terms are computed as the solver computes them (one `1/(x_i + x_j)` per pair) from the
//! iterate the solver reached; the tests check that they give the solver's next iterate.

use super::brent::{self, BrentParams, Variant};
use super::elo::{self, EloParams};
use super::fit::Fit;
use super::Method;
use crate::error::RateError;
use crate::model::Dataset;
use serde::{Deserialize, Serialize};

/// One opponent's terms in player i's sums of (13).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Term {
    /// The opponent (or "dummy player" for γ's draws).
    pub opponent: String,
    /// `s_ij`: points i scored against j.
    pub scored: f64,
    /// `s_ji`: points j scored against i.
    pub conceded: f64,
    /// `x_j` at iterate `k − 1`.
    pub strength: f64,
    /// `s_ij x_j / (x_i + x_j)`: pulls i up.
    pub num: f64,
    /// `s_ji / (x_i + x_j)`: pulls i down.
    pub den: f64,
}

/// Player i's step `k` of Algorithm 1.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BrentWorking {
    pub iteration: usize,
    pub player: String,
    /// `x_i` at iterate `k − 1`.
    pub x: f64,
    /// Per opponent, in the order of the data.
    pub terms: Vec<Term>,
    pub sigma: f64,
    /// The diagonal's terms: `σ/2` and `σ/(2 x_i)`.
    pub sigma_num: f64,
    pub sigma_den: f64,
    /// Eq. (17)'s old-rating terms (0 without an old rating).
    pub prior_num: f64,
    pub prior_den: f64,
    /// The whole numerator and denominator.
    pub num: f64,
    pub den: f64,
    /// `num / den`, before renormalising.
    pub ratio: f64,
    /// The renormalisation factor (geometric mean 1 over the group; 1 when old ratings fix
    /// the scale).
    pub factor: f64,
    /// `x_i` at iterate `k`: `ratio · factor`.
    pub next: f64,
}

/// One of the player's games in an Elo step.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EloGame {
    pub opponent: String,
    /// Whether the player was first (white, home).
    pub first: bool,
    /// Both ratings before the game.
    pub before: f64,
    pub opponent_before: f64,
    /// The player's expected score μ and score S.
    pub expected: f64,
    pub score: f64,
    pub k: f64,
    /// `K (S − μ)` for the player.
    pub change: f64,
}

/// Player i's step `k` of Elo.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EloWorking {
    pub step: usize,
    pub player: String,
    pub before: f64,
    pub games: Vec<EloGame>,
    pub after: f64,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Working {
    Brent(BrentWorking),
    Elo(EloWorking),
}

/// Why there is no working to show.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum WorkingError {
    #[error("no such player")]
    NoSuchPlayer,
    #[error("the start: no step has been taken yet")]
    AtStart,
    /// Another method or iteration: the working is shown only for the one named.
    #[error("the working is shown for {0}")]
    NotShown(&'static str),
    /// Brent's iteration converged (or stopped) before step `k`.
    #[error("the iteration stopped before step {0}")]
    StoppedBefore(usize),
    /// Elo's run ended before step `k`.
    #[error("the run ended before step {0}")]
    EndedBefore(usize),
    #[error("the run has no step {0}")]
    NoStep(usize),
    #[error("this player has no finite rating")]
    Unrated,
    #[error(transparent)]
    Rate(#[from] RateError),
}

/// The working of step `k` (1-based) for `player` under `method`; why not when there is none
/// to show (another method or iteration, a step beyond the run).
pub fn working(data: &Dataset, method: &Method, k: usize, player: usize) -> Result<Working, WorkingError> {
    if player >= data.players.len() {
        return Err(WorkingError::NoSuchPlayer);
    }
    if k == 0 {
        return Err(WorkingError::AtStart);
    }
    match method {
        Method::Brent(p) => brent_working(data, p, k, player).map(Working::Brent),
        Method::Elo(p) => elo_working(data, p, k, player).map(Working::Elo),
        _ => Err(WorkingError::NotShown("Brent's Algorithm 1 and for Elo")),
    }
}

/// Player i's numerator and denominator terms of (13) at iterate `k − 1`.
pub fn brent_working(data: &Dataset, params: &BrentParams, k: usize, i: usize) -> Result<BrentWorking, WorkingError> {
    if params.variant.resolve(data.players.len()) != Variant::Alg1 {
        return Err(WorkingError::NotShown("Algorithm 1, iteration (13)"));
    }
    let mut s = brent::solver(data, params)?;
    for _ in 1..k {
        if s.step().is_none() {
            return Err(WorkingError::StoppedBefore(k));
        }
    }
    let p = &s.problem;
    if p.group[i] == brent::UNRATED {
        return Err(WorkingError::Unrated);
    }
    let x = s.strengths();
    let name = |j: usize| if j < p.n { data.players[j].name.clone() } else { "dummy player".into() };
    let (mut num, mut den) = (vec![0.0; p.nodes], vec![0.0; p.nodes]);
    let mut terms = Vec::new();
    for (a, b, ab, ba) in p.s.iter() {
        let t = 1.0 / (x[a] + x[b]);
        let (ta, tb) = (ab * t, ba * t);
        num[a] += ta * x[b];
        den[a] += tb;
        num[b] += tb * x[a];
        den[b] += ta;
        if a == i {
            terms.push(Term { opponent: name(b), scored: ab, conceded: ba, strength: x[b], num: ta * x[b], den: tb });
        } else if b == i {
            terms.push(Term { opponent: name(a), scored: ba, conceded: ab, strength: x[a], num: tb * x[a], den: ta });
        }
    }
    let sig = p.sigma;
    let mut y = x.to_vec();
    for j in (0..p.nodes).filter(|&j| p.group[j] != brent::UNRATED) {
        let (pn, pd) = p.prior_terms(j, x[j]);
        y[j] = (num[j] + sig / 2.0 + pn) / (den[j] + sig / (2.0 * x[j]) + pd);
    }
    let ratio = y[i];
    p.renormalise(&mut y);
    let (prior_num, prior_den) = p.prior_terms(i, x[i]);
    let (sigma_num, sigma_den) = (sig / 2.0, sig / (2.0 * x[i]));
    Ok(BrentWorking {
        iteration: k,
        player: data.players[i].name.clone(),
        x: x[i],
        terms,
        sigma: sig,
        sigma_num,
        sigma_den,
        prior_num,
        prior_den,
        num: num[i] + sigma_num + prior_num,
        den: den[i] + sigma_den + prior_den,
        ratio,
        factor: y[i] / ratio,
        next: y[i],
    })
}

/// Player i's games in step `k` of Elo, each update as the run makes it.
pub fn elo_working(data: &Dataset, params: &EloParams, k: usize, i: usize) -> Result<EloWorking, WorkingError> {
    let mut fit = elo::fit(data, params)?;
    for _ in 1..k {
        if fit.step().is_none() {
            return Err(WorkingError::EndedBefore(k));
        }
    }
    let items = fit.step_items(k);
    if items.is_empty() {
        return Err(WorkingError::NoStep(k));
    }
    let mut r = fit.ratings().to_vec();
    let before = r[i];
    let mut games = Vec::new();
    for g in items.iter().map(|&x| &data.games[x]) {
        let u = elo::game_update(g, params, &r);
        let first = g.first() == i;
        if first || g.second() == i {
            let j = if first { g.second() } else { g.first() };
            let (expected, score, change) =
                if first { (u.expected, u.score, u.change) } else { (1.0 - u.expected, 1.0 - u.score, -u.change) };
            games.push(EloGame {
                opponent: data.players[j].name.clone(),
                first,
                before: r[i],
                opponent_before: r[j],
                expected,
                score,
                k: params.k,
                change,
            });
        }
        r[g.first()] += u.change;
        r[g.second()] -= u.change;
    }
    Ok(EloWorking { step: k, player: data.players[i].name.clone(), before, games, after: r[i] })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn league() -> Dataset {
        let mut d = Dataset::new();
        for (a, b, s) in
            [("A", "B", 1.0), ("B", "C", 1.0), ("C", "A", 0.5), ("A", "D", 1.0), ("D", "B", 0.5), ("C", "D", 0.0), ("B", "A", 0.5)]
        {
            d.add_game(a, b, s);
        }
        d
    }

    /// The working's terms sum to its numerator and denominator, and give the solver's own
    /// next iterate, for every player and several steps, with σ, γ or neither.
    #[test]
    fn brent_terms_give_the_solvers_next_iterate() {
        let d = league();
        for (sigma, gamma) in [(0.3, 0.0), (0.0, 0.0), (0.5, 0.2)] {
            let params = BrentParams { variant: Variant::Alg1, sigma, gamma, ..Default::default() };
            for k in 1..6 {
                let mut s = brent::solver(&d, &params).unwrap();
                for _ in 0..k {
                    s.step();
                }
                for i in 0..d.players.len() {
                    let w = brent_working(&d, &params, k, i).unwrap();
                    let num: f64 = w.terms.iter().map(|t| t.num).sum::<f64>() + w.sigma_num + w.prior_num;
                    let den: f64 = w.terms.iter().map(|t| t.den).sum::<f64>() + w.sigma_den + w.prior_den;
                    assert!((num - w.num).abs() <= 1e-12 * w.num);
                    assert!((den - w.den).abs() <= 1e-12 * w.den);
                    let next = num / den * w.factor;
                    let engine = s.strengths()[i];
                    assert!((next - engine).abs() <= 1e-12 * engine, "σ {sigma} γ {gamma} k {k} player {i}: {next} vs {engine}");
                }
            }
        }
    }

    #[test]
    fn the_dummy_player_appears_among_the_terms() {
        let params = BrentParams { variant: Variant::Alg1, gamma: 0.2, ..Default::default() };
        let w = brent_working(&league(), &params, 1, 0).unwrap();
        assert!(w.terms.iter().any(|t| t.opponent == "dummy player" && t.scored == 0.1 && t.conceded == 0.1));
        assert!(brent_working(&league(), &BrentParams { variant: Variant::Zermelo, ..params }, 1, 0).is_err());
    }

    /// Each game's K·(S − μ) adds up to the run's own rating after the step.
    #[test]
    fn elo_changes_give_the_runs_ratings() {
        let d = league();
        let params = EloParams { home: 30.0, ..Default::default() };
        let mut fit = elo::fit(&d, &params).unwrap();
        for k in 1..=d.games.len() {
            fit.step();
            for i in 0..d.players.len() {
                let w = elo_working(&d, &params, k, i).unwrap();
                let after = w.before + w.games.iter().map(|g| g.change).sum::<f64>();
                assert!((after - fit.ratings()[i]).abs() < 1e-9);
                assert_eq!(w.after, fit.ratings()[i]);
                for g in &w.games {
                    assert!((g.k * (g.score - g.expected) - g.change).abs() < 1e-12);
                }
            }
        }
        assert!(elo_working(&d, &params, d.games.len() + 1, 0).is_err());
    }

    /// Why there is no working, in the words the app shows (as when they were strings).
    #[test]
    fn no_working_says_why() {
        let d = league();
        let text = |m: &Method, k, i| working(&d, m, k, i).unwrap_err().to_string();
        let alg1 = Method::Brent(BrentParams { variant: Variant::Alg1, ..Default::default() });
        let zermelo = Method::Brent(BrentParams { variant: Variant::Zermelo, ..Default::default() });
        let elo = Method::Elo(EloParams::default());
        assert_eq!(text(&alg1, 1, 99), "no such player");
        assert_eq!(text(&alg1, 0, 0), "the start: no step has been taken yet");
        assert_eq!(text(&Method::JRank(Default::default()), 1, 0), "the working is shown for Brent's Algorithm 1 and for Elo");
        assert_eq!(text(&zermelo, 1, 0), "the working is shown for Algorithm 1, iteration (13)");
        assert_eq!(text(&alg1, 100_000, 0), "the iteration stopped before step 100000");
        assert_eq!(text(&elo, 100, 0), "the run ended before step 100");
        assert_eq!(text(&elo, d.games.len() + 1, 0), format!("the run has no step {}", d.games.len() + 1));
    }
}
