//! Whole-History Rating's solver: Newton's method on the whole history at once, each Newton
//! system solved by conjugate gradients preconditioned by symmetric block Gauss–Seidel over
//! the players (each player's own tridiagonal block, the Wiener prior's links and the day's
//! own games, solved exactly by Thomas's algorithm), with a line search that makes every step
//! raise the log-posterior.
//!
//! Why: the reference's iteration (one player's Newton step at a time, block Gauss–Seidel)
//! contracts by 0.995 or less a sweep on long, loosely linked histories, because the slowest
//! directions are not one player's: everyone's ratings drifting together after some time
//! (only the Wiener links hold that back, weakly when the days lie far apart), and, where
//! players meet their own level, such drifts varying slowly along the field. Conjugate
//! gradients contract by about 1 − 2/√κ instead of 1 − 1/κ. Coarse corrections meant to take
//! those drifts out of κ (aggregates of players × spans of time; an aggregation multigrid on
//! the days, K-cycle) were tried and gave too few iterations fewer for their cost
//! (docs/performance.md, *Whole-History Rating*).
//!
//! The arrays are the fit's: every player's days in one run (`start`), each day's games in
//! another (`played`, `opponent`, `score`), as [`super::Whr`] keeps them.
//!
//! Where there are two cores, the work day by day runs on both ([`crate::threads`]): the
//! product −H p, the dot products and updates of the conjugate gradients, the gradient and
//! −H, and the line search's ratings and log-posterior. Each is
//! cut at a fixed place (the middle day, or the player there) and its halves' sums added in
//! order, so the bits are the same on one thread (the browser's) as on two. The
//! preconditioner's sweeps go player after player, on two threads only where the players
//! fall into sections that share no game (see [`Newton::precondition`]).

use crate::threads;

/// r = base + α x, and γ = eʳ.
fn take(r: &mut [f64], gamma: &mut [f64], base: &[f64], x: &[f64], alpha: f64) {
    for ((r, g), (b, x)) in r.iter_mut().zip(gamma.iter_mut()).zip(base.iter().zip(x)) {
        *r = b + alpha * x;
        *g = r.exp();
    }
}

/// x += α p.
fn axpy(x: &mut [f64], alpha: f64, p: &[f64]) {
    x.iter_mut().zip(p).for_each(|(x, p)| *x += alpha * p);
}

/// What holds a player's first day (natural-log units): the reference's virtual win and loss
/// against a player rated `centre` (0 for everyone), or, from a player list's rating and
/// deviation, a normal prior of that mean and variance.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum FirstDay {
    Virtual { centre: f64 },
    Normal { mean: f64, variance: f64 },
}

/// The history the solver reads: each player's days and each day's games (see [`super::Whr`]).
pub struct History<'a> {
    pub start: &'a [usize],
    pub played: &'a [u32],
    pub opponent: &'a [u32],
    pub score: &'a super::Scores,
    pub first: &'a [FirstDay],
    /// Each day's time, and the Wiener prior's links between a player's days
    /// ([`History::link`], [`super::Links`]): kept a day, or, where that is empty, by gap.
    pub time: &'a super::Times,
    pub by_day: &'a [f64],
    pub by_gap: &'a [f64],
    /// Where the players' sections begin, when they are (`super::separate`): players
    /// `0..s.0` and `s.0..s.1` play no game against each other. (Not read in the wasm
    /// build, which sweeps on one thread: `Newton::precondition`.)
    #[cfg_attr(target_arch = "wasm32", allow(dead_code))]
    pub sections: Option<(usize, usize)>,
}

impl History<'_> {
    /// The Wiener prior's precision 1/σ² between day `d` and day `d + 1`, days of the same
    /// player: by day or by its gap of time ([`super::Links`]). (Two slices rather than the
    /// enum: the branch on a slice's length costs the undated league's conjugate gradients
    /// nothing measurable, a match on the enum a few per cent.)
    #[inline(always)]
    fn link(&self, d: usize) -> f64 {
        match self.by_day.get(d) {
            Some(&link) => link,
            None => self.by_gap[self.time.gap(d) as usize],
        }
    }

    /// [`History::link`] after day `d` of the player whose days end before `b`: 0 after the
    /// player's last day.
    #[inline(always)]
    fn link_within(&self, d: usize, b: usize) -> f64 {
        if d + 1 < b {
            self.link(d)
        } else {
            0.0
        }
    }
}

/// The most conjugate-gradient iterations of one Newton step (a safety cap: on the largest
/// benchmark a step takes far fewer).
const MOST_CG: usize = 2000;

