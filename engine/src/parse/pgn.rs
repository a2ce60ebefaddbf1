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

use super::csv::{BadLines, Warning};
use super::lines::lines;
use crate::error::{bad_field as bad, excerpt, ParseError, ParseErrors};
use crate::tournament::{Colour, Entrant, RoundEntry, RoundResult, Tournament};
use std::collections::HashMap;

/// True when the first line with content (after `%` escape lines) is a tag pair such as
/// `[Event "..."]`.
pub fn looks_like_pgn(text: &str) -> bool {
    let Some((_, first)) = lines(text).find(|(_, l)| !l.trim().is_empty() && !l.starts_with('%')) else { return false };
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

/// The lexer's state across lines, and what it has read.
#[derive(Default)]
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
    errors: Vec<ParseError>,
}

/// Reads the games of a file: their tags and how their move text ended, each handed to `each`
/// as soon as it is complete (a file of a million games never holds them all as read, nor a
/// list of its lines).
fn read_games(text: &str, mut each: impl FnMut(RawGame)) -> Reader {
    let mut r = Reader::default();
    // Lines are slices of the text, taken one at a time (as `split_lines` gives them: without
    // the empty line after a final line end); move text is scanned in place and never copied.
    let mut lines = lines(text).peekable();
    let mut end = 1;
    while let Some((line, l)) = lines.next() {
        if l.is_empty() && lines.peek().is_none() {
            break;
        }
        r.read_line(line, l);
        r.games.drain(..).for_each(&mut each);
        end = line + 1;
    }
    if let Some(line) = r.comment {
        r.errors.push(bad(line, "comment", "a '}' closing the comment opened here", "the end of the file"));
    }
    r.close_variations(end);
    r.finish();
    r.games.drain(..).for_each(&mut each);
    r
}

impl Reader {
    /// One line: move text (also inside a comment left open), tag pairs, a blank line or a
    /// `%` escape line.
    fn read_line(&mut self, line: usize, l: &str) {
        if self.comment.is_some() {
            self.movetext(l, line);
            return;
        }
        if l.starts_with('%') {
            return;
        }
        let t = l.trim();
        if t.is_empty() {
            if self.current.as_ref().is_some_and(|g| !g.tags.is_empty()) {
                self.blank_after_tags = true;
            }
        } else if t.starts_with('[') {
            self.tag_line(t, line);
        } else {
            self.movetext(l, line);
        }
    }

