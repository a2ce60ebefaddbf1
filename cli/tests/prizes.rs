//! `ratings-lab prizes` (issue 36): a prize list from FIDE's C.07 exercise file, whose
//! standings (`tiebreaks`) put Bruno first on 4 and Charline, David, Alyx and Stephan on 3.5
//! (places 2–5); the amounts computed by hand. The sharing itself is tested in
//! `engine/tests/prizes.rs`.

mod common;

use common::{err, fixture_path, out, run_bytes};
use serde_json::Value;

/// Runs `prizes` on the exercise file with `table` as the prize table.
fn prizes(table: &str, extra: &[&str]) -> std::process::Output {
    prizes_of("trf/held_swiss_5.trf", table, extra)
}

/// Runs `prizes` on the fixture `fixture` with `table` as the prize table.
fn prizes_of(fixture: &str, table: &str, extra: &[&str]) -> std::process::Output {
    // A directory of its own for each run: the tests run at once.
    static RUNS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let run = RUNS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("ratings-lab-prizes-{}-{run}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("prizes.txt");
    std::fs::write(&path, table).unwrap();
    let file = fixture_path(fixture);
    let mut args = vec!["prizes", file.as_str(), "--prizes", path.to_str().unwrap()];
    args.extend_from_slice(extra);
    let o = run_bytes(&args, b"");
    std::fs::remove_dir_all(&dir).ok();
    assert!(!err(&o).contains("panicked"), "{}", err(&o));
    o
}

const TABLE: &str = "1: 500\n2: 300\n3: 200\n";

/// Hort: Charline and David keep 150 and 100; the pooled 250 gives each of the four 62.50.
/// The table's `sharing:` line is taken, and `--sharing` overrides it.
#[test]
fn a_four_way_tie_shared_by_hort_and_split() {
    let o = prizes(&format!("{TABLE}sharing: hort\n"), &[]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let text = out(&o);
    assert!(text.contains("1st 500.00: #2 Bruno (4.0) 500.00"), "{text}");
    assert!(text.contains("2nd-3rd 300.00 + 200.00 = 500.00, shared by Hort among 4 players on 3.5:"), "{text}");
    for line in ["#3 Charline (3.5) 212.50", "#4 David (3.5) 162.50", "#1 Alyx (3.5) 62.50", "#16 Stephan (3.5) 62.50"] {
        assert!(text.contains(line), "{line}: {text}");
    }
    let o = prizes(&format!("{TABLE}sharing: hort\n"), &["--sharing", "split", "--format", "json"]);
    let v: Value = serde_json::from_str(&out(&o)).unwrap();
    assert_eq!(v["prizes"]["sharing"], "Split");
    let totals: Vec<(u64, u64)> =
        v["totals"].as_array().unwrap().iter().map(|w| (w["start"].as_u64().unwrap(), w["amount"].as_u64().unwrap())).collect();
    assert_eq!(totals, [(2, 50_000), (3, 12_500), (4, 12_500), (1, 12_500), (16, 12_500)]);
}

/// A round robin's prizes (FIDE's checklist Q105): `--order` with a Buchholz tie-break is
/// refused, naming it, as `tiebreaks --order` refuses it; the others are taken.
#[test]
fn a_round_robin_s_prizes_refuse_a_buchholz_order() {
    let o = prizes_of("trf/held_round_robin.trf", TABLE, &["--order", "SB,BH"]);
    assert!(!o.status.success(), "{}", out(&o));
    assert!(err(&o).contains("--order: BH: a round robin may not use Buchholz tie-breaks (C.07 8;"), "{}", err(&o));
    let o = prizes_of("trf/held_round_robin.trf", TABLE, &["--order", "SB,DE"]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    // A Swiss takes it.
    assert_eq!(prizes(TABLE, &["--order", "SB,BH"]).status.code(), Some(0));
}

/// By tiebreaks (the default), each place's prize to the player ranked there.
#[test]
fn by_tiebreaks_the_ranking_decides() {
    let text = out(&prizes(TABLE, &[]));
    assert!(text.contains("2nd 300.00: #3 Charline (3.5) 300.00") && text.contains("3rd 200.00: #4 David (3.5) 200.00"), "{text}");
}

/// A table that cannot be read: the file, the line and what was expected; exit 1.
#[test]
fn a_bad_table_names_its_line() {
    let o = prizes("1: 500\n2: lots\n", &[]);
    assert_eq!(o.status.code(), Some(1));
    assert!(err(&o).contains("prizes.txt: line 2: 'lots': expected an amount above 0 such as 500 or 499.50"), "{}", err(&o));
}
