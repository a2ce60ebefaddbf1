//! The new-tournament form's rating list: whether the players pasted are rated from the list
//! open, with which kind of rating, and what the form says of the list's month against the
//! start date typed (the engine's `desk::from_list` check), as plain functions tested natively.

use ratings_engine::desk::from_list::{list_month_check, list_valid_at};
use ratings_engine::parse::rating_list::{ListFormat, RatingType};

/// Rated from the list unless the organiser said otherwise: a FIDE list yes (FIDE rates by its
/// list, not by what was typed), a national list no (its ratings go to the national column,
/// which the organiser asks for).
pub fn checked_by_default(format: ListFormat) -> bool {
    format != ListFormat::Csv
}

/// The kind of rating to take from a list of `format` (a FIDE separate list's own `separate`
/// kind, else `chosen`), if the players are to be rated from it: `choice` as ticked, or the
/// default ([`checked_by_default`]) while untouched.
pub fn rated_from(choice: Option<bool>, chosen: RatingType, format: ListFormat, separate: Option<RatingType>) -> Option<RatingType> {
    choice.unwrap_or(checked_by_default(format)).then(|| separate.unwrap_or(chosen))
}

/// Whether the list of `date` fits the start date typed, in words.
pub fn month_line(format: ListFormat, date: Option<&str>, start: &str) -> String {
    if format == ListFormat::Csv {
        return "A national list: which month's list applies is its federation's rule, not checked here.".into();
    }
    match (list_valid_at(start), list_month_check(date, start)) {
        (None, _) => {
            "Type the start date to check the list's month: FIDE's list of the start date's month is the one valid (B.02 art. 10).".into()
        }
        (Some(valid), None) => format!("The list of {valid} is the one valid at the start date."),
        (_, Some(warning)) => format!("Warning: {warning}."),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fide_list_rates_the_players_by_default_a_national_one_when_asked() {
        use ListFormat::{Csv, FideTxt, FideXml};
        use RatingType::{Blitz, Rapid, Standard};
        assert_eq!(rated_from(None, Standard, FideTxt, None), Some(Standard));
        assert_eq!(rated_from(None, Blitz, FideXml, None), Some(Blitz));
        assert_eq!(rated_from(None, Standard, FideTxt, Some(Rapid)), Some(Rapid), "a separate list's own kind");
        assert_eq!(rated_from(Some(false), Standard, FideTxt, None), None, "unticked");
        assert_eq!(rated_from(None, Standard, Csv, None), None);
        assert_eq!(rated_from(Some(true), Rapid, Csv, None), Some(Rapid));
    }

    #[test]
    fn the_month_line_says_whether_the_list_fits_the_start_date() {
        assert_eq!(
            month_line(ListFormat::FideTxt, Some("2026-11"), "2026/11/27"),
            "The list of 2026-11 is the one valid at the start date."
        );
        let later = month_line(ListFormat::FideTxt, Some("2026-12"), "2026/11/27");
        assert!(later.starts_with("Warning: the list of 2026-12 is later than the start date 2026-11-27"), "{later}");
        assert!(month_line(ListFormat::FideXml, Some("2026-11"), "").starts_with("Type the start date"));
        assert!(month_line(ListFormat::Csv, None, "2026/11/27").starts_with("A national list"));
    }
}
