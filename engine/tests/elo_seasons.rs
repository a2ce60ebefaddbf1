//! Elo as sports analysts run it: FiveThirtyEight's NFL Elo (K = 20, home advantage 65 except
//! on neutral ground, its margin-of-victory multiplier, a third of the way back to 1505
//! between seasons, each franchise's first rating and eleven seasons' ratings given) replayed
//! over all 16,810 games reproduces every pre-game rating to 0.001 and probability to 1e-5.
//! Data: fivethirtyeight/nfl-elo-game (MIT, © 2021 ABC News Internet Ventures), in
//! `tests/data/nfl/` with its SOURCE.txt.

use ratings_engine::job::{Job, Settings};
use ratings_engine::methods::elo::{fivethirtyeight, EloParams, Mov};
use ratings_engine::parse::{apply_players, parse_players};
use ratings_engine::MethodKind;

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/nfl");

/// The seasons whose starting ratings FiveThirtyEight sets by hand (team, season, rating), as
/// its repository lists them.
const OVERRIDES: [(&str, &str, f64); 11] = [
    ("CBD", "1925", 1502.032),
    ("RAC", "1926", 1403.384),
    ("LOU", "1926", 1307.201),
    ("CIB", "1927", 1362.919),
    ("MNN", "1929", 1306.702),
    ("BFF", "1929", 1331.943),
    ("LAR", "1944", 1373.977),
    ("PHI", "1944", 1497.988),
    ("ARI", "1945", 1353.939),
    ("PIT", "1945", 1353.939),
    ("CLE", "1999", 1300.0),
];

/// The player list: each team's first rating, then the eleven seasons' (a `season` column).
fn player_list() -> String {
    let initial = std::fs::read_to_string(format!("{DIR}/initial_elos.csv")).unwrap();
    let mut list = String::from("team,elo,season\n");
    for line in initial.lines().skip(1) {
        list += &format!("{line},\n");
    }
    for (team, season, rating) in OVERRIDES {
        list += &format!("{team},{rating},{season}\n");
    }
    list
}

fn params() -> EloParams {
    EloParams {
        k: 20.0,
        home: 65.0,
        mov: Mov::FiveThirtyEight,
        season_regression: 1.0 / 3.0,
        season_mean: Some(1505.0),
        per_game: true,
        ..EloParams::default()
    }
}

#[test]
fn fivethirtyeight_nfl_elo_is_reproduced_game_by_game() {
    let text = std::fs::read_to_string(format!("{DIR}/nfl_games.csv")).unwrap();
    let mut settings = Settings { method: MethodKind::Elo, ..Settings::default() };
    settings.params.elo = params();
    let mut job = Job::read(&text, &settings).unwrap();
    let list = parse_players(&player_list()).unwrap();
    let data = std::rc::Rc::make_mut(&mut job.input);
    apply_players(&mut data.dataset, &list, |r| r, 1.0);
    let rating = ratings_engine::methods::rate(&job.input.dataset, &settings.method(), &Default::default()).unwrap();
    let games = rating.games.as_ref().unwrap();
    assert_eq!(games.len(), 16_810);
    // The file's own columns, by line: elo1, elo2, elo_prob1.
    let expected: std::collections::HashMap<usize, (f64, f64, f64)> = text
        .lines()
        .enumerate()
        .skip(1)
        .map(|(i, l)| {
            let f: Vec<&str> = l.split(',').collect();
            (i + 1, (f[6].parse().unwrap(), f[7].parse().unwrap(), f[8].parse().unwrap()))
        })
        .collect();
    let mut worst = (0.0f64, 0.0f64);
    for g in games {
        let (e1, e2, p1) = expected[&g.line];
        worst.0 = worst.0.max((g.first_before - e1).abs()).max((g.second_before - e2).abs());
        worst.1 = worst.1.max((g.expected - p1).abs());
    }
    assert!(worst.0 < 0.001 && worst.1 < 1e-5, "largest differences: rating {}, probability {}", worst.0, worst.1);
}

#[test]
fn the_margin_multiplier_by_hand() {
    // A 7-point win by a team 100 points up (home advantage included): ln 8 · 2.2 / 2.3.
    assert!((fivethirtyeight(7.0, 100.0, 1.0) - 8f64.ln() * 2.2 / 2.3).abs() < 1e-12);
    // The underdog won by 3: its edge is −100.
    assert!((fivethirtyeight(-3.0, 100.0, 0.0) - 4f64.ln() * 2.2 / 2.1).abs() < 1e-12);
    // A tie: ln 2 · 2.2.
    assert!((fivethirtyeight(0.0, 50.0, 0.5) - 2f64.ln() * 2.2).abs() < 1e-12);
}
