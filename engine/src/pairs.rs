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

use crate::threads;
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
        sort_entries(&mut entries);
        // Merge a pair's entries in place, then make the arrays at their final size: lists
        // grown a push at a time would hold up to twice the room.
        let mut kept = 0;
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
                entries[kept] = (key, ab, ba);
                kept += 1;
            }
        }
        entries.truncate(kept);
        let mut p = Pairs {
            nodes,
            a: entries.iter().map(|e| (e.0 >> 32) as u32).collect(),
            b: entries.iter().map(|e| e.0 as u32).collect(),
            ab: entries.iter().map(|e| e.1).collect(),
            ba: entries.iter().map(|e| e.2).collect(),
            start: Vec::new(),
        };
        drop(entries);
        p.start = offsets(nodes, &p.a);
        p
    }

    /// A decisive or drawn game `(i, j, score of i)`, `score` 1, 0 or ½, packed in one word for
    /// [`Pairs::from_outcomes`]: the pair `(a, b)` (`a ≤ b`), then 0 if `a` won, 1 if `b` won,
    /// 2 for a draw. `None` where it does not fit (a node number from 2³⁰ on).
    #[inline]
    pub fn outcome(i: usize, j: usize, score: f64) -> Option<u64> {
        let (a, b, a_score) = if i <= j { (i, j, score) } else { (j, i, 1.0 - score) };
        let kind = if a_score == 0.5 { 2 } else { u64::from(a_score == 0.0) };
        (b < 1 << 30).then(|| ((a as u64) << 32) | ((b as u64) << 2) | kind)
    }

    /// The same pairs as [`Pairs::from_games`] from the games as [`Pairs::outcome`] packs them:
    /// 8 bytes a game to sort instead of 24, and the arrays made at their final size, for the
    /// chains of a hundred thousand rankings (Plackett–Luce's groups). A pair's points are
    /// whole and half points, whose sums do not depend on their order.
    pub fn from_outcomes(nodes: usize, mut games: Vec<u64>) -> Pairs {
        assert!(nodes < 1 << 30, "node numbers fit in 30 bits");
        // Plain numbers: the standard sort without a closure, one copy for every `u64` sort.
        games.sort_unstable();
        let distinct = games.iter().enumerate().filter(|&(k, &g)| k == 0 || g >> 2 != games[k - 1] >> 2).count();
        let mut p = Pairs { nodes, a: Vec::with_capacity(distinct), b: Vec::with_capacity(distinct), ..Pairs::default() };
        p.ab.reserve_exact(distinct);
        p.ba.reserve_exact(distinct);
        for run in games.chunk_by(|x, y| x >> 2 == y >> 2) {
            let points = |kind: u64| match kind {
                0 => (1.0, 0.0),
                1 => (0.0, 1.0),
                _ => (0.5, 0.5),
            };
            let (ab, ba) = run.iter().map(|&g| points(g & 3)).fold((0.0, 0.0), |(x, y), (u, v)| (x + u, y + v));
            p.a.push((run[0] >> 32) as u32);
            p.b.push((run[0] as u32) >> 2);
            p.ab.push(ab);
            p.ba.push(ba);
        }
        drop(games);
        p.start = offsets(nodes, &p.a);
        p
    }

    /// These pairs, over `nodes` nodes (at least as many as now), restricted to those
    /// `keep(a, b)` accepts, with an entry `(i, ab, ba)` against the last node added after each
    /// node's kept pairs (`last` sorted by `i`, the dummy player's draws). The same as building
    /// them from the kept games and the entries, without building or sorting again, and in
    /// place: no second copy of a million pairs.
    pub fn restrict(mut self, nodes: usize, keep: impl Fn(usize, usize) -> bool, last: &[(usize, f64, f64)]) -> Pairs {
        assert!(nodes >= self.nodes && nodes < u32::MAX as usize, "the nodes only grow, and fit in u32");
        assert!(last.windows(2).all(|w| w[0].0 < w[1].0) && last.iter().all(|e| e.0 < nodes - 1), "entries by node, before the last");
        let mut kept = 0;
        for k in 0..self.len() {
            if keep(self.a[k] as usize, self.b[k] as usize) {
                self.set(kept, (self.a[k], self.b[k], self.ab[k], self.ba[k]));
                kept += 1;
            }
        }
        let last: Vec<(usize, f64, f64)> = last.iter().copied().filter(|e| e.1 > 0.0 || e.2 > 0.0).collect();
        let total = kept + last.len();
        // Room for the new entries at the end, then everything moved back to its place from
        // the end forwards: an entry only ever moves later, onto one already moved.
        // `reserve_exact`: a plain resize would double each list's room.
        self.a.reserve_exact(total.saturating_sub(self.a.len()));
        self.b.reserve_exact(total.saturating_sub(self.b.len()));
        self.ab.reserve_exact(total.saturating_sub(self.ab.len()));
        self.ba.reserve_exact(total.saturating_sub(self.ba.len()));
        self.a.resize(total, 0);
        self.b.resize(total, 0);
        self.ab.resize(total, 0.0);
        self.ba.resize(total, 0.0);
        let v = (nodes - 1) as u32;
        let (mut read, mut write) = (kept, total);
        for &(i, ab, ba) in last.iter().rev() {
            // Pairs of nodes after `i` keep their order, shifted by the entries still to come.
            while read > 0 && self.a[read - 1] as usize > i {
                read -= 1;
                write -= 1;
                self.set(write, (self.a[read], self.b[read], self.ab[read], self.ba[read]));
            }
            write -= 1;
            self.set(write, (i as u32, v, ab, ba));
        }
        debug_assert_eq!(read, write, "the pairs before the first new entry stay where they are");
        self.nodes = nodes;
        self.start = offsets(nodes, &self.a);
        self
    }

    #[inline]
    fn set(&mut self, k: usize, (a, b, ab, ba): (u32, u32, f64, f64)) {
        (self.a[k], self.b[k], self.ab[k], self.ba[k]) = (a, b, ab, ba);
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

/// Entries from this many on are sorted on two threads ([`threads::join`]), where a thread
/// costs far less than the sort.
pub const PARALLEL_ENTRIES: usize = threads::LARGE;

/// An entry of [`Pairs::from_entries`]: the pair as one key, and both directions' points.
type Entry = (u64, f64, f64);

/// Sorts entries by their key, stably: a pair's entries keep their input order, so their sums
/// do not depend on the sort. A large list is sorted in two halves at once and the halves
/// merged, the first half's entry first between equal keys: exactly the order a stable sort
/// of the whole gives (tested), in about half the time on two cores.
fn sort_entries(entries: &mut Vec<Entry>) {
    // The standard sort itself, not `crate::sort`'s: this one sorts every game of a
    // million-game file, and it is this file's only sort of its element type.
    if entries.len() < PARALLEL_ENTRIES || !threads::parallel() {
        entries.sort_by_key(|e| e.0);
        return;
    }
    let mid = entries.len() / 2;
    let (left, right) = entries.split_at_mut(mid);
    threads::join(|| left.sort_by_key(|e| e.0), || right.sort_by_key(|e| e.0));
    *entries = merge(entries, mid);
}

/// The two sorted runs `v[..mid]` and `v[mid..]` as one sorted list, the first run's entry
/// first between equal keys.
fn merge(v: &[Entry], mid: usize) -> Vec<Entry> {
    let (left, right) = v.split_at(mid);
    let mut out = Vec::with_capacity(v.len());
    let (mut i, mut j) = (0, 0);
    while i < left.len() && j < right.len() {
        if right[j].0 < left[i].0 {
            out.push(right[j]);
            j += 1;
        } else {
            out.push(left[i]);
            i += 1;
        }
    }
    out.extend_from_slice(&left[i..]);
    out.extend_from_slice(&right[j..]);
    out
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
    fn packed_outcomes_give_the_pairs_of_the_games() {
        // Repeated pairs both ways, draws, a node met from both sides, in no order.
        let games = [(1, 2, 1.0), (0, 1, 1.0), (1, 0, 0.5), (3, 1, 0.0), (2, 1, 0.5), (2, 1, 1.0), (3, 0, 1.0), (1, 0, 0.0)];
        let packed: Vec<u64> = games.iter().map(|&(i, j, s)| Pairs::outcome(i, j, s).expect("small nodes")).collect();
        assert_eq!(Pairs::from_outcomes(5, packed), Pairs::from_games(5, games.into_iter()));
        assert_eq!(Pairs::outcome(1 << 30, 0, 1.0), None);
        assert_eq!(Pairs::from_outcomes(3, Vec::new()), Pairs::from_games(3, std::iter::empty()));
    }

    #[test]
    fn restricting_equals_building_from_the_kept_games() {
        let games = [(1, 2, 1.0), (0, 1, 1.0), (1, 0, 0.5), (3, 1, 0.0), (2, 3, 0.5), (0, 3, 1.0)];
        let keep = |a: usize, b: usize| (a + b) % 2 == 1;
        let full = Pairs::from_games(4, games.into_iter());
        let kept = games.into_iter().filter(|&(i, j, _)| keep(i, j));
        assert_eq!(full.clone().restrict(4, keep, &[]), Pairs::from_games(4, kept.clone()));
        // With a fifth node that draws nodes 0 and 2 (half a game each way).
        let last = [(0, 0.5, 0.5), (2, 0.5, 0.5)];
        let entries = kept.map(|(i, j, s)| Pairs::game(i, j, s)).chain(last.iter().map(|&(i, ab, ba)| (i, 4, ab, ba)));
        assert_eq!(full.restrict(5, keep, &last), Pairs::from_entries(5, entries));
    }

    /// Sorting in two halves and merging (the two-thread sort) gives the entries in the order
    /// of one stable sort, to the bit: many entries of each pair, each with its own points, in
    /// no order, so an entry dropped, or two of a pair swapped, shows.
    #[test]
    fn sorting_in_two_halves_gives_the_order_of_one_sort() {
        let mut state = 7u64;
        let mut next = || {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            state >> 33
        };
        let entries: Vec<Entry> = (0..3 * PARALLEL_ENTRIES + 1)
            .map(|_| {
                let (a, b) = (next() % 300, next() % 300);
                (a.min(b) << 32 | a.max(b), next() as f64 / 7.0, next() as f64 / 3.0)
            })
            .collect();
        let bits = |v: &[Entry]| v.iter().map(|e| (e.0, e.1.to_bits(), e.2.to_bits())).collect::<Vec<_>>();
        let mut one = entries.clone();
        one.sort_by_key(|e| e.0);
        let mut halves = entries.clone();
        let mid = halves.len() / 2;
        halves[..mid].sort_by_key(|e| e.0);
        halves[mid..].sort_by_key(|e| e.0);
        assert_eq!(bits(&merge(&halves, mid)), bits(&one));
        let mut two = entries;
        sort_entries(&mut two);
        assert_eq!(bits(&two), bits(&one));
    }

    #[test]
    fn pairs_without_points_are_not_kept() {
        let p = Pairs::from_points(3, [(0, 2, 0.0), (2, 1, 0.25)].into_iter());
        assert_eq!((p.a, p.b, p.ab, p.ba), (vec![1], vec![2], vec![0.0], vec![0.25]));
        assert!(Pairs::from_points(2, std::iter::empty()).is_empty());
    }
}
