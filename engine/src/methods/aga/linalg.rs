//! The linear algebra of the fit: the Hessian `diag(1/σ²) + Σ_games w (e_a − e_b)(e_a − e_b)ᵀ`
//! (a weighted graph Laplacian plus a positive diagonal: symmetric positive definite),
//! solved densely by Cholesky for small problems and by preconditioned conjugate gradients
//! for large ones; the diagonal of its inverse (the posterior variances) by Cholesky.

/// The Hessian in sparse form: a diagonal plus weighted edges.
pub struct Hessian {
    pub diag: Vec<f64>,
    /// `(a, b, w)`: adds `w` at `(a,a)` and `(b,b)`, `−w` at `(a,b)` and `(b,a)` (already
    /// counted in `diag`).
    pub edges: Vec<(usize, usize, f64)>,
}

impl Hessian {
    pub fn n(&self) -> usize {
        self.diag.len()
    }

    /// `y = H v`.
    pub fn apply(&self, v: &[f64], y: &mut [f64]) {
        for ((y, d), v) in y.iter_mut().zip(&self.diag).zip(v) {
            *y = d * v;
        }
        for &(a, b, w) in &self.edges {
            y[a] -= w * v[b];
            y[b] -= w * v[a];
        }
    }

    /// The lower triangle of the rows and columns `idx`, packed by rows (row `i` holds
    /// columns `0..=i`).
    pub fn dense_lower(&self, idx: &[usize]) -> Vec<f64> {
        let m = idx.len();
        let mut pos = vec![usize::MAX; self.n()];
        for (k, &i) in idx.iter().enumerate() {
            pos[i] = k;
        }
        let mut a = vec![0.0; m * (m + 1) / 2];
        for (k, &i) in idx.iter().enumerate() {
            a[k * (k + 1) / 2 + k] = self.diag[i];
        }
        for &(p, q, w) in &self.edges {
            let (i, j) = (pos[p], pos[q]);
            if i == usize::MAX || j == usize::MAX {
                continue;
            }
            let (i, j) = if i >= j { (i, j) } else { (j, i) };
            a[i * (i + 1) / 2 + j] -= w;
        }
        a
    }
}

/// In-place Cholesky `A = L Lᵀ` of a packed lower triangle of order `m`. Returns `false` if
/// a pivot is not positive (the matrix is not positive definite to working precision).
pub fn cholesky(a: &mut [f64], m: usize) -> bool {
    for i in 0..m {
        let ri = i * (i + 1) / 2;
        for j in 0..=i {
            let rj = j * (j + 1) / 2;
            let (li, lj) = (&a[ri..ri + j], &a[rj..rj + j]);
            let s = a[ri + j] - dot(li, lj);
            if i == j {
                if !(s > 0.0 && s.is_finite()) {
                    return false;
                }
                a[ri + i] = s.sqrt();
            } else {
                a[ri + j] = s / a[rj + j];
            }
        }
    }
    true
}

fn dot(a: &[f64], b: &[f64]) -> f64 {
    // Four accumulators: faster, and no less accurate.
    let n = a.len().min(b.len());
    let (mut s0, mut s1, mut s2, mut s3) = (0.0, 0.0, 0.0, 0.0);
    let mut k = 0;
    while k + 4 <= n {
        s0 += a[k] * b[k];
        s1 += a[k + 1] * b[k + 1];
        s2 += a[k + 2] * b[k + 2];
        s3 += a[k + 3] * b[k + 3];
        k += 4;
    }
    while k < n {
        s0 += a[k] * b[k];
        k += 1;
    }
    (s0 + s1) + (s2 + s3)
}

/// Solves `L Lᵀ x = b` in place, `l` from [`cholesky`].
pub fn cholesky_solve(l: &[f64], m: usize, b: &mut [f64]) {
    for i in 0..m {
        let ri = i * (i + 1) / 2;
        b[i] = (b[i] - dot(&l[ri..ri + i], &b[..i])) / l[ri + i];
    }
    for i in (0..m).rev() {
        let ri = i * (i + 1) / 2;
        b[i] /= l[ri + i];
        let bi = b[i];
        for (bk, lk) in b[..i].iter_mut().zip(&l[ri..ri + i]) {
            *bk -= lk * bi;
        }
    }
}

