//! One maximum a posteriori fit: Gaussian priors and probit game results, by Newton's method.
//!
//! On the continuous scale `x` (see [`super::seed`]), with priors `N(μ_i, σ_i)` and games
//! `(white, black, score, d, σ_px)`, the fit minimises
//!
//! ```text
//! F(x) = Σ_i (x_i − μ_i)²/(2σ_i²) − Σ_games [ s ln Φ(t) + (1 − s) ln Φ(−t) ],
//! t = (x_white − x_black − d)/σ_px,   Φ(t) = ½ erfc(−t/√2) = P(white wins)
//! ```
//!
//! (`s` = White's score: 1 or 0, a draw counts half a win each way). `−ln Φ` is convex, so
//! `F` is strictly convex and its Hessian `diag(1/σ²) + Σ w (e_w − e_b)(e_w − e_b)ᵀ`,
//! `w = −(ln Φ)''(±t)/σ_px² ∈ (0, 1/σ_px²)`, is symmetric positive definite. Each Newton step
//! solves with it (dense Cholesky up to [`DENSE_MAX`](crate::linalg::DENSE_MAX) players, else conjugate gradients),
//! then backtracks until `F` decreases enough (Armijo). It stops when `max |∂F/∂x_i| < eps`.
//! The posterior σ_i is `√((H⁻¹)_ii)` at the optimum (the corrected eqs. (26)–(27)).

use super::erfc::{log_ndtr, ndtr_curvature, ndtr_ratio};
use super::linalg::Hessian;
use crate::graph::connected_components;
use crate::linalg::{conjugate_gradient, solves_densely, CgOptions, Cholesky};
use crate::methods::brent::coarse::{Coarse, Meetings};
use crate::methods::fit::Steps;
use crate::methods::rating::{IterationRecord, StopReason};

/// Above this many connected players the posterior σ are approximated (see [`posterior_sigma`]).
pub const DENSE_SIGMA_MAX: usize = 3000;

/// A player's prior on the continuous scale.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Seed {
    pub mean: f64,
    pub sigma: f64,
}

/// A game in a fit: indices into the fit's players.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FitGame {
    pub white: usize,
    pub black: usize,
    /// White's score in [0, 1].
    pub score: f64,
    /// The handicap equivalent `d`, in stones.
    pub d: f64,
    pub sigma_px: f64,
}

/// The result of [`fit`].
#[derive(Clone, Debug, PartialEq)]
pub struct Fit {
    /// The ratings on the continuous scale.
    pub x: Vec<f64>,
    /// The posterior σ of each.
    pub sigma: Vec<f64>,
    /// Newton iterations taken.
    pub iterations: usize,
    /// Their records (bounded: see [`crate::methods::fit::Trace`]).
    pub trace: Vec<IterationRecord>,
    pub stop: StopReason,
    /// `max |∂F/∂x_i|` at `x`.
    pub gradient: f64,
    /// False when some σ is the local approximation of [`posterior_sigma`].
    pub sigma_exact: bool,
}

/// `F(x)`, the negative log-posterior (without constants).
pub fn objective(x: &[f64], seeds: &[Seed], games: &[FitGame]) -> f64 {
    let mut f = 0.0;
    for (xi, s) in x.iter().zip(seeds) {
        let z = (xi - s.mean) / s.sigma;
        f += 0.5 * z * z;
    }
    for g in games {
        let t = (x[g.white] - x[g.black] - g.d) / g.sigma_px;
        if g.score > 0.0 {
            f -= g.score * log_ndtr(t);
        }
        if g.score < 1.0 {
            f -= (1.0 - g.score) * log_ndtr(-t);
        }
    }
    f
}

