//! The one pass over the pairs that Algorithm 1, iteration (14) and the accelerated iteration
//! share: at strengths `x`, per node the sums `Σ_j s_ij x_j/(x_i+x_j)` (`num`),
//! `Σ_j s_ji/(x_i+x_j)` (`den`) and, when asked, `Σ_j s_ij/(x_i+x_j)` (`row`), with one division
//! per pair; and, when asked, the part of the log-likelihood the pairs give.
//!
//! A node's strength and its sums sit side by side in one [`Node`] (32 bytes): a pair reads the
//! far end's strength and adds into its sums on one cache line, where four separate arrays
//! would each cost a line (that took a pass on the 100,000-player league from 2.7× a plain
//! streaming read of the arrays to the figure in `docs/performance.md`).

use crate::pairs::Pairs;

/// A node's strength and the sums a pass gathers at it.
#[derive(Clone, Copy, Debug, Default)]
#[repr(C, align(32))]
pub struct Node {
    pub x: f64,
    pub num: f64,
    pub den: f64,
    pub row: f64,
}

/// Fills `nodes` (resized to the pairs' nodes) from strengths `x` and sums the pairs at them.
/// With `ROW`, also `row`; with `LOGLIK`, returns `Σ_pairs g_ab ln(x_a + x_b)` (`g_ab` the
/// pair's games), else 0.
pub fn sweep<const ROW: bool, const LOGLIK: bool>(s: &Pairs, x: &[f64], nodes: &mut Vec<Node>) -> f64 {
    nodes.clear();
    nodes.extend(x.iter().map(|&x| Node { x, ..Node::default() }));
    let mut log_sums = 0.0;
    // ℓ's pair terms multiply the pairs' sums together (raised to their whole number of
    // games) and take one logarithm per batch, when the product nears the ends of the
    // floating-point range: a logarithm per pair, or per player, would cost more than the
    // rest of the pass.
    let mut product = 1.0f64;
    for a in 0..s.nodes {
        let (bs, abs, bas) = s.run(a);
        let xa = nodes[a].x;
        let (mut num_a, mut den_a, mut row_a) = (0.0, 0.0, 0.0);

        let first = s.starting_at(a).start;
        for (k, ((&b, &ab), &ba)) in bs.iter().zip(abs).zip(bas).enumerate() {
            prefetch(nodes, s.b.get(first + k + AHEAD));
            let far = &mut nodes[b as usize];
            let xb = far.x;
            let sum = xa + xb;
            let t = 1.0 / sum;
            let (ta, tb) = (ab * t, ba * t);
            num_a += ta * xb;
            den_a += tb;
            far.num += tb * xa;
            far.den += ta;
            if ROW {
                row_a += ta;
                far.row += tb;
            }
            if LOGLIK {
                let games = ab + ba;
                // Most pairs met once: then no call to round or to raise to a power.
                if games == 1.0 || (games <= 16.0 && games == games.trunc()) {
                    product *= if games == 1.0 { sum } else { sum.powi(games as i32) };
                    if !(1e-150..=1e150).contains(&product) {
                        log_sums += product.ln();
                        product = 1.0;
                    }
                } else {
                    log_sums += games * sum.ln();
                }
            }
        }
        let near = &mut nodes[a];
        near.num += num_a;
        near.den += den_a;
        if ROW {
            near.row += row_a;
        }
    }
    if LOGLIK {
        log_sums += product.ln();
    }
    log_sums
}

/// The largest ratio `|p| / q` of a sequence (`q > 0`), compared by cross-multiplying: one
/// division at the end, not one per node (a pass's per-node work is a fifth of it on a small
/// league). Terms that are not numbers are skipped, as `f64::max` skips them.
#[derive(Clone, Copy, Debug)]
pub struct MaxRatio {
    p: f64,
    q: f64,
}

impl MaxRatio {
    pub fn new() -> MaxRatio {
        MaxRatio { p: 0.0, q: 1.0 }
    }

    #[inline(always)]
    pub fn add(&mut self, p: f64, q: f64) {
        let p = p.abs();
        if p * self.q > self.p * q {
            (self.p, self.q) = (p, q);
        }
    }

    /// The largest ratio; infinite when it is not a finite number.
    pub fn value(self) -> f64 {
        let v = self.p / self.q;
        if v.is_finite() {
            v
        } else {
            f64::INFINITY
        }
    }
}

/// How many pairs ahead the far end's node is fetched.
const AHEAD: usize = 16;

/// Asks the processor for a node a later pair will touch: the far ends are in no order the
/// hardware could guess, and waiting for each in turn is most of a pass on a large league.
#[inline(always)]
fn prefetch(nodes: &[Node], b: Option<&u32>) {
    #[cfg(target_arch = "x86_64")]
    if let Some(node) = b.and_then(|&b| nodes.get(b as usize)) {
        // SAFETY: prefetching is a hint; it reads nothing and the address is in bounds.
        unsafe { std::arch::x86_64::_mm_prefetch(node as *const Node as *const i8, std::arch::x86_64::_MM_HINT_T0) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (nodes, b);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sums_are_those_of_the_score_matrix() {
        // 0 beat 1 twice, drew 2; 1 beat 2. Strengths 1, 2, 4.
        let s = Pairs::from_games(3, [(0, 1, 1.0), (1, 0, 0.0), (0, 2, 0.5), (1, 2, 1.0)].into_iter());
        let x = [1.0, 2.0, 4.0];
        let mut nodes = Vec::new();
        let log_sums = sweep::<true, true>(&s, &x, &mut nodes);
        let sij = [[0.0, 2.0, 0.5], [0.0, 0.0, 1.0], [0.5, 0.0, 0.0]];
        let mut want_log = 0.0;
        for i in 0..3 {
            let (mut num, mut den, mut row) = (0.0, 0.0, 0.0);
            for j in 0..3 {
                num += sij[i][j] * x[j] / (x[i] + x[j]);
                den += sij[j][i] / (x[i] + x[j]);
                row += sij[i][j] / (x[i] + x[j]);
                if j > i {
                    want_log += (sij[i][j] + sij[j][i]) * (x[i] + x[j]).ln();
                }
            }
            let n = nodes[i];
            assert!((n.num - num).abs() < 1e-15 && (n.den - den).abs() < 1e-15 && (n.row - row).abs() < 1e-15, "node {i}: {n:?}");
            assert_eq!(n.x, x[i]);
        }
        assert!((log_sums - want_log).abs() < 1e-12, "{log_sums} against {want_log}");
        let mut m = MaxRatio::new();
        for (p, q) in [(1.0, 4.0), (-3.0, 4.0), (f64::NAN, 1.0), (2.0, 4.0)] {
            m.add(p, q);
        }
        assert_eq!(m.value(), 0.75);
        m.add(1.0, 0.0);
        assert_eq!(m.value(), f64::INFINITY);
        // Without ROW and LOGLIK the same num and den, no row, no likelihood.
        let mut plain = Vec::new();
        assert_eq!(sweep::<false, false>(&s, &x, &mut plain), 0.0);
        assert!(plain.iter().zip(&nodes).all(|(p, n)| p.num == n.num && p.den == n.den && p.row == 0.0));
    }
}
