//! The rounds' dates in the file's `132` record, as TRF-16 and TRF-2026 both lay it out: the
//! date of round 1 in columns 92-99, of round 2 in 102-109, … (each under its round's block of
//! the player records), written `YY/MM/DD`. A round's date is written when the round is paired
//! with one ([`super::rounds::Action::Pair`]) and taken out when the round is unpaired, so that
//! the export holds the dates of the rounds played (the checklist's Q217).
//!
//! A round's starting time has no place in TRF-2026 (its `132` holds dates alone, `YY/MM/DD`),
//! so the arbiter's is kept as a comment record, `### round R time HH:MM`
//! ([`super::rounds::Action::RoundTime`]), which TRF readers skip and the export keeps; a round
//! unpaired keeps its time (the hall's schedule does not change with the pairing). [`when`]
//! says a round's date and time as the printed pairings head them.

use super::error::DeskError;
use crate::parse::trf::with_header;
use crate::tournament::Tournament;

/// The column (1-based) where round 1's date starts: under round 1's block of the player
/// records.
const FIRST: usize = crate::parse::trf_record::FIRST_ROUND;

/// `date` as the `132` record writes it (`YY/MM/DD`), from `YY/MM/DD`, or a four-digit year
/// with `/`, `-` or `.` (a date field's `YYYY-MM-DD`); `None` when it is no such date.
pub fn trf_date(date: &str) -> Option<String> {
    let parts: Vec<&str> = date.trim().split(['/', '-', '.']).collect();
    let [y, m, d] = parts[..] else { return None };
    let digits = |s: &str, n: usize| s.len() == n && s.chars().all(|c| c.is_ascii_digit());
    let year = match y.len() {
        4 if digits(y, 4) => &y[2..],
        2 if digits(y, 2) => y,
        _ => return None,
    };
    let number = |s: &str| digits(s, 2).then(|| s.parse::<u32>().ok()).flatten();
    let (month, day) = (number(m)?, number(d)?);
    ((1..=12).contains(&month) && (1..=31).contains(&day)).then(|| format!("{year}/{month:02}/{day:02}"))
}

/// The `132` record holding `dates` (round 1 first; `None`: not known), or `None` when no date
/// is known.
fn record(dates: &[Option<String>]) -> Option<String> {
    if dates.iter().all(Option::is_none) {
        return None;
    }
    let mut line = format!("132{}", " ".repeat(FIRST - 4));
    for d in dates {
        line.push_str(&format!("{:<10}", d.as_deref().unwrap_or("")));
    }
    Some(line.trim_end().to_string())
}

/// `text` with its `132` record set to `dates`, or without one when none is known.
fn with_dates(text: &str, dates: &[Option<String>]) -> String {
    match record(dates) {
        Some(line) => with_header(text, "132", &line[4..]),
        None => text.split_inclusive('\n').filter(|l| !l.starts_with("132")).collect(),
    }
}

/// `text` (of `t`, as read before `round` was paired) with `round`'s date set to `date`;
/// without a date, unchanged. A date that does not read is refused (the round not paired).
pub(crate) fn with_round_date(text: &str, t: &Tournament, round: usize, date: Option<&str>) -> Result<String, DeskError> {
    let Some(date) = date.filter(|d| !d.trim().is_empty()) else { return Ok(text.to_string()) };
    let written = trf_date(date).ok_or_else(|| DeskError::Round {
        round,
        what: format!("the date '{}': expected YY/MM/DD or YYYY-MM-DD", crate::error::excerpt(date)),
    })?;
    let mut dates = t.round_dates.clone();
    if dates.len() < round {
        dates.resize(round, None);
    }
    dates[round - 1] = Some(written);
    Ok(with_dates(text, &dates))
}

/// `text` (of `t`) without `round`'s date (the round unpaired).
pub(crate) fn without_round_date(text: &str, t: &Tournament, round: usize) -> String {
    if t.round_dates.get(round.wrapping_sub(1)).is_none_or(Option::is_none) {
        return text.to_string();
    }
    let mut dates = t.round_dates.clone();
    dates[round - 1] = None;
    with_dates(text, &dates)
}

/// `time` as the desk keeps it (`HH:MM`, 24 hours), from `15:00`, `9:30`, `15.00` or `15h00`
/// (seconds, as a time field may send them, dropped); `None` when it is no such time.
pub fn trf_time(time: &str) -> Option<String> {
    let mut parts = time.trim().split([':', '.', 'h']);
    let (h, m) = (parts.next()?, parts.next()?);
    let number = |s: &str, most: u32| {
        (!s.is_empty() && s.len() <= 2 && s.chars().all(|c| c.is_ascii_digit()))
            .then(|| s.parse::<u32>().ok())
            .flatten()
            .filter(|n| *n <= most)
    };
    let (hour, minute) = (number(h, 23)?, number(m, 59)?);
    // Seconds (`15:00:00`) are allowed and dropped; anything else after them is not a time.
    match (parts.next(), parts.next()) {
        (None, None) => {}
        (Some(s), None) if number(s, 59).is_some() => {}
        _ => return None,
    }
    (m.len() == 2).then(|| format!("{hour:02}:{minute:02}"))
}

