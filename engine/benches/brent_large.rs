//! One Brent fit on a generated league of 100,000 players and 1,000,000 games: setup time
//! (score matrix and diagnosis), iterations, and time per iteration, for each variant.
//! Run with `cargo bench --bench brent_large` (add `-- --quick` for a 10x smaller league).

use ratings_engine::methods::brent::{snapshot, solver};
use ratings_engine::{BrentParams, Dataset, Scale, Variant};
use std::time::Instant;

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
}

fn league(players: usize, games: usize) -> Dataset {
    let mut rng = Rng(2010);
    let strength: Vec<f64> = (0..players).map(|_| ((0..12).map(|_| rng.unit()).sum::<f64>() - 6.0) * 0.8).collect();
    let names: Vec<String> = (0..players).map(|i| format!("p{i}")).collect();
    let mut d = Dataset::new();
    for name in &names {
        d.player(name);
    }
    for _ in 0..games {
        let a = (rng.next() % players as u64) as usize;
        let mut b = (rng.next() % players as u64) as usize;
        while b == a {
            b = (rng.next() % players as u64) as usize;
        }
        let p = 1.0 / (1.0 + (strength[b] - strength[a]).exp());
        let s = if rng.unit() < 0.2 {
            0.5
        } else if rng.unit() < p {
            1.0
        } else {
            0.0
        };
        d.add_game(&names[a], &names[b], s);
    }
    d
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let (n, m) = if quick { (10_000, 100_000) } else { (100_000, 1_000_000) };
    let t = Instant::now();
    let d = league(n, m);
    println!("league: {n} players, {m} games, generated in {:.2} s", t.elapsed().as_secs_f64());
    for (variant, sigma) in [(Variant::Alg1, 0.3), (Variant::Alg1, 0.0), (Variant::Fixed, 0.3), (Variant::Zermelo, 0.3)] {
        let params = BrentParams { variant, sigma, eps: 1e-9, max_iter: 5_000, ..Default::default() };
        let t = Instant::now();
        let mut s = solver(&d, &params).expect("valid");
        let setup = t.elapsed().as_secs_f64();
        let t = Instant::now();
        while s.step().is_some() {}
        let iterate = t.elapsed().as_secs_f64();
        let iters = s.trace().len();
        let t = Instant::now();
        let r = snapshot(&s, &d, &params, &Scale::default()).expect("rates");
        let finish = t.elapsed().as_secs_f64();
        println!(
            "{:<8} sigma={sigma:<4} setup {setup:6.3} s | {iters:>5} iterations, {:7.2} ms/iteration, {iterate:7.2} s | stop {:?}, residual {:.1e}, rated {} of {} | report {finish:.3} s",
            variant.name(),
            1e3 * iterate / iters.max(1) as f64,
            r.report.stop,
            r.report.final_residual,
            r.players.iter().filter(|p| p.rating.is_some()).count(),
            n
        );
    }
}
