//! Iteration (13) accelerated: Anderson mixing of its steps in log space, safeguarded by the
//! likelihood. The fixed point is the same as Algorithm 1's (the Bradley–Terry maximum
//! likelihood); only the way there is shorter.
//!
//! One pass over the pairs at an iterate gives everything a step needs: the sums of
//! (13) and of (14), the residuals of (11), and the log-likelihood
//! `ℓ(r) = Σ_ij s_ij (r_i − ln(x_i + x_j))` (plus an old rating's virtual draws). From the
//! last few iterates and their (13) steps, Anderson's method (type II, Walker & Ni 2011)
//! extrapolates the next iterate. The extrapolation is kept only if `ℓ` does not fall (to
//! rounding: 1e-10 relative); otherwise the iterate takes Zermelo's step (14) instead, which
//! is a minorise–maximise step and never lowers `ℓ` (damping σ only moves it towards the
//! current iterate, which keeps that property), and the history restarts.
//!
//! Where players meet only their own level, the map is first given a coarse correction: a
//! Newton step for a few shifts along the chain of levels ([`super::coarse`]), which takes out
//! the slow mode Anderson's mixing alone takes many passes over.
//!
//! A pass is one sweep over the pairs; [`Accelerated::passes`] counts them, whatever
//! happens inside an iteration.

use super::coarse::Coarse;
use super::problem::{Problem, UNRATED};
use super::sweep::{sweep, MaxRatio, Node};
use crate::linalg::{dot, packed_index, packed_len, Cholesky};
use std::collections::VecDeque;

/// Iterates Anderson's method remembers.
const MEMORY: usize = 12;

/// A start from which an undamped step (13) would move no strength by more than this (a warm
/// start from the answer, after σ changed) is not worth the coarse correction's pass: it has no
/// shift along the chain left to take out.
const NEARLY_THERE: f64 = 1e-6;

/// A relative fall of the log-likelihood this small is rounding, not a worse iterate.
pub(crate) const ROUNDING: f64 = 1e-10;

/// What one pass at an iterate gives.
pub(super) struct Evaluation {
    /// Per node: the strength and `Σ_j s_ij x_j/(x_i+x_j)`, `Σ_j s_ji/(x_i+x_j)` and
    /// `Σ_j s_ij/(x_i+x_j)` (see [`sweep`]).
    nodes: Vec<Node>,
    pub loglik: f64,
    /// The largest residual of (11), in game points.
    pub residual: f64,
    /// The relative change an undamped step (13) would make.
    pub undamped: f64,
}

impl Evaluation {
    /// Node `i`'s actual minus expected score at strength `xi` (the gradient of `ℓ` in `ln x_i`).
    #[inline]
    pub fn gradient(&self, p: &Problem, i: usize, xi: f64) -> f64 {
        let (pn, pd) = p.prior_terms(i, xi);
        let Node { num, den, .. } = self.nodes[i];
        num + pn - xi * (den + pd)
    }
}

/// One pass over the scores at strengths `x`, whose logarithms are `r`.
pub(super) fn evaluate(p: &Problem, x: &[f64], r: &[f64]) -> Evaluation {
    evaluate_in(p, x, r, Vec::with_capacity(p.nodes))
}

/// [`evaluate`], its sums made in `nodes`' room (an evaluation let go of): a large league's
/// nodes (3.2 MB at 100,000 players) are pages of their own, which the system hands out
/// zeroed, a fault a page, each time they are allocated anew (a fifth of the million-game
/// run's page faults).
fn evaluate_in(p: &Problem, x: &[f64], r: &[f64], mut nodes: Vec<Node>) -> Evaluation {
    // ℓ = Σ_i scored_i ln x_i − Σ_pairs g_ab ln(x_a + x_b), g_ab the games of the pair.
    let mut loglik = -sweep::<true, true>(&p.s, x, &mut nodes);
    for i in (0..p.nodes).filter(|&i| p.scored[i] != 0.0) {
        loglik += p.scored[i] * r[i];
    }
    let (mut residual, mut undamped) = (0.0f64, MaxRatio::new());
    for i in (0..p.nodes).filter(|&i| p.group[i] != UNRATED) {
        let (pn, pd) = p.prior_terms(i, x[i]);
        let Node { num, den, .. } = nodes[i];
        let expected = x[i] * (den + pd);
        residual = residual.max((num + pn - expected).abs());
        undamped.add(num + pn - expected, expected);
        let (w, xh) = (p.prior_w[i], p.prior_x[i]);
        if w > 0.0 {
            // An old rating: w/2 drawn games each way against a fixed opponent of strength x̂.
            loglik += w / 2.0 * (r[i] + xh.ln() - 2.0 * (x[i] + xh).ln());
        }
    }
    Evaluation { nodes, loglik, residual, undamped: undamped.value() }
}

