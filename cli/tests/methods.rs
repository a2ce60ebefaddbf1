//! `ratings-lab methods` lists the engine's registry, and every parameter's flag is one the
//! command line takes; the period methods' flags reach the engine (PlayerRatings' Glicko-2
//! AFL golden reproduced through the command line, when the GPL data are at hand; on a
//! generated league, Glicko-2 as the `skillratings` crate computes Glickman's algorithm).

use std::process::Command;

fn run(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_ratings-lab")).args(args).stdin(std::process::Stdio::null()).output().unwrap();
    (out.status.success(), String::from_utf8_lossy(&out.stdout).into(), String::from_utf8_lossy(&out.stderr).into())
}

#[test]
fn every_method_and_parameter_is_listed_and_every_flag_is_taken() {
    let (ok, json, err) = run(&["methods", "--format", "json"]);
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let names: Vec<&str> = v["methods"].as_array().unwrap().iter().map(|m| m["name"].as_str().unwrap()).collect();
    let table: Vec<&str> = ratings_engine::MethodKind::ALL.iter().map(|m| m.name()).collect();
    assert_eq!(names, table);
    assert!(names.len() >= 9 && names.contains(&"whr"), "{names:?}");
    let (_, help, _) = run(&["rate", "--help"]);
    let mut flags = 0;
    for m in v["methods"].as_array().unwrap() {
        for p in m["params"].as_array().unwrap() {
            let flag = p["flag"].as_str().unwrap();
            assert!(help.contains(&format!("{flag} ")) || help.contains(&format!("{flag}\n")), "{flag} is not in rate --help");
            assert!(p["default"] != serde_json::Value::Null, "{flag}: a default");
            flags += 1;
        }
    }
    assert!(flags >= 40, "{flags} parameters");
    let (ok, text, _) = run(&["methods"]);
    assert!(ok && text.contains("Glicko-2 (glicko2)") && text.contains("--glicko2-tau"), "{text}");
}

#[test]
fn a_bad_value_of_a_registered_flag_is_named() {
    let (ok, _, err) = run(&["rate", "-", "--method", "glicko2", "--glicko2-tau", "lots"]);
    assert!(!ok);
    assert!(err.contains("'--glicko2-tau <NUMBER>': expected a number, found 'lots'"), "{err}");
    let (ok, _, err) = run(&["rate", "-", "--method", "glicko", "--convention", "mine"]);
    assert!(!ok && err.contains("unknown convention 'mine': expected one of glickman, playerratings"), "{err}");
    // A number out of range is the method's own check's to name.
    let (ok, _, err) = run(&["rate", "-", "--method", "glicko2", "--glicko2-tau", "-1"]);
    assert!(!ok && err.contains("parameter tau = -1: expected a positive number up to 10"), "{err}");
}

const AFL: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/data/playerratings_afl_riichi");

#[test]
fn glicko2_through_the_command_line_reproduces_playerratings() {
    let file = format!("{AFL}/aflodds.csv");
    if !std::path::Path::new(&file).exists() {
        eprintln!("skipped: PlayerRatings' AFL data are not at {AFL} (GPL, kept outside the repository)");
        return;
    }
    let (ok, json, err) = run(&[
        "rate",
        &file,
        "--method",
        "glicko2",
        "--map",
        "first=HomeTeam,second=AwayTeam,result=Score,round=Week",
        "--convention",
        "playerratings",
        "--glicko2-initial",
        "2200",
        "--glicko2-rd",
        "300",
        "--glicko2-volatility",
        "0.15",
        "--glicko2-tau",
        "1.2",
        "--format",
        "json",
    ]);
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let golden = std::fs::read_to_string(format!("{AFL}/expected_glicko2_afl.csv")).unwrap();
    let mut checked = 0;
    for line in golden.lines().skip(1) {
        let f: Vec<&str> = line.split(',').map(|x| x.trim_matches('"')).collect();
        let p = v["players"].as_array().unwrap().iter().find(|p| p["name"] == f[0]).unwrap();
        for (key, col) in [("rating", 1), ("deviation", 2), ("volatility", 3)] {
            let (ours, want) = (p[key].as_f64().unwrap(), f[col].parse::<f64>().unwrap());
            assert!((ours - want).abs() < 1e-6, "{}: {key} {ours} against {want}", f[0]);
        }
        checked += 1;
    }
    assert_eq!(checked, 18);
}

