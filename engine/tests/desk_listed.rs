//! Players pasted at registration rated from the rating list open (FIDE's checklist Q127):
//! the list's rating wins over the one typed, blank fields are filled, every difference and
//! every id not found is noted; the list's month is checked against the start date (B.02
//! art. 10), logged in the new file as `###` lines, and the month's warning shown by the view.

use ratings_engine::desk::from_list::{list_month_check, list_valid_at, listed_file, rated_from_list};
use ratings_engine::desk::register::{parse_players, Details};
use ratings_engine::desk::view;
use ratings_engine::parse::rating_list::{kind_in_name, ListReader, RatingList, RatingType};
use ratings_engine::parse::trf::parse_trf;
use ratings_engine::tournament::{Sex, Title};

fn list(name: &str, date: Option<&str>) -> RatingList {
    let path = format!("{}/tests/data/rating_list/{name}", env!("CARGO_MANIFEST_DIR"));
    // As the app reads a file: a separate list's kind from its name.
    let mut reader = ListReader::with_kind(date.map(str::to_string), kind_in_name(name));
    reader.push(&std::fs::read(path).unwrap());
    reader.finish().list
}

const PASTED: &str = "name,rating,fide id,fed\nMagnus,2800,1503014,\nYifan,2633,5000017,NOR\nNobody,1900,99999999,\nAnna,1850,,\nBen,,,\n";

#[test]
fn the_lists_rating_wins_blank_fields_are_filled_and_each_difference_is_noted() {
    let players = parse_players(PASTED).unwrap();
    let (rated, notes) = rated_from_list(&players, &list("players_list_foa.txt", Some("2026-11")), RatingType::Standard);
    let magnus = &rated[0];
    assert_eq!(
        (magnus.name.as_str(), magnus.rating, magnus.federation.as_deref(), magnus.title, magnus.birth.as_deref(), magnus.sex),
        ("Magnus", Some(2833), Some("NOR"), Some(Title::Gm), Some("1990"), Some(Sex::Male)),
        "the name as typed, the rating and the blank fields from the list"
    );
    let yifan = &rated[1];
    assert_eq!(
        (yifan.rating, yifan.federation.as_deref(), yifan.title),
        (Some(2633), Some("NOR"), Some(Title::Gm)),
        "a field typed is kept"
    );
    assert_eq!(rated[2..], players[2..], "an id not in the list and players without one: as typed");
    assert_eq!(
        notes,
        [
            "Magnus (FIDE id 1503014): rating 2800 typed, 2833 in the list",
            "Nobody (FIDE id 99999999): not in the list, kept as typed",
            "2 players without a FIDE id, kept as typed",
        ]
    );
}

#[test]
fn a_player_unrated_in_the_kind_chosen_is_unrated_and_noted() {
    let players = parse_players("name,rating,fide id\nÅse,2000,1700010\nMagnus,,1503014\n").unwrap();
    let (rated, notes) = rated_from_list(&players, &list("players_list_foa.txt", None), RatingType::Blitz);
    assert_eq!((rated[0].rating, rated[1].rating), (None, Some(2886)));
    assert_eq!(notes, ["Åse (FIDE id 1700010): rating 2000 typed, unrated in the list (blitz)"], "a rating filled in is no difference");
}

#[test]
fn a_fide_separate_list_gives_its_one_rating_whatever_kind_was_chosen() {
    let players = parse_players("name,rating,fide id\nMagnus,,1503014\nAnna,,\n").unwrap();
    let separate = list("standard_nov26frl.txt", Some("2026-11"));
    let (rated, _) = rated_from_list(&players, &separate, RatingType::Rapid);
    assert_eq!(rated[0].rating, Some(2833), "the standard list's rating");
    let text = listed_file(&details("2026/11/27"), &players, &separate, RatingType::Rapid).unwrap();
    assert!(text.contains("### ratings from the FIDE list of 2026-11 (standard): 1 of 2 players found\n"), "{text}");
}

#[test]
fn a_national_list_fills_the_national_rating_not_the_fide_one() {
    let players = parse_players("name,rating,fide id,national\nKari,1500,10001,1700\n").unwrap();
    let (rated, notes) = rated_from_list(&players, &list("national.csv", None), RatingType::Standard);
    assert_eq!((rated[0].rating, rated[0].national_rating, rated[0].sex), (Some(1500), Some(1720), Some(Sex::Female)));
    assert_eq!(notes, ["Kari (FIDE id 10001): national rating 1700 typed, 1720 in the list"]);
}

