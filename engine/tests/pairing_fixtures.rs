//! The reference pairings for the FIDE Dutch system (handbook C.04.3, with the general
//! handling rules C.04.2 and the basic rules C.04.1; issue 21), read by the engine's own TRF
//! reader before any pairing engine exists.
//!
//! Fixtures, under `tests/data/pairing/` (origin, commands and seeds in each folder's
//! `SOURCE.txt`):
//! * `bbp/`: 54 tournaments paired by bbpPairings 6.0.0 (`FIDE_DUTCH_2025`), 40 from its
//!   generator and 14 made round by round with late entries and withdrawals
//!   (`scripts/pairing-fixtures.sh`), each passed by its own checker (`-c`) and by
//!   TieBreakServer's `pairingchecker.py -c`; each with its boards (`FILE.boards.tsv`: every
//!   round as bbpPairings pairs it from the rounds before, in its board order);
//! * `cases/`: small hand-written tournaments of the classic corner cases, with the next round
//!   as bbpPairings pairs it.
//!
//! Each folder's `manifest.tsv` says, per file, what the file must hold (players, rounds, and
//! where given the planned rounds, the byes and the forfeits). This test checks that every
//! committed file reads without error and holds exactly that, so that the fixtures the pairing
//! engine will be tested on are known to reach it intact (CR-only line ends, `0000 - U`
//! pairing-allocated byes, requested byes of a round not yet paired).

use ratings_engine::parse::trf::parse_trf;
use ratings_engine::tournament::{Colour, RoundResult, Tournament};
use std::collections::{BTreeSet, HashMap};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pairing");

/// One manifest row: the file and its named columns.
struct Row {
    file: String,
    columns: HashMap<String, String>,
}

impl Row {
    /// A column as a count; `None` when the manifest has no such column.
    fn count(&self, name: &str) -> Option<usize> {
        let v = self.columns.get(name)?;
        Some(v.parse().unwrap_or_else(|_| panic!("{}: column {name} is {v:?}, expected a count", self.file)))
    }
}

/// The rows of `folder/manifest.tsv` (a header line naming the columns, `file` first).
fn manifest(folder: &str) -> Vec<Row> {
    let path = format!("{folder}/manifest.tsv");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut lines = text.lines().filter(|l| !l.trim().is_empty());
    let header: Vec<&str> = lines.next().expect("manifest header").split('\t').collect();
    assert_eq!(header[0], "file", "{path}: the first column must be 'file'");
    lines
        .map(|l| {
            let cells: Vec<&str> = l.split('\t').collect();
            assert_eq!(cells.len(), header.len(), "{path}: {l:?} has {} cells, expected {}", cells.len(), header.len());
            let columns = header.iter().zip(&cells).map(|(h, c)| (h.to_string(), c.to_string())).collect();
            Row { file: cells[0].to_string(), columns }
        })
        .collect()
}

/// How many round cells across all players hold a result of `kind`.
fn cells(t: &Tournament, kind: impl Fn(RoundResult, bool) -> bool) -> usize {
    t.entrants.iter().flat_map(|e| &e.rounds).filter(|r| kind(r.result, r.opponent.is_some())).count()
}