/// The diagonal of `(L Lᵀ)⁻¹`: `((L Lᵀ)⁻¹)_jj = Σ_i (L⁻¹)_ij²`. Computes `L⁻¹` row by row
/// (packed like `L`) and accumulates its columns' squares.
pub fn inverse_diagonal(l: &[f64], m: usize) -> Vec<f64> {
    let mut inv = vec![0.0; l.len()];
    let mut out = vec![0.0; m];
    // Row i of L⁻¹: (L⁻¹)_ii = 1/L_ii; (L⁻¹)_ij = −(Σ_{k=j}^{i−1} L_ik (L⁻¹)_kj)/L_ii for j < i.
    // Computed column-wise within the row from a scratch copy: y_j = Σ_k L_ik (L⁻¹)_kj.
    let mut acc = vec![0.0; m];
    for i in 0..m {
        let ri = i * (i + 1) / 2;
        let lii = l[ri + i];
        acc[..i].iter_mut().for_each(|v| *v = 0.0);
        for k in 0..i {
            let lik = l[ri + k];
            if lik == 0.0 {
                continue;
            }
            let rk = k * (k + 1) / 2;
            for (a, v) in acc[..=k].iter_mut().zip(&inv[rk..=rk + k]) {
                *a += lik * v;
            }
        }
        for j in 0..i {
            let v = -acc[j] / lii;
            inv[ri + j] = v;
            out[j] += v * v;
        }
        inv[ri + i] = 1.0 / lii;
        out[i] += 1.0 / (lii * lii);
    }
    out
}

/// Solves `H x = b` by conjugate gradients with the Jacobi preconditioner, to
/// `‖r‖ ≤ rtol ‖b‖` or `max_iter` steps. Returns the number of steps.
pub fn pcg(h: &Hessian, b: &[f64], x: &mut [f64], rtol: f64, max_iter: usize) -> usize {
    let n = h.n();
    x.iter_mut().for_each(|v| *v = 0.0);
    let mut r = b.to_vec();
    let bnorm = norm(b);
    if bnorm == 0.0 {
        return 0;
    }
    let minv: Vec<f64> = h.diag.iter().map(|d| 1.0 / d).collect();
    let mut z: Vec<f64> = r.iter().zip(&minv).map(|(r, m)| r * m).collect();
    let mut p = z.clone();
    let mut hp = vec![0.0; n];
    let mut rz = dot(&r, &z);
    for it in 1..=max_iter {
        h.apply(&p, &mut hp);
        let php = dot(&p, &hp);
        if php.is_nan() || php <= 0.0 {
            return it;
        }
        let alpha = rz / php;
        for i in 0..n {
            x[i] += alpha * p[i];
            r[i] -= alpha * hp[i];
        }
        if norm(&r) <= rtol * bnorm {
            return it;
        }
        for i in 0..n {
            z[i] = r[i] * minv[i];
        }
        let rz_new = dot(&r, &z);
        let beta = rz_new / rz;
        rz = rz_new;
        for i in 0..n {
            p[i] = z[i] + beta * p[i];
        }
    }
    max_iter
}

fn norm(v: &[f64]) -> f64 {
    dot(v, v).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cholesky_inverse_diagonal_and_pcg_agree() {
        let h = Hessian { diag: vec![2.0 + 0.5, 1.0 + 0.7 + 0.25, 0.7 + 0.1, 1.0], edges: vec![(0, 1, 1.0), (1, 2, 0.7), (0, 3, 1.0)] };
        let h = Hessian { diag: h.diag.iter().enumerate().map(|(i, d)| if i == 3 { d + 0.5 } else { *d }).collect(), ..h };
        let idx: Vec<usize> = (0..4).collect();
        let mut l = h.dense_lower(&idx);
        assert!(cholesky(&mut l, 4));
        let b = [1.0, -2.0, 0.5, 3.0];
        let mut x = b;
        cholesky_solve(&l, 4, &mut x);
        let mut y = [0.0; 4];
        h.apply(&x, &mut y);
        for i in 0..4 {
            assert!((y[i] - b[i]).abs() < 1e-12);
        }
        let mut x2 = [0.0; 4];
        pcg(&h, &b, &mut x2, 1e-14, 100);
        for i in 0..4 {
            assert!((x[i] - x2[i]).abs() < 1e-12);
        }
        // Diagonal of the inverse, column by column.
        let d = inverse_diagonal(&l, 4);
        for j in 0..4 {
            let mut e = [0.0; 4];
            e[j] = 1.0;
            cholesky_solve(&l, 4, &mut e);
            assert!((e[j] - d[j]).abs() < 1e-12, "{j}: {} vs {}", e[j], d[j]);
        }
    }
}
