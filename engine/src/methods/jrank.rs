//! JRank (K. Londenberg, *JRank, a new Ranking and Tournament System for competitive Games*,
//! 2010): every game measures a ratio of strengths, `W_p / O_pg = M(A_pg) / M(B_pg)` with
//! `M(x) = (x + k)^p`, and a player's strength is the geometric mean of what their games say.
//!
//! In logs (`w = ln W`) one step is `f_p(w) = mean over p's games of (w_opponent + ln R_pg)`, a
//! Jacobi step on the graph Laplacian of the schedule. The paper iterates `w ← f(w)` and
//! claims convergence; that does not hold (see `docs/methods.md` §4): adding a constant to
//! every `w` is a fixed direction, and on a two-sided schedule (two players; home sides that
//! only meet away sides) the plain step has the eigenvalue −1 and oscillates forever. So each
//! step is damped, `w ← (1 − damping)·w + damping·f(w)`, and each connected group is
//! renormalised to mean `w = 0` (geometric mean strength 1). The fixed point solves `L w = b`
//! exactly; [`direct`] solves that system and is the check on the iteration.
//!
//! [`rate`] can also fit `k` and `p` by the paper's grid search ([`JRankParams::fit`]), in-sample or
//! on the latest games after fitting on the earlier ones.
//!
//! ```
//! use ratings_engine::methods::jrank::{rate, JRankParams};
//! use ratings_engine::Dataset;
//! let mut d = Dataset::new();
//! d.add_game("Anna", "Ben", 1.0).set_points(Some((3.0, 1.0)));
//! d.add_game("Ben", "Cleo", 1.0).set_points(Some((2.0, 0.0)));
//! d.add_game("Cleo", "Anna", 0.5).set_points(Some((1.0, 1.0)));
//! let r = rate(&d, &JRankParams::default()).unwrap();
//! assert!(r.report.converged);
//! assert_eq!(r.players[0].name, "Anna");
//! ```

mod conjugate;
mod params;
mod step;

pub use params::JRankParams;
pub use step::Step;

use crate::diagnose::{Diagnosis, Finding, FindingKind, Status};
use crate::error::{check, RateError, MAX_ITER};
use crate::methods::cost::Passes;
use crate::methods::fit::{groups_warning, stop_warning, Advance, Fit, Measures, Quantity, Stepper, Steps, Stopping, Taken};
use crate::methods::predictive::Model;
use crate::methods::ranking::{rank, Placing};
use crate::methods::rating::{IterationRecord, MethodVariant, ParameterFit, PlayerRating, Rating, SolverReport, StopReason};
use crate::methods::spec::About;
use crate::methods::spec::MethodSpec;
use crate::methods::Options;
use crate::methods::{Method, MethodKind};
use crate::model::Dataset;

impl MethodSpec for JRankParams {
    const ABOUT: About = About {
        title: "JRank strengths",
        label: "JRank",
        short: "JRank",
        about: "JRank: each player's strength is the geometric mean over their games of the opponent's strength × M(points for) / M(points against), M(x) = (x + k)^p.",
        sequential: false,
        decimals: Some(3),
        axis: Some("strength (JRank's scale)"),
        // Measured on a million random games (docs/performance.md, *Evaluation's estimate*):
        // 1.3–1.5 replays in the worker, 1.3–1.6 natively.
        passes: Passes::flat(1.5, 1.5),
    };

    fn validate(&self) -> Result<(), RateError> {
        check(self.k.is_finite() && self.k > 0.0, "k", self.k, "a number > 0")?;
        check(self.p.is_finite() && self.p > 0.0, "p", self.p, "a number > 0")?;
        check(self.damping > 0.0 && self.damping <= 1.0, "damping", self.damping, "a number in (0, 1]")?;
        check(self.eps.is_finite() && self.eps > 0.0, "eps", self.eps, "a number > 0")?;
        check(self.max_iter >= 1, "max_iter", self.max_iter as f64, "at least 1")?;
        check(self.max_iter <= MAX_ITER, "max_iter", self.max_iter as f64, "at most 10000000")?;
        check(self.holdout >= 0.0 && self.holdout < 1.0, "holdout", self.holdout, "a fraction in [0, 1)")
    }

    fn start<'d>(&self, data: &'d Dataset, _options: &Options) -> Result<Box<dyn Fit + 'd>, RateError> {
        Ok(Box::new(JRankFit::new(data, self)?))
    }

    fn model(&self, _rating: &Rating, _players: usize) -> Model {
        Model::JRank { k: self.k, p: self.p }
    }
}

