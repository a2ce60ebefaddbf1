//! Tests of the blossom matching (`super`) that pairs a Dutch round (FIDE Handbook C.04.3,
//! through `docs/pairing.md` §4): every result is checked against brute-force
//! enumeration on small random graphs, and against the complementary slackness conditions
//! of Edmonds' linear program (Galil 1986, §4) on large ones; the blossom steps that
//! implementations get wrong (nested blossoms, relabelling, expansion) are shown reached.

use super::*;
use crate::pairing::weight::{Weight, Wide};

/// SplitMix64: seeded, so every run tests the same graphs.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, k: u64) -> u64 {
        self.next() % k
    }
}

/// The best weight, and the best (pairs, weight), over all matchings, by enumeration.
fn brute<W: Weight>(n: usize, edges: &[(usize, usize, W)]) -> (W, (usize, W)) {
    let mut w = vec![None; n * n];
    for &(u, v, x) in edges {
        w[u * n + v] = Some(x);
        w[v * n + u] = Some(x);
    }
    let mut best = (W::ZERO, (0, W::ZERO));
    let mut used = vec![false; n];
    enumerate(n, &w, &mut used, (0, W::ZERO), &mut best);
    best
}

/// Every matching of the vertices not yet `used`: the first such is left alone or paired.
fn enumerate<W: Weight>(n: usize, w: &[Option<W>], used: &mut [bool], got: (usize, W), best: &mut (W, (usize, W))) {
    let Some(v) = (0..n).find(|&v| !used[v]) else {
        best.0 = best.0.max(got.1);
        best.1 = best.1.max(got);
        return;
    };
    used[v] = true;
    enumerate(n, w, used, got, best);
    for u in v + 1..n {
        if let (false, Some(x)) = (used[u], w[v * n + u]) {
            used[u] = true;
            enumerate(n, w, used, (got.0 + 1, got.1.add(x)), best);
            used[u] = false;
        }
    }
    used[v] = false;
}

/// The mates are symmetric and on edges; the duals are feasible, tight on matched edges,
/// zero on unmatched vertices, and every blossom with a positive dual is
/// full: together they prove the matching optimal.
fn check_optimal<W: Weight>(n: usize, edges: &[(usize, usize, W)], m: &Matching<W>) {
    let d = &m.duals;
    for v in 0..n {
        if let Some(u) = m.mate[v] {
            assert_eq!(m.mate[u], Some(v), "mates of {v} and {u}");
            assert!(edges.iter().any(|&(a, b, _)| (a, b) == (u, v) || (a, b) == (v, u)), "{v}–{u} is no edge");
        } else {
            // Both modes: maximum cardinality is maximum weight on raised weights.
            assert_eq!(d.vertex[v], W::ZERO, "unmatched vertex {v} has a dual");
        }
    }
    let member: Vec<Vec<bool>> = d.blossoms.iter().map(|b| (0..n).map(|v| b.vertices.binary_search(&v).is_ok()).collect()).collect();
    for &(u, v, w) in edges {
        let mut sum = d.vertex[u].add(d.vertex[v]);
        for (b, inside) in d.blossoms.iter().zip(&member) {
            if inside[u] && inside[v] {
                sum = sum.add(b.z);
            }
        }
        let need = w.add(d.shift).add(w.add(d.shift));
        assert!(sum >= need, "edge {u}–{v}: negative slack");
        if m.mate[u] == Some(v) {
            assert_eq!(sum, need, "matched edge {u}–{v} is not tight");
        }
    }
    for (b, inside) in d.blossoms.iter().zip(&member) {
        if b.z > W::ZERO {
            let inner = (0..n).filter(|&v| inside[v] && m.mate[v].is_some_and(|u| inside[u])).count();
            assert_eq!(inner, b.vertices.len() - 1, "blossom {:?} with a dual is not full", b.vertices);
        }
    }
}

