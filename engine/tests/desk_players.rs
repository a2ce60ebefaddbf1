//! Players after registration at the desk (issue 36): a record edited and logged, numbered
//! again by the initial order only before round 1 is paired; a FIDE id given twice refused; a
//! player expelled; a late entry with ½-point byes for the rounds missed; the players list's
//! warnings; the FIDE id as the initial order's last key; a player taken from a rating list; a
//! player marked not eligible for half-point byes.

use ratings_engine::desk::players::{expelled, fields_of, from_list};
use ratings_engine::desk::register::{new_file, parse_players, Details};
use ratings_engine::desk::view::Next;
use ratings_engine::desk::{apply, view, Action, NewPlayer, Outcome};
use ratings_engine::parse::rating_list::{read_list, RatingType};
use ratings_engine::parse::trf::parse_trf;
use ratings_engine::tournament::{Colour, RoundResult, Title};

fn tournament(table: &str) -> String {
    let players = parse_players(table).unwrap();
    let d = Details { name: "Club Open".into(), federation: "NOR".into(), rounds: 5, ..Details::default() };
    new_file(&d, &players).unwrap()
}

const SIX: &str =
    "name,rating,fide id,fed\nAnna,2000,100,NOR\nBen,1900,200,SWE\nCleo,1800,300,DEN\nDan,1700,400,NOR\nEva,1600,500,FIN\nFinn,1500,,NOR\n";

fn names(text: &str) -> Vec<String> {
    parse_trf(text).unwrap().0.entrants.iter().map(|e| e.name.clone()).collect()
}

fn edit(text: &str, start: u32, change: impl Fn(&mut NewPlayer)) -> Result<String, String> {
    let mut f = fields_of(text, start).unwrap();
    change(&mut f);
    apply(text, &Action::EditPlayer { start, fields: f }).map_err(|e| e.to_string())
}

/// Round `round` paired and every game drawn.
fn play(text: &str, round: usize) -> String {
    let mut text = apply(text, &Action::Pair { round, initial_colour: Some(Colour::White), date: None }).unwrap();
    if let Next::Results { missing, .. } = view(&text).unwrap().next {
        for white in missing {
            text = apply(&text, &Action::Result { round, white, outcome: Outcome::Draw }).unwrap();
        }
    }
    text
}

#[test]
fn an_edit_before_round_1_rewrites_the_record_logs_it_and_renumbers_by_the_initial_order() {
    let text = tournament(SIX);
    let edited = edit(&text, 5, |p| {
        p.rating = Some(2100);
        p.title = Some(Title::Fm);
        p.birth = Some("1990-04-01".into());
    })
    .unwrap();
    assert_eq!(names(&edited), ["Eva", "Anna", "Ben", "Cleo", "Dan", "Finn"], "Eva, now the highest rated, is number 1");
    let (t, warnings) = parse_trf(&edited).unwrap();
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(t.initial_order(), (0..6).collect::<Vec<_>>(), "the reader's initial order agrees");
    let eva = fields_of(&edited, 1).unwrap();
    assert_eq!(
        (eva.rating, eva.title, eva.birth.as_deref(), eva.fide_id.as_deref()),
        (Some(2100), Some(Title::Fm), Some("1990/04/01"), Some("500"))
    );
    let marks: Vec<&str> = edited.lines().filter(|l| l.starts_with("###")).collect();
    assert_eq!(
        marks,
        ["### edit player 1: title — → FM", "### edit player 1: rating 1600 → 2100", "### edit player 1: birth — → 1990/04/01"]
    );
    let record = edited.lines().find(|l| l.starts_with("001    1")).unwrap();
    assert_eq!(record, "001    1   FM Eva                               2100 FIN         500 1990/04/01  0.0", "register's columns");
    assert_eq!(edit(&edited, 1, |_| {}).unwrap(), edited, "no change, no log");
}