/// `∇F(x)`.
pub fn gradient(x: &[f64], seeds: &[Seed], games: &[FitGame]) -> Vec<f64> {
    let mut g: Vec<f64> = x.iter().zip(seeds).map(|(xi, s)| (xi - s.mean) / (s.sigma * s.sigma)).collect();
    for gm in games {
        let t = (x[gm.white] - x[gm.black] - gm.d) / gm.sigma_px;
        // dF/dt = −s λ(t) + (1 − s) λ(−t)
        let mut dt = 0.0;
        if gm.score > 0.0 {
            dt -= gm.score * ndtr_ratio(t);
        }
        if gm.score < 1.0 {
            dt += (1.0 - gm.score) * ndtr_ratio(-t);
        }
        let v = dt / gm.sigma_px;
        g[gm.white] += v;
        g[gm.black] -= v;
    }
    g
}

/// The Hessian of `F` at `x`.
pub fn hessian(x: &[f64], seeds: &[Seed], games: &[FitGame]) -> Hessian {
    hessian_in(x, seeds, games, Vec::new())
}

/// [`hessian`], its edges made in `room` (an earlier Hessian's, let go of): a million games'
/// edges are 24 MB, pages of their own that the system hands out zeroed, a fault a page, each
/// time they are allocated anew (half the million-game fit's page faults, one list a Newton
/// step).
fn hessian_in(x: &[f64], seeds: &[Seed], games: &[FitGame], mut edges: Vec<(usize, usize, f64)>) -> Hessian {
    let mut diag: Vec<f64> = seeds.iter().map(|s| 1.0 / (s.sigma * s.sigma)).collect();
    edges.clear();
    edges.reserve_exact(games.len());
    for gm in games {
        let t = (x[gm.white] - x[gm.black] - gm.d) / gm.sigma_px;
        let mut c = 0.0;
        if gm.score > 0.0 {
            c += gm.score * ndtr_curvature(t);
        }
        if gm.score < 1.0 {
            c += (1.0 - gm.score) * ndtr_curvature(-t);
        }
        let w = c / (gm.sigma_px * gm.sigma_px);
        diag[gm.white] += w;
        diag[gm.black] += w;
        edges.push((gm.white, gm.black, w));
    }
    Hessian { diag, edges }
}

fn max_abs(v: &[f64]) -> f64 {
    v.iter().fold(0.0f64, |m, x| m.max(x.abs()))
}

/// The Newton direction `−H⁻¹ g`; by conjugate gradients, preconditioned by the Jacobi step
/// and, where there is one, the coarse correction summed at this Hessian.
fn newton_direction(h: &Hessian, g: &[f64], coarse: Option<&Coarse>) -> Vec<f64> {
    let n = g.len();
    let rhs: Vec<f64> = g.iter().map(|v| -v).collect();
    if solves_densely(n) {
        let idx: Vec<usize> = (0..n).collect();
        if let Some(l) = Cholesky::factor(h.dense_lower(&idx, 0..h.edges.len(), &mut vec![usize::MAX; n]), n) {
            let mut p = rhs;
            l.solve(&mut p);
            return p;
        }
    }
    let mut p = vec![0.0; n];
    // Tight enough for a full-precision optimum: the step's own error is O(rtol ‖g‖).
    let rtol = (1e-3 * max_abs(g)).clamp(1e-13, 1e-3);
    let extra = |r: &[f64], z: &mut [f64]| {
        if let Some(c) = coarse {
            c.correct(&|i| r[i], z);
        }
    };
    let extra: Option<&dyn Fn(&[f64], &mut [f64])> = coarse.map(|_| &extra as _);
    let opt = CgOptions { diagonal: Some(&h.diag), mean_zero: false, rtol, max_steps: 20 * n + 100, extra };
    conjugate_gradient(|v, y| h.apply(v, y), &rhs, &mut p, &opt);
    if p.iter().all(|v| v.is_finite()) {
        p
    } else {
        // Steepest descent, scaled by the diagonal: always a descent direction.
        rhs.iter().zip(&h.diag).map(|(r, d)| r / d).collect()
    }
}

