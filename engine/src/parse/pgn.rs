//! PGN files as a tournament: the tag pairs of each game, with or without moves.
//!
//! Read: `White`, `Black`, `Result`, `Round`, `Date` (or `UTCDate`), `Event`, `WhiteElo` /
//! `BlackElo`, `WhiteTitle` / `BlackTitle`, `WhiteFideId` / `BlackFideId`, `WhiteFed` /
//! `BlackFed`; other tags are ignored. The move text is skipped: `{...}` comments (over
//! several lines too), `;` comments to the end of the line, variations `( ... )` (nested),
//! NAGs (`$14`), `%` escape lines; tag values may hold `\"` and `\\`. The game's result is its
//! `Result` tag, or else the termination marker at the end of its moves (a marker that
//! contradicts the tag gets a warning; the tag is used). A game without moves ends at the blank
//! line after its tags, so tags-only files (broadcast exports) work.
//!
//! The tournament: entrants in order of first appearance, identified by FIDE id when the game
//! gives one, else by name (a name seen first without an id takes the id when it appears);
//! start numbers 1, 2, ...; rating, title, federation from the first game that gives them.
//! A game's round is the first number in its `Round` tag (`"5.3"` → 5). Games with no usable
//! round number — and a game in a round where one of its players already has a game, which gets
//! a warning — go to each player's first free round, in file order (so the two players may
//! have it in different rounds). Rounds a player has no game in are `NotPaired`; results are
//! `Win` / `Draw` / `Loss` (PGN has no forfeit or bye codes). `*` (unfinished) games are left
//! out with a warning naming the line; their players are still entrants. The name is the first
//! `Event`, the dates the earliest and latest game dates (as written, `YYYY.MM.DD`), and each
//! round's date the date most of its games give (the earliest on a tie). Scoring is the
//! default (1, ½, 0); there are no declared points.
//!
//! Errors, each naming the line and what was expected: bad tag syntax, a missing `White` /
//! `Black`, a missing or unknown result, a player on both sides, a comment never closed.
//!
//! ```
//! use ratings_engine::parse::pgn::parse_pgn;
//! let text = "[Event \"Club\"]\n[Round \"1\"]\n[White \"Ann\"]\n[Black \"Bo\"]\n[Result \"1-0\"]\n\n1. e4 {best} e5 (1... c5) 1-0\n";
//! let (t, warnings) = parse_pgn(text).unwrap();
//! assert_eq!((t.name.as_deref(), t.entrants.len(), t.rounds), (Some("Club"), 2, 1));
//! assert!(warnings.is_empty());
//! ```

use super::csv::Warning;
use super::trf::split_lines;
use crate::error::{ParseError, ParseErrors};
use crate::tournament::{Colour, Entrant, RoundEntry, RoundResult, Tournament};
use std::collections::HashMap;

/// True when the first line with content (after `%` escape lines) is a tag pair such as
/// `[Event "..."]`.
pub fn looks_like_pgn(text: &str) -> bool {
    let lines = split_lines(text);
    let Some((_, first)) = lines.iter().find(|(_, l)| !l.trim().is_empty() && !l.starts_with('%')) else { return false };
    let t = first.trim_start();
    let Some(rest) = t.strip_prefix('[') else { return false };
    let rest = rest.trim_start();
    let name_len = rest.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').count();
    name_len > 0 && rest[name_len..].trim_start().starts_with('"')
}

/// One game as read: its tags and how its move text ended.
#[derive(Default)]
struct RawGame {
    /// The game's first line.
    line: usize,
    /// (name, value, line), in order.
    tags: Vec<(String, String, usize)>,
    /// The termination marker after the moves, and its line.
    termination: Option<(String, usize)>,
    has_moves: bool,
    /// A tag pair could not be read (already an error; the game is not checked further).
    bad: bool,
}

impl RawGame {
    fn tag(&self, name: &str) -> Option<(&str, usize)> {
        self.tags.iter().find(|(n, _, _)| n == name).map(|(_, v, l)| (v.trim(), *l))
    }

