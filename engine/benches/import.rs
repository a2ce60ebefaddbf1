//! Importing a games CSV: a realistic generated file (a `white,black,result` header; 100,000
//! players named like `Player 12345`; results `1-0`, `0-1` and `1/2-1/2`, 20 % draws) of
//! 100,000 and 1,000,000 lines, read by `parse_csv` from the whole text and by `CsvReader`
//! from the bytes in 64 KiB chunks (as the app's worker streams a `File`). Prints seconds and
//! lines per second, the best of three runs.
//!
//! `cargo bench --bench import` (`-- --quick`: the 100,000-line file only).

use ratings_engine::parse::parallel::parse_csv_parallel;
use ratings_engine::parse::stream::CsvReader;
use ratings_engine::parse::{parse_csv, CsvOptions, Parsed};
use std::time::Instant;

// The tests' seeded generator (SplitMix64), so benches and tests make data one way.
#[path = "../tests/common/mod.rs"]
mod common;
use common::Rng;

/// A games file of `lines` games between `players` players.
fn games_csv(players: u64, lines: usize) -> String {
    let mut rng = Rng::new(2024);
    let mut text = String::with_capacity(lines * 32);
    text.push_str("white,black,result\n");
    for _ in 0..lines {
        let a = rng.next_u64() % players;
        let mut b = rng.next_u64() % players;
        while b == a {
            b = rng.next_u64() % players;
        }
        let result = match rng.next_u64() % 10 {
            0 | 1 => "1/2-1/2",
            2..=5 => "1-0",
            _ => "0-1",
        };
        text.push_str(&format!("Player {a},Player {b},{result}\n"));
    }
    text
}

/// The best of three timings of `read`, in seconds, and what the last run read.
fn best_of_three(read: impl Fn() -> Parsed) -> (f64, Parsed) {
    let mut best = f64::INFINITY;
    let mut last = None;
    for _ in 0..3 {
        let t = Instant::now();
        let parsed = read();
        best = best.min(t.elapsed().as_secs_f64());
        last = Some(parsed);
    }
    (best, last.expect("three runs"))
}

fn report(what: &str, lines: usize, seconds: f64, parsed: &Parsed) {
    let d = &parsed.dataset;
    assert_eq!(d.games.len(), lines, "{what}: every line is a game");
    println!("{what:<28} {lines:>9} lines: {seconds:7.3} s, {:>12.0} lines/s ({} players)", lines as f64 / seconds, d.players.len());
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let sizes: &[usize] = if quick { &[100_000] } else { &[100_000, 1_000_000] };
    for &lines in sizes {
        let text = games_csv(100_000, lines);
        let options = CsvOptions::default();
        let (s, parsed) = best_of_three(|| parse_csv(&text, &options).expect("reads"));
        report("parse_csv", lines, s, &parsed);
        let (s, streamed) = best_of_three(|| {
            let mut reader = CsvReader::new(options.clone());
            for chunk in text.as_bytes().chunks(64 * 1024) {
                reader.push(chunk);
            }
            reader.finish().expect("reads")
        });
        report("CsvReader (64 KiB chunks)", lines, s, &streamed);
        assert!(streamed == parsed, "the chunked reader reads what parse_csv reads");
        let (s, parallel) = best_of_three(|| parse_csv_parallel(&text, &options).expect("reads"));
        report("parse_csv_parallel", lines, s, &parallel);
        assert!(parallel == parsed, "the parallel reader reads what parse_csv reads");
    }
}
