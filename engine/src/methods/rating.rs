//! What every method returns: ratings best first, and the solver's report (iterations,
//! per-iteration residuals, and why it stopped), in the spirit of argmin's solver state.

use crate::diagnose::{Diagnosis, Status};
use crate::error::NameError;
use crate::methods::brent::Variant;
use crate::methods::jrank::Step as JRankStep;
use crate::methods::periods::PeriodBasis;
use crate::methods::{Method, MethodKind};
use crate::scale::{Offset, ScaleKind};
use crate::text::count;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

/// One iteration of an iterative method.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct IterationRecord {
    /// 1-based.
    pub iteration: usize,
    /// The paper's stopping quantity: `max_i |x_i(k) − x_i(k−1)| / x_i(k)`.
    pub change: f64,
    /// The largest `|actual − expected score|` of equations (11) at the iterate this step
    /// started from, in game points (the final iterate's is [`SolverReport::final_residual`]).
    pub residual: f64,
    /// The outer re-weighting step, for the fixed-weight variant.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub outer: Option<usize>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StopReason {
    /// The change fell below ε.
    Converged,
    /// The iteration cap was reached first.
    MaxIterations,
    /// The caller stopped it.
    Cancelled,
    /// A strength overflowed or vanished (degenerate data without a dummy player).
    NonFinite,
    /// No group of players could be rated at all.
    NothingToRate,
    /// A sequential method (Elo) went once through the games.
    Finished,
}

