//! Multi-player events: who finished where.
//!
//! * long form, one row per player per event: a header with `event`, `player` and `place`
//!   columns (place 1 wins; the rows of one event stand together);
//! * wide form, one row per event: numbered player columns (`Play1..PlayN`, `player1..`) and
//!   the matching score columns (`Score1..ScoreN`, higher is better), as in PlayerRatings'
//!   riichi data. A mapping `players=A|B|C,scores=X|Y|Z` names other columns.

use super::columns::normalise_header;
use super::csv::{Parsed, Warning};
use super::records::{first_record, records, sniff_delimiter, Record};
use crate::error::{ParseError, ParseErrors};
use crate::model::{Dataset, Event};
use crate::parse::Columns;
use std::collections::HashSet;

const EVENT: &[&str] = &["event", "game", "match", "round", "hand", "time", "id"];
const PLAYER: &[&str] = &["player", "name", "team"];
const PLACE: &[&str] = &["place", "rank", "position", "finish", "placing"];

/// Whether the header looks like multi-player events (long or wide).
pub fn looks_like_events(text: &str) -> bool {
    first_record(text, sniff_delimiter(text)).is_some_and(|h| {
        let norm: Vec<String> = h.fields.iter().map(|f| normalise_header(f)).collect();
        long_columns(&norm).is_some() || wide_columns(&norm, None).is_some_and(|w| w.players.len() >= 3)
    })
}

/// The long form's columns, by index.
#[derive(Clone, Copy)]
struct LongColumns {
    event: usize,
    player: usize,
    place: usize,
}

fn long_columns(norm: &[String]) -> Option<LongColumns> {
    let find = |names: &[&str]| norm.iter().position(|h| names.contains(&h.as_str()));
    Some(LongColumns { event: find(EVENT)?, player: find(PLAYER)?, place: find(PLACE)? })
}

/// The wide form's columns, by index: `scores[k]` is `players[k]`'s score.
struct WideColumns {
    players: Vec<usize>,
    scores: Vec<usize>,
}

/// Numbered player columns and their score columns, by number (or by an explicit mapping).
fn wide_columns(norm: &[String], mapping: Option<&str>) -> Option<WideColumns> {
    if let Some(spec) = mapping {
        let mut players = Vec::new();
        let mut scores = Vec::new();
        for part in spec.split([',', ';']) {
            let Some((role, cols)) = part.split_once('=') else { continue };
            let idx: Option<Vec<usize>> = cols.split('|').map(|c| norm.iter().position(|h| *h == normalise_header(c))).collect();
            match normalise_header(role).as_str() {
                "players" => players = idx?,
                "scores" => scores = idx?,
                _ => {}
            }
        }
        return (!players.is_empty() && players.len() == scores.len()).then_some(WideColumns { players, scores });
    }
    let numbered = |prefixes: &[&str]| -> Vec<(u32, usize)> {
        let mut v: Vec<(u32, usize)> = norm
            .iter()
            .enumerate()
            .filter_map(|(i, h)| {
                let p =
                    prefixes.iter().find(|p| h.starts_with(*p) && h[p.len()..].chars().all(|c| c.is_ascii_digit()) && h.len() > p.len())?;
                Some((h[p.len()..].parse().ok()?, i))
            })
            .collect();
        v.sort();
        v
    };
    let players = numbered(&["player", "play", "p"]);
    let scores = numbered(&["score", "points", "pts", "s"]);
    if players.len() < 2 || players.len() != scores.len() || players.iter().zip(&scores).any(|(a, b)| a.0 != b.0) {
        return None;
    }
    Some(WideColumns { players: players.iter().map(|x| x.1).collect(), scores: scores.iter().map(|x| x.1).collect() })
}

