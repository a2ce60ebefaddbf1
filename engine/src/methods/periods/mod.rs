//! Ratings through time on rating periods: Glicko (Glickman 1999), Glicko-2 (Glickman's
//! 2013 example paper) and Stephenson's method (the Glicko variant that won Kaggle's 2012
//! chess rating contest, as R's PlayerRatings implements it).
//!
//! Every game of a period is rated from the ratings at the period's start; a player joins at
//! their first period with the initial rating and deviation; a player who sits periods out
//! has only their deviation grown. What differs between the papers and PlayerRatings (the
//! reference our goldens come from) is a [`Convention`]:
//!
//! | | [`Convention::Glickman`] (default) | [`Convention::PlayerRatings`] |
//! |---|---|---|
//! | periods | numbered: a gap of empty periods is time passing | only the periods with games count |
//! | a new player's first period (Glicko, Stephenson) | the initial deviation as it is | grown by `c` once, like everyone's |
//! | the deviation reported for a player who stopped | grown for every period since, up to the maximum | as it was after their last period |
//! | Glicko-2's volatility | Glickman's Illinois iteration (ε = 10⁻⁶) | R's `optimize` (Brent's minimiser, tolerance ε^¼) on the same likelihood, bounded by 2 ln σ ± 4τ; σ capped at the maximum deviation |
//! | Glicko-2's deviation after a period | as computed | capped at the maximum |
//!
//! Sources: M. E. Glickman, "Parameter estimation in large dynamic paired comparison
//! experiments", Applied Statistics 48 (1999), and "The Glicko system" (the worked example);
//! "Example of the Glicko-2 system" (2013); A. Stephenson and J. Sonas, R package
//! PlayerRatings 1.1-0 (`glicko`, `glicko2`, `steph`), whose goldens on the AFL data
//! `tests/periods.rs` reproduces. Coulom's Whole-History Rating is [`whr`].

/// The parts of [`crate::methods::spec::MethodSpec`] the Glicko family (Glicko, Glicko-2,
/// Stephenson) share, inside each one's `impl`: its fit begun by its own `begin` (on the whole
/// dataset, or apart: once begun it reads only the players), predictions by Glicko's model at
/// its initial deviation, and a player the fit left unrated at the list's rating, else the
/// initial one.
macro_rules! glicko_family_spec {
    () => {
        fn start<'d>(&self, data: &'d Dataset, _options: &Options) -> Result<Box<dyn Fit + 'd>, RateError> {
            self.begin(data, &data.players)
        }

        fn start_apart<'p>(
            &self,
            data: &Dataset,
            players: &'p [Player],
            _options: &Options,
        ) -> Option<Result<Box<dyn Fit + 'p>, RateError>> {
            Some(self.begin(data, players))
        }

        fn model(&self, rating: &Rating, players: usize) -> Model {
            Model::glicko(rating, players, self.initial_deviation)
        }

        fn unrated(&self, player: &Player) -> f64 {
            player.listed().map_or(self.initial_rating, |l| l.rating)
        }
    };
}
pub(crate) use glicko_family_spec;

pub mod fit;
pub mod fmin;
pub mod glicko;
pub mod glicko2;
pub mod length;
pub mod stephenson;
pub mod whr;

pub use length::{Growth, PeriodLength};
use serde::{Deserialize, Serialize};

/// Whose conventions a period method follows where the papers and PlayerRatings differ (the
/// table in the module's documentation).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Convention {
    #[default]
    Glickman,
    PlayerRatings,
}

impl Convention {
    pub const ALL: [Convention; 2] = [Convention::Glickman, Convention::PlayerRatings];

    pub fn name(self) -> &'static str {
        match self {
            Convention::Glickman => "glickman",
            Convention::PlayerRatings => "playerratings",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Convention::Glickman => "Glickman's papers",
            Convention::PlayerRatings => "R's PlayerRatings",
        }
    }
}

impl std::str::FromStr for Convention {
    type Err = String;

    fn from_str(s: &str) -> Result<Convention, String> {
        Convention::ALL
            .into_iter()
            .find(|c| s.trim().eq_ignore_ascii_case(c.name()))
            .ok_or_else(|| format!("'{}' is not a convention: expected glickman or playerratings", crate::error::excerpt(s)))
    }
}

/// One game of a period: player indices and the first player's score in `[0, 1]`.
///
/// 16 bytes: the players' indices in 32 bits (a dataset's players are `u32`-indexed
/// throughout; `model::Game` holds them so), as a million-game league's periods hold a
/// million of these.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PeriodGame {
    first: u32,
    second: u32,
    pub score: f64,
}

