//! Multi-player events: who finished where ([`parse_events`]). The layouts, found by header
//! names or named by a mapping ([`super::event_columns`]):
//!
//! * long form, one row per player per event: `event, player, place` (place 1 wins; tied
//!   players share a place; an empty place or `-`, a player who took part unranked, below
//!   every ranked one; the rows of one event together). Every event-like column present
//!   (`event`, `round`, `room`, `table`, ...) makes the event together, so a debate tab's
//!   `round, room, team, rank` is one event a room a round; `event=round+room,place=rank` says so;
//! * wide form of places, one row per event: columns `1st, 2nd, 3rd…` (or `first, second,
//!   third…`, `place1, place2…`) holding who finished there, players tied at a place in one
//!   cell as `A = B` (or `A / B`), empty cells for fewer players; `places=A|B|C` names others;
//! * wide form of scores, one row per event: numbered player columns (`Play1..PlayN`) and the
//!   matching score columns (`Score1..ScoreN`, higher is better), as in PlayerRatings' riichi
//!   data; `players=A|B|C,scores=X|Y|Z` names others;
//! * team events ([`super::event_teams`]): `event, team, place, members`, one row a team, the
//!   members in one cell separated by `;` or `+` (`team=…,members=…` names the columns), or
//!   `event, team, place, player`, one row a member.
//!
//! Places must run without a gap (standard competition ranking 1, 2, 2, 4 or dense 1, 2, 2, 3);
//! every error names its line and what was expected.

use super::columns::normalise_header;
use super::csv::{Parsed, Warning};
use super::event_columns::{detect_layout, layout, Layout};
use super::event_places::{parse_place, skipped, tied_names, PLACES_EXPECTED, PLACE_EXPECTED};
use super::event_teams::{read_teams, TeamColumns};
use super::records::{first_record, sniff_delimiter, Record, Records};
use crate::error::{ParseError, ParseErrors};
use crate::model::{Dataset, Event, PlayerId};
use crate::parse::Columns;
use std::collections::{HashMap, HashSet};

pub use super::event_columns::mapping_names_events;

/// Whether the header looks like multi-player events (long or wide).
pub fn looks_like_events(text: &str) -> bool {
    first_record(text, sniff_delimiter(text)).is_some_and(|h| {
        let norm: Vec<String> = h.fields.iter().map(|f| normalise_header(f)).collect();
        match detect_layout(&norm) {
            Some(Layout::Scores { players, .. }) => players.len() >= 3,
            other => other.is_some(),
        }
    })
}

/// Reads events; `mapping` names columns (`event=round+room,place=rank`, `places=A|B|C`,
/// `players=A|B|C,scores=X|Y|Z`; may be empty).
pub fn parse_events(text: &str, mapping: &str) -> Result<Parsed, ParseErrors> {
    // Each record is read as it is split (the rows held at once were most of the memory).
    let mut recs = Records::new(text, sniff_delimiter(text));
    let header = recs.next().ok_or_else(|| ParseErrors(vec![ParseError::Empty]))?;
    let mut reader = EventReader { header: &header, data: Dataset::new(), errors: Vec::new() };
    match layout(&header.fields, mapping, header.line).map_err(|e| ParseErrors(vec![e]))? {
        Some(Layout::Long { event, player, place }) => reader.long(&mut recs, &event, player, place),
        Some(Layout::Scores { event, players, scores }) => reader.wide_scores(&mut recs, &event, &players, &scores),
        Some(Layout::Places { event, places }) => reader.wide_places(&mut recs, &event, &places),
        Some(Layout::Teams { event, team, place, members }) => {
            let cols = TeamColumns { event: &event, team, place, members };
            read_teams(reader.header, &mut recs, cols, &mut reader.data, &mut reader.errors);
        }
        None => return Err(ParseErrors(vec![missing_columns(&header)])),
    }
    let EventReader { mut data, errors: read, .. } = reader;
    // The events' list grew by doubling: up to a third of it empty room, kept as long as the data.
    data.events.shrink_to_fit();
    // The splitter's errors first, as when the records were split before being read.
    let mut errors = recs.errors();
    errors.extend(read);
    if !errors.is_empty() {
        crate::sort::by_key(&mut errors, ParseError::line);
        return Err(ParseErrors(errors));
    }
    let mut warnings = Vec::new();
    if data.events.is_empty() {
        warnings.push(Warning { line: 0, message: "no events found".into() });
    }
    Ok(Parsed { dataset: data, columns: Columns::default(), warnings })
}

