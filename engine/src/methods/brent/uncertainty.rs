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

/// Groups above this size get no standard errors (the dense inverse is O(n³)).
pub const MAX_GROUP: usize = 1500;

/// Cholesky factorisation in place (lower triangle); false if not positive definite.
fn cholesky(a: &mut [f64], n: usize) -> bool {
    for j in 0..n {
        let mut d = a[j * n + j];
        for k in 0..j {
            d -= a[j * n + k] * a[j * n + k];
        }
        if !(d > 0.0) || !d.is_finite() {
            return false;
        }
        let d = d.sqrt();
        a[j * n + j] = d;
        for i in j + 1..n {
            let mut s = a[i * n + j];
            for k in 0..j {
                s -= a[i * n + k] * a[j * n + k];
            }
            a[i * n + j] = s / d;
        }
    }
    true
}

/// `M = L⁻¹` for the Cholesky factor L of A (row-major, lower triangular), so that
/// `A⁻¹ = Mᵀ M`.
fn lower_inverse(l: &[f64], n: usize) -> Vec<f64> {
    let mut m = vec![0.0; n * n];
    for i in 0..n {
        // Column i of L⁻¹, by forward substitution.
        m[i * n + i] = 1.0 / l[i * n + i];
        for k in i + 1..n {
            let mut s = 0.0;
            for j in i..k {
                s -= l[k * n + j] * m[j * n + i];
            }
            m[k * n + i] = s / l[k * n + k];
        }
    }
    m
}

/// Per node, the variance of `r_i − mean(r_j, j ∈ real)` from `A⁻¹ = Mᵀ M`:
/// `A⁻¹_ii − 2 s_i / R + T / R²`, with `s_i = Σ_{j real} A⁻¹_ij` and `T = Σ_i s_i` over the real
/// nodes. With `real = None` the variance of `r_i` itself (`A⁻¹_ii`).
fn variances(m: &[f64], n: usize, real: Option<&[bool]>) -> Vec<f64> {
    // u_k = Σ_{j real} M_kj, so s_i = Σ_k M_ki u_k and T = Σ_k u_k².
    let u: Vec<f64> = (0..n).map(|k| (0..n).filter(|&j| real.is_none_or(|r| r[j])).map(|j| m[k * n + j]).sum()).collect();
    let count = real.map_or(0, |r| r.iter().filter(|&&x| x).count()) as f64;
    let total: f64 = u.iter().map(|x| x * x).sum();
    (0..n)
        .map(|i| {
            let diag: f64 = (0..n).map(|k| m[k * n + i] * m[k * n + i]).sum();
            match real {
                None => diag,
                Some(_) => {
                    let s: f64 = (0..n).map(|k| m[k * n + i] * u[k]).sum();
                    diag - 2.0 * s / count + total / (count * count)
                }
            }
        })
        .collect()
}

/// Per node, the standard error of its log-strength, where it can be had.
pub fn standard_errors(p: &Problem, x: &[f64]) -> Vec<Option<f64>> {
    let mut out = vec![None; p.nodes];
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
        let n = m.len();
        if n < 2 || n > MAX_GROUP {
            continue;
        }
        let mut h = vec![0.0; n * n];
        for &i in m {
            let (cols, vals) = crate::sparse::row(&p.s, i);
            for (&j, &s) in cols.iter().zip(vals) {
                // Each stored s_ij is part of the pair's games; s_ij + s_ji sums to g_ij.
                let q = x[i] / (x[i] + x[j]);
                let w = s * q * (1.0 - q);
                let (a, b) = (local[i], local[j]);
                h[a * n + a] += w;
                h[b * n + b] += w;
                h[a * n + b] -= w;
                h[b * n + a] -= w;
            }
            if p.prior_w[i] > 0.0 {
                let q = x[i] / (x[i] + p.prior_x[i]);
                h[local[i] * n + local[i]] += p.prior_w[i] * q * (1.0 - q);
            }
        }
        // Without old ratings only differences are identified: add J/n (which leaves every
        // contrast alone) and measure each rating from the mean of the real players, as shown.
        let anchored = !p.renormalise[g];
        if !anchored {
            let shift = 1.0 / n as f64;
            h.iter_mut().for_each(|v| *v += shift);
        }
        if !cholesky(&mut h, n) {
            continue;
        }
        let real: Vec<bool> = m.iter().map(|&i| i < p.n).collect();
        let var = variances(&lower_inverse(&h, n), n, (!anchored).then_some(&real[..]));
        for (k, &i) in m.iter().enumerate() {
            if var[k] > 0.0 && var[k].is_finite() {
                out[i] = Some(var[k].sqrt());
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cholesky_inverse_diagonal_of_a_small_matrix() {
        // A = [[4, 2], [2, 3]], A⁻¹ = [[3, −2], [−2, 4]] / 8.
        let mut a = vec![4.0, 2.0, 2.0, 3.0];
        assert!(cholesky(&mut a, 2));
        let d = variances(&lower_inverse(&a, 2), 2, None);
        assert!((d[0] - 3.0 / 8.0).abs() < 1e-15 && (d[1] - 0.5).abs() < 1e-15);
        // Var(r_0 − (r_0 + r_1)/2) = (A⁻¹_00 − 2 A⁻¹_01 + A⁻¹_11) / 4 = (3 + 4 + 4) / 32.
        let c = variances(&lower_inverse(&a, 2), 2, Some(&[true, true]));
        assert!((c[0] - 11.0 / 32.0).abs() < 1e-15, "{c:?}");
        assert!(!cholesky(&mut vec![1.0, 2.0, 2.0, 1.0], 2));
    }
}