impl PeriodGame {
    /// The game of players `first` and `second` (indices below 2³²) where `first` scored `score`.
    pub fn new(first: usize, second: usize, score: f64) -> PeriodGame {
        let index = |i: usize| u32::try_from(i).expect("a player's index fits in 32 bits");
        PeriodGame { first: index(first), second: index(second), score }
    }

    /// The first player's index.
    pub fn first(&self) -> usize {
        self.first as usize
    }

    /// The second player's index.
    pub fn second(&self) -> usize {
        self.second as usize
    }
}

/// Games grouped into rating periods, in time order: each period's number (a round, a week,
/// a day; gaps are periods with no games) and its games; `players` indices in all.
///
/// The games of every period lie in one list, each period its time and where its games end:
/// a file without rounds or dates makes each game a period of its own, and a list per period
/// cost 64 bytes a game beside the game's 24 (a million games: 64 MB), now 12.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Periods {
    pub players: usize,
    times: Vec<i64>,
    /// Where each period's games end in `games`.
    ends: Vec<u32>,
    games: Vec<PeriodGame>,
}

impl Periods {
    /// No periods yet, among `players` players.
    pub fn new(players: usize) -> Periods {
        Periods { players, ..Periods::default() }
    }

    /// The periods of `lists`: each period's time and its games, in time order.
    pub fn from_lists(players: usize, lists: Vec<(i64, Vec<PeriodGame>)>) -> Periods {
        let mut periods = Periods::new(players);
        for (time, games) in lists {
            periods.push(time, &games);
        }
        periods
    }

    /// A period after the others: its time and its games.
    pub fn push(&mut self, time: i64, games: &[PeriodGame]) {
        self.games.extend_from_slice(games);
        self.close(time);
    }

    /// Ends a period at `time` with the games added since the last one ended.
    fn close(&mut self, time: i64) {
        self.times.push(time);
        // Fewer than 2³² games: each takes more than a byte of memory.
        self.ends.push(u32::try_from(self.games.len()).expect("fewer than 2^32 games"));
    }

    /// How many periods there are.
    pub fn len(&self) -> usize {
        self.times.len()
    }

    pub fn is_empty(&self) -> bool {
        self.times.is_empty()
    }

    /// The games of every period from the `start`th game on (as they lie, in time order).
    pub fn games_from(&self, start: usize) -> &[PeriodGame] {
        self.games.get(start..).unwrap_or(&[])
    }

    /// Period `k`: its time and its games.
    pub fn get(&self, k: usize) -> Option<(&i64, &[PeriodGame])> {
        let time = self.times.get(k)?;
        let start = if k == 0 { 0 } else { self.ends[k - 1] as usize };
        Some((time, &self.games[start..self.ends[k] as usize]))
    }

    /// Each period's time and games, in time order.
    pub fn iter(&self) -> impl Iterator<Item = (&i64, &[PeriodGame])> + '_ {
        (0..self.len()).filter_map(|k| self.get(k))
    }

    /// The first `k` periods.
    pub fn first(&self, k: usize) -> Periods {
        let k = k.min(self.len());
        let end = if k == 0 { 0 } else { self.ends[k - 1] as usize };
        Periods { players: self.players, times: self.times[..k].to_vec(), ends: self.ends[..k].to_vec(), games: self.games[..end].to_vec() }
    }

    /// Period `k`'s time as `convention` counts it ([`Periods::times`]).
    pub(crate) fn time(&self, k: usize, convention: Convention) -> i64 {
        match convention {
            Convention::Glickman => self.times[k],
            Convention::PlayerRatings => k as i64,
        }
    }

    /// Each period's time as the convention counts it: its number (Glickman), or its place
    /// among the periods with games (PlayerRatings).
    pub(crate) fn times(&self, convention: Convention) -> Vec<i64> {
        match convention {
            Convention::Glickman => self.times.clone(),
            Convention::PlayerRatings => (0..self.len() as i64).collect(),
        }
    }
}

/// What a dataset's rating periods are: its rounds, its rounds in date order (when the games
/// have both), its dates (a period a day), weeks or months, or each game a period of its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PeriodBasis {
    Round,
    /// The rounds as the dates order them, timed by the dates: a round played again later
    /// (round 1 of the next season) is a period of its own.
    RoundByDate,
    Date,
    /// Weeks, Monday to Sunday.
    Week,
    /// Calendar months.
    Month,
    Game,
}

