//! The desk's results as FIDE lists them, and the rules around them (issue 36): every
//! outcome's TRF codes and points, adjourned games (`?`) read, written and paired past, the
//! score sheet reader, earlier rounds locked with corrections for the rating report only,
//! confirmations as data (an exchange that seats a rematch), and a round paired by hand with
//! the engine's pairing beside it.

use ratings_engine::desk::correction::{corrections, for_rating};
use ratings_engine::desk::export::{export, TrfVersion};
use ratings_engine::desk::manual::compare;
use ratings_engine::desk::progress::adjourned;
use ratings_engine::desk::register::{new_file, parse_players, Details};
use ratings_engine::desk::{apply, view, Action, ByeKind, DeskError, Level, Outcome, SheetRead};
use ratings_engine::parse::trf::parse_trf;
use ratings_engine::tournament::{Colour, RoundResult};

fn tournament(players: &str, rounds: usize) -> String {
    new_file(&Details { name: "T".into(), rounds, ..Details::default() }, &parse_players(players).unwrap()).unwrap()
}

const SIX: &str = "A,2000\nB,1900\nC,1800\nD,1700\nE,1600\nF,1500\n";

fn pair(text: &str, round: usize) -> String {
    apply(text, &Action::Pair { round, initial_colour: Some(Colour::White), date: None }).unwrap()
}

fn boards(text: &str, round: usize) -> Vec<(u32, u32)> {
    view(text).unwrap().rounds[round - 1].boards.iter().map(|b| (b.white, b.black)).collect()
}

/// Every board of `round` given `outcome`.
fn results(text: &str, round: usize, outcome: Outcome) -> String {
    let mut text = text.to_string();
    for (white, _) in boards(&text, round) {
        text = apply(&text, &Action::Result { round, white, outcome }).unwrap();
    }
    text
}

fn confirm_level(e: &DeskError) -> Option<Level> {
    match e {
        DeskError::Confirm { level, .. } => Some(*level),
        _ => None,
    }
}

#[test]
fn each_outcome_writes_its_trf_codes_and_points() {
    let paired = pair(&tournament("A,2000\nB,1900\nC,1800\nD,1700\n", 3), 1);
    assert_eq!(boards(&paired, 1), [(1, 3), (4, 2)]);
    // The other board played, so that the file reads without a warning.
    let paired = apply(&paired, &Action::Result { round: 1, white: 4, outcome: Outcome::WhiteWins }).unwrap();
    use RoundResult::*;
    let table = [
        (Outcome::WhiteWins, ('1', '0'), (1.0, 0.0), "1-0"),
        (Outcome::Draw, ('=', '='), (0.5, 0.5), "½-½"),
        (Outcome::BlackWins, ('0', '1'), (0.0, 1.0), "0-1"),
        (Outcome::HalfZero, ('=', '0'), (0.5, 0.0), "½-0"),
        (Outcome::ZeroHalf, ('0', '='), (0.0, 0.5), "0-½"),
        (Outcome::ZeroZero, ('0', '0'), (0.0, 0.0), "0-0"),
        (Outcome::WhiteByForfeit, ('+', '-'), (1.0, 0.0), "+/-"),
        (Outcome::BlackByForfeit, ('-', '+'), (0.0, 1.0), "-/+"),
        (Outcome::DoubleForfeit, ('-', '-'), (0.0, 0.0), "-/-"),
        (Outcome::WhiteWinsUnrated, ('W', 'L'), (1.0, 0.0), "W-L"),
        (Outcome::DrawUnrated, ('D', 'D'), (0.5, 0.5), "D-D"),
        (Outcome::BlackWinsUnrated, ('L', 'W'), (0.0, 1.0), "L-W"),
        (Outcome::Adjourned, ('?', '?'), (0.5, 0.5), "?"),
    ];
    for (outcome, (cw, cb), (pw, pb), shown) in table {
        let text = apply(&paired, &Action::Result { round: 1, white: 1, outcome }).unwrap();
        let record = |start: u32| text.lines().find(|l| l.starts_with("001") && l[4..8].trim() == start.to_string()).unwrap().to_string();
        assert!(record(1).contains(&format!("   3 w {cw}")), "{outcome:?}: {}", record(1));
        assert!(record(3).contains(&format!("   1 b {cb}")), "{outcome:?}: {}", record(3));
        let (t, warnings) = parse_trf(&text).unwrap();
        assert!(warnings.is_empty(), "{outcome:?} reads without a warning: {warnings:?}");
        assert_eq!((t.entrants[0].rounds[0].result.code(), t.entrants[2].rounds[0].result.code()), (cw, cb));
        let v = view(&text).unwrap();
        assert_eq!((v.players[0].points, v.players[2].points), (pw, pb), "{outcome:?}");
        assert_eq!((outcome.written(), v.rounds[0].boards[0].result.as_str()), (shown, shown));
        assert_eq!(Outcome::from_sheet(shown), SheetRead::Complete(outcome), "what is shown reads back");
    }
    let adj = apply(&paired, &Action::Result { round: 1, white: 1, outcome: Outcome::Adjourned }).unwrap();
    assert_eq!(parse_trf(&adj).unwrap().0.entrants[0].rounds[0].result, Adjourned);
}

