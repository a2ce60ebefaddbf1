//! The checker (`checker::check`, issue 38 item 2) on the desk's own exports (item 4): a
//! tournament run at the desk and exported final (TRF-2026 and TRF-16) carries its final ranks,
//! and every round and the standings agree — a Swiss with an odd count (a pairing-allocated
//! bye each round), one Baku-accelerated with players who must not meet, and a round robin.

use ratings_engine::checker::{check, Options, RanksStatus, System as Checked};
use ratings_engine::desk::export::{export_final, TrfVersion};
use ratings_engine::desk::register::{new_file, parse_players, Details};
use ratings_engine::desk::system::System;
use ratings_engine::desk::{apply, view, Action, Outcome};
use ratings_engine::tournament::Colour;

const ELEVEN: &str = "A,2300\nB,2250\nC,2200\nD,2150\nE,2100\nF,2050\nG,2000\nH,1950\nI,1900\nJ,1850\nK,1800\n";

/// `details` run at the desk to the end: every round paired, White winning on odd boards and
/// drawing on even ones.
fn run(details: &Details, players: &str) -> String {
    let mut text = new_file(details, &parse_players(players).unwrap()).unwrap();
    let rounds = view(&text).unwrap().total_rounds;
    for round in 1..=rounds {
        text = apply(&text, &Action::Pair { round, initial_colour: Some(Colour::White), date: None }).unwrap();
        let boards: Vec<u32> = view(&text).unwrap().rounds[round - 1].boards.iter().map(|b| b.white).collect();
        for (k, white) in boards.into_iter().enumerate() {
            let outcome = if k % 2 == 0 { Outcome::WhiteWins } else { Outcome::Draw };
            text = apply(&text, &Action::Result { round, white, outcome }).unwrap();
        }
    }
    text
}

/// The final exports of `text` checked: every round and the declared ranks agree.
fn assert_exports_agree(text: &str, system: Checked, rounds: usize) {
    for version in TrfVersion::ALL {
        let written = export_final(text, version).unwrap();
        let report = check(&written, &Options::default()).unwrap_or_else(|e| panic!("{version:?}: {e}"));
        let said = report.text();
        assert_eq!(report.system, system, "{version:?}: {said}");
        assert_eq!(report.rounds.len(), rounds, "{version:?}: {said}");
        assert!(report.rounds.iter().all(|r| r.agrees && r.illegal.is_empty()), "{version:?}: {said}");
        assert_eq!(report.standings.status, RanksStatus::Agree, "{version:?}: the export carries its final ranks: {said}");
        assert_eq!(report.standings.declared, report.standings.agree);
        assert!(report.agrees, "{version:?}: {said}");
        assert!(said.contains(" — ALL AGREE\n"), "{said}");
    }
}

#[test]
fn a_swiss_run_at_the_desk_and_exported_final_passes_the_check() {
    let d = Details { name: "Eleven".into(), rounds: 5, ..Details::default() };
    let text = run(&d, ELEVEN);
    assert_exports_agree(&text, Checked::Dutch, 5);
    let report = check(&export_final(&text, TrfVersion::Trf2026).unwrap(), &Options::default()).unwrap();
    assert!(report.rounds.iter().all(|r| r.file_bye.is_some() && r.bye_agrees), "eleven players: a bye each round");
}

#[test]
fn a_baku_swiss_with_players_apart_run_at_the_desk_passes_the_check() {
    let apart = "A; B\nC; D; E\n".to_string();
    let d = Details { name: "Baku".into(), rounds: 5, system: System::SwissBaku, must_not_meet: apart, ..Details::default() };
    let text = run(&d, ELEVEN);
    assert!(text.contains("\n192 FIDE_DUTCH_2025_BAKU\n") && text.contains("\n260 "), "{text}");
    assert_exports_agree(&text, Checked::Dutch, 5);
}

#[test]
fn a_round_robin_run_at_the_desk_passes_the_check() {
    let d = Details { name: "RR".into(), rounds: 3, ..Details::for_system(System::RoundRobin) };
    let text = run(&d, "A,2000\nB,1900\nC,1800\nD,1700\nE,1600\n");
    assert_exports_agree(&text, Checked::RoundRobin, 5);
}

#[test]
fn the_checker_never_panics_on_cut_or_altered_files() {
    // Every prefix of a real file (cut at each line) is a report or an error naming a line.
    let text =
        export_final(&run(&Details { name: "Eleven".into(), rounds: 5, ..Details::default() }, ELEVEN), TrfVersion::Trf2026).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    for n in 0..=lines.len() {
        if let Err(e) = check(&lines[..n].join("\n"), &Options::default()) {
            assert!(!e.to_string().is_empty());
        }
    }
}
