//! A coarse correction for the accelerated iteration on schedules that mix slowly.
//!
//! Where players meet only others near their own strength (divisions, Swiss events, leagues
//! by level), iteration (13) moves each player towards the opponents it met, and a shift that
//! runs smoothly along the whole chain of levels — the strong end too low and the weak end too
//! high, say — shrinks by a little each pass: it is the slow mode of the iteration. Anderson's
//! mixing shortens that, not enough (83 and 120 passes at γ = 0 on the benchmark's near
//! leagues, against ≤ 50 asked).
//!
//! The correction is the coarse-grid step of a two-level method (as an additive
//! preconditioner: Xu, *SIAM Review* 34, 1992; the coarse space found from the graph alone, as
//! algebraic multigrid finds it: Vaněk, Mandel & Brezina, *Computing* 56, 1996). Each player
//! of a long stretch (players joined by games, within a rated group) gets a coordinate along
//! the chain of levels, and the coarse space is the shifts that are piecewise linear in it
//! between evenly spaced centres, one per level (or per [`MIN_PER_CENTRE`] players where
//! levels are thinner; `P`: a player's row weighs its two nearest centres). One Newton step on
//! the log-likelihood is solved within that space, `H_c δ = Pᵀ ∇ℓ`, where `H_c = Pᵀ H P`,
//! `H_ab = −g_ab x_a x_b / (x_a + x_b)²` off the diagonal of the (negated) Hessian and `∇ℓ_i`
//! is player i's actual minus expected score (the residual of (11)). The map Anderson
//! accelerates becomes `r ↦ ln step13(e^r) + P δ(r)`: at the fixed point `∇ℓ = 0`, so `δ = 0`
//! and the answer is unchanged; the likelihood safeguard still judges every step. (Shifts
//! constant between centres — one per block of players — were tried first: a ramp along the
//! chain costs such a shift a jump at every block's edge, so the Newton step took out only
//! 40 % of it, and the passes did not fall.)
//!
//! The coordinate: from a player at one end of the stretch (the last one reached from any
//! player), the breadth-first levels — those one game away, two games away, and so on — then
//! each player's level averaged with its opponents' levels, twice. Where players meet their
//! own level, the levels run along the order of strength, and the averaging makes the
//! coordinate run smoothly with it inside a level. Where players meet anyone, every player is
//! a few games from every other, the levels are few, and no correction is made (random
//! leagues converge in about 20 passes without it). Finding the coordinate reads the pairs a
//! few times, once per fit, as the diagnosis does.
//!
//! `H_c` is summed once, at the starting strengths (one pass, counted with the others), unless
//! the start is already the answer (a warm start after σ changed), where there is nothing for
//! it to take out. Along a chain of levels a centre meets only its neighbours, so `H_c` is
//! banded and factored by its envelope ([`Envelope`]): thousands of centres cost less than a
//! pass. (With 64 centres at most, the million-game league of `scripts/leagues.py --pairing
//! near`, whose players meet their 100 nearest, about 2,000 levels, took 375 passes at γ = 0;
//! with a centre per level, 24.)

use super::problem::{Problem, UNRATED};
use crate::linalg::Envelope;

/// Players a stretch (and its group) must have for a coarse space (smaller ones converge in few
/// passes anyway).
const MIN_PLAYERS: usize = 128;

/// Breadth-first levels a stretch must have for a coarse space: a schedule that mixes fast
/// (players paired at random are a few games from each other) needs no correction.
const MIN_DEPTH: usize = 8;

/// Players per centre at least: a centre per level, unless the levels are thinner than this.
const MIN_PER_CENTRE: usize = 8;

/// The most work factoring `H_c` may take, in multiply–adds per pair of players who met (a
/// pass is a few per pair): along a chain of levels `H_c` is banded and takes far less; a
/// coarse space whose Hessian couples far-apart centres is not the one this is for.
const FACTOR_PER_PAIR: usize = 4;

/// Marks a node outside the coarse space.
const NONE: u32 = u32::MAX;

/// Where a node sits between two neighbouring centres: `(1 − t)` of centre `k`, `t` of `k + 1`.
#[derive(Clone, Copy)]
struct Place {
    k: u32,
    t: f64,
}

impl Place {
    const NONE: Place = Place { k: NONE, t: 0.0 };

    /// The node's (centre, weight) entries of `P`: none, or two.
    fn entries(self) -> [(usize, f64); 2] {
        [(self.k as usize, 1.0 - self.t), (self.k as usize + 1, self.t)]
    }
}

