//! Standard errors for Brent's ratings from the Fisher information.
//!
//! The fixed point is the Bradley–Terry maximum-likelihood estimate, so the observed
//! information in the log-strengths `r` is, for each pair with `g_ij` games and
//! `p = x_i / (x_i + x_j)`: `H_ii += g_ij p(1 − p)`, `H_ij −= g_ij p(1 − p)` — a weighted graph
//! Laplacian (plus `ŵ p(1 − p)` on the diagonal for an old rating, and the dummy player as
//! one more node). Without old ratings only differences are identified, so the covariance
//! is the pseudo-inverse for ratings measured from their group's mean:
//! `L⁺ = (L + J/n)⁻¹ − J/n`. The standard error is `sqrt(L⁺_ii)`.

use super::problem::{Problem, UNRATED};
use crate::linalg::{dot, packed_symmetric, Cholesky};

/// Groups above this size get approximate standard errors (the dense inverse is O(n³)).
pub const MAX_GROUP: usize = 1500;

/// Per node, the variance of `r_i − mean(r_j, j ∈ real)`, from the factor of `A`:
/// `A⁻¹_ii − 2 s_i / R + T / R²`, with `s = A⁻¹ u` for the indicator `u` of the `R` real nodes
/// (one solve) and `T = u·s`. With `real = None` the variance of `r_i` itself (`A⁻¹_ii`).
fn variances(a: &Cholesky, real: Option<&[bool]>) -> Vec<f64> {
    let diag = a.inverse_diagonal();
    let Some(real) = real else { return diag };
    let u: Vec<f64> = real.iter().map(|&r| f64::from(u8::from(r))).collect();
    let mut s = u.clone();
    a.solve(&mut s);
    let total = dot(&u, &s);
    let count = real.iter().filter(|&&x| x).count() as f64;
    diag.iter().zip(&s).map(|(d, s)| d - 2.0 * s / count + total / (count * count)).collect()
}

/// Per node, the standard error of its log-strength, where it can be had.
/// Standard errors, and whether some are the large-group approximation.
#[derive(Clone, Debug, PartialEq)]
pub struct StandardErrors {
    /// Per node, on the natural log scale.
    pub se: Vec<Option<f64>>,
    /// Some group had more than [`MAX_GROUP`] players: its errors are `1/√H_ii`.
    pub approximate: bool,
}

/// Per node, the standard error of its log-strength: exact (a dense inverse) for groups up
/// to [`MAX_GROUP`] players, and beyond that `1/√H_ii`, the error of a rating with every other
/// rating held fixed, which understates the true one a little (the caller says so).
pub fn standard_errors(p: &Problem, x: &[f64]) -> StandardErrors {
    let mut out = StandardErrors { se: vec![None; p.nodes], approximate: false };
    let ngroups = p.group_size.len();
    // Nodes of each group (the dummy player included), in a dense local order.
    let mut members: Vec<Vec<usize>> = vec![Vec::new(); ngroups];
    for i in 0..p.nodes {
        if p.group[i] != UNRATED {
            members[p.group[i] as usize].push(i);
        }
    }
    let mut local = vec![usize::MAX; p.nodes];
    for m in &members {
        for (k, &i) in m.iter().enumerate() {
            local[i] = k;
        }
    }
    for (g, m) in members.iter().enumerate() {
        match m.len() {
            0 | 1 => {}
            n if n > MAX_GROUP => {
                out.approximate = true;
                diagonal_group(p, x, m, &mut out.se);
            }
            _ => dense_group(p, x, m, &local, !p.renormalise[g], &mut out.se),
        }
    }
    out
}

/// Pair `k`'s information: its games `g = s_ab + s_ba` times `p(1 − p)` for
/// `p = x_a/(x_a + x_b)`, from one division.
#[inline]
fn information(p: &Problem, x: &[f64], k: usize) -> f64 {
    let (a, b) = (p.s.a[k] as usize, p.s.b[k] as usize);
    let t = 1.0 / (x[a] + x[b]);
    (p.s.ab[k] + p.s.ba[k]) * (x[a] * t) * (x[b] * t)
}