/// A random graph on `n` vertices: each pair an edge with chance `percent`, weights below
/// `top` (so zero and equal weights are common when `top` is small).
fn random_graph(rng: &mut Rng, n: usize, percent: u64, top: u64) -> Vec<(usize, usize, u64)> {
    let mut edges = Vec::new();
    for u in 0..n {
        for v in u + 1..n {
            if rng.below(100) < percent {
                let (a, b) = if rng.below(2) == 0 { (u, v) } else { (v, u) };
                edges.push((a, b, rng.below(top)));
            }
        }
    }
    edges
}

/// Solves with `W`, checks against brute force and the duals, and returns the mates.
fn solve_checked<W: Weight>(n: usize, edges: &[(usize, usize, W)], mode: Mode, events: &mut Events) -> Vec<Option<usize>> {
    let (m, ev) = solve_counting(n, edges, mode).expect("a valid graph");
    check_optimal(n, edges, &m);
    let (best_w, best_cw) = brute(n, edges);
    let got = matching_weight(edges, &m.mate);
    let pairs = m.mate.iter().flatten().count() / 2;
    match mode {
        Mode::MaxWeight => assert_eq!(got, best_w, "weight on {edges:?}"),
        Mode::MaxCardinality => assert_eq!((pairs, got), best_cw, "pairs and weight on {edges:?}"),
    }
    for (total, one) in [
        (&mut events.shrink, ev.shrink),
        (&mut events.nested, ev.nested),
        (&mut events.expand_inner, ev.expand_inner),
        (&mut events.expand_inner_nested, ev.expand_inner_nested),
        (&mut events.expand_zero, ev.expand_zero),
        (&mut events.augment, ev.augment),
    ] {
        *total += one;
    }
    m.mate
}

/// Brute force agrees on thousands of random graphs of up to 10 vertices, in both modes,
/// with every weight type; the types give the very same mates (same comparisons).
#[test]
fn random_small_graphs_match_brute_force() {
    let mut rng = Rng(21);
    let mut events = Events::default();
    for round in 0..4000 {
        let n = rng.below(11) as usize;
        let percent = [15, 40, 70, 100][round % 4];
        let top = [1, 2, 4, 10, 1000, 1 << 40][rng.below(6) as usize];
        let edges = random_graph(&mut rng, n, percent, top);
        for mode in [Mode::MaxWeight, Mode::MaxCardinality] {
            let mates = solve_checked(n, &edges, mode, &mut events);
            let as_i64: Vec<_> = edges.iter().map(|&(u, v, w)| (u, v, w as i64)).collect();
            let as_i128: Vec<_> = edges.iter().map(|&(u, v, w)| (u, v, w as i128)).collect();
            let as_u128: Vec<_> = edges.iter().map(|&(u, v, w)| (u, v, w as u128)).collect();
            let as_wide: Vec<_> = edges.iter().map(|&(u, v, w)| (u, v, Wide::<16>::from_u64(w))).collect();
            let mut ignore = Events::default();
            assert_eq!(solve_checked(n, &as_u128, mode, &mut ignore), mates);
            assert_eq!(solve_checked(n, &as_i64, mode, &mut ignore), mates);
            assert_eq!(solve_checked(n, &as_i128, mode, &mut ignore), mates);
            assert_eq!(solve_checked(n, &as_wide, mode, &mut ignore), mates);
        }
    }
    // The suite reaches every blossom step many times.
    assert!(events.nested > 100 && events.expand_inner_nested > 5 && events.expand_zero > 100, "{events:?}");
    assert!(events.expand_inner > 50, "{events:?}");
}

/// Weights ~950 bits wide, whose top parts tie often, so the low bits decide: brute force in
/// `Wide<16>` agrees.
#[test]
fn random_wide_weights_match_brute_force() {
    let mut rng = Rng(950);
    let mut events = Events::default();
    for _ in 0..600 {
        let n = 2 + rng.below(9) as usize;
        let small = random_graph(&mut rng, n, 60, 3);
        let edges: Vec<_> = small
            .iter()
            .map(|&(u, v, w)| {
                let mut limbs = [0u64; 16];
                limbs[14] = w << 60; // the top field: ties are common
                for limb in &mut limbs[..14] {
                    *limb = rng.next();
                }
                limbs[13] = rng.below(4); // a middle field with ties
                (u, v, Wide::from_limbs(limbs))
            })
            .collect();
        for mode in [Mode::MaxWeight, Mode::MaxCardinality] {
            solve_checked(n, &edges, mode, &mut events);
        }
    }
}

