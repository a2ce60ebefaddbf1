//! Ratings through time (issue 23), against independent references:
//!
//! * R package PlayerRatings 1.1-0's `glicko`, `glicko2` and `steph` on its AFL data (675
//!   games of 18 teams, rating periods = `Week`), their full-precision outputs to 10⁻⁶ with
//!   PlayerRatings' conventions. The data and outputs are GPL-3: read in place from
//!   `../shared/data/playerratings_afl_riichi` and skipped, saying so, when absent.
//! * Whole-History Rating: the test of the original implementation (P. Schwamb's
//!   `whole_history_rating`, MIT): two Go players, five games over four days, 50 sweeps: each
//!   day's Elo and variance ×100 as it prints them; and on a generated league the fit meets its
//!   own optimality conditions (the log-posterior's gradient below 10⁻⁸).
//!
//! Glickman's worked examples are unit tests beside the methods (`periods::glicko`,
//! `periods::glicko2`).

use ratings_engine::methods::fit::Part;
use ratings_engine::methods::periods::glicko::{glicko, GlickoParams};
use ratings_engine::methods::periods::glicko2::{glicko2, Glicko2Params};
use ratings_engine::methods::periods::stephenson::{stephenson, StephensonParams};
use ratings_engine::methods::periods::whr::{Whr, WhrParams};
use ratings_engine::methods::periods::{Convention, PeriodGame, PeriodLength, Periods, Standing};
use ratings_engine::StopReason;
use std::collections::HashMap;

const AFL: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/data/playerratings_afl_riichi");

/// A CSV line's fields, quotes removed (the files quote names, never with commas inside).
fn fields(line: &str) -> Vec<String> {
    line.split(',').map(|f| f.trim().trim_matches('"').to_string()).collect()
}

/// The AFL games as rating periods by week, and the teams' names by index; `None` without
/// the data.
fn afl() -> Option<(Periods, Vec<String>)> {
    let Ok(text) = std::fs::read_to_string(format!("{AFL}/aflodds.csv")) else {
        eprintln!("skipped: PlayerRatings' AFL goldens are not at {AFL} (GPL data kept outside the repository)");
        return None;
    };
    let mut names: Vec<String> = Vec::new();
    let index = |name: &str, names: &mut Vec<String>| match names.iter().position(|n| n == name) {
        Some(i) => i,
        None => {
            names.push(name.to_string());
            names.len() - 1
        }
    };
    let mut periods: Vec<(i64, Vec<PeriodGame>)> = Vec::new();
    for line in text.lines().skip(1) {
        let f = fields(line);
        let week: i64 = f[1].parse().unwrap();
        let (first, second) = (index(&f[2], &mut names), index(&f[3], &mut names));
        let game = PeriodGame::new(first, second, f[6].parse().unwrap());
        match periods.last_mut() {
            Some((w, games)) if *w == week => games.push(game),
            _ => periods.push((week, vec![game])),
        }
    }
    Some((Periods::from_lists(names.len(), periods), names))
}

/// A golden file's rows: team → (rating, deviation, volatility if given, games).
fn golden(file: &str) -> HashMap<String, (f64, f64, Option<f64>, u32)> {
    let text = std::fs::read_to_string(format!("{AFL}/{file}")).unwrap();
    let mut lines = text.lines();
    let head = fields(lines.next().unwrap());
    let col = |name: &str| head.iter().position(|h| h == name);
    let (vol, games) = (col("Volatility"), col("Games").unwrap());
    lines
        .map(|l| {
            let f = fields(l);
            (f[0].clone(), (f[1].parse().unwrap(), f[2].parse().unwrap(), vol.map(|v| f[v].parse().unwrap()), f[games].parse().unwrap()))
        })
        .collect()
}

fn assert_agrees(file: &str, names: &[String], ours: &[Standing]) {
    let want = golden(file);
    assert_eq!(want.len(), names.len(), "{file}: every team");
    for (name, s) in names.iter().zip(ours) {
        let &(rating, deviation, volatility, games) = want.get(name).unwrap_or_else(|| panic!("{file}: {name} missing"));
        assert_eq!(s.games, games, "{file}: {name}'s games");
        assert!((s.rating - rating).abs() < 1e-6, "{file}: {name}'s rating {} against {rating}", s.rating);
        assert!((s.deviation - deviation).abs() < 1e-6, "{file}: {name}'s deviation {} against {deviation}", s.deviation);
        if let Some(v) = volatility {
            let ours = s.volatility.unwrap();
            assert!((ours - v).abs() < 1e-9, "{file}: {name}'s volatility {ours} against {v}");
        }
    }
}

#[test]
fn glicko_reproduces_playerratings_on_the_afl_data() {
    let Some((data, names)) = afl() else { return };
    let p = GlickoParams {
        initial_rating: 2200.0,
        initial_deviation: 300.0,
        c: Some(15.0),
        max_deviation: 350.0,
        convention: Convention::PlayerRatings,
        ..GlickoParams::default()
    };
    assert_agrees("expected_glicko_afl.csv", &names, &glicko(&data, &p).unwrap());
}

#[test]
fn glicko2_reproduces_playerratings_on_the_afl_data() {
    let Some((data, names)) = afl() else { return };
    let p = Glicko2Params {
        initial_rating: 2200.0,
        initial_deviation: 300.0,
        initial_volatility: Some(0.15),
        tau: 1.2,
        max_deviation: 350.0,
        convention: Convention::PlayerRatings,
        ..Glicko2Params::default()
    };
    assert_agrees("expected_glicko2_afl.csv", &names, &glicko2(&data, &p).unwrap());
}

#[test]
fn stephenson_reproduces_playerratings_on_the_afl_data() {
    let Some((data, names)) = afl() else { return };
    let p = StephensonParams { initial_rating: 2200.0, initial_deviation: 300.0, ..StephensonParams::default() };
    assert_agrees("expected_steph_afl.csv", &names, &stephenson(&data, &p).unwrap());
}

