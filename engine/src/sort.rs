//! Sorting with one compiled copy per element type in the browser's wasm (issue 24).
//!
//! The standard library's `sort_by`, `sort_by_key`, `sort_unstable_by` and their kin are
//! generic over the comparison as well as the element: every call site (every closure) gets
//! its own copy of the whole sort, 5–11 KiB of wasm at the engine's `opt-level = 3`. Before
//! these functions the rating worker held 210 such copies, 316 KiB, a fifth of its code.
//!
//! Here, on wasm32, the comparison is passed to the same standard sort as `&mut dyn FnMut`, so
//! all call sites sorting one element type share one copy, and a stable sort sorts indices,
//! so all stable sorts share one; natively the comparison is passed as it is, for speed.
//! Either way the algorithm is the standard library's, so for a comparison that is a total
//! order the result (ties too, for the unstable sorts) is the same on both targets and the same
//! as before; `tests/web.rs` checks the wasm side against the standard sorts. `tests/layers.rs`
//! checks that the engine and the app sort through here.

use std::cmp::Ordering;

/// The comparison as the standard sorts receive it: rebinds `$compare` to a trait object in
/// the browser's wasm, and leaves the closure itself natively.
macro_rules! shared {
    ($compare:ident, $t:ty) => {
        #[cfg(target_arch = "wasm32")]
        let $compare = &mut { $compare } as &mut dyn FnMut(&$t, &$t) -> Ordering;
    };
}

/// `v.sort_by(compare)`: a stable sort. In wasm, the indices are sorted and `v` put in their
/// order, so every stable sort shares the one copy of [`indices_by`] (a stable sort's order is
/// the same whatever it sorts).
pub fn by<T>(v: &mut [T], compare: impl FnMut(&T, &T) -> Ordering) {
    match cfg!(target_arch = "wasm32") {
        true => by_indices(v, compare),
        false => v.sort_by(compare),
    }
}

/// [`by`] in wasm: the indices sorted, then `v` put in their order.
fn by_indices<T>(v: &mut [T], mut compare: impl FnMut(&T, &T) -> Ordering) {
    let mut order: Vec<usize> = (0..v.len()).collect();
    let values = &*v;
    indices_by(&mut order, &mut |&a, &b| compare(&values[a], &values[b]));
    permute(v, &order);
}

/// Sorts `order` stably by `compare`: the engine's one copy of the standard stable sort in
/// the browser's wasm.
#[inline(never)]
fn indices_by(order: &mut [usize], compare: &mut dyn FnMut(&usize, &usize) -> Ordering) {
    order.sort_by(compare);
}

/// `v.sort_by_key(key)`: a stable sort by a key (as the standard library's, the key is
/// computed at each comparison).
pub fn by_key<T, K: Ord>(v: &mut [T], mut key: impl FnMut(&T) -> K) {
    by(v, |a, b| key(a).cmp(&key(b)));
}

/// `v.sort_unstable_by(compare)`.
pub fn unstable_by<T>(v: &mut [T], compare: impl FnMut(&T, &T) -> Ordering) {
    shared!(compare, T);
    v.sort_unstable_by(compare);
}

/// `v.select_nth_unstable_by(index, compare)`, its partitions left out.
pub fn nth_unstable_by<T>(v: &mut [T], index: usize, compare: impl FnMut(&T, &T) -> Ordering) {
    shared!(compare, T);
    v.select_nth_unstable_by(index, compare);
}

/// `v.sort_by_cached_key(key)`: a stable sort by a key computed once per element, for keys
/// that are dear to compute (a name's lower case).
pub fn by_cached_key<T, K: Ord>(v: &mut [T], key: impl FnMut(&T) -> K) {
    let keys: Vec<K> = v.iter().map(key).collect();
    let mut order: Vec<usize> = (0..v.len()).collect();
    indices_by(&mut order, &mut |&a, &b| keys[a].cmp(&keys[b]));
    permute(v, &order);
}

