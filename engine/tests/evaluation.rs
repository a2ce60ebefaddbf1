//! Held-out prediction and the simulation lab ([`ratings_engine::evaluation`]): the scores by
//! hand, Brent against the truth on data drawn from its own model, Elo without learning, and
//! the lab's Kendall's τ where the truth is easy to find.

use ratings_engine::evaluation::metrics::{log_loss, score};
use ratings_engine::evaluation::simulate::{simulate, tournament, Schedule, Setup};
use ratings_engine::evaluation::{evaluate, splits, tune, Parameter};
use ratings_engine::methods::brent::BrentParams;
use ratings_engine::methods::elo::EloParams;
use ratings_engine::{Method, Options};

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

#[test]
fn log_loss_brier_accuracy_and_calibration_by_hand() {
    // A win predicted 0.8, a loss predicted 0.8, a draw predicted 0.5, a win predicted 0.5.
    let pairs = [(0.8, 1.0), (0.8, 0.0), (0.5, 0.5), (0.5, 1.0)];
    let s = score(&pairs).unwrap();
    let ln2 = std::f64::consts::LN_2;
    let expected = (-(0.8f64.ln()) - 0.2f64.ln() + ln2 + ln2) / 4.0;
    assert!(close(s.log_loss, expected), "{} {expected}", s.log_loss);
    assert!(close(s.brier, (0.04 + 0.64 + 0.0 + 0.25) / 4.0));
    // Decisive games: the first favoured and won (1), favoured and lost (0), even (½).
    assert_eq!((s.decisive, s.accuracy), (3, Some(0.5)));
    // A draw counts half each way: −(½ ln p + ½ ln(1 − p)).
    assert!(close(log_loss(0.8, 0.5), -(0.5 * 0.8f64.ln() + 0.5 * 0.2f64.ln())));
    // Certainty missed costs −ln(1e-15), not infinity.
    assert!(close(log_loss(1.0, 0.0), -(1e-15f64).ln()));
    let bins = &s.calibration;
    assert_eq!(bins.len(), 10);
    assert_eq!((bins[5].games, bins[5].predicted, bins[5].observed), (2, Some(0.5), Some(0.75)));
    assert_eq!((bins[8].games, bins[8].predicted, bins[8].observed), (2, Some(0.8), Some(0.5)));
    assert!(bins.iter().filter(|b| b.games == 0).all(|b| b.predicted.is_none()));
    assert!(score(&[]).is_none());
}

/// 30 players, 6,000 games between random pairs, drawn from Bradley–Terry with log-strengths
/// of standard deviation 1: Brent fit on the first 80 % predicts the rest within 1 % of the
/// log-loss the true strengths give.
#[test]
fn brent_predicts_data_from_its_own_model_almost_as_well_as_the_truth() {
    let setup = Setup {
        players: 30,
        schedule: Schedule::Random { games: 6000 },
        spread: 1.0,
        draws: 0.0,
        repetitions: 1,
        seed: 7,
        clusters: 0,
        drift: 0.0,
    };
    let (truth, data, _) = tournament(&setup, 0);
    let brent = Method::Brent(BrentParams { gamma: 0.0, ..Default::default() });
    let e = evaluate(&data, &[brent], &Options::default(), 0.2, 1);
    assert_eq!((e.games_scored, e.first_training_games, e.order.as_str()), (1200, 4800, "by round"));
    let brent = e.methods[0].scores.as_ref().unwrap().log_loss;
    let (folds, _) = splits(&data, 0.2, 1);
    let true_pairs: Vec<(f64, f64)> = folds
        .fold(0)
        .1
        .iter()
        .map(|&i| {
            let g = &data.games[i];
            (1.0 / (1.0 + (truth[g.second()] - truth[g.first()]).exp()), g.score)
        })
        .collect();
    let truth_loss = score(&true_pairs).unwrap().log_loss;
    assert!(brent < truth_loss * 1.01 && brent > truth_loss * 0.95, "Brent {brent}, truth {truth_loss}");
    assert_eq!(e.methods[0].unseen_games, 0);
}

