//! How far two orderings of the same players agree: Kendall's τ-b, Spearman's ρ and the
//! overlap of the two top tens.
//!
//! Every statistic takes two vectors of values, higher meaning better in both, and looks only
//! at the positions where both values are finite (the players both methods rate). Ties are
//! [`crate::methods::ranking`]'s one tie rule (values that agree to 1e-9: the values are
//! made its classes, [`tie_classes`], first; the comparison passes ranks, already so). An undefined statistic (fewer than two common
//! players, or a vector that is constant over them) is `None`, never NaN.
//!
//! * **Kendall's τ-b** (M. G. Kendall, *The treatment of ties in ranking problems*,
//!   Biometrika 33, 1945): `(C − D) / √((n₀ − n₁)(n₀ − n₂))` with C, D the concordant and
//!   discordant pairs, `n₀ = n(n−1)/2`, n₁ and n₂ the pairs tied in the first and in the
//!   second vector. Computed in O(n log n) by W. R. Knight's method (*A computer method for
//!   calculating Kendall's tau with ungrouped data*, JASA 61, 1966): sort by the first vector
//!   (ties by the second), count the pairs tied in the first (n₁) and in both (n₃), then
//!   merge-sort the second vector counting the swaps, which are exactly D; then
//!   `C − D = n₀ − n₁ − n₂ + n₃ − 2D`. (SciPy's `kendalltau` does the same.)
//! * **Spearman's ρ** (C. Spearman, 1904): Pearson's correlation of the ranks, each group of
//!   tied values given the average of the ranks it spans.
//! * **Top-10 overlap**: how many of the top k by one vector are in the top k of the other,
//!   k = min(10, n). A group of tied values straddling the boundary (say two players tied for
//!   10th place) shares the places left: each member is in the top k with weight
//!   `places left / group size`, and the overlap is `Σ_i w_a(i) · w_b(i)` — the expected
//!   overlap when ties are broken at random, independently for each vector. Without such
//!   ties it is the plain count, an integer; with them it may be a fraction (9.5). With fewer
//!   than 10 common players the top k is all of them, so the overlap is n: complete by
//!   construction, not a finding.

use crate::methods::ranking::tie_classes;
use serde::{Deserialize, Serialize};

/// The places the top-k overlap compares.
pub const TOP: usize = 10;

/// The agreement of two vectors over the positions both have finite.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Agreement {
    /// How many positions both vectors have finite (players both methods rate).
    pub common: usize,
    pub kendall_tau_b: Option<f64>,
    pub spearman_rho: Option<f64>,
    pub top: Option<TopOverlap>,
}

/// How many of the top `size` by one vector are in the top `size` of the other.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct TopOverlap {
    /// min(10, common players): the most the overlap can be.
    pub size: usize,
    /// Expected overlap with ties at the boundary broken at random (see the module).
    pub overlap: f64,
}

/// Every statistic at once.
pub fn agreement(a: &[f64], b: &[f64]) -> Agreement {
    let (x, y) = common(a, b);
    Agreement { common: x.len(), kendall_tau_b: tau_b(&x, &y), spearman_rho: rho(&x, &y), top: top(&x, &y, TOP) }
}

/// Kendall's τ-b of `a` and `b` over the positions both have finite.
pub fn kendall_tau_b(a: &[f64], b: &[f64]) -> Option<f64> {
    let (x, y) = common(a, b);
    tau_b(&x, &y)
}

/// Spearman's ρ (average ranks for ties) over the positions both have finite.
pub fn spearman_rho(a: &[f64], b: &[f64]) -> Option<f64> {
    let (x, y) = common(a, b);
    rho(&x, &y)
}

/// The overlap of the top `k` (at most; fewer common players, fewer places) of `a` and `b`.
pub fn top_overlap(a: &[f64], b: &[f64], k: usize) -> Option<TopOverlap> {
    let (x, y) = common(a, b);
    top(&x, &y, k)
}

