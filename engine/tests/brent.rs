//! Brent's eigenvector ratings: the fixed point, the variants, σ, γ, old ratings,
//! invariances and degenerate data.

mod common;

use common::*;
use ratings_engine::diagnose::{FindingKind, Status};
use ratings_engine::{rate, BrentParams, Dataset, Method, Offset, Options, Prior, Rating, Scale, ScaleKind, StopReason, Variant};

fn brent(d: &Dataset, params: BrentParams) -> Rating {
    rate(d, &Method::Brent(params), &Options::default()).expect("rates")
}

fn tight(variant: Variant) -> BrentParams {
    BrentParams { variant, eps: 1e-14, max_iter: 200_000, ..Default::default() }
}

fn max_diff(a: &Rating, b: &Rating) -> f64 {
    let (a, b) = (by_name(a), by_name(b));
    assert_eq!(a.len(), b.len());
    a.iter().map(|(k, v)| (v - b[k]).abs()).fold(0.0, f64::max)
}

fn datasets() -> Vec<(&'static str, Dataset)> {
    vec![("round robin", round_robin(16, 1)), ("swiss", swiss(60, 8, 3)), ("sparse league", league(400, 4000, 3))]
}

#[test]
fn fixed_point_satisfies_the_equilibrium_equations() {
    for (what, d) in datasets() {
        let r = brent(&d, tight(Variant::Alg1));
        assert!(!r.diagnosis.degenerate, "{what}: {:?}", r.diagnosis);
        assert!(r.report.converged, "{what}: {:?}", r.report.stop);
        let res = max_equilibrium_residual(&d, &r);
        assert!(res < 1e-10, "{what}: residual {res:e}");
        assert!(r.report.final_residual < 1e-10, "{what}: engine's residual {:e}", r.report.final_residual);
    }
}

#[test]
fn the_three_iterations_agree() {
    for (what, d) in datasets() {
        let a = brent(&d, tight(Variant::Alg1));
        for v in [Variant::Fixed, Variant::Zermelo] {
            let b = brent(&d, BrentParams { eps: 1e-13, ..tight(v) });
            assert!(b.report.converged, "{what} {v:?}");
            assert!(max_diff(&a, &b) < 1e-8, "{what} {v:?}: {}", max_diff(&a, &b));
            assert!(max_equilibrium_residual(&d, &b) < 1e-8, "{what} {v:?}");
        }
        // Iteration (14) is the slow one (Brent §5; Newman 2023).
        let z = brent(&d, BrentParams { eps: 1e-10, ..tight(Variant::Zermelo) });
        let a10 = brent(&d, BrentParams { eps: 1e-10, ..tight(Variant::Alg1) });
        assert!(z.report.iterations > a10.report.iterations, "{what}: (14) took {}, (13) {}", z.report.iterations, a10.report.iterations);
    }
}

#[test]
fn fixed_variant_records_its_outer_steps() {
    let d = round_robin(10, 9);
    let r = brent(&d, BrentParams { variant: Variant::Fixed, ..Default::default() });
    let outers: Vec<usize> = r.report.trace.iter().map(|t| t.outer.unwrap()).collect();
    assert_eq!(outers[0], 1);
    assert!(*outers.last().unwrap() > 2, "several re-weightings: {outers:?}");
    assert!(outers.windows(2).all(|w| w[1] == w[0] || w[1] == w[0] + 1));
}

#[test]
fn sigma_changes_iterations_not_ratings() {
    for (what, d) in datasets() {
        let runs: Vec<Rating> =
            [0.0, 0.3, 1.0, 3.0].iter().map(|&sigma| brent(&d, BrentParams { sigma, ..tight(Variant::Alg1) })).collect();
        for r in &runs[1..] {
            assert!(max_diff(&runs[0], r) < 1e-9, "{what}: {}", max_diff(&runs[0], r));
        }
        let iters: Vec<usize> = runs.iter().map(|r| r.report.iterations).collect();
        assert!(iters[3] > iters[1], "{what}: heavy damping is slower: {iters:?}");
    }
}

