//! The results model: players, two-player games and multi-player events.
//!
//! A [`Dataset`] is plain data. Players are identified by name: leading and trailing
//! whitespace is dropped, runs of inner whitespace count as one space, and case is
//! ignored when matching (`"magnus  Carlsen"` and `"Magnus Carlsen"` are one player; the
//! first spelling seen is the one shown). Duplicate game lines are real games.

use rustc_hash::FxHashMap;
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

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Player {
    /// Display name: the first spelling seen, whitespace tidied.
    pub name: String,
    /// An optional external id (FIDE id, club number, ...).
    pub id: Option<String>,
    /// Brent's old rating, as virtual draws.
    pub prior: Option<Prior>,
    /// The rating a player list gave, as given.
    #[serde(default)]
    pub listed: Option<Listed>,
}

/// One two-player game. `first` is white / home / team 1.
///
/// Kept compact (96 bytes), because a big file holds millions of them: what most games have
/// is inline (a result such as `1-0` gives points too), and what few inputs give (handicap,
/// komi, event, declared ranks: Go's records) sits behind one pointer, read and written
/// through accessors.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Game {
    pub first: PlayerId,
    pub second: PlayerId,
    /// The first player's score in `[0, 1]`; the second scored `1 - score`.
    pub score: f64,
    /// Points (goals, board points, ...) for each side, when the input gave them.
    pub points: Option<(f64, f64)>,
    pub date: Option<Box<str>>,
    pub round: Option<Box<str>>,
    /// 1-based line of the input the game came from (0 when built in code).
    pub line: usize,
    #[serde(flatten, default)]
    extra: Option<Box<GameExtra>>,
}

/// The parts of a game that few inputs give (see [`Game`]).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
struct GameExtra {
    #[serde(default)]
    handicap: Option<f64>,
    #[serde(default)]
    komi: Option<f64>,
    #[serde(default)]
    event: Option<String>,
    #[serde(default)]
    ranks: (Option<String>, Option<String>),
}

impl Game {
    /// A game with only its players, the first player's score and its input line.
    pub fn new(first: PlayerId, second: PlayerId, score: f64, line: usize) -> Game {
        Game { first, second, score, points: None, date: None, round: None, line, extra: None }
    }

    /// The handicap in stones (Go), when given.
    pub fn handicap(&self) -> Option<f64> {
        self.extra.as_ref().and_then(|e| e.handicap)
    }

    /// The komi (Go), when given.
    pub fn komi(&self) -> Option<f64> {
        self.extra.as_ref().and_then(|e| e.komi)
    }

    /// The event (tournament) the game belongs to.
    pub fn event(&self) -> Option<&str> {
        self.extra.as_ref().and_then(|e| e.event.as_deref())
    }

    /// The ranks the players declared for this game (Go: `3d`, `5k`), as written.
    pub fn ranks(&self) -> (Option<&str>, Option<&str>) {
        self.extra.as_ref().map_or((None, None), |e| (e.ranks.0.as_deref(), e.ranks.1.as_deref()))
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

    /// Changes the rarely given parts, which stay unallocated while all of them are unset.
    fn edit(&mut self, change: impl FnOnce(&mut GameExtra)) -> &mut Game {
        let mut extra = self.extra.take().unwrap_or_default();
        change(&mut extra);
        if *extra != GameExtra::default() {
            self.extra = Some(extra);
        }
        self
    }
}

/// A multi-player event: each player's finishing place (1 = winner).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Event {
    pub name: String,
    pub places: Vec<(PlayerId, u32)>,
    pub line: usize,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Dataset {
    pub players: Vec<Player>,
    pub games: Vec<Game>,
    pub events: Vec<Event>,
    #[serde(skip)]
    index: FxHashMap<String, PlayerId>,
}

/// The identity of a name: trimmed, inner whitespace collapsed, case folded.
pub fn name_key(name: &str) -> String {
    tidy_name(name).to_lowercase()
}

/// A name as shown: trimmed, inner whitespace collapsed.
pub fn tidy_name(name: &str) -> String {
    let trimmed = name.trim();
    if !trimmed.contains("  ") && !trimmed.contains(|c: char| c.is_whitespace() && c != ' ') {
        // Already tidy (most names): one copy, no list of words.
        return trimmed.to_string();
    }
    name.split_whitespace().collect::<Vec<_>>().join(" ")
}

impl Dataset {
    pub fn new() -> Self {
        Self::default()
    }