#[test]
fn an_adjourned_game_round_trips_through_the_trf() {
    let paired = pair(&tournament("A,2000\nB,1900\nC,1800\nD,1700\n", 3), 1);
    let text = results(&paired, 1, Outcome::Adjourned);
    for version in [TrfVersion::Trf16, TrfVersion::Trf2026] {
        let out = export(&text, version);
        let (t, warnings) = parse_trf(&out).unwrap();
        assert!(warnings.is_empty(), "{warnings:?}");
        assert!(t.entrants.iter().all(|e| e.rounds[0].result == RoundResult::Adjourned && e.rounds[0].opponent.is_some()));
        assert!(out.lines().filter(|l| l.starts_with("001")).all(|l| l.contains(" ?")), "{out}");
    }
    // A `?` with no opponent is no game: refused with the line named.
    let broken = text.replacen("   3 w ?", "0000 - ?", 1);
    assert!(parse_trf(&broken).is_err());
}

#[test]
fn an_unknown_result_symbol_is_read_as_a_result_not_yet_known_named_and_exported_as_a_question_mark() {
    use ratings_engine::desk::import::check;
    let paired = pair(&tournament("A,2000\nB,1900\nC,1800\nD,1700\n", 3), 1);
    let text = results(&paired, 1, Outcome::Adjourned);
    // Another program's symbols for a result it did not know: PGN's `*`, TRF-2026's `X`
    // (its 162 record's code for an unknown result).
    let unknown = text.replacen("   3 w ?", "   3 w *", 1).replacen("   1 b ?", "   1 b X", 1);
    let line_of = |needle: &str| unknown.lines().position(|l| l.starts_with("001") && l.contains(needle)).unwrap() + 1;
    let (t, warnings) = parse_trf(&unknown).unwrap();
    assert!(t.entrants.iter().all(|e| e.rounds[0].result == RoundResult::Adjourned), "as an adjourned game: paired, result to come");
    let said: Vec<String> = warnings.iter().map(|w| w.to_string()).collect();
    let (a, c) = (line_of("   3 w *"), line_of("   1 b X"));
    assert_eq!(
        said,
        [
            format!("line {a}: round 1: result `*` (column 99) unknown, read as a result not yet known (as an adjourned game, `?`)"),
            format!("line {c}: round 1: result `X` (column 99) unknown, read as a result not yet known (as an adjourned game, `?`)"),
        ]
    );
    let report = check(&unknown).unwrap();
    assert!(said.iter().all(|w| report.adjustments.contains(w)), "the import's check names them: {:?}", report.adjustments);
    assert_eq!(adjourned(&t).len(), 2, "open, as adjourned games");
    for version in [TrfVersion::Trf16, TrfVersion::Trf2026] {
        let out = export(&unknown, version);
        assert!(!out.contains(" *") && !out.contains("w X") && !out.contains("b X"), "{out}");
        let (back, warnings) = parse_trf(&out).unwrap();
        assert!(warnings.is_empty(), "{warnings:?}");
        assert!(back.entrants.iter().all(|e| e.rounds[0].result == RoundResult::Adjourned));
    }
    // Entered at the desk, the result replaces the unknown one.
    let done = apply(&unknown, &Action::Result { round: 1, white: 1, outcome: Outcome::WhiteWins }).unwrap();
    let (t, warnings) = parse_trf(&done).unwrap();
    assert!(warnings.is_empty() && t.entrants[0].rounds[0].result == RoundResult::Win, "{warnings:?}");
    // Not plausibly a result: a digit, or a symbol with no opponent, stays an error.
    for broken in [text.replacen("   3 w ?", "   3 w 7", 1), text.replacen("   3 w ?", "0000 - *", 1)] {
        assert!(parse_trf(&broken).is_err(), "{broken}");
    }
}

#[test]
fn the_score_sheet_reader_takes_every_form_and_refuses_a_five() {
    use Outcome::*;
    let complete = [
        ("1-0", WhiteWins),
        ("1:0", WhiteWins),
        (" 1 - 0 ", WhiteWins),
        ("0-1", BlackWins),
        ("½-½", Draw),
        ("1/2-1/2", Draw),
        ("=", Draw),
        ("0.5-0.5", Draw),
        ("1/2", Draw),
        ("½-0", HalfZero),
        ("1/2-0", HalfZero),
        ("0-½", ZeroHalf),
        ("0-0", ZeroZero),
        ("+/-", WhiteByForfeit),
        ("+-", WhiteByForfeit),
        ("-/+", BlackByForfeit),
        ("-+", BlackByForfeit),
        ("-/-", DoubleForfeit),
        ("--", DoubleForfeit),
        ("?", Adjourned),
        ("W-L", WhiteWinsUnrated),
        ("d-d", DrawUnrated),
        ("L-W", BlackWinsUnrated),
        ("1", WhiteWins),
        ("½", Draw),
        ("0", BlackWins),
        ("+", WhiteByForfeit),
        ("-", BlackByForfeit),
    ];
    for (typed, o) in complete {
        assert_eq!(Outcome::from_sheet(typed), SheetRead::Complete(o), "{typed:?}");
    }
    for typed in ["1/", "1-", "0-", "½-", "1/2-", "0.", "W-"] {
        assert_eq!(Outcome::from_sheet(typed), SheetRead::Prefix, "{typed:?}");
    }
    let SheetRead::Invalid(why) = Outcome::from_sheet("5") else { panic!("5 is no result") };
    assert!(why.starts_with("5 is not a result; a draw is = or ½"), "{why}");
    for typed in ["2-0", "1-1", "x", "1-½"] {
        let SheetRead::Invalid(why) = Outcome::from_sheet(typed) else { panic!("{typed} is no result") };
        assert!(why.contains("1-0, 0-1, ½-½"), "the message names what is accepted: {why}");
    }
    assert_eq!(Outcome::from_key("5"), None, "a stray 5 is not a draw");
    assert_eq!(Outcome::from_key("?"), Some(Adjourned));
    assert_eq!(Outcome::from_key("="), Some(Draw));
}

