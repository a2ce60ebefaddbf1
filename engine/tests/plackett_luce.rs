//! Plackett–Luce (issue 39) from outside: against Brent on two-player wins, against choix's
//! maximum likelihood and an independent Davidson–Luce maximisation (fixtures made by
//! `scripts/make-plackett-luce-fixtures.py`), the likelihood never falling, and bad
//! parameters refused.

use ratings_engine::evaluation::random::Random;
use ratings_engine::methods::fit::Fit;
use ratings_engine::methods::plackett_luce::{PlackettLuceFit, PlackettLuceParams};
use ratings_engine::scale::{Scale, ScaleKind};
use ratings_engine::{rate, BrentParams, Dataset, Event, Method, Options, Variant};

/// A league of `n` players with log-strengths of sd `sd`: `m` events of 2..=`most` players
/// ranked by Luce's model (the Gumbel-max trick), a share `top` of them top-k.
fn league(seed: u64, n: usize, m: usize, most: usize, sd: f64, top: f64) -> Dataset {
    let mut rng = Random::new(seed);
    let mut d = Dataset::new();
    let ids: Vec<usize> = (0..n).map(|i| d.player(&format!("P{i:03}")).unwrap()).collect();
    let r: Vec<f64> = (0..n).map(|_| sd * rng.normal()).collect();
    for e in 0..m {
        let size = 2 + rng.below(most - 1);
        let mut who: Vec<usize> = (0..n).collect();
        rng.shuffle(&mut who);
        let mut keyed: Vec<(f64, usize)> = who[..size].iter().map(|&i| (r[i] - (-rng.unit().max(1e-300).ln()).ln(), i)).collect();
        keyed.sort_by(|a, b| b.0.total_cmp(&a.0));
        let ranked = if size > 2 && rng.unit() < top { 1 + rng.below(size - 1) } else { size };
        let places = keyed[..ranked].iter().enumerate().map(|(k, &(_, i))| (ids[i], k as u32 + 1)).collect();
        let mut ev = Event::ranked(format!("e{e}"), places, e + 2);
        ev.unranked = keyed[ranked..].iter().map(|&(_, i)| ids[i]).collect();
        d.events.push(ev);
    }
    d
}

fn natural() -> Options {
    Options { scale: Scale { kind: ScaleKind::Natural, offset: None } }
}

fn by_name(r: &ratings_engine::Rating) -> Vec<(String, f64)> {
    let mut v: Vec<(String, f64)> = r.players.iter().map(|p| (p.name.clone(), p.rating.unwrap())).collect();
    v.sort_by(|a, b| a.0.cmp(&b.0));
    v
}

#[test]
fn two_player_wins_give_brents_ratings() {
    // Games only (no draws), as events and as games: both are Brent's fixed point.
    let events = league(7, 40, 600, 2, 1.0, 0.0);
    let mut games = Dataset::new();
    for p in &events.players {
        games.player(&p.name).unwrap();
    }
    for e in &events.events {
        let (w, l) = (e.places[0].0, e.places[1].0);
        games.add_game(&events.players[w].name, &events.players[l].name, 1.0);
    }
    for (sigma, gamma) in [(0.3, 0.0), (0.0, 0.0), (0.3, 0.5), (1.0, 2.0)] {
        let pl = Method::PlackettLuce(PlackettLuceParams { sigma, gamma, eps: 1e-13, max_iter: 100_000, ..Default::default() });
        for variant in [Variant::Accelerated, Variant::Alg1] {
            let brent = Method::Brent(BrentParams { sigma: sigma.max(0.3), gamma, eps: 1e-13, variant, ..Default::default() });
            let want = by_name(&rate(&games, &brent, &natural()).unwrap());
            for data in [&events, &games] {
                let got = rate(data, &pl, &natural()).unwrap();
                assert!(got.report.converged, "σ {sigma}, γ {gamma}");
                // The standard errors too: the same information matrix, the same convention.
                let brent = rate(&games, &brent, &natural()).unwrap();
                let se = |r: &ratings_engine::Rating, name: &str| r.players.iter().find(|p| p.name == name).and_then(|p| p.sigma).unwrap();
                for p in &got.players {
                    let (a, b) = (se(&got, &p.name), se(&brent, &p.name));
                    assert!((a - b).abs() < 1e-7 * b, "σ {sigma}, γ {gamma}: {} ± {a} against Brent's ± {b}", p.name);
                }
                for ((a, x), (_, y)) in by_name(&got).iter().zip(&want) {
                    assert!((x - y).abs() < 1e-9, "σ {sigma}, γ {gamma}, {variant}: {a} {x} against Brent's {y}");
                }
            }
        }
    }
}

