//! Brent's accelerated variant: the same fixed point as Algorithm 1 (to 1e-9 on the log
//! scale) on every kind of data, a likelihood that never falls across its steps, and few
//! passes over the scores on realistic leagues.

mod common;

use common::*;
use ratings_engine::methods::brent::solver;
use ratings_engine::{rate, BrentParams, Dataset, Method, Options, Prior, Rating, Variant};

fn brent(d: &Dataset, variant: Variant, gamma: f64, eps: f64) -> Rating {
    let params = BrentParams { variant, gamma, eps, max_iter: 200_000, ..Default::default() };
    rate(d, &Method::Brent(params), &Options::default()).expect("rates")
}

/// A league whose log-strengths spread like a real federation's (sd 1.5), 20 % draws.
fn federation(n: usize, games: usize, seed: u64) -> Dataset {
    league_with_spread(n, games, seed, 1.5)
}

fn with_old_ratings(mut d: Dataset) -> Dataset {
    for (k, i) in (0..d.players.len()).step_by(7).enumerate() {
        d.players[i].set_prior(Some(Prior { log_strength: (k % 5) as f64 * 0.4 - 0.8, weight: 1.0 + (k % 3) as f64 }));
    }
    d
}

/// Two near leagues that never met and a short ladder: separate groups at γ = 0, one group of
/// three stretches through the dummy player at γ > 0.
fn divisions() -> Dataset {
    let mut d = Dataset::new();
    for (prefix, seed) in [("North", 23), ("South", 29)] {
        let part = near_league(400, 3000, seed, 1.5);
        for g in &part.games {
            let name = |i: usize| format!("{prefix} {}", part.players[i].name);
            d.add_game(&name(g.first()), &name(g.second()), g.score);
        }
    }
    for i in 0..9 {
        d.add_game(&format!("Ladder {i}"), &format!("Ladder {}", i + 1), if i % 3 == 0 { 0.5 } else { 1.0 });
    }
    d
}

/// Round robin, Swiss, sparse league, old ratings, leagues of levels, and degenerate data (an
/// unbeaten player and a pointless one).
fn cases() -> Vec<(&'static str, Dataset)> {
    let mut degenerate = swiss(40, 6, 11);
    degenerate.add_game("Champion", "Player 001", 1.0);
    degenerate.add_game("Champion", "Player 002", 1.0);
    degenerate.add_game("Player 003", "Loser", 1.0);
    vec![
        ("round robin", round_robin(16, 1)),
        ("swiss", swiss(60, 8, 3)),
        ("sparse league", league(400, 4000, 3)),
        ("federation", federation(1000, 8000, 5)),
        ("old ratings", with_old_ratings(league(300, 2500, 7))),
        // Players meeting their own level: the accelerated iteration's coarse correction.
        ("near league", near_league(1000, 8000, 17, 1.5)),
        ("near league with old ratings", with_old_ratings(near_league(600, 5000, 19, 1.5))),
        ("divisions", divisions()),
        ("degenerate", degenerate),
    ]
}

#[test]
fn the_accelerated_variant_reaches_algorithm_1s_ratings() {
    for (what, d) in cases() {
        for gamma in [0.0, 0.5] {
            let a = brent(&d, Variant::Alg1, gamma, 1e-13);
            let b = brent(&d, Variant::Accelerated, gamma, 1e-13);
            assert!(a.report.converged && b.report.converged, "{what} γ={gamma}: {:?} {:?}", a.report.stop, b.report.stop);
            assert_eq!(a.players.len(), b.players.len());
            for (p, q) in a.players.iter().zip(&b.players) {
                assert_eq!((&p.name, p.status, p.rank), (&q.name, q.status, q.rank), "{what} γ={gamma}");
                if let (Some(x), Some(y)) = (p.log_strength, q.log_strength) {
                    assert!((x - y).abs() <= 1e-9 * x.abs().max(1.0), "{what} γ={gamma} {}: {x} vs {y}", p.name);
                }
            }
            assert!(b.report.passes.unwrap() < a.report.passes.unwrap(), "{what} γ={gamma}: fewer passes");
        }
    }
}

/// The log-likelihood of strengths `x` (dataset order), computed here from the games inside a
/// rated group (`group` per player; the others have no finite rating to fit): a draw is half
/// a win each way, an old rating `w` draws against a fixed opponent.
fn loglik(d: &Dataset, group: &[Option<usize>], x: &[f64]) -> f64 {
    let mut l = 0.0;
    for g in d.games.iter().filter(|g| group[g.first()].is_some() && group[g.first()] == group[g.second()]) {
        let (a, b) = (x[g.first()], x[g.second()]);
        l += g.score * (a / (a + b)).ln() + (1.0 - g.score) * (b / (a + b)).ln();
    }
    for (i, p) in d.players.iter().enumerate().filter(|(i, _)| group[*i].is_some()) {
        if let Some(q) = p.prior().filter(|q| q.weight > 0.0) {
            let h = q.log_strength.exp();
            l += q.weight / 2.0 * ((x[i] / (x[i] + h)).ln() + (h / (x[i] + h)).ln());
        }
    }
    l
}

#[test]
fn the_likelihood_never_falls_across_accepted_steps() {
    for (what, d) in cases() {
        let params = BrentParams { variant: Variant::Accelerated, eps: 1e-13, max_iter: 10_000, ..Default::default() };
        let mut group = vec![None; d.players.len()];
        for p in &rate(&d, &Method::Brent(params.clone()), &Options::default()).unwrap().players {
            group[p.index] = p.group;
        }
        let mut s = solver(&d, &params).unwrap();
        let n = d.players.len();
        let mut last = loglik(&d, &group, &s.strengths()[..n]);
        let mut steps = 0;
        while s.step().is_some() {
            let now = loglik(&d, &group, &s.strengths()[..n]);
            assert!(now >= last - 1e-10 * last.abs(), "{what}, step {steps}: {now} < {last}");
            last = now;
            steps += 1;
        }
        assert!(steps > 3, "{what}");
    }
}

