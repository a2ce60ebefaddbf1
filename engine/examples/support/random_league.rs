//! The league `evaluate`'s estimate is measured on, natively (`examples/evaluate_cost.rs`) and in
//! the browser (`tests/web_bench.rs`, `evaluation_costs`): `players` players of log-strength
//! N(0, 1.5²) and `games` games between random pairs, 20 % drawn, as `scripts/leagues.py
//! --pairing random` writes them (its own seeded generator, not Python's); [`dated`]: the same
//! games dated, spread evenly over some days in their order.

use ratings_engine::evaluation::random::Random;
use ratings_engine::{Dataset, Game};

pub fn league(players: usize, games: usize) -> Dataset {
    let mut rng = Random::new(1);
    let mut d = Dataset::new();
    let ids: Vec<usize> = (0..players).map(|i| d.player(&format!("Player {i}")).unwrap()).collect();
    let x: Vec<f64> = (0..players).map(|_| 1.5 * rng.normal()).collect();
    for line in 0..games {
        let a = rng.below(players);
        let b = (a + 1 + rng.below(players - 1)) % players;
        let score = match rng.unit() {
            u if u < 0.2 => 0.5,
            _ if rng.unit() < 1.0 / (1.0 + (x[b] - x[a]).exp()) => 1.0,
            _ => 0.0,
        };
        d.games.push(Game::new(ids[a], ids[b], score, line + 2));
    }
    d
}

/// `league`'s games dated in their order over `days` days (`scripts/leagues.py --days`), from
/// 2020-01-01 in months of 28 days (every date valid; the month ends skipped).
#[allow(dead_code)]
pub fn dated(mut d: Dataset, days: usize) -> Dataset {
    let n = d.games.len().max(1);
    for (k, g) in d.games.iter_mut().enumerate() {
        let day = k * days / n;
        let date = format!("{}-{:02}-{:02}", 2020 + day / 336, 1 + day % 336 / 28, 1 + day % 28);
        g.set_when(Some(&date), None);
    }
    d
}