#[test]
fn gamma_to_zero_approaches_the_undamped_answer() {
    let d = swiss(40, 6, 5);
    let exact = brent(&d, tight(Variant::Alg1));
    let diffs: Vec<f64> = [1.0, 0.1, 0.01, 0.001, 0.0001]
        .iter()
        .map(|&gamma| max_diff(&exact, &brent(&d, BrentParams { gamma, ..tight(Variant::Alg1) })))
        .collect();
    assert!(diffs.windows(2).all(|w| w[1] < w[0]), "{diffs:?}");
    // The gap shrinks in proportion to γ.
    assert!(diffs[0] > 1e-1 && diffs[4] < 1e-2 && diffs[3] / diffs[4] > 5.0, "{diffs:?}");
}

#[test]
fn equal_scores_in_a_round_robin_give_equal_ratings() {
    // A and B both score 2 of 3, by different results; C and D both score 1.
    let mut d = Dataset::new();
    for (a, b, s) in [("A", "B", 0.5), ("A", "C", 1.0), ("A", "D", 0.5), ("B", "C", 0.5), ("B", "D", 1.0), ("C", "D", 0.5)] {
        d.add_game(a, b, s);
    }
    let r = by_name(&brent(&d, tight(Variant::Alg1)));
    assert!((r["A"] - r["B"]).abs() < 1e-12 && (r["C"] - r["D"]).abs() < 1e-12, "{r:?}");
    assert!(r["A"] > r["C"]);
    // And on generated data: every pair with equal scores.
    let d = round_robin(20, 11);
    let rating = brent(&d, tight(Variant::Alg1));
    let mut pairs = 0;
    for p in &rating.players {
        for q in &rating.players {
            if p.name < q.name && p.score == q.score {
                pairs += 1;
                assert!((p.log_strength.unwrap() - q.log_strength.unwrap()).abs() < 1e-10, "{} {}", p.name, q.name);
                assert_eq!(p.rank, q.rank, "equal ratings share a rank");
            }
        }
    }
    assert!(pairs > 0, "the generated round robin has ties to check");
}

#[test]
fn permuting_input_lines_does_not_change_ratings() {
    let d = league(200, 1500, 7);
    let a = brent(&d, tight(Variant::Alg1));
    let b = brent(&shuffled(&d, 99, Dataset::new()), tight(Variant::Alg1));
    assert!(max_diff(&a, &b) < 1e-10);
    let names = |r: &Rating| r.players.iter().map(|p| p.name.clone()).collect::<Vec<_>>();
    assert_eq!(names(&a), names(&b), "the same order, best first");
}

#[test]
fn old_ratings_are_virtual_draws() {
    let mut d = round_robin(8, 21);
    d.players[0].set_prior(Some(Prior { log_strength: 2.0, weight: 4.0 }));
    d.players[3].set_prior(Some(Prior { log_strength: -1.0, weight: 2.0 }));
    let r = brent(&d, tight(Variant::Alg1));
    assert!(r.report.converged);
    assert!(max_equilibrium_residual(&d, &r) < 1e-10);
    // Old ratings fix the scale: shown as given (c = 0), not moved to a mean of 1500.
    assert_eq!(r.scale.as_ref().unwrap().offset, Offset::Absolute);
    for v in [Variant::Fixed, Variant::Zermelo] {
        let b = brent(&d, BrentParams { eps: 1e-13, ..tight(v) });
        assert!(max_diff(&r, &b) < 1e-8, "{v:?}");
    }
    // A heavy prior pins its player.
    d.players[0].set_prior(Some(Prior { log_strength: 2.0, weight: 1e6 }));
    let r = by_name(&brent(&d, tight(Variant::Alg1)));
    assert!((r["Player 000"] - 2.0).abs() < 1e-4);
}

#[test]
fn a_player_only_known_by_an_old_rating_keeps_it() {
    let mut d = Dataset::new();
    d.add_game("A", "B", 1.0);
    d.add_game("B", "A", 0.5);
    let c = d.player("C").unwrap();
    d.players[c].set_prior(Some(Prior { log_strength: 1.5, weight: 3.0 }));
    let r = brent(&d, tight(Variant::Alg1));
    let c = r.players.iter().find(|p| p.name == "C").unwrap();
    assert!((c.log_strength.unwrap() - 1.5).abs() < 1e-12);
}

