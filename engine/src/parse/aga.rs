//! The AGA results text format: one tournament's players and games.
//!
//! ```text
//! # comments run from '#' to the end of the line; blank lines and CRLF are fine
//! TOURNEY Spring Open 2010
//!     start=2010-03-06
//!     finish=2010-03-07
//!     rules=AGA
//! PLAYERS
//! # id   name             rank  [previous rating]
//! 1001   Smith, John      5D
//! 1002   Doe, Jane        3k    -3.12
//! GAMES
//! # white black winner handicap komi
//! 1001   1002  W      0        7.5
//! ```
//!
//! Section headings (`TOURNEY`, `PLAYERS`, `GAMES`) are matched without case. The TOURNEY
//! line's rest is the tournament's name (the games' `event`); `start=` (a date `YYYY-MM-DD`)
//! becomes the games' date; `finish=` is checked; `rules=` is accepted and other settings are
//! ignored with a warning. A player line is an id, a name (any words), a rank written as one
//! token (`5D`, `3k`, `1p`) and optionally a previous AGA rating, which
//! becomes the player's listed rating. A game line is the white and black ids, the winner
//! `W` or `B`, the handicap (whole stones) and the komi (may be negative). Players are named
//! by their names (a name used twice gets its id added); ids are kept in `Player::id`.
//!
//! ```
//! use ratings_engine::parse::aga::parse_aga;
//! let p = parse_aga("TOURNEY Club\nstart=2010-01-02\nPLAYERS\n1 Ann Lee 2d\n2 Bo Kim 1k\nGAMES\n1 2 W 0 7.5\n").unwrap();
//! let g = &p.dataset.games[0];
//! assert_eq!((g.score, g.event(), g.ranks().1), (1.0, Some("Club"), Some("1k")));
//! ```

use super::columns::Columns;
use super::csv::{Parsed, Warning};
use crate::distinct::DistinctNames;
use crate::error::{bad_field as bad, excerpt, ParseError, ParseErrors};
use crate::model::{day_number, rank_seed, Dataset, Game, Listed};
use std::collections::HashMap;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Section {
    None,
    Tourney,
    Players,
    Games,
}

fn heading(token: &str) -> Option<Section> {
    match token.to_uppercase().as_str() {
        "TOURNEY" | "TOURNAMENT" => Some(Section::Tourney),
        "PLAYERS" => Some(Section::Players),
        "GAMES" => Some(Section::Games),
        _ => None,
    }
}

/// The lines that carry content: (1-based line number, text without its comment, trimmed).
fn content_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    super::lines::lines(text).filter_map(|(n, l)| {
        let l = l.split('#').next().unwrap_or("").trim();
        (!l.is_empty()).then_some((n, l))
    })
}

/// True when the first line with content is a `TOURNEY` heading, or the text has both a
/// `PLAYERS` and a `GAMES` heading.
pub fn looks_like_aga(text: &str) -> bool {
    let first = content_lines(text).next().map(|(_, l)| l.split_whitespace().next().unwrap_or(""));
    if first.is_some_and(|t| heading(t) == Some(Section::Tourney)) {
        return true;
    }
    let (mut players, mut games) = (false, false);
    for (_, l) in content_lines(text) {
        match heading(l) {
            Some(Section::Players) => players = true,
            Some(Section::Games) => games = true,
            _ => {}
        }
    }
    players && games
}

/// A player as the PLAYERS section gives them.
struct Entry {
    player: usize,
    rank: String,
    line: usize,
}

pub fn parse_aga(text: &str) -> Result<Parsed, ParseErrors> {
    super::check_line_lengths(text)?;
    let mut r = Reader {
        dataset: Dataset::new(),
        section: Section::None,
        tourney: None,
        start: None,
        ids: HashMap::new(),
        names: DistinctNames::new(),
        errors: Vec::new(),
        warnings: Vec::new(),
    };
    let mut any = false;
    for (line, l) in content_lines(text) {
        any = true;
        r.read_line(line, l);
    }
    let Reader { mut dataset, tourney, start, mut errors, warnings, .. } = r;
    if !any {
        errors.push(bad(1, "section", "a TOURNEY, PLAYERS or GAMES section", ""));
    }
    if !errors.is_empty() {
        crate::sort::by_key(&mut errors, ParseError::line);
        return Err(ParseErrors(errors));
    }
    let event = tourney.map(|t| t.name);
    for g in &mut dataset.games {
        g.set_event(event.clone());
        g.set_date(start.as_deref());
    }
    Ok(Parsed { dataset, columns: Columns::default(), warnings })
}