/// What a Newton step did.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stepped {
    /// The largest change of a day's rating (natural-log units).
    pub change: f64,
    /// The largest component of the log-posterior's gradient before the step.
    pub gradient: f64,
    /// Conjugate-gradient iterations taken.
    pub iterations: usize,
    /// Whether the conjugate gradients met their tolerance (not stopped by [`MOST_CG`]).
    pub solved: bool,
}

/// The solver's fixed data and its work space (sized once).
#[derive(Clone, Debug)]
pub struct Newton {
    /// Each game's coupling γγ'/(γ + γ')². −H's diagonal is not kept: the product makes it
    /// from the day's couplings, its first-day prior and its links as [`Part::linearise`] does
    /// ([`Newton::rows`]), a few additions on what it reads anyway, where the list cost 8 bytes
    /// a player-day, held and read at every iteration.
    weight: Vec<f64>,
    /// Each player's first-day prior's part of −H's diagonal.
    prior: Vec<f64>,
    /// The block pivots' reciprocals (multiplied by, not divided by: a division's latency on
    /// each day's chain of Thomas's algorithm was half the solver's time).
    inverse: Vec<f64>,
    /// The gradient (then the residual), the step and CG's vectors. `z` holds q = −H p in
    /// each iteration until the residual is updated by it, then M⁻¹ res: q is dead by then, so
    /// one vector serves both (a player-day's 8 bytes; the same arithmetic). And `z` is the
    /// strengths' room: γ = eʳ is read only to make the system and in the line search, z only
    /// between them, so a step takes the caller's γ as z and gives it back made anew
    /// ([`Newton::step_part`]); empty between steps.
    g: Vec<f64>,
    x: Vec<f64>,
    z: Vec<f64>,
    p: Vec<f64>,
    /// The most days any player has (a preconditioning sweep's room is a player's days).
    longest: usize,
    /// The first player of the second half of the days (the halves the per-step work is cut
    /// into, on two threads where there are two).
    middle: usize,
    /// The log-posterior at the current ratings, once computed.
    value: Option<f64>,
    /// The most a step may move a day's rating ([`Newton::limit`]; none from the cold start).
    most: Option<f64>,
    /// The step under way, between [`Newton::step_part`]'s calls.
    pending: Option<Pending>,
}

/// A Newton step under way: the log-posterior before it, its gradient, and its conjugate
/// gradients so far (the vectors are the solver's: `g` the residual, `x` the solution).
#[derive(Clone, Debug)]
struct Pending {
    before: f64,
    gradient: f64,
    /// The residual's norm to reach, ‖res‖·ρ at the start, and res·z.
    target: f64,
    rz: f64,
    /// g·x so far (Σ α ρ).
    slope: f64,
    iterations: usize,
    /// Whether the iterations met the target, once they have ended.
    ended: Option<bool>,
    /// Room for a preconditioning sweep: a player's days four times (for each of two threads,
    /// the values and the elimination's multipliers).
    t: Vec<f64>,
}

/// The most days any player has, given where each player's days `start` (and the last's end).
pub(super) fn longest(start: &[usize]) -> usize {
    start.windows(2).map(|w| w[1] - w[0]).max().unwrap_or(0)
}

/// x · y: the sums of the two halves (cut at the middle), each in order, then added, so that
/// the bits are the same whether the halves run on two threads ([`threads::join_large`]) or
/// in turn.
fn dot(x: &[f64], y: &[f64]) -> f64 {
    let m = x.len() / 2;
    let ((xa, xb), (ya, yb)) = (x.split_at(m), y.split_at(m));
    let (a, b) = threads::join_large(x.len(), || ordered_dot(xa, ya), || ordered_dot(xb, yb));
    a + b
}

fn ordered_dot(x: &[f64], y: &[f64]) -> f64 {
    x.iter().zip(y).map(|(a, b)| a * b).sum()
}

/// `f` on each half of `v` (cut as [`dot`] cuts), given the half's first index; the two
/// results added in order.
fn by_halves(v: &mut [f64], f: impl Fn(&mut [f64], usize) -> f64 + Sync) -> f64 {
    let m = v.len() / 2;
    let n = v.len();
    let (a, b) = v.split_at_mut(m);
    let (a, b) = threads::join_large(n, || f(a, 0), || f(b, m));
    a + b
}

/// The solver's vectors of some players' days and games (from day `day0` and game `game0`),
/// which [`Newton::linearise`] fills for those players alone.
struct Part<'v> {
    g: &'v mut [f64],
    inverse: &'v mut [f64],
    weight: &'v mut [f64],
    /// The first-day priors' parts of these players (from player `player0`).
    prior: &'v mut [f64],
    day0: usize,
    game0: usize,
    player0: usize,
}

