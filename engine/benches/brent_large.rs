//! Brent's method on realistic generated leagues: log-strengths spread like a real
//! federation's (standard deviation 1.5, about 260 Elo), 20 % draws, pairings at random and
//! near in strength (each game's second player within n/20 places of the first in the order
//! of strength, as divisions and Swiss events pair players of one level); 10,000
//! players / 100,000 games and 100,000 players / 1,000,000 games; without and with a dummy
//! player (γ = 0, 1); ε = 1e-8. For each variant: setup time (pairs and diagnosis),
//! iterations, passes over the pairs, time per pass (the median step over the passes a step
//! makes) and its ratio to a plain streaming read of the same arrays, total time, and peak memory.
//!
//! `cargo bench --bench brent_large` (`-- --quick`: the small leagues only; `-- --all`: the
//! slow classic variants on the large league too; `-- --random` or `-- --near`: that pairing
//! only; `-- --swiss`: a 500-player Swiss, the app's case of a parameter change).
//!
//! `cargo bench --bench brent_large -- --stages FILE…`: a CSV file to JSON as the command
//! line's `rate --method brent FILE --format json` takes it (the file in 1 MB pieces into the
//! job's reader, the fit at the defaults, the JSON written to a discarding writer), each stage
//! timed: reading; the setup, and in it the pairs and the diagnosis (each also timed alone);
//! the iterations; the result (standard errors, rows, ranks); the JSON. The best of
//! `--runs N` (3).

use ratings_engine::diagnose::analyse;
use ratings_engine::job::{Job, Settings};
use ratings_engine::methods::brent::{snapshot, solver};
use ratings_engine::pairs::Pairs;
use ratings_engine::{BrentParams, Dataset, MethodKind, Scale, Variant};
use std::time::Instant;

// The tests' seeded generator (SplitMix64), so benches and tests make data one way.
#[path = "../tests/common/mod.rs"]
mod common;
use common::Rng;

/// A league with Bradley–Terry outcomes, log-strengths ~ N(0, spread²), 20 % draws; `near`:
/// each game's second player within `players / 20` places of the first in strength order
/// (the tests' [`common::near_league`]).
fn league(players: usize, games: usize, spread: f64, near: bool) -> Dataset {
    if near {
        return common::near_league(players, games, 2010, spread);
    }
    let mut rng = Rng::new(2010);
    let strength: Vec<f64> = (0..players).map(|_| rng.normal(spread)).collect();
    let names: Vec<String> = (0..players).map(|i| format!("p{i}")).collect();
    let mut d = Dataset::new();
    for name in &names {
        d.player(name);
    }
    for _ in 0..games {
        let a = rng.below(players);
        let mut b = rng.below(players);
        while b == a {
            b = rng.below(players);
        }
        let s = common::play(&mut rng, strength[a], strength[b]);
        d.add_game(&names[a], &names[b], s);
    }
    d
}

/// Peak resident memory in MB since the last reset (Linux), and a reset.
fn peak_mb() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let kb: f64 = status.lines().find(|l| l.starts_with("VmHWM:")).and_then(|l| l.split_whitespace().nth(1)?.parse().ok()).unwrap_or(0.0);
    kb / 1024.0
}

fn reset_peak() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

/// Milliseconds for one plain streaming read of the pairs' arrays (`a`, `b`, `ab`, `ba`, and
/// the strengths at both ends, each pair's points times the other end's strength, summed),
/// the best of several: what a pass must read, without its arithmetic and writes.
fn streaming_read_ms(d: &Dataset) -> f64 {
    let s = solver(d, &BrentParams::default()).expect("valid");
    let p = &s.problem.s;
    let x = vec![1.0f64; s.problem.nodes];
    let mut best = f64::INFINITY;
    let mut total = 0.0;
    for _ in 0..10 {
        let t = Instant::now();
        // Four running sums, so the read is limited by memory, not by one chain of additions.
        let mut acc = [0.0f64; 4];
        let chunks = p.a.chunks(4).zip(p.b.chunks(4)).zip(p.ab.chunks(4)).zip(p.ba.chunks(4));
        for (((a, b), ab), ba) in chunks {
            for l in 0..a.len() {
                acc[l] += ab[l] * x[b[l] as usize] + ba[l] * x[a[l] as usize];
            }
        }
        total += acc.iter().sum::<f64>();
        best = best.min(t.elapsed().as_secs_f64() * 1e3);
    }
    assert!(total.is_finite());
    best
}

