//! The problem Brent's iterations solve, set up once from a [`Dataset`]: the scores as pairs
//! restricted to rateable groups, the dummy player, old ratings, and per-group scaling.

use super::params::BrentParams;
use crate::diagnose::{analyse, Diagnosis, Structure};
use crate::model::Dataset;
use crate::pairs::Pairs;

/// Marks a node that is not rated.
pub const UNRATED: u32 = u32::MAX;

pub struct Problem {
    /// Real players; node `n` is the dummy player when γ > 0.
    pub n: usize,
    pub nodes: usize,
    /// Scores between players of the same rated group, plus the dummy's draws: every pair
    /// lies inside one rated group.
    pub s: Pairs,
    /// `Σ_j s_ij` over the stored entries (iteration (14) needs it).
    pub scored: Vec<f64>,
    pub sigma: f64,
    /// Old ratings as strengths and weights (weight 0 = none).
    pub prior_x: Vec<f64>,
    pub prior_w: Vec<f64>,
    /// Per node: its rated group, or [`UNRATED`].
    pub group: Vec<u32>,
    /// Per group: renormalise to geometric mean 1 (false when old ratings fix the scale).
    pub renormalise: Vec<bool>,
    /// Per group: the number of real players (for the geometric mean).
    pub group_size: Vec<usize>,
    pub structure: Structure,
    pub diagnosis: Diagnosis,
}

impl Problem {
    pub fn new(data: &Dataset, params: &BrentParams) -> Problem {
        let n = data.players.len();
        let full = Pairs::from_games(n, data.games.iter().map(|g| (g.first(), g.second(), g.score)));
        let (rows, cols) = full.sums();
        // The names the diagnosis quotes are copied after the pairs are made, not meanwhile on a
        // second thread: beside the games' entries being sorted they raised the peak by 5 MB.
        let names: Vec<String> = data.players.iter().map(|p| p.name.clone()).collect();
        let prior: Vec<bool> = data.players.iter().map(|p| p.prior().is_some_and(|q| q.weight > 0.0)).collect();
        let dummy = params.gamma > 0.0;
        let hub: Vec<bool> = (0..n).map(|i| prior[i] || (dummy && rows[i] + cols[i] > 0.0)).collect();
        let (diagnosis, structure) = analyse(&full, &names, params.gamma, &hub, &prior);
        let ngroups = structure.groups.len();
        let nodes = n + usize::from(dummy);
        let mut group: Vec<u32> = structure.group.iter().map(|g| g.map_or(UNRATED, |g| g as u32)).collect();
        // Keep only games inside a rated group: between groups the gaps are infinite, and such
        // games would only pull the iteration towards that limit.
        let inside = |i: usize, j: usize| group[i] != UNRATED && group[i] == group[j];
        // Usually every game is inside one group and there is no dummy: the full pairs are the
        // ones to iterate on. Else they are restricted where they are (no second build).
        // The dummy draws every player of its group, each pairing weighing γ in all.
        let dummy_group = if dummy { (0..n).find(|&i| hub[i] && !prior[i]).or((0..n).find(|&i| hub[i])).map(|i| group[i]) } else { None };
        let s = if !dummy && full.iter().all(|(a, b, _, _)| inside(a, b)) {
            full
        } else {
            let half = params.gamma / 2.0;
            let members = (0..n).filter(|&i| rows[i] + cols[i] > 0.0 && group[i] != UNRATED && Some(group[i]) == dummy_group);
            let draws: Vec<(usize, f64, f64)> = members.map(|i| (i, half, half)).collect();
            full.restrict(nodes, inside, &draws)
        };
        if dummy {
            group.push(dummy_group.unwrap_or(UNRATED));
        }
        let (scored, _) = s.sums();
        let mut prior_x = vec![1.0; nodes];
        let mut prior_w = vec![0.0; nodes];
        for (i, p) in data.players.iter().enumerate() {
            if let Some(q) = p.prior().filter(|q| q.weight > 0.0) {
                prior_x[i] = q.log_strength.exp();
                prior_w[i] = q.weight;
            }
        }
        let renormalise = structure.anchored.iter().map(|a| !a).collect();
        let group_size = structure.groups.iter().map(Vec::len).collect();
        debug_assert_eq!(ngroups, structure.anchored.len());
        Problem { n, nodes, s, scored, sigma: params.sigma, prior_x, prior_w, group, renormalise, group_size, structure, diagnosis }
    }

    /// The old rating's terms of eq. (17) for node `i` at strength `xi`: `ŵ x̂ / (2(x + x̂))`
    /// above and `ŵ / (2(x + x̂))` below (zero without an old rating).
    #[inline]
    pub fn prior_terms(&self, i: usize, xi: f64) -> (f64, f64) {
        let (w, xh) = (self.prior_w[i], self.prior_x[i]);
        if w > 0.0 {
            (w * xh / (2.0 * (xi + xh)), w / (2.0 * (xi + xh)))
        } else {
            (0.0, 0.0)
        }
    }

    /// Scales each unanchored group to geometric mean 1 over its real players.
    pub fn renormalise(&self, x: &mut [f64]) {
        // Σ ln x_i per group as the logarithm of a running product, taken only when the
        // product nears the ends of the floating-point range: a logarithm per player cost a
        // fifth of a pass on a small league.
        let groups = self.renormalise.len();
        let (mut log_sum, mut product) = (vec![0.0; groups], vec![1.0f64; groups]);
        for i in 0..self.n {
            let g = self.group[i];
            if g != UNRATED {
                let p = &mut product[g as usize];
                *p *= x[i];
                if !(1e-150..=1e150).contains(p) {
                    log_sum[g as usize] += p.ln();
                    *p = 1.0;
                }
            }
        }
        let factor: Vec<f64> = log_sum
            .iter()
            .zip(&product)
            .zip(&self.group_size)
            .zip(&self.renormalise)
            .map(|(((&l, &p), &size), &on)| if on { (-(l + p.ln()) / size as f64).exp() } else { 1.0 })
            .collect();
        for (xi, &g) in x.iter_mut().zip(&self.group) {
            if g != UNRATED {
                *xi *= factor[g as usize];
            }
        }
    }

    /// The equations (11) (with (16)'s old-rating term): per node, actual minus expected
    /// score. Computed directly, as an independent check on the iterations.
    pub fn equilibrium_residuals(&self, x: &[f64]) -> Vec<f64> {
        let mut r = vec![0.0; self.nodes];
        for (a, b, ab, ba) in self.s.iter() {
            // Actual minus expected over the pair's games, split by who scored: of the ab
            // points a scored, a was expected ab·x_a/(x_a+x_b), so a is ab·x_b/(x_a+x_b) ahead
            // on them, and behind by ba·x_a/(x_a+x_b) on b's points; b the opposite.
            let t = 1.0 / (x[a] + x[b]);
            let d = ab * (x[b] * t) - ba * (x[a] * t);
            r[a] += d;
            r[b] -= d;
        }
        for i in 0..self.nodes {
            if self.prior_w[i] > 0.0 {
                r[i] += self.prior_w[i] * (self.prior_x[i] - x[i]) / (2.0 * (x[i] + self.prior_x[i]));
            }
            if self.group[i] == UNRATED {
                r[i] = 0.0;
            }
        }
        r
    }
}