impl Part<'_> {
    /// The gradient, −H's couplings and first-day priors, and the pivots' reciprocals of
    /// `players`' days; a day's sums in the reference's order (its games, then the first day's
    /// prior), −H's diagonal as [`diagonal`] makes it.
    fn linearise(&mut self, h: &History, r: &[f64], gamma: &[f64], players: std::ops::Range<usize>) {
        for i in players {
            let (a, b) = (h.start[i], h.start[i + 1]);
            // The links before and after day d (0 before the first day, after the last).
            let mut link_before = 0.0;
            for d in a..b {
                let link_after = h.link_within(d, b);
                let first_day = (d == a).then_some(h.first[i]);
                let (first, games) = self.day(h, d, gamma);
                let (prior_first, prior) = first_day.map_or((0.0, 0.0), |f| prior_terms(f, r[d], gamma[d]));
                if d == a {
                    self.prior[i - self.player0] = prior;
                }
                let before = if d > a { link_before * (r[d] - r[d - 1]) } else { 0.0 };
                let after = if d + 1 < b { link_after * (r[d] - r[d + 1]) } else { 0.0 };
                let k = d - self.day0;
                // The prior added on the first day only, as the reference's sums take it.
                let (first, second) = if d == a { (first + prior_first, games + prior) } else { (first, games) };
                self.g[k] = first - before - after;
                let diag = diagonal(second, link_before, link_after);
                // The block pivots' reciprocals (Thomas's algorithm), the chain restarting
                // at each player's first day.
                let eliminated = if d > a { link_before * link_before * self.inverse[k - 1] } else { 0.0 };
                self.inverse[k] = 1.0 / (diag - eliminated);
                link_before = link_after;
            }
        }
    }

    /// Day `d`'s games: the log-likelihood's first derivative in r and minus its second, each
    /// game's coupling kept.
    fn day(&mut self, h: &History, d: usize, gamma: &[f64]) -> (f64, f64) {
        let gd = gamma[d];
        let (mut first_d, mut second) = (0.0, 0.0);
        for e in h.played[d] as usize..h.played[d + 1] as usize {
            let go = gamma[h.opponent[e] as usize];
            first_d += h.score.get(e) - gd / (gd + go);
            let w = gd * go / (gd + go).powi(2);
            self.weight[e - self.game0] = w;
            second += w;
        }
        (first_d, second)
    }
}

/// A first day's prior `first` at rating `r` (strength `gamma`): its parts of the
/// log-posterior's first derivative and of minus its second.
fn prior_terms(first: FirstDay, r: f64, gamma: f64) -> (f64, f64) {
    match first {
        FirstDay::Virtual { centre } => {
            let c = centre.exp();
            (1.0 - 2.0 * gamma / (gamma + c), 2.0 * gamma * c / (gamma + c).powi(2))
        }
        FirstDay::Normal { mean, variance } => (-(r - mean) / variance, 1.0 / variance),
    }
}

/// −H's diagonal at a day, from minus the second derivative of its games and prior
/// (`second`) and its links `before` and `after` it (the link before a player's first day is
/// 0, as after the last).
#[inline]
fn diagonal(second: f64, before: f64, after: f64) -> f64 {
    second + before + after
}

impl Newton {
    /// The solver of `h`'s days and games: its work space, sized once.
    pub fn new(h: &History) -> Newton {
        let days = h.played.len() - 1;
        let players = h.start.len() - 1;
        let v = || vec![0.0; days];
        Newton {
            weight: vec![0.0; h.opponent.len()],
            prior: vec![0.0; players],
            inverse: v(),
            g: v(),
            x: v(),
            z: Vec::new(),
            p: v(),
            longest: longest(h.start),
            middle: h.start.partition_point(|&s| s < days / 2).min(players),
            value: None,
            most: None,
            pending: None,
        }
    }

    /// The log-posterior at `r` (up to a constant): the games' log-likelihood, the first days'
    /// priors and the Wiener prior; the two halves of the players ([`Newton::middle`]) summed
    /// apart (on two threads where there are two), then added.
    fn log_posterior(&self, h: &History, r: &[f64], gamma: &[f64]) -> f64 {
        let players = h.start.len() - 1;
        let part = |range: std::ops::Range<usize>| self.log_posterior_of(h, r, gamma, range);
        let (a, b) = threads::join_large(r.len(), || part(0..self.middle), || part(self.middle..players));
        a + b
    }

