//! The compare view's work keeps what the spread needs, not every replay (issue 19, item 7):
//! a counting allocator records the bytes the worker's [`CompareRun`] holds, and they do not
//! grow with the number of orders. (A million games replayed over twenty orders once kept
//! each player's rating in every order, five times over: the worker ran out of room.)

use ratings_engine::compare::order::SplitMix64;
use ratings_engine::methods::brent::BrentParams;
use ratings_engine::methods::elo::EloParams;
use ratings_engine::methods::{Method, Options};
use ratings_engine::model::Dataset;
use ratings_lab_web::core::compare::{CompareRequest, CompareRun, Orders};
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

/// Counts the current thread's allocations: what it holds, and its peak.
struct Counting;

thread_local! {
    static HELD: Cell<(usize, usize)> = const { Cell::new((0, 0)) };
}

fn record(grow: usize, shrink: usize) {
    let _ = HELD.try_with(|h| {
        let (held, peak) = h.get();
        let held = (held + grow).saturating_sub(shrink);
        h.set((held, peak.max(held)));
    });
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            record(layout.size(), 0);
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        record(0, layout.size());
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            record(new_size, layout.size());
        }
        p
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// A near-strength league: `n` players with log-strengths of sd 1.5, `games` random pairings,
/// results by Bradley–Terry with 20 % draws.
fn league(n: usize, games: usize) -> Dataset {
    let mut rng = SplitMix64::new(19);
    let unit = |rng: &mut SplitMix64| (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
    let gauss = |rng: &mut SplitMix64| (-2.0 * (unit(rng) + 1e-12).ln()).sqrt() * (std::f64::consts::TAU * unit(rng)).cos();
    let strength: Vec<f64> = (0..n).map(|_| 1.5 * gauss(&mut rng)).collect();
    let mut d = Dataset::new();
    for _ in 0..games {
        let a = rng.below(n);
        let b = (a + 1 + rng.below(n - 1)) % n;
        let p = 1.0 / (1.0 + (strength[b] - strength[a]).exp());
        let s = if unit(&mut rng) < 0.2 { 0.5 } else { f64::from(u8::from(unit(&mut rng) < p)) };
        d.add_game(&format!("Player {a}"), &format!("Player {b}"), s);
    }
    d
}

/// Steps a comparison of Brent and Elo over `orders` shuffles to its end (not finished):
/// the bytes it then holds, its peak while stepping, and its step count.
fn held_by_run(data: &Dataset, orders: u32) -> (usize, usize, usize) {
    let request = CompareRequest {
        methods: vec![Method::Brent(BrentParams::default()), Method::Elo(EloParams::default())],
        orders: Orders::Shuffled { n: orders, seed: 1 },
    };
    let (before, _) = HELD.with(Cell::get);
    HELD.with(|h| h.set((before, before)));
    let mut run = CompareRun::new(data, &request, Options::default());
    while run.step() {}
    let (held, peak) = HELD.with(Cell::get);
    let steps = run.progress().0;
    assert_eq!(run.progress(), (steps, steps), "every step done, none beyond");
    let view = run.finish();
    assert_eq!(view.orders, orders as usize);
    assert!(view.rows.iter().any(|r| r.spread[1].is_some_and(|s| s.sd > 0.0)), "Elo moves with the order");
    (held - before, peak - before, steps)
}

#[test]
fn compare_holds_the_same_bytes_over_many_orders_as_over_few() {
    let data = league(1_000, 10_000);
    let (few, few_peak, few_steps) = held_by_run(&data, 2);
    let (many, many_peak, many_steps) = held_by_run(&data, 30);
    // Brent is rated once (no order moves it); Elo once and once per order; K against the
    // spread four times per order.
    assert_eq!((few_steps, many_steps), (2 + 2 + 4 * 2, 2 + 30 + 4 * 30));
    // What is kept per player is one running spread per replayed method and per K: the
    // same for 30 orders as for 2 (a list of every order's rating grew by 1,000 players ×
    // 28 ratings × 5 = 1.1 MB).
    let slack = 64 * 1024;
    assert!(many <= few + slack, "held after 30 orders {many} B, after 2 orders {few} B");
    assert!(many_peak <= few_peak + slack, "peak over 30 orders {many_peak} B, over 2 orders {few_peak} B");
}