/// Elo with K = 0.01 barely moves from 1500: every prediction is about ½, its log-loss ln 2.
#[test]
fn elo_that_cannot_learn_predicts_no_better_than_chance() {
    let setup = Setup {
        players: 20,
        schedule: Schedule::Random { games: 2000 },
        spread: 1.5,
        draws: 0.2,
        repetitions: 1,
        seed: 3,
        clusters: 0,
        drift: 0.0,
    };
    let (_, data, _) = tournament(&setup, 0);
    let tiny = Method::Elo(EloParams { k: 0.01, ..Default::default() });
    let usual = Method::Elo(EloParams::default());
    let e = evaluate(&data, &[tiny, usual], &Options::default(), 0.2, 1);
    let (tiny, usual) = (e.methods[0].scores.as_ref().unwrap(), e.methods[1].scores.as_ref().unwrap());
    assert!((tiny.log_loss - std::f64::consts::LN_2).abs() < 0.005, "{}", tiny.log_loss);
    assert!(usual.log_loss < tiny.log_loss - 0.05, "{} {}", usual.log_loss, tiny.log_loss);
    assert_eq!((e.methods[0].label.as_str(), e.methods[1].label.as_str()), ("elo", "elo#2"));
}

/// Rolling origin: the held-out share in blocks, each predicted from all before it; unseen
/// players counted; a method that cannot be fit keeps its reason.
#[test]
fn rolling_origin_scores_each_block_once() {
    let setup = Setup {
        players: 12,
        schedule: Schedule::Random { games: 400 },
        spread: 1.0,
        draws: 0.1,
        repetitions: 1,
        seed: 5,
        clusters: 0,
        drift: 0.0,
    };
    let (_, data, _) = tournament(&setup, 0);
    let (folds, _) = splits(&data, 0.25, 4);
    let folds: Vec<_> = folds.iter().collect();
    assert_eq!(folds.len(), 4);
    assert_eq!(folds.iter().map(|f| f.1.len()).sum::<usize>(), 100);
    assert!(folds.windows(2).all(|w| w[1].0.len() > w[0].0.len()));
    let e = evaluate(&data, &[Method::Brent(BrentParams { gamma: 0.5, ..Default::default() })], &Options::default(), 0.25, 4);
    assert_eq!((e.folds, e.games_scored), (4, 100));
    assert!(e.methods[0].scores.is_ok());
}

/// Tuning K: chosen on the last share of the earlier games, every value scored on the held-out
/// games too; a K that cannot learn is not chosen.
#[test]
fn tuning_elo_k_out_of_sample() {
    let setup = Setup {
        players: 20,
        schedule: Schedule::Random { games: 3000 },
        spread: 1.0,
        draws: 0.2,
        repetitions: 1,
        seed: 11,
        clusters: 0,
        drift: 0.0,
    };
    let (_, data, _) = tournament(&setup, 0);
    let t = tune(&data, &Method::Elo(EloParams::default()), &Options::default(), Parameter::EloK, &[0.01, 8.0, 16.0, 32.0], 0.2);
    assert_eq!(t.points.len(), 4);
    assert!(t.points.iter().all(|p| p.validation.is_some() && p.held_out.is_some()));
    assert!(t.chosen.is_some_and(|k| k > 0.01), "{t:?}");
    // Not Elo's parameter: no points.
    assert!(tune(&data, &Method::Brent(BrentParams::default()), &Options::default(), Parameter::EloK, &[1.0], 0.2).points.is_empty());
}

/// A long double round robin (30 players, 58 rounds) with a wide spread: Brent's order is
/// nearly the truth; the baseline and every method are reported; the same seed gives the same
/// numbers.
#[test]
fn simulation_of_a_double_round_robin_finds_the_truth() {
    let setup = Setup {
        players: 30,
        schedule: Schedule::DoubleRoundRobin,
        spread: 3.0,
        draws: 0.2,
        repetitions: 20,
        seed: 42,
        clusters: 0,
        drift: 0.0,
    };
    let methods = [Method::Brent(BrentParams { gamma: 0.1, ..Default::default() }), Method::Elo(EloParams::default())];
    let sim = simulate(&setup, &methods, &Options::default(), &mut |_| true);
    assert_eq!(sim.completed, 20);
    let brent = &sim.methods[0];
    assert!(brent.kendall_tau.mean.unwrap() > 0.9, "{brent:?}");
    assert!(brent.kendall_tau.sd.unwrap() < 0.1);
    assert!(sim.baseline.kendall_tau.mean.unwrap() > 0.8, "{:?}", sim.baseline);
    assert!(sim.methods.iter().all(|m| m.failures == 0 && m.top1_share.is_some() && m.mean_abs_rank_error.mean.is_some()));
    let again = simulate(&setup, &methods, &Options::default(), &mut |_| true);
    assert_eq!(again, sim);
    // Cancelled after 3: three repetitions reported.
    let cut = simulate(&setup, &methods, &Options::default(), &mut |done| done < 3);
    assert_eq!(cut.completed, 3);
}

