//! Issue 39, item 5, on the command line: `evaluate` prints each score with its standard
//! error, says when Brent without a prior overfits few games a player (not stale ratings),
//! and says its progress on stderr in a run over a second. (The library's side:
//! `engine/tests/evaluation_causes.rs`.)

use std::process::Command;

fn cli(args: &[&str]) -> (String, String, bool) {
    let o = Command::new(env!("CARGO_BIN_EXE_ratings-lab")).args(args).output().unwrap();
    (String::from_utf8_lossy(&o.stdout).into_owned(), String::from_utf8_lossy(&o.stderr).into_owned(), o.status.success())
}

/// `games` games among 250 players (2,500: about 16 earlier games a player) of fixed log-strengths,
/// from a small seeded generator, written as `white,black,result`.
fn sparse_league(name: &str, games: usize) -> std::path::PathBuf {
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut unit = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        (x >> 11) as f64 / (1u64 << 53) as f64
    };
    let strength: Vec<f64> = (0..250).map(|_| (unit() - 0.5) * 1.4).collect();
    let mut csv = String::from("white,black,result\n");
    let mut n = 0;
    while n < games {
        let (a, b) = ((unit() * 250.0) as usize, (unit() * 250.0) as usize);
        if a == b {
            continue;
        }
        let p = 1.0 / (1.0 + (strength[b] - strength[a]).exp());
        csv += &format!("p{a},p{b},{}\n", if unit() < p { "1-0" } else { "0-1" });
        n += 1;
    }
    let path = std::env::temp_dir().join(format!("ratings-lab-{name}-{}.csv", std::process::id()));
    std::fs::write(&path, csv).unwrap();
    path
}

#[test]
fn evaluate_gives_standard_errors_and_says_overfitting() {
    let file = sparse_league("overfit", 2_500);
    let f = file.to_str().unwrap();
    let (table, err, ok) = cli(&["evaluate", f, "--methods", "brent:gamma=0,elo"]);
    assert!(ok, "{err}");
    let brent = table.lines().find(|l| l.starts_with("brent ")).expect(&table);
    assert!(brent.matches(" ± ").count() == 2, "log-loss and Brier with their standard errors: {brent}");
    assert!(table.contains("overfitting") && table.contains("no prior") && !table.contains("went stale"), "{table}");
    let (json, err, ok) = cli(&["evaluate", f, "--methods", "brent:gamma=0,elo", "--format", "json"]);
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let m = &v["methods"][0];
    assert!(m["log_loss_se"].as_f64().is_some_and(|s| s > 0.0) && m["brier_se"].as_f64().is_some(), "{m}");
    assert!(m["in_sample_log_loss"].as_f64().unwrap() < m["log_loss"].as_f64().unwrap() - 0.05, "{m}");
    assert!(v["games_per_player"].as_f64().is_some_and(|g| (12.0..=20.0).contains(&g)), "{}", v["games_per_player"]);
    assert!(v["baselines"][0]["log_loss_se"].as_f64().is_some(), "{}", v["baselines"]);
    let d = v["differences"].as_array().unwrap();
    assert!(d.iter().any(|d| d["worse"] == "brent" && d["within_noise"].is_boolean() && d["se"].as_f64().is_some()), "{d:?}");
    assert!(v["noise"].as_str().is_some_and(|n| n.contains("standard error")), "{}", v["noise"]);
    assert!(v["notes"].as_array().unwrap().iter().any(|n| n.as_str().unwrap().contains("overfitting")), "{}", v["notes"]);
    std::fs::remove_file(file).ok();
}

#[test]
fn a_long_evaluation_says_its_progress_on_stderr() {
    let file = sparse_league("progress", 2_500);
    // 150 blocks, two methods: 300 fits, over a second in a debug build.
    let (out, err, ok) = cli(&["evaluate", file.to_str().unwrap(), "--methods", "brent,elo", "--rolling", "150"]);
    assert!(ok, "{err}");
    // (In a debug build the estimate comes first: "evaluate: about 3 s: 2 methods, …".)
    let lines: Vec<&str> = err.lines().filter(|l| l.starts_with("evaluate: ") && !l.starts_with("evaluate: about ")).collect();
    assert!(!lines.is_empty(), "no progress: {err}");
    for l in &lines {
        assert!(l.contains(" of 300 fits done, next ") && l.contains(" s so far, about ") && l.ends_with(" s left"), "{l}");
        assert!(l.contains(", block ") && l.contains(" of 150"), "{l}");
    }
    assert!(!out.contains("evaluate: "), "progress stays off stdout");
    // A quick run says nothing.
    let (_, err, _) = cli(&["evaluate", file.to_str().unwrap(), "--methods", "elo"]);
    assert!(!err.contains("evaluate: "), "{err}");
    std::fs::remove_file(file).ok();
}

