//! Elo and multiplayer Elo: hand-worked games, invariants, and a straightforward reference
//! implementation on generated data.

mod common;

use common::{league, Rng};
use ratings_engine::methods::elo::{self, EloParams};
use ratings_engine::methods::multi_elo::{self, MultiEloParams};
use ratings_engine::model::Listed;
use ratings_engine::{Dataset, Event, Rating, StopReason};
use std::collections::HashMap;

fn by_name(r: &Rating) -> HashMap<String, f64> {
    r.players.iter().map(|p| (p.name.clone(), p.rating.unwrap())).collect()
}

fn listed(d: &mut Dataset, name: &str, rating: f64) {
    let p = d.player(name).unwrap();
    d.players[p].set_listed(Some(Listed { rating, sigma: None, date: None }));
}

/// Checks one game between A (first, listed at `a`) and B (at `b`).
fn check(score: f64, a: f64, b: f64, params: EloParams, expect_a: f64, expect_b: f64) {
    let mut d = Dataset::new();
    listed(&mut d, "A", a);
    listed(&mut d, "B", b);
    d.add_game("A", "B", score);
    let r = by_name(&elo::rate(&d, &params).unwrap());
    assert!((r["A"] - expect_a).abs() < 1e-9 && (r["B"] - expect_b).abs() < 1e-9, "{r:?} vs {expect_a} {expect_b}");
}

#[test]
fn hand_worked_games() {
    // μ = 1/(1 + 10^(−(1600 + 50 − 1500)/400)) = 0.7033850034718286; A gains 25(1 − μ).
    check(1.0, 1600.0, 1500.0, EloParams { home: 50.0, ..Default::default() }, 1607.4153749132042, 1492.5846250867958);
    // The seed's variant: h only in the predictions, so the update sees 100 points.
    check(
        1.0,
        1600.0,
        1500.0,
        EloParams { home: 50.0, home_in_update: false, ..Default::default() },
        1608.9983750049278,
        1491.0016249950722,
    );
    // Equal players, a draw: nothing moves; a win moves K/2.
    check(0.5, 1500.0, 1500.0, EloParams::default(), 1500.0, 1500.0);
    check(0.0, 1500.0, 1500.0, EloParams { k: 32.0, ..Default::default() }, 1484.0, 1516.0);
}

#[test]
fn margin_scores_use_points() {
    let mut d = Dataset::new();
    d.add_game("A", "B", 1.0).set_points(Some((3.0, 1.0)));
    let r = by_name(&elo::rate(&d, &EloParams { margin: true, ..Default::default() }).unwrap());
    // S = (3 + 1)/(3 + 1 + 2) = 2/3 against an expected 1/2.
    assert!((r["A"] - (1500.0 + 25.0 / 6.0)).abs() < 1e-9, "{r:?}");
    let plain = elo::rate(&d, &EloParams { margin: true, ..Default::default() }).unwrap();
    assert!(plain.warnings.is_empty());
    d.games[0].set_points(None);
    let warned = elo::rate(&d, &EloParams { margin: true, ..Default::default() }).unwrap();
    assert!(warned.warnings[0].contains("no game has points"));
}

/// The plain reference: the formulas written out again, game by game, in input order.
fn reference(d: &Dataset, p: &EloParams) -> Vec<f64> {
    let mut r = vec![p.initial; d.players.len()];
    for g in &d.games {
        let e = 1.0 / (1.0 + 10f64.powf(-(r[g.first()] + p.home - r[g.second()]) / p.zeta));
        let s = if p.margin { g.points().map_or(g.score, |(a, b)| (a + 1.0) / (a + b + 2.0)) } else { g.score };
        let (ri, rj) = (r[g.first()], r[g.second()]);
        r[g.first()] = ri + p.k * (s - e);
        r[g.second()] = rj + p.k * ((1.0 - s) - (1.0 - e));
    }
    r
}

