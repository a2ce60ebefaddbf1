//! A measurement, not a test: the native cost of one replay of Elo a game, which the command
//! line's estimate of an evaluation multiplies by each method's passes
//! ([`ratings_engine::methods::cost::Runtime::seconds_per_game_pass`]), and each method's own
//! cost in such replays, set beside the `passes` its `About` says. Run natively with the
//! command line's profile (docs/performance.md, *Evaluation's estimate*):
//!
//! ```text
//! cargo run --profile cli -p ratings-engine --example evaluate_cost -- 100000 1000000 brent,glicko2
//! cargo run --profile cli -p ratings-engine --example evaluate_cost -- 100000 1000000 whr 1825
//! ```
//!
//! A league of `PLAYERS` players (default 100,000) and `GAMES` games (default 1,000,000) as
//! `scripts/leagues.py --pairing random` writes them (log-strengths N(0, 1.5²), 20 % draws,
//! random pairs; its own seeded generator, not Python's), Elo fit three times (the fastest
//! counts), then each method named fit once (with a fourth argument `DAYS`, the games dated over
//! that many days in their order: WHR's cost on a dated history), then one rolling evaluation of Elo (10 blocks):
//! its time against the estimate's.

#[path = "support/random_league.rs"]
mod random_league;

use random_league::{dated, league};
use ratings_engine::evaluation::run::{estimate_seconds, games_fit, EvaluationRun, Items};
use ratings_engine::methods::cost::Runtime;
use ratings_engine::methods::{rate, MethodKind};
use ratings_engine::{Dataset, Method, Options};
use std::time::Instant;

/// Seconds of processor time this thread has run (Linux's `/proc/thread-self/schedstat`, in
/// nanoseconds), or NaN elsewhere: on a shared machine the wall clock counts the others' work.
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").unwrap_or_default();
    stat.split_whitespace().next().and_then(|n| n.parse::<f64>().ok()).map_or(f64::NAN, |ns| ns * 1e-9)
}

/// The time `work` takes: (wall clock, processor) seconds.
fn timed<T>(work: impl FnOnce() -> T) -> ((f64, f64), T) {
    let (start, cpu) = (Instant::now(), cpu_seconds());
    let out = work();
    ((start.elapsed().as_secs_f64(), cpu_seconds() - cpu), out)
}

/// The time one fit of `method` takes on `data`: (wall clock, processor) seconds.
fn fit_seconds(data: &Dataset, method: &Method) -> (f64, f64) {
    let (s, rating) = timed(|| rate(data, method, &Options::default()));
    if let Err(e) = rating {
        eprintln!("{}: {e}", method.kind().name());
    }
    s
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize, default: usize| args.get(i).and_then(|a| a.parse().ok()).unwrap_or(default);
    let (players, games) = (number(0, 100_000), number(1, 1_000_000));
    let methods: Vec<MethodKind> = args.get(2).map_or(Vec::new(), |m| m.split(',').filter_map(|n| n.parse().ok()).collect());
    let days = number(3, 0);
    let data = match days {
        0 => league(players, games),
        days => dated(league(players, games), days),
    };
    let elo = Method::default_for(MethodKind::Elo);
    let (wall, best) = (0..3).map(|_| fit_seconds(&data, &elo)).fold((f64::INFINITY, f64::INFINITY), |a, b| (a.0.min(b.0), a.1.min(b.1)));
    let per_game = best / games as f64;
    println!("{players} players, {games} games: Elo's replay {best:.3} s of processor time ({wall:.3} s wall clock; fastest of 3), {per_game:.2e} s a game");
    for kind in methods {
        let m = Method::default_for(kind);
        let (wall, cpu) = fit_seconds(&data, &m);
        let passes = m.kind().words().passes.native;
        println!(
            "{}: {cpu:.3} s ({wall:.3} s wall clock), {:.1} replays of Elo (its About says {passes} natively)",
            kind.name(),
            cpu / best
        );
    }
    let (holdout, rolling) = (0.2, 10);
    let ((wall, cpu), e) = timed(|| EvaluationRun::new(&data, std::slice::from_ref(&elo), &Options::default(), holdout, rolling).run());
    let estimate = estimate_seconds(Items::of(&data), holdout, rolling, std::slice::from_ref(&elo), Runtime::Native)
        / Runtime::Native.seconds_per_game_pass()
        * per_game;
    let fitted = games_fit(games, holdout, rolling);
    println!(
        "evaluate elo --rolling {rolling}: {cpu:.3} s ({wall:.3} s wall clock; {} method scored), estimated {estimate:.3} s at this run's Elo: {:.2} replays a game fit (1 the fit, the rest each fit's overhead)",
        e.methods.len(),
        cpu / (fitted * per_game)
    );
}
