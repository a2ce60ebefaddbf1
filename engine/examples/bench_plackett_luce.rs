//! A measurement, not a test: Plackett–Luce's maximum likelihood on 100,000 events of 4–8
//! players among 20,000 players (log-strengths of sd 1.5, each ranking drawn from the model),
//! to a tolerance of 1e-8. Run natively in release, under `/usr/bin/time -v` for the peak
//! memory (docs/performance.md):
//!
//! ```text
//! cargo run --release -p ratings-engine --example bench_plackett_luce
//! ```

use ratings_engine::evaluation::random::Random;
use ratings_engine::methods::plackett_luce::PlackettLuceParams;
use ratings_engine::{Dataset, Event, Method, Options};
use std::time::Instant;

fn main() {
    let (players, events) = (20_000, 100_000);
    let mut rng = Random::new(2026);
    let mut d = Dataset::new();
    let ids: Vec<usize> = (0..players).map(|i| d.player(&format!("P{i:05}")).unwrap()).collect();
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
    let params = PlackettLuceParams { eps: 1e-8, max_iter: 1_000_000, ..Default::default() };
    let method = Method::PlackettLuce(params);
    let start = Instant::now();
    let mut fit = ratings_engine::methods::start(&d, &method, &Options::default()).expect("starts");
    let set_up = start.elapsed();
    while fit.step().is_some() {}
    let iterated = start.elapsed();
    let rating = fit.finish().expect("rates");
    let took = start.elapsed();
    println!(
        "{events} events, {places} places, {players} players: {} iterations ({} passes), converged {}, final residual {:.2e}",
        rating.report.iterations,
        rating.report.passes.unwrap_or(0),
        rating.report.converged,
        rating.report.final_residual
    );
    println!(
        "{:.3} s in all: set-up {:.3} s, iterations {:.3} s, ratings and standard errors {:.3} s",
        took.as_secs_f64(),
        set_up.as_secs_f64(),
        (iterated - set_up).as_secs_f64(),
        (took - iterated).as_secs_f64()
    );
}