#[test]
fn realistic_leagues_need_few_passes() {
    let d = federation(5000, 50_000, 9);
    let near = near_league(5000, 50_000, 9, 1.5);
    let leagues = [
        ("federation", d.clone()),
        ("federation with old ratings", with_old_ratings(d)),
        ("near league", near.clone()),
        ("near league with old ratings", with_old_ratings(near)),
    ];
    for (what, d) in leagues {
        for gamma in [0.0, 1.0] {
            let r = brent(&d, Variant::Accelerated, gamma, 1e-8);
            assert!(r.report.converged, "{what} γ={gamma}");
            let passes = r.report.passes.unwrap();
            assert!(passes <= 50, "{what} γ={gamma}: {passes} passes");
        }
    }
}

/// Beyond the dense limit every rated player still gets a standard error, approximated, and
/// the output says so.
#[test]
fn standard_errors_at_any_size_say_when_they_are_approximate() {
    let d = federation(2000, 16_000, 13);
    let r = brent(&d, Variant::Accelerated, 1.0, 1e-10);
    assert!(r.players.iter().all(|p| p.sigma.is_some()), "every player has a standard error");
    assert!(r.warnings.iter().any(|w| w.contains("approximated by 1/√H_ii")), "{:?}", r.warnings);
    // About one over the root of (games × p(1 − p)), on the Elo-like scale.
    let factor = 400.0 / std::f64::consts::LN_10;
    for p in &r.players {
        let rough = factor / (p.games as f64 * 0.25).sqrt();
        let s = p.sigma.unwrap();
        assert!(s > 0.8 * rough && s < 4.0 * rough, "{}: σ {s} with {} games", p.name, p.games);
    }
    let small = brent(&federation(200, 1600, 13), Variant::Accelerated, 1.0, 1e-10);
    assert!(!small.warnings.iter().any(|w| w.contains("approximated")));
}

/// Runs a solver to its end, from `warm` when given; its strengths and passes.
fn solve(d: &Dataset, params: &BrentParams, warm: Option<&[f64]>) -> (Vec<f64>, usize, bool) {
    let mut s = solver(d, params).unwrap();
    let warmed = warm.is_some_and(|x| s.warm(x));
    while s.step().is_some() {}
    assert_eq!(s.stop_reason(), Some(ratings_engine::StopReason::Converged), "{params:?}");
    (s.strengths().to_vec(), s.passes(), warmed)
}

/// Where the coarse correction applies (a near league), a σ change started from the last
/// answer still takes one iteration of two passes, as the app's status says (its end-to-end
/// test of a large Swiss): the correction's pass is not spent on a start that is the answer.
#[test]
fn a_start_at_the_answer_spends_no_pass_on_the_coarse_correction() {
    let d = near_league(1000, 8000, 17, 1.5);
    let at = |sigma: f64| BrentParams { variant: Variant::Accelerated, sigma, gamma: 0.0, eps: 1e-9, max_iter: 10_000 };
    let (previous, cold_passes, _) = solve(&d, &at(0.3), None);
    let (_, passes, warmed) = solve(&d, &at(0.5), Some(&previous));
    assert!(warmed && cold_passes > 10);
    assert_eq!(passes, 2);
}

/// A parameter change started from the last answer (the app's worker does this on large
/// inputs) reaches the answer a cold start reaches, in fewer passes; the classic iterations
/// keep their own start.
#[test]
fn a_warm_start_reaches_the_cold_answer_in_fewer_passes() {
    for (what, d) in cases() {
        let at = |sigma: f64, gamma: f64| BrentParams { variant: Variant::Accelerated, sigma, gamma, eps: 1e-12, max_iter: 10_000 };
        for (from, to) in
            [(at(0.3, 0.0), at(0.5, 0.0)), (at(0.3, 0.5), at(0.3, 1.0)), (at(0.3, 0.0), at(0.3, 0.5)), (at(0.3, 1.0), at(0.3, 0.0))]
        {
            let (previous, _, _) = solve(&d, &from, None);
            let (cold, cold_passes, _) = solve(&d, &to, None);
            let (warm, warm_passes, warmed) = solve(&d, &to, Some(&previous));
            assert!(warmed, "{what}");
            let n = d.players.len();
            for i in (0..n).filter(|&i| cold[i] > 0.0 && cold[i].is_finite()) {
                let (x, y) = (cold[i].ln(), warm[i].ln());
                assert!((x - y).abs() <= 1e-9 * x.abs().max(1.0), "{what} {from:?} → {to:?}, player {i}: {x} vs {y}");
            }
            assert!(warm_passes <= cold_passes, "{what} {from:?} → {to:?}: {warm_passes} vs {cold_passes} passes");
            if from.gamma == to.gamma {
                // σ changes only the speed: the answer is where it starts.
                assert!(warm_passes <= 4, "{what}: {warm_passes} passes from the answer");
            }
        }
        let alg1 = BrentParams { variant: Variant::Alg1, ..Default::default() };
        let (x, _, _) = solve(&d, &alg1, None);
        assert!(!solve(&d, &alg1, Some(&x)).2, "{what}: Algorithm 1 keeps the paper's start");
    }
}
