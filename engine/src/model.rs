//! The results model: players, two-player games and multi-player events.
//!
//! A [`Dataset`] is plain data. Players are identified by name: leading and trailing
//! whitespace is dropped, runs of inner whitespace count as one space, and case is
//! ignored when matching (`"magnus  Carlsen"` and `"Magnus Carlsen"` are one player; the
//! first spelling seen is the one shown). Duplicate game lines are real games.

mod name_index;

use name_index::NameIndex;
pub use name_index::{name_key, tidy_name};
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;

/// Index of a player in [`Dataset::players`].
pub type PlayerId = usize;

/// A rating the player brings in, counted as `weight` drawn games against a fixed
/// opponent of that strength (Brent §6, eq. (17)).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Prior {
    /// Natural log-strength `r̂ = ln x̂` (convert display ratings with [`crate::Scale::to_log_strength`]).
    pub log_strength: f64,
    /// Number of games the old rating is worth (may be scaled down, e.g. by 0.5, to age it).
    pub weight: f64,
}

/// A rating as a player list gives it, on the scale of the method that reads it (Elo
/// points for Elo, the dan/kyu scale for AGA), with the AGA's σ and date when given.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Listed {
    pub rating: f64,
    pub sigma: Option<f64>,
    /// When the rating was computed (`YYYY-MM-DD`), for the AGA's σ growth with time.
    pub date: Option<String>,
}

/// A player: the name inline, what only some inputs give (an id, an old rating, a listed
/// rating) behind one pointer, read and written through accessors: a list of 100,000 players
/// takes 3 MB, not 12.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Player {
    /// Display name: the first spelling seen, whitespace tidied.
    pub name: String,
    #[serde(flatten, default)]
    extra: Option<Box<PlayerExtra>>,
}

/// The parts of a player that few inputs give (see [`Player`]).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
struct PlayerExtra {
    #[serde(default)]
    id: Option<String>,
    #[serde(default)]
    prior: Option<Prior>,
    #[serde(default)]
    listed: Option<Listed>,
    /// A player list's ratings for the start of given seasons (Elo: instead of the reversion).
    #[serde(default)]
    season_ratings: Vec<(String, f64)>,
}

impl Player {
    /// A player with only a name (tidied as given).
    pub fn new(name: String) -> Player {
        Player { name, extra: None }
    }

    /// An external id (FIDE id, club number, ...), when given.
    pub fn id(&self) -> Option<&str> {
        self.extra.as_ref().and_then(|e| e.id.as_deref())
    }

    /// Brent's old rating, as virtual draws, when given.
    pub fn prior(&self) -> Option<&Prior> {
        self.extra.as_ref().and_then(|e| e.prior.as_ref())
    }

    /// The rating a player list gave, as given.
    pub fn listed(&self) -> Option<&Listed> {
        self.extra.as_ref().and_then(|e| e.listed.as_ref())
    }

    pub fn set_id(&mut self, id: Option<String>) -> &mut Player {
        self.edit(|e| e.id = id)
    }

    pub fn set_prior(&mut self, prior: Option<Prior>) -> &mut Player {
        self.edit(|e| e.prior = prior)
    }

    pub fn set_listed(&mut self, listed: Option<Listed>) -> &mut Player {
        self.edit(|e| e.listed = listed)
    }

    /// The rating a player list gives for the start of `season`.
    pub fn season_rating(&self, season: &str) -> Option<f64> {
        self.extra.as_ref()?.season_ratings.iter().find(|(s, _)| s.trim() == season.trim()).map(|&(_, r)| r)
    }

    pub fn add_season_rating(&mut self, season: String, rating: f64) -> &mut Player {
        self.edit(|e| e.season_ratings.push((season, rating)))
    }

    fn edit(&mut self, change: impl FnOnce(&mut PlayerExtra)) -> &mut Player {
        edit_rare(&mut self.extra, change);
        self
    }
}

/// Changes the rarely given parts of a record (a player's, a game's), which stay unallocated
/// while all of them are unset.
fn edit_rare<T: Default + PartialEq>(slot: &mut Option<Box<T>>, change: impl FnOnce(&mut T)) {
    let mut extra = slot.take().unwrap_or_default();
    change(&mut extra);
    if *extra != T::default() {
        *slot = Some(extra);
    }
}

