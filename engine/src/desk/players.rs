//! Players after registration (issue 36): a player's record edited, a player expelled, a
//! late entry with ½-point byes for the rounds missed, a player taken from a rating list, and
//! the warnings a players list deserves (two players of one name, a FIDE id without a rating).
//!
//! An edit rewrites the player's `001` record through [`super::register`]'s writer (columns
//! 1-80: the points, rank and rounds after them are kept) and logs each changed field as a
//! comment record after the header, `### edit player S: rating 1800 → 1850`, which TRF
//! readers skip. Before round 1 is paired the players are then numbered again by the initial
//! order, as at registration (C.04.2 Art. 2 lets the pairing numbers follow corrections until
//! the fourth round is paired; the desk renumbers only while no round is paired, so that a
//! correction never moves a number the players have already seen on a pairing list). Once a
//! round is paired, the numbers stay. As [`super::late`], the numbers also stay in a file with
//! records that list players by number elsewhere (`013`, `310`, `240`, `299`, `260`, `XXP`).
//!
//! An expelled player is absent (`0000 - -`) from the round given to the last, and marked
//! `### expelled S from round R` (the view's [`super::view::PlayerRow::expelled`]).
//!
//! A player the arbiter marks not eligible for half-point byes (tournament regulations often
//! forbid them in the last rounds, or to some players: FIDE's checklist Q175/Q176) is marked
//! `### no half-point byes S`, and the mark taken back `### half-point byes allowed S`; the last
//! of the two for a player decides, so the file keeps both events. TRF-2026 has no field for
//! it (its `240` records list byes given, not byes refused), hence a comment record.

use super::error::DeskError;
use super::progress::current_round;
use super::register::{national_record, player_record, NewPlayer, NAME_WIDTH};
use crate::parse::rating_list::{folded, ListEntry, ListFormat, RatingList, RatingType};
use crate::parse::trf::{parse_trf, renumbered, with_round, Cell};
use crate::parse::trf_record;
use crate::tournament::{RankingMethod, RoundResult, Sex, Tournament};

/// A player's fields as they should be after an edit (every field: those equal to the file's
/// are left as they are). [`fields_of`] gives the file's.
pub type PlayerFields = NewPlayer;

/// The `001` record of start number `start`, if any.
fn record_of(text: &str, start: u32) -> Option<&str> {
    text.lines().find(|l| trf_record::start_of(l) == Some(start))
}

/// The fields of start number `start` as the file has them.
pub fn fields_of(text: &str, start: u32) -> Result<PlayerFields, DeskError> {
    let t = parse_trf(text).map(|(t, _)| t).map_err(|e| DeskError::Unreadable(e.to_string()))?;
    let e = t.entrants.iter().find(|e| e.start == start).ok_or(DeskError::Player { start, what: "no such player".into() })?;
    // Columns 70-79: the birth date as written (the reader keeps only its year).
    let birth: String = record_of(text, start).map_or(String::new(), |l| trf_record::BIRTH.raw(l));
    Ok(NewPlayer {
        name: e.name.clone(),
        rating: e.rating,
        fide_id: e.fide_id.clone(),
        federation: e.federation.clone(),
        title: e.fide_title(),
        birth: Some(birth.trim().to_string()).filter(|b| !b.is_empty()),
        sex: e.sex,
        national_rating: e.national_rating,
    })
}

/// `p` checked and written as the file writes it (federation in capitals, a date with `/`),
/// or what was expected.
pub(crate) fn normalised(p: &NewPlayer) -> Result<NewPlayer, String> {
    let mut p = p.clone();
    p.name = p.name.trim().to_string();
    if p.name.is_empty() || p.name.chars().count() > NAME_WIDTH {
        return Err(format!("name: expected a name of 1 to {NAME_WIDTH} characters (the TRF's name field)"));
    }
    for (what, r) in [("rating", &mut p.rating), ("national rating", &mut p.national_rating)] {
        match *r {
            Some(0) => *r = None,
            Some(x) if x > 3500 => return Err(format!("{what}: expected a whole number from 0 (unrated) to 3500, found {x}")),
            _ => {}
        }
    }
    let blank = |s: &mut Option<String>| {
        *s = s.as_deref().map(str::trim).filter(|s| !s.is_empty()).map(str::to_string);
    };
    [&mut p.fide_id, &mut p.federation, &mut p.birth].into_iter().for_each(blank);
    if p.fide_id.as_deref().is_some_and(|id| id.len() > 11 || !id.bytes().all(|b| b.is_ascii_digit())) {
        return Err(format!("FIDE id: expected up to 11 digits, found '{}'", crate::error::excerpt(p.fide_id.as_deref().unwrap_or(""))));
    }
    match p.federation.as_deref() {
        Some(f) if f.len() != 3 || !f.bytes().all(|b| b.is_ascii_alphabetic()) => {
            return Err(format!("federation: expected three letters, found '{}'", crate::error::excerpt(f)))
        }
        Some(f) => p.federation = Some(f.to_ascii_uppercase()),
        None => {}
    }
    if let Some(b) = p.birth.as_deref() {
        let date = b.replace(['-', '.'], "/");
        let parts: Vec<&str> = date.split('/').collect();
        let digits = |s: &str, n: usize| s.len() == n && s.bytes().all(|c| c.is_ascii_digit());
        let ok = match parts.as_slice() {
            [y] => digits(y, 4),
            [y, m, d] => digits(y, 4) && digits(m, 2) && digits(d, 2),
            _ => false,
        };
        if !ok {
            return Err(format!("birth: expected a year (1994) or a date YYYY/MM/DD, found '{}'", crate::error::excerpt(b)));
        }
        p.birth = Some(date);
    }
    Ok(p)
}

