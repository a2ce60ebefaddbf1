//! Team events ([`read_teams`]): `event, team, place` with the team's members in a cell
//! (`members`: `A; B; C` or `A + B + C`, one row a team) or one a row (`event, team, place,
//! player`, a team's rows sharing its place). Each member becomes an entry of the event at the
//! team's place (or unranked with it), and [`Event::team`] says which team; the team's name is
//! not a player and is not kept. Errors name the line: a team without members, a player in two
//! teams of one event, a team given two places, a team listed twice (one row a team), places
//! that skip, fewer than two teams.

use super::event_columns::Members;
use super::event_places::{parse_place, skipped, PLACES_EXPECTED, PLACE_EXPECTED};
use super::records::Record;
use crate::error::ParseError;
use crate::model::{name_key, Dataset, Event, PlayerId};
use std::collections::{HashMap, HashSet};

/// The columns of a team event.
pub(crate) struct TeamColumns<'a> {
    pub event: &'a [usize],
    pub team: usize,
    pub place: usize,
    pub members: Members,
}

/// What a members cell must hold, for errors.
const MEMBERS_EXPECTED: &str = "the team's members, separated by ';' or '+'";

/// The members of a cell: split at `;` and `+` (a comma is part of a name, as `Carlsen,
/// Magnus`), blanks between separators left out.
pub(crate) fn member_names(cell: &str) -> Vec<&str> {
    cell.split([';', '+']).map(str::trim).filter(|s| !s.is_empty()).collect()
}

/// One team of an event being read.
struct Side {
    key: String,
    place: Option<u32>,
    line: usize,
    members: Vec<PlayerId>,
}

/// An event being read: its teams, and the line each player was listed on.
struct Pending {
    key: Vec<String>,
    name: String,
    line: usize,
    sides: Vec<Side>,
    seen: HashMap<PlayerId, usize>,
    spoiled: bool,
}

/// The reader's state: the data read, the errors found, the header for column names.
struct Reader<'a> {
    header: &'a Record,
    cols: TeamColumns<'a>,
    data: &'a mut Dataset,
    errors: &'a mut Vec<ParseError>,
}

/// Reads the records of a team event file into `data`, errors into `errors`.
pub(crate) fn read_teams(
    header: &Record,
    recs: impl Iterator<Item = Record>,
    cols: TeamColumns,
    data: &mut Dataset,
    errors: &mut Vec<ParseError>,
) {
    let mut r = Reader { header, cols, data, errors };
    let mut done: HashSet<Vec<String>> = HashSet::new();
    let mut current: Option<Pending> = None;
    for rec in recs {
        let key: Vec<String> = r.cols.event.iter().map(|&c| field(&rec, c).to_string()).collect();
        if let Some(&c) = r.cols.event.iter().find(|&&c| field(&rec, c).is_empty()) {
            r.errors.push(r.bad(rec.line, c, "an event name", ""));
            continue;
        }
        if current.as_ref().is_none_or(|e| e.key != key) {
            let name = event_name(header, &rec, r.cols.event);
            if !done.insert(key.clone()) {
                let again = format!("'{name}' again after other events");
                r.errors.push(r.bad(rec.line, r.cols.event[0], "the rows of one event together", &again));
                continue;
            }
            r.finish(current.take());
            current = Some(Pending { key, name, line: rec.line, sides: Vec::new(), seen: HashMap::new(), spoiled: false });
        }
        let e = current.as_mut().expect("just set");
        if let Err(error) = r.row(e, &rec) {
            // The event is not checked as a whole once a row of it is bad: its other errors
            // would follow from this one.
            e.spoiled = true;
            r.errors.push(error);
        }
    }
    r.finish(current);
}

fn field(rec: &Record, c: usize) -> &str {
    rec.fields.get(c).map_or("", |s| s.trim())
}

/// An event's name: its one column's value, else each column's header and value.
fn event_name(header: &Record, rec: &Record, event: &[usize]) -> String {
    match event {
        [c] => field(rec, *c).to_string(),
        _ => event.iter().map(|&c| format!("{} {}", header.fields[c].trim(), field(rec, c))).collect::<Vec<_>>().join(", "),
    }
}