/// `1/√H_ii` for the members `m` of a large group: the Fisher information's diagonal.
fn diagonal_group(p: &Problem, x: &[f64], m: &[usize], out: &mut [Option<f64>]) {
    let mut diag = vec![0.0; p.nodes];
    for &i in m {
        // Every pair lies inside one group, so the group's pairs are those starting at its
        // members; a game against oneself adds nothing to the information.
        for k in p.s.starting_at(i) {
            let j = p.s.b[k] as usize;
            if j != i {
                let w = information(p, x, k);
                diag[i] += w;
                diag[j] += w;
            }
        }
        if p.prior_w[i] > 0.0 {
            let q = x[i] / (x[i] + p.prior_x[i]);
            diag[i] += p.prior_w[i] * q * (1.0 - q);
        }
    }
    for &i in m {
        out[i] = Some(1.0 / diag[i].sqrt()).filter(|v| v.is_finite() && *v > 0.0);
    }
}

/// The exact errors of a group from the dense inverse of its Fisher information.
fn dense_group(p: &Problem, x: &[f64], m: &[usize], local: &[usize], anchored: bool, out: &mut [Option<f64>]) {
    let n = m.len();
    // Each pair's information, by local index; a game against oneself (data built by hand)
    // adds nothing to a Laplacian. Made twice (for the diagonal, then for the entries off it)
    // rather than kept: a dense round robin of MAX_GROUP players has a million pairs.
    let pairs_of = |i: usize| {
        let j = move |k: usize| p.s.b[k] as usize;
        p.s.starting_at(i).filter(move |&k| j(k) != i).map(move |k| (local[i], local[j(k)], information(p, x, k)))
    };
    // The diagonal summed in the order the pairs come, as the matrix's own once was.
    let mut diagonal = vec![0.0; n];
    for &i in m {
        for (a, b, w) in pairs_of(i) {
            diagonal[a] += w;
            diagonal[b] += w;
        }
        if p.prior_w[i] > 0.0 {
            let q = x[i] / (x[i] + p.prior_x[i]);
            diagonal[local[i]] += p.prior_w[i] * q * (1.0 - q);
        }
    }
    // Without old ratings only differences are identified: add J/n (which leaves every
    // contrast alone) and measure each rating from the mean of the real players, as shown.
    let shift = if anchored { 0.0 } else { 1.0 / n as f64 };
    let h = packed_symmetric(&diagonal, m.iter().flat_map(|&i| pairs_of(i)), shift);
    let Some(factor) = Cholesky::factor(h, n) else { return };
    let real: Vec<bool> = m.iter().map(|&i| i < p.n).collect();
    let var = variances(&factor, (!anchored).then_some(&real[..]));
    for (k, &i) in m.iter().enumerate() {
        if var[k] > 0.0 && var[k].is_finite() {
            out[i] = Some(var[k].sqrt());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cholesky_inverse_diagonal_of_a_small_matrix() {
        // A = [[4, 2], [2, 3]], A⁻¹ = [[3, −2], [−2, 4]] / 8.
        let a = Cholesky::factor(vec![4.0, 2.0, 3.0], 2).expect("positive definite");
        let d = variances(&a, None);
        assert!((d[0] - 3.0 / 8.0).abs() < 1e-15 && (d[1] - 0.5).abs() < 1e-15);
        // Var(r_0 − (r_0 + r_1)/2) = (A⁻¹_00 − 2 A⁻¹_01 + A⁻¹_11) / 4 = (3 + 4 + 4) / 32.
        let c = variances(&a, Some(&[true, true]));
        assert!((c[0] - 11.0 / 32.0).abs() < 1e-15, "{c:?}");
        assert!(Cholesky::factor(vec![1.0, 2.0, 1.0], 2).is_none());
    }
}