/// The values of a row's event columns as one string, into `key`: each value's length, `:`
/// and the value, so that different lists of values never give the same string.
fn event_key<'a>(key: &mut String, values: impl Iterator<Item = &'a str>) {
    use std::fmt::Write;
    key.clear();
    for v in values {
        let _ = write!(key, "{}:{v}", v.len());
    }
}

fn missing_columns(header: &Record) -> ParseError {
    ParseError::MissingColumn {
        line: header.line,
        role: "multi-player events".into(),
        key: "players".into(),
        aliases: "event, player and place (one row per player), place columns 1st, 2nd, 3rd…, or numbered player and score columns such as Play1..Play4 and Score1..Score4".into(),
        found: header.fields.iter().map(|h| format!("'{}'", h.trim())).collect::<Vec<_>>().join(", "),
    }
}

/// A long-form event being read: its players with their places and lines.
struct Pending {
    /// Its event columns' values ([`event_key`]).
    key: String,
    name: String,
    line: usize,
    ranked: Vec<(PlayerId, u32, usize)>,
    unranked: Vec<PlayerId>,
    /// Each player's line, so that a player twice is found without a scan and named with both.
    lines: HashMap<PlayerId, usize>,
    /// Whether a row of it was bad (and so reported).
    spoiled: bool,
}

/// The events read so far and the errors found; the header names the columns in errors.
struct EventReader<'a> {
    header: &'a Record,
    data: Dataset,
    errors: Vec<ParseError>,
}