#[test]
fn after_round_1_an_edit_keeps_the_numbers_and_the_rounds() {
    let text = play(&tournament(SIX), 1);
    let edited = edit(&text, 6, |p| {
        p.rating = Some(2500);
        p.name = "Finn Berg".into();
        p.federation = Some("swe".into());
    })
    .unwrap();
    assert_eq!(names(&edited), ["Anna", "Ben", "Cleo", "Dan", "Eva", "Finn Berg"], "the numbers stay once a round is paired");
    let (before, after) = (parse_trf(&text).unwrap().0, parse_trf(&edited).unwrap().0);
    assert_eq!(before.entrants[5].rounds, after.entrants[5].rounds);
    assert_eq!((after.entrants[5].rating, after.entrants[5].federation.as_deref()), (Some(2500), Some("SWE")));
    assert_eq!(after.entrants[5].declared_points, Some(0.5));
    assert!(edited.contains("### edit player 6: name Finn → Finn Berg\n"), "{edited}");
    let next = play(&edited, 2);
    assert_eq!(view(&next).unwrap().rounds.len(), 2, "the edited file pairs on");
}

#[test]
fn a_fide_id_already_present_is_refused_naming_both_players() {
    let text = tournament(SIX);
    let e = edit(&text, 6, |p| p.fide_id = Some("300".into())).unwrap_err();
    assert_eq!(e, "start number 6: start number 6 (Finn): FIDE id 300 is already start number 3 (Cleo); a player is entered once");
    let late = NewPlayer { name: "Gus".into(), fide_id: Some("200".into()), ..NewPlayer::default() };
    let e = apply(&text, &Action::AddLate { player: late.clone(), half_point_byes: false }).unwrap_err().to_string();
    assert_eq!(e, "a late entry (Gus): FIDE id 200 is already start number 2 (Ben); a player is entered once");
    assert_eq!(apply(&text, &Action::AddPlayer(late)).unwrap_err().to_string(), e, "the plain late entry too");
    let bad = edit(&text, 2, |p| p.federation = Some("Sweden".into())).unwrap_err();
    assert_eq!(bad, "start number 2: federation: expected three letters, found 'Sweden'");
}

#[test]
fn an_expelled_player_is_absent_from_the_round_given_and_marked() {
    let text = play(&tournament(SIX), 1);
    let e = apply(&text, &Action::Expel { start: 4, from_round: 1 }).unwrap_err().to_string();
    assert_eq!(e, "start number 4: expelled from round 1: expected a round not yet paired, 2 to 5");
    let out = apply(&text, &Action::Expel { start: 4, from_round: 2 }).unwrap();
    assert_eq!(expelled(&out), [(4, 2)]);
    let v = view(&out).unwrap();
    let dan = v.players.iter().find(|p| p.start == 4).unwrap();
    assert!(dan.expelled && dan.withdrawn);
    assert!(!v.players.iter().any(|p| p.start != 4 && p.expelled));
    let t = parse_trf(&out).unwrap().0;
    assert!(t.entrants[3].rounds[1..].iter().all(|r| r.absent && r.opponent.is_none()), "0000 - - in rounds 2 to 5");
    let paired = play(&out, 2);
    let round2 = &view(&paired).unwrap().rounds[1];
    assert!(round2.boards.iter().all(|b| b.white != 4 && b.black != 4), "not paired");
    assert!(apply(&out, &Action::Expel { start: 4, from_round: 3 }).unwrap_err().to_string().contains("already expelled"));
}

#[test]
fn a_late_entry_may_take_half_point_byes_for_the_rounds_missed() {
    let text = play(&play(&tournament(SIX), 1), 2);
    let gus =
        NewPlayer { name: "Gus".into(), rating: Some(1950), fide_id: Some("700".into()), title: Some(Title::Cm), ..NewPlayer::default() };
    let half = apply(&text, &Action::AddLate { player: gus.clone(), half_point_byes: true }).unwrap();
    let t = parse_trf(&half).unwrap().0;
    let g = t.entrants.iter().find(|e| e.name == "Gus").unwrap();
    assert_eq!(g.rounds.iter().map(|r| r.result).collect::<Vec<_>>(), [RoundResult::HalfBye, RoundResult::HalfBye]);
    assert_eq!(g.points_in(&t.point_system, 2), 1.0);
    assert_eq!((g.title.as_deref(), g.fide_id.as_deref()), (Some("CM"), Some("700")));
    let zero = apply(&text, &Action::AddLate { player: gus.clone(), half_point_byes: false }).unwrap();
    assert_eq!(zero, apply(&text, &Action::AddPlayer(gus)).unwrap(), "without ½-point byes, as AddPlayer");
    let json =
        r#"{"AddLate":{"player":{"name":"Hal","rating":null,"fide_id":null,"federation":null,"title":null,"birth":null,"sex":null}}}"#;
    assert_eq!(
        serde_json::from_str::<Action>(json).unwrap(),
        Action::AddLate { player: NewPlayer { name: "Hal".into(), ..NewPlayer::default() }, half_point_byes: false }
    );
}

