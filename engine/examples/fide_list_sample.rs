//! Writes a synthetic FIDE players list in FIDE's TXT layout to a file, for the app's
//! browser test of the rating list (issue 36): the same file for the same size and seed.
//!
//! `cargo run --release -p ratings-engine --example fide_list_sample -- PATH [PLAYERS] [SEED]`
//! (100,000 players and seed 36 unless given).

#[path = "../tests/common/fide_sample.rs"]
mod fide_sample;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.first() else {
        eprintln!("usage: fide_list_sample PATH [PLAYERS] [SEED]");
        std::process::exit(2);
    };
    let number = |k: usize, default: u64| {
        args.get(k).map_or(Ok(default), |a| a.parse::<u64>()).unwrap_or_else(|e| {
            eprintln!("argument {}: expected a whole number ({e})", k + 1);
            std::process::exit(2)
        })
    };
    let (players, seed) = (number(1, 100_000) as usize, number(2, 36));
    if let Err(e) = std::fs::write(path, fide_sample::sample_list(players, seed)) {
        eprintln!("{path}: {e}");
        std::process::exit(1);
    }
    println!("{path}: {players} players (seed {seed})");
}