#[test]
fn an_adjourned_game_counts_as_a_draw_and_pairing_past_it_asks_an_acknowledgement() {
    let r1 = pair(&tournament(SIX, 5), 1);
    let (first, _) = boards(&r1, 1)[0];
    let adj = results(&r1, 1, Outcome::WhiteWins);
    let adj = apply(&adj, &Action::Result { round: 1, white: first, outcome: Outcome::Adjourned }).unwrap();
    let e = apply(&adj, &Action::Pair { round: 2, initial_colour: None, date: None }).unwrap_err();
    assert_eq!(confirm_level(&e), Some(Level::Warning), "{e}");
    assert!(e.to_string().contains("adjourned") && e.to_string().contains("draw"), "{e}");
    let v = view(&adj).unwrap();
    assert_eq!((v.adjourned.clone(), v.final_ready), (vec![(1, first)], false));
    assert_eq!(v.next, ratings_engine::desk::view::Next::Pair(2));

    // Resolved, round 2 paired; then round 1's game found adjourned after all (a change of
    // the round before the current one: Level 3), round 2 played.
    let text = pair(&results(&r1, 1, Outcome::WhiteWins), 2);
    let to_adjourned = Action::Result { round: 1, white: first, outcome: Outcome::Adjourned };
    assert_eq!(confirm_level(&apply(&text, &to_adjourned).unwrap_err()), Some(Level::Confirm));
    let text = apply(&text, &Action::Confirmed(Box::new(to_adjourned))).unwrap();
    let text = results(&text, 2, Outcome::Draw);
    assert_eq!(adjourned(&parse_trf(&text).unwrap().0), vec![(1, first)]);
    let e = apply(&text, &Action::Pair { round: 3, initial_colour: None, date: None }).unwrap_err();
    let DeskError::Confirm { level: Level::Warning, warnings } = &e else { panic!("a Level-2 warning, not {e:?}") };
    assert!(warnings[0].contains("round 1") && warnings[0].contains("(A)") || warnings[0].contains(&format!("{first} (")), "{warnings:?}");
    let paired = apply(&text, &Action::Confirmed(Box::new(Action::Pair { round: 3, initial_colour: None, date: None }))).unwrap();
    assert_eq!(boards(&paired, 3).len(), 3);
    // Paired past the open game: logged (Q112).
    let logged: Vec<&str> = paired.lines().filter(|l| l.starts_with("### round 3 paired past an open game: round 1: the game")).collect();
    assert_eq!(logged.len(), 1, "{paired}");
    // The adjourned game resolved later, though its round is locked now (decisive after
    // later rounds were paired: confirmed, Q163).
    let resolve = Action::Result { round: 1, white: first, outcome: Outcome::BlackWins };
    let done = apply(&paired, &Action::Confirmed(Box::new(resolve))).unwrap();
    assert!(view(&done).unwrap().adjourned.is_empty());
}