/// One fit by Newton's method, a step at a time: the state between two Newton iterations.
pub struct Newton {
    seeds: Vec<Seed>,
    games: Vec<FitGame>,
    eps: f64,
    max_iter: usize,
    /// The current iterate, its objective and gradient.
    pub x: Vec<f64>,
    f: f64,
    g: Vec<f64>,
    /// The iterations taken, their records and why the fit stopped.
    pub steps: Steps,
    /// The coarse space of players who meet their own level ([`coarse_space`]), when the
    /// Newton step goes by conjugate gradients and there is one.
    coarse: Option<Coarse>,
    /// The last Newton step's Hessian's edges, for the next one's ([`hessian_in`]).
    room: Vec<(usize, usize, f64)>,
}

impl Newton {
    /// Starts from `x = μ`.
    pub fn new(seeds: Vec<Seed>, games: Vec<FitGame>, eps: f64, max_iter: usize) -> Newton {
        let x: Vec<f64> = seeds.iter().map(|s| s.mean).collect();
        let (f, g) = (objective(&x, &seeds, &games), gradient(&x, &seeds, &games));
        let coarse = if solves_densely(x.len()) { None } else { coarse_space(x.len(), &games) };
        Newton { seeds, games, eps, max_iter, x, f, g, steps: Steps::default(), coarse, room: Vec::new() }
    }

    /// The players' priors.
    pub fn priors(&self) -> &[Seed] {
        &self.seeds
    }

    /// The largest `|∂F/∂x_i|` at the current iterate.
    pub fn gradient(&self) -> f64 {
        max_abs(&self.g)
    }

    /// One Newton iteration with Armijo backtracking, unless the fit has stopped; returns
    /// its record (`change`: the largest step, `residual`: the largest |gradient| it started from).
    pub fn step(&mut self) -> Option<IterationRecord> {
        if self.steps.stopped() {
            return None;
        }
        let gmax = max_abs(&self.g);
        if gmax < self.eps {
            self.steps.stop(StopReason::Converged);
            return None;
        }
        if self.steps.len() >= self.max_iter {
            self.steps.stop(StopReason::MaxIterations);
            return None;
        }
        let (next, fnext) = self.line_search();
        if !(fnext.is_finite() && fnext <= self.f + 1e-12 * (1.0 + self.f.abs())) {
            // No progress possible at working precision.
            self.steps.stop(if gmax < self.eps.sqrt() { StopReason::Converged } else { StopReason::NonFinite });
            return Some(self.steps.push(0.0, gmax, None));
        }
        let change = next.iter().zip(&self.x).fold(0.0f64, |m, (a, b)| m.max((a - b).abs()));
        self.x = next;
        self.f = fnext;
        self.g = gradient(&self.x, &self.seeds, &self.games);
        let record = self.steps.push(change, gmax, None);
        if self.steps.len() == self.max_iter {
            self.steps.stop(if max_abs(&self.g) < self.eps { StopReason::Converged } else { StopReason::MaxIterations });
        }
        Some(record)
    }

    /// The Newton step, halved until the objective decreases enough: the next iterate and
    /// its objective.
    fn line_search(&mut self) -> (Vec<f64>, f64) {
        let h = hessian_in(&self.x, &self.seeds, &self.games, std::mem::take(&mut self.room));
        if let Some(c) = &mut self.coarse {
            c.retake_choices(|sum| {
                // A game's weight w adds w (P_a − P_b)(P_a − P_b)ᵀ, a prior 1/σ² its own.
                for &(a, b, w) in &h.edges {
                    sum.choice(4.0 * w, &[(a, 1.0), (b, 1.0)]);
                }
                for (i, s) in self.seeds.iter().enumerate() {
                    sum.anchor(i, 1.0 / (s.sigma * s.sigma));
                }
            });
        }
        let (x, f, g) = (&self.x, self.f, &self.g);
        let p = newton_direction(&h, g, self.coarse.as_ref());
        self.room = h.edges;
        let slope: f64 = g.iter().zip(&p).map(|(a, b)| a * b).sum();
        let mut alpha = 1.0;
        let mut next = x.clone();
        loop {
            for i in 0..x.len() {
                next[i] = x[i] + alpha * p[i];
            }
            let fnext = objective(&next, &self.seeds, &self.games);
            // Near the optimum the decrease is below rounding: take the full step.
            let tiny = -slope <= 1e-13 * (1.0 + f.abs());
            if fnext.is_finite() && (fnext <= f + 1e-4 * alpha * slope || (alpha == 1.0 && tiny)) {
                return (next, fnext);
            }
            alpha *= 0.5;
            if alpha < 1e-12 {
                return (next, fnext);
            }
        }
    }

