//! Weng–Lin (Weng & Lin 2011): the Bradley–Terry update against `skillratings`'s `weng_lin`
//! on a generated league and on teams, the Plackett–Luce update against openskill's published
//! example, ties, partial rankings, symmetry, the sum of μ, and bad parameters.

mod common;

use common::{league, Rng};
use ratings_engine::methods::weng_lin::{self, rate_teams, Skill, WengLinModel, WengLinParams};
use ratings_engine::{Dataset, Event, RateError};
use skillratings::weng_lin::{weng_lin as sr_weng_lin, weng_lin_multi_team, WengLinConfig, WengLinRating};
use skillratings::{MultiTeamOutcome, Outcomes};
use std::collections::HashMap;

const NEW: Skill = Skill { mu: 25.0, sigma: 25.0 / 3.0 };

/// Bradley–Terry without dynamics: what `skillratings` implements (Algorithm 1, γ = σ_i/c,
/// no τ), with its κ (`uncertainty_tolerance`) set to ours.
fn bt() -> WengLinParams {
    WengLinParams { model: WengLinModel::BradleyTerryFull, tau: 0.0, ..WengLinParams::default() }
}

fn pl() -> WengLinParams {
    WengLinParams { model: WengLinModel::PlackettLuce, tau: 0.0, ..WengLinParams::default() }
}

fn config(p: &WengLinParams) -> WengLinConfig {
    WengLinConfig { beta: p.beta, uncertainty_tolerance: p.kappa }
}

fn singles(skills: &[Skill]) -> Vec<Vec<Skill>> {
    skills.iter().map(|&s| vec![s]).collect()
}

/// A league of two-player games (a fifth drawn) and events of 3–6 players with ties and
/// unranked players.
fn mixed_league(seed: u64) -> Dataset {
    let mut d = league(30, 400, seed);
    let mut rng = Rng::new(seed + 1);
    for k in 0..120 {
        let size = 3 + rng.below(4);
        let mut players: Vec<usize> = Vec::new();
        while players.len() < size {
            let p = rng.below(30);
            if !players.contains(&p) {
                players.push(p);
            }
        }
        let unranked = if rng.below(3) == 0 { 1 + rng.below(2) } else { 0 };
        let ranked = size - unranked;
        // Places 1.. with a tie now and then (a place repeated, the next skipped).
        let mut places = Vec::new();
        for i in 0..ranked {
            let tie = i > 0 && rng.below(4) == 0;
            places.push(if tie { places[i - 1] } else { i as u32 + 1 });
        }
        let mut e = Event::ranked(format!("event {k}"), players[..ranked].iter().copied().zip(places).collect(), k + 2);
        e.unranked = players[ranked..].to_vec();
        d.events.push(e);
    }
    d
}

/// `skillratings`'s replay of `d` as our fit takes it: the events in order (teams of one, an
/// unranked player one place below the last ranked), then the games in input order.
fn skillratings_replay(d: &Dataset, p: &WengLinParams) -> Vec<WengLinRating> {
    let start = WengLinRating { rating: p.mu, uncertainty: p.sigma };
    let mut r = vec![start; d.players.len()];
    let cfg = config(p);
    for e in &d.events {
        let below = e.places.iter().map(|x| x.1).max().unwrap() as usize + 1;
        let who: Vec<(usize, usize)> =
            e.places.iter().map(|&(q, place)| (q, place as usize)).chain(e.unranked.iter().map(|&q| (q, below))).collect();
        let teams: Vec<[WengLinRating; 1]> = who.iter().map(|&(q, _)| [r[q]]).collect();
        let input: Vec<(&[WengLinRating], MultiTeamOutcome)> =
            teams.iter().zip(&who).map(|(t, &(_, place))| (&t[..], MultiTeamOutcome::new(place))).collect();
        let out = weng_lin_multi_team(&input, &cfg);
        for (&(q, _), new) in who.iter().zip(out) {
            r[q] = new[0];
        }
    }
    for g in &d.games {
        let outcome = match g.score {
            s if s > 0.5 => Outcomes::WIN,
            s if s < 0.5 => Outcomes::LOSS,
            _ => Outcomes::DRAW,
        };
        let (a, b) = sr_weng_lin(&r[g.first()], &r[g.second()], &outcome, &cfg);
        (r[g.first()], r[g.second()]) = (a, b);
    }
    r
}