/// The checklist's Q167: an adjourned game's provisional score is a draw, for each player's
/// points and for pairing the next round, until its result is entered.
#[test]
fn an_adjourned_game_scores_a_provisional_draw_and_the_next_round_is_paired_on_it() {
    let r1 = pair(&tournament("A,2000\nB,1900\nC,1800\nD,1700\n", 3), 1);
    assert_eq!(boards(&r1, 1), [(1, 3), (4, 2)]);
    // 1-3 adjourned, 4-2 won by white: 1 and 3 on ½ each, 4 on 1, 2 on 0.
    let text = apply(&r1, &Action::Result { round: 1, white: 4, outcome: Outcome::WhiteWins }).unwrap();
    let text = apply(&text, &Action::Result { round: 1, white: 1, outcome: Outcome::Adjourned }).unwrap();
    let v = view(&text).unwrap();
    let points = |s: u32| v.players.iter().find(|p| p.start == s).unwrap().points;
    assert_eq!([1, 2, 3, 4].map(points), [0.5, 0.0, 0.5, 1.0]);
    let (t, _) = parse_trf(&text).unwrap();
    assert_eq!(t.entrants[0].points_in(&t.point_system, 1), 0.5);
    let pair2 = Action::Pair { round: 2, initial_colour: None, date: None };
    let paired = apply(&text, &Action::Confirmed(Box::new(pair2))).unwrap();
    // Round 2 is paired on the scores ½, 0, ½, 1 (in tenths, by start number).
    let (t2, _) = parse_trf(&paired).unwrap();
    let scores = ratings_engine::pairing::dutch::state::scores_before(&t2, 2, None);
    assert_eq!(scores[1], [5, 0, 5, 10]);
    assert_eq!(boards(&paired, 2).len(), 2);
    // The explanation's score groups show the same: 1 and 3 in the ½ bracket.
    let why = ratings_engine::desk::explain(&paired, 2).unwrap();
    assert!(why.contains("0.5") || why.contains("½"), "{why}");
    // The standings count the draw; the result entered later replaces it.
    let resolve = Action::Result { round: 1, white: 1, outcome: Outcome::WhiteWins };
    let done = apply(&paired, &Action::Confirmed(Box::new(resolve))).unwrap();
    let v = view(&done).unwrap();
    assert_eq!(v.players.iter().find(|p| p.start == 3).unwrap().points, 0.0);
}

#[test]
fn the_tournament_is_final_only_with_every_result_in() {
    let text = pair(&tournament("A,2000\nB,1900\nC,1800\nD,1700\n", 2), 1);
    let text = pair(&results(&text, 1, Outcome::Draw), 2);
    assert!(!view(&text).unwrap().final_ready, "round 2's results missing");
    let done = results(&text, 2, Outcome::WhiteWins);
    assert!(view(&done).unwrap().final_ready);
    let white = boards(&done, 2)[0].0;
    let adj = apply(&done, &Action::Result { round: 2, white, outcome: Outcome::Adjourned }).unwrap();
    assert!(!view(&adj).unwrap().final_ready, "an adjourned game open");
}

/// Six players, rounds 1 and 2 played (white wins), round 3 paired.
fn three_rounds() -> String {
    let text = pair(&tournament(SIX, 5), 1);
    let text = pair(&results(&text, 1, Outcome::WhiteWins), 2);
    pair(&results(&text, 2, Outcome::WhiteWins), 3)
}

#[test]
fn rounds_before_the_second_to_last_are_locked_and_corrected_for_the_rating_report_only() {
    let text = three_rounds();
    let (w1, b1) = boards(&text, 1)[0];
    let e = apply(&text, &Action::Result { round: 1, white: w1, outcome: Outcome::Draw }).unwrap_err();
    assert!(matches!(e, DeskError::Round { round: 1, .. }) && e.to_string().contains("locked"), "{e}");
    let before = view(&text).unwrap().players;
    let corrected = apply(&text, &Action::Correction { round: 1, white: w1, outcome: Outcome::Draw }).unwrap();
    let line = corrected.lines().find(|l| l.starts_with("### correction round 1: ")).expect("a ### line");
    assert!(line.contains(&format!("{w1}-{b1} ½-½ (was 1-0)")), "{line}");
    assert!(corrected.find("### correction").unwrap() < corrected.find("\n001").unwrap(), "after the header, before the players");
    assert_eq!(view(&corrected).unwrap().players, before, "the standings unchanged");
    assert_eq!(corrections(&corrected).len(), 1);
    let (t, notes) = for_rating(&corrected).unwrap();
    let i = t.entrants.iter().position(|e| e.start == w1).unwrap();
    assert_eq!(t.entrants[i].rounds[0].result, RoundResult::Draw, "the rating report gets the game as played");
    assert!(notes[0].starts_with("correction for rating: round 1"), "{notes:?}");
    let report = ratings_engine::fide::report::report(&t, &Default::default());
    assert!(!report.players.is_empty());
    // A correction is for locked rounds only; the round before the current one is changed
    // itself, with a Level-3 confirmation naming the round paired since.
    let (w2, _) = boards(&text, 2)[0];
    assert!(apply(&text, &Action::Correction { round: 2, white: w2, outcome: Outcome::Draw }).is_err());
    let change = Action::Result { round: 2, white: w2, outcome: Outcome::Draw };
    let e = apply(&text, &change).unwrap_err();
    let DeskError::Confirm { level: Level::Confirm, warnings } = &e else { panic!("Level 3, not {e:?}") };
    assert!(warnings[0].contains("round 3 was paired on the old score"), "{warnings:?}");
    let changed = apply(&text, &Action::Confirmed(Box::new(change))).unwrap();
    assert_ne!(view(&changed).unwrap().players, before);
    // The current round's results are free.
    let (w3, _) = boards(&text, 3)[0];
    apply(&text, &Action::Result { round: 3, white: w3, outcome: Outcome::Draw }).unwrap();
}

