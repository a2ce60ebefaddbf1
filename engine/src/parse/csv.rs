//! CSV games files: a header row, then one game per line.
//!
//! Columns are found by name (see [`Role::aliases`]) or by an explicit [`ColumnMap`].
//! A result column (`1-0`, `=`, `0.5`, `3-1`, ...) or a pair of score columns gives the
//! outcome; `date`, `round`, `handicap` and `komi` are optional. Forfeits (`+-`), unfinished
//! games (`*`) and, among chess results, `0-0`, `½-0` and `0-½` are no game played: left out,
//! each said.
//!
//! ```
//! use ratings_engine::parse::{parse_csv, CsvOptions};
//! let parsed = parse_csv("white,black,result\nAnna,Ben,1-0\nBen,Cleo,1/2-1/2\n", &CsvOptions::default()).unwrap();
//! assert_eq!(parsed.dataset.games.len(), 2);
//! assert_eq!(parsed.dataset.games[1].score, 0.5);
//! ```

use super::columns::{ColumnMap, Columns, Role};
use super::names::{Batch, Names};
use super::records::{sniff_delimiter, Fields, Splitter};
use super::result::{is_game_points, parse_number, parse_result, sides, Outcome, Sides, EXPECTED_RESULT};
use crate::error::{excerpt, keep, ParseError, ParseErrors};
use crate::model::{Dataset, Game, PlayerId, When};
use serde::{Deserialize, Serialize};

/// What to do with a line that cannot be read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum BadLines {
    /// Fail, listing every bad line.
    #[default]
    Fail,
    /// Leave bad lines out, each with a warning.
    Skip,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct CsvOptions {
    pub columns: ColumnMap,
    pub bad_lines: BadLines,
}

/// Something the user should know that did not stop the parse.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Warning {
    pub line: usize,
    pub message: String,
}

