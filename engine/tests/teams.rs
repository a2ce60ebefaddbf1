//! Team events (issue 39): the reader (`event, team, place, members`, or one row a member) and
//! its errors by line; Weng–Lin's team update against `skillratings`'s multi-team Weng–Lin on
//! a generated league; Plackett–Luce with teams (a side's strength the product of its
//! members') against scipy's maximum likelihood, its likelihood never falling, its standard
//! errors; teams of one rated exactly as individuals; multiplayer Elo refusing teams.

mod common;

use common::Rng;
use ratings_engine::methods::multi_elo::{self, MultiEloParams};
use ratings_engine::methods::plackett_luce::PlackettLuceFit;
use ratings_engine::methods::weng_lin::{self, WengLinModel, WengLinParams};
use ratings_engine::parse::parse_events;
use ratings_engine::{rate, Dataset, Event, Fit, Method, Options, PlackettLuceParams, RateError, Rating, Scale};
use skillratings::weng_lin::{weng_lin_multi_team, WengLinConfig, WengLinRating};
use skillratings::MultiTeamOutcome;

fn data(name: &str) -> String {
    std::fs::read_to_string(format!("{}/tests/data/teams/{name}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

/// Each event as its teams: (place, member names), in the order the teams came.
fn teams(d: &Dataset) -> Vec<Vec<(Option<u32>, Vec<String>)>> {
    d.events
        .iter()
        .map(|e| {
            let entries: Vec<(usize, Option<u32>)> =
                e.places.iter().map(|&(p, k)| (p, Some(k))).chain(e.unranked.iter().map(|&p| (p, None))).collect();
            let count = e.team.iter().max().map_or(0, |&t| t as usize + 1);
            (0..count)
                .map(|t| {
                    let of: Vec<&(usize, Option<u32>)> =
                        entries.iter().zip(&e.team).filter(|&(_, &u)| u as usize == t).map(|(x, _)| x).collect();
                    (of[0].1, of.iter().map(|&&(p, _)| d.players[p].name.clone()).collect())
                })
                .collect()
        })
        .collect()
}

fn names(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

#[test]
fn a_members_column_and_one_row_a_member_read_alike() {
    let cell = parse_events(&data("quiz_league.csv"), "").unwrap().dataset;
    assert_eq!(cell.events.len(), 4);
    assert_eq!(cell.players.len(), 8, "the team names are not players");
    assert!(cell.players.iter().all(|p| !["Owls", "Foxes", "Hares"].contains(&p.name.as_str())));
    let t = teams(&cell);
    assert_eq!(t[0], vec![(Some(1), names(&["Ada", "Ben"])), (Some(2), names(&["Cleo", "Dev", "Eli"])), (Some(3), names(&["Fay", "Gus"]))]);
    assert_eq!(t[1][1..], [(Some(2), names(&["Ben", "Fay", "Hal"])), (Some(2), names(&["Dev", "Gus"]))], "a tie");
    assert_eq!(t[2][3], (None, names(&["Dev", "Gus"])), "an unranked team");
    assert!(cell.events.iter().all(Event::has_teams) && cell.events[0].largest_team() == 3);
    // One row a member (`event, team, place, player`), a team's rows anywhere in its event.
    let rows = "event,team,place,player\nn1,Owls,1,Ada\nn1,Foxes,2,Cleo\nn1,Owls,1,Ben\nn1,Foxes,2,Dev\nn1,Foxes,2,Eli\nn1,Hares,3,Fay\nn1,Hares,3,Gus\n";
    let long = parse_events(rows, "").unwrap().dataset;
    assert_eq!(teams(&long)[0], t[0]);
    // Mapped: other names, members in quotes with a comma inside a name.
    let mapped = "round,side,rank,players\n1,A,2,\"Carlsen, Magnus; Ding\"\n1,B,1,Gukesh + Nepo\n";
    let m = parse_events(mapped, "event=round,team=side,place=rank,members=players").unwrap().dataset;
    assert_eq!(teams(&m)[0], vec![(Some(2), names(&["Carlsen, Magnus", "Ding"])), (Some(1), names(&["Gukesh", "Nepo"]))]);
    // A debate tab without members is still a tab of teams rated as players.
    let tab = parse_events("round,room,team,rank\n1,A,T1,1\n1,A,T2,2\n", "").unwrap().dataset;
    assert!(!tab.events[0].has_teams() && tab.players.len() == 2);
}

#[test]
fn bad_team_events_are_refused_naming_the_line() {
    let cases = [
        (
            "event,team,place,members\ne,A,1,P; Q\ne,B,2,\n",
            "line 3, column 'members': expected the team's members",
            "no member of team 'B'",
        ),
        (
            "event,team,place,members\ne,A,1,P; Q\ne,B,2,Q; R\n",
            "line 3, column 'members': expected each player in one team once per event",
            "'Q' on line 2",
        ),
        (
            "event,team,place,members\ne,A,1,P\ne,B,2,R\ne,A,3,S\n",
            "line 4, column 'team': expected each team once per event",
            "'A' on line 2",
        ),
        (
            "event,team,place,player\ne,A,1,P\ne,B,2,R\ne,A,2,S\n",
            "line 4, column 'place': expected one place for each team",
            "given another on line 2",
        ),
        (
            "event,team,place,members\ne,A,1,P\ne,B,3,R\n",
            "line 3, column 'place': expected places without a gap",
            "place 3 where 2 was due",
        ),
        (
            "event,team,place,members\ne,A,1,P; Q\nf,B,1,R\nf,C,2,S\n",
            "line 2, column 'team': expected at least two teams",
            "1 in event 'e'",
        ),
        ("event,team,place,members\ne,,1,P\ne,B,2,R\n", "line 2, column 'team': expected a team's name", ""),
        ("event,team,place,members\ne,A,x,P\ne,B,2,R\n", "line 2, column 'place': expected a place", "x"),
        (
            "event,team,place,members\ne,A,1,P\nf,B,1,R\nf,C,2,S\ne,D,2,T\n",
            "line 5, column 'event': expected the rows of one event together",
            "",
        ),
    ];
    for (text, expected, found) in cases {
        let e = parse_events(text, "").unwrap_err().to_string();
        assert!(e.contains(expected) && e.contains(found), "{text:?}: {e}");
    }
    let e = parse_events("event,team,place\ne,A,1\n", "team=team,members=nowhere").unwrap_err().to_string();
    assert!(e.contains("nowhere"), "{e}");
}

/// `skillratings`'s multi-team Weng–Lin (Bradley–Terry, no τ) replaying the events of `d`:
/// each event's teams at their places, an unranked team one place below the last.
fn skillratings_teams(d: &Dataset, p: &WengLinParams) -> Vec<WengLinRating> {
    let mut r = vec![WengLinRating { rating: p.mu, uncertainty: p.sigma }; d.players.len()];
    let cfg = WengLinConfig { beta: p.beta, uncertainty_tolerance: p.kappa };
    for e in &d.events {
        let below = e.places.iter().map(|x| x.1).max().unwrap() + 1;
        let entries: Vec<(usize, u32)> = e.places.iter().copied().chain(e.unranked.iter().map(|&q| (q, below))).collect();
        let count = *e.team.iter().max().unwrap() as usize + 1;
        let sides: Vec<Vec<usize>> = (0..count).map(|t| (0..entries.len()).filter(|&k| e.team[k] as usize == t).collect()).collect();
        let skills: Vec<Vec<WengLinRating>> = sides.iter().map(|s| s.iter().map(|&k| r[entries[k].0]).collect()).collect();
        let input: Vec<(&[WengLinRating], MultiTeamOutcome)> =
            skills.iter().zip(&sides).map(|(t, s)| (&t[..], MultiTeamOutcome::new(entries[s[0]].1 as usize))).collect();
        for (side, new) in sides.iter().zip(weng_lin_multi_team(&input, &cfg)) {
            side.iter().zip(new).for_each(|(&k, v)| r[entries[k].0] = v);
        }
    }
    r
}

#[test]
fn weng_lin_rates_teams_as_skillratings_multi_team_does() {
    let d = parse_events(&data("league.csv"), "").unwrap().dataset;
    let p = WengLinParams { model: WengLinModel::BradleyTerryFull, tau: 0.0, ..WengLinParams::default() };
    let ours = weng_lin::rate(&d, &p).unwrap();
    let want = skillratings_teams(&d, &p);
    let mut worst = 0.0f64;
    for row in &ours.players {
        worst =
            worst.max((row.rating.unwrap() - want[row.index].rating).abs()).max((row.sigma.unwrap() - want[row.index].uncertainty).abs());
    }
    eprintln!("Weng–Lin teams against skillratings: largest difference {worst:e}");
    assert!(worst < 1e-9, "largest difference {worst:e}");
    assert!(ours.players.iter().all(|r| r.sigma.unwrap() < 4.0), "the league moved everyone");
    // Not the same as teammates read as separate players tied at one place.
    let mut apart = d.clone();
    apart.events.iter_mut().for_each(|e| e.team.clear());
    let other = weng_lin::rate(&apart, &p).unwrap();
    assert!(other.players.iter().zip(&ours.players).any(|(a, b)| (a.rating.unwrap() - b.rating.unwrap()).abs() > 0.1));
}

fn pl(d: &Dataset) -> Rating {
    rate(d, &Method::PlackettLuce(PlackettLuceParams::default()), &Options::default()).unwrap()
}

#[test]
fn plackett_luce_with_teams_is_scipys_maximum_likelihood() {
    let d = parse_events(&data("league.csv"), "").unwrap().dataset;
    let doc: serde_json::Value = serde_json::from_str(&data("pl_mle.json")).unwrap();
    let r = pl(&d);
    assert!(r.report.converged, "{:?}", r.report.stop);
    let (mut worst, mut worst_se) = (0.0f64, 0.0f64);
    for (k, name) in doc["players"].as_array().unwrap().iter().enumerate() {
        let row = r.players.iter().find(|p| p.name == name.as_str().unwrap()).unwrap();
        worst = worst.max((row.log_strength.unwrap() - doc["log_strength"][k].as_f64().unwrap()).abs());
        let se = row.sigma.unwrap() / Scale::default().factor();
        worst_se = worst_se.max((se / doc["standard_error"][k].as_f64().unwrap() - 1.0).abs());
    }
    eprintln!("Plackett–Luce teams against scipy: {worst:e} in log-strength, {worst_se:e} relative in the standard errors; {} iterations, {:?} passes", r.report.iterations, r.report.passes);
    assert!(worst < 1e-6, "largest difference {worst:e}");
    assert!(worst_se < 1e-4, "standard errors differ by {worst_se:e}");
}

#[test]
fn plackett_luces_likelihood_never_falls_with_teams() {
    let d = parse_events(&data("league.csv"), "").unwrap().dataset;
    for params in [PlackettLuceParams::default(), PlackettLuceParams { sigma: 0.0, gamma: 0.5, delta: 0.6, ..Default::default() }] {
        let mut fit = PlackettLuceFit::new(&d, &params, &Scale::default()).unwrap();
        let mut last = fit.log_likelihood();
        let mut steps = 0;
        while fit.step().is_some() {
            let ll = fit.log_likelihood();
            assert!(ll >= last - 1e-9 * last.abs(), "step {steps}: {ll} after {last}");
            last = ll;
            steps += 1;
        }
        assert!(fit.finish().unwrap().report.converged && steps > 5, "{params:?}");
    }
}

/// Random events of 3–5 players with ties and unranked players.
fn individuals(seed: u64) -> Dataset {
    let mut d = Dataset::new();
    let ids: Vec<usize> = (0..12).map(|i| d.player(&format!("P{i}")).unwrap()).collect();
    let mut rng = Rng::new(seed);
    for k in 0..80 {
        let size = 3 + rng.below(3);
        let mut who: Vec<usize> = Vec::new();
        while who.len() < size {
            let p = ids[rng.below(12)];
            if !who.contains(&p) {
                who.push(p);
            }
        }
        let ranked = size - usize::from(rng.below(4) == 0);
        let mut places: Vec<u32> = Vec::new();
        for i in 0..ranked {
            places.push(if i > 0 && rng.below(5) == 0 { places[i - 1] } else { i as u32 + 1 });
        }
        let mut e = Event::ranked(format!("e{k}"), who[..ranked].iter().copied().zip(places).collect(), k + 2);
        e.unranked = who[ranked..].to_vec();
        d.events.push(e);
    }
    d
}

#[test]
fn teams_of_one_are_rated_exactly_as_individuals() {
    let d = individuals(5);
    let mut t = d.clone();
    t.events.iter_mut().for_each(|e| e.team = (0..e.size() as u32).rev().collect());
    assert!(t.events.iter().all(|e| e.has_teams() && e.largest_team() == 1));
    for method in [
        Method::PlackettLuce(PlackettLuceParams::default()),
        Method::WengLin(WengLinParams::default()),
        Method::WengLin(WengLinParams { model: WengLinModel::BradleyTerryFull, ..Default::default() }),
        Method::MultiElo(MultiEloParams::default()),
    ] {
        let (a, b) = (rate(&d, &method, &Options::default()).unwrap(), rate(&t, &method, &Options::default()).unwrap());
        let rows = |r: &Rating| r.players.iter().map(|p| (p.name.clone(), p.rating, p.sigma, p.games, p.score)).collect::<Vec<_>>();
        assert_eq!(rows(&a), rows(&b), "{method:?}");
    }
}

#[test]
fn multiplayer_elo_refuses_teams_and_says_which_methods_rate_them() {
    let d = parse_events(&data("quiz_league.csv"), "").unwrap().dataset;
    let e = multi_elo::rate(&d, &MultiEloParams::default()).unwrap_err();
    assert_eq!(e, RateError::Teams { method: "Multiplayer Elo".into(), event: 1, line: 2 });
    let text = e.to_string();
    assert!(text.contains("line 2") && text.contains("Weng–Lin") && text.contains("Plackett–Luce"), "{text}");
    // Both the others rate the example.
    assert!(pl(&d).players.iter().all(|p| p.rating.is_some_and(f64::is_finite)));
    assert!(weng_lin::rate(&d, &WengLinParams::default()).is_ok());
}

#[test]
fn teams_that_do_not_match_their_players_are_refused() {
    let mut d = individuals(3);
    // Two players of one team at different places.
    d.events[0].team = vec![0; d.events[0].size()];
    for method in [Method::PlackettLuce(PlackettLuceParams::default()), Method::WengLin(WengLinParams::default())] {
        let e = rate(&d, &method, &Options::default()).unwrap_err().to_string();
        assert!(e.contains("event 1 (line 2)") && e.contains("teammates sharing a place"), "{e}");
    }
    d.events[0].team = vec![0];
    assert!(rate(&d, &Method::WengLin(WengLinParams::default()), &Options::default()).is_err(), "a team for each player");
}
