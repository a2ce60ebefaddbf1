//! The validation harness's comparison (issue 38; `scripts/validate-pairings.sh` makes the
//! files and calls it): every round of every TRF in the directories given is re-paired by the
//! engine from the rounds before it, in this one process (a process per file would cost more
//! than the pairing), and compared with the file's round: pairs and colours counted apart,
//! the pairing-allocated bye, and both the file's round and ours checked for legality against
//! the file's records alone (`tests/common/round_check.rs`; the file's round by the checker's
//! `pairing::legal` too).
//!
//! `cargo run --release -p ratings-engine --example validate_pairings -- AXIS KEEP DIR...`
//! prints one tab-separated line of counts for the axis (the header with `--header`), and
//! copies each tournament with a round that differs, is illegal or does not pair into KEEP,
//! naming the round in `KEEP/rounds.tsv`.
//!
//! `validate_pairings --trf16 FROM TO` writes each TRF-2026 file of FROM into TO as TRF-16 for
//! bbpPairings (the desk's export, `desk::export`: `142` as `XXR`, `152` as `XXC`, `260` as
//! `XXP`, Baku's `192` as `XXA`), with the whole `162` point system as bbpPairings's `BB*`
//! records (the export writes the win and the draw only; a PAB worth less than a win matters).

#[allow(dead_code)]
#[path = "../tests/common/round_check.rs"]
mod round_check;

use ratings_engine::pairing::dutch::check::last_paired_round;
use ratings_engine::pairing::dutch::{pair_round, PairOptions};
use ratings_engine::parse::trf::parse_trf;
use round_check::{illegal, Agreement, Round};
use std::io::Write;
use std::path::{Path, PathBuf};

const HEADER: &str = "axis\ttournaments\trounds\tpairs\tpairs_agreeing\tcolours\tcolours_agreeing\tbyes\tbyes_agreeing\t\
illegal_ours\tillegal_file\tunpaired\tdisagreeing_rounds\tunreadable\tseconds";

/// The counts of an axis (`HEADER`'s columns).
#[derive(Default)]
struct Tally {
    tournaments: usize,
    rounds: usize,
    agreement: Agreement,
    illegal_ours: usize,
    illegal_file: usize,
    /// Rounds the engine could not pair (an error) where the file has a pairing.
    unpaired: usize,
    disagreeing: usize,
    unreadable: usize,
}

impl Tally {
    fn add(&mut self, a: Agreement) {
        let t = &mut self.agreement;
        t.pairs += a.pairs;
        t.pairs_agreeing += a.pairs_agreeing;
        t.colours += a.colours;
        t.colours_agreeing += a.colours_agreeing;
        t.byes += a.byes;
        t.byes_agreeing += a.byes_agreeing;
    }
}

/// The `.trf` files of a directory, sorted by name.
fn trf_files(dir: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "trf"))
        .collect();
    files.sort();
    files
}

/// Every round of one file into the tally; the rounds that differ, in words.
fn tournament(path: &Path, tally: &mut Tally) -> Vec<String> {
    let Ok((t, _)) = std::fs::read_to_string(path).map_err(|e| e.to_string()).and_then(|s| parse_trf(&s).map_err(|e| e.to_string())) else {
        tally.unreadable += 1;
        return vec!["0\tunreadable".into()];
    };
    tally.tournaments += 1;
    let mut notes = Vec::new();
    for r in 1..=last_paired_round(&t) {
        tally.rounds += 1;
        let file = Round::of_file(&t, r);
        // The harness's own check and the checker's (`pairing::legal`, written apart from it):
        // a fault either finds counts, named by which found it.
        let mut file_illegal = illegal(&t, r, &file);
        file_illegal.extend(ratings_engine::pairing::legal::illegal(&t, r).iter().map(|i| format!("pairing::legal: {}", i.words())));
        if !file_illegal.is_empty() {
            tally.illegal_file += 1;
            notes.push(format!("{r}\tthe file's round is illegal: {}", file_illegal.join("; ")));
        }
        let ours = match pair_round(&t, r, &PairOptions::default()) {
            Ok(p) => Round::ours(&p),
            Err(e) => {
                tally.unpaired += 1;
                notes.push(format!("{r}\tthe engine does not pair it: {e}"));
                continue;
            }
        };
        let ours_illegal = illegal(&t, r, &ours);
        if !ours_illegal.is_empty() {
            tally.illegal_ours += 1;
            notes.push(format!("{r}\tthe engine's round is illegal: {}", ours_illegal.join("; ")));
        }
        let a = Agreement::of(&ours, &file);
        tally.add(a);
        if !a.identical(&ours) {
            tally.disagreeing += 1;
            notes.push(format!("{r}\tdiffers: ours {:?} bye {:?}; file {:?} bye {:?}", sorted(&ours), ours.bye, sorted(&file), file.bye));
        }
    }
    notes
}

