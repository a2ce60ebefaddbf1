//! Multiplayer Elo's n-place update (issue 39): the note's expectation vector applied place by
//! place. Stage s takes the players not yet placed (with the unranked), `E_i = 10^(R_i/ζ) /
//! Σ_set 10^(R_j/ζ)`, `S_i = 1` for the player placed there (1/t each for t tied), and
//! `R_i += K Σ_s (S_i − E_i)` from the ratings before the event.
//!
//! * `every_place_counts`: four equal players ranked 1–4, worked by hand; reversing places 2–4
//!   changes the ratings (it did not: only the winner counted);
//! * `a_tie_is_one_stage_shared`: a tie for second, by hand;
//! * `first_place_only_is_the_note_s_update`: with only the winner placed (the rest unranked)
//!   the update is the note's one-winner update, bit for bit, on the events of the existing
//!   tests (the hand-worked event of `elo.rs`, the 300 four-player events of `evaluation.rs`);
//! * `agrees_with_a_plain_reference_and_keeps_the_sum`: generated events with ties and
//!   unranked players against a plain loop over the stages, to 1e-9; the sum of ratings stays.

use ratings_engine::evaluation::random::Random;
use ratings_engine::methods::multi_elo::{self, expected_shares, MultiEloParams};
use ratings_engine::model::{Dataset, Event};
use std::collections::HashMap;

fn ratings(d: &Dataset, params: &MultiEloParams) -> HashMap<String, f64> {
    multi_elo::rate(d, params).unwrap().players.iter().map(|p| (p.name.clone(), p.rating.unwrap())).collect()
}

fn four(places: [u32; 4]) -> Dataset {
    let mut d = Dataset::new();
    let ids: Vec<usize> = ["A", "B", "C", "D"].iter().map(|n| d.player(n).unwrap()).collect();
    d.events.push(Event::ranked("1", ids.iter().zip(places).map(|(&i, k)| (i, k)).collect(), 2));
    d
}

#[test]
fn every_place_counts() {
    let r = ratings(&four([1, 2, 3, 4]), &MultiEloParams::default());
    // Stage 1: four at 1/4; stage 2: B, C, D at 1/3; stage 3: C, D at 1/2.
    let by_hand = [("A", 0.75), ("B", -0.25 + 2.0 / 3.0), ("C", -0.25 - 1.0 / 3.0 + 0.5), ("D", -0.25 - 1.0 / 3.0 - 0.5)];
    for (name, sum) in by_hand {
        assert!((r[name] - (1500.0 + 25.0 * sum)).abs() < 1e-9, "{name}: {}", r[name]);
    }
    let reversed = ratings(&four([1, 4, 3, 2]), &MultiEloParams::default());
    assert_eq!(reversed["A"], r["A"]);
    assert!(reversed["B"] < r["B"] - 30.0 && reversed["D"] > r["D"] + 30.0, "{reversed:?}");
}

#[test]
fn a_tie_is_one_stage_shared() {
    let mut d = Dataset::new();
    let ids: Vec<usize> = ["A", "B", "C"].iter().map(|n| d.player(n).unwrap()).collect();
    d.events.push(Event::ranked("1", vec![(ids[0], 1), (ids[1], 2), (ids[2], 2)], 2));
    let r = ratings(&d, &MultiEloParams::default());
    // Stage 2 holds B and C, each expecting 1/2 and scoring 1/2: a draw.
    assert!((r["A"] - (1500.0 + 25.0 * 2.0 / 3.0)).abs() < 1e-9);
    assert!((r["B"] - (1500.0 - 25.0 / 3.0)).abs() < 1e-9 && r["B"] == r["C"]);
}

/// The note's update, as written: E over every player of the event, S = 1 for the winner
/// (shared by tied winners), from the ratings before each event.
fn note(d: &Dataset, p: &MultiEloParams) -> Vec<f64> {
    let mut r = vec![p.initial; d.players.len()];
    for e in &d.events {
        let players: Vec<usize> = e.places.iter().map(|&(i, _)| i).chain(e.unranked.iter().copied()).collect();
        let shares = expected_shares(&players.iter().map(|&i| r[i]).collect::<Vec<_>>(), p.zeta);
        let winners = e.places.iter().filter(|&&(_, k)| k == 1).count() as f64;
        let placed: Vec<bool> = players.iter().map(|&i| e.places.iter().any(|&(j, k)| j == i && k == 1)).collect();
        for (n, &i) in players.iter().enumerate() {
            let s = if placed[n] { 1.0 / winners } else { 0.0 };
            r[i] += p.k * (s - shares[n]);
        }
    }
    r
}

/// `d` with only its winners placed: everyone else took part unranked.
fn winners_only(d: &Dataset) -> Dataset {
    let mut out = d.clone();
    for e in &mut out.events {
        let (won, rest): (Vec<_>, Vec<_>) = e.places.iter().partition(|&&(_, k)| k == 1);
        e.places = won;
        e.unranked = rest.iter().map(|&(i, _)| i).collect();
    }
    out
}

