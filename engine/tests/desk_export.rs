//! The desk's export complete, imports checked and FIDE mode (issue 36, items 4, 6 and 7):
//! the ranks in columns 86-89 as `ratings-lab tiebreaks` ranks the file, the rounds' dates in
//! `132`, every `###` line in both versions, the final export refused while a result is
//! missing or adjourned (the checklist's Q161, Q169, Q217); an imported file's rounds checked
//! against its rules and every default said (Q48-Q55); FIDE mode on by default, left with a
//! Level-4 confirmation, for good (Q40-Q43).

use ratings_engine::desk::confirm::{may_switch_off, Mode};
use ratings_engine::desk::export::{export, export_final, TrfVersion};
use ratings_engine::desk::import::check;
use ratings_engine::desk::register::{new_file, parse_players, Details};
use ratings_engine::desk::system::System;
use ratings_engine::desk::{apply, view, Action, DeskError, Level, Outcome};
use ratings_engine::job::{Job, Settings};
use ratings_engine::parse::trf::parse_trf;
use ratings_engine::tournament::Colour;

const SIX: &str = "A,2000\nB,1900\nC,1800\nD,1700\nE,1600\nF,1500\n";

fn tournament(players: &str, rounds: usize) -> String {
    new_file(&Details { name: "T".into(), rounds, ..Details::default() }, &parse_players(players).unwrap()).unwrap()
}

fn pair_on(text: &str, round: usize, date: Option<&str>) -> String {
    apply(text, &Action::Pair { round, initial_colour: Some(Colour::White), date: date.map(str::to_string) }).unwrap()
}

fn boards(text: &str, round: usize) -> Vec<(u32, u32)> {
    view(text).unwrap().rounds[round - 1].boards.iter().map(|b| (b.white, b.black)).collect()
}

/// Every board of `round` given a result: white wins on odd boards, a draw on even ones.
fn results(text: &str, round: usize) -> String {
    let mut text = text.to_string();
    for (k, (white, _)) in boards(&text, round).into_iter().enumerate() {
        let outcome = if k % 2 == 0 { Outcome::WhiteWins } else { Outcome::Draw };
        text = apply(&text, &Action::Result { round, white, outcome }).unwrap();
    }
    text
}

/// Each player record's rank (columns 86-89), by start number.
fn ranks(text: &str) -> Vec<(u32, Option<usize>)> {
    text.lines()
        .filter(|l| l.starts_with("001"))
        .map(|l| (l[4..8].trim().parse().unwrap(), l.get(85..89).and_then(|r| r.trim().parse().ok())))
        .collect()
}

/// The ranks `ratings-lab tiebreaks` gives the file after `round` (the same job).
fn tiebreaks_ranks(text: &str, round: usize) -> Vec<(u32, Option<usize>)> {
    let settings = Settings { after_round: Some(round), ..Settings::default() };
    let st = Job::read(text, &settings).unwrap().standings().unwrap();
    let mut out: Vec<(u32, Option<usize>)> = st.standings.rows.iter().map(|r| (r.start, Some(r.rank))).collect();
    out.sort_unstable();
    out
}

fn three_rounds_played() -> String {
    let mut text = tournament(SIX, 3);
    for round in 1..=3 {
        text = results(&pair_on(&text, round, None), round);
    }
    text
}

#[test]
fn the_export_writes_the_ranks_of_the_last_complete_round() {
    let text = pair_on(&tournament(SIX, 3), 1, None);
    assert!(ranks(&export(&text, TrfVersion::Trf2026)).iter().all(|r| r.1.is_none()), "no round complete: no rank");
    let one = results(&text, 1);
    let two = pair_on(&one, 2, None);
    // Round 2 half entered: the ranks stay those after round 1.
    let (w, _) = boards(&two, 2)[0];
    let half = apply(&two, &Action::Result { round: 2, white: w, outcome: Outcome::WhiteWins }).unwrap();
    for version in TrfVersion::ALL {
        assert_eq!(ranks(&export(&half, version)), tiebreaks_ranks(&one, 1), "{version:?}");
    }
    let done = three_rounds_played();
    let written = export_final(&done, TrfVersion::Trf2026).unwrap();
    assert_eq!(ranks(&written), tiebreaks_ranks(&done, 3));
    assert!(ranks(&written).iter().all(|r| r.1.is_some()));
    // Only the ranks change: the file read back is the same tournament.
    let (a, _) = parse_trf(&done).unwrap();
    let (b, warned) = parse_trf(&written).unwrap();
    assert!(warned.is_empty(), "{warned:?}");
    assert_eq!(a.entrants.iter().map(|e| &e.rounds).collect::<Vec<_>>(), b.entrants.iter().map(|e| &e.rounds).collect::<Vec<_>>());
}

