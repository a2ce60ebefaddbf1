//! `ratings-lab check` (issue 38 item 2): the one checker. A file as made agrees (exit 0); a
//! round swapped by hand is named (exit 2); declared ranks swapped name the two players
//! (exit 2); an illegal round (a rematch, a player paired twice, a second pairing-allocated
//! bye) is named as illegal; a round robin is checked against its Berger table; an unreadable
//! file is exit 1 naming the line; the JSON has the documented shape.

mod common;

use common::{err, fixture_path, out, run_bytes};
use ratings_engine::job::{Job, Settings};
use ratings_engine::parse::trf::with_ranks;
use serde_json::Value;
use std::collections::HashMap;
use std::process::Output;

/// `check` on `text` given on standard input, with `args`.
fn check(text: &str, args: &[&str]) -> Output {
    let mut all = vec!["check", "-"];
    all.extend_from_slice(args);
    let o = run_bytes(&all, text.as_bytes());
    assert!(!err(&o).contains("panicked"), "{args:?}: {}", err(&o));
    o
}

fn read(path: &str) -> String {
    String::from_utf8(std::fs::read(fixture_path(path)).unwrap()).unwrap()
}

/// `text` with the ranks `ratings-lab tiebreaks` gives it (the file's order and rules), as the
/// program that made the file would have written them; `swap` exchanges two players' ranks.
fn ranked(text: &str, swap: Option<(u32, u32)>) -> String {
    let st = Job::read(text, &Settings::default()).unwrap().standings().unwrap();
    let mut ranks: HashMap<u32, usize> = st.standings.rows.iter().map(|r| (r.start, r.rank)).collect();
    if let Some((a, b)) = swap {
        let (ra, rb) = (ranks[&a], ranks[&b]);
        ranks.insert(a, rb);
        ranks.insert(b, ra);
    }
    with_ranks(text, &|start| ranks.get(&start).copied())
}

/// The six-player fixture (CR line ends) with its records' round-`round` cells set.
fn with_cells(text: &str, cells: &[(u32, usize, &str)]) -> String {
    let mut lines: Vec<String> = text.split('\r').map(str::to_string).collect();
    for &(start, round, cell) in cells {
        let l = lines.iter_mut().find(|l| l.starts_with("001") && l[4..8].trim() == start.to_string()).unwrap();
        let at = 91 + 10 * (round - 1);
        l.replace_range(at..at + 8, cell);
    }
    lines.join("\r")
}

fn six() -> String {
    read("pairing/bbp/s100001-p6-r5.trf")
}

#[test]
fn a_file_as_made_agrees_round_by_round_and_in_its_standings() {
    let o = check(&ranked(&six(), None), &[]);
    let text = out(&o);
    assert_eq!(o.status.code(), Some(0), "{text}{}", err(&o));
    for round in 1..=5 {
        assert!(text.contains(&format!("round {round}: 3 boards, all agree\n")), "{text}");
    }
    assert!(
        text.contains("standings: the declared ranks are those of FIDE's recommended tie-break list (DE, WIN, SB, KS; 2026 rules)"),
        "{text}"
    );
    assert!(text.contains("total: 5 rounds, 5 agree, none illegal; standings agree — ALL AGREE\n"), "{text}");
    assert!(text.contains("note: the file declares no tie-break list (202)"), "{text}");
}