/// Issue 39, item 3: `evaluate` on a ranking file (the debate lesson: 27 rooms of four teams)
/// predicts the later rooms' whole finishing orders with each method that rates events, and
/// says so in its header, columns, legend and JSON; a method of two-player games says why it
/// cannot. (Plackett–Luce was refused: "only multiplayer Elo predicts multi-player events".)
#[test]
fn evaluate_predicts_the_later_events_whole_rankings() {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/../src/lessons/debate-league.csv");
    let (out, err, ok) = cli(&["evaluate", "--methods", "plackett_luce,weng_lin,multi_elo", file]);
    assert!(ok, "{err}");
    assert!(out.starts_with("Held-out prediction: 5 events predicted"), "{out}");
    for method in ["plackett_luce", "weng_lin", "multi_elo"] {
        let row = out.lines().find(|l| l.starts_with(method)).unwrap_or_else(|| panic!("{out}"));
        assert!(row.contains(" ± ") && !row.contains("could not"), "{row}");
    }
    // The coin: every room a full ranking of four, ln 4! = 3.1781.
    assert!(out.lines().any(|l| l.starts_with("coin") && l.contains("3.1781")), "{out}");
    assert!(out.contains("whole finishing order") && out.contains("event by event"), "{out}");
    // A method that could not be fit fails the run (exit 1), saying why in the table.
    let (brent, _, ok) = cli(&["evaluate", "--methods", "plackett_luce,brent", file]);
    assert!(!ok && brent.contains("brent        could not be fit: this method rates two-player games"), "{brent}");
    let (json, _, ok) = cli(&["evaluate", "--methods", "plackett_luce", "--format", "json", file]);
    assert!(ok);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["events"], true);
    assert!(v["methods"][0]["log_loss"].as_f64().unwrap() < 3.1781);
}

/// Issue 40, item 4: a long evaluation says its estimate up front, and `--max-seconds` stops it
/// with what was done: the methods finished scored as in a run of their own, the method under
/// way listed as not finished (in the JSON too), exit status 3.
#[test]
fn max_seconds_stops_a_long_evaluation_with_what_was_done() {
    let file = sparse_league("stop", 5_000);
    let f = file.to_str().unwrap();
    // Elo's 100 blocks take about a second in a debug build on a loaded machine; WHR's 100
    // (Newton steps to 1e-10, each block refitted warm from the last) take several times the
    // limit (on 2,500 games, 4 s in a debug build on a quiet machine, and this league's later
    // blocks, on longer histories, cost more). The estimate is over the limit: 0.47 s in the
    // command line's build, ten times that in a debug build (`Runtime::seconds_per_game_pass`).
    let args = ["evaluate", f, "--methods", "elo,whr", "--rolling", "100", "--format", "json"];
    let start = std::time::Instant::now();
    let o = Command::new(env!("CARGO_BIN_EXE_ratings-lab")).args(args).args(["--max-seconds", "3"]).output().unwrap();
    let took = start.elapsed().as_secs_f64();
    let (json, err) = (String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr));
    assert_eq!(o.status.code(), Some(3), "stopped early: {err}");
    let estimate = err.lines().next().unwrap_or_default();
    assert!(
        estimate.starts_with("evaluate: about ")
            && estimate.ends_with(": 2 methods, each fit 100 times (once a block) on up to 5,000 games (--max-seconds 3 stops it sooner)"),
        "{err}"
    );
    assert!(err.contains("evaluate: stopped by --max-seconds 3 after ") && err.contains("not finished: whr ("), "{err}");
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let unfinished = v["unfinished"].as_array().unwrap();
    assert_eq!(unfinished.len(), 1, "{v}");
    let (whr, done) = (&unfinished[0], unfinished[0]["blocks_done"].as_u64().unwrap());
    assert!(whr["method"] == "whr" && whr["blocks"] == 100 && done < 100, "stopped before the end: {whr}");
    // The JSON gives the seconds to a tenth, rounded: up to 0.05 s past the time taken here.
    assert!(v["stopped_after_seconds"].as_f64().is_some_and(|s| s >= 3.0 && s <= took + 0.05), "{v}");
    // Elo finished: scored as in a run of its own; WHR is not among the methods scored.
    let (alone, _, ok) = cli(&["evaluate", f, "--methods", "elo", "--rolling", "100", "--format", "json"]);
    assert!(ok);
    let alone: serde_json::Value = serde_json::from_str(&alone).unwrap();
    assert_eq!(v["methods"].as_array().unwrap().len(), 1, "{v}");
    assert_eq!(v["methods"][0], alone["methods"][0]);
    assert!(alone["stopped_after_seconds"].is_null() && alone["unfinished"] == serde_json::json!([]), "{alone}");
    // The table says it under the scores.
    let o = Command::new(env!("CARGO_BIN_EXE_ratings-lab")).args(&args[..6]).args(["--max-seconds", "3"]).output().unwrap();
    let table = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(3));
    assert!(table.lines().any(|l| l.starts_with("elo ")) && !table.lines().any(|l| l.starts_with("whr ")), "{table}");
    assert!(
        table.contains("warning: stopped by --max-seconds 3 after ") && table.contains("only the methods that finished are scored"),
        "{table}"
    );
    std::fs::remove_file(file).ok();
}