/// `whole_history_rating`'s `test_output`: shusaku (black) against shusai (white); days 1–4,
/// shusaku winning the first game and losing the four after (two on day 4); 50 sweeps.
#[test]
fn whr_reproduces_the_original_implementations_test() {
    let (shusai, shusaku) = (0, 1);
    let game = |black_won: bool| PeriodGame::new(shusaku, shusai, if black_won { 1.0 } else { 0.0 });
    let data = Periods::from_lists(
        2,
        vec![(1, vec![game(true)]), (2, vec![game(false)]), (3, vec![game(false)]), (4, vec![game(false), game(false)])],
    );
    let p = WhrParams { max_sweeps: 50, tolerance: 0.0, ..WhrParams::default() };
    let mut whr = Whr::new(&data, &WhrParams::default()).unwrap();
    whr.fit(&p).unwrap();
    let printed = |i: usize| -> Vec<(i64, i64, i64)> {
        whr.history(i).iter().map(|d| (d.time, d.elo.round() as i64, (d.variance * 100.0).round() as i64)).collect()
    };
    assert_eq!(printed(shusaku), [(1, -92, 71), (2, -94, 71), (3, -95, 71), (4, -96, 72)]);
    assert_eq!(printed(shusai), [(1, 92, 71), (2, 94, 71), (3, 95, 71), (4, 96, 72)]);
}

/// The days are built from the periods once (each player's days and each day's games in flat
/// arrays): periods that share a time are one day, a player without games has no days, and the
/// players' indices are kept; the fit is the same, to the bit, as with the day's games in one
/// period.
#[test]
fn whr_makes_one_day_of_the_periods_that_share_a_time() {
    let (shusai, shusaku, idle) = (0, 2, 1);
    let game = |black_won: bool| PeriodGame::new(shusaku, shusai, if black_won { 1.0 } else { 0.0 });
    let one = Periods::from_lists(
        3,
        vec![(1, vec![game(true)]), (2, vec![game(false)]), (3, vec![game(false)]), (4, vec![game(false), game(false)])],
    );
    let split = Periods::from_lists(
        3,
        vec![(1, vec![game(true)]), (2, vec![game(false)]), (3, vec![game(false)]), (4, vec![game(false)]), (4, vec![game(false)])],
    );
    let p = WhrParams { max_sweeps: 50, tolerance: 0.0, ..WhrParams::default() };
    let fitted = |data: &Periods| {
        let mut whr = Whr::new(data, &WhrParams::default()).unwrap();
        whr.fit(&p).unwrap();
        (0..3).map(|i| whr.history(i)).collect::<Vec<_>>()
    };
    let (a, b) = (fitted(&one), fitted(&split));
    assert_eq!(a, b);
    assert!(a[idle].is_empty());
    assert_eq!(a[shusaku].iter().map(|d| d.time).collect::<Vec<_>>(), [1, 2, 3, 4]);
    assert_eq!(a[shusaku].iter().map(|d| d.elo.round() as i64).collect::<Vec<_>>(), [-92, -94, -95, -96]);
}

/// A generated league: 60 players whose strengths drift, 30 periods, opponents near in
/// strength as often as random.
fn generated_league() -> Periods {
    let mut seed: u64 = 23;
    let mut next = move || {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (seed >> 11) as f64 / (1u64 << 53) as f64
    };
    let n = 60;
    let mut strength: Vec<f64> = (0..n).map(|_| 1.5 * ((0..12).map(|_| next()).sum::<f64>() - 6.0)).collect();
    let mut periods = Vec::new();
    for t in 0..30 {
        let mut games = Vec::new();
        for _ in 0..40 {
            let a = (next() * n as f64) as usize;
            let near = next() < 0.5;
            let b = if near { (a + 1 + (next() * 3.0) as usize) % n } else { (a + 1 + (next() * (n - 1) as f64) as usize) % n };
            let p = 1.0 / (1.0 + (strength[b] - strength[a]).exp());
            let x = next();
            let score = if x < p * 0.9 {
                1.0
            } else if x < p * 0.9 + 0.1 {
                0.5
            } else {
                0.0
            };
            games.push(PeriodGame::new(a, b, score));
        }
        periods.push((t * 2, games));
        strength.iter_mut().for_each(|s| *s += 0.1 * (next() - 0.5));
    }
    Periods::from_lists(n, periods)
}

/// WHR's fit on [`generated_league`] meets its optimality conditions.
#[test]
fn whr_meets_its_optimality_conditions_on_a_generated_league() {
    let data = generated_league();
    let p = WhrParams { tolerance: 1e-13, ..WhrParams::default() };
    let mut whr = Whr::new(&data, &p).unwrap();
    let sweeps = whr.fit(&p).unwrap();
    assert!(sweeps < p.max_sweeps, "converged ({sweeps} sweeps)");
    let g = whr.gradient_norm();
    assert!(g < 1e-8, "the gradient at the fit: {g:e}");
}

/// A league without dates (every game its own period, so a player's days lie thousands of
/// periods apart, loosely linked), 300 players meeting opponents near in level, 3,000 games.
fn loosely_linked_history() -> Periods {
    let mut seed: u64 = 5;
    let mut next = move || {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (seed >> 11) as f64 / (1u64 << 53) as f64
    };
    let n = 300;
    let periods = (0..3000)
        .map(|t| {
            let a = (next() * n as f64) as usize;
            let b = (a + 1 + (next() * 10.0) as usize) % n;
            let p = 1.0 / (1.0 + (3.0 * (b as f64 - a as f64) / n as f64).exp());
            let x = next();
            let score = if x < 0.1 {
                0.5
            } else if x < 0.1 + 0.9 * p {
                1.0
            } else {
                0.0
            };
            (t, vec![PeriodGame::new(a, b, score)])
        })
        .collect();
    Periods::from_lists(n, periods)
}

/// On [`loosely_linked_history`] the reference's sweeps (block Gauss–Seidel) need 408 to move
/// no rating by more than 1e-10; over-relaxed near the optimum, they get there in fewer than
/// half as many, at the optimum (the gradient nil).
#[test]
fn whr_converges_on_a_loosely_linked_history_in_few_sweeps() {
    let p = WhrParams { max_sweeps: 100_000, ..WhrParams::default() };
    let mut whr = Whr::new(&loosely_linked_history(), &p).unwrap();
    let sweeps = whr.fit_by_sweeps(&p).unwrap();
    assert!(sweeps < 200, "{sweeps} sweeps");
    let g = whr.gradient_norm();
    assert!(g < 1e-8, "the gradient at the fit: {g:e}");
}