#[test]
fn a_late_entry_that_renumbers_moves_the_players_marks_with_them() {
    let text = edit(&tournament(SIX), 5, |p| p.rating = Some(1650)).unwrap();
    assert!(text.contains("### edit player 5: rating 1600 → 1650"));
    let late = NewPlayer { name: "Gus".into(), rating: Some(1950), ..NewPlayer::default() };
    let out = apply(&text, &Action::AddPlayer(late)).unwrap();
    assert_eq!(names(&out)[1], "Gus");
    assert!(out.contains("### edit player 6: rating 1600 → 1650"), "{out}");
    assert_eq!(fields_of(&out, 6).unwrap().name, "Eva");
}

#[test]
fn players_of_one_name_and_an_id_without_a_rating_are_warned_of() {
    let text = tournament("name,rating,fide id\nSmith John,1800,222\nAnna,2000,100\nsmith  john,1800,111\nBen,,300\n");
    // (Four players for more rounds than they can play is warned of too: not this test's.)
    let w: Vec<String> = view(&text).unwrap().warnings.into_iter().filter(|x| !x.contains("without a rematch")).collect();
    assert_eq!(
        w,
        [
            "players of one name, 'smith  john': start numbers 2 (FIDE id 111) and 3 (FIDE id 222); check that they are different players",
            "start number 4 (Ben): FIDE id 300 without a FIDE rating; check the rating list",
        ]
    );
    assert_eq!(names(&text)[1..3], ["smith  john", "Smith John"], "after rating, title and name (case aside), the lower FIDE id first");
}

#[test]
fn the_national_rating_is_edited_in_its_own_record() {
    let players = parse_players("name,rating,national\nAnna,1900,2050\nBen,2000,\n").unwrap();
    let d = Details {
        name: "Club".into(),
        federation: "NOR".into(),
        ranking: ratings_engine::tournament::RankingMethod::National,
        ..Details::default()
    };
    let text = new_file(&d, &players).unwrap();
    let out = edit(&text, 2, |p| p.national_rating = Some(2150)).unwrap();
    assert_eq!(names(&out), ["Ben", "Anna"], "ranked by national rating, Ben is now first");
    let t = parse_trf(&out).unwrap().0;
    assert_eq!((t.entrants[0].national_rating, t.entrants[1].national_rating), (Some(2150), Some(2050)));
    assert!(out.contains("### edit player 1: national rating — → 2150"), "{out}");
}

#[test]
fn a_player_from_a_rating_list_takes_the_tournaments_rating_type() {
    let path = format!("{}/tests/data/rating_list/players_list_foa.txt", env!("CARGO_MANIFEST_DIR"));
    let list = read_list(&std::fs::read(path).unwrap(), None).list;
    let hou = list.find(5000017).unwrap();
    let p = from_list(&list, hou, RatingType::Rapid);
    assert_eq!(
        (p.name.as_str(), p.rating, p.fide_id.as_deref(), p.title, p.birth.as_deref()),
        ("Hou, Yifan", Some(2528), Some("5000017"), Some(Title::Gm), Some("1994"))
    );
    let text = tournament(SIX);
    let out = apply(&text, &Action::AddLate { player: p, half_point_byes: false }).unwrap();
    assert_eq!(names(&out)[0], "Hou, Yifan");
}

