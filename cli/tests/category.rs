//! `ratings-lab tiebreaks --category`: the standings of one category (the engine's
//! `tiebreak::categories`), each player's place within it beside their rank in the event.

mod common;
use common::{err, out, run_bytes};
use ratings_engine::tiebreak::categories::Category;
use serde_json::Value;

/// Four players, two rounds, started in 2024: a man born 1980, women born 2010 and 2012
/// (under 14 and under 12 in 2024), an unrated man born 1950 (a senior 65+).
const FILE: &str = "\
012 Category Open
042 2024/05/01
001    1 m GM Alpha, Ann                        2500 NOR     1234567 1980/01/01  2.0    1     3 w 1     2 b 1
001    2 w    Bravo, Bea                        1900 NOR             2010/02/02  1.0    2     4 b 1     1 w 0
001    3 w    Charlie, Cy                       1700 SWE             2012        0.0    4     1 b 0     4 w 0
001    4 m    Delta, Dan                                             1950        1.0    3     2 w 0     3 b 1
";

fn tiebreaks(args: &[&str]) -> std::process::Output {
    let mut all = vec!["tiebreaks", "-"];
    all.extend_from_slice(args);
    run_bytes(&all, FILE.as_bytes())
}

#[test]
fn the_table_lists_the_category_s_players_with_their_place_in_it() {
    let o = tiebreaks(&["--category", "women"]);
    assert!(o.status.success(), "{}", err(&o));
    let text = out(&o);
    assert!(text.contains("Category: Women (2 players); Cat: the place within it, Rk: in the whole event"), "{text}");
    let rows: Vec<&str> = text.lines().skip_while(|l| !l.starts_with("Cat ")).take(3).collect();
    assert!(rows[0].starts_with("Cat   Rk    No  Name"), "{text}");
    assert!(rows[1].starts_with("  1    2     2  Bravo, Bea"), "{text}");
    assert!(rows[2].starts_with("  2    4     3  Charlie, Cy"), "{text}");
    assert!(!text.contains("Alpha") && !text.contains("Delta"), "{text}");
    // An age group says the year the ages count in; the prize tables' spelling is taken.
    let text = out(&tiebreaks(&["--category", "U12"]));
    assert!(text.contains("Category: Under 12 (U12) (1 player, ages counted in 2024)"), "{text}");
    assert!(text.contains("  1    4     3  Charlie, Cy"), "{text}");
}

#[test]
fn csv_and_json_give_the_place_within_the_category() {
    let o = tiebreaks(&["--category", "u16", "--format", "csv"]);
    assert!(o.status.success(), "{}", err(&o));
    assert_eq!(out(&o), "category_place,rank,start,name,points,BH-C1,BH,SB\n1,2,2,\"Bravo, Bea\",1,2,3,1\n2,4,3,\"Charlie, Cy\",0,2,3,0\n");
    let o = tiebreaks(&["--category", "s65", "--format", "json"]);
    let json: Value = serde_json::from_str(&out(&o)).expect("JSON");
    assert_eq!(json["category"], serde_json::json!({"name": "s65", "label": "Seniors 65+", "year": 2024}));
    let players = json["players"].as_array().expect("players");
    assert_eq!(players.len(), 1);
    assert_eq!((&players[0]["name"], &players[0]["rank"], &players[0]["category_place"]), (&"Delta, Dan".into(), &3.into(), &1.into()));
    // `all` is every player, each placed as ranked.
    let o = tiebreaks(&["--category", "all", "--format", "json"]);
    let json: Value = serde_json::from_str(&out(&o)).expect("JSON");
    let places: Vec<&Value> = json["players"].as_array().expect("players").iter().map(|p| &p["category_place"]).collect();
    assert_eq!(places, [&Value::from(1), &2.into(), &3.into(), &4.into()]);
}

#[test]
fn an_unknown_category_is_refused_listing_the_names() {
    let o = tiebreaks(&["--category", "juniors"]);
    assert_eq!(o.status.code(), Some(2));
    let e = err(&o);
    assert!(e.contains("invalid value 'juniors' for '--category <NAME>': unknown category 'juniors'"), "{e}");
    // The names are the engine's.
    assert!(e.contains(&format!("expected {}", Category::names())), "{e}");
    assert!(e.contains("expected all, women, u<age> (e.g. u16), s<age> (e.g. s65), r<rating> (e.g. r1800), unrated"), "{e}");
    assert!(out(&o).is_empty());
}

#[test]
fn a_category_is_of_players_not_teams_nor_a_crosstable() {
    for other in ["--teams", "--crosstable", "--check-ranks"] {
        let o = tiebreaks(&["--category", "women", other]);
        assert_eq!(o.status.code(), Some(2), "{other}");
        assert!(err(&o).contains(&format!("the argument '--category <NAME>' cannot be used with '{other}'")), "{}", err(&o));
    }
}