#[test]
fn the_likelihood_never_falls() {
    let mut tied = league(11, 30, 300, 6, 1.5, 0.3);
    // Ties: every fifth event's second and third places share a place.
    for e in tied.events.iter_mut().step_by(5).filter(|e| e.places.len() >= 3) {
        e.places[2].1 = e.places[1].1;
    }
    let cases = [
        (league(3, 30, 300, 6, 1.5, 0.3), 0.3, 0.0, 1.0),
        (league(4, 50, 400, 8, 1.5, 0.0), 0.0, 0.0, 1.0),
        (league(5, 50, 200, 8, 2.0, 0.5), 1.0, 0.7, 1.0),
        (tied.clone(), 0.3, 0.0, 0.5),
        (tied, 0.0, 1.5, 3.0),
    ];
    for (k, (data, sigma, gamma, delta)) in cases.into_iter().enumerate() {
        let params = PlackettLuceParams { sigma, gamma, delta, eps: 1e-12, ..Default::default() };
        let mut fit = PlackettLuceFit::new(&data, &params, &Scale::default()).unwrap();
        let mut before = fit.log_likelihood();
        let mut steps = 0;
        while fit.step().is_some() {
            let now = fit.log_likelihood();
            assert!(now >= before - 1e-9 * before.abs(), "case {k}, step {steps}: {now} after {before}");
            before = now;
            steps += 1;
        }
        assert!(fit.finish().unwrap().report.converged, "case {k}");
    }
}

#[test]
fn bad_parameters_are_refused_by_name() {
    let data = league(1, 5, 20, 4, 1.0, 0.0);
    let bad = [
        (PlackettLuceParams { delta: 0.0, ..Default::default() }, "delta"),
        (PlackettLuceParams { delta: -1.0, ..Default::default() }, "delta"),
        (PlackettLuceParams { delta: f64::NAN, ..Default::default() }, "delta"),
        (PlackettLuceParams { sigma: -0.1, ..Default::default() }, "sigma"),
        (PlackettLuceParams { sigma: f64::NAN, ..Default::default() }, "sigma"),
        (PlackettLuceParams { gamma: -1.0, ..Default::default() }, "gamma"),
        (PlackettLuceParams { gamma: f64::NAN, ..Default::default() }, "gamma"),
        (PlackettLuceParams { eps: 0.0, ..Default::default() }, "eps"),
    ];
    for (params, name) in bad {
        let e = rate(&data, &Method::PlackettLuce(params.clone()), &Options::default()).unwrap_err().to_string();
        assert!(e.contains(name), "{params:?}: {e}");
    }
    let e = rate(&data, &Method::PlackettLuce(PlackettLuceParams { delta: -1.0, ..Default::default() }), &Options::default())
        .unwrap_err()
        .to_string();
    assert!(e.contains("tie parameter"), "{e}");
}

/// A fixture of `scripts/make-plackett-luce-fixtures.py`: its events as a dataset (player `i`
/// named `P{i}`), the reference log-strengths (mean 0) and δ.
fn fixture(name: &str) -> (Dataset, Vec<f64>, Option<f64>) {
    let path = format!("{}/tests/data/plackett_luce/{name}.json", env!("CARGO_MANIFEST_DIR"));
    let v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let mut d = Dataset::new();
    let n = v["players"].as_u64().unwrap() as usize;
    let ids: Vec<usize> = (0..n).map(|i| d.player(&format!("P{i}")).unwrap()).collect();
    let id = |x: &serde_json::Value| ids[x.as_u64().unwrap() as usize];
    for (k, e) in v["events"].as_array().unwrap().iter().enumerate() {
        let places = e["places"].as_array().unwrap().iter().map(|p| (id(&p[0]), p[1].as_u64().unwrap() as u32)).collect();
        let mut ev = Event::ranked(format!("e{k}"), places, k + 2);
        ev.unranked = e["unranked"].as_array().unwrap().iter().map(id).collect();
        d.events.push(ev);
    }
    let est = v["log_strength"].as_array().unwrap().iter().map(|x| x.as_f64().unwrap()).collect();
    (d, est, v["delta"].as_f64())
}

/// The largest gap between our log-strengths (natural scale, mean 0) and the fixture's.
fn gap(name: &str, sigma: f64) -> f64 {
    let (data, want, delta) = fixture(name);
    let params = PlackettLuceParams { sigma, eps: 1e-14, max_iter: 100_000, delta: delta.unwrap_or(1.0), ..Default::default() };
    let r = rate(&data, &Method::PlackettLuce(params), &natural()).unwrap();
    assert!(r.report.converged, "{name}: {:?}", r.report.stop);
    assert_eq!(r.groups, 1, "{name}");
    let mut worst = 0.0f64;
    for p in &r.players {
        let i: usize = p.name[1..].parse().unwrap();
        worst = worst.max((p.rating.unwrap() - want[i]).abs());
    }
    eprintln!("{name}, σ {sigma}: {worst:e}");
    worst
}

#[test]
fn full_and_top_k_rankings_give_choixs_maximum_likelihood() {
    for name in ["full", "topk"] {
        for sigma in [0.0, 0.3] {
            let g = gap(name, sigma);
            assert!(g < 1e-7, "{name}, σ {sigma}: {g:e} from choix");
        }
    }
}

#[test]
fn ties_give_the_davidson_luce_maximum_likelihood() {
    let g = gap("ties", 0.3);
    assert!(g < 1e-6, "{g:e} from scipy's maximum");
}

