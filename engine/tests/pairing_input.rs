//! What pairing the next round reads from a TRF file (FIDE Handbook C.04.1 and C.04.2, the
//! TRF-2026 records `142`, `162`, `250`, and JaVaFo's and bbpPairings's TRF(x) records `XXR`,
//! `XXA`, `BBW BBD BBL BBZ BBF BBU`): the total number of rounds, acceleration, the point
//! system, each player's entry for the round not yet paired, and the initial order. Every file
//! is written here, a few lines each, in the columns the formats give.

use ratings_engine::parse::trf::parse_trf;
use ratings_engine::tournament::{Colour, PointSystem, RoundResult, RoundStatus, Title, Tournament, Unpaired};

/// A `001` record: start number 5-8, sex 10, title 11-13, name 15-47, rating 49-52, points
/// 81-84, rank 86-89, then one ten-column block a round from column 92.
fn player(start: u32, title: &str, name: &str, rating: u32, points: &str, rounds: &[&str]) -> String {
    let rating = if rating == 0 { String::new() } else { rating.to_string() };
    let mut l = format!("001 {start:>4}  {title:>3} {name:<33} {rating:>4} {:3} {:>11} {:10} {points:>4} {start:>4}  ", "", "", "");
    for r in rounds {
        l.push_str(&format!("{r:<8}  "));
    }
    l.trim_end().to_string()
}

/// Four players after two rounds (1–2 and 3–4, then 1–3 and 2–4), `header` before them and
/// each player's `third` round after.
fn four(header: &str, third: [&str; 4]) -> String {
    let p = [
        player(1, "g", "Ann", 2400, "2.0", &["   2 w 1", "   3 b 1", third[0]]),
        player(2, "", "Bob", 2300, "0.5", &["   1 b 0", "   4 w =", third[1]]),
        player(3, "", "Cat", 2200, "1.0", &["   4 w 1", "   1 w 0", third[2]]),
        player(4, "", "Dan", 2100, "0.5", &["   3 b 0", "   2 b =", third[3]]),
    ];
    format!("012 Four\n{header}{}\n", p.join("\n"))
}