/// Reads events; `mapping` is the wide form's `players=...,scores=...` (may be empty).
pub fn parse_events(text: &str, mapping: &str) -> Result<Parsed, ParseErrors> {
    let (recs, errors) = records(text, sniff_delimiter(text));
    let mut recs = recs.into_iter();
    let header = recs.next().ok_or_else(|| ParseErrors(vec![ParseError::Empty]))?;
    let norm: Vec<String> = header.fields.iter().map(|f| normalise_header(f)).collect();
    let mut reader = EventReader { header: &header, data: Dataset::new(), errors };
    let mapping = (!mapping.trim().is_empty()).then_some(mapping);
    if let (None, Some(cols)) = (mapping, long_columns(&norm)) {
        reader.long(recs, cols);
    } else if let Some(cols) = wide_columns(&norm, mapping) {
        let name_col = norm.iter().position(|h| EVENT.contains(&h.as_str()));
        reader.wide(recs, &cols, name_col);
    } else {
        return Err(ParseErrors(vec![ParseError::MissingColumn {
            line: header.line,
            role: "multi-player events".into(),
            key: "players".into(),
            aliases:
                "event, player and place (one row per player), or numbered player and score columns such as Play1..Play4 and Score1..Score4"
                    .into(),
            found: header.fields.iter().map(|h| format!("'{}'", h.trim())).collect::<Vec<_>>().join(", "),
        }]));
    }
    let EventReader { data, mut errors, .. } = reader;
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

    /// The long form: one row per player per event, the rows of one event together.
    fn long(&mut self, recs: impl Iterator<Item = Record>, cols: LongColumns) {
        let mut seen = HashSet::new();
        // The players of the current event, so that a player twice is found without a scan.
        let mut in_event: HashSet<usize> = HashSet::new();
        let mut current: Option<Event> = None;
        for rec in recs {
            let get = |i: usize| rec.fields.get(i).map(|s| s.trim()).unwrap_or("");
            let (name, player, place) = (get(cols.event), get(cols.player), get(cols.place));
            if name.is_empty() {
                self.errors.push(self.bad(rec.line, cols.event, "an event name", name));
                continue;
            }
            let Some(p) = self.data.player(player) else {
                self.errors.push(self.bad(rec.line, cols.player, "a player's name", player));
                continue;
            };
            let place: u32 = match place.parse() {
                Ok(x) if x >= 1 => x,
                _ => {
                    self.errors.push(self.bad(rec.line, cols.place, "a place: a whole number from 1 (the winner)", place));
                    continue;
                }
            };
            if current.as_ref().is_none_or(|e| e.name != name) {
                if !seen.insert(name.to_string()) {
                    let again = format!("'{name}' again after other events");
                    self.errors.push(self.bad(rec.line, cols.event, "the rows of one event together", &again));
                    continue;
                }
                self.finish(current.take(), cols.player);
                current = Some(Event { name: name.to_string(), places: Vec::new(), line: rec.line, unranked: Vec::new() });
                in_event.clear();
            }
            let e = current.as_mut().expect("just set");
            if !in_event.insert(p) {
                self.errors.push(self.bad(rec.line, cols.player, "each player once per event", &format!("'{player}' twice")));
                continue;
            }
            e.places.push((p, place));
        }
        self.finish(current, cols.player);
    }

    /// Keeps a long-form event read in full, unless it has fewer than two players.
    fn finish(&mut self, event: Option<Event>, player_col: usize) {
        let Some(e) = event else { return };
        if e.places.len() < 2 {
            let found = format!("{} in event '{}'", e.places.len(), e.name);
            self.errors.push(self.bad(e.line, player_col, "at least two players in an event", &found));
        } else {
            self.data.events.push(e);
        }
    }

    /// The wide form: one row per event (named by the `name_col` column, else by its line);
    /// a higher score places higher, equal scores share a place.
    fn wide(&mut self, recs: impl Iterator<Item = Record>, cols: &WideColumns, name_col: Option<usize>) {
        for rec in recs {
            let Some(entries) = self.wide_entries(&rec, cols) else { continue };
            if entries.len() < 2 {
                self.errors.push(self.bad(rec.line, cols.players[0], "at least two players", &entries.len().to_string()));
                continue;
            }
            // A player's place is one more than the number of higher scores: counted in the
            // scores sorted highest first, not by comparing every pair.
            let mut scores: Vec<f64> = entries.iter().map(|&(_, s)| s).collect();
            crate::sort::unstable_by(&mut scores, |a, b| b.total_cmp(a));
            let places = entries.iter().map(|&(p, s)| (p, 1 + scores.partition_point(|&t| t > s) as u32)).collect();
            let name = match name_col {
                Some(c) => format!("{} {}", self.header.fields[c].trim(), rec.fields.get(c).map(|s| s.trim()).unwrap_or("")),
                None => format!("line {}", rec.line),
            };
            self.data.events.push(Event { name, places, line: rec.line, unranked: Vec::new() });
        }
    }

    /// A wide row's players and their scores (pairs left blank skipped: fewer players this
    /// time); `None`, with an error, when one cannot be read.
    fn wide_entries(&mut self, rec: &Record, cols: &WideColumns) -> Option<Vec<(usize, f64)>> {
        let get = |i: usize| rec.fields.get(i).map(|s| s.trim()).unwrap_or("");
        let mut entries: Vec<(usize, f64)> = Vec::new();
        let mut seen: HashSet<usize> = HashSet::new();
        for (&pc, &sc) in cols.players.iter().zip(&cols.scores) {
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