fn sorted(r: &Round) -> Vec<(u32, u32)> {
    let mut b = r.boards.clone();
    b.sort();
    b
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().is_some_and(|a| a == "--header") {
        println!("{HEADER}");
        return;
    }
    if let [flag, from, to] = args.as_slice().get(..3).unwrap_or(&[]) {
        if flag == "--trf16" {
            trf16(from, to);
            return;
        }
    }
    let [axis, keep, dirs @ ..] = args.as_slice() else {
        eprintln!("usage: validate_pairings AXIS KEEP DIR... | validate_pairings --header | validate_pairings --trf16 FROM TO");
        std::process::exit(2);
    };
    let start = std::time::Instant::now();
    let mut tally = Tally::default();
    let mut kept = Vec::new();
    for path in dirs.iter().flat_map(|d| trf_files(d)) {
        let notes = tournament(&path, &mut tally);
        if !notes.is_empty() {
            kept.push((path, notes));
        }
    }
    keep_files(keep, axis, &kept);
    let a = tally.agreement;
    println!(
        "{axis}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{:.1}",
        tally.tournaments,
        tally.rounds,
        a.pairs,
        a.pairs_agreeing,
        a.colours,
        a.colours_agreeing,
        a.byes,
        a.byes_agreeing,
        tally.illegal_ours,
        tally.illegal_file,
        tally.unpaired,
        tally.disagreeing,
        tally.unreadable,
        start.elapsed().as_secs_f64()
    );
}

/// Each kept tournament copied into `keep`, its rounds listed in `keep/rounds.tsv` (axis,
/// file, round, what).
fn keep_files(keep: &str, axis: &str, kept: &[(PathBuf, Vec<String>)]) {
    if kept.is_empty() {
        return;
    }
    std::fs::create_dir_all(keep).unwrap_or_else(|e| panic!("{keep}: {e}"));
    let list = format!("{keep}/rounds.tsv");
    let mut out = std::fs::OpenOptions::new().create(true).append(true).open(&list).unwrap_or_else(|e| panic!("{list}: {e}"));
    for (path, notes) in kept {
        let name = path.file_name().expect("a file name").to_string_lossy();
        std::fs::copy(path, format!("{keep}/{name}")).unwrap_or_else(|e| panic!("{name}: {e}"));
        for note in notes {
            writeln!(out, "{axis}\t{name}\t{note}").expect("rounds.tsv written");
        }
    }
}

/// Every `.trf` of `from` as TRF-16 into `to` (the harness's axis of our own generator's files,
/// checked by bbpPairings -c).
fn trf16(from: &str, to: &str) {
    std::fs::create_dir_all(to).unwrap_or_else(|e| panic!("{to}: {e}"));
    for path in trf_files(from) {
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let mut out = ratings_engine::desk::export::export(&text, ratings_engine::desk::export::TrfVersion::Trf16);
        if let Some(points) = text.lines().find(|l| l.starts_with("162 ")) {
            let words: Vec<&str> = points[4..].split_whitespace().collect();
            let of = |code: &str| words.windows(2).find(|w| w[0] == code).map(|w| w[1]);
            // bbpPairings's loss, zero-point bye, forfeit loss and PAB points (A: an absence, a
            // zero-point bye or a forfeit loss in TRF-2026).
            for (record, code) in [("BBL", "L"), ("BBZ", "A"), ("BBF", "A"), ("BBU", "P")] {
                if let Some(v) = of(code) {
                    out.push_str(&format!("{record} {v:>4}\n"));
                }
            }
        }
        let name = path.file_name().expect("a file name");
        std::fs::write(std::path::Path::new(to).join(name), out).unwrap_or_else(|e| panic!("{to}: {e}"));
    }
}