    /// [`Newton::log_posterior`]'s terms of the players `players`, in order.
    fn log_posterior_of(&self, h: &History, r: &[f64], gamma: &[f64], players: std::ops::Range<usize>) -> f64 {
        let mut total = 0.0;
        for i in players {
            for d in h.start[i]..h.start[i + 1] {
                let games = h.played[d] as usize..h.played[d + 1] as usize;
                for e in games {
                    let (o, s) = (h.opponent[e] as usize, h.score.get(e));
                    // Each game is here twice, once from each side: taken from the side of
                    // the later day (the other side's score is 1 − s), one logarithm a game.
                    if o < d {
                        total += s * r[d] + (1.0 - s) * r[o] - (gamma[d] + gamma[o]).ln();
                    }
                }
                // (After a player's last day the link is 0, and the term is subtracted all the
                // same, as a list of links with 0 there did: the same bits in every case.)
                let link = h.link_within(d, h.start[i + 1]);
                total -= 0.5 * link * (r.get(d + 1).unwrap_or(&0.0) - r[d]).powi(2);
            }
            if let Some(d) = (h.start[i] < h.start[i + 1]).then_some(h.start[i]) {
                total += match h.first[i] {
                    FirstDay::Virtual { centre } => r[d] + centre - 2.0 * (gamma[d] + centre.exp()).ln(),
                    FirstDay::Normal { mean, variance } => -(r[d] - mean).powi(2) / (2.0 * variance),
                };
            }
        }
        total
    }

    /// The log-posterior's gradient into `g`, −H's couplings and first-day priors at `r`, and
    /// −H's block pivots' reciprocals; each half of the players
    /// ([`Newton::middle`]) on a thread of its own where there are two.
    fn linearise(&mut self, h: &History, r: &[f64], gamma: &[f64]) {
        let players = h.start.len() - 1;
        let d0 = h.start[self.middle];
        let e0 = h.played[d0] as usize;
        let middle = self.middle;
        let (ga, gb) = self.g.split_at_mut(d0);
        let (pa, pb) = self.prior.split_at_mut(middle);
        let (ia, ib) = self.inverse.split_at_mut(d0);
        let (wa, wb) = self.weight.split_at_mut(e0);
        let a = Part { g: ga, inverse: ia, weight: wa, prior: pa, day0: 0, game0: 0, player0: 0 };
        let b = Part { g: gb, inverse: ib, weight: wb, prior: pb, day0: d0, game0: e0, player0: middle };
        threads::join_large(r.len(), || { a }.linearise(h, r, gamma, 0..middle), || { b }.linearise(h, r, gamma, middle..players));
    }

    /// q = −H p, on two threads where there are two, and p · q (as [`dot`] would sum it).
    fn times(&self, h: &History, p: &[f64], q: &mut [f64]) -> f64 {
        by_halves(q, |q, from| self.rows(h, p, q, from))
    }

    /// The rows of q = −H p from day `from` on, into `q`; their part of p · q.
    fn rows(&self, h: &History, p: &[f64], q: &mut [f64], from: usize) -> f64 {
        let n = p.len();
        let mut pq = 0.0;
        // The player of day `from`: the last whose days start at or before it.
        let mut i = h.start.partition_point(|&s| s <= from).saturating_sub(1);
        // The link before day d, carried from the day before (0 at a player's first day).
        let mut before = if from > h.start[i] { h.link(from - 1) } else { 0.0 };
        for (k, q) in q.iter_mut().enumerate() {
            let d = from + k;
            while h.start[i + 1] <= d {
                i += 1;
            }
            let after = h.link_within(d, h.start[i + 1]);
            let games = h.played[d] as usize..h.played[d + 1] as usize;
            let mut second = self.weight[games.clone()].iter().fold(0.0, |s, w| s + w);
            if d == h.start[i] {
                second += self.prior[i];
            }
            let mut y = diagonal(second, before, after) * p[d];
            if d > 0 {
                y -= before * p[d - 1];
            }
            if d + 1 < n {
                y -= after * p[d + 1];
            }
            before = after;
            for (&o, &w) in h.opponent[games.clone()].iter().zip(&self.weight[games]) {
                y -= w * p[o as usize];
            }
            *q = y;
            pq += p[d] * y;
        }
        pq
    }

    /// Thomas's algorithm's multiplier of day `d − 1` in day `d`'s forward elimination (not a
    /// player's first day). link × inverse is off the chain of dependent operations: only the
    /// addition it is used in is on it.
    #[inline]
    fn lower(&self, h: &History, d: usize) -> f64 {
        h.link(d - 1) * self.inverse[d - 1]
    }

    /// Thomas's algorithm's back substitution on player days `a..b` of `v`, which holds the
    /// days from `day0` on, given the elimination's multipliers `lower` (day `d`'s at `d − a`):
    /// day d's link × pivot reciprocal is day d + 1's multiplier, kept from the elimination
    /// rather than its link made again (a division a day).
    #[inline]
    fn substitute(&self, v: &mut [f64], a: usize, b: usize, day0: usize, lower: &[f64]) {
        let mut next = 0.0;
        for d in (a..b).rev() {
            // Only the last addition is on the chain from day to day.
            let k = d - day0;
            // (After the last day, the link 0 times its pivot's reciprocal, as a list of links
            // with 0 there gave it: the same bits whatever the pivot.)
            let after = if d + 1 < b { lower[d + 1 - a] } else { 0.0 * self.inverse[d] };
            v[k] = v[k] * self.inverse[d] + after * next;
            next = v[k];
        }
    }