impl PeriodBasis {
    pub const ALL: [PeriodBasis; 6] =
        [PeriodBasis::Round, PeriodBasis::RoundByDate, PeriodBasis::Date, PeriodBasis::Week, PeriodBasis::Month, PeriodBasis::Game];

    /// The periods, in words: `rounds`, `rounds in date order`, `days`, `weeks`, `months`, `games`.
    pub fn plural(self) -> &'static str {
        match self {
            PeriodBasis::Round => "rounds",
            PeriodBasis::RoundByDate => "rounds in date order",
            PeriodBasis::Date => "days",
            PeriodBasis::Week => "weeks",
            PeriodBasis::Month => "months",
            PeriodBasis::Game => "games",
        }
    }

    /// What a step of a period method is, in words.
    pub fn step(self) -> &'static str {
        match self {
            PeriodBasis::Round | PeriodBasis::RoundByDate => "round",
            PeriodBasis::Date => "day",
            PeriodBasis::Week => "week",
            PeriodBasis::Month => "month",
            PeriodBasis::Game => "game",
        }
    }

    /// The days one unit of the periods' time lasts, under `convention`: a day, a week, a month;
    /// for rounds in date order a day (Glickman's: they are timed by their dates), or, when only
    /// the periods with games count (PlayerRatings'), the median days between two rounds; `None`
    /// when the periods are no length of time (rounds without dates, games).
    pub fn days(self, convention: Convention, periods: &Periods) -> Option<f64> {
        match (self, convention) {
            (PeriodBasis::Date, _) | (PeriodBasis::RoundByDate, Convention::Glickman) => Some(1.0),
            (PeriodBasis::Week, _) => Some(7.0),
            (PeriodBasis::Month, _) => Some(length::MONTH_DAYS),
            (PeriodBasis::RoundByDate, Convention::PlayerRatings) => {
                let mut gaps: Vec<i64> = periods.times.windows(2).map(|w| w[1] - w[0]).filter(|&g| g > 0).collect();
                crate::sort::by_key(&mut gaps, |&g| g);
                Some(gaps.get(gaps.len() / 2).map_or(1.0, |&g| g as f64))
            }
            (PeriodBasis::Round | PeriodBasis::Game, _) => None,
        }
    }

    /// A period's `time` as a history draws it: a week's or a month's first day (as
    /// [`crate::model::day_number`] counts days), else the time itself (a day, a round, a game).
    pub fn day_or_number(self, time: i64) -> i64 {
        match self {
            PeriodBasis::Week => length::week_start(time),
            PeriodBasis::Month => length::month_start(time),
            _ => time,
        }
    }

    /// What the periods' time is counted in, for saying what a growth is per.
    pub fn unit(self, convention: Convention) -> &'static str {
        match (self, convention) {
            (PeriodBasis::RoundByDate, Convention::Glickman) => "day",
            _ => self.step(),
        }
    }
}

/// What a user is told about how the games were made into rating periods.
#[derive(Clone, Debug, PartialEq)]
pub enum PeriodNote {
    /// Every game has a date and a numbered round: [`PeriodBasis::RoundByDate`].
    RoundsByDate,
    /// Every game has a date, `unnumbered` of the `games` no numbered round: the dates, in
    /// periods of `basis` (days, weeks or months).
    DatesNotRounds { unnumbered: usize, games: usize, basis: PeriodBasis },
    /// `Auto` took `basis` (weeks or months) for dated games without rounds: the median player
    /// played in this `share` of the weeks from their first game to their last
    /// ([`length::calendar`]).
    Calendar { basis: PeriodBasis, share: Option<f64> },
    /// A growth per period as used: the default scaled to the period, or the user's.
    Growth(Growth),
    /// Every game has a numbered round, `undated` of the `games` no date: the rounds, the
    /// dates left out (a few dates must not put the undated games first).
    RoundsNotDates { undated: usize, games: usize },
    /// No rounds nor dates for every game: each game a period, in the input's order.
    EachGame,
    /// A player list's deviations over `max` (or, given by code, not a positive number):
    /// taken as `max` (the most a deviation grows to), for these players (named up to
    /// [`SHOWN`]) of `count`.
    DeviationsCapped { players: Vec<String>, count: usize, max: f64 },
}

/// How many players a note names before "and N more".
pub const SHOWN: usize = 5;