/// The pairs where both are finite, each vector as classes of the one tie rule (whole numbers,
/// so `-0.0` is never among them to sort apart from `0.0`).
fn common(a: &[f64], b: &[f64]) -> (Vec<f64>, Vec<f64>) {
    assert_eq!(a.len(), b.len(), "one value per player in each vector");
    let (x, y): (Vec<f64>, Vec<f64>) =
        a.iter().zip(b).filter(|(x, y)| x.is_finite() && y.is_finite()).map(|(x, y)| (x + 0.0, y + 0.0)).unzip();
    (tie_classes(&x), tie_classes(&y))
}

/// Pairs within runs of equal values of a sorted slice: Σ t(t−1)/2.
fn tied_pairs<T: PartialEq>(sorted: &[T]) -> u64 {
    let mut total = 0u64;
    let mut run = 1u64;
    for k in 1..=sorted.len() {
        if k < sorted.len() && sorted[k] == sorted[k - 1] {
            run += 1;
        } else {
            total += run * (run - 1) / 2;
            run = 1;
        }
    }
    total
}

fn tau_b(x: &[f64], y: &[f64]) -> Option<f64> {
    let n = x.len() as u64;
    if n < 2 {
        return None;
    }
    let mut pairs: Vec<(f64, f64)> = x.iter().copied().zip(y.iter().copied()).collect();
    crate::sort::unstable_by(&mut pairs, |p, q| p.0.total_cmp(&q.0).then(p.1.total_cmp(&q.1)));
    let xs: Vec<f64> = pairs.iter().map(|p| p.0).collect();
    let (n1, n3) = (tied_pairs(&xs), tied_pairs(&pairs));
    let mut ys: Vec<f64> = pairs.iter().map(|p| p.1).collect();
    let discordant = sort_counting_swaps(&mut ys);
    let n2 = tied_pairs(&ys);
    let n0 = n * (n - 1) / 2;
    if n1 == n0 || n2 == n0 {
        return None;
    }
    // Signed: C − D may be negative. n ≤ 2^32 keeps every count within i64.
    let net = n0 as i64 - n1 as i64 - n2 as i64 + n3 as i64 - 2 * discordant as i64;
    Some((net as f64 / ((n0 - n1) as f64).sqrt() / ((n0 - n2) as f64).sqrt()).clamp(-1.0, 1.0))
}

/// Sorts `v` ascending (bottom-up merge sort) and returns how many pairs it found out of
/// order: `i < j` with `v[i] > v[j]` strictly, so equal values never count.
fn sort_counting_swaps(v: &mut Vec<f64>) -> u64 {
    let n = v.len();
    let mut from = std::mem::take(v);
    let mut to = vec![0.0; n];
    let mut swaps = 0u64;
    let mut width = 1;
    while width < n {
        for start in (0..n).step_by(2 * width) {
            let (mid, end) = ((start + width).min(n), (start + 2 * width).min(n));
            let (mut i, mut j) = (start, mid);
            for slot in &mut to[start..end] {
                // Ties take the left value first: a tie is no swap.
                if j >= end || (i < mid && from[i] <= from[j]) {
                    *slot = from[i];
                    i += 1;
                } else {
                    *slot = from[j];
                    j += 1;
                    swaps += (mid - i) as u64;
                }
            }
        }
        std::mem::swap(&mut from, &mut to);
        width *= 2;
    }
    *v = from;
    swaps
}

/// Ranks 1..n, ties given the average of the ranks they span.
fn average_ranks(v: &[f64]) -> Vec<f64> {
    let mut idx: Vec<usize> = (0..v.len()).collect();
    crate::sort::unstable_by(&mut idx, |&a, &b| v[a].total_cmp(&v[b]));
    let mut ranks = vec![0.0; v.len()];
    let mut start = 0;
    while start < idx.len() {
        let end = (start..idx.len()).find(|&k| v[idx[k]] != v[idx[start]]).unwrap_or(idx.len());
        // Positions start..end hold ranks start+1..=end, whose mean is (start + 1 + end) / 2.
        let mean = (start + 1 + end) as f64 / 2.0;
        for &i in &idx[start..end] {
            ranks[i] = mean;
        }
        start = end;
    }
    ranks
}