#[test]
fn an_exchange_that_seats_a_rematch_needs_confirming() {
    let text = pair(&results(&pair(&tournament(SIX, 5), 1), 1, Outcome::WhiteWins), 2);
    let r1 = boards(&text, 1);
    let r2 = boards(&text, 2);
    let (a, met) = r1[0];
    // `x` faces `met` in round 2: exchanging `a` with `x` seats `a` against `met` again.
    let x = r2
        .iter()
        .find_map(|&(w, b)| {
            if w == met {
                Some(b)
            } else if b == met {
                Some(w)
            } else {
                None
            }
        })
        .unwrap();
    let exchange = Action::Exchange { round: 2, a, b: x };
    let e = apply(&text, &exchange).unwrap_err();
    let DeskError::Confirm { level: Level::Confirm, warnings } = &e else { panic!("Level 3, not {e:?}") };
    assert!(
        warnings.iter().any(|w| w.contains("rematch") && w.contains(&format!("{a} (")) && w.contains(&format!("{met} ("))),
        "{warnings:?}"
    );
    let done = apply(&text, &Action::Confirmed(Box::new(exchange.clone()))).unwrap();
    assert!(done.contains(&format!("### manual round 2: {a} and {x} exchanged by the arbiter")));
    assert_eq!(
        Action::Confirmed(Box::new(exchange)).renumbered(&|s| s + 10),
        Action::Confirmed(Box::new(Action::Exchange { round: 2, a: a + 10, b: x + 10 }))
    );
}

#[test]
fn a_round_paired_by_hand_is_checked_confirmed_and_compared_with_the_engine() {
    let text = results(&pair(&tournament(SIX, 5), 1), 1, Outcome::WhiteWins);
    let r1 = boards(&text, 1);
    // Round 1's boards again: every game a rematch.
    let by_hand = Action::PairByHand { round: 2, boards: r1.clone(), bye: None };
    let e = apply(&text, &by_hand).unwrap_err();
    let DeskError::Confirm { level: Level::Confirm, warnings } = &e else { panic!("Level 3, not {e:?}") };
    assert_eq!(warnings.iter().filter(|w| w.contains("rematch")).count(), 3, "{warnings:?}");
    let done = apply(&text, &Action::Confirmed(Box::new(by_hand))).unwrap();
    assert!(done.contains("### manual round 2: paired by hand by the arbiter\n"), "{done}");
    let line = done.lines().find(|l| l.starts_with("### manual round 2: the engine pairs it otherwise: ")).expect("the comparison");
    assert!(line.contains("not 1 (A) –") || line.contains("not "), "{line}");
    assert!(!compare(&done, 2).is_empty());
    assert_eq!(boards(&done, 2).len(), 3);
    // Undone with the round's marks.
    let back = apply(&done, &Action::Unpair { round: 2 }).unwrap();
    assert!(!back.contains("### manual round 2"));
    // The engine's own pairing given by hand compares the same.
    let engine = pair(&text, 2);
    let same = apply(&text, &Action::PairByHand { round: 2, boards: boards(&engine, 2), bye: None }).unwrap();
    assert!(same.contains("### manual round 2: the engine pairs it the same"), "{same}");
    assert!(compare(&engine, 2).is_empty());
    // Every player exactly once.
    let (w, b) = r1[0];
    let short = Action::PairByHand { round: 2, boards: vec![(w, b)], bye: None };
    assert!(apply(&text, &short).unwrap_err().to_string().contains("not seated"));
    let twice = Action::PairByHand { round: 2, boards: vec![(w, b), (w, r1[1].0), (r1[1].1, r1[2].0)], bye: Some(r1[2].1) };
    assert!(apply(&text, &twice).unwrap_err().to_string().contains("seated twice"));
    let unknown = Action::PairByHand { round: 2, boards: r1.clone(), bye: Some(99) };
    assert!(apply(&text, &unknown).unwrap_err().to_string().contains("99 is no player"));
}

#[test]
fn a_second_pairing_allocated_bye_by_hand_needs_confirming() {
    let five = "A,2000\nB,1900\nC,1800\nD,1700\nE,1600\n";
    let text = results(&pair(&tournament(five, 3), 1), 1, Outcome::Draw);
    let bye = view(&text).unwrap().rounds[0].bye.unwrap();
    let others: Vec<u32> = (1..=5).filter(|&s| s != bye).collect();
    let r1 = boards(&text, 1);
    // Pair the four others so that no one meets again: cross the round-1 pairs.
    let hand = vec![(r1[0].0, r1[1].1), (r1[1].0, r1[0].1)];
    assert!(others.iter().all(|s| hand.iter().any(|&(w, b)| w == *s || b == *s)));
    let e = apply(&text, &Action::PairByHand { round: 2, boards: hand, bye: Some(bye) }).unwrap_err();
    let DeskError::Confirm { warnings, .. } = &e else { panic!("{e:?}") };
    assert!(warnings.iter().any(|w| w.contains("second one") && w.contains(&format!("{bye} ("))), "{warnings:?}");
}