/// Refuses a FIDE id another player of the file has (`except`: the player being edited).
pub(crate) fn check_id(t: &Tournament, who: &str, id: Option<&str>, except: Option<u32>) -> Result<(), String> {
    let Some(id) = id.map(str::trim).filter(|s| !s.is_empty()) else { return Ok(()) };
    match t.entrants.iter().find(|e| Some(e.start) != except && e.fide_id.as_deref().map(str::trim) == Some(id)) {
        Some(other) => {
            Err(format!("{who}: FIDE id {id} is already start number {} ({}); a player is entered once", other.start, other.name))
        }
        None => Ok(()),
    }
}

/// A field's value as an edit's log writes it (`—`: none).
fn shown<T: ToString>(v: &Option<T>) -> String {
    v.as_ref().map_or("—".into(), |v| v.to_string())
}

/// The fields `new` changes from `old`: (field, old, new) as the log writes them.
fn changes(old: &NewPlayer, new: &NewPlayer) -> Vec<(&'static str, String, String)> {
    let sex = |s: &Option<Sex>| shown(&s.map(|s| if s == Sex::Male { "m" } else { "w" }));
    let title = |t: &Option<crate::tournament::Title>| shown(&t.map(|t| t.name()));
    let all = [
        ("name", old.name.clone(), new.name.clone()),
        ("sex", sex(&old.sex), sex(&new.sex)),
        ("title", title(&old.title), title(&new.title)),
        ("rating", shown(&old.rating), shown(&new.rating)),
        ("federation", shown(&old.federation), shown(&new.federation)),
        ("FIDE id", shown(&old.fide_id), shown(&new.fide_id)),
        ("birth", shown(&old.birth), shown(&new.birth)),
        ("national rating", shown(&old.national_rating), shown(&new.national_rating)),
    ];
    all.into_iter().filter(|(_, a, b)| a != b).collect()
}

/// A comment record after the header's records and the marks before it (TRF readers skip it).
fn with_mark(text: &str, mark: &str) -> String {
    match text.find("\n001") {
        Some(at) => format!("{}{mark}\n{}", &text[..=at], &text[at + 1..]),
        None => format!("{text}{mark}\n"),
    }
}

/// The file with start number `start`'s record set to `fields`, each change logged.
pub(crate) fn edit_player(text: &str, t: &Tournament, start: u32, fields: &PlayerFields) -> Result<String, DeskError> {
    let bad = |what: String| DeskError::Player { start, what };
    let old = fields_of(text, start)?;
    let new = normalised(fields).map_err(bad)?;
    check_id(t, &format!("start number {start} ({})", old.name), new.fide_id.as_deref(), Some(start)).map_err(bad)?;
    let national = t.ranking.as_ref().map(|r| r.federation.clone()).filter(|f| f.len() == 3);
    if new.national_rating.is_some() && national.is_none() {
        return Err(bad("national rating: the tournament names no federation for national ratings (TRF-2026 172)".into()));
    }
    let changed = changes(&old, &new);
    if changed.is_empty() {
        return Ok(text.to_string());
    }
    // The player's own fields, before the points: the rest of the record (points, rank,
    // rounds) is kept as the file has it.
    let own = trf_record::POINTS.from - 1;
    let record: String = player_record(start, &new).chars().take(own).collect();
    let mut out = String::with_capacity(text.len() + 200);
    for line in text.split_inclusive('\n') {
        let body = line.trim_end_matches(['\n', '\r']);
        let national_line = national.as_ref().is_some_and(|f| body.get(..4) == Some(&format!("{f} ")));
        if record_of(body, start).is_some() {
            let rest: String = body.chars().skip(own).collect();
            out.push_str(&format!("{record:<own$}{rest}"));
            out.push_str(&line[body.len()..]);
        } else if !(national_line && body.get(4..8).and_then(|s| s.trim().parse::<u32>().ok()) == Some(start)) {
            out.push_str(line);
        }
    }
    if let (Some(f), Some(r)) = (national.as_deref(), new.national_rating) {
        if !out.ends_with('\n') {
            out.push('\n');
        }
        out.push_str(&national_record(f, start, r));
        out.push('\n');
    }
    for (field, a, b) in &changed {
        out = with_mark(&out, &format!("### edit player {start}: {field} {a} → {b}"));
    }
    Ok(renumbered_by_initial_order(&out, t))
}