/// The round of a time mark (`### round R time HH:MM`) and its time; `None`: not one.
fn time_mark(line: &str) -> Option<(usize, String)> {
    let (round, time) = line.trim_end().strip_prefix("### round ")?.split_once(" time ")?;
    Some((round.parse().ok()?, trf_time(time)?))
}

/// The rounds' starting times the file keeps: (round, `HH:MM`), in the file's order.
pub fn round_times(text: &str) -> Vec<(usize, String)> {
    text.lines().filter_map(time_mark).collect()
}

/// `text` (of `t`) with `round`'s starting time set to `time` (`None` or blank: taken out).
/// A round past the tournament's last, or a time that does not read, is refused.
pub(crate) fn with_round_time(text: &str, t: &Tournament, round: usize, time: Option<&str>) -> Result<String, DeskError> {
    let total = t.total_rounds.unwrap_or(t.rounds).max(t.rounds);
    if round == 0 || round > total {
        return Err(DeskError::Round { round, what: format!("no such round: the tournament has {total}") });
    }
    let time = time.map(str::trim).filter(|x| !x.is_empty());
    let written = time
        .map(|x| {
            trf_time(x)
                .ok_or_else(|| DeskError::Round { round, what: format!("the time '{}': expected HH:MM (15:00)", crate::error::excerpt(x)) })
        })
        .transpose()?;
    let kept: String = text.split_inclusive('\n').filter(|l| time_mark(l).is_none_or(|(r, _)| r != round)).collect();
    Ok(match written {
        Some(x) => super::manual::with_comment(&kept, &format!("### round {round} time {x}")),
        None => kept,
    })
}

const WEEKDAYS: [&str; 7] = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS: [&str; 12] =
    ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/// The day of the week of a date of the Gregorian calendar (0: Sunday), by the days from
/// 1970-01-01, a Thursday (Howard Hinnant's `days_from_civil`).
fn weekday(year: i64, month: u32, day: u32) -> usize {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (i64::from(month) + 9) % 12;
    let doy = (153 * mp + 2) / 5 + i64::from(day) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    let days = era * 146_097 + doe - 719_468;
    (days + 4).rem_euclid(7) as usize
}

/// A round's date and time as a printed sheet heads it: "Saturday 14 March 2026, 15:00"
/// (`date` as the `132` record or a date field writes it, [`trf_date`]; a `132` year is of
/// this century). Either alone when the other is not known; `None` when neither is.
pub fn when(date: Option<&str>, time: Option<&str>) -> Option<String> {
    let day = date.and_then(trf_date).and_then(|d| {
        let mut parts = d.split('/').map(|x| x.parse::<u32>().ok());
        let (y, m, d) = (parts.next()??, parts.next()??, parts.next()??);
        let year = 2000 + i64::from(y);
        Some(format!("{} {d} {} {year}", WEEKDAYS[weekday(year, m, d)], MONTHS[m as usize - 1]))
    });
    let time = time.and_then(trf_time);
    match (day, time) {
        (Some(d), Some(t)) => Some(format!("{d}, {t}")),
        (d, t) => d.or(t),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_round_time_reads_and_says_its_day() {
        assert_eq!(trf_time("15:00").as_deref(), Some("15:00"));
        assert_eq!(trf_time(" 9:30 ").as_deref(), Some("09:30"));
        assert_eq!(trf_time("15h00").as_deref(), Some("15:00"));
        assert_eq!(trf_time("15:00:00").as_deref(), Some("15:00"));
        assert_eq!(trf_time("24:00"), None);
        assert_eq!(trf_time("15:5"), None);
        assert_eq!(trf_time("noon"), None);
        assert_eq!(when(Some("26/03/14"), Some("15:00")).as_deref(), Some("Saturday 14 March 2026, 15:00"));
        assert_eq!(when(Some("2026-11-29"), None).as_deref(), Some("Sunday 29 November 2026"));
        assert_eq!(when(Some("24/02/29"), Some("9:05")).as_deref(), Some("Thursday 29 February 2024, 09:05"));
        assert_eq!(when(None, Some("10:00")).as_deref(), Some("10:00"));
        assert_eq!(when(None, None), None);
        assert_eq!(time_mark("### round 3 time 15:00"), Some((3, "15:00".into())));
        assert_eq!(time_mark("### round 3 paired past an open game: board 2"), None);
    }

    #[test]
    fn dates_are_written_as_the_132_record_wants_them() {
        assert_eq!(trf_date("2026-11-29").as_deref(), Some("26/11/29"));
        assert_eq!(trf_date("26/03/07").as_deref(), Some("26/03/07"));
        assert_eq!(trf_date("2026/13/01"), None);
        assert_eq!(trf_date("tomorrow"), None);
        let line = record(&[Some("26/11/28".into()), None, Some("26/11/29".into())]).unwrap();
        assert_eq!(line.find("26/11/28"), Some(FIRST - 1));
        assert_eq!(line.find("26/11/29"), Some(FIRST - 1 + 20));
    }
}