/// A league played in rounds: 40 players of log-strength sd 1.5 (Bradley–Terry, a tenth of
/// the games drawn), paired at random or near their own strength; each round about three in
/// four of players 0–29 present, players 30–34 in every round from round 6 (late joiners),
/// players 35–39 in none after round 8. As `round,white,black,result`.
fn league_in_rounds() -> String {
    let mut seed: u64 = 2013;
    let mut next = move || {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (seed >> 11) as f64 / (1u64 << 53) as f64
    };
    let n = 40;
    let strength: Vec<f64> = (0..n).map(|_| 1.5 * ((0..12).map(|_| next()).sum::<f64>() - 6.0)).collect();
    let mut csv = String::from("round,white,black,result\n");
    for round in 1..=16 {
        // Players 30–34 join at round 6; players 35–39 stop after round 8.
        let mut here: Vec<usize> =
            (0..n).filter(|&i| next() < 0.75 && !(30..35).contains(&i) || (30..35).contains(&i) && round >= 6).collect();
        here.retain(|&i| !(35..40).contains(&i) || round <= 8);
        if next() < 0.5 {
            here.sort_by(|&a, &b| strength[a].total_cmp(&strength[b]));
        }
        for pair in here.chunks_exact(2) {
            let (a, b) = (pair[0], pair[1]);
            let p = 1.0 / (1.0 + (strength[b] - strength[a]).exp());
            let x = next();
            let result = if x < 0.9 * p {
                "1-0"
            } else if x < 0.9 * p + 0.1 {
                "1/2-1/2"
            } else {
                "0-1"
            };
            csv += &format!("{round},P{a:02},P{b:02},{result}\n");
        }
    }
    csv
}

/// The same league rated by `skillratings` (Glickman's algorithm, period by period): every
/// player who has joined is rated each round, from the ratings at its start; one who sits it
/// out has only the deviation grown.
///
/// `skillratings` converts ratings to the Glicko-2 scale by the paper's printed 173.7178,
/// where the engine uses the 400/ln 10 it rounds (the difference alone moves a rating 600
/// points from 1500 by 2.5·10⁻⁵). Its computation is otherwise scale-free (but for its cap of
/// an idle player's deviation at 350 of its units, 349.99998 of ours, which this league's
/// deviations, about 290 at most after a player's first round, never reach), so ratings and
/// deviations are handed to it and taken back in units where its 173.7178 is 400/ln 10: both
/// then compute on the same Glicko-2 scale.
fn skillratings_glicko2(csv: &str) -> std::collections::BTreeMap<String, skillratings::glicko2::Glicko2Rating> {
    use skillratings::glicko2::{glicko2_rating_period, Glicko2Config, Glicko2Rating};
    use skillratings::Outcomes;
    let mut rounds: std::collections::BTreeMap<u32, Vec<(String, String, Outcomes)>> = Default::default();
    for line in csv.lines().skip(1) {
        let f: Vec<&str> = line.split(',').collect();
        let outcome = match f[3] {
            "1-0" => Outcomes::WIN,
            "0-1" => Outcomes::LOSS,
            _ => Outcomes::DRAW,
        };
        rounds.entry(f[0].parse().unwrap()).or_default().push((f[1].into(), f[2].into(), outcome));
    }
    let config = Glicko2Config::new();
    let unit = 173.7178 / (400.0 / std::f64::consts::LN_10);
    let start = Glicko2Rating { rating: 1500.0, deviation: 350.0 * unit, volatility: 0.06 };
    let mut ratings: std::collections::BTreeMap<String, Glicko2Rating> = Default::default();
    for games in rounds.values() {
        for (a, b, _) in games {
            ratings.entry(a.clone()).or_insert(start);
            ratings.entry(b.clone()).or_insert(start);
        }
        let before = ratings.clone();
        for (name, rating) in ratings.iter_mut() {
            let results: Vec<(Glicko2Rating, Outcomes)> = games
                .iter()
                .filter_map(|(a, b, o)| match (a == name, b == name) {
                    (true, _) => Some((before[b], *o)),
                    (_, true) => Some((
                        before[a],
                        match o {
                            Outcomes::WIN => Outcomes::LOSS,
                            Outcomes::LOSS => Outcomes::WIN,
                            d => *d,
                        },
                    )),
                    _ => None,
                })
                .collect();
            *rating = glicko2_rating_period(&before[name], &results, &config);
        }
    }
    for r in ratings.values_mut() {
        (r.rating, r.deviation) = (1500.0 + (r.rating - 1500.0) / unit, r.deviation / unit);
    }
    ratings
}