#[test]
fn matches_the_reference_and_keeps_the_sum() {
    let mut d = league(60, 900, 5);
    let mut rng = Rng::new(3);
    for g in &mut d.games {
        let (a, b) = (rng.below(5) as f64, rng.below(5) as f64);
        g.set_points(Some((a, b)));
        g.score = if a > b {
            1.0
        } else if a < b {
            0.0
        } else {
            0.5
        };
    }
    for params in [
        EloParams::default(),
        EloParams { home: 35.0, k: 20.0, zeta: 300.0, ..Default::default() },
        EloParams { margin: true, initial: 2000.0, ..Default::default() },
    ] {
        let r = elo::rate(&d, &params).unwrap();
        let want = reference(&d, &params);
        for (i, p) in d.players.iter().enumerate() {
            let got = r.players.iter().find(|q| q.name == p.name).unwrap();
            assert!((got.rating.unwrap() - want[i]).abs() < 1e-9, "{}", p.name);
            // The history ends at the final rating and has one point per game.
            let h = got.history.as_ref().unwrap();
            assert_eq!(h.len() as u32, got.games);
            assert!((h.last().unwrap().rating() - want[i]).abs() < 1e-9);
        }
        let sum: f64 = r.players.iter().map(|p| p.rating.unwrap()).sum();
        assert!((sum - params.initial * d.players.len() as f64).abs() < 1e-6, "the sum is invariant: {sum}");
        assert_eq!((r.report.stop, r.report.iterations), (StopReason::Finished, 900));
        let ratings: Vec<f64> = r.players.iter().map(|p| p.rating.unwrap()).collect();
        assert!(ratings.windows(2).all(|w| w[0] >= w[1]), "best first");
    }
}

#[test]
fn games_are_taken_by_date_when_every_game_has_one() {
    let mut d = Dataset::new();
    d.add_game("A", "B", 1.0).set_date(Some("2024-02-01"));
    d.add_game("B", "A", 1.0).set_date(Some("2024-01-01"));
    let by_date = elo::rate(&d, &EloParams::default()).unwrap();
    let as_given = elo::rate(&d, &EloParams { chronological: false, ..Default::default() }).unwrap();
    assert_eq!(by_date.variant, "by date");
    // B won first, then A beat the higher-rated B: A ends above.
    assert!(by_name(&by_date)["A"] > by_name(&by_date)["B"]);
    assert!(by_name(&as_given)["B"] > by_name(&as_given)["A"]);
}

/// Elo and multiplayer Elo on games taken by date time each history point by its own game's
/// date. Multiplayer Elo numbered its items as they were listed but took them by date, so on a
/// file out of date order its chart put a game at another game's date.
#[test]
fn a_history_taken_by_date_is_timed_by_each_game_s_date() {
    let mut d = Dataset::new();
    let dates = ["2024-03-01", "2024-01-01", "2024-02-01"];
    for (k, date) in dates.iter().enumerate() {
        d.add_game(&format!("W{k}"), &format!("B{k}"), 1.0).set_date(Some(date));
    }
    let day = |date: &str| ratings_engine::model::day_number(date).unwrap();
    let elo = elo::rate(&d, &EloParams::default()).unwrap();
    let multi = multi_elo::rate(&d, &MultiEloParams::default()).unwrap();
    for r in [&elo, &multi] {
        for (k, date) in dates.iter().enumerate() {
            for name in [format!("W{k}"), format!("B{k}")] {
                let p = r.players.iter().find(|p| p.name == name).unwrap();
                let times: Vec<Option<i64>> = p.history.as_ref().unwrap().iter().map(|h| h.time()).collect();
                assert_eq!(times, [Some(day(date))], "{}: {name}", r.method);
            }
        }
    }
}

#[test]
fn foresight_accuracy_counts_decisive_games_won_by_the_favourite() {
    let mut d = Dataset::new();
    listed(&mut d, "Strong", 1800.0);
    listed(&mut d, "Weak", 1400.0);
    d.add_game("Strong", "Weak", 1.0); // favourite wins
    d.add_game("Weak", "Strong", 1.0); // upset
    d.add_game("Strong", "Weak", 0.5); // a draw is not counted
    d.add_game("Strong", "Weak", 1.0); // favourite wins
    let r = elo::rate(&d, &EloParams::default()).unwrap();
    assert!((r.accuracy.unwrap() - 2.0 / 3.0).abs() < 1e-12);
}