    /// z = M⁻¹ res for the symmetric block Gauss–Seidel preconditioner M = (D + L) D⁻¹ (D + U)
    /// (D the players' tridiagonal blocks, L and U the games with earlier and later players):
    /// a forward sweep over the players, then a backward one ([`Newton::forward`],
    /// [`Newton::backward`]); `t` is room for four players' days (the most any has): for each
    /// of two threads, a player's values and multipliers.
    ///
    /// With sections (`History::sections`), the first two sections, which play no game
    /// against each other, are swept at once, each on a thread of its own, and the separator
    /// alone: what one sweep in the same order gives, to the bit, since neither section reads
    /// what the other writes. (Sweeping each half of the players apart with the games between
    /// them left out, block Jacobi between the halves, was tried and not kept: on an undated
    /// league its inexact first Newton steps moved ratings by hundreds of natural-log units
    /// and the fit took 52 steps, not 14.)
    fn precondition(&self, h: &History, res: &[f64], z: &mut [f64], t: &mut [f64]) {
        let players = h.start.len() - 1;
        // In the browser's wasm, one thread: the plain sweep is the same sweep, to the bit, and
        // leaving the sections' code out keeps the lab's worker within its size ceiling.
        #[cfg(target_arch = "wasm32")]
        let sections: Option<(usize, usize)> = None;
        #[cfg(not(target_arch = "wasm32"))]
        let sections = h.sections;
        let (ta, tb) = t.split_at_mut(t.len() / 2);
        let Some((m, s)) = sections else {
            self.forward(h, res, z, ta, 0..players, 0);
            self.backward(h, z, ta, 0..players, 0, (&[], 0));
            return;
        };
        let (dm, ds) = (h.start[m], h.start[s]);
        let days = z.len();
        {
            let (za, rest) = z.split_at_mut(dm);
            let zb = &mut rest[..ds - dm];
            let (ta, tb) = (&mut *ta, &mut *tb);
            threads::join_large(days, || self.forward(h, res, za, ta, 0..m, 0), || self.forward(h, res, zb, tb, m..s, dm));
        }
        self.forward(h, res, z, ta, s..players, 0);
        self.backward(h, z, ta, s..players, 0, (&[], 0));
        let (za, rest) = z.split_at_mut(dm);
        let (zb, zs) = rest.split_at_mut(ds - dm);
        let zs = &*zs;
        threads::join_large(days, || self.backward(h, za, ta, 0..m, 0, (zs, ds)), || self.backward(h, zb, tb, m..s, dm, (zs, ds)));
    }

    /// The forward sweep over `players` (from the first): each day's sum of its games with
    /// earlier players, then its player's block eliminated and solved (Thomas's algorithm).
    /// `z` holds the days from `day0` on, and every earlier player these meet; `lower` is room
    /// for a player's multipliers.
    fn forward(&self, h: &History, res: &[f64], z: &mut [f64], lower: &mut [f64], players: std::ops::Range<usize>, day0: usize) {
        // The day before's value is carried in `previous`, not read back from memory: the
        // elimination's chain then waits on the addition alone, not on a store and a load.
        let mut previous = 0.0;
        for i in players {
            let (a, b) = (h.start[i], h.start[i + 1]);
            for d in a..b {
                let mut v = res[d];
                for e in h.played[d] as usize..h.played[d + 1] as usize {
                    let o = h.opponent[e] as usize;
                    if o < a {
                        v += self.weight[e] * z[o - day0];
                    }
                }
                if d > a {
                    lower[d - a] = self.lower(h, d);
                    v += lower[d - a] * previous;
                }
                z[d - day0] = v;
                previous = v;
            }
            self.substitute(z, a, b, day0, lower);
        }
    }