#[test]
fn unbeaten_and_pointless_players_are_diagnosed_and_the_rest_rated() {
    let mut d = swiss(30, 5, 3);
    for opp in ["Player 001", "Player 002", "Player 003"] {
        d.add_game("Champion", opp, 1.0);
        d.add_game(opp, "Wooden Spoon", 1.0);
    }
    let r = brent(&d, tight(Variant::Alg1));
    let kinds: Vec<FindingKind> = r.diagnosis.findings.iter().map(|f| f.kind).collect();
    assert!(kinds.contains(&FindingKind::NoLosses) && kinds.contains(&FindingKind::NoPoints), "{kinds:?}");
    assert_eq!(r.diagnosis.suggested_gamma, Some(1.0));
    let champ = r.players.iter().find(|p| p.name == "Champion").unwrap();
    assert_eq!((champ.status, champ.rating), (Status::UnboundedAbove, None));
    assert_eq!(r.players[0].name, "Champion", "the unbeaten player heads the list");
    let spoon = r.players.iter().find(|p| p.name == "Wooden Spoon").unwrap();
    assert_eq!((spoon.status, spoon.rating), (Status::UnboundedBelow, None));
    assert_eq!(r.players.last().unwrap().name, "Wooden Spoon");
    assert!(r.report.converged);
    assert!(r.players.iter().filter(|p| p.status == Status::Rated).all(|p| p.rating.unwrap().is_finite()));
    assert!(r.warnings.iter().any(|w| w.contains("gamma = 1")), "{:?}", r.warnings);
    // With a dummy player everyone is rated, the champion on top.
    let g = brent(&d, BrentParams { gamma: 1.0, ..tight(Variant::Alg1) });
    assert!(g.players.iter().all(|p| p.rating.is_some_and(f64::is_finite)));
    let rating = |name: &str| g.players.iter().find(|p| p.name == name).unwrap().rating.unwrap();
    for opp in ["Player 001", "Player 002", "Player 003"] {
        assert!(rating("Champion") > rating(opp) && rating(opp) > rating("Wooden Spoon"));
    }
    assert_eq!(g.groups, 1);
}

#[test]
fn groups_that_never_met_are_rated_separately() {
    let mut d = round_robin(6, 31);
    let other = round_robin(4, 32);
    for g in &other.games {
        d.add_game(&format!("Club {}", other.players[g.first()].name), &format!("Club {}", other.players[g.second()].name), g.score);
    }
    let r = brent(&d, tight(Variant::Alg1));
    assert!(r.diagnosis.findings.iter().any(|f| f.kind == FindingKind::Disconnected));
    assert_eq!(r.groups, 2);
    assert!(r.warnings.iter().any(|w| w.contains("2 groups")));
    // Each group's mean sits at 1500.
    for g in [1, 2] {
        let rs: Vec<f64> = r.players.iter().filter(|p| p.group == Some(g)).map(|p| p.rating.unwrap()).collect();
        let mean = rs.iter().sum::<f64>() / rs.len() as f64;
        assert!((mean - 1500.0).abs() < 1e-9, "group {g}: {mean}");
    }
    assert!(max_equilibrium_residual(&d, &r) < 1e-10);
}

#[test]
fn a_group_that_only_beat_another_is_diagnosed() {
    let mut d = round_robin(5, 41);
    let low = round_robin(5, 42);
    for g in &low.games {
        d.add_game(&format!("Low {}", low.players[g.first()].name), &format!("Low {}", low.players[g.second()].name), g.score);
    }
    d.add_game("Player 000", "Low Player 000", 1.0);
    d.add_game("Low Player 001", "Player 001", 0.0);
    let r = brent(&d, tight(Variant::Alg1));
    let f = r.diagnosis.findings.iter().find(|f| f.kind == FindingKind::Dominance).expect("dominance found");
    assert_eq!(f.players.len(), 10);
    assert_eq!(r.groups, 2);
    assert!(r.players[..5].iter().all(|p| !p.name.starts_with("Low")), "the dominant group first");
}