/// Reads one file and returns how it differs from its manifest row (empty: it matches).
fn check(folder: &str, row: &Row) -> Vec<String> {
    let path = format!("{folder}/{}", row.file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let t = match parse_trf(&text) {
        Ok((t, warnings)) => {
            // Not a failure (the reader's warnings are its own business), but worth seeing.
            for w in warnings.iter().take(3) {
                eprintln!("{folder}/{}: warning line {}: {}", row.file, w.line, w.message);
            }
            t
        }
        Err(e) => return vec![format!("{folder}/{}: the TRF reader refuses it: {e}", row.file)],
    };
    let longest = t.entrants.iter().map(|e| e.rounds.len()).max().unwrap_or(0);
    let forfeits = cells(&t, |r, paired| paired && matches!(r, RoundResult::ForfeitWin | RoundResult::ForfeitLoss));
    let found = [
        ("players", Some(t.entrants.len())),
        ("rounds", Some(longest)),
        ("planned", Some(t.rounds)),
        ("half_byes", Some(cells(&t, |r, _| r == RoundResult::HalfBye))),
        ("zero_byes", Some(cells(&t, |r, _| r == RoundResult::ZeroBye))),
        ("pab", Some(cells(&t, |r, _| r == RoundResult::PairingBye))),
        // Both sides of a forfeited game carry a forfeit result.
        ("forfeits", Some(forfeits / 2)),
    ];
    let mut wrong = Vec::new();
    if let Some(expected) = row.columns.get("expected") {
        wrong.extend(check_expected(folder, expected, t.entrants.len()));
    }
    let boards = format!("{}.boards.tsv", path.trim_end_matches(".trf"));
    if std::path::Path::new(&boards).exists() {
        wrong.extend(check_boards(&boards, &t));
    }
    for (name, got) in found {
        // Files without a planned count hold all their rounds: planned = rounds.
        let want = row.count(name).or_else(|| (name == "planned").then(|| row.count("rounds")).flatten());
        if let (Some(want), Some(got)) = (want, got) {
            if want != got {
                wrong.push(format!("{folder}/{}: {name} {got}, the manifest says {want}", row.file));
            }
        }
    }
    wrong
}

/// An expected next round as bbpPairings's `-p` writes it: the number of pairs, then one
/// `white black` line a pair (`player 0`: the pairing-allocated bye); or a `.error` file.
fn check_expected(folder: &str, file: &str, players: usize) -> Vec<String> {
    let path = format!("{folder}/{file}");
    let Ok(text) = std::fs::read_to_string(&path) else { return vec![format!("{path}: missing")] };
    if file.ends_with(".error") {
        return match text.contains("No valid pairing") {
            true => Vec::new(),
            false => vec![format!("{path}: expected bbpPairings's 'No valid pairing' message")],
        };
    }
    let mut lines = text.lines();
    let count: usize = lines.next().and_then(|l| l.trim().parse().ok()).unwrap_or(usize::MAX);
    let pairs: Vec<Vec<usize>> = lines.map(|l| l.split_whitespace().filter_map(|n| n.parse().ok()).collect()).collect();
    let mut seen = vec![false; players + 1];
    let mut wrong = Vec::new();
    if count != pairs.len() {
        wrong.push(format!("{path}: declares {count} pairs, lists {}", pairs.len()));
    }
    for p in &pairs {
        let ok = p.len() == 2 && p[0] >= 1 && p[0] <= players && p[1] <= players && p[0] != p[1];
        // A player in two pairs would be paired twice in the round.
        if !ok || p.iter().filter(|&&n| n > 0).any(|&n| std::mem::replace(&mut seen[n], true)) {
            wrong.push(format!("{path}: pair {p:?} is not two distinct players of 1-{players} (or a player and 0)"));
        }
    }
    wrong
}

/// Round `r`'s pairs as the file records them: (white, black) start numbers, (player, 0) for
/// the pairing-allocated bye.
fn file_pairs(t: &Tournament, r: usize) -> BTreeSet<(u32, u32)> {
    let mut pairs = BTreeSet::new();
    for e in &t.entrants {
        let Some(entry) = e.rounds.get(r - 1) else { continue };
        match (entry.opponent, entry.colour) {
            (Some(o), Some(Colour::White)) => _ = pairs.insert((e.start, t.entrants[o].start)),
            (None, _) if entry.result == RoundResult::PairingBye => _ = pairs.insert((e.start, 0)),
            _ => {}
        }
    }
    pairs
}

/// A `.boards.tsv` (round, board, white, black: each round as bbpPairings pairs it, in its
/// board order): boards numbered 1, 2, ... in each round, and each round's pairs, colours and
/// bye exactly the file's.
fn check_boards(path: &str, t: &Tournament) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut rounds: Vec<Vec<(u32, u32)>> = vec![Vec::new(); t.entrants.iter().map(|e| e.rounds.len()).max().unwrap_or(0)];
    let mut wrong = Vec::new();
    for (n, line) in text.lines().enumerate().skip(1) {
        let v: Vec<u32> = line.split('\t').filter_map(|c| c.parse().ok()).collect();
        let fits = v.len() == 4 && v[0] >= 1 && rounds.get(v[0] as usize - 1).is_some_and(|b| b.len() + 1 == v[1] as usize);
        match fits {
            true => rounds[v[0] as usize - 1].push((v[2], v[3])),
            false => wrong.push(format!("{path}:{}: {line:?}: expected round, the next board, white, black", n + 1)),
        }
    }
    for (i, boards) in rounds.iter().enumerate() {
        let listed: BTreeSet<(u32, u32)> = boards.iter().copied().collect();
        if listed.len() != boards.len() || listed != file_pairs(t, i + 1) {
            wrong.push(format!("{path}: round {}: the boards are not the file's pairs", i + 1));
        }
    }
    wrong
}

/// Every file of a folder as its manifest says, and every `.trf` of the folder in the manifest.
fn check_folder(folder: &str, at_least: usize) {
    let rows = manifest(folder);
    assert!(rows.len() >= at_least, "{folder}: {} manifest rows, expected at least {at_least}", rows.len());
    let listed: Vec<&str> = rows.iter().map(|r| r.file.as_str()).collect();
    for entry in std::fs::read_dir(folder).unwrap_or_else(|e| panic!("{folder}: {e}")) {
        let name = entry.expect("directory entry").file_name().to_string_lossy().into_owned();
        let is_input = name.ends_with(".trf") && !name.ends_with(".expected.trf");
        assert!(!is_input || listed.contains(&name.as_str()), "{folder}/{name} is not in manifest.tsv");
    }
    let wrong: Vec<String> = rows.iter().flat_map(|row| check(folder, row)).collect();
    assert!(wrong.is_empty(), "{} of {} files differ:\n{}", wrong.len(), rows.len(), wrong.join("\n"));
}

#[test]
fn bbp_generated_tournaments_read_as_their_manifest_says() {
    check_folder(&format!("{DATA}/bbp"), 54);
}

#[test]
fn corner_cases_read_as_their_manifest_says() {
    check_folder(&format!("{DATA}/cases"), 6);
}

/// The benchmark set (not committed: ≥ 1,000 tournaments, see `bbp/SOURCE.txt`), made by
/// `scripts/pairing-fixtures.sh` into a directory named by `PAIRING_BENCH`.
#[test]
#[ignore = "needs the generated benchmark set: PAIRING_BENCH=/tmp/bbp-1000 (see bbp/SOURCE.txt)"]
fn benchmark_set_reads_as_its_manifest_says() {
    let dir = std::env::var("PAIRING_BENCH").expect("PAIRING_BENCH: the directory the script wrote");
    check_folder(&dir, 1);
}
