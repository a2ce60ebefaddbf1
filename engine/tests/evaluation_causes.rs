//! Issue 39, item 5: the prediction view is honest about why a method predicts badly. Each
//! score has its standard error (checked by hand from the per-game losses); a method that
//! fits the earlier games far better than it predicts the later ones with few games a player
//! is said to overfit, not to have gone stale, and is offered only its own remedies; stale
//! ratings are said when the players' strengths drift and every player has many games; a
//! lead within noise is said to be; a long rolling evaluation is estimated before it starts
//! and runs a fit at a time. (The command line: `cli/tests/evaluate_progress.rs`.)

use ratings_engine::evaluation::random::Random;
use ratings_engine::evaluation::run::{
    estimate_seconds, estimate_text, fewer_blocks, games_fit, progress_now_text, progress_text, Items, FIT_OVERHEAD_PASSES,
};
use ratings_engine::evaluation::{evaluate, metrics, predictions, EvaluationRun};
use ratings_engine::methods::brent::BrentParams;
use ratings_engine::methods::cost::Runtime;
use ratings_engine::methods::elo::EloParams;
use ratings_engine::{Dataset, Method, MethodKind, Options};

/// `games` games in input order among `players` players of log-strength `strength(i, t)` at
/// the `t`-th share of the games (0 to 1), random pairings, no draws.
fn league(players: usize, games: usize, seed: u64, strength: impl Fn(usize, f64) -> f64) -> Dataset {
    let mut r = Random::new(seed);
    let names: Vec<String> = (0..players).map(|i| format!("p{i}")).collect();
    let mut d = Dataset::new();
    let mut n = 0;
    while n < games {
        let (a, b) = (r.below(players), r.below(players));
        if a == b {
            continue;
        }
        let t = n as f64 / games as f64;
        let p = 1.0 / (1.0 + (strength(b, t) - strength(a, t)).exp());
        d.add_game(&names[a], &names[b], if r.unit() < p { 1.0 } else { 0.0 });
        n += 1;
    }
    d
}

/// 250 players, 2,500 games: about 16 earlier games a player, strengths of sd 0.4 that never
/// change.
fn sparse() -> Dataset {
    let mut r = Random::new(11);
    let s: Vec<f64> = (0..250).map(|_| 0.4 * r.normal()).collect();
    league(250, 2_500, 12, |i, _| s[i])
}

/// 10 players, 5,000 games (about 800 earlier games a player), each strength turning from
/// `s_i` to `−s_i` across the games: the ratings at the split are stale by the end.
fn drifting() -> Dataset {
    let mut r = Random::new(21);
    let s: Vec<f64> = (0..10).map(|_| r.normal()).collect();
    league(10, 5_000, 22, |i, t| s[i] * (1.0 - 2.0 * t))
}

fn brent(gamma: f64) -> Method {
    Method::Brent(BrentParams { gamma, ..BrentParams::default() })
}

/// The sample sd over √n, by hand.
fn se(values: &[f64]) -> f64 {
    let n = values.len() as f64;
    let m = values.iter().sum::<f64>() / n;
    (values.iter().map(|v| (v - m).powi(2)).sum::<f64>() / (n - 1.0) / n).sqrt()
}

