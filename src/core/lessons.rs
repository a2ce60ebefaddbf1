//! Lesson datasets: small results built in, each showing one thing a class should see about
//! rating methods, with a line saying what to look at and where the data come from. Every
//! claim a line makes is checked by the tests below, on the engine's own answers.

/// The example shown on a first visit: the 2023/24 Premier League (openfootball, CC0), kept in
/// the app's own folder (`src/example/`, with its `SOURCE.txt`).
pub const EXAMPLE: &str = include_str!("../example/premier-league-2023-24.csv");
pub const EXAMPLE_CREDIT: &str = "2023/24 Premier League, from openfootball/football.json (CC0)";

/// One lesson: a name for the picker (`id` for tests and links), what it teaches, its source,
/// and the method it teaches with (loading a lesson sets it: the card nights need multiplayer
/// Elo, and a lesson read by whatever method was last chosen may not show its point at all).
pub struct Lesson {
    pub id: &'static str,
    pub method: MethodKind,
    pub title: &'static str,
    pub teaches: &'static str,
    pub credit: &'static str,
    pub text: &'static str,
    /// The methods the compare view is set to when the lesson is loaded (none: left as it is).
    pub compare: &'static [MethodKind],
}

use ratings_engine::MethodKind;

const MADE_HERE: &str = "made up for Ratings Lab (CC0)";

pub const LESSONS: [Lesson; 8] = [
    Lesson {
        id: "missed-rounds",
        method: MethodKind::Brent,
        title: "Points or strength? A round robin with missed games",
        teaches: "Dee missed two games and has a point less than Ada, but beat her: the eigenvector \
                  rating puts Dee first, because it weighs who you scored against, not how often you played.",
        credit: MADE_HERE,
        text: include_str!("../lessons/missed-rounds.csv"),
        compare: &[],
    },
    Lesson {
        id: "cycle",
        method: MethodKind::Brent,
        title: "A cycle: Rock beats Scissors beats Paper beats Rock",
        teaches: "Each beats one and loses to another, twice over: every method rates all three \
                  equal. No order of strength explains a cycle.",
        credit: MADE_HERE,
        text: include_str!("../lessons/cycle.csv"),
        compare: &[],
    },
    Lesson {
        id: "swiss-buchholz",
        method: MethodKind::Brent,
        title: "A Swiss where Buchholz and the eigenvector rating disagree",
        teaches: "Open the standings: among the players on 2 points, Paul has the lowest Buchholz \
                  but by far the highest EIG — Buchholz adds up opponents' points, EIG weighs every result.",
        // Record 212 added here: the lesson's order shows EIG, which no order has unasked.
        credit: "FIDE C.07 tie-break exercise (IA Mario Held), TRF from FIDE's TieBreakServer (MIT, © 2024 FIDE), with its tiebreaks declared (record 212)",
        text: include_str!("../lessons/swiss-buchholz.trf"),
        compare: &[],
    },
    Lesson {
        id: "undefeated",
        method: MethodKind::Brent,
        title: "An undefeated player: a rating without an end",
        teaches: "Ada won every game, so on these results alone her rating is infinite (shown as a \
                  dash). Add a dummy player (γ = 1): every rating becomes finite, the order stays.",
        credit: MADE_HERE,
        text: include_str!("../lessons/undefeated.csv"),
        compare: &[],
    },
    Lesson {
        id: "two-groups",
        method: MethodKind::Brent,
        title: "Two groups that never met",
        teaches: "North and South never played each other: their ratings are two separate scales, \
                  and North A and South B rate the same only by convention.",
        credit: MADE_HERE,
        text: include_str!("../lessons/two-groups.csv"),
        compare: &[],
    },
    Lesson {
        id: "card-games",
        method: MethodKind::MultiElo,
        title: "Multiplayer: six card nights",
        teaches: "Each night ranks four players. Rated by multiplayer Elo (chosen for you): each night \
                  moves every player by how their place compares with what their rating expected.",
        credit: MADE_HERE,
        text: include_str!("../lessons/card-games.csv"),
        compare: &[],
    },
    Lesson {
        id: "comeback",
        method: MethodKind::Glicko2,
        title: "Ratings through time: a year away",
        teaches: "Rosa played for six months, stopped for a year and came back out of practice. Glicko-2 \
                  (chosen) kept her rating while she was away but let its deviation grow, so her first \
                  games back moved it far; Elo keeps the rating and moves it by the same K as before, so \
                  it lags; Whole-History Rating assumes strength drifts smoothly and fits her whole path \
                  at once, so her return lowers her early ratings too. The compare view is set to the three.",
        credit: MADE_HERE,
        text: include_str!("../lessons/comeback.csv"),
        compare: &[MethodKind::Elo, MethodKind::Glicko2, MethodKind::Whr],
    },
    Lesson {
        id: "debate-league",
        method: MethodKind::PlackettLuce,
        title: "A debate league: four teams a room",
        teaches: "Twelve teams, nine rounds, three rooms of four a round, each room ranked first to fourth. \
                  Plackett–Luce (chosen) rates every place of every room at once, by maximum likelihood: \
                  Dalston won the most rooms (five), yet Bankside ranks first: never below second in nine \
                  rounds, where Dalston came third once and last once. Multiplayer Elo and Weng–Lin take the rooms one at a time. The compare \
                  view is set to the three; step through the iteration to watch the ranks settle.",
        credit: MADE_HERE,
        text: include_str!("../lessons/debate-league.csv"),
        compare: &[MethodKind::PlackettLuce, MethodKind::MultiElo, MethodKind::WengLin],
    },
];

