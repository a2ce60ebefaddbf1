//! Held-out prediction of whole rankings (issue 39): every method that rates events is scored
//! by the probability its strengths give each later event's whole finishing order, and by
//! first place.

use ratings_engine::evaluation::evaluate;
use ratings_engine::evaluation::metrics::score_events;
use ratings_engine::evaluation::random::Random;
use ratings_engine::evaluation::rankings::{by_race, predict, tied_first_probability};
use ratings_engine::methods::brent::BrentParams;
use ratings_engine::methods::multi_elo::MultiEloParams;
use ratings_engine::methods::plackett_luce::PlackettLuceParams;
use ratings_engine::methods::weng_lin::WengLinParams;
use ratings_engine::model::{Dataset, Event};
use ratings_engine::{Method, Options};

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12 * (1.0 + a.abs().max(b.abs()))
}

fn event(places: &[(usize, u32)], unranked: &[usize]) -> Event {
    Event { unranked: unranked.to_vec(), ..Event::ranked("e", places.to_vec(), 2) }
}

/// The order's probability written out by hand: places in turn, a tie in either order, the
/// unranked last in any order.
#[test]
fn a_ranking_s_probability_is_plackett_luce_s_place_by_place() {
    let theta = [0.7f64, -0.2, 0.4, -1.0];
    let g: Vec<f64> = theta.iter().map(|t| t.exp()).collect();
    let at = |p: usize| theta[p];
    // A full ranking C, A, D, B.
    let full = predict(&event(&[(2, 1), (0, 2), (3, 3), (1, 4)], &[]), at);
    let by_hand = g[2] / (g[0] + g[1] + g[2] + g[3]) * g[0] / (g[0] + g[1] + g[3]) * g[3] / (g[1] + g[3]);
    assert!(close(full.loss, -by_hand.ln()), "{} {}", full.loss, -by_hand.ln());
    let total: f64 = g.iter().sum();
    for (k, p) in [2, 0, 3, 1].into_iter().enumerate() {
        assert!(close(full.shares[k], g[p] / total));
    }
    assert_eq!(full.actual, vec![1.0, 0.0, 0.0, 0.0]);
    // A and B tied first, then C; D unranked.
    let tied = predict(&event(&[(0, 1), (1, 1), (2, 3)], &[3]), at);
    let first = g[0] / total * g[1] / (total - g[0]) + g[1] / total * g[0] / (total - g[1]);
    let then = g[2] / (g[2] + g[3]);
    assert!(close(tied.loss, -(first * then).ln()));
    assert_eq!(tied.actual, vec![0.5, 0.5, 0.0, 0.0]);
    // Only a winner given: the rest unranked cost nothing more.
    let top1 = predict(&event(&[(1, 1)], &[0, 2, 3]), at);
    assert!(close(top1.loss, -(g[1] / total).ln()));
}

/// A team's strength is the product of its members' (its log-strength their sum).
#[test]
fn a_team_is_one_side_of_its_members_summed_strength() {
    let theta = [0.5f64, 0.25, -0.5, 1.0, 0.0];
    let mut teams = event(&[(0, 2), (1, 2), (2, 1), (3, 1), (4, 3)], &[]);
    teams.team = vec![0, 0, 1, 1, 2];
    let r = predict(&teams, |p| theta[p]);
    let solo = predict(&event(&[(0, 2), (2, 1), (4, 3)], &[]), |p| [0.75, 0.0, 0.5, 0.0, 0.0][p]);
    assert_eq!(r.shares.len(), 3);
    assert!(close(r.loss, solo.loss), "{} {}", r.loss, solo.loss);
    assert_eq!(r.actual, vec![0.0, 1.0, 0.0]);
}

/// A tie of more than the exact sum's 16 sides goes by the race's integral, which agrees
/// with the exact sum where both apply.
#[test]
fn a_large_tie_is_integrated_and_agrees_with_the_exact_sum() {
    let mut rng = Random::new(7);
    let group: Vec<f64> = (0..16).map(|_| (1.5 * rng.normal()).exp()).collect();
    for rest in [0.05, 2.0, 300.0] {
        let exact = tied_first_probability(&group, rest);
        assert!((exact - by_race(&group, rest)).abs() < 1e-8 * exact + 1e-15, "{exact}");
    }
    let big: Vec<f64> = (0..40).map(|_| (1.5 * rng.normal()).exp()).collect();
    let p = tied_first_probability(&big, 1.0);
    assert!(p > 0.0 && p < 1.0, "{p}");
}

/// Equal strengths give the coin's `ln n!` for a full ranking of `n`.
#[test]
fn the_coin_s_loss_is_ln_n_factorial() {
    let r = predict(&event(&[(0, 1), (1, 2), (2, 3), (3, 4), (4, 5)], &[]), |_| 0.0);
    assert!(close(r.loss, 120f64.ln()));
    let s = score_events(&[r]).unwrap();
    assert!(close(s.log_loss, 120f64.ln()));
    assert!(close(s.brier, 0.64 + 4.0 * 0.04));
}

/// 16 players of known strength in 400 five-player events, each finishing order drawn from
/// Plackett–Luce: every method that rates events is scored on the later events' whole
/// orders and beats the coin (it was refused for Plackett–Luce: "only multiplayer Elo
/// predicts multi-player events"); a method of two-player games says why it cannot.
#[test]
fn each_method_that_rates_events_predicts_the_later_rankings() {
    let mut rng = Random::new(11);
    let strength: Vec<f64> = (0..16).map(|_| 1.5 * rng.normal()).collect();
    let mut d = Dataset::new();
    let ids: Vec<usize> = (0..16).map(|i| d.player(&format!("P{i}")).unwrap()).collect();
    for e in 0..400 {
        let mut table: Vec<usize> = (0..16).collect();
        rng.shuffle(&mut table);
        // The Gumbel trick: sorting strength + Gumbel noise draws a Plackett–Luce order.
        let mut seated: Vec<(usize, f64)> = table[..5].iter().map(|&p| (p, strength[p] - (-(rng.unit().max(1e-300)).ln()).ln())).collect();
        seated.sort_by(|a, b| b.1.total_cmp(&a.1));
        let places = seated.iter().enumerate().map(|(k, &(p, _))| (ids[p], k as u32 + 1)).collect();
        d.events.push(Event::ranked(format!("E{e}"), places, e + 2));
    }
    let methods = [
        Method::PlackettLuce(PlackettLuceParams::default()),
        Method::WengLin(WengLinParams::default()),
        Method::MultiElo(MultiEloParams::default()),
        Method::Brent(BrentParams::default()),
    ];
    let e = evaluate(&d, &methods, &Options::default(), 0.25, 1);
    let coin = 120f64.ln();
    assert!(close(e.baselines[0].scores.log_loss, coin));
    for m in &e.methods[..3] {
        let s = m.scores.as_ref().unwrap_or_else(|why| panic!("{}: {why}", m.label));
        assert_eq!(s.games, 100);
        assert!(s.log_loss < coin - 0.5, "{}: {} against the coin's {coin}", m.label, s.log_loss);
        assert!(s.accuracy.unwrap() > 0.3, "{}", m.label);
        assert!(m.in_sample.is_some());
    }
    let why = e.methods[3].scores.as_ref().unwrap_err().to_string();
    assert!(why.contains("Plackett–Luce, Weng–Lin and multiplayer Elo"), "{why}");
}
