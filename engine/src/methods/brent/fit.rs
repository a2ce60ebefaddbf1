//! Brent's method behind the [`Fit`] interface ([`BrentFit`]: the [`Solver`] stepped by the fit
//! loop) and its ratings at an iterate: the display scale's placement per group, the rows,
//! the standard errors and the warnings.

use super::params::BrentParams;
use super::problem::Problem;
use super::solver::Solver;
use super::uncertainty;
use super::variant::{Variant, AUTO_PLAYERS};
use crate::diagnose::Status;
use crate::error::{check, RateError, MAX_ITER};
use crate::methods::cost::Passes;
use crate::methods::fit::{groups_warning, stop_warning, Advance, Fit, Measures, Quantity, Stepper, Steps};
use crate::methods::predictive::Model;
use crate::methods::ranking::{rank, Placing};
use crate::methods::rating::{MethodVariant, PlayerRating, Rating, ScaleReport, SolverReport, StopReason};
use crate::methods::spec::About;
use crate::methods::spec::MethodSpec;
use crate::methods::{Method, MethodKind, Options};
use crate::model::Dataset;
use crate::scale::{Offset, Scale};
use crate::threads;

impl MethodSpec for BrentParams {
    const ABOUT: About = About {
        title: "Brent eigenvector ratings",
        label: "Brent's eigenvector ratings",
        short: "Brent",
        about: "Brent: each player's expected score equals their actual score (Bradley–Terry maximum likelihood; a draw is half a win each way). The iterations below all reach that answer.",
        sequential: false,
        decimals: None,
        axis: None,
        // Measured on a million random games (docs/performance.md, *Evaluation's estimate*):
        // 2.6–2.9 replays in the worker, 2.0–2.4 natively.
        passes: Passes::flat(3.0, 2.5),
    };

    fn validate(&self) -> Result<(), RateError> {
        check(self.sigma.is_finite() && self.sigma >= 0.0, "sigma", self.sigma, "a number ≥ 0")?;
        check(self.gamma.is_finite() && self.gamma >= 0.0, "gamma", self.gamma, "a number ≥ 0")?;
        check(self.eps.is_finite() && self.eps > 0.0, "eps", self.eps, "a number > 0")?;
        check(self.max_iter >= 1, "max_iter", self.max_iter as f64, "at least 1")?;
        check(self.max_iter <= MAX_ITER, "max_iter", self.max_iter as f64, "at most 10000000")
    }

    fn start<'d>(&self, data: &'d Dataset, options: &Options) -> Result<Box<dyn Fit + 'd>, RateError> {
        Ok(Box::new(BrentFit::new(data, self, &options.scale)?))
    }

    fn model(&self, _rating: &Rating, _players: usize) -> Model {
        Model::Logistic
    }
}

/// Checks the input and sets up a solver to step through.
pub fn solver(data: &Dataset, params: &BrentParams) -> Result<Solver, RateError> {
    params.validate()?;
    if data.games.is_empty() {
        return Err(RateError::NoGames);
    }
    let params = BrentParams { variant: params.variant.resolve(data.players.len()), ..params.clone() };
    Ok(Solver::new(Problem::new(data, &params), &params))
}

/// Brent's method behind the [`Fit`] interface: the solver, and what it needs to show its
/// iterates on the display scale.
pub struct BrentFit<'d> {
    solver: Solver,
    data: &'d Dataset,
    params: BrentParams,
    scale: Scale,
}

impl<'d> BrentFit<'d> {
    pub fn new(data: &'d Dataset, params: &BrentParams, scale: &Scale) -> Result<BrentFit<'d>, RateError> {
        if let Some(Offset::Anchor { player, .. }) = &scale.offset {
            data.find(player).ok_or_else(|| RateError::UnknownAnchor(player.clone()))?;
        }
        Ok(BrentFit { solver: solver(data, params)?, data, params: params.clone(), scale: scale.clone() })
    }

    pub fn solver(&self) -> &Solver {
        &self.solver
    }
}

/// What Brent's trace measures: the paper's stopping quantity, and the residual of (11).
pub fn measures(params: &BrentParams) -> Measures {
    Measures {
        step: "iteration".into(),
        change: "relative change".into(),
        residual: "largest residual of (11)".into(),
        tolerance: Some((Quantity::Change, params.eps)),
        fits: crate::methods::fit::Fits::One,
    }
}

/// The solver's step, steps and stop: the fit is the solver seen on the display scale.
impl Stepper for BrentFit<'_> {
    fn advance(&mut self) -> Advance {
        self.solver.advance()
    }