#[test]
fn bad_parameters_are_refused() {
    let d = league(5, 10, 1);
    for p in [
        EloParams { zeta: 0.0, ..Default::default() },
        EloParams { k: -1.0, ..Default::default() },
        EloParams { home: f64::NAN, ..Default::default() },
    ] {
        assert!(elo::rate(&d, &p).unwrap_err().to_string().starts_with("parameter "));
    }
    assert!(elo::rate(&Dataset::new(), &EloParams::default()).is_err());
}

#[test]
fn multiplayer_elo_with_two_players_is_elo() {
    let d = league(40, 500, 9);
    let mut events = Dataset::new();
    for p in &d.players {
        events.player(&p.name);
    }
    for (k, g) in d.games.iter().enumerate() {
        // A draw is a shared first place.
        let (a, b) = if g.score > 0.5 {
            (1, 2)
        } else if g.score < 0.5 {
            (2, 1)
        } else {
            (1, 1)
        };
        events.events.push(Event {
            name: format!("e{k}"),
            places: vec![(g.first(), a), (g.second(), b)],
            line: k + 2,
            unranked: Vec::new(),
            team: Vec::new(),
        });
    }
    let elo = by_name(&elo::rate(&d, &EloParams { chronological: false, ..Default::default() }).unwrap());
    for data in [&events, &d] {
        let multi = by_name(&multi_elo::rate(data, &MultiEloParams::default()).unwrap());
        for (name, v) in &elo {
            assert!((multi[name] - v).abs() < 1e-9, "{name}: {} vs {v}", multi[name]);
        }
    }
}

#[test]
fn multiplayer_elo_hand_worked_and_invariant() {
    let mut d = Dataset::new();
    let ids: Vec<usize> = ["A", "B", "C", "D"].iter().map(|n| d.player(n).unwrap()).collect();
    d.events.push(Event {
        name: "1".into(),
        places: vec![(ids[0], 2), (ids[1], 1), (ids[2], 3), (ids[3], 4)],
        line: 2,
        unranked: Vec::new(),
        team: Vec::new(),
    });
    let r = by_name(&multi_elo::rate(&d, &MultiEloParams::default()).unwrap());
    // Four equal players expect a quarter of a win each: the winner gains 25·0.75. A, second,
    // lost 25·0.25 while only the winner counted; with every place counting (issue 39) A then
    // wins second place among three, gaining 25·(1 − 1/3) more.
    assert!((r["B"] - 1518.75).abs() < 1e-9 && (r["A"] - (1493.75 + 25.0 * 2.0 / 3.0)).abs() < 1e-9, "{r:?}");
    // A second event, now with unequal ratings, keeps the sum.
    d.events.push(Event {
        name: "2".into(),
        places: vec![(ids[0], 1), (ids[1], 2), (ids[2], 2)],
        line: 6,
        unranked: Vec::new(),
        team: Vec::new(),
    });
    let r = multi_elo::rate(&d, &MultiEloParams { zeta: 400.0, k: 32.0, initial: 1500.0 }).unwrap();
    let sum: f64 = r.players.iter().map(|p| p.rating.unwrap()).sum();
    assert!((sum - 6000.0).abs() < 1e-9);
    // Huge gaps do not overflow.
    let shares = multi_elo::expected_shares(&[1e6, 0.0, -1e6], 400.0);
    assert!((shares[0] - 1.0).abs() < 1e-12 && shares.iter().all(|s| s.is_finite()));
}

#[test]
fn overflowing_ratings_are_an_error_not_a_number() {
    let d = league(5, 30, 2);
    let e = elo::rate(&d, &EloParams { k: 1.7e308, initial: 1e308, ..Default::default() }).unwrap_err();
    assert!(e.to_string().contains("overflowed"), "{e}");
    // Huge but finite ratings still rank by value.
    let r = elo::rate(&d, &EloParams { k: 1e300, ..Default::default() }).unwrap();
    let v: Vec<f64> = r.players.iter().map(|p| p.rating.unwrap()).collect();
    assert!(v.windows(2).all(|w| w[0] >= w[1]));
    assert!(r.players.iter().filter(|p| p.rank == Some(1)).count() < r.players.len());
}