/// Step (13) from `x` (with its evaluation `e`, and `logs` its logarithms), in logarithms,
/// centred: `ln x_i` plus the logarithm of the step's ratio `x_i'/x_i`, which near the answer
/// is close to 1 ([`ln_1p`]).
pub(super) fn step13_log(p: &Problem, x: &[f64], logs: &[f64], e: &Evaluation) -> Vec<f64> {
    let mut r = vec![0.0; p.nodes];
    for i in (0..p.nodes).filter(|&i| p.group[i] != UNRATED) {
        let (pn, pd) = p.prior_terms(i, x[i]);
        let Node { num, den, .. } = e.nodes[i];
        let next = (num + p.sigma / 2.0 + pn) / (den + p.sigma / (2.0 * x[i]) + pd);
        r[i] = logs[i] + ln_1p(next / x[i] - 1.0);
    }
    centre(p, &mut r);
    r
}

/// `ln(1 + d)`: by its series for |d| < 1e-3 (to below 2e-19, far under an ulp of the sum it
/// goes into), else by `ln_1p`. Near the answer every step's ratio is that close to 1, and a
/// logarithm per player and iteration was a fifth of a fit in the browser's wasm.
#[inline]
fn ln_1p(d: f64) -> f64 {
    if d.abs() < 1e-3 {
        let d2 = d * d;
        d - d2 / 2.0 + d2 * d / 3.0 - d2 * d2 / 4.0 + d2 * d2 * d / 5.0
    } else {
        d.ln_1p()
    }
}

/// `e^d − 1`: by its series for |d| < 1e-3 (to below 2e-21), else by `exp_m1`.
#[inline]
fn exp_m1(d: f64) -> f64 {
    if d.abs() < 1e-3 {
        let d2 = d * d;
        d + d2 / 2.0 + d2 * d / 6.0 + d2 * d2 / 24.0 + d2 * d2 * d / 120.0
    } else {
        d.exp_m1()
    }
}

/// The logarithms of strengths `x` (0 outside the rated groups).
fn logs(p: &Problem, x: &[f64]) -> Vec<f64> {
    (0..p.nodes).map(|i| if p.group[i] != UNRATED { x[i].ln() } else { 0.0 }).collect()
}

/// [`Problem::renormalise`] in logarithms: each group that old ratings do not anchor is moved
/// to mean 0 over its real players (no logarithm or exponential per node).
pub(super) fn centre(p: &Problem, r: &mut [f64]) {
    let mut sum = vec![0.0; p.renormalise.len()];
    for i in (0..p.n).filter(|&i| p.group[i] != UNRATED) {
        sum[p.group[i] as usize] += r[i];
    }
    // Each group's shift once (none where old ratings fix the scale), not a division per player.
    let shift: Vec<f64> = (0..sum.len()).map(|g| if p.renormalise[g] { sum[g] / p.group_size[g] as f64 } else { 0.0 }).collect();
    for (v, &g) in r.iter_mut().zip(&p.group) {
        if g != UNRATED {
            *v -= shift[g as usize];
        }
    }
}

