//! Prize lists (`tiebreak::prizes`) on standings made by hand, every amount computed by hand:
//! a three-way tie over places 2–4 under each sharing method, Hort's own example, a player in
//! two categories, remainder cents, and the prize table's errors.

use ratings_engine::tiebreak::prizes::{award, parse_table, parts, Category, List, PrizeList, Sharing};
use ratings_engine::tiebreak::{StandingRow, Standings};
use ratings_engine::tournament::{Entrant, Sex, Tournament};

/// A player: name, points, sex, year of birth, rating.
type P = (&'static str, f64, Option<Sex>, Option<u16>, Option<u32>);

/// The tournament (in 2024) and its standings, the players ranked in the order given (each
/// its own rank, as the tiebreaks left them).
fn event(players: &[P]) -> (Tournament, Standings) {
    let entrants = players.iter().enumerate().map(|(i, &(name, _, sex, birth_year, rating))| Entrant {
        sex,
        birth_year,
        rating,
        ..Entrant::new(i as u32 + 1, name, 0)
    });
    let t = Tournament { start_date: Some("2024/05/01".into()), entrants: entrants.collect(), ..Default::default() };
    let rows = players.iter().enumerate().map(|(i, &(name, points, ..))| StandingRow {
        entrant: i,
        start: i as u32 + 1,
        name: name.into(),
        points,
        rank: i + 1,
        values: Vec::new(),
        departure: None,
        not_counted: false,
    });
    (t, Standings { rows: rows.collect(), rules: Default::default(), order: Vec::new(), pre_determined: false })
}

/// Six players: A alone on 6, B C D tied on 5 (places 2–4), E F tied on 4.
fn tie_of_three() -> (Tournament, Standings) {
    let m = Some(Sex::Male);
    event(&[
        ("A", 6.0, m, Some(1980), Some(2300)),
        ("B", 5.0, m, Some(1980), Some(2200)),
        ("C", 5.0, m, Some(1980), Some(2100)),
        ("D", 5.0, m, Some(1980), Some(2000)),
        ("E", 4.0, m, Some(1980), Some(1900)),
        ("F", 4.0, m, Some(1980), Some(1800)),
    ])
}

/// Each winner's start number and total, in cents, best ranked first.
fn totals(list: &PrizeList) -> Vec<(u32, u64)> {
    list.totals().iter().map(|w| (w.start, w.amount)).collect()
}

fn prizes(text: &str, sharing: Sharing) -> PrizeList {
    let (t, st) = tie_of_three();
    award(&t, &st, &parse_table(text).unwrap(), sharing)
}

const MAIN: &str = "1: 1000\n2: 600\n3: 400\n4: 200\n5: 100\n";

/// By tiebreaks, each place's prize to the player ranked there.
#[test]
fn a_tie_over_places_two_to_four_by_tiebreaks() {
    let list = prizes(MAIN, Sharing::Tiebreak);
    assert_eq!(totals(&list), [(1, 100_000), (2, 60_000), (3, 40_000), (4, 20_000), (5, 10_000)]);
    assert!(list.awards.iter().all(|a| a.winners.len() == 1 && a.prizes.len() == 1));
}

/// Split: B, C, D share 600 + 400 + 200 = 1200, 400 each; E and F, tied over places 5–6,
/// share 100 + 0, 50 each.
#[test]
fn a_tie_over_places_two_to_four_split() {
    let list = prizes(MAIN, Sharing::Split);
    assert_eq!(totals(&list), [(1, 100_000), (2, 40_000), (3, 40_000), (4, 40_000), (5, 5_000), (6, 5_000)]);
    let tie = &list.awards[1];
    assert_eq!((tie.prizes.len(), tie.winners.len(), tie.total()), (3, 3, 120_000));
    assert!(list.text().contains("2nd-4th 600.00 + 400.00 + 200.00 = 1200.00, split among 3 players on 5.0:"), "{}", list.text());
}

/// Hort: each keeps half of their place's prize (300, 200, 100) and the halves pooled (600)
/// are split, 200 each: B 500, C 400, D 300. E keeps 50 of the 5th prize, F's 6th place is
/// worth nothing; the pooled 50 gives each 25: E 75, F 25.
#[test]
fn a_tie_over_places_two_to_four_by_hort() {
    let list = prizes(MAIN, Sharing::Hort);
    assert_eq!(totals(&list), [(1, 100_000), (2, 50_000), (3, 40_000), (4, 30_000), (5, 7_500), (6, 2_500)]);
    assert!(list.text().contains("shared by Hort among 3 players on 5.0:"));
}

/// The example of the Hort-System article (German Wikipedia): 100, 80, 60, 40, 20, 10 €; A
/// and B on 8, C on 7.5, D, E and F on 7. A 50 + 45 = 95, B 40 + 45 = 85, C 60; D, E, F keep
/// 20, 10, 5 and share 35: 11.67, 11.67, 11.66 here (the article pays whole euros: 12).
#[test]
fn horts_own_example() {
    let m = Some(Sex::Male);
    let p = |name, points| (name, points, m, None, None);
    let (t, st) = event(&[p("A", 8.0), p("B", 8.0), p("C", 7.5), p("D", 7.0), p("E", 7.0), p("F", 7.0)]);
    let table = parse_table("1: 100\n2: 80\n3: 60\n4: 40\n5: 20\n6: 10").unwrap();
    let list = award(&t, &st, &table, Sharing::Hort);
    assert_eq!(totals(&list), [(1, 9_500), (2, 8_500), (3, 6_000), (4, 3_167), (5, 2_167), (6, 1_666)]);
}

/// A cent that does not divide goes to the best ranked: 1000 split three ways is 333.34,
/// 333.33, 333.33; by Hort the pool of 250 + 150 + 100 = 500 gives 166.67, 166.67, 166.66,
/// and the odd cent of a 1.01 prize stays with its place's half (0.51 kept, 0.50 pooled).
#[test]
fn remainder_cents_go_to_the_higher_ranked() {
    let list = prizes("1: 1000\n2: 500\n3: 300\n4: 200", Sharing::Split);
    assert_eq!(totals(&list), [(1, 100_000), (2, 33_334), (3, 33_333), (4, 33_333)]);
    let list = prizes("1: 1000\n2: 500\n3: 300\n4: 200", Sharing::Hort);
    assert_eq!(totals(&list), [(1, 100_000), (2, 41_667), (3, 31_667), (4, 26_666)]);
    assert_eq!(parts(&[101, 0], Sharing::Hort), [51 + 25, 25]);
    assert_eq!(parts(&[101, 0], Sharing::Split), [51, 50]);
    for sharing in Sharing::ALL {
        let list = prizes(MAIN, sharing);
        let paid: u64 = list.awards.iter().flat_map(|a| &a.winners).map(|w| w.amount).sum();
        assert_eq!(paid, 230_000, "{sharing:?}: every cent paid once");
    }
}

/// Seven players, G a girl born 2010 (under 16 and a woman), H a woman, I a boy born 2009.
fn with_categories() -> (Tournament, Standings) {
    let (m, f) = (Some(Sex::Male), Some(Sex::Female));
    event(&[
        ("A", 6.0, m, Some(1980), Some(2300)),
        ("G", 5.0, f, Some(2010), Some(1700)),
        ("B", 4.5, m, Some(1980), Some(2200)),
        ("H", 4.0, f, Some(1990), None),
        ("I", 3.5, m, Some(2009), Some(1500)),
        ("C", 3.0, m, Some(1950), Some(1900)),
    ])
}

/// G is under 16 and a woman: she takes one prize, the most valuable she qualifies for; the
/// other goes to the next player of its category. With equal amounts the prize listed first
/// wins; with several prizes a player, she takes both.
#[test]
fn a_player_in_two_categories() {
    let (t, st) = with_categories();
    let run = |text: &str| award(&t, &st, &parse_table(text).unwrap(), Sharing::Tiebreak);
    let winners = |list: &PrizeList, list_of: List| -> Vec<u32> {
        list.awards.iter().filter(|a| a.list == list_of).flat_map(|a| a.winners.iter().map(|w| w.start)).collect()
    };
    let (u16, women) = (List::Category(Category::Under(16)), List::Category(Category::Women));
    // Women 80 is worth more than under-16's 50: G takes it, I the under-16 prize.
    let list = run("1: 100\nU16: 50\nwomen: 80");
    assert_eq!((winners(&list, women), winners(&list, u16)), (vec![2], vec![5]));
    // Equal: under 16 is listed first.
    let list = run("1: 100\nU16: 50\nwomen: 50");
    assert_eq!((winners(&list, u16), winners(&list, women)), (vec![2], vec![4]));
    // A category prize worth more than the 2nd place: G takes it, the 2nd prize goes to B.
    let list = run("1: 100\n2: 60\nwomen: 70");
    assert_eq!(totals(&list), [(1, 10_000), (2, 7_000), (3, 6_000)]);
    // Several prizes a player: G takes 2nd place, women and under 16.
    let list = run("1: 100\n2: 60\nU16: 50\nwomen: 50\nprizes per player: several");
    assert_eq!(totals(&list), [(1, 10_000), (2, 16_000)]);
    // Rated under 1800: G and I (H is unrated); G has taken the 2nd place, so only I is left.
    let list = run("1: 100\n2: 60\nrating<1800: 40 30 20");
    assert_eq!(winners(&list, List::Category(Category::RatedBelow(1800))), [5]);
    assert_eq!(list.unawarded.iter().map(|p| p.place).collect::<Vec<_>>(), [2, 3]);
    assert!(list.text().contains("Not awarded"));
}

/// A tie on points inside a category is shared like the main list's: two women on 4.5 split
/// the women's 1st and 2nd prizes.
#[test]
fn a_category_tie_is_shared_too() {
    let (m, f) = (Some(Sex::Male), Some(Sex::Female));
    let (t, st) = event(&[("A", 6.0, m, None, None), ("W", 4.5, f, None, None), ("X", 4.5, f, None, None), ("Y", 3.0, f, None, None)]);
    let table = parse_table("1: 100\nwomen: 60 40 20").unwrap();
    let list = award(&t, &st, &table, Sharing::Split);
    assert_eq!(totals(&list), [(1, 10_000), (2, 5_000), (3, 5_000), (4, 2_000)]);
}

/// The table's reader: ranges, the options, and errors naming the line and what was expected.
#[test]
fn the_prize_table_and_its_errors() {
    let table = parse_table("# prizes\n1: 500\n2-3: 200\n\nU16: 50 30, 20\nsharing: Hort\nprizes per player: several").unwrap();
    let main: Vec<(usize, u64)> = table.prizes.iter().filter(|p| p.list == List::Main).map(|p| (p.place, p.amount)).collect();
    assert_eq!(main, [(1, 50_000), (2, 20_000), (3, 20_000)]);
    assert_eq!(table.prizes.iter().filter(|p| p.list == List::Category(Category::Under(16))).count(), 3);
    assert_eq!((table.sharing, table.one_each), (Some(Sharing::Hort), false));
    let err = |text: &str| parse_table(text).unwrap_err().to_string();
    assert_eq!(err("1: 500\n3: 100"), "line 2: '3': expected place 2 next (the places are listed in order, from 1)");
    assert_eq!(
        err("1: 500\n2: 600"),
        "line 2: '600': expected at most 500.00 (the place before's prize): a prize list's amounts do not grow down the places"
    );
    assert!(err("1: 500\n\njuniors: 50").starts_with("line 3: 'juniors': expected a place (1, 2, … or a range 4-6), a category (U16"));
    assert_eq!(err("1 500"), "line 1: '1 500': expected KEY: AMOUNT, such as '1: 500', 'U16: 50' or 'women: 50'");
    assert_eq!(err("1: 5OO"), "line 1: '5OO': expected an amount above 0 such as 500 or 499.50");
    assert_eq!(err("women:"), "line 1: '': expected an amount such as 500 or 499.50 after the ':'");
    assert_eq!(err("sharing: evenly"), "line 1: 'evenly': expected a sharing method: tiebreak, split, hort");
    assert_eq!(err("2-4: 1 2"), "line 1: '2-4': expected place 1 next (the places are listed in order, from 1)");
    assert_eq!(err("1-3: 3 2"), "line 1: '3 2': expected one amount for every place 1 to 3, or one for each of them");
}