/// One two-player game. `first` is white / home / team 1.
///
/// Kept compact (32 bytes), because a big file holds millions of them: the players, the
/// score and the input line are inline; the date and round, and what few inputs give (points
/// other than the result's, handicap, komi, event, declared ranks: Go's and football's
/// records), sit behind one thin pointer ([`When`]), to one allocation that the games next to
/// each other with the same date and round and nothing more share. The parts other than the
/// players and the score are read and written through accessors. It serialises as
/// [`GameFields`], its plain fields.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(from = "GameFields")]
pub struct Game {
    /// The players, as `u32` (read through [`Game::first`] and [`Game::second`]).
    first: u32,
    second: u32,
    /// The first player's score in `[0, 1]`; the second scored `1 - score`.
    pub score: f64,
    /// The date and round, and the rare parts; `None` when none is given.
    when: Option<When>,
    /// 1-based line of the input the game came from (0 when built in code) in the low 31
    /// bits: a game past line 2,147,483,647 (a 2 GB file of line breaks before it) is said to
    /// be on that line. The top bit: the points are the score itself (`1-0`, `½-½` written as
    /// a result), so they need not be kept.
    line: u32,
}

/// [`Game::line`]'s flag: the points are the score.
const POINTS_ARE_SCORE: u32 = 1 << 31;

/// A game as its plain fields: what is serialised (the same fields, and the same JSON, as
/// when they were the game's own).
#[derive(Deserialize)]
struct GameFields {
    first: u32,
    second: u32,
    score: f64,
    when: Option<Box<str>>,
    #[serde(flatten, default)]
    extra: Option<Box<GameExtra>>,
    line: u32,
    points_are_score: bool,
}

/// [`GameFields`] borrowed from a game, to serialise it without a copy.
#[derive(Serialize)]
struct GameFieldsOf<'a> {
    first: u32,
    second: u32,
    score: f64,
    when: Option<&'a str>,
    #[serde(flatten)]
    extra: Option<&'a GameExtra>,
    line: u32,
    points_are_score: bool,
}

impl From<GameFields> for Game {
    fn from(f: GameFields) -> Game {
        let tail = Tail { text: f.when.unwrap_or_default(), extra: f.extra.filter(|e| **e != GameExtra::default()) };
        let when = (tail != Tail::default()).then(|| When(std::sync::Arc::new(tail)));
        Game {
            first: f.first,
            second: f.second,
            score: f.score,
            when,
            line: f.line.min(POINTS_ARE_SCORE - 1) | if f.points_are_score { POINTS_ARE_SCORE } else { 0 },
        }
    }
}

impl Serialize for Game {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let text = self.when.as_ref().map(|w| &*w.0.text).filter(|t| !t.is_empty());
        GameFieldsOf {
            first: self.first,
            second: self.second,
            score: self.score,
            when: text,
            extra: self.extra(),
            line: self.line & !POINTS_ARE_SCORE,
            points_are_score: self.points_are_score(),
        }
        .serialize(s)
    }
}

/// A game's date and round as one text ([`WHEN_SEPARATOR`] between them; empty when neither
/// is given), and its rare parts, behind a thin pointer (8 bytes in the game) to one
/// allocation that the games of a day and round with nothing more share when a reader lets
/// them ([`Game::set_when_shared`]: a dated file's games hold a pointer each, not a copy each).
/// Changed only through [`Game`]'s setters, which copy a shared one first.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct When(std::sync::Arc<Tail>);

/// What a [`When`] points to. Never all empty: a game with none of it holds no [`When`].
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Tail {
    text: Box<str>,
    /// Boxed: most games with a date or round have nothing more, and a game's own [`When`]
    /// (a tournament's games, dated one by one) stays small.
    extra: Option<Box<GameExtra>>,
}

impl When {
    /// The text of a date and round (a separator in either becomes a space; blank when both are).
    fn text(date: &str, round: &str) -> Box<str> {
        let (date, round) = (date.replace(WHEN_SEPARATOR, " "), round.replace(WHEN_SEPARATOR, " "));
        if date.is_empty() && round.is_empty() {
            return Box::default();
        }
        format!("{date}{WHEN_SEPARATOR}{round}").into()
    }
}

/// Between a game's date and round in their one allocation (a control character, which a
/// date or round given with it loses: see [`Game::set_when`]).
const WHEN_SEPARATOR: char = '\u{1f}';