#[test]
fn display_scales() {
    let d = round_robin(6, 51);
    let elo = brent(&d, tight(Variant::Alg1));
    let nat = rate(&d, &Method::Brent(tight(Variant::Alg1)), &Options { scale: Scale { kind: ScaleKind::Natural, offset: None } }).unwrap();
    let mean = |r: &Rating| r.players.iter().map(|p| p.rating.unwrap()).sum::<f64>() / r.players.len() as f64;
    assert!((mean(&elo) - 1500.0).abs() < 1e-9);
    assert!(mean(&nat).abs() < 1e-12);
    for (e, n) in elo.players.iter().zip(&nat.players) {
        assert!((e.rating.unwrap() - 1500.0 - n.rating.unwrap() * 400.0 / 10f64.ln()).abs() < 1e-9);
    }
    let anchored = rate(
        &d,
        &Method::Brent(tight(Variant::Alg1)),
        &Options { scale: Scale { kind: ScaleKind::Elo, offset: Some(Offset::Anchor { player: "player 002".into(), rating: 2000.0 }) } },
    )
    .unwrap();
    let p2 = anchored.players.iter().find(|p| p.name == "Player 002").unwrap();
    assert!((p2.rating.unwrap() - 2000.0).abs() < 1e-9);
    let missing = rate(
        &d,
        &Method::Brent(BrentParams::default()),
        &Options { scale: Scale { kind: ScaleKind::Elo, offset: Some(Offset::Anchor { player: "Nobody".into(), rating: 0.0 }) } },
    );
    assert!(missing.unwrap_err().to_string().contains("'Nobody' is not in the results"));
}

#[test]
fn iteration_cap_and_bad_parameters() {
    let d = league(100, 600, 61);
    let r = brent(&d, BrentParams { max_iter: 3, ..Default::default() });
    assert_eq!((r.report.iterations, r.report.converged, r.report.stop), (3, false, StopReason::MaxIterations));
    assert!(r.warnings[0].contains("did not converge in 3 iterations"));
    assert_eq!(r.report.trace.len(), 3);
    assert!(r.report.trace.iter().all(|t| t.change.is_finite() && t.residual.is_finite()));
    for bad in [
        BrentParams { sigma: -1.0, ..Default::default() },
        BrentParams { gamma: f64::NAN, ..Default::default() },
        BrentParams { eps: 0.0, ..Default::default() },
    ] {
        let e = rate(&d, &Method::Brent(bad), &Options::default()).unwrap_err();
        assert!(e.to_string().starts_with("parameter "), "{e}");
    }
    assert_eq!(
        rate(&Dataset::new(), &Method::Brent(BrentParams::default()), &Options::default()).unwrap_err().to_string(),
        "there are no games to rate"
    );
}

#[test]
fn progress_sees_every_iteration_and_can_cancel() {
    let d = league(100, 600, 71);
    let mut seen = 0;
    let r = ratings_engine::rate_with(&d, &Method::Brent(BrentParams::default()), &Options::default(), &mut |rec| {
        seen += 1;
        assert_eq!(rec.iteration, seen);
        seen < 5
    })
    .unwrap();
    assert_eq!(seen, 5);
    assert_eq!(r.report.stop, StopReason::Cancelled);
    assert!(!r.report.converged);
}

#[test]
fn no_rateable_group_is_reported_not_computed() {
    let mut d = Dataset::new();
    d.add_game("A", "B", 1.0);
    let r = brent(&d, BrentParams::default());
    assert_eq!(r.report.stop, StopReason::NothingToRate);
    assert!(r.players.iter().all(|p| p.rating.is_none()));
    assert_eq!(r.players[0].name, "A");
}

#[test]
fn the_residual_trace_falls() {
    let d = swiss(50, 7, 81);
    let r = brent(&d, BrentParams { eps: 1e-12, ..Default::default() });
    let t = &r.report.trace;
    assert!(t.first().unwrap().residual > 1e3 * t.last().unwrap().residual);
    assert!(r.report.final_residual <= t.last().unwrap().residual);
}