impl std::fmt::Display for PeriodNote {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use crate::text::count;
        let some = |n: usize, games: usize| format!("{n} of {} {}", count(games, "game", "games"), if n == 1 { "has" } else { "have" });
        match self {
            PeriodNote::RoundsByDate => f.write_str(
                "the games have both rounds and dates: the rating periods are the rounds taken in the dates' order, \
                 their time the dates (a round that comes again later, such as round 1 of the next season, is a period of its own)",
            ),
            &PeriodNote::DatesNotRounds { unnumbered, games, basis } => write!(
                f,
                "{} no numbered round: the rating periods are {} by the dates, the rounds left out",
                some(unnumbered, games),
                basis.plural()
            ),
            PeriodNote::Calendar { basis, share } => {
                write!(f, "the games are dated, not numbered: rated in {}", basis.plural())?;
                match share {
                    Some(s) => write!(
                        f,
                        " (the median player played in {:.0}% of the weeks from their first game to their last; a week when it is half or more)",
                        100.0 * s
                    ),
                    None => f.write_str(" (no one played in two different weeks)"),
                }
            }
            PeriodNote::Growth(g) => g.fmt(f),
            &PeriodNote::RoundsNotDates { undated, games } => {
                write!(f, "{} no date: the rating periods are the rounds, the dates left out", some(undated, games))
            }
            PeriodNote::EachGame => f.write_str("the games have neither rounds nor dates: each game is a rating period of its own"),
            PeriodNote::DeviationsCapped { players, count, max } => write!(
                f,
                "the player list's deviation of {} is over the largest deviation: taken as {}",
                crate::text::first_of(players, *count, SHOWN),
                crate::error::number(*max)
            ),
        }
    }
}

/// Each game's period, as a key that sorts the periods in time: its time (a day, a week, a
/// month, a round, the game's place) and, for rounds in date order, the period's place; what
/// the periods are and what is said about them.
struct Keys {
    /// Empty when each game is a period of its own in the input's order (the key its place):
    /// a million games' keys are 16 MB.
    keys: Vec<(i64, i64)>,
    basis: PeriodBasis,
    notes: Vec<PeriodNote>,
}

/// What the games carry: each one's numbered round and day, and how many lack each. A list is
/// empty when no game has one (a million games' are 16 MB each).
struct Marks {
    rounds: Vec<Option<i64>>,
    days: Vec<Option<i64>>,
    unnumbered: usize,
    undated: usize,
    /// Some game has a round, numbered or not.
    labelled: bool,
}

impl Keys {
    /// The periods of `length` ([`Keys::basis`]); `by_day`: `Auto` takes dates without rounds
    /// a day a period (WHR's days) rather than a week or a month.
    fn of(data: &crate::model::Dataset, length: PeriodLength, by_day: bool) -> Result<Keys, crate::error::RateError> {
        use crate::model::{day_number, round_number};
        let games = &data.games;
        let labelled = games.iter().any(|g| g.round().is_some());
        let rounds: Vec<Option<i64>> = match labelled {
            // A round's number is its period's time, which a history point keeps in 32 bits.
            true => games.iter().map(|g| g.round().and_then(round_number).filter(|&r| numbered(r)).map(|r| r as i64)).collect(),
            false => Vec::new(),
        };
        let days: Vec<Option<i64>> = match games.iter().any(|g| g.date().is_some()) {
            true => games.iter().map(|g| g.date().and_then(day_number)).collect(),
            false => Vec::new(),
        };
        let missing = |v: &[Option<i64>]| if v.is_empty() { games.len() } else { v.iter().filter(|x| x.is_none()).count() };
        let (unnumbered, undated) = (missing(&rounds), missing(&days));
        let marks = Marks { unnumbered, undated, labelled, rounds, days };
        let (basis, notes) = Keys::basis(data, &marks, length, by_day)?;
        let (rounds, days) = (&marks.rounds, &marks.days);
        let day = |k: usize| days.get(k).copied().flatten().unwrap_or(0);
        let keys = match basis {
            PeriodBasis::RoundByDate => rounds_by_date(rounds, days),
            PeriodBasis::Date => (0..games.len()).map(|k| (day(k), 0)).collect(),
            PeriodBasis::Week => (0..games.len()).map(|k| (length::week(day(k)), 0)).collect(),
            PeriodBasis::Month => (0..games.len()).map(|k| (length::month(day(k)), 0)).collect(),
            PeriodBasis::Round => rounds.iter().map(|r| (r.unwrap_or(0), 0)).collect(),
            // Each game in the input's order: its place is its key (none kept).
            PeriodBasis::Game if marks.undated > 0 => Vec::new(),
            // Each game in date order when every game is dated, else in the input's.
            PeriodBasis::Game => {
                let mut order: Vec<usize> = (0..games.len()).collect();
                crate::sort::by_key(&mut order, |&k| (day(k), k));
                let mut keys = vec![(0, 0); games.len()];
                for (place, k) in order.into_iter().enumerate() {
                    keys[k] = (place as i64, 0);
                }
                keys
            }
        };
        Ok(Keys { keys, basis, notes })
    }