    /// A line of tag pairs (perhaps followed by moves): they begin a new game unless they
    /// continue the current game's tags.
    fn tag_line(&mut self, t: &str, line: usize) {
        self.close_variations(line);
        let starts_new = self.current.as_ref().is_none_or(|g| g.has_moves || g.termination.is_some() || self.blank_after_tags);
        if starts_new {
            self.finish();
            self.current = Some(RawGame { line, ..Default::default() });
        }
        match parse_tags(t, line) {
            Ok((tags, rest)) => {
                let g = self.current.as_mut().expect("a current game");
                g.tags.extend(tags.into_iter().map(|(n, v)| (n, v, line)));
                if !rest.is_empty() {
                    self.movetext(rest, line);
                }
            }
            Err(e) => {
                self.errors.push(e);
                self.current.as_mut().expect("a current game").bad = true;
            }
        }
    }

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

impl Game {
    /// The game as each player's round: (entrant, entry), White's first.
    fn entries(&self) -> [(usize, RoundEntry); 2] {
        let entry = |opponent: usize, colour: Colour, result: RoundResult| RoundEntry::new(Some(opponent), Some(colour), result);
        let black_result = match self.result {
            RoundResult::Win => RoundResult::Loss,
            RoundResult::Loss => RoundResult::Win,
            other => other,
        };
        [(self.white, entry(self.black, Colour::White, self.result)), (self.black, entry(self.white, Colour::Black, black_result))]
    }
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
    parse_pgn_with(text, BadLines::Fail)
}

/// Reads games as [`parse_pgn`]; with [`BadLines::Skip`] a game that cannot be read is left
/// out with a warning naming its players (where its tags name them) instead of failing.
pub fn parse_pgn_with(text: &str, bad_lines: BadLines) -> Result<(Tournament, Vec<Warning>), ParseErrors> {
    super::check_line_lengths(text)?;
    let skip = bad_lines == BadLines::Skip;
    // Each game is added as it is read; what adding says is kept apart and put after what
    // reading said, as when every game was read first.
    let (mut found, mut added, mut added_errors, mut games) = (Collected::default(), Vec::new(), Vec::new(), 0);
    let Reader { mut warnings, mut errors, .. } = read_games(text, |g| {
        games += 1;
        if g.bad {
            return;
        }
        let mut bad_game = Vec::new();
        found.add(&g, &mut added, &mut bad_game);
        match skip {
            true => added.extend(bad_game.iter().map(|e| left_out(&g, e))),
            false => added_errors.append(&mut bad_game),
        }
    });
    if skip {
        warnings.extend(errors.drain(..).map(|e| Warning { line: e.line(), message: format!("left out (bad line): {}", e.detail()) }));
    }
    warnings.append(&mut added);
    errors.append(&mut added_errors);
    if !errors.is_empty() {
        crate::sort::by_key(&mut errors, ParseError::line);
        return Err(ParseErrors(errors));
    }
    if games == 0 {
        return Err(ParseErrors(vec![bad(
            1,
            "tag pair",
            "a game: tag pairs such as [White \"Name\"] [Black \"Name\"] [Result \"1-0\"]",
            "no game",
        )]));
    }
    if let (Some(first), Some((other, line))) = (&found.name, &found.other_event) {
        warnings.push(Warning {
            line: *line,
            message: format!(
                "the games come from more than one event ('{}'); the first, '{}', names the tournament",
                excerpt(other),
                excerpt(first)
            ),
        });
    }
    let Collected { entrants: Entrants { list: mut entrants, .. }, games, name, .. } = found;
    check_round_table(&entrants, &games)?;
    let rounds = Rounds::fill(&entrants, &games, &mut warnings);
    let round_dates = rounds.dates();
    let n_rounds = rounds.set(&mut entrants);
    let dates: Vec<&String> = games.iter().filter_map(|g| g.date.as_ref()).filter(|d| !d.contains('?')).collect();
    let mut t = Tournament {
        name,
        start_date: dates.iter().min().map(|d| d.to_string()),
        end_date: dates.iter().max().map(|d| d.to_string()),
        rounds: n_rounds,
        round_dates: if round_dates.iter().any(Option::is_some) { round_dates } else { Vec::new() },
        entrants,
        ..Default::default()
    };
    // "BYE", "spielfrei" as a player: the games against it are byes (start numbers close up).
    let placeholders = t.take_bye_placeholders();
    warnings.extend(placeholders.iter().map(|p| Warning { line: p.line, message: p.warning(false) }));
    if !placeholders.is_empty() {
        for (i, e) in t.entrants.iter_mut().enumerate() {
            e.start = i as u32 + 1;
        }
    }
    crate::sort::by_key(&mut warnings, |w| w.line);
    Ok((t, warnings))
}

/// The warning for a game left out ([`BadLines::Skip`]), naming its players as its tags do.
fn left_out(g: &RawGame, e: &ParseError) -> Warning {
    let name = |tag: &str| g.known(tag).map_or("?".to_string(), |(v, _)| excerpt(v));
    Warning { line: e.line(), message: format!("the game {} – {} is left out (bad line): {}", name("White"), name("Black"), e.detail()) }
}

/// A tournament's table of entrants × rounds is about twice its games (each entrant plays
/// in most rounds); beyond this many times the games (plus a constant) the file is a game
/// collection, or has a round number such as 1000000, and the table would not fit in memory.
const ROUND_TABLE_PER_GAME: usize = 16;

/// Refuses games whose round table (every entrant × the rounds, at most the largest round
/// number plus the most games one player has) would be out of proportion to them, before it
/// is made: an error naming the largest round, never an allocation of gigabytes.
fn check_round_table(entrants: &[Entrant], games: &[Game]) -> Result<(), ParseErrors> {
    let mut played = vec![0usize; entrants.len()];
    for g in games {
        played[g.white] += 1;
        played[g.black] += 1;
    }
    let (highest, line) = games.iter().filter_map(|g| g.round.map(|r| (r, g.line))).max().unwrap_or((0, 0));
    let rounds = highest.saturating_add(played.iter().copied().max().unwrap_or(0));
    let limit = ROUND_TABLE_PER_GAME * games.len() + 4_000_000;
    if entrants.len().saturating_mul(rounds) <= limit {
        return Ok(());
    }
    let found = format!(
        "{} entrants and up to {rounds} rounds (round {highest} is the highest numbered) for {} games",
        entrants.len(),
        games.len()
    );
    let expected = "the games of one tournament, each player in most rounds (a game collection can be read as CSV)";
    Err(ParseErrors(vec![bad(line.max(1), "Round", expected, found)]))
}

/// What the games give: the entrants, the games between them, and the event's name.
#[derive(Default)]
struct Collected {
    entrants: Entrants,
    games: Vec<Game>,
    /// The first `Event`.
    name: Option<String>,
    /// The first `Event` that differs from it, and its line.
    other_event: Option<(String, usize)>,
}

impl Collected {
    /// Adds a game read from the file; a game with an error adds nothing, and a `*` game adds
    /// its players only (with a warning).
    fn add(&mut self, g: &RawGame, warnings: &mut Vec<Warning>, errors: &mut Vec<ParseError>) {
        let (white, black) = match (side(g, "White", warnings), side(g, "Black", warnings)) {
            (Ok(w), Ok(b)) => (w, b),
            (w, b) => {
                errors.extend(w.err());
                errors.extend(b.err());
                return;
            }
        };
        let (result, result_line) = match game_result(g, warnings) {
            Ok(r) => r,
            Err(e) => {
                errors.push(e);
                return;
            }
        };
        if let Some((event, line)) = g.known("Event") {
            match &self.name {
                None => self.name = Some(event.to_string()),
                Some(first) if first != event && self.other_event.is_none() => self.other_event = Some((event.to_string(), line)),
                _ => {}
            }
        }
        let same_id = white.fide_id.is_none() || black.fide_id.is_none() || white.fide_id == black.fide_id;
        if white.name == black.name && same_id {
            // Before the player is listed: a game left out must not leave an entrant behind.
            errors.push(ParseError::SelfPlay { line: g.line, name: white.name });
            return;
        }
        let w = self.entrants.entrant(white, g.line);
        let b = self.entrants.entrant(black, g.line);
        let names = &self.entrants.list;
        if w == b {
            errors.push(ParseError::SelfPlay { line: g.line, name: names[w].name.clone() });
            return;
        }
        let Some(result) = result else {
            let message = format!("'*' (not finished): the game {} - {} is left out", excerpt(&names[w].name), excerpt(&names[b].name));
            warnings.push(Warning { line: result_line, message });
            return;
        };
        let date = g.known("Date").or_else(|| g.known("UTCDate")).map(|(v, _)| v.to_string());
        self.games.push(Game { line: g.line, white: w, black: b, result, round: round_number(g, warnings), date });
    }
}

/// A side's player (`colour` is `White` or `Black`) and what the tags say about them; an
/// unreadable rating is left out with a warning.
fn side(g: &RawGame, colour: &str, warnings: &mut Vec<Warning>) -> Result<Side, ParseError> {
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
                    message: format!("{colour}Elo: expected a rating (a whole number), found '{}'; left out", excerpt(v)),
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
}

/// The game's result (White's; `None` for `*`) and its line: the `Result` tag, else the
/// termination marker (a marker that contradicts the tag gets a warning).
fn game_result(g: &RawGame, warnings: &mut Vec<Warning>) -> Result<(Option<RoundResult>, usize), ParseError> {
    let (text, line) = match (g.tag("Result"), &g.termination) {
        (Some((v, l)), Some((m, ml))) => {
            if v != m && parse_result(v).is_some() {
                warnings.push(Warning {
                    line: *ml,
                    message: format!("the moves end with '{}' but the Result tag says '{}'; the tag is used", excerpt(m), excerpt(v)),
                });
            }
            (v.to_string(), l)
        }
        (Some((v, l)), None) => (v.to_string(), l),
        (None, Some((m, ml))) => (m.clone(), *ml),
        (None, None) => {
            return Err(bad(g.line, "Result", "a Result tag, or a result (1-0, 0-1, 1/2-1/2, *) at the end of the moves", ""));
        }
    };
    match parse_result(&text) {
        Some(result) => Ok((result, line)),
        None => Err(bad(line, "Result", "1-0, 0-1, 1/2-1/2 or *", text)),
    }
}

/// The first number in the `Round` tag (`"5.3"` → 5); none (with a warning) when it has none.
fn round_number(g: &RawGame, warnings: &mut Vec<Warning>) -> Option<usize> {
    let (v, line) = g.known("Round")?;
    let digits: String = v.chars().skip_while(|c| !c.is_ascii_digit()).take_while(|c| c.is_ascii_digit()).collect();
    match digits.parse::<usize>() {
        Ok(n) if n > 0 => Some(n),
        _ => {
            warnings.push(Warning {
                line,
                message: format!("Round '{}' has no round number; the game goes to each player's next free round", excerpt(v)),
            });
            None
        }
    }
}

/// A game in one entrant's round, and the line the game is on.
#[derive(Clone, Copy)]
struct Slot {
    entry: RoundEntry,
    line: usize,
}

/// The rounds as the games fill them.
struct Rounds<'a> {
    /// `slots[p][r]`: entrant p's game in round r + 1.
    slots: Vec<Vec<Option<Slot>>>,
    /// The dates the games of each round give (unknown dates left out).
    dates: Vec<Vec<&'a str>>,
}