/// The parameter grid of the paper: `GRID` log-spaced values over each range.
const GRID: usize = 25;
/// The range of `k` the fit searches (the command line's help names it).
pub const K_RANGE: (f64, f64) = (0.001, 20.0);
/// The range of `p` the fit searches.
pub const P_RANGE: (f64, f64) = (0.001, 3.0);

/// A game as JRank reads it: two distinct players and each side's points.
#[derive(Clone, Copy, Debug)]
struct Pg {
    a: usize,
    b: usize,
    pa: f64,
    pb: f64,
    /// Index in `Dataset::games`, for ordering by input.
    index: usize,
}

impl Pg {
    /// `ln M(A) − ln M(B)`, in logs so that no `k` and `p` can overflow it.
    fn log_ratio(&self, k: f64, p: f64) -> f64 {
        p * ((self.pa + k).ln() - (self.pb + k).ln())
    }
}

struct Prepared {
    games: Vec<Pg>,
    /// Games that had no usable points and use the score instead.
    from_score: usize,
    /// Games that cannot be read (a player against themselves, an unknown player, no score).
    skipped: usize,
}

/// The games JRank can use. Points must be finite and ≥ 0; otherwise the score stands in,
/// as chess-like data have no points.
fn prepare(data: &Dataset) -> Prepared {
    let n = data.players.len();
    let mut out = Prepared { games: Vec::with_capacity(data.games.len()), from_score: 0, skipped: 0 };
    for (index, g) in data.games.iter().enumerate() {
        if g.first() == g.second() || g.first() >= n || g.second() >= n {
            out.skipped += 1;
            continue;
        }
        let (pa, pb) = match g.points() {
            Some((a, b)) if a.is_finite() && b.is_finite() && a >= 0.0 && b >= 0.0 => (a, b),
            _ if (0.0..=1.0).contains(&g.score) => {
                out.from_score += 1;
                (g.score, 1.0 - g.score)
            }
            _ => {
                out.skipped += 1;
                continue;
            }
        };
        out.games.push(Pg { a: g.first(), b: g.second(), pa, pb, index });
    }
    out
}

/// The schedule's graph: connected groups and the Laplacian with game multiplicities.
struct Schedule {
    /// Per player: the group (numbered largest first), or `None` without games.
    group: Vec<Option<usize>>,
    groups: Vec<Vec<usize>>,
    /// Per player: position within its group.
    local: Vec<usize>,
    /// Games played, `G_p` (the Laplacian's diagonal).
    degree: Vec<f64>,
    /// CSR adjacency: opponents and the number of games against each.
    ptr: Vec<usize>,
    adj: Vec<(usize, f64)>,
}

impl Schedule {
    fn new(n: usize, games: &[Pg], names: &[String]) -> Schedule {
        let mut sets = crate::graph::UnionFind::new(n);
        let mut degree = vec![0.0; n];
        // Each player's row of opponents, one entry a game, in place (counted first, so the
        // list is made at its size), then sorted and merged into (opponent, games): a list of
        // pairs beside a growing adjacency held twice the room on a million games.
        let mut ptr = vec![0; n + 1];
        for g in games {
            degree[g.a] += 1.0;
            degree[g.b] += 1.0;
            ptr[g.a + 1] += 1;
            ptr[g.b + 1] += 1;
            sets.union(g.a, g.b);
        }
        for i in 0..n {
            ptr[i + 1] += ptr[i];
        }
        let mut fill = ptr.clone();
        let mut adj: Vec<(usize, f64)> = vec![(0, 0.0); ptr[n]];
        for g in games {
            adj[fill[g.a]] = (g.b, 1.0);
            fill[g.a] += 1;
            adj[fill[g.b]] = (g.a, 1.0);
            fill[g.b] += 1;
        }
        drop(fill);
        let mut kept = 0;
        for i in 0..n {
            let row = ptr[i]..ptr[i + 1];
            crate::sort::unstable_by(&mut adj[row.clone()], |x, y| x.0.cmp(&y.0));
            ptr[i] = kept;
            for k in row {
                let (j, c) = adj[k];
                if kept > ptr[i] && adj[kept - 1].0 == j {
                    adj[kept - 1].1 += c;
                } else {
                    adj[kept] = (j, c);
                    kept += 1;
                }
            }
        }
        ptr[n] = kept;
        adj.truncate(kept);
        adj.shrink_to_fit();
        // Groups largest first; equal sizes by their first name in lower case, so the
        // numbering does not depend on the order of the input.
        let mut members: Vec<Vec<usize>> = vec![Vec::new(); n];
        for i in (0..n).filter(|&i| degree[i] > 0.0) {
            let r = sets.find(i);
            members[r].push(i);
        }
        let mut groups: Vec<Vec<usize>> = members.into_iter().filter(|m| !m.is_empty()).collect();
        let first_name =
            |m: &Vec<usize>| m.iter().map(|&i| names.get(i).map_or(String::new(), |s| s.to_lowercase())).min().unwrap_or_default();
        crate::sort::by_cached_key(&mut groups, |m| (std::cmp::Reverse(m.len()), first_name(m)));
        let mut group = vec![None; n];
        let mut local = vec![0; n];
        for (gi, m) in groups.iter().enumerate() {
            for (li, &i) in m.iter().enumerate() {
                group[i] = Some(gi);
                local[i] = li;
            }
        }
        Schedule { group, groups, local, degree, ptr, adj }
    }