#[test]
fn a_session_of_hand_changes_is_begun_and_ended_with_the_engines_pairing_beside_it() {
    let paired = pair(&tournament(SIX, 3), 1);
    let begun = apply(&paired, &Action::ManualSession { round: 1, end: false }).unwrap();
    assert!(begun.contains("### manual round 1: session of hand changes begun by the arbiter\n"), "{begun}");
    // Nothing changed: the end says the round is the engine's.
    let same = apply(&begun, &Action::ManualSession { round: 1, end: true }).unwrap();
    assert!(same.contains("### manual round 1: session ended: the round is as the engine pairs it\n"), "{same}");
    // Colours swapped on board 1, then ended: the difference written.
    let (w, _) = boards(&begun, 1)[0];
    let swapped = match apply(&begun, &Action::SwapColours { round: 1, white: w }) {
        Ok(t) => t,
        Err(_) => apply(&begun, &Action::Confirmed(Box::new(Action::SwapColours { round: 1, white: w }))).unwrap(),
    };
    let end = Action::ManualSession { round: 1, end: true };
    let ended = apply(&swapped, &Action::Confirmed(Box::new(end))).unwrap();
    let line = ended.lines().find(|l| l.contains("session ended")).unwrap();
    assert!(line.contains("the engine pairs it otherwise") && line.contains("colours the other way"), "{line}");
    // A round with results is no longer changed by hand.
    let played = results(&paired, 1, Outcome::Draw);
    assert!(apply(&played, &Action::ManualSession { round: 1, end: false }).is_err());
}

/// The colours a player has had so far, by the file (`w`/`b`, round by round).
fn colours_of(text: &str, start: u32) -> Vec<Colour> {
    let (t, _) = parse_trf(text).unwrap();
    let e = t.entrants.iter().find(|e| e.start == start).unwrap();
    e.rounds.iter().filter_map(|r| r.colour).collect()
}

#[test]
fn a_swap_that_puts_both_players_off_their_due_colour_is_acknowledged_and_a_third_colour_confirmed() {
    // Round 2: on a board where each player has the colour they were due (the other than in
    // round 1), swapping the colours puts both off it: Level 2 (the checklist's Q67).
    let text = pair(&results(&pair(&tournament(SIX, 5), 1), 1, Outcome::Draw), 2);
    let due =
        boards(&text, 2).into_iter().find(|&(w, b)| colours_of(&text, w)[0] == Colour::Black && colours_of(&text, b)[0] == Colour::White);
    let (w, _) = due.expect("a board where both have their due colour");
    let swap = Action::SwapColours { round: 2, white: w };
    let e = apply(&text, &swap).unwrap_err();
    let DeskError::Confirm { level, warnings } = &e else { panic!("asked, not {e:?}") };
    assert!(*level >= Level::Warning, "{level:?}");
    assert!(warnings.iter().any(|x| x.contains("due colour")), "{warnings:?}");
    let swapped = apply(&text, &Action::Confirmed(Box::new(swap))).unwrap();
    // Round 3: the player given white twice (by the swap) is black; a swap that gives them a
    // third white in a row is Level 3 (Q66).
    let two = pair(&results(&swapped, 2, Outcome::Draw), 3);
    let board = boards(&two, 3).into_iter().find(|&(_, b)| colours_of(&two, b)[..2] == [Colour::White, Colour::White]);
    let (w3, b3) = board.unwrap_or_else(|| panic!("no board with a third white: {:?}", boards(&two, 3)));
    let e = apply(&two, &Action::SwapColours { round: 3, white: w3 }).unwrap_err();
    let DeskError::Confirm { level: Level::Confirm, warnings } = &e else { panic!("Level 3, not {e:?}") };
    assert!(warnings.iter().any(|x| x.contains(&format!("{b3} ("))), "{warnings:?}");
}

#[test]
fn an_exchange_that_seats_a_pair_who_must_not_meet_needs_confirming() {
    let details = Details { name: "T".into(), rounds: 5, must_not_meet: "A; D\n".into(), ..Details::default() };
    let text = new_file(&details, &parse_players(SIX).unwrap()).unwrap();
    let text = pair(&text, 1);
    let r1 = boards(&text, 1);
    assert!(!r1.iter().any(|&(w, b)| (w, b) == (1, 4) || (w, b) == (4, 1)), "the engine keeps them apart: {r1:?}");
    // Exchange 4 with whoever faces 1: 1 and 4 then meet.
    let x = r1
        .iter()
        .find_map(|&(w, b)| {
            if w == 1 {
                Some(b)
            } else if b == 1 {
                Some(w)
            } else {
                None
            }
        })
        .unwrap();
    let exchange = Action::Exchange { round: 1, a: 4, b: x };
    let e = apply(&text, &exchange).unwrap_err();
    let DeskError::Confirm { level: Level::Confirm, warnings } = &e else { panic!("Level 3, not {e:?}") };
    assert!(warnings.iter().any(|w| w.contains("must not meet")), "{warnings:?}");
}