impl<'a> Rounds<'a> {
    /// Numbered games first, then the rest in each player's next free round, in file order.
    fn fill(entrants: &[Entrant], games: &'a [Game], warnings: &mut Vec<Warning>) -> Rounds<'a> {
        let mut rounds = Rounds { slots: vec![Vec::new(); entrants.len()], dates: Vec::new() };
        let mut pending = Vec::new();
        for g in games {
            if !rounds.place_numbered(g, entrants, warnings) {
                pending.push(g);
            }
        }
        // Per entrant, no free round before this one: slots only fill from here on, so each
        // entrant's rounds are scanned once in all (not once per game).
        let mut free = vec![0; entrants.len()];
        for g in pending {
            rounds.place_next_free(g, &mut free);
        }
        rounds
    }

    /// Puts a game in the round its tag numbers; false when it has no number, or when one of
    /// its players already has a game in that round (with a warning).
    fn place_numbered(&mut self, g: &'a Game, entrants: &[Entrant], warnings: &mut Vec<Warning>) -> bool {
        let Some(round) = g.round else { return false };
        let i = round - 1;
        let taken = |p: usize| self.slots[p].get(i).and_then(|s| s.as_ref()).map(|s| s.line);
        if let Some(other) = taken(g.white).or(taken(g.black)) {
            let who = if taken(g.white).is_some() { &entrants[g.white].name } else { &entrants[g.black].name };
            warnings.push(Warning {
                line: g.line,
                message: format!(
                    "round {round}: {} already has a game in round {round} (line {other}); this game goes to each player's next free round",
                    excerpt(who)
                ),
            });
            return false;
        }
        for (p, entry) in g.entries() {
            if self.slots[p].len() <= i {
                self.slots[p].resize(i + 1, None);
            }
            self.slots[p][i] = Some(Slot { entry, line: g.line });
        }
        if let Some(d) = g.date.as_deref().filter(|d| !d.contains('?')) {
            if self.dates.len() <= i {
                self.dates.resize(i + 1, Vec::new());
            }
            self.dates[i].push(d);
        }
        true
    }

    fn place_next_free(&mut self, g: &Game, free: &mut [usize]) {
        for (p, entry) in g.entries() {
            let slot = Some(Slot { entry, line: g.line });
            let slots = &mut self.slots[p];
            let i = (free[p]..slots.len()).find(|&i| slots[i].is_none()).unwrap_or(slots.len());
            if i == slots.len() {
                slots.push(slot);
            } else {
                slots[i] = slot;
            }
            free[p] = i + 1;
        }
    }

    /// A round's date: the date most of its games give (the earliest on a tie), which
    /// outvotes a stray date (broadcast exports stamp some games with the study's date).
    fn dates(&self) -> Vec<Option<String>> {
        self.dates
            .iter()
            .map(|ds| {
                let mut ds = ds.clone();
                ds.sort_unstable();
                // Equal dates are adjacent once sorted: count each run once.
                let mut best: Option<(&str, usize)> = None;
                for run in ds.chunk_by(|a, b| a == b) {
                    if best.is_none_or(|(_, m)| run.len() > m) {
                        best = Some((run[0], run.len()));
                    }
                }
                best.map(|(d, _)| d.to_string())
            })
            .collect()
    }

    /// Gives each entrant its rounds, `NotPaired` where it has no game, all as many as the
    /// longest; returns that number of rounds.
    fn set(self, entrants: &mut [Entrant]) -> usize {
        let rounds = self.slots.iter().map(Vec::len).max().unwrap_or(0);
        let not_paired = RoundEntry::NOT_PAIRED;
        for (e, s) in entrants.iter_mut().zip(self.slots) {
            e.rounds = s.into_iter().map(|s| s.map_or(not_paired, |s| s.entry)).collect();
            e.rounds.resize(rounds, not_paired);
        }
        rounds
    }
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

/// The entrants met so far, found by FIDE id or by name.
#[derive(Default)]
struct Entrants {
    list: Vec<Entrant>,
    by_id: HashMap<String, usize>,
    by_name: HashMap<String, usize>,
}

impl Entrants {
    /// The entrant for a side: by FIDE id, else by name; new ones get the next start number.
    fn entrant(&mut self, s: Side, line: usize) -> usize {
        let entrants = &mut self.list;
        let found = match &s.fide_id {
            Some(id) => {
                self.by_id.get(id).copied().or_else(|| self.by_name.get(&s.name).copied().filter(|&i| entrants[i].fide_id.is_none()))
            }
            None => self.by_name.get(&s.name).copied(),
        };
        let i = match found {
            Some(i) => i,
            None => {
                entrants.push(Entrant::new(entrants.len() as u32 + 1, &s.name, line));
                self.by_name.entry(s.name.clone()).or_insert(entrants.len() - 1);
                entrants.len() - 1
            }
        };
        let e = &mut entrants[i];
        if e.fide_id.is_none() {
            if let Some(id) = s.fide_id {
                self.by_id.insert(id.clone(), i);
                e.fide_id = Some(id);
            }
        }
        e.rating = e.rating.or(s.rating);
        e.title = e.title.take().or(s.title);
        e.federation = e.federation.take().or(s.federation);
        i
    }
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
    fn bad_games_left_out_name_their_players() {
        let g = |w: &str, b: &str, r: &str| format!("[White \"{w}\"]\n[Black \"{b}\"]\n[Round \"1\"]\n[Result \"{r}\"]\n\n{r}\n\n");
        let text = [
            g("Ann", "Bob", "1-0"),
            g("Cat", "Dan", "2-0"),
            "[White \"Eve]\n[Black \"Fay\"]\n[Result \"1-0\"]\n\n1-0\n\n".into(),
            g("Gus", "Gus", "0-1"),
        ]
        .concat();
        let e = parse_pgn(&text).unwrap_err();
        assert_eq!(e.0.iter().map(ParseError::line).collect::<Vec<_>>(), [11, 15, 21], "{e}");
        let (t, w) = parse_pgn_with(&text, BadLines::Skip).unwrap();
        let w: Vec<String> = w.iter().map(ToString::to_string).collect();
        assert_eq!(t.entrants.iter().map(|e| e.name.as_str()).collect::<Vec<_>>(), ["Ann", "Bob"], "{w:?}");
        assert!(w.iter().any(|w| w.starts_with("line 11: the game Cat – Dan is left out (bad line): ")), "{w:?}");
        assert!(w.iter().any(|w| w.starts_with("line 15: left out (bad line): ")), "{w:?}");
        assert!(w.iter().any(|w| w.starts_with("line 21: the game Gus – Gus is left out")), "{w:?}");
        assert!(!w.iter().any(|w| w.contains(": line ")), "no line said twice: {w:?}");
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
