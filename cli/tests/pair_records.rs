//! `ratings-lab pair` on the records of a real event's file that a plain Swiss does not have
//! (issue 35): the initial colour (`152`, `XXC`), acceleration (FIDE's Baku method, C.04.5.1,
//! by `192` or `--acceleration`; virtual points by `XXA`), players who must not meet (`260`,
//! `XXP`), the tournament type (`192`), and records the reader does not use, each named.
//! Every case here failed, or paired in silence, before.

mod common;

use common::{err, out, run_bytes};
use serde_json::Value;
use std::process::Output;

fn run_text(text: &str, args: &[&str]) -> Output {
    let mut all = vec!["pair", "-"];
    all.extend_from_slice(args);
    let o = run_bytes(&all, text.as_bytes());
    assert!(!err(&o).contains("panicked"), "{args:?}: {}", err(&o));
    o
}

fn json_of(o: &Output) -> Value {
    assert_eq!(o.status.code(), Some(0), "{}", err(o));
    serde_json::from_str(&out(o)).unwrap_or_else(|e| panic!("{e}: {}", out(o)))
}

fn fails_saying(o: &Output, says: &str) {
    assert_eq!(o.status.code(), Some(1), "stdout {}", out(o));
    assert!(err(o).contains(says), "expected {says:?} in {}", err(o));
}

/// Boards as (white, black) and the bye.
fn boards(v: &Value) -> (Vec<(u64, u64)>, Option<u64>) {
    let b = v["pairings"].as_array().unwrap().iter().map(|b| (b["white"].as_u64().unwrap(), b["black"].as_u64().unwrap())).collect();
    (b, v["bye"].as_u64())
}

fn player(start: u32, rounds: &[&str]) -> String {
    let mut l = format!("001 {start:>4}      {:<33}{:33}{:>4} {start:>4}  ", format!("Player {start}"), "", "0.0");
    for r in rounds {
        l.push_str(&format!("{r:<8}  "));
    }
    l.trim_end().to_string()
}

/// `n` players, no round played, the given header lines first.
fn fresh(n: u32, header: &str) -> String {
    let mut lines = vec!["012 Fresh".to_string()];
    lines.extend(header.lines().map(str::to_string));
    lines.extend((1..=n).map(|s| player(s, &[])));
    lines.join("\n") + "\n"
}

#[test]
fn the_initial_colour_is_read_from_152_or_xxc() {
    for header in ["XXR 5\n152 B", "XXR 5\nXXC black1", "XXR 5\nXXC rank black1"] {
        let v = json_of(&run_text(&fresh(4, header), &["--round", "1", "--format", "json"]));
        assert_eq!(boards(&v).0, [(3, 1), (2, 4)], "{header}: 1 has Black by the file");
    }
    let o = run_text(&fresh(4, "XXR 5\nXXC rank white1"), &["--round", "1"]);
    assert!(out(&o).contains("XXC rank: pairing numbers from the rank column are not read"), "{}", out(&o));
    // The flag wins, said.
    let o = run_text(&fresh(4, "XXR 5\n152 B"), &["--round", "1", "--initial-colour", "white", "--format", "json"]);
    let v = json_of(&o);
    assert_eq!(boards(&v).0, [(1, 3), (4, 2)]);
    assert!(v["warnings"][0].as_str().unwrap().contains("the file gives Black (line 3); White is used"), "{v}");
}

#[test]
fn a_colour_drawn_by_lot_is_seeded_said_and_written_as_152() {
    let text = fresh(4, "XXR 3");
    let draw = |seed: &str| json_of(&run_text(&text, &["--round", "1", "--initial-colour", "lot", "--seed", seed, "--format", "json"]));
    let (a, b) = (draw("7"), draw("7"));
    assert_eq!(boards(&a), boards(&b), "the same seed, the same colour");
    let said = a["warnings"][0].as_str().unwrap();
    assert!(said.contains("drawn by lot with seed 7") && said.contains("--seed 7"), "{said}");
    // Seeds 0..10 draw both colours.
    let whites = (0..10).filter(|s| boards(&draw(&s.to_string())).0[0].0 == 1).count();
    assert!((1..10).contains(&whites), "{whites} of 10 seeds gave White");
    // --format trf writes 152; the next round needs no flag and reads it back.
    let o = run_text(&text, &["--round", "1", "--initial-colour", "black", "--format", "trf"]);
    let written = out(&o);
    assert!(written.lines().any(|l| l == "152 B"), "{written}");
    let v = json_of(&run_text(&written, &["--round", "1", "--format", "json"]));
    assert_eq!(boards(&v).0, [(3, 1), (2, 4)]);
}

