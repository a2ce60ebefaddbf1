//! One chronological order for every method that needs time: by date, then by round read as
//! a number where it is one ("Matchday 9" before "Matchday 12"), then input order.

use ratings_engine::methods::jrank::JRankParams;
use ratings_engine::model::chronological_order;
use ratings_engine::{rate, Dataset, Method, MethodKind, Options};

/// A league whose games are listed latest round first, each labelled by `label(round)`.
fn league(label: impl Fn(usize) -> String) -> Dataset {
    let mut d = Dataset::new();
    let teams = ["Ajax", "Bayern", "Celtic", "Dynamo"];
    let mut x: u64 = 7;
    for round in (1..=14).rev() {
        for (a, b) in [(0, 1), (2, 3), (0, 2), (1, 3)] {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let (ga, gb) = ((x >> 40) % 4, (x >> 20) % 3);
            let score = if ga > gb {
                1.0
            } else if ga < gb {
                0.0
            } else {
                0.5
            };
            let g = d.add_game(teams[(a + round) % 4], teams[(b + round) % 4], score);
            g.set_points(Some((ga as f64, gb as f64)));
            g.set_round(Some(label(round)));
        }
    }
    d
}

fn methods() -> Vec<Method> {
    let mut out: Vec<Method> = MethodKind::ALL.iter().map(|&m| Method::default_for(m)).collect();
    out.push(Method::JRank(JRankParams { fit: true, holdout: 0.3, ..Default::default() }));
    out
}

#[test]
fn matchday_12_orders_after_matchday_9_for_every_method() {
    let words = league(|r| format!("Matchday {r}"));
    let numbers = league(|r| r.to_string());
    // Text order would put "Matchday 10" .. "Matchday 14" before "Matchday 2".
    let order = chronological_order(&words.games);
    let rounds: Vec<&str> = order.iter().map(|&i| words.games[i].round().unwrap()).collect();
    assert_eq!((rounds[0], rounds[8], rounds[32]), ("Matchday 1", "Matchday 3", "Matchday 9"));
    assert_eq!(rounds[36], "Matchday 10");
    assert_eq!(order, chronological_order(&numbers.games));
    for method in methods() {
        let a = rate(&words, &method, &Options::default()).unwrap();
        let b = rate(&numbers, &method, &Options::default()).unwrap();
        let ratings = |r: &ratings_engine::Rating| r.players.iter().map(|p| (p.name.clone(), p.rating)).collect::<Vec<_>>();
        assert_eq!(ratings(&a), ratings(&b), "{:?}", method.kind());
        assert_eq!(a.fit, b.fit, "{:?}", method.kind());
    }
    // And the order matters: taking the games as listed (latest first) rates differently.
    let elo = |d: &Dataset, chronological| {
        let p = ratings_engine::methods::elo::EloParams { chronological, ..Default::default() };
        rate(d, &Method::Elo(p), &Options::default()).unwrap().players[0].rating
    };
    assert_ne!(elo(&words, true), elo(&words, false));
}
