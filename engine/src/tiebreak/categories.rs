//! Category lists, as organisers print them beside the full standings (chess-results,
//! Swiss-Manager): the players of one category (women, an age group, a rating band, the
//! unrated: [`Category`]) with their place within it, and the categories worth offering for a
//! field. Who is in a category is [`Category::admits`], which the prize lists share; the app's
//! category picker and `ratings-lab tiebreaks --category` both list through here.

pub use super::prizes::{event_year, Category, Who};
use super::{StandingRow, Standings};
use crate::error::NameError;
use crate::tournament::Tournament;

/// The age groups offered: under 8 to under 20 (FIDE's youth categories).
pub const UNDER: [u16; 7] = [8, 10, 12, 14, 16, 18, 20];
/// The senior groups offered: 50 and 65 (FIDE's senior categories).
pub const SENIOR: [u16; 2] = [50, 65];
/// The rating bands offered: rated under 1200 to under 2200, by 200.
pub const BANDS: [u32; 6] = [1200, 1400, 1600, 1800, 2000, 2200];

/// One row of the standings as a category list reads it: the rank, what a category looks at
/// in the player, and whether the player is ranked (an expelled player, or one not counted, is not, so has no
/// place in any category).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Row {
    pub rank: usize,
    pub who: Who,
    pub ranked: bool,
}

impl Row {
    /// A standings row of `t` (its entrant's sex, year of birth and rating, as the file gives them).
    pub fn of(t: &Tournament, r: &StandingRow) -> Row {
        Row { rank: r.rank, who: t.entrants.get(r.entrant).map(Who::of).unwrap_or_default(), ranked: r.ranked() }
    }
}

/// The categories worth offering for players `who`, in an event in `year`: each that holds
/// some of them but not all (so choosing it changes the list), [`Category::All`] first.
pub fn offered(who: &[Who], year: Option<u16>) -> Vec<Category> {
    let candidates = std::iter::once(Category::Women)
        .chain(UNDER.map(Category::Under))
        .chain(SENIOR.map(Category::Senior))
        .chain(BANDS.map(Category::RatedBelow))
        .chain([Category::Unrated]);
    let mut out = vec![Category::All];
    let mut last_count = None;
    for c in candidates {
        let n = who.iter().filter(|w| c.admits(**w, year)).count();
        let nested = matches!(c, Category::Under(_) | Category::RatedBelow(_));
        // Nested groups that hold the same players as the one before say nothing new.
        if n > 0 && n < who.len() && !(nested && last_count == Some(n)) {
            out.push(c);
        }
        last_count = nested.then_some(n);
    }
    out
}

/// Each row's place within `category` (in an event in `year`), for rows in it (`None` for the
/// others): ties share the place, as they share the rank. An expelled player is not ranked, so
/// has no place.
pub fn places(rows: &[Row], category: Category, year: Option<u16>) -> Vec<Option<usize>> {
    let placed = |r: &Row| r.ranked && category.admits(r.who, year);
    let ranks: Vec<usize> = rows.iter().filter(|r| placed(r)).map(|r| r.rank).collect();
    rows.iter().map(|r| placed(r).then(|| 1 + ranks.iter().filter(|&&x| x < r.rank).count())).collect()
}

/// The standings of one category: its players, best first, with their place within it.
#[derive(Clone, Debug, PartialEq)]
pub struct CategoryStandings {
    pub category: Category,
    /// The event's year, which counts the ages (`None`: the file gives no start date, and no
    /// one is in an age group).
    pub year: Option<u16>,
    /// The rows of the players placed in the category, in the order of the full standings
    /// (their `rank` the rank in the whole event).
    pub standings: Standings,
    /// `places[i]`: the place within the category of `standings.rows[i]`.
    pub places: Vec<usize>,
}

/// `st` (the standings of `t`) restricted to the players placed in `category`, the year of
/// `t`'s start date counting the ages.
pub fn restricted(t: &Tournament, st: &Standings, category: Category) -> CategoryStandings {
    let year = event_year(t.start_date.as_deref());
    let rows: Vec<Row> = st.rows.iter().map(|r| Row::of(t, r)).collect();
    let (kept, places): (Vec<StandingRow>, Vec<usize>) =
        st.rows.iter().zip(places(&rows, category, year)).filter_map(|(r, p)| Some((r.clone(), p?))).unzip();
    let standings = Standings { rows: kept, rules: st.rules, order: st.order.clone(), pre_determined: st.pre_determined };
    CategoryStandings { category, year, standings, places }
}

impl CategoryStandings {
    /// The line the text table gives the category under its title: its name, how many players
    /// it places, and what the two rank columns are.
    pub fn heading(&self) -> String {
        let ages = matches!(self.category, Category::Under(_) | Category::Senior(_));
        let year = match self.year {
            Some(y) if ages => format!(", ages counted in {y}"),
            None if ages => ", no start date (TRF 042): no ages known".into(),
            _ => String::new(),
        };
        let n = self.standings.rows.len();
        let players = if n == 1 { "1 player".to_string() } else { format!("{n} players") };
        format!("Category: {} ({players}{year}); Cat: the place within it, Rk: in the whole event\n", self.category.label())
    }

    /// The category's standings as CSV: [`Standings::to_csv`]'s columns after a first,
    /// `category_place`.
    pub fn to_csv(&self) -> String {
        let one = |rows: Vec<StandingRow>| Standings { rows, ..self.empty() }.to_csv();
        let header = one(Vec::new());
        let mut out = format!("category_place,{header}");
        for (r, place) in self.standings.rows.iter().zip(&self.places) {
            // A row as the standings write it, whatever its name holds (a quoted line break).
            let written = one(vec![r.clone()]);
            out += &format!("{place},{}", &written[header.len()..]);
        }
        out
    }