/// The TOURNEY heading: the tournament's name, and its line.
struct Tourney {
    line: usize,
    name: String,
}

/// What the lines read so far give, and the section they are in.
struct Reader {
    dataset: Dataset,
    section: Section,
    tourney: Option<Tourney>,
    /// `start=`: every game's date.
    start: Option<String>,
    /// The players by their ids.
    ids: HashMap<String, Entry>,
    names: DistinctNames,
    errors: Vec<ParseError>,
    warnings: Vec<Warning>,
}

impl Reader {
    /// A line with content: a section heading, or a line of the section it is in.
    fn read_line(&mut self, line: usize, l: &str) {
        let tokens: Vec<&str> = l.split_whitespace().collect();
        if let Some(s) = heading(tokens[0]) {
            self.heading(s, &tokens, line, l);
            return;
        }
        match self.section {
            Section::None => self.errors.push(bad(line, "section", "a TOURNEY, PLAYERS or GAMES heading before this line", l)),
            Section::Tourney => self.setting(line, l),
            Section::Players => {
                if let Err(e) = read_player(line, &tokens, (&mut self.dataset, &mut self.names), &mut self.ids, &mut self.warnings) {
                    self.errors.push(e);
                }
            }
            Section::Games => match read_game(line, &tokens, &self.dataset, &self.ids) {
                Ok(g) => self.dataset.games.push(g),
                Err(e) => self.errors.push(e),
            },
        }
    }

    /// A section heading: TOURNEY followed by the tournament's name (once per file), PLAYERS
    /// or GAMES alone on its line.
    fn heading(&mut self, s: Section, tokens: &[&str], line: usize, l: &str) {
        match s {
            Section::Tourney => {
                let name = l[tokens[0].len()..].trim();
                if let Some(first) = &self.tourney {
                    let expected = format!("one TOURNEY section per file (the first is on line {})", first.line);
                    self.errors.push(bad(line, "TOURNEY", expected, l));
                } else if name.is_empty() {
                    self.errors.push(bad(line, "TOURNEY", "the tournament's name after TOURNEY", ""));
                } else {
                    self.tourney = Some(Tourney { line, name: name.to_string() });
                }
            }
            _ if tokens.len() > 1 => {
                self.errors.push(bad(line, "section heading", format!("{} alone on its line", tokens[0].to_uppercase()), l));
            }
            _ => {}
        }
        self.section = s;
    }

    /// A TOURNEY setting, `key=value`: `start` and `finish` dates, `rules`; others are ignored
    /// with a warning.
    fn setting(&mut self, line: usize, l: &str) {
        let Some((key, value)) = l.split_once('=') else {
            self.errors.push(bad(line, "setting", "a setting such as start=2010-01-31, finish=..., rules=AGA", l));
            return;
        };
        let (key, value) = (key.trim().to_lowercase(), value.trim());
        match key.as_str() {
            "start" | "finish" => {
                if day_number(value).is_none() {
                    self.errors.push(bad(line, &key, "a date as YYYY-MM-DD", value));
                } else if key == "start" {
                    self.start = Some(value.to_string());
                }
            }
            "rules" => {}
            _ => self.warnings.push(Warning { line, message: format!("unknown setting '{}' ignored", excerpt(&key)) }),
        }
    }
}

const PLAYER_LINE: &str = "an id, a name and a rank such as 5D or 3k (optionally followed by a previous rating)";