#[test]
fn without_damping_two_players_oscillate_and_the_warning_says_why() {
    let mut d = Dataset::new();
    d.add_game("A", "B", 1.0);
    d.add_game("A", "B", 1.0);
    d.add_game("B", "A", 1.0);
    let undamped = brent(&d, BrentParams { variant: Variant::Alg1, sigma: 0.0, max_iter: 500, ..Default::default() });
    assert_eq!(undamped.report.stop, StopReason::MaxIterations);
    assert!(undamped.warnings.iter().any(|w| w.contains("try sigma = 0.3")), "{:?}", undamped.warnings);
    for variant in [Variant::Alg1, Variant::Fixed, Variant::Zermelo] {
        let r = by_name(&brent(&d, BrentParams { variant, eps: 1e-13, ..Default::default() }));
        // Two wins to one: x_A / x_B = 2.
        assert!((r["A"] - r["B"] - 2f64.ln()).abs() < 1e-10, "{variant:?}");
    }
}

#[test]
fn standard_errors_from_the_fisher_information() {
    // Two players, 3 wins to 1: d = r_A − r_B = ln 3, Var(d) = 1 / (n p (1 − p)) with p = 3/4;
    // measured from the mean, each rating is ±d/2, so its standard error is half of d's.
    let mut d = Dataset::new();
    for s in [1.0, 1.0, 1.0, 0.0] {
        d.add_game("A", "B", s);
    }
    let r = rate(&d, &Method::Brent(tight(Variant::Alg1)), &Options { scale: Scale { kind: ScaleKind::Natural, offset: None } }).unwrap();
    let se_d = 1.0 / (4.0f64 * 0.75 * 0.25).sqrt();
    for p in &r.players {
        assert!((p.sigma.unwrap() - se_d / 2.0).abs() < 1e-9, "{}: {:?}", p.name, p.sigma);
    }
    // On the Elo-like scale the same, times 400/ln 10.
    let elo = brent(&d, tight(Variant::Alg1));
    assert!((elo.players[0].sigma.unwrap() - se_d / 2.0 * 400.0 / 10f64.ln()).abs() < 1e-6);
    // More games, smaller errors.
    let small = brent(&round_robin(16, 1), tight(Variant::Alg1));
    let mut bigger = round_robin(16, 1);
    let again = round_robin(16, 1);
    for g in &again.games {
        bigger.add_game(&again.players[g.first()].name, &again.players[g.second()].name, g.score);
    }
    let bigger = brent(&bigger, tight(Variant::Alg1));
    for p in &small.players {
        let q = bigger.players.iter().find(|q| q.name == p.name).unwrap();
        assert!(q.sigma.unwrap() < p.sigma.unwrap(), "{}", p.name);
    }
    // An unconverged fit claims no uncertainty.
    let early = brent(&round_robin(16, 1), BrentParams { max_iter: 2, ..Default::default() });
    assert!(early.players.iter().all(|p| p.sigma.is_none()));
}

#[test]
fn heavy_damping_cannot_fake_convergence() {
    // With σ huge every step is tiny, so the step size alone would say "converged" at once.
    let d = round_robin(16, 1);
    let exact = brent(&d, tight(Variant::Alg1));
    let stalled = brent(&d, BrentParams { sigma: 1e11, max_iter: 50, ..Default::default() });
    assert_eq!(stalled.report.stop, StopReason::MaxIterations, "{:?}", stalled.report.stop);
    assert!(!stalled.report.converged);
    for v in [Variant::Alg1, Variant::Fixed, Variant::Zermelo] {
        let slow = brent(&d, BrentParams { variant: v, sigma: 100.0, eps: 1e-12, max_iter: 1_000_000, ..Default::default() });
        assert!(slow.report.converged, "{v:?}");
        assert!(max_diff(&exact, &slow) < 1e-8, "{v:?}: {}", max_diff(&exact, &slow));
    }
}