#[test]
fn bradley_terry_equals_skillratings_on_a_generated_league() {
    let d = mixed_league(7);
    assert!(d.games.iter().any(|g| g.score == 0.5) && d.events.iter().any(|e| !e.unranked.is_empty()));
    let p = bt();
    let ours = weng_lin::rate(&d, &p).unwrap();
    let reference = skillratings_replay(&d, &p);
    let mut worst = 0.0f64;
    for row in &ours.players {
        let (mu, sigma) = (row.rating.unwrap(), row.sigma.unwrap());
        let want = reference[row.index];
        worst = worst.max((mu - want.rating).abs()).max((sigma - want.uncertainty).abs());
    }
    assert!(worst < 1e-9, "largest difference {worst:e}");
    eprintln!("Bradley–Terry against skillratings: largest difference {worst:e}");
    // The league moved everyone a long way: the comparison is not of starting values.
    assert!(ours.players.iter().all(|r| r.sigma.unwrap() < 5.0), "{:?}", ours.players.last());
}

#[test]
fn teams_equal_skillratings_multi_team() {
    let mut rng = Rng::new(11);
    let p = WengLinParams { kappa: 1e-6, ..bt() };
    for _ in 0..200 {
        let k = 2 + rng.below(4);
        let teams: Vec<Vec<Skill>> = (0..k)
            .map(|_| (0..1 + rng.below(3)).map(|_| Skill { mu: 25.0 + rng.normal(6.0), sigma: 0.5 + 8.0 * rng.unit() }).collect())
            .collect();
        let places: Vec<u32> = (0..k).map(|_| 1 + rng.below(k) as u32).collect();
        let ours = rate_teams(&teams, &places, &p).unwrap();
        let sr: Vec<Vec<WengLinRating>> =
            teams.iter().map(|t| t.iter().map(|s| WengLinRating { rating: s.mu, uncertainty: s.sigma }).collect()).collect();
        let input: Vec<(&[WengLinRating], MultiTeamOutcome)> =
            sr.iter().zip(&places).map(|(t, &place)| (&t[..], MultiTeamOutcome::new(place as usize))).collect();
        let want = weng_lin_multi_team(&input, &config(&p));
        for (a, b) in ours.iter().flatten().zip(want.iter().flatten()) {
            assert!((a.mu - b.rating).abs() < 1e-9 && (a.sigma - b.uncertainty).abs() < 1e-9, "{a:?} {b:?} {places:?}");
        }
    }
}

/// openskill's README (openskill.js, and openskill.py's docs): four new players (μ 25,
/// σ = 25/3, printed 8.333) with `rank: [4, 1, 3, 2]` (a rank is a place, lower better: the
/// first player came 4th), Plackett–Luce at its defaults before τ was applied by default. The
/// printed digits are the update with τ = 0 (openskill.py 6.2 with its τ = 25/300 prints
/// 20.962, 8.264 and 8.180 where the README says 20.963, 8.263, 8.179).
#[test]
fn plackett_luce_reproduces_openskills_example() {
    let printed = [(20.963, 8.084), (27.795, 8.263), (24.689, 8.084), (26.553, 8.179)];
    let round = |x: f64| (x * 1000.0).round() / 1000.0;
    let after = rate_teams(&singles(&[NEW; 4]), &[4, 1, 3, 2], &pl()).unwrap();
    for (t, &(mu, sigma)) in after.iter().zip(&printed) {
        assert_eq!((round(t[0].mu), round(t[0].sigma)), (mu, sigma), "{after:?}");
    }
    // The same event through the data and the method: the ratings shown are μ, σ the ±.
    let mut d = Dataset::new();
    let ids: Vec<usize> = ["a", "b", "c", "d"].iter().map(|n| d.player(n).unwrap()).collect();
    d.events.push(Event::ranked("game", ids.iter().copied().zip([4, 1, 3, 2]).collect(), 2));
    let r = weng_lin::rate(&d, &pl()).unwrap();
    let names: Vec<&str> = r.players.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["b", "d", "c", "a"], "sorted by μ");
    assert_eq!((round(r.players[0].rating.unwrap()), round(r.players[0].sigma.unwrap())), (27.795, 8.263));
    let h = r.players[0].history.as_ref().unwrap();
    assert_eq!(
        (h.len(), h[0].rating(), h[0].deviation()),
        (1, r.players[0].rating.unwrap(), r.players[0].sigma),
        "σ beside μ in the history"
    );
}