/// The coarse space and the factored coarse Hessian.
pub(crate) struct Coarse {
    /// Per node: where it sits between the centres, or [`Place::NONE`].
    place: Vec<Place>,
    /// Per centre, the first centre its row of `H_c` reaches (its envelope).
    first: Vec<usize>,
    hessian: Option<Envelope>,
}

impl Coarse {
    /// The coarse space of the problem's long stretches of players (each set of players
    /// joined by games, within a rated group; the dummy player's draws join no one), or `None`
    /// when there is none.
    pub fn plan(p: &Problem) -> Option<Coarse> {
        let pairs = |each: &mut dyn FnMut(&[u32])| {
            for (a, b, _, _) in p.s.iter() {
                each(&[a as u32, b as u32]);
            }
        };
        Coarse::plan_on(&Meetings {
            n: p.n,
            nodes: p.nodes,
            group: &p.group,
            group_size: &p.group_size,
            sets: &pairs,
            entries: p.s.a.len(),
        })
    }

    /// The coarse space of `m`'s long stretches of players, or `None` when there is none.
    #[inline(never)] // Brent's and Plackett–Luce's share one copy (the lab worker's size).
    pub fn plan_on(m: &Meetings) -> Option<Coarse> {
        let mut graph = Adjacency::new(m);
        let mut place = vec![Place::NONE; m.nodes];
        let mut next = 0;
        let mut met = vec![false; m.nodes];
        for start in 0..m.n {
            let g = m.group[start];
            if met[start] || g == UNRATED || m.group_size[g as usize] < MIN_PLAYERS {
                continue;
            }
            // The last player reached from any is at one end; the levels are taken from there.
            let reached = graph.levels(start);
            reached.iter().flatten().for_each(|&i| met[i as usize] = true);
            let players = reached.iter().map(Vec::len).sum::<usize>();
            if players < MIN_PLAYERS || reached.len() < MIN_DEPTH / 2 {
                continue;
            }
            let levels = graph.levels(reached.last().expect("a level")[0] as usize);
            let k = levels.len().min(players / MIN_PER_CENTRE);
            if levels.len() >= MIN_DEPTH && k >= 2 {
                graph.place(&levels, k, next, &mut place);
                next += k;
            }
        }
        let first = envelope(m, &place, next);
        let work: usize = first.iter().enumerate().map(|(i, &f)| (i + 1 - f).pow(2)).sum();
        (next > 0 && work <= FACTOR_PER_PAIR * m.entries.max(1)).then_some(Coarse { place, first, hessian: None })
    }

    /// Sums `H_c = Pᵀ H P` at strengths `x` and factors it: one pass over the pairs.
    pub fn retake(&mut self, p: &Problem, x: &[f64]) {
        let mut h = Envelope::zeros(self.first.clone());
        for (a, b, ab, ba) in p.s.iter() {
            let (pa, pb) = (self.place[a], self.place[b]);
            if pa.k == NONE && pb.k == NONE {
                continue;
            }
            let (xa, xb) = (x[a], x[b]);
            let t = 1.0 / (xa + xb);
            // `w (P_a − P_b)(P_a − P_b)ᵀ`; a node outside the space (the dummy player) stays where it
            // is, and its games anchor the other end, as an old rating does.
            let mut u = [(0, 0.0); 4];
            let mut len = 0;
            for (place, sign) in [(pa, 1.0), (pb, -1.0)].into_iter().filter(|(q, _)| q.k != NONE) {
                for (c, v) in place.entries() {
                    u[len] = (c, sign * v);
                    len += 1;
                }
            }
            add_outer(&mut h, &u[..len], (ab + ba) * xa * xb * t * t);
        }
        for i in (0..p.nodes).filter(|&i| self.place[i].k != NONE && p.prior_w[i] > 0.0) {
            // An old rating's draws against a fixed opponent anchor the node.
            let (xi, xh) = (x[i], p.prior_x[i]);
            add_outer(&mut h, &self.place[i].entries(), p.prior_w[i] * xi * xh / ((xi + xh) * (xi + xh)));
        }
        self.settle(h);
    }

    /// Sums `H_c` from choices ([`Choices::choice`]: Plackett–Luce's stages, its dummy
    /// player's draws) at the strengths `fill` gives them, and factors it.
    pub fn retake_choices(&mut self, fill: impl FnOnce(&mut Choices)) {
        let mut choices = Choices { h: Envelope::zeros(self.first.clone()), place: &self.place, q: Vec::new() };
        fill(&mut choices);
        let h = choices.h;
        self.settle(h);
    }

