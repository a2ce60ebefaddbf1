//! Ranking files (issue 39): each layout of events with places read as it says, through the
//! detection every caller uses, and each bad input refused with an error that names its line
//! and says what was expected.
//!
//! * `long_form_ties_unranked_and_both_rankings`: ties share a place, an empty place or `-` is
//!   a player who took part unranked, standard (1, 2, 2, 4) and dense (1, 2, 2, 3) rankings pass;
//! * `long_form_errors_name_the_line`: places that skip, a player twice (both lines named), an
//!   event of one player, an event with no place, places 0 / negative / not a number;
//! * `wide_places`: `event, 1st, 2nd, 3rd` (and `first, second, third`, `place1..`), ties as
//!   `A = B` or `A / B`, fewer players in trailing empty cells, a mapping `places=`; errors;
//! * `debate_tab_is_an_event_a_room_a_round`: a British Parliamentary tab of 12 teams over 9
//!   rounds (`round, room, team, rank`) reads as 27 events of 4 teams, by header names and by
//!   an explicit mapping `event=round+room,place=rank` (and on other header names);
//! * `mappings_that_cannot_be_read_are_errors`.

use ratings_engine::job::{Job, Settings};
use ratings_engine::methods::MethodKind;
use ratings_engine::parse::detect::{detect, read, Format, ReadOptions};
use ratings_engine::parse::{parse_events, Parsed};

/// The events as (name, [(player, place)], [unranked player]).
fn events(p: &Parsed) -> Vec<(String, Vec<(String, u32)>, Vec<String>)> {
    let name = |i: usize| p.dataset.players[i].name.clone();
    p.dataset
        .events
        .iter()
        .map(|e| (e.name.clone(), e.places.iter().map(|&(i, k)| (name(i), k)).collect(), e.unranked.iter().map(|&i| name(i)).collect()))
        .collect()
}

fn places(list: &[(&str, u32)]) -> Vec<(String, u32)> {
    list.iter().map(|&(n, k)| (n.to_string(), k)).collect()
}

/// The error of reading `text` with `mapping`, which must name `line` and contain `expected`.
fn refused(text: &str, mapping: &str, line: usize, expected: &str) {
    let e = parse_events(text, mapping).map(|p| events(&p)).expect_err(text);
    assert!(e.0.iter().any(|e| e.line() == line), "line {line} not named in {e} for {text:?}");
    let message = e.to_string();
    assert!(message.contains(expected), "{message:?} does not say {expected:?} for {text:?}");
}

fn multi_elo_options(mapping: &str) -> ReadOptions {
    ReadOptions { own: ratings_engine::job::own_format(MethodKind::MultiElo), mapping: mapping.into(), ..Default::default() }
}

#[test]
fn long_form_ties_unranked_and_both_rankings() {
    let text = "event,player,place\ng1,A,1\ng1,B,2\ng1,C,2\ng1,D,4\ng2,A,1\ng2,B,2\ng2,C,2\ng2,D,3\ng3,A,1\ng3,B,\ng3,C,-\n";
    let p = parse_events(text, "").unwrap();
    let e = events(&p);
    assert_eq!(e[0], ("g1".into(), places(&[("A", 1), ("B", 2), ("C", 2), ("D", 4)]), vec![]));
    assert_eq!(e[1].1, places(&[("A", 1), ("B", 2), ("C", 2), ("D", 3)]));
    assert_eq!(e[2], ("g3".into(), places(&[("A", 1)]), vec!["B".into(), "C".into()]));
    assert_eq!(p.dataset.events[2].size(), 3);
    assert_eq!(p.dataset.events[2].line, 10);
    // A tie for first, and a tie of everyone.
    let p = parse_events("event,player,place\ng,A,1\ng,B,1\ng,C,3\nh,A,1\nh,B,1\n", "").unwrap();
    assert_eq!(events(&p)[0].1, places(&[("A", 1), ("B", 1), ("C", 3)]));
    assert_eq!(events(&p)[1].1, places(&[("A", 1), ("B", 1)]));
    // Read through the detection the command line and the app use.
    let input = read(text, &multi_elo_options("")).unwrap();
    assert_eq!((input.format, input.dataset.events.len()), (Format::Events, 3));
}