impl std::fmt::Display for Warning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.line > 0 {
            write!(f, "line {}: {}", self.line, self.message)
        } else {
            f.write_str(&self.message)
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Parsed {
    pub dataset: Dataset,
    /// The columns used, so a user can see (and correct) what was recognised.
    pub columns: Columns,
    pub warnings: Vec<Warning>,
}

pub fn parse_csv(text: &str, options: &CsvOptions) -> Result<Parsed, ParseErrors> {
    let mut splitter = Splitter::new(sniff_delimiter(text));
    let mut games = GameReader::new(options);
    // Room for every line that may be a game, so the games are not moved as they grow.
    games.dataset.games.reserve(super::records::possible_records(text));
    splitter.text(text, &mut |rec: Fields| games.record(&rec));
    games.finish(splitter)
}

/// Reads records into games as the splitter hands them over (the first is the header), for
/// [`parse_csv`] and the chunked `stream::CsvReader` alike.
#[derive(Clone)]
pub(crate) struct GameReader {
    bad_lines: BadLines,
    map: ColumnMap,
    /// The header's line and number of fields, and the columns it gives (or why it cannot).
    header: Option<(usize, usize, Result<Columns, ParseError>)>,
    pub dataset: Dataset,
    warnings: Vec<Warning>,
    errors: Vec<ParseError>,
    /// Errors and warnings past the [`crate::error::MAX_PROBLEMS`] listed: how many, and the first's line.
    more: [(usize, usize); 2],
    /// Each name as written (trimmed) to its player ([`Names`]).
    names: Names,
    /// Games read but not yet given their players: their names wait in `batch`, to be
    /// resolved together ([`GameReader::flush`]).
    waiting: Vec<Game>,
    batch: Batch,
    ids: Vec<PlayerId>,
    /// The result column's spellings and the kinds of result it held.
    results: Results,
    /// The last game's date and round, which the next game shares when it has the same.
    when: Option<When>,
    /// A later part's full blocks of games, before those in `dataset` ([`GameReader::in_blocks`]).
    #[cfg(not(target_arch = "wasm32"))] // Used by parts read on their own only.
    blocks: Option<Vec<Vec<Game>>>,
}

/// The result column as read so far: its spellings (a file uses a handful: `parse_result` is
/// pure, so each is parsed once), and whether it held scores such as `2-0` (read as points,
/// more points wins) and game results such as `½-½`, to say so ([`Results::warning`]); and
/// its `0-0`, `½-0`, `0-½`, which a column of chess results holds as games not played
/// ([`Results::chess`], [`leave_out_unplayed`]).
#[derive(Clone, Default)]
struct Results {
    cache: Vec<(Box<str>, Option<Outcome>)>,
    /// Scores: how many, the first's line and spelling.
    scores: (usize, usize, Box<str>),
    /// The first result that is a game's and cannot be a score (`½-½`, `=`, `1`, `W`): line, spelling.
    game: Option<(usize, Box<str>)>,
    /// Whether a game's result of two sides (`1-0`, `0-1`, `½-½`) was seen.
    games: bool,
    /// How many scores are not an unplayed chess result (`2-0`, `1-1`, not `0-0`).
    other_scores: usize,
    /// Each `0-0`, `½-0`, `0-½`, in line order: line, spelling, kind. What they are is known
    /// only at the end ([`Results::chess`]): unplayed among chess results, scores among scores.
    unplayed: Vec<(usize, Box<str>, Sides)>,
}

impl Results {
    /// Adds what `later` (the results of the lines after these) noted.
    #[cfg(not(target_arch = "wasm32"))] // Used by parts read on their own only.
    fn absorb(&mut self, later: Results) {
        if later.scores.0 > 0 {
            if self.scores.0 == 0 {
                (self.scores.1, self.scores.2) = (later.scores.1, later.scores.2);
            }
            self.scores.0 += later.scores.0;
        }
        if self.game.is_none() {
            self.game = later.game;
        }
        self.games |= later.games;
        self.other_scores += later.other_scores;
        self.unplayed.extend(later.unplayed);
    }

    /// Whether the column holds chess results: a game's result of two sides, and no score but
    /// the unplayed `0-0`, `½-0`, `0-½` (a column of scores such as `2-1` holds `0-0` as a
    /// goalless draw).
    fn chess(&self) -> bool {
        self.games && self.other_scores == 0
    }

    /// A result read on `line` as `outcome`, noted by kind.
    fn note(&mut self, line: usize, spelling: &str, outcome: &Outcome) {
        if let Outcome::Played { points: Some(p), .. } = outcome {
            match sides(*p) {
                Sides::Game => self.games = true,
                Sides::Score => self.other_scores += 1,
                kind => self.unplayed.push((line, spelling.into(), kind)),
            }
        }
        match outcome {
            Outcome::Played { points: Some(p), .. } if !is_game_points(*p) => {
                if self.scores.0 == 0 {
                    self.scores = (0, line, spelling.into());
                }
                self.scores.0 += 1;
            }
            Outcome::Played { points, .. } if self.game.is_none() && points.is_none_or(|(a, b)| a == b) => {
                self.game = Some((line, spelling.into()));
            }
            _ => {}
        }
    }

    /// What a user is told about scores in a result column (`2-0` is no game's result: read
    /// as a win like `1-0`, it must not pass unsaid): on the first one's line, with how many
    /// there are; worded as a likely typo when the column's other results are a game's.
    fn warning(&self, column: &str) -> Option<Warning> {
        let (count, line, first) = (self.scores.0, self.scores.1, excerpt(&self.scores.2));
        // Among chess results, the only "scores" are the unplayed ones, said line by line.
        if count == 0 || self.chess() {
            return None;
        }
        let more = match count {
            1 => String::new(),
            n => format!(" (and {} more line{} like it)", n - 1, if n == 2 { "" } else { "s" }),
        };
        let read = "read as points, more points winning: a win, draw or loss as 1-0, ½-½ or 0-1; the points \
                    themselves count only in methods that use them (JRank, Elo's margin scores)";
        let message = match &self.game {
            Some((game_line, game)) => format!(
                "'{first}' in column '{}'{more} is a score, not a game's result (1-0, 0-1, ½-½), while the column's \
                 other results are a game's ('{}' on line {game_line}): it was {read}. If it is a typo, correct it",
                excerpt(column),
                excerpt(game)
            ),
            None => format!("'{first}' in column '{}'{more} is a score: {read}", excerpt(column)),
        };
        Some(Warning { line, message })
    }
}

impl GameReader {
    pub fn new(options: &CsvOptions) -> GameReader {
        GameReader {
            bad_lines: options.bad_lines,
            map: options.columns.clone(),
            header: None,
            dataset: Dataset::new(),
            warnings: Vec::new(),
            errors: Vec::new(),
            more: [(0, 0); 2],
            names: Names::default(),
            waiting: Vec::with_capacity(BATCH),
            batch: Batch::default(),
            ids: Vec::with_capacity(2 * BATCH),
            results: Results::default(),
            when: None,
            #[cfg(not(target_arch = "wasm32"))]
            blocks: None,
        }
    }

    /// A reader of the lines after a header already read (its line, number of fields and
    /// columns): a part of a file read on its own ([`super::parallel`]).
    #[cfg(not(target_arch = "wasm32"))] // Used by parts read on their own only.
    pub fn after_header(options: &CsvOptions, header: (usize, usize, Columns)) -> GameReader {
        let (line, fields, columns) = header;
        GameReader { header: Some((line, fields, Ok(columns))), ..GameReader::new(options) }
    }

    /// Whether the first record (the header) has been read, whether or not its columns could be.
    #[cfg(not(target_arch = "wasm32"))] // Used by parts read on their own only.
    pub fn header_read(&self) -> bool {
        self.header.is_some()
    }

    /// The header read: its line, its number of fields and its columns (`None` before it, or
    /// when it could not be read).
    #[cfg(not(target_arch = "wasm32"))] // Used by parts read on their own only.
    pub fn header(&self) -> Option<(usize, usize, Columns)> {
        match &self.header {
            Some((line, fields, Ok(columns))) => Some((*line, *fields, columns.clone())),
            _ => None,
        }
    }

    /// Takes in `later`, the reader of the lines after these, as if this reader had read
    /// them: its players in the order they came (one player per name across both), its
    /// games given those players, its problems after these (still at most
    /// [`crate::error::MAX_PROBLEMS`] listed), what its results noted.
    #[cfg(not(target_arch = "wasm32"))] // Used by parts read on their own only.
    pub fn absorb(&mut self, mut later: GameReader) {
        self.flush();
        later.flush();
        // A batch at a time: the table's room is made for each batch's names as new ones, and
        // for all of `later`'s at once would be room for as many players again.
        let mut ids = Vec::with_capacity(later.dataset.players.len());
        for players in later.dataset.players.chunks(16 * BATCH) {
            players.iter().for_each(|p| self.batch.push(&p.name));
            self.names.resolve(&mut self.batch, &mut self.dataset, &mut ids);
        }
        // A player against themselves is named as the whole file spells them first.
        let mut local: Option<std::collections::HashMap<&str, usize>> = None;
        for mut e in later.errors {
            if let ParseError::SelfPlay { name, .. } = &mut e {
                let local =
                    local.get_or_insert_with(|| later.dataset.players.iter().enumerate().map(|(k, p)| (p.name.as_str(), k)).collect());
                if let Some(&k) = local.get(name.as_str()) {
                    name.clone_from(&self.dataset.players[ids[k]].name);
                }
            }
            let line = e.line();
            count_more(&mut self.more[0], keep(&mut self.errors, e), line);
        }
        for w in later.warnings {
            let line = w.line;
            count_more(&mut self.more[1], keep(&mut self.warnings, w), line);
        }
        for (mine, theirs) in self.more.iter_mut().zip(later.more) {
            if theirs.0 > 0 {
                if mine.0 == 0 {
                    mine.1 = theirs.1;
                }
                mine.0 += theirs.0;
            }
        }
        self.results.absorb(later.results);
        // The games last, once `later`'s players and names are let go, a block at a time:
        // each block is freed as this list grows by it (a list grown by doubling, beside
        // `later`'s whole list, would hold half as many games again).
        let (blocks, rest) = (later.blocks.unwrap_or_default(), std::mem::take(&mut later.dataset.games));
        drop((later.dataset, later.names));
        for block in blocks.into_iter().chain([rest]) {
            self.dataset.games.reserve_exact(block.len());
            self.dataset.games.extend(block.into_iter().map(|mut game| {
                game.set_players(ids[game.first()], ids[game.second()]);
                game
            }));
        }
    }

    /// The games and the players read so far (the games waiting for their players counted).
    #[cfg(not(target_arch = "wasm32"))] // Used by parts read on their own only.
    pub fn counts(&self) -> (usize, usize) {
        let blocks = self.blocks.as_ref().map_or(0, |b| b.iter().map(Vec::len).sum());
        (blocks + self.dataset.games.len() + self.waiting.len(), self.dataset.players.len())
    }

    /// A later part's end: its names are let go of once its games have their players (its
    /// players are looked up in the whole's by [`GameReader::absorb`]), so that the part's
    /// thread, done first, does not hold them while the first part is still read.
    #[cfg(not(target_arch = "wasm32"))] // Used by parts read on their own only.
    pub fn let_go_of_names(&mut self) {
        self.flush();
        (self.names, self.batch, self.ids) = Default::default();
        self.dataset.forget_index();
    }

    /// A reader of a later part whose games are kept in blocks of [`GAME_BLOCK`], which
    /// [`GameReader::absorb`] frees one by one as it takes them in.
    #[cfg(not(target_arch = "wasm32"))] // Used by parts read on their own only.
    pub fn in_blocks(&mut self) {
        self.blocks = Some(Vec::new());
        self.dataset.games = Vec::with_capacity(GAME_BLOCK);
    }

    /// One record: the header if it is the first, else a game.
    pub fn record(&mut self, rec: &Fields) {
        let columns = match &self.header {
            None => {
                let fields = rec.to_strings();
                let columns = Columns::resolve(&fields, &self.map, rec.line);
                self.header = Some((rec.line, fields.len(), columns));
                return;
            }
            Some((_, _, Ok(columns))) => columns,
            Some((_, _, Err(_))) => return,
        };
        let row = Row { rec, cols: columns };
        match read_game(&row, &mut self.results, &mut self.when) {
            Ok((game, first, second)) => {
                self.batch.push(first);
                self.batch.push(second);
                self.waiting.push(game);
                if self.waiting.len() == BATCH {
                    self.flush();
                }
            }
            Err(Skipped::Warn(message)) => {
                count_more(&mut self.more[1], keep(&mut self.warnings, Warning { line: rec.line, message }), rec.line)
            }
            Err(Skipped::Error(e)) => {
                // The waiting games' errors (a player against themselves) come from earlier lines.
                self.flush();
                count_more(&mut self.more[0], keep(&mut self.errors, e), rec.line)
            }
        }
    }

    /// Gives the waiting games their players, and keeps each that is not a player against
    /// themselves.
    fn flush(&mut self) {
        // A block is full when the next batch might not fit (it would grow by doubling).
        #[cfg(not(target_arch = "wasm32"))]
        if let Some(blocks) = self.blocks.as_mut().filter(|_| self.dataset.games.len() + BATCH > GAME_BLOCK) {
            blocks.push(std::mem::replace(&mut self.dataset.games, Vec::with_capacity(GAME_BLOCK)));
        }
        self.ids.clear();
        self.names.resolve(&mut self.batch, &mut self.dataset, &mut self.ids);
        for (mut game, ids) in self.waiting.drain(..).zip(self.ids.chunks_exact(2)) {
            game.set_players(ids[0], ids[1]);
            if game.first() == game.second() {
                let name = self.dataset.players[game.first()].name.clone();
                let kept = keep(&mut self.errors, ParseError::SelfPlay { line: game.line(), name });
                count_more(&mut self.more[0], kept, game.line());
            } else {
                self.dataset.games.push(game);
            }
        }
    }

    /// The games, the columns and the warnings, or every error; `splitter` has read the whole
    /// text (its comments and unclosed quotes count too).
    pub fn finish(mut self, splitter: Splitter) -> Result<Parsed, ParseErrors> {
        self.flush();
        let GameReader { bad_lines, header, mut dataset, warnings: mut game_warnings, errors: mut game_errors, mut more, results, .. } =
            self;
        if results.chess() {
            leave_out_unplayed(&mut dataset, &results.unplayed, &mut game_warnings, &mut more[1]);
        }
        if more[0].0 > 0 {
            game_errors.push(ParseError::More { line: more[0].1, count: more[0].0 });
        }
        if more[1].0 > 0 {
            game_warnings.push(Warning { line: more[1].1, message: ParseError::More { line: more[1].1, count: more[1].0 }.to_string() });
        }
        let mut errors = splitter.errors;
        let Some((header_line, header_fields, columns)) = header else {
            return Err(ParseErrors(if errors.is_empty() { vec![ParseError::Empty] } else { errors }));
        };
        let columns = columns.map_err(|e| ParseErrors(vec![e]))?;
        if let Some(w) = columns.get(Role::Result).and_then(|i| results.warning(columns.name(i).trim())) {
            let at = game_warnings.partition_point(|x| x.line <= w.line);
            game_warnings.insert(at, w);
        }
        errors.extend(game_errors);
        let mut warnings = Vec::new();
        // A '#' line after the header with a full line's worth of fields is probably a game.
        for &(line, delimiters) in &splitter.comments {
            if line > header_line && header_fields > 1 && delimiters + 1 >= header_fields {
                warnings.push(Warning {
                    line,
                    message: "starts with '#', so it was read as a comment; if it is a game, quote the name (\"#1 Seed\")".into(),
                });
            }
        }
        warnings.extend(game_warnings);
        if bad_lines == BadLines::Skip {
            warnings.extend(errors.drain(..).map(|e| Warning { line: e.line(), message: format!("skipped: {}", e.detail()) }));
            crate::sort::by_key(&mut warnings, |w| w.line);
        }
        if !errors.is_empty() {
            crate::sort::by_key(&mut errors, ParseError::line);
            return Err(ParseErrors(errors));
        }
        Ok(Parsed { dataset, columns, warnings })
    }
}

/// Among chess results, leaves out the games of `unplayed` (`0-0`, `½-0`, `0-½`: no game was
/// played, as with a forfeit) with a warning on each line, and the players only they named
/// (a forfeit's players are never made); the warnings join `listed` in line order, those past
/// [`crate::error::MAX_PROBLEMS`] counted in `more`.
fn leave_out_unplayed(dataset: &mut Dataset, unplayed: &[(usize, Box<str>, Sides)], listed: &mut Vec<Warning>, more: &mut (usize, usize)) {
    let lines: Vec<usize> = unplayed.iter().map(|u| u.0).collect();
    // A line whose game was never made (a player against themselves) has its error already.
    let removed = leave_out_lines(dataset, &lines);
    let said = unplayed.iter().filter(|u| removed.binary_search(&u.0).is_ok()).map(|(line, spelling, kind)| {
        let what = match kind {
            Sides::NoneScored => "is no game played (a double forfeit, or a game not played)",
            _ => "gives a half point to one side only, so no game was played (a bye or an award)",
        };
        Warning { line: *line, message: format!("'{}' among chess results {what}: left out of the ratings", excerpt(spelling)) }
    });
    listed.extend(said);
    crate::sort::by_key(listed, |w| w.line);
    if listed.len() > crate::error::MAX_PROBLEMS {
        for w in listed.drain(crate::error::MAX_PROBLEMS..) {
            more.1 = if more.0 == 0 { w.line } else { more.1.min(w.line) };
            more.0 += 1;
        }
    }
}

/// Leaves out the games on `lines` (in order) and the players who had games and have none
/// left, keeping the others in their order; the lines of the games left out.
fn leave_out_lines(dataset: &mut Dataset, lines: &[usize]) -> Vec<usize> {
    let played = |d: &Dataset| {
        let mut p = vec![false; d.players.len()];
        for g in &d.games {
            (p[g.first()], p[g.second()]) = (true, true);
        }
        p
    };
    let before = played(dataset);
    let mut removed = Vec::new();
    dataset.games.retain(|g| {
        let out = lines.binary_search(&g.line()).is_ok();
        if out {
            removed.push(g.line());
        }
        !out
    });
    let after = played(dataset);
    if before == after {
        return removed;
    }
    // A player's new index: the players kept before them.
    let mut index = vec![0; before.len()];
    let mut kept = 0;
    for i in 0..before.len() {
        index[i] = kept;
        kept += usize::from(after[i] || !before[i]);
    }
    let mut i = 0;
    dataset.players.retain(|_| {
        i += 1;
        after[i - 1] || !before[i - 1]
    });
    for g in &mut dataset.games {
        g.set_players(index[g.first()], index[g.second()]);
    }
    dataset.reindex();
    removed
}

/// Counts a problem that was not listed (`kept` false) in `more`: how many, the first's line.
fn count_more(more: &mut (usize, usize), kept: bool, line: usize) {
    if !kept {
        if more.0 == 0 {
            more.1 = line;
        }
        more.0 += 1;
    }
}

enum Skipped {
    Warn(String),
    Error(ParseError),
}

/// A game from one row, with its players' names as written (its players are found later, in
/// a batch, and are left 0 here).
fn read_game<'r>(row: &Row<'r>, results: &mut Results, when: &mut Option<When>) -> Result<(Game, &'r str, &'r str), Skipped> {
    let (first, second) = (row.name(Role::First)?, row.name(Role::Second)?);
    let points = match (row.number(Role::Score1, POINTS)?, row.number(Role::Score2, POINTS)?) {
        (Some(a), Some(b)) => Some((a, b)),
        _ => None,
    };
    let (score, result_points) = match row.outcome(points, results)? {
        Outcome::Played { score, points } => (score, points),
        Outcome::Forfeit => return Err(Skipped::Warn("a forfeit is not a game played: left out of the ratings".into())),
        Outcome::Unfinished => return Err(Skipped::Warn("an unfinished game ('*') is left out".into())),
    };
    let handicap = row.signed(Role::Handicap, "a handicap in stones (a number)")?;
    let komi = row.signed(Role::Komi, "a komi (a number such as 6.5 or -0.5)")?;
    let (date, round, event) = (row.text(Role::Date)?, row.text(Role::Round)?, row.text(Role::Event)?);
    let ranks = (row.text(Role::Rank1)?, row.text(Role::Rank2)?);
    let (season, neutral) = (row.text(Role::Season)?, row.yes(Role::Neutral)?);
    row.not_excluded()?;
    let points = points.or(result_points);
    let mut game = Game::new(0, 0, score, row.rec.line);
    game.set_when_shared(date.as_deref(), round.as_deref(), when);
    game.set_points(points);
    if handicap.is_some() || komi.is_some() || event.is_some() || ranks != (None, None) {
        game.set_handicap(handicap).set_komi(komi).set_event(event).set_ranks(ranks.0, ranks.1);
    }
    if season.is_some() || neutral {
        game.set_season(season).set_neutral(neutral);
    }
    Ok((game, first, second))
}