/// Q65: a session begun before the games started is ended after results were typed in.
#[test]
fn a_session_of_hand_changes_ends_after_results_are_entered() {
    let paired = pair(&tournament(SIX, 3), 1);
    let begun = apply(&paired, &Action::ManualSession { round: 1, end: false }).unwrap();
    let played = results(&begun, 1, Outcome::Draw);
    let ended = apply(&played, &Action::ManualSession { round: 1, end: true }).unwrap();
    assert!(ended.contains("### manual round 1: session ended: the round is as the engine pairs it\n"), "{ended}");
    // Still only the last round paired.
    let later = pair(&played, 2);
    let e = apply(&later, &Action::ManualSession { round: 1, end: true }).unwrap_err();
    assert!(matches!(e, DeskError::Round { round: 1, .. }), "{e:?}");
}

/// Q69: a session that leaves the round other than the engine's pairing ends only when the
/// arbiter confirms (Level 3), each difference a warning; then the line is written as before.
#[test]
fn a_session_ending_with_the_round_not_as_the_engine_pairs_it_needs_confirming() {
    let paired = pair(&tournament(SIX, 3), 1);
    let begun = apply(&paired, &Action::ManualSession { round: 1, end: false }).unwrap();
    let (w, _) = boards(&begun, 1)[0];
    let swap = Action::SwapColours { round: 1, white: w };
    let swapped = apply(&begun, &swap).or_else(|_| apply(&begun, &Action::Confirmed(Box::new(swap)))).unwrap();
    let end = Action::ManualSession { round: 1, end: true };
    let e = apply(&swapped, &end).unwrap_err();
    let DeskError::Confirm { level: Level::Confirm, warnings } = &e else { panic!("a Level-3 confirmation, not {e:?}") };
    assert_eq!(warnings, &compare(&swapped, 1));
    assert!(warnings.len() == 1 && warnings[0].contains("colours the other way"), "{warnings:?}");
    let ended = apply(&swapped, &Action::Confirmed(Box::new(end))).unwrap();
    assert_eq!(ended.lines().filter(|l| l.starts_with("### manual round 1: session ended: the engine pairs it otherwise")).count(), 1);
}

/// Q112: every event of the pairing's integrity is written to the file as a `###` line.
#[test]
fn every_pairing_integrity_event_is_logged() {
    let text = three_rounds();
    let (w, b) = boards(&text, 2)[0];
    // A result of the round before the current one changed (Level 3), logged.
    let change = Action::Result { round: 2, white: w, outcome: Outcome::BlackWins };
    let changed = apply(&text, &Action::Confirmed(Box::new(change))).unwrap();
    let line = format!("### result changed round 2, after round 3 was paired: {w} – {b} 1-0 → 0-1");
    assert!(changed.lines().any(|l| l == line), "{line} in\n{changed}");
    // A round unpaired; a bye entered and taken back; a withdrawal.
    let unpaired = apply(&text, &Action::Unpair { round: 3 }).unwrap();
    assert!(unpaired.contains("### unpaired round 3 by the arbiter\n"), "{unpaired}");
    let bye = apply(&unpaired, &Action::Bye { start: 2, round: 3, kind: Some(ByeKind::Half) }).unwrap();
    assert!(bye.contains("### bye for 2 in round 3: half-point bye entered\n"), "{bye}");
    let back = apply(&bye, &Action::Bye { start: 2, round: 3, kind: None }).unwrap();
    assert!(back.contains("### bye for 2 in round 3: taken back\n"), "{back}");
    let gone = apply(&back, &Action::Withdraw { start: 5, from_round: 4 }).unwrap();
    assert!(gone.contains("### withdrawn 5 from round 4\n"), "{gone}");
    // The events already logged: an exchange, a swap, an expulsion, an edit.
    let swap = Action::SwapColours { round: 3, white: boards(&text, 3)[0].0 };
    let swapped = apply(&text, &swap).or_else(|_| apply(&text, &Action::Confirmed(Box::new(swap)))).unwrap();
    assert!(swapped.lines().any(|l| l.starts_with("### manual round 3: colours of")), "{swapped}");
    let (a, c) = (boards(&text, 3)[0].0, boards(&text, 3)[1].0);
    let ex = Action::Exchange { round: 3, a, b: c };
    let exchanged = apply(&text, &ex).or_else(|_| apply(&text, &Action::Confirmed(Box::new(ex)))).unwrap();
    assert!(exchanged.lines().any(|l| l.starts_with("### manual round 3: ") && l.contains("exchanged")), "{exchanged}");
    let expelled = apply(&text, &Action::Expel { start: 6, from_round: 4 }).unwrap();
    assert!(expelled.contains("### expelled 6 from round 4\n"));
    // The file still reads, each line a comment.
    for t in [&changed, &unpaired, &bye, &back, &gone] {
        assert!(parse_trf(t).unwrap().1.is_empty(), "{t}");
    }
}