    /// Factors the summed `h` into the coarse Hessian.
    #[inline(never)]
    fn settle(&mut self, mut h: Envelope) {
        // H_c is singular along a group's common shift, which `centre` removes anyway: a
        // small ridge makes it definite without moving the other directions.
        let k = h.order();
        let ridge = 1e-9 * (0..k).map(|i| h.diagonal(i)).fold(0.0, f64::max).max(f64::MIN_POSITIVE);
        for i in 0..k {
            h.add(i, i, ridge);
        }
        self.hessian = h.factor();
    }

    /// Adds `P δ` to `g`, δ the centres' Newton step where node `i`'s actual minus expected
    /// score is `gradient(i)`.
    /// (`gradient` a `dyn`: Brent's and Plackett–Luce's share one copy, for the lab worker's
    /// size; one call a node, once an iteration.)
    #[inline(never)]
    pub fn correct(&self, gradient: &dyn Fn(usize) -> f64, g: &mut [f64]) {
        let Some(h) = &self.hessian else { return };
        let mut rhs = vec![0.0; self.first.len()];
        for i in (0..self.place.len()).filter(|&i| self.place[i].k != NONE) {
            let gradient = gradient(i);
            for (c, v) in self.place[i].entries() {
                rhs[c] += v * gradient;
            }
        }
        h.solve(&mut rhs);
        if rhs.iter().any(|v| !v.is_finite()) {
            return;
        }
        for (v, place) in g.iter_mut().zip(&self.place).filter(|(_, q)| q.k != NONE) {
            *v += place.entries().iter().map(|&(c, w)| w * rhs[c]).sum::<f64>();
        }
    }
}

/// Who met whom, as the coarse space is found from it: nodes `0..nodes`, of which `0..n` are
/// players (a node past them, the dummy player, meets everyone and is left out), each node's
/// rated group, and the sets of players who met (Brent's pairs, Plackett–Luce's events).
pub(crate) struct Meetings<'a> {
    pub n: usize,
    pub nodes: usize,
    pub group: &'a [u32],
    pub group_size: &'a [usize],
    /// Calls its argument with every set of players who met.
    pub sets: &'a Sets<'a>,
    /// The entries a pass reads (pairs, places): the factoring's work is bounded by them.
    pub entries: usize,
}

/// What calls its argument with each set of players who met.
pub(crate) type Sets<'a> = dyn Fn(&mut dyn FnMut(&[u32])) + 'a;

/// A set larger than this joins its first player to each other one, not every two: an event
/// of hundreds (a race) would otherwise join tens of thousands of pairs.
const CLIQUE: usize = 8;

/// `H_c` being summed from choices.
pub(crate) struct Choices<'a> {
    h: Envelope,
    place: &'a [Place],
    /// A choice's `Pᵀ p`, by centre.
    q: Vec<(usize, f64)>,
}

impl Choices<'_> {
    /// A choice of one of `members` (node, strength), each with chance its strength's share,
    /// `weight` times: the log-likelihood's Hessian in the log-strengths is `diag(p) − p pᵀ`,
    /// and `Pᵀ (diag(p) − p pᵀ) P` is added. A node outside the coarse space adds nothing
    /// of its own, and so anchors the others (as the dummy player does).
    pub fn choice(&mut self, weight: f64, members: &[(usize, f64)]) {
        let total: f64 = members.iter().map(|m| m.1).sum();
        if !(total > 0.0 && total.is_finite()) {
            return;
        }
        self.q.clear();
        for &(i, x) in members.iter().filter(|&&(i, _)| self.place[i].k != NONE) {
            let share = x / total;
            let entries = self.place[i].entries();
            add_outer(&mut self.h, &entries, weight * share);
            for (c, v) in entries {
                match self.q.iter_mut().find(|e| e.0 == c) {
                    Some(e) => e.1 += share * v,
                    None => self.q.push((c, share * v)),
                }
            }
        }
        let q = std::mem::take(&mut self.q);
        add_outer(&mut self.h, &q, -weight);
        self.q = q;
    }
}

impl Choices<'_> {
    /// A node held towards a fixed value with curvature `weight` (a prior): adds
    /// `weight · P_iᵀ P_i`; nothing for a node outside the coarse space.
    pub fn anchor(&mut self, node: usize, weight: f64) {
        if self.place[node].k != NONE {
            add_outer(&mut self.h, &self.place[node].entries(), weight);
        }
    }
}

/// Adds `w u uᵀ` to `h` (`u` sparse: (index, value), indices may repeat).
fn add_outer(h: &mut Envelope, u: &[(usize, f64)], w: f64) {
    for &(i, vi) in u {
        for &(j, vj) in u.iter().filter(|&&(j, _)| j <= i) {
            h.add(i, j, w * vi * vj);
        }
    }
}