    /// What the periods are for `length`, and what is said about them: `Auto` takes rounds in
    /// date order when every game has a date and a numbered round, the dates when every game has
    /// a date (a week or a month, [`length::calendar`]; a day when `by_day`), the rounds when
    /// every game has a numbered round, else each game. A length the games cannot give (weeks
    /// of undated games, rounds of unnumbered ones) is an error saying how many lack it.
    fn basis(
        data: &crate::model::Dataset,
        marks: &Marks,
        length: PeriodLength,
        by_day: bool,
    ) -> Result<(PeriodBasis, Vec<PeriodNote>), crate::error::RateError> {
        let n = data.games.len();
        let Marks { unnumbered, undated, labelled, .. } = *marks;
        let lacking = |what: &str, missing: usize| crate::error::RateError::BadParameter {
            name: "period".into(),
            value: length.name().into(),
            expected: format!(
                "a length every game has ({missing} of {} {what}; try auto or event)",
                crate::text::count(n, "game", "games")
            )
            .into(),
        };
        let rounds_left_out = |basis| (labelled && unnumbered > 0).then_some(PeriodNote::DatesNotRounds { unnumbered, games: n, basis });
        let by_round = |notes: Vec<PeriodNote>| match undated {
            0 => (PeriodBasis::RoundByDate, vec![PeriodNote::RoundsByDate]),
            _ => (PeriodBasis::Round, notes),
        };
        Ok(match length {
            _ if n == 0 => (PeriodBasis::Game, Vec::new()),
            PeriodLength::Auto => match (unnumbered, undated) {
                (0, _) => by_round((undated < n).then_some(PeriodNote::RoundsNotDates { undated, games: n }).into_iter().collect()),
                (_, 0) if by_day => (PeriodBasis::Date, rounds_left_out(PeriodBasis::Date).into_iter().collect()),
                (_, 0) => {
                    let dated: Vec<(usize, usize, i64)> =
                        data.games.iter().zip(&marks.days).map(|(g, d)| (g.first(), g.second(), d.unwrap_or(0))).collect();
                    let (chosen, share) = length::calendar(data.players.len(), &dated);
                    let basis = if chosen == PeriodLength::Week { PeriodBasis::Week } else { PeriodBasis::Month };
                    (basis, [Some(PeriodNote::Calendar { basis, share }), rounds_left_out(basis)].into_iter().flatten().collect())
                }
                _ => (PeriodBasis::Game, vec![PeriodNote::EachGame]),
            },
            PeriodLength::Day | PeriodLength::Week | PeriodLength::Month if undated > 0 => {
                return Err(lacking(if undated == 1 { "has no date" } else { "have no date" }, undated))
            }
            PeriodLength::Day => (PeriodBasis::Date, rounds_left_out(PeriodBasis::Date).into_iter().collect()),
            PeriodLength::Week => (PeriodBasis::Week, rounds_left_out(PeriodBasis::Week).into_iter().collect()),
            PeriodLength::Month => (PeriodBasis::Month, rounds_left_out(PeriodBasis::Month).into_iter().collect()),
            PeriodLength::Round if unnumbered > 0 => {
                return Err(lacking(if unnumbered == 1 { "has no numbered round" } else { "have no numbered round" }, unnumbered))
            }
            PeriodLength::Round => {
                by_round((undated > 0 && undated < n).then_some(PeriodNote::RoundsNotDates { undated, games: n }).into_iter().collect())
            }
            PeriodLength::Event => (PeriodBasis::Game, Vec::new()),
        })
    }
}

/// Whether a round's number is a numbered round's: a whole number within ±(2³¹ − 1), the
/// times a history point keeps (`HistoryPoint`).
fn numbered(round: f64) -> bool {
    round.fract() == 0.0 && round.abs() <= f64::from(i32::MAX)
}