    fn steps(&self) -> &Steps {
        self.solver.steps()
    }

    fn steps_mut(&mut self) -> &mut Steps {
        self.solver.steps_mut()
    }

    fn on_stop(&mut self) {
        self.solver.on_stop()
    }
}

impl Fit for BrentFit<'_> {
    fn measures(&self) -> Measures {
        measures(&self.params)
    }

    fn display(&self) -> Vec<Option<f64>> {
        // An anchor without a finite rating (yet) cannot place the scale: the mean does.
        let placed = placement(&self.solver, self.data, &self.scale)
            .or_else(|_| placement(&self.solver, self.data, &Scale { kind: self.scale.kind, offset: None }));
        match placed {
            Ok(p) => (0..self.solver.problem.n).map(|i| p.rating(&self.solver, i)).collect(),
            Err(_) => vec![None; self.data.players.len()],
        }
    }

    fn finish(&self) -> Result<Rating, RateError> {
        snapshot(&self.solver, self.data, &self.params, &self.scale)
    }

    fn iterate(&self) -> Option<Vec<f64>> {
        Some(self.solver.strengths().to_vec())
    }

    fn warm(&mut self, iterate: &[f64]) -> bool {
        self.solver.warm(iterate)
    }

    fn finish_early(&self) -> Option<Result<Rating, RateError>> {
        let s = &self.solver;
        // Only the dense inverse is slow: a group above `MAX_GROUP` gets the quick diagonal.
        let dense = |n: usize| n > EARLY_ERRORS && n <= uncertainty::MAX_GROUP;
        let slow = s.stop_reason() == Some(StopReason::Converged) && s.problem.group_size.iter().any(|&n| dense(n));
        slow.then(|| snapshot_with(s, self.data, &self.params, &self.scale, Errors::Later))
    }
}

/// Groups larger than this make the exact standard errors slow enough (a dense inverse,
/// O(n³): some 10 ms at 250 players in the browser) that [`Fit::finish_early`] leaves them
/// out, for the app to show the ratings first.
pub const EARLY_ERRORS: usize = 250;