impl StopReason {
    /// The name in JSON: `converged`, `max_iterations`, ...
    pub fn name(self) -> &'static str {
        match self {
            StopReason::Converged => "converged",
            StopReason::MaxIterations => "max_iterations",
            StopReason::Cancelled => "cancelled",
            StopReason::NonFinite => "non_finite",
            StopReason::NothingToRate => "nothing_to_rate",
            StopReason::Finished => "finished",
        }
    }

    /// Why the fit stopped after `steps` steps, in words.
    pub fn text(self, steps: usize) -> String {
        match self {
            StopReason::Converged => format!("converged in {}", count(steps, "iteration", "iterations")),
            StopReason::MaxIterations => format!("NOT converged after {}", count(steps, "iteration", "iterations")),
            StopReason::Cancelled => format!("stopped after {}", count(steps, "iteration", "iterations")),
            StopReason::NonFinite => format!("overflowed after {}", count(steps, "iteration", "iterations")),
            StopReason::NothingToRate => "nothing to rate".to_string(),
            StopReason::Finished => "one pass through the games".to_string(),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SolverReport {
    pub iterations: usize,
    pub converged: bool,
    pub stop: StopReason,
    pub trace: Vec<IterationRecord>,
    /// The largest residual of equations (11) at the final ratings.
    pub final_residual: f64,
    /// Brent: full passes over the score matrix, whatever the variant does inside an iteration.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub passes: Option<usize>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayerRating {
    pub name: String,
    /// The player's index in the dataset (not in the JSON: names identify players there).
    #[serde(skip)]
    pub index: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// 1-based place in the list; equal ratings share a rank. `None` without games.
    pub rank: Option<usize>,
    /// On the display scale; `None` when there is no finite rating (see `status`).
    pub rating: Option<f64>,
    /// The natural log-strength `r = ln x` (relative to the group's scale).
    pub log_strength: Option<f64>,
    pub games: u32,
    pub score: f64,
    /// 1-based rated group; ratings compare only within a group.
    pub group: Option<usize>,
    pub status: Status,
    /// The rating's uncertainty on the display scale: a standard error (Brent) or the
    /// posterior σ (AGA, Weng–Lin).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sigma: Option<f64>,
    /// The rating after each of the player's games (Elo, multiplayer Elo).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub history: Option<Vec<HistoryPoint>>,
    /// The rating in words on the method's own scale (AGA: "3.4d", "5.2k").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    /// The rating deviation RD on the rating scale (Glicko, Glicko-2, Stephenson; WHR: the
    /// posterior standard deviation of the last day's rating).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deviation: Option<f64>,
    /// Glicko-2's volatility σ.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub volatility: Option<f64>,
}

/// A rating at a point of a method's run through time (a sequential method's, a period
/// method's, WHR's).
///
/// 24 bytes, not the 48 of its plain fields: a million-game league's history holds two
/// million of them (issue 40, *Reading in the file's own size*). The game's position is kept
/// in 32 bits (a list of 2³² games would not fit in memory beside them), the time in 32 bits
/// (a day number reaches 3.7 million in the year 9999, a game's place is below the games'
/// number, and a round's number past 2³¹ − 1 is not taken as one: `periods::Keys`), "no
/// time" is the one value of those bits no time takes, and "no deviation" is a NaN of its
/// own payload, never one arithmetic makes; the JSON and every other serialised form are
/// those of [`PointFields`], the plain fields, as before.
#[derive(Clone, Copy, Serialize, Deserialize)]
#[serde(from = "PointFields", into = "PointFields")]
pub struct HistoryPoint {
    rating: f64,
    /// [`NO_DEVIATION`]'s bits when there is none.
    deviation: f64,
    /// [`NO_TIME`] when there is none.
    time: i32,
    game: u32,
}

/// The time no point has: −2³¹ (a time is kept within ±(2³¹ − 1)).
const NO_TIME: i32 = i32::MIN;

/// `time` as a point keeps it: within ±(2³¹ − 1), one past that at the nearer end (no
/// history is given such a time; see [`HistoryPoint`]).
fn kept_time(time: Option<i64>) -> i32 {
    time.map_or(NO_TIME, |t| t.clamp(-i64::from(i32::MAX), i64::from(i32::MAX)) as i32)
}

/// The bits of a NaN no arithmetic gives (a quiet NaN with a payload): a point with no
/// deviation. A deviation that came out NaN stays `Some(NaN)`.
const NO_DEVIATION: u64 = 0x7ff8_0000_dead_beef;

/// A [`HistoryPoint`] as its plain fields: what is serialised.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct PointFields {
    /// 1-based position of the game (or event) in processing order.
    pub game: usize,
    pub rating: f64,
    /// When, as the method's periods count time: a day number (`model::day_number`) for dated
    /// games, else a round's number; `None` when the games have no time but their order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time: Option<i64>,
    /// The rating's deviation then, on the rating scale (the Glicko family's RD, WHR's
    /// posterior standard deviation, Weng–Lin's σ).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deviation: Option<f64>,
}

impl From<PointFields> for HistoryPoint {
    fn from(p: PointFields) -> HistoryPoint {
        HistoryPoint::new(p.game, p.rating, p.time, p.deviation)
    }
}

impl From<HistoryPoint> for PointFields {
    fn from(p: HistoryPoint) -> PointFields {
        PointFields { game: p.game(), rating: p.rating, time: p.time(), deviation: p.deviation() }
    }
}

/// Equal as the plain fields are (the NaN that marks "no deviation" is not compared as a number).
impl PartialEq for HistoryPoint {
    fn eq(&self, other: &HistoryPoint) -> bool {
        PointFields::from(*self) == PointFields::from(*other)
    }
}

impl fmt::Debug for HistoryPoint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        PointFields::from(*self).fmt(f)
    }
}

impl HistoryPoint {
    /// The point after the `game`th game (1-based) of the order, at `time`, with `deviation`.
    /// A position past 2³² − 1 is kept as 2³² − 1 (such a list of games cannot be held), a
    /// time past ±(2³¹ − 1) at the nearer end.
    pub fn new(game: usize, rating: f64, time: Option<i64>, deviation: Option<f64>) -> HistoryPoint {
        HistoryPoint {
            rating,
            deviation: deviation.unwrap_or(f64::from_bits(NO_DEVIATION)),
            time: kept_time(time),
            game: u32::try_from(game).unwrap_or(u32::MAX),
        }
    }