/// The parts of a game that few inputs give (see [`Game`]).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
struct GameExtra {
    #[serde(default)]
    points: Option<(f64, f64)>,
    #[serde(default)]
    handicap: Option<f64>,
    #[serde(default)]
    komi: Option<f64>,
    #[serde(default)]
    event: Option<String>,
    #[serde(default)]
    ranks: (Option<String>, Option<String>),
    /// The season the game belongs to (Elo's reversion between seasons).
    #[serde(default)]
    season: Option<String>,
    /// Played on neutral ground: no home advantage.
    #[serde(default)]
    neutral: bool,
}

impl Game {
    /// A game with only its players, the first player's score and its input line.
    pub fn new(first: PlayerId, second: PlayerId, score: f64, line: usize) -> Game {
        let line = u32::try_from(line).unwrap_or(u32::MAX).min(POINTS_ARE_SCORE - 1);
        let mut game = Game { first: 0, second: 0, score, when: None, line };
        game.set_players(first, second);
        game
    }

    /// The first player (white, home, team 1).
    #[inline]
    pub fn first(&self) -> PlayerId {
        self.first as PlayerId
    }

    /// The second player.
    #[inline]
    pub fn second(&self) -> PlayerId {
        self.second as PlayerId
    }

    /// Sets both players. A dataset holds fewer than 2³² players (each takes more than a byte
    /// of memory), so a number past that is a bug, not an input.
    pub fn set_players(&mut self, first: PlayerId, second: PlayerId) -> &mut Game {
        let id = |p: PlayerId| u32::try_from(p).expect("fewer than 2^32 players");
        (self.first, self.second) = (id(first), id(second));
        self
    }

    /// The 1-based input line the game came from (0 when built in code).
    pub fn line(&self) -> usize {
        (self.line & !POINTS_ARE_SCORE) as usize
    }

    fn points_are_score(&self) -> bool {
        self.line & POINTS_ARE_SCORE != 0
    }

    /// The date and round's text (empty when neither is given).
    fn when_text(&self) -> &str {
        self.when.as_ref().map_or("", |w| &w.0.text)
    }

    /// The rare parts, when any is given.
    fn extra(&self) -> Option<&GameExtra> {
        self.when.as_ref().and_then(|w| w.0.extra.as_deref())
    }

    /// The date, as written, when given.
    pub fn date(&self) -> Option<&str> {
        self.when_text().split(WHEN_SEPARATOR).next().filter(|d| !d.is_empty())
    }

    /// The round, as written, when given.
    pub fn round(&self) -> Option<&str> {
        self.when_text().split_once(WHEN_SEPARATOR).map(|(_, r)| r).filter(|r| !r.is_empty())
    }

    /// Sets the date and the round (blank counts as not given; a control character
    /// `U+001F` in either becomes a space).
    pub fn set_when(&mut self, date: Option<&str>, round: Option<&str>) -> &mut Game {
        let text = When::text(date.unwrap_or(""), round.unwrap_or(""));
        self.edit_tail(|t| t.text = text);
        self
    }

    /// [`Game::set_when`], sharing `last`'s allocation when it holds the same date and round
    /// and nothing more (a reader's games come a day and a round at a time), as this game
    /// holds nothing more yet; `last` becomes this game's.
    pub(crate) fn set_when_shared(&mut self, date: Option<&str>, round: Option<&str>, last: &mut Option<When>) -> &mut Game {
        if self.extra().is_some() {
            return self.set_when(date, round);
        }
        let (date, round) = (date.unwrap_or(""), round.unwrap_or(""));
        let same = last.as_ref().is_some_and(|w| {
            let held = w.0.text.split_once(WHEN_SEPARATOR).unwrap_or((&*w.0.text, ""));
            held == (date, round) && !date.contains(WHEN_SEPARATOR) && !round.contains(WHEN_SEPARATOR) && w.0.extra.is_none()
        });
        if !same {
            let text = When::text(date, round);
            *last = (!text.is_empty()).then(|| When(std::sync::Arc::new(Tail { text, extra: None })));
        }
        self.when = last.clone();
        self
    }

    pub fn set_date<S: AsRef<str>>(&mut self, date: Option<S>) -> &mut Game {
        let round = self.round().map(str::to_string);
        self.set_when(date.as_ref().map(|d| d.as_ref()), round.as_deref())
    }

