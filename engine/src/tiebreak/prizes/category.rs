//! Categories of players, as organisers print them beside the full standings and give prizes
//! in (chess-results, Swiss-Manager): women, age groups from the year of birth, rating bands,
//! the unrated. The rule lives here so that the app's category lists and the prize lists
//! admit the same players.

use crate::tournament::{Entrant, Sex};
use serde::{Deserialize, Serialize};

/// One category of players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Category {
    All,
    Women,
    /// Under `n` on 1 January of the event's year (FIDE counts age categories by the year of
    /// birth alone): born in year − n or later.
    Under(u16),
    /// Seniors: `n` or older in the event's year (born in year − n or earlier).
    Senior(u16),
    /// Rated below this rating (unrated players are not in it).
    RatedBelow(u32),
    Unrated,
}

/// What a category looks at in a player: the file's sex, year of birth and rating.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Who {
    pub sex: Option<Sex>,
    pub birth_year: Option<u16>,
    pub rating: Option<u32>,
}

impl Who {
    pub fn of(e: &Entrant) -> Who {
        Who { sex: e.sex, birth_year: e.birth_year, rating: e.rating }
    }
}

impl Category {
    /// Whether `who` is in the category, for an event in `year` (age groups need it: without
    /// a year, or a year of birth, no one is in an age group).
    pub fn admits(self, who: Who, year: Option<u16>) -> bool {
        let born = |f: &dyn Fn(u16, u16) -> bool| matches!((who.birth_year, year), (Some(b), Some(y)) if f(b, y));
        match self {
            Category::All => true,
            Category::Women => who.sex == Some(Sex::Female),
            Category::Under(n) => born(&|b, y| b + n >= y),
            Category::Senior(n) => born(&|b, y| b + n <= y),
            Category::RatedBelow(r) => who.rating.is_some_and(|x| x < r),
            Category::Unrated => who.rating.is_none(),
        }
    }

    /// Its short name (`all`, `women`, `u16`, `s65`, `r1800`, `unrated`): the app's select's
    /// value, read back by [`Category::parse`].
    pub fn value(self) -> String {
        match self {
            Category::All => "all".into(),
            Category::Women => "women".into(),
            Category::Under(n) => format!("u{n}"),
            Category::Senior(n) => format!("s{n}"),
            Category::RatedBelow(r) => format!("r{r}"),
            Category::Unrated => "unrated".into(),
        }
    }

    /// A short name as [`Category::value`] writes it.
    pub fn parse(s: &str) -> Option<Category> {
        let num = |rest: &str| rest.parse::<u32>().ok();
        match s {
            "all" => Some(Category::All),
            "women" => Some(Category::Women),
            "unrated" => Some(Category::Unrated),
            _ if !s.is_char_boundary(1) => None,
            _ => match s.split_at(1) {
                ("u", n) => num(n).and_then(|n| u16::try_from(n).ok()).map(Category::Under),
                ("s", n) => num(n).and_then(|n| u16::try_from(n).ok()).map(Category::Senior),
                ("r", n) => num(n).map(Category::RatedBelow),
                _ => None,
            },
        }
    }

    /// A category as an organiser types it in a prize table: the short names, any case, and
    /// the spellings prize lists use (`U16`, `under 16`, `S65`, `senior 65`, `65+`, `woman`,
    /// `rating<1800`, `<1800`).
    pub fn read(s: &str) -> Option<Category> {
        let key: String = s.chars().filter(|c| !c.is_whitespace()).flat_map(char::to_lowercase).collect();
        let number = |rest: &str| rest.parse::<u32>().ok().filter(|&n| n > 0);
        let age = |rest: &str| number(rest).and_then(|n| u16::try_from(n).ok());
        if let Some(c) = Category::parse(&key).filter(|c| *c != Category::All) {
            return Some(c);
        }
        match key.as_str() {
            "woman" | "ladies" | "female" => return Some(Category::Women),
            "unrated" => return Some(Category::Unrated),
            _ => {}
        }
        let strip = |prefixes: &[&str]| prefixes.iter().find_map(|p| key.strip_prefix(p));
        if let Some(n) = strip(&["under", "u-"]).and_then(age) {
            return Some(Category::Under(n));
        }
        if let Some(n) = strip(&["seniors", "senior", "s-"]).and_then(age).or_else(|| key.strip_suffix('+').and_then(age)) {
            return Some(Category::Senior(n));
        }
        strip(&["rating<", "rated<", "ratingunder", "ratedunder", "<"]).and_then(number).map(Category::RatedBelow)
    }

    /// Its name in the list and above the table.
    pub fn label(self) -> String {
        match self {
            Category::All => "All players".into(),
            Category::Women => "Women".into(),
            Category::Under(n) => format!("Under {n} (U{n})"),
            Category::Senior(n) => format!("Seniors {n}+"),
            Category::RatedBelow(r) => format!("Rated under {r}"),
            Category::Unrated => "Unrated".into(),
        }
    }
}

/// The event's year: the first four-digit year in its start date as the file writes it
/// ("2010/09/24", "May 10, 2020").
pub fn event_year(date: Option<&str>) -> Option<u16> {
    let d = date?;
    let bytes = d.as_bytes();
    (0..bytes.len().saturating_sub(3)).find_map(|i| {
        let w = d.get(i..i + 4)?;
        let edge = |j: Option<&u8>| j.is_none_or(|c| !c.is_ascii_digit());
        (w.bytes().all(|c| c.is_ascii_digit()) && edge(i.checked_sub(1).and_then(|j| bytes.get(j))) && edge(bytes.get(i + 4)))
            .then(|| w.parse::<u16>().ok())
            .flatten()
            .filter(|y| (1850..=2200).contains(y))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn categories_read_as_organisers_type_them() {
        assert_eq!(Category::read("U16"), Some(Category::Under(16)));
        assert_eq!(Category::read("under 16"), Some(Category::Under(16)));
        assert_eq!(Category::read("S65"), Some(Category::Senior(65)));
        assert_eq!(Category::read("50+"), Some(Category::Senior(50)));
        assert_eq!(Category::read("Women"), Some(Category::Women));
        assert_eq!(Category::read("rating<1800"), Some(Category::RatedBelow(1800)));
        assert_eq!(Category::read("r1800"), Some(Category::RatedBelow(1800)));
        assert_eq!(Category::read("unrated"), Some(Category::Unrated));
        for bad in ["", "all", "juniors", "u", "rating<", "é16"] {
            assert_eq!(Category::read(bad), None, "{bad}");
        }
        assert_eq!(Category::parse("é"), None);
    }

    #[test]
    fn a_year_of_birth_counts_for_the_whole_year() {
        let who = Who { sex: Some(Sex::Female), birth_year: Some(2008), rating: None };
        // Born 2008: 16 in 2024, so under 16 (FIDE counts by the year of birth).
        assert!(Category::Under(16).admits(who, Some(2024)));
        assert!(!Category::Under(15).admits(who, Some(2024)));
        assert!(!Category::Under(16).admits(who, None));
        assert!(Category::Unrated.admits(who, None) && !Category::RatedBelow(1800).admits(who, None));
        assert_eq!(event_year(Some("2024/05/01")), Some(2024));
        assert_eq!(event_year(Some("10.05.20")), None);
    }
}