/// The fit itself (issue 40, item 2): Newton's method on the whole history converges there
/// in a few steps (the sweeps it replaced, `fit_by_sweeps`, take 84), at the optimum.
#[test]
fn whr_fits_a_loosely_linked_history_in_a_few_newton_steps() {
    let p = WhrParams::default();
    let mut whr = Whr::new(&loosely_linked_history(), &p).unwrap();
    let steps = whr.fit(&p).unwrap();
    assert!(steps <= 15, "{steps} Newton steps");
    let g = whr.gradient_norm();
    assert!(g < 1e-10, "the gradient at the fit: {g:e}");
}

/// The whole-history Newton steps and the reference's sweeps, each run to 1e-13, give every
/// day's rating within 1e-9 Elo and its variance within 1e-9 (relative) on every history the
/// WHR tests use: the solver changed, the answer did not.
#[test]
fn whr_newton_steps_agree_with_the_reference_sweeps() {
    let game = |black_won: bool| PeriodGame::new(1, 0, if black_won { 1.0 } else { 0.0 });
    let two = Periods::from_lists(
        2,
        vec![(1, vec![game(true)]), (2, vec![game(false)]), (3, vec![game(false)]), (4, vec![game(false), game(false)])],
    );
    let p = WhrParams { tolerance: 1e-13, max_sweeps: 100_000, ..WhrParams::default() };
    for (name, data) in [("two players", two), ("generated league", generated_league()), ("loosely linked", loosely_linked_history())] {
        let mut newton = Whr::new(&data, &p).unwrap();
        let steps = newton.fit(&p).unwrap();
        let mut sweeps = Whr::new(&data, &p).unwrap();
        let swept = sweeps.fit_by_sweeps(&p).unwrap();
        assert!(steps < 30 && swept < p.max_sweeps, "{name}: {steps} Newton steps, {swept} sweeps");
        for i in 0..data.players {
            for (a, b) in newton.history(i).iter().zip(sweeps.history(i)) {
                assert_eq!(a.time, b.time);
                assert!((a.elo - b.elo).abs() < 1e-9, "{name}, player {i}: {a:?} against {b:?}");
                assert!((a.variance - b.variance).abs() < 1e-9 * b.variance, "{name}, player {i}: {a:?} against {b:?}");
            }
        }
    }
}

/// The simulation lab's drift gives the time-varying methods something to find: with
/// strengths wandering over 150 rounds, Glicko-2 and WHR order the players by their strength
/// at the end better than Brent's whole-history average does; without drift, the truth is the
/// strengths drawn at the start.
#[test]
fn with_drifting_strengths_the_time_varying_methods_follow_the_end_better() {
    use ratings_engine::evaluation::simulate::{simulate, tournament, Schedule, Setup};
    use ratings_engine::methods::{Method, Options};
    let setup = Setup { players: 30, schedule: Schedule::Random { games: 2250 }, drift: 0.25, repetitions: 6, seed: 7, ..Setup::default() };
    let still = Setup { drift: 0.0, ..setup.clone() };
    let (moved, _, _) = tournament(&setup, 0);
    let (fixed, _, _) = tournament(&still, 0);
    assert_ne!(moved, fixed, "the walks moved the truth");
    let methods = [Method::Brent(Default::default()), Method::Glicko2(Default::default()), Method::Whr(Default::default())];
    let sim = simulate(&setup, &methods, &Options::default(), &mut |_| true);
    let tau: Vec<f64> = sim.methods.iter().map(|m| m.kendall_tau.mean.unwrap()).collect();
    assert!(tau[1] > tau[0] + 0.02 && tau[2] > tau[0] + 0.02, "Brent, Glicko-2, WHR: {tau:?}");
}

/// Tuning searches the period methods' parameters as it does Elo's K: every tunable parameter
/// of the registry, here Glicko-2's τ and WHR's w², on generated games with dates.
#[test]
fn the_period_methods_parameters_are_tuned_out_of_sample() {
    use ratings_engine::evaluation::{tune, Parameter};
    use ratings_engine::methods::{Method, Options};
    let keys: Vec<&str> = Parameter::all().iter().map(|p| p.key()).collect();
    for key in ["elo-k", "brent-gamma", "glicko-c", "glicko2-tau", "steph-lambda", "whr-w2"] {
        assert!(keys.contains(&key), "{key} in {keys:?}");
    }
    let (_, data, _) = ratings_engine::evaluation::simulate::tournament(
        &ratings_engine::evaluation::simulate::Setup {
            players: 20,
            schedule: ratings_engine::evaluation::simulate::Schedule::Random { games: 600 },
            drift: 0.1,
            ..Default::default()
        },
        0,
    );
    for (method, key) in [(Method::Glicko2(Default::default()), "glicko2-tau"), (Method::Whr(Default::default()), "whr-w2")] {
        let p = *Parameter::all().iter().find(|p| p.key() == key).unwrap();
        assert_eq!(p.method(), method.kind());
        let t = tune(&data, &method, &Options::default(), p, &p.grid(), 0.2);
        assert_eq!(t.points.len(), p.grid().len(), "{key}");
        assert!(t.chosen.is_some() && t.points.iter().all(|q| q.held_out.is_some_and(f64::is_finite)), "{key}: {t:?}");
        assert_eq!(serde_json::to_string(&t.parameter).unwrap(), format!("\"{key}\""));
    }
}

/// Rounds that restart each season, with dates (issue 35, item 6): round 1 of 2020 and
/// round 1 of 2021 are a year apart.
const SEASONS: &str = "date,round,white,black,result
2020-03-01,1,Ann,Bob,1-0
2020-03-08,2,Bob,Cid,1-0
2021-03-01,1,Bob,Ann,1-0
2021-03-08,2,Cid,Ann,0-1
";

/// Glicko, Glicko-2, Stephenson and WHR with their defaults.
fn period_methods() -> [ratings_engine::Method; 4] {
    use ratings_engine::Method;
    [
        Method::Glicko(Default::default()),
        Method::Glicko2(Default::default()),
        Method::Stephenson(Default::default()),
        Method::Whr(Default::default()),
    ]
}

