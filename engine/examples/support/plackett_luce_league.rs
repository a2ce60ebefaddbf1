//! The Plackett–Luce benchmark's league (issue 39's target): events of 4–8 players drawn
//! from 20,000 players whose log-strengths have sd 1.5, each ranking drawn from the model.
//! Shared by the native benchmark (`engine/examples/bench_plackett_luce.rs`) and the browser's
//! (`tests/web_bench.rs`, by `#[path]`), so both time the same league; it lives with the
//! examples because only benchmarks use it (the engine's library is in the app).

use ratings_engine::evaluation::random::Random;
use ratings_engine::{Dataset, Event};
use std::fmt::Write;

/// The target's size: players and events.
pub const PLAYERS: usize = 20_000;
pub const EVENTS: usize = 100_000;

/// `events` events among `players` players (seed 2026), and the number of places.
pub fn league(players: usize, events: usize) -> (Dataset, usize) {
    let mut rng = Random::new(2026);
    let mut d = Dataset::new();
    let ids: Vec<usize> = (0..players).map(|i| d.player(&format!("P{i:05}")).expect("a name")).collect();
    let r: Vec<f64> = (0..players).map(|_| 1.5 * rng.normal()).collect();
    let mut places = 0;
    for e in 0..events {
        let size = 4 + rng.below(5);
        let mut who: Vec<usize> = Vec::with_capacity(size);
        while who.len() < size {
            let i = rng.below(players);
            if !who.contains(&i) {
                who.push(i);
            }
        }
        // Gumbel-max: sorting log-strength plus Gumbel noise draws a Plackett–Luce ranking.
        let mut keyed: Vec<(f64, usize)> = who.iter().map(|&i| (r[i] - (-rng.unit().max(1e-300).ln()).ln(), i)).collect();
        keyed.sort_by(|a, b| b.0.total_cmp(&a.0));
        places += size;
        d.events.push(Event::ranked(format!("e{e}"), keyed.iter().enumerate().map(|(k, &(_, i))| (ids[i], k as u32 + 1)).collect(), e + 2));
    }
    (d, places)
}

/// The league as the long form of events the readers take: `event,player,place`, a row a
/// player, the rows of an event together (so the file's line k + 2 is place row k).
pub fn csv(d: &Dataset) -> String {
    let mut out = String::with_capacity(d.events.iter().map(|e| 20 * e.places.len()).sum::<usize>() + 20);
    out.push_str("event,player,place\n");
    for e in &d.events {
        for &(p, k) in &e.places {
            writeln!(out, "{},{},{k}", e.name, d.players[p].name).expect("a String takes any text");
        }
    }
    out
}