    /// A tag's value, unless blank or unknown (`?`, `-`).
    fn known(&self, name: &str) -> Option<(&str, usize)> {
        self.tag(name).filter(|(v, _)| !v.is_empty() && !v.chars().all(|c| c == '?' || c == '-'))
    }
}

fn bad(line: usize, column: impl Into<String>, expected: impl Into<String>, found: impl Into<String>) -> ParseError {
    ParseError::BadField { line, column: column.into(), expected: expected.into(), found: found.into() }
}

const TAG_EXPECTED: &str = "tag pairs such as [White \"Name\"]";

/// Reads the tag pairs at the start of `s` (a line starting with '['); returns them and the
/// rest of the line (move text, if any).
/// Tag pairs: (name, value).
type Tags = Vec<(String, String)>;

fn parse_tags(s: &str, line: usize) -> Result<(Tags, &str), ParseError> {
    let whole = s.trim();
    let mut rest = s.trim_start();
    let mut tags = Vec::new();
    let fail = |what: &str| bad(line, "tag pair", format!("{TAG_EXPECTED}: {what}"), whole);
    while let Some(after) = rest.strip_prefix('[') {
        let after = after.trim_start();
        let name_len = after.chars().take_while(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '+' | '#' | '=' | ':' | '-')).count();
        if name_len == 0 {
            return Err(fail("a tag name after '['"));
        }
        let name = &after[..name_len];
        let after = after[name_len..].trim_start();
        let Some(after) = after.strip_prefix('"') else { return Err(fail("a value in double quotes after the tag name")) };
        let mut value = String::new();
        let mut chars = after.char_indices();
        let mut end = None;
        while let Some((i, c)) = chars.next() {
            match c {
                '\\' => match chars.next() {
                    Some((_, e)) => value.push(e),
                    None => break,
                },
                '"' => {
                    end = Some(i + 1);
                    break;
                }
                c => value.push(c),
            }
        }
        let Some(end) = end else { return Err(fail("the value closed by '\"' on the same line")) };
        let after = after[end..].trim_start();
        let Some(after) = after.strip_prefix(']') else { return Err(fail("']' after the value")) };
        tags.push((name.to_string(), value));
        rest = after.trim_start();
    }
    Ok((tags, rest))
}

/// The lexer's state across lines.
struct Reader {
    games: Vec<RawGame>,
    current: Option<RawGame>,
    /// A blank line came after the current game's tags (its move text has begun).
    blank_after_tags: bool,
    /// The line a `{` comment was opened on, while it is open.
    comment: Option<usize>,
    /// Variation depth and the line the outermost open variation started on.
    depth: usize,
    variation_line: usize,
    warnings: Vec<Warning>,
}

impl Reader {
    fn finish(&mut self) {
        if let Some(g) = self.current.take() {
            self.games.push(g);
        }
        self.blank_after_tags = false;
    }

    fn close_variations(&mut self, line: usize) {
        if self.depth > 0 {
            self.warnings.push(Warning {
                line: self.variation_line,
                message: format!("a variation '(' opened here is not closed before line {line}; it ends there"),
            });
            self.depth = 0;
        }
    }

