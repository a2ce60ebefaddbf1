//! Withdrawn and expelled players in the standings (FIDE's checklist for tournament programs,
//! Q170 and Q198) and FIDE mode left (Q46), read from the file's marks: a player's status
//! ([`Tournament::departure`]: from the `###` marks, or for a file without marks from
//! absences to the last round), an expelled player unranked at the end with the others'
//! ranks closing up, the withdrawn ranked and marked, no prize for the expelled, the desk's
//! TRF export ranking as the standings do. Every file is written here, in the TRF's columns.

use ratings_engine::desk::export::{export, TrfVersion};
use ratings_engine::job::{Job, Settings};
use ratings_engine::parse::trf::parse_trf;
use ratings_engine::tiebreak::prizes::{award, parse_table, Sharing};
use ratings_engine::tiebreak::StandingRow;
use ratings_engine::tournament::marks::LEFT_FIDE_MODE;
use ratings_engine::tournament::{Departure, Mode, Tournament};

/// A `001` record: start number 5-8, name 15-47, rating 49-52, points 81-84, rank 86-89,
/// then one ten-column block a round from column 92.
fn player(start: u32, name: &str, rating: u32, points: &str, rounds: &[&str]) -> String {
    let mut l = format!("001 {start:>4}      {name:<33} {rating:>4} {:3} {:>11} {:10} {points:>4} {:>4}  ", "", "", "", "");
    for r in rounds {
        l.push_str(&format!("{r:<8}  "));
    }
    l.trim_end().to_string()
}

/// Six players, three rounds. Ann (1) wins rounds 1 and 2 and is absent from round 3; Fay (6)
/// loses rounds 1 and 2 and is absent from round 3; the four others end on 1.5 each. `marks`
/// go after the header.
fn six(marks: &str) -> String {
    let absent = "0000 - -";
    let p = [
        player(1, "Ann", 2400, "2.0", &["   2 w 1", "   3 b 1", absent]),
        player(2, "Bob", 2300, "1.5", &["   1 b 0", "   6 w 1", "   3 w ="]),
        player(3, "Cat", 2200, "1.5", &["   4 w 1", "   1 w 0", "   2 b ="]),
        player(4, "Dan", 2100, "1.5", &["   3 b 0", "   5 b =", "   5 w 1"]),
        player(5, "Eve", 2000, "1.5", &["   6 w 1", "   4 w =", "   4 b 0"]),
        player(6, "Fay", 1900, "0.0", &["   5 b 0", "   2 b 0", absent]),
    ];
    format!("012 Six\n142 3\n{marks}{}\n", p.join("\n"))
}

const MARKED: &str = "### expelled 1 from round 3\n### withdrawn 6 from round 3\n";

fn read(text: &str) -> Tournament {
    parse_trf(text).unwrap_or_else(|e| panic!("{e}\n{text}")).0
}

fn standings(text: &str) -> Vec<StandingRow> {
    Job::read(text, &Settings::default()).unwrap().standings().unwrap().standings.rows
}

#[test]
fn a_players_status_comes_from_the_marks_or_else_from_absences_to_the_last_round() {
    let marked = read(&six(MARKED));
    assert_eq!(marked.departure(1), Some(Departure::Expelled { from_round: 3 }), "expelled by its mark");
    assert_eq!(marked.departure(6), Some(Departure::Withdrawn { from_round: 3 }), "withdrawn by its mark");
    assert_eq!(marked.departure(2), None, "playing on");
    let unmarked = read(&six(""));
    // Without marks an absence to the last round reads as a withdrawal; nobody is expelled.
    assert_eq!(unmarked.departure(1), Some(Departure::Withdrawn { from_round: 3 }));
    assert_eq!(unmarked.departure(6), Some(Departure::Withdrawn { from_round: 3 }));
    assert!((2..=5).all(|s| unmarked.departure(s).is_none()));
    assert_eq!(unmarked.departure(7), None, "no such player");
    // A mark from a later round than the standings' is not yet there.
    assert_eq!(marked.after_round(1).departure(1), None);
    assert_eq!(marked.after_round(2).departure(1), Some(Departure::Expelled { from_round: 3 }));
    assert_eq!((read(&six("")).mode, read(&six(&format!("{LEFT_FIDE_MODE}\n"))).mode), (Mode::Fide, Mode::Left));
}