    pub fn set_round<S: AsRef<str>>(&mut self, round: Option<S>) -> &mut Game {
        let date = self.date().map(str::to_string);
        self.set_when(date.as_deref(), round.as_ref().map(|r| r.as_ref()))
    }

    /// Points (goals, board points, ...) for each side, when the input gave them.
    pub fn points(&self) -> Option<(f64, f64)> {
        if self.points_are_score() {
            return Some((self.score, 1.0 - self.score));
        }
        self.extra().and_then(|e| e.points)
    }

    /// Sets the points; points that are the score itself (as a result `1-0` gives) are only
    /// marked, not stored.
    pub fn set_points(&mut self, points: Option<(f64, f64)>) -> &mut Game {
        let same = points.is_some_and(|(a, b)| a == self.score && b == 1.0 - self.score);
        self.line = (self.line & !POINTS_ARE_SCORE) | if same { POINTS_ARE_SCORE } else { 0 };
        let stored = points.filter(|_| !same);
        if stored.is_none() && self.extra().is_none() {
            // Nothing to store, nothing stored: no allocation (most games of a chess file).
            return self;
        }
        self.edit(|e| e.points = stored)
    }

    /// The handicap in stones (Go), when given.
    pub fn handicap(&self) -> Option<f64> {
        self.extra().and_then(|e| e.handicap)
    }

    /// The komi (Go), when given.
    pub fn komi(&self) -> Option<f64> {
        self.extra().and_then(|e| e.komi)
    }

    /// The event (tournament) the game belongs to.
    pub fn event(&self) -> Option<&str> {
        self.extra().and_then(|e| e.event.as_deref())
    }

    /// The ranks the players declared for this game (Go: `3d`, `5k`), as written.
    pub fn ranks(&self) -> (Option<&str>, Option<&str>) {
        self.extra().map_or((None, None), |e| (e.ranks.0.as_deref(), e.ranks.1.as_deref()))
    }

    pub fn set_handicap(&mut self, handicap: Option<f64>) -> &mut Game {
        self.edit(|e| e.handicap = handicap)
    }

    pub fn set_komi(&mut self, komi: Option<f64>) -> &mut Game {
        self.edit(|e| e.komi = komi)
    }

    pub fn set_event(&mut self, event: Option<String>) -> &mut Game {
        self.edit(|e| e.event = event)
    }

    pub fn set_ranks(&mut self, first: Option<String>, second: Option<String>) -> &mut Game {
        self.edit(|e| e.ranks = (first, second))
    }

    /// The season the game belongs to, as written.
    pub fn season(&self) -> Option<&str> {
        self.extra()?.season.as_deref()
    }

    pub fn set_season(&mut self, season: Option<String>) -> &mut Game {
        self.edit(|x| x.season = season)
    }

    /// Whether the game was played on neutral ground (no home advantage).
    pub fn neutral(&self) -> bool {
        self.extra().is_some_and(|x| x.neutral)
    }

    pub fn set_neutral(&mut self, neutral: bool) -> &mut Game {
        self.edit(|x| x.neutral = neutral)
    }

    fn edit(&mut self, change: impl FnOnce(&mut GameExtra)) -> &mut Game {
        if self.extra().is_none() {
            // Unsetting what is not set changes nothing: a shared date and round stays shared.
            let mut extra = GameExtra::default();
            change(&mut extra);
            if extra != GameExtra::default() {
                self.edit_tail(|t| t.extra = Some(Box::new(extra)));
            }
            return self;
        }
        self.edit_tail(|t| edit_rare(&mut t.extra, change));
        self
    }

    /// Changes what the game's [`When`] holds: its own copy first when it is shared; none
    /// held when all of it is empty.
    fn edit_tail(&mut self, change: impl FnOnce(&mut Tail)) {
        match &mut self.when {
            Some(w) => change(std::sync::Arc::make_mut(&mut w.0)),
            None => {
                let mut tail = Tail::default();
                change(&mut tail);
                self.when = Some(When(std::sync::Arc::new(tail)));
            }
        }
        if self.when.as_ref().is_some_and(|w| *w.0 == Tail::default()) {
            self.when = None;
        }
    }
}

