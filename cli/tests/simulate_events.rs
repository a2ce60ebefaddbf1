//! `ratings-lab simulate --schedule events:M:k` (issue 39): the lab with events of k players,
//! rated by the methods that rate events, its report, and its refusals.

mod common;

use common::{err, out, run_bytes};
use serde_json::Value;
use std::process::Output;

fn run(args: &[&str]) -> Output {
    run_bytes(args, b"")
}

fn json_of(args: &[&str]) -> Value {
    let o = run(args);
    assert!(o.status.success(), "{}", err(&o));
    serde_json::from_str(&out(&o)).expect("JSON")
}

/// The usual report, each method that rates events in a row with the organisers' mean place
/// as the baseline; without --methods every method that rates events; repeatable by seed.
#[test]
fn events_are_rated_by_the_methods_that_rate_events() {
    let args = [
        "simulate",
        "--schedule",
        "events:600:4",
        "--players",
        "20",
        "--repetitions",
        "3",
        "--seed",
        "4",
        "--methods",
        "plackett_luce,weng_lin,multi_elo",
        "--format",
        "json",
    ];
    let v = json_of(&args);
    let names: Vec<&str> = v["methods"].as_array().unwrap().iter().map(|m| m["method"].as_str().unwrap()).collect();
    assert_eq!(names, ["plackett_luce", "weng_lin", "multi_elo"]);
    for m in v["methods"].as_array().unwrap().iter().chain([&v["baseline"]]) {
        assert!(m["kendall_tau"]["mean"].as_f64().is_some_and(|t| t > 0.6), "{m}");
        assert_eq!(m["failures"], 0, "{m}");
    }
    assert_eq!(v["baseline"]["method"], "mean_place");
    assert_eq!((v["setup"]["schedule"].as_str(), v["completed"].as_u64()), (Some("events:600:4"), Some(3)));
    assert_eq!(json_of(&args), v, "the same seed, the same numbers");
    // Unless told, every method that rates events (in the engine's order); the table's rows.
    let o = run(&["simulate", "--schedule", "events:200:3", "--players", "12", "--repetitions", "2"]);
    assert!(o.status.success(), "{}", err(&o));
    let table = out(&o);
    assert!(table.starts_with("2 tournaments (events:200:3) of 12 players"), "{table}");
    let rows: Vec<&str> = table.lines().filter_map(|l| l.split_whitespace().next()).collect();
    for name in ["multi_elo", "plackett_luce", "weng_lin", "mean_place"] {
        assert!(rows.contains(&name), "{name}: {table}");
    }
    assert!(!rows.contains(&"brent") && !rows.contains(&"elo"), "{table}");
    // Games keep their default methods.
    let games = out(&run(&["simulate", "--players", "8", "--schedule", "round-robin", "--repetitions", "2"]));
    assert!(games.contains("\nbrent ") && games.contains("\npoints_buchholz "), "{games}");
}

/// Zero events, an event of one player or of more than 64, an event larger than the field,
/// and a method that rates only games are refused, each saying what is expected.
#[test]
fn bad_events_schedules_are_refused() {
    for bad in ["events:0:4", "events:10:1", "events:10:65", "events:10"] {
        let o = run(&["simulate", "--schedule", bad]);
        assert!(!o.status.success() && err(&o).contains("or events:M:k (M events of k players, k from 2 to 64)"), "{bad}: {}", err(&o));
    }
    let o = run(&["simulate", "--schedule", "events:10:8", "--players", "5"]);
    assert!(!o.status.success() && err(&o).contains("events:10:8: an event of 8 players needs at least 8 players, not 5"), "{}", err(&o));
    let o = run(&["simulate", "--schedule", "events:100:4", "--methods", "plackett_luce,brent:gamma=1"]);
    assert!(
        !o.status.success()
            && err(&o).contains(
                "events:100:4 with brent: Brent (brent) rates only two-player games, not events of 4 players; events are rated by"
            ),
        "{}",
        err(&o)
    );
    assert!(out(&o).is_empty());
}