#[test]
fn the_final_export_waits_for_every_result_naming_the_boards() {
    let text = pair_on(&tournament(SIX, 2), 1, None);
    let first = boards(&text, 1);
    let unplayed = |e: DeskError| match e {
        DeskError::NotFinal { open } => open,
        other => panic!("{other:?}"),
    };
    let open = unplayed(export_final(&text, TrfVersion::Trf2026).unwrap_err());
    assert_eq!(open.len(), first.len() + 1, "{open:?}");
    assert!(open[0].starts_with(&format!("round 1: no result for {} (", first[0].0)), "{open:?}");
    assert!(open.last().unwrap().contains("rounds 2 to 2 not played"), "{open:?}");
    let mut adj = results(&text, 1);
    adj = pair_on(&adj, 2, None);
    let last = boards(&adj, 2);
    adj = apply(&adj, &Action::Result { round: 2, white: last[0].0, outcome: Outcome::Adjourned }).unwrap();
    for &(white, _) in &last[1..] {
        adj = apply(&adj, &Action::Result { round: 2, white, outcome: Outcome::Draw }).unwrap();
    }
    assert!(!view(&adj).unwrap().final_ready);
    let open = unplayed(export_final(&adj, TrfVersion::Trf16).unwrap_err());
    let (w, b) = last[0];
    assert_eq!(open, [format!("round 2: {w}{} – {b}{} adjourned", name_of(&adj, w), name_of(&adj, b))]);
    // The working copy is still written, with the ranks after round 1.
    assert_eq!(ranks(&export(&adj, TrfVersion::Trf2026)), tiebreaks_ranks(&adj, 1));
    let done = apply(&adj, &Action::Result { round: 2, white: last[0].0, outcome: Outcome::BlackWins }).unwrap();
    assert!(view(&done).unwrap().final_ready);
    assert!(export_final(&done, TrfVersion::Trf16).is_ok());
}

/// " (Name)" of start number `start`.
fn name_of(text: &str, start: u32) -> String {
    format!(" ({})", view(text).unwrap().players.iter().find(|p| p.start == start).unwrap().name)
}

#[test]
fn each_round_date_goes_into_the_132_record_and_out_when_unpaired() {
    let one = results(&pair_on(&tournament(SIX, 3), 1, Some("2026-11-28")), 1);
    let two = pair_on(&one, 2, Some("26/11/29"));
    let record = two.lines().find(|l| l.starts_with("132")).unwrap().to_string();
    // TRF-16 and TRF-2026: round 1's date in columns 92-99, round 2's in 102-109.
    assert_eq!((&record[91..99], &record[101..109]), ("26/11/28", "26/11/29"), "{record}");
    assert_eq!(parse_trf(&two).unwrap().0.round_dates, [Some("26/11/28".to_string()), Some("26/11/29".to_string())]);
    for version in TrfVersion::ALL {
        assert!(export(&two, version).contains(&format!("{record}\n")), "{version:?}");
    }
    let unpaired = apply(&two, &Action::Unpair { round: 2 }).unwrap();
    assert_eq!(parse_trf(&unpaired).unwrap().0.round_dates, [Some("26/11/28".to_string())]);
    let logged = "### unpaired round 2 by the arbiter\n";
    assert_eq!(unpaired.replace(logged, ""), one, "unpairing gives back the file as it was, but for its record (Q112)");
    let e = apply(&one, &Action::Pair { round: 2, initial_colour: None, date: Some("the 29th".into()) }).unwrap_err();
    assert!(e.to_string().contains("expected YY/MM/DD"), "{e}");
    let bare = apply(&pair_on(&tournament(SIX, 3), 1, Some("2026-11-28")), &Action::Unpair { round: 1 }).unwrap();
    assert!(!bare.contains("\n132"), "no date left, no 132 record:\n{bare}");
}