    /// Reads move text from `s`: skips comments, variations and NAGs; notes moves and the
    /// termination marker.
    fn movetext(&mut self, s: &str, line: usize) {
        let mut rest = s;
        loop {
            if self.comment.is_some() {
                match rest.find('}') {
                    Some(i) => {
                        self.comment = None;
                        rest = &rest[i + 1..];
                    }
                    None => return,
                }
            }
            rest = rest.trim_start();
            let Some(c) = rest.chars().next() else { return };
            match c {
                '{' => {
                    self.comment = Some(line);
                    rest = &rest[1..];
                }
                ';' => return,
                '(' => {
                    if self.depth == 0 {
                        self.variation_line = line;
                    }
                    self.depth += 1;
                    rest = &rest[1..];
                }
                ')' => {
                    if self.depth == 0 {
                        self.warnings.push(Warning { line, message: "')' without a variation to close; ignored".into() });
                    } else {
                        self.depth -= 1;
                    }
                    rest = &rest[1..];
                }
                // A stray '}' (no comment open): step past it, or the scan would stand still.
                '}' => {
                    self.warnings.push(Warning { line, message: "'}' without a comment to close; ignored".into() });
                    rest = &rest[1..];
                }
                _ => {
                    let len = rest.find(|c: char| c.is_whitespace() || "{}();".contains(c)).unwrap_or(rest.len());
                    let token = &rest[..len];
                    rest = &rest[len..];
                    if self.depth > 0 || token.starts_with('$') {
                        continue;
                    }
                    let ended = self.current.as_ref().is_none_or(|g| g.termination.is_some());
                    if ended {
                        // Move text after a finished game (or before any tags): a game of its own.
                        self.finish();
                        self.current = Some(RawGame { line, ..Default::default() });
                    }
                    let g = self.current.as_mut().expect("a current game");
                    if matches!(token, "1-0" | "0-1" | "1/2-1/2" | "½-½" | "*") {
                        g.termination = Some((token.to_string(), line));
                    } else {
                        g.has_moves = true;
                    }
                }
            }
        }
    }
}

/// A game as the tournament needs it.
struct Game {
    line: usize,
    white: usize,
    black: usize,
    /// White's result.
    result: RoundResult,
    round: Option<usize>,
    date: Option<String>,
}

/// One side of a game as the tags give it.
struct Side {
    name: String,
    fide_id: Option<String>,
    rating: Option<u32>,
    title: Option<String>,
    federation: Option<String>,
}

