//! The parallel CSV import (`parse::parallel`, issue 24) reads what the one-thread reader
//! reads, exactly: the same players in the same order, the same games with the same lines,
//! the same warnings and errors (at most `MAX_PROBLEMS` listed, the rest counted), on every
//! CSV file the tests hold and on generated files with every kind of line cut at random.

use ratings_engine::error::MAX_PROBLEMS;
use ratings_engine::parse::parallel::{parse_csv_cut, parse_csv_parallel, PARALLEL_BYTES};
use ratings_engine::parse::{parse_csv, BadLines, CsvOptions};
use std::path::Path;

mod common;
use common::Rng;

fn options(bad_lines: BadLines) -> CsvOptions {
    CsvOptions { bad_lines, ..CsvOptions::default() }
}

/// `text` read in parts cut at `cuts` gives what it gives read whole, either way of bad lines.
fn assert_same(text: &str, cuts: &[usize], what: &str) {
    for bad_lines in [BadLines::Fail, BadLines::Skip] {
        let whole = parse_csv(text, &options(bad_lines));
        let parts = parse_csv_cut(text, &options(bad_lines), cuts);
        if parts != whole {
            let show = |r: &Result<ratings_engine::parse::Parsed, ratings_engine::error::ParseErrors>| match r {
                Ok(p) => format!(
                    "ok {} games, {} players, warnings {:?}",
                    p.dataset.games.len(),
                    p.dataset.players.len(),
                    p.warnings.iter().rev().take(3).collect::<Vec<_>>()
                ),
                Err(e) => format!("{} errors: first {:?} last {:?}", e.0.len(), e.0.first(), e.0.iter().rev().take(3).collect::<Vec<_>>()),
            };
            panic!("{what}, cut at {cuts:?}, {bad_lines:?}: the parts read differently:\n whole {}\n parts {}", show(&whole), show(&parts));
        }
    }
}

fn csv_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            csv_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "csv") {
            out.push(path);
        }
    }
}

#[test]
fn every_test_file_reads_the_same_in_parts() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    csv_files(&root.join("tests/data"), &mut files);
    let in_repository = files.len();
    let shared = root.join("../../shared/data");
    if shared.exists() {
        csv_files(&shared, &mut files);
    } else {
        eprintln!("the shared data folder is absent: only the repository's {in_repository} CSV files are read");
    }
    assert!(in_repository >= 3, "{in_repository} files");
    let mut read = 0;
    for f in &files {
        let Ok(text) = std::fs::read_to_string(f) else { continue };
        let n = text.len();
        for cuts in [vec![n / 2], vec![n / 3, 2 * n / 3], (1..8).map(|k| n * k / 8).collect(), vec![0, 1, n / 2, n - 1]] {
            assert_same(&text, &cuts, &f.display().to_string());
        }
        read += 1;
    }
    assert!(read >= in_repository, "{read} files read");
}

/// A games file with every kind of line a reader meets: comments (some that look like games),
/// blank lines, CRLF ends, names spelt with other case and spacing, self-play, bad results and
/// missing fields (errors), scores such as `2-0` and draws, more problems than are listed.
fn awkward_csv(rng: &mut Rng, lines: usize) -> String {
    // Sometimes a byte-order mark first, and a line too long to read somewhere.
    let bom = if rng.below(3) == 0 { "\u{feff}" } else { "" };
    let mut text = format!("{bom}# a comment before the header\nwhite,black,result\n");
    let names = ["Ann", "ann", " Ann ", "Bob  Lee", "bob lee", "Cy", "Dee", "Eve", "Fay", "Gus"];
    for _ in 0..lines {
        let (a, b) = (names[rng.below(names.len())], names[rng.below(names.len())]);
        let end = if rng.below(5) == 0 { "\r\n" } else { "\n" };
        let line = match rng.below(40) {
            0 => "# Ann,Bob,1-0".to_string(),
            1 => String::new(),
            2 => format!("{a},{b},banana"),
            3 => format!("{a},{b}"),
            4 => format!("{a},{b},2-0"),
            5 => format!("{a},{b},½-½"),
            6 => format!("#{a},{b},1-0"),
            7 if rng.below(20) == 0 => format!("{a},{},1-0", "x".repeat(ratings_engine::error::MAX_LINE_BYTES + 1)),
            _ => format!("{a},{b},{}", ["1-0", "0-1", "1/2-1/2"][rng.below(3)]),
        };
        text += &line;
        text += end;
    }
    text
}