/// The test: on a league played in periods, `rate --method glicko2` (Glickman's
/// convention, the defaults: 1500, 350, 0.06, τ = 0.5) gives each player the rating,
/// deviation and volatility an independent implementation of the paper's algorithm gives.
#[test]
fn glicko2_on_a_league_in_rounds_equals_skillratings() {
    let csv = league_in_rounds();
    let dir = std::env::temp_dir().join(format!("ratings-lab-glicko2-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("league.csv");
    std::fs::write(&file, &csv).unwrap();
    let (ok, json, err) = run(&["rate", file.to_str().unwrap(), "--method", "glicko2", "--convention", "glickman", "--format", "json"]);
    std::fs::remove_dir_all(&dir).ok();
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let reference = skillratings_glicko2(&csv);
    let players = v["players"].as_array().unwrap();
    assert_eq!(players.len(), reference.len());
    let mut worst = [0.0f64; 3];
    for p in players {
        let r = &reference[p["name"].as_str().unwrap()];
        let ours = [p["rating"].as_f64().unwrap(), p["deviation"].as_f64().unwrap(), p["volatility"].as_f64().unwrap()];
        for (k, (a, b)) in ours.iter().zip([r.rating, r.deviation, r.volatility]).enumerate() {
            worst[k] = worst[k].max((a - b).abs());
        }
    }
    eprintln!("largest differences: rating {:e}, deviation {:e}, volatility {:e}", worst[0], worst[1], worst[2]);
    assert!(worst.iter().all(|&w| w < 1e-9), "{worst:?}");
}

/// Issue 35, item 6: the period methods take a file's dates over its rounds (which restart
/// each season) and say so, and start a listed player from the player list's rating and RD;
/// the warning is in the table and the JSON alike.
#[test]
fn the_period_methods_take_dates_over_rounds_and_the_player_lists_ratings() {
    let dir = std::env::temp_dir().join(format!("ratings-lab-periods-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let games = dir.join("seasons.csv");
    std::fs::write(
        &games,
        "date,round,white,black,result\n2020-03-01,1,Ann,Bob,1-0\n2020-03-08,2,Bob,Cid,1-0\n2021-03-01,1,Bob,Ann,1-0\n2021-03-08,2,Cid,Ann,0-1\n",
    )
    .unwrap();
    let players = dir.join("players.csv");
    std::fs::write(&players, "name,rating,rd\nCid,2100,50\n").unwrap();
    let games = games.to_str().unwrap();
    for method in ["glicko", "glicko2", "stephenson", "whr"] {
        let (ok, text, err) = run(&["rate", games, "--method", method]);
        assert!(ok, "{err}");
        assert!(
            format!("{text}{err}").contains("both rounds and dates: the rating periods are the rounds taken in the dates' order"),
            "{method}: {text}{err}"
        );
        let json = |extra: &[&str]| {
            let (ok, json, err) = run(&[&["rate", games, "--method", method, "--format", "json"], extra].concat());
            assert!(ok, "{err}");
            serde_json::from_str::<serde_json::Value>(&json).unwrap()
        };
        let (plain, listed) = (json(&[]), json(&["--players", players.to_str().unwrap()]));
        assert_eq!(plain["variant"].as_str().unwrap().split(": ").nth(1), Some("rounds in date order"), "{method}");
        assert!(plain["warnings"].to_string().contains("both rounds and dates"), "{method}: {}", plain["warnings"]);
        let cid = |v: &serde_json::Value| {
            v["players"].as_array().unwrap().iter().find(|p| p["name"] == "Cid").unwrap()["rating"].as_f64().unwrap()
        };
        assert!(cid(&plain) < 1500.0 && cid(&listed) > 1600.0, "{method}: Cid {} without the list, {} with it", cid(&plain), cid(&listed));
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// Issue 39, item 5: `--period` (from the registry, shared by Glicko, Glicko-2 and Stephenson)
/// chooses the rating period, which the result names and whose growth it states; a length the
/// games cannot give, or a name not offered, is refused saying why.
#[test]
fn the_period_flag_chooses_the_rating_period() {
    let dir = std::env::temp_dir().join(format!("ratings-lab-period-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("dated.csv");
    std::fs::write(
        &file,
        "date,white,black,result\n2024-04-28,Ann,Bob,1-0\n2024-04-29,Cid,Dan,1-0\n2024-05-05,Ann,Cid,1-0\n2024-06-01,Bob,Dan,0-1\n",
    )
    .unwrap();
    let file = file.to_str().unwrap();
    for (method, symbol) in [("glicko", "c = "), ("glicko2", "σ = "), ("stephenson", "c = ")] {
        for (period, plural, count) in [("day", "days", 4), ("week", "weeks", 3), ("month", "months", 3), ("event", "games", 4)] {
            let (ok, json, err) = run(&["rate", file, "--method", method, "--period", period, "--format", "json"]);
            assert!(ok, "{method} {period}: {err}");
            let v: serde_json::Value = serde_json::from_str(&json).unwrap();
            assert_eq!(v["variant"], format!("rating periods: {plural}"), "{method} {period}");
            assert_eq!(v["params"][method]["period"], period, "{method}");
            assert_eq!(v["iterations"], count, "{method} {period}: the periods");
            let per = if period == "event" { "game".to_string() } else { period.to_string() };
            let said = v["warnings"]
                .as_array()
                .unwrap()
                .iter()
                .any(|w| w.as_str().unwrap().starts_with(symbol) && w.as_str().unwrap().contains(&format!(" per {per} ")));
            assert!(said, "{method} {period}: {}", v["warnings"]);
        }
        let (ok, _, err) = run(&["rate", file, "--method", method, "--period", "round"]);
        assert!(!ok && err.contains("period = round") && err.contains("4 of 4 games have no numbered round"), "{method}: {err}");
    }
    let (ok, _, err) = run(&["rate", file, "--method", "glicko", "--period", "fortnight"]);
    assert!(!ok && err.contains("fortnight") && err.contains("month"), "{err}");
    let (ok, text, err) = run(&["rate", file, "--method", "glicko", "--period", "week", "--glicko-c", "20"]);
    assert!(ok && format!("{text}{err}").contains("c = 20.0 per week as set"), "{text}{err}");
    std::fs::remove_dir_all(&dir).ok();
}