    /// The backward sweep over `players` (from the last): each day's sum of its games with
    /// later players, solved by its player's block, added to z. `z` holds the days from `day0`
    /// on, `t` two players' (a player's values, then its multipliers); a later player's day
    /// past `z` is read from `shared` (the days from its `.1` on).
    fn backward(&self, h: &History, z: &mut [f64], t: &mut [f64], players: std::ops::Range<usize>, day0: usize, shared: (&[f64], usize)) {
        let end = day0 + z.len();
        let (t, lower) = t.split_at_mut(t.len() / 2);
        let mut previous = 0.0;
        for i in players.rev() {
            let (a, b) = (h.start[i], h.start[i + 1]);
            for d in a..b {
                let mut v = 0.0;
                for e in h.played[d] as usize..h.played[d + 1] as usize {
                    let o = h.opponent[e] as usize;
                    if o >= b {
                        v += self.weight[e] * if o < end { z[o - day0] } else { shared.0[o - shared.1] };
                    }
                }
                if d > a {
                    lower[d - a] = self.lower(h, d);
                    v += lower[d - a] * previous;
                }
                t[d - a] = v;
                previous = v;
            }
            self.substitute(t, a, b, a, lower);
            for d in a..b {
                z[d - day0] += t[d - a];
            }
        }
    }

    /// Starts a Newton step at `r`: the gradient and −H, then conjugate gradients on −H x = g
    /// to the relative residual min(0.1, √‖g‖) (so that the steps converge superlinearly),
    /// from x = 0. Unless the gradient is 0, `gamma`'s room is taken as z (it is empty until
    /// [`Newton::conclude`] gives it back).
    fn begin(&mut self, h: &History, r: &[f64], gamma: &mut Vec<f64>) -> Pending {
        let before = match self.value {
            Some(v) => v,
            None => self.log_posterior(h, r, gamma),
        };
        self.linearise(h, r, gamma);
        let gradient = self.g.iter().fold(0.0f64, |m, g| m.max(g.abs()));
        let norm = dot(&self.g, &self.g).sqrt();
        let mut pd = Pending { before, gradient, target: 0.0, rz: 0.0, slope: 0.0, iterations: 0, ended: None, t: Vec::new() };
        if !(norm > 0.0) {
            pd.ended = Some(true);
            return pd;
        }
        pd.target = norm.sqrt().min(0.1) * norm;
        pd.t = vec![0.0; 4 * self.longest];
        let mut z = std::mem::take(gamma);
        self.x.fill(0.0);
        self.precondition(h, &self.g, &mut z, &mut pd.t);
        self.p.copy_from_slice(&z);
        pd.rz = dot(&self.g, &z);
        self.z = z;
        pd
    }

    /// Up to `budget` more conjugate-gradient iterations of the step `pd` (at most
    /// [`MOST_CG`] in all), ending it when the residual meets the target.
    fn iterate(&mut self, h: &History, pd: &mut Pending, budget: usize) {
        let (mut res, mut x, mut z, mut p) =
            (std::mem::take(&mut self.g), std::mem::take(&mut self.x), std::mem::take(&mut self.z), std::mem::take(&mut self.p));
        for _ in 0..budget {
            if pd.ended.is_some() {
                break;
            }
            pd.iterations += 1;
            // q = −H p, in z's room (z is not read again before it is made anew).
            let pq = self.times(h, &p, &mut z);
            if !(pq > 0.0 && pd.rz.is_finite()) {
                pd.ended = Some(false);
                break;
            }
            let alpha = pd.rz / pq;
            pd.slope += alpha * pd.rz;
            let m = x.len() / 2;
            let (xa, xb) = x.split_at_mut(m);
            let (pa, pb) = p.split_at(m);
            threads::join_large(m, || axpy(xa, alpha, pa), || axpy(xb, alpha, pb));
            // res −= α q, and res · res as it goes.
            let rr = by_halves(&mut res, |res, from| {
                let q = &z[from..from + res.len()];
                res.iter_mut()
                    .zip(q)
                    .map(|(r, q)| {
                        *r -= alpha * q;
                        *r * *r
                    })
                    .sum()
            });
            if rr.sqrt() <= pd.target {
                pd.ended = Some(true);
                break;
            }
            if pd.iterations == MOST_CG {
                pd.ended = Some(false);
                break;
            }
            self.precondition(h, &res, &mut z, &mut pd.t);
            let next = dot(&res, &z);
            let beta = next / pd.rz;
            pd.rz = next;
            let (pa, pb) = p.split_at_mut(m);
            let (za, zb) = z.split_at(m);
            threads::join_large(
                m,
                || pa.iter_mut().zip(za).for_each(|(p, z)| *p = z + beta * *p),
                || pb.iter_mut().zip(zb).for_each(|(p, z)| *p = z + beta * *p),
            );
        }
        (self.g, self.x, self.z, self.p) = (res, x, z, p);
    }