impl EventReader<'_> {
    fn bad(&self, line: usize, column: usize, expected: &str, found: &str) -> ParseError {
        ParseError::BadField { line, column: self.header.fields[column].trim().to_string(), expected: expected.into(), found: found.into() }
    }

    /// An event's name: the value of its one column in the long form (`g1`), else each column's
    /// header and value (`Time 38`, `round 1, room A`), or the row's line when there is none.
    fn name(&self, rec: &Record, event: &[usize], long: bool) -> String {
        let value = |c: usize| rec.fields.get(c).map(|s| s.trim()).unwrap_or("");
        match event {
            [] => format!("line {}", rec.line),
            [c] if long => value(*c).to_string(),
            _ => event.iter().map(|&c| format!("{} {}", self.header.fields[c].trim(), value(c))).collect::<Vec<_>>().join(", "),
        }
    }

    /// The long form: one row per player per event, the rows of one event together.
    fn long(&mut self, recs: impl Iterator<Item = Record>, event: &[usize], player_col: usize, place_col: usize) {
        let mut seen: HashSet<String> = HashSet::new();
        let mut current: Option<Pending> = None;
        // The row's event key, in one string reused: a row allocates nothing for it.
        let mut key = String::new();
        for rec in recs {
            let get = |i: usize| rec.fields.get(i).map(|s| s.trim()).unwrap_or("");
            event_key(&mut key, event.iter().map(|&c| get(c)));
            if let Some(&c) = event.iter().find(|&&c| get(c).is_empty()) {
                self.errors.push(self.bad(rec.line, c, "an event name", ""));
                continue;
            }
            if current.as_ref().is_none_or(|e| e.key != key) {
                let name = self.name(&rec, event, true);
                if !seen.insert(key.clone()) {
                    let again = format!("'{name}' again after other events");
                    self.errors.push(self.bad(rec.line, event[0], "the rows of one event together", &again));
                    continue;
                }
                self.finish(current.take(), player_col, place_col);
                let lines = HashMap::new();
                current = Some(Pending {
                    key: key.clone(),
                    name,
                    line: rec.line,
                    ranked: Vec::new(),
                    unranked: Vec::new(),
                    lines,
                    spoiled: false,
                });
            }
            let e = current.as_mut().expect("just set");
            let (player, place) = (get(player_col), get(place_col));
            let (id, place) = (self.data.player(player), parse_place(place).map_err(|()| place));
            let error = match (id, place) {
                (None, _) => Some(self.bad(rec.line, player_col, "a player's name", player)),
                (Some(_), Err(cell)) => Some(self.bad(rec.line, place_col, PLACE_EXPECTED, cell)),
                (Some(p), Ok(_)) => e.lines.get(&p).map(|&first| {
                    let found = format!("'{player}' on line {first} and again on line {}", rec.line);
                    self.bad(rec.line, player_col, "each player once per event", &found)
                }),
            };
            if let Some(error) = error {
                // The event is not checked as a whole once a row of it is bad: its other
                // errors would follow from this one.
                e.spoiled = true;
                self.errors.push(error);
                continue;
            }
            let (Some(p), Ok(place)) = (id, place) else { continue };
            e.lines.insert(p, rec.line);
            match place {
                Some(k) => e.ranked.push((p, k, rec.line)),
                None => e.unranked.push(p),
            }
        }
        self.finish(current, player_col, place_col);
    }

    /// Keeps a long-form event read in full: two players at least, one place at least, places
    /// without a gap.
    fn finish(&mut self, event: Option<Pending>, player_col: usize, place_col: usize) {
        let Some(e) = event.filter(|e| !e.spoiled) else { return };
        let size = e.ranked.len() + e.unranked.len();
        let places: Vec<u32> = e.ranked.iter().map(|&(_, k, _)| k).collect();
        if size < 2 {
            let found = format!("{size} in event '{}'", e.name);
            self.errors.push(self.bad(e.line, player_col, "at least two players in an event", &found));
        } else if e.ranked.is_empty() {
            let found = format!("no place in event '{}'", e.name);
            self.errors.push(self.bad(e.line, place_col, "at least one player with a place", &found));
        } else if let Some(skip) = skipped(&places) {
            let line = e.ranked.iter().find(|&&(_, k, _)| k == skip.found).map_or(e.line, |&(_, _, l)| l);
            let found = format!("place {} where {} was due, in event '{}'", skip.found, skip.due, e.name);
            self.errors.push(self.bad(line, place_col, PLACES_EXPECTED, &found));
        } else {
            let places = e.ranked.iter().map(|&(p, k, _)| (p, k)).collect();
            self.data.events.push(Event { name: e.name, places, line: e.line, unranked: e.unranked, team: Vec::new() });
        }
    }

    /// The wide form of places: one row per event, column k the player(s) who finished k-th.
    fn wide_places(&mut self, recs: impl Iterator<Item = Record>, event: &[usize], cols: &[usize]) {
        'rows: for rec in recs {
            let get = |i: usize| rec.fields.get(i).map(|s| s.trim()).unwrap_or("");
            let mut places: Vec<(PlayerId, u32)> = Vec::new();
            let mut column_of: HashMap<PlayerId, usize> = HashMap::new();
            for (k, &c) in cols.iter().enumerate() {
                if get(c).is_empty() {
                    continue;
                }
                for name in tied_names(get(c)) {
                    let Some(p) = self.data.player(name) else {
                        self.errors.push(self.bad(rec.line, c, "a player's name (players tied at a place as 'A = B')", get(c)));
                        continue 'rows;
                    };
                    if let Some(&first) = column_of.get(&p) {
                        let found = format!("'{name}' in column '{}' and again here", self.header.fields[first].trim());
                        self.errors.push(self.bad(rec.line, c, "each player once per event", &found));
                        continue 'rows;
                    }
                    column_of.insert(p, c);
                    places.push((p, k as u32 + 1));
                }
            }
            let ks: Vec<u32> = places.iter().map(|&(_, k)| k).collect();
            if places.len() < 2 {
                self.errors.push(self.bad(rec.line, cols[0], "at least two players in an event", &places.len().to_string()));
            } else if let Some(skip) = skipped(&ks) {
                let found = format!("place {} where {} was due", skip.found, skip.due);
                self.errors.push(self.bad(rec.line, cols[skip.found as usize - 1], PLACES_EXPECTED, &found));
            } else {
                let name = self.name(&rec, event, false);
                self.data.events.push(Event { name, places, line: rec.line, unranked: Vec::new(), team: Vec::new() });
            }
        }
    }

    /// The wide form of scores: one row per event; a higher score places higher, equal
    /// scores share a place.
    fn wide_scores(&mut self, recs: impl Iterator<Item = Record>, event: &[usize], players: &[usize], scores: &[usize]) {
        for rec in recs {
            let Some(entries) = self.wide_entries(&rec, players, scores) else { continue };
            if entries.len() < 2 {
                self.errors.push(self.bad(rec.line, players[0], "at least two players", &entries.len().to_string()));
                continue;
            }
            // A player's place is one more than the number of higher scores: counted in the
            // scores sorted highest first, not by comparing every pair.
            let mut sorted: Vec<f64> = entries.iter().map(|&(_, s)| s).collect();
            crate::sort::unstable_by(&mut sorted, |a, b| b.total_cmp(a));
            let places = entries.iter().map(|&(p, s)| (p, 1 + sorted.partition_point(|&t| t > s) as u32)).collect();
            let name = self.name(&rec, event, false);
            self.data.events.push(Event { name, places, line: rec.line, unranked: Vec::new(), team: Vec::new() });
        }
    }

    /// A wide row's players and their scores (pairs left blank skipped: fewer players this
    /// time); `None`, with an error, when one cannot be read.
    fn wide_entries(&mut self, rec: &Record, players: &[usize], scores: &[usize]) -> Option<Vec<(usize, f64)>> {
        let get = |i: usize| rec.fields.get(i).map(|s| s.trim()).unwrap_or("");
        let mut entries: Vec<(usize, f64)> = Vec::new();
        let mut seen: HashSet<usize> = HashSet::new();
        for (&pc, &sc) in players.iter().zip(scores) {
            let (player, score) = (get(pc), get(sc));
            if player.is_empty() && score.is_empty() {
                continue;
            }
            let error = match (self.data.player(player), score.parse::<f64>().ok().filter(|s| s.is_finite())) {
                (None, _) => self.bad(rec.line, pc, "a player's name", player),
                (Some(_), None) => self.bad(rec.line, sc, "a score (a number)", score),
                (Some(p), Some(_)) if !seen.insert(p) => self.bad(rec.line, pc, "each player once per event", &format!("'{player}' twice")),
                (Some(p), Some(s)) => {
                    entries.push((p, s));
                    continue;
                }
            };
            self.errors.push(error);
            return None;
        }
        Some(entries)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn places(p: &Parsed) -> Vec<Vec<(String, u32)>> {
        p.dataset.events.iter().map(|e| e.places.iter().map(|&(i, k)| (p.dataset.players[i].name.clone(), k)).collect()).collect()
    }

    #[test]
    fn long_form() {
        let p = parse_events("event,player,place\ng1,A,2\ng1,B,1\ng1,C,3\ng2,C,1\ng2,A,2\n", "").unwrap();
        assert_eq!(places(&p), vec![vec![("A".into(), 2), ("B".into(), 1), ("C".into(), 3)], vec![("C".into(), 1), ("A".into(), 2)]]);
        assert!(looks_like_events("event,player,place\n"));
    }

    #[test]
    fn events_whose_columns_join_alike_stay_apart() {
        // Round `1`, room `1A` and round `11`, room `A`: the same text joined, two events.
        let p = parse_events("round,room,player,place\n1,1A,P,1\n1,1A,Q,2\n11,A,P,1\n11,A,Q,2\n", "").unwrap();
        assert_eq!(p.dataset.events.len(), 2);
        let (mut a, mut b) = (String::new(), String::new());
        event_key(&mut a, ["1", "1A"].into_iter());
        event_key(&mut b, ["11", "A"].into_iter());
        assert_ne!(a, b);
    }

    #[test]
    fn wide_form_like_riichi() {
        let text = "\"Time\",\"Play1\",\"Play2\",\"Play3\",\"Play4\",\"Score1\",\"Score2\",\"Score3\",\"Score4\"\n38,10,13,56,64,17900,30500,23600,28000\n";
        assert!(looks_like_events(text));
        let p = parse_events(text, "").unwrap();
        assert_eq!(places(&p), vec![vec![("10".into(), 4), ("13".into(), 1), ("56".into(), 3), ("64".into(), 2)]]);
        assert_eq!(p.dataset.events[0].name, "Time 38");
        let mapped = parse_events("a,b,c,x,y,z\nP,Q,R,1,1,0\n", "players=a|b|c,scores=x|y|z").unwrap();
        assert_eq!(places(&mapped), vec![vec![("P".into(), 1), ("Q".into(), 1), ("R".into(), 3)]]);
        assert!(!looks_like_events("white,black,result\n"));
    }

    #[test]
    fn errors_name_line_and_column() {
        let e = parse_events("event,player,place\ng1,A,1\ng1,B,x\ng2,A,1\ng2,B,2\ng1,C,1\n", "").unwrap_err();
        let text = e.to_string();
        assert!(text.contains("line 3, column 'place': expected a place"), "{text}");
        assert!(text.contains("line 6, column 'event': expected the rows of one event together"), "{text}");
        let e = parse_events("event,player,place\ng1,A,1\n", "").unwrap_err();
        assert!(e.to_string().contains("line 2, column 'player': expected at least two players"), "{e}");
        let e = parse_events("p1,p2,p3,s1,s2,s3\nA,B,C,1,x,3\n", "").unwrap_err();
        assert!(e.to_string().contains("line 2, column 's2': expected a score"), "{e}");
    }
}
