//! The rounds' dates in the file's `132` record, as TRF-16 and TRF-2026 both lay it out: the
//! date of round 1 in columns 92-99, of round 2 in 102-109, … (each under its round's block of
//! the player records), written `YY/MM/DD`. A round's date is written when the round is paired
//! with one ([`super::rounds::Action::Pair`]) and taken out when the round is unpaired, so that
//! the export holds the dates of the rounds played (the checklist's Q217).

use super::DeskError;
use crate::parse::trf::with_header;
use crate::tournament::Tournament;

/// The column (1-based) where round 1's date starts.
const FIRST: usize = 92;

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

#[cfg(test)]
mod tests {
    use super::*;

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