#[test]
fn every_hash_line_the_desk_wrote_is_in_both_exports() {
    let mut text = results(&pair_on(&tournament(SIX, 3), 1, None), 1);
    let late = parse_players("G,1950\n").unwrap().remove(0);
    text = apply(&text, &Action::AddPlayer(late)).unwrap();
    assert!(text.contains("\n### late entry after round 1: 2 (G); the players from 2 on moved down one number\n"), "{text}");
    text = results(&pair_on(&text, 2, None), 2);
    text = pair_on(&text, 3, None);
    let (w, _) = boards(&text, 3)[0];
    text = apply(&text, &Action::Confirmed(Box::new(Action::SwapColours { round: 3, white: w }))).unwrap();
    text = results(&text, 3);
    let (w1, _) = boards(&text, 1)[0];
    text = apply(&text, &Action::Correction { round: 1, white: w1, outcome: Outcome::BlackWins }).unwrap();
    text = apply(&text, &Action::Confirmed(Box::new(Action::LeaveFideMode { on: Some("26/11/29".into()) }))).unwrap();
    let marks: Vec<&str> = text.lines().filter(|l| l.starts_with("###")).collect();
    assert_eq!(marks.len(), 4, "{marks:?}");
    for version in TrfVersion::ALL {
        let out = export_final(&text, version).unwrap();
        for m in &marks {
            assert!(out.lines().any(|l| l == *m), "{version:?} lost {m}");
        }
    }
}

#[test]
fn fide_mode_is_on_by_default_and_left_for_good_with_a_level_4_confirmation() {
    let text = tournament(SIX, 3);
    assert!(view(&text).unwrap().fide_mode);
    let leave = Action::LeaveFideMode { on: Some("26/11/29".into()) };
    match apply(&text, &leave).unwrap_err() {
        DeskError::Confirm { level, .. } => assert_eq!(level, Level::DoubleConfirm),
        other => panic!("{other:?}"),
    }
    let left = apply(&text, &Action::Confirmed(Box::new(leave.clone()))).unwrap();
    assert!(left.contains("\n### FIDE mode left by the arbiter on 26/11/29\n"), "{left}");
    assert!(!view(&left).unwrap().fide_mode);
    assert_eq!(Mode::of(&left), Mode::Left);
    // No action undoes it: entering again is refused, saying why; leaving again too.
    let again = apply(&left, &Action::EnterFideMode).unwrap_err();
    assert!(again.to_string().contains("cannot be entered again"), "{again}");
    assert!(matches!(apply(&left, &Action::Confirmed(Box::new(leave))), Err(DeskError::FideMode(_))));
    assert!(matches!(apply(&text, &Action::EnterFideMode), Err(DeskError::FideMode(_))));
    let later = apply(&pair_on(&left, 1, None), &Action::Unpair { round: 1 }).unwrap();
    assert!(!view(&later).unwrap().fide_mode, "pairing and unpairing keep the mark");
}

#[test]
fn in_fide_mode_every_warning_is_asked() {
    for level in [Level::Notice, Level::Warning, Level::Confirm, Level::DoubleConfirm] {
        assert!(!may_switch_off(Mode::Fide, level));
    }
    // A rematch seated by hand in a FIDE-mode file: asked, at Level 3.
    let mut text = results(&pair_on(&tournament("A,2000\nB,1900\nC,1800\nD,1700\n", 3), 1, None), 1);
    let first = boards(&text, 1);
    text = apply(&text, &Action::Confirmed(Box::new(Action::Pair { round: 2, initial_colour: None, date: None }))).unwrap();
    let (a, _) = boards(&text, 2)[0];
    let partner = first.iter().find_map(|&(w, b)| (w == a).then_some(b).or((b == a).then_some(w))).unwrap();
    let e = apply(&text, &Action::Exchange { round: 2, a: boards(&text, 2)[0].1, b: partner }).unwrap_err();
    assert!(matches!(e, DeskError::Confirm { level: Level::Confirm, .. }), "{e:?}");
}

