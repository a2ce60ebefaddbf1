//! JRank's accelerated step ([`super::Step::Accelerated`]): conjugate gradients on the fixed
//! point's system `L w = b`, one step an iteration, so that the framework's trace, progress
//! and cancelling serve it as they serve the paper's step.
//!
//! The paper's step is a (damped) Jacobi step on the schedule's Laplacian `L`. Where players
//! meet only their own level (divisions, Swiss events, leagues by level), a shift that runs
//! smoothly along the whole chain of levels shrinks by a hair each step: 3,000 teams of games
//! within 12 places stopped unconverged after 10,000 steps, and the benchmark's million-game
//! league of `scripts/leagues.py --pairing near` after a minute. Conjugate gradients
//! preconditioned by that same Jacobi step and by Brent's coarse correction along the chain of
//! levels ([`crate::methods::brent::coarse`]: `M⁻¹ = D⁻¹ + P (PᵀLP)⁻¹ Pᵀ`, a two-level
//! additive preconditioner, symmetric as CG needs) take both the rough and the smooth errors
//! out in a few dozen steps. `L` is exactly the Hessian of `½ wᵀLw − bᵀw`, so the coarse
//! Hessian is summed once and is exact; a game adds `(P_a − P_b)(P_a − P_b)ᵀ`. Where there is
//! no coarse space (schedules that mix fast, small groups), the Jacobi part alone serves.
//!
//! Each group of players is solved at once, as one block of a block-diagonal system, with the
//! residual and the preconditioned residual kept mean-zero per group (the Laplacian is
//! singular on each group's constants and definite on the rest).

use super::Schedule;
use crate::linalg::dot;
use crate::methods::brent::coarse::{Coarse, Meetings};
use crate::methods::brent::UNRATED;

/// Conjugate gradients' state between steps; the iterate `w` is the fit's own.
pub(super) struct Conjugate {
    /// `b − L w` at the current `w`, mean-zero per group.
    r: Vec<f64>,
    /// The search direction.
    p: Vec<f64>,
    /// Room for `L p`, then for `M⁻¹ r`.
    q: Vec<f64>,
    /// `r · M⁻¹ r`.
    rz: f64,
    coarse: Option<Coarse>,
}

impl Conjugate {
    /// From `w = 0`, where the residual is `b` (per player, `Σ_g ln R_pg`).
    pub(super) fn new(s: &Schedule, mut b: Vec<f64>) -> Conjugate {
        let coarse = plan(s);
        // b sums to 0 over a group in exact arithmetic; projecting removes the rounding.
        s.centre(&mut b);
        let n = b.len();
        let mut c = Conjugate { r: b, p: vec![0.0; n], q: vec![0.0; n], rz: 0.0, coarse };
        c.restart(s);
        c
    }

    /// The first direction, from the residual `r`: `p = M⁻¹ r`.
    fn restart(&mut self, s: &Schedule) {
        self.precondition(s);
        std::mem::swap(&mut self.p, &mut self.q);
        self.rz = dot(&self.r, &self.p);
    }

    /// The solution of `L w = b` per group, mean 0 per group, by steps from `w = 0` until
    /// `r·r ≤ 1e-28 b·b` (as a dense solve is exact to rounding) or, as rounding can cost CG its
    /// finite termination on badly conditioned (long, thin) schedules, after well beyond `n`
    /// steps. The coarse space is the one planned at [`Conjugate::new`].
    pub(super) fn solve(&mut self, s: &Schedule, mut b: Vec<f64>) -> Vec<f64> {
        let n = b.len();
        s.centre(&mut b);
        let target = 1e-28 * dot(&b, &b);
        self.r = b;
        self.restart(s);
        let mut w = vec![0.0; n];
        for _ in 0..20 * n + 100 {
            if dot(&self.r, &self.r) <= target || self.step(s, &mut w) == 0.0 {
                break;
            }
        }
        w
    }

    #[cfg(test)]
    pub(super) fn has_coarse(&self) -> bool {
        self.coarse.is_some()
    }

    /// The largest `|f(w) − w| = |r_p| / G_p`: the paper's step's residual, at the current `w`.
    pub(super) fn residual(&self, s: &Schedule) -> f64 {
        self.r.iter().zip(&s.degree).filter(|(_, &d)| d > 0.0).fold(0.0f64, |m, (r, d)| m.max((r / d).abs()))
    }

    /// One step of conjugate gradients on `w`; returns the largest change of a log-strength.
    /// At the answer (no residual left, or no curvature left to rounding) it changes nothing.
    pub(super) fn step(&mut self, s: &Schedule, w: &mut [f64]) -> f64 {
        if self.rz.is_nan() || self.rz <= 0.0 {
            return 0.0;
        }
        s.laplacian(&self.p, &mut self.q);
        let curvature = dot(&self.p, &self.q);
        if curvature.is_nan() || curvature <= 0.0 {
            return 0.0;
        }
        let alpha = self.rz / curvature;
        let mut change = 0.0f64;
        for (((w, r), p), q) in w.iter_mut().zip(&mut self.r).zip(&self.p).zip(&self.q) {
            let d = alpha * p;
            *w += d;
            *r -= alpha * q;
            change = change.max(d.abs());
        }
        s.centre(w);
        s.centre(&mut self.r);
        self.precondition(s);
        let rz = dot(&self.r, &self.q);
        let beta = rz / self.rz;
        for (p, z) in self.p.iter_mut().zip(&self.q) {
            *p = z + beta * *p;
        }
        self.rz = rz;
        change
    }

    /// `q = M⁻¹ r = D⁻¹ r + P (PᵀLP)⁻¹ Pᵀ r`, mean-zero per group.
    fn precondition(&mut self, s: &Schedule) {
        for ((z, r), &d) in self.q.iter_mut().zip(&self.r).zip(&s.degree) {
            *z = if d > 0.0 { r / d } else { 0.0 };
        }
        if let Some(coarse) = &self.coarse {
            let r = &self.r;
            coarse.correct(&|i| r[i], &mut self.q);
        }
        s.centre(&mut self.q);
    }
}

/// The coarse space of the schedule's long stretches of players, with `PᵀLP` summed and
/// factored, or `None` (schedules that mix fast, small groups).
fn plan(s: &Schedule) -> Option<Coarse> {
    let n = s.degree.len();
    let group: Vec<u32> = s.group.iter().map(|g| g.map_or(UNRATED, |g| g as u32)).collect();
    let group_size: Vec<usize> = s.groups.iter().map(Vec::len).collect();
    // Each pair who met, once (from its lower player).
    let pairs = |each: &mut dyn FnMut(usize, usize, f64)| {
        for i in 0..n {
            for &(j, c) in s.neighbours(i).iter().filter(|&&(j, _)| j > i) {
                each(i, j, c);
            }
        }
    };
    let sets = |each: &mut dyn FnMut(&[u32])| pairs(&mut |i, j, _| each(&[i as u32, j as u32]));
    let meetings = Meetings { n, nodes: n, group: &group, group_size: &group_size, sets: &sets, entries: s.adj.len() };
    let mut coarse = Coarse::plan_on(&meetings)?;
    // A choice between two of equal strength, weighted 4c, adds c (P_a − P_b)(P_a − P_b)ᵀ:
    // the Laplacian's own terms.
    coarse.retake_choices(|h| pairs(&mut |i, j, c| h.choice(4.0 * c, &[(i, 1.0), (j, 1.0)])));
    Some(coarse)
}