#[test]
fn an_expelled_player_is_listed_last_without_a_rank_and_the_ranks_close_up() {
    let rows = standings(&six(MARKED));
    let last = rows.last().unwrap();
    assert_eq!((last.start, last.ranked(), last.rank, last.departure), (1, false, 6, Some(Departure::Expelled { from_round: 3 })));
    let ranked = &rows[..5];
    assert!(ranked.iter().all(StandingRow::ranked));
    assert_eq!(ranked[0].rank, 1, "the first ranked player is first, not second behind the expelled");
    for w in ranked.windows(2) {
        assert!(w[1].rank == w[0].rank || w[1].rank == ranked.iter().position(|r| r.start == w[1].start).unwrap() + 1, "{rows:?}");
    }
    // The withdrawn player keeps a place: ranked, and marked.
    let fay = rows.iter().find(|r| r.start == 6).unwrap();
    assert_eq!((fay.ranked(), fay.rank, fay.departure), (true, 5, Some(Departure::Withdrawn { from_round: 3 })));
    // Without the mark Ann is ranked first (on 2.0), withdrawn by her absence.
    let unmarked = standings(&six(""));
    assert_eq!((unmarked[0].start, unmarked[0].rank, unmarked[0].departure), (1, 1, Some(Departure::Withdrawn { from_round: 3 })));
}

#[test]
fn an_expelled_player_takes_no_prize_and_it_goes_to_the_next() {
    let text = six(MARKED);
    let st = Job::read(&text, &Settings::default()).unwrap().standings().unwrap().standings;
    let table = parse_table("1: 1000\n2: 600\n").unwrap();
    for sharing in [Sharing::Tiebreak, Sharing::Split, Sharing::Hort] {
        let list = award(&read(&text), &st, &table, sharing);
        let winners: Vec<u32> = list.totals().iter().map(|w| w.start).collect();
        assert!(!winners.contains(&1), "{sharing:?}: the expelled leader takes nothing: {winners:?}");
    }
    let list = award(&read(&text), &st, &table, Sharing::Tiebreak);
    assert_eq!(list.totals()[0].start, st.rows[0].start, "the first prize goes to the first ranked");
    assert_eq!(list.totals()[0].amount, 100_000);
}

#[test]
fn the_desks_export_ranks_an_expelled_player_after_every_ranked_one() {
    let written = export(&six(MARKED), TrfVersion::Trf2026);
    let rank = |start: u32| -> usize {
        let l = written.lines().find(|l| l.starts_with("001") && l[4..8].trim() == start.to_string()).unwrap();
        l[85..89].trim().parse().unwrap()
    };
    let rows = standings(&six(MARKED));
    for r in &rows {
        assert_eq!(rank(r.start), r.rank, "start {}: the export's rank is the standings'", r.start);
    }
    assert_eq!(rank(1), 6, "the expelled after the five ranked, no rank shared with a ranked player");
    let mut ranks: Vec<usize> = (1..=6).map(rank).collect();
    ranks.sort_unstable();
    assert_eq!(ranks.last(), Some(&6));
    assert!(ranks[..5].iter().all(|&r| r <= 5), "the ranked players' ranks close up: {ranks:?}");
}

#[test]
fn the_tiebreaks_report_marks_the_withdrawn_and_lists_the_expelled_without_a_rank() {
    use ratings_engine::tiebreak::printed::{json, table};
    let st = Job::read(&six(MARKED), &Settings::default()).unwrap().standings().unwrap().standings;
    let text = table(Some("Six"), &st, &[]);
    let ann = text.lines().find(|l| l.contains(" Ann ")).unwrap();
    assert!(ann.trim_start().starts_with("exp"), "{text}");
    assert!(text.contains("Ann (#1): expelled from round 3") && text.contains("Fay (#6): withdrawn from round 3"), "{text}");
    let v: serde_json::Value = serde_json::from_str(&json(&st, None, &[])).unwrap();
    let of = |start: u64| v["players"].as_array().unwrap().iter().find(|p| p["start"] == start).unwrap().clone();
    assert_eq!((of(1)["rank"].clone(), of(1)["status"]["status"].clone()), (serde_json::Value::Null, "expelled".into()));
    assert_eq!((of(6)["rank"].clone(), of(6)["status"]["from_round"].clone()), (5.into(), 3.into()));
    let csv = st.to_csv();
    assert!(csv.lines().any(|l| l.starts_with(",1,Ann,")), "an expelled player's rank cell is empty: {csv}");
}

#[test]
fn the_tiebreaks_report_says_when_the_file_left_fide_mode() {
    use ratings_engine::tiebreak::printed::{table_with, Extras};
    let left = format!("{}\n", ratings_engine::desk::confirm::LEFT_FIDE_MODE);
    let t = read(&six(&left));
    let st = Job::read(&six(&left), &Settings::default()).unwrap().standings().unwrap().standings;
    let text = table_with(Some("Six"), &st, &[], &Extras { mode: t.mode, ..Extras::default() });
    assert!(text.lines().nth(1).is_some_and(|l| l.starts_with("Not in FIDE mode")), "{text}");
    let plain = table_with(Some("Six"), &st, &[], &Extras::default());
    assert!(!plain.contains("Not in FIDE mode"), "{plain}");
}