    fn empty(&self) -> Standings {
        let st = &self.standings;
        Standings { rows: Vec::new(), rules: st.rules, order: st.order.clone(), pre_determined: st.pre_determined }
    }
}

impl Category {
    /// One category of each kind, a number standing for any (the forms [`Category::names`]
    /// lists).
    pub const KINDS: [Category; 6] =
        [Category::All, Category::Women, Category::Under(16), Category::Senior(65), Category::RatedBelow(1800), Category::Unrated];

    /// The short names [`Category::parse`] reads, each kind's form with an example:
    /// `all, women, u<age> (e.g. u16), …`.
    pub fn names() -> String {
        let form = |c: Category| match c {
            Category::All | Category::Women | Category::Unrated => c.value(),
            Category::Under(_) => format!("u<age> (e.g. {})", c.value()),
            Category::Senior(_) => format!("s<age> (e.g. {})", c.value()),
            Category::RatedBelow(_) => format!("r<rating> (e.g. {})", c.value()),
        };
        Category::KINDS.map(form).join(", ")
    }
}

/// A category by its short name ([`Category::value`], any case) or as a prize table spells it
/// ([`Category::read`]: `U16`, `under 16`, `65+`, `rating<1800`); an unknown name's error lists
/// the short names.
impl std::str::FromStr for Category {
    type Err = NameError;

    fn from_str(s: &str) -> Result<Category, NameError> {
        let key = s.trim().to_lowercase();
        let found = Category::parse(&key).or_else(|| Category::read(&key));
        found.ok_or_else(|| NameError::Unknown { what: "category", name: s.trim().to_string(), expected: Category::names() })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::{Entrant, Sex};

    fn row(rank: usize, sex: Option<Sex>, birth_year: Option<u16>, rating: Option<u32>) -> Row {
        Row { rank, who: Who { sex, birth_year, rating }, ranked: true }
    }

    /// Places within a category, shared when the ranks are; the categories that split the
    /// field offered, nested groups holding the same players once.
    #[test]
    fn places_within_a_category_and_the_categories_offered() {
        let f = Some(Sex::Female);
        let mut rows = vec![
            row(1, None, Some(1980), Some(2300)),
            row(2, f, Some(2008), Some(1900)),
            row(2, f, Some(1950), None),
            row(4, Some(Sex::Male), Some(2012), Some(1500)),
        ];
        assert_eq!(places(&rows, Category::Women, Some(2024)), [None, Some(1), Some(1), None]);
        assert_eq!(places(&rows, Category::Under(16), Some(2024)), [None, Some(1), None, Some(2)]);
        assert_eq!(places(&rows, Category::All, None), [Some(1), Some(2), Some(2), Some(4)]);
        let who: Vec<Who> = rows.iter().map(|r| r.who).collect();
        let offered = offered(&who, Some(2024));
        assert_eq!(offered[0], Category::All);
        // Under 14 holds the one player under 12 does: offered once, as under 12.
        assert!(offered.contains(&Category::Under(12)) && !offered.contains(&Category::Under(14)));
        assert!(!offered.contains(&Category::Under(8)));
        // An expelled player has no place, and the others close up.
        rows[1].ranked = false;
        assert_eq!(places(&rows, Category::Women, Some(2024)), [None, None, Some(1), None]);
    }

    /// The standings restricted to a category keep its players in order, with their places.
    #[test]
    fn standings_restricted_to_a_category() {
        let mut t = Tournament { start_date: Some("2024/05/01".into()), ..Default::default() };
        for (start, sex, born) in [(1, Some(Sex::Male), 1980), (2, Some(Sex::Female), 2010), (3, Some(Sex::Female), 2012)] {
            t.entrants.push(Entrant { sex, birth_year: Some(born), ..Entrant::new(start, &format!("P{start}"), 0) });
        }
        let st = super::super::standings(&t, &[], crate::codes::Rules::Fide2023);
        let women = restricted(&t, &st, Category::Women);
        assert_eq!(women.year, Some(2024));
        assert_eq!(women.standings.rows.iter().map(|r| r.start).collect::<Vec<_>>(), [2, 3]);
        // No games: all share rank 1, so both share place 1.
        assert_eq!(women.places, [1, 1]);
        assert_eq!(restricted(&t, &st, Category::Under(12)).standings.rows.len(), 1);
        assert_eq!(women.to_csv(), "category_place,rank,start,name,points\n1,1,2,P2,0\n1,1,3,P3,0\n");
        assert!(women.heading().starts_with("Category: Women (2 players); "));
    }

    #[test]
    fn a_category_by_name_or_an_error_listing_the_names() {
        assert_eq!("U16".parse::<Category>(), Ok(Category::Under(16)));
        assert_eq!(" women ".parse::<Category>(), Ok(Category::Women));
        assert_eq!("all".parse::<Category>(), Ok(Category::All));
        assert_eq!("rating<1800".parse::<Category>(), Ok(Category::RatedBelow(1800)));
        let e = "juniors".parse::<Category>().unwrap_err().to_string();
        assert_eq!(
            e,
            "unknown category 'juniors': expected all, women, u<age> (e.g. u16), s<age> (e.g. s65), r<rating> (e.g. r1800), unrated"
        );
        for c in Category::KINDS {
            assert_eq!(c.value().parse::<Category>(), Ok(c));
        }
    }
}