    /// A point with no time but its place in the order, and no deviation.
    pub fn at(game: usize, rating: f64) -> HistoryPoint {
        HistoryPoint::new(game, rating, None, None)
    }

    /// 1-based position of the game (or event) in processing order.
    pub fn game(&self) -> usize {
        self.game as usize
    }

    /// The rating then, on the display scale.
    pub fn rating(&self) -> f64 {
        self.rating
    }

    /// When, as the method's periods count time: a day number (`model::day_number`) for
    /// dated games, else a round's number; `None` when the games have no time but their order.
    pub fn time(&self) -> Option<i64> {
        (self.time != NO_TIME).then_some(i64::from(self.time))
    }

    /// The rating's deviation then, on the rating scale (the Glicko family's RD, WHR's
    /// posterior standard deviation, Weng–Lin's σ).
    pub fn deviation(&self) -> Option<f64> {
        (self.deviation.to_bits() != NO_DEVIATION).then_some(self.deviation)
    }

    /// The same point with `deviation`.
    pub fn with_deviation(self, deviation: Option<f64>) -> HistoryPoint {
        HistoryPoint { deviation: deviation.unwrap_or(f64::from_bits(NO_DEVIATION)), ..self }
    }

    /// The same point at `time`.
    pub fn with_time(self, time: Option<i64>) -> HistoryPoint {
        HistoryPoint { time: kept_time(time), ..self }
    }
}

/// JRank's parameter fit: the squared error per game over a grid of (k, p).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ParameterFit {
    pub k_values: Vec<f64>,
    pub p_values: Vec<f64>,
    /// `error[i][j]` for `k_values[i]`, `p_values[j]`: the mean squared error per scored game
    /// (infinite, written as `null` in JSON, where it overflowed).
    pub error: Vec<Vec<f64>>,
    pub best_k: f64,
    pub best_p: f64,
    pub best_error: f64,
    /// Games the ratings were fitted on and games the error was measured on (the same games
    /// when the fit is in-sample).
    pub fitted_games: usize,
    pub scored_games: usize,
    pub in_sample: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ScaleReport {
    pub kind: ScaleKind,
    pub factor: f64,
    pub offset: Offset,
}

/// One game as a sequential method met it: the players' ratings before it and the first
/// player's expected score (Elo's `per_game`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    /// The input line.
    pub line: usize,
    /// Player ids.
    pub first: usize,
    pub second: usize,
    pub first_before: f64,
    pub second_before: f64,
    pub expected: f64,
    /// The first player's score.
    pub score: f64,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    pub method: MethodKind,
    /// How the method ran; in JSON a few words (`alg1`, `by date, margin`, `by_event`).
    pub variant: MethodVariant,
    /// The parameters it ran with.
    pub params: Method,
    /// Best first.
    pub players: Vec<PlayerRating>,
    pub report: SolverReport,
    pub diagnosis: Diagnosis,
    pub groups: usize,
    /// The display scale (Brent); other methods have their own fixed scales.
    pub scale: Option<ScaleReport>,
    pub warnings: Vec<String>,
    /// Elo's foresight accuracy: among decisive games, the share won by the player the
    /// pre-game ratings favoured.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub accuracy: Option<f64>,
    /// How many games (or events with a single favourite) `accuracy` is the share of.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decided: Option<usize>,
    /// JRank's parameter fit, when asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fit: Option<ParameterFit>,
    /// Each game's ratings before it (Elo with `per_game`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub games: Option<Vec<GameRecord>>,
}

/// A [`GameRecord`] with its players by name: the JSON's `games` (borrowing the names) and
/// the app's games table (owning them) are this, so the names are looked up in one place
/// ([`Rating::named_games`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct NamedGame<N> {
    /// The input line.
    pub line: usize,
    pub first: N,
    pub second: N,
    pub first_before: f64,
    pub second_before: f64,
    /// The first player's expected score.
    pub expected: f64,
    /// The first player's score.
    pub score: f64,
}