/// The games in a block of a later part's ([`GameReader::in_blocks`]): 0.5 MB.
#[cfg(not(target_arch = "wasm32"))]
const GAME_BLOCK: usize = 1 << 14;

/// Games whose players are found together (see [`Names`]): enough for the processor to
/// overlap their lookups, few enough to stay in the cache.
const BATCH: usize = 64;

const POINTS: &str = "a number of points (0 or more)";

/// One line of the file, its fields read by the role of their column.
struct Row<'a> {
    rec: &'a Fields<'a>,
    cols: &'a Columns,
}

impl<'a> Row<'a> {
    /// The role's field, trimmed; `None` when the file has no column for the role, or when an
    /// optional column is left off the end of the line (a missing required one is an error).
    fn field(&self, role: Role) -> Result<Option<&'a str>, Skipped> {
        let Some(i) = self.cols.get(role) else { return Ok(None) };
        match self.rec.get(i) {
            Some(v) => Ok(Some(v.trim())),
            None if !matches!(role, Role::First | Role::Second | Role::Result | Role::Score1 | Role::Score2) => Ok(None),
            None => Err(Skipped::Error(ParseError::MissingField {
                line: self.rec.line,
                column: self.cols.name(i).trim().into(),
                fields: self.rec.len(),
                expected: role.describe().into(),
            })),
        }
    }

    /// The error for a field that cannot be read.
    fn bad(&self, role: Role, expected: &str, found: &str) -> Skipped {
        Skipped::Error(ParseError::BadField {
            line: self.rec.line,
            column: self.column_name(role).into(),
            expected: expected.into(),
            found: found.into(),
        })
    }

    /// The header of the role's column, trimmed.
    fn column_name(&self, role: Role) -> &str {
        self.cols.name(self.cols.get(role).unwrap_or(0)).trim()
    }

    /// A player's name, which may not be blank.
    fn name(&self, role: Role) -> Result<&'a str, Skipped> {
        let v = self.field(role)?.unwrap_or("");
        if v.is_empty() {
            Err(self.bad(role, &format!("a name for {}", role.describe()), v))
        } else {
            Ok(v)
        }
    }

    /// A number of points (0 or more); `None` when blank.
    fn number(&self, role: Role, what: &str) -> Result<Option<f64>, Skipped> {
        match self.field(role)? {
            None | Some("") => Ok(None),
            Some(v) => parse_number(v).map(Some).ok_or_else(|| self.bad(role, what, v)),
        }
    }

    /// A finite number, which may be negative; `None` when blank.
    fn signed(&self, role: Role, what: &str) -> Result<Option<f64>, Skipped> {
        match self.field(role)? {
            None | Some("") => Ok(None),
            Some(v) => match v.parse::<f64>() {
                Ok(x) if x.is_finite() => Ok(Some(x)),
                _ => Err(self.bad(role, what, v)),
            },
        }
    }

    /// A text field; `None` when blank.
    fn text(&self, role: Role) -> Result<Option<String>, Skipped> {
        self.field(role).map(|v| v.filter(|s| !s.is_empty()).map(str::to_string))
    }

    /// The outcome: the result column's, else the one the `points` of the score columns give
    /// (more points wins).
    fn outcome(&self, points: Option<(f64, f64)>, results: &mut Results) -> Result<Outcome, Skipped> {
        if let Some(r) = self.field(Role::Result)?.filter(|r| !r.is_empty()) {
            let outcome = cached_result(&mut results.cache, r).ok_or_else(|| self.bad(Role::Result, EXPECTED_RESULT, r))?;
            results.note(self.rec.line, r, &outcome);
            return Ok(outcome);
        }
        match points {
            Some((a, b)) => Ok(Outcome::Played {
                score: if a > b {
                    1.0
                } else if a < b {
                    0.0
                } else {
                    0.5
                },
                points: Some((a, b)),
            }),
            None if self.cols.get(Role::Result).is_some() => Err(self.bad(Role::Result, EXPECTED_RESULT, "")),
            None => {
                let role = if self.field(Role::Score1)?.unwrap_or("").is_empty() { Role::Score1 } else { Role::Score2 };
                Err(self.bad(role, POINTS, ""))
            }
        }
    }

    /// A game the exclude column marks (anything but blank, `0`, `no`, `false`, `n`) is left
    /// out with a warning.
    /// Whether a yes/no column says yes: anything but blank, `0`, `no`, `false`, `n`.
    fn yes(&self, role: Role) -> Result<bool, Skipped> {
        Ok(self.field(role)?.is_some_and(|x| !matches!(x.trim().to_lowercase().as_str(), "" | "0" | "no" | "false" | "n")))
    }

    fn not_excluded(&self) -> Result<(), Skipped> {
        match self.yes(Role::Exclude)? {
            true => Err(Skipped::Warn(format!("left out: its '{}' column says to exclude it", self.column_name(Role::Exclude)))),
            false => Ok(()),
        }
    }
}

