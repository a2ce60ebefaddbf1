//! The FIDE Dutch system (FIDE Handbook C.04.3 as applied from 1 February 2026, chapter
//! C0403202602; `ratings_engine::pairing::dutch`) against bbpPairings 6.0.0's pairings
//! (`FIDE_DUTCH_2025`): every round of every committed fixture (`tests/data/pairing/bbp/`,
//! each round's boards in `FILE.boards.tsv`) and the corner cases (`cases/`, the next round
//! in `FILE.pairs`) is paired from the rounds before it and compared board by board (pairs,
//! colours, board order, the bye).
//!
//! The engine is a first cut: not every round matches yet. The test prints how many rounds
//! are identical and the first differences, and asserts only what holds: the count does not
//! fall below `IDENTICAL_AT_LEAST` (raise it as the engine improves; never lower it to hide a
//! regression). `docs/pairing.md` §11 lists the sets and what each run found.

use ratings_engine::pairing::dutch::{pair_round, PairOptions, Pairing};
use ratings_engine::parse::trf::parse_trf;
use std::collections::BTreeMap;

#[allow(dead_code)]
#[path = "common/round_check.rs"]
mod round_check;

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pairing");

/// Rounds of the committed fixtures (bbp/ and cases/) paired exactly as bbpPairings did.
const IDENTICAL_AT_LEAST: usize = 249;

/// A round as bbpPairings paired it: boards (white, black) in order, then the bye.
type Expected = (Vec<(u32, u32)>, Option<u32>);

fn ours(p: &Pairing) -> Expected {
    (p.boards.iter().map(|b| (b.white, b.black)).collect(), p.bye)
}

/// `(white, black)` lines, `black = 0` for the bye, into an `Expected`.
fn expected(lines: impl Iterator<Item = (u32, u32)>) -> Expected {
    let (mut boards, mut bye) = (Vec::new(), None);
    for (w, b) in lines {
        match b {
            0 => bye = Some(w),
            _ => boards.push((w, b)),
        }
    }
    (boards, bye)
}

/// A `.boards.tsv`: each round's expected pairing.
fn boards_file(path: &str) -> BTreeMap<usize, Expected> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut by_round: BTreeMap<usize, Vec<(u32, u32)>> = BTreeMap::new();
    for line in text.lines().skip(1) {
        let v: Vec<u32> = line.split('\t').filter_map(|c| c.parse().ok()).collect();
        by_round.entry(v[0] as usize).or_default().push((v[2], v[3]));
    }
    by_round.into_iter().map(|(r, l)| (r, expected(l.into_iter()))).collect()
}

/// The first board that differs, in words.
fn difference(got: &Expected, want: &Expected) -> String {
    if let Some(k) = (0..got.0.len().max(want.0.len())).find(|&k| got.0.get(k) != want.0.get(k)) {
        return format!("board {}: ours {:?}, bbpPairings {:?}", k + 1, got.0.get(k), want.0.get(k));
    }
    format!("bye: ours {:?}, bbpPairings {:?}", got.1, want.1)
}

/// Tallies of a folder: rounds compared, identical, and the differences in words.
#[derive(Default)]
struct Tally {
    rounds: usize,
    identical: usize,
    differences: Vec<String>,
}

impl Tally {
    fn compare(&mut self, name: &str, round: usize, got: Result<Pairing, String>, want: &Expected) {
        self.rounds += 1;
        match got {
            Ok(p) if ours(&p) == *want => self.identical += 1,
            Ok(p) => self.differences.push(format!("{name} round {round}: {}", difference(&ours(&p), want))),
            Err(e) => self.differences.push(format!("{name} round {round}: error {e}")),
        }
    }
}

/// Every round of every tournament of a folder with `.boards.tsv` files.
fn folder(dir: &str, players: std::ops::RangeInclusive<usize>, tally: &mut Tally) {
    folder_of(dir, "", players, tally)
}

