//! The iterations, one pass over the pairs that met each, as a [`Stepper`] so a caller (the
//! web app's worker, a teacher's step-by-step view) can watch every iterate: the solver writes
//! its step ([`Stepper::advance`]), the fit loop records it and stops it.

use super::accelerated::Accelerated;
use super::params::BrentParams;
use super::problem::{Problem, UNRATED};
use super::sweep::{sweep, MaxRatio, Node};
use super::variant::Variant;
use crate::methods::fit::{stop_early, take_step, Advance, Quantity, Stepper, Steps, Stopping, Taken};
use crate::methods::rating::{IterationRecord, StopReason};

pub struct Solver {
    pub problem: Problem,
    variant: Variant,
    eps: f64,
    /// Current strengths, per node (the dummy last).
    x: Vec<f64>,
    /// The strengths and sums of the current pass (see [`sweep`]).
    work: Vec<Node>,
    steps: Steps,
    fixed: Option<FixedWeights>,
    /// The relative change an undamped step (13) would make from the current iterate: heavy
    /// damping shrinks the steps, so a small step alone does not mean convergence.
    undamped: f64,
    /// Passes over the pairs so far (the accelerated variant counts its own).
    passes: usize,
    accelerated: Option<Accelerated>,
    /// Whether the iteration started from a previous fit's strengths ([`Solver::warm`]).
    warmed: bool,
}

impl Stepper for Solver {
    /// One iteration of the variant: converged when the step is below ε (the fit loop's test)
    /// and so is an undamped step (13) from the new iterate, which heavy damping would
    /// otherwise hide, and the fixed weights have settled.
    fn advance(&mut self) -> Advance {
        if self.accelerated.is_some() {
            return self.advance_accelerated();
        }
        self.passes += 1;
        let (mut y, residual, outer) = match self.variant {
            Variant::Alg1 | Variant::Accelerated | Variant::Auto => self.pass_unit(false),
            Variant::Zermelo => self.pass_unit(true),
            Variant::Fixed => self.pass_fixed(),
        };
        self.problem.renormalise(&mut y);
        let (change, finite) = self.change(&y);
        if !finite {
            return Advance::Stop(StopReason::NonFinite);
        }
        self.x = y;
        let undamped = self.undamped < self.eps;
        let settled = self.weights_settled(change, undamped) && undamped;
        Advance::Took(Taken::new(change, residual).outer(outer).settled(settled))
    }

    fn steps(&self) -> &Steps {
        &self.steps
    }

    fn steps_mut(&mut self) -> &mut Steps {
        &mut self.steps
    }

    /// Lets go of what only further iterations need (the accelerated iteration's remembered
    /// iterates, the pass's sums): the results are made from the strengths and the problem,
    /// and at the end of a large run this memory is the difference between its peak and less.
    fn on_stop(&mut self) {
        if let Some(a) = &mut self.accelerated {
            a.shed();
        }
        self.work = Vec::new();
        self.fixed = None;
    }
}

/// State of the outer re-weighting for the fixed-weight eigenproblem (§3–4).
struct FixedWeights {
    /// The strengths the weights `u_ij = 1/(x_i + x_j)` were taken from.
    outer_x: Vec<f64>,
    /// Per pair, the weight `u_ab = 1/(x̄_a + x̄_b)`.
    u: Vec<f64>,
    /// `d_i = Σ_j a_ji` (plus the diagonal and old-rating terms).
    d: Vec<f64>,
    /// Per node, a power step's sums: (13)'s two at the current strengths (for the stopping
    /// quantities) and `(A x)_i` with the fixed weights.
    num: Vec<f64>,
    den: Vec<f64>,
    ax: Vec<f64>,
    outer: usize,
    /// Inner steps needed for the current eigenproblem; 1 means the weights have settled.
    inner: usize,
}

impl FixedWeights {
    /// Takes new weights `u_ab = 1/(x̄_a + x̄_b)` from `x`, kept per pair so the inner steps
    /// divide once per pair, and `D`'s diagonal for them.
    fn reweight(&mut self, p: &Problem, x: &[f64]) {
        self.outer += 1;
        self.outer_x = x.to_vec();
        let xo = &self.outer_x;
        self.u.clear();
        self.u.extend(p.s.iter().map(|(a, b, _, _)| 1.0 / (xo[a] + xo[b])));
        self.d.fill(0.0);
        for ((a, b, ab, ba), &u) in p.s.iter().zip(&self.u) {
            self.d[b] += ab * u;
            self.d[a] += ba * u;
        }
        for i in 0..p.nodes {
            let xo = self.outer_x[i];
            self.d[i] += p.sigma / (2.0 * xo);
            if p.prior_w[i] > 0.0 {
                self.d[i] += p.prior_w[i] / (2.0 * (xo + p.prior_x[i]));
            }
        }
    }
}

/// Inner power steps allowed per eigenproblem before the weights are updated anyway.
const MAX_INNER: usize = 1000;