/// Milliseconds for one pass of the shared kernel (`sweep`) over the pairs, the best of ten:
/// as Algorithm 1 runs it, and with the row sums and likelihood the accelerated iteration's
/// safeguard needs.
fn kernel_ms(d: &Dataset) -> (f64, f64) {
    use ratings_engine::methods::brent::sweep::sweep;
    let s = solver(d, &BrentParams::default()).expect("valid");
    let p = &s.problem.s;
    let x: Vec<f64> = (0..s.problem.nodes).map(|i| 1.0 + (i % 7) as f64 * 0.1).collect();
    let mut nodes = Vec::new();
    let best = |f: &mut dyn FnMut() -> f64| {
        let mut best = f64::INFINITY;
        for _ in 0..10 {
            let t = Instant::now();
            assert!(f().is_finite());
            best = best.min(t.elapsed().as_secs_f64() * 1e3);
        }
        best
    };
    let plain = best(&mut || sweep::<false, false>(p, &x, &mut nodes) + nodes[0].num);
    let full = best(&mut || sweep::<true, true>(p, &x, &mut nodes) + nodes[0].num);
    (plain, full)
}

fn run(d: &Dataset, variant: Variant, gamma: f64, read_ms: f64) {
    reset_peak();
    let params = BrentParams { variant, sigma: 0.3, gamma, eps: 1e-8, max_iter: 5_000 };
    let t = Instant::now();
    let mut s = solver(d, &params).expect("valid");
    let setup = t.elapsed().as_secs_f64();
    let t = Instant::now();
    let mut step_ms = Vec::new();
    loop {
        let step = Instant::now();
        if s.step().is_none() {
            break;
        }
        step_ms.push(step.elapsed().as_secs_f64() * 1e3);
    }
    let iterate = t.elapsed().as_secs_f64();
    let (iters, passes) = (s.steps().len(), s.passes());
    let r = snapshot(&s, d, &params, &Scale::default()).expect("rates");
    // The median step, spread over the passes a step makes on average: as steady a figure as
    // the read's best of ten, where the total over a few dozen steps moves with the machine.
    step_ms.sort_by(f64::total_cmp);
    let median = step_ms.get(step_ms.len() / 2).copied().unwrap_or(0.0);
    let per_pass = median * iters as f64 / passes.max(1) as f64;
    println!(
        "{:<11} γ={gamma:<3} setup {setup:5.2} s | {iters:>5} iterations {passes:>5} passes | {per_pass:6.2} ms/pass ({:4.1}× a read) | iterating {iterate:6.2} s, total {:6.2} s | {:?}, residual {:.0e}, rated {} | peak {:.0} MB",
        variant.name(),
        per_pass / read_ms,
        setup + iterate,
        r.report.stop,
        r.report.final_residual,
        r.players.iter().filter(|p| p.rating.is_some()).count(),
        peak_mb(),
    );
}

/// A 500-player, 9-round Swiss (spread 1.5): the app's case of a parameter change, where a
/// fit must take milliseconds. Prints the fit's time (the best of 20) and the standard
/// errors' for each variant.
fn swiss_case() {
    let d = common::swiss(500, 9, 5);
    for variant in [Variant::Alg1, Variant::Accelerated] {
        for gamma in [0.0, 1.0] {
            let params = BrentParams { variant, sigma: 0.4, gamma, eps: 1e-9, max_iter: 10_000 };
            let (mut fit_ms, mut passes) = (f64::INFINITY, 0);
            for _ in 0..20 {
                let t = Instant::now();
                let mut s = solver(&d, &params).expect("valid");
                while s.step().is_some() {}
                fit_ms = fit_ms.min(t.elapsed().as_secs_f64() * 1e3);
                passes = s.passes();
            }
            let s = {
                let mut s = solver(&d, &params).expect("valid");
                while s.step().is_some() {}
                s
            };
            let t = Instant::now();
            let r = snapshot(&s, &d, &params, &Scale::default()).expect("rates");
            let finish_ms = t.elapsed().as_secs_f64() * 1e3;
            println!(
                "swiss 500×9 {:<11} γ={gamma:<3} {passes:>5} passes | fit {fit_ms:6.2} ms | result with standard errors {finish_ms:6.2} ms | {:?}",
                variant.name(),
                r.report.stop
            );
        }
    }
}

/// The seconds `f` takes, and its value.
fn timed<T>(f: impl FnOnce() -> T) -> (f64, T) {
    let t = Instant::now();
    let v = f();
    (t.elapsed().as_secs_f64(), v)
}

/// A file read as the command line reads it (`job::file`: in pieces, a large file in two
/// parts at once).
fn read_job(path: &str, settings: &Settings) -> Job {
    ratings_engine::job::file::read_path(std::path::Path::new(path), settings).expect("a games file")
}