/// [`folder`], only the files whose names start with `prefix`.
fn folder_of(dir: &str, prefix: &str, players: std::ops::RangeInclusive<usize>, tally: &mut Tally) {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".boards.tsv") && n.starts_with(prefix))
        .collect();
    names.sort();
    for name in names {
        let stem = name.trim_end_matches(".boards.tsv");
        let text = std::fs::read_to_string(format!("{dir}/{stem}.trf")).expect("the tournament of a boards file");
        let (t, _) = parse_trf(&text).unwrap_or_else(|e| panic!("{stem}: {e}"));
        if !players.contains(&t.entrants.len()) {
            continue;
        }
        for (round, want) in boards_file(&format!("{dir}/{name}")) {
            let got = pair_round(&t, round, &PairOptions::default()).map_err(|e| e.to_string());
            tally.compare(stem, round, got, &fide_board_order(&t, round, want));
        }
    }
}

/// bbpPairings's boards in FIDE's board order when the round has virtual points: bbpPairings
/// orders the boards of an accelerated round by the real scores; C.04.2's order on the pairing
/// scores (real + virtual points, as FIDE's 2026 checklist for tournament programs asks, Q188)
/// is what the engine follows, so bbpPairings's boards (its pairs, colours and bye) are put in
/// that order here. A round without virtual points is left as bbpPairings ordered it.
fn fide_board_order(t: &ratings_engine::tournament::Tournament, round: usize, mut want: Expected) -> Expected {
    let Some(a) = t.acceleration.as_ref().filter(|a| t.entrants.iter().any(|e| a.points(e.start, round) != 0.0)) else { return want };
    let score = |start: u32| {
        let e = t.entrants.iter().find(|e| e.start == start).expect("a player of the file");
        ((e.points_in(&t.point_system, round - 1) + a.points(start, round)) * 10.0).round() as i64
    };
    let mut order: Vec<u32> = t.entrants.iter().map(|e| e.start).collect();
    order.sort_by_key(|&s| (std::cmp::Reverse(score(s)), s));
    let rank = |s: u32| order.iter().position(|&x| x == s).expect("ranked");
    want.0.sort_by_key(|&(w, b)| ratings_engine::pairing::dutch::board_key(score(w), score(b), rank(w), rank(b)));
    want
}

/// The corner cases: each file's next round against its `.pairs`.
fn cases(tally: &mut Tally) {
    let dir = format!("{DATA}/cases");
    let manifest = std::fs::read_to_string(format!("{dir}/manifest.tsv")).expect("cases manifest");
    for line in manifest.lines().skip(1) {
        let cells: Vec<&str> = line.split('\t').collect();
        let (file, round, pairs) = (cells[0], cells[4].parse::<usize>().expect("pair_round"), cells[8]);
        let (t, _) = parse_trf(&std::fs::read_to_string(format!("{dir}/{file}")).expect("case")).expect("case reads");
        let got = pair_round(&t, round, &PairOptions::default()).map_err(|e| e.to_string());
        if pairs.ends_with(".error") {
            tally.rounds += 1;
            match got {
                Err(_) => tally.identical += 1,
                Ok(_) => tally.differences.push(format!("{file}: paired, bbpPairings finds no valid pairing")),
            }
            continue;
        }
        let text = std::fs::read_to_string(format!("{dir}/{pairs}")).expect("pairs");
        let want = expected(text.lines().skip(1).map(|l| {
            let v: Vec<u32> = l.split_whitespace().filter_map(|x| x.parse().ok()).collect();
            (v[0], v[1])
        }));
        tally.compare(file, round, got, &want);
    }
}

fn report(what: &str, tally: &Tally) {
    eprintln!("{what}: {} of {} rounds identical to bbpPairings", tally.identical, tally.rounds);
    for d in tally.differences.iter().take(25) {
        eprintln!("  {d}");
    }
}

/// Rounds of all committed fixtures (the large ones too) paired exactly as bbpPairings did.
const ALL_IDENTICAL_AT_LEAST: usize = 436;

/// The players of the largest fixture the default run pairs: the first cut re-solves each
/// bracket from scratch, too slow for the 100–160-player files in a debug build (they run in
/// `all_fixtures_paired_as_bbppairings_pairs_them`).
const DEFAULT_MOST_PLAYERS: usize = 60;

