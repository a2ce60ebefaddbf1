//! How long a rating period is ([`PeriodLength`], a parameter of Glicko, Glicko-2 and
//! Stephenson): a day, a week (Monday to Sunday, as ISO 8601 counts weeks), a calendar month,
//! a round, each game, or `Auto` (the rounds when every game has a numbered round, else a week
//! or a month chosen from the dates, [`calendar`]); and the papers' per-period defaults scaled
//! to it ([`Growth`]): a deviation's variance grows linearly in time (Glickman 1999: RD² + c²t,
//! t the periods since), so a growth c given per month is c·√(d / 30.44) per period of d days.

use serde::{Deserialize, Serialize};

/// The rating period a user asks for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PeriodLength {
    /// The rounds when every game has a numbered round; else, when every game is dated, a week
    /// or a month ([`calendar`]); else each game.
    #[default]
    Auto,
    Day,
    /// Monday to Sunday.
    Week,
    /// A calendar month.
    Month,
    /// The rounds (in the dates' order when every game has a date as well).
    Round,
    /// Each game (each event) a period of its own.
    Event,
}

impl PeriodLength {
    pub const ALL: [PeriodLength; 6] =
        [PeriodLength::Auto, PeriodLength::Day, PeriodLength::Week, PeriodLength::Month, PeriodLength::Round, PeriodLength::Event];

    pub fn name(self) -> &'static str {
        match self {
            PeriodLength::Auto => "auto",
            PeriodLength::Day => "day",
            PeriodLength::Week => "week",
            PeriodLength::Month => "month",
            PeriodLength::Round => "round",
            PeriodLength::Event => "event",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            PeriodLength::Auto => "Automatic: the rounds, else a week or a month by the dates",
            PeriodLength::Day => "A day",
            PeriodLength::Week => "A week (Monday to Sunday)",
            PeriodLength::Month => "A calendar month",
            PeriodLength::Round => "A round",
            PeriodLength::Event => "Each game or event",
        }
    }

    /// The days a period of this length lasts, when it is a length of time.
    pub fn days(self) -> Option<f64> {
        match self {
            PeriodLength::Day => Some(1.0),
            PeriodLength::Week => Some(7.0),
            PeriodLength::Month => Some(MONTH_DAYS),
            _ => None,
        }
    }
}

impl std::str::FromStr for PeriodLength {
    type Err = String;

    fn from_str(s: &str) -> Result<PeriodLength, String> {
        PeriodLength::ALL.into_iter().find(|l| s.trim().eq_ignore_ascii_case(l.name())).ok_or_else(|| {
            format!("'{}' is not a period length: expected auto, day, week, month, round or event", crate::error::excerpt(s))
        })
    }
}

/// The days of the period the papers' defaults are taken to be for: a month (an average one,
/// 365.2425 / 12). Glickman leaves the period's length to the administrator and, rating FIDE's
/// games himself (Glicko-boost, 2012), rated by month; Stephenson's defaults were fitted on the
/// same monthly data (Kaggle's 2011 contest).
pub const MONTH_DAYS: f64 = 365.2425 / 12.0;

/// The factor by which a growth per month becomes one per period of `days` days: √(days / month),
/// so that the variance added over a given time is the same whatever the period. 1 when the
/// period is no length of time (rounds without dates, each game): the papers' values as stated.
pub fn scale(days: Option<f64>) -> f64 {
    days.map_or(1.0, |d| (d / MONTH_DAYS).sqrt())
}

/// The week (Monday to Sunday) of day `day` (as [`crate::model::day_number`] counts days: day 0
/// is a Wednesday, 1 March of year 0), numbered from that epoch.
pub fn week(day: i64) -> i64 {
    (day - 5).div_euclid(7)
}

/// The calendar month of day `day`, as year · 12 + month − 1 (the inverse of
/// [`crate::model::day_number`]'s civil count, H. Hinnant's algorithm).
pub fn month(day: i64) -> i64 {
    let era = day.div_euclid(146_097);
    let doe = day - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    y * 12 + m - 1
}

/// The first day (a Monday) of week `week` ([`week`]'s numbering).
pub fn week_start(week: i64) -> i64 {
    week * 7 + 5
}

