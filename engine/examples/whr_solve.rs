//! A measurement, not a test: Whole-History Rating's solvers on a games file, step by step.
//! The whole-history Newton steps (what the method runs), then, with `--sweeps`, the
//! reference's iteration (over-relaxed player sweeps) run to the same tolerance, and the
//! largest difference of any day's rating between the two in Elo (docs/performance.md,
//! *Whole-History Rating*):
//!
//! ```text
//! cargo run --profile cli -p ratings-engine --example whr_solve -- /tmp/near-100k.csv --sweeps
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
    let t = Instant::now();
    let mut steps = 0;
    for k in 1..=p.max_sweeps {
        let s = whr.newton().expect("a step");
        println!(
            "Newton step {k}: change {:.3e}, gradient {:.3e}, {} CG iterations{}, {:.3} s",
            s.change,
            s.gradient,
            s.iterations,
            if s.solved { "" } else { " (cap)" },
            t.elapsed().as_secs_f64()
        );
        steps = k;
        if s.change <= p.tolerance {
            break;
        }
    }
    println!("{steps} Newton steps in {:.3} s; gradient at the end {:.3e}", t.elapsed().as_secs_f64(), whr.gradient_norm());
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
