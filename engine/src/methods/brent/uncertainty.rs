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

/// The diagonal of A⁻¹ from its Cholesky factor L: `(A⁻¹)_ii = ‖L⁻¹ e_i‖²` summed by columns.
fn inverse_diagonal(l: &[f64], n: usize) -> Vec<f64> {
    // Invert L (lower triangular) column by column; (A⁻¹)_ii = Σ_k (L⁻¹)_ki².
    let mut diag = vec![0.0; n];
    let mut col = vec![0.0; n];
    for i in 0..n {
        col.iter_mut().for_each(|c| *c = 0.0);
        col[i] = 1.0 / l[i * n + i];
        diag[i] += col[i] * col[i];
        for k in i + 1..n {
            let mut s = 0.0;
            for m in i..k {
                s -= l[k * n + m] * col[m];
            }
            col[k] = s / l[k * n + k];
            diag[i] += col[k] * col[k];
        }
    }
    diag
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
        let anchored = !p.renormalise[g];
        let shift = if anchored { 0.0 } else { 1.0 / n as f64 };
        for v in h.iter_mut() {
            *v += shift;
        }
        if !cholesky(&mut h, n) {
            continue;
        }
        let diag = inverse_diagonal(&h, n);
        for (k, &i) in m.iter().enumerate() {
            let v = diag[k] - shift;
            if v > 0.0 && v.is_finite() {
                out[i] = Some(v.sqrt());
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
        let d = inverse_diagonal(&a, 2);
        assert!((d[0] - 3.0 / 8.0).abs() < 1e-15 && (d[1] - 0.5).abs() < 1e-15);
        assert!(!cholesky(&mut vec![1.0, 2.0, 2.0, 1.0], 2));
    }
}