    fn neighbours(&self, i: usize) -> &[(usize, f64)] {
        &self.adj[self.ptr[i]..self.ptr[i + 1]]
    }

    /// `y = L x`: each player's games times their `x` less their opponents' `x`, game by game.
    fn laplacian(&self, x: &[f64], y: &mut [f64]) {
        for (i, y) in y.iter_mut().enumerate() {
            *y = self.degree[i] * x[i] - self.neighbours(i).iter().map(|&(j, c)| c * x[j]).sum::<f64>();
        }
    }

    /// Sets each group's mean to 0.
    fn centre(&self, w: &mut [f64]) {
        for m in &self.groups {
            let mean = m.iter().map(|&i| w[i]).sum::<f64>() / m.len() as f64;
            for &i in m {
                w[i] -= mean;
            }
        }
    }
}

/// Solves `L w = b` per group, mean 0 per group, reusing one factorisation (and one coarse
/// space) for many `b` (the fit solves the same schedule 25 times).
struct LaplaceSolver<'s> {
    s: &'s Schedule,
    /// Per group: the Cholesky factor of `L + 11ᵀ`, for small groups.
    factors: Vec<Option<crate::linalg::Cholesky>>,
    /// Conjugate gradients ([`conjugate`]) for the other groups, all at once.
    conjugate: Option<conjugate::Conjugate>,
}

