//! Brent's eigenvector ratings (R. P. Brent, *Note on computing ratings from eigenvectors*,
//! 2010), the Bradley–Terry maximum-likelihood ratings with a draw as half a win each way.
//!
//! Three iterations share one fixed point, selectable by [`Variant`]:
//! * [`Variant::Alg1`]: Algorithm 1, iteration (13), damped by the diagonal `s_ii = σ`;
//! * [`Variant::Fixed`]: the fixed-weight eigenproblem `D⁻¹A x = x` of §3 by the power
//!   method, with the weights `u_ij = 1/(x_i + x_j)` re-taken once it has converged (§4);
//! * [`Variant::Zermelo`]: iteration (14) (Zermelo's, Hunter's MM), slower.
//!
//! A dummy player who draws everyone with weight γ keeps every rating finite; old ratings
//! enter as virtual draws (§6, eq. (17)). Each iteration is one pass over the nonzeros of
//! the sparse score matrix.
//!
//! ```
//! use ratings_engine::{rate, BrentParams, Dataset, Method, Options};
//! let mut d = Dataset::new();
//! d.add_game("Anna", "Ben", 1.0);
//! d.add_game("Ben", "Cleo", 1.0);
//! d.add_game("Cleo", "Anna", 0.5);
//! let r = rate(&d, &Method::Brent(BrentParams::default()), &Options::default()).unwrap();
//! assert!(r.report.converged);
//! assert_eq!(r.players[0].name, "Anna");
//! ```

mod problem;
mod solver;
pub mod uncertainty;

pub use problem::Problem;
pub use solver::Solver;

use crate::diagnose::Status;
use crate::error::RateError;
use crate::methods::report::{PlayerRating, Rating, ScaleReport, SolverReport, StopReason};
use crate::model::Dataset;
use crate::scale::{Offset, Scale};
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Variant {
    /// Algorithm 1, iteration (13).
    #[default]
    Alg1,
    /// The fixed-weight eigenproblem of §3, re-weighted (§4).
    Fixed,
    /// Iteration (14).
    Zermelo,
}