#[test]
fn a_tie_of_equals_gives_equal_updates() {
    for p in [pl(), bt()] {
        // Two equals tied: μ stays, σ shrinks alike.
        let after = rate_teams(&singles(&[NEW; 2]), &[1, 1], &p).unwrap();
        assert!((after[0][0].mu - 25.0).abs() < 1e-12 && after[0][0] == after[1][0], "{:?}: {after:?}", p.model);
        assert!(after[0][0].sigma < NEW.sigma);
        // Tied second of four: the two tied get the same update, between first and last.
        let after = rate_teams(&singles(&[NEW; 4]), &[1, 2, 2, 4], &p).unwrap();
        assert_eq!(after[1][0], after[2][0], "{:?}", p.model);
        assert!(after[0][0].mu > after[1][0].mu && after[1][0].mu > after[3][0].mu, "{:?}: {after:?}", p.model);
    }
}

#[test]
fn the_order_teams_are_listed_in_changes_nothing() {
    let skills = [Skill { mu: 30.0, sigma: 3.0 }, Skill { mu: 22.0, sigma: 6.0 }, NEW, Skill { mu: 27.0, sigma: 1.5 }];
    let places = [2, 1, 2, 4];
    for p in [pl(), WengLinParams { tau: 0.5, ..bt() }] {
        let a = rate_teams(&singles(&skills), &places, &p).unwrap();
        let order = [3, 1, 0, 2];
        let b = rate_teams(&singles(&order.map(|i| skills[i])), &order.map(|i| places[i]), &p).unwrap();
        for (k, &i) in order.iter().enumerate() {
            assert!((a[i][0].mu - b[k][0].mu).abs() < 1e-12 && (a[i][0].sigma - b[k][0].sigma).abs() < 1e-12, "{:?}", p.model);
        }
    }
}

/// Bradley–Terry scores each pair, so reversing the ranking of equals mirrors the changes.
/// Plackett–Luce reads the ranking as choices from the top and is not mirror-symmetric: of
/// four equals the winner gains 2.795 and the last loses 4.037 (openskill's example).
#[test]
fn reversing_a_ranking_of_equals() {
    let up = rate_teams(&singles(&[NEW; 4]), &[1, 2, 3, 4], &bt()).unwrap();
    let down = rate_teams(&singles(&[NEW; 4]), &[4, 3, 2, 1], &bt()).unwrap();
    for i in 0..4 {
        assert!((up[i][0].mu - 25.0 + (down[i][0].mu - 25.0)).abs() < 1e-12);
        assert!((up[i][0].sigma - down[3 - i][0].sigma).abs() < 1e-12);
    }
    let pl_up = rate_teams(&singles(&[NEW; 4]), &[1, 2, 3, 4], &pl()).unwrap();
    let (gain, loss) = (pl_up[0][0].mu - 25.0, 25.0 - pl_up[3][0].mu);
    assert!((gain - 2.795).abs() < 1e-3 && (loss - 4.037).abs() < 1e-3, "{pl_up:?}");
}