/// Step (14), Zermelo's (Hunter's minorise–maximise step), from `x`, renormalised.
pub(super) fn step14(p: &Problem, x: &[f64], e: &Evaluation) -> Vec<f64> {
    let mut y = x.to_vec();
    for i in (0..p.nodes).filter(|&i| p.group[i] != UNRATED) {
        let (w, xh) = (p.prior_w[i], p.prior_x[i]);
        let prior = if w > 0.0 { w / (x[i] + xh) } else { 0.0 };
        let Node { den, row, .. } = e.nodes[i];
        y[i] = (p.scored[i] + p.sigma + w / 2.0) / (row + den + p.sigma / x[i] + prior);
    }
    p.renormalise(&mut y);
    y
}

/// `[d · v for d in ds]`.
fn dots(ds: &VecDeque<Vec<f64>>, v: &[f64]) -> Vec<f64> {
    ds.iter().map(|d| dot(d, v)).collect()
}

/// Anderson's method on the map `r ↦ ln(step13(e^r))` (and Plackett–Luce's corrected MM map):
/// the last iterates' differences and their residuals' differences.
#[derive(Default)]
pub(crate) struct Anderson {
    dr: VecDeque<Vec<f64>>,
    df: VecDeque<Vec<f64>>,
    /// `gram[i][j] = df_i · df_j`, kept up to date one row at a time (a full product each
    /// step would cost more than the pass).
    gram: VecDeque<Vec<f64>>,
    /// The previous iterate and its residual `G(r) − r`.
    last: Option<(Vec<f64>, Vec<f64>)>,
}

impl Anderson {
    /// The next iterate from `r` and its step `g = G(r)`.
    #[inline(never)] // Brent's and Plackett–Luce's share one copy (the lab worker's size).
    pub(crate) fn propose(&mut self, r: &[f64], g: &[f64]) -> Vec<f64> {
        let f: Vec<f64> = g.iter().zip(r).map(|(g, r)| g - r).collect();
        if let Some((r0, f0)) = self.last.take() {
            if self.dr.len() == MEMORY {
                self.dr.pop_front();
                self.df.pop_front();
                self.gram.pop_front();
                for row in self.gram.iter_mut() {
                    row.remove(0);
                }
            }
            let df: Vec<f64> = f.iter().zip(&f0).map(|(a, b)| a - b).collect();
            let mut row = dots(&self.df, &df);
            for (old, &v) in self.gram.iter_mut().zip(&row) {
                old.push(v);
            }
            row.push(dot(&df, &df));
            self.gram.push_back(row);
            self.dr.push_back(r.iter().zip(&r0).map(|(a, b)| a - b).collect());
            self.df.push_back(df);
        }
        let gamma = self.mixing(&f);
        let next = self.mixed(&gamma, g);
        self.last = Some((r.to_vec(), f));
        next
    }

    /// `g − Σ_k γ_k (dr_k + df_k)`, a block at a time ([`Anderson::mix`]). On one thread: a
    /// second thread each iteration (two halves at once, each element's sum its own: the same
    /// bits) made a loaded machine's run slower, each iteration waiting for the thread to be
    /// given a core (docs/performance.md, *File to JSON's stages*).
    fn mixed(&self, gamma: &[f64], g: &[f64]) -> Vec<f64> {
        let mut next = g.to_vec();
        self.mix(gamma, &mut next);
        next
    }

    /// `out[j] −= Σ_k c_k (dr_k + df_k)[j]`, the terms taken in the order of `k` for each
    /// element, a block of elements at a time: each block stays in the cache while every
    /// remembered iterate is taken from it, where a sweep of the whole list per iterate
    /// read and wrote it twelve times (the same operations on each element, so the same bits).
    fn mix(&self, gamma: &[f64], out: &mut [f64]) {
        const BLOCK: usize = 512;
        for (b, block) in out.chunks_mut(BLOCK).enumerate() {
            let at = b * BLOCK;
            for (k, c) in gamma.iter().enumerate() {
                // As long as `out` (every list is a node's); `zip` stops at the shortest.
                let (dr, df) = (self.dr[k].get(at..).unwrap_or(&[]), self.df[k].get(at..).unwrap_or(&[]));
                for ((v, dr), df) in block.iter_mut().zip(dr).zip(df) {
                    *v -= c * (dr + df);
                }
            }
        }
    }