    /// The fit's result at the current iterate, with the posterior σ.
    pub fn outcome(mut self) -> Fit {
        // The steps' room is not held beside the σ's Hessian.
        self.room = Vec::new();
        let stop = self.steps.stop.unwrap_or(StopReason::Cancelled);
        let (sigma, sigma_exact) = posterior_sigma(&self.x, &self.seeds, &self.games);
        let iterations = self.steps.len();
        Fit { gradient: max_abs(&self.g), x: self.x, sigma, sigma_exact, iterations, trace: self.steps.trace.into_records(), stop }
    }
}

/// The coarse space (Brent's, [`crate::methods::brent::coarse`]) of the fit's players who
/// meet only their own level, where the Hessian's Laplacian makes Jacobi-preconditioned
/// conjugate gradients slow; `None` where the games mix fast.
fn coarse_space(n: usize, games: &[FitGame]) -> Option<Coarse> {
    let group = vec![0u32; n];
    let group_size = [n];
    let sets = |each: &mut dyn FnMut(&[u32])| {
        for g in games.iter().filter(|g| g.white != g.black) {
            each(&[g.white as u32, g.black as u32]);
        }
    };
    Coarse::plan_on(&Meetings { n, nodes: n, group: &group, group_size: &group_size, sets: &sets, entries: games.len() })
}

/// Maximises the posterior from `x = μ`. `progress` sees each Newton iteration and returns
/// `false` to stop.
pub fn fit(seeds: &[Seed], games: &[FitGame], eps: f64, max_iter: usize, progress: &mut dyn FnMut(&IterationRecord) -> bool) -> Fit {
    let mut newton = Newton::new(seeds.to_vec(), games.to_vec(), eps, max_iter);
    while let Some(record) = newton.step() {
        if !progress(&record) {
            newton.steps.stop(StopReason::Cancelled);
        }
    }
    newton.outcome()
}

/// `√((H⁻¹)_ii)` at `x`, per connected group of players (the Hessian is block diagonal
/// over them), each block by a dense Cholesky, and whether all were exact: a group of more
/// than [`DENSE_SIGMA_MAX`] players (a dense inverse would take minutes and gigabytes) gets
/// `1/√H_ii` instead, the σ with everyone else's rating held fixed (a lower bound).
pub fn posterior_sigma(x: &[f64], seeds: &[Seed], games: &[FitGame]) -> (Vec<f64>, bool) {
    let n = x.len();
    let h = hessian(x, seeds, games);
    let mut sigma: Vec<f64> = seeds.iter().map(|s| s.sigma).collect();
    let mut exact = true;
    let comps = connected_components(n, games.iter().map(|g| (g.white, g.black)));
    let edges = edges_by_component(&comps, &h);
    // One position array for every block: a fresh one per block would be quadratic when
    // there are many small groups.
    let mut pos = vec![usize::MAX; n];
    for (comp, edges) in comps.iter().zip(edges) {
        let m = comp.len();
        let local = || comp.iter().map(|&i| 1.0 / h.diag[i]).collect::<Vec<f64>>();
        let d = if m > DENSE_SIGMA_MAX {
            exact = false;
            local()
        } else if let Some(l) = Cholesky::factor(h.dense_lower(comp, edges, &mut pos), m) {
            l.inverse_diagonal()
        } else {
            exact = false;
            local()
        };
        for (k, &i) in comp.iter().enumerate() {
            let s = d[k].sqrt();
            // The posterior σ never exceeds the prior's.
            sigma[i] = if s.is_finite() && s > 0.0 { s.min(seeds[i].sigma) } else { seeds[i].sigma };
        }
    }
    (sigma, exact)
}

