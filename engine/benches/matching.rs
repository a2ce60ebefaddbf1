//! The maximum-weight matching the Dutch system pairs with (`pairing::matching`, Edmonds'
//! blossom algorithm, O(n³); FIDE Handbook C.04.3 via `docs/pairing.md` §4): one solve of
//! a complete graph on 400 vertices (a 400-player round, every pairing allowed) with random
//! `u64` weights and with ~950-bit `Wide<16>` weights shaped like the Dutch system's (a top
//! field of 1, a field of few values, random low bits). Prints each run's seconds and the
//! best and median of five. Then warm re-solves ([`Matcher::set_edges`]): 100 edits, each
//! replacing one random vertex's edges by new random weights, timed per edit.
//!
//! `cargo bench --bench matching` (`-- --quick`: one run each).

use ratings_engine::pairing::{max_weight_matching, Matcher, Mode, Weight, Wide};
use std::time::Instant;

// The tests' seeded generator (SplitMix64), so benches and tests make data one way.
#[path = "../tests/common/mod.rs"]
mod common;
use common::Rng;

/// The complete graph on `n` vertices with weights from `weight`.
fn complete<W>(n: usize, rng: &mut Rng, weight: impl Fn(&mut Rng) -> W) -> Vec<(usize, usize, W)> {
    let mut edges = Vec::with_capacity(n * (n - 1) / 2);
    for u in 0..n {
        for v in u + 1..n {
            edges.push((u, v, weight(rng)));
        }
    }
    edges
}

/// A ~950-bit weight: bit 948 set (the completion field), three bits of ties, 832 random bits.
fn wide_weight(rng: &mut Rng) -> Wide<16> {
    let mut limbs = [0u64; 16];
    limbs[14] = 1 << 52;
    limbs[13] = rng.next_u64() % 8;
    for limb in &mut limbs[..13] {
        *limb = rng.next_u64();
    }
    Wide::from_limbs(limbs)
}

/// Times `runs` solves of `edges`, printing each, then the best and the median.
fn time<W: Weight>(what: &str, n: usize, edges: &[(usize, usize, W)], runs: usize) {
    let mut secs = Vec::new();
    for _ in 0..runs {
        let start = Instant::now();
        let m = max_weight_matching(n, edges, Mode::MaxWeight).expect("a valid graph");
        secs.push(start.elapsed().as_secs_f64());
        let pairs = m.mate.iter().flatten().count() / 2;
        println!("{what}: {:.3} s ({pairs} pairs)", secs[secs.len() - 1]);
    }
    secs.sort_by(f64::total_cmp);
    println!("{what}: best {:.3} s, median {:.3} s of {runs}", secs[0], secs[runs / 2]);
}

/// Times 100 warm edits of the complete graph: one vertex's edges given new weights each.
fn time_edits<W: Weight>(what: &str, n: usize, edges: &[(usize, usize, W)], limit: W, rng: &mut Rng, weight: impl Fn(&mut Rng) -> W) {
    let mut matcher = Matcher::new(n, edges, Mode::MaxWeight, limit).expect("a valid graph");
    let edits = 100;
    let start = Instant::now();
    for _ in 0..edits {
        let v = rng.below(n);
        let new: Vec<(usize, W)> = (0..n).filter(|&u| u != v).map(|u| (u, weight(rng))).collect();
        matcher.set_edges(v, &new).expect("a valid edit");
    }
    let secs = start.elapsed().as_secs_f64();
    println!("{what}: {edits} warm edits in {secs:.3} s, {:.2} ms an edit (weights drawn included)", secs * 1000.0 / edits as f64);
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let runs = if quick { 1 } else { 5 };
    let n = 400;
    let mut rng = Rng::new(21);
    let narrow = complete(n, &mut rng, |r| r.next_u64() % 1_000_000);
    time("n = 400, complete, u64 weights < 10^6", n, &narrow, runs);
    let wide = complete(n, &mut rng, wide_weight);
    time("n = 400, complete, ~950-bit Wide<16> weights", n, &wide, runs);
    time_edits("n = 400, u64", n, &narrow, 1_000_000, &mut rng, |r| r.next_u64() % 1_000_000);
    let mut limit = [0u64; 16];
    limit[14] = 1 << 53; // above every weight `wide` draws
    time_edits("n = 400, Wide<16>", n, &wide, Wide::from_limbs(limit), &mut rng, wide_weight);
}