/// Reads a PGN file into a [`Tournament`], with warnings (`*` games, contradictions).
pub fn parse_pgn(text: &str) -> Result<(Tournament, Vec<Warning>), ParseErrors> {
    let mut errors: Vec<ParseError> = Vec::new();
    let mut r = Reader {
        games: Vec::new(),
        current: None,
        blank_after_tags: false,
        comment: None,
        depth: 0,
        variation_line: 0,
        warnings: Vec::new(),
    };
    for (line, l) in split_lines(text) {
        if r.comment.is_some() {
            r.movetext(l, line);
            continue;
        }
        if l.starts_with('%') {
            continue;
        }
        let t = l.trim();
        if t.is_empty() {
            if r.current.as_ref().is_some_and(|g| !g.tags.is_empty()) {
                r.blank_after_tags = true;
            }
            continue;
        }
        if t.starts_with('[') {
            r.close_variations(line);
            let starts_new = r.current.as_ref().is_none_or(|g| g.has_moves || g.termination.is_some() || r.blank_after_tags);
            if starts_new {
                r.finish();
                r.current = Some(RawGame { line, ..Default::default() });
            }
            match parse_tags(t, line) {
                Ok((tags, rest)) => {
                    let g = r.current.as_mut().expect("a current game");
                    g.tags.extend(tags.into_iter().map(|(n, v)| (n, v, line)));
                    if !rest.is_empty() {
                        r.movetext(rest, line);
                    }
                }
                Err(e) => {
                    errors.push(e);
                    r.current.as_mut().expect("a current game").bad = true;
                }
            }
            continue;
        }
        r.movetext(l, line);
    }
    if let Some(line) = r.comment {
        errors.push(bad(line, "comment", "a '}' closing the comment opened here", "the end of the file"));
    }
    let end = split_lines(text).len() + 1;
    r.close_variations(end);
    r.finish();
    let mut warnings = std::mem::take(&mut r.warnings);
    let raw = r.games;

    // Entrants and games.
    let mut entrants: Vec<Entrant> = Vec::new();
    let mut by_id: HashMap<String, usize> = HashMap::new();
    let mut by_name: HashMap<String, usize> = HashMap::new();
    let mut games: Vec<Game> = Vec::new();
    let mut name: Option<(String, usize)> = None;
    let mut other_event: Option<(String, usize)> = None;
    for g in raw.iter().filter(|g| !g.bad) {
        let mut side = |colour: &str| -> Result<Side, ParseError> {
            let Some((player, _)) = g.known(colour) else {
                return Err(bad(
                    g.line,
                    colour,
                    format!("a {colour} tag naming the player with the {} pieces", colour.to_lowercase()),
                    g.tag(colour).map_or("", |t| t.0),
                ));
            };
            let text = |tag: &str| g.known(&format!("{colour}{tag}")).map(|(v, _)| v.to_string());
            let rating = match g.known(&format!("{colour}Elo")) {
                None => None,
                Some((v, line)) => match v.parse::<u32>() {
                    Ok(0) => None,
                    Ok(n) => Some(n),
                    Err(_) => {
                        warnings.push(Warning {
                            line,
                            message: format!("{colour}Elo: expected a rating (a whole number), found '{v}'; left out"),
                        });
                        None
                    }
                },
            };
            Ok(Side {
                name: player.to_string(),
                fide_id: text("FideId").filter(|s| !s.trim_start_matches('0').is_empty()),
                rating,
                title: text("Title"),
                federation: text("Fed"),
            })
        };
        let (white, black) = match (side("White"), side("Black")) {
            (Ok(w), Ok(b)) => (w, b),
            (w, b) => {
                errors.extend(w.err());
                errors.extend(b.err());
                continue;
            }
        };
        // The result: the tag, else the termination marker.
        let tag = g.tag("Result");
        let result_text = match (tag, &g.termination) {
            (Some((v, _)), Some((m, ml))) => {
                if v != m && parse_result(v).is_some() {
                    warnings.push(Warning {
                        line: *ml,
                        message: format!("the moves end with '{m}' but the Result tag says '{v}'; the tag is used"),
                    });
                }
                Some((v.to_string(), tag.map_or(g.line, |t| t.1)))
            }
            (Some((v, l)), None) => Some((v.to_string(), l)),
            (None, Some((m, ml))) => Some((m.clone(), *ml)),
            (None, None) => None,
        };
        let Some((result_text, result_line)) = result_text else {
            errors.push(bad(g.line, "Result", "a Result tag, or a result (1-0, 0-1, 1/2-1/2, *) at the end of the moves", ""));
            continue;
        };
        let Some(result) = parse_result(&result_text) else {
            errors.push(bad(result_line, "Result", "1-0, 0-1, 1/2-1/2 or *", result_text));
            continue;
        };
        if let Some((event, line)) = g.known("Event") {
            match &name {
                None => name = Some((event.to_string(), line)),
                Some((first, _)) if first != event && other_event.is_none() => other_event = Some((event.to_string(), line)),
                _ => {}
            }
        }
        let w = entrant(&mut entrants, &mut by_id, &mut by_name, white, g.line);
        let b = entrant(&mut entrants, &mut by_id, &mut by_name, black, g.line);
        if w == b {
            errors.push(ParseError::SelfPlay { line: g.line, name: entrants[w].name.clone() });
            continue;
        }
        let Some(result) = result else {
            warnings.push(Warning {
                line: result_line,
                message: format!("'*' (not finished): the game {} - {} is left out", entrants[w].name, entrants[b].name),
            });
            continue;
        };
        let round = match g.known("Round") {
            None => None,
            Some((v, line)) => {
                let digits: String = v.chars().skip_while(|c| !c.is_ascii_digit()).take_while(|c| c.is_ascii_digit()).collect();
                match digits.parse::<usize>() {
                    Ok(n) if n > 0 => Some(n),
                    _ => {
                        warnings.push(Warning {
                            line,
                            message: format!("Round '{v}' has no round number; the game goes to each player's next free round"),
                        });
                        None
                    }
                }
            }
        };
        let date = g.known("Date").or_else(|| g.known("UTCDate")).map(|(v, _)| v.to_string());
        games.push(Game { line: g.line, white: w, black: b, result, round, date });
    }
    if !errors.is_empty() {
        errors.sort_by_key(ParseError::line);
        return Err(ParseErrors(errors));
    }
    if raw.is_empty() {
        return Err(ParseErrors(vec![bad(
            1,
            "tag pair",
            "a game: tag pairs such as [White \"Name\"] [Black \"Name\"] [Result \"1-0\"]",
            "no game",
        )]));
    }
    if let (Some((first, _)), Some((other, line))) = (&name, &other_event) {
        warnings.push(Warning {
            line: *line,
            message: format!("the games come from more than one event ('{other}'); the first, '{first}', names the tournament"),
        });
    }

    // Rounds: numbered games first, then the rest in each player's next free round.
    let n = entrants.len();
    let mut slots: Vec<Vec<Option<(RoundEntry, usize)>>> = vec![Vec::new(); n];
    let mut dates_of_round: Vec<Vec<&str>> = Vec::new();
    let entry =
        |opponent: usize, colour: Colour, result: RoundResult| RoundEntry { opponent: Some(opponent), colour: Some(colour), result };
    let black_result = |r: RoundResult| match r {
        RoundResult::Win => RoundResult::Loss,
        RoundResult::Loss => RoundResult::Win,
        other => other,
    };
    let mut pending: Vec<&Game> = Vec::new();
    for g in &games {
        let Some(round) = g.round else {
            pending.push(g);
            continue;
        };
        let i = round - 1;
        let taken = |p: usize| slots[p].get(i).and_then(|s| s.as_ref()).map(|s| s.1);
        if let Some(other) = taken(g.white).or(taken(g.black)) {
            let who = if taken(g.white).is_some() { &entrants[g.white].name } else { &entrants[g.black].name };
            warnings.push(Warning {
                line: g.line,
                message: format!("round {round}: {who} already has a game in round {round} (line {other}); this game goes to each player's next free round"),
            });
            pending.push(g);
            continue;
        }
        for (p, e) in [(g.white, entry(g.black, Colour::White, g.result)), (g.black, entry(g.white, Colour::Black, black_result(g.result)))]
        {
            if slots[p].len() <= i {
                slots[p].resize(i + 1, None);
            }
            slots[p][i] = Some((e, g.line));
        }
        if let Some(d) = g.date.as_deref().filter(|d| !d.contains('?')) {
            if dates_of_round.len() <= i {
                dates_of_round.resize(i + 1, Vec::new());
            }
            dates_of_round[i].push(d);
        }
    }
    for g in pending {
        for (p, e) in [(g.white, entry(g.black, Colour::White, g.result)), (g.black, entry(g.white, Colour::Black, black_result(g.result)))]
        {
            match slots[p].iter().position(Option::is_none) {
                Some(i) => slots[p][i] = Some((e, g.line)),
                None => slots[p].push(Some((e, g.line))),
            }
        }
    }
    let rounds = slots.iter().map(Vec::len).max().unwrap_or(0);
    for (e, s) in entrants.iter_mut().zip(slots) {
        e.rounds =
            s.into_iter().map(|s| s.map_or(RoundEntry { opponent: None, colour: None, result: RoundResult::NotPaired }, |s| s.0)).collect();
        e.rounds.resize(rounds, RoundEntry { opponent: None, colour: None, result: RoundResult::NotPaired });
    }
    // A round's date: the date most of its games give (the earliest on a tie), which
    // outvotes a stray date (broadcast exports stamp some games with the study's date).
    let round_dates: Vec<Option<String>> = dates_of_round
        .iter_mut()
        .map(|ds| {
            ds.sort_unstable();
            let mut best: Option<(&str, usize)> = None;
            for d in ds.iter() {
                let n = ds.iter().filter(|x| *x == d).count();
                if best.is_none_or(|(_, m)| n > m) {
                    best = Some((d, n));
                }
            }
            best.map(|(d, _)| d.to_string())
        })
        .collect();
    let dates: Vec<&String> = games.iter().filter_map(|g| g.date.as_ref()).filter(|d| !d.contains('?')).collect();
    let t = Tournament {
        name: name.map(|n| n.0),
        start_date: dates.iter().min().map(|d| d.to_string()),
        end_date: dates.iter().max().map(|d| d.to_string()),
        rounds,
        round_dates: if round_dates.iter().any(Option::is_some) { round_dates } else { Vec::new() },
        entrants,
        ..Default::default()
    };
    warnings.sort_by_key(|w| w.line);
    Ok((t, warnings))
}