impl Rating {
    /// Each game's record (Elo with `per_game`) with its players' names made by `name` from
    /// the names (an index without a rated player gets the empty name); `None` without records.
    pub fn named_games<'a, N>(&'a self, name: impl Fn(&'a str) -> N) -> Option<Vec<NamedGame<N>>> {
        let games = self.games.as_ref()?;
        let names = self.names_by_index();
        let named = |i: usize| name(names.get(i).copied().unwrap_or(""));
        let row = |g: &GameRecord| NamedGame {
            line: g.line,
            first: named(g.first),
            second: named(g.second),
            first_before: g.first_before,
            second_before: g.second_before,
            expected: g.expected,
            score: g.score,
        };
        Some(games.iter().map(row).collect())
    }

    /// The players' names by dataset index (the rows are best first).
    pub fn names_by_index(&self) -> Vec<&str> {
        let mut names = vec![""; self.players.iter().map(|p| p.index + 1).max().unwrap_or(0)];
        for p in &self.players {
            names[p.index] = p.name.as_str();
        }
        names
    }
}

/// The order a sequential method takes the games in (Elo, two-player games in multiplayer Elo).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameOrder {
    /// By date, when every game has one.
    ByDate,
    /// By round number, when every game has one (and some has no date).
    ByRound,
    /// As listed.
    Input,
}

impl GameOrder {
    pub const ALL: [GameOrder; 3] = [GameOrder::ByDate, GameOrder::ByRound, GameOrder::Input];

    /// The words in [`Rating::variant`]: `by date`, `by round`, `input order`.
    pub fn name(self) -> &'static str {
        match self {
            GameOrder::ByDate => "by date",
            GameOrder::ByRound => "by round",
            GameOrder::Input => "input order",
        }
    }
}

/// How a method ran ([`Rating::variant`]): the choices that shape a run besides its
/// parameters' numbers, for every method (one type, since the field is in every rating).
/// Written (in JSON, in the app, in reports) as a few words, the same as when it was a
/// string: `alg1`, `accelerated, from the previous ratings`, `by date, margin`,
/// `input order, reordered`, `two-player games, by round`, `events in input order`,
/// `iteration`, `by_event`, `single_fit`; read back from them ([`FromStr`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MethodVariant {
    /// The iteration that ran ([`Variant::Auto`] resolved by size), and whether it started
    /// from the previous ratings.
    Brent { iteration: Variant, warmed: bool },
    /// The games' order, whether margins counted, and whether the run took the games in
    /// another order than `order` (the order-dependence study).
    Elo { order: GameOrder, margin: bool, reordered: bool },
    /// Events in input order (`games: None`), or two-player games only, in their order.
    MultiElo { games: Option<GameOrder>, reordered: bool },
    /// The JRank step that ran ([`JRankStep::Auto`] resolved by size): the paper's, written
    /// `iteration` (as before there was a choice), or conjugate gradients.
    JRank { step: JRankStep },
    /// Each event fitted in turn (`by_event`), or all the games at once (`single_fit`).
    Aga { by_event: bool },
    /// Glicko, Glicko-2, Stephenson: the games rated period by period, periods being rounds,
    /// rounds in date order, days or (with neither) games (`rating periods: rounds`).
    Periods { basis: PeriodBasis },
    /// Whole-History Rating over days being rounds, rounds in date order, dates or games
    /// (`whole history: days`).
    WholeHistory { basis: PeriodBasis },
    /// Plackett–Luce's MM iteration.
    PlackettLuce,
}