/// [`parse_result`], remembering up to 32 spellings: it lower-cases (allocating) every call.
fn cached_result(results: &mut Vec<(Box<str>, Option<Outcome>)>, r: &str) -> Option<Outcome> {
    if let Some((_, outcome)) = results.iter().find(|(s, _)| **s == *r) {
        return *outcome;
    }
    let outcome = parse_result(r);
    if results.len() < 32 {
        results.push((r.into(), outcome));
    }
    outcome
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::ColumnMap;
    use expect_test::{expect, Expect};

    fn show(text: &str, options: &CsvOptions) -> String {
        match parse_csv(text, options) {
            Ok(p) => {
                let d = &p.dataset;
                let mut s = String::new();
                for g in &d.games {
                    s += &format!(
                        "{}: {} - {} {}{}{}{}{}{}\n",
                        g.line(),
                        d.players[g.first()].name,
                        d.players[g.second()].name,
                        g.score,
                        g.points().map(|(a, b)| format!(" pts {a}:{b}")).unwrap_or_default(),
                        g.date().map(|x| format!(" date {x}")).unwrap_or_default(),
                        g.round().map(|x| format!(" round {x}")).unwrap_or_default(),
                        g.handicap().map(|x| format!(" hcp {x}")).unwrap_or_default(),
                        g.komi().map(|x| format!(" komi {x}")).unwrap_or_default(),
                    );
                }
                for w in &p.warnings {
                    s += &format!("warning: {w}\n");
                }
                s
            }
            Err(e) => format!("error: {e}\n"),
        }
    }

    fn check(text: &str, expect: Expect) {
        expect.assert_eq(&show(text, &CsvOptions::default()));
    }

    fn check_with(text: &str, map: &str, bad_lines: BadLines, expect: Expect) {
        let options = CsvOptions { columns: ColumnMap::parse(map).unwrap(), bad_lines };
        expect.assert_eq(&show(text, &options));
    }

    #[test]
    fn chess_results() {
        check(
            "White,Black,Result\nAnna,Ben,1-0\nben , CLEO,½-½\nCleo,Anna,0-1\nAnna,Cleo,=\n",
            expect![[r#"
                2: Anna - Ben 1 pts 1:0
                3: Ben - CLEO 0.5 pts 0.5:0.5
                4: CLEO - Anna 0 pts 0:1
                5: Anna - CLEO 0.5
            "#]],
        );
    }

    #[test]
    fn score_columns_and_extras() {
        check(
            "home_team;away_team;home_score;away_score;date;week\nLions;Tigers;3;1;2024-01-02;1\nTigers;Lions;2;2;2024-01-09;2\n",
            expect![[r#"
                2: Lions - Tigers 1 pts 3:1 date 2024-01-02 round 1
                3: Tigers - Lions 0.5 pts 2:2 date 2024-01-09 round 2
            "#]],
        );
    }

    #[test]
    fn openfootball_header_by_aliases() {
        check(
            "round,date,time,team1,team2,ft1,ft2,ht1,ht2\nMatchday 1,2023-08-11,20:00,Burnley FC,Manchester City FC,0,3,0,2\n",
            expect![[r#"
                2: Burnley FC - Manchester City FC 0 pts 0:3 date 2023-08-11 round Matchday 1
            "#]],
        );
    }

    #[test]
    fn go_columns() {
        check(
            "white,black,result,handicap,komi\nA,B,0-1,2,0.5\nB,A,1,0,-6.5\n",
            expect![[r#"
                2: A - B 0 pts 0:1 hcp 2 komi 0.5
                3: B - A 1 hcp 0 komi -6.5
            "#]],
        );
    }

    #[test]
    fn explicit_mapping() {
        check_with(
            "Gastgeber,Gast,Tore H,Tore G\nA,B,1,0\n",
            "first=Gastgeber,second=gast,score1=tore h,score2=#4",
            BadLines::Fail,
            expect![[r#"
                2: A - B 1 pts 1:0
            "#]],
        );
        check_with(
            "a,b,c\nx,y,1\n",
            "first=a,second=b,result=nope",
            BadLines::Fail,
            expect![[r#"
                error: the column mapping gives 'nope' for 'result', but the header on line 1 has no such column (it has 'a', 'b', 'c')
            "#]],
        );
        assert!(ColumnMap::parse("winner=a").is_err());
        assert!(ColumnMap::parse("first").is_err());
    }

    #[test]
    fn missing_columns_are_named() {
        check(
            "player,opponent,result\nA,B,1\n",
            expect![[r#"
                error: line 1: no column for the first player (white / home) (expected a header named white, home, pinplayer1, whiteid or whitepin); the header has 'player', 'opponent', 'result'; map a column to 'first'
            "#]],
        );
        check(
            "white,black\nA,B\n",
            expect![[r#"
                error: line 1: no column for the result (expected a header named result, res, outcome, score or winner1, or a pair of score columns such as home_score,away_score); the header has 'white', 'black'; map a column to 'result'
            "#]],
        );
        check(
            "",
            expect![[r#"
            error: the input is empty: expected a header row such as 'white,black,result'
        "#]],
        );
    }

    #[test]
    fn every_bad_line_is_reported_with_line_and_column() {
        check(
            "white,black,result\nA,B,1-0\n\nA,B,2\nA,,1\nA,A,1\nC,D\nE,F,0.5\n",
            expect![[r#"
                error: line 4, column 'result': expected a result such as 1-0, 0-1, 1/2-1/2, =, 1, 0, 0.5, W, B, H/D/A, or a score such as 3-1, found '2'
                line 5, column 'black': expected a name for the second player (black / away), found ''
                line 6: 'A' is on both sides of the game (expected two different players)
                line 7, column 'result': missing (the line has 2 fields; expected the result)
            "#]],
        );
    }

    #[test]
    fn bad_lines_can_be_skipped_with_warnings() {
        check_with(
            "white,black,result\nA,B,1-0\nA,B,x\nB,A,+-\nB,A,*\nB,C,0\n",
            "",
            BadLines::Skip,
            expect![[r#"
                2: A - B 1 pts 1:0
                6: B - C 0
                warning: line 3: skipped: column 'result': expected a result such as 1-0, 0-1, 1/2-1/2, =, 1, 0, 0.5, W, B, H/D/A, or a score such as 3-1, found 'x'
                warning: line 4: a forfeit is not a game played: left out of the ratings
                warning: line 5: an unfinished game ('*') is left out
            "#]],
        );
    }

    #[test]
    fn optional_columns_may_be_left_off_and_hashes_are_flagged() {
        check(
            "white,black,result,date\nA,B,1-0,2024-01-01\nB,C,0-1\n#1 Seed,A,1-0\n# a real comment\n",
            expect![[r#"
                2: A - B 1 pts 1:0 date 2024-01-01
                3: B - C 0 pts 0:1
            "#]],
        );
    }

    #[test]
    fn quoted_names_with_commas() {
        check(
            "white,black,result\n\"Carlsen, Magnus\",\"Nakamura, Hikaru\",1/2-1/2\n",
            expect![[r#"
                2: Carlsen, Magnus - Nakamura, Hikaru 0.5 pts 0.5:0.5
            "#]],
        );
    }

    #[test]
    fn a_score_in_a_result_column_is_said() {
        // Among a game's results, `2-0` is most likely a typo: read (as `docs/input.md` documents a
        // score) but said, on its line.
        check(
            "white,black,result\nAnna,Ben,1-0\nBen,Cara,2-0\nCara,Anna,½-½\n",
            expect![[r#"
                2: Anna - Ben 1 pts 1:0
                3: Ben - Cara 1 pts 2:0
                4: Cara - Anna 0.5 pts 0.5:0.5
                warning: line 3: '2-0' in column 'result' is a score, not a game's result (1-0, 0-1, ½-½), while the column's other results are a game's ('½-½' on line 4): it was read as points, more points winning: a win, draw or loss as 1-0, ½-½ or 0-1; the points themselves count only in methods that use them (JRank, Elo's margin scores). If it is a typo, correct it
            "#]],
        );
        // A column of football scores: read as scores, said once.
        check(
            "home,away,score\nLions,Tigers,2-1\nTigers,Lions,1-1\nLions,Bears,1-0\nBears,Tigers,0-3\n",
            expect![[r#"
                2: Lions - Tigers 1 pts 2:1
                3: Tigers - Lions 0.5 pts 1:1
                4: Lions - Bears 1 pts 1:0
                5: Bears - Tigers 0 pts 0:3
                warning: line 2: '2-1' in column 'score' (and 2 more lines like it) is a score: read as points, more points winning: a win, draw or loss as 1-0, ½-½ or 0-1; the points themselves count only in methods that use them (JRank, Elo's margin scores)
            "#]],
        );
        // A result that is no documented form is an error naming the line, the column and the forms.
        check(
            "white,black,result\nAnna,Ben,1--0\nBen,Cara,2-0-1\n",
            expect![[r#"
                error: line 2, column 'result': expected a result such as 1-0, 0-1, 1/2-1/2, =, 1, 0, 0.5, W, B, H/D/A, or a score such as 3-1, found '1--0'
                line 3, column 'result': expected a result such as 1-0, 0-1, 1/2-1/2, =, 1, 0, 0.5, W, B, H/D/A, or a score such as 3-1, found '2-0-1'
            "#]],
        );
    }

    #[test]
    fn unplayed_chess_results_are_left_out_and_said() {
        // Among chess results, 0-0 (a double forfeit) and ½-0, 0-½ (a half point to one side
        // only) are no game played: left out like a forfeit, each line said, and a player
        // named only there is not made (issue 35, item 6).
        check(
            "white,black,result\nAnna,Ben,1-0\nBen,Cara,0-0\nCara,Anna,½-½\nDan,Anna,½-0\nBen,Anna,0-1/2\n",
            expect![[r#"
                2: Anna - Ben 1 pts 1:0
                4: Cara - Anna 0.5 pts 0.5:0.5
                warning: line 3: '0-0' among chess results is no game played (a double forfeit, or a game not played): left out of the ratings
                warning: line 5: '½-0' among chess results gives a half point to one side only, so no game was played (a bye or an award): left out of the ratings
                warning: line 6: '0-1/2' among chess results gives a half point to one side only, so no game was played (a bye or an award): left out of the ratings
            "#]],
        );
        // In a column of scores (football), 0-0 is a goalless draw, as before.
        check(
            "home,away,score\nLions,Tigers,2-1\nTigers,Bears,0-0\n",
            expect![[r#"
                2: Lions - Tigers 1 pts 2:1
                3: Tigers - Bears 0.5 pts 0:0
                warning: line 2: '2-1' in column 'score' (and 1 more line like it) is a score: read as points, more points winning: a win, draw or loss as 1-0, ½-½ or 0-1; the points themselves count only in methods that use them (JRank, Elo's margin scores)
            "#]],
        );
        // Two points columns are a sport's score: 0 and 0 is a goalless draw, as before.
        check(
            "home,away,hg,ag\nLions,Tigers,1,0\nTigers,Bears,0,0\n",
            expect![[r#"
                2: Lions - Tigers 1 pts 1:0
                3: Tigers - Bears 0.5 pts 0:0
            "#]],
        );
    }

    #[test]
    fn bad_numbers_name_the_column() {
        check(
            "home,away,hg,ag,handicap\nA,B,2,x,0\nA,B,1,1,two\n",
            expect![[r#"
                error: line 2, column 'ag': expected a number of points (0 or more), found 'x'
                line 3, column 'handicap': expected a handicap in stones (a number), found 'two'
            "#]],
        );
    }
}
