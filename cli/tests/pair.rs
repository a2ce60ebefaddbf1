//! `ratings-lab pair` (issue 21): the next round paired by the FIDE Dutch system as a pairings
//! sheet, JSON or the TRF for results; `--check` on a file as bbpPairings's `-c`; and bad input,
//! each a clear error (exit 1) or a documented outcome, never a panic. The expected pairings
//! are bbpPairings 6.0.0's (`engine/tests/data/pairing/cases/*.pairs`).

mod common;

use common::{err, fixture_path, out, run_bytes};
use ratings_engine::parse::trf::parse_trf;
use ratings_engine::tournament::{PendingRound, RoundEntry, RoundResult};
use serde_json::{json, Value};
use std::process::Output;

fn run(args: &[&str]) -> Output {
    let o = run_bytes(args, b"");
    assert!(!err(&o).contains("panicked"), "{args:?}: {}", err(&o));
    o
}

/// `pair` on `text` given on standard input.
fn run_text(text: &str, args: &[&str]) -> Output {
    let mut all = vec!["pair", "-"];
    all.extend_from_slice(args);
    let o = run_bytes(&all, text.as_bytes());
    assert!(!err(&o).contains("panicked"), "{args:?}: {}", err(&o));
    o
}

fn case(name: &str) -> String {
    fixture_path(&format!("pairing/cases/{name}"))
}

fn json_of(o: &Output) -> Value {
    assert_eq!(o.status.code(), Some(0), "{}", err(o));
    serde_json::from_str(&out(o)).unwrap_or_else(|e| panic!("{e}: {}", out(o)))
}

/// A bbpPairings `.pairs` file as `(boards (white, black) in order, the bye)`.
fn expected(name: &str) -> (Vec<(u64, u64)>, Option<u64>) {
    let text = std::fs::read_to_string(case(name)).unwrap();
    let mut boards = Vec::new();
    let mut bye = None;
    for l in text.lines().skip(1) {
        let v: Vec<u64> = l.split_whitespace().map(|x| x.parse().unwrap()).collect();
        match v[1] {
            0 => bye = Some(v[0]),
            b => boards.push((v[0], b)),
        }
    }
    (boards, bye)
}

fn boards_of(v: &Value) -> (Vec<(u64, u64)>, Option<u64>) {
    let boards = v["pairings"].as_array().unwrap().iter().map(|b| (b["white"].as_u64().unwrap(), b["black"].as_u64().unwrap())).collect();
    (boards, v["bye"].as_u64())
}

#[test]
fn the_corner_cases_are_paired_as_bbppairings_pairs_them() {
    for (name, round) in [("odd-bye-lowest", "3"), ("bye-already-had", "4"), ("withdrawn", "3"), ("late-entry", "3")] {
        let v = json_of(&run(&["pair", &case(&format!("{name}.trf")), "--round", round, "--format", "json"]));
        assert_eq!(boards_of(&v), expected(&format!("{name}.pairs")), "{name}");
        let numbers: Vec<u64> = v["pairings"].as_array().unwrap().iter().map(|b| b["board"].as_u64().unwrap()).collect();
        assert_eq!(numbers, (1..=numbers.len() as u64).collect::<Vec<_>>(), "{name}: boards numbered in order");
    }
}

