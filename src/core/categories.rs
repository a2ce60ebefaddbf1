//! Category lists, as organisers print them beside the full standings (chess-results,
//! Swiss-Manager): women, age groups from the year of birth, rating bands. The organiser
//! picks one; the standings then show the players in it with their place within it
//! (wasm-free, so its tests run natively). The rule (who is in a category, which are offered,
//! the places within one) is the engine's (`tiebreak::categories`), shared with the prize
//! lists and `ratings-lab tiebreaks --category`: this reads the page's rows for it.

use crate::core::protocol::StandingRowView;
use ratings_engine::tiebreak::categories::{self, Row, Who};
pub use ratings_engine::tiebreak::categories::{event_year, Category};

/// What a category looks at in a row: its sex, year of birth and rating.
fn who(row: &StandingRowView) -> Who {
    Who { sex: row.sex, birth_year: row.birth_year, rating: row.rating }
}

/// The categories worth offering for these players: each that holds some of them but not
/// all (so choosing it changes the list), "All players" first.
pub fn offered(rows: &[StandingRowView], year: Option<u16>) -> Vec<Category> {
    categories::offered(&rows.iter().map(who).collect::<Vec<_>>(), year)
}

/// Each row's place within the category, for rows in it (`None` for the others): ties share
/// the place, as they share the rank. An expelled player, or one not counted, is not ranked,
/// so has no place.
pub fn places(rows: &[StandingRowView], category: Category, year: Option<u16>) -> Vec<Option<usize>> {
    let rows: Vec<Row> = rows.iter().map(|r| Row { rank: r.rank, who: who(r), ranked: r.ranked() }).collect();
    categories::places(&rows, category, year)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratings_engine::tournament::Sex;

    fn row(rank: usize, sex: Option<Sex>, born: Option<u16>, rating: Option<u32>) -> StandingRowView {
        StandingRowView {
            rank,
            start: rank as u32,
            name: format!("P{rank}"),
            rating,
            points: 0.0,
            values: Vec::new(),
            rounds: Vec::new(),
            declared_rank: None,
            declared_agrees: true,
            previous_rank: None,
            explanations: Vec::new(),
            title: None,
            federation: None,
            sex,
            birth_year: born,
            round_points: Vec::new(),
            departure: None,
            not_counted: false,
        }
    }

    /// Women, age groups by the year of birth and rating bands, each with the places within
    /// it (shared when the ranks are), and only the categories that split the field.
    #[test]
    fn categories_and_places_within_them() {
        let f = Some(Sex::Female);
        let rows = vec![
            row(1, None, Some(1980), Some(2300)),
            row(2, f, Some(2008), Some(1900)),
            row(2, f, Some(1950), None),
            row(4, Some(Sex::Male), Some(2012), Some(1500)),
        ];
        let year = event_year(Some("2024/05/01"));
        assert_eq!(year, Some(2024));
        assert_eq!(event_year(Some("May 10, 2020")), Some(2020));
        assert_eq!(event_year(Some("10.05.20")), None);
        let places_in = |c| places(&rows, c, year);
        assert_eq!(places_in(Category::Women), [None, Some(1), Some(1), None]);
        // Born 2008: 16 in 2024, so under 16 (FIDE counts by the year of birth) and under 18.
        assert_eq!(places_in(Category::Under(16)), [None, Some(1), None, Some(2)]);
        assert_eq!(places_in(Category::Under(12)), [None, None, None, Some(1)]);
        assert_eq!(places_in(Category::Senior(65)), [None, None, Some(1), None]);
        assert_eq!(places_in(Category::RatedBelow(2000)), [None, Some(1), None, Some(2)]);
        assert_eq!(places_in(Category::Unrated), [None, None, Some(1), None]);
        let offered = offered(&rows, year);
        assert_eq!(offered[0], Category::All);
        assert!(offered.contains(&Category::Women) && offered.contains(&Category::Senior(65)));
        // Everyone is under 20 or no one: not offered when it holds all or none.
        assert!(!offered.contains(&Category::Under(8)));
        for c in &offered {
            assert_eq!(Category::parse(&c.value()), Some(*c));
        }
        // No year: no age groups.
        assert!(places(&rows, Category::Under(16), None).iter().all(Option::is_none));
    }
}