/// The 300 four-player events among 12 players of `evaluation.rs`'s multi-player test.
fn evaluation_events() -> Dataset {
    let mut rng = Random::new(4);
    let strength: Vec<f64> = (0..12).map(|_| rng.normal()).collect();
    let mut d = Dataset::new();
    let ids: Vec<usize> = (0..12).map(|i| d.player(&format!("P{i}")).unwrap()).collect();
    for e in 0..300 {
        let mut table: Vec<usize> = (0..12).collect();
        rng.shuffle(&mut table);
        let mut seated: Vec<(usize, f64)> = table[..4].iter().map(|&p| (p, strength[p] + rng.normal())).collect();
        seated.sort_by(|a, b| b.1.total_cmp(&a.1));
        let places = seated.iter().enumerate().map(|(k, &(p, _))| (ids[p], k as u32 + 1)).collect();
        d.events.push(Event::ranked(format!("E{e}"), places, e + 2));
    }
    d
}

#[test]
fn first_place_only_is_the_note_s_update() {
    let mut hand = four([2, 1, 3, 4]);
    let ids: Vec<usize> = (0..3).collect();
    hand.events.push(Event::ranked("2", vec![(ids[0], 1), (ids[1], 2), (ids[2], 2)], 6));
    for (d, params) in [
        (hand, MultiEloParams { zeta: 400.0, k: 32.0, initial: 1500.0 }),
        (evaluation_events(), MultiEloParams::default()),
        (evaluation_events(), MultiEloParams { zeta: 173.7, k: 40.0, initial: 0.0 }),
    ] {
        let d = winners_only(&d);
        let expected = note(&d, &params);
        let r = multi_elo::rate(&d, &params).unwrap();
        for p in &r.players {
            let i = d.players.iter().position(|q| q.name == p.name).unwrap();
            assert_eq!(p.rating.unwrap(), expected[i], "{}", p.name);
        }
    }
}

/// The n-place update written plainly: every stage's set and shares worked out afresh.
fn reference(d: &Dataset, p: &MultiEloParams) -> Vec<f64> {
    let mut r = vec![p.initial; d.players.len()];
    for e in &d.events {
        let before = r.clone();
        let mut left: Vec<(usize, Option<u32>)> =
            e.places.iter().map(|&(i, k)| (i, Some(k))).chain(e.unranked.iter().map(|&i| (i, None))).collect();
        let mut stages: Vec<u32> = e.places.iter().map(|&(_, k)| k).collect();
        stages.sort();
        stages.dedup();
        for k in stages {
            let w: Vec<f64> = left.iter().map(|&(i, _)| 10f64.powf(before[i] / p.zeta)).collect();
            let total: f64 = w.iter().sum();
            let tied = left.iter().filter(|&&(_, q)| q == Some(k)).count() as f64;
            for (n, &(i, q)) in left.iter().enumerate() {
                let s = if q == Some(k) { 1.0 / tied } else { 0.0 };
                r[i] += p.k * (s - w[n] / total);
            }
            left.retain(|&(_, q)| q != Some(k));
        }
    }
    r
}

#[test]
fn agrees_with_a_plain_reference_and_keeps_the_sum() {
    let mut rng = Random::new(39);
    let mut d = Dataset::new();
    let ids: Vec<usize> = (0..20).map(|i| d.player(&format!("P{i}")).unwrap()).collect();
    for e in 0..400 {
        let mut table = ids.clone();
        rng.shuffle(&mut table);
        let n = 2 + e % 7;
        // Places with ties (a coarse score), the last few of some events unranked.
        let ranked = if e % 3 == 0 { 1 + e % n } else { n };
        let mut scores: Vec<(usize, i64)> =
            table[..ranked].iter().map(|&p| (p, (rng.normal() * 1.5).round() as i64 + p as i64 / 5)).collect();
        scores.sort_by_key(|&(_, s)| -s);
        let places = scores.iter().map(|&(p, s)| (p, 1 + scores.iter().filter(|&&(_, t)| t > s).count() as u32)).collect();
        let mut event = Event::ranked(format!("E{e}"), places, e + 2);
        event.unranked = table[ranked..n].to_vec();
        d.events.push(event);
    }
    let params = MultiEloParams { zeta: 400.0, k: 32.0, initial: 1500.0 };
    let expected = reference(&d, &params);
    let r = multi_elo::rate(&d, &params).unwrap();
    let mut sum = 0.0;
    for p in &r.players {
        let i = d.players.iter().position(|q| q.name == p.name).unwrap();
        assert!((p.rating.unwrap() - expected[i]).abs() < 1e-9, "{}: {} vs {}", p.name, p.rating.unwrap(), expected[i]);
        sum += p.rating.unwrap();
    }
    assert!((sum - 1500.0 * 20.0).abs() < 1e-8, "{sum}");
    assert!(expected.iter().any(|&x| (x - 1500.0).abs() > 50.0));
}