#[test]
fn every_score_has_its_standard_error() {
    let data = sparse();
    let elo = Method::default_for(MethodKind::Elo);
    let e = evaluate(&data, &[elo.clone()], &Options::default(), 0.2, 1);
    // Input order: the first 2,000 games fit, the last 500 predicted.
    let (train, test): (Vec<usize>, Vec<usize>) = ((0..2_000).collect(), (2_000..2_500).collect());
    let (pairs, _) = predictions(&data, &elo, &Options::default(), &train, &test).unwrap();
    let logs: Vec<f64> = pairs.iter().map(|&(p, s)| metrics::log_loss(p, s)).collect();
    let briers: Vec<f64> = pairs.iter().map(|&(p, s)| (p - s) * (p - s)).collect();
    let s = e.methods[0].scores.as_ref().unwrap();
    assert!((s.log_loss_se.unwrap() - se(&logs)).abs() < 1e-12, "{:?} against {}", s.log_loss_se, se(&logs));
    assert!((s.brier_se.unwrap() - se(&briers)).abs() < 1e-12);
    // The coin: ln 2 on every game (no spread), ¼ on every decisive one (all are).
    let coin = &e.baselines[0].scores;
    assert!(coin.log_loss_se.unwrap() < 1e-12 && coin.brier_se == Some(0.0), "{coin:?}");
    // Scores saved before the standard errors were kept still read.
    let mut old = serde_json::to_value(s).unwrap();
    old.as_object_mut().unwrap().retain(|k, _| !k.ends_with("_se"));
    let read: metrics::Scores = serde_json::from_value(old).unwrap();
    assert_eq!(read.log_loss_se, None);
}

#[test]
fn brent_without_a_prior_on_few_games_a_player_is_said_to_overfit_not_to_go_stale() {
    let data = sparse();
    let e = evaluate(&data, &[brent(0.0)], &Options::default(), 0.2, 1);
    let m = &e.methods[0];
    let (held, own) = (m.scores.as_ref().unwrap().log_loss, m.in_sample.unwrap());
    assert!(own + 0.1 < held, "in-sample {own} against held out {held}");
    let g = e.games_per_player.unwrap();
    assert!((14.0..=18.0).contains(&g), "{g} games a player");
    let text = e.behind().expect("brent is behind a coin").text("--rolling 20");
    assert!(text.starts_with("brent predicts the later games worse than a coin"), "{text}");
    assert!(text.contains("overfitting") && text.contains("in-sample log-loss") && text.contains("and no prior"), "{text}");
    assert!(text.contains(&format!("about {} games a player", g.round())), "{text}");
    assert!(text.contains("A dummy player (γ above 0)"), "{text}");
    assert!(!text.contains("stale ratings went") && !text.contains("went stale") && !text.contains("--rolling"), "{text}");
    assert!(!text.contains(" K ") && !text.contains("w²"), "only Brent's own remedy: {text}");

    // Elo on the same games is offered K, never γ, when it overfits behind a baseline.
    let hot = Method::Elo(EloParams { k: 200.0, ..EloParams::default() });
    let e = evaluate(&data, &[hot], &Options::default(), 0.2, 1);
    if let Some(o) = e.behind().and_then(|b| b.overfitting.first().cloned()) {
        assert!(o.remedy.contains("smaller K") && !o.remedy.contains('γ'), "{}", o.remedy);
    }
}

#[test]
fn drifting_strengths_with_many_games_a_player_are_said_to_be_stale() {
    let data = drifting();
    let methods = [brent(0.0), Method::default_for(MethodKind::Elo)];
    let e = evaluate(&data, &methods, &Options::default(), 0.2, 1);
    assert!(e.games_per_player.unwrap() > 500.0, "{:?}", e.games_per_player);
    let behind = e.behind().expect("frozen ratings lose to a coin");
    assert!(behind.methods.iter().any(|m| m.0 == "brent"), "{behind:?}");
    assert!(behind.overfitting.is_empty(), "{behind:?}");
    let text = behind.text("--rolling 20");
    assert!(text.contains("went stale") && text.contains("(--rolling 20)") && !text.contains("overfitting"), "{text}");
    // Rolling blocks help Elo, which follows the players.
    let rolled = evaluate(&data, &methods, &Options::default(), 0.2, 20);
    let log = |e: &ratings_engine::evaluation::Evaluation| e.methods[1].scores.as_ref().unwrap().log_loss;
    assert!(log(&rolled) < log(&e), "{} against {}", log(&rolled), log(&e));
}