impl Solver {
    pub fn new(problem: Problem, params: &BrentParams) -> Solver {
        let nodes = problem.nodes;
        let mut x = vec![1.0; nodes];
        // Anchored groups start at their old ratings' scale, so the first steps are not wasted.
        for i in 0..problem.n {
            if problem.prior_w[i] > 0.0 {
                x[i] = problem.prior_x[i];
            }
        }
        let fixed = (params.variant == Variant::Fixed).then(|| FixedWeights {
            outer_x: Vec::new(),
            u: Vec::new(),
            d: vec![0.0; nodes],
            num: vec![0.0; nodes],
            den: vec![0.0; nodes],
            ax: vec![0.0; nodes],
            outer: 0,
            inner: 0,
        });
        let stop = problem.structure.groups.is_empty().then_some(StopReason::NothingToRate);
        let accelerated = (params.variant == Variant::Accelerated && stop.is_none()).then(|| Accelerated::new(&problem, &x));
        Solver {
            problem,
            variant: params.variant,
            eps: params.eps,
            x,
            work: Vec::with_capacity(nodes),
            // The paper's stopping quantity below ε (and the solver's own conditions:
            // `Taken::settled`), within the most iterations.
            steps: Steps::new(stop).until(Stopping::below(Quantity::Change, params.eps, params.max_iter)),
            fixed,
            undamped: f64::INFINITY,
            passes: 0,
            accelerated,
            warmed: false,
        }
    }

    /// Starts from `x0`, a previous fit's strengths of the same input ([`Solver::strengths`];
    /// the dummy's may be missing), instead of 1: the same fixed point, reached in a few passes
    /// after a parameter change (σ changes only the speed; a new γ or ε moves the answer a
    /// little). Only the accelerated iteration takes one, before its first step: the classic
    /// iterations keep the paper's start, to be watched. Returns whether `x0` was taken.
    pub fn warm(&mut self, x0: &[f64]) -> bool {
        let p = &self.problem;
        if self.accelerated.is_none() || !self.steps.is_empty() || x0.len() < p.n {
            return false;
        }
        let usable = |v: f64| v.is_finite() && v > 0.0;
        for i in (0..p.nodes).filter(|&i| p.group[i] != UNRATED) {
            match x0.get(i) {
                Some(&v) if usable(v) => self.x[i] = v,
                _ => {}
            }
        }
        p.renormalise(&mut self.x);
        self.accelerated = Some(Accelerated::new(p, &self.x));
        self.warmed = true;
        true
    }

    /// Whether the iteration started from a previous fit's strengths.
    pub fn warmed(&self) -> bool {
        self.warmed
    }

    /// The iteration that runs (never [`Variant::Auto`]).
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// Passes over the pairs so far, whatever the variant does inside an iteration.
    pub fn passes(&self) -> usize {
        self.accelerated.as_ref().map_or(self.passes, |a| a.passes)
    }

    pub fn strengths(&self) -> &[f64] {
        &self.x
    }

    /// The records kept of the iterations so far (see [`crate::methods::fit::Trace`]).
    pub fn trace(&self) -> &[IterationRecord] {
        self.steps.trace.records()
    }

    pub fn stop_reason(&self) -> Option<StopReason> {
        self.steps.stop
    }

    /// The iterations taken (as [`Stepper::steps`], without the trait in scope).
    pub fn steps(&self) -> &Steps {
        &self.steps
    }

    /// Runs one iteration, unless the solver has stopped (the fit loop: [`take_step`]).
    /// Returns its record.
    pub fn step(&mut self) -> Option<&IterationRecord> {
        take_step(self)?;
        self.steps.trace.last()
    }

    /// Whether the outer re-weighting lets the iteration stop after a step of `change` (always,
    /// but for the fixed weights: when a fresh eigenproblem needed a single step), and, for
    /// the fixed weights, a new eigenproblem begun when the current one has converged.
    /// `undamped` is whether the undamped step is below ε: only then does an eigenproblem
    /// that ran [`MAX_INNER`] steps start afresh.
    fn weights_settled(&mut self, change: f64, undamped: bool) -> bool {
        let Some(f) = &mut self.fixed else { return true };
        if change < self.eps {
            // A converged eigenproblem: new weights next step, and the outer loop has
            // converged when this one needed a single step.
            let settled = f.inner == 1;
            f.inner = 0;
            settled
        } else {
            if undamped && f.inner >= MAX_INNER {
                f.inner = 0;
            }
            false
        }
    }

    /// The paper's stopping quantity from the current iterate to `y`, `max |y_i − x_i| / y_i`,
    /// and whether every strength of `y` is finite and positive.
    fn change(&self, y: &[f64]) -> (f64, bool) {
        let p = &self.problem;
        let (mut change, mut finite) = (0.0f64, true);
        for i in (0..p.nodes).filter(|&i| p.group[i] != UNRATED) {
            finite &= y[i].is_finite() && y[i] > 0.0;
            change = change.max(((y[i] - self.x[i]) / y[i]).abs());
        }
        (change, finite)
    }