/// The lesson whose data these are, if any (to show its line while it is loaded).
pub fn find(text: &str) -> Option<&'static Lesson> {
    LESSONS.iter().find(|l| l.text == text)
}

/// The lesson called `id`.
pub fn by_id(id: &str) -> Option<&'static Lesson> {
    LESSONS.iter().find(|l| l.id == id)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::compute::rate_text;
    use crate::core::protocol::Settings;
    use ratings_engine::job::Job;
    use ratings_engine::tiebreak::Tiebreak;
    use ratings_engine::MethodKind;

    fn rating(text: &str, settings: &Settings, name: &str) -> Option<f64> {
        let r = rate_text(text, settings).expect("the lesson rates");
        r.players.iter().find(|p| p.name == name).unwrap_or_else(|| panic!("{name}")).rating
    }

    fn lesson(id: &str) -> &'static str {
        by_id(id).expect("a lesson").text
    }

    #[test]
    fn every_lesson_reads_and_rates() {
        for l in &LESSONS {
            let settings = Settings { method: l.method, ..Settings::default() };
            let r = rate_text(l.text, &settings).unwrap_or_else(|e| panic!("{}: {e:?}", l.id));
            assert!(r.players.len() >= 3, "{}", l.id);
            assert_eq!(find(l.text).map(|f| f.id), Some(l.id));
        }
    }

    /// The card nights' line says every place counts (issue 39: multiplayer Elo counted only
    /// the winner, and reversing 2nd to last on every night changed nothing).
    #[test]
    fn on_the_card_nights_every_place_counts() {
        let settings = Settings { method: MethodKind::MultiElo, ..Settings::default() };
        let text = lesson("card-games");
        let reversed: String = text
            .lines()
            .map(|l| match l.rsplit_once(',') {
                Some((rest, place)) if matches!(place, "2" | "3" | "4") => format!("{rest},{}\n", 6 - place.parse::<u32>().unwrap()),
                _ => format!("{l}\n"),
            })
            .collect();
        assert_ne!(reversed, text);
        let names = ["Ana", "Bea", "Cy", "Dov"];
        let before: Vec<Option<f64>> = names.iter().map(|n| rating(text, &settings, n)).collect();
        let after: Vec<Option<f64>> = names.iter().map(|n| rating(&reversed, &settings, n)).collect();
        for (i, n) in names.iter().enumerate() {
            if before[i] != after[i] {
                return;
            }
            assert!(before[i].is_some(), "{n} rated");
        }
        panic!("reversing 2nd to last on every night moved nobody: {before:?}");
    }

    /// The debate lesson's line: the rooms are the events (27 of 4 teams), Dalston won the most
    /// rooms, Bankside ranks first by Plackett–Luce.
    #[test]
    fn in_the_debate_league_bankside_ranks_first_though_dalston_won_the_most_rooms() {
        let settings = Settings { method: MethodKind::PlackettLuce, ..Settings::default() };
        let job = Job::read(lesson("debate-league"), &settings).unwrap();
        assert_eq!(job.input.dataset.events.len(), 27);
        assert!(job.input.dataset.events.iter().all(|e| e.places.len() == 4));
        let mut wins = std::collections::BTreeMap::new();
        for e in &job.input.dataset.events {
            let winner = e.places.iter().find(|p| p.1 == 1).unwrap().0;
            *wins.entry(job.input.dataset.players[winner].name.clone()).or_insert(0) += 1;
        }
        let most = wins.iter().max_by_key(|(_, &w)| w).unwrap();
        assert_eq!((most.0.as_str(), *most.1), ("Dalston", 5));
        assert!(wins.values().filter(|&&w| w == 5).count() == 1, "{wins:?}");
        let places = |name: &str| -> Vec<u32> {
            let id = job.input.dataset.players.iter().position(|p| p.name == name).unwrap();
            job.input.dataset.events.iter().filter_map(|e| e.places.iter().find(|p| p.0 == id).map(|p| p.1)).collect()
        };
        assert!(places("Bankside").iter().all(|&p| p <= 2) && places("Bankside").len() == 9);
        let dalston = places("Dalston");
        assert_eq!((dalston.iter().filter(|&&p| p == 3).count(), dalston.iter().filter(|&&p| p == 4).count()), (1, 1));
        let r = rate_text(lesson("debate-league"), &settings).unwrap();
        assert_eq!(r.players[0].name, "Bankside");
        assert!(r.players.iter().position(|p| p.name == "Dalston").unwrap() > 0);
    }

    #[test]
    fn dee_has_fewer_points_than_ada_but_the_higher_rating() {
        let r = rate_text(lesson("missed-rounds"), &Settings::default()).unwrap();
        let (ada, dee) = (r.players.iter().find(|p| p.name == "Ada").unwrap(), r.players.iter().find(|p| p.name == "Dee").unwrap());
        assert!(ada.score > dee.score, "{} vs {}", ada.score, dee.score);
        assert!(dee.rating > ada.rating);
        assert_eq!(r.players.iter().filter(|p| p.rating > dee.rating).count(), 0, "Dee first");
    }

    #[test]
    fn a_cycle_rates_everyone_equal_by_every_method() {
        for method in [MethodKind::Brent, MethodKind::JRank] {
            let s = Settings { method, ..Settings::default() };
            let r: Vec<f64> = ["Rock", "Paper", "Scissors"].iter().map(|n| rating(lesson("cycle"), &s, n).unwrap()).collect();
            assert!(r.iter().all(|v| (v - r[0]).abs() < 1e-9), "{method:?}: {r:?}");
        }
    }

    /// No order has EIG unasked (issue 19): the Swiss lesson declares its own (record 212), so
    /// the column its line speaks of is there when it opens.
    #[test]
    fn the_swiss_lesson_opens_with_its_eig_column() {
        let job = Job::read(lesson("swiss-buchholz"), &Settings::default()).unwrap();
        let order = job.standings().unwrap().standings.order;
        assert_eq!(order, [Tiebreak::BhC1, Tiebreak::Bh, Tiebreak::Sb, Tiebreak::Eig]);
    }

    #[test]
    fn on_two_points_paul_has_the_lowest_buchholz_and_the_highest_eig() {
        let settings = Settings { tiebreaks: Some(vec![Tiebreak::Bh, Tiebreak::Eig]), ..Settings::default() };
        let job = Job::read(lesson("swiss-buchholz"), &settings).unwrap();
        let s = job.standings().unwrap().standings;
        let on_two: Vec<(&str, f64, f64)> = s
            .rows
            .iter()
            .filter(|r| r.points == 2.0)
            .map(|r| (r.name.as_str(), r.values[0].value.unwrap(), r.values[1].value.unwrap()))
            .collect();
        let paul = on_two.iter().find(|r| r.0 == "Paul").expect("Paul on 2 points");
        assert!(on_two.iter().all(|r| r.0 == "Paul" || (r.1 > paul.1 && r.2 < paul.2)), "{on_two:?}");
    }

    #[test]
    fn the_undefeated_player_is_infinite_until_a_dummy_player_comes() {
        let text = lesson("undefeated");
        assert_eq!(rating(text, &Settings::default(), "Ada"), None);
        let mut s = Settings::default();
        s.params.brent.gamma = 1.0;
        let (ada, ben) = (rating(text, &s, "Ada").unwrap(), rating(text, &s, "Ben").unwrap());
        assert!(ada.is_finite() && ada > ben);
    }

    #[test]
    fn the_two_groups_are_rated_apart() {
        let r = rate_text(lesson("two-groups"), &Settings::default()).unwrap();
        assert_eq!(r.groups, 2);
    }
}
