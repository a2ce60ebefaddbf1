//! `ratings-lab methods` lists the engine's registry, and every parameter's flag is one the
//! command line takes; the period methods' flags reach the engine (PlayerRatings' Glicko-2
//! AFL golden reproduced through the command line, when the GPL data are at hand).

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
    assert_eq!(names, ["brent", "elo", "multi_elo", "jrank", "aga", "glicko", "glicko2", "stephenson", "whr"]);
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