/// One run of the stages on `path`: (stage, seconds) in order, and the JSON's length.
fn stage_run(path: &str) -> (Vec<(&'static str, f64)>, usize) {
    // As the command line sets them: γ as given (not EIG's rule), the engine's default iteration.
    let mut settings = Settings { method: MethodKind::Brent, gamma_as_eig: false, ..Default::default() };
    settings.params.brent.variant = BrentParams::default().variant;
    let (read, job) = timed(|| read_job(path, &settings));
    let data = &job.input.dataset;
    let params = settings.params.brent.clone();
    let n = data.players.len();
    let games = || data.games.iter().map(|g| (g.first(), g.second(), g.score));
    let (pairs, full) = timed(|| Pairs::from_games(n, games()));
    let names: Vec<String> = data.players.iter().map(|p| p.name.clone()).collect();
    let none = vec![false; n];
    let (diagnosis, _) = timed(|| analyse(&full, &names, params.gamma, &none, &none));
    drop((full, names));
    let (setup, running) = timed(|| job.start().expect("the fit starts"));
    let mut running = running;
    let (iterate, _) = timed(|| running.advance(&mut || true));
    let (result, finished) = timed(|| running.finish());
    let rating = finished.rating.expect("rated");
    let mut out = CountingSink(0);
    let (json, _) = timed(|| {
        let mut w = std::io::BufWriter::with_capacity(1 << 16, &mut out);
        ratings_engine::export::write_json(&rating, &mut w).expect("written");
    });
    let stages = vec![
        ("read", read),
        ("setup", setup),
        ("  pairs alone", pairs),
        ("  diagnosis alone", diagnosis),
        ("iterate", iterate),
        ("result", result),
        ("json", json),
        ("total", read + setup + iterate + result + json),
    ];
    (stages, out.0)
}

/// A writer that keeps only the count of bytes (the JSON's size, without holding it).
struct CountingSink(usize);

impl std::io::Write for CountingSink {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0 += buf.len();
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// `--stages FILE…`: each file's stages, the best of `runs` for each.
fn stages_case(files: &[String], runs: usize) {
    for path in files {
        let mut best: Vec<(&'static str, f64)> = Vec::new();
        let mut bytes = 0;
        for _ in 0..runs {
            let (stages, b) = stage_run(path);
            bytes = b;
            if best.is_empty() {
                best = stages;
            } else {
                best.iter_mut().zip(stages).for_each(|(b, s)| b.1 = b.1.min(s.1));
            }
        }
        println!("\n{path}: {bytes} bytes of JSON, the best of {runs} runs (the total: the sum of the stages' bests)");
        for (stage, s) in &best {
            println!("  {stage:<18} {:7.3} s", s);
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if let Some(k) = args.iter().position(|a| a == "--stages") {
        let runs = args.iter().position(|a| a == "--runs").and_then(|r| args.get(r + 1)?.parse().ok()).unwrap_or(3);
        let files: Vec<String> = args[k + 1..].iter().take_while(|a| !a.starts_with("--")).cloned().collect();
        return stages_case(&files, runs);
    }
    if args.iter().any(|a| a == "--swiss") {
        return swiss_case();
    }
    let (quick, all) = (args.iter().any(|a| a == "--quick"), args.iter().any(|a| a == "--all"));
    let sizes: &[(usize, usize)] = if quick { &[(10_000, 100_000)] } else { &[(10_000, 100_000), (100_000, 1_000_000)] };
    let pairings: &[bool] = match (args.iter().any(|a| a == "--random"), args.iter().any(|a| a == "--near")) {
        (true, false) => &[false],
        (false, true) => &[true],
        _ => &[false, true],
    };
    for (&(n, m), &near) in sizes.iter().flat_map(|s| pairings.iter().map(move |p| (s, p))) {
        let t = Instant::now();
        let d = league(n, m, 1.5, near);
        let read_ms = streaming_read_ms(&d);
        println!(
            "\nleague: {n} players, {m} games, spread 1.5, {} pairings (generated in {:.1} s); a streaming read of the pairs takes {read_ms:.2} ms",
            if near { "near" } else { "random" },
            t.elapsed().as_secs_f64()
        );
        let (plain, full) = kernel_ms(&d);
        println!(
            "the pass itself: Algorithm 1's {plain:.2} ms ({:.1}× the read), with the likelihood (the accelerated iteration's) {full:.2} ms ({:.1}×)",
            plain / read_ms,
            full / read_ms
        );
        let classic = all || n <= 10_000;
        for gamma in [0.0, 1.0] {
            for variant in Variant::ALL {
                if classic || matches!(variant, Variant::Alg1 | Variant::Accelerated) {
                    run(&d, variant, gamma, read_ms);
                }
            }
        }
    }
}