#[test]
fn generated_files_with_every_kind_of_line_read_the_same_at_random_cuts() {
    let mut rng = Rng::new(24);
    for round in 0..60 {
        // Some files with more problems than are listed, to cut the counts of the rest.
        let lines = if round % 10 == 0 { 40 * MAX_PROBLEMS / 3 } else { 1 + rng.below(400) };
        let text = awkward_csv(&mut rng, lines);
        let parts = 1 + rng.below(6);
        let mut cuts: Vec<usize> = (0..parts).map(|_| rng.below(text.len())).collect();
        cuts.sort();
        assert_same(&text, &cuts, &format!("file {round} ({lines} lines)"));
    }
}

/// Chess results with unplayed ones among them (`0-0`, `½-0`, `0-½`: left out, each said,
/// and a player named only there not made), some past the warnings listed, and sometimes a
/// score (`2-0`), which makes the column one of scores: the parts agree on all of it.
#[test]
fn unplayed_chess_results_read_the_same_in_parts() {
    let mut rng = Rng::new(35);
    for round in 0..40 {
        let mut text = String::from("white,black,result\n");
        let lines = if round % 10 == 0 { 3 * MAX_PROBLEMS } else { 1 + rng.below(300) };
        for k in 0..lines {
            let (a, b) = (rng.below(12), 12 + rng.below(12));
            let result = match rng.below(8) {
                0 => "0-0",
                1 => "½-0",
                2 => "0-1/2",
                3 if round % 3 == 0 && rng.below(50) == 0 => "2-0",
                _ => ["1-0", "0-1", "½-½"][rng.below(3)],
            };
            // Now and then a player whose only line is an unplayed one.
            let b = if result == "0-0" && rng.below(10) == 0 { format!("Only {k}") } else { format!("P{b}") };
            text += &format!("P{a},{b},{result}\n");
        }
        if round == 10 {
            // More unplayed lines than are listed: the first listed, the rest counted.
            let read = parse_csv(&text, &options(BadLines::Fail)).unwrap();
            assert!(read.warnings[0].message.contains("among chess results"), "{:?}", read.warnings[0]);
            assert!(read.warnings.last().unwrap().message.contains("more problems like these"), "{:?}", read.warnings.last());
        }
        let parts = 1 + rng.below(6);
        let mut cuts: Vec<usize> = (0..parts).map(|_| rng.below(text.len())).collect();
        cuts.sort();
        assert_same(&text, &cuts, &format!("file {round} ({lines} lines)"));
    }
}

#[test]
fn a_large_file_is_read_on_every_core_as_on_one() {
    let mut rng = Rng::new(7);
    let mut text = String::from("white,black,result,date\n");
    while text.len() < 2 * PARALLEL_BYTES {
        let (a, b) = (rng.below(5000), rng.below(5000));
        if a != b {
            text += &format!("Player {a},Player {b},{},2024-01-{:02}\n", ["1-0", "0-1", "1/2-1/2"][rng.below(3)], 1 + rng.below(28));
        }
    }
    let whole = parse_csv(&text, &CsvOptions::default()).unwrap();
    let parallel = parse_csv_parallel(&text, &CsvOptions::default()).unwrap();
    assert!(parallel == whole, "read on every core as on one");
    assert!(whole.dataset.games.len() > 50_000);
}