    /// The least-squares coefficients `argmin ‖f − ΔF γ‖` (a tiny ridge keeps them defined).
    fn mixing(&self, f: &[f64]) -> Vec<f64> {
        let m = self.df.len();
        let mut a = vec![0.0; packed_len(m)];
        for i in 0..m {
            for j in 0..=i {
                a[packed_index(i, j)] = self.gram[i][j];
            }
        }
        let ridge = 1e-12 * (0..m).map(|i| a[packed_index(i, i)]).sum::<f64>().max(f64::MIN_POSITIVE);
        for i in 0..m {
            a[packed_index(i, i)] += ridge;
        }
        let mut b = dots(&self.df, f);
        match Cholesky::factor(a, m) {
            Some(c) if b.iter().all(|v| v.is_finite()) => {
                c.solve(&mut b);
                b
            }
            _ => Vec::new(),
        }
    }
}

/// The accelerated iteration's state between steps.
pub(super) struct Accelerated {
    anderson: Anderson,
    /// The evaluation at the current iterate, and its logarithms.
    pub eval: Evaluation,
    r: Vec<f64>,
    /// An evaluation's room let go of, for the next ([`evaluate_in`]).
    spare: Vec<Node>,
    pub passes: usize,
    /// The coarse correction, for a group whose schedule mixes slowly; planned at the first
    /// step, unless the start is already [`NEARLY_THERE`] (a warm start re-creates this state).
    coarse: Option<Coarse>,
    planned: bool,
}

impl Accelerated {
    /// Starts at `x` (one pass to evaluate it).
    pub fn new(p: &Problem, x: &[f64]) -> Accelerated {
        let r = logs(p, x);
        Accelerated {
            anderson: Anderson::default(),
            eval: evaluate(p, x, &r),
            r,
            spare: Vec::new(),
            passes: 1,
            coarse: None,
            planned: false,
        }
    }

    /// Lets go of the remembered iterates and the evaluation's sums (the run has stopped).
    pub fn shed(&mut self) {
        self.anderson = Anderson::default();
        self.eval.nodes = Vec::new();
        self.spare = Vec::new();
        self.r = Vec::new();
        self.coarse = None;
    }