    /// The player called `name`, added if new. Returns `None` for a blank name.
    pub fn player(&mut self, name: &str) -> Option<PlayerId> {
        let key = name_key(name);
        if key.is_empty() {
            return None;
        }
        if let Some(&id) = self.index.get(&key) {
            return Some(id);
        }
        let id = self.players.len();
        self.players.push(Player { name: tidy_name(name), id: None, prior: None, listed: None });
        self.index.insert(key, id);
        Some(id)
    }

    /// Looks a player up by name, as [`Dataset::player`] matches names.
    pub fn find(&self, name: &str) -> Option<PlayerId> {
        if self.index.len() < self.players.len() {
            // Deserialised datasets arrive without the index.
            return self.players.iter().position(|p| name_key(&p.name) == name_key(name));
        }
        self.index.get(&name_key(name)).copied()
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
        if key.is_empty() || self.index.get(&key).is_some_and(|&other| other != id) {
            return;
        }
        self.index.insert(key, id);
        self.players[id].name = tidy_name(name);
    }

    /// Rebuilds the name index (after deserialising).
    pub fn reindex(&mut self) {
        self.index = self.players.iter().enumerate().map(|(i, p)| (name_key(&p.name), i)).collect();
    }

    /// Per player: number of games played and points scored.
    pub fn tallies(&self) -> Vec<(u32, f64)> {
        let mut t = vec![(0u32, 0.0f64); self.players.len()];
        for g in &self.games {
            t[g.first].0 += 1;
            t[g.first].1 += g.score;
            t[g.second].0 += 1;
            t[g.second].1 += 1.0 - g.score;
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
    let rounds: Vec<Option<f64>> = games.iter().map(|g| g.round.as_deref().and_then(round_number)).collect();
    let mut order: Vec<usize> = (0..games.len()).collect();
    order.sort_by(|&a, &b| {
        let (ga, gb) = (&games[a], &games[b]);
        let date = match (&ga.date, &gb.date) {
            _ if !dates => Ordering::Equal,
            (Some(x), Some(y)) => x.trim().cmp(y.trim()),
            (x, y) => x.is_some().cmp(&y.is_some()),
        };
        let round = match (rounds[a], rounds[b], &ga.round, &gb.round) {
            (Some(x), Some(y), _, _) => x.total_cmp(&y),
            (Some(_), None, _, Some(_)) => Ordering::Less,
            (None, Some(_), Some(_), _) => Ordering::Greater,
            (None, None, Some(x), Some(y)) => x.cmp(y),
            (_, _, x, y) => x.is_some().cmp(&y.is_some()),
        };
        date.then(round).then(a.cmp(&b))
    });
    order
}

/// Each game's position in [`chronological_order`].
pub fn chronological_rank(games: &[Game]) -> Vec<usize> {
    let mut rank = vec![0; games.len()];
    for (pos, i) in chronological_order(games).into_iter().enumerate() {
        rank[i] = pos;
    }
    rank
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
    fn matchday_12_comes_after_matchday_9() {
        let mut d = Dataset::new();
        for (date, round) in [(None, Some("Matchday 12")), (None, Some("Matchday 9")), (None, Some("final")), (None, None)] {
            let g = d.add_game("A", "B", 1.0);
            g.date = date;
            g.round = round.map(Box::from);
        }
        assert_eq!(chronological_order(&d.games), vec![3, 1, 0, 2]);
        d.games[3].date = Some("2024-01-01".into());
        assert_eq!(chronological_order(&d.games), vec![1, 0, 2, 3], "undated games come first");
        assert_eq!(round_number("Round 3."), Some(3.0));
    }

    #[test]
    fn a_game_stays_compact() {
        assert!(std::mem::size_of::<Game>() <= 96, "{} bytes", std::mem::size_of::<Game>());
        let mut g = Game::new(0, 1, 1.0, 3);
        g.set_komi(Some(6.5));
        assert_eq!(g.komi(), Some(6.5));
        g.set_komi(None);
        assert_eq!(g, Game::new(0, 1, 1.0, 3), "nothing left allocated");
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