/// `n` players whose log-strengths (sd 1.5) rise along the list, each event `size` players
/// near one another in it (within `reach` places), ranked by Luce's model: players who meet
/// their own level, as in divisions, club nights by grade, races by category.
fn levels(seed: u64, n: usize, events: usize, size: usize, reach: usize) -> Dataset {
    let mut rng = Random::new(seed);
    let mut d = Dataset::new();
    let ids: Vec<usize> = (0..n).map(|i| d.player(&format!("P{i:04}")).unwrap()).collect();
    let mut r: Vec<f64> = (0..n).map(|_| 1.5 * rng.normal()).collect();
    r.sort_by(f64::total_cmp);
    for e in 0..events {
        let low = rng.below(n - reach);
        let mut near: Vec<usize> = (low..low + reach).collect();
        rng.shuffle(&mut near);
        let mut keyed: Vec<(f64, usize)> = near[..size].iter().map(|&i| (r[i] + rng.gumbel(), i)).collect();
        keyed.sort_by(|a, b| b.0.total_cmp(&a.0));
        let places = keyed.iter().enumerate().map(|(k, &(_, i))| (ids[i], k as u32 + 1)).collect();
        d.events.push(Event::ranked(format!("e{e}"), places, e + 2));
    }
    d
}

/// Where players meet only their own level, the MM iteration's slow mode is a shift along the
/// whole chain of levels, which SQUAREM's extrapolation barely shortens: a league of 3,000
/// players and 15,000 two-player games took more than 10,000 iterations and stopped
/// unconverged (the million-game league of `scripts/leagues.py --pairing near` likewise, in
/// minutes). A coarse correction along the chain (Brent's, `brent::coarse`) takes it out: the
/// fit converges in a few hundred passes at most, to Brent's ratings on two-player wins and,
/// with events of four, with the likelihood never falling.
#[test]
fn players_who_meet_their_own_level_converge_in_few_passes() {
    let events = levels(21, 3_000, 15_000, 2, 12);
    let mut games = Dataset::new();
    for p in &events.players {
        games.player(&p.name).unwrap();
    }
    for e in &events.events {
        games.add_game(&events.players[e.places[0].0].name, &events.players[e.places[1].0].name, 1.0);
    }
    let pl = Method::PlackettLuce(PlackettLuceParams { eps: 1e-10, ..Default::default() });
    let brent = Method::Brent(BrentParams { eps: 1e-12, ..Default::default() });
    // (A player who won or lost every game has no finite rating in either.)
    let rated = |r: &ratings_engine::Rating| {
        let mut v: Vec<(String, Option<f64>)> = r.players.iter().map(|p| (p.name.clone(), p.rating)).collect();
        v.sort_by(|a, b| a.0.cmp(&b.0));
        v
    };
    let want = rated(&rate(&games, &brent, &natural()).unwrap());
    assert!(want.iter().filter(|p| p.1.is_some()).count() > 2_900);
    for data in [&events, &games] {
        let got = rate(data, &pl, &natural()).unwrap();
        let passes = got.report.passes.unwrap_or(usize::MAX);
        eprintln!("{} iterations, {passes} passes", got.report.iterations);
        assert!(got.report.converged && passes <= 150, "{:?} after {passes} passes", got.report.stop);
        for ((a, x), (_, y)) in rated(&got).iter().zip(&want) {
            match (x, y) {
                (Some(x), Some(y)) => assert!((x - y).abs() < 1e-7, "{a}: {x} against Brent's {y}"),
                _ => assert_eq!(x.is_some(), y.is_some(), "{a}: rated by one, not the other"),
            }
        }
    }
    let fours = levels(22, 3_000, 6_000, 4, 12);
    let params = PlackettLuceParams { eps: 1e-10, ..Default::default() };
    let mut fit = PlackettLuceFit::new(&fours, &params, &Scale::default()).unwrap();
    let mut before = fit.log_likelihood();
    while fit.step().is_some() {
        let now = fit.log_likelihood();
        assert!(now >= before - 1e-9 * before.abs(), "{now} after {before}");
        before = now;
    }
    let r = fit.finish().unwrap();
    let passes = r.report.passes.unwrap_or(usize::MAX);
    eprintln!("events of four: {} iterations, {passes} passes", r.report.iterations);
    assert!(r.report.converged && passes <= 150, "events of four: {:?} after {passes} passes", r.report.stop);
}

/// 400 players who meet their own level, events of four (`levels.json`): the fit, which takes
/// the coarse correction there, gives choix's maximum likelihood (its ILSR: a spectral method,
/// not MM), in few passes.
#[test]
fn rankings_at_their_own_level_give_choixs_maximum_likelihood() {
    for sigma in [0.0, 0.3] {
        let g = gap("levels", sigma);
        assert!(g < 1e-7, "σ {sigma}: {g:e} from choix");
    }
    let (data, _, _) = fixture("levels");
    let r = rate(&data, &Method::PlackettLuce(PlackettLuceParams { eps: 1e-10, ..Default::default() }), &natural()).unwrap();
    let passes = r.report.passes.unwrap_or(usize::MAX);
    assert!(r.report.converged && passes <= 150, "{:?} after {passes} passes", r.report.stop);
}