/// `text` (a CSV games file) rated by `method`.
fn rate_csv(text: &str, method: &ratings_engine::Method) -> ratings_engine::Rating {
    let data = ratings_engine::parse::parse_csv(text, &Default::default()).unwrap().dataset;
    ratings_engine::rate(&data, method, &Default::default()).unwrap()
}

/// Each player's rating and deviation, by name.
fn by_name(r: &ratings_engine::Rating) -> Vec<(String, Option<f64>, Option<f64>)> {
    let mut rows: Vec<_> = r.players.iter().map(|p| (p.name.clone(), p.rating, p.deviation)).collect();
    rows.sort_by(|a, b| a.0.cmp(&b.0));
    rows
}

/// `text` without its column `k` (counting from 0).
fn without_column(text: &str, k: usize) -> String {
    text.lines().map(|l| l.split(',').enumerate().filter(|(i, _)| *i != k).map(|(_, f)| f).collect::<Vec<_>>().join(",") + "\n").collect()
}

/// `method` with its rating period set to `length` (WHR, whose periods are days, as it is).
fn with_period(method: &ratings_engine::Method, length: PeriodLength) -> ratings_engine::Method {
    use ratings_engine::Method;
    match method.clone() {
        Method::Glicko(p) => Method::Glicko(GlickoParams { period: length, ..p }),
        Method::Glicko2(p) => Method::Glicko2(Glicko2Params { period: length, ..p }),
        Method::Stephenson(p) => Method::Stephenson(StephensonParams { period: length, ..p }),
        other => other,
    }
}

/// Rated by the dates: the rounds in date order give what the dates alone give with the same
/// time between periods. Under Glickman's convention rounds in date order are timed in days,
/// so they equal the dates a day a period; Stephenson counts only periods with games (as
/// PlayerRatings does), so its growth per round is scaled to the median 7 days between rounds,
/// and equals the dates a week a period (each game here in a week of its own). (Before the
/// period's length was a parameter, the dates alone were always a day a period, and the
/// growth per period was not scaled to it: the two compared equal for every method.)
#[test]
fn with_both_rounds_and_dates_the_dates_order_the_rounds_and_it_is_said() {
    let dates_only = without_column(SEASONS, 1);
    let rounds_only = without_column(SEASONS, 0);
    for method in period_methods() {
        let both = rate_csv(SEASONS, &method);
        let same = if matches!(method, ratings_engine::Method::Stephenson(_)) { PeriodLength::Week } else { PeriodLength::Day };
        assert_eq!(by_name(&both), by_name(&rate_csv(&dates_only, &with_period(&method, same))), "{method:?}: rated by the dates");
        assert_ne!(by_name(&both), by_name(&rate_csv(&rounds_only, &method)), "{method:?}: not by the rounds");
        assert!(both.variant.to_string().ends_with("rounds in date order"), "{method:?}: {}", both.variant);
        let said = both.warnings.iter().any(|w| w.contains("both rounds and dates") && w.contains("round 1 of the next season"));
        assert!(said, "{method:?}: {:?}", both.warnings);
        let json = serde_json::to_string(&both).unwrap();
        assert!(json.contains("both rounds and dates"), "{method:?}: the JSON carries it");
    }
}

/// Two rounds on one day (a weekend tournament) stay two periods; a round played over two
/// days (a league's weekend) stays one.
#[test]
fn rounds_in_date_order_keep_a_days_rounds_apart_and_a_weekends_round_together() {
    let text = "date,round,white,black,result
2024-05-04,1,Ann,Bob,1-0
2024-05-04,1,Cid,Dan,1-0
2024-05-04,2,Ann,Cid,1-0
2024-05-04,2,Bob,Dan,1-0
2024-05-05,3,Ann,Dan,0-1
2024-05-06,3,Bob,Cid,1-0
";
    for method in period_methods().into_iter().take(3) {
        let r = rate_csv(text, &method);
        assert_eq!(r.report.iterations, 3, "{method:?}: a period a round");
        assert!(r.warnings.iter().any(|w| w.contains("both rounds and dates")), "{method:?}: {:?}", r.warnings);
        let history = |name: &str| r.players.iter().find(|p| p.name == name).and_then(|p| p.history.clone()).unwrap().len();
        assert_eq!((history("Ann"), history("Bob")), (3, 3), "{method:?}: a rating after each round");
    }
}

/// Every game with a round, not every game with a date: the rounds, and the dates left out
/// are said; the other way round, the dates, and the rounds left out are said.
#[test]
fn a_round_or_a_date_missing_from_some_games_is_said() {
    let undated = SEASONS.replace("2021-03-08", "");
    let unnumbered = SEASONS.replace("2021-03-08,2", "2021-03-08,final");
    for method in period_methods() {
        let r = rate_csv(&undated, &method);
        assert!(r.variant.to_string().ends_with("rounds"), "{method:?}: {}", r.variant);
        assert!(r.warnings.iter().any(|w| w.contains("1 of 4 games has no date")), "{method:?}: {:?}", r.warnings);
        let r = rate_csv(&unnumbered, &method);
        // WHR's periods are days; the others' are chosen from the dates: four games over a
        // year, months (until the period's length was a parameter, days: issue 39, item 5).
        let periods = if matches!(method, ratings_engine::Method::Whr(_)) { "days" } else { "months" };
        assert!(r.variant.to_string().ends_with(periods), "{method:?}: {}", r.variant);
        assert!(r.warnings.iter().any(|w| w.contains("1 of 4 games has no numbered round")), "{method:?}: {:?}", r.warnings);
    }
}

/// `text` rated by `method` with a player list (`--players`) applied.
fn rate_with_list(text: &str, list: &str, method: &ratings_engine::Method) -> ratings_engine::Rating {
    use ratings_engine::parse::{apply_players, parse_csv, parse_players};
    let mut data = parse_csv(text, &Default::default()).unwrap().dataset;
    apply_players(&mut data, &parse_players(list).unwrap(), |r| r, 0.0);
    ratings_engine::rate(&data, method, &Default::default()).unwrap()
}