/// Swiss pairings: nobody meets anyone twice, everyone plays (or has a bye) each round, the
/// byes go to different players.
#[test]
fn swiss_rounds_pair_everyone_once_without_repeats() {
    for players in [16, 17, 100] {
        let setup = Setup { players, schedule: Schedule::Swiss { rounds: 7 }, repetitions: 1, ..Setup::default() };
        let (_, data, byes) = tournament(&setup, 0);
        let mut seen = std::collections::HashSet::new();
        for g in &data.games {
            assert!(seen.insert((g.first().min(g.second()), g.first().max(g.second()))), "{players}: a repeat");
        }
        for round in 1..=7 {
            let mut playing: Vec<usize> =
                data.games.iter().filter(|g| g.round() == Some(&round.to_string())).flat_map(|g| [g.first(), g.second()]).collect();
            playing.sort_unstable();
            playing.dedup();
            assert_eq!(playing.len(), players - players % 2, "{players}: round {round}");
        }
        assert_eq!(byes.iter().sum::<u32>() as usize, 7 * (players % 2));
        assert!(byes.iter().all(|&b| b <= 1));
    }
}

/// The lab's numbers for one seed, as a native build computes them; the app's wasm tests
/// (`tests/web.rs`, `the_lab_gives_the_native_numbers_for_a_seed`) check the same numbers in
/// the browser, to 1e-9.
#[test]
fn the_same_seed_gives_these_numbers() {
    let setup = Setup {
        players: 16,
        schedule: Schedule::Swiss { rounds: 5 },
        spread: 1.5,
        draws: 0.3,
        repetitions: 5,
        seed: 2024,
        clusters: 0,
        drift: 0.0,
    };
    let methods = [Method::Brent(BrentParams { gamma: 1.0, ..Default::default() }), Method::Elo(EloParams::default())];
    let sim = simulate(&setup, &methods, &Options::default(), &mut |_| true);
    let got = [
        sim.methods[0].kendall_tau.mean.unwrap(),
        sim.methods[1].kendall_tau.mean.unwrap(),
        sim.baseline.kendall_tau.mean.unwrap(),
        sim.methods[0].mean_abs_rank_error.mean.unwrap(),
    ];
    let expected = [0.690000000000000, 0.657819992317827, 0.648848199697384, 1.875];
    for (g, e) in got.iter().zip(expected) {
        assert!((g - e).abs() < 1e-9, "{got:?}");
    }
}