/// The blossom steps other implementations got wrong (cf. the cases van Rantwijk's
/// `mwmatching` tests name), each in a small graph of our own that reaches it: found by
/// searching random graphs for the step and removing every edge it did not need. Each is
/// checked by brute force and shown to take the step.
#[test]
fn blossom_steps_on_small_graphs() {
    type Case = (&'static str, usize, &'static [(usize, usize, u64)], fn(&Events) -> bool);
    let cases: [Case; 7] = [
        ("an S blossom used for an augmentation", 4, &[(0, 1, 8), (0, 2, 9), (1, 2, 10), (2, 3, 7)], |e| e.shrink > 0),
        ("a triangle shrunk, its dual then zero", 10, &[(5, 6, 8), (7, 5, 19), (7, 6, 17)], |e| e.shrink > 0),
        ("a nested S blossom", 10, &[(6, 0, 18), (7, 0, 16), (1, 2, 7), (1, 5, 13), (1, 6, 11), (3, 2, 10), (5, 3, 15), (7, 5, 19)], |e| {
            e.nested > 0
        }),
        ("an S blossom relabelled T and expanded", 7, &[(3, 0, 15), (2, 1, 13), (4, 1, 14), (5, 1, 15), (5, 4, 14), (4, 6, 12)], |e| {
            e.expand_inner > 0
        }),
        (
            "a nested blossom relabelled T and expanded",
            9,
            &[(0, 1, 16), (0, 4, 18), (5, 0, 19), (7, 1, 18), (4, 2, 8), (4, 5, 19), (7, 5, 18), (8, 7, 15)],
            |e| e.expand_inner_nested > 0,
        ),
        (
            "an S blossom of zero dual expanded at a stage's end",
            12,
            &[(5, 0, 16), (3, 1, 16), (1, 8, 14), (2, 8, 13), (10, 2, 6), (3, 6, 19), (3, 10, 14), (4, 6, 19), (4, 8, 18), (9, 8, 12)],
            |e| e.expand_zero > 0,
        ),
        ("no edges", 3, &[], |e| e.augment == 0),
    ];
    for (what, n, edges, reached) in cases {
        for mode in [Mode::MaxWeight, Mode::MaxCardinality] {
            let mut events = Events::default();
            solve_checked(n, edges, mode, &mut events);
            if mode == Mode::MaxWeight {
                assert!(reached(&events), "{what}: {events:?}");
            }
        }
    }
}

/// Maximum cardinality first: one heavy edge loses to two light ones.
#[test]
fn cardinality_before_weight() {
    let edges = [(0, 1, 5u64), (1, 2, 11), (2, 3, 5)];
    let weight = max_weight_matching(4, &edges, Mode::MaxWeight).unwrap();
    assert_eq!(weight.mate, [None, Some(2), Some(1), None]);
    let pairs = max_weight_matching(4, &edges, Mode::MaxCardinality).unwrap();
    assert_eq!(pairs.mate, [Some(1), Some(0), Some(3), Some(2)]);
    // Zero weights still count as edges when pairs come first.
    let zero = max_weight_matching(2, &[(0, 1, 0u64)], Mode::MaxCardinality).unwrap();
    assert_eq!(zero.mate, [Some(1), Some(0)]);
}