/// A player list's rating and deviation are a player's start (issue 35, item 6: they were
/// left unused without a word): Ann, listed at 2000 with an RD of 40, loses one game to Bob,
/// a newcomer, and stays near 2000, where from 1500 and 350 she would fall far below.
#[test]
fn a_player_lists_rating_and_deviation_are_the_start() {
    let games = "white,black,result\nAnn,Bob,0-1\n";
    let list = "name,rating,rd\nAnn,2000,40\n";
    for method in period_methods() {
        let plain = rate_csv(games, &method);
        let listed = rate_with_list(games, list, &method);
        let ann = |r: &ratings_engine::Rating| {
            r.players.iter().find(|p| p.name == "Ann").map(|p| (p.rating.unwrap(), p.deviation.unwrap())).unwrap()
        };
        let (rating, deviation) = ann(&listed);
        assert!((1900.0..2000.0).contains(&rating), "{method:?}: Ann from 2000: {rating}");
        assert!(deviation < 60.0 && deviation < ann(&plain).1, "{method:?}: RD from 40: {deviation}");
        assert!(ann(&plain).0 < 1500.0, "{method:?}: Ann from the initial rating: {:?}", ann(&plain));
        assert!(!listed.warnings.iter().any(|w| w.contains("player list")), "{method:?}: {:?}", listed.warnings);
    }
    // A rating without a deviation starts from the initial deviation (WHR: its virtual games
    // against a player of that rating); a deviation over the largest is taken as it, and said.
    for method in period_methods() {
        let r = rate_with_list(games, "name,rating\nAnn,2000\n", &method);
        let rating = r.players.iter().find(|p| p.name == "Ann").and_then(|p| p.rating).unwrap();
        assert!(rating > 1600.0, "{method:?}: {rating}");
    }
    for method in period_methods().into_iter().take(3) {
        let r = rate_with_list(games, "name,rating,rd\nAnn,2000,900\n", &method);
        assert!(r.warnings.iter().any(|w| w.contains("deviation of Ann") && w.contains("taken as 350")), "{method:?}: {:?}", r.warnings);
    }
}

/// Issue 39, item 5: the app's example (the 2023/24 Premier League: dated matchdays, a game a
/// week per team) rated by each period method gives deviations of the order of Brent's
/// standard errors on the same scale (within a factor of 3; with every day a period growing
/// the RD by the per-period c, Glicko gave RDs of 190–260 against Brent's 58–74), and the
/// result says what the periods are and the growth per period used. Without its rounds the
/// league is rated in weeks, chosen from the dates, and says so.
#[test]
fn the_examples_deviations_are_of_the_order_of_brents_standard_errors() {
    use ratings_engine::methods::Method;
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../src/example/premier-league-2023-24.csv")).unwrap();
    let brent = rate_csv(&text, &Method::Brent(Default::default()));
    let se: HashMap<String, f64> = brent.players.iter().map(|p| (p.name.clone(), p.sigma.unwrap())).collect();
    let undated_rounds = without_column(&text, 0);
    for method in period_methods().into_iter().take(3) {
        // Glicko's and Glicko-2's rounds in date order are timed in days; Stephenson counts rounds.
        let per = if matches!(method, Method::Stephenson(_)) { " per round (the default" } else { " per day (the default" };
        for (text, periods, said) in [(&text, "rounds in date order", per), (&undated_rounds, "weeks", "rated in weeks")] {
            let r = rate_csv(text, &method);
            let ratios: Vec<f64> = r.players.iter().map(|p| p.deviation.unwrap() / se[&p.name]).collect();
            let (low, high) = ratios.iter().fold((f64::INFINITY, 0.0f64), |(l, h), &x| (l.min(x), h.max(x)));
            assert!(low > 1.0 / 3.0 && high < 3.0, "{method:?}, {periods}: RD / Brent's standard error from {low:.2} to {high:.2}");
            assert!(r.variant.to_string().ends_with(periods), "{method:?}: {}", r.variant);
            assert!(r.warnings.iter().any(|w| w.contains(said)), "{method:?}: {:?}", r.warnings);
        }
    }
}

/// Games of four players over six weeks: Sunday 28 April 2024 to Saturday 1 June, rounds 1–4
/// (round 3 played on a Monday and again, a postponed game, four weeks later).
const SPRING: &str = "date,round,white,black,result
2024-04-28,1,Ann,Bob,1-0
2024-04-29,1,Cid,Dan,1-0
2024-05-05,2,Ann,Cid,1-0
2024-05-06,3,Bob,Dan,0-1
2024-05-31,3,Ann,Dan,1-0
2024-06-01,4,Bob,Cid,1-0
";

/// The periods `length` makes of `text`: what they are, each one's time and number of games.
fn periods_of(text: &str, length: PeriodLength) -> Result<(String, Vec<(i64, usize)>), String> {
    let data = ratings_engine::parse::parse_csv(text, &Default::default()).unwrap().dataset;
    let (periods, basis, _) = Periods::from_dataset(&data, length).map_err(|e| e.to_string())?;
    Ok((basis.plural().to_string(), periods.iter().map(|(t, g)| (*t, g.len())).collect()))
}