#[test]
fn an_imported_file_as_the_engine_pairs_it_is_said_so_with_its_defaults() {
    let text = three_rounds_played();
    let report = check(&text).unwrap();
    assert_eq!(report.rounds.len(), 3);
    assert!(report.rounds.iter().all(|r| r.as_paired && r.differences.is_empty()), "{report:?}");
    assert_eq!(report.level(), Level::Notice);
    // The same file as TRF-16: the records read as TRF-2026's are said.
    let old = check(&export(&text, TrfVersion::Trf16)).unwrap();
    assert!(old.rounds.iter().all(|r| r.as_paired));
    assert!(old.adjustments.iter().any(|a| a.starts_with("XXR: JaVaFo's number of rounds")), "{:?}", old.adjustments);
    assert!(old.adjustments.iter().any(|a| a.starts_with("no tiebreaks declared (202 or 212)")), "{:?}", old.adjustments);
    // A bare TRF-16 with a record not read: every default and the record named.
    let bare: String = text.lines().filter(|l| !["142", "162", "192", "202", "152"].contains(&&l[..3])).map(|l| format!("{l}\n")).collect();
    let bare = format!("{bare}XXZ 1\n");
    let adjustments = check(&bare).unwrap().adjustments;
    let said = [
        "total number of rounds is not declared",
        "no point system declared",
        "initial colour is not declared",
        "no pairing system declared (192)",
        "XXZ",
    ];
    for said in said {
        assert!(adjustments.iter().any(|a| a.contains(said)), "{said}: {adjustments:?}");
    }
    // Before round 1 too.
    let fresh: String = tournament(SIX, 3).lines().filter(|l| !l.starts_with("142")).map(|l| format!("{l}\n")).collect();
    let adjustments = check(&fresh).unwrap().adjustments;
    for said in ["total number of rounds is not declared", "no point system declared", "initial colour is not declared"] {
        assert!(adjustments.iter().any(|a| a.contains(said)), "{said}: {adjustments:?}");
    }
}

#[test]
fn an_imported_round_that_broke_the_rules_is_confirmed_at_level_3_and_written() {
    let mut text = results(&pair_on(&tournament(SIX, 3), 1, None), 1);
    text = pair_on(&text, 2, None);
    let b = boards(&text, 2);
    text = apply(&text, &Action::Confirmed(Box::new(Action::Exchange { round: 2, a: b[0].0, b: b[1].0 }))).unwrap();
    // What another program would give: the same file without the desk's marks.
    let imported: String = results(&text, 2).split_inclusive('\n').filter(|l| !l.starts_with("###")).collect();
    let report = check(&imported).unwrap();
    assert!(report.rounds[0].as_paired && !report.rounds[1].as_paired, "{report:?}");
    assert!(!report.rounds[1].differences.is_empty());
    assert_eq!(report.level(), Level::Confirm);
    let accept = Action::AcceptImport { notes: Vec::new() };
    match apply(&imported, &accept).unwrap_err() {
        DeskError::Confirm { level, warnings } => {
            assert_eq!(level, Level::Confirm);
            assert!(warnings[0].starts_with("round 2: differs from the Dutch system"), "{warnings:?}");
        }
        other => panic!("{other:?}"),
    }
    let accepted = apply(&imported, &Action::Confirmed(Box::new(accept))).unwrap();
    let lines: Vec<&str> = accepted.lines().filter(|l| l.starts_with("### import: ")).collect();
    assert_eq!(lines.len(), report.lines().len());
    assert!(lines[0].starts_with("### import: round 2 differs from the Dutch system (C.04.3): the engine: "), "{lines:?}");
    assert!(parse_trf(&accepted).unwrap().1.is_empty(), "TRF readers skip the lines");
    // The arbiter's own words are written as given.
    let noted = apply(&imported, &Action::Confirmed(Box::new(Action::AcceptImport { notes: vec!["checked by IA X".into()] }))).unwrap();
    assert!(noted.contains("\n### import: checked by IA X\n"));
}

#[test]
fn an_imported_round_robin_is_checked_against_the_berger_table() {
    let d = Details { name: "RR".into(), rounds: 3, ..Details::for_system(System::RoundRobin) };
    let mut text = new_file(&d, &parse_players("A,2000\nB,1900\nC,1800\nD,1700\n").unwrap()).unwrap();
    text = results(&pair_on(&text, 1, None), 1);
    let report = check(&text).unwrap();
    assert!(report.rules.contains("Berger"), "{}", report.rules);
    assert!(report.rounds.iter().all(|r| r.as_paired), "{report:?}");
}

#[test]
fn an_imported_half_point_bye_of_a_player_marked_not_eligible_is_said() {
    let text = tournament("A,2000\nB,1900\nC,1800\nD,1700\nE,1600\n", 3);
    let text = apply(&text, &Action::Bye { start: 2, round: 1, kind: Some(ratings_engine::desk::ByeKind::Half) }).unwrap();
    let text = pair_on(&text, 1, None);
    // A file made elsewhere: the mark written after the bye was given.
    let marked = text.replacen("\n001", "\n### no half-point byes 2\n001", 1);
    let said = check(&marked).unwrap().adjustments;
    assert!(
        said.iter().any(|a| a.contains("start number 2") && a.contains("not eligible for half-point byes") && a.contains("round 1")),
        "{said:?}"
    );
    assert!(!check(&text).unwrap().adjustments.iter().any(|a| a.contains("not eligible")));
}