impl<'s> LaplaceSolver<'s> {
    fn new(s: &'s Schedule) -> LaplaceSolver<'s> {
        // None (a pivot not positive to working precision) sends the group to CG as well.
        let factor = |m: &Vec<usize>| crate::linalg::Cholesky::factor(dense_matrix(s, m), m.len());
        // Small groups by a dense Cholesky factorisation; larger ones by conjugate gradients
        // on the sparse Laplacian.
        let factors: Vec<_> = s.groups.iter().map(|m| if crate::linalg::solves_densely(m.len()) { factor(m) } else { None }).collect();
        let conjugate = factors.iter().any(Option::is_none).then(|| conjugate::Conjugate::new(s, vec![0.0; s.degree.len()]));
        LaplaceSolver { s, factors, conjugate }
    }

    /// `b` per player (ignored outside groups); returns `w`, 0 for players without games.
    fn solve(&mut self, b: &[f64]) -> Vec<f64> {
        let mut w = vec![0.0; b.len()];
        // The groups conjugate gradients solve: the others' b is 0 there, so their w stays 0
        // (the system is block-diagonal by group, and so is the coarse space).
        let mut rest = vec![0.0; b.len()];
        for (m, factor) in self.s.groups.iter().zip(&self.factors) {
            let Some(l) = factor else {
                m.iter().for_each(|&i| rest[i] = b[i]);
                continue;
            };
            // b sums to 0 over a group in exact arithmetic (each game gives +ln R and −ln R);
            // projecting removes the rounding so the system stays consistent.
            let mut x: Vec<f64> = m.iter().map(|&i| b[i]).collect();
            let mean = x.iter().sum::<f64>() / x.len() as f64;
            x.iter_mut().for_each(|v| *v -= mean);
            l.solve(&mut x);
            let mean = x.iter().sum::<f64>() / x.len() as f64;
            for (&i, v) in m.iter().zip(&x) {
                w[i] = v - mean;
            }
        }
        if let Some(c) = &mut self.conjugate {
            let x = c.solve(self.s, rest);
            for (m, _) in self.s.groups.iter().zip(&self.factors).filter(|(_, f)| f.is_none()) {
                m.iter().for_each(|&i| w[i] = x[i]);
            }
        }
        w
    }
}

/// `L + 11ᵀ` on one group, its lower triangle packed by rows: definite for a connected group,
/// and its solution of `L w = b` with `Σ b = 0` has mean 0 (summing the rows gives
/// `n·Σw = Σb = 0`).
fn dense_matrix(s: &Schedule, m: &[usize]) -> Vec<f64> {
    let degrees: Vec<f64> = m.iter().map(|&i| s.degree[i]).collect();
    // The opponents listed by both players: each pair once, from its lower row.
    let pairs = m
        .iter()
        .enumerate()
        .flat_map(|(li, &i)| s.neighbours(i).iter().filter(move |&&(j, _)| s.local[j] < li).map(move |&(j, c)| (li, s.local[j], c)));
    crate::linalg::packed_symmetric(&degrees, pairs, 1.0)
}

/// `b_p = Σ_g ln R_pg` over the given games.
fn right_hand_side(n: usize, games: &[Pg], k: f64, p: f64) -> Vec<f64> {
    let mut b = vec![0.0; n];
    for g in games {
        let r = g.log_ratio(k, p);
        b[g.a] += r;
        b[g.b] -= r;
    }
    b
}

/// The fixed point by a direct solve of `L w = b` per connected group (`L` the schedule's
/// Laplacian with game multiplicities, `b_p = Σ_g ln R_pg`), mean 0 per group: the
/// log-strengths `w = ln W` per player, `None` without games. `k` and `p` that are not
/// finite and > 0 give `None` for everyone.
pub fn direct(data: &Dataset, k: f64, p: f64) -> Vec<Option<f64>> {
    let n = data.players.len();
    if !(k.is_finite() && k > 0.0 && p.is_finite() && p > 0.0) {
        return vec![None; n];
    }
    let prep = prepare(data);
    let names: Vec<String> = data.players.iter().map(|p| p.name.clone()).collect();
    let s = Schedule::new(n, &prep.games, &names);
    let w = LaplaceSolver::new(&s).solve(&right_hand_side(n, &prep.games, k, p));
    (0..n).map(|i| s.group[i].map(|_| w[i]).filter(|w| w.is_finite())).collect()
}

/// Rates `data` by the damped, renormalised JRank iteration.
pub fn rate(data: &Dataset, params: &JRankParams) -> Result<Rating, RateError> {
    rate_with(data, params, &mut |_| true)
}

/// As [`rate`], calling `progress` with each iteration's record; it returns `false` to cancel.
pub fn rate_with(data: &Dataset, params: &JRankParams, progress: &mut dyn FnMut(&IterationRecord) -> bool) -> Result<Rating, RateError> {
    crate::methods::rate_with(data, &Method::JRank(params.clone()), &Default::default(), progress)
}

/// JRank's iteration behind the [`Fit`] interface.
pub struct JRankFit<'d> {
    data: &'d Dataset,
    params: JRankParams,
    prep: Prepared,
    names: Vec<String>,
    s: Schedule,
    /// Per usable game: `ln R = ln M(A) − ln M(B)`.
    lr: Vec<f64>,
    /// The log-strengths of the current iterate.
    w: Vec<f64>,
    /// The step that runs ([`Step::Auto`] resolved by size).
    step: Step,
    /// Conjugate gradients' state, for [`Step::Accelerated`].
    conjugate: Option<conjugate::Conjugate>,
    steps: Steps,
}