#[test]
fn standard_errors_with_a_dummy_player_tend_to_those_without() {
    // The dummy is one more node; the errors shown are for ratings measured from the real
    // players' mean, so a vanishing γ gives back the undamped errors.
    let d = round_robin(16, 1);
    let plain = brent(&d, tight(Variant::Alg1));
    // (A tiny dummy converges slowly itself: γ = 10⁻³ is small enough to show the limit.)
    let tiny = brent(&d, BrentParams { gamma: 1e-3, eps: 1e-12, ..tight(Variant::Alg1) });
    for p in &plain.players {
        let q = tiny.players.iter().find(|q| q.name == p.name).unwrap();
        let (a, b) = (p.sigma.unwrap(), q.sigma.unwrap());
        assert!((a - b).abs() < 5e-3 * a, "{}: {a} vs {b}", p.name);
    }
    // And a real dummy (γ = 1) shrinks them: it adds information.
    let damped = brent(&d, BrentParams { gamma: 1.0, ..tight(Variant::Alg1) });
    assert!(damped.players.iter().all(|q| q.sigma.unwrap() < plain.players.iter().find(|p| p.name == q.name).unwrap().sigma.unwrap()));
}

#[test]
fn on_a_large_group_the_ratings_come_first_and_the_standard_errors_after() {
    use ratings_engine::methods::brent::EARLY_ERRORS;
    use ratings_engine::start;
    let check = |players: usize, early: bool| {
        let d = swiss(players, 7, 9);
        let method = Method::Brent(BrentParams { gamma: 1.0, ..BrentParams::default() });
        let mut fit = start(&d, &method, &Options::default()).expect("starts");
        while fit.step().is_some() {}
        let whole = fit.finish().expect("rates");
        assert!(whole.players.iter().all(|p| p.sigma.is_some()), "{players}: every standard error");
        match fit.finish_early() {
            Some(first) => {
                let first = first.expect("rates");
                assert!(early, "{players} players: only a large group is finished early");
                assert!(first.players.iter().all(|p| p.sigma.is_none()), "the errors come later");
                let strip = |r: &Rating| r.players.iter().map(|p| (p.name.clone(), p.rank, p.rating)).collect::<Vec<_>>();
                assert_eq!(strip(&first), strip(&whole), "the same ratings and ranks");
            }
            None => assert!(!early, "{players} players: a large group is finished early"),
        }
    };
    check(EARLY_ERRORS - 10, false);
    check(EARLY_ERRORS + 10, true);
}

#[test]
fn a_group_too_large_for_exact_errors_is_finished_at_once() {
    // Above MAX_GROUP the errors are the quick diagonal approximation: nothing to wait for.
    let d = league(2_000, 12_000, 4);
    let method = Method::Brent(BrentParams { gamma: 1.0, ..BrentParams::default() });
    let mut fit = ratings_engine::start(&d, &method, &Options::default()).expect("starts");
    while ratings_engine::Fit::step(&mut *fit).is_some() {}
    assert!(ratings_engine::Fit::finish_early(&*fit).is_none());
}

/// A league large enough for every stage's second thread (more pairs and games than
/// `threads::LARGE`), rated with the threads and on one thread (`threads::one_thread`, the
/// code as before issue 40), written as JSON: the same bytes, at γ = 0 and with a dummy
/// player. A half of the games' entries left out, or taken in another order, would show.
#[test]
fn the_threads_give_the_bytes_of_one_thread() {
    use ratings_engine::export::json;
    use ratings_engine::threads::{one_thread, parallel, LARGE};
    let d = near_league(20_000, 100_000, 40, 1.5);
    assert!(d.games.len() > LARGE, "large enough for the threads");
    for gamma in [0.0, 1.0] {
        let params = BrentParams { gamma, ..Default::default() };
        let threaded = json(&brent(&d, params.clone()));
        let alone = one_thread(|| {
            assert!(!parallel(), "one thread inside one_thread");
            json(&brent(&d, params))
        });
        assert!(threaded == alone, "γ = {gamma}: the JSON differs");
        assert!(threaded.contains("\"passes\""));
    }
}