/// The NFL (FiveThirtyEight, MIT, `tests/data/nfl/`): Brent and Elo lose to the home rate
/// with hundreds of earlier games a team predicted (the century's defunct teams, with a few
/// games each, not counted): stale, never overfitting.
#[test]
fn the_nfl_s_frozen_ratings_are_stale_not_overfit() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/nfl/nfl_games.csv")).unwrap();
    let data = ratings_engine::job::Job::read(&text, &ratings_engine::job::Settings::default()).unwrap().input.dataset.clone();
    let methods = [Method::default_for(MethodKind::Brent), Method::default_for(MethodKind::Elo)];
    let e = evaluate(&data, &methods, &Options::default(), 0.2, 1);
    assert!(e.games_per_player.unwrap() > 500.0, "{:?}", e.games_per_player);
    let behind = e.behind().unwrap();
    assert!(behind.overfitting.is_empty() && behind.text("--rolling 20").contains("went stale"), "{behind:?}");
}

#[test]
fn a_lead_within_noise_is_said_to_be() {
    let data = sparse();
    // Two Elos a hair apart: their difference is far within its standard error.
    let a = Method::Elo(EloParams { k: 20.0, ..EloParams::default() });
    let b = Method::Elo(EloParams { k: 20.5, ..EloParams::default() });
    let e = evaluate(&data, &[a, b.clone()], &Options::default(), 0.2, 1);
    let near = e.differences.iter().find(|d| d.worse.starts_with("elo") && d.better.starts_with("elo")).expect("the two Elos");
    assert!(near.within_noise(), "{near:?}");
    assert!(e.noise_note().unwrap().contains("within noise, under two standard errors"), "{:?}", e.noise_note());
    // Brent without a prior against a well-set Elo: beyond noise, and said to overfit.
    let e = evaluate(&data, &[brent(0.0), b], &Options::default(), 0.2, 1);
    let d = e.differences.iter().find(|d| d.worse == "brent").expect("brent against elo");
    assert!(!d.within_noise() && d.better == "elo", "{d:?}");
    // Checked by hand: the paired difference's mean and sd / √n.
    let (train, test): (Vec<usize>, Vec<usize>) = ((0..2_000).collect(), (2_000..2_500).collect());
    let losses = |m: &Method| -> Vec<f64> {
        let (p, _) = predictions(&data, m, &Options::default(), &train, &test).unwrap();
        p.iter().map(|&(p, s)| metrics::log_loss(p, s)).collect()
    };
    let diff: Vec<f64> = losses(&e.methods[0].method).iter().zip(losses(&e.methods[1].method)).map(|(x, y)| x - y).collect();
    assert!((d.difference - diff.iter().sum::<f64>() / 500.0).abs() < 1e-12 && (d.se - se(&diff)).abs() < 1e-12, "{d:?}");
}