impl<'d> JRankFit<'d> {
    pub fn new(data: &'d Dataset, params: &JRankParams) -> Result<JRankFit<'d>, RateError> {
        params.validate()?;
        let prep = prepare(data);
        if prep.games.is_empty() {
            return Err(RateError::NoGames);
        }
        let n = data.players.len();
        let names: Vec<String> = data.players.iter().map(|p| p.name.clone()).collect();
        let s = Schedule::new(n, &prep.games, &names);
        let lr: Vec<f64> = prep.games.iter().map(|g| g.log_ratio(params.k, params.p)).collect();
        let steps = Steps::default().until(Stopping::below(Quantity::Change, params.eps, params.max_iter));
        let step = params.step.resolve(n);
        let conjugate = (step == Step::Accelerated).then(|| {
            let mut b = vec![0.0; n];
            for (g, r) in prep.games.iter().zip(&lr) {
                b[g.a] += r;
                b[g.b] -= r;
            }
            conjugate::Conjugate::new(&s, b)
        });
        Ok(JRankFit { data, params: params.clone(), prep, names, s, lr, w: vec![0.0; n], step, conjugate, steps })
    }

    /// f(w): the mean over each player's games of (w_opponent + ln R).
    fn target(&self, w: &[f64]) -> Vec<f64> {
        let mut f = vec![0.0; w.len()];
        for (g, r) in self.prep.games.iter().zip(&self.lr) {
            f[g.a] += w[g.b] + r;
            f[g.b] += w[g.a] - r;
        }
        for (v, d) in f.iter_mut().zip(&self.s.degree) {
            if *d > 0.0 {
                *v /= d;
            }
        }
        f
    }

    fn warnings(&self, stop: StopReason) -> Vec<String> {
        let mut warnings = Vec::new();
        let (prep, params) = (&self.prep, &self.params);
        if prep.from_score > 0 {
            warnings.push(format!(
                "{} of {} games have no points: JRank uses their score as points (1–0 for a win, ½–½ for a draw)",
                prep.from_score,
                prep.games.len()
            ));
        }
        if prep.skipped > 0 {
            let what = if prep.skipped == 1 { "1 game was".to_string() } else { format!("{} games were", prep.skipped) };
            warnings.push(format!("{what} left out: a player against themselves, an unknown player, or no usable score"));
        }
        let last_change = self.steps.trace.last().map_or(0.0, |t| t.change);
        warnings.extend(stop_warning(stop, self.steps.len(), &self.measures(), last_change));
        let paper = self.step == Step::Paper;
        if !paper && params.damping != JRankParams::default().damping {
            warnings.push(format!(
                "damping = {} is the paper's step's; the accelerated step (conjugate gradients) has none, and gives the same strengths",
                params.damping
            ));
        }
        match stop {
            StopReason::MaxIterations if paper && params.damping == 1.0 => {
                // The undamped step has the eigenvalue −1 on two-sided schedules.
                warnings.push("with damping = 1 (the paper's plain iteration) the iteration can oscillate forever when the players split into two sides that only play each other (two players, or home sides that only meet away sides): try damping = 0.5".into());
            }
            StopReason::NonFinite => warnings.push("the iteration overflowed; the ratings shown are the last finite iterate".into()),
            _ => {}
        }
        warnings.extend(groups_warning(self.s.groups.len()));
        if self.w.iter().any(|&v| v.abs() > f64::MAX.ln()) {
            warnings.push(
                "some strengths W = e^w lie beyond floating point range and are shown at its limit; their log-strengths are exact".into(),
            );
        }
        if params.holdout != 0.0 && !params.fit {
            warnings.push("a held-out share has no effect without the parameter fit".into());
        }
        warnings
    }
}

fn max_gap(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).fold(0.0f64, |m, (x, y)| m.max((x - y).abs()))
}

impl Stepper for JRankFit<'_> {
    /// One damped, renormalised step `w ← (1 − damping)·w + damping·f(w)`, or one step of
    /// conjugate gradients ([`conjugate`]).
    fn advance(&mut self) -> Advance {
        if let Some(c) = &mut self.conjugate {
            let residual = c.residual(&self.s);
            let change = c.step(&self.s, &mut self.w);
            if !change.is_finite() || self.w.iter().any(|v| !v.is_finite()) {
                return Advance::Stop(StopReason::NonFinite);
            }
            return Advance::Took(Taken::new(change, residual));
        }
        let f = self.target(&self.w);
        let residual = max_gap(&f, &self.w);
        let d = self.params.damping;
        let mut next: Vec<f64> = self.w.iter().zip(&f).map(|(w, f)| (1.0 - d) * w + d * f).collect();
        self.s.centre(&mut next);
        if next.iter().any(|v| !v.is_finite()) {
            // Cannot happen for valid parameters (the step is an average); kept so that a
            // rating is never NaN.
            return Advance::Stop(StopReason::NonFinite);
        }
        let change = max_gap(&next, &self.w);
        self.w = next;
        Advance::Took(Taken::new(change, residual))
    }

    fn steps(&self) -> &Steps {
        &self.steps
    }

    fn steps_mut(&mut self) -> &mut Steps {
        &mut self.steps
    }
}

impl Fit for JRankFit<'_> {
    fn measures(&self) -> Measures {
        Measures {
            step: "iteration".into(),
            change: "change of a log-strength".into(),
            residual: "largest |f(w) − w|".into(),
            tolerance: Some((Quantity::Change, self.params.eps)),
            fits: crate::methods::fit::Fits::One,
        }
    }

    fn display(&self) -> Vec<Option<f64>> {
        (0..self.w.len()).map(|i| self.s.group[i].map(|_| self.w[i].exp().clamp(f64::MIN_POSITIVE, f64::MAX))).collect()
    }

    fn finish(&self) -> Result<Rating, RateError> {
        let stop = self.steps.stop.unwrap_or(StopReason::Cancelled);
        let f = self.target(&self.w);
        let final_residual = self.s.groups.iter().flatten().fold(0.0f64, |m, &i| m.max((f[i] - self.w[i]).abs()));
        let mut warnings = self.warnings(stop);
        let fit = self.params.fit.then(|| fit(self.data, &self.prep.games, &self.names, self.params.holdout));
        if let Some(fit) = &fit {
            warnings.push(fit_summary(fit, &self.params));
        }
        let trace = self.steps.trace.records().to_vec();
        Ok(Rating {
            method: MethodKind::JRank,
            variant: MethodVariant::JRank { step: self.step },
            params: Method::JRank(self.params.clone()),
            players: players(self.data, &self.prep.games, &self.s, &self.w),
            report: SolverReport {
                iterations: self.steps.len(),
                converged: stop == StopReason::Converged,
                stop,
                trace,
                final_residual,
                passes: None,
            },
            diagnosis: diagnosis(&self.s, &self.names),
            groups: self.s.groups.len(),
            scale: None,
            warnings,
            accuracy: None,
            decided: None,
            fit,
            games: None,
        })
    }
}

