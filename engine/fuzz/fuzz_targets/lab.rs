//! The simulation lab's parameters (what the app's lab form and `ratings-lab simulate` send):
//! a `Setup` and the methods read from the bytes, any numbers at all (NaN, ±∞, huge). The
//! setup's check must refuse what cannot be run, with a message, and never panic; a setup it
//! accepts is then run at a small size (a few players and repetitions, so each run is quick:
//! the point is the validation and the arithmetic, not the size) and every measure reported
//! must be finite and in its range.
#![no_main]
use libfuzzer_sys::fuzz_target;
use ratings_engine::evaluation::simulate::{simulate, Outcome, Schedule, Setup};
use ratings_engine::job::Settings;
use ratings_engine::{MethodKind, Options, Variant};
use ratings_engine_fuzz::Bytes;

/// The schedule: by its parts, or by its name as the command line reads it (`swiss:7`).
fn schedule(b: &mut Bytes) -> Option<Schedule> {
    match b.u8() % 6 {
        0 => Some(Schedule::RoundRobin),
        1 => Some(Schedule::DoubleRoundRobin),
        2 => Some(Schedule::Swiss { rounds: b.u32() as usize }),
        3 => Some(Schedule::Random { games: b.u32() as usize }),
        _ => {
            let len = b.u8() as usize % 24;
            let name: Vec<u8> = (0..len).map(|_| b.u8()).collect();
            String::from_utf8_lossy(&name).parse().ok()
        }
    }
}

/// One to three methods, each with one parameter from the bytes.
fn methods(b: &mut Bytes) -> Vec<ratings_engine::Method> {
    (0..1 + b.u8() % 3)
        .map(|_| {
            let mut s = Settings::default();
            s.method = MethodKind::ALL[b.u8() as usize % MethodKind::ALL.len()];
            s.params.brent.variant = Variant::ALL[b.u8() as usize % Variant::ALL.len()];
            s.params.brent.max_iter = 500;
            s.params.jrank.max_iter = 500;
            s.params.aga.max_iter = 500;
            let x = b.f64();
            s.params.whr.max_sweeps = 200;
            match b.u8() % 11 {
                8 => s.params.glicko2.tau = x,
                9 => s.params.glicko.c = Some(x),
                10 => s.params.whr.w2 = x,
                0 => s.params.brent.sigma = x,
                1 => s.params.brent.gamma = x,
                2 => s.params.elo.k = x,
                3 => s.params.elo.zeta = x,
                4 => s.params.multi_elo.k = x,
                5 => s.params.jrank.p = x,
                6 => s.params.jrank.damping = x,
                _ => s.params.aga.eps = x,
            }
            s.method()
        })
        .collect()
}

/// The same setup, small: at most 12 players, 3 repetitions, 200 random games.
fn small(s: &Setup) -> Setup {
    let players = s.players.min(12);
    let schedule = match s.schedule {
        Schedule::Swiss { rounds } => Schedule::Swiss { rounds: rounds.min(players - 1) },
        Schedule::Random { games } => Schedule::Random { games: games.min(200) },
        other => other,
    };
    Setup { players, schedule, clusters: s.clusters.min(players), repetitions: s.repetitions.min(3), ..s.clone() }
}

fn check_outcome(o: &Outcome, players: usize, repetitions: usize) {
    let within = |x: Option<f64>, lo: f64, hi: f64, what: &str| {
        if let Some(x) = x {
            assert!(x.is_finite() && (lo - 1e-9..=hi + 1e-9).contains(&x), "{}: {what} {x}", o.label);
        }
    };
    within(o.kendall_tau.mean, -1.0, 1.0, "τ");
    within(o.kendall_tau.sd, 0.0, 2.0, "τ's sd");
    within(o.top1_share, 0.0, 1.0, "top-1 share");
    within(o.mean_abs_rank_error.mean, 0.0, players as f64, "rank error");
    within(o.mean_abs_rank_error.sd, 0.0, players as f64, "rank error's sd");
    assert!(o.failures <= repetitions, "{}: {} failures", o.label, o.failures);
    assert_eq!(o.failures > 0, o.failure.is_some(), "{}: a failure says why", o.label);
}

fuzz_target!(|bytes: &[u8]| {
    let mut b = Bytes(bytes);
    let Some(schedule) = schedule(&mut b) else { return };
    let setup = Setup {
        players: b.u16() as usize,
        schedule,
        spread: b.f64(),
        clusters: b.u8() as usize,
        draws: b.f64(),
        repetitions: b.u32() as usize,
        seed: b.u64(),
        drift: b.f64(),
    };
    let methods = methods(&mut b);
    if let Err(e) = setup.check() {
        let message = e.to_string();
        assert!(!message.is_empty() && message.len() < 300, "{message}");
        return;
    }
    let small = small(&setup);
    small.check().unwrap_or_else(|e| panic!("{setup:?} passes, made small it does not: {e}"));
    let run = simulate(&small, &methods, &Options::default(), &mut |_| true);
    assert_eq!(run.completed, small.repetitions);
    assert_eq!(run.methods.len(), methods.len());
    for o in run.methods.iter().chain([&run.baseline]) {
        check_outcome(o, small.players, small.repetitions);
    }
    serde_json::to_string(&run).expect("the lab's results serialise");
});