#[test]
fn a_round_swapped_by_hand_is_named_with_its_counts_and_rematches() {
    // Round 3 is 1-6, 3-5, 4-2 (White first). Swapped: 1-5 and 3-6, each keeping colour and
    // result; both pairs met before (1-5 in round 2, 3-6 in round 1), so the round is illegal too.
    let swapped = with_cells(&six(), &[(1, 3, "   5 w 1"), (5, 3, "   1 b 0"), (3, 3, "   6 w ="), (6, 3, "   3 b =")]);
    let o = check(&ranked(&swapped, None), &[]);
    let text = out(&o);
    assert_eq!(o.status.code(), Some(2), "{text}{}", err(&o));
    assert!(text.contains("round 1: 3 boards, all agree\nround 2: 3 boards, all agree\n"), "{text}");
    assert!(
        text.contains("round 3: 3 boards, pairs 1/3, colours 1/3, no bye — DIFFERS\n  ours:     1 - 6, 3 - 5\n  the file: 1 - 5, 3 - 6\n"),
        "{text}"
    );
    assert!(text.contains("  illegal: start numbers 1 and 5 already met in round 2"), "{text}");
    assert!(text.contains("  illegal: start numbers 3 and 6 already met in round 1"), "{text}");
    assert!(text.contains("differ (round 3"), "{text}");
    // The arbiter's own record of the change names it.
    let marked = ranked(&swapped, None) + "\r### manual round 3: boards changed by the arbiter";
    let text = out(&check(&marked, &[]));
    assert!(text.contains("round 3: 3 boards, pairs 1/3, colours 1/3, no bye — DIFFERS (changed by hand: ### manual round)"), "{text}");
    assert!(text.contains("note: round 3 was changed or paired by hand by the arbiter"), "{text}");
}

#[test]
fn declared_ranks_swapped_name_the_two_players() {
    let o = check(&ranked(&six(), Some((1, 4))), &[]);
    let text = out(&o);
    assert_eq!(o.status.code(), Some(2), "{text}{}", err(&o));
    assert!(text.contains("standings: 2 of 6 declared ranks differ from those of FIDE's recommended tie-break list"), "{text}");
    assert!(text.contains("  1 Test0001 Player0001: declared 6, ours 1\n"), "{text}");
    assert!(text.contains("  4 Test0004 Player0004: declared 1, ours 6\n"), "{text}");
    assert!(text.contains("total: 5 rounds, 5 agree, none illegal; standings differ — DIFFERS"), "{text}");
    // bbpPairings's generator ranks by points, then start number: not the recommended list's
    // ranks, and the note says which order they are (as tiebreaks --check-ranks searches).
    let o = check(&six(), &[]);
    assert_eq!(o.status.code(), Some(2));
    assert!(out(&o).contains("note: the declared ranks are those of points alone under the 2023 rules\n"), "{}", out(&o));
    // No ranks at all: nothing to compare, not a failure.
    let bare: String = six()
        .split('\r')
        .map(|l| if l.starts_with("001") { format!("{}    {}", &l[..85], &l[89..]) } else { l.to_string() })
        .collect::<Vec<_>>()
        .join("\r");
    let o = check(&bare, &[]);
    assert_eq!(o.status.code(), Some(0), "{}", out(&o));
    assert!(out(&o).contains("standings: not declared (the file's ranks, columns 86-89, are empty)"), "{}", out(&o));
}

