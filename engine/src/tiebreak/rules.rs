//! Which C.07 rules rank a tournament when the user has not chosen: the rules in force when it
//! started. The changes to C.07 approved for 2026 (Art. 16.4's capped virtual opponent) are in
//! force from 1 March 2026; a tournament that started before is ranked by the 2023 rules, one
//! that started on or after that day by the 2026 rules. The start date is TRF record `042`
//! (else the first round's date, record `132`); a tournament without one is ranked by the
//! rules in force now, the newest set (the engine reads no clock).
//!
//! Dates are read as organisers write them: `2026/05/02`, `2026-05-02`, `02.05.2026`,
//! `02/05/2026` (day first, as FIDE's files write it), `May 2, 2026`, `2 May 2026`. Only a
//! date in 2026 needs its month; any other year decides by itself.

use super::Rules;
use crate::tournament::Tournament;
use serde::{Deserialize, Serialize};

/// The first day of the 2026 rules: (year, month, day).
pub const RULES_2026_FROM: (u32, u32, u32) = (2026, 3, 1);

/// Why a tournament is ranked by the rules it is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum RulesReason {
    /// The user chose them (`--rules`, the app's rules control).
    Chosen,
    /// The tournament's start date, as written in the file (`record`: 042 or 132).
    Started { date: String, record: u16 },
    /// The file gives no start date: the rules in force now.
    NoDate,
    /// The file's start date could not be read: the rules in force now.
    UnreadableDate { date: String, record: u16 },
}

/// The rules a tournament is ranked by, and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RulesChoice {
    pub rules: Rules,
    pub reason: RulesReason,
}

impl RulesChoice {
    /// The rules `chosen` by the user, or else those in force when `t` started.
    pub fn of(t: Option<&Tournament>, chosen: Option<Rules>) -> RulesChoice {
        match (chosen, t) {
            (Some(rules), _) => RulesChoice { rules, reason: RulesReason::Chosen },
            (None, Some(t)) => by_start_date(t),
            (None, None) => RulesChoice { rules: Rules::LATEST, reason: RulesReason::NoDate },
        }
    }

    /// Why, in words: "the tournament started 2026-05-02 (TRF 042), on or after 1 March 2026".
    pub fn why(&self) -> String {
        let newer = self.rules == Rules::LATEST;
        match &self.reason {
            RulesReason::Chosen => "chosen by the user".into(),
            RulesReason::Started { date, record } => match newer {
                true => format!("the tournament started {date} (TRF {record:03}), on or after 1 March 2026, when they came into force"),
                false => {
                    format!("the tournament started {date} (TRF {record:03}), before the 2026 changes came into force on 1 March 2026")
                }
            },
            RulesReason::NoDate => "no start date in the file (TRF 042): the rules in force now".into(),
            RulesReason::UnreadableDate { date, record } => {
                format!("the start date '{}' (TRF {record:03}) could not be read: the rules in force now", crate::error::excerpt(date))
            }
        }
    }

    /// "2026 rules: the tournament started …".
    pub fn text(&self) -> String {
        format!("{} rules: {}", self.rules.code(), self.why())
    }
}

/// The rules in force when `t` started (its `042` date, else its first round's).
pub fn by_start_date(t: &Tournament) -> RulesChoice {
    let written = match (&t.start_date, t.round_dates.first().and_then(|d| d.as_ref())) {
        (Some(d), _) if !d.trim().is_empty() => Some((d.trim().to_string(), 42)),
        (_, Some(d)) if !d.trim().is_empty() => Some((d.trim().to_string(), 132)),
        _ => None,
    };
    let Some((date, record)) = written else { return RulesChoice { rules: Rules::LATEST, reason: RulesReason::NoDate } };
    match on_or_after_2026_change(&date) {
        Some(true) => RulesChoice { rules: Rules::Fide2026, reason: RulesReason::Started { date, record } },
        Some(false) => RulesChoice { rules: Rules::Fide2023, reason: RulesReason::Started { date, record } },
        None => RulesChoice { rules: Rules::LATEST, reason: RulesReason::UnreadableDate { date, record } },
    }
}

