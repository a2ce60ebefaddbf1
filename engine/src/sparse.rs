//! The score matrix `S = (s_ij)`, points player i scored against player j, in CSR form.
//!
//! A game adds its score to `s_ij` and the rest to `s_ji`; repeated pairs sum. The number of
//! stored entries is at most `2m` for `m` games, so every kernel here is O(m + n) per pass,
//! never O(n²) (Brent §4, last paragraph).

use sprs::{CsMat, TriMat};

/// Builds an `n × n` score matrix from `(i, j, score of i)` triples. Zero entries are
/// dropped, so the sparsity pattern is exactly the graph "i scored against j".
pub fn score_matrix(n: usize, games: impl Iterator<Item = (usize, usize, f64)>) -> CsMat<f64> {
    let mut tri = TriMat::new((n, n));
    for (i, j, s) in games {
        debug_assert!(i != j && (0.0..=1.0).contains(&s));
        if s > 0.0 {
            tri.add_triplet(i, j, s);
        }
        if s < 1.0 {
            tri.add_triplet(j, i, 1.0 - s);
        }
    }
    tri.to_csr()
}

/// Adds `value` at `(i, j)` for each pair, returning a new matrix (used for the dummy player).
pub fn with_entries(s: &CsMat<f64>, extra: impl Iterator<Item = (usize, usize, f64)>, n: usize) -> CsMat<f64> {
    let mut tri = TriMat::new((n, n));
    for (v, (i, j)) in s.iter() {
        tri.add_triplet(i, j, *v);
    }
    for (i, j, v) in extra {
        tri.add_triplet(i, j, v);
    }
    tri.to_csr()
}

/// Row sums `Σ_j s_ij` (points scored) and column sums `Σ_j s_ji` (points conceded).
pub fn row_and_column_sums(s: &CsMat<f64>) -> (Vec<f64>, Vec<f64>) {
    let (n, _) = s.shape();
    let mut rows = vec![0.0; n];
    let mut cols = vec![0.0; n];
    for (v, (i, j)) in s.iter() {
        rows[i] += v;
        cols[j] += v;
    }
    (rows, cols)
}

/// One row of a CSR matrix as parallel slices of column indices and values.
#[inline]
pub fn row(s: &CsMat<f64>, i: usize) -> (&[usize], &[f64]) {
    let ptr = s.indptr();
    let ptr = ptr.raw_storage();
    let (a, b) = (ptr[i] - ptr[0], ptr[i + 1] - ptr[0]);
    (&s.indices()[a..b], &s.data()[a..b])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeated_pairs_sum_and_zeros_are_not_stored() {
        let s = score_matrix(3, [(0, 1, 1.0), (0, 1, 0.5), (1, 2, 1.0)].into_iter());
        assert_eq!(s.get(0, 1), Some(&1.5));
        assert_eq!(s.get(1, 0), Some(&0.5));
        assert_eq!(s.get(1, 2), Some(&1.0));
        assert_eq!(s.get(2, 1), None);
        assert_eq!(s.nnz(), 3);
        let (rows, cols) = row_and_column_sums(&s);
        assert_eq!(rows, vec![1.5, 1.5, 0.0]);
        assert_eq!(cols, vec![0.5, 1.5, 1.0]);
        assert_eq!(row(&s, 1), (&[0usize, 2][..], &[0.5, 1.0][..]));
    }
}
