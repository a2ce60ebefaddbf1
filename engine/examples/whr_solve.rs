//! A measurement, not a test: Whole-History Rating's solvers on a games file, step by step.
//! The whole-history Newton steps (what the method runs), then, with `--sweeps`, the
//! reference's iteration (over-relaxed player sweeps) run to the same tolerance, and the
//! largest difference of any day's rating between the two in Elo (docs/performance.md,
//! *Whole-History Rating*); with `--warm-from N`, the whole refit warm from the fit of its
//! first `N` games (a rolling evaluation's next block: `Whr::warm_after`), step by step, and
//! its largest difference from the cold fit:
//!
//! ```text
//! cargo run --profile cli -p ratings-engine --example whr_solve -- /tmp/near-100k.csv --sweeps
//! cargo run --profile cli -p ratings-engine --example whr_solve -- /tmp/near-100k.csv --warm-from 98000
//! ```

use ratings_engine::methods::periods::whr::{Whr, WhrParams};
use ratings_engine::methods::periods::Periods;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let Some(path) = args.get(1) else {
        eprintln!("usage: whr_solve FILE [--sweeps]");
        return;
    };
    let text = std::fs::read_to_string(path).expect("the file");
    let data = ratings_engine::parse::parse_csv(&text, &Default::default()).expect("a games file").dataset;
    let (periods, _, _) = Periods::by_day(&data);
    let p = WhrParams::default();
    let t = Instant::now();
    let mut whr = Whr::new(&periods, &p).expect("the days");
    println!("days built in {:.3} s", t.elapsed().as_secs_f64());
    newton(&mut whr, &p, "cold");
    if let Some(n) = args.iter().position(|a| a == "--warm-from").and_then(|k| args.get(k + 1)?.parse::<usize>().ok()) {
        let mut first = data.clone();
        first.games.truncate(n);
        let (earlier, _, _) = Periods::by_day(&first);
        let mut before = Whr::new(&earlier, &p).expect("the days");
        newton(&mut before, &p, &format!("the first {n} games, cold"));
        let mut warm = Whr::new(&periods, &p).expect("the days");
        warm.warm_after(&before.timed());
        newton(&mut warm, &p, "warm");
        let mut most = 0.0f64;
        for i in 0..periods.players {
            for (a, b) in whr.history(i).iter().zip(warm.history(i)) {
                most = most.max((a.elo - b.elo).abs());
            }
        }
        println!("largest difference of a day's rating, warm against cold: {most:.3e} Elo");
    }
    if !args.iter().any(|a| a == "--sweeps") {
        return;
    }
    let t = Instant::now();
    let mut reference = Whr::new(&periods, &p).expect("the days");
    let sweeps = reference.fit_by_sweeps(&WhrParams { max_sweeps: 100_000, ..p.clone() }).expect("the sweeps");
    println!("{sweeps} sweeps in {:.3} s; gradient at the end {:.3e}", t.elapsed().as_secs_f64(), reference.gradient_norm());
    let mut most = 0.0f64;
    for i in 0..periods.players {
        for (a, b) in whr.history(i).iter().zip(reference.history(i)) {
            most = most.max((a.elo - b.elo).abs());
        }
    }
    println!("largest difference of a day's rating: {most:.3e} Elo");
}

/// Newton steps on `whr` to the tolerance, each printed.
fn newton(whr: &mut Whr, p: &WhrParams, label: &str) {
    let t = Instant::now();
    let (mut steps, mut iterations) = (0, 0);
    for k in 1..=p.max_sweeps {
        let s = whr.newton().expect("a step");
        println!(
            "{label}: Newton step {k}: change {:.3e}, gradient {:.3e}, {} CG iterations{}, {:.3} s",
            s.change,
            s.gradient,
            s.iterations,
            if s.solved { "" } else { " (cap)" },
            t.elapsed().as_secs_f64()
        );
        (steps, iterations) = (k, iterations + s.iterations);
        if s.change <= p.tolerance {
            break;
        }
    }
    println!(
        "{label}: {steps} Newton steps ({iterations} CG iterations) in {:.3} s; gradient at the end {:.3e}",
        t.elapsed().as_secs_f64(),
        whr.gradient_norm()
    );
}
