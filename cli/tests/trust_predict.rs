//! Issue 19, item 5, on the command line: `evaluate` on the NFL data (FiveThirtyEight, MIT,
//! `engine/tests/data/nfl/`) shows the baselines beside the methods and the notes, in every
//! format, and tunes a parameter. (The library's side: `engine/tests/trust_predict.rs`.)

use std::process::Command;

const NFL: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../engine/tests/data/nfl/nfl_games.csv");

fn cli(args: &[&str]) -> (String, String, bool) {
    let o = Command::new(env!("CARGO_BIN_EXE_ratings-lab")).args(args).output().unwrap();
    (String::from_utf8_lossy(&o.stdout).into_owned(), String::from_utf8_lossy(&o.stderr).into_owned(), o.status.success())
}

#[test]
fn evaluate_on_the_command_line_shows_the_baselines_and_the_notes() {
    // The table: the baselines under the methods, the note with --rolling.
    let (table, err, ok) = cli(&["evaluate", NFL]);
    assert!(ok, "{err}");
    let coin = table.lines().find(|l| l.starts_with("coin ")).expect(&table);
    assert!(coin.contains("0.6931") && table.contains("baselines:\ncoin") && table.contains("\nhome rate "), "{table}");
    assert!(
        table.contains("brent and elo predict the later games worse than the home rate") && table.contains("(--rolling 20)"),
        "{table}"
    );
    // CSV: a row per baseline, kind last.
    let (csv, _, _) = cli(&["evaluate", NFL, "--format", "csv"]);
    assert!(csv.starts_with("method,log_loss,brier,accuracy,games_scored,unseen_games,error,kind\n"), "{csv}");
    assert!(csv.contains("\ncoin,0.693147180559") && csv.contains(",baseline\n") && csv.contains("\nhome_rate,"), "{csv}");
    // JSON: baselines beside the methods, no best method, the note; tuning h and its grid.
    let (json, err, ok) = cli(&["evaluate", NFL, "--format", "json", "--tune", "elo-k", "--grid", "4,8,16"]);
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let names: Vec<&str> = v["baselines"].as_array().unwrap().iter().map(|b| b["baseline"].as_str().unwrap()).collect();
    assert_eq!(names, ["coin", "home_rate"]);
    assert!((v["baselines"][0]["log_loss"].as_f64().unwrap() - std::f64::consts::LN_2).abs() < 1e-12);
    assert!(v["baselines"][1]["rate"].as_f64().is_some_and(|r| r > 0.5));
    assert!(v["best_method"].is_null() && v["notes"][0].as_str().unwrap().contains("rolling blocks"), "{v}");
    assert_eq!(v["tuning"]["points"].as_array().unwrap().len(), 3);
    assert_eq!(v["tuning"]["edge_note"], "K = 4 was the lowest value tried: the best may lie below; widen the grid");
    let (json, err, ok) =
        cli(&["evaluate", NFL, "--format", "json", "--rolling", "20", "--methods", "elo:k=20:home=65", "--tune", "elo-home"]);
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!((v["best_method"].as_str(), v["notes"].as_array().map(Vec::len)), (Some("elo"), Some(0)), "{v}");
    assert_eq!(v["tuning"]["parameter"], "Elo's home advantage h");
    assert!(v["tuning"]["edge_note"].is_null(), "{v}");
    let (_, err, ok) = cli(&["evaluate", NFL, "--tune", "elo-k", "--grid", "4,x"]);
    assert!(!ok && err.contains("--grid: 'x' is not a number"), "{err}");
}