/// `Some(Some(result))` for a finished game (White's result), `Some(None)` for `*`.
fn parse_result(s: &str) -> Option<Option<RoundResult>> {
    Some(match s.trim() {
        "1-0" => Some(RoundResult::Win),
        "0-1" => Some(RoundResult::Loss),
        "1/2-1/2" | "½-½" => Some(RoundResult::Draw),
        "*" => None,
        _ => return None,
    })
}

/// The entrant for a side: by FIDE id, else by name; new ones get the next start number.
fn entrant(
    entrants: &mut Vec<Entrant>,
    by_id: &mut HashMap<String, usize>,
    by_name: &mut HashMap<String, usize>,
    s: Side,
    line: usize,
) -> usize {
    let found = match &s.fide_id {
        Some(id) => by_id.get(id).copied().or_else(|| by_name.get(&s.name).copied().filter(|&i| entrants[i].fide_id.is_none())),
        None => by_name.get(&s.name).copied(),
    };
    let i = match found {
        Some(i) => i,
        None => {
            entrants.push(Entrant::new(entrants.len() as u32 + 1, &s.name, line));
            by_name.entry(s.name.clone()).or_insert(entrants.len() - 1);
            entrants.len() - 1
        }
    };
    let e = &mut entrants[i];
    if e.fide_id.is_none() {
        if let Some(id) = s.fide_id {
            by_id.insert(id.clone(), i);
            e.fide_id = Some(id);
        }
    }
    e.rating = e.rating.or(s.rating);
    e.title = e.title.take().or(s.title);
    e.federation = e.federation.take().or(s.federation);
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_with_escapes_and_several_on_a_line() {
        let (tags, rest) = parse_tags(r#"[White "O\"Brien, \\Pat"] [Black "B"] 1. e4"#, 1).unwrap();
        assert_eq!(tags, vec![("White".to_string(), "O\"Brien, \\Pat".to_string()), ("Black".to_string(), "B".to_string())]);
        assert_eq!(rest, "1. e4");
        for bad_line in [r#"[White "A]"#, r#"[White A"]"#, r#"[ "A"]"#, r#"[White "A""#] {
            let e = parse_tags(bad_line, 7).unwrap_err();
            assert_eq!(e.line(), 7, "{bad_line}");
        }
    }

    #[test]
    fn detection() {
        assert!(looks_like_pgn("\u{feff}% escape\n\n[Event \"x\"]\n"));
        assert!(!looks_like_pgn("white,black,result\n"));
        assert!(!looks_like_pgn("012 Name\n001    1      A\n"));
        assert!(!looks_like_pgn("[not a tag]\n"));
    }

    #[test]
    fn games_without_rounds_go_in_order_per_player() {
        let g = |w: &str, b: &str, r: &str| format!("[White \"{w}\"]\n[Black \"{b}\"]\n[Result \"{r}\"]\n\n");
        let text = [g("A", "B", "1-0"), g("C", "D", "0-1"), g("A", "C", "1/2-1/2"), g("B", "D", "1-0")].concat();
        let (t, w) = parse_pgn(&text).unwrap();
        assert!(w.is_empty(), "{w:?}");
        assert_eq!(t.rounds, 2);
        let a = &t.entrants[0];
        assert_eq!(
            (a.rounds[0].opponent, a.rounds[0].result, a.rounds[1].opponent, a.rounds[1].result),
            (Some(1), RoundResult::Win, Some(2), RoundResult::Draw)
        );
        let d = &t.entrants[3];
        assert_eq!(
            (d.rounds[0].result, d.rounds[0].colour, d.rounds[1].result),
            (RoundResult::Win, Some(Colour::Black), RoundResult::Loss)
        );
    }

    #[test]
    fn a_name_seen_first_without_an_id_takes_it() {
        let text =
            "[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n[White \"B\"]\n[Black \"A\"]\n[BlackFideId \"123\"]\n[Result \"0-1\"]\n";
        let (t, _) = parse_pgn(text).unwrap();
        assert_eq!(t.entrants.len(), 2);
        assert_eq!(t.entrants[0].fide_id.as_deref(), Some("123"));
    }
}