/// Per centre (of `centres`), the first centre a set of players who met, or a player's own
/// two, couples it with: the envelope of `H_c`.
fn envelope(m: &Meetings, place: &[Place], centres: usize) -> Vec<usize> {
    let mut first: Vec<usize> = (0..centres).collect();
    for q in place.iter().filter(|q| q.k != NONE) {
        first[q.k as usize + 1] = first[q.k as usize + 1].min(q.k as usize);
    }
    (m.sets)(&mut |set| {
        let placed = || set.iter().map(|&i| place[i as usize]).filter(|q| q.k != NONE).map(|q| q.k as usize);
        if placed().nth(1).is_some() {
            // Each placed player's two centres reach the lowest of them all.
            let low = placed().min().expect("a placed player");
            for k in placed() {
                first[k] = first[k].min(low);
                first[k + 1] = first[k + 1].min(low);
            }
        }
    });
    first
}

/// Who met whom, both ways, the dummy player left out (it meets everyone, and would make every
/// player two steps from every other).
struct Adjacency {
    start: Vec<usize>,
    far: Vec<u32>,
    /// Per node, the search that last reached it (each search numbered, so none clears it).
    seen: Vec<u32>,
    search: u32,
    /// Per node, its coordinate while its stretch is placed.
    coordinate: Vec<f64>,
}

impl Adjacency {
    fn new(m: &Meetings) -> Adjacency {
        let real = |i: u32| (i as usize) < m.n;
        // Every two of a set's players (a pair: the pair), or its first and each other one;
        // read in place, not gathered into a list (Brent's million pairs, twice).
        let joined = |set: &[u32], each: &mut dyn FnMut(u32, u32)| {
            let players = || set.iter().copied().filter(|&i| real(i));
            let firsts = if players().count() > CLIQUE { 1 } else { usize::MAX };
            for (k, a) in players().enumerate().take(firsts) {
                players().skip(k + 1).filter(|&b| b != a).for_each(|b| each(a, b));
            }
        };
        let mut start = vec![0usize; m.nodes + 1];
        (m.sets)(&mut |set| {
            joined(set, &mut |a, b| {
                start[a as usize + 1] += 1;
                start[b as usize + 1] += 1;
            })
        });
        for i in 0..m.nodes {
            start[i + 1] += start[i];
        }
        let mut far = vec![0u32; start[m.nodes]];
        let mut fill = start.clone();
        (m.sets)(&mut |set| {
            joined(set, &mut |a, b| {
                far[fill[a as usize]] = b;
                fill[a as usize] += 1;
                far[fill[b as usize]] = a;
                fill[b as usize] += 1;
            })
        });
        Adjacency { start, far, seen: vec![0; m.nodes], search: 0, coordinate: vec![0.0; m.nodes] }
    }

    fn opponents(&self, i: u32) -> &[u32] {
        &self.far[self.start[i as usize]..self.start[i as usize + 1]]
    }

    /// The nodes by their distance from `from` (breadth first): level `d` holds those `d`
    /// games away.
    fn levels(&mut self, from: usize) -> Vec<Vec<u32>> {
        self.search += 1;
        let search = self.search;
        self.seen[from] = search;
        let mut levels = vec![vec![from as u32]];
        loop {
            let mut next = Vec::new();
            for &v in levels.last().expect("a level") {
                for &w in &self.far[self.start[v as usize]..self.start[v as usize + 1]] {
                    if std::mem::replace(&mut self.seen[w as usize], search) != search {
                        next.push(w);
                    }
                }
            }
            if next.is_empty() {
                return levels;
            }
            levels.push(next);
        }
    }