/// Whether a snapshot computes the standard errors now or leaves them for later.
#[derive(Clone, Copy, PartialEq)]
enum Errors {
    Now,
    Later,
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

/// How log-strengths map to the display scale at an iterate: `R = factor · r + c[group]`.
struct Placement {
    factor: f64,
    offset: Offset,
    /// Per rated group.
    c: Vec<f64>,
    /// Per real player: `r = ln x`, `None` outside the rated groups.
    log: Vec<Option<f64>>,
}

impl Placement {
    fn rating(&self, s: &Solver, i: usize) -> Option<f64> {
        self.log[i].zip(s.problem.structure.group[i]).map(|(r, g)| self.factor * r + self.c[g])
    }
}

/// The display scale's offset per group at the solver's current iterate.
fn placement(s: &Solver, data: &Dataset, scale: &Scale) -> Result<Placement, RateError> {
    let p = &s.problem;
    let x = s.strengths();
    let log: Vec<Option<f64>> = (0..p.n).map(|i| p.structure.group[i].map(|_| x[i].ln())).collect();
    let factor = scale.factor();
    let offset = scale.effective_offset(p.structure.anchored.iter().any(|&a| a));
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
    let c = (0..p.structure.groups.len())
        .map(|g| match (per_group(g), anchor_c) {
            (Offset::Mean(m), _) => m - factor * mean[g],
            (Offset::Absolute, _) => 0.0,
            (Offset::Anchor { .. }, Some((ga, ca))) => ca + factor * (mean[ga] - mean[g]),
            (Offset::Anchor { .. }, None) => 0.0,
        })
        .collect();
    Ok(Placement { factor, offset, c, log })
}

/// The ratings at the solver's current iterate (final once it has stopped).
pub fn snapshot(s: &Solver, data: &Dataset, params: &BrentParams, scale: &Scale) -> Result<Rating, RateError> {
    snapshot_with(s, data, params, scale, Errors::Now)
}

fn snapshot_with(s: &Solver, data: &Dataset, params: &BrentParams, scale: &Scale, errors: Errors) -> Result<Rating, RateError> {
    if s.stop_reason() == Some(StopReason::NonFinite) {
        // The last finite iterate is no answer: say so rather than show it as ratings.
        return Err(RateError::NonFinite { iteration: s.steps().len() + 1 });
    }
    let p = &s.problem;
    let placed = placement(s, data, scale)?;
    // The rows and the residuals at once (a pass over the pairs each, on two threads when large:
    // [`threads::join_large`]).
    let (players, final_residual) = threads::join_large(
        p.s.len(),
        || rows(s, data, &placed, errors),
        || p.equilibrium_residuals(s.strengths()).iter().fold(0.0f64, |m, r| m.max(r.abs())),
    );
    let stop = s.stop_reason().unwrap_or(StopReason::Cancelled);
    let trace = s.trace().to_vec();
    let warnings = warnings(s, params, stop);
    Ok(Rating {
        method: MethodKind::Brent,
        variant: MethodVariant::Brent { iteration: s.variant(), warmed: s.warmed() },
        params: Method::Brent(params.clone()),
        players,
        report: SolverReport {
            iterations: s.steps().len(),
            converged: stop == StopReason::Converged,
            stop,
            trace,
            final_residual,
            passes: Some(s.passes()),
        },
        diagnosis: p.diagnosis.clone(),
        groups: p.structure.groups.len(),
        scale: Some(ScaleReport { kind: scale.kind, factor: placed.factor, offset: placed.offset }),
        accuracy: None,
        decided: None,
        fit: None,
        games: None,
        warnings,
    })
}

/// The players best first: larger groups first, dominant tiers first, then by rating.
fn rows(s: &Solver, data: &Dataset, placed: &Placement, errors: Errors) -> Vec<PlayerRating> {
    let p = &s.problem;
    // Standard errors only for a finished fit: mid-iteration they would mean nothing.
    let converged = s.stop_reason() == Some(StopReason::Converged) && errors == Errors::Now;
    // The games' tallies and the errors at once (each a pass of its own, on two threads when large: [`threads::join_large`]).
    let (tallies, se) = threads::join_large(
        p.s.len(),
        || data.tallies(),
        || if converged { uncertainty::standard_errors(p, s.strengths()).se } else { vec![None; p.nodes] },
    );
    let players = (0..p.n)
        .map(|i| {
            let g = p.structure.group[i];
            PlayerRating {
                deviation: None,
                volatility: None,
                name: data.players[i].name.clone(),
                index: i,
                id: data.players[i].id().map(str::to_string),
                rank: None,
                rating: placed.rating(s, i),
                log_strength: placed.log[i],
                games: tallies[i].0,
                score: tallies[i].1,
                group: g.map(|g| g + 1),
                status: p.structure.status[i],
                sigma: se[i].filter(|_| g.is_some()).map(|v| placed.factor * v),
                history: None,
                label: None,
            }
        })
        .collect();
    rank(players, |i, r| Placing {
        ranked: r.status != Status::NoGames,
        shares: r.status == Status::Rated,
        tier: p.structure.order[i],
        value: Some(placed.log[i].unwrap_or(0.0)),
    })
}

fn warnings(s: &Solver, params: &BrentParams, stop: StopReason) -> Vec<String> {
    let mut warnings = Vec::new();
    let last_change = s.trace().last().map_or(f64::NAN, |t| t.change);
    warnings.extend(stop_warning(stop, s.steps().len(), &measures(params), last_change));
    match stop {
        StopReason::MaxIterations if params.sigma == 0.0 => {
            // Without damping the iteration has an eigenvalue −1 on two-sided schedules.
            warnings.push("with sigma = 0 the iteration can oscillate forever when the players split into two sides that only play each other (two players, or home sides that only meet away sides): try sigma = 0.3".into());
        }
        StopReason::NonFinite => {
            warnings.push("the iteration overflowed; the ratings shown are the last finite iterate: add a dummy player (gamma > 0)".into())
        }
        StopReason::NothingToRate => {
            warnings.push("no group of players can be rated on these results: add a dummy player (gamma > 0)".into())
        }
        _ => {}
    }
    if params.variant == Variant::Auto && s.variant() == Variant::Accelerated {
        warnings.push(format!(
            "more than {AUTO_PLAYERS} players: the accelerated iteration was used (choose Algorithm 1 to watch its iterations)"
        ));
    }
    warnings.extend(groups_warning(s.problem.structure.groups.len()));
    let large = s.problem.group_size.iter().any(|&n| n > uncertainty::MAX_GROUP);
    if stop == StopReason::Converged && large {
        warnings.push(format!(
            "standard errors in groups of more than {} players are approximated by 1/√H_ii (each rating's error with every other rating held fixed), which understates them a little",
            uncertainty::MAX_GROUP
        ));
    }
    if let Some(g) = s.problem.diagnosis.suggested_gamma {
        warnings.push(format!("degenerate results (see the diagnosis): try a dummy player, gamma = {g}"));
    }
    warnings
}