/// Whether a date as written falls on or after 1 March 2026; `None` when it cannot be read.
pub fn on_or_after_2026_change(date: &str) -> Option<bool> {
    let (year, month) = year_and_month(date)?;
    let (from_year, from_month, _) = RULES_2026_FROM;
    match year.cmp(&from_year) {
        std::cmp::Ordering::Equal => month.map(|m| m >= from_month),
        other => Some(other == std::cmp::Ordering::Greater),
    }
}

const MONTHS: [&str; 12] = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

/// The year of a date as written, and its month when it can be told.
fn year_and_month(date: &str) -> Option<(u32, Option<u32>)> {
    let parts: Vec<&str> = date.split(|c: char| !c.is_ascii_alphanumeric()).filter(|p| !p.is_empty()).collect();
    let years: Vec<usize> = (0..parts.len()).filter(|&i| parts[i].len() == 4 && parts[i].parse::<u32>().is_ok()).collect();
    let [y] = years[..] else { return None };
    let year: u32 = parts[y].parse().ok()?;
    if !(1000..=9999).contains(&year) {
        return None;
    }
    let named = parts.iter().find_map(|p| {
        let p = p.to_ascii_lowercase();
        MONTHS.iter().position(|m| p.len() >= 3 && p.starts_with(m)).map(|i| i as u32 + 1)
    });
    let numbers: Vec<u32> = parts.iter().enumerate().filter(|&(i, _)| i != y).filter_map(|(_, p)| p.parse().ok()).collect();
    let month = match (named, y, &numbers[..]) {
        (Some(m), _, _) => Some(m),
        // Year first: year, month, day.
        (None, 0, [m, _]) => Some(*m),
        // Year last: day, month, year (FIDE's files write the day first).
        (None, _, [_, m]) => Some(*m),
        _ => None,
    };
    Some((year, month.filter(|m| (1..=12).contains(m))))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_dates_as_written() {
        for (date, after) in [
            ("2026/05/02", Some(true)),
            ("2026-03-01", Some(true)),
            ("2026/02/28", Some(false)),
            ("28.02.2026", Some(false)),
            ("01/03/2026", Some(true)),
            ("May 10, 2026", Some(true)),
            ("10 Feb 2026", Some(false)),
            ("24/09/2010", Some(false)),
            ("28. 07. 2005", Some(false)),
            ("May 10, 2020", Some(false)),
            ("2027", Some(true)),
            ("2026", None),
            ("soon", None),
            ("", None),
        ] {
            assert_eq!(on_or_after_2026_change(date), after, "{date}");
        }
    }

    #[test]
    fn the_choice_and_why() {
        let mut t = Tournament { start_date: Some("2026/05/02".into()), ..Default::default() };
        let c = RulesChoice::of(Some(&t), None);
        assert_eq!(c.rules, Rules::Fide2026);
        assert_eq!(
            c.text(),
            "2026 rules: the tournament started 2026/05/02 (TRF 042), on or after 1 March 2026, when they came into force"
        );
        assert_eq!(RulesChoice::of(Some(&t), Some(Rules::Fide2023)).text(), "2023 rules: chosen by the user");
        t.start_date = Some("24/09/2010".into());
        assert_eq!(RulesChoice::of(Some(&t), None).rules, Rules::Fide2023);
        t.start_date = None;
        assert_eq!(RulesChoice::of(Some(&t), None).text(), "2026 rules: no start date in the file (TRF 042): the rules in force now");
        t.round_dates = vec![Some("2025/12/01".into())];
        let c = RulesChoice::of(Some(&t), None);
        assert_eq!((c.rules, c.reason), (Rules::Fide2023, RulesReason::Started { date: "2025/12/01".into(), record: 132 }));
        t.start_date = Some("next spring".into());
        assert_eq!(RulesChoice::of(Some(&t), None).rules, Rules::LATEST);
    }
}