impl Reader<'_> {
    fn bad(&self, line: usize, column: usize, expected: &str, found: &str) -> ParseError {
        ParseError::BadField { line, column: self.header.fields[column].trim().to_string(), expected: expected.into(), found: found.into() }
    }

    /// One row: a team with its members (one row a team), or one member of a team.
    fn row(&mut self, e: &mut Pending, rec: &Record) -> Result<(), ParseError> {
        let (team, place_cell) = (field(rec, self.cols.team), field(rec, self.cols.place));
        let key = name_key(team);
        if key.is_empty() {
            return Err(self.bad(rec.line, self.cols.team, "a team's name", ""));
        }
        let place = parse_place(place_cell).map_err(|()| self.bad(rec.line, self.cols.place, PLACE_EXPECTED, place_cell))?;
        let (names, column) = match self.cols.members {
            Members::Cell(c) => (member_names(field(rec, c)), c),
            Members::Rows(c) => (vec![field(rec, c)].into_iter().filter(|s| !s.is_empty()).collect(), c),
        };
        if names.is_empty() {
            return Err(self.bad(rec.line, column, MEMBERS_EXPECTED, &format!("no member of team '{team}'")));
        }
        let side = match e.sides.iter().position(|s| s.key == key) {
            Some(k) if matches!(self.cols.members, Members::Cell(_)) => {
                let found = format!("'{team}' on line {} and again on line {}", e.sides[k].line, rec.line);
                return Err(self.bad(rec.line, self.cols.team, "each team once per event", &found));
            }
            Some(k) if e.sides[k].place != place => {
                let found = format!("'{place_cell}' for team '{team}', given another on line {}", e.sides[k].line);
                return Err(self.bad(rec.line, self.cols.place, "one place for each team (its rows share it)", &found));
            }
            Some(k) => k,
            None => {
                e.sides.push(Side { key, place, line: rec.line, members: Vec::new() });
                e.sides.len() - 1
            }
        };
        for name in names {
            let p = self.data.player(name).ok_or_else(|| self.bad(rec.line, column, MEMBERS_EXPECTED, name))?;
            if let Some(first) = e.seen.insert(p, rec.line) {
                let found = format!("'{name}' on line {first} and again on line {}", rec.line);
                return Err(self.bad(rec.line, column, "each player in one team once per event", &found));
            }
            e.sides[side].members.push(p);
        }
        Ok(())
    }

    /// Keeps an event read in full: two teams at least, one placed, places without a gap.
    fn finish(&mut self, event: Option<Pending>) {
        let Some(e) = event.filter(|e| !e.spoiled) else { return };
        let places: Vec<u32> = e.sides.iter().filter_map(|s| s.place).collect();
        if e.sides.len() < 2 {
            let found = format!("{} in event '{}'", e.sides.len(), e.name);
            self.errors.push(self.bad(e.line, self.cols.team, "at least two teams in an event", &found));
        } else if places.is_empty() {
            let found = format!("no place in event '{}'", e.name);
            self.errors.push(self.bad(e.line, self.cols.place, "at least one team with a place", &found));
        } else if let Some(skip) = skipped(&places) {
            let line = e.sides.iter().find(|s| s.place == Some(skip.found)).map_or(e.line, |s| s.line);
            let found = format!("place {} where {} was due, in event '{}'", skip.found, skip.due, e.name);
            self.errors.push(self.bad(line, self.cols.place, PLACES_EXPECTED, &found));
        } else {
            self.data.events.push(event_of(e));
        }
    }
}

/// The event of its teams: every member at the team's place (or unranked), `team` numbering
/// the teams in the order they came.
fn event_of(e: Pending) -> Event {
    let (mut places, mut unranked, mut ranked_team, mut unranked_team) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for (t, side) in e.sides.iter().enumerate() {
        for &p in &side.members {
            match side.place {
                Some(k) => {
                    places.push((p, k));
                    ranked_team.push(t as u32);
                }
                None => {
                    unranked.push(p);
                    unranked_team.push(t as u32);
                }
            }
        }
    }
    ranked_team.extend(unranked_team);
    Event { name: e.name, places, line: e.line, unranked, team: ranked_team }
}
