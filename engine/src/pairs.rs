//! The scores as compact pairs: one entry per unordered pair of nodes that met, holding both
//! directions' points, `ab` (what `a` scored against `b`) and `ba`.
//!
//! Every kernel of Brent's method needs `1/(x_a + x_b)` for a pair and then both directions'
//! terms, so storing the pair once halves the divisions of a score matrix that stores `s_ij`
//! and `s_ji` separately, and the four parallel arrays are read front to back. The pairs are
//! sorted by `a`, then `b` (`a ≤ b`): the writes at `a` move forward with the sweep and a
//! node's terms are summed in the order of its opponents, exactly as a row of the matrix
//! would sum them. For `m` games there are at most `m` pairs, so a pass is O(m + n), never
//! O(n²) (Brent §4, last paragraph).
//!
//! A game against oneself (only in data built by hand) is a pair with `a == b`; every kernel
//! treats it like the matrix's diagonal, where its terms cancel.

use std::ops::Range;

/// Both directions' points for each pair of nodes that met, sorted by `(a, b)`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Pairs {
    /// The number of nodes (players, and the dummy player when there is one).
    pub nodes: usize,
    /// The smaller node of each pair.
    pub a: Vec<u32>,
    /// The larger node of each pair (`a ≤ b`).
    pub b: Vec<u32>,
    /// Points `a` scored against `b`.
    pub ab: Vec<f64>,
    /// Points `b` scored against `a`.
    pub ba: Vec<f64>,
    /// Per node `v`, where its pairs with `a == v` begin (`nodes + 1` offsets): a group's pairs
    /// are then found from its members without a search.
    start: Vec<usize>,
}

impl Pairs {
    /// Pairs from games `(i, j, score of i)`: a game adds its score to what `i` scored against
    /// `j` and the rest to what `j` scored against `i`. Repeated pairs sum.
    pub fn from_games(nodes: usize, games: impl Iterator<Item = (usize, usize, f64)>) -> Pairs {
        Pairs::from_entries(nodes, games.map(|(i, j, s)| Pairs::game(i, j, s)))
    }

    /// The entry `(a, b, ab, ba)` of one game `(i, j, score of i)`.
    #[inline]
    pub fn game(i: usize, j: usize, score: f64) -> (usize, usize, f64, f64) {
        if i <= j {
            (i, j, score, 1.0 - score)
        } else {
            (j, i, 1.0 - score, score)
        }
    }

    /// Pairs from points `(i, j, v)`: `i` scored `v` against `j` (such extra entries as the
    /// dummy player's draws). Repeated pairs sum.
    pub fn from_points(nodes: usize, points: impl Iterator<Item = (usize, usize, f64)>) -> Pairs {
        Pairs::from_entries(nodes, points.map(|(i, j, v)| if i <= j { (i, j, v, 0.0) } else { (j, i, 0.0, v) }))
    }

    /// Pairs from entries `(a, b, ab, ba)` with `a ≤ b`. Entries of the same pair sum in the
    /// order given; a pair without a point either way is not kept, so the pairs are exactly
    /// the edges of the graph "one of the two scored against the other". O(m log m).
    pub fn from_entries(nodes: usize, entries: impl Iterator<Item = (usize, usize, f64, f64)>) -> Pairs {
        assert!(nodes < u32::MAX as usize, "node numbers fit in u32");
        // The pair as a single sort key; a stable sort keeps the entries of a pair in input
        // order, so their sums do not depend on the sort.
        let mut entries: Vec<(u64, f64, f64)> = entries
            .map(|(a, b, ab, ba)| {
                debug_assert!(a <= b && b < nodes && ab >= 0.0 && ba >= 0.0);
                (((a as u64) << 32) | b as u64, ab, ba)
            })
            .collect();
        entries.sort_by_key(|e| e.0);
        let mut p = Pairs { nodes, ..Pairs::default() };
        let mut k = 0;
        while k < entries.len() {
            let key = entries[k].0;
            let (mut ab, mut ba) = (0.0, 0.0);
            while k < entries.len() && entries[k].0 == key {
                ab += entries[k].1;
                ba += entries[k].2;
                k += 1;
            }
            if ab > 0.0 || ba > 0.0 {
                p.a.push((key >> 32) as u32);
                p.b.push(key as u32);
                p.ab.push(ab);
                p.ba.push(ba);
            }
        }
        p.start = offsets(nodes, &p.a);
        p
    }