    /// One accelerated iteration: converged when both the step and an undamped step (13)
    /// from the new iterate are below ε.
    fn advance_accelerated(&mut self) -> Advance {
        let acc = self.accelerated.as_mut().expect("the accelerated variant");
        let residual = acc.eval.residual;
        let y = acc.step(&self.problem, &self.x);
        let undamped = acc.eval.undamped;
        let (change, finite) = self.change(&y);
        if !finite {
            return Advance::Stop(StopReason::NonFinite);
        }
        self.x = y;
        self.undamped = undamped;
        Advance::Took(Taken::new(change, residual).settled(undamped < self.eps))
    }

    /// Stops the solver early (a caller's cancel button; [`stop_early`]).
    pub fn cancel(&mut self) {
        stop_early(self);
    }

    /// One pass of iteration (13) (Algorithm 1), or of (14) when `zermelo`; also returns the
    /// largest residual of equations (11) at the current iterate, which the same sums give.
    fn pass_unit(&mut self, zermelo: bool) -> (Vec<f64>, f64, Option<usize>) {
        let p = &self.problem;
        let x = &self.x;
        let work = &mut self.work;
        if zermelo {
            sweep::<true, false>(&p.s, x, work);
        } else {
            sweep::<false, false>(&p.s, x, work);
        }
        let mut residual: f64 = 0.0;
        let mut undamped = MaxRatio::new();
        let mut y = x.clone();
        for i in 0..p.nodes {
            if p.group[i] == UNRATED {
                continue;
            }
            let xi = x[i];
            let (w, xh) = (p.prior_w[i], p.prior_x[i]);
            let (prior_num, prior_den) = p.prior_terms(i, xi);
            let expected = xi * (work[i].den + prior_den);
            residual = residual.max((work[i].num + prior_num - expected).abs());
            undamped.add(work[i].num + prior_num - expected, expected);
            let sig = p.sigma;
            y[i] = if zermelo {
                // (14): x_i ← Σ_j s_ij / Σ_j g_ij/(x_i+x_j), with s_ii = σ, g_ii = 2σ.
                (p.scored[i] + sig + w / 2.0) / (work[i].row + work[i].den + sig / xi + if w > 0.0 { w / (xi + xh) } else { 0.0 })
            } else {
                // (13)/(17): the diagonal adds σ/2 above and σ/(2 x_i) below.
                (work[i].num + sig / 2.0 + prior_num) / (work[i].den + sig / (2.0 * xi) + prior_den)
            };
        }
        self.undamped = undamped.value();
        (y, residual, None)
    }

    /// One power step `x ← D⁻¹ A x` for fixed weights `u_ij = 1/(x̄_i + x̄_j)`; when the
    /// eigenproblem has converged, the weights are re-taken from the current strengths.
    fn pass_fixed(&mut self) -> (Vec<f64>, f64, Option<usize>) {
        let p = &self.problem;
        let f = self.fixed.as_mut().expect("fixed variant");
        let x = &self.x;
        if f.inner == 0 {
            // New weights from the current strengths, and D's diagonal for them: a pass.
            self.passes += 1;
            f.reweight(p, x);
        }
        f.inner += 1;
        let FixedWeights { outer_x: xo, u: weights, d, num, den, ax, outer, .. } = f;
        num.fill(0.0);
        den.fill(0.0);
        ax.fill(0.0);
        for a in 0..p.nodes {
            let (bs, abs, bas) = p.s.run(a);
            let us = &weights[p.s.starting_at(a)];
            let xa = x[a];
            let (mut num_a, mut den_a, mut ax_a) = (0.0, 0.0, 0.0);
            for (((&b, &ab), &ba), &u) in bs.iter().zip(abs).zip(bas).zip(us) {
                let (b, xb) = (b as usize, x[b as usize]);
                // One division per pair at the current strengths; the fixed weight u is kept.
                let t = 1.0 / (xa + xb);
                let (ta, tb) = (ab * t, ba * t);
                num_a += ta * xb;
                den_a += tb;
                ax_a += ab * u * xb;
                num[b] += tb * xa;
                den[b] += ta;
                ax[b] += ba * u * xa;
            }
            num[a] += num_a;
            den[a] += den_a;
            ax[a] += ax_a;
        }
        let mut residual: f64 = 0.0;
        let mut undamped = MaxRatio::new();
        let mut y = x.clone();
        for i in 0..p.nodes {
            if p.group[i] == UNRATED {
                continue;
            }
            let (w, xh, xi) = (p.prior_w[i], p.prior_x[i], x[i]);
            let (pn, pd) = p.prior_terms(i, xi);
            let expected = xi * (den[i] + pd);
            residual = residual.max((num[i] + pn - expected).abs());
            undamped.add(num[i] + pn - expected, expected);
            let diag = p.sigma / (2.0 * xo[i]) * xi;
            let prior = if w > 0.0 { w / (2.0 * (xo[i] + xh)) * xh } else { 0.0 };
            y[i] = (ax[i] + diag + prior) / d[i];
        }
        self.undamped = undamped.value();
        (y, residual, Some(*outer))
    }
}