/// Bad graphs are refused with the edge named, never a panic.
#[test]
fn bad_graphs_are_refused() {
    let err = |n, edges: &[(usize, usize, i64)]| max_weight_matching(n, edges, Mode::MaxWeight).unwrap_err().to_string();
    assert_eq!(err(2, &[(0, 2, 1)]), "edge 0: vertex 2 is out of range (expected a vertex below 2)");
    assert_eq!(err(2, &[(1, 1, 1)]), "edge 0: a loop at vertex 1 (expected two different vertices)");
    assert_eq!(err(2, &[(0, 1, 1), (1, 0, 2)]), "edge 1: vertices 1 and 0 are already joined by edge 0 (expected one edge a pair)");
    assert_eq!(err(2, &[(0, 1, -1)]), "edge 0: a negative weight (expected a weight of 0 or more)");
    assert!(err(2, &[(0, 1, i64::MAX / 4)]).starts_with("the weights leave the duals no room"));
    assert_eq!(err(15000, &[]), "15000 vertices: expected at most 14000 (the dense tables take 20 n² bytes)");
    let wide = max_weight_matching(3, &[(0, 1, Wide::<2>([0, 1 << 62]))], Mode::MaxCardinality);
    assert!(wide.unwrap_err().to_string().contains("raised for maximum cardinality"));
}

/// A complete graph on `n` vertices with random weights from `weight`.
fn complete<W>(rng: &mut Rng, n: usize, mut weight: impl FnMut(&mut Rng) -> W) -> Vec<(usize, usize, W)> {
    let mut edges = Vec::with_capacity(n * (n - 1) / 2);
    for u in 0..n {
        for v in u + 1..n {
            edges.push((u, v, weight(rng)));
        }
    }
    edges
}

/// 400 vertices, complete, random weights (u64, and ~950-bit wide): the duals prove the
/// matching optimal in both modes; a dense random graph (half the edges) too.
#[test]
fn large_graphs_are_optimal() {
    let mut rng = Rng(400);
    let narrow = complete(&mut rng, 400, |r| r.below(1_000_000));
    for mode in [Mode::MaxWeight, Mode::MaxCardinality] {
        let m = max_weight_matching(400, &narrow, mode).unwrap();
        check_optimal(400, &narrow, &m);
    }
    let half: Vec<_> = narrow.iter().copied().filter(|_| rng.below(2) == 0).map(|(u, v, w)| (u, v, w % 50)).collect();
    for mode in [Mode::MaxWeight, Mode::MaxCardinality] {
        let m = max_weight_matching(400, &half, mode).unwrap();
        check_optimal(400, &half, &m);
    }
    let wide = complete(&mut rng, 400, wide_weight);
    let m = max_weight_matching(400, &wide, Mode::MaxWeight).unwrap();
    check_optimal(400, &wide, &m);
    assert_eq!(m.mate.iter().flatten().count(), 400, "the top field makes it complete");
}

/// A random weight of about 950 bits shaped like the Dutch system's: a top field that is
/// almost always 1, then fields of few values (ties), then random low bits.
fn wide_weight(rng: &mut Rng) -> Wide<16> {
    let mut limbs = [0u64; 16];
    limbs[14] = 1 << 52;
    limbs[13] = rng.below(8);
    for limb in &mut limbs[..13] {
        *limb = rng.next();
    }
    Wide::from_limbs(limbs)
}

/// The graph's edges with those at `v` replaced by `new`.
fn with_edges_at<W: Copy>(edges: &[(usize, usize, W)], v: usize, new: &[(usize, W)]) -> Vec<(usize, usize, W)> {
    let mut out: Vec<_> = edges.iter().copied().filter(|&(a, b, _)| a != v && b != v).collect();
    out.extend(new.iter().map(|&(u, w)| (v, u, w)));
    out
}

/// Random new edges at `v` (each other vertex with chance `percent`), weights below `top`.
fn random_edges_at(rng: &mut Rng, n: usize, v: usize, percent: u64, top: u64) -> Vec<(usize, u64)> {
    let mut out = Vec::new();
    for u in (0..n).filter(|&u| u != v) {
        if rng.below(100) < percent {
            out.push((u, rng.below(top)));
        }
    }
    out
}