#[test]
fn baku_acceleration_pairs_group_a_apart_in_round_one() {
    // 10 players, 7 rounds: group A is 2·⌈10/4⌉ = 6 (bbpPairings's flag would make it 5),
    // accelerated rounds 1-4 (1 point in 1-2, ½ in 3-4). Round 1: A's score group 1-4, 2-5,
    // 3-6; B's 7-9, 8-10.
    for (header, flags) in [("XXR 7\n192 FIDE_DUTCH_2025_BAKU", vec![]), ("XXR 7", vec!["--acceleration", "baku"])] {
        let mut args = vec!["--round", "1", "--initial-colour", "white", "--format", "json"];
        args.extend(flags.iter().copied());
        let v = json_of(&run_text(&fresh(10, header), &args));
        let pairs: Vec<(u64, u64)> = boards(&v).0.iter().map(|&(w, b)| (w.min(b), w.max(b))).collect();
        assert_eq!(pairs, [(1, 4), (2, 5), (3, 6), (7, 9), (8, 10)], "{header} {flags:?}");
        let notes = v["notes"].to_string();
        assert!(notes.contains("group A is 6 players (start numbers up to 6), virtual points in rounds 1-4"), "{notes}");
    }
    // Written back as 192, so round 2 is accelerated without the flag.
    let o = run_text(&fresh(10, "XXR 7"), &["--round", "1", "--initial-colour", "white", "--acceleration", "baku", "--format", "trf"]);
    assert!(out(&o).lines().any(|l| l == "192 FIDE_DUTCH_2025_BAKU"), "{}", out(&o));
}

#[test]
fn baku_is_refused_after_round_one_and_on_other_scoring() {
    let played = [
        "012 Two\nXXR 5".to_string(),
        player(1, &["   2 w 1"]),
        player(2, &["   1 b 0"]),
        player(3, &["   4 w 1"]),
        player(4, &["   3 b 0"]),
    ]
    .join("\n");
    fails_saying(&run_text(&played, &["--round", "2", "--acceleration", "baku"]), "acceleration is chosen before round 1 (C.04.5.1)");
    let three = fresh(8, "XXR 5\n192 FIDE_DUTCH_BAKU\n162  W 3.0    D 1.0    L 0.0");
    fails_saying(
        &run_text(&three, &["--round", "1", "--initial-colour", "white"]),
        "Baku acceleration (C.04.5.1) needs the standard scoring, 1, ½, 0",
    );
}

#[test]
fn explicit_virtual_points_win_over_the_type_with_a_note() {
    // XXA gives 3 and 4 a point in round 1; 192 asks for Baku (FIDE's group A: 1-4).
    let text = fresh(8, "XXR 5\n192 FIDE_DUTCH_2025_BAKU\nXXA    3  1.0\nXXA    4  1.0");
    let v = json_of(&run_text(&text, &["--round", "1", "--initial-colour", "white", "--format", "json"]));
    let pairs: Vec<(u64, u64)> = boards(&v).0.iter().map(|&(w, b)| (w.min(b), w.max(b))).collect();
    assert_eq!(pairs[0], (3, 4), "3 and 4 lead on virtual points: {pairs:?}");
    assert!(v["notes"].to_string().contains("differ from FIDE's (C.04.5.1) for start number 1, 2, 3, 4"), "{}", v["notes"]);
}