/// The suffixes of the written form, each a flag.
const WARMED: &str = ", from the previous ratings";
const REORDERED: &str = ", reordered";
const MARGIN: &str = ", margin";
const TWO_PLAYER: &str = "two-player games, ";
const EVENTS: &str = "events in input order";
const PERIODS: &str = "rating periods: ";
const WHOLE_HISTORY: &str = "whole history: ";
/// JRank's accelerated step (not "accelerated": Brent's is written so).
const CONJUGATE: &str = "conjugate gradients";

impl MethodVariant {
    /// The same run with its items taken in another order (a sequential method's replay).
    pub fn reordered(self) -> MethodVariant {
        match self {
            MethodVariant::Elo { order, margin, .. } => MethodVariant::Elo { order, margin, reordered: true },
            MethodVariant::MultiElo { games, .. } => MethodVariant::MultiElo { games, reordered: true },
            other => other,
        }
    }
}

impl fmt::Display for MethodVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let flag = |on: bool, words: &'static str| if on { words } else { "" };
        match *self {
            MethodVariant::Brent { iteration, warmed } => write!(f, "{}{}", iteration.name(), flag(warmed, WARMED)),
            MethodVariant::Elo { order, margin, reordered } => {
                write!(f, "{}{}{}", order.name(), flag(margin, MARGIN), flag(reordered, REORDERED))
            }
            MethodVariant::MultiElo { games: None, reordered } => write!(f, "{EVENTS}{}", flag(reordered, REORDERED)),
            MethodVariant::MultiElo { games: Some(order), reordered } => {
                write!(f, "{TWO_PLAYER}{}{}", order.name(), flag(reordered, REORDERED))
            }
            MethodVariant::JRank { step: JRankStep::Accelerated } => f.write_str(CONJUGATE),
            MethodVariant::JRank { .. } => f.write_str("iteration"),
            MethodVariant::PlackettLuce => f.write_str("mm"),
            MethodVariant::Aga { by_event: true } => f.write_str("by_event"),
            MethodVariant::Aga { by_event: false } => f.write_str("single_fit"),
            MethodVariant::Periods { basis } => write!(f, "{PERIODS}{}", basis.plural()),
            MethodVariant::WholeHistory { basis } => write!(f, "{WHOLE_HISTORY}{}", basis.plural()),
        }
    }
}

impl FromStr for MethodVariant {
    type Err = NameError;

    /// The written form back ([`fmt::Display`]'s words, exactly).
    fn from_str(s: &str) -> Result<MethodVariant, NameError> {
        let strip = |t: &str, suffix: &str| t.strip_suffix(suffix).map_or((t.to_string(), false), |t| (t.to_string(), true));
        let (rest, reordered) = strip(s, REORDERED);
        let (rest, margin) = strip(&rest, MARGIN);
        let (plain, warmed) = strip(&rest, WARMED);
        let found = read_variant(&plain, reordered, margin, warmed);
        found.ok_or_else(|| NameError::Unknown {
            what: "method variant",
            name: s.into(),
            expected: "the words a rating's variant is written in, such as 'alg1', 'by date, margin' or 'by_event'".into(),
        })
    }
}

/// The variant written `plain` with the flags its suffixes set, if there is one.
fn read_variant(plain: &str, reordered: bool, margin: bool, warmed: bool) -> Option<MethodVariant> {
    let order = |t: &str| GameOrder::ALL.into_iter().find(|o| o.name() == t);
    let iteration = Variant::ALL.into_iter().find(|v| v.name() == plain);
    let basis = |t: &str| PeriodBasis::ALL.into_iter().find(|b| b.plural() == t);
    match (plain, reordered || margin, warmed) {
        ("iteration", false, false) => Some(MethodVariant::JRank { step: JRankStep::Paper }),
        (CONJUGATE, false, false) => Some(MethodVariant::JRank { step: JRankStep::Accelerated }),
        ("mm", false, false) => Some(MethodVariant::PlackettLuce),
        (t, false, false) if t.starts_with(PERIODS) => basis(&t[PERIODS.len()..]).map(|basis| MethodVariant::Periods { basis }),
        (t, false, false) if t.starts_with(WHOLE_HISTORY) => {
            basis(&t[WHOLE_HISTORY.len()..]).map(|basis| MethodVariant::WholeHistory { basis })
        }
        ("by_event" | "single_fit", false, false) => Some(MethodVariant::Aga { by_event: plain == "by_event" }),
        (_, false, _) if iteration.is_some() => iteration.map(|iteration| MethodVariant::Brent { iteration, warmed }),
        (_, _, true) => None,
        (EVENTS, _, _) if !margin => Some(MethodVariant::MultiElo { games: None, reordered }),
        (t, _, _) if !margin && t.starts_with(TWO_PLAYER) => {
            order(&t[TWO_PLAYER.len()..]).map(|o| MethodVariant::MultiElo { games: Some(o), reordered })
        }
        (t, _, _) => order(t).map(|order| MethodVariant::Elo { order, margin, reordered }),
    }
}