/// Warm re-solving after edits (a vertex's edges replaced: removed, re-weighted, new)
/// gives an optimal matching every time: brute force on small graphs, the duals' proof.
#[test]
fn warm_edits_match_brute_force() {
    let mut rng = Rng(7);
    for round in 0..3000 {
        let n = 2 + rng.below(9) as usize;
        let top = [2, 5, 100][round % 3];
        let mut edges = random_graph(&mut rng, n, 60, top);
        let mode = if round % 4 == 3 { Mode::MaxCardinality } else { Mode::MaxWeight };
        let mut matcher = Matcher::new(n, &edges, mode, top).unwrap();
        for _ in 0..6 {
            let v = rng.below(n as u64) as usize;
            let percent = [0, 30, 80][rng.below(3) as usize];
            let new = random_edges_at(&mut rng, n, v, percent, top);
            edges = with_edges_at(&edges, v, &new);
            matcher.set_edges(v, &new).unwrap();
            let m = matcher.matching();
            check_optimal(n, &edges, &m);
            let (best_w, best_cw) = brute(n, &edges);
            let got = matching_weight(&edges, &m.mate);
            match mode {
                Mode::MaxWeight => assert_eq!(got, best_w, "{edges:?}"),
                Mode::MaxCardinality => assert_eq!((m.mate.iter().flatten().count() / 2, got), best_cw, "{edges:?}"),
            }
        }
    }
}

/// The greedy fixing's use: 120 vertices, complete, then 60 edits that raise one vertex's
/// edges or drop some; warm equals cold in weight, and the duals prove each optimal.
#[test]
fn warm_edits_on_a_larger_graph() {
    let mut rng = Rng(120);
    let n = 120;
    let top = 1 << 20;
    let mut edges = complete(&mut rng, n, |r| r.below(top));
    let mut matcher = Matcher::new(n, &edges, Mode::MaxWeight, top).unwrap();
    for _ in 0..60 {
        let v = rng.below(n as u64) as usize;
        let new = random_edges_at(&mut rng, n, v, 90, top);
        edges = with_edges_at(&edges, v, &new);
        matcher.set_edges(v, &new).unwrap();
        let warm = matcher.matching();
        check_optimal(n, &edges, &warm);
        let cold = max_weight_matching(n, &edges, Mode::MaxWeight).unwrap();
        assert_eq!(matching_weight(&edges, &warm.mate), matching_weight(&edges, &cold.mate));
    }
}

/// Several vertices' edges replaced at once, one re-solve (a Dutch bracket's rows), then
/// the tight edges: optimal by the duals and by brute force, and every edge of a
/// maximum-weight matching found by brute force with one edge forced is tight.
#[test]
fn batched_edits_match_brute_force() {
    let mut rng = Rng(11);
    for round in 0..2000 {
        let n = 2 + rng.below(9) as usize;
        let top = [2, 5, 100][round % 3];
        let mut edges = random_graph(&mut rng, n, 60, top);
        let mut matcher = Matcher::new(n, &edges, Mode::MaxWeight, top).unwrap();
        for _ in 0..4 {
            let mut batch = Vec::new();
            for _ in 0..1 + rng.below(4) {
                let v = rng.below(n as u64) as usize;
                let percent = [0, 30, 80][rng.below(3) as usize];
                let new = random_edges_at(&mut rng, n, v, percent, top);
                edges = with_edges_at(&edges, v, &new);
                batch.push((v, new));
            }
            matcher.set_edges_many(&batch).unwrap();
            let m = matcher.matching();
            check_optimal(n, &edges, &m);
            let (best_w, _) = brute(n, &edges);
            assert_eq!(matching_weight(&edges, &m.mate), best_w, "{edges:?}");
            for &(u, v, w) in &edges {
                let rest: Vec<_> = edges.iter().copied().filter(|&(a, b, _)| a != u && a != v && b != u && b != v).collect();
                if w + brute(n, &rest).0 == best_w {
                    assert!(matcher.tight(u, v), "edge {u}-{v} is in a best matching but not tight: {edges:?}");
                }
            }
        }
    }
}