/// Every game dated and with a numbered round: the games in date order (a day's by round), a
/// period each run of games of one round, timed by its first day. A round played over a
/// weekend stays one period, two rounds of one day are two, and a round number that comes
/// again after other rounds (the next season's round 1) is a new period, not the old one.
fn rounds_by_date(rounds: &[Option<i64>], days: &[Option<i64>]) -> Vec<(i64, i64)> {
    let (round, day) = (|k: usize| rounds[k].unwrap_or(0), |k: usize| days[k].unwrap_or(0));
    let mut order: Vec<usize> = (0..rounds.len()).collect();
    crate::sort::by_key(&mut order, |&k| (day(k), round(k), k));
    let mut keys = vec![(0, 0); rounds.len()];
    let mut run: Option<(i64, (i64, i64))> = None;
    for (place, &k) in order.iter().enumerate() {
        let key = match run {
            Some((r, key)) if r == round(k) => key,
            _ => (day(k), place as i64),
        };
        run = Some((round(k), key));
        keys[k] = key;
    }
    keys
}

impl Periods {
    /// The dataset's games as rating periods of `length` ([`Keys::of`]), each period's time its
    /// day, week, month, round or the game's place (two rounds of one day share their time);
    /// what they are; what the user is told. An error when the games cannot give `length`.
    pub fn from_dataset(
        data: &crate::model::Dataset,
        length: PeriodLength,
    ) -> Result<(Periods, PeriodBasis, Vec<PeriodNote>), crate::error::RateError> {
        Ok(Periods::grouped(data, Keys::of(data, length, false)?))
    }

    /// [`Periods::from_dataset`] for Whole-History Rating, whose periods are days: dates
    /// without rounds a day a period.
    pub fn by_day(data: &crate::model::Dataset) -> (Periods, PeriodBasis, Vec<PeriodNote>) {
        match Keys::of(data, PeriodLength::Auto, true) {
            Ok(keys) => Periods::grouped(data, keys),
            // (`Auto` asks for nothing the games lack.)
            Err(_) => (Periods::new(data.players.len()), PeriodBasis::Game, Vec::new()),
        }
    }

    fn grouped(data: &crate::model::Dataset, Keys { keys, basis, notes }: Keys) -> (Periods, PeriodBasis, Vec<PeriodNote>) {
        let games = &data.games;
        let key = |k: usize| keys.get(k).copied().unwrap_or((k as i64, 0));
        // The games in the keys' order (most files are in it already: no list of places then).
        let sorted = keys.windows(2).all(|w| w[0] <= w[1]);
        let mut order: Vec<u32> = Vec::new();
        if !sorted {
            order = (0..games.len() as u32).collect();
            crate::sort::by_key(&mut order, |&k| (key(k as usize), k));
        }
        let at = |place: usize| if sorted { place } else { order[place] as usize };
        let mut periods = Periods::new(data.players.len());
        periods.games.reserve_exact(games.len());
        let mut last = None;
        for place in 0..games.len() {
            let k = at(place);
            let g = &games[k];
            if g.score.is_nan() {
                continue;
            }
            if last.is_some_and(|l| l != key(k)) {
                periods.close(last.map_or(0, |l: (i64, i64)| l.0));
            }
            periods.games.push(PeriodGame::new(g.first(), g.second(), g.score));
            last = Some(key(k));
        }
        if let Some((time, _)) = last {
            periods.close(time);
        }
        (periods, basis, notes)
    }
}

/// A player's rating and deviation (RD, on the rating scale) at their first period.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Start {
    pub rating: f64,
    pub deviation: f64,
}

/// Each player's start: a player list's rating and deviation where it gives them (`--players`:
/// the rating the player had, so their first games move it as a rated player's, not a
/// newcomer's), else `initial`'s; a listed deviation outside (0, `max_deviation`] is taken as
/// the maximum, said in the note.
pub fn starts(players: &[crate::model::Player], initial: Start, max_deviation: f64) -> (Vec<Start>, Option<PeriodNote>) {
    let mut capped = Vec::new();
    let mut count = 0;
    let starts = players
        .iter()
        .map(|p| {
            let Some(listed) = p.listed().filter(|l| l.rating.is_finite()) else { return initial };
            let deviation = match listed.sigma {
                None => initial.deviation,
                Some(d) if d > 0.0 && d <= max_deviation => d,
                Some(_) => {
                    count += 1;
                    if capped.len() < SHOWN {
                        capped.push(p.name.clone());
                    }
                    max_deviation
                }
            };
            Start { rating: listed.rating, deviation }
        })
        .collect();
    let note = (count > 0).then_some(PeriodNote::DeviationsCapped { players: capped, count, max: max_deviation });
    (starts, note)
}