/// Each length groups the games as it says: a day; a week from Monday to Sunday (ISO 8601's:
/// Sunday 28 April ends one week, Monday 29 April starts the next, and Friday 31 May and
/// Saturday 1 June share one); a calendar month; a round (in the dates' order: round 3's
/// postponed game follows round 3's other directly, so it joins it); each game. The periods'
/// times count days, weeks, months or games, so an empty week or month between two is time
/// passing.
#[test]
fn each_period_length_groups_the_games_as_it_says() {
    let sizes = |length| {
        let (basis, periods) = periods_of(SPRING, length).unwrap();
        (basis, periods.iter().map(|p| p.1).collect::<Vec<_>>(), periods.windows(2).map(|w| w[1].0 - w[0].0).collect::<Vec<_>>())
    };
    assert_eq!(sizes(PeriodLength::Day), ("days".into(), vec![1; 6], vec![1, 6, 1, 25, 1]));
    assert_eq!(sizes(PeriodLength::Week), ("weeks".into(), vec![1, 2, 1, 2], vec![1, 1, 3]));
    assert_eq!(sizes(PeriodLength::Month), ("months".into(), vec![2, 3, 1], vec![1, 1]));
    assert_eq!(sizes(PeriodLength::Round).0, "rounds in date order");
    assert_eq!(sizes(PeriodLength::Round).1, vec![2, 1, 2, 1], "a round a period, round 3's two games together");
    assert_eq!(sizes(PeriodLength::Event), ("games".into(), vec![1; 6], vec![1; 5]));
    // Without the dates, rounds; a length of time is refused, saying why.
    let undated = without_column(SPRING, 0);
    assert_eq!(periods_of(&undated, PeriodLength::Round).unwrap().1, vec![(1, 2), (2, 1), (3, 2), (4, 1)]);
    for length in [PeriodLength::Day, PeriodLength::Week, PeriodLength::Month] {
        let e = periods_of(&undated, length).unwrap_err();
        assert!(e.contains(&format!("period = {}", length.name())) && e.contains("6 of 6 games have no date"), "{e}");
    }
    let e = periods_of(&without_column(SPRING, 1), PeriodLength::Round).unwrap_err();
    assert!(e.contains("6 of 6 games have no numbered round; try auto or event"), "{e}");
    // A round's number is a history's time: one past 2³¹ − 1 is not taken as a numbered round.
    let far = undated.replace("\n4,", "\n2147483648,");
    let e = periods_of(&far, PeriodLength::Round).unwrap_err();
    assert!(e.contains("1 of 6 games has no numbered round"), "{e}");
    let near = undated.replace("\n4,", "\n2147483647,");
    assert_eq!(periods_of(&near, PeriodLength::Round).unwrap().1.last(), Some(&(2_147_483_647, 1)));
    // Auto: the rounds when there are some, weeks or months by the dates when there are not.
    assert_eq!(periods_of(SPRING, PeriodLength::Auto).unwrap().0, "rounds in date order");
    assert_eq!(periods_of(&undated, PeriodLength::Auto).unwrap().0, "rounds");
}

/// The default growth follows the period's length, so that a player's deviation after a given
/// time away is about the same whatever the length: Ann plays once, on Wednesday 3 January
/// 2024, and the last games are on Wednesday 8 January 2025 (371 days, 53 weeks, 12 months
/// later). A growth the user sets is kept, per the period chosen, and said.
#[test]
fn a_deviation_after_a_year_away_is_the_same_whatever_the_length() {
    use ratings_engine::Method;
    let text = "date,white,black,result\n2024-01-03,Ann,Bob,1-0\n2025-01-08,Cid,Dan,1-0\n";
    let ann = |method: &Method| {
        let r = rate_csv(text, method);
        (r.players.iter().find(|p| p.name == "Ann").unwrap().deviation.unwrap(), r.warnings)
    };
    for method in period_methods().into_iter().take(2) {
        let lengths = [PeriodLength::Day, PeriodLength::Week, PeriodLength::Month];
        let rd: Vec<f64> = lengths.iter().map(|&l| ann(&with_period(&method, l)).0).collect();
        let (low, high) = rd.iter().fold((f64::INFINITY, 0.0f64), |(l, h), &x| (l.min(x), h.max(x)));
        assert!(high / low < 1.02, "{method:?}: Ann's RD by day, week, month: {rd:?}");
        // Each game a period of its own: the papers' values as stated, per game.
        let said = ann(&with_period(&method, PeriodLength::Event)).1;
        assert!(said.iter().any(|w| w.contains(" per game (the default, as the papers state it per period")), "{said:?}");
    }
    let set = Method::Glicko(GlickoParams { c: Some(20.0), period: PeriodLength::Week, ..GlickoParams::default() });
    let (rd, said) = ann(&set);
    let once = ann(&Method::Glicko(GlickoParams { c: Some(0.0), period: PeriodLength::Week, ..GlickoParams::default() })).0;
    assert!((rd - (once * once + 53.0 * 400.0).sqrt()).abs() < 1e-9, "20 per week for 53 weeks: {rd}");
    assert!(said.iter().any(|w| w == "c = 20.0 per week as set"), "{said:?}");
}