/// The players best first: by group (largest first), then strength, then name in lower case
/// (so the order does not depend on the order of the input); players without games last.
fn players(data: &Dataset, games: &[Pg], s: &Schedule, w: &[f64]) -> Vec<PlayerRating> {
    let n = data.players.len();
    let mut score = vec![0.0; n];
    let mut count = vec![0u32; n];
    for g in games {
        // A game read from its points may carry a score that is no number; the points decide it then.
        let given = data.games[g.index].score;
        let x = if given.is_finite() { given.clamp(0.0, 1.0) } else { 0.5 + 0.5 * (g.pa - g.pb).signum() * f64::from(g.pa != g.pb) };
        score[g.a] += x;
        score[g.b] += 1.0 - x;
        count[g.a] += 1;
        count[g.b] += 1;
    }
    let rows = (0..n)
        .map(|i| {
            let rated = s.group[i].is_some();
            PlayerRating {
                deviation: None,
                volatility: None,
                name: data.players[i].name.clone(),
                index: i,
                id: data.players[i].id().map(str::to_string),
                rank: None,
                rating: rated.then(|| w[i].exp().clamp(f64::MIN_POSITIVE, f64::MAX)),
                log_strength: rated.then_some(w[i]),
                games: count[i],
                score: score[i],
                group: s.group[i].map(|g| g + 1),
                status: if rated { Status::Rated } else { Status::NoGames },
                sigma: None,
                history: None,
                label: None,
            }
        })
        .collect();
    rank(rows, |i, _| Placing { ranked: s.group[i].is_some(), shares: true, tier: (s.group[i].unwrap_or(0), 0), value: Some(w[i]) })
}

/// JRank rates every player with games, so the only problems are players without games and
/// groups that never met.
fn diagnosis(s: &Schedule, names: &[String]) -> Diagnosis {
    const SHOWN: usize = 8;
    let short = |ids: &[usize]| crate::text::sorted_names_and_more(ids.iter().map(|&i| &names[i]), SHOWN);
    let mut d = Diagnosis::default();
    let mut no_games: Vec<usize> = (0..names.len()).filter(|&i| s.group[i].is_none()).collect();
    crate::sort::by_cached_key(&mut no_games, |&i| names[i].to_lowercase());
    if !no_games.is_empty() {
        let verb = if no_games.len() == 1 { "has" } else { "have" };
        d.findings.push(Finding {
            kind: FindingKind::NoGames,
            message: format!("{} {verb} no games, so no rating.", short(&no_games)),
            players: no_games.iter().map(|&i| names[i].clone()).collect(),
        });
    }
    if s.groups.len() > 1 {
        let parts: Vec<String> =
            s.groups.iter().take(5).enumerate().map(|(k, m)| format!("group {} ({} players: {})", k + 1, m.len(), short(m))).collect();
        let mut rest: Vec<usize> = s.groups.iter().skip(1).flatten().copied().collect();
        crate::sort::by_cached_key(&mut rest, |&i| names[i].to_lowercase());
        d.findings.push(Finding {
            kind: FindingKind::Disconnected,
            message: format!(
                "The players form {} groups that never met, directly or through common opponents, so their ratings cannot be compared: {}{}.",
                s.groups.len(),
                parts.join("; "),
                if s.groups.len() > 5 { format!("; and {} more groups", s.groups.len() - 5) } else { String::new() }
            ),
            players: rest.iter().map(|&i| names[i].clone()).collect(),
        });
        d.degenerate = true;
    }
    d
}

/// `GRID` values log-spaced over `[lo, hi]`, the ends exact.
fn log_grid((lo, hi): (f64, f64)) -> Vec<f64> {
    (0..GRID)
        .map(|i| match i {
            0 => lo,
            i if i == GRID - 1 => hi,
            i => (lo.ln() + (hi.ln() - lo.ln()) * i as f64 / (GRID - 1) as f64).exp(),
        })
        .collect()
}