/// A player's standing after the last period.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Standing {
    pub rating: f64,
    /// The rating deviation (RD), on the rating scale.
    pub deviation: f64,
    /// Glicko-2's volatility σ.
    pub volatility: Option<f64>,
    pub games: u32,
    /// The time of the last period played (as [`Periods::times`] counts it).
    pub last: Option<i64>,
}

/// A period method's state, stepped a rating period at a time.
pub trait PeriodRule {
    /// How the method counts time and reports deviations.
    fn convention(&self) -> Convention;

    /// Rates one period's games, all from the ratings at its start (`time` as
    /// [`Periods::times`] counts it); the largest change of a rating.
    fn period(&mut self, time: i64, games: &[PeriodGame]) -> f64;

    /// Each player's standing after the periods so far, `end` the last period's time.
    fn standings(&self, end: i64) -> Vec<Standing>;

    /// Each player's current rating (`None` before their first period).
    fn ratings(&self) -> Vec<Option<f64>>;

    /// Player `i`'s current rating.
    fn rating(&self, i: usize) -> f64;

    /// Asks the processor for what rating player `i` in a later period will read (a hint:
    /// the players come in no order the hardware could guess; nothing is read or changed).
    fn prefetch(&self, _i: usize) {}

    /// Player `i`'s current deviation (RD) on the rating scale, as it stands after their last
    /// period (the history chart's band).
    fn deviation(&self, _i: usize) -> Option<f64> {
        None
    }
}

/// Runs `rule` through every period of `data`: each player's standing after the last.
pub fn run(data: &Periods, rule: &mut dyn PeriodRule) -> Vec<Standing> {
    let times = data.times(rule.convention());
    for ((_, games), &time) in data.iter().zip(&times) {
        rule.period(time, games);
    }
    rule.standings(times.last().copied().unwrap_or(0))
}

/// Glicko's scale factor q = ln 10 / 400.
pub(crate) const Q: f64 = std::f64::consts::LN_10 / 400.0;

/// Glicko's attenuation of an opponent of deviation² `rd2` (on the rating scale).
pub(crate) fn g(rd2: f64) -> f64 {
    1.0 / (1.0 + 3.0 * Q * Q * rd2 / (std::f64::consts::PI * std::f64::consts::PI)).sqrt()
}

/// Glicko's expected score of a player rated `r` against `r_j` with attenuation `g_j`.
pub fn expected(r: f64, r_j: f64, g_j: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-g_j * (r - r_j) / 400.0))
}

/// Glickman's `c`: the growth per period that brings a deviation of `from` back to `to` in
/// `periods` periods without games (1999, section 3.2: 50 → 350).
pub fn c_for(from: f64, to: f64, periods: f64) -> f64 {
    ((to * to - from * from) / periods).sqrt()
}

/// Glicko's and Stephenson's state: each player's rating, deviation², last period played and
/// games, and the period's sums.
pub(crate) struct RdState {
    pub r: Vec<f64>,
    pub rd2: Vec<f64>,
    pub last: Vec<Option<i64>>,
    pub games: Vec<u32>,
    pub scratch: Scratch,
}

impl RdState {
    /// Asks the processor for player `i`'s values (see [`PeriodRule::prefetch`]).
    pub fn prefetch(&self, i: usize) {
        prefetch(self.r.as_ptr().wrapping_add(i));
        prefetch(self.rd2.as_ptr().wrapping_add(i));
        prefetch(self.last.as_ptr().wrapping_add(i));
        prefetch(self.games.as_ptr().wrapping_add(i));
        prefetch(self.scratch.sums.as_ptr().wrapping_add(i));
    }

    /// Each player from their start.
    pub fn new(starts: &[Start]) -> RdState {
        let players = starts.len();
        RdState {
            r: starts.iter().map(|s| s.rating).collect(),
            rd2: starts.iter().map(|s| s.deviation * s.deviation).collect(),
            last: vec![None; players],
            games: vec![0; players],
            scratch: Scratch::new(players),
        }
    }