/// Per component, the indices of the Hessian's edges inside it, in order: so that each block
/// reads its own edges, not all of them.
fn edges_by_component(comps: &[Vec<usize>], h: &Hessian) -> Vec<Vec<usize>> {
    let mut comp_of = vec![0; h.n()];
    for (c, comp) in comps.iter().enumerate() {
        for &i in comp {
            comp_of[i] = c;
        }
    }
    let mut out = vec![Vec::new(); comps.len()];
    for (e, &(a, _, _)) in h.edges.iter().enumerate() {
        out[comp_of[a]].push(e);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gradient_matches_finite_differences() {
        let seeds = [Seed { mean: 2.0, sigma: 1.0 }, Seed { mean: -3.0, sigma: 2.0 }, Seed { mean: 0.5, sigma: 1.5 }];
        let games = [
            FitGame { white: 0, black: 1, score: 0.0, d: 0.58, sigma_px: 1.06 },
            FitGame { white: 1, black: 2, score: 1.0, d: 3.0, sigma_px: 1.2 },
            FitGame { white: 2, black: 0, score: 0.5, d: 0.0, sigma_px: 1.06 },
        ];
        let x = [1.0, -1.0, 0.0];
        let g = gradient(&x, &seeds, &games);
        for i in 0..3 {
            let h = 1e-6;
            let (mut a, mut b) = (x, x);
            a[i] += h;
            b[i] -= h;
            let fd = (objective(&a, &seeds, &games) - objective(&b, &seeds, &games)) / (2.0 * h);
            assert!((fd - g[i]).abs() < 1e-7, "{i}: {fd} vs {}", g[i]);
        }
        let r = fit(&seeds, &games, 1e-10, 50, &mut |_| true);
        assert_eq!(r.stop, StopReason::Converged);
        assert!(r.gradient < 1e-10);
        assert!(r.sigma_exact);
    }

    #[test]
    fn posterior_sigma_by_groups_matches_the_whole_inverse() {
        // Three groups (one a lone player) of interleaved players, and priors wide enough
        // that the cap at the prior's σ does not hide anything.
        let seeds: Vec<Seed> = (0..7).map(|i| Seed { mean: i as f64 - 3.0, sigma: 5.0 + i as f64 }).collect();
        let pairs = [(0, 3), (3, 5), (5, 0), (1, 4), (4, 6), (1, 6), (0, 5)];
        let games: Vec<FitGame> = pairs
            .iter()
            .enumerate()
            .map(|(k, &(white, black))| FitGame { white, black, score: (k % 2) as f64, d: 0.5, sigma_px: 1.06 })
            .collect();
        let x: Vec<f64> = (0..7).map(|i| 0.3 * i as f64 - 1.0).collect();
        let (sigma, exact) = posterior_sigma(&x, &seeds, &games);
        assert!(exact);
        let h = hessian(&x, &seeds, &games);
        let all: Vec<usize> = (0..7).collect();
        let whole = Cholesky::factor(h.dense_lower(&all, 0..h.edges.len(), &mut [usize::MAX; 7]), 7).unwrap().inverse_diagonal();
        for i in 0..7 {
            assert!((sigma[i] - whole[i].sqrt()).abs() < 1e-12, "{i}: {} vs {}", sigma[i], whole[i].sqrt());
        }
        assert_eq!(sigma[2], seeds[2].sigma, "a player without games keeps the prior's σ");
    }

    #[test]
    fn large_groups_converge_by_conjugate_gradients_and_approximate_sigma() {
        let n = DENSE_SIGMA_MAX + 1;
        let seeds: Vec<Seed> = (0..n).map(|i| Seed { mean: (i % 7) as f64 - 3.0, sigma: 2.0 }).collect();
        let games: Vec<FitGame> =
            (1..n).map(|i| FitGame { white: i - 1, black: i, score: (i % 2) as f64, d: 0.58, sigma_px: 1.06 }).collect();
        let r = fit(&seeds, &games, 1e-9, 50, &mut |_| true);
        assert_eq!(r.stop, StopReason::Converged);
        assert!(!r.sigma_exact);
        assert!(r.sigma.iter().all(|s| s.is_finite() && *s > 0.0 && *s < 2.0));
    }

    /// Where players meet only their own level, the Newton step's conjugate gradients are
    /// preconditioned by the coarse correction along the chain of levels as well as the
    /// Jacobi step: the same direction (a dense solve's), in a fraction of the steps.
    #[test]
    fn players_who_meet_their_own_level_get_a_coarse_correction_and_the_same_step() {
        let n = 600;
        let seeds: Vec<Seed> = (0..n).map(|i| Seed { mean: 0.01 * i as f64, sigma: 6.0 }).collect();
        let games: Vec<FitGame> = (0..n)
            .flat_map(|i| (i + 1..(i + 4).min(n)).map(move |j| (i, j)))
            .map(|(white, black)| FitGame { white, black, score: ((white * 7 + black) % 3) as f64 / 2.0, d: 0.0, sigma_px: 1.06 })
            .collect();
        let mut newton = Newton::new(seeds.clone(), games.clone(), 1e-9, 50);
        assert!(newton.coarse.is_some());
        let x: Vec<f64> = (0..n).map(|i| 0.02 * i as f64).collect();
        let (h, g) = (hessian(&x, &seeds, &games), gradient(&x, &seeds, &games));
        let c = newton.coarse.as_mut().unwrap();
        c.retake_choices(|sum| {
            h.edges.iter().for_each(|&(a, b, w)| sum.choice(4.0 * w, &[(a, 1.0), (b, 1.0)]));
            seeds.iter().enumerate().for_each(|(i, s)| sum.anchor(i, 1.0 / (s.sigma * s.sigma)));
        });
        let all: Vec<usize> = (0..n).collect();
        let mut dense: Vec<f64> = g.iter().map(|v| -v).collect();
        Cholesky::factor(h.dense_lower(&all, 0..h.edges.len(), &mut vec![usize::MAX; n]), n).unwrap().solve(&mut dense);
        // The Newton step as the fit takes it: to its tolerance on the residual.
        let p = newton_direction(&h, &g, newton.coarse.as_ref());
        let mut hp = vec![0.0; n];
        h.apply(&p, &mut hp);
        let residual = hp.iter().zip(&g).map(|(a, b)| (a + b) * (a + b)).sum::<f64>().sqrt();
        let norm = g.iter().map(|v| v * v).sum::<f64>().sqrt();
        assert!(residual <= (1e-3 * max_abs(&g)).clamp(1e-13, 1e-3) * norm, "residual {residual:e} of {norm:e}");
        // Solved tightly, the dense solve's, in a fraction of the steps without the coarse term.
        let c = newton.coarse.as_ref().unwrap();
        let extra = |r: &[f64], z: &mut [f64]| c.correct(&|i| r[i], z);
        let rhs: Vec<f64> = g.iter().map(|v| -v).collect();
        let solve = |extra: Option<&dyn Fn(&[f64], &mut [f64])>| {
            let opt = CgOptions { diagonal: Some(&h.diag), mean_zero: false, rtol: 1e-12, max_steps: 20 * n, extra };
            let mut x = vec![0.0; n];
            (conjugate_gradient(|v, y| h.apply(v, y), &rhs, &mut x, &opt), x)
        };
        let ((with, x), (without, _)) = (solve(Some(&extra)), solve(None));
        let scale = max_abs(&dense);
        let gap = x.iter().zip(&dense).fold(0.0f64, |m, (a, b)| m.max((a - b).abs()));
        assert!(gap < 1e-8 * scale, "the step is {gap:e} from the dense solve's (scale {scale:e})");
        assert!(3 * with < without, "{with} steps with the coarse term, {without} without");
        newton.step();
        assert_eq!(newton.steps.len(), 1);
    }
}
