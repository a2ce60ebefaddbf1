//! `generate`: random tournaments as TRF-2026 files (the engine's `generate`), one to standard
//! output or a file, or a batch (`--count N --out DIR/%d.trf`).

use crate::args::{GenAccelerationArg, GenColourArg, GenerateArgs, PabArg, PointsArg, SystemArg};
use ratings_engine::codes::Tiebreak;
use ratings_engine::desk::register::{Pab, Points};
use ratings_engine::generate::{generate, Acceleration, GenerateError, Pairing, Params};
use ratings_engine::tournament::Colour;

/// Runs `generate`: the file's text when written to standard output, else what was written.
pub fn run(args: &GenerateArgs) -> Result<String, String> {
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64 % 1_000_000_000)
    });
    let base = params(args, seed)?;
    match (&args.out, args.count) {
        (_, 0) => Err("--count: expected at least 1 tournament, found 0".into()),
        (None, 1) => generate(&base).map(|g| g.text).map_err(|e| e.to_string()),
        (None, _) => Err("--count: more than one tournament needs --out with %d (--out dir/%d.trf)".into()),
        (Some(out), count) => batch(&base, out, count),
    }
}

/// How many seeds in a row a batch passes over before it stops: parameters that no seed can
/// pair (too many rounds for the field) are then said, not tried for ever.
const MOST_SKIPPED_IN_A_ROW: usize = 100;

/// `count` tournaments written to `out` (its `%d` the tournament's number), from seed
/// `base.seed` on; says what was written. A seed whose tournament cannot be paired to the end
/// (a small field late in an event) is passed over, named on standard error and in the last
/// line, and the next seed taken, so that the batch has its `count` files; a parameter that
/// cannot make any tournament stops it.
fn batch(base: &Params, out: &str, count: usize) -> Result<String, String> {
    if count > 1 && !out.contains("%d") {
        return Err(format!("--out {out}: with --count {count}, expected a pattern with %d (dir/%d.trf)"));
    }
    let (mut seed, mut skipped, mut in_a_row) = (base.seed, Vec::new(), 0);
    for k in 1..=count {
        let g = loop {
            let p = Params { seed, ..base.clone() };
            seed = seed.wrapping_add(1);
            match generate(&p) {
                Ok(g) => break g,
                Err(e @ GenerateError::Round { .. }) if in_a_row < MOST_SKIPPED_IN_A_ROW => {
                    eprintln!("warning: seed {} passed over: {e}", p.seed);
                    skipped.push(p.seed);
                    in_a_row += 1;
                }
                Err(e) => return Err(format!("tournament {k} (seed {}): {e}", p.seed)),
            }
        };
        in_a_row = 0;
        write(&out.replace("%d", &k.to_string()), &g.text)?;
    }
    let last = seed.wrapping_sub(1);
    let mut said = format!("wrote {count} tournament{} (seeds {} to {last}) to {out}\n", if count == 1 { "" } else { "s" }, base.seed);
    if !skipped.is_empty() {
        let seeds: Vec<String> = skipped.iter().map(u64::to_string).collect();
        said += &format!(
            "passed over {} seed{} that could not be paired to the end: {}\n",
            skipped.len(),
            if skipped.len() == 1 { "" } else { "s" },
            seeds.join(", ")
        );
    }
    Ok(said)
}

/// `text` written to `path`, its folder made first.
fn write(path: &str, text: &str) -> Result<(), String> {
    if let Some(dir) = std::path::Path::new(path).parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| format!("--out: cannot make {}: {e}", dir.display()))?;
    }
    std::fs::write(path, text).map_err(|e| format!("--out: cannot write {path}: {e}"))
}

/// The engine's parameters from the flags.
fn params(a: &GenerateArgs, seed: u64) -> Result<Params, String> {
    let tiebreaks = match &a.tiebreaks {
        None => None,
        Some(list) => Some(
            list.split([',', ' '])
                .filter(|c| !c.trim().is_empty())
                .map(|c| Tiebreak::parse(c.trim()).map_err(|e| format!("--tiebreaks: {e}")))
                .collect::<Result<Vec<_>, _>>()?,
        ),
    };
    Ok(Params {
        seed,
        players: a.players,
        rounds: a.rounds,
        pairing: a.system.map(|s| match s {
            SystemArg::Dutch => Pairing::Dutch,
            SystemArg::RoundRobin => Pairing::RoundRobin,
            SystemArg::DoubleRoundRobin => Pairing::DoubleRoundRobin,
        }),
        acceleration: a.acceleration.map(|x| match x {
            GenAccelerationArg::None => Acceleration::None,
            GenAccelerationArg::Baku => Acceleration::Baku,
        }),
        rating_high: a.rating_high,
        rating_low: a.rating_low,
        rating_spread: a.rating_spread,
        unrated: a.unrated,
        ratings: a.ratings.as_ref().map(|r| r.iter().map(|&x| (x > 0).then_some(x)).collect()),
        draw_rate: a.draw_rate,
        white_advantage: a.white_advantage,
        half_point_byes: a.half_point_byes,
        zero_point_byes: a.zero_point_byes,
        full_point_byes: a.full_point_byes,
        forfeits: a.forfeits,
        double_forfeits: a.double_forfeits,
        half_zero: a.half_zero,
        withdrawals: a.withdrawals,
        late_entries: a.late_entries,
        points: a.points.map(|p| match p {
            PointsArg::Standard => Points::Fide,
            PointsArg::ThreeOne => Points::ThreeOne,
        }),
        pab: a.pab.map(|p| match p {
            PabArg::Win => Pab::Win,
            PabArg::Draw => Pab::Draw,
            PabArg::Nothing => Pab::Nothing,
        }),
        tiebreaks,
        forbidden: a.forbidden,
        initial_colour: a.initial_colour.map(|c| match c {
            GenColourArg::White => Colour::White,
            GenColourArg::Black => Colour::Black,
        }),
        teams: a.teams,
        boards: a.boards,
    })
}