/// The graph as the matcher keeps it (`weight`, `edges_at`: the Dutch system reads it there and
/// keeps no copy) is the graph given and edited, in both modes (the cardinality mode raises
/// every weight inside), after edits made as they come (`set_edges_of`).
#[test]
fn the_graph_is_read_back_as_given_and_edited() {
    let mut rng = Rng(17);
    for round in 0..300 {
        let n = 2 + rng.below(9) as usize;
        let mode = if round % 2 == 0 { Mode::MaxWeight } else { Mode::MaxCardinality };
        let mut edges = random_graph(&mut rng, n, 60, 100);
        let mut matcher = Matcher::new(n, &edges, mode, 100).unwrap();
        for _ in 0..3 {
            let vs: Vec<usize> = (0..1 + rng.below(3)).map(|_| rng.below(n as u64) as usize).collect();
            let mut news = Vec::new();
            for &v in &vs {
                let new = random_edges_at(&mut rng, n, v, 50, 100);
                edges = with_edges_at(&edges, v, &new);
                news.push(new);
            }
            matcher.set_edges_of(vs.iter().copied().zip(news)).unwrap();
            check_optimal(n, &edges, &matcher.matching());
            for v in 0..n {
                let mut given: Vec<(usize, u64)> =
                    edges.iter().filter_map(|&(a, b, w)| (a == v).then_some((b, w)).or((b == v).then_some((a, w)))).collect();
                given.sort_unstable();
                assert_eq!(matcher.edges_at(v).collect::<Vec<_>>(), given, "vertex {v} of {edges:?}");
                for u in 0..n {
                    assert_eq!(matcher.weight(v, u), given.iter().find(|e| e.0 == u).map(|e| e.1));
                }
            }
        }
    }
}

/// Mid-sized graphs of few weights (ties, so blossoms inside blossoms) whose rows are
/// rewritten a batch at a time: a new blossom's least S–S edges must be the least of its
/// children's, not the last offered (a fault that brute force on ten vertices missed and
/// that paired two rounds of the committed Baku fixtures differently from bbpPairings). The
/// duals prove each result optimal, and a cold solve gives the same weight.
#[test]
fn batched_edits_on_mid_sized_graphs_of_few_weights() {
    let mut rng = Rng(57);
    let mut events = Events::default();
    for round in 0..150 {
        let n = 24 + rng.below(40) as usize;
        let top = [3, 4, 8][round % 3];
        let mut edges = random_graph(&mut rng, n, 70, top);
        let mut matcher = Matcher::new(n, &edges, Mode::MaxWeight, top).unwrap();
        for _ in 0..6 {
            let mut batch: Vec<(usize, Vec<(usize, u64)>)> = Vec::new();
            for _ in 0..2 + rng.below(n as u64 / 2) {
                let v = rng.below(n as u64) as usize;
                if batch.iter().any(|b| b.0 == v) {
                    continue;
                }
                let new = random_edges_at(&mut rng, n, v, 70, top);
                edges = with_edges_at(&edges, v, &new);
                batch.push((v, new));
            }
            matcher.set_edges_many(&batch).unwrap();
            let warm = matcher.matching();
            check_optimal(n, &edges, &warm);
            let (cold, ev) = solve_counting(n, &edges, Mode::MaxWeight).unwrap();
            assert_eq!(matching_weight(&edges, &warm.mate), matching_weight(&edges, &cold.mate));
            events.nested += ev.nested;
        }
    }
    assert!(events.nested > 100, "blossoms inside blossoms: {}", events.nested);
}

/// Edits are checked before anything changes.
#[test]
fn bad_edits_are_refused() {
    let mut matcher = Matcher::new(3, &[(0, 1, 5u64)], Mode::MaxWeight, 10).unwrap();
    let err = |m: &mut Matcher<u64>, v, e: &[(usize, u64)]| m.set_edges(v, e).unwrap_err().to_string();
    assert_eq!(err(&mut matcher, 3, &[]), "vertex 3 is out of range (expected a vertex below 3)");
    assert_eq!(
        err(&mut matcher, 0, &[(2, 11)]),
        "edge 0: a weight above the limit the matcher was built with (expected at most that limit)"
    );
    assert_eq!(err(&mut matcher, 0, &[(2, 1), (2, 3)]), "edge 1: vertices 0 and 2 are already joined by edge 0 (expected one edge a pair)");
    assert_eq!(matcher.matching().mate, [Some(1), Some(0), None]);
    assert!(Matcher::new(2, &[(0, 1, 11u64)], Mode::MaxWeight, 10).is_err());
}