fn read(text: &str) -> (Tournament, Vec<String>) {
    let (t, w) = parse_trf(text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    (t, w.iter().map(ToString::to_string).collect())
}

#[test]
fn the_total_number_of_rounds_from_xxr_or_142() {
    for (header, total) in [("XXR 9\n", Some(9)), ("142 7\n", Some(7)), ("142 7\nXXR 7\n", Some(7)), ("", None)] {
        let (t, w) = read(&four(header, [""; 4]));
        assert_eq!(t.total_rounds, total, "{header:?}");
        assert_eq!(t.rounds, total.unwrap_or(2), "{header:?}");
        assert!(w.is_empty(), "{header:?}: {w:?}");
    }
}

/// A total that is not a whole number from 1, or smaller than the rounds the players' records
/// hold, is a warning naming the line: the file still reads (standings, tiebreaks), and the
/// total is unknown, so a pairing must be given it.
#[test]
fn a_bad_total_is_a_warning_naming_the_line_and_leaves_it_unknown() {
    for (header, says) in [
        ("XXR nine\n", "line 2: XXR: expected the total number of rounds (a whole number from 1), found 'nine'; the record is ignored"),
        ("XXR 0\n", "line 2: XXR: expected the total number of rounds (a whole number from 1), found '0'; the record is ignored"),
        ("142\n", "line 2: 142: expected the total number of rounds (a whole number from 1), found nothing; the record is ignored"),
        ("XXR 9 rounds\n", "line 2: XXR: expected the total number of rounds (a whole number from 1), found '9 rounds'"),
        ("XXR 1\n", "line 2: the file declares 1 rounds, but players' records have up to 2; 2 are used, and the total number of rounds is unknown (a pairing needs it given)"),
    ] {
        let (t, w) = read(&four(header, [""; 4]));
        assert_eq!((t.total_rounds, t.rounds), (None, 2), "{header:?}");
        assert!(w.iter().any(|w| w.starts_with(says)), "{header:?}: {w:?}");
    }
    // Entries already made for round 3 count among the rounds the records hold.
    let (t, w) = read(&four("XXR 2\n", ["0000 - H", "", "", ""]));
    assert_eq!((t.total_rounds, t.rounds), (None, 3));
    assert!(w[0].contains("declares 2 rounds, but players' records have up to 3"), "{w:?}");
}

#[test]
fn acceleration_from_xxa_records() {
    // Rounds 1 and 2: one virtual point for the top half, half a point in round 3.
    let header = "XXR 5\nXXA    1  1.0  1.0  0.5\nXXA    2  1.0  1.0  0.5\n";
    let (t, w) = read(&four(header, [""; 4]));
    assert!(w.is_empty(), "{w:?}");
    let a = t.acceleration.as_ref().expect("acceleration read");
    assert_eq!(a.lines, [3, 4]);
    assert_eq!((a.points(1, 1), a.points(2, 3), a.points(1, 4), a.points(3, 1)), (1.0, 0.5, 0.0, 0.0));
    assert!(!a.is_zero());
    // Virtual points are not results: the standings' and the pairing's points leave them out.
    assert_eq!(t.entrants[0].points(&t.scoring), 2.0);
    assert_eq!(t.entrants[0].points_in(&t.point_system, 2), 2.0);
    // No record, no acceleration; `XXA` with 0.0 only is an acceleration of nothing.
    assert_eq!(read(&four("", [""; 4])).0.acceleration, None);
    assert!(read(&four("XXA    1  0.0\n", [""; 4])).0.acceleration.unwrap().is_zero());
}

#[test]
fn acceleration_from_trf_2026_250_records() {
    // TRF-2026's example layout: match points 5-8 (blank), game points 10-13, rounds 15-17 to
    // 19-21, players 23-26 to 28-31.
    let header = "XXR 5\n### MMMM GGGG RRF RRL PPPF PPPL\n250      1.0 001 002 0001 0002\n250      0.5 003 003 0001 0002\n";
    let (t, w) = read(&four(header, [""; 4]));
    assert!(w.is_empty(), "{w:?}");
    let a = t.acceleration.unwrap();
    assert_eq!(a.by_start.get(&1), Some(&vec![1.0, 1.0, 0.5]));
    assert_eq!(a.by_start.get(&2), Some(&vec![1.0, 1.0, 0.5]));
    assert_eq!(a.points(3, 1), 0.0);
}

#[test]
fn bad_acceleration_records_are_warnings_naming_the_line() {
    for (header, says) in [
        ("XXA    1  1.0  x.5\n", "line 2: XXA: expected points for round 2 in columns 15-18, found 'x.5'; the record is ignored"),
        ("XXA   ab  1.0\n", "line 2: XXA: expected a start number in columns 5-8, found 'ab'; the record is ignored"),
        ("XXA    9  1.0\n", "line 2: acceleration for start number 9, not in the file; ignored for them"),
        ("250      1.0 003 001 0001 0002\n", "line 2: 250 (acceleration): expected the first round and player no later than the last"),
        ("250      one 001 002 0001 0002\n", "line 2: 250 (acceleration): expected game points in columns 10-13"),
        ("XXR 3\nXXA    1  1.0  1.0  1.0  1.0\n", "line 3: acceleration listed for 4 rounds, but the tournament has 3"),
    ] {
        let (_, w) = read(&four(header, [""; 4]));
        assert!(w.iter().any(|w| w.starts_with(says)), "{header:?}: {w:?}");
    }
}

#[test]
fn the_point_system_is_fides_unless_declared() {
    let (t, w) = read(&four("", [""; 4]));
    assert!(w.is_empty(), "{w:?}");
    let p = t.point_system;
    assert_eq!(p, PointSystem::default());
    assert_eq!((p.win, p.draw, p.loss, p.zero_bye, p.forfeit_loss, p.pairing_bye), (1.0, 0.5, 0.0, 0.0, 0.0, 1.0));
    assert_eq!((p.points(RoundResult::HalfBye), p.points(RoundResult::FullBye), p.points(RoundResult::ForfeitWin)), (0.5, 1.0, 1.0));
}

/// bbpPairings's codes (its README: a win, a draw, a played loss, a zero-point bye, a forfeit
/// loss, the pairing-allocated bye; BBU as a win unless given): the declared points are checked
/// with them, and a pairing scores with them.
#[test]
fn bbp_point_codes() {
    let p = [
        player(1, "", "Ann", 0, "9.0", &["   2 w 1", "   3 b 1", "0000 - U"]),
        player(2, "", "Bob", 0, "2.0", &["   1 b 0", "   4 w =", "0000 - H"]),
        player(3, "", "Cat", 0, "3.0", &["   4 w 1", "   1 w 0", "0000 - Z"]),
        player(4, "", "Dan", 0, "1.0", &["   3 b 0", "   2 b =", "0000 - -"]),
    ];
    let text = format!("XXR 3\nBBW  3.0\nBBD  1.0\n{}\n", p.join("\n"));
    let (t, w) = read(&text);
    assert!(w.is_empty(), "{w:?}");
    assert_eq!((t.point_system.win, t.point_system.draw, t.point_system.pairing_bye, t.point_system.half_bye), (3.0, 1.0, 3.0, 1.0));
    assert_eq!(t.entrants.iter().map(|e| e.points_in(&t.point_system, 3)).collect::<Vec<_>>(), [9.0, 2.0, 3.0, 1.0]);
    // Each code read into its own outcome.
    let text = "BBW 2.0\nBBD 1.0\nBBL 0.5\nBBZ 0.25\nBBF 0.0\nBBU 1.5\n001    1      A\n";
    let p = read(text).0.point_system;
    assert_eq!((p.win, p.draw, p.loss, p.zero_bye, p.forfeit_loss, p.pairing_bye), (2.0, 1.0, 0.5, 0.25, 0.0, 1.5));
}

/// The standings count a forfeit loss as a loss; a file that prices the two apart is told so,
/// and its declared points are checked with its own value.
#[test]
fn an_outcome_priced_apart_from_the_standings_is_a_warning() {
    let p = [player(1, "", "Ann", 0, "1.0", &["   2 w +"]), player(2, "", "Bob", 0, "0.5", &["   1 b -"])];
    let (t, w) = read(&format!("BBF  0.5\n{}\n", p.join("\n")));
    assert_eq!(t.point_system.forfeit_loss, 0.5);
    assert_eq!(t.entrants[1].points_in(&t.point_system, 1), 0.5);
    assert_eq!(
        w,
        ["line 1: forfeit losses score 0.5 here, but the standings count them as losses (0.0); the declared points are checked, and pairings scored, with 0.5"]
    );
}

#[test]
fn bad_point_codes_are_warnings_naming_the_line() {
    for (header, says) in [
        ("BBX 1.0\n", "line 2: BBX: not a bbpPairings point code (BBW, BBD, BBL, BBZ, BBF or BBU); the record is ignored"),
        ("BBW one\n", "line 2: BBW: expected a number of points; the record is ignored"),
    ] {
        let (t, w) = read(&four(header, [""; 4]));
        assert_eq!(t.point_system, PointSystem::default(), "{header:?}");
        assert!(w.iter().any(|w| w == says), "{header:?}: {w:?}");
    }
}

/// Entries made for round 3 before it is paired: each player's is kept as entered, a requested
/// bye or an absence apart from a player to be paired; the standings are still after round 2.
#[test]
fn entries_for_the_round_not_yet_paired() {
    let (t, w) = read(&four("XXR 5\n", ["0000 - H", "0000 - Z", "0000 - -", ""]));
    assert!(w.is_empty(), "{w:?}");
    assert_eq!((t.rounds_played(), t.pending_round().map(|p| (p.round, p.entries, p.paired))), (2, Some((3, 3, 0))));
    let status: Vec<RoundStatus> = (0..4).map(|i| t.status(i, 3)).collect();
    assert_eq!(
        status,
        [
            RoundStatus::Unpaired(Unpaired::HalfBye),
            RoundStatus::Unpaired(Unpaired::ZeroBye),
            RoundStatus::Unpaired(Unpaired::Absent),
            RoundStatus::Open
        ]
    );
    assert_eq!(t.requested_byes(3), [(0, Unpaired::HalfBye), (1, Unpaired::ZeroBye), (2, Unpaired::Absent)]);
    // Rounds played are games; a round past the file is open.
    assert_eq!((t.status(0, 1), t.status(3, 2), t.status(0, 4)), (RoundStatus::Paired(1), RoundStatus::Paired(1), RoundStatus::Open));
    // An absence scores as a zero-point bye (TRF-2026's `A`), everywhere.
    assert_eq!(t.entrants[2].rounds[2].result, RoundResult::ZeroBye);
    assert!(t.entrants[2].rounds[2].absent && !t.entrants[1].rounds[2].absent);
    // A full-point bye is requested too; the pairing-allocated bye is the pairing's own.
    let (t, _) = read(&four("", ["0000 - F", "0000 - U", "", ""]));
    assert_eq!(t.requested_byes(3), [(0, Unpaired::FullBye)]);
    assert_eq!(t.status(1, 3), RoundStatus::Unpaired(Unpaired::PairingBye));
    // Without the pending round, the entries are gone.
    assert_eq!(t.without_pending().status(0, 3), RoundStatus::Open);
}

/// A round paired for results (the scheduled opponent and colour, the result blank: TRF's
/// player section, columns 92-99; what `ratings-lab pair --format trf` writes) is the pending
/// round: no warning, the rounds played are those before it, and a block ending at its colour
/// is not a line cut off. In a round where other games have results, a game without one is
/// warned of (counted as not played).
#[test]
fn a_round_paired_without_results_is_the_pending_round() {
    let (t, w) = read(&four("XXR 5\n", ["   4 w", "   3 b", "   2 w", "   1 b"]));
    assert!(w.is_empty(), "{w:?}");
    assert_eq!(t.rounds_played(), 2);
    assert_eq!(t.pending_round().map(|p| (p.round, p.entries, p.paired)), Some((3, 4, 4)));
    assert_eq!((t.status(0, 3), t.status(1, 3)), (RoundStatus::Paired(3), RoundStatus::Paired(2)));
    assert_eq!((t.entrants[0].rounds[2].colour, t.entrants[0].rounds[2].result), (Some(Colour::White), RoundResult::NotPaired));
    // The pairing-allocated bye written with the round, its point counted, reads too.
    let (t, w) = read(&four("XXR 5\n", ["   2 w", "   1 b", "0000 - U", "0000 - H"]).replace(" 1.0    3", " 2.0    3"));
    assert!(w.is_empty(), "{w:?}");
    assert_eq!((t.rounds_played(), t.status(2, 3)), (2, RoundStatus::Unpaired(Unpaired::PairingBye)));
    // One result entered: the games without one are warned of, each naming its line.
    let (t, w) = read(&four("XXR 5\n", ["   4 w 1", "   3 b", "   2 w", "   1 b 0"]));
    assert_eq!(t.rounds_played(), 3);
    let unfinished: Vec<&String> = w.iter().filter(|w| w.contains("no result")).collect();
    assert_eq!(
        unfinished,
        [
            "line 4: round 3: paired with 3 but no result (column 119); counted as not played, no points",
            "line 5: round 3: paired with 2 but no result (column 119); counted as not played, no points"
        ]
    );
}

#[test]
fn bye_codes_and_titles_as_types() {
    for u in Unpaired::ALL {
        assert_eq!(u.code().to_string().parse::<Unpaired>(), Ok(u));
        assert_eq!(u.requested(), u != Unpaired::PairingBye, "{}", u.name());
    }
    assert_eq!("h".parse::<Unpaired>(), Ok(Unpaired::HalfBye));
    assert_eq!("X".parse::<Unpaired>(), Err("'X' is not a bye code: expected H, F, Z, U or -".to_string()));
    for t in Title::ALL {
        assert_eq!((t.code().parse::<Title>(), t.name().parse::<Title>()), (Ok(t), Ok(t)));
    }
    assert_eq!("wgm".parse::<Title>(), Ok(Title::Wgm));
    assert!("AGM".parse::<Title>().unwrap_err().contains("expected GM, IM, WGM, FM, WIM, CM, WFM or WCM"));
}

/// C.04.2's initial order: rating, then title (GM, IM, WGM, FM, WIM, CM, WFM, WCM, none), then
/// name; the file's start numbers are the pairing numbers, whatever the order.
#[test]
fn start_numbers_and_the_initial_order() {
    let p = [
        player(1, "", "Zed", 2300, "", &[]),
        player(2, "wg", "Yve", 2300, "", &[]),
        player(3, "m", "Xan", 2300, "", &[]),
        player(4, "", "Abe", 2300, "", &[]),
        player(5, "", "Unrated", 0, "", &[]),
        player(6, "GM", "Top", 2500, "", &[]),
    ];
    let (t, _) = read(&format!("XXR 5\n{}\n", p.join("\n")));
    assert_eq!(t.entrants.iter().map(|e| e.start).collect::<Vec<_>>(), [1, 2, 3, 4, 5, 6]);
    assert_eq!(
        (t.entrants[1].fide_title(), t.entrants[5].fide_title(), t.entrants[0].fide_title()),
        (Some(Title::Wgm), Some(Title::Gm), None)
    );
    let order: Vec<u32> = t.initial_order().into_iter().map(|i| t.entrants[i].start).collect();
    assert_eq!(order, [6, 3, 2, 4, 1, 5]);
}

/// TRF-2026's `240` records enter byes for a round as `0000 - H` in a player's record does.
#[test]
fn byes_entered_by_trf_2026_240_records() {
    let header = "XXR 5\n### T RRR  111  222\n240 H 003    1    2\n240 Z 003    3\n";
    let (t, w) = read(&four(header, [""; 4]));
    assert!(w.is_empty(), "{w:?}");
    assert_eq!(t.requested_byes(3), [(0, Unpaired::HalfBye), (1, Unpaired::HalfBye), (2, Unpaired::ZeroBye)]);
    assert_eq!(t.pending_round().map(|p| p.round), Some(3));
    for (header, says) in [
        ("240 H 003    9\n", "line 2: 240: start number 9 is not in the file; its bye is left out"),
        ("240 X 003    1\n", "line 2: 240 (byes): expected F, H or Z in column 5"),
        (
            "240 H 002    1\n",
            "line 2: 240: a half-point bye for start number 1 in round 2, but its record (line 3) has '1'; the record's entry is kept",
        ),
    ] {
        let (_, w) = read(&four(header, [""; 4]));
        assert!(w.iter().any(|w| w.starts_with(says)), "{header:?}: {w:?}");
    }
}

fn data(name: &str) -> String {
    let path = format!("{}/tests/data/pairing_input/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// A tournament bbpPairings generated (its `-g`, seed 21021: `data/pairing_input/SOURCE.txt`),
/// 3 points a win, 1 a draw, 2 the pairing-allocated bye, declared in TRF-2026's `162`.
#[test]
fn a_tournament_bbppairings_generated_reads_with_its_point_system() {
    let (t, w) = read(&data("bbp_dutch_seed21021.trf"));
    assert!(w.is_empty(), "{w:?}");
    let p = t.point_system;
    assert_eq!((p.win, p.draw, p.loss, p.pairing_bye, p.forfeit_win, p.forfeit_loss), (3.0, 1.0, 0.0, 2.0, 3.0, 0.0));
    assert_eq!((t.entrants.len(), t.rounds, t.total_rounds), (11, 5, None), "a finished file: no XXR");
    assert_eq!(t.kind.as_deref(), Some("FIDE_DUTCH_2025"));
    let points: Vec<f64> = t.entrants.iter().map(|e| e.points_in(&p, 5)).collect();
    assert_eq!(points, t.entrants.iter().map(|e| e.declared_points.unwrap()).collect::<Vec<_>>());
}

/// The same tournament before round 4 is paired, with three players' round-4 entries made:
/// the players bbpPairings pairs in round 4 are those whose entry is open.
#[test]
fn the_players_to_pair_are_those_bbppairings_pairs() {
    let (t, w) = read(&data("bbp_dutch_seed21021_round4_pending.trf"));
    assert!(w.is_empty(), "{w:?}");
    assert_eq!((t.total_rounds, t.rounds_played(), t.pending_round().map(|p| p.round)), (Some(5), 3, Some(4)));
    let by_start = |list: Vec<(usize, Unpaired)>| list.into_iter().map(|(i, u)| (t.entrants[i].start, u)).collect::<Vec<_>>();
    assert_eq!(by_start(t.requested_byes(4)), [(3, Unpaired::HalfBye), (7, Unpaired::Absent), (9, Unpaired::ZeroBye)]);
    let open: Vec<u32> = (0..t.entrants.len()).filter(|&i| t.status(i, 4) == RoundStatus::Open).map(|i| t.entrants[i].start).collect();
    // bbpPairings's round 4: 2–5, 4–1, 6–8, 11–10.
    let mut paired = vec![2, 5, 4, 1, 6, 8, 11, 10];
    paired.sort();
    assert_eq!(open, paired);
    // Its points: after round 3, the requested bye's point counted for start number 3 only.
    assert_eq!(t.entrants[2].points_in(&t.point_system, 4), 6.0);
    assert_eq!(t.entrants[2].points_in(&t.point_system, 3), 5.0);
}