#[test]
fn a_long_rolling_evaluation_is_estimated_before_it_starts() {
    // 200,000 games, 20 % held out in 20 blocks: blocks fit on 160,000 + 2,000 k games. Natively
    // Brent costs 2.5 replays of Elo, WHR 240 on a million games, a fit half a replay more, at
    // 2e-7 s a game (ten times that in a debug build: `build`).
    assert_eq!(games_fit(200_000, 0.2, 20), 20.0 * 160_000.0 + 2_000.0 * 190.0);
    assert_eq!(games_fit(200_000, 0.2, 1), 160_000.0);
    let methods = [Method::default_for(MethodKind::Brent), Method::default_for(MethodKind::Whr)];
    let build = Runtime::Native.seconds_per_game_pass() / 2e-7;
    // WHR's cost a game grows with the games as (n / 1,000,000)^0.8.
    let blocks = (0..20).map(|k| 160_000.0 + 2_000.0 * k as f64);
    let expected = |brent: f64, whr: f64, per_game: f64| -> f64 {
        blocks.clone().map(|n| n * (brent + 2.0 * FIT_OVERHEAD_PASSES + whr * (n / 1e6).powf(0.8)) * per_game * build).sum()
    };
    let undated = Items { count: 200_000, dated: false };
    let s = estimate_seconds(undated, 0.2, 20, &methods, Runtime::Native);
    assert!((s - expected(2.5, 240.0, 2e-7)).abs() < 1e-9, "{s}");
    let said = if build == 1.0 { "about 45 s" } else { "about 8 min" };
    assert_eq!(
        estimate_text(undated, 0.2, 20, &methods, Runtime::Native, 10.0),
        Some(format!("This prediction takes {said}: 2 methods, each fit 20 times (once a block) on up to 200,000 games."))
    );
    // In the browser's worker each is measured there (Brent 3, WHR 510) at 3.5e-7 s a game.
    let s = estimate_seconds(undated, 0.2, 20, &methods, Runtime::Worker);
    assert!((s - expected(3.0, 510.0, 3.5e-7)).abs() < 1e-9, "{s}");
    assert_eq!(estimate_text(Items { count: 2_000, dated: false }, 0.2, 20, &methods, Runtime::Native, 10.0), None, "short: not said");
    // Fewer blocks under the threshold are offered: the most that are.
    assert_eq!(fewer_blocks(undated, 0.2, 20, &methods, Runtime::Native, 1.0), None, "even one fit takes longer than a second");
    let long = 60.0 * build;
    let b = fewer_blocks(undated, 0.2, 20, &methods, Runtime::Worker, long).unwrap();
    let worker = |b| estimate_seconds(undated, 0.2, b, &methods, Runtime::Worker);
    assert!(worker(b) < long && worker(b + 1) >= long, "{b}");
    // The same games dated (`cost::dated`): WHR at its dated passes (20 natively, 35 in the
    // worker) growing as (n / 1,000,000)^0.3, Brent as undated.
    let dated = Items { dated: true, ..undated };
    let dated_expected = |brent: f64, whr: f64, per_game: f64| -> f64 {
        blocks.clone().map(|n| n * (brent + 2.0 * FIT_OVERHEAD_PASSES + whr * (n / 1e6).powf(0.3)) * per_game * build).sum()
    };
    let s = estimate_seconds(dated, 0.2, 20, &methods, Runtime::Native);
    assert!((s - dated_expected(2.5, 20.0, 2e-7)).abs() < 1e-9, "{s}");
    let s = estimate_seconds(dated, 0.2, 20, &methods, Runtime::Worker);
    assert!((s - dated_expected(3.0, 35.0, 3.5e-7)).abs() < 1e-9, "{s}");
    assert_eq!(
        progress_text(3, 40, "brent, block 4 of 20", 6.0),
        "3 of 40 fits done, next brent, block 4 of 20: 6 s so far, about 74 s left"
    );
    assert_eq!(
        progress_now_text(3, 40, "WHR, block 4 of 20 (Newton step 5)", 6.0),
        "3 of 40 fits done, now WHR, block 4 of 20 (Newton step 5): 6 s so far, about 74 s left"
    );
}

#[test]
fn an_evaluation_runs_a_fit_at_a_time_and_says_which() {
    let data = sparse();
    let methods = [brent(1.0), Method::default_for(MethodKind::Elo)];
    let mut run = EvaluationRun::new(&data, &methods, &Options::default(), 0.2, 4);
    assert_eq!(run.progress(), (0, 8));
    let mut said = vec![run.next_fit().unwrap()];
    while run.step() {
        said.push(run.next_fit().unwrap());
    }
    assert_eq!(run.progress(), (8, 8));
    assert_eq!(said.first().map(String::as_str), Some("brent, block 1 of 4"));
    assert_eq!(said.last().map(String::as_str), Some("elo, block 4 of 4"));
    assert_eq!(run.finish(), evaluate(&data, &methods, &Options::default(), 0.2, 4));
}