#[test]
fn players_who_must_not_meet_are_kept_apart_and_a_bad_record_is_refused() {
    // Round 1 of four: 1-3 and 2-4 (S1 against S2); with 1 and 3 siblings, 1-4 and 2-3.
    for header in ["XXR 3\nXXP 1 3", "XXR 3\n260   1   3 0001 0003"] {
        let v = json_of(&run_text(&fresh(4, header), &["--round", "1", "--initial-colour", "white", "--format", "json"]));
        let pairs: Vec<(u64, u64)> = boards(&v).0.iter().map(|&(w, b)| (w.min(b), w.max(b))).collect();
        assert_eq!(pairs, [(1, 4), (2, 3)], "{header}");
    }
    // Only for rounds 2-3: round 1 pairs 1-3.
    let v =
        json_of(&run_text(&fresh(4, "XXR 3\n260   2   3 0001 0003"), &["--round", "1", "--initial-colour", "white", "--format", "json"]));
    assert!(boards(&v).0.iter().any(|&(w, b)| w.min(b) == 1 && w.max(b) == 3));
    // Everyone apart from 1: no pairing, naming the record.
    fails_saying(
        &run_text(&fresh(4, "XXR 3\nXXP 1 2 3 4"), &["--round", "1", "--initial-colour", "white"]),
        "no pairing keeps apart the players who must not meet (XXP line 3 (1, 2, 3, 4))",
    );
    fails_saying(
        &run_text(&fresh(4, "XXR 3\nXXP 1 9"), &["--round", "1", "--initial-colour", "white"]),
        "line 3: players who must not meet: start number 9 is not in the file",
    );
}

#[test]
fn records_not_read_are_named_and_other_systems_refused() {
    let text = fresh(4, "XXR 3\n032 ESP\n122 90/40+30\nXXZ 3\n300 something\nQQQ what");
    let o = run_text(&text, &["--round", "1", "--initial-colour", "white"]);
    let sheet = out(&o);
    for said in
        ["XXZ (players absent from the next round", "300 (out-of-order games): not read", "QQQ (a record code this program does not know)"]
    {
        assert!(sheet.contains(said), "{said:?} in {sheet}");
    }
    assert!(!sheet.contains("032") && !sheet.contains("122"), "information kept is not warned of: {sheet}");
    fails_saying(
        &run_text(&fresh(4, "XXR 3\n192 FIDE_BURSTEIN"), &["--round", "1", "--initial-colour", "white"]),
        "192 declares the tournament type FIDE_BURSTEIN, which is not paired here",
    );
}

#[test]
fn point_values_fide_does_not_allow_are_refused_naming_the_line() {
    let draw = fresh(4, "XXR 3\n162  W 1.0    D 0.6");
    fails_saying(&run_text(&draw, &["--round", "1", "--initial-colour", "white"]), "line 3");
    fails_saying(&run_text(&draw, &["--round", "1", "--initial-colour", "white"]), "a draw worth at most half a win");
    let pab = fresh(4, "XXR 3\nBBW  1.0\nBBU  1.5");
    fails_saying(&run_text(&pab, &["--round", "1", "--initial-colour", "white"]), "line 4");
    fails_saying(&run_text(&pab, &["--round", "1", "--initial-colour", "white"]), "a pairing-allocated bye worth at most a win");
    // Standard scoring with a bye worth other than 1, ½ or 0 (FIDE's checklist Q83).
    let odd = fresh(4, "XXR 3\n162  W 1.0    D 0.5    L 0.0    P 0.7");
    fails_saying(
        &run_text(&odd, &["--round", "1", "--initial-colour", "white"]),
        "with 1-½-0 points, a pairing-allocated bye worth 1, ½ or 0",
    );
    let half = fresh(4, "XXR 3\n162  W 1.0    D 0.5    L 0.0    P 0.5");
    assert_eq!(run_text(&half, &["--round", "1", "--initial-colour", "white"]).status.code(), Some(0));
    // 3-1-0 with the bye worth nothing is allowed.
    let ok = fresh(4, "XXR 3\n162  W 3.0    D 1.0    L 0.0    P 0.0");
    assert_eq!(run_text(&ok, &["--round", "1", "--initial-colour", "white"]).status.code(), Some(0));
}

