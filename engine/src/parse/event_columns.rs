//! Which columns of an events file hold what ([`Layout`]): found by header names, or named by
//! a mapping (`event=round+room,place=rank`, `players=A|B|C,scores=X|Y|Z`, `places=A|B|C`,
//! `team=side,members=players`).

use super::columns::normalise_header;
use crate::error::ParseError;

/// Columns that name (a part of) an event: all those present together make the event, so a
/// debate tab's `round` and `room` give one event a room a round.
const EVENT: &[&str] = &["event", "game", "match", "round", "hand", "room", "table", "heat", "race"];
/// Columns taken as the event only when none of [`EVENT`] is there.
const EVENT_FALLBACK: &[&str] = &["time", "id"];
const PLAYER: &[&str] = &["player", "name", "team"];
const PLACE: &[&str] = &["place", "rank", "position", "finish", "placing"];
/// A team's members listed in one cell (a team event, one row a team).
const MEMBERS: &[&str] = &["members", "lineup", "roster"];
/// One member a row beside a `team` column (a team event, one row a member).
const MEMBER: &[&str] = &["player", "name", "member"];
/// The mapping's keys.
const KEYS: &str = "event (columns joined by +), player, place, team, members, players, scores, places (columns joined by |)";
/// Place columns named by a word, first to twelfth.
const ORDINAL_WORDS: [&str; 12] =
    ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth", "eleventh", "twelfth"];

/// How an events file is laid out, by column index.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Layout {
    /// One row per player per event: `event, player, place`.
    Long { event: Vec<usize>, player: usize, place: usize },
    /// One row per event, `scores[k]` the score of `players[k]` (higher is better).
    Scores { event: Vec<usize>, players: Vec<usize>, scores: Vec<usize> },
    /// One row per event, `places[k]` the player(s) who finished (k+1)-th.
    Places { event: Vec<usize>, places: Vec<usize> },
    /// A team event: `event, team, place` with the team's members in a cell or a row each.
    Teams { event: Vec<usize>, team: usize, place: usize, members: Members },
}

/// Where a team event's members are.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Members {
    /// One row a team, this column listing its members (`A; B; C` or `A + B + C`).
    Cell(usize),
    /// One row a member, this column naming them; a team's rows share its place.
    Rows(usize),
}

/// The event-like columns of a header (normalised names).
fn event_columns(norm: &[String]) -> Vec<usize> {
    let of = |names: &[&str]| (0..norm.len()).filter(|&i| names.contains(&norm[i].as_str())).collect::<Vec<_>>();
    let main = of(EVENT);
    if main.is_empty() {
        of(EVENT_FALLBACK).into_iter().take(1).collect()
    } else {
        main
    }
}

/// The layout the header names show, without a mapping: the long form first, then places,
/// then numbered players with scores.
pub(crate) fn detect_layout(norm: &[String]) -> Option<Layout> {
    let event = event_columns(norm);
    let find = |names: &[&str]| norm.iter().position(|h| names.contains(&h.as_str()));
    if let (false, Some(place)) = (event.is_empty(), find(PLACE)) {
        if let Some(teams) = team_layout(&event, place, find(&["team"]), find(MEMBERS), find(MEMBER)) {
            return Some(teams);
        }
    }
    if let (false, Some(player), Some(place)) = (event.is_empty(), find(PLAYER), find(PLACE)) {
        return Some(Layout::Long { event, player, place });
    }
    if let Some(places) = place_columns(norm) {
        return Some(Layout::Places { event, places });
    }
    let (players, scores) = score_columns(norm)?;
    Some(Layout::Scores { event, players, scores })
}

/// A team event's layout: a members column (the team the `team` column, else the member
/// column), or a `team` column beside a member column (one row a member); `None` otherwise.
fn team_layout(event: &[usize], place: usize, team: Option<usize>, members: Option<usize>, member: Option<usize>) -> Option<Layout> {
    let (team, members) = match (team, members, member) {
        (Some(t), Some(m), _) => (t, Members::Cell(m)),
        (None, Some(m), Some(t)) => (t, Members::Cell(m)),
        (Some(t), None, Some(m)) => (t, Members::Rows(m)),
        _ => return None,
    };
    Some(Layout::Teams { event: event.to_vec(), team, place, members })
}

/// The number of a place column: `1st`, `2nd`, `third`, `place3`, `position4`.
fn place_number(h: &str) -> Option<u32> {
    if let Some(k) = ORDINAL_WORDS.iter().position(|w| *w == h) {
        return Some(k as u32 + 1);
    }
    let digits = |s: &str| (!s.is_empty() && s.chars().all(|c| c.is_ascii_digit())).then(|| s.parse::<u32>().ok()).flatten();
    for suffix in ["st", "nd", "rd", "th"] {
        if let Some(n) = h.strip_suffix(suffix).and_then(digits) {
            return Some(n);
        }
    }
    ["place", "position"].iter().find_map(|p| h.strip_prefix(p).and_then(digits))
}

/// Place columns numbered 1, 2, 3… in a run from 1 (at least two; three when named by words,
/// so that a games file's `first, second` columns are not taken for places).
fn place_columns(norm: &[String]) -> Option<Vec<usize>> {
    let mut found: Vec<(u32, usize)> = norm.iter().enumerate().filter_map(|(i, h)| Some((place_number(h)?, i))).collect();
    found.sort();
    let words = found.iter().all(|&(_, i)| ORDINAL_WORDS.contains(&norm[i].as_str()));
    let run = found.iter().enumerate().all(|(k, &(n, _))| n == k as u32 + 1);
    (run && found.len() >= if words { 3 } else { 2 }).then(|| found.into_iter().map(|(_, i)| i).collect())
}