/// Warm edits with ~950-bit weights: each edit's result equals the cold solve's weight and
/// its duals prove it optimal, in both modes.
#[test]
fn warm_edits_with_wide_weights() {
    let mut rng = Rng(1024);
    let n = 31;
    let mut limit = [0u64; 16];
    limit[14] = 1 << 53;
    let limit = Wide::from_limbs(limit);
    for mode in [Mode::MaxWeight, Mode::MaxCardinality] {
        let mut edges: Vec<_> = complete(&mut rng, n, wide_weight).into_iter().filter(|e| e.2 .0[13] != 0).collect();
        let mut matcher = Matcher::new(n, &edges, mode, limit).unwrap();
        for _ in 0..40 {
            let v = rng.below(n as u64) as usize;
            let mut new = Vec::new();
            for u in (0..n).filter(|&u| u != v) {
                if rng.below(3) != 0 {
                    new.push((u, wide_weight(&mut rng)));
                }
            }
            edges = with_edges_at(&edges, v, &new);
            matcher.set_edges(v, &new).unwrap();
            let warm = matcher.matching();
            check_optimal(n, &edges, &warm);
            let cold = max_weight_matching(n, &edges, mode).unwrap();
            assert_eq!(matching_weight(&edges, &warm.mate), matching_weight(&edges, &cold.mate));
        }
    }
}

/// A snapshot taken for some edits (`snapshot_for`: the edited rows only, when the edits only
/// narrow or reweight; the whole graph when one adds edges) and restored after them and their
/// search gives back the same matching and duals, and later edits still solve optimally
/// (brute force): what the Dutch fixing does when a candidate pair fails.
#[test]
fn restoring_a_snapshot_for_edits_undoes_them() {
    let mut rng = Rng(23);
    let at = |edges: &[(usize, usize, u64)], v: usize| -> Vec<(usize, u64)> {
        edges
            .iter()
            .filter_map(|&(a, b, w)| {
                if a == v {
                    Some((b, w))
                } else if b == v {
                    Some((a, w))
                } else {
                    None
                }
            })
            .collect()
    };
    for round in 0..2000 {
        let n = 2 + rng.below(9) as usize;
        let top = [2, 5, 100][round % 3];
        let mut edges = random_graph(&mut rng, n, 70, top);
        let mut matcher = Matcher::new(n, &edges, Mode::MaxWeight, top).unwrap();
        for _ in 0..4 {
            let before = matcher.matching();
            // A restriction of v to one partner c (and c to v), a reweighting, or new edges.
            let v = rng.below(n as u64) as usize;
            let mut tried = edges.clone();
            let batch: Vec<(usize, Vec<(usize, u64)>)> = match (rng.below(3), at(&edges, v).first().copied()) {
                (0, Some((c, w))) => vec![(v, vec![(c, w)]), (c, vec![(v, w)])],
                (1, _) => vec![(v, at(&edges, v).into_iter().map(|(u, w)| (u, (w + 1).min(top))).collect())],
                _ => vec![(v, random_edges_at(&mut rng, n, v, 80, top))],
            };
            let snap = matcher.snapshot_for(&batch);
            for (x, new) in &batch {
                tried = with_edges_at(&tried, *x, new);
            }
            matcher.set_edges_many(&batch).unwrap();
            assert_eq!(matching_weight(&tried, &matcher.mates()), brute(n, &tried).0);
            matcher.restore(snap);
            let after = matcher.matching();
            assert_eq!(after, before, "{edges:?} {batch:?}");
            // Then an edit kept: solved optimally from the restored state.
            let x = rng.below(n as u64) as usize;
            let new = random_edges_at(&mut rng, n, x, 50, top);
            edges = with_edges_at(&edges, x, &new);
            matcher.set_edges_many(&[(x, new)]).unwrap();
            let m = matcher.matching();
            check_optimal(n, &edges, &m);
            assert_eq!(matching_weight(&edges, &m.mate), brute(n, &edges).0, "{edges:?}");
        }
    }
}
