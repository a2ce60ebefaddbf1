//! A measurement, not a test: Plackett–Luce's maximum likelihood on 100,000 events of 4–8
//! players among 20,000 players (log-strengths of sd 1.5, each ranking drawn from the model),
//! to a tolerance of 1e-8. Run natively in release, under `/usr/bin/time -v` for the peak
//! memory (docs/performance.md):
//!
//! ```text
//! cargo run --release -p ratings-engine --example bench_plackett_luce
//! ```
//!
//! `--csv FILE` writes the same league as a file instead (`event,player,place`: 9.5 MB), for
//! timing the command line from it (`ratings-lab rate --method plackett_luce --eps 1e-8 FILE`);
//! `--read FILE` times reading such a file as the command line does (in 1 MB pieces) apart from
//! the fit and its ratings.

#[path = "support/plackett_luce_league.rs"]
mod plackett_luce_league;

use plackett_luce_league::{csv, league, EVENTS, PLAYERS};
use ratings_engine::job::{JobReader, Settings};
use ratings_engine::methods::plackett_luce::PlackettLuceParams;
use ratings_engine::{Method, MethodKind, Options, Rating};
use std::io::Read;
use std::time::Instant;

/// The target's tolerance, and no cap in its way.
fn params() -> PlackettLuceParams {
    PlackettLuceParams { eps: 1e-8, max_iter: 1_000_000, ..Default::default() }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
        [] => fit_generated(),
        ["--csv", file] => {
            let (d, places) = league(PLAYERS, EVENTS);
            std::fs::write(file, csv(&d)).expect("the file writes");
            println!("{EVENTS} events, {places} places, {PLAYERS} players written to {file}");
        }
        ["--read", file] => fit_file(file),
        _ => panic!("usage: bench_plackett_luce [--csv FILE | --read FILE]"),
    }
}

/// The league generated in memory, from the events to the ratings (the set-up, the
/// iterations, the ratings and standard errors timed apart).
fn fit_generated() {
    let (d, places) = league(PLAYERS, EVENTS);
    let start = Instant::now();
    let mut fit = ratings_engine::methods::start(&d, &Method::PlackettLuce(params()), &Options::default()).expect("starts");
    let set_up = start.elapsed();
    while fit.step().is_some() {}
    let iterated = start.elapsed();
    let rating = fit.finish().expect("rates");
    let took = start.elapsed();
    summary(&rating, d.events.len(), places, d.players.len());
    println!(
        "{:.3} s in all: set-up {:.3} s, iterations {:.3} s, ratings and standard errors {:.3} s",
        took.as_secs_f64(),
        set_up.as_secs_f64(),
        (iterated - set_up).as_secs_f64(),
        (took - iterated).as_secs_f64()
    );
}

/// A file read as the command line reads it (in 1 MB pieces into the job's reader), then rated.
fn fit_file(file: &str) {
    let start = Instant::now();
    let mut settings = Settings { method: MethodKind::PlackettLuce, ..Settings::default() };
    settings.params.plackett_luce = params();
    let mut reader = JobReader::new(&settings);
    let mut source = std::fs::File::open(file).expect("the file opens");
    let mut chunk = vec![0; 1 << 20];
    loop {
        match source.read(&mut chunk).expect("the file reads") {
            0 => break,
            n => reader.push(&chunk[..n]),
        }
    }
    let job = reader.finish().expect("the file is events");
    let read = start.elapsed();
    let rating = job.run().rating.expect("rates");
    let took = start.elapsed();
    let d = &job.input.dataset;
    summary(&rating, d.events.len(), d.events.iter().map(|e| e.size()).sum(), d.players.len());
    println!(
        "{:.3} s in all: reading {:.3} s, the fit and its ratings {:.3} s",
        took.as_secs_f64(),
        read.as_secs_f64(),
        (took - read).as_secs_f64()
    );
}

fn summary(rating: &Rating, events: usize, places: usize, players: usize) {
    println!(
        "{events} events, {places} places, {players} players: {} iterations ({} passes), converged {}, final residual {:.2e}",
        rating.report.iterations,
        rating.report.passes.unwrap_or(0),
        rating.report.converged,
        rating.report.final_residual
    );
}