/// Numbered player columns and their score columns (`Play1..`, `Score1..`), by number.
fn score_columns(norm: &[String]) -> Option<(Vec<usize>, Vec<usize>)> {
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

/// Whether a mapping names a role only events have (`players`, `places`, `place`...), so that
/// the text is read as events whatever its header.
pub fn mapping_names_events(mapping: &str) -> bool {
    mapping.split([',', ';']).filter_map(|p| p.split_once('=')).any(|(key, cols)| match normalise_header(key).as_str() {
        "players" | "scores" | "places" | "place" | "player" | "team" | "members" => true,
        "event" => cols.contains('+'),
        _ => false,
    })
}

/// The mapping's entries, each a key and the columns it names (by index).
struct Mapped {
    entries: Vec<(String, Vec<usize>)>,
}

impl Mapped {
    fn get(&self, key: &str) -> Option<&Vec<usize>> {
        self.entries.iter().find(|(k, _)| k == key).map(|(_, c)| c)
    }

    fn one(&self, key: &str) -> Option<usize> {
        self.get(key).map(|c| c[0])
    }
}

/// Reads `event=round+room,place=rank,...` against the header (`#N` is the N-th column).
fn parse_mapping(spec: &str, header: &[String], line: usize) -> Result<Mapped, ParseError> {
    let norm: Vec<String> = header.iter().map(|h| normalise_header(h)).collect();
    let listing = || header.iter().map(|h| format!("'{}'", h.trim())).collect::<Vec<_>>().join(", ");
    let mut entries = Vec::new();
    for part in spec.split([',', ';']).map(str::trim).filter(|p| !p.is_empty()) {
        let bad = || ParseError::BadMapping { spec: part.to_string(), roles: KEYS.into() };
        let (key, cols) = part.split_once('=').ok_or_else(bad)?;
        let key = normalise_header(key);
        let sep = match key.as_str() {
            "event" => '+',
            "players" | "scores" | "places" => '|',
            "player" | "place" | "team" | "members" => ',',
            _ => return Err(bad()),
        };
        let mut idx = Vec::new();
        for col in cols.split(sep).map(str::trim) {
            let i = match col.strip_prefix('#').and_then(|n| n.parse::<usize>().ok()) {
                Some(n) if n >= 1 && n <= header.len() => Some(n - 1),
                _ => norm.iter().position(|h| !col.is_empty() && *h == normalise_header(col)),
            };
            let i = i.ok_or_else(|| ParseError::UnknownColumn { line, key: key.clone(), column: col.into(), found: listing() })?;
            idx.push(i);
        }
        entries.push((key, idx));
    }
    Ok(Mapped { entries })
}

/// The layout a mapping gives, the header names filling in what it leaves out; `None` when
/// the mapping is empty and the header shows no layout.
pub(crate) fn layout(header: &[String], mapping: &str, line: usize) -> Result<Option<Layout>, ParseError> {
    let norm: Vec<String> = header.iter().map(|h| normalise_header(h)).collect();
    if mapping.trim().is_empty() {
        return Ok(detect_layout(&norm));
    }
    let m = parse_mapping(mapping, header, line)?;
    let event = m.get("event").cloned().unwrap_or_else(|| event_columns(&norm));
    let bad = |what: &str| ParseError::BadMapping { spec: mapping.into(), roles: format!("{KEYS}; {what}") };
    if m.get("players").is_some() || m.get("scores").is_some() {
        return match (m.get("players"), m.get("scores")) {
            (Some(p), Some(s)) if p.len() == s.len() && p.len() >= 2 => {
                Ok(Some(Layout::Scores { event, players: p.clone(), scores: s.clone() }))
            }
            _ => Err(bad("players= and scores= name as many columns, at least two")),
        };
    }
    if let Some(places) = m.get("places") {
        return match places.len() >= 2 {
            true => Ok(Some(Layout::Places { event, places: places.clone() })),
            false => Err(bad("places= names at least two columns")),
        };
    }
    let find = |names: &[&str]| norm.iter().position(|h| names.contains(&h.as_str()));
    // A team event: named by team= or members=, or found by the header when the mapping
    // names no player column (player= alone reads one row a player, teams or not).
    let explicit = m.get("team").is_some() || m.get("members").is_some();
    if let (false, Some(place), true) = (event.is_empty(), m.one("place").or_else(|| find(PLACE)), explicit || m.get("player").is_none()) {
        let team = m.one("team").or_else(|| find(&["team"]));
        let member = m.one("player").or_else(|| find(MEMBER)).filter(|&c| Some(c) != team);
        match team_layout(&event, place, team, m.one("members").or_else(|| find(MEMBERS)), member) {
            Some(teams) => return Ok(Some(teams)),
            None if explicit => return Err(bad("a team event names team= and members= (a cell listing them) or player= (one a row)")),
            None => {}
        }
    }
    match (event.is_empty(), m.one("player").or_else(|| find(PLAYER)), m.one("place").or_else(|| find(PLACE))) {
        (false, Some(player), Some(place)) => Ok(Some(Layout::Long { event, player, place })),
        _ if m.get("event").is_some() || m.get("player").is_some() || m.get("place").is_some() => {
            Err(bad("event=, player= and place= columns, each named or found by its header"))
        }
        _ => Ok(detect_layout(&norm)),
    }
}