    /// The number of pairs.
    pub fn len(&self) -> usize {
        self.a.len()
    }

    pub fn is_empty(&self) -> bool {
        self.a.is_empty()
    }

    /// Each pair as `(a, b, ab, ba)`, in order.
    #[inline]
    pub fn iter(&self) -> impl Iterator<Item = (usize, usize, f64, f64)> + '_ {
        self.a.iter().zip(&self.b).zip(&self.ab).zip(&self.ba).map(|(((&a, &b), &ab), &ba)| (a as usize, b as usize, ab, ba))
    }

    /// The pairs whose smaller node is `v`, as a range of indices.
    #[inline]
    pub fn starting_at(&self, v: usize) -> Range<usize> {
        self.start[v]..self.start[v + 1]
    }

    /// The pairs whose smaller node is `a`: their larger nodes and both directions' points.
    /// A kernel that sweeps node by node keeps `a`'s sums in registers: consecutive pairs
    /// share `a`, and adding into memory at `a` pair after pair would chain every pair's
    /// update to the previous one's store.
    #[inline]
    pub fn run(&self, a: usize) -> (&[u32], &[f64], &[f64]) {
        let r = self.starting_at(a);
        (&self.b[r.clone()], &self.ab[r.clone()], &self.ba[r])
    }

    /// Per node, the points scored `Σ_j s_ij` and conceded `Σ_j s_ji` (a game against oneself
    /// counts both ways, as on a matrix's diagonal).
    pub fn sums(&self) -> (Vec<f64>, Vec<f64>) {
        let mut scored = vec![0.0; self.nodes];
        let mut conceded = vec![0.0; self.nodes];
        for (a, b, ab, ba) in self.iter() {
            scored[a] += ab;
            conceded[b] += ab;
            scored[b] += ba;
            conceded[a] += ba;
        }
        (scored, conceded)
    }
}

/// Where each node's run of pairs begins in the sorted `a` (a counting pass, O(m + n)).
fn offsets(nodes: usize, a: &[u32]) -> Vec<usize> {
    let mut start = vec![0usize; nodes + 1];
    for &v in a {
        start[v as usize + 1] += 1;
    }
    for v in 0..nodes {
        start[v + 1] += start[v];
    }
    start
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeated_pairs_sum_both_ways_and_sort_by_the_smaller_node() {
        let p = Pairs::from_games(4, [(1, 2, 1.0), (0, 1, 1.0), (1, 0, 0.5), (3, 1, 0.0)].into_iter());
        assert_eq!(p.len(), 3);
        assert_eq!((p.a.clone(), p.b.clone()), (vec![0, 1, 1], vec![1, 2, 3]));
        // 0–1: 1 + 0.5 for player 0, 0 + 0.5 for player 1.
        assert_eq!((p.ab.clone(), p.ba.clone()), (vec![1.5, 1.0, 1.0], vec![0.5, 0.0, 0.0]));
        assert_eq!((p.starting_at(0), p.starting_at(1), p.starting_at(2), p.starting_at(3)), (0..1, 1..3, 3..3, 3..3));
        assert_eq!(p.run(1), (&[2u32, 3][..], &[1.0, 1.0][..], &[0.0, 0.0][..]));
        let (scored, conceded) = p.sums();
        assert_eq!(scored, vec![1.5, 2.5, 0.0, 0.0]);
        assert_eq!(conceded, vec![0.5, 1.5, 1.0, 1.0]);
    }

    #[test]
    fn pairs_without_points_are_not_kept() {
        let p = Pairs::from_points(3, [(0, 2, 0.0), (2, 1, 0.25)].into_iter());
        assert_eq!((p.a, p.b, p.ab, p.ba), (vec![1], vec![2], vec![0.0], vec![0.25]));
        assert!(Pairs::from_points(2, std::iter::empty()).is_empty());
    }
}
