//! The Hessian of the fit, `diag(1/σ²) + Σ_games w (e_a − e_b)(e_a − e_b)ᵀ` (a weighted graph
//! Laplacian plus a positive diagonal: symmetric positive definite), as an operator and as
//! dense blocks. The solvers are the shared ones of [`crate::linalg`]: densely by Cholesky for
//! small problems and by Jacobi-preconditioned conjugate gradients for large ones; the
//! diagonal of its inverse (the posterior variances) by Cholesky.

use crate::linalg::packed_symmetric;

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
    /// columns `0..=i`), from the edges numbered `edges` (indices into `self.edges`, in
    /// order; those with an end outside `idx` are left out). `pos` is scratch of length `n()`
    /// holding `usize::MAX`, and is left so: one array serves every block, where a fresh one
    /// per block would make many small blocks quadratic in the number of players.
    pub fn dense_lower(&self, idx: &[usize], edges: impl IntoIterator<Item = usize>, pos: &mut [usize]) -> Vec<f64> {
        for (k, &i) in idx.iter().enumerate() {
            pos[i] = k;
        }
        let diagonal: Vec<f64> = idx.iter().map(|&i| self.diag[i]).collect();
        let inside = edges.into_iter().filter_map(|e| {
            let (p, q, w) = self.edges[e];
            (pos[p] != usize::MAX && pos[q] != usize::MAX).then(|| (pos[p], pos[q], w))
        });
        let a = packed_symmetric(&diagonal, inside, 0.0);
        for &i in idx {
            pos[i] = usize::MAX;
        }
        a
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::linalg::{conjugate_gradient, CgOptions, Cholesky};

    #[test]
    fn cholesky_inverse_diagonal_and_pcg_agree() {
        let h = Hessian { diag: vec![2.0 + 0.5, 1.0 + 0.7 + 0.25, 0.7 + 0.1, 1.0], edges: vec![(0, 1, 1.0), (1, 2, 0.7), (0, 3, 1.0)] };
        let h = Hessian { diag: h.diag.iter().enumerate().map(|(i, d)| if i == 3 { d + 0.5 } else { *d }).collect(), ..h };
        let idx: Vec<usize> = (0..4).collect();
        let mut pos = vec![usize::MAX; 4];
        let l = Cholesky::factor(h.dense_lower(&idx, 0..h.edges.len(), &mut pos), 4);
        assert!(pos.iter().all(|&p| p == usize::MAX), "the scratch is left as it was");
        let l = l.expect("positive definite");
        let b = [1.0, -2.0, 0.5, 3.0];
        let mut x = b;
        l.solve(&mut x);
        let mut y = [0.0; 4];
        h.apply(&x, &mut y);
        for i in 0..4 {
            assert!((y[i] - b[i]).abs() < 1e-12);
        }
        let mut x2 = [0.0; 4];
        let opt = CgOptions { diagonal: Some(&h.diag), mean_zero: false, rtol: 1e-14, max_steps: 100, extra: None };
        conjugate_gradient(|v, y| h.apply(v, y), &b, &mut x2, &opt);
        for i in 0..4 {
            assert!((x[i] - x2[i]).abs() < 1e-12);
        }
        // Diagonal of the inverse, column by column.
        let d = l.inverse_diagonal();
        for j in 0..4 {
            let mut e = [0.0; 4];
            e[j] = 1.0;
            l.solve(&mut e);
            assert!((e[j] - d[j]).abs() < 1e-12, "{j}: {} vs {}", e[j], d[j]);
        }
        // A block of rows and columns: only its own edges count.
        let block = h.dense_lower(&[3, 0], 0..h.edges.len(), &mut pos);
        assert_eq!(block, vec![h.diag[3], -1.0, h.diag[0]]);
    }
}
