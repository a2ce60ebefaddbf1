//! `ratings-lab report` (issue 22): the FIDE rating report and norm check of a TRF, as text and
//! JSON, the K flags, and bad input (a clear error, exit 1, never a panic). The figures are
//! checked against independent references in `engine/tests/fide.rs`; here, that the command
//! line shows them.

mod common;

use common::{err, fixture_path, out, run_bytes};
use serde_json::Value;
use std::process::Output;

fn run(args: &[&str]) -> Output {
    let o = run_bytes(args, b"");
    assert!(!err(&o).contains("panicked"), "{args:?}: {}", err(&o));
    o
}

fn reference() -> String {
    fixture_path("fide/reference.trf")
}

fn json(args: &[&str]) -> Value {
    let file = reference();
    let mut all = vec!["report", file.as_str(), "--format", "json"];
    all.extend_from_slice(args);
    let o = run(&all);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    serde_json::from_str(&out(&o)).unwrap_or_else(|e| panic!("{e}: {}", out(&o)))
}

fn player(v: &Value, start: u64) -> &Value {
    v["players"].as_array().unwrap().iter().find(|p| p["start"] == start).unwrap()
}

#[test]
fn the_json_has_the_issues_shape() {
    let v = json(&[]);
    let p = player(&v, 4);
    for key in ["start", "name", "rating", "k", "score_rated", "change", "performance", "games", "norms"] {
        assert!(p.get(key).is_some(), "players[].{key}");
    }
    for key in ["round", "opponent", "player_rating", "opponent_rating", "score", "expected"] {
        assert!(p["games"][0].get(key).is_some(), "games[].{key}");
    }
    // Dvorak (2290, born 2009: a junior in 2025, K 40): 3.5 of 5 against 2.80 expected → +28.
    assert_eq!((p["k"].as_u64(), p["change"].as_i64(), p["new_rating"].as_i64()), (Some(40), Some(28), Some(2318)));
    assert_eq!(p["norms"].as_array().unwrap().len(), 4);
    assert_eq!(p["norms"][0]["conditions"][0]["name"], "games");
    // The unrated player: no K, no change, written as null (never a number that is not one).
    let unrated = player(&v, 7);
    assert!(unrated["change"].is_null() && unrated["k"].is_null() && unrated["games"][0]["expected"].is_null());
}

#[test]
fn the_text_shows_the_working() {
    let file = reference();
    let o = run(&["report", &file, "--player", "1"]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let text = out(&o);
    // Aalto (2702: over 2650, so the 982-point difference counts whole) lost to Horvath.
    assert!(text.contains("   1 Aalto, Kaisa (WGM, FIN): rating 2702, K 10 (reached 2400)"), "{text}");
    assert!(text.contains("8 Horvath, Anna                 2702  1720  +982  +982  1.00      0    -10.00"), "{text}");
    assert!(text.contains("round 5 (against 9) left out: a game of less than one move"), "{text}");
    assert!(text.contains("K 10 × ΣΔR = -22.20 → -22 (8.3.4); new rating 2680"), "{text}");
    assert!(text.contains("note: K (8.3.3): the file gives no K"), "{text}");
    assert!(!text.contains("   2 Berg"), "only the player asked for");
}

#[test]
fn the_k_flags_change_k() {
    // Berg (2510) is K 10 by default; given 20, and Evans (2105, K 20) new: 40.
    let v = json(&["--k-factor", "2=20", "--new-player", "5"]);
    assert_eq!((player(&v, 2)["k"].as_u64(), player(&v, 2)["k_rule"].as_str()), (Some(20), Some("given")));
    assert_eq!((player(&v, 5)["k"].as_u64(), player(&v, 5)["k_rule"].as_str()), (Some(40), Some("new_player")));
    // Fischer (1985) has reached 2400 once: K 10. In 2040 the juniors are juniors no more.
    let v = json(&["--reached-2400", "6", "--year", "2040"]);
    assert_eq!(player(&v, 6)["k"].as_u64(), Some(10));
    assert_eq!(player(&v, 4)["k"].as_u64(), Some(20));
    // A start number not in the file is a warning.
    let v = json(&["--new-player", "99"]);
    assert!(v["warnings"][0].as_str().unwrap().contains("start number 99 is not in the file"), "{v}");
}

#[test]
fn bad_input_is_an_error_that_says_what_was_expected() {
    let file = reference();
    for (args, message) in [
        (vec!["report", file.as_str(), "--k-factor", "2"], "expected START=K"),
        (vec!["report", file.as_str(), "--k-factor", "2=0"], "expected K from 1 to 700"),
        (vec!["report", file.as_str(), "--format", "csv"], "invalid value 'csv'"),
    ] {
        let o = run(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(err(&o).contains(message), "{args:?}: {}", err(&o));
    }
    let o = run_bytes(&["report", "-"], b"white,black,result\nA,B,1-0\n");
    assert_eq!(o.status.code(), Some(1));
    assert!(err(&o).contains("expected a FIDE TRF file"), "{}", err(&o));
    let o = run(&["report", "no/such/file.trf"]);
    assert_eq!(o.status.code(), Some(1));
}
