//! The dense and iterative solvers for symmetric positive definite systems, one copy each.
//!
//! Every method that needs linear algebra solves with a graph Laplacian plus something
//! definite: JRank's `L + 11ᵀ`, the AGA Hessian `diag(1/σ²) + Laplacian`, Brent's Fisher
//! information. Small systems go by [`Cholesky`] (packed lower triangle, which also gives the
//! diagonal of the inverse, i.e. the variances); large sparse ones by [`conjugate_gradient`]
//! with the operator as a closure, so no method has to build a matrix it never stores.

/// Where entry `(i, j)`, `j ≤ i`, of a lower triangle packed by rows is stored (row `i`
/// holds columns `0..=i`).
pub fn packed_index(i: usize, j: usize) -> usize {
    debug_assert!(j <= i);
    i * (i + 1) / 2 + j
}

/// The length of a packed lower triangle of order `n`.
pub fn packed_len(n: usize) -> usize {
    n * (n + 1) / 2
}

/// The largest system solved densely: up to this order a Cholesky factorisation (O(n³), but
/// a few milliseconds at 300) beats conjugate gradients; above it CG, whose steps cost only
/// the operator's nonzeros. JRank's and AGA's Newton solves decide by it ([`solves_densely`]).
pub const DENSE_MAX: usize = 300;

/// Whether a system of order `n` is solved by [`Cholesky`] (else by [`conjugate_gradient`]).
pub fn solves_densely(n: usize) -> bool {
    n <= DENSE_MAX
}

/// The lower triangle, packed by rows, of the symmetric matrix with `diagonal`, `−w` at
/// `(a, b)` and `(b, a)` for each `(a, b, w)` of `off` (summed, in order, when a pair recurs),
/// and then `constant` added to every entry: the dense form of a graph Laplacian plus a
/// diagonal (plus `c·11ᵀ`) that every method factors (JRank's `L + 11ᵀ`, the AGA Hessian,
/// Brent's Fisher information). The diagonal is the caller's whole diagonal (the off-diagonal
/// weights already in it), so each entry is summed in the caller's order, as before it was
/// shared.
pub fn packed_symmetric(diagonal: &[f64], off: impl IntoIterator<Item = (usize, usize, f64)>, constant: f64) -> Vec<f64> {
    let mut a = vec![0.0; packed_len(diagonal.len())];
    for (i, &d) in diagonal.iter().enumerate() {
        a[packed_index(i, i)] = d;
    }
    for (i, j, w) in off {
        a[packed_index(i.max(j), i.min(j))] -= w;
    }
    if constant != 0.0 {
        a.iter_mut().for_each(|v| *v += constant);
    }
    a
}

/// `a · b`. Four accumulators: faster (they pipeline), and no less accurate.
pub fn dot(a: &[f64], b: &[f64]) -> f64 {
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

fn norm(v: &[f64]) -> f64 {
    dot(v, v).sqrt()
}

/// `A = L Lᵀ`, `L` lower triangular and packed by rows (see [`packed_index`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Cholesky {
    l: Vec<f64>,
    n: usize,
}

impl Cholesky {
    /// Factors `A` of order `n`, given as its lower triangle packed by rows (factored in place).
    /// `None` when a pivot is not positive or not finite: `A` is not positive definite to
    /// working precision, and the caller falls back (to CG, or to no variances).
    pub fn factor(mut a: Vec<f64>, n: usize) -> Option<Cholesky> {
        assert_eq!(a.len(), packed_len(n), "a packed lower triangle of order {n}");
        for i in 0..n {
            let ri = packed_index(i, 0);
            for j in 0..=i {
                let rj = packed_index(j, 0);
                let s = a[ri + j] - dot(&a[ri..ri + j], &a[rj..rj + j]);
                if i == j {
                    if !(s > 0.0 && s.is_finite()) {
                        return None;
                    }
                    a[ri + i] = s.sqrt();
                } else {
                    a[ri + j] = s / a[rj + j];
                }
            }
        }
        Some(Cholesky { l: a, n })
    }

    /// The order of `A`.
    pub fn order(&self) -> usize {
        self.n
    }

    /// Solves `A x = b` in place (`b` becomes `x`): forward by rows of `L`, then back by
    /// columns of `L` (rows of `Lᵀ`), so both sweeps read the packed rows contiguously.
    pub fn solve(&self, b: &mut [f64]) {
        let (l, n) = (&self.l, self.n);
        for i in 0..n {
            let ri = packed_index(i, 0);
            b[i] = (b[i] - dot(&l[ri..ri + i], &b[..i])) / l[ri + i];
        }
        for i in (0..n).rev() {
            let ri = packed_index(i, 0);
            b[i] /= l[ri + i];
            let bi = b[i];
            for (bk, lk) in b[..i].iter_mut().zip(&l[ri..ri + i]) {
                *bk -= lk * bi;
            }
        }
    }