/// Q174: the first half-point bye goes through; a second (in an earlier round or entered for
/// another) asks a Level-3 confirmation.
#[test]
fn a_second_half_point_bye_needs_confirming() {
    let half = |start: u32, round: usize| Action::Bye { start, round, kind: Some(ByeKind::Half) };
    let text = apply(&tournament(SIX, 5), &half(2, 1)).unwrap();
    // The same round entered again is not a second bye.
    let text = apply(&text, &half(2, 1)).unwrap();
    let text = pair(&text, 1);
    let text = results(&text, 1, Outcome::WhiteWins);
    let e = apply(&text, &half(2, 3)).unwrap_err();
    assert_eq!(confirm_level(&e), Some(Level::Confirm), "{e}");
    assert!(e.to_string().contains("second half-point bye"), "{e}");
    let text = apply(&text, &Action::Confirmed(Box::new(half(2, 3)))).unwrap();
    assert!(text.contains("### bye for 2 in round 3: half-point bye entered\n"), "{text}");
    // Another player's first; then their second entered for a round ahead.
    let text = apply(&text, &half(4, 4)).unwrap();
    assert_eq!(confirm_level(&apply(&text, &half(4, 5)).unwrap_err()), Some(Level::Confirm));
    // Other kinds of bye are not counted.
    assert!(apply(&text, &Action::Bye { start: 2, round: 4, kind: Some(ByeKind::Zero) }).is_ok());
}

/// Q178, Q179: a full-point bye is acknowledged (FIDE deprecates them) and logged.
#[test]
fn a_full_point_bye_is_acknowledged_and_logged() {
    let full = Action::Bye { start: 3, round: 1, kind: Some(ByeKind::Full) };
    let text = tournament(SIX, 5);
    let e = apply(&text, &full).unwrap_err();
    assert_eq!(confirm_level(&e), Some(Level::Warning), "{e}");
    assert!(e.to_string().contains("deprecate"), "{e}");
    let text = apply(&text, &Action::Confirmed(Box::new(full))).unwrap();
    assert!(text.contains("### bye for 3 in round 1: full-point bye entered\n"), "{text}");
    assert!(parse_trf(&text).unwrap().1.is_empty());
}

/// Q163: an adjourned game counted as a draw when later rounds were paired; a decisive result
/// for it then asks a Level-3 confirmation and is logged. A draw, or no later round paired,
/// goes through.
#[test]
fn a_decisive_result_for_an_adjourned_game_paired_past_needs_confirming() {
    let r1 = pair(&tournament(SIX, 5), 1);
    let (first, second) = boards(&r1, 1)[0];
    let adj = results(&r1, 1, Outcome::WhiteWins);
    let adj = apply(&adj, &Action::Result { round: 1, white: first, outcome: Outcome::Adjourned }).unwrap();
    let win = Action::Result { round: 1, white: first, outcome: Outcome::WhiteWins };
    assert!(apply(&adj, &win).is_ok(), "no later round paired");
    let paired = apply(&adj, &Action::Confirmed(Box::new(Action::Pair { round: 2, initial_colour: None, date: None }))).unwrap();
    let e = apply(&paired, &win).unwrap_err();
    assert_eq!(confirm_level(&e), Some(Level::Confirm), "{e}");
    assert!(e.to_string().contains("provisional draw"), "{e}");
    let done = apply(&paired, &Action::Confirmed(Box::new(win))).unwrap();
    let line = format!("### adjourned game resolved round 1, after round 2 was paired: {first} – {second} ? → 1-0");
    assert!(done.lines().any(|l| l == line), "{line} in\n{done}");
    assert!(apply(&paired, &Action::Result { round: 1, white: first, outcome: Outcome::Draw }).is_ok());
}

/// A Swiss set up with more rounds than it can pair without a rematch is warned of before the
/// start (FIDE's checklist Q62).
#[test]
fn a_swiss_with_too_many_rounds_for_its_players_is_warned_of_before_the_start() {
    let v = view(&tournament("A,2000\nB,1900\nC,1800\nD,1700\n", 5)).unwrap();
    assert!(v.warnings.iter().any(|w| w.contains("at most 3 rounds without a rematch")), "{:?}", v.warnings);
    let fine = view(&tournament("A,2000\nB,1900\nC,1800\nD,1700\n", 3)).unwrap();
    assert!(!fine.warnings.iter().any(|w| w.contains("without a rematch")), "{:?}", fine.warnings);
}

/// A round robin's round paired by hand (FIDE's checklist Q100): taken as any hand pairing,
/// checked, and written with the Berger table's pairing beside it.
#[test]
fn a_round_robin_round_is_paired_by_hand() {
    use ratings_engine::desk::system::System;
    let d = Details { name: "RR".into(), rounds: 3, ..Details::for_system(System::RoundRobin) };
    let text = new_file(&d, &parse_players("A,2000\nB,1900\nC,1800\nD,1700\n").unwrap()).unwrap();
    let hand = Action::PairByHand { round: 1, boards: vec![(1, 2), (3, 4)], bye: None };
    let done = apply(&text, &hand).or_else(|_| apply(&text, &Action::Confirmed(Box::new(hand.clone())))).unwrap();
    assert!(done.contains("### manual round 1: paired by hand by the arbiter"), "{done}");
    assert_eq!(boards(&done, 1).len(), 2);
    let mut seated: Vec<(u32, u32)> = boards(&done, 1).into_iter().map(|(w, b)| (w.min(b), w.max(b))).collect();
    seated.sort_unstable();
    assert_eq!(seated, vec![(1, 2), (3, 4)]);
}
