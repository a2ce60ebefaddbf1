//! Read any text with the one checker (`checker::check`, as `ratings-lab check`): the first byte
//! picks the tie-break rules (the file's, 2023 or 2026) and the total number of rounds (the
//! file's, or 1 to 15). Beyond "no panic": a report's counts hold together (pairs within the
//! boards, colours within the pairs, rounds numbered 1, 2, …, a round agreeing only when it
//! is legal and the reference's, the declared ranks that agree and those named as differing
//! adding up to those declared, the verdict the rounds' and the standings'), its text and
//! JSON write, and a round the reference could not pair says why naming a round or a line;
//! an error names its line (a reader's error, on a line the text has; a `192` or a round
//! robin's, its line or round), or is about the whole text (no TRF, no player). Files of more
//! than 40 entrants or 15 rounds are skipped, so a run stays fast.
#![no_main]
use libfuzzer_sys::fuzz_target;
use ratings_engine::checker::{check, CheckError, Options, RanksStatus, Report};
use ratings_engine::parse::decode::decode;
use ratings_engine::parse::trf::parse_trf;
use ratings_engine::tiebreak::Rules;
use ratings_engine_fuzz::check_errors;

const MAX_ENTRANTS: usize = 40;
const MAX_ROUNDS: usize = 15;

fuzz_target!(|bytes: &[u8]| {
    let Some((&pick, rest)) = bytes.split_first() else { return };
    let text = decode(rest).map_or_else(|_| String::from_utf8_lossy(rest).into_owned(), |d| d.text);
    if let Ok((t, _)) = parse_trf(&text) {
        if t.entrants.len() > MAX_ENTRANTS || t.rounds > MAX_ROUNDS {
            return;
        }
    }
    let rules = match pick & 3 {
        1 => Some(Rules::Fide2023),
        2 => Some(Rules::Fide2026),
        _ => None,
    };
    let rounds = match (pick >> 2) as usize % 16 {
        0 => None,
        n => Some(n),
    };
    match check(&text, &Options { rules, rounds }) {
        Ok(report) => holds_together(&report),
        Err(CheckError::Read(errors)) => check_errors(&text, &errors),
        Err(e @ (CheckError::NotTrf | CheckError::NoPlayers)) => assert!(!e.to_string().is_empty()),
        Err(CheckError::Unsupported { line, code }) => assert!(line >= 1, "192 {code} on line {line}"),
        // Declared by a 192 (its line), or taken for one by its shape: then the table's error
        // names its round (or the start number listed twice).
        Err(CheckError::RoundRobin { line, error }) => {
            let said = error.to_string();
            assert!(line.is_some() || said.contains("round ") || said.contains("start number"), "{said}");
        }
    }
});

/// A report's counts agree with each other, and it writes as text and JSON.
fn holds_together(report: &Report) {
    for (k, r) in report.rounds.iter().enumerate() {
        assert_eq!(r.round, k + 1, "rounds in order");
        assert!(r.pairs <= r.boards && r.colours <= r.pairs, "round {}: {} boards, {} pairs, {} colours", r.round, r.boards, r.pairs, r.colours);
        if r.agrees {
            assert!(r.illegal.is_empty() && r.bye_agrees && r.not_paired.is_none(), "round {} agrees but is not the reference's", r.round);
            assert!(r.ours_only.is_empty() && r.file_only.is_empty() && r.colours == r.boards && r.boards == r.our_boards, "round {}", r.round);
        }
        if let Some(why) = &r.not_paired {
            assert!(why.contains("round ") || why.contains("line "), "round {}: {why}", r.round);
        }
    }
    let s = &report.standings;
    assert_eq!(s.agree + s.differ.len(), s.declared, "declared ranks: {} agree, {} differ, {} declared", s.agree, s.differ.len(), s.declared);
    assert_eq!(s.status == RanksStatus::NotDeclared, s.declared == 0);
    assert_eq!(s.status == RanksStatus::Differ, !s.differ.is_empty());
    for d in &s.differ {
        assert!(d.ours >= 1 && d.ours <= d.ours_to, "{}: ours {}-{}", d.start, d.ours, d.ours_to);
    }
    assert_eq!(report.agrees, report.rounds.iter().all(|r| r.agrees) && s.status != RanksStatus::Differ);
    let text = report.text();
    assert!(text.contains("\ntotal: "), "{text}");
    serde_json::to_string(report).expect("the report writes as JSON");
}
