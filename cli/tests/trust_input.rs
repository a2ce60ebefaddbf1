//! Issue 19, reading input and writing output on the command line: a file that is not text is
//! refused (item 6; the library's side in `engine/tests/trust_input.rs`), a score in a result
//! column is said (item 3), names are written to CSV without formulas (item 23) and to the
//! terminal without control characters (item 24).

mod common;

use common::{err, out, run_bytes as run};

/// The app's icon: a real PNG.
fn png() -> Vec<u8> {
    std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/../public/icon-192.png")).expect("the app's icon")
}

#[test]
fn the_command_line_refuses_a_png_with_the_reason() {
    let dir = std::env::temp_dir().join(format!("ratings-lab-trust-input-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("photo.png");
    std::fs::write(&path, png()).unwrap();
    for args in [vec!["rate", path.to_str().unwrap()], vec!["tiebreaks", path.to_str().unwrap()]] {
        let o = run(&args, b"");
        assert!(!o.status.success(), "{args:?}");
        assert!(err(&o).contains("this is not a results file: it looks like a PNG image"), "{args:?}: {}", err(&o));
        assert!(out(&o).is_empty(), "{args:?}");
    }
    // From standard input too.
    let o = run(&["rate", "-"], &png());
    assert!(!o.status.success());
    assert!(err(&o).contains("it looks like a PNG image"), "{}", err(&o));
    std::fs::remove_dir_all(&dir).ok();
}

fn fixture(path: &str) -> String {
    std::fs::read_to_string(common::fixture_path(path)).expect("fixture")
}

/// `text` written to a file of its own (the team and crosstable paths read files by name).
fn file(name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("ratings-lab-trust-input-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

// Item 3: a score in a result column.

#[test]
fn the_command_line_says_a_score_in_a_result_column() {
    let csv = "white,black,result\nAnna,Ben,1-0\nBen,Cara,2-0\nCara,Anna,1/2-1/2\nAnna,Cara,0-1\n";
    for format in ["table", "csv", "json"] {
        let o = run(&["rate", "-", "--format", format], csv.as_bytes());
        assert!(o.status.success(), "{}", err(&o));
        let said = out(&o) + &err(&o);
        assert!(said.contains("line 3: '2-0' in column 'result' is a score, not a game's result"), "{format}: {said}");
        assert!(said.contains("If it is a typo, correct it"), "{format}: {said}");
    }
    // The same file with 1-0 says nothing.
    let o = run(&["rate", "-"], csv.replace("2-0", "1-0").as_bytes());
    assert!(!(out(&o) + &err(&o)).contains("is a score"), "{}", out(&o));
    // A result in no documented form is an error naming the line and the column.
    let o = run(&["rate", "-"], b"white,black,result\nAnna,Ben,1-0\nBen,Cara,2-0-1\n");
    assert!(!o.status.success());
    assert!(err(&o).contains("line 3, column 'result': expected a result such as 1-0"), "{}", err(&o));
}

// Item 23: formulas in CSV exports.

const FORMULAS: [&str; 4] = ["=HYPERLINK(\"http://x\",\"y\")", "+cmd|' /C calc'!A0", "-2+3", "@SUM(A1)"];

/// A games CSV whose players are named as formulas, and Dan.
fn formula_games() -> String {
    let q = |s: &str| format!("\"{}\"", s.replace('"', "\"\""));
    let names: Vec<String> = FORMULAS.iter().map(|n| q(n)).chain(["Dan".to_string()]).collect();
    let mut csv = String::from("white,black,result\n");
    for (i, a) in names.iter().enumerate() {
        for (j, b) in names.iter().enumerate() {
            if i != j {
                csv += &format!("{a},{b},{}\n", ["1-0", "0-1", "1/2-1/2"][(i + 2 * j) % 3]);
            }
        }
    }
    csv
}

/// No cell of `csv` starts a formula: every text cell that would is quoted behind `'`.
fn assert_no_formula(what: &str, csv: &str) {
    for line in csv.lines() {
        for start in ["=", "+", "@", "-2", "\"=", "\"+", "\"@", "\"-"] {
            assert!(!line.starts_with(start) && !line.contains(&format!(",{start}")), "{what}: {line}");
        }
    }
    assert!(csv.contains("\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\""), "{what}: {csv}");
}

#[test]
fn rate_and_compare_csv_write_no_formulas() {
    let games = formula_games();
    let o = run(&["rate", "-", "--format", "csv"], games.as_bytes());
    assert!(o.status.success(), "{}", err(&o));
    let csv = out(&o);
    assert_no_formula("rate", &csv);
    for name in FORMULAS.iter().skip(1) {
        assert!(csv.contains(&format!("\"'{name}\"")), "rate: {name}: {csv}");
    }
    // A negative rating is a number, written as it is.
    assert!(csv.lines().skip(1).any(|l| l.split(',').any(|c| c.starts_with('-') && c[1..].parse::<f64>().is_ok())), "{csv}");
    let o = run(&["compare", "-", "--methods", "brent,elo", "--format", "csv"], games.as_bytes());
    assert!(o.status.success(), "{}", err(&o));
    assert_no_formula("compare", &out(&o));
}

/// `held_swiss_5.trf` with three players renamed (the name's columns kept).
fn renamed_swiss(names: [&str; 3]) -> String {
    fixture("trf/held_swiss_5.trf")
        .replace("Bruno   ", &format!("{:<8}", names[0]))
        .replace("Alyx    ", &format!("{:<8}", names[1]))
        .replace("Charline", &format!("{:<8}", names[2]))
}

#[test]
fn tiebreak_crosstable_and_team_csv_write_no_formulas() {
    let trf = file("formulas.trf", &renamed_swiss(["=1+1", "+A1!", "@SUM(1)"]));
    for extra in [None, Some("--crosstable")] {
        let mut args = vec!["tiebreaks", trf.as_str(), "--format", "csv"];
        args.extend(extra);
        let o = run(&args, b"");
        assert!(o.status.success(), "{extra:?}: {}", err(&o));
        let csv = out(&o);
        for name in ["=1+1", "+A1!", "@SUM(1)"] {
            assert!(csv.contains(&format!(",\"'{name}\"")), "{extra:?}: {name}: {csv}");
            assert!(!csv.contains(&format!(",{name}")), "{extra:?}: {name}: {csv}");
        }
    }
    let teams = file("formula-teams.trf", &fixture("trf/fideteam_nocolor.trf").replace("Team 1", "=T(1)"));
    let o = run(&["tiebreaks", &teams, "--teams", "--format", "csv"], b"");
    assert!(o.status.success(), "{}", err(&o));
    assert!(out(&o).contains(",\"'=T(1)\","), "{}", out(&o));
}

// Item 24: control characters in text tables.

const ESCAPES: &str = "\u{1b}]0;pwned\u{7}\u{1b}[2J";

#[test]
fn rate_and_compare_tables_escape_control_characters() {
    let games = format!("white,black,result\nAnna,{ESCAPES},1-0\n{ESCAPES},Ben,1/2-1/2\nBen,Anna,0-1\nAnna,Ben,1/2-1/2\n");
    for args in [vec!["rate", "-"], vec!["compare", "-", "--methods", "brent,elo"]] {
        let o = run(&args, games.as_bytes());
        assert!(o.status.success(), "{args:?}: {}", err(&o));
        let (text, errors) = (out(&o), err(&o));
        assert!(!text.contains(['\u{1b}', '\u{7}']) && !errors.contains(['\u{1b}', '\u{7}']), "{args:?}: {text:?}");
        assert!(text.contains("\\u{1b}]0;pwned\\u{7}"), "{args:?}: {text}");
    }
}

#[test]
fn tiebreak_crosstable_and_team_tables_escape_control_characters() {
    let trf = file("escapes.trf", &renamed_swiss(["\u{1b}]0;\u{7}", "\u{1b}[2J", "Charline"]));
    for extra in [None, Some("--crosstable")] {
        let mut args = vec!["tiebreaks", trf.as_str()];
        args.extend(extra);
        let o = run(&args, b"");
        assert!(o.status.success(), "{extra:?}: {}", err(&o));
        let text = out(&o);
        assert!(!text.contains(['\u{1b}', '\u{7}']), "{extra:?}: {text:?}");
        assert!(text.contains("\\u{1b}]0;\\u{7}") && text.contains("\\u{1b}[2J"), "{extra:?}: {text}");
    }
    let teams = file("escape-teams.trf", &fixture("trf/fideteam_nocolor.trf").replace("Team 1", "\u{1b}[2J\u{7}T"));
    let o = run(&["tiebreaks", &teams, "--teams"], b"");
    assert!(o.status.success(), "{}", err(&o));
    assert!(!out(&o).contains(['\u{1b}', '\u{7}']), "{:?}", out(&o));
    assert!(out(&o).contains("\\u{1b}[2J\\u{7}T"), "{}", out(&o));
}