    /// One Newton step on `r` (with `gamma` = e^r kept), a part at a time: the system solved
    /// by conjugate gradients ([`Newton::begin`]), at most `budget` iterations a call, then
    /// the longest step 1, ½, ¼, … that raises the log-posterior by at least 10⁻⁴ of what
    /// its slope promises (within the sum's rounding). `None` while the step is under way (the
    /// ratings are unchanged until it ends), so that a page can show its progress and cancel
    /// it between the parts; the parts add up to the same step, to the bit, whatever the
    /// budgets (`usize::MAX`: the whole step at once).
    ///
    /// `gamma` is empty while the step is under way: its room is the step's (see [`Newton::z`];
    /// [`Newton::give_back`]).
    pub fn step_part(&mut self, h: &History, r: &mut [f64], gamma: &mut Vec<f64>, budget: usize) -> Option<Stepped> {
        let mut pd = match self.pending.take() {
            Some(pd) => pd,
            None => self.begin(h, r, gamma),
        };
        self.iterate(h, &mut pd, budget);
        match pd.ended {
            Some(solved) => Some(self.conclude(h, r, gamma, &pd, solved)),
            None => {
                self.pending = Some(pd);
                None
            }
        }
    }

    /// The conjugate-gradient iterations of the step under way, if one is.
    pub fn partway(&self) -> Option<usize> {
        self.pending.as_ref().map(|pd| pd.iterations)
    }

    /// The strengths' room a step under way holds (empty if none does), the step dropped: for
    /// a caller that needs its strengths before the step ends.
    pub fn give_back(&mut self) -> Vec<f64> {
        self.pending = None;
        std::mem::take(&mut self.z)
    }

    /// The line search along the solved step `pd`, and what the step did.
    fn conclude(&mut self, h: &History, r: &mut [f64], gamma: &mut Vec<f64>, pd: &Pending, solved: bool) -> Stepped {
        let (before, slope) = (pd.before, pd.slope);
        // The strengths' room back from z (dead now), every value made anew below.
        if gamma.len() != r.len() {
            *gamma = std::mem::take(&mut self.z);
        }
        // The ratings before the step, in CG's direction vector (free now).
        let mut base = std::mem::take(&mut self.p);
        base.copy_from_slice(r);
        let rounding = 1e-12 * (1.0 + before.abs());
        // The longest step the limit allows, if any ([`Newton::limit`]).
        let longest = self.x.iter().fold(0.0f64, |m, x| m.max(x.abs()));
        let mut alpha = self.most.filter(|&most| longest > most).map_or(1.0, |most| most / longest);
        let mut after;
        loop {
            let m = r.len() / 2;
            let (ra, rb) = r.split_at_mut(m);
            let (ga, gb) = gamma.split_at_mut(m);
            let (x, base) = (&self.x, &base);
            threads::join_large(m, || take(ra, ga, &base[..m], &x[..m], alpha), || take(rb, gb, &base[m..], &x[m..], alpha));
            after = self.log_posterior(h, r, gamma);
            if after - before >= 1e-4 * alpha * slope - rounding || alpha < 1e-12 {
                break;
            }
            alpha *= 0.5;
        }
        self.value = Some(after);
        self.p = base;
        let change = self.x.iter().fold(0.0f64, |m, x| m.max((alpha * x).abs()));
        Stepped { change, gradient: pd.gradient, iterations: pd.iterations, solved }
    }

    /// Forgets the log-posterior kept and any step under way (the ratings were changed from
    /// outside).
    pub fn moved(&mut self) {
        self.value = None;
        self.pending = None;
    }

    /// Limits every step to move no day's rating by more than `most` (natural-log units):
    /// from a warm start ([`super::Whr::warm_after`]), where the days of the earlier fit sit
    /// at their optimum and the new ones at 0, the first conjugate-gradient solves (to a tenth
    /// of the residual) gave steps of 15, 46 and 343 units that the line search took (the
    /// log-posterior is nearly flat along a far-rated player's whole history), and the ratings
    /// ran away; from everyone at 0 no step on the benchmarks moved a rating by more than 10.
    /// Any limit leaves the optimum where it is: each step still raises the log-posterior.
    pub fn limit(&mut self, most: f64) {
        self.most = Some(most);
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Whr, WhrParams};
    use super::*;
    use crate::methods::periods::{PeriodGame, Periods};