fn rho(x: &[f64], y: &[f64]) -> Option<f64> {
    let n = x.len();
    if n < 2 {
        return None;
    }
    let (rx, ry) = (average_ranks(x), average_ranks(y));
    // Average ranks always have mean (n + 1) / 2.
    let mean = (n + 1) as f64 / 2.0;
    let (mut sxy, mut sxx, mut syy) = (0.0, 0.0, 0.0);
    for (a, b) in rx.iter().zip(&ry) {
        let (dx, dy) = (a - mean, b - mean);
        sxy += dx * dy;
        sxx += dx * dx;
        syy += dy * dy;
    }
    (sxx > 0.0 && syy > 0.0).then(|| (sxy / (sxx * syy).sqrt()).clamp(-1.0, 1.0))
}

/// Each position's weight in the top `k`, best (highest) first; a tied group straddling the
/// boundary shares the places left.
fn top_weights(v: &[f64], k: usize) -> Vec<f64> {
    let mut idx: Vec<usize> = (0..v.len()).collect();
    crate::sort::unstable_by(&mut idx, |&a, &b| v[b].total_cmp(&v[a]));
    let mut weights = vec![0.0; v.len()];
    let mut start = 0;
    while start < k.min(idx.len()) {
        let end = (start..idx.len()).find(|&j| v[idx[j]] != v[idx[start]]).unwrap_or(idx.len());
        let share = (end.min(k) - start) as f64 / (end - start) as f64;
        for &i in &idx[start..end] {
            weights[i] = share;
        }
        start = end;
    }
    weights
}