#[test]
fn long_form_errors_name_the_line() {
    let head = "event,player,place\n";
    let gaps = "places without a gap";
    refused(&format!("{head}g,A,1\ng,B,3\n"), "", 3, gaps);
    refused(&format!("{head}g,A,1\ng,B,3\n"), "", 3, "place 3 where 2 was due, in event 'g'");
    refused(&format!("{head}g,A,2\ng,B,3\n"), "", 2, "place 2 where 1 was due");
    refused(&format!("{head}g,A,1\ng,B,1\ng,C,2\ng,D,2\ng,E,4\n"), "", 6, gaps);
    refused(&format!("{head}g,A,1\ng,B,2\ng,C,2\ng,D,5\n"), "", 5, "place 5 where 4 was due");
    refused(
        &format!("{head}g,A,1\ng,B,2\ng,A,3\n"),
        "",
        4,
        "expected each player once per event, found ''A' on line 2 and again on line 4'",
    );
    refused(&format!("{head}g,A,1\nh,A,1\nh,B,2\n"), "", 2, "expected at least two players in an event, found '1 in event 'g''");
    refused(&format!("{head}g,A,\ng,B,-\n"), "", 2, "expected at least one player with a place");
    for bad in ["0", "-2", "first", "1.5"] {
        refused(&format!("{head}g,A,1\ng,B,{bad}\n"), "", 3, &format!("column 'place': expected a place: a whole number from 1 (the winner), or empty or '-' for a player who took part unranked, found '{bad}'"));
    }
    refused(&format!("{head}g,,1\ng,B,2\n"), "", 2, "column 'player': expected a player's name");
    refused(&format!("{head},A,1\ng,B,2\n"), "", 2, "column 'event': expected an event name");
    refused(&format!("{head}g,A,1\ng,B,2\nh,A,1\nh,B,2\ng,C,1\n"), "", 6, "expected the rows of one event together");
    // Every bad line is named, not only the first.
    let e = parse_events(&format!("{head}g,A,1\ng,B,3\nh,A,0\nh,B,1\n"), "").unwrap_err();
    assert_eq!(e.0.iter().map(|e| e.line()).collect::<Vec<_>>(), vec![3, 4]);
}

#[test]
fn wide_places() {
    let text = "event,1st,2nd,3rd,4th\nn1,A,B,C,D\nn2,C = D,,B,A\nn3,B / A,C,,\nn4,D,A,\n";
    assert!(ratings_engine::parse::looks_like_events(text));
    let p = parse_events(text, "").unwrap();
    let e = events(&p);
    assert_eq!(e[0], ("event n1".into(), places(&[("A", 1), ("B", 2), ("C", 3), ("D", 4)]), vec![]));
    // A tie at first, the standard way (2nd left empty) and the dense way; fewer players.
    assert_eq!(e[1].1, places(&[("C", 1), ("D", 1), ("B", 3), ("A", 4)]));
    assert_eq!(e[2].1, places(&[("B", 1), ("A", 1), ("C", 2)]));
    assert_eq!(e[3].1, places(&[("D", 1), ("A", 2)]));
    for header in ["race,first,second,third", "race,place1,place2,place3", "race,1st,2nd,3rd"] {
        let p = parse_events(&format!("{header}\nr1,X,Y,Z\n"), "").unwrap();
        assert_eq!(events(&p)[0].1, places(&[("X", 1), ("Y", 2), ("Z", 3)]), "{header}");
    }
    // No event column: the row's line names the event. A name may hold a bare '/'.
    let p = parse_events("1st,2nd\nAC/DC,Queen\n", "").unwrap();
    assert_eq!(events(&p)[0], ("line 2".into(), places(&[("AC/DC", 1), ("Queen", 2)]), vec![]));
    // A mapping names other columns.
    let p = parse_events("heat,gold,silver,bronze\nh1,A,B,C\n", "places=gold|silver|bronze").unwrap();
    assert_eq!(events(&p)[0], ("heat h1".into(), places(&[("A", 1), ("B", 2), ("C", 3)]), vec![]));
    assert_eq!(detect("heat,gold,silver,bronze\nh1,A,B,C\n", &multi_elo_options("places=gold|silver|bronze")), Format::Events);
    // A games file's first/second columns are not places.
    assert!(!ratings_engine::parse::looks_like_events("first,second,result\nA,B,1-0\n"));
    let head = "event,1st,2nd,3rd\n";
    refused(&format!("{head}n1,A,,C\n"), "", 2, "column '3rd': expected places without a gap");
    refused(
        &format!("{head}n1,A,A,C\n"),
        "",
        2,
        "column '2nd': expected each player once per event, found ''A' in column '1st' and again here'",
    );
    refused(&format!("{head}n1,A,,\n"), "", 2, "expected at least two players in an event");
    refused(&format!("{head}n1,A = ,B\n"), "", 2, "column '1st': expected a player's name");
}