/// A multi-player event: each ranked player's finishing place (1 = winner; players who share
/// a place tied), and the players who took part without a place (`unranked`): each is below
/// every ranked player and unordered among the others, as a top-k ranking says (issue 39).
///
/// In a team event (`event, team, place, members`) every member is listed with the team's
/// place, and `team` gives each entry's team within the event: `team[k]` for the `k`-th entry
/// of `places` followed by `unranked`. Empty in an event of individuals (each a team of one).
/// Invariant: teammates share a place (or are all unranked), and `team` is empty or has one
/// entry per player.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Event {
    pub name: String,
    pub places: Vec<(PlayerId, u32)>,
    pub line: usize,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unranked: Vec<PlayerId>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub team: Vec<u32>,
}

impl Event {
    /// An event of ranked players only (every place given).
    pub fn ranked(name: impl Into<String>, places: Vec<(PlayerId, u32)>, line: usize) -> Event {
        Event { name: name.into(), places, line, unranked: Vec::new(), team: Vec::new() }
    }

    /// Whether its sides are teams of several players.
    pub fn has_teams(&self) -> bool {
        !self.team.is_empty()
    }

    /// The most players on one side: 1 for an event of individuals.
    pub fn largest_team(&self) -> usize {
        let mut sizes = vec![0usize; self.size()];
        for &t in &self.team {
            if let Some(n) = sizes.get_mut(t as usize) {
                *n += 1;
            }
        }
        sizes.into_iter().max().unwrap_or(0).max(1)
    }

    /// How many players took part, ranked or not.
    pub fn size(&self) -> usize {
        self.places.len() + self.unranked.len()
    }
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Dataset {
    pub players: Vec<Player>,
    pub games: Vec<Game>,
    pub events: Vec<Event>,
    #[serde(skip)]
    index: NameIndex,
}

impl name_index::Named for Player {
    fn name(&self) -> &str {
        &self.name
    }
}

impl Dataset {
    pub fn new() -> Self {
        Self::default()
    }

    /// Gives back the room the lists grew into while reading (up to half of them: a million
    /// games in a list grown by doubling held room for 1,048,576).
    pub fn shrink_to_fit(&mut self) {
        self.games.shrink_to_fit();
        self.players.shrink_to_fit();
        self.events.shrink_to_fit();
    }

    /// The player called `name`, added if new. Returns `None` for a blank name.
    pub fn player(&mut self, name: &str) -> Option<PlayerId> {
        let key = name_key(name);
        if key.is_empty() {
            return None;
        }
        if let Some(id) = self.index.get(&key, &self.players) {
            return Some(id);
        }
        let id = self.players.len();
        self.players.push(Player::new(tidy_name(name)));
        self.index.insert(&key, id, &self.players);
        Some(id)
    }

    /// Looks a player up by name, as [`Dataset::player`] matches names.
    pub fn find(&self, name: &str) -> Option<PlayerId> {
        if self.index.len() < self.players.len() {
            // Deserialised datasets arrive without the index.
            return self.players.iter().position(|p| name_key(&p.name) == name_key(name));
        }
        self.index.get(&name_key(name), &self.players)
    }

    /// Adds a decisive or drawn game between two named players (a convenience for code and tests).
    pub fn add_game(&mut self, first: &str, second: &str, score: f64) -> &mut Game {
        let first = self.player(first).expect("a non-blank name");
        let second = self.player(second).expect("a non-blank name");
        assert!(first != second, "a player cannot play themselves");
        assert!((0.0..=1.0).contains(&score), "a score lies in [0, 1]");
        self.games.push(Game::new(first, second, score, 0));
        self.games.last_mut().expect("just pushed")
    }

    /// Gives player `id` a new display name (keeping its old name as a key too, so input that
    /// uses either finds the player). A name another player has is left alone.
    pub fn rename(&mut self, id: PlayerId, name: &str) {
        let key = name_key(name);
        if key.is_empty() || self.index.get(&key, &self.players).is_some_and(|other| other != id) {
            return;
        }
        let old = name_key(&self.players[id].name);
        self.players[id].name = tidy_name(name);
        if old != key {
            self.index.alias(old, id);
            self.index.insert(&key, id, &self.players);
        }
    }

    /// Lets go of the name index, to be rebuilt by [`Dataset::reindex`] if names are looked up
    /// again (a part of a file read on its own, whose players are looked up in the whole's).
    pub fn forget_index(&mut self) {
        self.index = NameIndex::default();
    }