/// Settings kept before the period's length existed wrote the papers' growths as numbers: read
/// back, they are the default (scaled to the period), not a value the user set; another value
/// is the user's.
#[test]
fn a_stored_papers_growth_reads_as_the_default() {
    let old = serde_json::to_string(&GlickoParams::paper_c()).unwrap();
    let p: GlickoParams = serde_json::from_str(&format!(r#"{{"c": {old}, "convention": "Glickman"}}"#)).unwrap();
    assert_eq!((p.c, p.period), (None, PeriodLength::Auto));
    assert_eq!(serde_json::from_str::<GlickoParams>(r#"{"c": 20}"#).unwrap().c, Some(20.0));
    assert_eq!(serde_json::from_str::<Glicko2Params>(r#"{"initial_volatility": 0.06}"#).unwrap().initial_volatility, None);
    assert_eq!(
        serde_json::from_str::<StephensonParams>(r#"{"c": 10, "period": "week"}"#).unwrap(),
        StephensonParams { period: PeriodLength::Week, ..Default::default() }
    );
    let written = serde_json::to_string(&GlickoParams::default()).unwrap();
    assert_eq!(serde_json::from_str::<GlickoParams>(&written).unwrap(), GlickoParams::default(), "{written}");
}

/// A history rated in weeks or months is drawn in days: each point at its period's first day
/// (a Monday, the 1st), so the history chart's date axis places it.
#[test]
fn a_history_in_weeks_or_months_is_timed_by_its_periods_first_day() {
    use ratings_engine::model::day_number;
    let dated = without_column(SPRING, 1);
    for (length, firsts) in [
        (PeriodLength::Week, ["2024-04-22", "2024-04-29", "2024-05-27"]),
        (PeriodLength::Month, ["2024-04-01", "2024-05-01", "2024-05-01"]),
    ] {
        let r = rate_csv(&dated, &with_period(&ratings_engine::Method::Glicko(Default::default()), length));
        let ann = r.players.iter().find(|p| p.name == "Ann").and_then(|p| p.history.clone()).unwrap();
        let times: Vec<Option<i64>> = ann.iter().map(|h| h.time()).collect();
        let mut expected: Vec<Option<i64>> = firsts.iter().map(|d| day_number(d)).collect();
        expected.dedup();
        assert_eq!(times, expected, "{length:?}");
    }
}

/// The games of `data`'s first `upto` periods as a dataset with every one of its players
/// (named `p0`, `p1`, … in index order, as an evaluation's fold keeps every player), each
/// period's games in the round `time + 1` (WHR's day), or undated in input order (each game a
/// day of its own, as on `loosely_linked_history`).
fn dataset_of(data: &Periods, upto: usize, rounds: bool) -> ratings_engine::Dataset {
    let mut d = ratings_engine::Dataset::new();
    let names: Vec<String> = (0..data.players).map(|i| format!("p{i}")).collect();
    for name in &names {
        d.player(name);
    }
    for (t, list) in data.iter().take(upto) {
        for g in list {
            d.add_game(&names[g.first()], &names[g.second()], g.score).set_round(rounds.then(|| (t + 1).to_string()));
        }
    }
    d
}

/// WHR fit on `data` through the one fit interface, warm from `earlier` when given: the
/// Newton steps taken, the ratings, and its iterate by player and time.
fn whr_fit(
    data: &ratings_engine::Dataset,
    earlier: Option<&ratings_engine::methods::fit::Timed>,
) -> (usize, ratings_engine::Rating, Option<ratings_engine::methods::fit::Timed>) {
    let method = ratings_engine::Method::Whr(WhrParams::default());
    let mut fit = ratings_engine::methods::start(data, &method, &Default::default()).unwrap();
    if let Some(earlier) = earlier {
        assert!(fit.warm_after(earlier), "the warm start taken");
    }
    while fit.step().is_some() {}
    assert_eq!(fit.stop_reason(), Some(ratings_engine::StopReason::Converged));
    (fit.steps().len(), fit.finish().unwrap(), fit.timed_iterate())
}

/// The WHR test histories, each as a dataset cut after a share of its periods: (name, the
/// history, whether its days are rounds, the cuts).
fn whr_test_histories() -> Vec<(&'static str, Periods, bool)> {
    let game = |black_won: bool| PeriodGame::new(1, 0, if black_won { 1.0 } else { 0.0 });
    let two = Periods::from_lists(
        2,
        vec![(1, vec![game(true)]), (2, vec![game(false)]), (3, vec![game(false)]), (4, vec![game(false), game(false)])],
    );
    vec![("two players", two, true), ("generated league", generated_league(), true), ("loosely linked", loosely_linked_history(), false)]
}

/// Issue 40, item 4: a rolling evaluation refits WHR on each block's longer history starting
/// from the last block's ratings (`Fit::timed_iterate`, `Fit::warm_after`; new days started as
/// the cold fit starts them). On every WHR test history, cut after half, four fifths and nine
/// tenths of its periods, the warm refit of the whole equals its cold fit within 1e-6 Elo in
/// every rating, history point and deviation (both stop when no rating moves by more than the
/// tolerance, 1e-10 natural-log units, 1.7e-8 Elo; Newton converges quadratically there).
#[test]
fn whr_refit_warm_from_an_earlier_part_of_the_history_equals_the_cold_fit() {
    for (name, history, rounds) in whr_test_histories() {
        let n = history.iter().count();
        let whole = dataset_of(&history, n, rounds);
        let (_, cold, _) = whr_fit(&whole, None);
        for cut in [n / 2, n * 4 / 5, n * 9 / 10] {
            let (_, _, earlier) = whr_fit(&dataset_of(&history, cut, rounds), None);
            let earlier = earlier.expect("WHR's iterate by player and time");
            let (_, warm, _) = whr_fit(&whole, Some(&earlier));
            let mut worst = 0.0f64;
            for a in &cold.players {
                let b = warm.players.iter().find(|b| b.index == a.index).unwrap();
                let close = |x: Option<f64>, y: Option<f64>| match (x, y) {
                    (Some(x), Some(y)) => (x - y).abs(),
                    (None, None) => 0.0,
                    _ => f64::INFINITY,
                };
                worst = worst.max(close(a.rating, b.rating)).max(close(a.deviation, b.deviation));
                let (ha, hb) = (a.history.clone().unwrap_or_default(), b.history.clone().unwrap_or_default());
                assert_eq!(ha.len(), hb.len(), "{name}, cut {cut}");
                for (p, q) in ha.iter().zip(&hb) {
                    assert_eq!((p.game(), p.time()), (q.game(), q.time()));
                    worst = worst.max((p.rating() - q.rating()).abs()).max(close(p.deviation(), q.deviation()));
                }
            }
            eprintln!("{name}, cut after {cut} of {n} periods: warm against cold {worst:e} Elo");
            assert!(worst < 1e-6, "{name}, cut after {cut} of {n} periods: warm against cold {worst:e} Elo");
        }
    }
}

/// The warm refit takes no more Newton steps than the cold fit on any cut, and fewer in all (a
/// count, not a time), on the histories where the cold fit takes more than a few: the
/// generated league and the loosely linked history, cut after half to 49/50 of their periods.
/// (It saves about one step of 8 or 9: the days after the cut start where the cold fit starts
/// them, and moving them there is most of a cold fit's early steps; docs/performance.md,
/// *The warm refit*.)
#[test]
fn whr_refit_warm_takes_fewer_newton_steps_than_the_cold_fit() {
    for (name, history, rounds) in whr_test_histories().into_iter().skip(1) {
        let n = history.iter().count();
        let whole = dataset_of(&history, n, rounds);
        let (cold, _, _) = whr_fit(&whole, None);
        let (mut warm_all, mut cold_all) = (0, 0);
        for cut in [n / 2, n * 4 / 5, n * 9 / 10, n * 19 / 20, n * 49 / 50] {
            let (_, _, earlier) = whr_fit(&dataset_of(&history, cut, rounds), None);
            let (warm, _, _) = whr_fit(&whole, earlier.as_ref());
            eprintln!("{name}, cut after {cut} of {n} periods: {cold} Newton steps cold, {warm} warm");
            assert!(warm <= cold, "{name}, cut after {cut} of {n} periods: {warm} Newton steps warm, {cold} cold");
            (warm_all, cold_all) = (warm_all + warm, cold_all + cold);
        }
        assert!(warm_all < cold_all, "{name}: {warm_all} Newton steps warm in all, {cold_all} cold");
    }
}

/// `evaluate --rolling` refits WHR warm block by block: on the generated league and the loosely
/// linked history (the last fifth held out in 5 blocks) its scores equal those of the same
/// folds fit cold (`evaluation::predictions`, which fits from the method's own start) within
/// 1e-9 in every measure, and the fits take fewer Newton steps in all than the cold ones.
#[test]
fn a_rolling_evaluation_refits_whr_warm_to_the_cold_answer_in_fewer_steps() {
    use ratings_engine::evaluation::{metrics, predictions, splits, EvaluationRun};
    let method = ratings_engine::Method::Whr(WhrParams::default());
    let options = ratings_engine::Options::default();
    for (name, history, rounds) in whr_test_histories().into_iter().skip(1) {
        let data = dataset_of(&history, history.iter().count(), rounds);
        let mut run = EvaluationRun::new(&data, std::slice::from_ref(&method), &options, 0.2, 5);
        while run.step() {}
        let warm_steps = run.steps();
        let e = run.finish();
        let warm = e.methods[0].scores.clone().unwrap();
        let (folds, _) = splits(&data, 0.2, 5);
        let mut cold_steps = 0;
        let mut pairs = Vec::new();
        for (train, test) in folds.iter() {
            pairs.extend(predictions(&data, &method, &options, &train, &test).unwrap().0);
            let (steps, _, _) = whr_fit(&ratings_engine::evaluation::subset(&data, &train), None);
            cold_steps += steps;
        }
        let cold = metrics::score(&pairs).unwrap();
        assert_eq!(warm.games, cold.games);
        for (what, a, b) in [("log-loss", warm.log_loss, cold.log_loss), ("Brier", warm.brier, cold.brier)] {
            assert!((a - b).abs() < 1e-9, "{name}: {what} warm {a}, cold {b}");
        }
        assert_eq!((warm.accuracy, warm.decisive), (cold.accuracy, cold.decisive), "{name}");
        eprintln!("{name}: {warm_steps} Newton steps warm, {cold_steps} cold");
        assert!(warm_steps < cold_steps, "{name}: {warm_steps} Newton steps warm, {cold_steps} cold");
    }
}

/// A CSV league without dates (each game a period of its own, so WHR's Newton steps take
/// tens of conjugate-gradient iterations): 200 players meeting opponents near in level.
fn undated_league_csv() -> String {
    let mut seed: u64 = 11;
    let mut next = move || {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (seed >> 11) as f64 / (1u64 << 53) as f64
    };
    let n = 200;
    let mut text = String::from("white,black,result\n");
    for _ in 0..2000 {
        let a = (next() * n as f64) as usize;
        let b = (a + 1 + (next() * 8.0) as usize) % n;
        let p = 1.0 / (1.0 + (3.0 * (b as f64 - a as f64) / n as f64).exp());
        let x = next();
        let score = if x < 0.1 {
            "0.5"
        } else if x < 0.1 + 0.9 * p {
            "1"
        } else {
            "0"
        };
        text.push_str(&format!("p{a},p{b},{score}\n"));
    }
    text
}

/// The display ratings as bits (NaN-free: compared exactly).
fn bits(ratings: &[Option<f64>]) -> Vec<Option<u64>> {
    ratings.iter().map(|r| r.map(f64::to_bits)).collect()
}

/// WHR's Newton steps taken a conjugate-gradient iteration at a time, as the app's worker
/// takes them between its slices (`Fit::step_part`), are the whole steps to the bit: the
/// same trace and the same ratings; and the progress said part-way counts up.
#[test]
fn whr_steps_taken_in_parts_are_the_whole_steps() {
    let data = ratings_engine::parse::parse_csv(&undated_league_csv(), &Default::default()).unwrap().dataset;
    let method = ratings_engine::Method::Whr(Default::default());
    let mut whole = ratings_engine::start(&data, &method, &Default::default()).unwrap();
    while whole.step().is_some() {}
    let mut parts = ratings_engine::start(&data, &method, &Default::default()).unwrap();
    let (mut partway, mut calls) = (0, 0);
    loop {
        // Time for one inner iteration a call: `more` says stop at once.
        match parts.step_part(&mut || false) {
            Part::Step(None) => break,
            Part::Step(Some(_)) => assert_eq!(parts.partway(), None, "no step under way after a whole one"),
            Part::Partway => {
                let done = parts.partway().expect("a step under way").done;
                assert!(done >= 1, "an iteration done");
                partway += 1;
            }
        }
        calls += 1;
        assert!(calls < 100_000, "the parts end");
    }
    assert!(partway > 50, "the steps were taken in parts: {partway}");
    assert_eq!(whole.trace(), parts.trace());
    assert_eq!(whole.stop_reason(), parts.stop_reason());
    assert_eq!(bits(&whole.display()), bits(&parts.display()));
}

/// A WHR fit cancelled part-way through a Newton step stops at the ratings of the last whole
/// step, as a fit cancelled between steps does.
#[test]
fn whr_cancelled_within_a_step_keeps_the_last_whole_steps_ratings() {
    let data = ratings_engine::parse::parse_csv(&undated_league_csv(), &Default::default()).unwrap().dataset;
    let method = ratings_engine::Method::Whr(Default::default());
    let mut fit = ratings_engine::start(&data, &method, &Default::default()).unwrap();
    for _ in 0..3 {
        fit.step();
    }
    let after_three = bits(&fit.display());
    assert_eq!(fit.step_part(&mut || false), Part::Partway, "the fourth step is long enough to take in parts");
    assert_eq!(bits(&fit.display()), after_three, "a step's part leaves the ratings where they were");
    fit.cancel();
    assert_eq!(fit.stop_reason(), Some(StopReason::Cancelled));
    assert_eq!(fit.step_part(&mut || true), Part::Step(None), "a cancelled fit takes no more steps");
    assert_eq!(fit.trace().len(), 3);
    let rating = fit.finish().unwrap();
    let mut three = ratings_engine::start(&data, &method, &Default::default()).unwrap();
    for _ in 0..3 {
        three.step();
    }
    three.cancel();
    assert_eq!(rating, three.finish().unwrap());
}