/// A British Parliamentary tab: 12 teams, 9 rounds, 3 rooms a round, 4 teams a room ranked
/// 1–4; the teams drawn into rooms differently each round. Rows under `header`.
fn debate_tab(header: &str) -> String {
    let mut text = format!("{header}\n");
    for round in 1..=9 {
        for room in 0..3 {
            for seat in 0..4 {
                let team = (room * 4 + seat + round * 5) % 12 + 1;
                let rank = (seat + round + room) % 4 + 1;
                text += &format!("{round},{},Team {team},{rank}\n", ["A", "B", "C"][room]);
            }
        }
    }
    text
}

fn check_debate(text: &str, mapping: &str) {
    let input = read(text, &multi_elo_options(mapping)).unwrap();
    assert_eq!(input.format, Format::Events);
    let ev = &input.dataset.events;
    assert_eq!(input.dataset.players.len(), 12);
    assert_eq!(ev.len(), 27, "{mapping}: {:?}", ev.iter().map(|e| (&e.name, e.size())).collect::<Vec<_>>());
    for e in ev {
        let mut ks: Vec<u32> = e.places.iter().map(|&(_, k)| k).collect();
        ks.sort();
        assert_eq!(ks, vec![1, 2, 3, 4], "{}", e.name);
        assert!(e.unranked.is_empty());
    }
    assert_eq!(ev.iter().filter(|e| e.places.iter().any(|&(_, k)| k == 1)).count(), 27);
}

#[test]
fn debate_tab_is_an_event_a_room_a_round() {
    let tab = debate_tab("round,room,team,rank");
    check_debate(&tab, "");
    check_debate(&tab, "event=round+room,place=rank");
    let p = parse_events(&tab, "").unwrap();
    assert_eq!(p.dataset.events[0].name, "round 1, room A");
    // Header names the detection does not know, mapped.
    let other = debate_tab("Rd,Chamber,Side,Result");
    check_debate(&other, "event=Rd+Chamber,player=Side,place=Result");
    check_debate(&other, "event=#1+#2,player=#3,place=#4");
    // The command line's and the app's read: multiplayer Elo rates 27 events.
    let settings = Settings { method: MethodKind::MultiElo, mapping: "event=round+room,place=rank".into(), ..Settings::default() };
    let job = Job::read(&tab, &settings).unwrap();
    assert_eq!(job.input.dataset.events.len(), 27);
}

#[test]
fn mappings_that_cannot_be_read_are_errors() {
    let tab = debate_tab("round,room,team,rank");
    let e = parse_events(&tab, "event=round+hall,place=rank").unwrap_err().to_string();
    assert!(e.contains("gives 'hall' for 'event', but the header on line 1 has no such column"), "{e}");
    let e = parse_events(&tab, "colour=round").unwrap_err().to_string();
    assert!(e.contains("bad column mapping 'colour=round'"), "{e}");
    let e = parse_events("a,b,c\nx,y,z\n", "players=a|b,scores=c").unwrap_err().to_string();
    assert!(e.contains("players= and scores= name as many columns"), "{e}");
    let e = parse_events("a,b,c\nx,y,z\n", "").unwrap_err().to_string();
    assert!(e.contains("line 1: no column for multi-player events"), "{e}");
}

/// The committed ranking files (`tests/data/events/`, also the fuzz targets' seeds) read as
/// they say.
#[test]
fn committed_ranking_files() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/events/");
    let file = |name: &str| std::fs::read_to_string(format!("{dir}{name}")).unwrap();
    check_debate(&file("debate_bp.csv"), "");
    check_debate(&file("debate_bp.csv"), "event=round+room,place=rank");
    let p = parse_events(&file("places_wide.csv"), "").unwrap();
    let e = events(&p);
    assert_eq!(e.iter().map(|e| e.1.len()).collect::<Vec<_>>(), vec![5, 4, 4, 3]);
    assert_eq!(e[2], ("race Heat 3".into(), places(&[("Dov", 1), ("Ana", 2), ("Eli", 2), ("Bea", 4)]), vec![]));
    let p = parse_events(&file("long_ties_unranked.csv"), "").unwrap();
    let e = events(&p);
    assert_eq!(e.len(), 3);
    assert_eq!(e[2], ("Night 3".into(), places(&[("Dov", 1)]), vec!["Ana".into(), "Bea".into(), "Cy".into()]));
}