    /// The diagonal of `A⁻¹` (the variances, when `A` is an information matrix), without
    /// forming `A⁻¹`: `(A⁻¹)_jj = Σ_i (L⁻¹)_ij²`. Computes `L⁻¹` row by row (packed like `L`)
    /// and accumulates its columns' squares.
    pub fn inverse_diagonal(&self) -> Vec<f64> {
        let (l, m) = (&self.l, self.n);
        let mut inv = vec![0.0; l.len()];
        let mut out = vec![0.0; m];
        // Row i of L⁻¹: (L⁻¹)_ii = 1/L_ii; (L⁻¹)_ij = −(Σ_{k=j}^{i−1} L_ik (L⁻¹)_kj)/L_ii for j < i.
        // Computed column-wise within the row from a scratch copy: y_j = Σ_k L_ik (L⁻¹)_kj.
        let mut acc = vec![0.0; m];
        for i in 0..m {
            let ri = packed_index(i, 0);
            let lii = l[ri + i];
            acc[..i].iter_mut().for_each(|v| *v = 0.0);
            for k in 0..i {
                let lik = l[ri + k];
                if lik == 0.0 {
                    continue;
                }
                let rk = packed_index(k, 0);
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
}

/// A symmetric matrix stored by its envelope (profile): row `i` from column `first[i]` to the
/// diagonal. Its Cholesky factor has the same envelope (George & Liu, *Computer Solution of
/// Large Sparse Positive Definite Systems*, 1981, ch. 4), so a banded system of order `n` and
/// half-bandwidth `b` factors in O(n b²) where the dense [`Cholesky`] takes O(n³): the coarse
/// correction's Hessian along a chain of levels couples each centre with its neighbours only.
#[derive(Clone, Debug)]
pub struct Envelope {
    first: Vec<usize>,
    /// Where row `i`'s stored entries begin (`n + 1` offsets).
    start: Vec<usize>,
    a: Vec<f64>,
    factored: bool,
}

impl Envelope {
    /// Zeros in the envelope `first` (`first[i] ≤ i`).
    pub fn zeros(first: Vec<usize>) -> Envelope {
        let mut start = Vec::with_capacity(first.len() + 1);
        start.push(0);
        for (i, &f) in first.iter().enumerate() {
            debug_assert!(f <= i);
            start.push(start[i] + i + 1 - f);
        }
        let a = vec![0.0; start[first.len()]];
        Envelope { first, start, a, factored: false }
    }

    /// The order of the matrix.
    pub fn order(&self) -> usize {
        self.first.len()
    }

    /// The entries stored: the factor's work is about their count times the mean row length.
    pub fn stored(&self) -> usize {
        self.a.len()
    }

    /// Adds `v` at `(i, j)` and `(j, i)` (once on the diagonal). Panics outside the envelope.
    #[inline]
    pub fn add(&mut self, i: usize, j: usize, v: f64) {
        let (i, j) = (i.max(j), i.min(j));
        assert!(j >= self.first[i] && !self.factored, "({i}, {j}) outside the envelope");
        self.a[self.start[i] + j - self.first[i]] += v;
    }

    /// Entry `(i, i)`.
    pub fn diagonal(&self, i: usize) -> f64 {
        self.a[self.start[i + 1] - 1]
    }

    /// Factors in place, `None` when a pivot is not positive or not finite.
    pub fn factor(mut self) -> Option<Envelope> {
        for i in 0..self.order() {
            let (fi, ri) = (self.first[i], self.start[i]);
            for j in fi..=i {
                let (fj, rj) = (self.first[j], self.start[j]);
                let k0 = fi.max(fj);
                let s = self.a[ri + j - fi] - dot(&self.a[ri + k0 - fi..ri + j - fi], &self.a[rj + k0 - fj..rj + j - fj]);
                if i == j {
                    if !(s > 0.0 && s.is_finite()) {
                        return None;
                    }
                    self.a[ri + i - fi] = s.sqrt();
                } else {
                    self.a[ri + j - fi] = s / self.a[rj + j - fj];
                }
            }
        }
        self.factored = true;
        Some(self)
    }

    /// Solves `A x = b` in place with the factor (`b` becomes `x`).
    pub fn solve(&self, b: &mut [f64]) {
        assert!(self.factored, "factor first");
        let n = self.order();
        for i in 0..n {
            let (fi, ri) = (self.first[i], self.start[i]);
            b[i] = (b[i] - dot(&self.a[ri..ri + i - fi], &b[fi..i])) / self.a[ri + i - fi];
        }
        for i in (0..n).rev() {
            let (fi, ri) = (self.first[i], self.start[i]);
            b[i] /= self.a[ri + i - fi];
            let bi = b[i];
            for (bk, lk) in b[fi..i].iter_mut().zip(&self.a[ri..ri + i - fi]) {
                *bk -= lk * bi;
            }
        }
    }
}

/// How [`conjugate_gradient`] runs, besides the operator.
#[derive(Clone, Copy)]
pub struct CgOptions<'a> {
    /// The operator's diagonal (all > 0), for the Jacobi preconditioner; `None` for plain CG.
    pub diagonal: Option<&'a [f64]>,
    /// Solve on the mean-zero vectors: for a Laplacian of a connected graph, singular on the
    /// constants but definite there. `b` must then be mean-zero; the residual is projected
    /// back each step, as rounding would otherwise let it drift into the null space.
    pub mean_zero: bool,
    /// Stop when `‖r‖ ≤ rtol ‖b‖`.
    pub rtol: f64,
    /// Stop after this many steps: rounding can cost CG its finite termination on badly
    /// conditioned systems, so callers allow well beyond `n`.
    pub max_steps: usize,
    /// A further, symmetric term of the preconditioner: `extra(r, z)` adds it to `z` (a
    /// coarse correction, added to the Jacobi step's `D⁻¹ r`).
    pub extra: Option<&'a dyn Fn(&[f64], &mut [f64])>,
}

/// Solves `A x = b` by conjugate gradients from `x = 0` (so mean-zero iterates stay mean-zero),
/// `apply(v, y)` setting `y = A v`. Also stops on a curvature `p·Ap` that is not positive or
/// is NaN (then `A` is not definite on the iterates and `x` is the last good iterate).
/// Returns the number of steps taken.
pub fn conjugate_gradient(apply: impl Fn(&[f64], &mut [f64]), b: &[f64], x: &mut [f64], opt: &CgOptions) -> usize {
    let n = b.len();
    x.iter_mut().for_each(|v| *v = 0.0);
    let bnorm = norm(b);
    if bnorm == 0.0 {
        return 0;
    }
    let minv: Option<Vec<f64>> = opt.diagonal.map(|d| d.iter().map(|d| 1.0 / d).collect());
    // z = M⁻¹ r; with a projection the preconditioned residual must be projected too.
    let precondition = |r: &[f64], z: &mut [f64]| {
        match &minv {
            Some(minv) => z.iter_mut().zip(r).zip(minv).for_each(|((z, r), m)| *z = r * m),
            None => z.copy_from_slice(r),
        }
        if let Some(extra) = opt.extra {
            extra(r, z);
        }
        if opt.mean_zero && (minv.is_some() || opt.extra.is_some()) {
            centre(z);
        }
    };
    let mut r = b.to_vec();
    let mut z = vec![0.0; n];
    precondition(&r, &mut z);
    let mut p = z.clone();
    let mut q = vec![0.0; n];
    let mut rz = dot(&r, &z);
    for step in 1..=opt.max_steps {
        apply(&p, &mut q);
        let pq = dot(&p, &q);
        if pq.is_nan() || pq <= 0.0 {
            return step;
        }
        let alpha = rz / pq;
        for i in 0..n {
            x[i] += alpha * p[i];
            r[i] -= alpha * q[i];
        }
        if opt.mean_zero {
            centre(&mut r);
        }
        if norm(&r) <= opt.rtol * bnorm {
            return step;
        }
        precondition(&r, &mut z);
        let next = dot(&r, &z);
        let beta = next / rz;
        rz = next;
        for i in 0..n {
            p[i] = z[i] + beta * p[i];
        }
    }
    opt.max_steps
}

/// Subtracts the mean.
fn centre(v: &mut [f64]) {
    let mean = v.iter().sum::<f64>() / v.len() as f64;
    v.iter_mut().for_each(|x| *x -= mean);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The full matrix of a packed lower triangle, for checking against.
    fn full(a: &[f64], n: usize) -> Vec<Vec<f64>> {
        (0..n).map(|i| (0..n).map(|j| a[packed_index(i.max(j), i.min(j))]).collect()).collect()
    }

    fn multiply(a: &[Vec<f64>], x: &[f64], y: &mut [f64]) {
        for (y, row) in y.iter_mut().zip(a) {
            *y = row.iter().zip(x).map(|(a, x)| a * x).sum();
        }
    }

    /// One SPD system: the factor solves it, its inverse diagonal matches solving for unit
    /// vectors, and CG (plain and Jacobi) finds the same solution.
    fn check(name: &str, packed: &[f64], b: &[f64], expected_inverse_diagonal: Option<&[f64]>) {
        let n = b.len();
        let a = full(packed, n);
        let f = Cholesky::factor(packed.to_vec(), n).unwrap_or_else(|| panic!("{name}: not factored"));
        assert_eq!(f.order(), n);
        let mut x = b.to_vec();
        f.solve(&mut x);
        let mut y = vec![0.0; n];
        multiply(&a, &x, &mut y);
        for i in 0..n {
            assert!((y[i] - b[i]).abs() < 1e-12, "{name}: residual {i}: {} vs {}", y[i], b[i]);
        }
        let d = f.inverse_diagonal();
        for j in 0..n {
            let mut e = vec![0.0; n];
            e[j] = 1.0;
            f.solve(&mut e);
            assert!((e[j] - d[j]).abs() < 1e-12, "{name}: {j}: {} vs {}", e[j], d[j]);
            if let Some(expected) = expected_inverse_diagonal {
                assert!((d[j] - expected[j]).abs() < 1e-15, "{name}: {j}: {} vs {}", d[j], expected[j]);
            }
        }
        let diagonal: Vec<f64> = (0..n).map(|i| a[i][i]).collect();
        for pre in [None, Some(&diagonal[..])] {
            let mut z = vec![f64::NAN; n];
            let opt = CgOptions { diagonal: pre, mean_zero: false, rtol: 1e-14, max_steps: 10 * n, extra: None };
            let steps = conjugate_gradient(|v, y| multiply(&a, v, y), b, &mut z, &opt);
            assert!(steps <= 10 * n, "{name}");
            for i in 0..n {
                assert!((z[i] - x[i]).abs() < 1e-12, "{name}: CG ({}) {i}: {} vs {}", pre.is_some(), z[i], x[i]);
            }
        }
    }

    /// The shared builder gives what the entries added one by one give, a constant included,
    /// a recurring pair summed.
    #[test]
    fn a_packed_laplacian_is_its_entries() {
        let edges = [(1, 0, 1.0), (2, 1, 0.7), (0, 3, 1.0), (1, 0, 0.5)];
        let mut by_hand = vec![0.0; packed_len(4)];
        let mut diagonal = [0.1, 0.2, 0.3, 0.4];
        for (i, j, w) in edges {
            diagonal[i] += w;
            diagonal[j] += w;
            by_hand[packed_index(i.max(j), i.min(j))] -= w;
        }
        for (i, d) in diagonal.iter().enumerate() {
            by_hand[packed_index(i, i)] = *d;
        }
        assert_eq!(packed_symmetric(&diagonal, edges, 0.0), by_hand);
        let shifted: Vec<f64> = by_hand.iter().map(|v| v + 0.25).collect();
        assert_eq!(packed_symmetric(&diagonal, edges, 0.25), shifted);
        assert!(solves_densely(DENSE_MAX) && !solves_densely(DENSE_MAX + 1));
    }

    #[test]
    fn factor_solve_inverse_diagonal_and_cg_agree() {
        // A = [[4, 2], [2, 3]], A⁻¹ = [[3, −2], [−2, 4]] / 8.
        check("2×2", &[4.0, 2.0, 3.0], &[1.0, -1.0], Some(&[3.0 / 8.0, 0.5]));
        check("diagonal", &[2.0, 0.0, 4.0, 0.0, 0.0, 0.5], &[1.0, 2.0, 3.0], Some(&[0.5, 0.25, 2.0]));
        // A Laplacian plus a positive diagonal (the AGA Hessian's shape), order 5 so that
        // the dot products run through both the 4-wide and the remainder loops.
        let mut a = vec![0.0; packed_len(5)];
        for (i, j, w) in [(1, 0, 1.0), (2, 1, 0.7), (3, 0, 1.0), (4, 3, 0.3), (4, 2, 2.0)] {
            a[packed_index(i, i)] += w;
            a[packed_index(j, j)] += w;
            a[packed_index(i, j)] -= w;
        }
        for i in 0..5 {
            a[packed_index(i, i)] += 0.25 + 0.1 * i as f64;
        }
        check("hessian", &a, &[1.0, -2.0, 0.5, 3.0, 0.0], None);
    }

    #[test]
    fn factor_refuses_what_is_not_positive_definite() {
        for (name, a) in [
            ("indefinite", vec![1.0, 2.0, 1.0]),
            ("zero pivot", vec![0.0, 0.0, 1.0]),
            ("singular", vec![1.0, 1.0, 1.0]),
            ("NaN", vec![1.0, f64::NAN, 1.0]),
            ("infinite", vec![f64::INFINITY, 0.0, 1.0]),
        ] {
            assert!(Cholesky::factor(a, 2).is_none(), "{name}");
        }
        assert!(Cholesky::factor(Vec::new(), 0).is_some_and(|f| f.inverse_diagonal().is_empty()));
    }

    #[test]
    fn cg_on_mean_zero_vectors_solves_a_singular_laplacian() {
        // A path of 6: L is singular on the constants; b is mean-zero.
        let n = 6;
        let laplacian = |v: &[f64], y: &mut [f64]| {
            for i in 0..n {
                let left = if i > 0 { v[i] - v[i - 1] } else { 0.0 };
                let right = if i + 1 < n { v[i] - v[i + 1] } else { 0.0 };
                y[i] = left + right;
            }
        };
        let b = [1.0, -2.0, 0.5, 3.0, -1.5, -1.0];
        let degree = [1.0, 2.0, 2.0, 2.0, 2.0, 1.0];
        for pre in [None, Some(&degree[..])] {
            let mut x = vec![0.0; n];
            let opt = CgOptions { diagonal: pre, mean_zero: true, rtol: 1e-14, max_steps: 20 * n + 100, extra: None };
            conjugate_gradient(laplacian, &b, &mut x, &opt);
            assert!(x.iter().sum::<f64>().abs() < 1e-12, "mean zero");
            let mut y = vec![0.0; n];
            laplacian(&x, &mut y);
            for i in 0..n {
                assert!((y[i] - b[i]).abs() < 1e-12, "{i}: {} vs {}", y[i], b[i]);
            }
        }
        // b = 0 takes no steps; a negative curvature stops at once.
        let mut x = vec![1.0; n];
        let opt = CgOptions { diagonal: None, mean_zero: false, rtol: 1e-14, max_steps: 50, extra: None };
        assert_eq!(conjugate_gradient(laplacian, &[0.0; 6], &mut x, &opt), 0);
        assert!(x.iter().all(|&v| v == 0.0));
        assert_eq!(conjugate_gradient(|v, y| y.iter_mut().zip(v).for_each(|(y, v)| *y = -v), &b, &mut x, &opt), 1);
    }

    /// The envelope factor solves as the dense one does, on a Laplacian-like matrix with rows
    /// of different reach (and zeros inside the envelope, which the factor fills).
    #[test]
    fn the_envelope_factor_solves_as_the_dense_one() {
        let n: usize = 40;
        let first: Vec<usize> = (0..n).map(|i: usize| i.saturating_sub(1 + (i * 7) % 5)).collect();
        let mut e = Envelope::zeros(first.clone());
        let mut packed = vec![0.0; packed_len(n)];
        for i in 0..n {
            for j in first[i]..i {
                // Couplings only at odd distances: zeros left inside the envelope.
                if (i - j) % 2 == 1 {
                    let w = 1.0 + ((i * 13 + j * 7) % 11) as f64 / 10.0;
                    for (r, c, v) in [(i, i, w), (j, j, w), (i, j, -w)] {
                        e.add(r, c, v);
                        packed[packed_index(r.max(c), r.min(c))] += v;
                    }
                }
            }
            e.add(i, i, 0.1);
            packed[packed_index(i, i)] += 0.1;
        }
        assert_eq!(e.order(), n);
        assert!((e.diagonal(7) - packed[packed_index(7, 7)]).abs() < 1e-15);
        assert!(e.stored() < packed.len() / 4, "{} entries stored", e.stored());
        let b: Vec<f64> = (0..n).map(|i| (i as f64 * 0.37).sin()).collect();
        let (mut x, mut y) = (b.clone(), b.clone());
        e.factor().expect("definite").solve(&mut x);
        Cholesky::factor(packed, n).expect("definite").solve(&mut y);
        for i in 0..n {
            assert!((x[i] - y[i]).abs() < 1e-10 * y[i].abs().max(1.0), "{i}: {} vs {}", x[i], y[i]);
        }
        // Not definite: no factor.
        let mut singular = Envelope::zeros(vec![0, 0]);
        for (r, c, v) in [(0, 0, 1.0), (1, 1, 1.0), (1, 0, -1.0)] {
            singular.add(r, c, v);
        }
        assert!(singular.factor().is_none());
    }
}