#[test]
fn a_player_marked_ineligible_for_half_point_byes_is_refused_one_but_may_be_absent() {
    use ratings_engine::desk::players::no_half_point_byes;
    use ratings_engine::desk::ByeKind;
    let text = play(&tournament(SIX), 1);
    let mark = |text: &str, start: u32, allowed: bool| apply(text, &Action::HalfPointByes { start, allowed });
    let marked = mark(&text, 3, false).unwrap();
    assert!(marked.contains("### no half-point byes 3\n"), "{marked}");
    assert_eq!(no_half_point_byes(&marked), [3]);
    assert!(view(&marked).unwrap().players.iter().all(|p| p.no_half_point_byes == (p.start == 3)));
    assert_eq!(mark(&marked, 3, false).unwrap(), marked, "marked again: no change, no log");
    let bye = |start: u32, kind: ByeKind| Action::Bye { start, round: 2, kind: Some(kind) };
    let refused = apply(&marked, &bye(3, ByeKind::Half)).unwrap_err().to_string();
    assert_eq!(
        refused,
        "start number 3: Cleo is not eligible for half-point byes (marked by the arbiter, as the tournament's \
         regulations allow); a zero-point bye or an absence may be entered"
    );
    assert!(apply(&marked, &Action::Confirmed(Box::new(bye(3, ByeKind::Half)))).is_err(), "no confirmation overrides the mark");
    assert!(apply(&marked, &bye(2, ByeKind::Half)).is_ok(), "other players keep theirs");
    for kind in [ByeKind::Zero, ByeKind::Absent] {
        assert!(apply(&marked, &bye(3, kind)).is_ok(), "{kind:?}");
    }
    assert!(apply(&marked, &Action::Withdraw { start: 3, from_round: 2 }).is_ok());
    let cleared = mark(&marked, 3, true).unwrap();
    assert!(cleared.contains("### half-point byes allowed 3\n") && cleared.contains("### no half-point byes 3\n"), "both logged");
    assert!(no_half_point_byes(&cleared).is_empty());
    assert!(apply(&cleared, &bye(3, ByeKind::Half)).is_ok());
    // A half-point bye already entered for a round not yet paired is taken back first.
    let entered = apply(&text, &bye(4, ByeKind::Half)).unwrap();
    let e = mark(&entered, 4, false).unwrap_err().to_string();
    assert_eq!(e, "start number 4: Dan has a half-point bye entered for round 2: take it back before marking them not eligible");
    assert!(mark(&text, 9, false).unwrap_err().to_string().contains("no such player"));
}

#[test]
fn the_half_point_bye_mark_follows_a_renumbering_and_a_late_entrys_byes_stay() {
    use ratings_engine::desk::players::no_half_point_byes;
    let text = apply(&tournament(SIX), &Action::HalfPointByes { start: 5, allowed: false }).unwrap();
    let out = apply(&text, &Action::AddPlayer(NewPlayer { name: "Gus".into(), rating: Some(1950), ..NewPlayer::default() })).unwrap();
    assert_eq!(no_half_point_byes(&out), [6], "Eva moved to 6 and her mark with her");
    let queued = Action::HalfPointByes { start: 5, allowed: true };
    assert_eq!(queued.renumbered(&|s| s + 1), Action::HalfPointByes { start: 6, allowed: true });
    // A late entry's ½-point byes for the rounds missed are the arbiter's own grant: marking
    // the player afterwards refuses further ones and leaves those.
    let played = play(&play(&tournament(SIX), 1), 2);
    let gus = NewPlayer { name: "Gus".into(), rating: Some(1450), ..NewPlayer::default() };
    let late = apply(&played, &Action::AddLate { player: gus, half_point_byes: true }).unwrap();
    let marked = apply(&late, &Action::HalfPointByes { start: 7, allowed: false }).unwrap();
    let t = parse_trf(&marked).unwrap().0;
    assert_eq!(t.entrants[6].rounds.iter().map(|r| r.result).collect::<Vec<_>>(), [RoundResult::HalfBye, RoundResult::HalfBye]);
    let json = serde_json::to_string(&Action::HalfPointByes { start: 7, allowed: false }).unwrap();
    assert_eq!(json, r#"{"HalfPointByes":{"start":7,"allowed":false}}"#);
}

#[test]
fn a_players_list_with_one_fide_id_twice_is_refused_naming_both_lines() {
    let table = "name\trating\tfide id\nAnna\t2000\t1503016\nBjørn\t1900\t\nAnne\t1800\t1503016\n";
    let e = parse_players(table).unwrap_err().to_string();
    assert!(e.contains("line 4") && e.contains("1503016") && e.contains("line 2 (Anna)"), "{e}");
    // Players without an id, or with different ids, are not concerned.
    assert_eq!(parse_players("name\trating\tfide id\nA\t2000\t1\nB\t1900\t\nC\t1800\t\nD\t1700\t2\n").unwrap().len(), 4);
}