impl Variant {
    pub fn name(self) -> &'static str {
        match self {
            Variant::Alg1 => "alg1",
            Variant::Fixed => "fixed",
            Variant::Zermelo => "zermelo",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BrentParams {
    pub variant: Variant,
    /// Damping `σ ≥ 0`: the diagonal `s_ii`. Changes the speed, never the answer.
    pub sigma: f64,
    /// Dummy player weight `γ ≥ 0` (0 = none).
    pub gamma: f64,
    /// Tolerance on the maximum relative change.
    pub eps: f64,
    pub max_iter: usize,
}

impl Default for BrentParams {
    fn default() -> Self {
        BrentParams { variant: Variant::Alg1, sigma: 0.3, gamma: 0.0, eps: 1e-9, max_iter: 10_000 }
    }
}

impl BrentParams {
    pub fn validate(&self) -> Result<(), RateError> {
        let bad = |name, value: f64, expected| Err(RateError::BadParameter { name, value: value.to_string(), expected });
        if !(self.sigma.is_finite() && self.sigma >= 0.0) {
            return bad("sigma", self.sigma, "a number ≥ 0");
        }
        if !(self.gamma.is_finite() && self.gamma >= 0.0) {
            return bad("gamma", self.gamma, "a number ≥ 0");
        }
        if !(self.eps.is_finite() && self.eps > 0.0) {
            return bad("eps", self.eps, "a number > 0");
        }
        if self.max_iter == 0 {
            return bad("max_iter", 0.0, "at least 1");
        }
        Ok(())
    }
}

/// Checks the input and sets up a solver to step through.
pub fn solver(data: &Dataset, params: &BrentParams) -> Result<Solver, RateError> {
    params.validate()?;
    if data.games.is_empty() {
        return Err(RateError::NoGames);
    }
    Ok(Solver::new(Problem::new(data, params), params))
}

/// Runs to the end, calling `observe` after each iteration; it returns `false` to cancel.
pub fn run(data: &Dataset, params: &BrentParams, scale: &Scale, observe: &mut dyn FnMut(&Solver) -> bool) -> Result<Rating, RateError> {
    let mut s = solver(data, params)?;
    while s.step().is_some() {
        if !observe(&s) {
            s.cancel();
        }
    }
    snapshot(&s, data, params, scale)
}

/// The ratings at the solver's current iterate (final once it has stopped).
pub fn snapshot(s: &Solver, data: &Dataset, params: &BrentParams, scale: &Scale) -> Result<Rating, RateError> {
    if s.stop_reason() == Some(StopReason::NonFinite) {
        // The last finite iterate is no answer: say so rather than show it as ratings.
        return Err(RateError::NonFinite { iteration: s.trace().len() + 1 });
    }
    let p = &s.problem;
    let x = s.strengths();
    let n = p.n;
    let ngroups = p.structure.groups.len();
    let log: Vec<Option<f64>> = (0..n).map(|i| p.structure.group[i].map(|_| x[i].ln())).collect();
    // Per-group offset of the display scale.
    let factor = scale.factor();
    let any_prior = p.structure.anchored.iter().any(|&a| a);
    let offset = scale.effective_offset(any_prior);
    let mean: Vec<f64> =
        p.structure.groups.iter().map(|m| m.iter().map(|&i| log[i].unwrap_or(0.0)).sum::<f64>() / m.len() as f64).collect();
    // Groups that old ratings anchor keep that scale; the others are placed by the offset.
    let per_group = |g: usize| match &scale.offset {
        Some(o) => o.clone(),
        None => scale.effective_offset(p.structure.anchored[g]),
    };
    let anchor_c = match &scale.offset {
        Some(Offset::Anchor { player, rating }) => {
            let a = data.find(player).ok_or_else(|| RateError::UnknownAnchor(player.clone()))?;
            let (Some(g), Some(ra)) = (p.structure.group[a], log[a]) else {
                return Err(RateError::UnknownAnchor(format!("{player} (who has no finite rating)")));
            };
            Some((g, rating - factor * ra))
        }
        _ => None,
    };
    let c: Vec<f64> = (0..ngroups)
        .map(|g| match (per_group(g), anchor_c) {
            (Offset::Mean(m), _) => m - factor * mean[g],
            (Offset::Absolute, _) => 0.0,
            (Offset::Anchor { .. }, Some((ga, ca))) => ca + factor * (mean[ga] - mean[g]),
            (Offset::Anchor { .. }, None) => 0.0,
        })
        .collect();
    let tallies = data.tallies();
    // Standard errors only for a finished fit: mid-iteration they would mean nothing.
    let se = if s.stop_reason() == Some(StopReason::Converged) { uncertainty::standard_errors(p, x) } else { vec![None; p.nodes] };
    let mut players: Vec<PlayerRating> = (0..n)
        .map(|i| {
            let g = p.structure.group[i];
            PlayerRating {
                name: data.players[i].name.clone(),
                id: data.players[i].id.clone(),
                rank: None,
                rating: log[i].zip(g).map(|(r, g)| factor * r + c[g]),
                log_strength: log[i],
                games: tallies[i].0,
                score: tallies[i].1,
                group: g.map(|g| g + 1),
                status: p.structure.status[i],
                sigma: se[i].filter(|_| g.is_some()).map(|v| factor * v),
                history: None,
                label: None,
            }
        })
        .collect();
    // Best first: larger groups first, dominant tiers first, then by rating; equal ratings
    // by name, so the order does not depend on the order of the input.
    let key = |i: usize| {
        let r = log[i].map_or(0, |r| -(r * 1e9).round() as i64);
        (p.structure.status[i] == Status::NoGames, p.structure.order[i], r, data.players[i].name.to_lowercase())
    };
    let mut idx: Vec<usize> = (0..n).collect();
    idx.sort_by_cached_key(|&i| key(i));
    let mut sorted: Vec<PlayerRating> = Vec::with_capacity(n);
    let mut prev: Option<(usize, _)> = None;
    for (pos, &i) in idx.iter().enumerate() {
        let mut pr = std::mem::replace(&mut players[i], placeholder());
        if pr.status != Status::NoGames {
            let k = key(i);
            let tie = (k.1, k.2);
            pr.rank = Some(match prev {
                Some((rank, t)) if t == tie && pr.status == Status::Rated => rank,
                _ => pos + 1,
            });
            prev = Some((pr.rank.unwrap_or(pos + 1), tie));
        }
        sorted.push(pr);
    }
    let stop = s.stop_reason().unwrap_or(StopReason::Cancelled);
    let trace = s.trace().to_vec();
    let final_residual = p.equilibrium_residuals(x).iter().fold(0.0f64, |m, r| m.max(r.abs()));
    let mut warnings = Vec::new();
    let last_change = trace.last().map_or(f64::NAN, |t| t.change);
    match stop {
        StopReason::MaxIterations => {
            warnings.push(format!(
                "did not converge in {} iterations (last relative change {last_change:.3e}, tolerance {:.1e}); the ratings shown are the last iterate",
                trace.len(),
                params.eps
            ));
            if params.sigma == 0.0 {
                // Without damping the iteration has an eigenvalue −1 on two-sided schedules.
                warnings.push("with sigma = 0 the iteration can oscillate forever when the players split into two sides that only play each other (two players, or home sides that only meet away sides): try sigma = 0.3".into());
            }
        }
        StopReason::NonFinite => {
            warnings.push("the iteration overflowed; the ratings shown are the last finite iterate: add a dummy player (gamma > 0)".into())
        }
        StopReason::NothingToRate => {
            warnings.push("no group of players can be rated on these results: add a dummy player (gamma > 0)".into())
        }
        StopReason::Cancelled => warnings.push(format!("stopped after {} iterations, before converging", trace.len())),
        StopReason::Converged | StopReason::Finished => {}
    }
    if ngroups > 1 {
        warnings.push(format!("the players fall into {ngroups} groups rated separately: ratings compare only within a group"));
    }
    if let Some(g) = s.problem.diagnosis.suggested_gamma {
        warnings.push(format!("degenerate results (see the diagnosis): try a dummy player, gamma = {g}"));
    }
    Ok(Rating {
        method: "brent".into(),
        variant: params.variant.name().into(),
        players: sorted,
        report: SolverReport { iterations: trace.len(), converged: stop == StopReason::Converged, stop, trace, final_residual },
        diagnosis: p.diagnosis.clone(),
        groups: ngroups,
        scale: Some(ScaleReport { kind: scale.kind, factor, offset }),
        accuracy: None,
        fit: None,
        warnings,
    })
}

fn placeholder() -> PlayerRating {
    PlayerRating {
        name: String::new(),
        id: None,
        rank: None,
        rating: None,
        log_strength: None,
        games: 0,
        score: 0.0,
        group: None,
        status: Status::NoGames,
        sigma: None,
        history: None,
        label: None,
    }
}