/// The first day of month `month` ([`month`]'s numbering), as [`crate::model::day_number`]
/// counts days (H. Hinnant's civil count).
pub fn month_start(month: i64) -> i64 {
    let (y, m) = (month.div_euclid(12), month.rem_euclid(12) + 1);
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let doy = (153 * ((m + 9) % 12) + 2) / 5;
    era * 146_097 + yoe * 365 + yoe / 4 - yoe / 100 + doy
}

/// `Auto` for games that are all dated and not all numbered: a week when the median player (of
/// those who played in two weeks or more) played in at least half the weeks from their first
/// game's to their last's, else a month; a week when no one played in two weeks. A day is
/// never chosen: most players would sit most periods out, each adding its growth. With the
/// share of weeks played that decided it (`None` when no one played in two weeks).
pub fn calendar(players: usize, games: &[(usize, usize, i64)]) -> (PeriodLength, Option<f64>) {
    // Each player's weeks played, sorted, without repeats.
    let mut weeks: Vec<Vec<i64>> = vec![Vec::new(); players];
    for &(a, b, day) in games {
        weeks[a].push(week(day));
        weeks[b].push(week(day));
    }
    let mut shares: Vec<f64> = weeks
        .iter_mut()
        .filter_map(|w| {
            crate::sort::by_key(w, |&x| x);
            w.dedup();
            let (first, last) = (*w.first()?, *w.last()?);
            (w.len() >= 2).then(|| w.len() as f64 / (last - first + 1) as f64)
        })
        .collect();
    if shares.is_empty() {
        return (PeriodLength::Week, None);
    }
    crate::sort::by(&mut shares, |a, b| a.total_cmp(b));
    let n = shares.len();
    let median = if n % 2 == 1 { shares[n / 2] } else { (shares[n / 2 - 1] + shares[n / 2]) / 2.0 };
    (if median >= 0.5 { PeriodLength::Week } else { PeriodLength::Month }, Some(median))
}

/// A method's per-period growth as used: its symbol (`c`, `σ`), the value, what it is per
/// (`week`), the days that lasts (`None`: no length of time), and the default it came from
/// (`None`: the user's own value).
#[derive(Clone, Debug, PartialEq)]
pub struct Growth {
    pub symbol: &'static str,
    pub value: f64,
    pub per: &'static str,
    pub days: Option<f64>,
    pub default: Option<f64>,
}

impl Growth {
    /// `set` if the user set it, else `paper` (the papers' value, per month or per round)
    /// scaled to periods of `days` days.
    pub fn of(symbol: &'static str, set: Option<f64>, paper: f64, days: Option<f64>, per: &'static str) -> Growth {
        match set {
            Some(value) => Growth { symbol, value, per, days, default: None },
            None => Growth { symbol, value: paper * scale(days), per, days, default: Some(paper) },
        }
    }
}

