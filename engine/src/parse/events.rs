//! Multi-player events: who finished where.
//!
//! * long form, one row per player per event: a header with `event`, `player` and `place`
//!   columns (place 1 wins; the rows of one event stand together);
//! * wide form, one row per event: numbered player columns (`Play1..PlayN`, `player1..`) and
//!   the matching score columns (`Score1..ScoreN`, higher is better), as in PlayerRatings'
//!   riichi data. A mapping `players=A|B|C,scores=X|Y|Z` names other columns.

use super::columns::normalise_header;
use super::csv::{Parsed, Warning};
use super::records::{records, sniff_delimiter};
use crate::error::{ParseError, ParseErrors};
use crate::model::{Dataset, Event};
use crate::parse::Columns;

const EVENT: &[&str] = &["event", "game", "match", "round", "hand", "time", "id"];
const PLAYER: &[&str] = &["player", "name", "team"];
const PLACE: &[&str] = &["place", "rank", "position", "finish", "placing"];

/// Whether the header looks like multi-player events (long or wide).
pub fn looks_like_events(text: &str) -> bool {
    let (recs, _) = records(text, sniff_delimiter(text));
    recs.first().is_some_and(|h| {
        let norm: Vec<String> = h.fields.iter().map(|f| normalise_header(f)).collect();
        long_columns(&norm).is_some() || wide_columns(&norm, None).is_some_and(|(p, _)| p.len() >= 3)
    })
}

fn long_columns(norm: &[String]) -> Option<(usize, usize, usize)> {
    let find = |names: &[&str]| norm.iter().position(|h| names.contains(&h.as_str()));
    Some((find(EVENT)?, find(PLAYER)?, find(PLACE)?))
}

/// Numbered player columns and their score columns, by number (or by an explicit mapping).
fn wide_columns(norm: &[String], mapping: Option<&str>) -> Option<(Vec<usize>, Vec<usize>)> {
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
        return (!players.is_empty() && players.len() == scores.len()).then_some((players, scores));
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
    Some((players.iter().map(|x| x.1).collect(), scores.iter().map(|x| x.1).collect()))
}

/// Reads events; `mapping` is the wide form's `players=...,scores=...` (may be empty).
pub fn parse_events(text: &str, mapping: &str) -> Result<Parsed, ParseErrors> {
    let (recs, mut errors) = records(text, sniff_delimiter(text));
    let mut recs = recs.into_iter();
    let header = recs.next().ok_or_else(|| ParseErrors(vec![ParseError::Empty]))?;
    let norm: Vec<String> = header.fields.iter().map(|f| normalise_header(f)).collect();
    let mut data = Dataset::new();
    let mut warnings = Vec::new();
    let col = |i: usize| header.fields[i].trim().to_string();
    let mapping = (!mapping.trim().is_empty()).then_some(mapping);
    if let (None, Some((ev, pl, pc))) = (mapping, long_columns(&norm)) {
        let mut seen = std::collections::HashSet::new();
        let mut current: Option<(String, Event)> = None;
        let finish = |cur: Option<(String, Event)>, data: &mut Dataset, errors: &mut Vec<ParseError>| {
            if let Some((_, e)) = cur {
                if e.places.len() < 2 {
                    errors.push(ParseError::BadField {
                        line: e.line,
                        column: col(pl),
                        expected: "at least two players in an event".into(),
                        found: format!("{} in event '{}'", e.places.len(), e.name),
                    });
                } else {
                    data.events.push(e);
                }
            }
        };
        for rec in recs {
            let get = |i: usize| rec.fields.get(i).map(|s| s.trim()).unwrap_or("");
            let (name, player, place) = (get(ev), get(pl), get(pc));
            let bad = |c: usize, expected: &str, found: &str| ParseError::BadField {
                line: rec.line,
                column: col(c),
                expected: expected.into(),
                found: found.into(),
            };
            if name.is_empty() {
                errors.push(bad(ev, "an event name", name));
                continue;
            }
            let Some(p) = data.player(player) else {
                errors.push(bad(pl, "a player's name", player));
                continue;
            };
            let place: u32 = match place.parse() {
                Ok(x) if x >= 1 => x,
                _ => {
                    errors.push(bad(pc, "a place: a whole number from 1 (the winner)", place));
                    continue;
                }
            };
            if current.as_ref().is_none_or(|(n, _)| n != name) {
                if !seen.insert(name.to_string()) {
                    errors.push(bad(ev, "the rows of one event together", &format!("'{name}' again after other events")));
                    continue;
                }
                finish(current.take(), &mut data, &mut errors);
                current = Some((name.to_string(), Event { name: name.to_string(), places: Vec::new(), line: rec.line }));
            }
            let (_, e) = current.as_mut().expect("just set");
            if e.places.iter().any(|&(q, _)| q == p) {
                errors.push(bad(pl, "each player once per event", &format!("'{player}' twice")));
                continue;
            }
            e.places.push((p, place));
        }
        finish(current.take(), &mut data, &mut errors);
    } else if let Some((players, scores)) = wide_columns(&norm, mapping) {
        let name_col = norm.iter().position(|h| EVENT.contains(&h.as_str()));
        for rec in recs {
            let get = |i: usize| rec.fields.get(i).map(|s| s.trim()).unwrap_or("");
            let mut entries: Vec<(usize, f64)> = Vec::new();
            let mut ok = true;
            for (&pc, &sc) in players.iter().zip(&scores) {
                let (player, score) = (get(pc), get(sc));
                if player.is_empty() && score.is_empty() {
                    continue; // fewer players this time
                }
                let Some(p) = data.player(player) else {
                    errors.push(ParseError::BadField {
                        line: rec.line,
                        column: col(pc),
                        expected: "a player's name".into(),
                        found: player.into(),
                    });
                    ok = false;
                    break;
                };
                let Ok(s) = score.parse::<f64>().map_err(|_| ()).and_then(|s| if s.is_finite() { Ok(s) } else { Err(()) }) else {
                    errors.push(ParseError::BadField {
                        line: rec.line,
                        column: col(sc),
                        expected: "a score (a number)".into(),
                        found: score.into(),
                    });
                    ok = false;
                    break;
                };
                if entries.iter().any(|&(q, _)| q == p) {
                    errors.push(ParseError::BadField {
                        line: rec.line,
                        column: col(pc),
                        expected: "each player once per event".into(),
                        found: format!("'{player}' twice"),
                    });
                    ok = false;
                    break;
                }
                entries.push((p, s));
            }
            if !ok {
                continue;
            }
            if entries.len() < 2 {
                errors.push(ParseError::BadField {
                    line: rec.line,
                    column: col(players[0]),
                    expected: "at least two players".into(),
                    found: entries.len().to_string(),
                });
                continue;
            }
            // Higher score, better place; equal scores share a place.
            let places = entries.iter().map(|&(p, s)| (p, 1 + entries.iter().filter(|&&(_, t)| t > s).count() as u32)).collect();
            let name = name_col.map(|c| format!("{} {}", col(c), get(c))).unwrap_or_else(|| format!("line {}", rec.line));
            data.events.push(Event { name, places, line: rec.line });
        }
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
    if !errors.is_empty() {
        errors.sort_by_key(ParseError::line);
        return Err(ParseErrors(errors));
    }
    if data.events.is_empty() {
        warnings.push(Warning { line: 0, message: "no events found".into() });
    }
    Ok(Parsed { dataset: data, columns: Columns::default(), warnings })
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