#[test]
fn fixtures_paired_as_bbppairings_pairs_them() {
    let mut tally = Tally::default();
    folder(&format!("{DATA}/bbp"), 0..=DEFAULT_MOST_PLAYERS, &mut tally);
    cases(&mut tally);
    report("committed fixtures", &tally);
    assert!(
        tally.identical >= IDENTICAL_AT_LEAST,
        "{} rounds identical, fewer than the {IDENTICAL_AT_LEAST} reached before",
        tally.identical
    );
}

/// The records of a real event's file (issue 35), each kind in tournaments bbpPairings paired
/// round by round with them (`extras/SOURCE.txt`): FIDE's Baku points as `XXA`, random `XXA`,
/// TRF-2026 `250`, players who must not meet (`260`, `XXP`), the initial colour given
/// (`152 B`, `XXC black1`), and all of them together. Every round identical.
#[test]
fn extras_paired_as_bbppairings_pairs_them() {
    for kind in ["baku", "xxa", "250", "forbidden", "black", "all"] {
        let mut tally = Tally::default();
        folder_of(&format!("{DATA}/extras"), &format!("{kind}-"), 0..=usize::MAX, &mut tally);
        report(&format!("extras: {kind}"), &tally);
        assert!(tally.rounds >= 40, "{kind}: {} rounds compared", tally.rounds);
        assert_eq!(tally.identical, tally.rounds, "{kind}: {:?}", tally.differences);
    }
}

/// A pairing-allocated bye worth nothing (3-1-0 scoring, `162 … P 0.0`): C.04.3 (2026)
/// 1.4.3 gives "a downfloat … to any player who receives a pairing-allocated bye", whatever it
/// is worth; bbpPairings counts one only when the bye scores more than a loss. The engine
/// follows the text: the rounds where the difference decides the pairing differ, the others
/// are identical (the rounds listed are the ones a downfloat of the bye's receiver changes).
#[test]
fn a_bye_worth_nothing_is_a_downfloat_as_c0403_1_4_3_says() {
    let mut tally = Tally::default();
    folder_of(&format!("{DATA}/extras"), "pab0-", 0..=usize::MAX, &mut tally);
    report("extras: pab0", &tally);
    assert!(tally.rounds >= 20, "{} rounds compared", tally.rounds);
    let differ: Vec<&str> = tally.differences.iter().map(|d| d.split(':').next().unwrap_or("")).collect();
    assert_eq!(differ, PAB0_DIFFER, "{:?}", tally.differences);
}

/// The pab0 rounds where 1.4.3's downfloat for a bye worth nothing changes the pairing.
/// In each, a player who had the bye (worth nothing) one or two rounds before is paired
/// otherwise: 9 (bye in round 1) in pab0-470002's round 3, for example.
const PAB0_DIFFER: &[&str] =
    &["pab0-470002-p9-r6 round 3", "pab0-470085-p15-r9 round 7", "pab0-470104-p13-r8 round 3", "pab0-470173-p31-r11 round 7"];

/// Every committed fixture, the large ones too (release build: `cargo test --release -p
/// ratings-engine --test pairing_dutch -- --ignored`).
#[test]
#[ignore = "minutes in a debug build; run with --release"]
fn all_fixtures_paired_as_bbppairings_pairs_them() {
    let mut tally = Tally::default();
    folder(&format!("{DATA}/bbp"), 0..=usize::MAX, &mut tally);
    cases(&mut tally);
    report("all committed fixtures", &tally);
    assert!(
        tally.identical >= ALL_IDENTICAL_AT_LEAST,
        "{} rounds identical, fewer than the {ALL_IDENTICAL_AT_LEAST} reached before",
        tally.identical
    );
}

