//! Players pasted at registration rated from the rating list open (FIDE's checklist Q127):
//! each player whose FIDE id is in the list takes the list's rating, the one FIDE rates by,
//! and the blank fields of their record; what was changed or not found is said, a line each.
//!
//! The list's month is checked against the start date: FIDE publishes its rating list on the
//! first day of each month, and a list is valid for its month, its rating period (Rating
//! Regulations, Handbook B.02, article 10, "Official FIDE Rating List", 10.1 and 10.2), so the
//! ratings of a tournament are those of the list of its start date's month. [`listed_file`]
//! writes a new tournament's file with all this as `###` lines after the header (TRF readers
//! skip them), and [`month_warning`] gives the view the month's warning back while the
//! tournament is open.

use super::error::DeskError;
use super::players::from_list;
use super::register::{new_file, Details, NewPlayer};
use crate::parse::rating_list::{ListFormat, RatingList, RatingType};

/// The comment record that carries the month's warning ([`month_warning`] reads it).
pub const MONTH_MARK: &str = "### rating list month: ";
/// The comment record of each note of [`rated_from_list`].
pub const NOTE_MARK: &str = "### rating list: ";

/// `players` with the ratings of `kind` and the blank fields of the players `list` has (by
/// FIDE id), and a note for each rating that differed from the one typed, each FIDE id not in
/// the list, and the players without an id. A national list (CSV) gives the national rating,
/// as [`from_list`] reads it; a FIDE separate list gives its one rating, whatever `kind` says.
pub fn rated_from_list(players: &[NewPlayer], list: &RatingList, kind: RatingType) -> (Vec<NewPlayer>, Vec<String>) {
    let kind = list.kind.unwrap_or(kind);
    let national = list.format == ListFormat::Csv;
    let mut notes = Vec::new();
    let rated = players
        .iter()
        .map(|p| {
            let Some(id) = p.fide_id.as_deref() else { return p.clone() };
            let Some(entry) = id.parse().ok().and_then(|id| list.find(id)) else {
                notes.push(format!("{} (FIDE id {id}): not in the list, kept as typed", p.name));
                return p.clone();
            };
            let listed = from_list(list, entry, kind);
            let (typed, given) = match national {
                true => (p.national_rating, listed.national_rating),
                false => (p.rating, listed.rating),
            };
            if let Some(typed) = typed.filter(|&t| Some(t) != given) {
                let what = if national { "national rating" } else { "rating" };
                let in_list = given.map_or(format!("unrated in the list ({})", kind.name()), |r| format!("{r} in the list"));
                notes.push(format!("{} (FIDE id {id}): {what} {typed} typed, {in_list}", p.name));
            }
            filled(p, listed, national)
        })
        .collect();
    match players.iter().filter(|p| p.fide_id.is_none()).count() {
        0 => {}
        1 => notes.push("1 player without a FIDE id, kept as typed".into()),
        n => notes.push(format!("{n} players without a FIDE id, kept as typed")),
    }
    (rated, notes)
}

/// `p` with the list's rating (the list wins) and the list's fields where `p` has none.
fn filled(p: &NewPlayer, listed: NewPlayer, national: bool) -> NewPlayer {
    let mut p = p.clone();
    if national {
        p.national_rating = listed.national_rating;
    } else {
        p.rating = listed.rating;
    }
    p.federation = p.federation.or(listed.federation);
    p.title = p.title.or(listed.title);
    p.birth = p.birth.or(listed.birth);
    p.sex = p.sex.or(listed.sex);
    p
}

/// A month `YYYY-MM` as (year, month), from a list's date or a date's first seven characters
/// (`YYYY/MM/DD` or `YYYY-MM-DD`).
fn month_of(date: &str) -> Option<(u16, u8)> {
    let (year, rest) = (date.get(..4)?, date.get(4..)?);
    let month = rest.strip_prefix(['-', '/'])?.get(..2)?;
    let (year, month) = (year.parse().ok()?, month.parse().ok()?);
    (1..=12).contains(&month).then_some((year, month))
}

/// The month (`YYYY-MM`) of the list valid at a tournament starting on `start_date`
/// (`YYYY/MM/DD` or `YYYY-MM-DD`): the start date's own (B.02 art. 10); none without a date.
pub fn list_valid_at(start_date: &str) -> Option<String> {
    month_of(start_date.trim()).map(|(year, month)| format!("{year}-{month:02}"))
}

/// Whether the list of `list_date` (`YYYY-MM`) is the one valid at a tournament starting on
/// `start_date` (B.02 art. 10: the list of the start date's month), in words when it is not,
/// or when the list's month is unknown. No start date (or one that is not a date): nothing.
pub fn list_month_check(list_date: Option<&str>, start_date: &str) -> Option<String> {
    let start_date = start_date.trim();
    let (year, month) = month_of(start_date)?;
    let valid = format!("{year}-{month:02}");
    let start = start_date.replace('/', "-");
    let why = "FIDE publishes its list on the 1st of each month, valid for that month (B.02 art. 10)";
    let Some(list) = list_date else {
        return Some(format!(
            "the list's month is unknown (its file's name does not give it): the ratings must be those of the list of {valid} ({why})"
        ));
    };
    let list_month = month_of(list);
    if list_month == Some((year, month)) {
        return None;
    }
    let relation = if list_month > Some((year, month)) { "later" } else { "earlier" };
    Some(format!("the list of {list} is {relation} than the start date {start}: the ratings must be those of the list of {valid} ({why})"))
}

/// How a list is named in the file's log: whose ratings, and of which month.
fn list_label(list: &RatingList) -> String {
    let (ratings, whose) = match list.format {
        ListFormat::Csv => ("national ratings", "national list"),
        ListFormat::FideTxt | ListFormat::FideXml => ("ratings", "FIDE list"),
    };
    match &list.date {
        Some(date) => format!("{ratings} from the {whose} of {date}"),
        None => format!("{ratings} from the {whose} (month unknown)"),
    }
}

/// A new tournament's file ([`new_file`]) with `players` rated from `list` ([`rated_from_list`])
/// and, after the header, a `###` line saying so, one for each note ([`NOTE_MARK`]), and the
/// month's warning ([`MONTH_MARK`]; a national list's month is its federation's business, not
/// checked).
pub fn listed_file(d: &Details, players: &[NewPlayer], list: &RatingList, kind: RatingType) -> Result<String, DeskError> {
    let (rated, notes) = rated_from_list(players, list, kind);
    let found =
        players.iter().filter(|p| p.fide_id.as_deref().and_then(|i| i.parse().ok()).is_some_and(|i| list.find(i).is_some())).count();
    let mut text = new_file(d, &rated)?;
    let kind = list.kind.unwrap_or(kind);
    let summary = format!("### {} ({}): {found} of {} players found", list_label(list), kind.name(), players.len());
    text = super::manual::with_comment(&text, &summary);
    // Each note behind one prefix: a name typed can never read as another mark's head
    // (`### expelled `, `### bye for `, which the desk renumbers).
    for note in &notes {
        text = super::manual::with_comment(&text, &format!("{NOTE_MARK}{note}"));
    }
    let month = (list.format != ListFormat::Csv).then(|| list_month_check(list.date.as_deref(), &d.start_date)).flatten();
    if let Some(warning) = month {
        text = super::manual::with_comment(&text, &format!("{MONTH_MARK}{warning}"));
    }
    Ok(text)
}

/// The month's warning a file was created with ([`listed_file`]), if any.
pub fn month_warning(text: &str) -> Option<String> {
    text.lines().find_map(|l| l.strip_prefix(MONTH_MARK)).map(str::to_string)
}