fn top(x: &[f64], y: &[f64], k: usize) -> Option<TopOverlap> {
    if x.len() < 2 || k == 0 {
        return None;
    }
    let size = k.min(x.len());
    let (wx, wy) = (top_weights(x, size), top_weights(y, size));
    Some(TopOverlap { size, overlap: wx.iter().zip(&wy).map(|(a, b)| a * b).sum() })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The statistics of `(x, y)`: τ-b, ρ, and the top-10 overlap as (places, overlap).
    type Expect = (Option<f64>, Option<f64>, Option<(usize, f64)>);

    fn check(x: &[f64], y: &[f64], expect: Expect) {
        let a = agreement(x, y);
        let close = |got: Option<f64>, want: Option<f64>, what: &str| match (got, want) {
            (Some(g), Some(w)) => assert!((g - w).abs() < 1e-12, "{what} of {x:?}, {y:?}: {g} != {w}"),
            _ => assert_eq!(got, want, "{what} of {x:?}, {y:?}"),
        };
        close(a.kendall_tau_b, expect.0, "tau-b");
        close(a.spearman_rho, expect.1, "rho");
        close(a.top.map(|t| t.overlap), expect.2.map(|t| t.1), "top overlap");
        assert_eq!(a.top.map(|t| t.size), expect.2.map(|t| t.0), "top size of {x:?}, {y:?}");
        // Symmetric, and the one-statistic entry points agree.
        let b = agreement(y, x);
        assert_eq!((b.kendall_tau_b, b.spearman_rho, b.top), (a.kendall_tau_b, a.spearman_rho, a.top));
        assert_eq!(kendall_tau_b(x, y), a.kendall_tau_b);
        assert_eq!(spearman_rho(x, y), a.spearman_rho);
        assert_eq!(top_overlap(x, y, TOP), a.top);
    }

    #[test]
    fn hand_worked_cases_without_ties() {
        // The same order: all 6 pairs concordant; Σd² = 0.
        check(&[1.0, 2.0, 3.0, 4.0], &[10.0, 20.0, 30.0, 40.0], (Some(1.0), Some(1.0), Some((4, 4.0))));
        // Opposite orders: all 6 pairs discordant; Σd² = 9 + 1 + 1 + 9 = 20, ρ = 1 − 6·20/(4·15) = −1.
        check(&[1.0, 2.0, 3.0, 4.0], &[4.0, 3.0, 2.0, 1.0], (Some(-1.0), Some(-1.0), Some((4, 4.0))));
        // The middle two swapped: of 6 pairs only (2nd, 3rd) is discordant, τ = (5 − 1)/6;
        // d = (0, 1, 1, 0), ρ = 1 − 6·2/(4·15) = 0.8.
        check(&[1.0, 2.0, 3.0, 4.0], &[1.0, 3.0, 2.0, 4.0], (Some(2.0 / 3.0), Some(0.8), Some((4, 4.0))));
    }

    #[test]
    fn hand_worked_cases_with_ties() {
        // x = (1, 2, 2, 3), y = (1, 2, 3, 3). Pairs: (1,2) C, (1,3) C, (1,4) C, (2,3) tied in x,
        // (2,4) C, (3,4) tied in y: C = 4, D = 0, n₀ = 6, n₁ = n₂ = 1, τ-b = 4/√(5·5) = 0.8.
        // Average ranks x (1, 2.5, 2.5, 4), y (1, 2, 3.5, 3.5); about the mean 2.5:
        // Σdx·dy = 2.25 + 0 + 0 + 1.5 = 3.75, Σdx² = Σdy² = 4.5, ρ = 3.75/4.5 = 5/6.
        check(&[1.0, 2.0, 2.0, 3.0], &[1.0, 2.0, 3.0, 3.0], (Some(0.8), Some(5.0 / 6.0), Some((4, 4.0))));
        // x = (1, 2, 2, 3), y = (3, 1, 2, 1). Pairs: (1,2) D, (1,3) D, (1,4) D, (2,3) tied in x,
        // (2,4) tied in y, (3,4) D: C − D = −4, τ-b = −4/√(5·5) = −0.8. Ranks y (4, 1.5, 3, 1.5):
        // Σdx·dy = −2.25 + 0 + 0 − 1.5 = −3.75, Σdy² = 2.25 + 1 + 0.25 + 1 = 4.5, ρ = −5/6.
        check(&[1.0, 2.0, 2.0, 3.0], &[3.0, 1.0, 2.0, 1.0], (Some(-0.8), Some(-5.0 / 6.0), Some((4, 4.0))));
        // A pair tied in both (n₃ = 1) adds back what n₁ and n₂ took twice: x = (1, 1, 2),
        // y = (5, 5, 6); C = 2, n₀ = 3, n₁ = n₂ = n₃ = 1: (3 − 1 − 1 + 1 − 0)/√(2·2) = 1.
        check(&[1.0, 1.0, 2.0], &[5.0, 5.0, 6.0], (Some(1.0), Some(1.0), Some((3, 3.0))));
        // −0 and 0 are one value: x = (0, −0, 1) is the case above.
        check(&[0.0, -0.0, 1.0], &[5.0, 5.0, 6.0], (Some(1.0), Some(1.0), Some((3, 3.0))));
    }

    #[test]
    fn top_ten_overlap_and_its_boundary() {
        // 12 players in the same order but for the 10th and 11th swapped: one of 66 pairs
        // discordant, τ = 64/66; Σd² = 2, ρ = 1 − 12/(12·143); the top tens share 9.
        let x: Vec<f64> = (0..12).map(|i| 12.0 - i as f64).collect();
        let mut y = x.clone();
        y.swap(9, 10);
        check(&x, &y, (Some(64.0 / 66.0), Some(1.0 - 12.0 / 1716.0), Some((10, 9.0))));
        // 11 players: by x the 10th and 11th tie, so each holds the 10th place with weight ½;
        // by y the 10th is in and the 11th out: 9 + ½·1 + ½·0 = 9.5.
        let x: Vec<f64> = (0..11).map(|i| if i == 10 { 3.0 } else { 12.0 - i as f64 }).collect();
        let y: Vec<f64> = (0..11).map(|i| 12.0 - i as f64).collect();
        let t = top_overlap(&x, &y, TOP).unwrap();
        assert_eq!((t.size, t.overlap), (10, 9.5));
        // Three tied for two places (k = 2) in one, a strict order in the other:
        // weights (⅔, ⅔, ⅔) and (1, 1, 0): ⅔ + ⅔ = 4/3.
        let t = top_overlap(&[1.0, 1.0, 1.0], &[3.0, 2.0, 1.0], 2).unwrap();
        assert!((t.overlap - 4.0 / 3.0).abs() < 1e-12, "{t:?}");
    }

    #[test]
    fn undefined_cases_are_none_never_nan() {
        // Fewer than two common players.
        check(&[], &[], (None, None, None));
        check(&[1.0], &[2.0], (None, None, None));
        check(&[1.0, f64::NAN], &[2.0, 3.0], (None, None, None));
        // A constant vector: no pair is ordered, so τ and ρ are undefined; the top 10 is
        // still everyone (3 of 3).
        check(&[1.0, 1.0, 1.0], &[1.0, 2.0, 3.0], (None, None, Some((3, 3.0))));
        // Positions where either is not finite are left out: what is left agrees perfectly.
        check(&[1.0, f64::NAN, 3.0, f64::INFINITY], &[1.0, 2.0, 3.0, 4.0], (Some(1.0), Some(1.0), Some((2, 2.0))));
    }

    /// SplitMix64, as in `compare::order`, for data.
    fn values(seed: u64, n: usize, levels: u64) -> Vec<f64> {
        let mut rng = crate::compare::order::SplitMix64::new(seed);
        (0..n).map(|_| rng.below(levels as usize) as f64).collect()
    }

    /// τ-b by its definition, over every pair: the check of Knight's method.
    fn tau_b_by_pairs(x: &[f64], y: &[f64]) -> Option<f64> {
        let n = x.len();
        let (mut net, mut tx, mut ty, mut pairs) = (0i64, 0i64, 0i64, 0i64);
        for i in 0..n {
            for j in i + 1..n {
                let s = (x[i] - x[j]).signum() * (y[i] - y[j]).signum();
                net += if x[i] == x[j] || y[i] == y[j] { 0 } else { s as i64 };
                tx += i64::from(x[i] == x[j]);
                ty += i64::from(y[i] == y[j]);
                pairs += 1;
            }
        }
        (tx < pairs && ty < pairs).then(|| net as f64 / (((pairs - tx) * (pairs - ty)) as f64).sqrt())
    }

    #[test]
    fn knights_method_agrees_with_counting_every_pair() {
        for (seed, levels) in [(1, 3), (2, 10), (3, 1000), (4, 2)] {
            let (x, y) = (values(seed, 300, levels), values(seed + 100, 300, levels));
            let (fast, slow) = (kendall_tau_b(&x, &y).unwrap(), tau_b_by_pairs(&x, &y).unwrap());
            assert!((fast - slow).abs() < 1e-12, "{fast} != {slow}");
        }
    }

    #[test]
    fn a_hundred_thousand_players_take_n_log_n() {
        // O(n²) would be 5·10⁹ pairs here; Knight's method sorts twice.
        let x = values(7, 100_000, 50_000);
        let y: Vec<f64> = x.iter().enumerate().map(|(i, v)| v + (i % 7) as f64).collect();
        let t = kendall_tau_b(&x, &y).unwrap();
        assert!(t > 0.99 && t <= 1.0, "{t}");
        assert!(spearman_rho(&x, &y).unwrap() > 0.99);
    }
}