/// Before round 1 is paired, the file numbered again by the initial order (its marks too);
/// otherwise as it is.
fn renumbered_by_initial_order(text: &str, before: &Tournament) -> String {
    let listed = text.lines().any(|l| matches!(l.get(..3), Some("013" | "310" | "240" | "299" | "260" | "XXP")));
    let method = before.ranking.as_ref().map_or(RankingMethod::Fide, |r| r.method);
    let Ok((t, _)) = parse_trf(text) else { return text.to_string() };
    if current_round(before) > 0 || listed || method == RankingMethod::Other {
        return text.to_string();
    }
    let mut order: Vec<&crate::tournament::Entrant> = t.entrants.iter().collect();
    crate::sort::by_cached_key(&mut order, |e| (super::register::entrant_key(e, method), e.start));
    let new_of = |s: u32| order.iter().position(|e| e.start == s).map_or(s, |k| k as u32 + 1);
    if t.entrants.iter().all(|e| new_of(e.start) == e.start) {
        return text.to_string();
    }
    let national = t.ranking.as_ref().map(|r| r.federation.as_str()).filter(|f| f.len() == 3);
    let out = renumbered(text, &new_of, national);
    out.split_inclusive('\n').map(|l| renumbered_mark(l, &new_of).unwrap_or_else(|| l.to_string())).collect()
}

/// A player's mark (`### edit player S: …`, `### expelled S from round R`, `### withdrawn S
/// from round R`, `### bye for S in round R: …`, `### no half-point byes S`, `### half-point
/// byes allowed S`) with its start
/// number renumbered (`None`: not such a mark).
pub(crate) fn renumbered_mark(line: &str, new_of: &dyn Fn(u32) -> u32) -> Option<String> {
    let heads = ["### edit player ", "### expelled ", "### withdrawn ", "### bye for ", NO_HALF_BYES, HALF_BYES_ALLOWED];
    let (head, rest) = heads.iter().find_map(|h| line.strip_prefix(h).map(|r| (*h, r)))?;
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let start: u32 = rest[..digits].parse().ok()?;
    Some(format!("{head}{}{}", new_of(start), &rest[digits..]))
}

/// The mark of a player not eligible for half-point byes, and of the mark taken back.
const NO_HALF_BYES: &str = "### no half-point byes ";
const HALF_BYES_ALLOWED: &str = "### half-point byes allowed ";

/// The players not eligible for half-point byes, by start number: for each player the last
/// of their marks decides.
pub fn no_half_point_byes(text: &str) -> Vec<u32> {
    let mut out: Vec<u32> = Vec::new();
    for line in text.lines() {
        let (refused, rest) = match (line.strip_prefix(NO_HALF_BYES), line.strip_prefix(HALF_BYES_ALLOWED)) {
            (Some(rest), _) => (true, rest),
            (_, Some(rest)) => (false, rest),
            _ => continue,
        };
        let Ok(start) = rest.trim().parse::<u32>() else { continue };
        out.retain(|&s| s != start);
        if refused {
            out.push(start);
        }
    }
    crate::sort::by_key(&mut out, |&s| s);
    out
}

/// Refuses a half-point bye to a player marked not eligible for them (the checklist's Q176);
/// zero-point byes and absences stay open to them.
pub(crate) fn half_point_bye_allowed(text: &str, t: &Tournament, start: u32) -> Result<(), DeskError> {
    if !no_half_point_byes(text).contains(&start) {
        return Ok(());
    }
    let name = t.entrants.iter().find(|e| e.start == start).map_or(String::new(), |e| e.name.clone());
    Err(DeskError::Player {
        start,
        what: format!(
            "{name} is not eligible for half-point byes (marked by the arbiter, as the tournament's regulations allow); \
             a zero-point bye or an absence may be entered"
        ),
    })
}