/// Reorders `v` in place so that `v[k]` becomes the old `v[order[k]]`, one cycle of the
/// permutation at a time (O(n) swaps, no second copy of `v`: a copy of 100,000 rated rows would
/// be 20 MB more at the moment a large run peaks).
pub fn permute<T>(v: &mut [T], order: &[usize]) {
    let mut done = vec![false; v.len()];
    for start in 0..v.len() {
        let mut k = start;
        while !done[k] {
            done[k] = true;
            let from = order[k];
            if from == start {
                break;
            }
            v.swap(k, from);
            k = from;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small deterministic generator: the tests need no crate.
    fn numbers(n: usize, seed: u64, modulo: u64) -> Vec<u64> {
        let mut x = seed;
        (0..n)
            .map(|_| {
                x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                (x >> 33) % modulo
            })
            .collect()
    }

    #[test]
    fn each_sort_orders_as_the_standard_librarys_ties_included() {
        for (n, modulo) in [(0, 1), (1, 1), (2, 2), (17, 3), (100, 10), (1000, 50), (5000, 100_000)] {
            // Pairs (key, original place): equal keys show whether ties keep their order.
            let v: Vec<(u64, usize)> = numbers(n, n as u64 + 7, modulo).into_iter().zip(0..).collect();
            let cmp = |a: &(u64, usize), b: &(u64, usize)| a.0.cmp(&b.0);
            let (mut ours, mut std) = (v.clone(), v.clone());
            by(&mut ours, cmp);
            std.sort_by(cmp);
            assert_eq!(ours, std, "by, n = {n}");
            let mut ours = v.clone();
            by_indices(&mut ours, cmp);
            assert_eq!(ours, std, "by_indices (wasm's), n = {n}");
            let (mut ours, mut std) = (v.clone(), v.clone());
            by_indices(&mut ours, |a, b| (a.0 / 3).cmp(&(b.0 / 3)));
            std.sort_by_key(|e| e.0 / 3);
            assert_eq!(ours, std, "by_indices by a key, n = {n}");
            let (mut ours, mut std) = (v.clone(), v.clone());
            by_key(&mut ours, |e| e.0 / 2);
            std.sort_by_key(|e| e.0 / 2);
            assert_eq!(ours, std, "by_key, n = {n}");
            let (mut ours, mut std) = (v.clone(), v.clone());
            unstable_by(&mut ours, cmp);
            std.sort_unstable_by(cmp);
            assert_eq!(ours, std, "unstable_by, n = {n}");
            let (mut ours, mut std) = (v.clone(), v.clone());
            by_cached_key(&mut ours, |e| e.0 % 7);
            std.sort_by_cached_key(|e| e.0 % 7);
            assert_eq!(ours, std, "by_cached_key, n = {n}");
            if n > 0 {
                let (mut ours, mut std) = (v.clone(), v.clone());
                nth_unstable_by(&mut ours, n / 2, cmp);
                std.select_nth_unstable_by(n / 2, cmp);
                assert_eq!(ours, std, "nth_unstable_by, n = {n}");
            }
        }
    }

    #[test]
    fn the_permutation_puts_each_element_where_its_index_says() {
        // Long cycles, a fixed point and a swap: [d, a, c, b, e] by order [1, 3, 2, 0, 4].
        let mut v = ["d", "a", "c", "b", "e"];
        permute(&mut v, &[1, 3, 2, 0, 4]);
        assert_eq!(v, ["a", "b", "c", "d", "e"]);
        for order in [vec![6, 0, 1, 2, 3, 4, 5], vec![2, 0, 1], vec![0, 1, 2], vec![1, 0, 3, 2], vec![3, 2, 1, 0, 4], vec![]] {
            let mut rows: Vec<usize> = (0..order.len()).map(|i| 10 * i).collect();
            permute(&mut rows, &order);
            assert_eq!(rows, order.iter().map(|&i| 10 * i).collect::<Vec<_>>(), "{order:?}");
        }
    }
}