    /// The period's players listed, each one's deviation² grown by `grown`(deviation², last
    /// period), and the period's sums from the values at its start (`bonus` added to scores).
    pub fn start(&mut self, period: &[PeriodGame], grown: &dyn Fn(f64, Option<i64>) -> f64, bonus: f64) {
        self.scratch.start(period);
        for &i in &self.scratch.present {
            self.rd2[i] = grown(self.rd2[i], self.last[i]);
        }
        let (r, rd2) = (&self.r, &self.rd2);
        self.scratch.sum(period, &|i| r[i], &|i| rd2[i], bonus);
    }

    /// Player `i` rated at `time`: the new deviation², the rating moved by `step`; the move.
    pub fn set(&mut self, i: usize, time: i64, rd2: f64, step: f64) -> f64 {
        self.rd2[i] = rd2;
        self.r[i] += step;
        self.last[i] = Some(time);
        self.games[i] += self.scratch.sums[i].games;
        step.abs()
    }

    /// Each player's standing, the deviation² reported as `reported`(deviation², last).
    pub fn standings(&self, reported: &dyn Fn(f64, Option<i64>) -> f64) -> Vec<Standing> {
        (0..self.r.len())
            .map(|i| Standing {
                rating: self.r[i],
                deviation: reported(self.rd2[i], self.last[i]).sqrt(),
                volatility: None,
                games: self.games[i],
                last: self.last[i],
            })
            .collect()
    }

    pub fn ratings(&self) -> Vec<Option<f64>> {
        self.r.iter().zip(&self.last).map(|(&r, l)| l.map(|_| r)).collect()
    }
}

/// One period's players and, for each, the sums of a Glicko-type update ([`Sums`]). Kept by
/// a rule for its whole run and cleared player by player, so that a period costs its own
/// games, not the number of players (thousands of periods of a few games each are a season
/// of leagues, or a file without rounds or dates).
pub(crate) struct Scratch {
    pub present: Vec<usize>,
    /// Each player's sums, together: a period's player is one place in memory, not five (on a
    /// million games each a period of its own, the players are all over memory).
    pub sums: Vec<Sums>,
}

/// A player's sums in a period: Σ g²E(1−E) (`info`), Σ g(s + bonus − E) (`surprise`),
/// Σ (r_opponent − r) (`neighbours`, Stephenson's) and the games; whether they are listed.
#[derive(Clone, Copy, Default)]
pub(crate) struct Sums {
    pub info: f64,
    pub surprise: f64,
    pub neighbours: f64,
    pub games: u32,
    seen: bool,
}

impl Scratch {
    pub fn new(players: usize) -> Scratch {
        Scratch { present: Vec::new(), sums: vec![Sums::default(); players] }
    }

    /// The last period's entries cleared; this period's players listed, each once.
    pub fn start(&mut self, games: &[PeriodGame]) {
        for &i in &self.present {
            self.sums[i] = Sums::default();
        }
        self.present.clear();
        for g in games {
            for i in [g.first(), g.second()] {
                if !std::mem::replace(&mut self.sums[i].seen, true) {
                    self.present.push(i);
                }
            }
        }
    }

    /// The sums of the period's games from the ratings and deviations² (rating scale) at its
    /// start; `bonus` is added to every score (Stephenson).
    pub fn sum(&mut self, games: &[PeriodGame], r: &dyn Fn(usize) -> f64, rd2: &dyn Fn(usize) -> f64, bonus: f64) {
        for game in games {
            for (i, j, score) in [(game.first(), game.second(), game.score), (game.second(), game.first(), 1.0 - game.score)] {
                let gj = g(rd2(j));
                let e = expected(r(i), r(j), gj);
                let sums = &mut self.sums[i];
                sums.info += gj * gj * e * (1.0 - e);
                sums.surprise += gj * (score + bonus - e);
                sums.games += 1;
                sums.neighbours += r(j) - r(i);
            }
        }
    }
}

/// Asks the processor for what a later step will touch: the players of a period method's
/// games are in no order the hardware could guess, and waiting for each player's values (and,
/// in `fit::add`, each history and its end) in turn was much of the run.
#[inline(always)]
pub(crate) fn prefetch<T>(at: *const T) {
    // SAFETY: prefetching is a hint: it reads nothing, whatever the address.
    #[cfg(target_arch = "x86_64")]
    unsafe {
        std::arch::x86_64::_mm_prefetch(at as *const i8, std::arch::x86_64::_MM_HINT_T0)
    };
    #[cfg(not(target_arch = "x86_64"))]
    let _ = at;
}