fn read_player(
    line: usize,
    tokens: &[&str],
    (dataset, names): (&mut Dataset, &mut DistinctNames),
    ids: &mut HashMap<String, Entry>,
    warnings: &mut Vec<Warning>,
) -> Result<(), ParseError> {
    if tokens.len() < 3 {
        return Err(ParseError::MissingField {
            line,
            column: if tokens.len() < 2 { "name" } else { "rank" }.into(),
            fields: tokens.len(),
            expected: PLAYER_LINE.into(),
        });
    }
    let id = tokens[0];
    let last = tokens[tokens.len() - 1];
    let (rank, rating, name_end) = if rank_seed(last).is_some() {
        (last, None, tokens.len() - 1)
    } else if tokens.len() >= 4 && rank_seed(tokens[tokens.len() - 2]).is_some() {
        match last.parse::<f64>() {
            Ok(r) if r.is_finite() => (tokens[tokens.len() - 2], Some(r), tokens.len() - 2),
            _ => {
                return Err(ParseError::BadField {
                    line,
                    column: "rating".into(),
                    expected: "a previous AGA rating (a number such as 3.45 or -5.2)".into(),
                    found: last.into(),
                })
            }
        }
    } else {
        return Err(ParseError::BadField {
            line,
            column: "rank".into(),
            expected: "a rank such as 5D, 3k or 1p after the name (optionally followed by a previous rating)".into(),
            found: last.into(),
        });
    };
    let name = tokens[1..name_end].join(" ");
    if name.is_empty() {
        return Err(ParseError::MissingField { line, column: "name".into(), fields: tokens.len(), expected: PLAYER_LINE.into() });
    }
    if let Some(e) = ids.get(id) {
        return Err(ParseError::BadField {
            line,
            column: "id".into(),
            expected: format!("an id not used before (it is on line {})", e.line),
            found: id.into(),
        });
    }
    // Players are people, found by id: one who shares a name gets a new player all the same
    // (shown with their id, and never merged with a player who happens to be called that).
    let wanted = if dataset.find(&name).is_some() { format!("{name} ({id})") } else { name.clone() };
    let player = names.add(dataset, &wanted);
    let shown = &dataset.players[player].name;
    if *shown != name {
        let message = format!("another player is called '{}': this one is shown as '{}'", excerpt(&name), excerpt(shown));
        warnings.push(Warning { line, message });
    }
    dataset.players[player].set_id(Some(id.to_string()));
    if let Some(r) = rating {
        dataset.players[player].set_listed(Some(Listed { rating: r, sigma: None, date: None }));
    }
    ids.insert(id.to_string(), Entry { player, rank: rank.to_string(), line });
    Ok(())
}

const GAME_FIELDS: [&str; 5] = ["white id", "black id", "winner", "handicap", "komi"];
const GAME_LINE: &str = "white id, black id, winner W or B, handicap, komi";

fn read_game(line: usize, tokens: &[&str], dataset: &Dataset, ids: &HashMap<String, Entry>) -> Result<Game, ParseError> {
    let bad = |column: &str, expected: &str, found: &str| ParseError::BadField {
        line,
        column: column.into(),
        expected: expected.into(),
        found: found.into(),
    };
    if tokens.len() < 5 {
        return Err(ParseError::MissingField {
            line,
            column: GAME_FIELDS[tokens.len()].into(),
            fields: tokens.len(),
            expected: GAME_LINE.into(),
        });
    }
    if tokens.len() > 5 {
        return Err(bad("line", &format!("5 fields ({GAME_LINE})"), &tokens[5..].join(" ")));
    }
    let player = |i: usize| ids.get(tokens[i]).ok_or_else(|| bad(GAME_FIELDS[i], "an id from the PLAYERS section", tokens[i]));
    let (w, b) = (player(0)?, player(1)?);
    let score = match tokens[2].to_uppercase().as_str() {
        "W" => 1.0,
        "B" => 0.0,
        _ => return Err(bad("winner", "W or B (the colour that won)", tokens[2])),
    };
    let handicap = match tokens[3].parse::<f64>() {
        Ok(h) if h.is_finite() && h >= 0.0 && h.fract() == 0.0 => h,
        _ => return Err(bad("handicap", "a handicap in whole stones, 0 or more", tokens[3])),
    };
    let komi = match tokens[4].parse::<f64>() {
        Ok(k) if k.is_finite() => k,
        _ => return Err(bad("komi", "a komi (a number such as 7.5, 0 or -0.5)", tokens[4])),
    };
    if w.player == b.player {
        return Err(ParseError::SelfPlay { line, name: dataset.players[w.player].name.clone() });
    }
    let mut game = Game::new(w.player, b.player, score, line);
    game.set_handicap(Some(handicap)).set_komi(Some(komi)).set_ranks(Some(w.rank.clone()), Some(b.rank.clone()));
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bad_line_is_reported() {
        let e = parse_aga("TOURNEY T\nstart=2010-13-01\nPLAYERS\n1 A B 3x\n2 C 2d\n2 D 1k\nGAMES\n1 2 W 0 7\n2 2 B 0 7\n2 9 X 0\n")
            .unwrap_err();
        let lines: Vec<usize> = e.0.iter().map(ParseError::line).collect();
        assert_eq!(lines, vec![2, 4, 6, 8, 9, 10], "{e}");
        assert!(!looks_like_aga("white,black,result\n"));
        assert!(looks_like_aga("# x\r\ntourney X\r\n"));
    }
}