impl std::fmt::Display for Growth {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let shown = |v: f64| if v.abs() >= 1.0 { format!("{v:.1}") } else { format!("{v:.4}") };
        write!(f, "{} = {} per {}", self.symbol, shown(self.value), self.per)?;
        match self.default {
            None => f.write_str(" as set"),
            Some(_) if self.days.is_none() => {
                write!(f, " (the default, as the papers state it per period: a {} is no length of time)", self.per)
            }
            Some(_) if self.days == Some(MONTH_DAYS) => f.write_str(" (the default)"),
            Some(m) => write!(
                f,
                " (the default {} per month scaled to {}, so that a deviation grows as much in a given time whatever the period)",
                shown(m),
                self.days.map_or(String::new(), |d| match format!("{d:.0}") {
                    one if one == "1" => "1 day".to_string(),
                    many => format!("{many} days"),
                })
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::day_number;

    #[test]
    fn weeks_run_monday_to_sunday_and_months_are_calendar_months() {
        let day = |d: &str| day_number(d).unwrap();
        // 2024-05-05 is a Sunday, 2024-05-06 a Monday, 2024-05-12 a Sunday.
        assert_eq!(week(day("2024-05-05")) + 1, week(day("2024-05-06")));
        assert_eq!(week(day("2024-05-06")), week(day("2024-05-12")));
        assert_eq!(week(day("2024-05-13")), week(day("2024-05-06")) + 1);
        // Across a year's end: 2024-12-30 (Monday) to 2025-01-05 (Sunday) is one ISO week.
        assert_eq!(week(day("2024-12-30")), week(day("2025-01-05")));
        for (d, m) in
            [("2024-02-29", 2024 * 12 + 1), ("2024-03-01", 2024 * 12 + 2), ("2023-12-31", 2023 * 12 + 11), ("2024-01-01", 2024 * 12)]
        {
            assert_eq!(month(day(d)), m, "{d}");
        }
        for y in [1999, 2000, 2023, 2024] {
            for m in 1..=12 {
                for d in [1, 15, 28] {
                    assert_eq!(month(day(&format!("{y}-{m:02}-{d:02}"))), y * 12 + m - 1);
                }
                assert_eq!(month_start(y * 12 + m - 1), day(&format!("{y}-{m:02}-01")), "{y}-{m}");
            }
        }
        assert_eq!(week_start(week(day("2024-05-09"))), day("2024-05-06"), "a Thursday's week starts on the Monday");
    }

    #[test]
    fn the_growth_follows_the_length_so_the_variance_grows_linearly_in_time() {
        let paper = 34.64;
        let (day, week, month) = (
            Growth::of("c", None, paper, Some(1.0), "day"),
            Growth::of("c", None, paper, Some(7.0), "week"),
            Growth::of("c", None, paper, Some(MONTH_DAYS), "month"),
        );
        assert!((month.value - paper).abs() < 1e-12);
        // A year away adds the same variance whatever the period.
        let year = |g: &Growth, days: f64| g.value * g.value * 365.2425 / days;
        assert!((year(&day, 1.0) - year(&month, MONTH_DAYS)).abs() < 1e-6 && (year(&week, 7.0) - year(&month, MONTH_DAYS)).abs() < 1e-6);
        assert!((week.value - paper * (7.0 / MONTH_DAYS).sqrt()).abs() < 1e-12);
        let set = Growth::of("c", Some(20.0), paper, Some(7.0), "week");
        assert_eq!((set.value, set.to_string()), (20.0, "c = 20.0 per week as set".to_string()));
        assert_eq!(Growth::of("c", None, paper, None, "round").value, paper, "a round: the papers' value");
        assert!(week.to_string().starts_with("c = 16.6 per week (the default 34.6 per month scaled to 7 days"), "{week}");
        assert!(day.to_string().contains("per month scaled to 1 day, so"), "one day, not 1 days: {day}");
    }

    #[test]
    fn auto_takes_a_week_for_weekly_players_and_a_month_for_monthly_ones() {
        let start = day_number("2024-01-01").unwrap();
        // Two pairs, each meeting every week for 20 weeks: a week.
        let every: Vec<(usize, usize, i64)> = (0..20).flat_map(|w| [(0, 1, start + 7 * w), (2, 3, start + 7 * w + 2)]).collect();
        assert_eq!(calendar(4, &every), (PeriodLength::Week, Some(1.0)));
        // Every third week: 7 of the 19 weeks from first to last, a month.
        let third: Vec<(usize, usize, i64)> = (0..7).map(|w| (0, 1, start + 21 * w)).collect();
        assert_eq!(calendar(2, &third), (PeriodLength::Month, Some(7.0 / 19.0)));
        let monthly: Vec<(usize, usize, i64)> = (0..12).map(|m| (0, 1, start + 30 * m)).collect();
        assert_eq!(calendar(2, &monthly).0, PeriodLength::Month);
        assert_eq!(calendar(2, &[(0, 1, start)]), (PeriodLength::Week, None), "one week: a week");
    }

    #[test]
    fn a_length_is_read_by_name() {
        for l in PeriodLength::ALL {
            assert_eq!(l.name().parse::<PeriodLength>(), Ok(l));
        }
        assert!("fortnight".parse::<PeriodLength>().unwrap_err().contains("auto, day, week, month, round or event"));
    }
}