#[test]
fn the_list_of_the_start_dates_month_is_the_one_valid() {
    assert_eq!(list_month_check(Some("2026-11"), "2026/11/27"), None);
    assert_eq!(list_month_check(Some("2026-11"), "2026-11-01"), None);
    let later = list_month_check(Some("2026-12"), "2026/11/27").unwrap();
    assert!(
        later.starts_with("the list of 2026-12 is later than the start date 2026-11-27: the ratings must be those of the list of 2026-11"),
        "{later}"
    );
    let earlier = list_month_check(Some("2026-10"), "2026/11/27").unwrap();
    assert!(
        earlier
            .starts_with("the list of 2026-10 is earlier than the start date 2026-11-27: the ratings must be those of the list of 2026-11"),
        "{earlier}"
    );
    let across = list_month_check(Some("2026-12"), "2027/01/03").unwrap();
    assert!(across.contains("must be those of the list of 2027-01"), "{across}");
    let unknown = list_month_check(None, "2026/11/27").unwrap();
    assert!(unknown.starts_with("the list's month is unknown"), "{unknown}");
    assert!(unknown.contains("the list of 2026-11"), "{unknown}");
    assert_eq!(list_month_check(Some("2026-11"), ""), None, "no start date: nothing to check");
    assert_eq!(list_month_check(None, "soon"), None);
    assert_eq!((list_valid_at("2026/11/27").as_deref(), list_valid_at("2026-13-01"), list_valid_at("")), (Some("2026-11"), None, None));
}

fn details(start: &str) -> Details {
    Details { name: "Club Open".into(), start_date: start.into(), rounds: 3, ..Details::default() }
}

#[test]
fn the_new_file_logs_what_the_list_did_and_is_ordered_by_the_lists_ratings() {
    let players = parse_players(PASTED).unwrap();
    let text = listed_file(&details("2026/11/27"), &players, &list("players_list_foa.txt", Some("2026-11")), RatingType::Standard).unwrap();
    let marks: Vec<&str> = text.lines().filter(|l| l.starts_with("###")).collect();
    assert_eq!(
        marks,
        [
            "### ratings from the FIDE list of 2026-11 (standard): 2 of 5 players found",
            "### rating list: Magnus (FIDE id 1503014): rating 2800 typed, 2833 in the list",
            "### rating list: Nobody (FIDE id 99999999): not in the list, kept as typed",
            "### rating list: 2 players without a FIDE id, kept as typed",
        ]
    );
    let first_player = text.find("\n001").unwrap();
    assert!(text.find("\n### ").unwrap() < first_player, "after the header, before the players");
    let (t, warnings) = parse_trf(&text).unwrap();
    assert!(warnings.is_empty(), "{warnings:?}");
    let names: Vec<(&str, Option<u32>)> = t.entrants.iter().map(|e| (e.name.as_str(), e.rating)).collect();
    assert_eq!(names, [("Magnus", Some(2833)), ("Yifan", Some(2633)), ("Nobody", Some(1900)), ("Anna", Some(1850)), ("Ben", None)]);
    assert!(view(&text).unwrap().warnings.iter().all(|w| !w.contains("list of")), "the list of the start's month: no warning");
}

#[test]
fn a_list_of_another_month_is_warned_of_in_the_file_and_while_the_tournament_is_open() {
    let players = parse_players(PASTED).unwrap();
    let text = listed_file(&details("2026/12/05"), &players, &list("players_list_foa.txt", Some("2026-11")), RatingType::Standard).unwrap();
    let warning = "the list of 2026-11 is earlier than the start date 2026-12-05: the ratings must be those of the list of 2026-12";
    assert!(text.lines().any(|l| l.starts_with("### rating list month: ") && l.contains(warning)), "{text}");
    let shown = view(&text).unwrap().warnings;
    assert!(shown.iter().any(|w| w.starts_with(warning)), "{shown:?}");
    use ratings_engine::desk::export::{export, TrfVersion};
    for version in [TrfVersion::Trf2026, TrfVersion::Trf16] {
        assert!(export(&text, version).contains(warning), "the exported file keeps the log ({version:?})");
    }
}

#[test]
fn a_national_list_is_named_as_such_and_its_month_not_checked() {
    let players = parse_players("name,rating,fide id\nKari,1500,10001\nOla,1400,\n").unwrap();
    let d = Details { federation: "NOR".into(), ..details("2026/12/05") };
    let text = listed_file(&d, &players, &list("national.csv", None), RatingType::Standard).unwrap();
    assert!(text.contains("### national ratings from the national list (month unknown) (standard): 1 of 2 players found\n"), "{text}");
    assert!(!text.contains("### rating list month"), "{text}");
    let kari = parse_trf(&text).unwrap().0.entrants.into_iter().find(|e| e.name == "Kari").unwrap();
    assert_eq!((kari.rating, kari.national_rating), (Some(1500), Some(1720)));
}