/// Multi-player events: scored by the whole order's probability (log-loss), first place's
/// shares (Brier) and whether the favourite won; by hand, then multiplayer Elo on events from
/// known strengths beats guessing, and a method that does not rate events says so.
#[test]
fn multi_player_events_are_scored_by_their_whole_order() {
    use ratings_engine::evaluation::metrics::score_events;
    use ratings_engine::evaluation::rankings::Ranked;
    use ratings_engine::methods::multi_elo::MultiEloParams;
    use ratings_engine::model::{Dataset, Event};
    let first = Ranked { shares: vec![0.5, 0.3, 0.2], actual: vec![1.0, 0.0, 0.0], loss: 1.5 };
    let second = Ranked { shares: vec![0.25; 4], actual: vec![0.0, 0.5, 0.5, 0.0], loss: 2.5 };
    let s = score_events(&[first, second]).unwrap();
    assert!(close(s.log_loss, 2.0), "{}", s.log_loss);
    assert!(close(s.brier, ((0.25 + 0.09 + 0.04) + (0.0625 + 0.0625 * 2.0 + 0.0625)) / 2.0));
    // The favourite won the first; the second's four-way tie for favourite scores the tied shares' mean.
    assert_eq!(s.accuracy, Some((1.0 + 0.25) / 2.0));
    // 12 players of known strength, 300 four-player events in which stronger players place higher more often.
    let mut rng = ratings_engine::evaluation::random::Random::new(4);
    let strength: Vec<f64> = (0..12).map(|_| rng.normal()).collect();
    let mut d = Dataset::new();
    let ids: Vec<usize> = (0..12).map(|i| d.player(&format!("P{i}")).unwrap()).collect();
    for e in 0..300 {
        let mut table: Vec<usize> = (0..12).collect();
        rng.shuffle(&mut table);
        let mut seated: Vec<(usize, f64)> = table[..4].iter().map(|&p| (p, strength[p] + rng.normal())).collect();
        seated.sort_by(|a, b| b.1.total_cmp(&a.1));
        let places = seated.iter().enumerate().map(|(k, &(p, _))| (ids[p], k as u32 + 1)).collect();
        d.events.push(Event { name: format!("E{e}"), places, line: e + 2, unranked: Vec::new(), team: Vec::new() });
    }
    let e =
        evaluate(&d, &[Method::MultiElo(MultiEloParams::default()), Method::Brent(BrentParams::default())], &Options::default(), 0.2, 1);
    let multi = e.methods[0].scores.as_ref().unwrap();
    assert_eq!(multi.games, 60);
    assert!(multi.log_loss < 24f64.ln() - 0.05, "{} against guessing's {}", multi.log_loss, 24f64.ln());
    assert!(e.methods[1].scores.as_ref().is_err());
}

/// Found by fuzzing the lab's parameters (`engine/fuzz/fuzz_targets/lab.rs`): a refused
/// number is quoted briefly, never as its hundreds of decimal digits.
#[test]
fn a_tiny_or_huge_parameter_is_refused_in_a_short_message() {
    for draws in [-1.6028329747781408e-184, 1e300, -5e-324] {
        let message = Setup { draws, ..Setup::default() }.check().unwrap_err().to_string();
        assert!(message.len() < 60, "{message}");
        assert!(message.starts_with("draws ") && message.contains('e'), "{message}");
    }
    let message = Setup { spread: 1e308, ..Setup::default() }.check().unwrap_err().to_string();
    assert!(message.len() < 60 && message.contains("1e308"), "{message}");
    // Every method's parameters are checked the same way.
    let elo = Method::Elo(EloParams { k: -1e-300, ..EloParams::default() });
    let data = tournament(&Setup { players: 4, schedule: Schedule::RoundRobin, repetitions: 1, ..Setup::default() }, 0).1;
    let message = ratings_engine::rate(&data, &elo, &Options::default()).unwrap_err().to_string();
    assert!(message.len() < 80 && message.contains("-1e-300"), "{message}");
    // Ordinary numbers as they are.
    assert_eq!(Setup { draws: 1.5, ..Setup::default() }.check().unwrap_err().to_string(), "draws 1.5: expected 0 to 1");
}

/// A method that cannot be fit keeps why, typed, through JSON as the app's worker sends it,
/// and says it in the words it always did.
#[test]
fn a_failure_is_typed_and_crosses_json() {
    use ratings_engine::evaluation::{Evaluation, FitError};
    use ratings_engine::RateError;
    let data = tournament(&Setup { players: 6, schedule: Schedule::RoundRobin, repetitions: 1, ..Setup::default() }, 0).1;
    let bad = Method::Elo(EloParams { k: -1.0, ..EloParams::default() });
    let e = evaluate(&data, &[bad], &Options::default(), 0.3, 1);
    let why = e.methods[0].scores.as_ref().unwrap_err();
    assert!(matches!(why, FitError::Rate(RateError::BadParameter { name, .. }) if name == "k"), "{why:?}");
    assert_eq!(why.to_string(), "parameter k = -1: expected a number ≥ 0");
    // (The methods only: serde_json reads some floats back a unit in the last place off.)
    let back: Evaluation = serde_json::from_str(&serde_json::to_string(&e).unwrap()).unwrap();
    assert_eq!(back.methods, e.methods);
}