#[test]
fn the_json_is_exactly_the_documented_shape() {
    let o = run(&["pair", &case("withdrawn.trf"), "--round", "3", "--format", "json"]);
    let v = json_of(&o);
    let keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(keys.len(), 6, "{keys:?}");
    assert!(out(&o).starts_with(r#"{"round":3,"pairings":[{"board":1,"white":"#), "{}", out(&o));
    assert_eq!(v["absent"], json!([3]), "player 3 withdrew (0000 - -)");
    assert_eq!(v["bye"], json!(8));
    assert_eq!(v["warnings"], json!([]));
    // --explain adds the brackets: scores in points, every player paired in some bracket.
    let v = json_of(&run(&["pair", &case("withdrawn.trf"), "--round", "3", "--format", "json", "--explain"]));
    let brackets = v["brackets"].as_array().unwrap();
    assert!(brackets[0]["score"].as_f64().unwrap() >= brackets.last().unwrap()["score"].as_f64().unwrap());
    let paired: usize = brackets.iter().map(|b| b["pairs"].as_array().unwrap().len()).sum();
    assert_eq!(paired, v["pairings"].as_array().unwrap().len());
    for b in brackets {
        for p in b["pairs"].as_array().unwrap() {
            assert!(p["higher"].is_u64() && p["lower"].is_u64() && p["passed_over"].is_array(), "{p}");
        }
    }
}

#[test]
fn the_text_is_a_pairings_sheet() {
    let o = run(&["pair", &case("odd-bye-lowest.trf"), "--round", "3"]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let text = out(&o);
    assert!(text.starts_with("Case odd-bye-lowest — round 3 pairings (FIDE Dutch system, C.04.3)\n"), "{text}");
    // Board 1: 1 (2 points) against 2 (1.5 points), white first.
    assert!(text.contains("    1  1 Player 01   2.0  2 Player 02   1.5\n"), "{text}");
    assert!(text.contains("Pairing-allocated bye: 6 Player 06 (0.0 before the round, 1.0 for the bye)"), "{text}");
    let text = out(&run(&["pair", &case("late-entry.trf"), "--round", "3"]));
    assert!(text.contains("Not paired (by request): 6 Player 06 (half-point bye)"), "{text}");
    let text = out(&run(&["pair", &case("odd-bye-lowest.trf"), "--round", "3", "--explain"]));
    assert!(text.contains("Why, bracket by bracket:\nBracket 2 points: residents 1"), "{text}");
}

#[test]
fn a_file_without_a_total_of_rounds_warns_and_pairs_the_round_as_not_the_last() {
    // absolute-colours-last-round: round 5 of 5. Without XXR (and --rounds) it is not taken for
    // the last (no topscorers): the warning says so; --rounds 5 makes it the last.
    let text = std::fs::read_to_string(case("absolute-colours-last-round.trf")).unwrap();
    let without: String = text.lines().filter(|l| !l.starts_with("XXR")).map(|l| format!("{l}\n")).collect();
    let o = run_text(&without, &["--round", "5", "--format", "json"]);
    let says = format!("{}{}", out(&o), err(&o));
    assert!(says.contains("no total number of rounds (XXR or 142) and --rounds is not given: round 5 is paired as not the last"), "{says}");
    let with = json_of(&run_text(&without, &["--round", "5", "--rounds", "5", "--format", "json"]));
    assert_eq!(boards_of(&with), expected("absolute-colours-last-round.pairs"));
    assert!(with["warnings"].as_array().unwrap().is_empty(), "{with}");
}

/// The TRF written for results reads back as the same tournament with the round paired and no
/// results, and pairs again to the same boards.
#[test]
fn the_trf_written_reads_back_with_the_round_pending_and_pairs_the_same() {
    for (name, round) in [("odd-bye-lowest", 3usize), ("late-entry", 3)] {
        let path = case(&format!("{name}.trf"));
        let r = round.to_string();
        let first = json_of(&run(&["pair", &path, "--round", &r, "--format", "json"]));
        let o = run(&["pair", &path, "--round", &r, "--format", "trf"]);
        assert_eq!(o.status.code(), Some(0), "{}", err(&o));
        let written = out(&o);
        let original = std::fs::read_to_string(&path).unwrap();
        let (before, _) = parse_trf(&original).unwrap();
        let (after, warnings) = parse_trf(&written).unwrap_or_else(|e| panic!("{e}\n{written}"));
        let (_, old_warnings) = parse_trf(&original).unwrap();
        assert_eq!(warnings.len(), old_warnings.len(), "{name}: no new warning: {warnings:?}");
        assert_eq!(after.rounds_played(), round - 1, "{name}");
        let boards = first["pairings"].as_array().unwrap().len();
        assert_eq!(after.pending_round().map(|p| p.paired), Some(2 * boards), "{name}");
        assert!(matches!(after.pending_round(), Some(PendingRound { round: r, .. }) if r == round), "{name}");
        for (b, a) in before.entrants.iter().zip(&after.entrants) {
            assert_eq!(b.rounds[..round - 1], a.rounds[..round - 1], "{name}: earlier rounds unchanged");
            let cell = a.rounds[round - 1];
            let was = b.rounds.get(round - 1).copied().unwrap_or(RoundEntry::NOT_PAIRED);
            match first["bye"].as_u64() == Some(a.start as u64) {
                true => {
                    assert_eq!(cell.result, RoundResult::PairingBye);
                    assert_eq!(a.declared_points, Some(b.declared_points.unwrap() + 1.0), "{name}: the bye's point counted");
                }
                false if was.result != RoundResult::NotPaired => assert_eq!(cell, was, "requested byes kept"),
                false => assert!(cell.opponent.is_some() && cell.colour.is_some() && cell.result == RoundResult::NotPaired, "{name}"),
            }
        }
        let again = json_of(&run_text(&written, &["--round", &r, "--format", "json"]));
        assert_eq!(boards_of(&again), boards_of(&first), "{name}");
        assert_eq!(again["absent"], first["absent"]);
        // Only the next round is written: not a round the file already holds.
        let o = run_text(&written, &["--round", &r, "--format", "trf"]);
        assert_eq!(o.status.code(), Some(1));
        assert!(err(&o).contains("already holds games of round"), "{}", err(&o));
    }
}

/// A CR-only file's lines as a list, and back.
fn cr_lines(text: &str) -> Vec<String> {
    text.split('\r').map(str::to_string).collect()
}

/// Sets the round-`round` block of start number `start` to `cell` (8 columns).
fn set_cell(lines: &mut [String], start: u32, round: usize, cell: &str) {
    let l = lines.iter_mut().find(|l| l.starts_with("001") && l[4..8].trim() == start.to_string()).unwrap();
    let at = 91 + 10 * (round - 1);
    l.replace_range(at..at + 8, cell);
}

fn cell(lines: &[String], start: u32, round: usize) -> String {
    let l = lines.iter().find(|l| l.starts_with("001") && l[4..8].trim() == start.to_string()).unwrap();
    l[91 + 10 * (round - 1)..91 + 10 * (round - 1) + 8].to_string()
}

#[test]
fn check_names_the_round_swapped_by_hand_and_its_boards() {
    let path = fixture_path("pairing/bbp/s100001-p6-r5.trf");
    let o = run(&["pair", &path, "--check"]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert!(out(&o).contains("all 5 rounds identical"), "{}", out(&o));
    // Round 3 is 1-6, 3-5, 4-2 (white first). Swap: 1-5 and 3-6, each player keeping colour
    // and result, the loser's cell the winner's complement.
    let mut lines = cr_lines(&std::fs::read_to_string(&path).unwrap());
    assert_eq!(
        [cell(&lines, 1, 3), cell(&lines, 6, 3), cell(&lines, 3, 3), cell(&lines, 5, 3)],
        ["   6 w 1", "   1 b 0", "   5 w =", "   3 b ="]
    );
    set_cell(&mut lines, 1, 3, "   5 w 1");
    set_cell(&mut lines, 5, 3, "   1 b 0");
    set_cell(&mut lines, 3, 3, "   6 w =");
    set_cell(&mut lines, 6, 3, "   3 b =");
    let swapped = lines.join("\r");
    assert!(parse_trf(&swapped).is_ok(), "the file stays valid");
    let o = run_text(&swapped, &["--check"]);
    assert_eq!(o.status.code(), Some(2), "{}", err(&o));
    let text = out(&o);
    assert!(text.contains("round 3: differs from the file\n  ours board 1: 1 - 6\n  ours board 2: 3 - 5\n"), "{text}");
    assert!(text.contains("  the file:      1 - 5\n  the file:      3 - 6\n"), "{text}");
    assert!(!text.contains("round 1:") && !text.contains("round 2:"), "{text}");
    let v: Value = serde_json::from_str(&out(&run_text(&swapped, &["--check", "--format", "json"]))).unwrap();
    assert_eq!(v["identical"], json!(false));
    assert_eq!(v["differ"][0], json!(3));
    let r3 = &v["rounds"][2];
    assert_eq!(r3["file_only"], json!([{"white": 1, "black": 5, "coloured": true}, {"white": 3, "black": 6, "coloured": true}]));
    assert_eq!(r3["ours_only"].as_array().unwrap().len(), 2);
}

fn trf_player(start: u32, points: &str, rounds: &[&str]) -> String {
    let mut l = format!("001 {start:>4}      {:<33}{:33}{points:>4} {start:>4}  ", format!("Player {start}"), "");
    for r in rounds {
        l.push_str(&format!("{r:<8}  "));
    }
    l.trim_end().to_string()
}

fn four_after_two(header: &str) -> String {
    [
        format!("012 Four\n{header}XXR 4"),
        trf_player(1, "2.0", &["   2 w 1", "   3 b 1"]),
        trf_player(2, "0.5", &["   1 b 0", "   4 w ="]),
        trf_player(3, "1.0", &["   4 w 1", "   1 w 0"]),
        trf_player(4, "0.5", &["   3 b 0", "   2 b ="]),
    ]
    .join("\n")
}

fn fails_saying(o: &Output, says: &str) {
    assert_eq!(o.status.code(), Some(1), "stdout {}", out(o));
    assert!(err(o).contains(says), "expected {says:?} in {}", err(o));
}

#[test]
fn a_round_out_of_range_or_zero_is_an_error() {
    let text = four_after_two("");
    fails_saying(&run_text(&text, &["--round", "4"]), "round 4: the file holds 2 rounds played (expected a round from 1 to 3)");
    fails_saying(&run_text(&text, &["--round", "0"]), "round 0: the file holds 2 rounds played (expected a round from 1 to 3)");
    assert_eq!(run_text(&text, &["--round", "3"]).status.code(), Some(0));
    assert_eq!(run_text(&text, &["--round", "2"]).status.code(), Some(0), "a round played may be paired again");
}

#[test]
fn a_player_paired_twice_in_a_round_is_refused_naming_the_lines() {
    // 3's round-2 opponent becomes 2, whose own record says 4 (and 4's says 2).
    let text = four_after_two("").replace("   1 w 0", "   2 w 0");
    fails_saying(
        &run_text(&text, &["--round", "3"]),
        "line 3: round 2: start number 1 is paired with 3, but 3's record (line 5) has start number 2 in that round (expected 1)",
    );
}

/// Virtual points (here `XXA`) are added to the pairing score: C.04.2's board order follows
/// real + virtual points (FIDE's checklist, Q188). Round 3 of four: 1-4 and 2-3 either way (1
/// has met 2 and 3), but 3 given 2 virtual points leads, so 2-3 is board 1.
#[test]
fn virtual_points_order_the_boards() {
    let order = |header: &str| {
        let v = json_of(&run_text(&four_after_two(header), &["--round", "3", "--format", "json"]));
        v["pairings"].as_array().unwrap().iter().map(|b| b["white"].as_u64().unwrap().min(b["black"].as_u64().unwrap())).collect::<Vec<_>>()
    };
    assert_eq!(order(""), [1, 2]);
    assert_eq!(order("XXA    3  0.0  0.0  2.0\n"), [2, 1]);
    // Virtual points for earlier rounds only do not touch round 3's scores.
    assert_eq!(order("XXA    3  2.0  2.0\n"), [1, 2]);
}

#[test]
fn no_valid_pairing_is_an_error_naming_the_cause() {
    let o = run(&["pair", &case("no-valid-pairing.trf"), "--round", "5"]);
    fails_saying(&o, "round 5: no pairing meets the absolute criteria (C.04.3 C1-C3) for players");
    assert!(out(&o).is_empty());
}

/// Every player to pair has had a pairing-allocated bye or a full-point bye (C.04.1 Art. 4,
/// C.04.3 C2): no one may take the bye, so there is no valid pairing.
#[test]
fn an_odd_round_where_every_player_had_a_bye_is_no_valid_pairing_naming_c2() {
    let text = [
        "012 Byes\nXXR 4".to_string(),
        trf_player(1, "2.0", &["0000 - F", "0000 - U"]),
        trf_player(2, "2.0", &["0000 - F", "   6 w 1"]),
        trf_player(3, "2.0", &["   4 w 1", "0000 - F"]),
        trf_player(4, "1.0", &["   3 b 0", "0000 - F"]),
        trf_player(5, "2.0", &["   6 w 1", "0000 - F"]),
        trf_player(6, "0.0", &["   5 b 0", "   2 b 0", "0000 - H"]),
    ]
    .join("\n");
    fails_saying(
        &run_text(&text, &["--round", "3"]),
        "the pairing-allocated bye: no player who can be left out may take it (C2; players 1, 2, 3, 5, 4)",
    );
}

#[test]
fn files_that_are_not_tournaments_are_clear_errors() {
    fails_saying(&run_text("white,black,result\nAnn,Bob,1-0\n", &["--round", "1"]), "expected a FIDE TRF file");
    let o = run_text("012 Empty\nXXR 5\n", &["--round", "1"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(err(&o).contains("no players") || err(&o).contains("expected a FIDE TRF file"), "{}", err(&o));
    fails_saying(&run(&["pair", "/nonexistent/file.trf", "--round", "1"]), "cannot read /nonexistent/file.trf");
    // Round 1 of a file with no game: the initial colour must be given.
    let fresh = ["012 New\nXXR 3".to_string(), trf_player(1, "", &[]), trf_player(2, "", &[]), trf_player(3, "", &[])].join("\n");
    fails_saying(&run_text(&fresh, &["--round", "1"]), "give --initial-colour white, black or lot");
    let v = json_of(&run_text(&fresh, &["--round", "1", "--initial-colour", "black", "--format", "json"]));
    assert_eq!(boards_of(&v), (vec![(2, 1)], Some(3)), "1 gets black by lot; 3, the lowest, the bye");
}

/// `--explain` on a worked example with a downfloater (bbpPairings's tournament 100001,
/// round 3, paired as bbpPairings pairs it): player 1 (2 points) is alone in his bracket and
/// floats down; in the 1.5 bracket he is paired with 6, not with the higher resident 3,
/// because 1 and 3 would leave a colour preference unmet (C12); 3 floats down to 5.
#[test]
fn explain_says_who_floated_down_and_which_criterion_ruled_out_the_higher_resident() {
    let file = format!("{}/../engine/tests/data/pairing/bbp/s100001-p6-r5.trf", env!("CARGO_MANIFEST_DIR"));
    let text = out(&run(&["pair", &file, "--round", "3", "--rounds", "5", "--explain"]));
    let why = &text[text.find("Why, bracket by bracket:\n").expect("an explanation")..];
    let expected = "Why, bracket by bracket:
Bracket 2 points: residents 1; moved down none
  floating down: 1
Bracket 1.5 points: residents 3, 6; moved down 1
  1 Test0001 Player0001 - 6 Test0006 Player0006
      not 3 Test0003 Player0003: C12, more players not getting their colour preference
  floating down: 3
Bracket 1 points: residents 5; moved down 3
  3 Test0003 Player0003 - 5 Test0005 Player0005
  floating down: none
Bracket 0 points: residents 2, 4; moved down none
  2 Test0002 Player0002 - 4 Test0004 Player0004
  floating down: none
";
    assert_eq!(why, expected);
}

/// A one-player event (what the pair fuzz target found): round 1 is the pairing-allocated bye
/// alone, written as `0000 - U` with its point; that round has no game to await, so it reads
/// back as played, and round 2 has no valid pairing: the only player already had the bye (C2).
#[test]
fn a_one_player_event_gets_the_bye_once_then_no_valid_pairing() {
    let o = run_text("001    2\n", &["--round", "1", "--initial-colour", "white", "--format", "trf"]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let written = out(&o);
    assert!(written.ends_with("1.0       0000 - U\n"), "{written:?}");
    let o = run_text(&written, &["--round", "2", "--initial-colour", "white"]);
    fails_saying(&o, "round 2: no pairing meets the absolute criteria");
    assert!(err(&o).contains("C2; players 2"), "{}", err(&o));
}

/// A whole Swiss run from the command line (issue 22): a registration file with no rounds,
/// each round paired by `pair --round R --format trf`, its results filled in (seeded), and the
/// finished file audited by `pair --check` and, when a bbpPairings binary is at `$BBP` (or
/// `/tmp/bbp/bbpPairings.exe`; GPL-3, built outside the repository), by bbpPairings's `-c`.
#[test]
fn a_whole_swiss_run_round_by_round_from_the_command_line_passes_both_audits() {
    use ratings_engine::desk::register::{new_file, parse_players, Details};
    use ratings_engine::desk::{apply, view, Action, Outcome};
    let list: String = (0..24).map(|i| format!("Player {i:02},{}\n", 2300 - 37 * i)).collect();
    let d = Details { name: "Command-line Swiss".into(), rounds: 6, ..Details::default() };
    let mut text = new_file(&d, &parse_players(&list).unwrap()).unwrap();
    let file = std::env::temp_dir().join(format!("cli-swiss-{}.trf", std::process::id()));
    let path = file.to_str().unwrap();
    let mut seed = 7u64;
    for round in 1..=6 {
        std::fs::write(&file, &text).unwrap();
        let r = round.to_string();
        let mut args = vec!["pair", path, "--round", &r, "--format", "trf"];
        if round == 1 {
            args.extend(["--initial-colour", "white"]);
        }
        let o = run(&args);
        assert_eq!(o.status.code(), Some(0), "round {round}: {}", err(&o));
        text = out(&o);
        for b in view(&text).unwrap().rounds[round - 1].boards.clone() {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let outcome = [Outcome::WhiteWins, Outcome::Draw, Outcome::BlackWins][(seed >> 33) as usize % 3];
            text = apply(&text, &Action::Result { round, white: b.white, outcome }).unwrap();
        }
    }
    std::fs::write(&file, &text).unwrap();
    let o = run(&["pair", path, "--check"]);
    assert_eq!((o.status.code(), out(&o).contains("all 6 rounds identical")), (Some(0), true), "{}{}", out(&o), err(&o));
    let bbp = std::env::var("BBP").unwrap_or_else(|_| "/tmp/bbp/bbpPairings.exe".into());
    if !std::path::Path::new(&bbp).exists() {
        eprintln!("skipped bbpPairings's audit: no binary at {bbp}");
        return;
    }
    let old = ratings_engine::desk::export::export(&text, ratings_engine::desk::export::TrfVersion::Trf16);
    std::fs::write(&file, old).unwrap();
    let o = std::process::Command::new(&bbp).args(["--dutch", path, "-c"]).output().unwrap();
    let said = out(&o) + &err(&o);
    assert!(o.status.success(), "{said}");
    assert_eq!(said.lines().filter(|l| !l.trim().is_empty()).filter(|l| !l.contains(": Round #")).count(), 0, "{said}");
    assert_eq!(said.matches(": Round #").count(), 6, "{said}");
}