    /// A league of 4,000 players on a line, each game between players at most 20 places
    /// apart, 40,000 games over 100 periods: large enough for the sections, and its players
    /// meet their own level, so the separator is small.
    fn near_league() -> Periods {
        let mut seed: u64 = 17;
        let mut next = move || {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 11) as f64 / (1u64 << 53) as f64
        };
        let n = 4000;
        let lists = (0..100)
            .map(|t| {
                let games = (0..400)
                    .map(|_| {
                        let a = (next() * n as f64) as usize;
                        let b = (a + 1 + (next() * 20.0) as usize) % n;
                        let p = 1.0 / (1.0 + (3.0 * (b as f64 - a as f64) / n as f64).exp());
                        let x = next();
                        PeriodGame::new(
                            a,
                            b,
                            if x < 0.2 {
                                0.5
                            } else if x < 0.2 + 0.8 * p {
                                1.0
                            } else {
                                0.0
                            },
                        )
                    })
                    .collect();
                (t * 3, games)
            })
            .collect();
        Periods::from_lists(n, lists)
    }

    fn history(w: &Whr, sections: Option<(usize, usize)>) -> History<'_> {
        History {
            start: &w.start,
            played: &w.played,
            opponent: &w.opponent,
            score: &w.score,
            first: &w.first,
            time: &w.time,
            by_day: w.links.by_day(),
            by_gap: w.links.by_gap(),
            sections,
        }
    }

    /// The sections are made on a large league whose players meet their own level, the first
    /// two play no game against each other, and the preconditioner swept by sections gives
    /// the bits of one sweep in the same order.
    #[test]
    fn the_sections_are_swept_with_the_bits_of_one_sweep() {
        let w = Whr::new(&near_league(), &WhrParams::default()).unwrap();
        let (m, s) = w.sections.expect("sections on a large league of near opponents");
        let players = w.start.len() - 1;
        assert!(m == players / 2 && s > m && players - s <= players / 8, "sections {m}, {s} of {players}");
        let (dm, ds) = (w.start[m], w.start[s]);
        for d in 0..ds {
            for e in w.played[d] as usize..w.played[d + 1] as usize {
                let o = w.opponent[e] as usize;
                let section = |d: usize| (d >= dm) as usize + (d >= ds) as usize;
                assert!(section(d) == section(o) || section(o) == 2, "day {d} meets day {o} across the sections");
            }
        }
        let days = w.r.len();
        // Ratings of some spread, so that the games' couplings differ.
        let r: Vec<f64> = (0..days).map(|d| ((d * 7919) % 1000) as f64 / 500.0 - 1.0).collect();
        let gamma: Vec<f64> = r.iter().map(|r| r.exp()).collect();
        let res: Vec<f64> = (0..days).map(|d| ((d * 104_729) % 2001) as f64 / 1000.0 - 1.0).collect();
        let mut solver = Newton::new(&history(&w, None));
        solver.linearise(&history(&w, None), &r, &gamma);
        let sweep = |sections| {
            let (mut z, mut t) = (vec![0.0; days], vec![0.0; 4 * solver.longest]);
            solver.precondition(&history(&w, sections), &res, &mut z, &mut t);
            z.iter().map(|z| z.to_bits()).collect::<Vec<u64>>()
        };
        let (whole, by_sections) = (sweep(None), sweep(w.sections));
        assert!(whole.iter().any(|&b| b != 0));
        assert_eq!(whole, by_sections);
    }

    /// The fit on two threads (the sections, the halves) gives the bits of the fit on one.
    #[test]
    fn the_fit_on_two_threads_is_the_fit_on_one() {
        let data = near_league();
        let p = WhrParams::default();
        let fit = || {
            let mut w = Whr::new(&data, &p).unwrap();
            let steps = w.fit(&p).unwrap();
            (steps, w.r.iter().map(|r| r.to_bits()).collect::<Vec<u64>>(), w.variance.iter().map(|v| v.to_bits()).collect::<Vec<u64>>())
        };
        let two = fit();
        let one = crate::threads::one_thread(fit);
        assert!(two.0 > 1);
        assert_eq!(two, one);
    }

    /// A step under way holds the strengths' room (γ is empty meanwhile); a caller that needs
    /// the strengths mid-step gets each back as eʳ, bit for bit, the step dropped, and the next
    /// step is the step the fit would have taken. It fails when the room is not given back, or
    /// when γ is made otherwise than as eʳ.
    #[test]
    fn a_step_under_way_gives_the_strengths_back() {
        let data = near_league();
        let p = WhrParams::default();
        let mut w = Whr::new(&data, &p).unwrap();
        w.newton().unwrap();
        let mut whole = w.clone();
        assert!(w.newton_part(1).unwrap().is_none(), "a step of one iteration is under way");
        assert!(w.gamma.is_empty() && w.partway() == Some(1));
        assert!((0..w.r.len()).all(|d| w.strength(d).to_bits() == w.r[d].exp().to_bits()));
        w.strengths_back();
        assert_eq!(w.partway(), None);
        let bits = |v: &[f64]| v.iter().map(|x| x.to_bits()).collect::<Vec<u64>>();
        assert_eq!(bits(&w.gamma), bits(&w.r.iter().map(|r| r.exp()).collect::<Vec<f64>>()));
        let (a, b) = (w.newton().unwrap(), whole.newton().unwrap());
        assert_eq!(a, b);
        assert_eq!((bits(&w.r), bits(&w.gamma)), (bits(&whole.r), bits(&whole.gamma)));
    }
}