/// Games in time order: the one chronological order of [`crate::model::chronological_order`].
fn time_order(data: &Dataset, games: &[Pg]) -> Vec<Pg> {
    let rank = crate::model::chronological_rank(&data.games);
    let mut sorted = games.to_vec();
    crate::sort::by_key(&mut sorted, |g| rank[g.index]);
    sorted
}

/// The paper's grid search: for each `(k, p)`, rate the fitted games by the direct solve and
/// take the mean over the scored games of `(W_first/W_second − M(A)/M(B))²`.
fn fit(data: &Dataset, games: &[Pg], names: &[String], holdout: f64) -> ParameterFit {
    let n = data.players.len();
    let m = games.len();
    let ordered = time_order(data, games);
    // At least one game on each side when holding out; a single game can only be in-sample.
    let fitted_count = if holdout > 0.0 && m >= 2 { (((1.0 - holdout) * m as f64 - 1e-9).ceil() as usize).clamp(1, m - 1) } else { m };
    let in_sample = fitted_count == m;
    let fitted = &ordered[..fitted_count];
    let scored = if in_sample { &ordered[..] } else { &ordered[fitted_count..] };
    let s = Schedule::new(n, fitted, names);
    let mut solver = LaplaceSolver::new(&s);
    let k_values = log_grid(K_RANGE);
    let p_values = log_grid(P_RANGE);
    let mut error = vec![vec![f64::INFINITY; GRID]; GRID];
    for (row, &k) in error.iter_mut().zip(&k_values) {
        // b, and so w, is linear in p: one solve per k serves every p. A player unseen in
        // the fitted games has w = 0, i.e. W = 1.
        let w1 = solver.solve(&right_hand_side(n, fitted, k, 1.0));
        let per_game: Vec<(f64, f64)> = scored.iter().map(|g| (w1[g.a] - w1[g.b], g.log_ratio(k, 1.0))).collect();
        for (cell, &p) in row.iter_mut().zip(&p_values) {
            let total: f64 = per_game.iter().map(|&(dw, dr)| ((p * dw).exp() - (p * dr).exp()).powi(2)).sum();
            let mean = total / per_game.len().max(1) as f64;
            // Overflow is marked as infinite: never chosen, and written as null in JSON.
            *cell = if mean.is_finite() { mean } else { f64::INFINITY };
        }
    }
    let (mut bi, mut bj) = (0, 0);
    for (i, row) in error.iter().enumerate() {
        for (j, &e) in row.iter().enumerate() {
            if e < error[bi][bj] {
                (bi, bj) = (i, j);
            }
        }
    }
    ParameterFit {
        best_k: k_values[bi],
        best_p: p_values[bj],
        best_error: error[bi][bj],
        k_values,
        p_values,
        error,
        fitted_games: fitted.len(),
        scored_games: scored.len(),
        in_sample,
    }
}