/// The validation sample's large axis (`sample/large/`: 60-150 players, made by bbpPairings's
/// generator, `sample/SOURCE.txt`), too slow for the debug run that checks the other axes
/// (`pairing_sample.rs`): every round identical to the file (pairs, colours, bye) and legal.
#[test]
#[ignore = "seconds in a release build, minutes in a debug one; run with --release"]
fn all_fixtures_large_sample_paired_as_bbppairings_pairs_it() {
    let dir = format!("{DATA}/sample/large");
    let mut files: Vec<String> =
        std::fs::read_dir(&dir).expect("sample/large").map(|e| e.expect("entry").path().display().to_string()).collect();
    files.retain(|f| f.ends_with(".trf"));
    let (mut rounds, mut wrong) = (0, Vec::new());
    for f in &files {
        let (n, w) = round_check::check_file(f);
        rounds += n;
        wrong.extend(w);
    }
    eprintln!("sample large: {} files, {rounds} rounds, {} wrong", files.len(), wrong.len());
    assert!(files.len() >= 2 && rounds >= 10, "{} files, {rounds} rounds", files.len());
    assert!(wrong.is_empty(), "{wrong:#?}");
}

/// The benchmark set (not committed; `bbp/SOURCE.txt`): `PAIRING_BENCH` names its
/// directories (`:`-separated), `PAIRING_BENCH_MIN_PLAYERS` and `PAIRING_BENCH_MAX_PLAYERS`
/// optionally skip smaller and larger files:
/// `PAIRING_BENCH=/tmp/bbp-1000:/tmp/bbp-entries cargo test --release -p ratings-engine
/// --test pairing_dutch -- --ignored --nocapture benchmark`.
#[test]
#[ignore = "needs the generated benchmark set in PAIRING_BENCH"]
fn benchmark_set_paired_as_bbppairings_pairs_it() {
    let dirs = std::env::var("PAIRING_BENCH").expect("PAIRING_BENCH: the benchmark directories");
    let limit = |name: &str, default: usize| std::env::var(name).ok().and_then(|m| m.parse().ok()).unwrap_or(default);
    let (least, most) = (limit("PAIRING_BENCH_MIN_PLAYERS", 0), limit("PAIRING_BENCH_MAX_PLAYERS", usize::MAX));
    for dir in dirs.split(':') {
        let mut tally = Tally::default();
        folder(dir, least..=most, &mut tally);
        report(&format!("{dir} (files of {least} to {most} players)"), &tally);
    }
}

/// A real Baku-accelerated open (`open_gros_2010_after_round4.trf`, 52 players, 4 rounds of 9,
/// 52 `XXA` records; GPL-3 data kept in `../shared`, so skipped, saying so, when absent): every
/// round re-paired from the rounds before it with the file's virtual points. None equals the
/// file, and round 1 shows why: the file pairs the whole field as one group (1-26, 27-2, 3-29,
/// …), as if no virtual point had been given, although its `XXA` records give group A (1-26) a
/// point in round 1; the event was paired in 2010 by another program under the rules of then.
/// What the engine makes of it is stated here and in `docs/pairing.md` §11.
#[test]
fn a_real_accelerated_open_is_checked_round_by_round() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/data/competichess_trf_real/open_gros_2010_after_round4.trf");
    let Ok(text) = std::fs::read_to_string(path) else {
        eprintln!("skipped: {path} is not here (GPL-3 data, kept outside the repository)");
        return;
    };
    let (t, _) = parse_trf(&text).expect("the file reads");
    assert_eq!(t.acceleration.as_ref().map(|a| a.by_start.len()), Some(26));
    let checks = ratings_engine::pairing::dutch::check::check_rounds(&t, &PairOptions::default()).expect("every round pairs");
    let identical: Vec<usize> = checks.iter().filter(|c| c.identical()).map(|c| c.round).collect();
    assert_eq!((checks.len(), identical), (4, vec![]));
    // Round 1 paired by the engine: group A (1-26) among themselves, 1 against 14.
    let one = &checks[0].ours;
    assert!(one.boards.iter().any(|b| (b.white.min(b.black), b.white.max(b.black)) == (1, 14)), "{:?}", one.boards);
    let (games, _) = ratings_engine::pairing::dutch::check::file_round(&t, 1);
    assert!(games.iter().any(|g| (g.white, g.black) == (1, 26)), "the file: 1 against 26");
}
