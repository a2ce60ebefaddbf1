//! A rating history as the history chart draws it (issue 39): in time when the method has
//! time (dates, rounds), each rating held until the player's next game or period — a step, not
//! a slope, since a rating does not move while its player is away — a long absence marked as
//! a gap, and the deviation as a band. Plain data and arithmetic, so that the geometry is
//! tested natively; `charts::history` draws it.

use crate::core::engine::methods::rating::{GameOrder, HistoryPoint, MethodVariant, PeriodBasis};
use serde::{Deserialize, Serialize};

/// What the history chart's x axis counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum HistoryAxis {
    /// The games (or events) in the order rated: the data have no time.
    #[default]
    Game,
    /// Rounds by their numbers.
    Round,
    /// Days (`model::day_number`), labelled as dates.
    Day,
}

impl HistoryAxis {
    /// The history's heading: the leading players' ratings through what the axis counts.
    pub fn heading(self) -> &'static str {
        match self {
            HistoryAxis::Game => "The leading players' ratings, game by game",
            HistoryAxis::Round => "The leading players' ratings, round by round",
            HistoryAxis::Day => "The leading players' ratings through time",
        }
    }

    /// The axis title.
    pub fn title(self) -> &'static str {
        match self {
            HistoryAxis::Game => "game, in the order rated",
            HistoryAxis::Round => "round",
            HistoryAxis::Day => "date",
        }
    }

    /// The axis a method's run has: time when every point has one.
    pub fn of(variant: Option<MethodVariant>, points: &[&[HistoryPoint]]) -> HistoryAxis {
        let timed = points.iter().all(|h| h.iter().all(|p| p.time().is_some()));
        match variant {
            _ if !timed => HistoryAxis::Game,
            Some(MethodVariant::Periods { basis } | MethodVariant::WholeHistory { basis }) => match basis {
                PeriodBasis::Round => HistoryAxis::Round,
                PeriodBasis::Date | PeriodBasis::RoundByDate | PeriodBasis::Week | PeriodBasis::Month => HistoryAxis::Day,
                PeriodBasis::Game => HistoryAxis::Game,
            },
            Some(MethodVariant::Elo { order: GameOrder::ByDate, .. } | MethodVariant::MultiElo { games: Some(GameOrder::ByDate), .. }) => {
                HistoryAxis::Day
            }
            _ => HistoryAxis::Game,
        }
    }

    /// A tick's label: a date for days, else the number.
    pub fn label(self, x: i64) -> String {
        match self {
            HistoryAxis::Day => date(x),
            _ => x.to_string(),
        }
    }
}

/// A point of a player's history: `x` on the chart's axis, the rating, its deviation.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct HistoryRow {
    pub x: i64,
    pub rating: f64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub band: Option<f64>,
}

impl HistoryRow {
    /// `p` on `axis`: its time, or its place in the order.
    pub fn of(p: &HistoryPoint, axis: HistoryAxis) -> HistoryRow {
        let x = match axis {
            HistoryAxis::Game => p.game() as i64,
            _ => p.time().unwrap_or(p.game() as i64),
        };
        HistoryRow { x, rating: p.rating(), band: p.deviation().filter(|d| d.is_finite() && *d > 0.0) }
    }
}

/// A piece of a drawn history.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Piece {
    /// The rating held from one point to the next: `(x0, x1, rating, band)`; `away` when the
    /// player was away longer than the gap (drawn dashed).
    Held { from: i64, to: i64, rating: f64, band: Option<f64>, away: bool },
    /// The rating's move at a game or period: `(x, from, to)`.
    Moved { at: i64, from: f64, to: f64 },
}

/// The pieces of one player's history: each rating held until the next point, then moved.
pub fn pieces(points: &[HistoryRow], gap: i64) -> Vec<Piece> {
    let mut out = Vec::with_capacity(2 * points.len());
    for w in points.windows(2) {
        let (a, b) = (w[0], w[1]);
        out.push(Piece::Held { from: a.x, to: b.x, rating: a.rating, band: a.band, away: b.x - a.x > gap });
        out.push(Piece::Moved { at: b.x, from: a.rating, to: b.rating });
    }
    out
}