/// With every team's σ² equal the μ changes cancel (each pair's in Bradley–Terry; each
/// stage's shares sum to one in Plackett–Luce, ties and all): the sum of μ is kept. With
/// unequal σ the less certain move further and the sum is not kept.
#[test]
fn the_sum_of_mu_is_kept_when_the_sigmas_are_equal() {
    let total = |t: &[Vec<Skill>]| t.iter().flatten().map(|s| s.mu).sum::<f64>();
    let skills =
        [Skill { mu: 31.0, sigma: 4.0 }, Skill { mu: 24.0, sigma: 4.0 }, Skill { mu: 19.0, sigma: 4.0 }, Skill { mu: 25.0, sigma: 4.0 }];
    for p in [pl(), bt(), WengLinParams { tau: 1.0, ..pl() }] {
        for places in [[1, 2, 3, 4], [3, 1, 1, 4], [2, 2, 2, 2], [4, 3, 1, 2]] {
            let after = rate_teams(&singles(&skills), &places, &p).unwrap();
            assert!((total(&after) - total(&singles(&skills))).abs() < 1e-10, "{:?} {places:?}", p.model);
        }
        let mut uneven = skills;
        uneven[0].sigma = 8.0;
        let after = rate_teams(&singles(&uneven), &[2, 1, 3, 4], &p).unwrap();
        assert!((total(&after) - total(&singles(&uneven))).abs() > 0.1, "{:?}", p.model);
    }
}

/// A team is its members' sums: a member's move is its share of the team's σ².
#[test]
fn a_team_moves_its_members_by_their_share_of_its_variance() {
    let team = vec![Skill { mu: 20.0, sigma: 2.0 }, Skill { mu: 10.0, sigma: 4.0 }];
    let single = Skill { mu: 30.0, sigma: 20f64.sqrt() };
    for p in [pl(), bt()] {
        let after = rate_teams(&[team.clone(), vec![NEW]], &[1, 2], &p).unwrap();
        let alone = rate_teams(&[vec![single], vec![NEW]], &[1, 2], &p).unwrap();
        let omega = alone[0][0].mu - single.mu;
        assert!((after[0][0].mu - 20.0 - omega * 4.0 / 20.0).abs() < 1e-12);
        assert!((after[0][1].mu - 10.0 - omega * 16.0 / 20.0).abs() < 1e-12);
        assert_eq!(after[1][0], alone[1][0], "the opponent sees only the sums");
    }
}

/// Unranked players are tied below the last ranked place (a top-k ranking).
#[test]
fn unranked_players_are_tied_below_the_ranked() {
    for p in [pl(), bt()] {
        let mut top = Dataset::new();
        let ids: Vec<usize> = ["A", "B", "C", "D", "E"].iter().map(|n| top.player(n).unwrap()).collect();
        let mut e = Event::ranked("top two", vec![(ids[0], 1), (ids[1], 2)], 2);
        e.unranked = ids[2..].to_vec();
        let mut full = top.clone();
        top.events.push(e);
        full.events.push(Event::ranked("full", vec![(ids[0], 1), (ids[1], 2), (ids[2], 3), (ids[3], 3), (ids[4], 3)], 2));
        let (a, b) = (weng_lin::rate(&top, &p).unwrap(), weng_lin::rate(&full, &p).unwrap());
        let rows = |r: &ratings_engine::Rating| r.players.iter().map(|x| (x.name.clone(), (x.rating, x.sigma))).collect::<HashMap<_, _>>();
        assert_eq!(rows(&a), rows(&b), "{:?}", p.model);
        assert_eq!(rows(&a)["C"], rows(&a)["E"]);
    }
}