#[test]
fn a_player_paired_twice_and_a_second_bye_are_illegal() {
    // Round 2 is 1-5, 2-3, 4-6: 6's record now names 1 (who names 5), 4 still names 6.
    let twice = with_cells(&six(), &[(6, 2, "   1 w 1")]);
    let o = check(&twice, &[]);
    assert_eq!(o.status.code(), Some(2));
    let text = out(&o);
    assert!(text.contains("  illegal: start number 1 is paired more than once (with 5, 6)"), "{text}");
    assert!(text.contains("  illegal: start number 6 is paired more than once (with 1, 4)"), "{text}");
    // The rounds after it cannot be re-paired from it: said, with the reason, not a failure.
    assert!(text.contains("round 3: 3 boards, not re-paired: line 5: round 2:"), "{text}");
    // Nine players: 8 had the bye in round 3 and 6 in round 4; in round 5 (8-6 in the file)
    // both get one.
    let nine = read("pairing/bbp/e200001-p9-r5.trf");
    let nine: String = nine
        .lines()
        .map(|l| match l.get(..8) {
            Some("001    8") | Some("001    6") => format!("{}0000 - U", &l[..l.len() - 8]),
            _ => l.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n");
    let o = check(&nine, &["--format", "json"]);
    assert_eq!(o.status.code(), Some(2));
    let v: Value = serde_json::from_str(&out(&o)).unwrap();
    let illegal = &v["rounds"][4]["illegal"];
    assert!(illegal.as_array().unwrap().contains(&serde_json::json!({"kind": "many_byes", "players": [2, 6, 8]})), "{illegal}");
    assert!(
        illegal.as_array().unwrap().contains(&serde_json::json!({"kind": "bye_again", "player": 8, "earlier": 3, "had": "PairingBye"})),
        "{illegal}"
    );
    assert!(
        illegal.as_array().unwrap().contains(&serde_json::json!({"kind": "bye_again", "player": 6, "earlier": 4, "had": "PairingBye"})),
        "{illegal}"
    );
}

#[test]
fn a_round_robin_is_checked_against_its_berger_table() {
    let held = ranked(&read("trf/held_round_robin.trf"), None);
    let o = check(&held, &[]);
    assert_eq!(o.status.code(), Some(0), "{}", out(&o));
    assert!(
        out(&o).starts_with("FIDE C.07 2023 Tie-Break Exercises — each round against the Berger tables of a round robin (C.05)"),
        "{}",
        out(&o)
    );
    assert!(out(&o).contains("note: the file does not declare its system (192), and its rounds are a round robin's"), "{}", out(&o));
    // Round 4 altered (1 and 4 swap colours): that round differs from the table, on colours.
    let altered: String = held
        .lines()
        .map(|l| match l.get(..8) {
            Some("001    1") => l.replacen("     4 w 0", "     4 b 0", 1),
            Some("001    4") => l.replacen("     1 b 1", "     1 w 1", 1),
            _ => l.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n");
    let o = check(&altered, &[]);
    assert_eq!(o.status.code(), Some(2), "{}", out(&o));
    assert!(out(&o).contains("round 4: 3 boards, pairs 3/3, colours 2/3, no bye — DIFFERS"), "{}", out(&o));
}

#[test]
fn an_unreadable_file_is_exit_1_naming_the_line() {
    let o = run_bytes(&["check", "/no/such/file.trf"], b"");
    assert_eq!(o.status.code(), Some(1));
    assert!(err(&o).starts_with("ratings-lab: cannot read /no/such/file.trf"), "{}", err(&o));
    let o = check("white,black,result\nA,B,1-0\n", &[]);
    assert_eq!(o.status.code(), Some(1));
    assert!(err(&o).contains("expected a FIDE TRF file"), "{}", err(&o));
    // A round's result code that is none.
    let bad = six().replacen("     4 w 1     5 b 1", "     4 w Q     5 b 1", 1);
    let o = check(&bad, &[]);
    assert_eq!(o.status.code(), Some(1), "{}", out(&o));
    assert!(err(&o).contains("line 2, column 'round 1 result (column 99)': expected a result code"), "{}", err(&o));
    let o = check(&six().replace("092 FIDE_DUTCH_2025", "192 FIDE_BURSTEIN"), &[]);
    assert_eq!(o.status.code(), Some(1), "{}", out(&o));
    assert!(err(&o).contains("line 9: 192 FIDE_BURSTEIN: pairings are checked for the FIDE Dutch system and round robins"), "{}", err(&o));
}

#[test]
fn the_json_is_the_documented_shape() {
    let o = check(&ranked(&six(), Some((1, 4))), &["--format", "json"]);
    assert_eq!(o.status.code(), Some(2));
    let v: Value = serde_json::from_str(&out(&o)).unwrap();
    let keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(keys, ["agrees", "notes", "rounds", "standings", "system", "tournament", "warnings"]);
    assert_eq!(v["system"], "dutch");
    assert_eq!(v["agrees"], false);
    let r1 = &v["rounds"][0];
    assert_eq!(
        (&r1["round"], &r1["boards"], &r1["pairs"], &r1["colours"], &r1["agrees"]),
        (&1.into(), &3.into(), &3.into(), &3.into(), &true.into())
    );
    assert_eq!(v["standings"]["status"], "differ");
    assert_eq!(v["standings"]["order_from"], "recommended");
    assert_eq!(
        v["standings"]["differ"][0],
        serde_json::json!({"start": 1, "name": "Test0001 Player0001", "declared": 6, "ours": 1, "ours_to": 1})
    );
}