    /// The next iterate from `x`, never with a lower likelihood; updates the evaluation.
    pub fn step(&mut self, p: &Problem, x: &[f64]) -> Vec<f64> {
        let mut g = step13_log(p, x, &self.r, &self.eval);
        if !self.planned && self.eval.undamped > NEARLY_THERE {
            // The coarse Hessian at the starting strengths serves the whole run: taken again
            // later, it changes the map Anderson's memory was built on, and costs passes.
            self.planned = true;
            self.coarse = Coarse::plan(p).map(|mut c| {
                c.retake(p, x);
                self.passes += 1;
                c
            });
        }
        if let Some(c) = &self.coarse {
            c.correct(&|i| self.eval.gradient(p, i, x[i]), &mut g);
            centre(p, &mut g);
        }
        let mut proposal = self.anderson.propose(&self.r, &g);
        centre(p, &mut proposal);
        let mut y = x.to_vec();
        for i in (0..p.nodes).filter(|&i| p.group[i] != UNRATED) {
            // e^{r'} = x e^{r' − r}, the exponent small near the answer.
            y[i] = x[i] + x[i] * exp_m1(proposal[i] - self.r[i]);
        }
        let tried = evaluate_in(p, &y, &proposal, std::mem::take(&mut self.spare));
        self.passes += 1;
        let floor = self.eval.loglik - ROUNDING * self.eval.loglik.abs().max(1.0);
        if tried.loglik.is_finite() && tried.loglik >= floor && y.iter().all(|v| v.is_finite() && *v > 0.0) {
            self.spare = std::mem::replace(&mut self.eval, tried).nodes;
            self.r = proposal;
            return y;
        }
        self.spare = tried.nodes;
        // The extrapolation would lower the likelihood: a minorise–maximise step cannot.
        self.anderson = Anderson::default();
        let y = step14(p, x, &self.eval);
        self.r = logs(p, &y);
        let fresh = evaluate_in(p, &y, &self.r, std::mem::take(&mut self.spare));
        self.spare = std::mem::replace(&mut self.eval, fresh).nodes;
        self.passes += 1;
        y
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_series_agree_with_the_library_to_an_ulp() {
        for d in [0.0, 1e-12, -3e-7, 2.5e-5, -9.99e-4, 9.99e-4, 1e-3, -0.3, 2.0] {
            let (a, b) = (ln_1p(d), d.ln_1p());
            assert!((a - b).abs() <= 2.0 * f64::EPSILON * b.abs(), "ln_1p({d}): {a} against {b}");
            let (a, b) = (exp_m1(d), d.exp_m1());
            assert!((a - b).abs() <= 2.0 * f64::EPSILON * b.abs(), "exp_m1({d}): {a} against {b}");
        }
    }

    /// The mixing's sum in blocks gives the bits of the plain loops (every iterate's term over
    /// the whole list in turn): a long list, of a length that leaves the last block part full
    /// (a block left out, or terms taken in another order, shows).
    #[test]
    fn the_mixing_in_blocks_is_the_plain_loops_to_the_bit() {
        let n = 40 * 512 + 77;
        let mut seed = 11u64;
        let mut next = || {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 11) as f64 / (1u64 << 53) as f64 - 0.5
        };
        let mut a = Anderson::default();
        for _ in 0..5 {
            a.dr.push_back((0..n).map(|_| next()).collect());
            a.df.push_back((0..n).map(|_| next() * 1e-3).collect());
        }
        let g: Vec<f64> = (0..n).map(|_| next()).collect();
        let gamma: Vec<f64> = (0..5).map(|_| next() * 3.0).collect();
        let mut plain = g.clone();
        for (k, c) in gamma.iter().enumerate() {
            for ((v, dr), df) in plain.iter_mut().zip(&a.dr[k]).zip(&a.df[k]) {
                *v -= c * (dr + df);
            }
        }
        let bits = |v: &[f64]| v.iter().map(|x| x.to_bits()).collect::<Vec<u64>>();
        assert_eq!(bits(&a.mixed(&gamma, &g)), bits(&plain));
    }

    /// The coarse correction ([`Coarse`]) on a ramp whose answer is known.
    #[test]
    fn one_correction_takes_out_the_shift_along_the_chain() {
        let (p, truth) = super::super::coarse::tests::ramp(600, 5, 0.01);
        let distance = |a: &[f64], b: &[f64]| a.iter().zip(b).map(|(a, b)| (a - b) * (a - b)).sum::<f64>().sqrt();
        let x = vec![1.0; p.nodes];
        let r = vec![0.0; p.nodes];
        let mut c = Coarse::plan(&p).expect("levels");
        c.retake(&p, &x);
        let e = evaluate(&p, &x, &r);
        let plain = step13_log(&p, &x, &r, &e);
        let mut corrected = plain.clone();
        c.correct(&|i| e.gradient(&p, i, x[i]), &mut corrected);
        centre(&p, &mut corrected);
        let start = distance(&r, &truth);
        let (left_plain, left_corrected) = (distance(&plain, &truth), distance(&corrected, &truth));
        assert!(left_plain > 0.9 * start, "step (13) alone barely moves a ramp: {left_plain} of {start}");
        assert!(left_corrected < 0.01 * start, "the correction takes nearly all of it: {left_corrected} of {start}");
        // At the answer there is nothing to correct.
        let at: Vec<f64> = truth.iter().map(|r| r.exp()).collect();
        let e = evaluate(&p, &at, &truth);
        let mut g = vec![0.0; p.nodes];
        c.correct(&|i| e.gradient(&p, i, at[i]), &mut g);
        centre(&p, &mut g);
        assert!(g.iter().all(|v| v.abs() < 1e-12), "{:?}", &g[..5]);
    }
}