/// The spacing beyond which a player counts as away: four times the median spacing of
/// consecutive points over every history, and at least 2.
pub fn gap(histories: &[&[HistoryRow]]) -> i64 {
    let mut spacings: Vec<i64> = histories.iter().flat_map(|h| h.windows(2).map(|w| w[1].x - w[0].x)).collect();
    if spacings.is_empty() {
        return i64::MAX;
    }
    let middle = spacings.len() / 2;
    let (_, median, _) = spacings.select_nth_unstable(middle);
    (*median * 4).max(2)
}

/// Day `day` (`model::day_number`'s count: days since 0000-03-01) as `YYYY-MM-DD` (H.
/// Hinnant's civil-from-days).
pub fn date(day: i64) -> String {
    let z = day;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::engine::model::day_number;

    /// The year-away lesson by Glicko-2 (issue 39: the chart's x was the game index, so Rosa
    /// was drawn climbing through the year she did not play): her history is in dates, and the
    /// year is one flat piece marked away, with her deviation as its band.
    #[test]
    fn rosa_s_year_away_is_drawn_in_time_flat_and_as_a_gap() {
        use crate::core::engine::MethodKind;
        use crate::core::settings::Settings;
        let lesson = crate::core::lessons::by_id("comeback").unwrap();
        let r = crate::core::compute::rate_text(lesson.text, &Settings { method: MethodKind::Glicko2, ..Default::default() }).unwrap();
        assert_eq!(r.history_axis, HistoryAxis::Day);
        let rosa = r.players.iter().find(|p| p.name == "Rosa").and_then(|p| p.history.clone()).unwrap();
        // Her first period's first day: the lesson's dated games are rated in months (issue 39,
        // item 5: a day a period no more; her first game is on 6 January).
        assert_eq!(date(rosa[0].x), "2024-01-01");
        let all: Vec<&[HistoryRow]> = r.players.iter().filter_map(|p| p.history.as_deref()).collect();
        let away: Vec<Piece> = pieces(&rosa, gap(&all)).into_iter().filter(|p| matches!(p, Piece::Held { away: true, .. })).collect();
        let [Piece::Held { from, to, rating, band, .. }] = away[..] else { panic!("one absence: {away:?}") };
        assert!(to - from > 300, "{} to {}", date(from), date(to));
        let before = rosa.iter().find(|p| p.x == from).unwrap();
        assert_eq!((rating, band), (before.rating, before.band), "held at her rating when she left");
        assert!(band.is_some_and(|b| b > 0.0));
    }

    #[test]
    fn dates_read_back_as_written() {
        for d in ["1970-01-01", "2000-02-29", "2023-08-11", "2024-12-31", "1899-03-01"] {
            assert_eq!(date(day_number(d).unwrap()), d);
        }
    }

    #[test]
    fn a_rating_is_held_flat_until_the_next_point_and_a_long_absence_is_a_gap() {
        let row = |x, rating| HistoryRow { x, rating, band: Some(50.0) };
        let h = [row(0, 1500.0), row(7, 1520.0), row(380, 1450.0)];
        let p = pieces(&h, 28);
        assert_eq!(p.len(), 4);
        assert_eq!(p[0], Piece::Held { from: 0, to: 7, rating: 1500.0, band: Some(50.0), away: false });
        assert_eq!(p[1], Piece::Moved { at: 7, from: 1500.0, to: 1520.0 });
        assert_eq!(p[2], Piece::Held { from: 7, to: 380, rating: 1520.0, band: Some(50.0), away: true }, "flat while away");
        assert_eq!(p[3], Piece::Moved { at: 380, from: 1520.0, to: 1450.0 });
        assert_eq!(gap(&[&h, &[row(0, 1.0), row(7, 1.0), row(14, 1.0)]]), 28);
        assert_eq!(gap(&[&[row(3, 1.0)]]), i64::MAX);
    }
}