#[test]
fn bad_parameters_are_refused_by_name() {
    let d = league(6, 20, 3);
    let bad = [
        ("beta", WengLinParams { beta: 0.0, ..Default::default() }),
        ("beta", WengLinParams { beta: -1.0, ..Default::default() }),
        ("beta", WengLinParams { beta: f64::NAN, ..Default::default() }),
        ("sigma", WengLinParams { sigma: 0.0, ..Default::default() }),
        ("sigma", WengLinParams { sigma: f64::INFINITY, ..Default::default() }),
        ("kappa", WengLinParams { kappa: -0.1, ..Default::default() }),
        ("kappa", WengLinParams { kappa: f64::NAN, ..Default::default() }),
        ("tau", WengLinParams { tau: -0.5, ..Default::default() }),
        ("tau", WengLinParams { tau: f64::NAN, ..Default::default() }),
        ("mu", WengLinParams { mu: f64::NAN, ..Default::default() }),
    ];
    for (name, p) in bad {
        for e in [weng_lin::rate(&d, &p).unwrap_err(), rate_teams(&singles(&[NEW; 2]), &[1, 2], &p).unwrap_err()] {
            match &e {
                RateError::BadParameter { name: n, .. } => assert_eq!(n, name, "{e}"),
                other => panic!("{name}: {other}"),
            }
            assert!(e.to_string().contains(name), "{e}");
        }
    }
    // Events the update cannot take: one team, an empty team, places not one a team, no σ.
    assert!(rate_teams(&singles(&[NEW]), &[1], &pl()).is_err());
    assert!(rate_teams(&[vec![NEW], vec![]], &[1, 2], &pl()).is_err());
    assert!(rate_teams(&singles(&[NEW; 3]), &[1, 2], &pl()).is_err());
    assert!(rate_teams(&singles(&[NEW, Skill { mu: 25.0, sigma: 0.0 }]), &[1, 2], &pl()).is_err());
    // An event of one player is refused with its line.
    let mut d = Dataset::new();
    let a = d.player("A").unwrap();
    d.events.push(Event::ranked("solo", vec![(a, 1)], 5));
    let e = weng_lin::rate(&d, &pl()).unwrap_err().to_string();
    assert!(e.contains("line 5") && e.contains("two or more players"), "{e}");
    // A player both placed and unranked in one event.
    let b = d.player("B").unwrap();
    d.events[0] = Event { unranked: vec![a], ..Event::ranked("twice", vec![(a, 1), (b, 2)], 7) };
    let e = weng_lin::rate(&d, &pl()).unwrap_err().to_string();
    assert!(e.contains("line 7") && e.contains("each once"), "{e}");
}

/// openskill.py's Plackett–Luce at its defaults (τ = 25/300 included) on a generated league of
/// teams with ties (`data/weng_lin/openskill_pl.json`, made by `scripts/weng-lin-openskill.py`):
/// every update agrees to 1e-9.
#[test]
fn plackett_luce_equals_openskill_on_a_generated_league_of_teams() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/weng_lin/openskill_pl.json")).unwrap();
    let doc: serde_json::Value = serde_json::from_str(&text).unwrap();
    let p = WengLinParams::default();
    let q = &doc["params"];
    let param = |k: &str| q[k].as_f64().unwrap();
    assert_eq!([param("mu"), param("sigma"), param("beta"), param("kappa"), param("tau")], [p.mu, p.sigma, p.beta, p.kappa, p.tau]);
    let mut skills = vec![Skill { mu: p.mu, sigma: p.sigma }; doc["players"].as_u64().unwrap() as usize];
    let (mut worst, mut events) = (0.0f64, 0);
    for e in doc["events"].as_array().unwrap() {
        let ids = |t: &serde_json::Value| t.as_array().unwrap().iter().map(|x| x.as_u64().unwrap() as usize).collect::<Vec<_>>();
        let teams: Vec<Vec<usize>> = e["teams"].as_array().unwrap().iter().map(ids).collect();
        let places: Vec<u32> = e["places"].as_array().unwrap().iter().map(|x| x.as_u64().unwrap() as u32).collect();
        let before: Vec<Vec<Skill>> = teams.iter().map(|t| t.iter().map(|&i| skills[i]).collect()).collect();
        let after = rate_teams(&before, &places, &p).unwrap();
        for ((team, new), want) in teams.iter().zip(&after).zip(e["after"].as_array().unwrap()) {
            for ((&i, s), w) in team.iter().zip(new).zip(want.as_array().unwrap()) {
                worst = worst.max((s.mu - w[0].as_f64().unwrap()).abs()).max((s.sigma - w[1].as_f64().unwrap()).abs());
                skills[i] = *s;
            }
        }
        events += 1;
    }
    assert_eq!(events, 100);
    assert!(worst < 1e-9, "largest difference {worst:e}");
    eprintln!("Plackett–Luce against openskill: largest difference {worst:e}");
}
