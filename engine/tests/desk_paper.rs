//! The desk's paper (issue 36, item 7): a round's starting time kept in the file as a
//! `### round R time HH:MM` line (TRF-2026's `132` holds dates only), read into the view,
//! changed, taken out, exported; and the alphabetical list and the start list built from a
//! real file's view (a pairing-allocated bye, an absent player, accented names).

use ratings_engine::desk::dates::when;
use ratings_engine::desk::export::{export, TrfVersion};
use ratings_engine::desk::paper::{alphabetical, start_list, Seat};
use ratings_engine::desk::register::{new_file, parse_players, Details};
use ratings_engine::desk::{apply, view, Action, ByeKind};
use ratings_engine::tournament::Colour;

/// Five players (one is left without a game each round), accented names among them.
const FIVE: &str = "Zeller Anna,2000\nÉmile Jean,1900\nEaton Bob,1800\nÅlund Eva,1700\nbrown carl,1600\n";

fn tournament() -> String {
    new_file(&Details { name: "Hall Open".into(), rounds: 4, ..Details::default() }, &parse_players(FIVE).unwrap()).unwrap()
}

fn pair(text: &str, round: usize) -> String {
    apply(text, &Action::Pair { round, initial_colour: Some(Colour::White), date: Some("2026-03-14".into()) }).unwrap()
}

fn time(text: &str, round: usize, at: Option<&str>) -> Result<String, String> {
    apply(text, &Action::RoundTime { round, time: at.map(str::to_string) }).map_err(|e| e.to_string())
}

#[test]
fn a_round_time_is_kept_as_a_comment_line_changed_and_taken_out() {
    let paired = pair(&tournament(), 1);
    let timed = time(&paired, 1, Some("15:00")).unwrap();
    assert!(timed.contains("### round 1 time 15:00\n"), "{timed}");
    let r1 = view(&timed).unwrap().rounds.into_iter().find(|r| r.round == 1).unwrap();
    assert_eq!((r1.date.as_deref(), r1.time.as_deref()), (Some("26/03/14"), Some("15:00")));
    assert_eq!(when(r1.date.as_deref(), r1.time.as_deref()).as_deref(), Some("Saturday 14 March 2026, 15:00"));
    // Changed: one line, the new time; the other rounds' lines left alone.
    let later = time(&time(&timed, 2, Some("9:30")).unwrap(), 1, Some("16.15")).unwrap();
    assert_eq!(later.matches("### round 1 time").count(), 1, "{later}");
    assert!(later.contains("### round 1 time 16:15\n") && later.contains("### round 2 time 09:30\n"), "{later}");
    // Both exports keep it (every ### line), the file's records otherwise as they were.
    for version in TrfVersion::ALL {
        assert!(export(&later, version).contains("### round 1 time 16:15"), "{version:?}");
    }
    assert_eq!(timed.replace("### round 1 time 15:00\n", ""), paired);
    // Taken out with no time, or a blank one.
    assert_eq!(time(&timed, 1, None).unwrap(), paired);
    assert_eq!(time(&timed, 1, Some("  ")).unwrap(), paired);
    // A round the tournament does not have, or no time, refused.
    assert!(time(&paired, 5, Some("15:00")).unwrap_err().contains("no such round"));
    assert!(time(&paired, 1, Some("3 pm")).unwrap_err().contains("expected HH:MM"));
    // Unpairing keeps the hall's schedule.
    let unpaired = apply(&timed, &Action::Unpair { round: 1 }).unwrap();
    assert!(unpaired.contains("### round 1 time 15:00\n"));
}

#[test]
fn the_alphabetical_list_of_a_round_has_every_player_and_their_seat() {
    let mut text = tournament();
    let starts: Vec<(u32, String)> = view(&text).unwrap().players.iter().map(|p| (p.start, p.name.clone())).collect();
    let start_of = |name: &str| starts.iter().find(|(_, n)| n.starts_with(name)).unwrap().0;
    // Eaton absent from round 1: four play, no pairing-allocated bye; then round 2 with five.
    text = apply(&text, &Action::Bye { start: start_of("Eaton"), round: 1, kind: Some(ByeKind::Absent) }).unwrap();
    text = pair(&text, 1);
    let v = view(&text).unwrap();
    let rows = alphabetical(&v, 1);
    let names: Vec<&str> = rows.iter().map(|r| r.name.as_str()).collect();
    assert_eq!(names.len(), 5);
    assert!(names[0].starts_with("Ålund") && names[1].starts_with("brown") && names[2].starts_with("Eaton"), "{names:?}");
    assert!(names[3].starts_with("Émile") && names[4].starts_with("Zeller"), "{names:?}");
    assert_eq!(rows[2].seat, Seat::Entered(ByeKind::Absent));
    let seated = rows.iter().filter(|r| matches!(r.seat, Seat::Board { .. })).count();
    assert_eq!(seated, 4);
    // Each board's two players name each other, one with white.
    for r in &rows {
        if let Seat::Board { board, colour, opponent } = r.seat {
            let other = rows.iter().find(|x| x.start == opponent).unwrap();
            assert!(matches!(other.seat, Seat::Board { board: b, colour: c, opponent: o } if b == board && c != colour && o == r.start));
        }
    }
    // Round 2 (five players): one has the pairing-allocated bye.
    for (white, _) in v.rounds[0].boards.iter().map(|b| (b.white, b.black)).collect::<Vec<_>>() {
        text = apply(&text, &Action::Result { round: 1, white, outcome: ratings_engine::desk::Outcome::Draw }).unwrap();
    }
    text = pair(&text, 2);
    let two = alphabetical(&view(&text).unwrap(), 2);
    assert_eq!(two.iter().filter(|r| r.seat == Seat::PairingBye).count(), 1);
    let list = start_list(&view(&text).unwrap());
    assert_eq!(list.iter().map(|r| r.start).collect::<Vec<_>>(), vec![1, 2, 3, 4, 5]);
    assert_eq!(list[0].rating, Some(2000));
}