    /// Rebuilds the name index (after deserialising).
    pub fn reindex(&mut self) {
        self.index.rebuild(&self.players);
    }

    /// Per player: number of games played and points scored.
    pub fn tallies(&self) -> Vec<(u32, f64)> {
        let mut t = vec![(0u32, 0.0f64); self.players.len()];
        for g in &self.games {
            t[g.first()].0 += 1;
            t[g.first()].1 += g.score;
            t[g.second()].0 += 1;
            t[g.second()].1 += 1.0 - g.score;
        }
        t
    }
}

/// A round label's number, where it has one: the first run of digits ("Matchday 12" → 12,
/// "3.1" → 3.1, "final" → none).
pub fn round_number(round: &str) -> Option<f64> {
    let digits: String = round.chars().skip_while(|c| !c.is_ascii_digit()).take_while(|c| c.is_ascii_digit() || *c == '.').collect();
    digits.trim_end_matches('.').parse().ok().filter(|v: &f64| v.is_finite())
}

/// The one chronological order of games, which every method that needs time uses: by date
/// (ISO dates sort as text; a game without a date before any with one), then by round read
/// as a number where it is one ("Matchday 9" before "Matchday 12"; numbered rounds before
/// other labels, which compare as text; no round first), then in input order.
pub fn chronological_order(games: &[Game]) -> Vec<usize> {
    chronological_order_by(games, true)
}

/// [`chronological_order`], with the dates left out when `dates` is false: for a method that
/// takes games by round because not every game has a date (a few dates must not put the
/// undated rounds first).
pub fn chronological_order_by(games: &[Game], dates: bool) -> Vec<usize> {
    let mut order: Vec<usize> = (0..games.len()).collect();
    let labelled = games.iter().any(|g| g.round().is_some());
    if !(labelled || dates && games.iter().any(|g| g.date().is_some())) {
        // No round and no date: the input's order, with no list of rounds or dates made (16
        // bytes a game each: 32 MB made and let go of for an undated million games).
        return order;
    }
    let rounds: Vec<Option<f64>> = if labelled { games.iter().map(|g| g.round().and_then(round_number)).collect() } else { Vec::new() };
    // Each game's date found in its text once, not at each of the sort's comparisons (about
    // twenty a game: in the browser's worker that was half of Elo's replay on a dated league).
    let day: Vec<Option<&str>> = if dates { games.iter().map(|g| g.date().map(str::trim)).collect() } else { Vec::new() };
    crate::sort::by(&mut order, |&a, &b| {
        let (ga, gb) = (&games[a], &games[b]);
        let date = match dates {
            false => Ordering::Equal,
            true => match (day[a], day[b]) {
                (Some(x), Some(y)) => x.cmp(y),
                (x, y) => x.is_some().cmp(&y.is_some()),
            },
        };
        // The rounds only between games of one date, and only where some game has a round.
        let round = || match labelled {
            false => Ordering::Equal,
            true => round_order(rounds[a], rounds[b], ga.round(), gb.round()),
        };
        date.then_with(round).then(a.cmp(&b))
    });
    order
}

/// Two games' order by round: by the rounds' numbers (`x`, `y`), a numbered round before one
/// without a number, labels without numbers as text, and a game with no round first.
fn round_order(x: Option<f64>, y: Option<f64>, a: Option<&str>, b: Option<&str>) -> Ordering {
    match (x, y, a, b) {
        (Some(x), Some(y), _, _) => x.total_cmp(&y),
        (Some(_), None, _, Some(_)) => Ordering::Less,
        (None, Some(_), Some(_), _) => Ordering::Greater,
        (None, None, Some(x), Some(y)) => x.cmp(y),
        (_, _, x, y) => x.is_some().cmp(&y.is_some()),
    }
}

/// Each game's position in [`chronological_order`].
pub fn chronological_rank(games: &[Game]) -> Vec<usize> {
    let mut rank = vec![0; games.len()];
    for (pos, i) in chronological_order(games).into_iter().enumerate() {
        rank[i] = pos;
    }
    rank
}

// What a declared rank and a date mean, read alike by the parser (which checks them) and
// the methods (AGA's seeds and rating periods).

/// The seed rating of a declared rank, in the middle of its range (AGA §4.1): `3d` → 3.5,
/// `5k` → −5.5. Accepted: `Nd`/`Nk` in either case, with or without a space, and the words
/// `dan`/`kyu` (`3 dan`, `5 kyu`), for 1–9 dan and 1–50 kyu; professional ranks `Np`
/// (`1p`, `9 pro`, `3P`) for N = 1..=9 sit above 9 dan, a third of a stone apart
/// (`1p` → 9.5, `9p` → 9.5 + 8/3 ≈ 12.17). Anything else is `None`.
pub fn rank_seed(rank: &str) -> Option<f64> {
    let t = rank.trim().to_lowercase();
    let digits = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    if digits == 0 || digits > 2 {
        return None;
    }
    let n: u32 = t[..digits].parse().ok()?;
    let unit = t[digits..].trim();
    match unit {
        "d" | "dan" => (1..=9).contains(&n).then_some(n as f64 + 0.5),
        "k" | "kyu" => (1..=50).contains(&n).then_some(-(n as f64) - 0.5),
        // `then`, not `then_some`: its argument is evaluated first, and `n - 1` must not be for 0p.
        "p" | "pro" | "professional" => (1..=9).contains(&n).then(|| 9.5 + (n - 1) as f64 / 3.0),
        _ => None,
    }
}

/// Days since 0000-03-01 of a date written `YYYY-MM-DD` (also `/` or `.` as separators,
/// anything after the tenth character, such as a time, is ignored); `None` if it is not one.
pub fn day_number(date: &str) -> Option<i64> {
    let d = date.trim();
    let mut parts = d.get(..10.min(d.len()))?.split(['-', '/', '.']);
    let y: i64 = parts.next()?.parse().ok()?;
    let m: i64 = parts.next()?.parse().ok()?;
    let day: i64 = parts.next()?.trim().parse().ok()?;
    if parts.next().is_some() || !(1..=12).contains(&m) || !(1..=31).contains(&day) || !(1..=9999).contains(&y) {
        return None;
    }
    // Days from civil (H. Hinnant's algorithm).
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    Some(era * 146_097 + doe)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_match_ignoring_case_and_spacing() {
        let mut d = Dataset::new();
        let a = d.player("  Magnus   Carlsen ").unwrap();
        let b = d.player("magnus carlsen").unwrap();
        assert_eq!(a, b);
        assert_eq!(d.players[a].name, "Magnus Carlsen");
        assert_eq!(d.player("   "), None);
        assert_eq!(d.find("MAGNUS CARLSEN"), Some(a));
    }

    #[test]
    fn a_games_date_round_and_points_read_back_as_set() {
        let mut g = Game::new(0, 1, 1.0, 7);
        assert_eq!((g.date(), g.round(), g.points(), g.line()), (None, None, None, 7));
        g.set_when(Some("2024-05-01"), Some("3"));
        assert_eq!((g.date(), g.round()), (Some("2024-05-01"), Some("3")));
        g.set_date(None::<&str>);
        assert_eq!((g.date(), g.round()), (None, Some("3")));
        g.set_round(Some("")).set_date(Some("a\u{1f}b"));
        assert_eq!((g.date(), g.round()), (Some("a b"), None), "the separator cannot be forged");
        // Points that are the score are marked, not stored; others are stored.
        g.set_points(Some((1.0, 0.0)));
        assert_eq!((g.points(), g.extra().is_none()), (Some((1.0, 0.0)), true));
        g.set_points(Some((3.0, 1.0)));
        assert_eq!((g.points(), g.extra().is_some()), (Some((3.0, 1.0)), true));
        g.set_points(None);
        assert_eq!((g.points(), g.extra().is_none()), (None, true));
        assert_eq!(Game::new(0, 1, 0.5, usize::MAX).line(), (1 << 31) - 1);
        assert_eq!(Game::new(0, 1, 0.5, usize::MAX).points(), None, "a line past 2^31 is not the points' flag");
    }

    #[test]
    fn matchday_12_comes_after_matchday_9() {
        let mut d = Dataset::new();
        for (date, round) in [(None, Some("Matchday 12")), (None, Some("Matchday 9")), (None, Some("final")), (None, None)] {
            let g = d.add_game("A", "B", 1.0);
            g.set_when(date, round);
        }
        assert_eq!(chronological_order(&d.games), vec![3, 1, 0, 2]);
        d.games[3].set_date(Some("2024-01-01"));
        assert_eq!(chronological_order(&d.games), vec![1, 0, 2, 3], "undated games come first");
        assert_eq!(chronological_order_by(&d.games, false), vec![3, 1, 0, 2], "the dates left out");
        assert_eq!(round_number("Round 3."), Some(3.0));
        // Neither dates nor rounds: the input's order (with dates left out, dates alone too).
        let mut plain = Dataset::new();
        for (a, b) in [("A", "B"), ("C", "A"), ("B", "C")] {
            plain.add_game(a, b, 1.0);
        }
        assert_eq!(chronological_order(&plain.games), vec![0, 1, 2]);
        plain.games[0].set_date(Some("2024-02-01"));
        plain.games[2].set_date(Some("2024-01-01"));
        assert_eq!(chronological_order(&plain.games), vec![1, 2, 0]);
        assert_eq!(chronological_order_by(&plain.games, false), vec![0, 1, 2]);
    }

    /// A game is 32 bytes (a million-game file holds a million), and nothing is left
    /// allocated once its rare parts are unset.
    #[test]
    fn a_game_stays_compact() {
        assert_eq!(std::mem::size_of::<Game>(), 32);
        let mut g = Game::new(0, 1, 1.0, 3);
        g.set_komi(Some(6.5));
        assert_eq!(g.komi(), Some(6.5));
        g.set_komi(None);
        assert_eq!(g, Game::new(0, 1, 1.0, 3), "nothing left allocated");
        assert!(g.when.is_none());
    }

    /// The games of a day and round share their date and round; a game given more (a komi)
    /// has its own copy, and the others keep theirs unchanged. Every game serialises to the
    /// fields it had as its own, and reads back equal.
    #[test]
    fn games_share_their_date_and_round_until_one_is_given_more() {
        let mut last = None;
        let mut games: Vec<Game> = (0..3)
            .map(|k| {
                let mut g = Game::new(0, 1, 0.5, k + 2);
                g.set_when_shared(Some("2024-05-01"), Some("3"), &mut last);
                g
            })
            .collect();
        let shared = |a: &Game, b: &Game| std::sync::Arc::ptr_eq(&a.when.as_ref().unwrap().0, &b.when.as_ref().unwrap().0);
        assert!(shared(&games[0], &games[1]) && shared(&games[1], &games[2]));
        games[1].set_komi(Some(6.5)).set_points(Some((0.5, 0.5)));
        assert!(!shared(&games[0], &games[1]) && shared(&games[0], &games[2]));
        assert_eq!((games[0].komi(), games[1].komi(), games[1].date(), games[1].round()), (None, Some(6.5), Some("2024-05-01"), Some("3")));
        games[2].set_event(None).set_komi(None);
        assert!(shared(&games[0], &games[2]), "unsetting what is not set changes nothing");
        let mut after = Game::new(0, 1, 1.0, 9);
        after.set_komi(Some(7.5)).set_when_shared(Some("2024-05-01"), Some("3"), &mut last);
        assert_eq!((after.komi(), after.date()), (Some(7.5), Some("2024-05-01")), "a game given more first keeps it");
        assert!(last.as_ref().is_some_and(|w| w.0.extra.is_none()), "and is not shared");
        for g in games.iter().chain([&after, &Game::new(2, 3, 0.0, 1)]) {
            let json = serde_json::to_value(g).unwrap();
            let fields: Vec<&str> = json.as_object().unwrap().keys().map(String::as_str).collect();
            for field in ["first", "second", "score", "when", "line", "points_are_score"] {
                assert!(fields.contains(&field), "{field} in {json}");
            }
            assert_eq!(&serde_json::from_value::<Game>(json).unwrap(), g);
        }
        let json = serde_json::to_string(&games[1]).unwrap();
        assert!(
            json.contains(r#""when":"2024-05-01\u001f3""#) && json.contains(r#""komi":6.5"#) && json.contains(r#""points_are_score":true"#),
            "{json}"
        );
    }

    #[test]
    fn duplicate_games_are_kept() {
        let mut d = Dataset::new();
        d.add_game("A", "B", 1.0);
        d.add_game("A", "B", 1.0);
        assert_eq!(d.games.len(), 2);
        assert_eq!(d.tallies(), vec![(2, 2.0), (2, 0.0)]);
    }
}