fn fit_summary(fit: &ParameterFit, params: &JRankParams) -> String {
    let how = if fit.in_sample {
        format!("in-sample on {} games", fit.fitted_games)
    } else {
        format!("fitted on the earliest {} games, scored on the latest {}", fit.fitted_games, fit.scored_games)
    };
    if !fit.best_error.is_finite() {
        return format!(
            "parameter fit ({how}): every (k, p) on the grid overflowed; the ratings shown use k = {}, p = {}",
            params.k, params.p
        );
    }
    format!(
        "parameter fit ({how}): the least mean squared error per game, {:.4e}, is at k = {:.4}, p = {:.4}; the ratings shown use k = {}, p = {}",
        fit.best_error, fit.best_k, fit.best_p, params.k, params.p
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::linalg::DENSE_MAX;

    fn chain_league(n: usize, extra: usize) -> Dataset {
        // A path through everyone (connected) plus pseudo-random extra games with points.
        let mut d = Dataset::new();
        let name = |i: usize| format!("P{i:04}");
        for i in 0..n - 1 {
            d.add_game(&name(i), &name(i + 1), 1.0).set_points(Some(((i % 4) as f64, ((i * 7) % 3) as f64)));
        }
        let mut x: u64 = 12345;
        for _ in 0..extra {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let a = (x >> 33) as usize % n;
            let b = (a + 1 + (x >> 13) as usize % (n - 1)) % n;
            d.add_game(&name(a), &name(b), 0.5).set_points(Some((((x >> 5) % 5) as f64, ((x >> 9) % 4) as f64)));
        }
        d
    }

    #[test]
    fn dense_and_conjugate_gradient_solves_agree() {
        // A league that mixes fast (no coarse space), and one whose players meet only the
        // next four (a coarse space along the chain).
        let mut levels = Dataset::new();
        for i in 0..DENSE_MAX + 50 {
            for j in i + 1..(i + 5).min(DENSE_MAX + 50) {
                levels.add_game(&format!("P{i:04}"), &format!("P{j:04}"), 1.0).set_points(Some(((i % 5) as f64, (j % 3) as f64)));
            }
        }
        for (d, coarse) in [(chain_league(DENSE_MAX + 50, 2000), false), (levels, true)] {
            let prep = prepare(&d);
            let names: Vec<String> = d.players.iter().map(|p| p.name.clone()).collect();
            let s = Schedule::new(d.players.len(), &prep.games, &names);
            assert_eq!(s.groups.len(), 1);
            let b = right_hand_side(d.players.len(), &prep.games, 1.0, 0.5);
            let c = conjugate::Conjugate::new(&s, vec![0.0; b.len()]);
            assert_eq!(c.has_coarse(), coarse);
            let cg = LaplaceSolver { s: &s, factors: vec![None], conjugate: Some(c) }.solve(&b);
            let mut dense = b.clone();
            crate::linalg::Cholesky::factor(dense_matrix(&s, &s.groups[0]), s.groups[0].len()).unwrap().solve(&mut dense);
            let gap = cg.iter().zip(&dense).fold(0.0f64, |m, (x, y)| m.max((x - y).abs()));
            assert!(gap < 1e-9, "CG and Cholesky differ by {gap:e}");
            // And the large group goes by CG in `direct`, which both steps must match (the
            // paper's, where it converges in reasonable time).
            let w = direct(&d, 1.0, 0.5);
            let steps: &[Step] = if coarse { &[Step::Accelerated] } else { &[Step::Paper, Step::Accelerated] };
            for &step in steps {
                let r = rate(&d, &JRankParams { eps: 1e-13, max_iter: 400_000, step, ..Default::default() }).unwrap();
                assert!(r.report.converged);
                for p in &r.players {
                    let i = d.find(&p.name).unwrap();
                    assert!((p.log_strength.unwrap() - w[i].unwrap()).abs() < 1e-8, "{}", p.name);
                }
            }
        }
    }

    #[test]
    fn games_sort_by_date_then_round_then_input() {
        let mut d = Dataset::new();
        let rows = [
            (Some("2024-02-01"), Some("1")),
            (Some("2024-01-01"), Some("10")),
            (Some("2024-01-01"), Some("2")),
            (None, None),
            (Some("2024-01-01"), Some("2")),
        ];
        for (date, round) in rows {
            let g = d.add_game("A", "B", 1.0);
            g.set_when(date, round);
        }
        let prep = prepare(&d);
        let order: Vec<usize> = time_order(&d, &prep.games).iter().map(|g| g.index).collect();
        assert_eq!(order, vec![3, 2, 4, 1, 0]);
    }

    #[test]
    fn bad_games_are_left_out_not_panicked_on() {
        let mut d = Dataset::new();
        d.add_game("A", "B", 1.0).set_points(Some((f64::NAN, 1.0)));
        d.add_game("A", "B", 0.0);
        let f = d.games[1].first();
        d.games[1].set_players(f, 7);
        let prep = prepare(&d);
        assert_eq!((prep.games.len(), prep.from_score, prep.skipped), (1, 1, 1));
        // Rated, data that name no such player are refused first (`methods::check_data`).
        assert!(matches!(rate(&d, &JRankParams::default()), Err(RateError::InvalidData { .. })));
        // A game with no score and no points is left out, with a warning.
        let f = d.games[1].first();
        d.games[1].set_players(f, 1).score = f64::NAN;
        let r = rate(&d, &JRankParams::default()).unwrap();
        assert!(r.players.iter().all(|p| p.rating.is_some_and(f64::is_finite)));
        assert!(r.warnings.iter().any(|w| w.contains("1 game was left out")), "{:?}", r.warnings);
        // A score that is no number, with points: the points decide, nothing is NaN.
        d.add_game("B", "A", 0.5).set_points(Some((2.0, 0.0)));
        d.games[2].score = f64::NAN;
        let r = rate(&d, &JRankParams { fit: true, holdout: 0.5, ..Default::default() }).unwrap();
        let b = r.players.iter().find(|p| p.name == "B").unwrap();
        assert_eq!((b.games, b.score), (2, 1.0));
        assert!(r.players.iter().all(|p| p.score.is_finite() && p.rating.is_some_and(f64::is_finite)));
        assert!(r.fit.unwrap().error.iter().flatten().all(|e| e.is_finite()));
    }
}