fn held_round_robin() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../engine/tests/data/trf/held_round_robin.trf")).unwrap()
}

#[test]
fn a_round_robin_is_audited_against_the_berger_tables_not_as_a_swiss() {
    // C.07's round-robin exercise (no 192): taken for a round robin by its shape, said.
    let held = held_round_robin();
    let o = run_text(&held, &["--check"]);
    assert_eq!(o.status.code(), Some(0), "{}", out(&o));
    assert!(out(&o).contains("all 5 rounds are the Berger table's (single round robin, C.05)"), "{}", out(&o));
    assert!(out(&o).contains("audited as a round robin: the file does not declare its system (192)"), "{}", out(&o));
    // As a Dutch Swiss it differs (what `pair --check` said before).
    assert_eq!(run_text(&held, &["--check", "--system", "dutch"]).status.code(), Some(2));
    // Round 4 altered (1 and 4 swap colours): that round differs from the table.
    let altered: String = held
        .lines()
        .map(|l| match l.get(..8) {
            Some("001    1") => l.replacen("     4 w 0", "     4 b 0", 1),
            Some("001    4") => l.replacen("     1 b 1", "     1 w 1", 1),
            _ => l.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n");
    let o = run_text(&altered, &["--check"]);
    assert_eq!(o.status.code(), Some(2), "{}", out(&o));
    assert!(out(&o).contains("round 4: differs from the Berger table") && out(&o).contains("4 of 5 rounds"), "{}", out(&o));
}

#[test]
fn a_double_round_robin_is_paired_round_by_round_by_the_table() {
    // Nine players, double: 18 rounds; round 1 of the table for 10 (1-10, 2-9, 3-8, 4-7, 5-6),
    // 10 the missing number, so 1 has the round off (0000 - Z, no point).
    let text = fresh(9, "142 18\n192 FIDE_DOUBLEROUNDROBIN");
    let v = json_of(&run_text(&text, &["--round", "1", "--format", "json"]));
    assert_eq!(boards(&v), (vec![(2, 9), (3, 8), (4, 7), (5, 6)], Some(1)));
    let written = out(&run_text(&text, &["--round", "1", "--format", "trf"]));
    let one = written.lines().find(|l| l.starts_with("001    1")).unwrap();
    assert!(one.ends_with("0000 - Z") && one.contains("  0.0 "), "{one}");
    // --system round-robin on a file with no 192: the single table.
    let v = json_of(&run_text(&fresh(4, "XXR 3"), &["--round", "2", "--system", "round-robin", "--format", "json"]));
    assert_eq!(boards(&v).0, [(4, 3), (1, 2)]);
}

/// TRF-2026 `299`: points given or taken by the arbiter count in the standings and in the
/// scores the next round is paired by (before, only the declared points' check read them).
/// Round 1: 1 beat 2, 3 beat 4; 3's win is worth ½ (a typed record), 1 loses a point (an
/// untyped penalty): 3 leads alone with ½, 1 has 0.
#[test]
fn points_given_or_taken_by_the_arbiter_count_in_standings_and_pairing() {
    let rec = |kind: &str, points: &str, players: &[u32]| {
        let list: Vec<String> = players.iter().map(|p| format!("{p:>4}")).collect();
        format!("299 {kind:<1}{:8}{points:>4}  {:>3} {}", "", 1, list.join(" "))
    };
    let score = |s: u32, pts: &str, cell: &str| format!("001 {s:>4}      {:<33}{:33}{pts:>4} {s:>4}  {cell}", format!("Player {s}"), "");
    let text = [
        "012 Abnormal".to_string(),
        "XXR 3".into(),
        rec("W", "0.5", &[3]),
        rec(" ", "-1.0", &[1]),
        score(1, "0.0", "   2 w 1"),
        score(2, "0.0", "   1 b 0"),
        score(3, "0.5", "   4 w 1"),
        score(4, "0.0", "   3 b 0"),
    ]
    .join("\n");
    let v = json_of(&run_bytes(&["tiebreaks", "-", "--format", "json"], text.as_bytes()));
    let points: Vec<(String, f64)> =
        v["players"].as_array().unwrap().iter().map(|p| (p["name"].as_str().unwrap().to_string(), p["points"].as_f64().unwrap())).collect();
    assert_eq!(points[0], ("Player 3".to_string(), 0.5), "{points:?}");
    assert!(points.contains(&("Player 1".to_string(), 0.0)), "{points:?}");
    assert_eq!(v["warnings"], serde_json::json!([]), "the declared points agree");
    let sheet = out(&run_text(&text, &["--round", "2"]));
    assert!(sheet.contains("3 Player 3   0.5") && sheet.contains("1 Player 1   0.0"), "{sheet}");
    // 3 alone on ½ floats down; without the 299 records 1 and 3 (1 point each) would meet.
    let v = json_of(&run_text(&text, &["--round", "2", "--format", "json"]));
    assert!(!boards(&v).0.iter().any(|&(w, b)| w.min(b) == 1 && w.max(b) == 3), "{v}");
}

/// A round robin's rounds at once (`--all-rounds`): five players, the table of six, every pair
/// once and every player one round off; a Swiss is refused (its rounds depend on results).
#[test]
fn a_round_robins_rounds_are_printed_at_once() {
    let text = fresh(5, "192 FIDE_ROUNDROBIN");
    let o = run_text(&text, &["--all-rounds", "--format", "json"]);
    let v = json_of(&o);
    let rounds = v.as_array().unwrap();
    assert_eq!(rounds.len(), 5);
    let mut met = std::collections::BTreeSet::new();
    let mut off = Vec::new();
    for r in rounds {
        for (w, b) in boards(r).0 {
            assert!(met.insert((w.min(b), w.max(b))), "{w}-{b} twice");
        }
        off.extend(r["bye"].as_u64());
    }
    off.sort_unstable();
    assert_eq!((met.len(), off), (10, vec![1, 2, 3, 4, 5]));
    assert!(out(&run_text(&text, &["--all-rounds"])).contains("round 5 pairings (Berger tables, C.05)"));
    fails_saying(&run_text(&fresh(5, "XXR 3"), &["--all-rounds"]), "a Swiss is paired a round at a time");
}

/// A desk file whose round 2 the arbiter paired by hand (`### manual round 2:` records):
/// `--check` finds round 1 as the engine pairs it and names round 2 as paired by hand (issue 36).
#[test]
fn check_names_a_round_paired_by_hand() {
    use ratings_engine::desk::register::{new_file, parse_players, Details};
    use ratings_engine::desk::{apply, view, Action, Outcome};
    use ratings_engine::tournament::Colour;
    let players = parse_players("A,2000\nB,1900\nC,1800\nD,1700\nE,1600\nF,1500\n").unwrap();
    let mut text = new_file(&Details { name: "Hand".into(), rounds: 3, ..Details::default() }, &players).unwrap();
    text = apply(&text, &Action::Pair { round: 1, initial_colour: Some(Colour::White), date: None }).unwrap();
    let boards: Vec<(u32, u32)> = view(&text).unwrap().rounds[0].boards.iter().map(|b| (b.white, b.black)).collect();
    for (white, _) in &boards {
        text = apply(&text, &Action::Result { round: 1, white: *white, outcome: Outcome::WhiteWins }).unwrap();
    }
    // Round 2 by hand: 1-2, 3-4, 5-6 (none met in round 1, whose pairs are 1-4, 5-2, 3-6).
    let hand = Action::PairByHand { round: 2, boards: vec![(1, 2), (3, 4), (5, 6)], bye: None };
    text = apply(&text, &hand).or_else(|_| apply(&text, &Action::Confirmed(Box::new(hand.clone())))).unwrap();
    assert!(text.contains("### manual round 2: paired by hand by the arbiter"), "{text}");
    let o = run_text(&text, &["--check"]);
    assert_eq!(o.status.code(), Some(2), "{}", out(&o));
    let said = out(&o);
    assert!(said.contains("round 2: differs from the file"), "{said}");
    assert!(said.contains("note: round 2 was changed or paired by hand by the arbiter"), "{said}");
    assert!(!said.contains("round 1: differs"), "{said}");
}