/// As its words: the JSON shape is public and was a string.
impl Serialize for MethodVariant {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for MethodVariant {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<MethodVariant, D::Error> {
        String::deserialize(d)?.parse().map_err(serde::de::Error::custom)
    }
}

/// A variant equals the words it is written as (`rating.variant == "by date"`).
impl PartialEq<&str> for MethodVariant {
    // The words are a few bytes, and compared in tests and checks, not in loops.
    #[allow(clippy::cmp_owned)]
    fn eq(&self, other: &&str) -> bool {
        self.to_string() == *other
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::methods::brent::BrentParams;
    use crate::methods::{rate, Method, Options};
    use crate::model::Dataset;

    fn league() -> Dataset {
        let mut d = Dataset::new();
        for (a, b, s) in [("A", "B", 1.0), ("B", "C", 1.0), ("C", "A", 0.5), ("A", "D", 1.0), ("D", "B", 0.5), ("C", "D", 0.0)] {
            d.add_game(a, b, s);
        }
        d
    }

    /// A history point is 24 bytes (two million of them in a million-game league's history),
    /// and reads, compares and serialises as its plain fields: no deviation stays none, a NaN
    /// deviation stays a NaN, a time of 0 stays a time, and every time a history is given (a
    /// day number, a week's or month's first day, a round's number, a game's place) within
    /// ±(2³¹ − 1) stays itself; one past that is kept at the nearer end.
    #[test]
    fn a_history_point_is_24_bytes_and_its_fields() {
        assert_eq!(std::mem::size_of::<HistoryPoint>(), 24);
        assert_eq!(std::mem::size_of::<crate::methods::periods::PeriodGame>(), 16);
        let cases = [
            (1, 1500.0, None, None),
            (7, -3.5, Some(0), Some(42.0)),
            (usize::MAX >> 40, 0.0, Some(-20_000), Some(f64::NAN)),
            (3, 1.0, Some(i64::from(i32::MAX)), Some(0.0)),
            (4, 1.0, Some(-i64::from(i32::MAX)), None),
            (5, 2.0, Some(crate::model::day_number("9999-12-31").unwrap()), Some(1.0)),
        ];
        for (game, rating, time, deviation) in cases {
            let p = HistoryPoint::new(game, rating, time, deviation);
            assert_eq!((p.game(), p.rating(), p.time()), (game, rating, time));
            assert_eq!(p.deviation().map(f64::to_bits), deviation.map(f64::to_bits));
            let fields = PointFields { game, rating, time, deviation };
            let json = serde_json::to_string(&p).unwrap();
            assert_eq!(json, serde_json::to_string(&fields).unwrap());
            let back: HistoryPoint = serde_json::from_str(&json).unwrap();
            // JSON writes a NaN as null, which reads back as no deviation, as the plain fields did.
            assert_eq!(back.deviation().is_some(), deviation.is_some_and(f64::is_finite));
            assert_eq!(p.with_time(None).time(), None);
            assert_eq!(p.with_deviation(None).deviation(), None);
        }
        assert_eq!(serde_json::to_string(&HistoryPoint::at(2, 1.5)).unwrap(), r#"{"game":2,"rating":1.5}"#);
        assert_eq!(HistoryPoint::new(1, 2.0, None, None), HistoryPoint::at(1, 2.0));
        for (time, kept) in [(i64::MAX, i32::MAX), (i64::MIN, -i32::MAX), (i64::from(i32::MIN), -i32::MAX)] {
            assert_eq!(HistoryPoint::new(1, 0.0, Some(time), None).time(), Some(i64::from(kept)), "{time}");
        }
    }

    /// Every variant there is, as written, and read back from its words.
    #[test]
    fn a_variant_is_written_as_its_words_and_read_back() {
        // (A rating's JRank step is resolved: never `Auto`.)
        let mut all: Vec<MethodVariant> = vec![
            MethodVariant::JRank { step: JRankStep::Paper },
            MethodVariant::JRank { step: JRankStep::Accelerated },
            MethodVariant::PlackettLuce,
            MethodVariant::Aga { by_event: true },
            MethodVariant::Aga { by_event: false },
        ];
        for iteration in Variant::ALL {
            all.extend([false, true].map(|warmed| MethodVariant::Brent { iteration, warmed }));
        }
        for order in GameOrder::ALL {
            for (margin, reordered) in [(false, false), (true, false), (false, true), (true, true)] {
                all.push(MethodVariant::Elo { order, margin, reordered });
            }
            all.extend([false, true].map(|reordered| MethodVariant::MultiElo { games: Some(order), reordered }));
        }
        all.extend([false, true].map(|reordered| MethodVariant::MultiElo { games: None, reordered }));
        for v in &all {
            assert_eq!(v.to_string().parse::<MethodVariant>(), Ok(*v), "{v}");
            assert_eq!(serde_json::from_str::<MethodVariant>(&serde_json::to_string(v).unwrap()).unwrap(), *v);
        }
        let words = |v: MethodVariant| v.to_string();
        assert_eq!(words(MethodVariant::Brent { iteration: Variant::Accelerated, warmed: true }), "accelerated, from the previous ratings");
        assert_eq!(words(MethodVariant::Elo { order: GameOrder::Input, margin: true, reordered: true }), "input order, margin, reordered");
        assert_eq!(words(MethodVariant::MultiElo { games: Some(GameOrder::ByRound), reordered: false }), "two-player games, by round");
        assert_eq!(words(MethodVariant::MultiElo { games: None, reordered: false }), "events in input order");
        assert_eq!(words(MethodVariant::Aga { by_event: false }), "single_fit");
        for bad in ["", "alg1, margin", "iteration, reordered", "by_event, from the previous ratings", "Alg1", "by week"] {
            assert!(bad.parse::<MethodVariant>().is_err(), "{bad}");
        }
    }

    /// The JSON's `variant` is the string it was before the type (a public shape), for
    /// Brent and for the others.
    #[test]
    fn the_json_variant_is_the_same_string_for_every_method() {
        let d = league();
        let cases = [
            (Method::Brent(BrentParams { variant: Variant::Alg1, ..Default::default() }), "alg1"),
            (Method::Brent(BrentParams { variant: Variant::Accelerated, ..Default::default() }), "accelerated"),
            (Method::Elo(Default::default()), "input order"),
            (Method::MultiElo(Default::default()), "two-player games, input order"),
            (Method::JRank(Default::default()), "iteration"),
            (Method::Aga(Default::default()), "by_event"),
        ];
        for (method, expected) in cases {
            let r = rate(&d, &method, &Options::default()).unwrap();
            let json: serde_json::Value = serde_json::from_str(&crate::export::json(&r)).unwrap();
            assert_eq!(json["variant"], serde_json::Value::String(expected.into()), "{method:?}");
            assert_eq!(r.variant, expected);
        }
    }
}