/// The file with start number `start` marked eligible for half-point byes or not (logged; no
/// change, no log). A half-point bye already entered for a round not yet paired is refused
/// here rather than left against the mark; those of rounds paired stay, the arbiter's own
/// grants (a late entry's for the rounds missed among them).
pub(crate) fn mark_half_point_byes(text: &str, t: &Tournament, start: u32, allowed: bool) -> Result<String, DeskError> {
    let e = t.entrants.iter().find(|e| e.start == start).ok_or(DeskError::Player { start, what: "no such player".into() })?;
    if no_half_point_byes(text).contains(&start) != allowed {
        return Ok(text.to_string());
    }
    let current = current_round(t);
    let pending = e.rounds.iter().enumerate().skip(current).find(|(_, r)| r.result == RoundResult::HalfBye);
    if let (false, Some((i, _))) = (allowed, pending) {
        return Err(DeskError::Player {
            start,
            what: format!("{} has a half-point bye entered for round {}: take it back before marking them not eligible", e.name, i + 1),
        });
    }
    Ok(with_mark(text, &format!("{}{start}", if allowed { HALF_BYES_ALLOWED } else { NO_HALF_BYES })))
}

/// The players expelled and the round from which: from the file's marks (read as the
/// tournament's reader reads them, [`crate::tournament::marks`]).
pub fn expelled(text: &str) -> Vec<(u32, usize)> {
    let marks = crate::tournament::marks::departures(text);
    marks.into_iter().filter(|(_, d)| d.is_expelled()).map(|(s, d)| (s, d.from_round())).collect()
}

/// The file with start number `start` expelled from round `from` (a round not yet paired).
pub(crate) fn expel(text: &str, t: &Tournament, start: u32, from: usize) -> Result<String, DeskError> {
    if !t.entrants.iter().any(|e| e.start == start) {
        return Err(DeskError::Player { start, what: "no such player".into() });
    }
    if expelled(text).iter().any(|&(s, _)| s == start) {
        return Err(DeskError::Player { start, what: "already expelled".into() });
    }
    let total = t.total_rounds.unwrap_or(t.rounds);
    let current = current_round(t);
    if from <= current || from > total {
        return Err(DeskError::Player {
            start,
            what: format!("expelled from round {from}: expected a round not yet paired, {} to {total}", current + 1),
        });
    }
    let absent = Cell { opponent: None, colour: None, result: Some(RoundResult::ForfeitLoss), points: None };
    let mut out = text.to_string();
    for round in from..=total {
        out = with_round(&out, round, &|s| (s == start).then_some(absent));
    }
    Ok(with_mark(&out, &format!("### expelled {start} from round {from}")))
}

/// The warnings of the players list: players of one name (case and accents aside), and a
/// FIDE id without a FIDE rating.
pub fn warnings(t: &Tournament) -> Vec<String> {
    let mut out = Vec::new();
    let mut by_name: Vec<(String, &crate::tournament::Entrant)> = t.entrants.iter().map(|e| (folded(&e.name), e)).collect();
    crate::sort::by_key(&mut by_name, |(n, e)| (n.clone(), e.start));
    for group in by_name.chunk_by(|a, b| a.0 == b.0).filter(|g| g.len() > 1) {
        let who: Vec<String> = group
            .iter()
            .map(|(_, e)| format!("{} ({})", e.start, e.fide_id.as_deref().map_or("no FIDE id".into(), |i| format!("FIDE id {i}"))))
            .collect();
        let (last, first) = who.split_last().expect("two or more");
        out.push(format!(
            "players of one name, '{}': start numbers {} and {last}; check that they are different players",
            group[0].1.name,
            first.join(", ")
        ));
    }
    for e in t.entrants.iter().filter(|e| e.fide_id.is_some() && e.rating.is_none()) {
        out.push(format!(
            "start number {} ({}): FIDE id {} without a FIDE rating; check the rating list",
            e.start,
            e.name,
            e.fide_id.as_deref().unwrap_or("")
        ));
    }
    out
}

/// A player from a rating list, with the rating of `kind`: a FIDE list's as the FIDE rating,
/// a national list's (CSV) as the national rating.
pub fn from_list(list: &RatingList, e: &ListEntry, kind: RatingType) -> NewPlayer {
    let national = list.format == ListFormat::Csv;
    NewPlayer {
        name: list.name(e).chars().take(NAME_WIDTH).collect(),
        rating: e.rating(kind).filter(|_| !national),
        fide_id: e.fide_id().map(|i| i.to_string()),
        federation: e.federation().map(str::to_string),
        title: e.title,
        birth: e.birth_year().map(|y| y.to_string()),
        sex: e.sex,
        national_rating: e.rating(kind).filter(|_| national),
    }
}