    /// Places the stretch `levels` between `k` centres numbered from `next`, evenly over its
    /// coordinate: each player's level smoothed by its opponents' (the mean of its own and its
    /// opponents' levels, twice over). Within a level, a player who met more of the next level
    /// than of the last sits nearer the next, so the coordinate runs with the order of
    /// strength rather than in steps of a level, and a shift proportional to it is what `P`
    /// holds exactly.
    fn place(&mut self, levels: &[Vec<u32>], k: usize, next: usize, place: &mut [Place]) {
        let members: Vec<u32> = levels.concat();
        for (depth, level) in levels.iter().enumerate() {
            level.iter().for_each(|&i| self.coordinate[i as usize] = depth as f64);
        }
        for _ in 0..2 {
            let c = &self.coordinate;
            let smoothed: Vec<f64> = members
                .iter()
                .map(|&i| {
                    let far = self.opponents(i);
                    (c[i as usize] + far.iter().map(|&j| c[j as usize]).sum::<f64>()) / (1 + far.len()) as f64
                })
                .collect();
            members.iter().zip(smoothed).for_each(|(&i, v)| self.coordinate[i as usize] = v);
        }
        let c = &self.coordinate;
        let (low, high) =
            members.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), &i| (l.min(c[i as usize]), h.max(c[i as usize])));
        let span = (high - low).max(f64::MIN_POSITIVE);
        for &i in &members {
            // The first player sits on the first centre, the last on the last.
            let u = ((c[i as usize] - low) / span * (k - 1) as f64).clamp(0.0, (k - 1) as f64);
            let at = (u.floor() as usize).min(k - 2);
            place[i as usize] = Place { k: (next + at) as u32, t: u - at as f64 };
        }
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::{BrentParams, Dataset};

    /// `n` players on a ramp of log-strengths `step · i`, each meeting the next `reach` with a
    /// score of exactly the expected one: the maximum likelihood is the ramp itself.
    pub(in crate::methods::brent) fn ramp(n: usize, reach: usize, step: f64) -> (Problem, Vec<f64>) {
        let mut d = Dataset::new();
        let names: Vec<String> = (0..n).map(|i| format!("P{i}")).collect();
        for i in 0..n {
            for j in i + 1..(i + 1 + reach).min(n) {
                let p = 1.0 / (1.0 + (step * (j as f64 - i as f64)).exp());
                d.add_game(&names[i], &names[j], p);
            }
        }
        let truth: Vec<f64> = (0..n).map(|i| step * (i as f64 - (n - 1) as f64 / 2.0)).collect();
        (Problem::new(&d, &BrentParams::default()), truth)
    }

    #[test]
    fn players_who_meet_their_own_level_are_cut_into_levels_and_others_are_not() {
        let (chain, _) = ramp(400, 4, 0.01);
        let c = Coarse::plan(&chain).expect("a chain of levels");
        assert_eq!(c.first.len(), 50, "100 levels of 4 players: a centre per 8 players");
        // Along the chain, the places run in order from one end.
        let at: Vec<f64> = c.place[..400].iter().map(|q| q.k as f64 + q.t).collect();
        let ascending = at.windows(2).all(|w| w[0] <= w[1]);
        let descending = at.windows(2).all(|w| w[0] >= w[1]);
        assert!(ascending || descending, "{at:?}");
        // Everyone meets everyone within a few games: no coarse space.
        let mut d = Dataset::new();
        for i in 0..400usize {
            for k in 1..=5 {
                let j = (i + 1 + (i * 7919 + k * 104_729) % 399) % 400;
                d.add_game(&format!("P{i}"), &format!("P{j}"), 0.5);
            }
        }
        assert!(Coarse::plan(&Problem::new(&d, &BrentParams::default())).is_none());
        // A group too small: none either.
        assert!(Coarse::plan(&ramp(100, 1, 0.01).0).is_none());
    }

    /// With the dummy player, players who never met share a group: each stretch joined by
    /// games is placed on its own, and a short one (here first, ten levels of one player) is
    /// left out rather than given fewer than two centres.
    #[test]
    fn stretches_that_only_the_dummy_joins_are_placed_each_on_its_own() {
        let mut d = Dataset::new();
        for i in 0..9 {
            d.add_game(&format!("Q{i}"), &format!("Q{}", i + 1), 0.5);
        }
        for (prefix, n) in [("A", 300), ("B", 200)] {
            for i in 0..n {
                for j in i + 1..(i + 4).min(n) {
                    d.add_game(&format!("{prefix}{i}"), &format!("{prefix}{j}"), 0.6);
                }
            }
        }
        let p = Problem::new(&d, &BrentParams { gamma: 1.0, ..Default::default() });
        assert_eq!(p.group_size.len(), 1, "one group, through the dummy");
        let c = Coarse::plan(&p).expect("the long stretches");
        assert!(c.place[..10].iter().all(|q| q.k == NONE), "the short stretch is left out");
        assert!(c.place[10..p.n].iter().all(|q| q.k != NONE), "both long ones are placed");
        assert_eq!(c.place[p.n].k, NONE, "the dummy stays where it is");
        // Each stretch has centres of its own: A's (100 levels, 300 players: 37) then B's (25).
        let centres = |r: std::ops::Range<usize>| r.map(|i| c.place[i].k).collect::<std::collections::BTreeSet<_>>();
        let (a, b) = (centres(10..310), centres(310..p.n));
        assert!(a.is_disjoint(&b), "{a:?} {b:?}");
        assert_eq!(c.first.len(), 37 + 25);
    }
}
